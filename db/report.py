"""The canned analyses of `privateer report`: each reads the rows it needs from DuckDB as Arrow
into polars (`.pl()`, no copy) and computes its table there, on the same path as a study's
figures (db/sweeps.py). SQL picks and joins; polars counts, averages and ranks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import polars as pl

AWAY: Literal["half_away_from_zero"] = "half_away_from_zero"  # as SQL's round() does


@dataclass(frozen=True)
class Report:
    title: str
    rows: str  # the SQL that picks the rows
    table: Callable[[pl.DataFrame], pl.DataFrame]  # polars: the rows -> the table
    rates: tuple[str, ...] = ()  # columns that are shares (percentages in a table)


def _share(condition: pl.Expr, digits: int = 3) -> pl.Expr:
    return condition.cast(pl.Float64).mean().round(digits, mode=AWAY)


def _outcomes(rows: pl.DataFrame) -> pl.DataFrame:
    outcome = pl.col("outcome")
    return (
        rows.group_by("target", "ship", "bot")
        .agg(
            fights=pl.len(),
            **{name: _share(outcome == name) for name in OUTCOMES},
        )
        .sort("target", "ship", "bot")
    )


OUTCOMES = ("destroyed", "sunk", "fled", "got_away", "parted")


def _rounds(rows: pl.DataFrame) -> pl.DataFrame:
    rounds = pl.col("rounds")
    return (
        rows.group_by("target", "outcome")
        .agg(
            fights=pl.len(),
            mean_rounds=rounds.mean().round(2, mode=AWAY),
            fewest=rounds.min(),
            median=rounds.cast(pl.Float64).median(),
            most=rounds.max(),
        )
        .sort("target", "outcome")
    )


def _deciding_cards(rows: pl.DataFrame) -> pl.DataFrame:
    return (
        rows.group_by("outcome", "card")
        .agg(fights=pl.len())
        .sort(["outcome", "fights", "card"], descending=[False, True, False])
    )


def _voyages(rows: pl.DataFrame) -> pl.DataFrame:
    outcome = pl.col("outcome")
    return (
        rows.group_by("rules", "captain")
        .agg(
            runs=pl.len(),
            won=_share(outcome == "won"),
            sunk=_share(outcome == "sunk"),
            alive_at_end=_share(outcome == "out_of_time"),
            mean_day_home=pl.col("days").filter(outcome == "won").mean().round(1, mode=AWAY),
            mean_gold=pl.col("score").mean().round(1, mode=AWAY),
        )
        .sort("rules", "captain", nulls_last=False)
    )


def _where(rows: pl.DataFrame) -> pl.DataFrame:
    outcome = pl.col("outcome")
    return (
        rows.group_by("sea", "waters")
        .agg(
            fights=pl.len(),
            taken=(outcome == "destroyed").sum(),
            sunk=(outcome == "sunk").sum(),
            sunk_rate=_share(outcome == "sunk"),
        )
        .sort(["fights", "sea", "waters"], descending=[True, False, False])
    )


FIGHTS = "outcome IS NOT NULL AND mode IN ('fight', 'sim')"

REPORTS: dict[str, Report] = {
    "outcomes": Report(
        "outcome rates by bot, ship and target",
        f"SELECT target, ship, coalesce(bot, 'you') AS bot, outcome FROM runs WHERE {FIGHTS}",
        _outcomes,
        OUTCOMES,
    ),
    "rounds": Report(
        "how many rounds fights last",
        f"SELECT target, outcome, rounds FROM runs WHERE {FIGHTS}",
        _rounds,
    ),
    "deciding_cards": Report(
        "which cards decided fights (the last card played before the end)",
        """WITH last_card AS (
               SELECT e.run_id, arg_max(e.payload->>'$.card', e.seq) AS card
               FROM events e
               WHERE e.payload->>'$.card' IS NOT NULL
                 AND e.seq < (SELECT max(seq) FROM events x
                              WHERE x.run_id = e.run_id AND x.kind = 'end')
               GROUP BY e.run_id)
           SELECT r.outcome, l.card FROM runs r JOIN last_card l USING (run_id)
           WHERE r.outcome IS NOT NULL AND r.mode IN ('fight', 'sim')""",
        _deciding_cards,
    ),
    "voyages": Report(
        "how voyages ended: by rules and captain",
        """SELECT options->>'$.rules' AS rules, coalesce(bot, 'you') AS captain, outcome,
                  days, score
           FROM runs WHERE mode = 'voyage' AND outcome IS NOT NULL
             AND outcome <> 'abandoned'""",
        _voyages,
        ("won", "sunk", "alive_at_end"),
    ),
    "where": Report(
        "where voyages fight and sink: by named sea and by whose protected water",
        """SELECT coalesce(s.name, 'open ocean') AS sea, coalesce(w.nation, 'nobody') AS waters,
                  e.payload->>'$.outcome' AS outcome
           FROM events e JOIN runs r USING (run_id)
           LEFT JOIN sea_nodes sn ON sn.node_id = (e.payload->>'$.node')::INT
           LEFT JOIN seas s USING (sea_id)
           LEFT JOIN waters w ON w.node_id = (e.payload->>'$.node')::INT
           WHERE r.mode = 'voyage' AND e.kind = 'fight_over'""",
        _where,
        ("sunk_rate",),
    ),
}
"""Every canned analysis, in the order `report` prints those the database holds rows for."""


def run_report(duck: Any) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    """Each report's columns and rows, from a raw DuckDB connection."""
    out = {}
    for name, report in REPORTS.items():
        table = report.table(duck.execute(report.rows).pl())
        out[name] = (list(table.columns), [tuple(row) for row in table.iter_rows()])
    return out


def none_logged(empty: list[str]) -> str:
    """One line for the reports the database holds nothing for, each by its title's short form
    ("voyages", "where voyages fight and sink")."""
    short = [REPORTS[name].title.split(" (")[0].split(":")[0] for name in empty]
    return f"not shown, nothing logged for them: {'; '.join(short)}"
