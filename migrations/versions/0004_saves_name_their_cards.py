"""saves name their cards: save_version 1 -> 2

A version 1 save held each card as its position in the engine's catalogue, times two, plus the
side (0 you, 1 them); adding a card kind anywhere but the end would have turned every stored
fight into another. Version 2 names each card, "key:side". This data migration rewrites the
stored saves; the catalogue as it stood at version 1 is frozen below, since the code's will
move on.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

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


def _rewrite(from_version: int, to_version: int, card: Any) -> None:
    conn = op.get_bind()
    rows = conn.execute(  # fights' saves only: other modes number their own versions
        sa.text(
            "SELECT run_id, state FROM saves WHERE save_version = :v "
            "AND run_id IN (SELECT run_id FROM runs WHERE mode = 'fight')"
        ),
        {"v": from_version},
    ).all()
    for run_id, state in rows:
        data = json.loads(state) if isinstance(state, str) else state
        conn.execute(
            sa.text("UPDATE saves SET state = :s, save_version = :v WHERE run_id = :r"),
            {"s": json.dumps(_convert(data, card)), "v": to_version, "r": run_id},
        )


# A downgrade past this revision drops nothing: saves are written back as version 1.
DOWNGRADE_DROPS: tuple[str, ...] = ()


def upgrade() -> None:
    _rewrite(1, 2, _name)


def downgrade() -> None:
    _rewrite(2, 1, _code)
