"""The docs site (docs/, mkdocs.yml) builds strictly, a broken link failing it, and its
command-line reference is what the commands say now: `privateer docs cli` writes it, and this
fails while the page is stale."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.reference import reference
from privateer.cli.rules_reference import reference as rules_page
from privateer.cli.rules_reference import rule_books

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
    assert "- `classic`: `world_rules=balanced`, `dilemmas=false`" in page


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


def test_a_page_of_figures_names_its_commands_and_commit_and_shows_rates_as_percentages() -> None:
    from privateer.cli.figure_pages import FIGHTS, write_page

    asked: list[tuple[str, ...]] = []

    def run(command: Any) -> list[dict[str, Any]]:
        asked.append(tuple(command))
        return [{"ship": "pinnace", "target": command[2], "bot": "balanced", "destroyed": 0.838,
                 "sunk": 0.092, "fled": 0.014, "got_away": 0.0565, "parted": 0.0,
                 "mean_rounds": 6.19}]  # fmt: skip

    page = write_page(FIGHTS, "abc123", run)
    assert asked == list(FIGHTS.commands)
    assert "Measured at commit `abc123` by:" in page
    assert "- `privateer sim --target armada --ship brigantine --fights 2000 --json`" in page
    assert "| pinnace | armada | balanced | 83.8% | 9.2% | 1.4% | 5.7% | 0.0% | 6.19 |" in page


def test_docs_figures_keeps_a_page_there_unless_force_and_never_follows_a_link(
    tmp_path: Path,
) -> None:
    """Refused before any command runs (the one output rule); an unknown page is one line."""
    there = tmp_path / "fights.md"
    there.write_text("kept\n", encoding="utf-8")
    link = tmp_path / "link.md"
    link.symlink_to(there)
    for out, said in ((there, "is there already; --force replaces it"),
                      (link, "is a symbolic link")):  # fmt: skip
        refused = runner.invoke(app, ["docs", "figures", "fights", "--out", str(out)])
        assert refused.exit_code == 2 and said in refused.stderr
    assert there.read_text(encoding="utf-8") == "kept\n"
    unknown = runner.invoke(app, ["docs", "figures", "storms", "--out", str(tmp_path / "x.md")])
    assert unknown.exit_code == 2 and "no page of figures 'storms': one of fights" in unknown.stderr


@pytest.mark.fidelity  # every bot against four targets, 40,000 fights: a minute, in the long step
def test_the_fights_page_is_what_the_fights_give_now(tmp_path: Path) -> None:
    """docs/figures/fights.md written again, by a process as a person runs it: the same figures
    (its commands are seeded), the commit line aside."""
    out = tmp_path / "fights.md"
    done = subprocess.run(
        [sys.executable, "-m", "privateer", "docs", "figures", "fights", "--out", str(out)],
        capture_output=True, text=True, timeout=900, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr

    def figures(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("Measured at commit")]

    kept = (ROOT / "docs" / "figures" / "fights.md").read_text(encoding="utf-8")
    assert figures(out.read_text(encoding="utf-8")) == figures(kept), (
        "run `privateer docs figures fights --force`"
    )
