"""What a voyage tells (the Privateer design document): each event kind it emits and the fields its
payload carries, declared once. A voyage also tells what the living world tells
(engine/world/events.py) and, in a fight, what the card engine tells (its kinds are declared field
by field in engine/fight/encounter.py). `stop`: news worth heaving to for (a captain sailing on
stops). The renderers, the SQL helpers and the pictures read fields by these names; the conformance
test holds every event played to its declaration.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class VoyageStart(TypedDict):
    seed: int
    rules: str
    port: str
    ship: str
    gold: int
    node: int


# "from" is a keyword: the two payloads holding it are declared in the functional form.
CourseSet = TypedDict("CourseSet", {"to": int, "from": int})


class Node(TypedDict):
    node: int


class Arrived(TypedDict):
    node: int
    stop: bool


class LeftPort(TypedDict):
    port: str


class InPort(TypedDict):
    port: str
    nation: str
    deals: bool
    stop: bool


class GunRead(TypedDict):
    """A shot card of a ship's deck, as the read gives it: how many, what each hits, the
    wound it leaves ("none", "leak", "fire", "sails") and what that wound costs the side hit."""

    card: str
    name: str
    count: int
    hit: int
    wound: str
    wound_cost: int


class ShipFigures(TypedDict):
    """The read of a ship (engine/voyage/scout.py): her figures off her deck, and yours."""

    target: str
    hull: int
    renown_hull: int
    hurt: int
    wounds: int
    guns: list[GunRead]
    flee: int
    chase: int
    mend: int
    relief: int
    relief_from: int
    relief_hurt: int
    hold: int
    bounty: int
    your_hull: int
    your_max_hull: int
    your_hurt: int
    your_wounds: int


class ShipRead(ShipFigures, total=False):
    """The read of a ship; by the strike_colours rule, her strike-colours cards (when she
    has any: a read by rules without it tells what it always told)."""

    strikes: int


class Seen(TypedDict):
    """A ship as the captain sees her (engine/voyage/sighting.py's `describe_ship`)."""

    ship: int
    kind: str
    flag: str | None
    node: int
    hostile: bool
    stop: bool


class ShipSeen(Seen, total=False):
    """A ship alongside or attacking; with the lookout rule, the read of her (optional: a
    voyage by rules without it tells what it always told)."""

    read: ShipRead


class HostileSeen(Seen, total=False):
    """A hostile sail newly in sight; with the lookout rule, how many days off she is and
    whether she is bearing down (coming closer: engine/voyage/sighting.py's `sightings`)."""

    days: int
    bearing_down: bool


class Ship(TypedDict):
    ship: int


class Fight(TypedDict):
    target: str
    why: str
    node: int
    ship: int
    port: str | None
    hull: int
    her_hull: int
    stop: bool


class FightOver(TypedDict):
    target: str
    outcome: str
    node: int
    payout: int
    hull: int
    gold: int


class Sunk(TypedDict):
    by: str
    node: int
    stop: bool


class RumorHeard(TypedDict):
    source: str
    node: int


class Prize(TypedDict):
    payout: int
    morale: int


PrizeOffered = TypedDict("PrizeOffered", {"cards": list[str], "from": str, "stop": bool})


class Cards(TypedDict):
    cards: list[str]


class Card(TypedDict):
    card: str


class Struck(TypedDict):
    card: str
    gold: int


class Why(TypedDict):
    why: str


class Sacked(TypedDict):
    port: str
    gold: int
    stop: bool


class RaidTurnedOut(TypedDict):
    port: str
    treasury: int
    stop: bool


class Round(TypedDict, total=False):
    """A round stood in a bar: heard or not, and what was heard (a rumor as read)."""

    heard: bool
    gold: int
    ship_kind: str
    flag: str | None
    node: int
    lon: float
    lat: float
    days_old: int
    reliability: float
    source: str


class Hired(TypedDict):
    hand: str
    gold: int


class Repaired(TypedDict):
    points: int
    hull: int
    gold: int


class Refitted(TypedDict):
    upgrade: str
    gold: int


class NewShip(TypedDict):
    ship: str
    hull: int
    gold: int


class Bribed(TypedDict):
    nation: str
    gold: int
    standing: int


class Gold(TypedDict):
    gold: int


class GoldStop(TypedDict):
    gold: int
    stop: bool


class Won(TypedDict):
    """Home with the score: the gold; by rules with Drake's circuit, how many of his places
    were touched (all of them: the circuit is made)."""

    gold: int
    stop: bool
    circuit: NotRequired[int]


class Touched(TypedDict):
    """One of Drake's places touched, in his order: its name, its place in the order (0 his
    first), how many there are, and its node."""

    place: str
    order: int
    of: int
    node: int
    stop: bool


class Provisions(TypedDict):
    gold: int
    hull: int
    morale: int


class PortStop(TypedDict):
    port: str
    stop: bool


class Deserted(TypedDict):
    hand: str
    port: str


class Morale(TypedDict):
    morale: int
    why: str


class MoraleStop(TypedDict):
    morale: int
    stop: bool


class Mutiny(TypedDict, total=False):
    stop: bool
    hand: str
    fate: str
    gold_lost: int


class Wages(TypedDict):
    paid: int
    gold: int


class WagesShort(TypedDict):
    due: int
    gold: int
    morale: int
    stop: bool


class Omen(TypedDict):
    omen: str
    morale: int


class Storm(TypedDict, total=False):
    """A storm's own toll: hull or gold."""

    hull_lost: int
    hull: int
    gold_lost: int
    gold: int
    stop: bool


class FortFire(TypedDict):
    """A hostile fort's shot at her in the water under its guns (by rules with fort fire):
    whose fort, the hull it took and the hull left."""

    port: str
    nation: str
    node: int
    hull_lost: int
    hull: int
    stop: bool


class LandSighted(TypedDict):
    node: int
    paid: int
    stop: bool


class IslandFolk(TypedDict):
    """Islanders come out off new land (the island_folk rule): to trade, or in war canoes."""

    node: int
    canoes: bool
    stop: bool


class AtAnchor(TypedDict):
    hull: int
    morale: int


class Dilemma(TypedDict):
    name: str
    options: list[str]
    stop: bool


class Answered(TypedDict, total=False):
    name: str
    choice: str
    hull: int
    gold: int
    morale: int
    node: int
    hand: str


class LetterIssued(TypedDict):
    """A letter of marque in hand: its act, the nation it makes fair game, where to work,
    the task (prizes, sack, plate_ship) and its target (prizes to take; -1 any town; the
    plate ship), the day it is due and what it pays."""

    act: int
    nation: str
    region: str
    task: str
    target: int
    deadline: int
    reward: int
    stop: bool


class LetterProgress(TypedDict):
    act: int
    done: int
    of: int


class LetterDone(TypedDict):
    act: int
    reward: int
    gold: int
    stop: bool


class LetterDue(TypedDict, total=False):
    """A deadline passed: more time once (`deadline`), then the letter revoked."""

    act: int
    deadline: int
    stop: bool


class AdmiraltyWord(TypedDict):
    node: int  # where she was when the word was sent
    ship: int


class Renown(TypedDict):
    """Your name gets about: renown (what prizes and raids have paid) passed a step."""

    renown: int
    step: int
    stop: bool


class CaptivesFreed(TypedDict):
    """A laden corsair taken: her captives go free, a point with their nation (the town's she
    took them from) and one with the Crown; the standings after."""

    town: str
    nation: str
    standing: int
    england: int


VOYAGE_EVENTS: dict[str, type] = {
    "voyage_start": VoyageStart,
    "course": CourseSet,
    "sailed": Node,
    "arrived": Arrived,
    "left_port": LeftPort,
    "in_port": InPort,
    "alongside": ShipSeen,
    "attacked": ShipSeen,
    "hostile_in_sight": HostileSeen,
    "let_pass": Ship,
    "fight": Fight,
    "fight_over": FightOver,
    "sunk": Sunk,
    "rumor_heard": RumorHeard,
    "prize": Prize,
    "prize_offered": PrizeOffered,
    "prize_left": Cards,
    "prize_kept": Card,
    "pirate": Why,
    "sacked": Sacked,
    "raid_turned_out": RaidTurnedOut,
    "round": Round,
    "hired": Hired,
    "repaired": Repaired,
    "refitted": Refitted,
    "new_ship": NewShip,
    "struck": Struck,
    "bribed": Bribed,
    "pardoned": Gold,
    "provisions": Provisions,
    "canoes": PortStop,
    "deserted": Deserted,
    "won": Won,
    "touched": Touched,
    "out_of_time": GoldStop,
    "morale": Morale,
    "near_mutiny": MoraleStop,
    "mutiny": Mutiny,
    "wages": Wages,
    "wages_short": WagesShort,
    "omen": Omen,
    "storm": Storm,
    "fort_fire": FortFire,
    "land_sighted": LandSighted,
    "islanders": IslandFolk,
    "at_anchor": AtAnchor,
    "dilemma": Dilemma,
    "answered": Answered,
    "renown": Renown,
    "home_stretch": GoldStop,
    "captives_freed": CaptivesFreed,
    "letter": LetterIssued,
    "letter_progress": LetterProgress,
    "letter_done": LetterDone,
    "letter_extended": LetterDue,
    "letter_revoked": LetterDue,
    "admiralty_word": AdmiraltyWord,
}
"""Every event kind of the voyage's own, by name: its payload's declared fields."""
