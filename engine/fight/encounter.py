"""The loop of a fight, as pure rules (the Privateer design document, "the loop").

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
from typing import Any

import orjson

from ..bounds import NAME
from ..errors import IllegalActionError, SaveError
from ..events import (
    KINDS,
    Event,
    RawEvent,
    define_field_type,
    define_kind,
    define_vocabulary,
)
from ..rng import seed_state, shuffle
from ..schema import (
    RNG_MAX,
    Int,
    Limits,
    Maybe,
    Nested,
    Record,
    Row,
    Seq,
    Spec,
    Text,
    not_an_object,
    read_record,
    show,
)
from .cards import SIDES, THEM, YOU, CardKind, Wound
from .outfit import Outfit
from .rules import FIGHT, FIGHT_NAME, FightRules, find_fight_rules
from .ships import (
    BOATS_KIND,
    CATALOGUE,
    CREW,
    KIND_INDEX,
    RELIEF_KIND,
    SHIPS,
    STRIKE_KIND,
    TARGETS,
    UPGRADES,
    WOUND_KIND,
    Target,
)

ENGINE_VERSION = "combat-2"
"""1: events as sorted-key dicts, state hashed from its saved form. 2: events as per-kind
field tuples, the state hashed from its compact form (cheap enough to hash every checkpoint of
a logged simulation)."""
SAVE_VERSION = 3  # 3: the outfit's struck cards, the setup's terms (hold, walls, relief)
"""The shape of a saved state. 1: cards as catalogue positions (ints). 2: cards as
"key:side" names (`broadside:you`), so a save survives cards being added to the catalogue.
Each change adds a revision in migrations/ that upgrades stored saves."""
HAND_SIZE = 3
KEEP = 2
# The fight's numbers (way to get away, a flee card's way, wounds' costs, threat, a raid's
# boats, relief's cadence, what is settled after) are its rules' (rules.py, `Setup.rules`).


class IllegalFightAction(IllegalActionError):
    """A keep that is not legal in this state; the message names it."""


class Termination(Enum):
    DESTROYED = "destroyed"  # her hull reached 0 (a town: sacked)
    SUNK = "sunk"  # your hull reached 0
    FLED = "fled"  # she got away
    GOT_AWAY = "got_away"  # you got away
    PARTED = "parted"  # the deck could not deal a full hand


# Every event a fight emits, its fields in payload order (see engine/events.py): the values
# are integers (a card as its code, a side as 0 or 1, words as their index), read back as
# names. The run log's users read these names in SQL: `payload->>'$.card'`.
_NAMES = [kind.name for kind in CATALOGUE]
define_field_type("card", lambda code: _NAMES[code >> 1], _NAMES, "{x} >> 1")
define_field_type("side_of", lambda code: SIDES[code & 1], SIDES, "{x} & 1")
define_field_type("key", lambda kind: CATALOGUE[kind].key, [k.key for k in CATALOGUE])
define_field_type(  # the card a recall brought back, if any (-1: none), as a list
    "recalled",
    lambda code: [_NAMES[code >> 1]] if code >= 0 else [],
    [[], *([name] for name in _NAMES)],
    "({x} >> 1) + 1 if {x} >= 0 else 0",
)
define_vocabulary("side", SIDES)
define_vocabulary("target", tuple(TARGETS))
define_vocabulary("ship", tuple(SHIPS))
define_vocabulary("wound", tuple(w.name.lower() for w in Wound))
define_vocabulary("outcome", tuple(t.value for t in Termination))
WHY = ("", "sails shot away", "not threatened")  # why a flee card did not work
define_vocabulary("why", WHY)
define_vocabulary("source", ("prisoner",))
FIGHT_EVENT_SPECS = (
    ("start", "target:target ship:ship seed:d hull:d*2 deck:d"),
    ("deal", "hand:card*3 sides:side_of*3"),
    ("keep", "first:card second:card bottom:card bottom_side:side_of"),
    ("wound_kept", "side:side card:key wound:key hull:d"),
    ("brace", "side:side card:key brace:d"),
    ("hit", "side:side card:key landed:d soaked:d hull:d"),
    ("wounded", "side:side card:key wound:wound"),
    ("chase", "side:side card:key way:d taken:d"),
    ("flee", "side:side card:key works:b way:d why:why"),
    ("strike", "side:side card:key works:b prisoners:d"),
    ("plunder", "side:side card:key gold:d total:d"),
    ("prisoner", "side:side card:key prisoners:d"),
    ("mend", "side:side card:key hull:d mended:d"),
    ("cost", "side:side card:key paid:d hull:d"),
    ("recall", "side:side card:key cards:recalled"),
    ("carried_inland", "gold:d left:d"),
    ("relief", "left:d"),
    ("end", "outcome:outcome hull:d*2 plunder:d"),
    ("settled", "outcome:outcome payout:d plunder:d bounty:d hull:d run_over:b"),
    ("rumor", "source:source prisoner:d"),
)
for _kind, _spec in FIGHT_EVENT_SPECS:
    define_kind(_kind, _spec)
FIGHT_EVENTS = {name: KINDS[name] for name, _ in FIGHT_EVENT_SPECS}
"""Every event kind of the fight, by name: its declared fields."""

TARGET_INDEX = {key: i for i, key in enumerate(TARGETS)}
SHIP_INDEX = {key: i for i, key in enumerate(SHIPS)}
OUTCOME_INDEX = {t: i for i, t in enumerate(Termination)}


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
            raise IllegalFightAction(f"{text!r}: a keep is two card numbers, like 12 or 31")
        return cls(int(text[0]) - 1, int(text[1]) - 1)


ALL_KEEPS = tuple(Keep(i, j) for i in range(HAND_SIZE) for j in range(HAND_SIZE) if i != j)


def card_code_name(card: int) -> str:
    """A card as its saved name: "key:side".

    >>> card_code_name(make_card(KIND_INDEX["broadside"], YOU))
    'broadside:you'
    """
    return f"{CATALOGUE[card >> 1].key}:{SIDES[card & 1]}"


def card_from_name(name: str) -> int:
    """The card a saved name stands for; SaveError for a name this engine does not know."""
    key, _, side = str(name).partition(":")
    if key not in KIND_INDEX or side not in SIDES:
        raise SaveError(f"unknown card {show(name)}")
    return make_card(KIND_INDEX[key], SIDES.index(side))


@dataclass(frozen=True, slots=True)
class Card:
    """A card as a save names it ("broadside:you"), read as its code."""

    def read(self, value: Any, path: str, limits: Limits) -> int:
        if not isinstance(value, str):
            raise SaveError(f"{path} must be a card's name, not {show(value)}")
        try:
            return card_from_name(value)
        except ValueError as error:
            raise SaveError(f"{path}: {error}") from None


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
    """What the fight is between; fixed for the whole encounter. A voyage sets the terms: the
    gold in her hold (a town: its treasury as it stands), a town's walls raised and its relief
    come sooner for each raid it has turned out while on its guard, and the strike-colours
    cards put into her deck (its strike_colours rule). The fight plays by `rules` (rules.py:
    the seed's, by default)."""

    target: str
    outfit: Outfit
    seed: int
    hold: int | None = None  # None: her kind's
    walls: int = 0  # hull added to hers
    relief_sooner: int = 0  # rounds earlier than her kind's relief
    strikes: int = 0  # strike-colours cards added to her deck
    rules: FightRules = FIGHT

    def target_kind(self) -> Target:
        return TARGETS[self.target]

    def her_hold(self) -> int:
        return self.target_kind().hold if self.hold is None else self.hold

    def her_hull(self) -> int:
        return self.target_kind().hull + self.walls

    def relief_from(self) -> int:
        return max(1, self.target_kind().relief_from - self.relief_sooner)

    def her_cards(self) -> tuple[int, ...]:
        """Her kind's deck, and the strike-colours cards the voyage's terms add."""
        deck = self.target_kind().deck
        return deck + (STRIKE_KIND,) * self.strikes if self.strikes else deck

    def your_cards(self) -> tuple[int, ...]:
        cards = self.outfit.deck()
        if self.target_kind().town:
            cards = cards + (BOATS_KIND,) * self.rules.raid_boats
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
                "hold": self.setup.hold,
                "walls": self.setup.walls,
                "relief_sooner": self.setup.relief_sooner,
                **({"strikes": self.setup.strikes} if self.setup.strikes else {}),
                **({"rules": self.setup.rules.name} if self.setup.rules.name != FIGHT_NAME else {}),
                "outfit": {
                    "ship": outfit.ship,
                    "crew": list(outfit.crew),
                    "upgrades": list(outfit.upgrades),
                    "prizes": list(outfit.prizes),
                    "hull": outfit.hull,
                    "struck": list(outfit.struck),
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
    def from_dict(cls, data: Any) -> Encounter:
        """Rebuild a state from to_dict's output, checked by its declaration (SAVED below):
        types, sizes and bounds, and that every card the fight began with (and created since)
        is somewhere. Raises SaveError naming the first thing wrong, so a damaged save is
        refused in one line."""
        try:
            return cls.read(data, "", {})
        except SaveError as error:
            raise SaveError(f"not an encounter state: {error}") from None

    @classmethod
    def read(cls, data: Any, path: str, limits: Limits) -> Encounter:
        """The fight within a save at `path` (a voyage's); SaveError naming what is wrong."""
        if not isinstance(data, dict):
            raise not_an_object(data, path)
        values, _ = read_record(SAVED, data, path, limits)
        setup: Setup = values["setup"]
        state = cls(
            setup,
            (setup.outfit.max_hull(), setup.her_hull()),
            values["deck"],
            values["hand"],
            values["discard"],
            values["hull"],
            values["way"],
            values["brace"],
            values["sails"],
            values["hold"],
            values["plunder"],
            values["prisoners"],
            values["round"],
            values["relief_left"],
            values["created"],
            values["rng"],
            None if values["result"] is None else Termination(values["result"]),
        )
        where = f"{path}: " if path else ""
        if state.result is None and len(state.hand) != HAND_SIZE:
            raise SaveError(f"{where}a hand of {len(state.hand)} cards")
        began = len(setup.your_cards()) + len(setup.her_cards())
        if card_total(state) != began + state.created:
            raise SaveError(
                f"{where}{card_total(state)} cards in play, "
                f"but the fight began with {began} and made {state.created}"
            )
        return state

    def state_hash(self) -> str:
        """SHA-256 of the state's compact canonical form (`state_form`)."""
        return hashlib.sha256(self.state_form()).hexdigest()

    def state_form(self) -> bytes:
        """The state's compact canonical form, which `state_hash` digests: every field, cards as
        their codes, in a fixed order, as orjson writes it. Codes are stable within an engine
        version, which is all a checkpoint needs (a replay on another version is refused); it
        is several times cheaper than hashing the saved form, and a logged simulation keeps
        every checkpoint's form (its log writer hashes them, off the simulation's core).
        A voyage's terms (struck cards, a town's hold, walls and relief) are added only when
        set, so a plain fight's hash is what it was before they existed."""
        o = self.setup.outfit
        compact: tuple[Any, ...] = (
            self.setup.target,
            self.setup.seed,
            o.ship,
            o.crew,
            o.upgrades,
            o.prizes,
            o.hull,
            self.deck,
            self.hand,
            self.discard,
            self.hull,
            self.way,
            self.brace,
            self.sails,
            self.hold,
            self.plunder,
            self.prisoners,
            self.round,
            self.relief_left,
            self.created,
            self.rng,
            self.result.value if self.result else None,
        )
        setup = self.setup
        if o.struck or setup.hold is not None or setup.walls or setup.relief_sooner:
            # a voyage's terms, only when set: a plain fight hashes as it always has
            compact += (o.struck, setup.hold, setup.walls, setup.relief_sooner)
        if setup.strikes:  # the strike_colours rule's term, only when set, likewise
            compact += (setup.strikes,)
        if setup.rules.name != FIGHT_NAME:  # rules other than the seed's, named, likewise
            compact += (setup.rules.name,)
        return orjson.dumps(compact)


def create_encounter(
    target: str,
    outfit: Outfit | None = None,
    seed: int = 0,
    *,
    hold: int | None = None,
    walls: int = 0,
    relief_sooner: int = 0,
    strikes: int = 0,
    rules: FightRules = FIGHT,
) -> tuple[Encounter, list[Event]]:
    """A fight against a kind of target by `rules` (the seed's by default): the cards shuffled
    and the first hand dealt. A voyage gives the terms (see Setup); alone, she is as her kind
    is."""
    if target not in TARGETS:
        raise IllegalFightAction(f"unknown target {target!r}; choose from {', '.join(TARGETS)}")
    outfit = outfit or Outfit()
    outfit.validate()
    setup = Setup(target, outfit, seed, hold, walls, relief_sooner, strikes, rules)
    kind = setup.target_kind()
    cards = [make_card(k, YOU) for k in setup.your_cards()]
    cards += [make_card(k, THEM) for k in setup.her_cards()]
    rng = shuffle(cards, seed_state(seed))
    max_hull = (outfit.max_hull(), setup.her_hull())
    hull = outfit.hull if outfit.hull is not None else max_hull[YOU]
    state = Encounter(
        setup=setup,
        max_hull=max_hull,
        deck=cards,
        hand=[],
        discard=[[], []],
        hull=[hull, max_hull[THEM]],
        way=[0, 0],
        brace=[0, 0],
        sails=[0, 0],
        hold=setup.her_hold(),
        plunder=0,
        prisoners=0,
        round=1,
        relief_left=kind.relief_count if kind.town else 0,
        created=0,
        rng=rng,
    )
    events: list[RawEvent] = [
        ("start", 0, (TARGET_INDEX[target], SHIP_INDEX[outfit.ship], seed, *state.hull, len(cards)))
    ]
    _deal(state, events)
    return state, [Event._make(e) for e in events]


def legal_actions(state: Encounter) -> list[Keep]:
    """The six ordered keeps while the fight goes on; none once it is over."""
    return [] if state.result is not None else list(ALL_KEEPS)


def outcome(state: Encounter) -> Outcome | None:
    if state.result is None:
        return None
    return Outcome(state.result, state.round)


def threatened(state: Encounter, side: int) -> bool:
    """Half hull or less, or outgunned two to one: then a side's flee cards work (the rules'
    threatened_fraction and outgunned_ratio).

    Outgunned is measured in hull, as it stands when the card resolves: a ship facing twice
    her own hull is outgunned, which is why a fleet or an armada is something to run from,
    and why a bigger ship of your own changes that (the Privateer design document, "balance").
    """
    rules = state.setup.rules
    hull = state.hull
    return (
        hull[side] * rules.threatened_fraction <= state.max_hull[side]
        or hull[1 - side] >= rules.outgunned_ratio * hull[side]
    )


def act(state: Encounter, action: Keep, *, log: bool = True) -> list[Event]:
    """Play a keep: resolve two cards in order, bottom the third, deal the next hand.
    Returns what happened (nothing, with log=False: a bot's quick play)."""
    if not log:
        play_keep(state, action, None)
        return []
    raw: list[RawEvent] = []
    play_keep(state, action, raw)
    return [Event._make(e) for e in raw]


def play_keep(state: Encounter, action: Keep, events: list[RawEvent] | None) -> None:
    """`act` appending raw event tuples to `events` (None: make none): the logged
    simulation's path, which turns them into log rows without building an Event each."""
    if state.result is not None:
        raise IllegalFightAction(f"{action.to_str()}: the fight is over ({state.result.value})")
    if action not in ALL_KEEPS:
        raise IllegalFightAction(f"{action.to_str()}: keep two different cards of 1, 2, 3")
    resolve(state, action, events)
    if state.result is None:
        _end_round(state, events)


def resolve(state: Encounter, action: Keep, events: list[RawEvent] | None = None) -> None:
    """This round's keep alone: what the lookahead bots try (no new hand is dealt)."""
    hand = state.hand
    bottom = 3 - action.first - action.second
    state.deck.insert(0, hand[bottom])
    if events is not None:
        events.append(
            (
                "keep",
                state.round,
                (hand[action.first], hand[action.second], hand[bottom], hand[bottom]),
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


def _resolve_card(state: Encounter, card: int, events: list[RawEvent] | None) -> None:
    kind = CATALOGUE[card >> 1]
    side = card & 1
    other = 1 - side
    state.discard[side].append(card)
    r = state.round
    if kind.is_wound:
        cost = state.setup.rules.wound_cost(kind.is_wound)
        if kind.is_wound == Wound.SAILS:
            state.sails[side] -= 1
        if cost:
            _damage(state, side, cost)
        if events is not None:
            k = card >> 1
            events.append(("wound_kept", r, (side, k, k, state.hull[side])))
        _check(state, events)
        return
    # Each effect's event names the card, so a card needs no event of its own.
    if kind.cost:  # a great gun's recoil, the pikes' blood: paid first
        _damage(state, side, kind.cost)
        if events is not None:
            events.append(("cost", r, (side, card >> 1, kind.cost, state.hull[side])))
        if _check(state, events):
            return
    if kind.brace:
        state.brace[side] += kind.brace
        if events is not None:
            events.append(("brace", r, (side, card >> 1, state.brace[side])))
    if kind.hit:
        soaked = min(state.brace[other], kind.hit)
        state.brace[other] -= soaked
        landed = kind.hit - soaked
        if landed:
            _damage(state, other, landed)
        if events is not None:
            events.append(("hit", r, (side, card >> 1, landed, soaked, state.hull[other])))
        if landed and kind.wound and state.hull[other] > 0:
            state.deck.append(make_card(WOUND_KIND[kind.wound], other))
            state.created += 1
            if kind.wound == Wound.SAILS:
                state.sails[other] += 1
            if events is not None:
                events.append(("wounded", r, (other, card >> 1, int(kind.wound))))
        if _check(state, events):
            return
    if kind.chase:
        before = state.way[other]
        state.way[other] = max(0, before - kind.chase)
        if events is not None:
            taken = before - state.way[other]
            events.append(("chase", r, (side, card >> 1, state.way[other], taken)))
    if kind.flee:
        works = threatened(state, side) and state.sails[side] == 0
        if works:
            state.way[side] += state.setup.rules.flee_way
        if events is not None:
            why = 0 if works else (1 if state.sails[side] else 2)  # index into WHY
            events.append(("flee", r, (side, card >> 1, int(works), state.way[side], why)))
        if _check(state, events):
            return
    if kind.strikes and _strike(state, side, card, kind.strikes, events):
        return
    if kind.plunder:
        taken = min(kind.plunder, state.hold)
        state.hold -= taken
        state.plunder += taken
        if events is not None:
            events.append(("plunder", r, (side, card >> 1, taken, state.plunder)))
    if kind.interrogate:
        state.prisoners += 1
        if events is not None:
            events.append(("prisoner", r, (side, card >> 1, state.prisoners)))
    if kind.mend:
        before = state.hull[side]
        state.hull[side] = min(state.max_hull[side], before + kind.mend)
        if events is not None:
            mended = state.hull[side] - before
            events.append(("mend", r, (side, card >> 1, state.hull[side], mended)))
    if kind.recall:
        _recall(state, side, kind.recall, kind.recall_gun, events)


def _recall(
    state: Encounter, side: int, count: int, guns_only: bool, events: list[RawEvent] | None
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
            ("recall", state.round, (side, pile[-1] >> 1, recalled[0] if recalled else -1))
        )


def _strike(
    state: Encounter, side: int, card: int, prisoners: int, events: list[RawEvent] | None
) -> bool:
    """A side threatened (half hull or less, or outgunned two to one) strikes her colours: the
    fight ends with her taken (as destroyed: her bounty, her hold's plunder so far) and
    `prisoners` of her crew yours to question. (Were you to strike, you would be taken: the
    run over, as sunk.) True if she struck."""
    works = threatened(state, side)
    if works and side == THEM:
        state.prisoners += prisoners
    if events is not None:
        events.append(("strike", state.round, (side, card >> 1, int(works), state.prisoners)))
    if not works:
        return False
    state.result = Termination.DESTROYED if side == THEM else Termination.SUNK
    if events is not None:
        events.append(
            ("end", state.round, (OUTCOME_INDEX[state.result], *state.hull, state.plunder))
        )
    return True


def _damage(state: Encounter, side: int, amount: int) -> None:
    state.hull[side] = max(0, state.hull[side] - amount)


def _check(state: Encounter, events: list[RawEvent] | None) -> bool:
    """Set the result if the fight has just ended; True if it has."""
    way = state.way
    if state.hull[THEM] == 0:
        state.result = Termination.DESTROYED
    elif state.hull[YOU] == 0:
        state.result = Termination.SUNK
    elif not (way[YOU] or way[THEM]):  # no way made: nobody is away (the rules' away is >= 1)
        return False
    elif way[YOU] >= state.setup.rules.away:
        state.result = Termination.GOT_AWAY
    elif way[THEM] >= state.setup.rules.away:
        state.result = Termination.FLED
    else:
        return False
    if events is not None:
        events.append(
            ("end", state.round, (OUTCOME_INDEX[state.result], *state.hull, state.plunder))
        )
    return True


def _end_round(state: Encounter, events: list[RawEvent] | None) -> None:
    state.brace[0] = state.brace[1] = 0
    state.round += 1
    kind = state.setup.target_kind()
    if kind.town:
        carried = min(kind.carried_inland, state.hold)
        if carried:
            state.hold -= carried
            if events is not None:
                events.append(("carried_inland", state.round, (carried, state.hold)))
        start = state.setup.relief_from()
        due = state.round >= start and (state.round - start) % state.setup.rules.relief_every == 0
        if due and state.relief_left > 0:
            state.relief_left -= 1
            state.deck.append(make_card(RELIEF_KIND, THEM))
            state.created += 1
            if events is not None:
                events.append(("relief", state.round, (state.relief_left,)))
    _deal(state, events)


def _deal(state: Encounter, events: list[RawEvent] | None) -> None:
    if len(state.deck) < HAND_SIZE:
        state.result = Termination.PARTED
        if events is not None:
            events.append(
                (
                    "end",
                    state.round,
                    (OUTCOME_INDEX[Termination.PARTED], *state.hull, state.plunder),
                )
            )
        return
    state.hand = [state.deck.pop(), state.deck.pop(), state.deck.pop()]
    if events is not None:
        a, b, c = state.hand
        events.append(("deal", state.round, (a, b, c, a, b, c)))


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


# --- checked reading of a saved state ---------------------------------------------------------

_CARDS = Seq(Card())
_WHOLE = Int(0, 10_000)  # a count no fight comes near (plunder, prisoners, rounds, cards made)

OUTFIT_SAVED = Record(
    {
        "ship": Text(SHIPS),
        "crew": Seq(Text(CREW)),
        "upgrades": Seq(Text(UPGRADES)),
        "prizes": Seq(Text(KIND_INDEX)),
        "hull": Maybe(Int(1, 10_000)),  # None: she comes in whole
        "struck": Seq(Text(KIND_INDEX)),
    }
)


def _read_setup(data: Any, path: str, limits: Limits) -> Setup:
    values, _ = read_record(SETUP_SAVED, data, path, limits)
    o = values["outfit"]
    outfit = Outfit(
        o["ship"],
        tuple(o["crew"]),
        tuple(o["upgrades"]),
        tuple(o["prizes"]),
        o["hull"],
        tuple(o["struck"]),
    )
    try:
        outfit.validate()
    except ValueError as error:
        raise SaveError(f"{path}.outfit: {error}") from None
    try:
        rules = find_fight_rules(values.get("rules", FIGHT_NAME))
    except ValueError as error:
        raise SaveError(f"{path}.rules: {error}") from None
    return Setup(
        values["target"],
        outfit,
        values["seed"],
        values["hold"],
        values["walls"],
        values["relief_sooner"],
        values.get("strikes", 0),
        rules,
    )


def _setup_limits(setup: Setup) -> dict[str, int]:
    """What the terms of the fight bound: each side's hull, her hold, her relief, the way a
    side can make (its rules': away, and a flee card's more)."""
    kind = setup.target_kind()
    return {
        "your_hull": setup.outfit.max_hull(),
        "her_hull": setup.her_hull(),
        "her_hold": setup.her_hold(),
        "relief": kind.relief_count if kind.town else 0,
        "way": setup.rules.away + setup.rules.flee_way,
    }


SETUP_SAVED = Record(
    {
        "target": Text(TARGETS),
        "seed": Int(-(2**63), 2**63 - 1),  # any seed the runs table can hold
        "hold": Maybe(Int(0, 10_000)),  # None: her kind's
        "walls": Int(0, 1_000),
        "relief_sooner": Int(0, 100),
        "strikes": Int(0, 100),
        "outfit": OUTFIT_SAVED,
        "rules": NAME,  # the fight's rules (rules.py), saved only when not the seed's
    },
    optional=frozenset({"strikes", "rules"}),  # saved only when set
)

SAVED = Record(
    {
        "setup": Spec(Nested(_read_setup), gives=_setup_limits),
        "created": Spec(_WHOLE, gives=lambda created: {"created": created}),
        "deck": _CARDS,
        "hand": Seq(Card(), max_len=HAND_SIZE),
        "discard": Row((_CARDS, _CARDS)),  # by side, yours and hers
        "hull": Row((Int(0, "your_hull"), Int(0, "her_hull"))),
        "way": Row((Int(0, "way"),) * 2),
        "brace": Row((Int(0, 1_000),) * 2),
        "sails": Row((Int(0, "created"),) * 2),  # wounds: cards the fight made
        "hold": Int(0, "her_hold"),
        "plunder": _WHOLE,
        "prisoners": _WHOLE,
        "round": Int(1, 10_000),
        "relief_left": Int(0, "relief"),
        "rng": Int(0, RNG_MAX),
        "result": Maybe(Text(tuple(t.value for t in Termination))),
    }
)
"""A saved fight (to_dict()), declared key by key: its cards are saved as names."""
