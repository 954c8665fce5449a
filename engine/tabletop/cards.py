"""The common deck of the Privateers design document, every card as the seed lists it: the COMMON
DECK CARD LIST, then the EVENT CARDS, each line's copies consecutive. A physical card's id is its
index in `DECK` (0..180), fixed for every game, so a logged action names the same card on every
replay.

The seed's notation gives no letter for "T" (Flota, Convoy, ...): these are treasures, carried
by a merchant and paid with her gold (rules.py, `treasure_letter`). Events have no letter in
the seed; here they are "V".

>>> len(DECK), DECK[0].name, DECK[180].name
(181, 'Galleon', 'Hurricane')
>>> card(22).name, card(22).kind, card(22).strength, card(22).gold
('Havana', 'base', 9, 5)
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = {
    "P": "privateer",
    "M": "merchant",
    "B": "base",
    "C": "crew",
    "X": "captain",
    "E": "escort",
    "D": "defence",
    "T": "treasure",
    "V": "event",
}
"""The seed's card types by letter (T: treasure, V: event, both ours)."""


@dataclass(frozen=True, slots=True)
class Card:
    """A kind of card: its name, the seed's letter, how many copies, Str and Gold (0 for "-"),
    and for an event what it does (`effect`), how much (`bonus`) and against what (`against`)."""

    name: str
    letter: str
    copies: int
    strength: int = 0
    gold: int = 0
    effect: str = ""  # an event's rule: strength, expedition, mutiny, plunder, travel, ...
    bonus: int = 0  # a strength event's +Str
    against: str = ""  # a strength event's target kind: merchant or base
    line: str = ""  # an event's line as the seed words it

    @property
    def kind(self) -> str:
        return KINDS[self.letter]


def _common(name: str, copies: int, letter: str, strength: int, gold: int) -> Card:
    return Card(name, letter, copies, strength, gold)


def _event(name: str, effect: str, line: str, bonus: int = 0, against: str = "") -> Card:
    return Card(name, "V", 2, effect=effect, bonus=bonus, against=against, line=line)


CARD_LIST: tuple[Card, ...] = (
    _common("Galleon", 2, "P", 7, 0),
    _common("Patache", 2, "P", 3, 0),
    _common("Zabra", 2, "P", 4, 0),
    _common("Fragata", 2, "P", 5, 0),
    _common("Sloop", 2, "P", 2, 0),
    _common("Brig", 2, "P", 3, 0),
    _common("Brigantine", 2, "P", 4, 0),
    _common("Schooner", 2, "P", 2, 0),
    _common("Vlieboot", 2, "P", 4, 0),
    _common("Galeoncetes", 2, "P", 5, 0),
    _common("Frigate", 2, "P", 6, 0),
    _common("Havana", 1, "B", 9, 5),
    _common("Port Royal", 1, "B", 9, 5),
    _common("Cartagena", 1, "B", 9, 5),
    _common("Tortuga", 1, "B", 9, 5),
    _common("Port", 2, "B", 8, 4),
    _common("Bastion", 2, "B", 7, 4),
    _common("Fort", 2, "B", 6, 3),
    _common("Town", 2, "B", 5, 3),
    _common("Colony", 2, "B", 4, 2),
    _common("Settlement", 2, "B", 3, 2),
    _common("Outpost", 2, "B", 2, 1),
    _common("Village", 2, "B", 1, 1),
    _common("Merchantman", 4, "M", 2, 5),
    _common("Trade Ship", 4, "M", 1, 4),
    _common("Smuggler", 4, "M", 3, 2),
    _common("Caravel", 4, "M", 1, 3),
    _common("Troop Ship", 4, "M", 4, 1),
    _common("Fat Merchant", 4, "M", 1, 6),
    _common("Treasure Ship", 4, "M", 1, 7),
    _common("Corsairs", 2, "C", 3, 0),
    _common("Buccaneers", 2, "C", 3, 0),
    _common("Pirates", 2, "C", 3, 0),
    _common("Marines", 2, "C", 2, 0),
    _common("Marauders", 2, "C", 2, 0),
    _common("Sea Dogs", 2, "C", 2, 0),
    _common("Cutthroats", 2, "C", 2, 0),
    _common("Sea Curs", 2, "C", 2, 0),
    _common("Convicts", 2, "C", 1, 0),
    _common("Slaves", 2, "C", 1, 0),
    _common("Captives", 2, "C", 1, 0),
    _common("Duke of Alba", 1, "X", 2, 0),
    _common("Duke of Medina", 1, "X", 2, 0),
    _common("Admiral du Casse", 1, "X", 2, 0),
    _common("Baron de Pointis", 1, "X", 3, 0),
    _common("Don Alvaro", 1, "X", 3, 0),
    _common("Captain Blake", 1, "X", 4, 0),
    _common("Captain Cavendish", 1, "X", 3, 0),
    _common("Captain Morgan", 1, "X", 5, 0),
    _common("Captain Hawkins", 1, "X", 4, 0),
    _common("Captain Drake", 1, "X", 5, 0),
    _common("Captain Kidd", 1, "X", 5, 0),
    _common("Flota", 2, "T", 0, 7),
    _common("Convoy", 2, "T", 0, 6),
    _common("Peruvian Treasure", 2, "T", 0, 4),
    _common("Precious Cargo", 2, "T", 0, 5),
    _common("Treasure Laden", 2, "T", 0, 3),
    _common("Garrison", 2, "D", 5, 0),
    _common("Stone Fortifications", 2, "D", 6, 0),
    _common("Earthworks", 2, "D", 4, 0),
    _common("Hilltop", 2, "D", 2, 0),
    _common("Maritime Center", 2, "D", 0, 2),
    _common("Haven", 2, "D", 1, 1),
    _common("Pirate Lair", 2, "D", 3, 0),
    _common("Militia", 2, "D", 2, 0),
    _common("Beach Patrols", 2, "D", 1, 0),
    _common("Artillery", 2, "D", 7, 0),
    _common("Capitana", 2, "E", 7, 0),
    _common("Escort Armada", 2, "E", 6, 0),
    _common("Patrol Ship", 2, "E", 3, 0),
    _common("Galley Squadron", 2, "E", 5, 0),
    _common("Pair of Galleys", 2, "E", 4, 0),
    _event("Major Expedition", "expedition", "2 of your Privateers may combine to Attack"),
    _event("Mutiny", "mutiny", "Discard target Captain and take control of Ship"),
    _event("Plunder", "plunder", "Gain 2D6 Gold after Plundering a Base"),
    _event("Boarding Action", "strength", "Privateer gets Strength +3 vs Merchant", 3, "merchant"),
    _event("Broadsides", "strength", "Privateer gets Strength +4 vs Merchant", 4, "merchant"),
    _event("Sneak Aboard", "strength", "Privateer gets Strength +5 vs Merchant", 5, "merchant"),
    _event("Siege", "strength", "Privateer gets Strength +5 vs Base", 5, "base"),
    _event("Shipbuilding", "shipbuilding", "Play an extra Privateer or Merchant this turn"),
    _event("Coastal Waters", "strength", "Privateer gets Strength +2 vs Merchant", 2, "merchant"),
    _event("Azores", "travel", "Islands: Add 1 Travel Token to Merchant"),
    _event("Canary Islands", "travel", "Islands: Add 1 Travel Token to Merchant"),
    _event("Transatlantic Route", "travel", "Ocean: Add 1 Travel Token to Merchant"),
    _event("Shipping Route", "travel", "Ocean: Add 1 Travel Token to Merchant"),
    _event("Terra Firme", "travel", "Coast: Add 1 Travel Token to Merchant"),
    _event("Barbary Coast", "travel", "Coast: Add 1 Travel Token to Merchant"),
    _event("Scurvy", "scurvy", "Discard target Crew card"),
    _event("Letter of Marque", "marque", "Draw 2 cards"),
    _event("Safe Conduct", "safe", "Target Merchant cannot be attacked this turn"),
    _event("Hurricane", "hurricane", "Destroy target Merchant, Privateer, or Base"),
)
"""Every kind of card, in the seed's order."""

DECK: tuple[Card, ...] = tuple(c for c in CARD_LIST for _ in range(c.copies))
"""Every physical card; its index is its id."""
DECK_SIZE = len(DECK)
SHIPS_AND_BASES = frozenset({"merchant", "privateer", "base"})
"""The kinds that go into play on their own (the rest attach, or are events)."""
ATTACHES_TO = {
    "escort": "merchant",
    "treasure": "merchant",
    "captain": "privateer",
    "crew": "privateer",
    "defence": "base",
}
"""What each attachment is put on."""


def card(card_id: int) -> Card:
    """The card of a physical id (IndexError past the deck)."""
    if not 0 <= card_id < DECK_SIZE:
        raise IndexError(f"no card {card_id}: the deck's ids are 0-{DECK_SIZE - 1}")
    return DECK[card_id]


def card_words(card_id: int) -> str:
    """What a card is and does, in a line for a person."""
    c = card(card_id)
    if c.kind == "privateer":
        return f"{c.name}: privateer ship, strength {c.strength}; raids merchants and bases"
    if c.kind == "merchant":
        return (
            f"{c.name}: merchant, strength {c.strength}, gold {c.gold} when she comes home "
            "(3 travel tokens) or is captured"
        )
    if c.kind == "base":
        return f"{c.name}: base, strength {c.strength}, gold level {c.gold} paid each Taxes phase"
    if c.kind == "event":
        return f"{c.name}: event; {c.line}"
    target = ATTACHES_TO[c.kind]
    parts = [f"+{c.strength} strength"] if c.strength else []
    if c.gold:
        parts.append(f"+{c.gold} gold" + (" level" if c.kind == "defence" else ""))
    limit = {"captain": " (one captain a ship)", "crew": " (one crew a ship)"}.get(c.kind, "")
    limit = " (two defences a base)" if c.kind == "defence" else limit
    return f"{c.name}: {c.kind}, {' and '.join(parts)} to a {target}{limit}"
