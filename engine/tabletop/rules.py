"""Every number of the Privateers design document's card game, and every choice where the seed is
silent, in one frozen dataclass. "seed" quotes the seed; "choice" is ours. A sweep varies a field by
name: `TabletopRules().with_changes(hand_max=10)` (named after the change).

>>> rules = TabletopRules()
>>> raid_modifier(rules, 8, 4), raid_modifier(rules, 7, 4), raid_modifier(rules, 4, 4)
(2, 1, 0)
>>> raid_modifier(rules, 4, 5), raid_modifier(rules, 4, 8)
(-1, -2)
>>> raid_result(rules, 5), raid_result(rules, 6), raid_result(rules, 9), raid_result(rules, 10)
('disaster', 'no effect', 'no effect', 'success')
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from fractions import Fraction
from itertools import product
from typing import Any

from ..bounds import NAME, Name, check_rules, read_rule, rule
from ..errors import RuleError, SaveError
from ..schema import Bool, Int, Text
from ..variants import as_read_by

NATIONS = ("spain", "england", "france", "holland")  # seed: "Spain, England, France, Holland"
RESPONSE_WINDOWS = ("seat-order",)
TIE_RULES = ("acting",)
CAPTURED_DEFENCE = ("strongest", "first")
# What a rule may be (engine/bounds.py), each bound declared beside its field below
COUNT = Int(0, 100)  # cards or tokens a turn, a ship, a base
ROLL = Int(0, 100)  # a band of the raid table's modified roll
MODIFIER = Int(-100, 100)  # the roll's modifier for the strengths


@dataclass(frozen=True, slots=True)
class TabletopRules:
    """The rules of the tabletop game (the Privateers design document)."""

    # a label: the preset's name, or a variant's (see with_changes)
    name: str = rule("seed-003", NAME)
    # --- victory, the deck, the hand
    # seed: "The first player to accumulate 100 Gold is the Winner"
    goal_gold: int = rule(100, Int(1, 1_000_000))
    deal: int = rule(7, Int(0, 20))  # seed: "Each player is dealt a random hand of 7 cards"
    draw: int = rule(2, Int(0, 20))  # seed (Fate): "Draw 2 cards"
    hand_max: int = rule(8, Int(0, 100))  # seed (Settlement): "Max hand size is 8 cards"
    # seed: "roll high on 1D6"; choice: only the tied highest re-roll
    first_die: int = rule(6, Int(1, 100))
    # --- players: seed "2+ players" and four nations; choice: 2-4, one deck, one seat a nation;
    # 5+ players are refused (the seed names only four nations and one deck)
    min_players: int = rule(2, Int(2, "max_players"))
    max_players: int = rule(4, Int(2, len(NATIONS)))
    # --- merchants
    # seed: "If a Merchant has 3 or more Tokens, discard it and gain Gold"
    home_tokens: int = rule(3, COUNT)
    sailing_tokens: int = rule(1, COUNT)  # seed: "Put a Travel Token on each of your Merchants"
    # seed: "You may put a Merchant card from your hand into play"
    merchants_per_turn: int = rule(1, COUNT)
    # seed: "up to one Ocean, Island, or Coast Event card per Merchant"
    travel_events_per_merchant: int = rule(1, COUNT)
    # choice: a travel event that brings her to 3 tokens brings her home at once (it shortens
    # her voyage); False: she waits for her next Sailing phase
    travel_brings_home: bool = rule(True, Bool())
    # choice: an Escort's Str adds to her merchant's
    escort_adds_strength: bool = rule(True, Bool())
    # choice: the "T" cards are treasures; a treasure's Gold adds to her merchant's gold when
    # she comes home (seed: "Merchants Gold Value + the value of any attached Treasure cards")
    # and when she is captured (seed silent: the captor takes the cargo too)
    treasure_letter: str = rule("T", Name(8))
    treasure_on_capture: bool = rule(True, Bool())
    # --- privateers
    # seed: "You may put a Privateer card from your hand into play"
    privateers_per_turn: int = rule(1, COUNT)
    captains_per_ship: int = rule(1, COUNT)  # seed: "attach one Captain card and one Crew card"
    # choice: to any of your privateers lacking one, any phase's count
    crews_per_ship: int = rule(1, COUNT)
    # --- bases
    bases_per_turn: int = rule(1, COUNT)  # seed: "You may put a Base card from your hand into play"
    # seed: "A Base may have a max of 2 Defense cards attached"
    defences_per_base: int = rule(2, COUNT)
    # choice: a base's strength is its Str plus its defences'
    base_adds_defences: bool = rule(True, Bool())
    # choice: a defence's Gold (Haven, Maritime Center) adds to its base's gold level
    defence_gold_taxes: bool = rule(True, Bool())
    # choice: a captured base loses one defence (seed) and keeps the others; the one lost is the
    # strongest ("strongest", ties the first attached) or the first attached ("first")
    captured_defence: str = rule("strongest", Text(CAPTURED_DEFENCE))
    # choice (a sweep's lever, not the seed's): the share of a base's gold level paid in Taxes,
    # in percent, rounded down; the seed pays it all
    taxes_percent: int = rule(100, Int(0, 100))
    # --- the raid table (seed): 2D6; 2-5 disaster, 6-9 no effect, 10+ success
    raid_dice: int = rule(2, Int(1, 4))
    disaster_max: int = rule(5, ROLL)
    success_min: int = rule(10, ROLL)
    higher: int = rule(1, MODIFIER)  # seed: "If the Privateer has a higher Strength get +1"
    # seed: "If the Privateer's Strength is Double ... +2" (instead of +1)
    double: int = rule(2, MODIFIER)
    lower: int = rule(-1, MODIFIER)  # seed: "If the Defender has a higher Strength get -1"
    # seed: "If the Defender's Strength is Double ... -2" (instead of -1)
    half: int = rule(-2, MODIFIER)
    # seed: "Double"; choice: at least twice counts as double
    double_ratio: int = rule(2, Int(1, 100))
    # seed: Plunder "Gain 2D6 Gold after Plundering a Base"; choice: on a successful raid on a
    # base, by the attacker who played it in that raid's window
    plunder_dice: int = rule(2, Int(0, 20))
    # choice: who may play events in a raid: a response window per raid in seat order, the
    # attacker first, then each other seat after her; each seat plays any events it may, then
    # passes ("end"). Strength events go on the raiding privateer (the only strength they
    # name); Safe Conduct by the raided merchant's owner calls the raid off; Hurricane, Scurvy
    # and Mutiny on a raiding ship by another seat may call it off too.
    response_window: str = rule("seat-order", Text(RESPONSE_WINDOWS))
    # seed (Raid Phase): "Players may play event cards to increase the Strength of Target
    # Privateers, Merchants, and Bases". No event card names a merchant or a base (each
    # strength event is a privateer's), so the cards that strengthen them are the ones that
    # say so: in a raid's window the target's owner may attach an escort with strength from
    # her hand to the raided merchant, or a defence with strength to the raided base (within
    # its two). Engine tabletop-2; tabletop-1 had only the raiding privateer strengthened.
    defender_reinforces: bool = rule(True, Bool())
    # choice: two nations at 100 in one phase cannot happen with these rules (only the acting
    # player gains gold); gold is counted as it comes, and the first to reach the goal wins
    # at once: the acting player
    tie_rule: str = rule("acting", Text(TIE_RULES))
    # choice: a game that no one wins within this many rounds (each seat's turn once) ends; the
    # most gold wins (a tie: nobody). Bots' games end long before.
    round_limit: int = rule(150, Int(1, 10_000))

    def __post_init__(self) -> None:
        check_rules(self)  # each field within its bound, declared beside it (engine/bounds.py)

    def with_changes(self, **changes: Any) -> TabletopRules:
        """These rules with some fields changed, named after the change (for sweeps).

        >>> TabletopRules().with_changes(hand_max=10).name
        'seed-003+hand_max=10'
        """
        unknown = [k for k in changes if k not in _FIELD_NAMES or k == "name"]
        if unknown:
            raise RuleError(f"no rule named {unknown[0]!r}; one of {', '.join(_FIELD_NAMES)}")
        label = "+".join(f"{k}={v}" for k, v in sorted(changes.items()))
        return replace(self, name=f"{self.name}+{label}", **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every field, but a reading an earlier engine did without, at that engine's value
        (EARLIER_FORM): its states keep the form, and the hash, they were logged with."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        for name, value in EARLIER_FORM.items():
            if out[name] == value:
                del out[name]
        return out

    @classmethod
    def from_dict(cls, data: Any) -> TabletopRules:
        """Rules from to_dict's output; SaveError naming a missing, unknown or bad field."""
        if not isinstance(data, dict):
            raise SaveError("rules must be a mapping of field to value")
        extra = sorted(set(data) - set(_FIELD_NAMES))
        if extra:
            raise SaveError(f"rules: unknown field {extra[0]!r}")
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data and f.name in EARLIER_FORM:
                values[f.name] = EARLIER_FORM[f.name]  # a form an earlier engine wrote
                continue
            if f.name not in data:
                raise SaveError(f"rules: missing field {f.name!r}")
            value, want = data[f.name], type(getattr(DEFAULT, f.name))
            if type(value) is not want:
                raise SaveError(f"rules: {f.name} must be {want.__name__}, not {value!r}")
            values[f.name] = value
        return cls(**values)


DEFAULT = TabletopRules()
_FIELD_NAMES = tuple(f.name for f in fields(TabletopRules))
EARLIER_READINGS: dict[str, dict[str, Any]] = {"tabletop-1": {"defender_reinforces": False}}
"""What each earlier engine read otherwise than this one (engine/variants.py's as_read_by)."""
EARLIER_FORM: dict[str, Any] = {"defender_reinforces": False}
"""Fields a state's rules leave out at these values: the form the engines before them wrote."""


def read_by(rules: TabletopRules, engine_version: str | None) -> TabletopRules:
    """The rules as `engine_version` read them."""
    return as_read_by(rules, EARLIER_READINGS, engine_version)


RULESETS: dict[str, TabletopRules] = {"seed-003": DEFAULT}
"""Named presets; a `--rules NAME` picks one."""


def find_tabletop_rules(name: str) -> TabletopRules:
    """A preset by name, or a variant of one ("seed-003+hand_max=10")."""
    base, _, changes = name.partition("+")
    if base not in RULESETS:
        raise RuleError(f"no tabletop rules named {name!r}; choose from {', '.join(RULESETS)}")
    rules = RULESETS[base]
    if not changes:
        return rules
    return rules.with_changes(**dict(parse_setting(item) for item in changes.split("+")))


def parse_setting(text: str) -> tuple[str, Any]:
    """ "FIELD=VALUE" as a field and a value of its type within its bound (engine/bounds.py);
    RuleError naming what is wrong."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or key not in _FIELD_NAMES or key == "name":
        raise RuleError(f"{text!r} is not FIELD=VALUE of a rule ({', '.join(_FIELD_NAMES[1:])})")
    return key, read_rule(TabletopRules, key, raw)


def raid_modifier(rules: TabletopRules, attack: int, defence: int) -> int:
    """The raid roll's modifier for the privateer's strength against the defender's."""
    if attack >= rules.double_ratio * defence:
        return rules.double
    if defence >= rules.double_ratio * attack:
        return rules.half
    if attack > defence:
        return rules.higher
    if defence > attack:
        return rules.lower
    return 0


def raid_result(rules: TabletopRules, total: int) -> str:
    """The raid table's band for a modified roll: disaster, no effect or success."""
    if total <= rules.disaster_max:
        return "disaster"
    if total >= rules.success_min:
        return "success"
    return "no effect"


def raid_odds(rules: TabletopRules, modifier: int) -> dict[str, Fraction]:
    """The exact chance of each raid result at a modifier: every face of the dice counted.

    >>> odds = raid_odds(TabletopRules(), 0)
    >>> odds["disaster"], odds["no effect"], odds["success"]
    (Fraction(5, 18), Fraction(5, 9), Fraction(1, 6))
    """
    counts = {"disaster": 0, "no effect": 0, "success": 0}
    for faces in product(range(1, 7), repeat=rules.raid_dice):
        counts[raid_result(rules, sum(faces) + modifier)] += 1
    whole = 6**rules.raid_dice
    return {result: Fraction(n, whole) for result, n in counts.items()}
