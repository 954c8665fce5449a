"""Rules varied by name: `full[storm_days=60]` is the rules `full` with storm_days at 60, named
so that nothing takes them for the rules they vary (a study's point, engine/dials.py), and read
back from that name, each value held to its field's bound (engine/bounds.py): a logged run's
state names its rules so, and a picture of one of its days finds them by it.

>>> from privateer.engine.variants import read_variant, split_variant, vary
>>> from privateer.engine.world.rules import SEED_000
>>> varied = vary(SEED_000, [("treasury", 20), ("merchant_sails_on", True)])
>>> varied.name, varied.treasury
('seed-000[treasury=20,merchant_sails_on=true]', 20)
>>> split_variant(varied.name)
('seed-000', [('treasury', '20'), ('merchant_sails_on', 'true')])
>>> read_variant(SEED_000, split_variant(varied.name)[1]) == varied
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace
from typing import Any, Protocol, TypeVar, cast

from .bounds import read_rule
from .errors import RuleError


class Rules(Protocol):
    """A rules object: a dataclass with a name."""

    @property
    def name(self) -> str: ...


R = TypeVar("R", bound=Rules)


def shown(value: Any) -> str:
    """A value as a variant's name writes it (switches as true and false)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def variant_name(base: str, changes: Sequence[tuple[str, Any]]) -> str:
    """`base[name=value,...]`; the base's own name without changes. A base that is a variant
    already takes the changes into its own brackets, a change to a rule it changed in its
    place (`seed-000[privateer_bounty=0]` and relief_every=1:
    `seed-000[privateer_bounty=0,relief_every=1]`), so the name reads back."""
    if not changes:
        return base
    root, earlier = split_variant(base)
    words = dict(earlier)
    for name, value in changes:
        words[name] = shown(value)
    return f"{root}[{','.join(f'{name}={text}' for name, text in words.items())}]"


def split_variant(name: str) -> tuple[str, list[tuple[str, str]]]:
    """A variant's name as its base's name and its changes as written; RuleError if it is not
    one (`base[name=value,...]`)."""
    base, bracket, rest = name.partition("[")
    if not bracket:
        return name, []
    words = rest[:-1].split(",")
    if not rest.endswith("]") or "[" in rest or not all("=" in word for word in words):
        raise RuleError(f"rules {name!r}: a variant is NAME[RULE=VALUE,...]")
    return base, [(key.strip(), text) for key, _, text in (w.partition("=") for w in words)]


def nested(cls: type) -> dict[str, tuple[str, Callable[[str], Any]]]:
    """The rules a rules class names by a field of its own, turned through it
    (`fight.relief_every`: the voyage's fights' rules): prefix -> (the naming field, the
    finder of rules by name). A class declares them as `NESTED`."""
    found: dict[str, tuple[str, Callable[[str], Any]]] = getattr(cls, "NESTED", {})
    return found


def has_entry(table: Any, key: str) -> bool:
    """Whether `key` names an entry of a table by name (`ship_gold.frigate`) or of a tuple by
    its place, counted from 0 (`letter_days.1`: the second letter's days)."""
    if isinstance(table, dict):
        return key in table
    return (
        isinstance(table, tuple)
        and key.isdigit()
        and str(int(key)) == key
        and int(key) < len(table)
    )


def entry(table: Any, key: str) -> Any:
    """The entry `key` names (`has_entry`'s)."""
    return table[int(key)] if isinstance(table, tuple) else table[key]


def with_entry(table: Any, key: str, value: Any) -> Any:
    """A copy of a table or tuple with entry `key` set to `value`."""
    if isinstance(table, tuple):
        return tuple(value if i == int(key) else old for i, old in enumerate(table))
    return {**table, key: value}


def vary(rules: R, changes: Sequence[tuple[str, Any]]) -> R:
    """These rules with each change made (a field by its name, one entry of a table,
    `ship_gold.frigate`, or of a tuple, `letter_days.1`, or a field of rules they name,
    `fight.relief_every`: those rules varied and named in their stead), named for them;
    RuleError for a value outside its bound."""
    updates: dict[str, Any] = {}
    inner: dict[str, list[tuple[str, Any]]] = {}
    named = nested(type(rules))
    for name, value in changes:
        field, _, key = name.partition(".")
        if field in named:
            inner.setdefault(field, []).append((key, value))
        elif key:
            updates[field] = with_entry(updates.get(field, getattr(rules, field)), key, value)
        else:
            updates[field] = value
    for prefix, turned in inner.items():
        naming, find = named[prefix]
        updates[naming] = vary(find(getattr(rules, naming)), turned).name
    return replace(rules, name=variant_name(rules.name, changes), **updates)  # type: ignore[type-var]


def read_variant(rules: R, words: Sequence[tuple[str, str]]) -> R:
    """The variant of `rules` that changes as written make (`split_variant`'s), each value read
    as its field's type and held to its bound; RuleError naming a rule there is not."""
    cls = type(rules)
    names = {f.name for f in fields(cls)} - {"name"}  # type: ignore[arg-type]
    changes = []
    named = nested(cls)
    for name, text in words:
        field, _, key = name.partition(".")
        if field in named:
            naming, find = named[field]
            inner = find(getattr(rules, naming))
            if key not in {f.name for f in fields(inner)} - {"name"}:
                raise RuleError(f"{cls.__name__} has no rule {name!r}")
            changes.append((name, read_rule(type(inner), key, text, label=name)))
            continue
        table = getattr(rules, field, None) if field in names else None
        if field not in names or (key and not has_entry(table, key)):
            raise RuleError(f"{cls.__name__} has no rule {name!r}")
        changes.append((name, read_rule(cls, field, text, key=key or None, label=name)))
    return vary(rules, changes)


def as_read_by(rules: R, earlier: Mapping[str, Mapping[str, Any]], engine_version: str | None) -> R:
    """`rules` as `engine_version` read them: an earlier engine's own readings (`earlier`, by
    version: the fields it read otherwise) in place, under the rules' own name, so a run it
    logged replays by them and hashes as it did; for this engine, the rules as they are."""
    found = earlier.get(engine_version or "")
    return rules if found is None else cast(R, replace(cast(Any, rules), **found))
