"""The command line's reference as a Markdown page, read off the commands themselves (click's
tree under the typer app): every command and group, its help, its usage and every argument and
option with its type, bounds and default, as `--help` prints them. `privateer docs cli` writes
it to docs/cli.md, and a test fails when the page and the commands part ways."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator

import click

HEADER = (
    "# Command-line reference\n\n"
    "<!-- Written by `privateer docs cli --force` from the commands themselves: do not edit;\n"
    "     change a command's help and run it again (a test fails while this is stale). -->\n\n"
    "Every command takes `-h/--help`, which prints what stands here. Data goes to stdout,\n"
    "progress and notes to stderr; a mistake is one line (`error: ...`) and exit 2.\n"
)
_TAG = re.compile(r"<(?=[A-Za-z/!?])")  # what Markdown would take for the start of HTML


def reference(root: click.Command, name: str = "privateer") -> str:
    """The page for `root` (the app's click command) and everything under it."""
    parts = [HEADER]
    wide = click.Context(root, info_name=name, terminal_width=1000, max_content_width=1000)
    for path, command, ctx in _walk(root, wide):  # usage lines unwrapped, whatever the terminal
        parts.append(_section(path, command, ctx))
    return "\n".join(parts)


def _walk(
    command: click.Command, ctx: click.Context, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], click.Command, click.Context]]:
    """The app, then each command to show, depth first in name order; hidden ones (old names
    kept for scripts) left out, as `--help` leaves them out."""
    yield path, command, ctx
    if isinstance(command, click.Group):
        for name in sorted(command.commands):
            sub = command.commands[name]
            if not sub.hidden:
                yield from _walk(sub, click.Context(sub, info_name=name, parent=ctx), (*path, name))


def _section(path: tuple[str, ...], command: click.Command, ctx: click.Context) -> str:
    level = "#" * min(len(path) + 2, 5)
    lines = [f"{level} {' '.join(('privateer', *path))}", ""]
    words = _plain(command.help or command.short_help or "")
    if words:
        lines += [words, ""]
    lines += ["```text", command.get_usage(ctx).strip(), "```", ""]
    if isinstance(command, click.Group):
        subs = [(n, c) for n, c in sorted(command.commands.items()) if not c.hidden]
        lines += [f"- `{' '.join((*path, n))}`: {_first(c)}" for n, c in subs] + [""]
    for param in command.params:
        record = param.get_help_record(ctx)
        if record is None and isinstance(param, click.Argument):
            record = (param.make_metavar(ctx), str(getattr(param, "help", "") or ""))
        if record is None or param.name == "help":
            continue
        names, words = record
        lines.append(f"- `{names}`: {_plain(words)}".rstrip(": "))
    return "\n".join(lines).rstrip() + "\n"


def _first(command: click.Command) -> str:
    """A command's first sentence, for its group's list."""
    words = _plain(command.help or command.short_help or "").split("\n\n")[0]
    return re.split(r"(?<=\.)\s(?=[A-Z])", words, maxsplit=1)[0]


def _plain(text: str) -> str:
    """Help text as Markdown shows it: click's no-rewrap marks dropped, paragraphs kept, no
    `<` read as HTML."""
    text = inspect.cleandoc(text).replace("\b\n", "").replace("\b", "")
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]
    return _TAG.sub("&lt;", "\n\n".join(paragraphs))
