"""The docs site (docs/, mkdocs.yml) builds strictly, a broken link failing it, and its
command-line reference is what the commands say now: `privateer docs cli` writes it, and this
fails while the page is stale."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import typer
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.reference import reference
from privateer.cli.rules_reference import reference as rules_page
from privateer.cli.rules_reference import rule_books
from privateer.cli.schema_reference import reference as schema_page
from privateer.db.tables import ABOUT, REFERENCES, metadata

ROOT = Path(__file__).resolve().parents[1]
MKDOCS = Path(sys.executable).with_name("mkdocs")
runner = CliRunner()


def build(root: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` (not --quiet: a warning it does not log, it does not count)."""
    config = str(root / "mkdocs.yml")
    return subprocess.run(
        [str(MKDOCS), "build", "--strict", "-f", config, "-d", str(site)],
        capture_output=True, text=True, timeout=300, env={"NO_MKDOCS_2_WARNING": "1", "PATH": ""},
    )  # fmt: skip


def test_the_cli_reference_is_what_the_commands_say() -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert page == reference(typer.main.get_command(app)), "run `privateer docs cli --force`"
    for command in ("## privateer", "### privateer voyage", "#### privateer world build"):
        assert f"\n{command}\n" in page
    assert "- `--runs INTEGER RANGE`: Runs to play. [default: 100; 1<=x<=100000]" in page


def test_the_rules_reference_is_what_the_rules_say() -> None:
    """Every field of every mode's rules is on the page, and each named ruleset."""
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    books = rule_books()
    assert page == rules_page(books), "run `privateer docs rules --force`"
    assert len(books) == 6
    for book in books:
        for field in fields(book.cls):
            assert f"| `{field.name}` |" in page, (book.title, field.name)
        for name in book.rulesets:
            assert f"- `{name}`: " in page
    assert "- `classic`: `fight_rules=seed-000[privateer_bounty=0]`, `dilemmas=false`" in page


def test_the_schema_page_is_what_the_tables_say_with_every_table_and_reference() -> None:
    page = (ROOT / "docs" / "schema.md").read_text(encoding="utf-8")
    assert page == schema_page(), "run `privateer docs schema --force`"
    for table in metadata.sorted_tables:
        assert f"### `{table.name}`" in page
        assert ABOUT[table.name]
        for column in table.columns:
            assert f"| `{column.name}` |" in page
    assert set(ABOUT) == set(metadata.tables)
    for (table_name, column_name), target in REFERENCES.items():
        named_table, named_column = target.split(".")
        assert column_name in metadata.tables[table_name].columns, (table_name, column_name)
        assert named_column in metadata.tables[named_table].columns, target
        assert f'    {named_table} ||--o{{ {table_name} : "{column_name}"' in page
    assert "| `node_id` | INTEGER | never |  | `nodes.node_id` |" in page


def test_the_site_builds_strictly_and_a_broken_link_fails_it(tmp_path: Path) -> None:
    built = build(ROOT, tmp_path / "site")
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "site" / "cli" / "index.html").is_file()
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "docs", copy / "docs", ignore=shutil.ignore_patterns("*.png"))
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    shutil.copy(ROOT / "ARCHITECTURE.md", copy / "ARCHITECTURE.md")  # docs/architecture.md's
    (copy / "docs" / "world.png").write_bytes((ROOT / "docs" / "world.png").read_bytes())
    with (copy / "docs" / "engine.md").open("a", encoding="utf-8") as page:
        page.write("\nSee [the missing page](missing.md).\n")
    broken = build(copy, tmp_path / "broken")
    assert broken.returncode != 0 and "missing.md" in broken.stderr


def test_docs_cli_says_whether_its_page_is_current(tmp_path: Path) -> None:
    """`--check` writes nothing and exits 1 while the page differs; the page written is the
    one in docs/ (writing under the one output rule: tests/test_cli_outputs.py)."""
    out = tmp_path / "cli.md"
    missing = runner.invoke(app, ["docs", "cli", "--out", str(out), "--check"])
    assert missing.exit_code == 1 and not out.exists()
    written = runner.invoke(app, ["docs", "cli", "--out", str(out)])
    assert written.exit_code == 0 and "wrote" in written.stderr
    assert runner.invoke(app, ["docs", "cli", "--out", str(out), "--check"]).exit_code == 0
    assert out.read_text(encoding="utf-8") == (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    out.write_text(out.read_text(encoding="utf-8").replace("Runs to play.", "Runs."))
    stale = runner.invoke(app, ["docs", "cli", "--out", str(out), "--check"])
    assert stale.exit_code == 1 and "is stale: `privateer docs cli --force`" in stale.stderr
