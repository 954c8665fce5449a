"""Pages of measured figures (`privateer docs figures NAME`): each names its commands and the
commit, shows the design documents' figures with their 95% intervals beside ours, and the
pages kept in docs/figures/ are the pages the command writes, at a commit of their own."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.figures import PAGES
from privateer.cli.figures.fights import FIGHTS
from privateer.cli.figures.page import (
    DesignFigure,
    DesignMove,
    DesignMoves,
    DesignTable,
    FigurePage,
    Passage,
    PassageTable,
    Table,
    commit,
    wilson,
    write_page,
)
from privateer.cli.figures.rows import Rows

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def fights_printed(command: Any) -> list[dict[str, Any]]:
    """What `sim` prints, in shape: the same figures for every bot."""
    return [{"ship": command[4], "target": command[2], "bot": bot, "destroyed": 0.838,
             "sunk": 0.092, "fled": 0.014, "got_away": 0.0565, "parted": 0.0,
             "mean_rounds": 6.19} for bot in ("balanced", "runner")]  # fmt: skip


def test_a_page_names_its_commands_and_commit_and_runs_each_command_once() -> None:
    asked: list[tuple[str, ...]] = []

    def run(command: Any) -> list[dict[str, Any]]:
        asked.append(tuple(command))
        return fights_printed(command)

    page = write_page(FIGHTS, "abc123", run, said=lambda _: None)
    assert asked == list(FIGHTS.commands) and len(set(asked)) == len(asked) == 8
    assert "Measured at commit `abc123` by:" in page
    assert "- `privateer sim --target armada --ship brigantine --fights 2000 --json`" in page
    assert "| pinnace | armada | balanced | 83.8% | 9.2% | 1.4% | 5.7% | 0.0% | 6.19 |" in page
    # the document's 81% of 5,000 fights: 79.9-82.1%; ours 83.8% lies 1.7 points above it
    assert (
        "| balanced bot, pinnace against a merchant: destroyed | 81.0% of 5,000 | 79.9%-82.1% |"
        " 83.8% | 82.1%-85.3% | **out** by 1.7 points |"
    ) in page


def test_the_wilson_interval_is_the_textbook_one() -> None:
    low, high = wilson(0.39, 100)
    assert (round(low, 3), round(high, 3)) == (0.3, 0.488)
    low, high = wilson(2 / 30, 30)
    assert (round(low, 3), round(high, 3)) == (0.018, 0.213)
    assert wilson(0.0, 30)[0] == 0.0 and wilson(1.0, 30)[1] == 1.0


def test_a_figure_without_the_documents_sample_is_held_to_ours_and_a_mean_to_a_fifth() -> None:
    command = ("voyage", "--json")
    page = FigurePage(
        name="t",
        title="T",
        about="",
        sections=(
            DesignTable("D", "", (
                DesignFigure("won", 0.5, command, lambda rows: rows[0]["won"], our_runs=100),
                DesignFigure("sunk", 0.1, command, lambda rows: rows[0]["sunk"], our_runs=100),
                DesignFigure("day home", 525, command, lambda rows: rows[0]["day"],
                             share=False),
                DesignFigure("raids", 11, command, lambda rows: rows[0]["raids"], share=False),
            )),
            Table("R", "", (command,), ("where.reached", "sunk_by"), frozenset({"where.reached"}),
                  label="rules", labels=("classic",)),
        ),
    )  # fmt: skip
    printed = [{"won": 0.45, "sunk": 0.3, "day": 487.25, "raids": 6.04, "sunk_by": {"town": 3},
                "where": {"reached": {"Caribbean": 0.25}}}]  # fmt: skip
    text = write_page(page, "c", lambda _: printed, said=lambda _: None)
    assert "| won | 50.0% | none given | 45.0% | 35.6%-54.8% | in |" in text
    assert "| sunk | 10.0% | none given | 30.0% | 21.9%-39.6% | **out** by 11.9 points |" in text
    assert "| day home | 525 | none given | 487.2 | none given | within 20% |" in text
    assert "| raids | 11 | none given | 6.0 | none given | **out**: 45% under |" in text
    assert "**2 of the 4 figures held**: a share in its interval, a mean within 20%." in text
    counts = DesignTable("C", "", (DesignFigure("nodes", 525, command, lambda rows: rows[0]["day"],
                                                 share=False),), slack=None)  # fmt: skip
    bare = write_page(FigurePage("c", "C", "", (counts,)), "c", lambda _: printed, lambda _: None)
    assert "| nodes | 525 | none given | 487.2 | none given | - |" in bare
    assert "figures held" not in bare
    shares = DesignTable("S", "", (DesignFigure("won", 0.5, command, lambda rows: rows[0]["won"],
                                                 runs=100),))  # fmt: skip
    shared = write_page(FigurePage("s", "S", "", (shares,)), "c", lambda _: printed, lambda _: None)
    assert "**1 of the 1 figures held**: a share in its interval." in shared
    assert "| classic | Caribbean 25.0% | town 3 |" in text


def test_a_passage_is_held_within_a_fifth_of_the_centurys_days() -> None:
    out, home = ("route", "A", "B", "--json"), ("route", "B", "A", "--json")
    steps: Callable[[Rows], float] = lambda rows: float(rows[0]["steps"])  # noqa: E731
    page = FigurePage(
        name="t",
        title="T",
        about="",
        sections=(
            PassageTable("P", "", (
                Passage("A to B", 42, 70, "the record", out, steps),
                Passage("B to A", 75, 75, "the flota", home, steps),
            )),
        ),
    )  # fmt: skip
    printed = {out: [{"steps": 84}], home: [{"steps": 95}]}
    text = write_page(page, "c", lambda command: printed[command], said=lambda _: None)
    assert "| A to B | 84 | 42-70 | 34-84 | in | the record |" in text
    assert "| B to A | 95 | 75 | 60-90 | **out** by 5 days | the flota |" in text


def test_a_dial_moves_the_documents_way_or_the_other_and_noise_is_named() -> None:
    off, on = ("sweep", "x=false,true"), ("voyage", "late")
    won: Callable[[Rows], float] = lambda rows: float(rows[0]["won"])  # noqa: E731
    later: Callable[[Rows], float] = lambda rows: float(rows[1]["won"])  # noqa: E731
    day: Callable[[Rows], float] = lambda rows: float(rows[0]["day"])  # noqa: E731
    page = FigurePage(
        name="t",
        title="T",
        about="",
        sections=(
            DesignMoves("M", "", (
                DesignMove("up", 0.2, 0.27, off, won, off, later, runs=30, our_runs=200),
                DesignMove("down", 0.33, 0.23, off, won, on, won, runs=30, our_runs=200),
                DesignMove("flat", 0.33, 0.23, on, won, on, won, runs=30, our_runs=200),
                DesignMove("day", 74, 214, off, day, on, day, share=False, moved_by="the x rule"),
            )),
        ),
    )  # fmt: skip
    printed = {off: [{"won": 0.20, "day": 120}, {"won": 0.30}], on: [{"won": 0.22, "day": 100}]}
    text = write_page(page, "c", lambda command: printed[command], said=lambda _: None)
    # +10 points over 200 runs a side: the noise is 1.96 sqrt(.2 .8/200 + .3 .7/200) = 8.4
    assert (
        "| up | 20.0% → 27.0% | 14.4%-44.8% | 20.0% → 30.0% | 24.1%-36.7% | in |"
        " the document's way (+10.0 points) |"
    ) in text
    assert "| down | 33.0% → 23.0% |" in text
    assert (
        "| 20.0% → 22.0% |" in text and "**the other way**, within the noise (+2.0 points)" in text
    )
    assert "| flat | 33.0% → 23.0% |" in text and "| **not at all** |" in text
    assert (
        "| day | 74 → 214 | none given | 120 → 100 | none given | - | **the other way** |"
        " the x rule |"
    ) in text
    assert "| which way ours moved | what it turns in ours |" in text
    assert "| flat | 33.0% → 23.0% |" in text and "| **not at all** |  |" in text  # none said
    # up moves the document's way out of the noise; down the other way, flat not at all, day the
    # other way; up, down and flat after in its interval (22.0% in 11.8%-40.9%), day unjudged
    assert (
        "**1 of the 4 moves the document's way** (0 of them within the noise); **3 of the 3"
        " settings after** in the document's interval."
    ) in text


def test_the_commit_named_is_changed_by_the_code_not_by_the_pages_written(tmp_path: Path) -> None:
    def git(*words: str) -> None:
        subprocess.run(["git", "-C", str(tmp_path), *words], check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / "docs" / "figures").mkdir(parents=True)
    (tmp_path / "docs" / "figures" / "fights.md").write_text("old\n")
    (tmp_path / "code.py").write_text("x = 1\n")
    git("add", "-A")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one")
    head = commit(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{12}", head)
    (tmp_path / "docs" / "figures" / "fights.md").write_text("new\n")  # a page being written
    assert commit(tmp_path) == head
    (tmp_path / "code.py").write_text("x = 2\n")
    assert commit(tmp_path) == f"{head} + changes"
    assert commit(tmp_path / "nowhere") == "no commit"


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
    assert unknown.exit_code == 2
    assert "no page of figures 'storms': one of fights, duel, tabletop" in unknown.stderr


def test_a_page_that_plays_on_the_world_says_so_at_once_on_a_database_without_one(
    tmp_path: Path,
) -> None:
    db = tmp_path / "empty.duckdb"
    assert runner.invoke(app, ["--db", str(db), "db", "upgrade"]).exit_code == 0
    out = tmp_path / "voyage.md"
    done = runner.invoke(app, ["--db", str(db), "docs", "figures", "voyage", "--out", str(out)])
    assert done.exit_code == 2 and "holds no world yet" in done.stderr
    assert not out.exists()


def test_the_commands_help_names_every_page_it_writes() -> None:
    """The help is written out (`--help` imports no page), so a page added is named there too."""
    shown = runner.invoke(app, ["docs", "figures", "--help"], terminal_width=200).stdout
    words = " ".join(shown.replace("│", " ").split())  # the help's box drawn round it
    named = re.search(r"The page of figures to write: (.*?)\.", words)
    assert named is not None
    assert set(re.split(r", | or ", named.group(1))) == set(PAGES)


def test_the_pages_kept_are_every_page_the_command_writes_each_at_a_commit() -> None:
    kept = {path.stem: path for path in (ROOT / "docs" / "figures").glob("*.md")}
    assert set(kept) == set(PAGES)
    for name, path in kept.items():
        text = path.read_text(encoding="utf-8")
        assert f"Written by `privateer docs figures {name} --force`" in text
        assert re.search(r"Measured at commit `[0-9a-f]{12}`", text), (
            f"{path.name}: write it at a commit (commit the code, then the page)"
        )
        for command in PAGES[name].commands:
            assert f"- `privateer {' '.join(command)}`" in text


MEASURED_SHARE = re.compile(r"(?<![\d.])(?!95%)\d+(\.\d+)?%")  # "95%" names an interval


def test_no_table_in_the_guides_holds_a_measured_share_typed_by_hand() -> None:
    """Measured shares live on the generated pages; a guide's tables describe, not measure."""
    generated = {"cli.md", "rules.md"}
    for page in (ROOT / "docs").glob("*.md"):
        if page.name in generated:
            continue
        rows = [line for line in page.read_text(encoding="utf-8").splitlines()
                if line.startswith("|") and MEASURED_SHARE.search(line)]  # fmt: skip
        assert rows == [], f"{page.name}: {rows[0]}"


@pytest.mark.fidelity  # every bot against eight targets, 80,000 fights: a minute, in the long step
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
