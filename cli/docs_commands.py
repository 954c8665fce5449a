"""`privateer docs ...`: the pages of the docs that the code writes (a test fails while one is
stale)."""

from __future__ import annotations

from pathlib import Path

import typer

from privateer.cli.common import db_path, fail, note
from privateer.cli.outputs import check_output, writing_output

app = typer.Typer(
    help="Write the docs' pages that are read off the code: the command-line, rules and schema"
    " references, and the pages of measured figures."
)

CHECK_HELP = "Write nothing: exit 1 if the page is not what the code says now."
FORCE_HELP = "Replace the page if one is there (as it is when the docs are refreshed)."


@app.command("cli")
def cli_reference(
    ctx: typer.Context,
    out: Path = typer.Option(Path("docs/cli.md"), "--out", help="The page to write (.md)."),
    check: bool = typer.Option(False, "--check", help=CHECK_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """The command-line reference, read off the commands themselves: every command, its help,
    usage, arguments and options with their bounds and defaults, as `--help` prints them."""
    from privateer.cli.reference import reference

    root = ctx.find_root()  # the app's own command: the whole tree, as `--help` shows it
    page = reference(root.command)  # named privateer, however it was started
    _write(page, out, "cli", check=check, force=force)


@app.command("rules")
def rules_reference(
    out: Path = typer.Option(Path("docs/rules.md"), "--out", help="The page to write (.md)."),
    check: bool = typer.Option(False, "--check", help=CHECK_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """The rules reference, read off the rules classes: every field of every mode's rules with
    its default, its bound and where it comes from, and each named ruleset's changes."""
    from privateer.cli.rules_reference import reference, rule_books

    _write(reference(rule_books()), out, "rules", check=check, force=force)


@app.command("schema")
def schema_reference(
    out: Path = typer.Option(Path("docs/schema.md"), "--out", help="The page to write (.md)."),
    check: bool = typer.Option(False, "--check", help=CHECK_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """The database schema, read off the table definitions: every table, every column with
    its type, whether it may be empty and what it names in another table, and a diagram."""
    from privateer.cli.schema_reference import reference

    _write(reference(), out, "schema", check=check, force=force)


@app.command("figures")
def figures(
    ctx: typer.Context,
    name: str = typer.Argument(
        ...,
        help="The page of figures to write: fights, duel, tabletop, voyage, studies, grounds,"
        " world, speed or envs.",
        metavar="NAME",
    ),
    out: Path | None = typer.Option(
        None, "--out", help="The page to write (.md; default docs/figures/NAME.md)."
    ),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """A page of measured figures: runs its commands (seeded, so the same code writes the same
    figures; `speed` times this machine), tabulates what they print beside the design
    documents' own figures and their 95% intervals, and names the commands and the commit it
    ran on. The voyage, studies, grounds, world and speed pages play on the database's
    world."""
    from privateer.cli.figures import PAGES
    from privateer.cli.figures.page import commit, run_privateer, write_page
    from privateer.cli.figures.rows import Command, Rows

    page = PAGES.get(name)
    if page is None:
        fail(f"no page of figures {name!r}: one of {', '.join(PAGES)}")
    path = out or Path("docs") / "figures" / f"{name}.md"
    check_output(path, (".md",), force=force)
    world_db: tuple[str, ...] = ()
    if page.needs_world:
        from privateer.cli.worlds import engine_world

        engine_world(ctx)  # no world: one line now, not after the first command
        world_db = ("--db", str(db_path(ctx).resolve()))

    def run(command: Command) -> Rows:
        return run_privateer((*world_db, *command))

    note(f"running {len(page.commands)} commands for {path} ...")
    try:
        text = write_page(page, commit(Path.cwd()), run, said=note)
    except OSError as error:
        fail(str(error))
    with writing_output(path, force=force) as part:
        write_page_text(text, part)
    note(f"wrote {path} ({len(text.splitlines())} lines)")


def _write(page: str, out: Path, name: str, *, check: bool, force: bool) -> None:
    """With `check`, say whether `out` holds `page` (exit 1 if not); else write it under the
    rule every output keeps (cli/outputs.py): a file there is replaced only with --force."""
    if check:
        try:
            there = out.read_text(encoding="utf-8") if out.is_file() else None
        except (OSError, UnicodeDecodeError) as error:
            fail(f"cannot read {out}: {error}")
        if there != page:
            note(f"{out} is stale: `privateer docs {name} --force` writes it again")
            raise typer.Exit(1)
        note(f"{out} is current")
        return
    check_output(out, (".md",), force=force)
    with writing_output(out, force=force) as part:
        write_page_text(page, part)
    note(f"wrote {out} ({len(page.splitlines())} lines)")


def write_page_text(page: str, path: Path) -> None:
    """The page's text to `path` (what a test stands in for, to cut a write short)."""
    path.write_text(page, encoding="utf-8")
