"""Every kind of ship (and town) the game meets, and its deck.

The numbers the seed leaves open (hulls, deck contents, bounties) are chosen here to hit the
seed's measured figures; `privateer sim` measures what they do and docs/fights.md has the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardKind, Wound
from .rules import FightRules

# --- the catalogue: every card kind, indexed by position ------------------------------------

CATALOGUE: tuple[CardKind, ...] = (
    # wounds (kept against the side they struck)
    CardKind("leak", "a leak below", is_wound=Wound.LEAK),
    CardKind("fire", "fire aboard", is_wound=Wound.FIRE),
    CardKind("sails", "sails shot away", is_wound=Wound.SAILS),
    # your ship's own cards
    CardKind("broadside", "broadside", hit=2, wound=Wound.LEAK),
    CardKind("chain", "chain shot", hit=1, wound=Wound.SAILS),
    CardKind("give_chase", "give chase", chase=1),
    CardKind("boarding", "boarding party", plunder=3, interrogate=True),
    CardKind("bear_away", "bear away", flee=True),
    # crew and upgrades
    CardKind("double_shot", "double-shotted guns", hit=3, wound=Wound.LEAK),
    CardKind("marksmen", "marksmen in the tops", hit=1, chase=1),
    CardKind("prize_crew", "prize crew", plunder=3, interrogate=True),
    CardKind("all_hands", "all hands", brace=3, recall=1),
    CardKind("surgeon", "the surgeon", mend=2),
    CardKind("nets", "boarding nets", brace=2),
    CardKind("chase_guns", "chase guns", hit=1, chase=1),
    CardKind("boats", "fall back to the boats", flee=True),
    # merchants
    CardKind("crowd_sail", "crowd on sail", flee=True),
    CardKind("swivel", "swivel gun", hit=1),
    CardKind("merchant_guns", "her broadside", hit=4, wound=Wound.LEAK),
    # treasure fleets
    CardKind("great_guns", "a galleon's great guns", hit=3, wound=Wound.LEAK),
    CardKind("escort", "the escort's broadside", hit=2, wound=Wound.LEAK),
    CardKind("straggler", "a straggler", plunder=4),
    CardKind("cut_off", "a fleet cutting off your retreat", chase=1),
    # armadas
    CardKind("armada_broadside", "an armada's broadside", hit=3, wound=Wound.LEAK),
    CardKind("weather_gauge", "the weather gauge", chase=1),
    # guard ships
    CardKind("chain_and_bar", "chain and bar", hit=1, wound=Wound.SAILS),
    CardKind("guard_broadside", "her broadside", hit=2, wound=Wound.LEAK),
    # privateers, hunters, corsairs
    CardKind("grapnels", "grapnels", chase=1),
    CardKind("boarders", "boarders", hit=1, chase=1),
    CardKind("long_guns", "long guns", hit=2),
    CardKind("sweeps", "galley sweeps", flee=True),
    # war canoes and monsters
    CardKind("spears", "spears and arrows", hit=1),
    CardKind("paddles", "paddles dug in", chase=1),
    CardKind("tentacles", "tentacles", hit=2, wound=Wound.LEAK),
    CardKind("thrash", "it thrashes", hit=3),
    CardKind("dive", "it dives", flee=True),
    # towns
    CardKind("battery", "the battery", hit=2),
    CardKind("musketry", "musketry", hit=1),
    CardKind("barricades", "barricades", brace=2, mend=1),
    CardKind("fort_guns", "great guns", hit=3, wound=Wound.LEAK),
    CardKind("heated_shot", "heated shot", hit=2, wound=Wound.FIRE),
    CardKind("mend_walls", "walls mended", mend=2, recall=1, recall_gun=True),
    CardKind("relief", "relief from the garrison", hit=2),
    # prize cards (prizes.py offers them): kept for good, they sail with you to a new ship
    CardKind("prize_long_guns", "her long guns", hit=2, wound=Wound.LEAK),
    CardKind("prize_grapnels", "her grapnels", chase=1, plunder=2),
    CardKind("prize_pilot", "her pilot", flee=True, brace=1),
    CardKind("great_gun", "a Spanish great gun", hit=4, wound=Wound.LEAK, cost=1),
    CardKind("boarding_pikes", "boarding pikes", hit=2, plunder=3, cost=1),
    CardKind("galleon_sweeps", "galley sweeps", flee=True, chase=1),
    CardKind("bar_shot", "bar shot", hit=2, wound=Wound.SAILS),
    CardKind("marines", "marines", hit=1, chase=2, interrogate=True),
    CardKind("studding_sails", "studding sails", flee=True, brace=1),
    CardKind("bow_chasers", "her bow chasers", hit=2, chase=1, cost=1),
    CardKind("cutlasses", "cutlasses", hit=2, chase=1),
    CardKind("lateen_rig", "a lateen rig", flee=True, chase=1),
    CardKind("culverin", "a fort's culverin", hit=3, wound=Wound.FIRE, cost=1),
    CardKind("plunder_carts", "plunder carts", plunder=4),
    CardKind("local_pilot", "a local pilot", flee=True, brace=2),
    CardKind("harpoons", "harpoons", hit=2, wound=Wound.LEAK),
    CardKind("lances", "whalers' lances", hit=3, cost=1),
    CardKind("following_sea", "a following sea", flee=True, brace=1),
    CardKind("war_clubs", "war clubs", hit=2, cost=1),
    CardKind("outrigger", "an outrigger", flee=True, chase=1),
    # a voyage's term (the strike_colours rule): a ship beaten low yields, her crew prisoners
    CardKind("strike_colours", "she strikes her colours", strikes=2),
)

KIND_INDEX = {kind.key: i for i, kind in enumerate(CATALOGUE)}
WOUND_KIND = {
    Wound.LEAK: KIND_INDEX["leak"],
    Wound.FIRE: KIND_INDEX["fire"],
    Wound.SAILS: KIND_INDEX["sails"],
}
RELIEF_KIND = KIND_INDEX["relief"]
BOATS_KIND = KIND_INDEX["boats"]
STRIKE_KIND = KIND_INDEX["strike_colours"]


def deck_of(*entries: tuple[str, int]) -> tuple[int, ...]:
    """Kind indexes for (key, count) pairs, in order."""
    out: list[int] = []
    for key, count in entries:
        out.extend([KIND_INDEX[key]] * count)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Target:
    """A kind of ship or town you fight: its deck, hull, what it carries and pays."""

    key: str
    name: str
    hull: int
    deck: tuple[int, ...]
    hold: int = 0  # gold to plunder (a town's treasury)
    bounty: int = 0  # paid for destroying it (sacking, for a town)
    town: bool = False  # can't run; carries valuables inland; relief comes
    carried_inland: int = 0  # gold a town's people carry off each round
    relief_from: int = 7  # the round relief first comes (towns)
    relief_count: int = 4


TARGETS: dict[str, Target] = {
    t.key: t
    for t in (
        Target(
            "merchant",
            "a merchant",
            12,
            deck_of(("crowd_sail", 3), ("merchant_guns", 4)),
            hold=8,
            bounty=6,
        ),
        Target(
            "treasure_fleet",
            "a treasure fleet",
            26,
            deck_of(("great_guns", 5), ("escort", 3), ("straggler", 2), ("cut_off", 4)),
            hold=30,
            bounty=40,
        ),
        Target(
            "armada",
            "an armada",
            40,
            deck_of(("armada_broadside", 5), ("weather_gauge", 2), ("cut_off", 1)),
            hold=0,
            bounty=30,
        ),
        Target(
            "guard_ship",
            "a guard ship",
            14,
            deck_of(("chain_and_bar", 2), ("guard_broadside", 2), ("give_chase", 1)),
            hold=2,
            bounty=12,
        ),
        Target(
            "privateer",
            "a privateer",
            12,
            deck_of(("broadside", 2), ("grapnels", 1), ("boarders", 1), ("bear_away", 1)),
            hold=6,
            bounty=10,
        ),
        Target(
            "hunter",
            "a pirate hunter",
            16,
            deck_of(("long_guns", 2), ("give_chase", 2), ("marksmen", 1), ("broadside", 1)),
            hold=2,
            bounty=15,
        ),
        Target(
            "corsair",
            "a Barbary corsair",
            12,
            deck_of(("boarders", 2), ("grapnels", 1), ("swivel", 1), ("sweeps", 1)),
            hold=4,
            bounty=10,
        ),
        Target(
            "corsair_laden",
            "a laden Barbary corsair",
            12,
            deck_of(("boarders", 2), ("grapnels", 1), ("swivel", 1), ("sweeps", 1)),
            hold=16,
            bounty=10,
        ),
        Target(
            "war_canoes", "war canoes", 8, deck_of(("spears", 3), ("paddles", 2)), hold=0, bounty=3
        ),
        Target(
            "sea_monster",
            "a sea monster",
            14,
            deck_of(("tentacles", 2), ("thrash", 1), ("dive", 1)),
            hold=0,
            bounty=20,
        ),
        Target(
            "town",
            "an open town",
            14,
            deck_of(("battery", 3), ("musketry", 2), ("barricades", 2)),
            hold=25,
            bounty=0,
            town=True,
            carried_inland=1,
        ),
        Target(
            "fortified_port",
            "a fortified port",
            22,
            deck_of(("fort_guns", 3), ("heated_shot", 1), ("mend_walls", 2)),
            hold=40,
            bounty=0,
            town=True,
            carried_inland=2,
        ),
    )
}


def bounty_paid(target: Target, rules: FightRules) -> int:
    """What sinking `target` pays over her plunder by these fight rules: her kind's bounty, an
    enemy privateer's and a sea monster's as the rules set them (`privateer_bounty`: `classic`
    pays none; `monster_bounty`)."""
    if target.key == "privateer":
        return rules.privateer_bounty
    if target.key == "sea_monster":
        return rules.monster_bounty
    return target.bounty


DRAUGHTS = ("shallow", "deep")
"""How deep a ship sits: by rules with banks, a deep keel keeps off them (the Privateer design
document: "Banks keep deep keels off")."""


@dataclass(frozen=True, slots=True)
class Ship:
    """A ship you can sail: her hull, berths for hands of note, her own cards, and her
    draught (one of DRAUGHTS)."""

    key: str
    name: str
    hull: int
    berths: int
    deck: tuple[int, ...]
    draught: str = "shallow"


SHIPS: dict[str, Ship] = {
    s.key: s
    for s in (
        Ship(
            "pinnace",
            "a pinnace",
            10,
            2,
            deck_of(
                ("broadside", 3), ("chain", 1), ("give_chase", 1), ("boarding", 1), ("bear_away", 2)
            ),
        ),
        Ship(
            "brigantine",
            "a brigantine",
            16,
            3,
            deck_of(
                ("broadside", 4),
                ("chain", 1),
                ("give_chase", 2),
                ("boarding", 1),
                ("bear_away", 2),
                ("nets", 1),
            ),
        ),
        Ship(
            "frigate",
            "a frigate",
            22,
            4,
            deck_of(
                ("broadside", 5),
                ("chain", 2),
                ("give_chase", 2),
                ("boarding", 1),
                ("bear_away", 2),
                ("nets", 1),
            ),
            draught="deep",  # chosen: the big three-masters draw too much for a bank
        ),
        Ship(
            "galleon",
            "a galleon",
            28,
            5,
            deck_of(
                ("broadside", 6),
                ("chain", 1),
                ("give_chase", 1),
                ("boarding", 2),
                ("bear_away", 2),
                ("nets", 2),
            ),
            draught="deep",  # chosen: the big three-masters draw too much for a bank
        ),
    )
}

CREW: dict[str, tuple[int, ...]] = {
    "master_gunner": deck_of(("double_shot", 1)),
    "marksmen": deck_of(("marksmen", 1)),
    "quartermaster": deck_of(("prize_crew", 1)),
    "boatswain": deck_of(("all_hands", 1)),
    "surgeon": deck_of(("surgeon", 1)),
    "pilot": deck_of(("bear_away", 1)),
    "navigator": (),  # a step more sight: nothing in a fight
}

UPGRADES: dict[str, tuple[int, ...]] = {
    "more_guns": deck_of(("broadside", 1)),
    "sheathed_hull": (),  # +2 hull
    "boarding_nets": deck_of(("nets", 1)),
    "chase_guns": deck_of(("chase_guns", 1)),
}
UPGRADE_HULL = {"sheathed_hull": 2}
