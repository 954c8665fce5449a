"""Every number of seed 003's card game, and every choice where the seed is silent, in one
frozen dataclass. "seed" quotes the seed; "choice" is ours. A sweep varies a field by name:
`TabletopRules().with_changes(hand_max=10)` (named after the change).

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

NATIONS = ("spain", "england", "france", "holland")  # seed: "Spain, England, France, Holland"
RESPONSE_WINDOWS = ("seat-order",)
TIE_RULES = ("acting",)
CAPTURED_DEFENCE = ("strongest", "first")


@dataclass(frozen=True, slots=True)
class TabletopRules:
    """The rules of the tabletop game (seed 003)."""

    name: str = "seed-003"  # a label: the preset's name, or a variant's (see with_changes)
    # --- victory, the deck, the hand
    goal_gold: int = 100  # seed: "The first player to accumulate 100 Gold is the Winner"
    deal: int = 7  # seed: "Each player is dealt a random hand of 7 cards"
    draw: int = 2  # seed (Fate): "Draw 2 cards"
    hand_max: int = 8  # seed (Settlement): "Max hand size is 8 cards"
    first_die: int = 6  # seed: "roll high on 1D6"; choice: only the tied highest re-roll
    # --- players: seed "2+ players" and four nations; choice: 2-4, one deck, one seat a nation;
    # 5+ players are refused (the seed names only four nations and one deck)
    min_players: int = 2
    max_players: int = 4
    # --- merchants
    home_tokens: int = 3  # seed: "If a Merchant has 3 or more Tokens, discard it and gain Gold"
    sailing_tokens: int = 1  # seed: "Put a Travel Token on each of your Merchants"
    merchants_per_turn: int = 1  # seed: "You may put a Merchant card from your hand into play"
    travel_events_per_merchant: int = 1  # seed: "up to one Ocean, Island, or Coast Event card
    # per Merchant"
    # choice: a travel event that brings her to 3 tokens brings her home at once (it shortens
    # her voyage); False: she waits for her next Sailing phase
    travel_brings_home: bool = True
    escort_adds_strength: bool = True  # choice: an Escort's Str adds to her merchant's
    # choice: the "T" cards are treasures; a treasure's Gold adds to her merchant's gold when
    # she comes home (seed: "Merchants Gold Value + the value of any attached Treasure cards")
    # and when she is captured (seed silent: the captor takes the cargo too)
    treasure_letter: str = "T"
    treasure_on_capture: bool = True
    # --- privateers
    privateers_per_turn: int = 1  # seed: "You may put a Privateer card from your hand into play"
    captains_per_ship: int = 1  # seed: "attach one Captain card and one Crew card"
    crews_per_ship: int = 1  # choice: to any of your privateers lacking one, any phase's count
    # --- bases
    bases_per_turn: int = 1  # seed: "You may put a Base card from your hand into play"
    defences_per_base: int = 2  # seed: "A Base may have a max of 2 Defense cards attached"
    base_adds_defences: bool = True  # choice: a base's strength is its Str plus its defences'
    defence_gold_taxes: bool = True  # choice: a defence's Gold (Haven, Maritime Center) adds
    # to its base's gold level
    # choice: a captured base loses one defence (seed) and keeps the others; the one lost is the
    # strongest ("strongest", ties the first attached) or the first attached ("first")
    captured_defence: str = "strongest"
    # choice (a sweep's lever, not the seed's): the share of a base's gold level paid in Taxes,
    # in percent, rounded down; the seed pays it all
    taxes_percent: int = 100
    # --- the raid table (seed): 2D6; 2-5 disaster, 6-9 no effect, 10+ success
    raid_dice: int = 2
    disaster_max: int = 5
    success_min: int = 10
    higher: int = 1  # seed: "If the Privateer has a higher Strength get +1"
    double: int = 2  # seed: "If the Privateer's Strength is Double ... +2" (instead of +1)
    lower: int = -1  # seed: "If the Defender has a higher Strength get -1"
    half: int = -2  # seed: "If the Defender's Strength is Double ... -2" (instead of -1)
    double_ratio: int = 2  # seed: "Double"; choice: at least twice counts as double
    plunder_dice: int = 2  # seed: Plunder "Gain 2D6 Gold after Plundering a Base"; choice: on
    # a successful raid on a base, by the attacker who played it in that raid's window
    # choice: who may play events in a raid: a response window per raid in seat order, the
    # attacker first, then each other seat after her; each seat plays any events it may, then
    # passes ("end"). Strength events go on the raiding privateer (the only strength they
    # name); Safe Conduct by the raided merchant's owner calls the raid off; Hurricane, Scurvy
    # and Mutiny on a raiding ship by another seat may call it off too.
    response_window: str = "seat-order"
    # choice: two nations at 100 in one phase cannot happen with these rules (only the acting
    # player gains gold); gold is counted as it comes, and the first to reach the goal wins
    # at once: the acting player
    tie_rule: str = "acting"
    # choice: a game that no one wins within this many rounds (each seat's turn once) ends; the
    # most gold wins (a tie: nobody). Bots' games end long before.
    round_limit: int = 150

    def with_changes(self, **changes: Any) -> TabletopRules:
        """These rules with some fields changed, named after the change (for sweeps).

        >>> TabletopRules().with_changes(hand_max=10).name
        'seed-003+hand_max=10'
        """
        unknown = [k for k in changes if k not in _FIELD_NAMES or k == "name"]
        if unknown:
            raise ValueError(f"no rule named {unknown[0]!r}; one of {', '.join(_FIELD_NAMES)}")
        label = "+".join(f"{k}={v}" for k, v in sorted(changes.items()))
        return replace(self, name=f"{self.name}+{label}", **changes)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> TabletopRules:
        """Rules from to_dict's output; ValueError naming a missing, unknown or bad field."""
        if not isinstance(data, dict):
            raise ValueError("rules must be a mapping of field to value")
        extra = sorted(set(data) - set(_FIELD_NAMES))
        if extra:
            raise ValueError(f"rules: unknown field {extra[0]!r}")
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                raise ValueError(f"rules: missing field {f.name!r}")
            value, want = data[f.name], type(getattr(DEFAULT, f.name))
            if type(value) is not want:
                raise ValueError(f"rules: {f.name} must be {want.__name__}, not {value!r}")
            values[f.name] = value
        return cls(**values).checked()

    def checked(self) -> TabletopRules:
        """These rules, or ValueError for a field out of its sense."""
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            signed = name in ("higher", "double", "lower", "half")  # the roll's modifiers
            if isinstance(value, int) and not isinstance(value, bool) and value < 0 and not signed:
                raise ValueError(f"rules: {name} must not be negative, not {value}")
        if self.response_window not in RESPONSE_WINDOWS or self.tie_rule not in TIE_RULES:
            raise ValueError("rules: response_window and tie_rule have one choice each")
        if self.captured_defence not in CAPTURED_DEFENCE:
            raise ValueError(f"rules: captured_defence is one of {', '.join(CAPTURED_DEFENCE)}")
        if not 2 <= self.min_players <= self.max_players <= len(NATIONS):
            raise ValueError("rules: players are 2 to 4, one a nation")
        if self.first_die < 1 or self.raid_dice < 1 or self.double_ratio < 1:
            raise ValueError("rules: dice and the double ratio are at least 1")
        return self


DEFAULT = TabletopRules()
_FIELD_NAMES = tuple(f.name for f in fields(TabletopRules))
RULESETS: dict[str, TabletopRules] = {"seed-003": DEFAULT}
"""Named presets; a `--rules NAME` picks one."""


def find_tabletop_rules(name: str) -> TabletopRules:
    """A preset by name, or a variant of one ("seed-003+hand_max=10")."""
    base, _, changes = name.partition("+")
    if base not in RULESETS:
        raise ValueError(f"no tabletop rules named {name!r}; choose from {', '.join(RULESETS)}")
    rules = RULESETS[base]
    if not changes:
        return rules
    return rules.with_changes(**dict(parse_setting(item, rules) for item in changes.split("+")))


def parse_setting(text: str, rules: TabletopRules = DEFAULT) -> tuple[str, Any]:
    """ "FIELD=VALUE" as a field and a value of its type; ValueError naming what is wrong."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or key not in _FIELD_NAMES or key == "name":
        raise ValueError(f"{text!r} is not FIELD=VALUE of a rule ({', '.join(_FIELD_NAMES[1:])})")
    current = getattr(rules, key)
    raw = raw.strip()
    if isinstance(current, bool):
        if raw.lower() not in ("true", "false"):
            raise ValueError(f"{key} is true or false, not {raw!r}")
        return key, raw.lower() == "true"
    if isinstance(current, int):
        try:
            return key, int(raw)
        except ValueError:
            raise ValueError(f"{key} is a whole number, not {raw!r}") from None
    return key, raw


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
