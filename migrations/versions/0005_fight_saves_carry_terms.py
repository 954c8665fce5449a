"""fight saves carry a voyage's terms: save_version 2 -> 3; voyages saved

A fight in a voyage is fought on terms (the gold in her hold, a town's walls raised and its
relief come sooner) and with the cards a yard has struck out of your deck. Version 3 of a
fight's save carries them: the setup's "hold", "walls" and "relief_sooner", the outfit's
"struck". A version 2 save is a plain fight, so it gains the plain terms (her kind's hold, no
walls, relief on time, nothing struck).

Voyages (mode "voyage") are saved from this revision on, in the same table, with versions of
their own. A downgrade writes fight saves back as version 2 where their terms are plain (a
fight of a voyage cannot be: it goes with its voyage) and drops every voyage's save, marking
its run abandoned: older code cannot read them.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

DOWNGRADE_DROPS: tuple[str, ...] = ()  # no table or column; voyages' saves, below


def downgrade_losses(connection: sa.Connection) -> list[str]:
    """The saves a downgrade past this revision drops: every voyage in progress."""
    count = connection.execute(
        sa.text(
            "SELECT count(*) FROM saves WHERE run_id IN "
            "(SELECT run_id FROM runs WHERE mode = 'voyage')"
        )
    ).scalar_one()
    return [f"saves of {count} voyages in progress (their runs marked abandoned)"] if count else []


FIGHT_SAVES = (
    "SELECT run_id, state FROM saves WHERE save_version = :v "
    "AND run_id IN (SELECT run_id FROM runs WHERE mode = 'fight')"
)


def _load(state: Any) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(state) if isinstance(state, str) else state
    return loaded


def _store(conn: sa.Connection, run_id: int, state: dict[str, Any], version: int) -> None:
    conn.execute(
        sa.text("UPDATE saves SET state = :s, save_version = :v WHERE run_id = :r"),
        {"s": json.dumps(state, sort_keys=True), "v": version, "r": run_id},
    )


def upgrade() -> None:
    conn = op.get_bind()
    for run_id, state in conn.execute(sa.text(FIGHT_SAVES), {"v": 2}).all():
        data = _load(state)
        setup = dict(data["setup"])
        setup.update({"hold": None, "walls": 0, "relief_sooner": 0})
        setup["outfit"] = {**setup["outfit"], "struck": []}
        _store(conn, run_id, {**data, "setup": setup}, 3)


def downgrade() -> None:
    conn = op.get_bind()
    voyages = "SELECT run_id FROM runs WHERE mode = 'voyage'"
    conn.execute(
        sa.text(
            "UPDATE runs SET outcome = 'abandoned', finished_at = now() "
            f"WHERE outcome IS NULL AND run_id IN (SELECT run_id FROM saves) "
            f"AND run_id IN ({voyages})"
        )
    )
    conn.execute(sa.text(f"DELETE FROM saves WHERE run_id IN ({voyages})"))
    for run_id, state in conn.execute(sa.text(FIGHT_SAVES), {"v": 3}).all():
        data = _load(state)
        setup = dict(data["setup"])
        plain = setup.pop("hold", None) is None
        plain &= not setup.pop("walls", 0) and not setup.pop("relief_sooner", 0)
        outfit = dict(setup["outfit"])
        plain &= not outfit.pop("struck", [])
        if not plain:
            raise RuntimeError(f"run {run_id}'s fight has terms version 2 cannot hold")
        setup["outfit"] = outfit
        _store(conn, run_id, {**data, "setup": setup}, 2)
