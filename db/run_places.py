"""Where logged voyages went, read back for pictures (`privateer chart --run`, `--where`): one
voyage's events that happened somewhere, and over every voyage how often captains fought, sank
or raided at each node and in each named sea."""

from __future__ import annotations

from typing import Any

import orjson
import sqlalchemy as sa

from .errors import DatabaseError
from .event_fields import declared, field

PLACED_KINDS = (
    "voyage_start", "sailed", "arrived", "fight_over", "storm", "answered", "sunk", "won",
    "out_of_time", "letter", "touched",
)  # fmt: skip
"""The events a picture of a voyage draws: where she began and sailed day by day, the ports
she put in at, her fights and raids (`fight_over`), storms (rolled, or answered), Drake's
places touched (on his circuit), her end."""

RAID_TARGETS = ("town", "fortified_port")

_TARGET = field("voyage", "fight_over", "target")
WHERE = {
    "sunk": f"e.kind = {declared('voyage', 'sunk')}",
    "fights": f"e.kind = {declared('voyage', 'fight_over')} AND {_TARGET} NOT IN {RAID_TARGETS}",
    "raids": f"e.kind = {declared('voyage', 'fight_over')} AND {_TARGET} IN {RAID_TARGETS}",
}
"""What `chart --where` can count, and the events that are it (each has a node)."""
_NODE = {what: field("voyage", kind, "node") for what, kind in (
    ("sunk", "sunk"), ("fights", "fight_over"), ("raids", "fight_over"))}  # fmt: skip


def voyage_run(conn: sa.Connection, run_id: int) -> dict[str, Any]:
    """The run's row (mode, seed, outcome, days, options); one line if there is none or it is
    not a voyage."""
    row = (
        conn.execute(
            sa.text(
                "SELECT run_id, mode, seed, outcome, days, options FROM runs WHERE run_id = :r"
            ),
            {"r": run_id},
        )
        .mappings()
        .first()
    )
    if row is None:
        raise DatabaseError(f"no run {run_id} (see `privateer runs list`)")
    if row["mode"] != "voyage":
        raise DatabaseError(f"run {run_id} is a {row['mode']} run: only a voyage sails the chart")
    run = dict(row)
    run["options"] = _json(run["options"])
    return run


def voyage_events(conn: sa.Connection, run_id: int) -> list[tuple[int, str, dict[str, Any]]]:
    """(day, kind, payload) of the run's events a picture draws, in the order they happened."""
    kinds = ", ".join(declared("voyage", k) for k in PLACED_KINDS)
    rows = conn.execute(
        sa.text(
            f"SELECT day, kind, payload FROM events WHERE run_id = :r AND kind IN ({kinds}) "
            "ORDER BY seq"
        ),
        {"r": run_id},
    )
    return [(int(day), str(kind), _json(payload)) for day, kind, payload in rows]


def _json(value: Any) -> dict[str, Any]:
    """A JSON column as a dict, whether the driver handed it over decoded or as text."""
    found = orjson.loads(value) if isinstance(value, str | bytes) else value
    return dict(found or {})


def where_by_node(conn: sa.Connection, what: str) -> list[tuple[int, int]]:
    """(node_id, times) over every logged voyage, most first."""
    rows = conn.execute(
        sa.text(
            f"SELECT {_NODE[what]}::INT AS node_id, count(*) AS times "
            "FROM events e JOIN runs r USING (run_id) "
            f"WHERE r.mode = 'voyage' AND {WHERE[what]} GROUP BY ALL ORDER BY times DESC, node_id"
        )
    )
    return [(int(node), int(times)) for node, times in rows]


def where_by_sea(conn: sa.Connection, what: str) -> list[tuple[str, float, float, int]]:
    """(sea, label lon, label lat, times) over every logged voyage, for the named seas where it
    happened at least once, most first."""
    rows = conn.execute(
        sa.text(
            f"WITH placed AS (SELECT {_NODE[what]}::INT AS node_id "
            "FROM events e JOIN runs r USING (run_id) "
            f"WHERE r.mode = 'voyage' AND {WHERE[what]}) "
            "SELECT s.name, s.label_lon, s.label_lat, count(*) AS times "
            "FROM placed JOIN sea_nodes USING (node_id) JOIN seas s USING (sea_id) "
            "GROUP BY ALL ORDER BY times DESC, s.name"
        )
    )
    return [(str(n), float(x), float(y), int(t)) for n, x, y, t in rows]
