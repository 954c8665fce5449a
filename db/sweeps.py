"""Balance studies in the database (`privateer sweep`): the study, each setting of its dials (a
point), every run's result at a point, and each point's figures, computed with polars over the
results read from DuckDB as Arrow (`.pl()`), not by hand.

A point is named by a key over what decides its runs (the rules turned and every field of the
rules they give, the seeds, the days, the engine and the world), so an identical point of a
later study finds its results stored and is not played again (unless the study asks for fresh
ones).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from .runlog import now

if TYPE_CHECKING:
    import polars as pl

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile: a 95% interval

RESULT_COLUMNS = (
    "point_key", "seed", "outcome", "cause", "day", "gold", "raids", "prizes", "storms", "seas",
    "run_id", "acts",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Study:
    """What a study is: its dials and their values, the rules they turn, the seeds played at
    every point (the same at each: common random numbers), the days, the engine and world."""

    dials: tuple[tuple[str, tuple[Any, ...]], ...]
    rules: str
    first_seed: int
    runs: int
    days: int
    engine_version: str
    world_hash: str

    def point_key(self, setting: Mapping[str, Any], played_by: object) -> str:
        """A point's name: what decides its runs, hashed. `played_by` is the point's rules as
        played (the voyage's and the world's, every field): its text is in the key, so rules
        changed under the same name and engine version are never read back as the old ones."""
        decides = {
            "rules": self.rules,
            "setting": sorted(setting.items()),
            "seeds": [self.first_seed, self.runs],
            "days": self.days,
            "engine": self.engine_version,
            "world": self.world_hash,
            "played_by": hashlib.sha256(repr(played_by).encode()).hexdigest(),
        }
        text = json.dumps(decides, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()


def stored_keys(duck: Any, keys: Sequence[str], runs: int) -> set[str]:
    """The points among `keys` whose every run's result is stored."""
    if not keys:
        return set()
    rows = duck.execute(
        "SELECT point_key FROM sweep_results WHERE list_contains(?, point_key) "
        "GROUP BY point_key HAVING count(*) = ?",
        [list(keys), runs],
    ).fetchall()
    return {str(key) for (key,) in rows}


def new_sweep(duck: Any, study: Study, search: Mapping[str, Any] | None = None) -> int:
    """Record a study (a search's, with what it was asked); its id."""
    (sweep_id,) = duck.execute("SELECT coalesce(max(sweep_id), 0) + 1 FROM sweeps").fetchone()
    duck.execute(
        "INSERT INTO sweeps (sweep_id, dials, rules, first_seed, runs, days, engine_version, "
        "world_hash, created_at, search) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            int(sweep_id),
            json.dumps([[name, list(values)] for name, values in study.dials]),
            study.rules,
            study.first_seed,
            study.runs,
            study.days,
            study.engine_version,
            study.world_hash,
            now(),
            None if search is None else json.dumps(dict(search)),
        ],
    )
    return int(sweep_id)


def write_results(duck: Any, key: str, rows: Sequence[Sequence[Any]]) -> None:
    """A point's results (one row a run, in RESULT_COLUMNS' order after the key), replacing any
    stored before under the same key, in one transaction."""
    columns: list[Sequence[Any]] = (
        list(zip(*rows, strict=True)) if rows else [() for _ in RESULT_COLUMNS[1:]]
    )
    table = pa.table(
        {
            "point_key": [key] * len(rows),
            **{
                name: list(values) if name != "seas" else [json.dumps(v) for v in values]
                for name, values in zip(RESULT_COLUMNS[1:], columns, strict=True)
            },
        }
    )
    duck.register("_results", table)
    try:
        duck.execute("BEGIN TRANSACTION")
        duck.execute("DELETE FROM sweep_results WHERE point_key = ?", [key])
        names = ", ".join(RESULT_COLUMNS)
        duck.execute(f"INSERT INTO sweep_results ({names}) SELECT {names} FROM _results")
        duck.execute("COMMIT")
    except BaseException:
        duck.execute("ROLLBACK")
        raise
    finally:
        duck.unregister("_results")


def write_point(
    duck: Any,
    sweep_id: int,
    point: int,
    setting: Mapping[str, Any],
    key: str,
    figures: Mapping[str, Any],
) -> None:
    duck.execute(
        "INSERT INTO sweep_points (sweep_id, point, setting, point_key, figures) "
        "VALUES (?, ?, ?, ?, ?)",
        [sweep_id, point, json.dumps(dict(setting)), key, json.dumps(dict(figures))],
    )


def results_frame(duck: Any, keys: Sequence[str]) -> pl.DataFrame:
    """The stored results of these points, as polars reads DuckDB's Arrow (no copy)."""
    import polars as pl

    frame: pl.DataFrame = duck.execute(
        "SELECT * EXCLUDE (seas), CAST(seas AS VARCHAR) AS seas FROM sweep_results "
        "WHERE list_contains(?, point_key) ORDER BY point_key, seed",
        [list(keys)],
    ).pl()
    return frame.with_columns(pl.col("seas").str.json_decode(pl.List(pl.Int64)))


def _wilson(hits: pl.Expr, n: pl.Expr) -> tuple[pl.Expr, pl.Expr]:
    """The 95% Wilson interval of a share, `hits` of `n`."""
    rate = hits / n
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * ((rate * (1 - rate) / n + z2 / (4 * n * n)).sqrt()) / (1 + z2 / n)
    return centre - half, centre + half


def _mean_interval(row: dict[str, Any], figure: str) -> None:
    """`figure`'s 95% interval, in place, from its runs' spread (the row's `figure_sd` and
    `figure_n`, popped): the mean plus or minus Student's t(n - 1) times the standard error,
    never below zero (a count or a day is not negative); none below two runs (no spread to
    read)."""
    from scipy.stats import t

    sd, count, mean = row.pop(f"{figure}_sd"), row.pop(f"{figure}_n"), row[figure]
    low = high = None
    if mean is not None and sd is not None and count >= 2:
        half = float(t.ppf(0.975, count - 1)) * sd / count**0.5
        low, high = max(0.0, mean - half), mean + half
    row[f"{figure}_low"], row[f"{figure}_high"] = low, high


def point_figures(results: pl.DataFrame, sea_names: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Each point's figures (by its key), with polars: runs; won, with its 95% Wilson interval;
    the mean day the winners came home and raids a run, each with its 95% interval from the
    runs' spread (Student's t); prizes and storms a run; alive at the end; sunk, with its
    Wilson interval, the mean day of sinking, and the share of runs each cause sank; for rules
    with letters of marque, the share that reached the third (act3); the named seas reached
    (how many a run, how many by any run, and the share of runs that reached each)."""
    import polars as pl

    if "acts" not in results.columns:  # results kept before runs named their letters
        results = results.with_columns(acts=pl.lit(None, dtype=pl.Int64))
    n = pl.len().cast(pl.Float64)
    won = (pl.col("outcome") == "won").sum().cast(pl.Float64)
    won_low, won_high = _wilson(won, n)
    sunk_low, sunk_high = _wilson((pl.col("outcome") == "sunk").sum().cast(pl.Float64), n)
    home = pl.col("day").filter(pl.col("outcome") == "won")
    main = (
        results.group_by("point_key")
        .agg(
            runs=pl.len(),
            won=won.cast(pl.Int64),
            won_rate=won / n,
            won_low=won_low,
            won_high=won_high,
            mean_day_home=home.mean(),
            mean_day_home_sd=home.std(),
            mean_day_home_n=home.len(),
            raids_per_run=pl.col("raids").mean(),
            raids_per_run_sd=pl.col("raids").std(),
            raids_per_run_n=pl.len(),
            prizes_per_run=pl.col("prizes").mean(),
            storms_per_run=pl.col("storms").mean(),
            alive_at_end=(pl.col("outcome") == "out_of_time").mean(),
            sunk=(pl.col("outcome") == "sunk").mean(),
            sunk_low=sunk_low,
            sunk_high=sunk_high,
            mean_gold=pl.col("gold").mean(),
            seas_per_run=pl.col("seas").list.len().mean(),
            seas_reached=pl.col("seas").explode().drop_nulls().n_unique(),
            mean_day_sunk=pl.col("day").filter(pl.col("outcome") == "sunk").mean(),
            act3=(pl.col("acts") >= 2).mean(),  # reached the third letter; null without letters
        )
        .sort("point_key")
    )
    runs_at = dict(zip(main["point_key"], main["runs"], strict=True))
    causes = (
        results.filter(pl.col("outcome") == "sunk")
        .group_by("point_key", "cause")
        .agg(pl.len().alias("sunk"))
        .sort("point_key", "sunk", "cause", descending=[False, True, False])
    )
    seas = (
        results.select("point_key", "seed", "seas")
        .explode("seas")
        .drop_nulls("seas")
        .group_by("point_key", "seas")
        .agg(pl.col("seed").n_unique().alias("runs"))
        .sort("point_key", "runs", "seas", descending=[False, True, False])
    )
    out: dict[str, dict[str, Any]] = {}
    for row in main.iter_rows(named=True):
        key = row.pop("point_key")
        for figure in ("mean_day_home", "raids_per_run"):
            _mean_interval(row, figure)
        out[key] = {k: _round(v) for k, v in row.items()} | {"sunk_by": {}, "seas": {}}
    for key, cause, count in causes.iter_rows():
        out[key]["sunk_by"][cause] = round(count / runs_at[key], 4)
    for key, sea, count in seas.iter_rows():
        name = sea_names[sea] if 0 <= sea < len(sea_names) else str(sea)
        out[key]["seas"][name] = round(count / runs_at[key], 4)
    return out


def _round(value: Any) -> Any:
    return round(value, 4) if isinstance(value, float) else value


def list_sweeps(duck: Any) -> list[dict[str, Any]]:
    """Every study, newest first: a sweep or a search (`tune`), its dials, rules, seeds, days
    and how many points (a search's trials)."""
    rows = duck.execute(
        "SELECT s.sweep_id, s.created_at, s.rules, CAST(s.dials AS VARCHAR), s.first_seed, "
        "s.runs, s.days, s.engine_version, s.world_hash, count(p.point), "
        "CAST(s.search AS VARCHAR) "
        "FROM sweeps s LEFT JOIN sweep_points p USING (sweep_id) "
        "GROUP BY ALL ORDER BY s.sweep_id DESC"
    ).fetchall()
    return [
        {
            "sweep_id": int(r[0]),
            "created_at": r[1],
            "rules": r[2],
            "dials": _dials_text(json.loads(r[3])),
            "first_seed": int(r[4]),
            "runs": int(r[5]),
            "days": int(r[6]),
            "engine_version": r[7],
            "world_hash": r[8],
            "points": int(r[9]),
            "kind": "sweep" if r[10] is None else "tune",
            "search": None if r[10] is None else json.loads(r[10]),
        }
        for r in rows
    ]


def _dials_text(dials: list[list[Any]]) -> str:
    """The dials as a study was asked for: `treasury=15,20 dilemmas=true,false`."""

    def shown(value: Any) -> str:
        return str(value).lower() if isinstance(value, bool) else str(value)

    return " ".join(f"{name}={','.join(map(shown, values))}" for name, values in dials)


def sweep_points(duck: Any, sweep_id: int) -> list[dict[str, Any]]:
    """A study's points in order, each its setting and figures (empty if there is none)."""
    rows = duck.execute(
        "SELECT point, CAST(setting AS VARCHAR), CAST(figures AS VARCHAR) FROM sweep_points "
        "WHERE sweep_id = ? ORDER BY point",
        [sweep_id],
    ).fetchall()
    return [
        {"point": int(p), "setting": json.loads(s), "figures": json.loads(f)} for p, s, f in rows
    ]


def sweep_exists(duck: Any, sweep_id: int) -> bool:
    found = duck.execute("SELECT count(*) FROM sweeps WHERE sweep_id = ?", [sweep_id]).fetchone()
    return bool(found[0])


SEARCH_SAME = ("targets", "dials", "sampler_seed")
"""What makes a later search the same search, to go on with (its budget may grow)."""


def find_search(duck: Any, study: Study, asked: Mapping[str, Any]) -> int | None:
    """The newest search kept for these rules, seeds, days, engine and world that was asked
    the same (its figures' intervals, its dials' ranges, its sampler's seed); None if none."""
    same = json.loads(json.dumps({key: asked[key] for key in SEARCH_SAME}))
    rows = duck.execute(
        "SELECT sweep_id, CAST(search AS VARCHAR) FROM sweeps WHERE search IS NOT NULL "
        "AND rules = ? AND first_seed = ? AND runs = ? AND days = ? AND engine_version = ? "
        "AND world_hash = ? ORDER BY sweep_id DESC",
        [study.rules, study.first_seed, study.runs, study.days, study.engine_version,
         study.world_hash],
    ).fetchall()  # fmt: skip
    for sweep_id, text in rows:
        kept = json.loads(text)
        if {key: kept.get(key) for key in SEARCH_SAME} == same:
            return int(sweep_id)
    return None


def grow_budget(duck: Any, sweep_id: int, budget: int) -> None:
    """A search gone on with a larger budget keeps the larger (what it was last asked to
    spend, as `sweeps.search` says); a smaller one leaves it as it was."""
    (text,) = duck.execute(
        "SELECT CAST(search AS VARCHAR) FROM sweeps WHERE sweep_id = ?", [sweep_id]
    ).fetchone()
    search = json.loads(text)
    if budget > int(search.get("budget", 0)):
        search["budget"] = budget
        duck.execute(
            "UPDATE sweeps SET search = ? WHERE sweep_id = ?", [json.dumps(search), sweep_id]
        )
