"""`privateer docs ...`: the pages of the docs that the code writes (a test fails while one is
stale)."""

from __future__ import annotations

from pathlib import Path

import typer

from privateer.cli.common import fail, note
from privateer.cli.outputs import writing_output

app = typer.Typer(help="Write the docs' pages that are read off the code: the references.")

CHECK_HELP = "Write nothing: exit 1 if the page is not what the code says now."
FORCE_HELP = "Write over a page this command did not write."


@app.command("cli")
def cli_reference(
    ctx: typer.Context,
    out: Path = typer.Option(Path("docs/cli.md"), "--out", help="The page to write."),
    check: bool = typer.Option(False, "--check", help=CHECK_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """The command-line reference, read off the commands themselves: every command, its help,
    usage, arguments and options with their bounds and defaults, as `--help` prints them."""
    from privateer.cli.reference import MARK, reference

    root = ctx.find_root()  # the app's own command: the whole tree, as `--help` shows it
    page = reference(root.command)  # named privateer, however it was started
    _write(page, out, MARK, "cli", check=check, force=force)


@app.command("rules")
def rules_reference(
    out: Path = typer.Option(Path("docs/rules.md"), "--out", help="The page to write."),
    check: bool = typer.Option(False, "--check", help=CHECK_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """The rules reference, read off the rules classes: every field of every mode's rules with
    its default, its bound and where it comes from, and each named ruleset's changes."""
    from privateer.cli.rules_reference import MARK, reference, rule_books

    _write(reference(rule_books()), out, MARK, "rules", check=check, force=force)


def _write(page: str, out: Path, mark: str, name: str, *, check: bool, force: bool) -> None:
    """Write `page` to `out` (a page this command wrote, or none there, unless --force), or
    with `check` say whether it is current (exit 1 if not)."""
    try:
        there = out.read_text(encoding="utf-8") if out.is_file() else None
    except (OSError, UnicodeDecodeError) as error:
        fail(f"cannot read {out}: {error}")
    if check:
        if there != page:
            note(f"{out} is stale: `privateer docs {name}` writes it again")
            raise typer.Exit(1)
        note(f"{out} is current")
        return
    if there is not None and mark not in there and not force:
        fail(f"{out} was not written by `privateer docs {name}`; --force writes over it")
    if there == page:
        note(f"{out} is current: nothing to write")
        return
    with writing_output(out, force=True) as part:
        part.write_text(page, encoding="utf-8")
    note(f"wrote {out} ({len(page.splitlines())} lines)")
