"""The loop of a fight, as pure rules (seed 000, "the loop").

Both sides' cards are shuffled into one deck. Each round three are dealt; you keep two, in the
order they should resolve, and they are spent into the discard; the third goes to the bottom.
A spent card comes back only when a card says so. The fight ends when a side flees, a hull
reaches 0, or the deck can't deal a full hand and the ships part. Every decision is a card.

The API has a game library's shape: `create_encounter`, `legal_actions`, `act`, `outcome`,
`observe`. `act` mutates the state and returns the events; `Encounter.copy()` is cheap, for
bots that look ahead. The RNG's whole state is one int in the state, drawn only to shuffle.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

import orjson

from .cards import SIDES, THEM, WOUND_COST, YOU, CardKind, Wound
from .outfit import Outfit
from .rng import seed_state, shuffle
from .ships import BOATS_KIND, CATALOGUE, KIND_INDEX, RELIEF_KIND, TARGETS, WOUND_KIND, Target

ENGINE_VERSION = "combat-1"
SAVE_VERSION = 2
"""The shape of a saved state. 1: cards as catalogue positions (ints). 2: cards as
"key:side" names (`broadside:you`), so a save survives cards being added to the catalogue.
Each change adds a revision in migrations/ that upgrades stored saves."""
HAND_SIZE = 3
KEEP = 2
AWAY = 3  # way that gets a side away
FLEE_WAY = 2
RAID_BOATS = 2  # fall-back flee cards a raiding party carries


class IllegalActionError(ValueError):
    """An action that is not legal in this state; the message names it."""


class Termination(Enum):
    DESTROYED = "destroyed"  # her hull reached 0 (a town: sacked)
    SUNK = "sunk"  # your hull reached 0
    FLED = "fled"  # she got away
    GOT_AWAY = "got_away"  # you got away
    PARTED = "parted"  # the deck could not deal a full hand


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    rounds: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep hand[first] then hand[second]; the third card goes to the bottom.

    >>> Keep.from_str("31")
    Keep(first=2, second=0)
    >>> Keep(2, 0).to_str()
    '31'
    """

    first: int
    second: int

    def to_str(self) -> str:
        return f"{self.first + 1}{self.second + 1}"

    @classmethod
    def from_str(cls, text: str) -> Keep:
        text = text.strip().replace(" ", "")
        if len(text) != 2 or not text.isdigit():
            raise IllegalActionError(f"{text!r}: a keep is two card numbers, like 12 or 31")
        return cls(int(text[0]) - 1, int(text[1]) - 1)


ALL_KEEPS = tuple(Keep(i, j) for i in range(HAND_SIZE) for j in range(HAND_SIZE) if i != j)


class Event(NamedTuple):
    """Something that happened: kind, round, and what it was about.

    A named tuple, not a frozen dataclass: a logged simulation makes hundreds of thousands of
    these, and a tuple is several times cheaper to build.
    """

    kind: str
    round: int
    data: dict[str, Any] = {}  # noqa: RUF012  (never mutated: each event builds its own)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "round": self.round, **self.data}


def card_code_name(card: int) -> str:
    """A card as its saved name: "key:side".

    >>> card_code_name(make_card(KIND_INDEX["broadside"], YOU))
    'broadside:you'
    """
    return f"{CATALOGUE[card >> 1].key}:{SIDES[card & 1]}"


def card_from_name(name: str) -> int:
    """The card a saved name stands for; ValueError for a name this engine does not know."""
    key, _, side = str(name).partition(":")
    if key not in KIND_INDEX or side not in SIDES:
        raise ValueError(f"not an encounter state: unknown card {name!r}")
    return make_card(KIND_INDEX[key], SIDES.index(side))


def card_kind(card: int) -> CardKind:
    return CATALOGUE[card >> 1]


def card_side(card: int) -> int:
    return card & 1


def card_name(card: int) -> str:
    return CATALOGUE[card >> 1].name


def make_card(kind: int, side: int) -> int:
    return kind * 2 + side


@dataclass(frozen=True, slots=True)
class Setup:
    """What the fight is between; fixed for the whole encounter."""

    target: str
    outfit: Outfit
    seed: int

    def target_kind(self) -> Target:
        return TARGETS[self.target]

    def your_cards(self) -> tuple[int, ...]:
        cards = self.outfit.deck()
        if self.target_kind().town:
            cards = cards + (BOATS_KIND,) * RAID_BOATS
        return cards


@dataclass(slots=True)
class Encounter:
    setup: Setup
    max_hull: tuple[int, int]
    deck: list[int]  # the top of the deck is the end of the list
    hand: list[int]
    discard: list[list[int]]  # by side, in the order spent
    hull: list[int]
    way: list[int]
    brace: list[int]
    sails: list[int]  # sails-shot-away wounds against each side, in deck or hand
    hold: int  # gold left in her hold (a town: its treasury)
    plunder: int  # gold you have taken
    prisoners: int
    round: int
    relief_left: int
    created: int  # cards put into play during the fight (wounds, relief)
    rng: int
    result: Termination | None = None

    def copy(self) -> Encounter:
        return Encounter(
            self.setup,
            self.max_hull,
            self.deck[:],
            self.hand[:],
            [self.discard[0][:], self.discard[1][:]],
            self.hull[:],
            self.way[:],
            self.brace[:],
            self.sails[:],
            self.hold,
            self.plunder,
            self.prisoners,
            self.round,
            self.relief_left,
            self.created,
            self.rng,
            self.result,
        )

    # --- serialisation: canonical JSON, and back ---------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        outfit = self.setup.outfit
        return {
            "setup": {
                "target": self.setup.target,
                "seed": self.setup.seed,
                "outfit": {
                    "ship": outfit.ship,
                    "crew": list(outfit.crew),
                    "upgrades": list(outfit.upgrades),
                    "prizes": list(outfit.prizes),
                    "hull": outfit.hull,
                },
            },
            "deck": [card_code_name(c) for c in self.deck],
            "hand": [card_code_name(c) for c in self.hand],
            "discard": [[card_code_name(c) for c in pile] for pile in self.discard],
            "hull": self.hull,
            "way": self.way,
            "brace": self.brace,
            "sails": self.sails,
            "hold": self.hold,
            "plunder": self.plunder,
            "prisoners": self.prisoners,
            "round": self.round,
            "relief_left": self.relief_left,
            "created": self.created,
            "rng": self.rng,
            "result": self.result.value if self.result else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Encounter:
        """Rebuild a state from to_dict's output; raises ValueError naming what is wrong."""
        try:
            s = data["setup"]
            o = s["outfit"]
            outfit = Outfit(
                o["ship"], tuple(o["crew"]), tuple(o["upgrades"]), tuple(o["prizes"]), o["hull"]
            )
            outfit.validate()
            if s["target"] not in TARGETS:
                raise ValueError(f"unknown target {s['target']!r}")
            setup = Setup(s["target"], outfit, int(s["seed"]))
            state = cls(
                setup,
                (outfit.max_hull(), setup.target_kind().hull),
                [card_from_name(c) for c in data["deck"]],
                [card_from_name(c) for c in data["hand"]],
                [[card_from_name(c) for c in pile] for pile in data["discard"][:2]],
                [int(x) for x in data["hull"]],
                [int(x) for x in data["way"]],
                [int(x) for x in data["brace"]],
                [int(x) for x in data["sails"]],
                int(data["hold"]),
                int(data["plunder"]),
                int(data["prisoners"]),
                int(data["round"]),
                int(data["relief_left"]),
                int(data["created"]),
                int(data["rng"]),
                Termination(data["result"]) if data["result"] else None,
            )
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"not an encounter state: missing or malformed {error}") from None
        if len(state.discard) != 2 or len(state.hull) != 2 or len(state.way) != 2:
            raise ValueError("not an encounter state: sides must come in pairs")
        return state

    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON (sorted keys, no spaces): the same bytes as
        json.dumps(sort_keys=True, separators=(",", ":")), made by orjson, which is ten times
        quicker and matters when every logged fight is hashed."""
        return hashlib.sha256(orjson.dumps(self.to_dict(), option=orjson.OPT_SORT_KEYS)).hexdigest()


def create_encounter(
    target: str, outfit: Outfit | None = None, seed: int = 0
) -> tuple[Encounter, list[Event]]:
    """A fight against a kind of target: the cards shuffled and the first hand dealt."""
    if target not in TARGETS:
        raise IllegalActionError(f"unknown target {target!r}; choose from {', '.join(TARGETS)}")
    outfit = outfit or Outfit()
    outfit.validate()
    setup = Setup(target, outfit, seed)
    kind = setup.target_kind()
    cards = [make_card(k, YOU) for k in setup.your_cards()]
    cards += [make_card(k, THEM) for k in kind.deck]
    rng = shuffle(cards, seed_state(seed))
    max_hull = (outfit.max_hull(), kind.hull)
    hull = outfit.hull if outfit.hull is not None else max_hull[YOU]
    state = Encounter(
        setup=setup,
        max_hull=max_hull,
        deck=cards,
        hand=[],
        discard=[[], []],
        hull=[hull, kind.hull],
        way=[0, 0],
        brace=[0, 0],
        sails=[0, 0],
        hold=kind.hold,
        plunder=0,
        prisoners=0,
        round=1,
        relief_left=kind.relief_count if kind.town else 0,
        created=0,
        rng=rng,
    )
    events = [
        Event(
            "start",
            0,
            {
                "target": target,
                "ship": outfit.ship,
                "seed": seed,
                "hull": list(state.hull),
                "deck": len(cards),
            },
        )
    ]
    _deal(state, events)
    return state, events


def legal_actions(state: Encounter) -> list[Keep]:
    """The six ordered keeps while the fight goes on; none once it is over."""
    return [] if state.result is not None else list(ALL_KEEPS)


def outcome(state: Encounter) -> Outcome | None:
    if state.result is None:
        return None
    return Outcome(state.result, state.round)


def threatened(state: Encounter, side: int) -> bool:
    """Half hull or less, or outgunned two to one: then a side's flee cards work.

    Outgunned is measured in hull, as it stands when the card resolves: a ship facing twice
    her own hull is outgunned, which is why a fleet or an armada is something to run from,
    and why a bigger ship of your own changes that (seed 000, "balance").
    """
    other = 1 - side
    return state.hull[side] * 2 <= state.max_hull[side] or state.hull[other] >= 2 * state.hull[side]


def act(state: Encounter, action: Keep, *, log: bool = True) -> list[Event]:
    """Play a keep: resolve two cards in order, bottom the third, deal the next hand."""
    if state.result is not None:
        raise IllegalActionError(f"{action.to_str()}: the fight is over ({state.result.value})")
    if action not in ALL_KEEPS:
        raise IllegalActionError(f"{action.to_str()}: keep two different cards of 1, 2, 3")
    events: list[Event] = []
    resolve(state, action, events if log else None)
    if state.result is None:
        _end_round(state, events if log else None)
    return events


def resolve(state: Encounter, action: Keep, events: list[Event] | None = None) -> None:
    """This round's keep alone: what the lookahead bots try (no new hand is dealt)."""
    hand = state.hand
    bottom = 3 - action.first - action.second
    state.deck.insert(0, hand[bottom])
    if events is not None:
        events.append(
            Event(
                "keep",
                state.round,
                {
                    "first": card_name(hand[action.first]),
                    "second": card_name(hand[action.second]),
                    "bottom": card_name(hand[bottom]),
                    "bottom_side": SIDES[card_side(hand[bottom])],
                },
            )
        )
    kept = (hand[action.first], hand[action.second])
    state.hand = []
    for i, card in enumerate(kept):
        _resolve_card(state, card, events)
        if state.result is not None:
            for rest in kept[i + 1 :]:  # the fight is over: the other card is spent unplayed
                state.discard[card_side(rest)].append(rest)
            break


def _resolve_card(state: Encounter, card: int, events: list[Event] | None) -> None:
    kind = CATALOGUE[card >> 1]
    side = card & 1
    other = 1 - side
    state.discard[side].append(card)
    r = state.round
    if kind.is_wound:
        cost = WOUND_COST[kind.is_wound]
        if kind.is_wound == Wound.SAILS:
            state.sails[side] -= 1
        if cost:
            _damage(state, side, cost)
        if events is not None:
            events.append(
                Event(
                    "wound_kept",
                    r,
                    {
                        "side": SIDES[side],
                        "card": kind.key,
                        "wound": kind.key,
                        "hull": state.hull[side],
                    },
                )
            )
        _check(state, events)
        return
    # Each effect's event names the card, so a card needs no event of its own.
    key = kind.key
    if kind.brace:
        state.brace[side] += kind.brace
        if events is not None:
            events.append(
                Event("brace", r, {"side": SIDES[side], "card": key, "brace": state.brace[side]})
            )
    if kind.hit:
        soaked = min(state.brace[other], kind.hit)
        state.brace[other] -= soaked
        landed = kind.hit - soaked
        if landed:
            _damage(state, other, landed)
        if events is not None:
            events.append(
                Event(
                    "hit",
                    r,
                    {
                        "side": SIDES[side],
                        "card": key,
                        "landed": landed,
                        "soaked": soaked,
                        "hull": state.hull[other],
                    },
                )
            )
        if landed and kind.wound and state.hull[other] > 0:
            state.deck.append(make_card(WOUND_KIND[kind.wound], other))
            state.created += 1
            if kind.wound == Wound.SAILS:
                state.sails[other] += 1
            if events is not None:
                events.append(
                    Event(
                        "wounded",
                        r,
                        {"side": SIDES[other], "card": key, "wound": kind.wound.name.lower()},
                    )
                )
        if _check(state, events):
            return
    if kind.chase:
        before = state.way[other]
        state.way[other] = max(0, before - kind.chase)
        if events is not None:
            events.append(
                Event(
                    "chase",
                    r,
                    {
                        "side": SIDES[side],
                        "card": key,
                        "way": state.way[other],
                        "taken": before - state.way[other],
                    },
                )
            )
    if kind.flee:
        works = threatened(state, side) and state.sails[side] == 0
        if works:
            state.way[side] += FLEE_WAY
        if events is not None:
            why = "" if works else ("sails shot away" if state.sails[side] else "not threatened")
            events.append(
                Event(
                    "flee",
                    r,
                    {
                        "side": SIDES[side],
                        "card": key,
                        "works": works,
                        "way": state.way[side],
                        "why": why,
                    },
                )
            )
        if _check(state, events):
            return
    if kind.plunder:
        taken = min(kind.plunder, state.hold)
        state.hold -= taken
        state.plunder += taken
        if events is not None:
            events.append(
                Event(
                    "plunder",
                    r,
                    {"side": SIDES[side], "card": key, "gold": taken, "total": state.plunder},
                )
            )
    if kind.interrogate:
        state.prisoners += 1
        if events is not None:
            events.append(
                Event(
                    "prisoner",
                    r,
                    {"side": SIDES[side], "card": key, "prisoners": state.prisoners},
                )
            )
    if kind.mend:
        before = state.hull[side]
        state.hull[side] = min(state.max_hull[side], before + kind.mend)
        if events is not None:
            events.append(
                Event(
                    "mend",
                    r,
                    {
                        "side": SIDES[side],
                        "card": key,
                        "hull": state.hull[side],
                        "mended": state.hull[side] - before,
                    },
                )
            )
    if kind.recall:
        _recall(state, side, kind.recall, kind.recall_gun, events)


def _recall(
    state: Encounter, side: int, count: int, guns_only: bool, events: list[Event] | None
) -> None:
    """That side's most recently spent cards go under the deck: never wounds, never the card
    doing the recalling."""
    pile = state.discard[side]
    recalled: list[int] = []
    i = len(pile) - 2  # the recalling card is the last spent
    while i >= 0 and len(recalled) < count:
        kind = CATALOGUE[pile[i] >> 1]
        if not kind.is_wound and (not guns_only or kind.hit):
            recalled.append(pile.pop(i))
        i -= 1
    for card in recalled:
        state.deck.insert(0, card)
    if events is not None:
        events.append(
            Event(
                "recall",
                state.round,
                {
                    "side": SIDES[side],
                    "card": CATALOGUE[pile[-1] >> 1].key,
                    "cards": [card_name(c) for c in recalled],
                },
            )
        )


def _damage(state: Encounter, side: int, amount: int) -> None:
    state.hull[side] = max(0, state.hull[side] - amount)


def _check(state: Encounter, events: list[Event] | None) -> bool:
    """Set the result if the fight has just ended; True if it has."""
    if state.hull[THEM] == 0:
        state.result = Termination.DESTROYED
    elif state.hull[YOU] == 0:
        state.result = Termination.SUNK
    elif state.way[YOU] >= AWAY:
        state.result = Termination.GOT_AWAY
    elif state.way[THEM] >= AWAY:
        state.result = Termination.FLED
    else:
        return False
    if events is not None:
        events.append(
            Event(
                "end",
                state.round,
                {"outcome": state.result.value, "hull": list(state.hull), "plunder": state.plunder},
            )
        )
    return True


def _end_round(state: Encounter, events: list[Event] | None) -> None:
    state.brace[0] = state.brace[1] = 0
    state.round += 1
    kind = state.setup.target_kind()
    if kind.town:
        carried = min(kind.carried_inland, state.hold)
        if carried:
            state.hold -= carried
            if events is not None:
                events.append(
                    Event("carried_inland", state.round, {"gold": carried, "left": state.hold})
                )
        due = state.round >= kind.relief_from and (state.round - kind.relief_from) % 2 == 0
        if due and state.relief_left > 0:
            state.relief_left -= 1
            state.deck.append(make_card(RELIEF_KIND, THEM))
            state.created += 1
            if events is not None:
                events.append(Event("relief", state.round, {"left": state.relief_left}))
    _deal(state, events)


def _deal(state: Encounter, events: list[Event] | None) -> None:
    if len(state.deck) < HAND_SIZE:
        state.result = Termination.PARTED
        if events is not None:
            events.append(
                Event(
                    "end",
                    state.round,
                    {"outcome": "parted", "hull": list(state.hull), "plunder": state.plunder},
                )
            )
        return
    state.hand = [state.deck.pop(), state.deck.pop(), state.deck.pop()]
    if events is not None:
        events.append(
            Event(
                "deal",
                state.round,
                {
                    "hand": [card_name(c) for c in state.hand],
                    "sides": [SIDES[card_side(c)] for c in state.hand],
                },
            )
        )


def observe(state: Encounter, side: int = YOU) -> dict[str, Any]:
    """What a captain sees: both hulls and way, the hand, the piles, not the deck's order."""
    wounds_waiting = [
        {"side": SIDES[card_side(c)], "wound": card_kind(c).key}
        for c in state.deck
        if card_kind(c).is_wound
    ]
    return {
        "as": SIDES[side],
        "round": state.round,
        "target": state.setup.target,
        "hull": list(state.hull),
        "max_hull": list(state.max_hull),
        "way": list(state.way),
        "threatened": [threatened(state, YOU), threatened(state, THEM)],
        "hand": [
            {
                "card": card_kind(c).key,
                "name": card_name(c),
                "side": SIDES[card_side(c)],
                "words": card_kind(c).words(),
            }
            for c in state.hand
        ],
        "deck": len(state.deck),
        "wounds_waiting": wounds_waiting,
        "discard": [[card_name(c) for c in pile] for pile in state.discard],
        "plunder": state.plunder,
        "hold": state.hold,
        "prisoners": state.prisoners,
        "outcome": state.result.value if state.result else None,
    }


def card_total(state: Encounter) -> int:
    """Every card in play, wherever it is: the starting deck plus those the fight created."""
    return len(state.deck) + len(state.hand) + len(state.discard[0]) + len(state.discard[1])
