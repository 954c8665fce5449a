"""The dials a balance study turns: any number (or switch) of the voyage's rules or the world's,
by its field's name, and the rules a setting of them makes.

A dial is a scalar field of `VoyageRules` or `WorldRules` (a whole number, a fraction, a
switch, a name), or one entry of a table of prices (`ship_gold.frigate`) or of a tuple of numbers
by its place from 0 (`letter_days.1`, the second letter's deadline); or `captain`, the
captain bot that plays the runs (`captain=ours,raider12`), or one of its numbers
(`captain.reserve=8,10`), which are no rules of the game, so `turned` leaves the rules as they
are for them and `captain_of` reads them. `parse_dial` reads
`NAME=VALUES` as a user writes it: a range `15:30:5` (both ends in) or a list `6,10,14`, each
value of the field's own type and within the bound the field declares (engine/bounds.py:
`storm_days=-5` is refused, naming 1..1000000). `turned` gives the rules a setting makes, named
so that nothing can mistake them for the rules they vary (`full[treasury=20]`), and read back
from that name (engine/variants.py).

>>> dial, values = parse_dial("treasury=15:30:5")
>>> dial.owner, values
('world', (15, 20, 25, 30))
>>> rules, wrules = turned(RULESETS["classic"], SEED_000, {"treasury": 20, "dilemmas": True})
>>> rules.name, rules.dilemmas, wrules.treasury, wrules.name
('classic[dilemmas=true]', True, 20, 'seed-000[treasury=20]')
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from .bounds import check_value, read_rule
from .errors import RuleError
from .fight.rules import FIGHT, FightRules, find_fight_rules
from .scalars import SCALARS, read_scalar
from .variants import entry, vary
from .voyage.captain import CAPTAINS, Captain, captain_for
from .voyage.captain_spec import CAPTAIN_FIELDS, find_captain, spec_of
from .voyage.rules import RULESETS, VoyageRules
from .world.rules import SEED_000, WorldRules, find_world_rules

MAX_POINTS = 10_000  # a study of more settings than this is a mistake, not a study

NOT_DIALS = ("name", "days", "checkpoint_days", "world_rules", "fight_rules")
"""Fields that are not rules of play: a ruleset's name, a run's length (a study's --days), how
often the log keeps a state hash, and the name of the world's rules a voyage is played in
(their fields are dials of their own)."""


@dataclass(frozen=True, slots=True)
class Dial:
    name: str  # as written: "treasury", "ship_gold.frigate"
    owner: str  # "voyage" or "world": whose rules object holds it
    field: str
    key: str | None  # an entry of a table of prices, or None
    kind: type  # int, float, bool or str

    def read(self, text: str) -> Any:
        """One value as written, of the dial's type and within its field's bound
        (engine/bounds.py); RuleError saying what is wanted."""
        if self.owner == CAPTAIN and self.field == CAPTAIN:
            return read_scalar(self.name, self.kind, text)  # a name in CAPTAINS: parse_dial's
        return read_rule(OWNERS[self.owner], self.field, text, key=self.key, label=self.name)

    def check(self, value: Any) -> Any:
        """A value of the dial (one a range made) held to its field's bound."""
        if self.owner == CAPTAIN and self.field == CAPTAIN:
            return value
        return check_value(OWNERS[self.owner], self.field, value, key=self.key, label=self.name)


OWNERS: dict[str, type] = {
    "voyage": VoyageRules,
    "world": WorldRules,
    "captain": Captain,
    "fight": FightRules,
}
"""The class whose fields declare each owner's dials' bounds."""


def _dials() -> dict[str, Dial]:
    out: dict[str, Dial] = {}
    for owner, base in (("voyage", RULESETS["full"]), ("world", SEED_000)):
        for f in fields(base):
            if f.name in NOT_DIALS:
                continue
            kind = SCALARS.get(str(f.type))
            if kind is not None:
                out[f.name] = Dial(f.name, owner, f.name, None, kind)
                continue
            table = getattr(base, f.name)
            if isinstance(table, dict):  # a table of prices: each entry a dial of its own
                for key, value in table.items():
                    name = f"{f.name}.{key}"
                    out[name] = Dial(name, owner, f.name, key, type(value))
            elif _numbers(table):  # a tuple of numbers: each place a dial (letter_days.1)
                for place, value in enumerate(table):
                    name = f"{f.name}.{place}"
                    out[name] = Dial(name, owner, f.name, str(place), type(value))
    for f in fields(FIGHT):  # the card fight's numbers, as the voyage's fights play them
        if f.name != "name":
            out[f"{FIGHT_DIAL}{f.name}"] = Dial(
                f"{FIGHT_DIAL}{f.name}", "fight", f.name, None, SCALARS[str(f.type)]
            )
    out[CAPTAIN] = Dial(CAPTAIN, CAPTAIN, CAPTAIN, None, str)
    for field, kind in CAPTAIN_FIELDS.items():  # the captain's own numbers: captain.reserve
        out[f"{CAPTAIN}.{field}"] = Dial(f"{CAPTAIN}.{field}", CAPTAIN, field, None, kind)
    return out


def _numbers(value: Any) -> bool:
    """A tuple of numbers (days, gold, odds), not of names or switches."""
    return isinstance(value, tuple) and all(type(v) in (int, float) for v in value)


FIGHT_DIAL = "fight."  # fight.relief_every: a number of the fight rules the voyage fights by
CAPTAIN = "captain"  # the dial of who plays: a name in engine/voyage/captain.py's CAPTAINS
DIALS: dict[str, Dial] = _dials()
"""Every dial there is, by name (the voyage's and the world's rules share no field name)."""


def find_dial(name: str) -> Dial:
    """The dial called `name`; RuleError naming the nearest names (or, with none near, every
    dial there is)."""
    dial = DIALS.get(name.strip())
    if dial is None:
        near = difflib.get_close_matches(name.strip(), DIALS, n=3, cutoff=0.75)
        if near:
            raise RuleError(f"no rule {name!r} to vary; did you mean {' or '.join(near)}?")
        raise RuleError(f"no rule {name!r} to vary; the rules are: {', '.join(sorted(DIALS))}")
    return dial


def read_range(dial: Dial, values: str) -> tuple[Any, Any, Any]:
    """`FIRST:LAST` or `FIRST:LAST:STEP` of a number's dial: its ends, each of the dial's type
    and within its bound, and its step (None when not given; more than nothing when it is)."""
    parts = values.split(":")
    if len(parts) not in (2, 3):
        raise RuleError(f"{dial.name}: a range is FIRST:LAST or FIRST:LAST:STEP")
    first, last = dial.read(parts[0]), dial.read(parts[1])
    step = read_scalar(dial.name, dial.kind, parts[2]) if len(parts) == 3 else None
    if step is not None and step <= 0:
        raise RuleError(f"{dial.name}: a range's step is more than nothing")
    return first, last, step


def parse_dial(text: str) -> tuple[Dial, tuple[Any, ...]]:
    """`NAME=VALUES`: a range `15:30:5` (or `15:30`, a step of one), or a list `6,10,14`."""
    name, sep, values = text.partition("=")
    if not sep:
        raise RuleError(f"{text!r}: write NAME=VALUES, as treasury=15:30:5 or storm_days=60,120")
    dial = find_dial(name)
    if ":" in values and dial.kind in (int, float):
        first, last, given = read_range(dial, values)
        step = dial.kind(1) if given is None else given
        span = (last - first) / step
        count = math.floor(span + 1e-9) + 1 if math.isfinite(span) else MAX_POINTS + 1
        if count < 1:
            raise RuleError(f"{dial.name}: the range {values} is empty")
        if count > MAX_POINTS:
            raise RuleError(f"{dial.name}: the range {values} has too many values")
        found = tuple(dial.check(dial.kind(first + i * step)) for i in range(count))
    else:
        found = tuple(dial.read(word) for word in values.split(","))
    if not found:
        raise RuleError(f"{dial.name}: no values")
    unknown = [str(value) for value in found if str(value) not in CAPTAINS]
    if dial.name == CAPTAIN and unknown:
        raise RuleError(f"no captain {unknown[0]!r}: one of {', '.join(CAPTAINS)}")
    if len(set(found)) != len(found):
        raise RuleError(f"{dial.name}: a value is given twice")
    return dial, found


def turned(
    rules: VoyageRules, wrules: WorldRules, setting: Mapping[str, Any]
) -> tuple[VoyageRules, WorldRules]:
    """The rules a setting of dials makes from these; each changed object named by its base's
    name and its changes (engine/variants.py), so it is never taken for the rules it varies,
    and read back by that name. A value outside its field's bound: RuleError."""
    changes: dict[str, list[tuple[str, Any]]] = {"voyage": [], "world": []}
    for name, value in setting.items():
        dial = find_dial(name)
        if dial.owner == "fight":  # turned through the voyage's rules, which name them
            changes["voyage"].append((dial.name, value))
        elif dial.owner != CAPTAIN:
            changes[dial.owner].append((dial.name, value))
    if changes["voyage"]:
        rules = vary(rules, changes["voyage"])
    if changes["world"]:
        wrules = vary(wrules, changes["world"])
    return rules, wrules


def value_in(dial: Dial, rules_name: str) -> Any:
    """The value `dial` has in ruleset `rules_name` as it is played by default (its world's
    rules, its own captain): where a search starts.

    >>> value_in(DIALS["treasury"], "full"), value_in(DIALS["captain"], "classic")
    (25, 'raider10')
    """
    rules = RULESETS[rules_name]
    owners = {
        "voyage": rules,
        "world": find_world_rules(rules.world_rules),
        CAPTAIN: find_captain(captain_for(rules_name)),
    }
    if dial.owner == CAPTAIN and dial.field == CAPTAIN:
        return captain_for(rules_name)
    if dial.owner == "fight":
        return getattr(find_fight_rules(rules.fight_rules), dial.field)
    value = getattr(owners[dial.owner], dial.field)
    return value if dial.key is None else entry(value, dial.key)


def captain_of(setting: Mapping[str, Any], rules: str = "full") -> str:
    """The captain bot a setting's runs are played by, as a spec (captain_spec.py): its
    `captain` dial, else the one that plays `rules` by default (captain.py's `captain_for`),
    with its `captain.FIELD` dials' values."""
    name = str(setting.get(CAPTAIN, captain_for(rules)))
    dials = [(find_dial(key), value) for key, value in setting.items() if key != CAPTAIN]
    return spec_of(name, {dial.field: value for dial, value in dials if dial.owner == CAPTAIN})
