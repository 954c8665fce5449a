"""What you sail with is what you fight with: your deck is never stored. It is worked out from
your ship, its upgrades, your crew (one of each, as many as she has berths) and the prize
cards you have kept, less the cards a yard has struck out (a copy each, down to a deck of
MIN_DECK)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import OutfitError
from .ships import CREW, KIND_INDEX, SHIPS, UPGRADE_HULL, UPGRADES

MIN_DECK = 10  # "A yard will strike a card out for 6, down to 10."


@dataclass(frozen=True, slots=True)
class Outfit:
    ship: str = "pinnace"
    crew: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()
    prizes: tuple[str, ...] = ()  # card keys kept from prizes (a later issue offers them)
    hull: int | None = None  # the hull she comes into the fight with; None: full
    struck: tuple[str, ...] = ()  # card keys struck out at a yard, a copy each

    def validate(self) -> None:
        if self.ship not in SHIPS:
            raise OutfitError(f"unknown ship {self.ship!r}; choose from {', '.join(SHIPS)}")
        for hand in self.crew:
            if hand not in CREW:
                raise OutfitError(f"unknown hand {hand!r}; choose from {', '.join(CREW)}")
        if len(set(self.crew)) != len(self.crew):
            raise OutfitError("one of each hand of note")
        berths = SHIPS[self.ship].berths
        if len(self.crew) > berths:
            raise OutfitError(f"{SHIPS[self.ship].name} has {berths} berths for hands of note")
        for upgrade in self.upgrades:
            if upgrade not in UPGRADES:
                raise OutfitError(f"unknown upgrade {upgrade!r}; choose from {', '.join(UPGRADES)}")
        for prize in self.prizes:
            if prize not in KIND_INDEX:
                raise OutfitError(f"unknown prize card {prize!r}")
        if self.struck:
            whole = self.full_deck()
            for key in self.struck:
                if key not in KIND_INDEX or KIND_INDEX[key] not in whole:
                    raise OutfitError(f"no {key!r} in the deck to strike")
                whole.remove(KIND_INDEX[key])
            if len(whole) < MIN_DECK:
                raise OutfitError(f"a deck is struck down to {MIN_DECK} cards, no further")
        if self.hull is not None and not 1 <= self.hull <= self.max_hull():
            raise OutfitError(f"hull {self.hull} is outside 1..{self.max_hull()}")

    def max_hull(self) -> int:
        return SHIPS[self.ship].hull + sum(UPGRADE_HULL.get(u, 0) for u in self.upgrades)

    def full_deck(self) -> list[int]:
        """Card kinds before any are struck: the ship's, each upgrade's, each hand's, each
        prize."""
        cards = list(SHIPS[self.ship].deck)
        for upgrade in self.upgrades:
            cards.extend(UPGRADES[upgrade])
        for hand in self.crew:
            cards.extend(CREW[hand])
        cards.extend(KIND_INDEX[p] for p in self.prizes)
        return cards

    def deck(self) -> tuple[int, ...]:
        """Card kinds: the full deck less a copy of each struck card (the last copy goes)."""
        cards = self.full_deck()
        for key in self.struck:
            kind = KIND_INDEX[key]
            if kind in cards:
                del cards[len(cards) - 1 - cards[::-1].index(kind)]
        return tuple(cards)
