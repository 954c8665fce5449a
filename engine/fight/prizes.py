"""Prize cards (the Privateer design document, "Building the deck"): take a ship, sack a town or
kill a monster, and three cards from that kind's pool are offered: keep one, for good, or leave
them. They run along the three ways to fight (the guns: hit and wounds; the boarders: plunder and
hold; the runner: flee and chase), one of each, and the strong ones cost you: the great gun recoils,
the pikes cost blood. Prize cards come with you to a new ship.

The pools are chosen here (the seed names only some of the cards): one card each way per pool,
so what a prize offers depends only on what she was.
"""

from __future__ import annotations

from .ships import KIND_INDEX, TARGETS

WAYS = ("guns", "boarders", "runner")

POOLS: dict[str, tuple[str, str, str]] = {  # guns, boarders, runner
    "merchant": ("prize_long_guns", "prize_grapnels", "prize_pilot"),
    "treasure": ("great_gun", "boarding_pikes", "galleon_sweeps"),
    "warship": ("bar_shot", "marines", "studding_sails"),
    "raider": ("bow_chasers", "cutlasses", "lateen_rig"),
    "town": ("culverin", "plunder_carts", "local_pilot"),
    "monster": ("harpoons", "lances", "following_sea"),
    "canoes": ("spears", "war_clubs", "outrigger"),
}

POOL_OF_TARGET: dict[str, str] = {
    "merchant": "merchant",
    "treasure_fleet": "treasure",
    "armada": "warship",
    "guard_ship": "warship",
    "hunter": "warship",
    "privateer": "raider",
    "corsair": "raider",
    "corsair_laden": "raider",
    "town": "town",
    "fortified_port": "town",
    "sea_monster": "monster",
    "war_canoes": "canoes",
}

assert set(POOL_OF_TARGET) == set(TARGETS), "every target has a prize pool"
assert all(card in KIND_INDEX for pool in POOLS.values() for card in pool)


def prize_offer(target: str) -> tuple[str, str, str]:
    """The three cards offered for taking, sacking or killing `target`: guns, boarders, runner.

    >>> prize_offer("treasure_fleet")
    ('great_gun', 'boarding_pikes', 'galleon_sweeps')
    """
    return POOLS[POOL_OF_TARGET[target]]
