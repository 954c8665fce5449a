"""saves name their cards: save_version 1 -> 2

A version 1 save held each card as its position in the engine's catalogue, times two, plus the
side (0 you, 1 them); adding a card kind anywhere but the end would have turned every stored
fight into another. Version 2 names each card, "key:side". This data migration rewrites the
stored saves; the catalogue as it stood at version 1 is frozen below, since the code's will
move on. A card version 1 never had (the prize cards came later) cannot be written back: a
downgrade sets such a save aside in `_kept_0004` (its run marked abandoned meanwhile), and the
upgrade gives it back.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

from privateer.migrations import kept

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

V1_CATALOGUE = (
    "leak",
    "fire",
    "sails",
    "broadside",
    "chain",
    "give_chase",
    "boarding",
    "bear_away",
    "double_shot",
    "marksmen",
    "prize_crew",
    "all_hands",
    "surgeon",
    "nets",
    "chase_guns",
    "boats",
    "crowd_sail",
    "swivel",
    "merchant_guns",
    "great_guns",
    "escort",
    "straggler",
    "cut_off",
    "armada_broadside",
    "weather_gauge",
    "chain_and_bar",
    "guard_broadside",
    "grapnels",
    "boarders",
    "long_guns",
    "sweeps",
    "spears",
    "paddles",
    "tentacles",
    "thrash",
    "dive",
    "battery",
    "musketry",
    "barricades",
    "fort_guns",
    "heated_shot",
    "mend_walls",
    "relief",
)
SIDES = ("you", "them")


def _name(code: int) -> str:
    return f"{V1_CATALOGUE[code >> 1]}:{SIDES[code & 1]}"


def _code(name: str) -> int:
    key, _, side = name.partition(":")
    return V1_CATALOGUE.index(key) * 2 + SIDES.index(side)


def _convert(state: dict[str, Any], card: Any) -> dict[str, Any]:
    state = dict(state)
    state["deck"] = [card(c) for c in state["deck"]]
    state["hand"] = [card(c) for c in state["hand"]]
    state["discard"] = [[card(c) for c in pile] for pile in state["discard"]]
    return state


KEPT = "_kept_0004"
FIGHT_SAVES = (  # fights' saves only: other modes number their own versions
    "SELECT run_id, state FROM saves WHERE save_version = :v "
    "AND run_id IN (SELECT run_id FROM runs WHERE mode = 'fight')"
)


def _load(state: Any) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(state) if isinstance(state, str) else state
    return loaded


def _as_version_1(state: dict[str, Any]) -> dict[str, Any] | None:
    """A version 2 save as version 1, or None if it holds a card version 1 never had."""
    try:
        return _convert(state, _code)
    except ValueError:
        return None


def _store(conn: sa.Connection, run_id: int, state: dict[str, Any], version: int) -> None:
    conn.execute(
        sa.text("UPDATE saves SET state = :s, save_version = :v WHERE run_id = :r"),
        {"s": json.dumps(state), "v": version, "r": run_id},
    )


# A downgrade past this revision drops nothing: saves are written back as version 1, or kept.
DOWNGRADE_DROPS: tuple[str, ...] = ()
DOWNGRADE_KEEPS: tuple[str, ...] = ()  # saves version 1 cannot hold, below


def downgrade_keeps(connection: sa.Connection) -> list[str]:
    """The saves a downgrade past this revision sets aside: a fight's holding a later card."""
    rows = connection.execute(sa.text(FIGHT_SAVES), {"v": 2}).all()
    n = sum(_as_version_1(_load(state)) is None for _, state in rows)
    return [f"saves of {n} fights holding a later card (runs marked abandoned)"] if n else []


def upgrade() -> None:
    conn = op.get_bind()
    for run_id, state in conn.execute(sa.text(FIGHT_SAVES), {"v": 1}).all():
        _store(conn, run_id, _convert(_load(state), _name), 2)
    kept.restore_saves(conn, KEPT)


def downgrade() -> None:
    conn = op.get_bind()
    kept.drop(conn, KEPT)  # one left by older code's upgrade, which never read it
    aside = []
    for run_id, state in conn.execute(sa.text(FIGHT_SAVES), {"v": 2}).all():
        older = _as_version_1(_load(state))
        if older is None:
            aside.append(run_id)
        else:
            _store(conn, run_id, older, 1)
    kept.set_aside_saves(conn, KEPT, aside)
