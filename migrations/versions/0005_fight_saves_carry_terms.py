"""fight saves carry a voyage's terms: save_version 2 -> 3; voyages saved

A fight in a voyage is fought on terms (the gold in her hold, a town's walls raised and its
relief come sooner) and with the cards a yard has struck out of your deck. Version 3 of a
fight's save carries them: the setup's "hold", "walls" and "relief_sooner", the outfit's
"struck". A version 2 save is a plain fight, so it gains the plain terms (her kind's hold, no
walls, relief on time, nothing struck).

Voyages (mode "voyage") are saved from this revision on, in the same table, with versions of
their own. A downgrade writes fight saves back as version 2 where their terms are plain, and
sets aside every save older code cannot read (each voyage's, and a fight's with terms) in
`_kept_0005`, marking its run abandoned meanwhile; the upgrade gives them back, and their runs
as they were, unless older code has ended or saved the run since.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

from privateer.migrations import kept

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

KEPT = "_kept_0005"

DOWNGRADE_DROPS: tuple[str, ...] = ()  # no table or column
DOWNGRADE_KEEPS: tuple[str, ...] = ()  # saves older code cannot read, below

FIGHT_SAVES = (
    "SELECT run_id, state FROM saves WHERE save_version = :v "
    "AND run_id IN (SELECT run_id FROM runs WHERE mode = 'fight')"
)
VOYAGE_SAVES = (
    "SELECT run_id FROM saves WHERE run_id IN (SELECT run_id FROM runs WHERE mode = 'voyage') "
    "ORDER BY run_id"
)


def downgrade_keeps(connection: sa.Connection) -> list[str]:
    """The saves a downgrade past this revision sets aside: every voyage in progress, and a
    fight's whose terms version 2 cannot hold."""
    voyages = len(connection.execute(sa.text(VOYAGE_SAVES)).all())
    fights = sum(
        _as_version_2(_load(state)) is None
        for _, state in connection.execute(sa.text(FIGHT_SAVES), {"v": 3}).all()
    )
    words = [(voyages, "voyages"), (fights, "fights with a voyage's terms")]
    return [f"saves of {n} {what} in progress (runs marked abandoned)" for n, what in words if n]


def _load(state: Any) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(state) if isinstance(state, str) else state
    return loaded


def _store(conn: sa.Connection, run_id: int, state: dict[str, Any], version: int) -> None:
    conn.execute(
        sa.text("UPDATE saves SET state = :s, save_version = :v WHERE run_id = :r"),
        {"s": json.dumps(state, sort_keys=True), "v": version, "r": run_id},
    )


def _as_version_2(data: dict[str, Any]) -> dict[str, Any] | None:
    """A version 3 fight's save as version 2, or None where its terms are not plain."""
    setup = dict(data["setup"])
    plain = setup.pop("hold", None) is None
    plain &= not setup.pop("walls", 0) and not setup.pop("relief_sooner", 0)
    outfit = dict(setup["outfit"])
    plain &= not outfit.pop("struck", [])
    setup["outfit"] = outfit
    return {**data, "setup": setup} if plain else None


def upgrade() -> None:
    conn = op.get_bind()
    for run_id, state in conn.execute(sa.text(FIGHT_SAVES), {"v": 2}).all():
        data = _load(state)
        setup = dict(data["setup"])
        setup.update({"hold": None, "walls": 0, "relief_sooner": 0})
        setup["outfit"] = {**setup["outfit"], "struck": []}
        _store(conn, run_id, {**data, "setup": setup}, 3)
    kept.restore_saves(conn, KEPT)  # version 3 as they were: after the rewrite above


def downgrade() -> None:
    conn = op.get_bind()
    kept.drop(conn, KEPT)  # one left by older code's upgrade, which never read it
    aside = [run_id for (run_id,) in conn.execute(sa.text(VOYAGE_SAVES)).all()]
    for run_id, state in conn.execute(sa.text(FIGHT_SAVES), {"v": 3}).all():
        older = _as_version_2(_load(state))
        if older is None:
            aside.append(run_id)
        else:
            _store(conn, run_id, older, 2)
    kept.set_aside_saves(conn, KEPT, sorted(aside))
