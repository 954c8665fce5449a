"""What the tabletop game tells (the Privateers design document): each event kind and the fields its
payload carries, declared once. `nation` is the seat the event is about; `card` and `target` are
card ids (cards.py), `name` the card's name. No event names a card drawn: a hand is its seat's
alone."""

from __future__ import annotations

from typing import TypedDict


class Setup(TypedDict):
    seed: int
    rules: str
    players: list[str]


class FirstRoll(TypedDict):
    nations: list[str]
    rolls: list[int]


class Turn(TypedDict):
    nation: str
    round: int


class Phase(TypedDict):
    nation: str
    phase: str


class Draw(TypedDict):
    nation: str
    count: int


class Reshuffle(TypedDict):
    cards: int


class CardNamed(TypedDict):
    nation: str
    card: int
    name: str


class Token(CardNamed):
    tokens: int


class Home(CardNamed):
    gold: int
    treasure: int


class Gold(TypedDict):
    nation: str
    amount: int
    source: str  # home, capture, taxes, plunder
    total: int


class Play(CardNamed):
    kind: str


class Attach(CardNamed):
    target: int


class EventPlayed(CardNamed):
    target: int  # -1: none


class Discarded(CardNamed):
    why: str  # home, captured, disaster, Hurricane, Scurvy, Mutiny, hand


class RaidDeclared(TypedDict):
    nation: str
    privateer: int
    target: int
    defender: str


class Pass(TypedDict):
    nation: str


class RaidRoll(TypedDict):
    nation: str
    target: int
    attack: int
    defence: int
    dice: list[int]
    modifier: int
    result: str  # disaster, no effect, success


class CalledOff(TypedDict):
    nation: str
    target: int
    why: str


# a ship or base changing hands (Mutiny, a capture): "from" is the seat that lost it
Taken = TypedDict("Taken", {"nation": str, "card": int, "name": str, "from": str})


class GameEnd(TypedDict):
    winner: str | None
    reason: str  # gold, round_limit
    gold: list[int]
    rounds: int


TABLETOP_EVENTS: dict[str, type] = {
    "setup": Setup,
    "first_roll": FirstRoll,
    "turn": Turn,
    "phase": Phase,
    "draw": Draw,
    "reshuffle": Reshuffle,
    "token": Token,
    "home": Home,
    "gold": Gold,
    "play": Play,
    "attach": Attach,
    "event": EventPlayed,
    "discarded": Discarded,
    "raid": RaidDeclared,
    "pass": Pass,
    "raid_roll": RaidRoll,
    "called_off": CalledOff,
    "captured": Taken,
    "taken": Taken,
    "game_end": GameEnd,
}
"""Every event kind of the tabletop game, by name: its payload's declared fields."""
