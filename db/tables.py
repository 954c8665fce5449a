"""The SQLAlchemy table definitions: the world tables (a contract other tools read) and the run
tables. alembic's revisions in migrations/ create them; a test checks the two agree.

Directions are degrees clockwise from north that water or air moves toward; distances are
nautical miles. Ids are assigned by the code that writes the rows (the pipeline, the run log), so
no column relies on a sequence, and the same input gives the same ids.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.types import UserDefinedType


class Geometry(UserDefinedType[object]):
    """DuckDB spatial's GEOMETRY column type. Values are written with ST_ functions in SQL."""

    cache_ok = True

    def get_col_spec(self, **kw: object) -> str:
        return "GEOMETRY"


metadata = sa.MetaData()


def _id(name: str) -> sa.Column[int]:
    return sa.Column(name, sa.Integer, primary_key=True, autoincrement=False)


# --- the world --------------------------------------------------------------------------------

world_build = sa.Table(
    "world_build",
    metadata,
    _id("build_id"),
    sa.Column("source_path", sa.String, nullable=False),
    sa.Column("source_sha256", sa.String(64), nullable=False),
    sa.Column("params", sa.JSON, nullable=False),
    sa.Column("code_version", sa.String, nullable=False),
    sa.Column("content_hash", sa.String(64), nullable=False),
    sa.Column("counts", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
)

nodes = sa.Table(
    "nodes",
    metadata,
    _id("node_id"),
    sa.Column("lon", sa.Float(53), nullable=False),
    sa.Column("lat", sa.Float(53), nullable=False),
    sa.Column("kind", sa.String, nullable=False),  # coast | ocean | passage | waypoint
    sa.Column("geom", Geometry, nullable=False),
)

legs = sa.Table(
    "legs",
    metadata,
    _id("leg_id"),
    sa.Column("a", sa.Integer, nullable=False),
    sa.Column("b", sa.Integer, nullable=False),
    sa.Column("nm", sa.Float(53), nullable=False),
    sa.Column("days", sa.Integer, nullable=False),
    sa.Column("geom", Geometry, nullable=False),
)

steps = sa.Table(
    "steps",
    metadata,
    _id("step_id"),
    sa.Column("a", sa.Integer, nullable=False),
    sa.Column("b", sa.Integer, nullable=False),
    sa.Column("nm", sa.Float(53), nullable=False),
    sa.Column("leg_id", sa.Integer, nullable=False),
    sa.Column("geom", Geometry, nullable=False),
)

ports = sa.Table(
    "ports",
    metadata,
    _id("port_id"),
    sa.Column("name", sa.String, nullable=False),
    sa.Column("nation", sa.String, nullable=False),
    sa.Column("lon", sa.Float(53), nullable=False),
    sa.Column("lat", sa.Float(53), nullable=False),
    sa.Column("node_id", sa.Integer, nullable=False),
    sa.Column("fortified", sa.Boolean, nullable=False),
    sa.Column("kind", sa.String, nullable=False),  # port | native
    # home, privateer_base, corsair, hunter_station, islanders; ';'-separated (revision 0002)
    sa.Column("roles", sa.String, server_default=""),
)

nations = sa.Table(
    "nations",
    metadata,
    sa.Column("nation", sa.String, primary_key=True),
    sa.Column("name", sa.String, nullable=False),
    sa.Column("field", sa.String(7), nullable=False),  # #rrggbb, a flag seen at a distance
    sa.Column("border", sa.String(7), nullable=False),
)

drake = sa.Table(
    "drake",
    metadata,
    _id("seq"),
    sa.Column("node_id", sa.Integer, nullable=False),
    sa.Column("place", sa.String),  # where he touched; NULL between places
)

currents = sa.Table(
    "currents",
    metadata,
    _id("node_id"),
    sa.Column("toward_deg", sa.Float(53), nullable=False),
    sa.Column("knots", sa.Float(53), nullable=False),
    sa.Column("stream", sa.String, nullable=False),
)

winds = sa.Table(
    "winds",
    metadata,
    sa.Column("node_id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("season", sa.SmallInteger, primary_key=True, autoincrement=False),  # 0-3
    sa.Column("toward_deg", sa.Float(53), nullable=False),
    sa.Column("knots", sa.Float(53), nullable=False),
)

waters = sa.Table(
    "waters",
    metadata,
    _id("node_id"),
    sa.Column("nation", sa.String, nullable=False),
    sa.Column("fort_port_id", sa.Integer, nullable=False),
    sa.Column("days", sa.Integer, nullable=False),
)

features = sa.Table(
    "features",
    metadata,
    sa.Column("node_id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String, primary_key=True),  # bank | river_mouth | strait | ...
    sa.Column("name", sa.String, primary_key=True),
)

seas = sa.Table(
    "seas",
    metadata,
    _id("sea_id"),
    sa.Column("name", sa.String, nullable=False, unique=True),
    sa.Column("label_lon", sa.Float(53), nullable=False),
    sa.Column("label_lat", sa.Float(53), nullable=False),
)

sea_nodes = sa.Table(
    "sea_nodes",
    metadata,
    _id("node_id"),
    sa.Column("sea_id", sa.Integer, nullable=False),
)

WORLD_TABLES: tuple[sa.Table, ...] = (
    nations,
    drake,
    nodes,
    legs,
    steps,
    ports,
    currents,
    winds,
    waters,
    features,
    seas,
    sea_nodes,
)

# --- runs -------------------------------------------------------------------------------------

runs = sa.Table(
    "runs",
    metadata,
    _id("run_id"),
    sa.Column("mode", sa.String, nullable=False),  # fight | sim | voyage ...
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("world_hash", sa.String(64)),  # content_hash of the world it ran on, if any
    sa.Column("engine_version", sa.String, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("outcome", sa.String),  # NULL while in progress
    sa.Column("score", sa.Integer),
    sa.Column("days", sa.Integer),
    sa.Column("started_at", sa.DateTime, nullable=False),
    sa.Column("finished_at", sa.DateTime),
    # what was fought, for analysis (revision 0003)
    sa.Column("target", sa.String),
    sa.Column("ship", sa.String),
    sa.Column("bot", sa.String),
    sa.Column("rounds", sa.Integer),
    sa.Index("runs_by_fight", "mode", "target", "ship", "bot"),
    sa.Index("runs_by_outcome", "outcome"),
)

# The fields of events asked for most are one JSON function away (payload->>'$.card'); the view
# event_facts (revision 0003) spells them out as columns.
# Events and actions carry no primary key on purpose: DuckDB maintains an ART index for each key,
# which would tax the bulk appends the run log depends on. (run_id, seq) is unique by
# construction, and the analysis indexes come with the run log's own migration.
events = sa.Table(
    "events",
    metadata,
    sa.Column("run_id", sa.Integer, nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("day", sa.Integer, nullable=False),
    sa.Column("kind", sa.String, nullable=False),
    sa.Column("payload", sa.JSON, nullable=False),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("run_id", sa.Integer, nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("side", sa.String, nullable=False),
    sa.Column("action", sa.String, nullable=False),
)

checkpoints = sa.Table(
    "checkpoints",
    metadata,
    sa.Column("run_id", sa.Integer, nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("state_hash", sa.String(64), nullable=False),
)

saves = sa.Table(
    "saves",
    metadata,
    _id("run_id"),
    sa.Column("save_version", sa.Integer, nullable=False),
    sa.Column("state", sa.JSON, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False),
)

# --- balance studies (revision 0006) -----------------------------------------------------------

sweeps = sa.Table(
    "sweeps",
    metadata,
    _id("sweep_id"),
    sa.Column("dials", sa.JSON, nullable=False),  # [[name, [values...]], ...]
    sa.Column("rules", sa.String, nullable=False),  # the voyage rules turned
    sa.Column("first_seed", sa.BigInteger, nullable=False),
    sa.Column("runs", sa.Integer, nullable=False),  # a point
    sa.Column("days", sa.Integer, nullable=False),
    sa.Column("engine_version", sa.String, nullable=False),
    sa.Column("world_hash", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
    # a search's (`privateer tune`, revision 0007): its figures' intervals, dials' ranges and
    # budget; null for a sweep
    sa.Column("search", sa.JSON),
)

sweep_points = sa.Table(
    "sweep_points",
    metadata,
    sa.Column("sweep_id", sa.Integer, nullable=False),
    sa.Column("point", sa.Integer, nullable=False),
    sa.Column("setting", sa.JSON, nullable=False),  # {dial: value}
    sa.Column("point_key", sa.String(64), nullable=False),  # setting, seeds, days, engine, world
    sa.Column("figures", sa.JSON, nullable=False),
    sa.PrimaryKeyConstraint("sweep_id", "point"),
)

sweep_results = sa.Table(
    "sweep_results",
    metadata,
    sa.Column("point_key", sa.String(64), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("outcome", sa.String, nullable=False),
    sa.Column("cause", sa.String, nullable=False),
    sa.Column("day", sa.Integer, nullable=False),
    sa.Column("gold", sa.Integer, nullable=False),
    sa.Column("raids", sa.Integer, nullable=False),
    sa.Column("prizes", sa.Integer, nullable=False),
    sa.Column("storms", sa.Integer, nullable=False),
    sa.Column("seas", sa.JSON, nullable=False),  # the named seas she sailed in (World.seas)
    sa.Column("run_id", sa.Integer),  # the logged run, if the study logged its runs
    # the letters of marque it finished (revision 0007); null without letters, or stored before
    sa.Column("acts", sa.Integer),
)

# --- what processes worked out on a world, kept for the next (revision 0008) ---------------------

route_trees = sa.Table(
    "route_trees",
    metadata,
    sa.Column("world_hash", sa.String(64), primary_key=True),
    sa.Column("destination", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("weather", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("rig", sa.SmallInteger, primary_key=True, autoincrement=False),
    # '' the calm seas; else [storm_latitude, storm_days, ice_latitude, ice_days, [closed]]
    sa.Column("seas", sa.String, primary_key=True),
    sa.Column("fingerprint", sa.String(64), nullable=False),  # of the graph it was worked out on
    sa.Column("legs", sa.LargeBinary, nullable=False),  # per graph node, little-endian
    sa.Column("ahead", sa.JSON, nullable=False),  # [[neighbour, next node], ...]
)

RUN_TABLES: tuple[sa.Table, ...] = (runs, events, actions, checkpoints, saves)
CACHE_TABLES: tuple[sa.Table, ...] = (route_trees,)  # a cache each: emptied, nothing is lost

# --- what the schema page says of them (`privateer docs schema`) -------------------------------

ABOUT: dict[str, str] = {
    "world_build": "one row a build: its source, parameters, code version and content hash",
    "nodes": "the graph's nodes: coast, ocean, passage (a strait's thread) and waypoint",
    "legs": "the graph's edges between non-waypoint nodes, with their length and days",
    "steps": "the day graph: one step is one day's sail along a leg",
    "ports": "the ports of 16XX and the native towns, with their nation, fort and roles",
    "nations": "each nation's name and flag (its field and border colours)",
    "drake": "Drake's route through the graph, a place a row in his order",
    "currents": "the current at a node: where it runs, how fast, and its stream's name",
    "winds": "the wind at a node in each season (0-3 from spring)",
    "waters": "protected waters: a nation's node, the fort whose guns keep it, days from it",
    "features": "banks, river mouths, straits and the water under forts' guns",
    "seas": "the named seas as the century's charts lettered them",
    "sea_nodes": "which node lies in which named sea",
    "runs": "one row a run of any mode: its seed, world, engine, options and outcome",
    "events": "everything that happened in a run, in order, with its day and payload",
    "actions": "every action a run was given, in order, with the side that chose it",
    "checkpoints": "the state's hash at points of a run, so a replay is checked as it goes",
    "saves": "the save of a run in progress, replaced after every action",
    "sweeps": "a balance study or a search: the dials turned, the rules, seeds and world",
    "sweep_points": "each setting of a study (a search's trial), with its figures",
    "sweep_results": "each run of a study's point, by the point's key (shared by studies)",
    "route_trees": "the route trees worked out on a world, kept so the next process reads them",
}
"""A line on each table, for the schema page (a test holds every table to one)."""

REFERENCES: dict[tuple[str, str], str] = {
    **{(table, column): "nodes.node_id" for table, column in (
        ("legs", "a"), ("legs", "b"), ("steps", "a"), ("steps", "b"), ("ports", "node_id"),
        ("currents", "node_id"), ("winds", "node_id"), ("waters", "node_id"),
        ("features", "node_id"), ("drake", "node_id"), ("sea_nodes", "node_id"),
    )},
    ("steps", "leg_id"): "legs.leg_id",
    ("ports", "nation"): "nations.nation",
    ("waters", "nation"): "nations.nation",
    ("waters", "fort_port_id"): "ports.port_id",
    ("sea_nodes", "sea_id"): "seas.sea_id",
    **{(table, "run_id"): "runs.run_id" for table in (
        "events", "actions", "checkpoints", "saves", "sweep_results"
    )},
    ("runs", "world_hash"): "world_build.content_hash",
    ("route_trees", "world_hash"): "world_build.content_hash",
    ("route_trees", "destination"): "nodes.node_id",
    ("sweeps", "world_hash"): "world_build.content_hash",
    ("sweep_points", "sweep_id"): "sweeps.sweep_id",
    ("sweep_results", "point_key"): "sweep_points.point_key",
}  # fmt: skip
"""Which column names a row of another table. DuckDB keeps no foreign keys here (the writers
keep the ids, and a world is replaced in one transaction), so they are declared for readers."""
