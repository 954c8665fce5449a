"""What a request must be for this server to answer it, checked before any page runs.

- **Its Host names this server** (403 otherwise): a loopback name, an address, or a name given
  with `--allowed-host`. A page of another site that has its own name resolve to this machine
  (DNS rebinding) sends that name, so it is refused; an address cannot be rebound.
- **The token, when the server has one** (401 otherwise): the header `X-Privateer-Token`,
  `Authorization: Bearer T`, `?token=T`, or the cookie set after a request that carried it in
  the query. Compared as bytes (UTF-8), in constant time, so any token works and a
  wrong one, in any script, is a 401.
- **A change comes from this server's own pages** (POST, PUT, PATCH, DELETE): a browser sends
  an Origin (or at least a Referer) with it, which must be this server (403 otherwise); its
  body must be JSON (`Content-Type: application/json`, 415 otherwise), which a form of another
  site cannot send without asking first, and this server grants no one (no CORS header is
  ever sent); and it is at most BODY_MOST bytes (413). A request with neither Origin nor
  Referer is no browser's (curl, a script): a browser always sends Origin on a POST.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from collections.abc import Awaitable, Callable, Collection, MutableMapping
from typing import Any
from urllib.parse import unquote_to_bytes, urlsplit

from starlette.requests import Request

from privateer.cli.web.common import problem

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_NAMES = ("localhost", "ip6-localhost", "ip6-loopback")
TOKEN_COOKIE = "privateer_token"
TOKEN_HEADER = "x-privateer-token"
BODY_MOST = 64 * 1024  # the largest body a page sends is an action of a few words
CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def host_name(netloc: str) -> str:
    """The name in a Host header or a URL's netloc, without its port or brackets, lowercase."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):  # [::1]:8000
        return netloc[1 : netloc.find("]")] if "]" in netloc else netloc
    if netloc.count(":") == 1:
        return netloc.split(":", 1)[0]
    return netloc


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_allowed(name: str, allowed: Collection[str]) -> bool:
    """Whether a Host's name is this server's: an address, a loopback name, or one allowed."""
    return bool(name) and (is_address(name) or name in LOOPBACK_NAMES or name in allowed)


def cookie_value(token: bytes) -> str:
    """What the cookie holds: a digest of the token, not the token (any token is safe in it)."""
    return hmac.new(token, b"privateer session cookie", hashlib.sha256).hexdigest()


def _raw(value: str) -> bytes:
    """A header's value as the bytes the client sent (Starlette decodes headers as latin-1)."""
    return value.encode("latin-1", "replace")


def query_token(query_string: bytes) -> bytes | None:
    """`token` of the query, percent-decoded to its bytes."""
    for part in query_string.split(b"&"):
        name, _, value = part.partition(b"=")
        if name == b"token":
            return unquote_to_bytes(value.replace(b"+", b" "))
    return None


def _same(offered: bytes | None, wanted: bytes) -> bool:
    return offered is not None and hmac.compare_digest(offered, wanted)


class Guard:
    """The checks above, as ASGI middleware in front of every route."""

    def __init__(self, app: App, *, allowed_hosts: Collection[str], token: str | None) -> None:
        self.app = app
        self.allowed = frozenset(host_name(h) for h in allowed_hosts)
        self.token = token.encode("utf-8") if token is not None else None
        self.cookie = cookie_value(self.token) if self.token is not None else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refusal = self.refusal(request)
        if refusal is None and request.method in CHANGES:
            body = await _bounded_body(request, receive)
            if body is None:
                refusal = 413, f"a request's body is at most {BODY_MOST:,} bytes"
            else:
                receive = _replaying(body, receive)
        if refusal is not None:
            await problem(request, *refusal)(scope, receive, send)
            return
        if self.token is not None and self._by_query(request):
            send = self._setting_cookie(send)
        await self.app(scope, receive, send)

    def refusal(self, request: Request) -> tuple[int, str] | None:
        """(status, reason) for a request this server does not answer; None: go on."""
        name = host_name(request.headers.get("host", ""))
        if not host_allowed(name, self.allowed):
            return 403, (
                f"this server does not answer to the name {name or '(none)'!r}: "
                "use its address, localhost, or start it with --allowed-host"
            )
        if request.method in CHANGES:
            foreign = self._foreign_origin(request)
            if foreign is not None:
                return 403, f"a change from another site ({foreign}) is refused"
        if self.token is not None and not self._carries_token(request):
            return 401, "this server asks for its token (?token=...)"
        if request.method in CHANGES:
            kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
            if kind != "application/json":
                return 415, "send JSON, with Content-Type: application/json"
        return None

    def _foreign_origin(self, request: Request) -> str | None:
        """The Origin (or Referer) of a change when it is not this server; None when it is, or
        when the request carries neither (no browser's)."""
        here = request.headers.get("host", "").strip().lower()
        origin = request.headers.get("origin")
        if origin is not None:
            seen = urlsplit(origin.strip().lower()).netloc if origin.strip() != "null" else ""
            return None if seen == here else origin.strip()[:80] or "none"
        referer = request.headers.get("referer")
        if referer is not None:
            seen = urlsplit(referer.strip().lower()).netloc
            return None if seen == here else f"referred by {referer.strip()[:80]}"
        return None

    def _carries_token(self, request: Request) -> bool:
        assert self.token is not None and self.cookie is not None
        bearer = request.headers.get("authorization", "")
        offered = [
            request.headers.get(TOKEN_HEADER),
            bearer[7:] if bearer[:7].lower() == "bearer " else None,
        ]
        if any(_same(_raw(o), self.token) for o in offered if o is not None):
            return True
        cookie = request.cookies.get(TOKEN_COOKIE)
        if cookie is not None and _same(_raw(cookie), self.cookie.encode("ascii")):
            return True
        return self._by_query(request)

    def _by_query(self, request: Request) -> bool:
        assert self.token is not None
        return _same(query_token(request.scope.get("query_string", b"")), self.token)

    def _setting_cookie(self, send: Send) -> Send:
        """`send`, with the cookie that spares the next requests the query's token."""
        assert self.cookie is not None
        line = f"{TOKEN_COOKIE}={self.cookie}; HttpOnly; Path=/; SameSite=strict".encode()

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"set-cookie", line)]
            await send(message)

        return sending


async def _bounded_body(request: Request, receive: Receive) -> bytes | None:
    """The request's body, read whole; None if it is over BODY_MOST (said by its length, or
    found on reading: nothing more is read)."""
    length = request.headers.get("content-length")
    if length is not None and length.strip().isdigit() and int(length) > BODY_MOST:
        return None
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > BODY_MOST:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """A receive that gives the body read already, then whatever the client sends next."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
