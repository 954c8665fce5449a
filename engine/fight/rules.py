"""Every number of the card fight's loop (the Privateer design document, "the loop", "Wounds",
"way", "Raiding a port", "balance"), named, with where it comes from, in one rules object, so a
sweep can vary any of them: `FightRules`.

Each field declares its bound (engine/bounds.py) and its source: "seed: ..." quotes the Privateer
design document, "chosen: ..." is ours where it is silent. `FIGHT` (the rules named "seed-000")
plays exactly as the fight always has; a variant is named for its changes (`seed-000[away=4]`,
engine/variants.py) and found by that name (`find_fight_rules`). A fight carries its rules in its
setup (`Setup.rules`); its save and its hash name them only when they are not the seed's, so every
fight's hash and every voyage's (whose fights are the seed's) is what it was.

What is not here, and why:
- The pieces the rules play with (ships.py, cards.py): every card kind and what it does, each
  ship's and target's deck, hull, hold, bounty and a town's relief and carrying inland, the
  crew's and upgrades' cards. They are the game's catalogue, what each piece *is*, read by the
  voyage's captain, its lookout and its sheet as much as by the fight.
- The shape of a round: a hand of three, two kept (encounter.HAND_SIZE, KEEP): the keeps'
  text ("12", "31") and the bots' six ordered keeps are made of them.
- The yard's floor to a struck deck (outfit.MIN_DECK, "down to 10"): a yard's rule, kept with
  the outfit it checks.

>>> FIGHT.away, FIGHT.flee_way, find_fight_rules("seed-000[away=4]").away
(3, 2, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache

from ..bounds import NAME, check_rules, rule
from ..errors import RuleError
from ..schema import Int
from ..variants import read_variant, split_variant

FIGHT_NAME = "seed-000"
WAY = Int(1, 100)  # way: a few points, as a save's bound of it holds (encounter.SAVED)
HULL = Int(0, 100)  # hull a wound costs
RATIO = Int(1, 100)  # a fraction's divisor, a ratio's factor


@dataclass(frozen=True, slots=True)
class FightRules:
    name: str = rule(FIGHT_NAME, NAME, "chosen: the rules' name (a variant's with its changes)")
    # --- way (the Privateer design document, "way") -----------------------------------------------
    away: int = rule(3, WAY, "seed: a side gets away by making way: three of it and she's away")
    flee_way: int = rule(2, WAY, "seed: a flee card makes 2, so it takes two")
    # --- wounds (the Privateer design document, "Wounds") -----------------------------------------
    leak_cost: int = rule(2, HULL, "seed: a leak below costs 2 hull when it's kept")
    fire_cost: int = rule(3, HULL, "seed: fire aboard costs 3")
    # --- threat (the Privateer design document, "balance") ----------------------------------------
    threatened_fraction: int = rule(
        2, RATIO, "seed: credibly threatened, and its flee cards work, at half hull or less"
    )
    outgunned_ratio: int = rule(
        2, RATIO, "seed: outgunned at two to one, not three (facing twice its hull)"
    )
    # --- raids (the Privateer design document, "Raiding a port") ----------------------------------
    raid_boats: int = rule(
        2, Int(0, 100), "seed: a raiding party can fall back to the boats: two extra flee cards"
    )
    relief_every: int = rule(
        2, Int(1, 100), "seed: the garrison is reinforced, a card ... every other round"
    )
    # --- afterwards (the Privateer design document, "Afterwards it is settled") -------------------
    privateer_bounty: int = rule(
        10,
        Int(0, 1_000),
        "chosen: an enemy privateer's bounty, paid for sinking her (ships.py's privateer's);"
        " `classic` pays none, so that the towns are its raider's living, as they were the"
        " document's bot's",
    )
    monster_bounty: int = rule(
        20,
        Int(0, 1_000),
        "chosen: a sea monster's bounty, paid for killing her (ships.py's sea monster's):"
        " ambergris, and a story for the bar; a dial, since it pays a raider whatever"
        " the towns hold",
    )
    laid_up_days: int = rule(60, Int(0, 1_000), "seed: a ship destroyed is laid up for 60 days")
    leaves_you_be_days: int = rule(5, Int(0, 1_000), "seed: a ship parted from leaves you be for 5")

    def __post_init__(self) -> None:
        check_rules(self)
        preset = RULESETS.get(self.name)
        if preset is not None and preset != self:
            raise RuleError(
                f"rules named {self.name!r} differ from the preset of that name: name the"
                " changed rules for their changes (engine/variants.py's vary)"
            )

    def wound_cost(self, wound: int) -> int:
        """The hull a wound of kind `wound` (cards.Wound: none 0, leak 1, fire 2, sails 3)
        costs the side that keeps it: sails shot away cost nothing, they stop flee cards."""
        return self.leak_cost if wound == 1 else self.fire_cost if wound == 2 else 0


RULESETS: dict[str, FightRules] = {}
FIGHT = FightRules()
RULESETS[FIGHT.name] = FIGHT
"""The named fight rules: the seed's (`seed-000`, `FIGHT`)."""


@lru_cache(maxsize=256)
def find_fight_rules(name: str) -> FightRules:
    """The fight rules `name`: a preset, or a variant of one by name (`seed-000[away=4]`);
    RuleError naming those there are, or the change that is wrong."""
    base, changes = split_variant(name)
    if base not in RULESETS:
        raise RuleError(f"no fight rules {name!r}: one of {', '.join(RULESETS)}")
    return read_variant(RULESETS[base], changes) if changes else RULESETS[base]


def field_names() -> tuple[str, ...]:
    """Every field of the rules but the name: the numbers a sweep may turn."""
    return tuple(f.name for f in fields(FightRules) if f.name != "name")
