"""The tabletop game's view as numbers (engine/encoding.py), from the seat that observes: the
seats read from hers round the table in turn order (hers first, an empty seat's all 0), each
seat's gold, hand size and pieces (count, strength with what is attached, gold aboard), her own
hand by kind, the phase and whose move it is, and a raid under way. The other hands are not in
her view (only their sizes), so not here either."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..encoding import Encoding, View, derived, number, one_hot
from .cards import KINDS
from .state import PHASES

SEATS = 4  # the most seats a table has (its rules' max_players is at most the nations, 4)
PIECES = ("merchants", "privateers", "bases")
HAND_KINDS = tuple(KINDS.values())
ROLES = ("active", "to_act")


def _round_the_table(view: View) -> list[str]:
    """The seats from the observer's round in turn order."""
    players = list(view.get("players") or [])
    start = players.index(view["seat"]) if view.get("seat") in players else 0
    return players[start:] + players[:start]


def _piece_power(piece: Mapping[str, Any]) -> float:
    return float(piece.get("str", 0)) + float(
        sum(a.get("str", 0) for a in piece.get("attached", []))
    )


def _seat_figures(view: View) -> list[float]:
    row: list[float] = []
    seats = _round_the_table(view)
    for place in range(SEATS):
        if place >= len(seats):
            row.extend([0.0] * (3 + 3 * len(PIECES)))
            continue
        seat = seats[place]
        table = (view.get("table") or {}).get(seat, {})
        row += [1.0, float(view["gold"][seat]), float(view["hand_sizes"][seat])]
        for kind in PIECES:
            pieces = table.get(kind, [])
            row += [
                float(len(pieces)),
                sum(_piece_power(p) for p in pieces),
                float(sum(p.get("gold", 0) for p in pieces)),
            ]
    return row


SEAT_LABELS = [
    f"seat[{place}].{what}"
    for place in range(SEATS)
    for what in (
        "present",
        "gold",
        "hand",
        *(f"{kind}.{figure}" for kind in PIECES for figure in ("count", "strength", "gold")),
    )
]


def _roles(view: View) -> list[float]:
    """Which seat (from the observer's round) is active, and which is to act now."""
    seats = _round_the_table(view)
    row = [0.0] * (SEATS * len(ROLES))
    for r, role in enumerate(ROLES):
        if view.get(role) in seats:
            row[r * SEATS + seats.index(view[role])] = 1.0
    return row


def _hand(view: View) -> list[float]:
    hand = view.get("hand") or []
    counts = [float(sum(1 for c in hand if c["type"] == kind)) for kind in HAND_KINDS]
    powers = [float(sum(c["str"] for c in hand if c["type"] == kind)) for kind in HAND_KINDS]
    golds = [float(sum(c["gold"] for c in hand if c["type"] == kind)) for kind in HAND_KINDS]
    return counts + powers + golds


def _raid(view: View) -> list[float]:
    """A raid under way: whether one is, whether the observer attacks, defends or answers now,
    and both sides' strengths."""
    raid = view.get("raid")
    if not raid:
        return [0.0] * 6
    me = view.get("seat")
    return [
        1.0,
        float(raid["attacker"] == me),
        float(raid["defender"] == me),
        float(raid["to_respond"] == me),
        float(raid["attack"]),
        float(raid["defence"]),
    ]


ENCODING = Encoding(
    (
        number("turn", "the turn", high=1000),
        number("round", "the round", high=1000),
        number("goal", "the gold that wins", high=1000),
        one_hot("phase", "the phase", PHASES),
        number("discarding", "a discard is asked for"),
        derived(
            "roles",
            "the seat active and the seat to act, from hers",
            _roles,
            [f"{role}=seat[{p}]" for role in ROLES for p in range(SEATS)],
        ),
        derived(
            "seats",
            "each seat from hers: there, gold, hand size, pieces",
            _seat_figures,
            SEAT_LABELS,
            high=1000,
        ),
        derived(
            "hand",
            "her hand by kind: cards, strength, gold",
            _hand,
            [
                f"hand.{kind}.{what}"
                for what in ("count", "strength", "gold")
                for kind in HAND_KINDS
            ],
            high=200,
        ),
        number("deck_size", "cards left to draw", high=400),
        number("discard_size", "cards discarded", high=400),
        derived(
            "raid",
            "a raid: under way, she attacks, defends, answers now; the strengths",
            _raid,
            [
                "raid",
                "raid.attacking",
                "raid.defending",
                "raid.answering",
                "raid.attack",
                "raid.defence",
            ],
            high=200,
        ),
    ),
    most_actions=512,
)
"""The tabletop's encoding. Its actions: at most 512 at once (the bots' games offer up to 61: a
full hand's cards, each with every piece it may go on)."""
