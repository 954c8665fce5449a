"""The speed page: every `privateer bench`, run once each on the machine that writes the page
(the machine's cores and load are printed with it; a shared host drifts by a third in a
morning, so a change is judged by A/B pairs in one hour, never by this page alone)."""

from __future__ import annotations

from privateer.cli.figures.page import FigurePage, Table
from privateer.cli.figures.targets import Target, TargetTable, at, key

WORLD_BUILD = ("bench", "world", "--runs", "3", "--whole-process", "--json")
FIGHT = ("bench", "fight", "--fights", "20000", "--json")
WORLD_SIM = ("bench", "world-sim", "--runs", "3", "--json")
VOYAGE = ("bench", "voyage", "--runs", "10", "--rounds", "3", "--json")
VOYAGE_WORKERS = ("bench", "voyage", "--workers", "1,2", "--runs", "200", "--json")
LOG = ("bench", "log", "--runs", "3", "--json")
STARTUP = ("bench", "startup", "--json")
TRIBES = ("tribes", "bench", "--json")

TARGETS = TargetTable(
    "Against the targets",
    "Each bench's figure beside the bound the project set for it (the speed issue's table):"
    " met, or how far off. A bound is never moved to meet the figure.",
    (
        Target("Tribes: 8 tribes x 10,000 ticks, one core", TRIBES, key("wall_seconds"), 0.6,
               most=True, unit=" s"),
        Target("`sim --log` over plain `sim`, wall", LOG, key("log_overhead"), 0.15, most=True,
               share=True),
        Target("`sim --log` over plain `sim`, CPU", LOG, key("log_cpu_overhead"), 0.30,
               most=True, share=True),
        Target("our log append against DuckDB's Arrow append", LOG, key("share_of_duckdb"),
               0.9, most=False, unit="x"),
        Target("the living world, warm (world-days a second)", WORLD_SIM,
               key("days_per_second"), 25_000, most=False, unit="/s"),
        Target("the living world, cold (world-days a second)", WORLD_SIM,
               key("cold_days_per_second"), 2_500, most=False, unit="/s"),
        Target("voyages, full rules, one core (days a second)", VOYAGE,
               key("days_per_second"), 6_000, most=False, unit="/s"),
        Target("voyages on two workers over one, 200 runs", VOYAGE_WORKERS,
               at("workers", "speedup", workers=2), 1.8, most=False, unit="x"),
        Target("the world build, a whole `world build` process", WORLD_BUILD,
               key("whole_process_seconds"), 5.0, most=True, unit=" s"),
        Target("card fights, the lookahead bot (a second)", FIGHT, key("fights_per_second"),
               6_000, most=False, unit="/s"),
        Target("start: `runs list` over `--version`", STARTUP, key("runs_list_over_version"),
               0.06, most=True, unit=" s"),
    ),
)  # fmt: skip
"""The speed issue's targets (`privateer bench targets` prints them, the page sets them first)."""


def _bench(
    heading: str,
    about: str,
    command: tuple[str, ...],
    *columns: str,
    rates: frozenset[str] = frozenset(),
    rows_at: str = "",
) -> Table:
    return Table(heading, about, (command,), columns, rates, rows_at=rows_at)


SPEED = FigurePage(
    name="speed",
    title="Speed, measured",
    about=(
        "Each bench's own figures, medians over its runs. What moves them is in [Speed]"
        "(../speed.md): the world build's stages, the engine's loops, the log writer's"
        " batches, the caches the World keeps."
    ),
    needs_world=True,
    timed=True,
    sections=(
        TARGETS,
        _bench(
            "Building the world",
            "The whole build, stage by stage; every build identical.",
            WORLD_BUILD,
            "total_seconds",
            "identical_builds",
            "stages",
        ),
        _bench(
            "Reading the world",
            "The world tables into the engine's World.",
            ("bench", "load", "--runs", "5", "--json"),
            "seconds",
            "nodes",
        ),
        _bench(
            "Card fights",
            "The lookahead bot against a merchant, on one core.",
            FIGHT,
            "fights",
            "seconds",
            "fights_per_second",
        ),
        _bench(
            "The living world",
            "Every ship of the world for two years: warm, cold (its route trees being worked"
            " out), and cold as a new process has it once an earlier one kept the trees it"
            " worked out in the database (`stored_trees` of them; empty if none is kept yet).",
            WORLD_SIM,
            "days",
            "ships",
            "days_per_second",
            "cold_days_per_second",
            "stored_trees",
            "stored_cold_days_per_second",
        ),
        _bench(
            "Voyages",
            "The captain bot's whole voyages (full rules) on one core, and what"
            " logging them costs.",
            VOYAGE,
            "runs",
            "runs_per_second",
            "days_per_second",
            "log_overhead",
            rates=frozenset({"log_overhead"}),
        ),
        _bench(
            "Voyages on two workers",
            "`privateer voyage --runs 200` as whole processes on one worker and on two, in turn.",
            VOYAGE_WORKERS,
            "workers",
            "seconds",
            "runs_per_second",
            "speedup",
            "speedup_by_round",
            rows_at="workers",
        ),
        _bench(
            "The log",
            "Our append against DuckDB's own Arrow append of the same rows, and"
            " `sim --log` over plain `sim`, in wall time and in CPU.",
            LOG,
            "events_per_second",
            "duckdb_events_per_second",
            "share_of_duckdb",
            "sim_seconds",
            "sim_log_seconds",
            "log_overhead",
            "log_cpu_overhead",
            rates=frozenset({"log_overhead", "log_cpu_overhead"}),
        ),
        _bench(
            "Memory",
            "What the World keeps in one process after voyages and a world sim.",
            ("bench", "memory", "--json"),
            "runs",
            "days",
            "caches_bytes",
            "caches_bound",
            "within_bound",
            "peak_rss_bytes",
        ),
        _bench(
            "Starting",
            "A fresh process for `--version`, `runs list` and `db current`.",
            STARTUP,
            "version_seconds",
            "runs_list_seconds",
            "db_current_seconds",
            "runs_list_over_version",
        ),
        _bench(
            "The browser",
            "The web front end on a copy of the database, on the server and in Chromium.",
            ("bench", "web", "--json"),
            "measure",
            "side",
            "first_ms",
            "median_ms",
            "aim_ms",
            "over_aim",
        ),
        _bench(
            "Tribes",
            "The Tribes design document's perf gate: 8 tribes for 10,000 ticks on"
            " one core with the built-in policies.",
            TRIBES,
            "ticks_run",
            "wall_seconds",
            "ticks_per_second",
            "microseconds_per_tribe_tick",
            "outside_phases",
            "phases",
        ),
    ),
)
