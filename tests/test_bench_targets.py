"""The speed targets: each bound read as at most or at least, a miss said with how far off, the
speed page's table of them, and `privateer bench targets` running a bench and reading its
figure off what the bench prints."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.figures.page import FigurePage, write_page
from privateer.cli.figures.speed import SPEED, TARGETS
from privateer.cli.figures.targets import Target, TargetTable, at, key

runner = CliRunner()
BENCH = ("bench", "x", "--json")


def test_a_bound_is_at_most_or_at_least_and_a_miss_says_how_far() -> None:
    seconds = Target("tribes", BENCH, key("wall_seconds"), 0.6, most=True, unit=" s")
    rate = Target("world", BENCH, key("days_per_second"), 25_000, most=False, unit="/s")
    share = Target("log", BENCH, key("log_overhead"), 0.15, most=True, share=True)
    assert seconds.verdict(0.55) == "met" and seconds.verdict(0.6) == "met"
    assert seconds.verdict(5.5) == "missed: 9.17x from it"
    assert rate.verdict(26_000) == "met" and rate.verdict(10_000) == "missed: 2.50x from it"
    assert share.verdict(0.10) == "met" and share.verdict(0.51) == "missed by 36.0 points"
    assert (seconds.wanted(), rate.wanted(), share.wanted()) == (
        "<= 0.6 s",
        ">= 25,000/s",
        "<= +15.0%",
    )
    assert (rate.show(8519.4), share.show(0.51)) == ("8,519/s", "+51.0%")
    # a near miss shows as one: never a figure rounded onto its bound, nor 1.00x
    speedup = Target("workers", BENCH, key("speedup"), 1.8, most=False, unit="x")
    assert (speedup.show(1.798), speedup.verdict(1.798)) == ("1.798x", "missed: 1.001x from it")


def test_the_page_sets_each_figure_beside_its_target() -> None:
    workers = ("bench", "voyage", "--workers", "1,2", "--json")
    table = TargetTable("T", "", (
        Target("tribes", BENCH, key("wall_seconds"), 0.6, most=True, unit=" s"),
        Target("two workers", workers, at("workers", "speedup", workers=2), 1.8, most=False,
               unit="x"),
    ))  # fmt: skip
    printed = {
        BENCH: [{"wall_seconds": 5.51}],
        workers: [{"workers": [{"workers": 1, "speedup": 1.0}, {"workers": 2, "speedup": 1.9}]}],
    }
    page = FigurePage("t", "T", "", (table,))
    text = write_page(page, "c", lambda command: printed[command], said=lambda _: None)
    assert "| tribes | 5.51 s | <= 0.6 s | **missed: 9.18x from it** |" in text
    assert "| two workers | 1.9x | >= 1.8x | met |" in text


def test_the_speed_page_opens_with_the_targets_and_runs_their_benches() -> None:
    assert SPEED.sections[0] is TARGETS
    assert all(target.command in SPEED.commands for target in TARGETS.targets)
    # the table: each bound once
    bounds = {target.words: (target.bound, target.most) for target in TARGETS.targets}
    assert bounds["Tribes: 8 tribes x 10,000 ticks, one core"] == (0.6, True)
    assert bounds["voyages on two workers over one, 200 runs"] == (1.8, False)


def test_bench_targets_runs_a_bench_and_reads_its_figure(channel_world_db: Path) -> None:
    done = runner.invoke(
        app, ["--db", str(channel_world_db), "bench", "targets", "--only", "fight", "--json"]
    )
    assert done.exit_code == 0, done.output
    (row,) = json.loads(done.stdout)
    assert row["figure"] == "card fights, the lookahead bot (a second)"
    assert row["ours"] > 0 and row["target"] == ">= 6,000/s"
    assert row["met"] == (row["ours"] >= 6_000)
    assert row["command"] == "privateer bench fight --fights 20000 --json"


def test_bench_targets_refuses_a_bench_it_has_no_target_for() -> None:
    done = runner.invoke(app, ["bench", "targets", "--only", "nothing"])
    assert done.exit_code == 2
    assert "no target's bench is named by nothing" in done.output
