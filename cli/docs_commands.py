"""`privateer docs ...`: the pages of the docs that the code writes."""

from __future__ import annotations

from pathlib import Path

import typer

from privateer.cli.common import fail, note
from privateer.cli.outputs import writing_output

app = typer.Typer(help="Write the docs' pages that are read off the code (the CLI reference).")


@app.command("cli")
def cli_reference(
    ctx: typer.Context,
    out: Path = typer.Option(
        Path("docs/cli.md"),
        "--out",
        help="The page to write (a page this command wrote before, or none).",
    ),
    check: bool = typer.Option(
        False, "--check", help="Write nothing: exit 1 if the page is not what the commands say now."
    ),
    force: bool = typer.Option(
        False, "--force", help="Write over a page this command did not write."
    ),
) -> None:
    """The command-line reference, read off the commands themselves: every command, its help,
    usage, arguments and options with their bounds and defaults, as `--help` prints them."""
    from privateer.cli.reference import MARK, reference

    root = ctx.find_root()  # the app's own command: the whole tree, as `--help` shows it
    page = reference(root.command)  # named privateer, however it was started
    try:
        there = out.read_text(encoding="utf-8") if out.is_file() else None
    except (OSError, UnicodeDecodeError) as error:
        fail(f"cannot read {out}: {error}")
    if check:
        if there != page:
            note(f"{out} is stale: `privateer docs cli` writes it again")
            raise typer.Exit(1)
        note(f"{out} is current")
        return
    if there is not None and MARK not in there and not force:
        fail(f"{out} was not written by `privateer docs cli`; --force writes over it")
    if there == page:
        note(f"{out} is current: nothing to write")
        return
    with writing_output(out, force=True) as part:
        part.write_text(page, encoding="utf-8")
    note(f"wrote {out} ({len(page.splitlines())} lines)")
