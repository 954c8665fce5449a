"""The table as plain data: the deck, the discard, each seat's hand, gold and cards in play,
whose turn and phase it is, the raid under way, the RNG, and how it ended.

`act` mutates a state in place; `copy()` is cheap. `to_dict` is its canonical form and
`from_dict` rebuilds it, refusing (SaveError, naming the field) a save of the wrong shape or
one that does not hold every card of the deck exactly once. `state_hash()` is the SHA-256 of
the canonical JSON.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..errors import SaveError
from ..schema import SEED_MAX, show
from .cards import DECK_SIZE
from .rules import NATIONS, TabletopRules

PHASES = ("fate", "sailing", "merchant", "raid", "privateer", "taxes", "settlement")
"""seed: "Each turn has 7 phases", in this order."""
RESULTS = ("gold", "round_limit")


@dataclass(slots=True)
class Piece:
    """A merchant, privateer or base in play: its card, travel tokens (a merchant's) and the
    cards attached to it, in the order attached."""

    card: int
    tokens: int = 0
    attached: list[int] = field(default_factory=list)

    def copy(self) -> Piece:
        return Piece(self.card, self.tokens, list(self.attached))

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "tokens": self.tokens, "attached": list(self.attached)}


@dataclass(slots=True)
class Raid:
    """A raid under way: the raiding privateers (two with Major Expedition), the target and
    its owner, the strength events' bonus, whether Plunder was played, the event cards played
    (already in the discard), and which seat of the response window is to act (0 = the
    attacker, then each seat after her)."""

    attackers: list[int]
    target: int
    defender: int
    bonus: int = 0
    plunder: bool = False
    played: list[int] = field(default_factory=list)
    window: int = 0

    def copy(self) -> Raid:
        return Raid(
            list(self.attackers),
            self.target,
            self.defender,
            self.bonus,
            self.plunder,
            list(self.played),
            self.window,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "attackers": list(self.attackers),
            "target": self.target,
            "defender": self.defender,
            "bonus": self.bonus,
            "plunder": self.plunder,
            "played": list(self.played),
            "window": self.window,
        }


@dataclass(slots=True)
class TabletopState:
    rules: TabletopRules
    seed: int
    players: list[str]  # the nations, in seat (turn) order
    deck: list[int]  # the draw pile; its top is the last
    discard: list[int]  # the discard pile; its top is the last
    hands: list[list[int]]
    gold: list[int]
    table: list[list[Piece]]  # each seat's merchants, privateers and bases, in order played
    first: int  # the seat that won the first roll
    turn: int = 0  # the turns begun (each seat's turn counts one)
    active: int = 0  # the seat whose turn it is
    phase: str = "fate"
    # this turn's counts and marks
    merchants_played: int = 0
    privateers_played: int = 0
    bases_played: int = 0
    extra_plays: int = 0  # Shipbuilding's extra privateer or merchant
    travelled: list[int] = field(default_factory=list)  # merchants given a travel event
    raided: list[int] = field(default_factory=list)  # privateers that raided
    targeted: list[int] = field(default_factory=list)  # what was raided
    safe: list[int] = field(default_factory=list)  # merchants under Safe Conduct
    discarding: bool = False  # the end of Settlement, discarding down to the hand max
    raid: Raid | None = None
    rng: int = 0
    result: str | None = None  # "gold" or "round_limit" once it is over
    winner: int | None = None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def round(self) -> int:
        """The round: each seat's turn once."""
        return (self.turn - 1) // self.seats + 1 if self.turn else 0

    def copy(self) -> TabletopState:
        return TabletopState(
            self.rules,
            self.seed,
            list(self.players),
            list(self.deck),
            list(self.discard),
            [list(h) for h in self.hands],
            list(self.gold),
            [[p.copy() for p in seat] for seat in self.table],
            self.first,
            self.turn,
            self.active,
            self.phase,
            self.merchants_played,
            self.privateers_played,
            self.bases_played,
            self.extra_plays,
            list(self.travelled),
            list(self.raided),
            list(self.targeted),
            list(self.safe),
            self.discarding,
            self.raid.copy() if self.raid is not None else None,
            self.rng,
            self.result,
            self.winner,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "players": list(self.players),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "hands": [list(h) for h in self.hands],
            "gold": list(self.gold),
            "table": [[p.to_dict() for p in seat] for seat in self.table],
            "first": self.first,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "merchants_played": self.merchants_played,
            "privateers_played": self.privateers_played,
            "bases_played": self.bases_played,
            "extra_plays": self.extra_plays,
            "travelled": list(self.travelled),
            "raided": list(self.raided),
            "targeted": list(self.targeted),
            "safe": list(self.safe),
            "discarding": self.discarding,
            "raid": self.raid.to_dict() if self.raid is not None else None,
            "rng": self.rng,
            "result": self.result,
            "winner": self.winner,
        }

    def state_hash(self) -> str:
        return hashlib.sha256(orjson.dumps(self.to_dict(), option=orjson.OPT_SORT_KEYS)).hexdigest()

    def all_cards(self) -> list[int]:
        """Every card the state holds (deck, discard, hands, table): the deck, once each."""
        out = list(self.deck) + list(self.discard)
        for hand in self.hands:
            out += hand
        for seat in self.table:
            for piece in seat:
                out.append(piece.card)
                out += piece.attached
        return out

    @classmethod
    def from_dict(cls, data: Any) -> TabletopState:
        """A state from its saved form, checked; SaveError naming the first thing wrong."""
        return _read_state(data)


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SaveError(f"{key} {show(value)} is not a whole number in {low}..{high}")
    return value


def _ids(value: Any, path: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v < DECK_SIZE for v in value
    ):
        raise SaveError(f"{path} {show(value)} is not a list of card ids")
    return list(value)


def _piece(value: Any, path: str) -> Piece:
    if not isinstance(value, dict) or set(value) != {"card", "tokens", "attached"}:
        raise SaveError(f"{path} {show(value)} is not a card in play")
    (card,) = _ids([value["card"]], f"{path}.card")
    return Piece(card, _int(value, "tokens", 0, 99), _ids(value["attached"], f"{path}.attached"))


def _raid(value: Any, seats: int) -> Raid | None:
    if value is None:
        return None
    keys = {"attackers", "target", "defender", "bonus", "plunder", "played", "window"}
    if not isinstance(value, dict) or set(value) != keys or not isinstance(value["plunder"], bool):
        raise SaveError(f"raid {show(value)} is not a raid")
    return Raid(
        _ids(value["attackers"], "raid.attackers"),
        _ids([value["target"]], "raid.target")[0],
        _int(value, "defender", 0, seats - 1),
        _int(value, "bonus", 0, 1000),
        value["plunder"],
        _ids(value["played"], "raid.played"),
        _int(value, "window", 0, seats - 1),
    )


def _read_state(data: Any) -> TabletopState:
    if not isinstance(data, dict):
        raise SaveError(f"a {type(data).__name__}, not an object")
    try:
        rules = TabletopRules.from_dict(data.get("rules"))
    except ValueError as error:
        raise SaveError(str(error)) from None
    players = data.get("players")
    if (
        not isinstance(players, list)
        or not rules.min_players <= len(players) <= rules.max_players
        or any(p not in NATIONS for p in players)
        or len(set(players)) != len(players)
    ):
        raise SaveError(f"players {show(players)} are not 2-4 nations")
    seats = len(players)
    hands = data.get("hands")
    table = data.get("table")
    gold = data.get("gold")
    for name, value in (("hands", hands), ("table", table), ("gold", gold)):
        if not isinstance(value, list) or len(value) != seats:
            raise SaveError(f"{name} must be a list of {seats}")
    assert isinstance(hands, list) and isinstance(table, list) and isinstance(gold, list)
    for key in ("travelled", "raided", "targeted", "safe", "deck", "discard"):
        _ids(data.get(key), key)
    for key in ("discarding",):
        if not isinstance(data.get(key), bool):
            raise SaveError(f"{key} must be true or false")
    if data.get("phase") not in PHASES:
        raise SaveError(f"phase {show(data.get('phase'))} is not one of {', '.join(PHASES)}")
    if data.get("result") not in (None, *RESULTS):
        raise SaveError(f"result {show(data.get('result'))} is not one of {', '.join(RESULTS)}")
    winner = data.get("winner")
    if winner is not None:
        winner = _int(data, "winner", 0, seats - 1)
    expected = set(_STATE_KEYS)
    if set(data) != expected:
        odd = sorted(set(data) ^ expected)[0]
        raise SaveError(f"field {odd!r} is {'missing' if odd in expected else 'unknown'}")
    state = TabletopState(
        rules=rules,
        seed=_int(data, "seed", 0, SEED_MAX),
        players=list(players),
        deck=list(data["deck"]),
        discard=list(data["discard"]),
        hands=[_ids(h, f"hands[{i}]") for i, h in enumerate(hands)],
        gold=[_int({"gold": g}, "gold", 0, 10**9) for g in gold],
        table=[
            [_piece(p, f"table[{i}][{j}]") for j, p in enumerate(_list(seat, f"table[{i}]"))]
            for i, seat in enumerate(table)
        ],
        first=_int(data, "first", 0, seats - 1),
        turn=_int(data, "turn", 0, 10**7),
        active=_int(data, "active", 0, seats - 1),
        phase=data["phase"],
        merchants_played=_int(data, "merchants_played", 0, 1000),
        privateers_played=_int(data, "privateers_played", 0, 1000),
        bases_played=_int(data, "bases_played", 0, 1000),
        extra_plays=_int(data, "extra_plays", 0, 1000),
        travelled=list(data["travelled"]),
        raided=list(data["raided"]),
        targeted=list(data["targeted"]),
        safe=list(data["safe"]),
        discarding=data["discarding"],
        raid=_raid(data.get("raid"), seats),
        rng=_int(data, "rng", 0, 0xFFFFFFFF),
        result=data["result"],
        winner=winner,
    )
    held = state.all_cards()
    if sorted(held) != list(range(DECK_SIZE)):
        raise SaveError(f"the cards held are not the deck's {DECK_SIZE}, each once")
    return state


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise SaveError(f"{path} must be a list")
    return value


_STATE_KEYS = tuple(TabletopState.__dataclass_fields__)
