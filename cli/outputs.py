"""Where a command writes a file: one rule for every command that takes an output path
(`world export`, `chart`, `tribes chart`, `sweep --plot`, `sweep show --plot`, `play`'s
`chart FILE`; `runs export`'s folder keeps its own --force rule and takes the link rule here).

- A file already there is refused unless --force; then it is replaced whole.
- A symbolic link is never written through, with --force or without: a link at OUT (even
  one pointing nowhere) is refused, so its target is never touched.
- The file is written in a fresh folder beside OUT (so on the same file system) and moved
  into place only when it is finished: a write that fails or is interrupted leaves no half
  file, and with --force the old file stands until the new one replaces it. Without --force
  it is linked into place (`link` fails rather than replace a file that appeared meanwhile).
- Everything is checked before the work starts, and a failure at the write itself is one line.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import typer

from privateer.cli.common import fail

FORCE_HELP = "Replace OUT if it is there (the new file is moved into its place when done)."


class OutputError(Exception):
    """An output refused or a write that failed, in one line for the person who asked."""


def force_option(words: str = FORCE_HELP) -> bool:
    """The --force of a command that writes a file."""
    forced: bool = typer.Option(False, "--force", help=words)
    return forced


def refuse_link(path: Path) -> None:
    """A symbolic link is never written through (nor replaced: its target may matter)."""
    if path.is_symlink():
        raise OutputError(
            f"{path} is a symbolic link: privateer never writes through one; "
            "remove the link or name the file itself"
        )


def output_problem(path: Path, suffixes: Sequence[str] | None, *, force: bool) -> None:
    """Raise OutputError if `path` cannot be written as asked: a link, a directory or other
    thing that is not a plain file, a suffix not in `suffixes`, a folder that is missing or
    cannot take a new file, a file there already without `force`. Nothing is left behind."""
    try:
        refuse_link(path)
        if path.is_dir():
            raise OutputError(f"cannot write {path}: it is a directory")
        if suffixes is not None and path.suffix.lower() not in suffixes:
            given = path.suffix or "a file with no suffix"
            raise OutputError(f"{path}: write {' or '.join(suffixes)}, not {given}")
        parent = _parent(path)
        if not parent.is_dir():
            raise OutputError(f"cannot write {path}: directory {parent} does not exist")
        if path.exists():
            if not path.is_file():
                raise OutputError(f"cannot write {path}: it is not a plain file")
            if not force:
                raise OutputError(f"{path} is there already; --force replaces it")
        os.rmdir(tempfile.mkdtemp(prefix=".privateer-", dir=parent))  # can a file be made here?
    except OSError as error:  # a name too long, a folder we may not enter or write, /proc
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


@contextmanager
def replacing(path: Path, *, force: bool) -> Iterator[Path]:
    """The path to write instead of `path` (the same name, in a fresh folder beside it),
    moved into place when the block ends without error; the folder is removed however it
    ends. OSError in the block or the move is an OutputError."""
    scratch: Path | None = None
    try:
        scratch = Path(tempfile.mkdtemp(prefix=f".{path.name[:40]}.", dir=_parent(path)))
        part = scratch / path.name
        yield part
        _install(part, path, force=force)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _install(part: Path, path: Path, *, force: bool) -> None:
    refuse_link(path)  # made a link while we wrote: still not written through
    if force:
        os.replace(part, path)  # replaces a file whole, a link itself: never its target
        return
    appeared = OutputError(f"{path} appeared while it was written; --force replaces it")
    try:
        os.link(part, path)  # fails, not replaces, if something took the name meanwhile
    except FileExistsError:
        raise appeared from None
    except OSError as error:  # a file system without hard links: check, then rename
        if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        if path.exists() or path.is_symlink():
            raise appeared from None
        os.replace(part, path)


def _parent(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


# --- for commands: the same, as one line and exit 2 ----------------------------------------


def check_output(path: Path, suffixes: Sequence[str] | None = None, *, force: bool) -> None:
    """`output_problem` for a command, before any work: one line and exit 2."""
    try:
        output_problem(path, suffixes, force=force)
    except OutputError as error:
        fail(str(error))


def check_folder(path: Path) -> None:
    """For a command that writes a folder (`runs export`, which has its own rule for what is
    there already): a symbolic link is refused, never written through."""
    try:
        refuse_link(path)
    except OutputError as error:
        fail(str(error))
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")


@contextmanager
def writing_output(path: Path, *, force: bool) -> Iterator[Path]:
    """`replacing` for a command: write to the path it yields; a failure is one line."""
    try:
        with replacing(path, force=force) as part:
            yield part
    except OutputError as error:
        fail(str(error))
