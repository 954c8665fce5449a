"""Every input bounded, every mistake one line: the cases an outside probe found (issue 17,
items 6, 7 and 11), each refused with exit 2 and one line on stderr before any work."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.options import Bounded, Finite

runner = CliRunner()
HUGE = "1000000000000"


def _refused(args: list[str], says: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, (args, result.output)
    lines = result.stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0].startswith("error: "), (args, result.stderr)
    assert says in lines[0], (args, lines[0])
    assert "Traceback" not in result.output and "╭" not in result.output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["sim", "--fights", "0"], "0 is not in the range 1<=x<=1000000"),
        (["sim", "--bogus"], "No such option '--bogus'"),
        (["bogus"], "No such command 'bogus'"),
        (["runs", "show"], "Missing argument 'RUN_ID'"),
        (["db"], "Missing command"),
        (["--db", ".", "runs", "list"], "is a directory"),
        (["runs", "show", "x"], "'x' is not a valid integer"),
    ],
)
def test_clicks_own_refusals_are_one_line(args: list[str], says: str) -> None:
    _refused(args, says)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["fight", "--seed", "1180591620717411303424"], "not in the range 0<=x<=2^62"),
        (["fight", "--run", "9223372036854775808"], "not in the range 1<=x<=2^63-1"),
        (["sim", "--log", "--log-timeout", "nan"], "nan is not a finite number"),
        (["sim", "--log", "--log-timeout", "inf"], "inf is not in the range 0.1<=x<=3600.0"),
        (["bench", "log", "--events", HUGE], "not in the range 1000<=x<=2000000"),
        (["sim", "--fights", HUGE], "not in the range 1<=x<=1000000"),
        (["duel", "sim", "--games", HUGE], "not in the range 1<=x<=10000"),
        (["bench", "fight", "--fights", HUGE], "not in the range 1<=x<=1000000"),
        (["bench", "world-sim", "--days", HUGE], "not in the range 1<=x<=20000"),
        (["bench", "startup", "--runs", HUGE], "not in the range 1<=x<=100"),
        (["runs", "list", "--limit", HUGE], "not in the range 1<=x<=10000000"),
        (["runs", "show", "0"], "not in the range 1<=x<=2^63-1"),
        (["rumors", "--reliability", "nan"], "nan is not a finite number"),
        (["chart", "x.svg", "--scale", "0"], "0.0 is not in the range 0.5<=x<=200.0"),
        (["chart", "x.svg", "--scale", "1e-300"], "1e-300 is not in the range 0.5<=x<=200.0"),
        (["chart", "x.svg", "--scale", "nan"], "nan is not a finite number"),
        (["chart", "x.svg", "--flow", ""], "--flow '': use current or wind:0..3"),
        (["chart", "x.svg", "--box", ""], "box '' is not four numbers"),
        (["bench", "world", "--box", ""], "box '' is not four numbers"),
        (["world", "build", "--box", ""], "box '' is not four numbers"),
    ],
)
def test_out_of_range_and_empty_values_are_refused_before_any_work(
    args: list[str], says: str, db_path: Path
) -> None:
    _refused(["--db", str(db_path), *args], says)
    assert not db_path.exists()  # refused before the database was opened


def test_a_line_break_or_a_byte_that_is_not_utf8_stays_one_line(tmp_path: Path) -> None:
    _refused(["sim", "--target", "a\nb"], "unknown target 'a\\nb'")
    _refused(["sim", "--bogus\nx"], "No such option '--bogus\\nx'")
    # Python hands a byte that is not UTF-8 over as a lone surrogate; DuckDB and GDAL cannot
    # take it, so it is refused before anything opens it.
    _refused(["--db", str(tmp_path / "caf\udce9.duckdb"), "db", "upgrade"], "not UTF-8 text")
    _refused(["sql", "SELECT '\udcff'"], "not UTF-8 text")
    assert list(tmp_path.iterdir()) == []


def test_a_seed_reads_as_a_power_of_two_in_the_help() -> None:
    text = runner.invoke(app, ["fight", "-h"]).stdout
    assert "0<=x<=2^62" in text


def test_the_option_types_refuse_what_click_lets_through() -> None:
    finite = Finite(0.05, 1.0)
    for text in ("nan", "NaN", "-nan"):  # nan compares false with both bounds
        with pytest.raises(click.BadParameter, match="not a finite number"):
            finite.convert(text, None, None)
    assert finite.convert("0.5", None, None) == 0.5
    above = Finite(0.1, 3600.0)
    with pytest.raises(click.BadParameter):
        above.convert("inf", None, None)
    bounded = Bounded(1, 2**63 - 1)
    assert bounded.convert("9223372036854775807", None, None) == 2**63 - 1
    with pytest.raises(click.BadParameter, match="2\\^63-1"):
        bounded.convert(str(2**63), None, None)


def test_names_are_matched_as_a_person_types_them() -> None:
    """A port or strait found whatever the case and without its accents (`course cadiz`,
    `bar cadiz`, `route cadiz sale`, `--via oresund`)."""
    from privateer.cli.common import plain_name

    assert plain_name("Cádiz") == plain_name(" cadiz ") == "cadiz"
    assert plain_name("Øresund") == plain_name("oresund")
    assert plain_name("Salé") != plain_name("Sala")
