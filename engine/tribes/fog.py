"""Fog and vision (the Tribes design document, "Fog & vision"): what each tribe sees now, what it
has ever seen, the sighted events (phase 14), and which events a tribe is told.

Vision is a bitmask over the tiles (bit y * size + x), the union of Chebyshev squares: a
settlement sees its territory radius + 2 (6/8/11/14 by tier), a warband, a caravan or a settler
wagon 6. A square is one row span replicated down its rows by a single multiplication
(`square`), remembered by place and radius, and a tribe's vision is remembered by its list of
sources, so a tick in which nothing of a tribe moved costs a lookup. The explored mask
(`Tribe.explored`, the hex of the bitmask, "" for none) is OR-ed with the current vision at
every tick's phase 14 and at the world's making: it only grows. The caches are pure functions
of their keys, so a state reads the same whether or not they are warm.

Sighted: at phase 14, after the explored masks, each live observer (ascending id) looks at each
enemy (ascending id) whose pair ("observer,enemy" in `state.sightings`) was not told in the last
200 ticks; if any of the enemy's settlements, warbands or caravans (settler wagons count as
caravans: the seed shows them as caravans) stands inside the observer's vision, one "sighted"
event names the first of them in that order (ascending id within each) and the pair's tick is
kept.

Chosen readings (the seed leaves them open):
- an enemy is a tribe either of whose stances toward the other is "hostile" (the plain reading
  of "enemy"; neutral and allied tribes are seen in views but not announced);
- an event involves a tribe when its tribe, by, enemy, attacker or defender field names it
  (the seed's list), and also previous (a captured settlement's old holder), counterparty (a
  trade's other side) and toward (a stance's target), who are parties to it just the same;
- a "say" is an announcement to the whole world: the world made, the world ended, a tribe
  eliminated (`SAY_KINDS`); metrics frames are not events of a view (the view carries the
  latest frame under "metrics");
- an event is located by its x, y fields, else by its settlement field's tile (a settlement
  since removed locates nothing); located events are delivered when the tile is inside the
  tribe's vision as it is when the view is taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..events import Event
from .constants import TIER_NAMES
from .rules import SEED, PerRules, TribesRules
from .state import TribesState

INVOLVED_FIELDS = ("tribe", "by", "enemy", "attacker", "defender", "previous", "counterparty",
                   "toward")  # fmt: skip
SAY_KINDS = frozenset({"world", "world_end", "eliminated"})
HOSTILE = "hostile"

Source = tuple[int, int, int]  # x, y, radius


def settlement_vision(tier: int, rules: TribesRules = SEED) -> int:
    """Seed: a settlement sees its territory radius + 2."""
    return rules.territory_radius[tier] + rules.vision_beyond_territory


SETTLEMENT_VISION = PerRules(
    lambda rules: tuple(settlement_vision(tier, rules) for tier in range(len(TIER_NAMES)))
)
"""Each tier's settlement vision by the rules."""


@lru_cache(maxsize=256)
def _column(size: int, rows: int) -> int:
    """Bit 0 of each of `rows` consecutive rows: a span times this fills a square."""
    return int(("0" * (size - 1) + "1") * rows, 2)


@lru_cache(maxsize=4096)
def square(size: int, x: int, y: int, radius: int) -> int:
    """The tiles within Chebyshev `radius` of (x, y), clipped to the map, as a bitmask."""
    x0, x1 = max(0, x - radius), min(size - 1, x + radius)
    y0, y1 = max(0, y - radius), min(size - 1, y + radius)
    if x0 > x1 or y0 > y1:
        return 0
    span = ((1 << (x1 - x0 + 1)) - 1) << x0
    return (span << (y0 * size)) * _column(size, y1 - y0 + 1)


@lru_cache(maxsize=1024)
def _union(size: int, sources: tuple[Source, ...]) -> int:
    mask = 0
    for x, y, radius in sources:
        mask |= square(size, x, y, radius)
    return mask


_MASKS: dict[str, int] = {}
_MASKS_KEPT = 256


def mask_of(explored: str) -> int:
    """An explored mask's integer from its hex ("" is nothing), remembered."""
    mask = _MASKS.get(explored)
    if mask is None:
        mask = _remember(explored, int(explored, 16) if explored else 0)
    return mask


def _remember(explored: str, mask: int) -> int:
    if len(_MASKS) >= _MASKS_KEPT:
        _MASKS.clear()
    _MASKS[explored] = mask
    return mask


def hex_of(mask: int) -> str:
    """An explored mask's hex ("" for none); its integer is remembered for `mask_of`."""
    text = format(mask, "x") if mask else ""
    _remember(text, mask)
    return text


def forget() -> None:
    """Empty the caches (pure functions of their keys: nothing read changes, only its cost)."""
    square.cache_clear()
    _union.cache_clear()
    _column.cache_clear()
    _pairs.cache_clear()
    _MASKS.clear()


def sources(state: TribesState) -> list[list[Source]]:
    """Each tribe's vision sources (by tribe id): its settlements, warbands, caravans, wagons."""
    out: list[list[Source]] = [[] for _ in state.tribes]
    rules = state.rules
    seen, unit = SETTLEMENT_VISION(rules), rules.unit_vision
    for s in state.settlements:
        out[s.tribe].append((s.x, s.y, seen[s.tier]))
    for units in (state.warbands, state.caravans, state.wagons):
        for u in units:
            out[u.tribe].append((u.x, u.y, unit))
    return out


def visions(state: TribesState) -> list[int]:
    """Every tribe's current vision mask, by tribe id."""
    return [_union(state.size, tuple(found)) for found in sources(state)]


def vision(state: TribesState, tribe: int) -> int:
    """`tribe`'s current vision mask."""
    rules = state.rules
    seen, unit = SETTLEMENT_VISION(rules), rules.unit_vision
    found = [(s.x, s.y, seen[s.tier]) for s in state.settlements if s.tribe == tribe]
    for units in (state.warbands, state.caravans, state.wagons):
        found += [(u.x, u.y, unit) for u in units if u.tribe == tribe]
    return _union(state.size, tuple(found))


def sees(state: TribesState, mask: int, x: int, y: int) -> bool:
    """Whether tile (x, y) is in `mask`."""
    return 0 <= x < state.size and 0 <= y < state.size and (mask >> (y * state.size + x)) & 1 == 1


def explore(state: TribesState, seen: Sequence[int] | None = None) -> list[int]:
    """OR each tribe's current vision into its explored mask; the visions (by tribe id)."""
    seen = visions(state) if seen is None else seen
    for tribe in state.tribes:
        before = mask_of(tribe.explored)
        after = before | seen[tribe.id]
        if after != before:
            tribe.explored = hex_of(after)
    return list(seen)


def explored_mask(state: TribesState, tribe: int) -> int:
    """What `tribe` has explored, its current vision included."""
    return mask_of(state.tribes[tribe].explored) | vision(state, tribe)


def enemies(state: TribesState, tribe: int) -> list[int]:
    """The tribes hostile to `tribe` or it to them (chosen: see the module), ascending id."""
    return list(_hostile_pairs(state).get(tribe, ()))


def _hostile_pairs(state: TribesState) -> dict[int, list[int]]:
    """Each tribe's enemies (ascending id), for the tribes that have any."""
    return _pairs(tuple(tuple(t.stances) for t in state.tribes))


@lru_cache(maxsize=256)
def _pairs(stances: tuple[tuple[str, ...], ...]) -> dict[int, list[int]]:
    if not any(HOSTILE in mine for mine in stances):
        return {}
    n = len(stances)
    out: dict[int, list[int]] = {}
    for a, mine in enumerate(stances):
        foes = [b for b in range(n) if b != a and HOSTILE in (mine[b], stances[b][a])]
        if foes:
            out[a] = foes
    return out


Thing = tuple[str, int, int, int]  # what, id, x, y


def _things(state: TribesState) -> dict[int, tuple[list[Thing], int]]:
    """Each tribe's settlements, warbands and caravans (wagons as caravans), in that order and
    ascending id within each, with the mask of the tiles they stand on."""
    out: dict[int, tuple[list[Thing], int]] = {}
    size = state.size

    def add(tribe: int, thing: Thing) -> None:
        listed, tiles = out.get(tribe, ([], 0))
        listed.append(thing)
        out[tribe] = listed, tiles | 1 << (thing[3] * size + thing[2])

    for s in state.settlements:
        add(s.tribe, ("settlement", s.id, s.x, s.y))
    for w in state.warbands:
        add(w.tribe, ("warband", w.id, w.x, w.y))
    caravans = [(u.id, u.tribe, u.x, u.y) for u in state.caravans]
    caravans += [(u.id, u.tribe, u.x, u.y) for u in state.wagons]
    for thing, tribe, x, y in sorted(caravans):
        add(tribe, ("caravan", thing, x, y))
    return out


@lru_cache(maxsize=16)
def _keys(tribes: int) -> tuple[tuple[str, ...], ...]:
    """`state.sightings`' key of each (observer, enemy) pair: "observer,enemy"."""
    return tuple(tuple(f"{a},{b}" for b in range(tribes)) for a in range(tribes))


def sightings(state: TribesState, events: list[Event]) -> None:
    """Phase 14: the explored masks grow by the current vision, then the sighted events."""
    seen = explore(state)
    pairs = _hostile_pairs(state)
    if not pairs:
        return
    tick = state.tick
    told = state.sightings
    things: dict[int, tuple[list[Thing], int]] | None = None
    keys = _keys(len(state.tribes))
    cooldown = state.rules.sighting_cooldown
    for observer in state.tribes:
        if not observer.alive or observer.id not in pairs:
            continue
        mask = seen[observer.id]
        for enemy in pairs[observer.id]:
            key = keys[observer.id][enemy]
            last = told.get(key)
            if last is not None and tick - last < cooldown:
                continue
            if things is None:
                things = _things(state)
            listed, tiles = things.get(enemy, ([], 0))
            if not mask & tiles:
                continue
            for what, thing, x, y in listed:
                if sees(state, mask, x, y):
                    told[key] = tick
                    events.append(
                        Event(
                            "sighted",
                            tick,
                            {"tribe": observer.id, "enemy": enemy, "what": what, "id": thing,
                             "x": x, "y": y},
                        )
                    )  # fmt: skip
                    break


# --- event delivery ------------------------------------------------------------------------


def _fields(event: Event) -> dict[str, Any]:
    return event.data if isinstance(event.data, dict) else event.fields()


def involves(data: dict[str, Any], tribe: int) -> bool:
    return any(data.get(name) == tribe for name in INVOLVED_FIELDS if name in data)


def place(state: TribesState, data: dict[str, Any]) -> tuple[int, int] | None:
    """Where an event happened: its x, y, else its settlement's tile, else nowhere."""
    x, y = data.get("x"), data.get("y")
    if isinstance(x, int) and isinstance(y, int) and not isinstance(x, bool):
        return x, y
    settlement_id = data.get("settlement")
    if isinstance(settlement_id, int):
        settlement = state.settlement(settlement_id)
        if settlement is not None:
            return settlement.x, settlement.y
    return None


def delivered(state: TribesState, tribe: int, event: Event, mask: int) -> bool:
    """Whether `event` reaches `tribe`, whose current vision is `mask` (see the module)."""
    if event.kind in SAY_KINDS:
        return True
    if event.kind == "metrics":
        return False
    data = _fields(event)
    if involves(data, tribe):
        return True
    at = place(state, data)
    return at is not None and sees(state, mask, at[0], at[1])


def visible_events(
    state: TribesState, tribe: int, events: Sequence[Event], mask: int | None = None
) -> list[Event]:
    """The events of `events` delivered to `tribe`, the newest 60 at most, oldest first."""
    mask = vision(state, tribe) if mask is None else mask
    most = state.rules.view_events
    out: list[Event] = []
    for event in reversed(events):
        if delivered(state, tribe, event, mask):
            out.append(event)
            if len(out) == most:
                break
    out.reverse()
    return out
