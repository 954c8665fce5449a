"""Threats (the Tribes design document, phase 11, slow): camps in the wild grow, spawn and raid, in
that order (the seed's "camp growth, spawn attempt, camp raids"), camps in ascending id.

- Growth: every camp +1 strength each slow tick (+1 per 10 ticks), capped at 4x its base.
- Spawn: while there are fewer camps than min(6, 1 + tick / 1500), one attempt of at most 8
  tries, each drawing x then y (`rng(size)` each) from `state.rng` (splitmix32; the only draws
  of this phase besides the raids' battles): the first tile that is wilderness becomes a camp.
  Chosen: wilderness is land (not ocean or river; a volcano is land) claimed by no settlement
  (territory.py's claims as the settlements stand) and holding no camp, whose nearest
  settlement (Chebyshev) is 10 to 25 tiles away, so a camp is never nearer than 10 to any
  settlement. With no settlement at all nothing is drawn. The kind follows the tile: swamp ->
  skeleton_barrow, mountain -> ogre_den, volcano after tick 6000 (tick > 6000) -> demon_gate,
  anything else (a volcano before) -> goblin_camp. Its strength = base + tick / 250 +
  nearbyWealth / 5000, capped at 4x base (chosen: the growth cap holds from the start), where
  nearbyWealth (chosen) is the base-value worth (the rules' base_value) of the stores of every
  settlement within 25 tiles (the raid reach) of the camp. A "camp_spawned" event.
- Raids: a camp raids on each slow tick where the ticks since it spawned are a positive
  multiple of 100 (chosen: each camp on its own clock, so the first raid comes 100 ticks after
  it appears), the nearest settlement within 25 (Chebyshev, ties to the lowest id), if any.
  Power = strength x 8, halved (integer) while the settlement's tribe has a warding rite in
  force, against military_battle.settlement_defense. Chosen: a threat raid is a battle, fought
  through military_battle.fight (the seed's +-5% variance, the camp drawn first as attacker; a
  "battle" event of kind "threat_raid", attacker -1), compared as fought. Won: the camp steals
  up to 2 x strength units in the raid loot order (constants.LOOT_ORDER) and they vanish into
  the wild (chosen: neither production nor consumption, as the seed counts loot; the units
  are added to the raided tribe's counter "threat_loot"), a "raid" event with by = -1 (the
  seed's threat convention) and deaths 0 (the seed names no losses for a threat raid); at 2x
  the defense or more a building is destroyed too (construction.doomed_building, as by a
  warband's raid), "building_destroyed" with by None. Repelled: the camp loses a quarter of
  its strength (integer).

For the war engineer's camp assaults (phase 10): `camp_at`, `camp_power` (the camp's power as
a defender: strength x 8, as it raids) and `clear_camp` (the seed's threat_cleared: +50
veterancy, coin = 2 x strength home, the camp removed).

Counters (tribe.counters): "threat_raids" suffered and lost, "threat_raids_repelled",
"threat_loot" units lost to camps, "buildings_lost_to_threats", and for the clearing tribe
"camps_cleared" and "camp_bounty" coin.
"""

from __future__ import annotations

from ...events import Event
from ..constants import LOOT_ORDER
from ..economy.construction import demolish, doomed_building
from ..economy.flows import produced
from ..economy.stores import add_store
from ..mapgen import MOUNTAIN, SWAMP, VOLCANO, WATER
from ..orders import chebyshev
from ..rng import SplitMix32
from ..rules import SEED, TribesRules
from ..state import Camp, Settlement, TribesState, Warband
from ..territory import claim_owners
from .battle import fight, settlement_defense


def _count(state: TribesState, tribe: int, counter: str, amount: int = 1) -> None:
    counters = state.tribes[tribe].counters
    counters[counter] = counters.get(counter, 0) + amount


# --- what camps are --------------------------------------------------------------------------


def camp_cap(tick: int, rules: TribesRules = SEED) -> int:
    """How many camps the world may hold on `tick`: min(6, 1 + tick / 1500)."""
    return min(rules.camp_max, 1 + tick // rules.camp_every)


def camp_kind(terrain: str, tick: int, rules: TribesRules = SEED) -> str:
    """The kind of camp a tile of `terrain` raises on `tick`."""
    if terrain == SWAMP:
        return "skeleton_barrow"
    if terrain == MOUNTAIN:
        return "ogre_den"
    if terrain == VOLCANO and tick > rules.demon_gate_after:
        return "demon_gate"
    return "goblin_camp"


def worth(settlement: Settlement, rules: TribesRules = SEED) -> int:
    """The base-value worth of a settlement's stores."""
    value = rules.base_value
    return sum(n * value[r] for r, n in settlement.stores.items() if n)


def nearby_wealth(state: TribesState, x: int, y: int) -> int:
    """The worth of the stores of every settlement within 25 tiles of (x, y)."""
    rules = state.rules
    radius = rules.camp_wealth_radius
    return sum(worth(s, rules) for s in state.settlements if chebyshev(s.x, s.y, x, y) <= radius)


def spawn_strength(state: TribesState, kind: str, x: int, y: int) -> int:
    """A new camp's strength: base + tick / 250 + nearbyWealth / 5000, at most 4x base."""
    rules = state.rules
    base = rules.camp_base[kind]
    strength = (
        base
        + state.tick // rules.camp_strength_ticks
        + nearby_wealth(state, x, y) // rules.camp_wealth_divisor
    )
    return min(strength, rules.camp_cap_multiple * base)


def camp_power(camp: Camp, rules: TribesRules = SEED) -> int:
    """A camp's power, raiding or defending against an assault: strength x 8."""
    return camp.strength * rules.camp_power_per_strength


def camp_at(state: TribesState, x: int, y: int) -> Camp | None:
    """The camp on tile (x, y), if any."""
    for camp in state.camps:
        if camp.x == x and camp.y == y:
            return camp
    return None


def nearest_settlement(state: TribesState, x: int, y: int) -> tuple[Settlement | None, int]:
    """The settlement nearest (x, y) (Chebyshev, ties to the lowest id) and its distance
    (-1 with none)."""
    best: Settlement | None = None
    distance = -1
    for s in state.settlements:
        d = chebyshev(s.x, s.y, x, y)
        if best is None or d < distance:
            best, distance = s, d
    return best, distance


# --- the phase ------------------------------------------------------------------------------


def grow(state: TribesState) -> None:
    """Every camp +1 strength, up to 4x its base."""
    multiple = state.rules.camp_cap_multiple
    for camp in state.camps:
        cap = multiple * camp.base
        if camp.strength < cap:
            camp.strength += 1


def wild(state: TribesState, owners: tuple[int, ...], x: int, y: int) -> bool:
    """Whether a camp may spawn on (x, y) (the module's wilderness)."""
    if state.rows[y][x] in WATER or owners[y * state.size + x] >= 0:
        return False
    if camp_at(state, x, y) is not None:
        return False
    _, distance = nearest_settlement(state, x, y)
    return state.rules.camp_min_distance <= distance <= state.rules.camp_max_distance


def spawn(state: TribesState, events: list[Event]) -> Camp | None:
    """One spawn attempt under the cap (at most 8 draws of x then y); the camp, if one came."""
    rules = state.rules
    if not state.settlements or len(state.camps) >= camp_cap(state.tick, rules):
        return None
    owners = claim_owners(state)
    r = SplitMix32(state.rng)
    size = state.size
    found: tuple[int, int] | None = None
    for _ in range(rules.camp_tries):
        x = r.rng(size)
        y = r.rng(size)
        if wild(state, owners, x, y):
            found = (x, y)
            break
    state.rng = r.state
    if found is None:
        return None
    x, y = found
    kind = camp_kind(state.rows[y][x], state.tick, rules)
    strength = spawn_strength(state, kind, x, y)
    camp = Camp(state.new_id(), kind, x, y, strength, rules.camp_base[kind], state.tick)
    state.camps.append(camp)
    events.append(
        Event(
            "camp_spawned",
            state.tick,
            {"camp": camp.id, "kind": kind, "x": x, "y": y, "strength": strength},
        )
    )
    return camp


def take_loot(settlement: Settlement, units: int) -> dict[str, int]:
    """Take up to `units` from the stores in the raid loot order; what was taken."""
    stores = settlement.stores
    loot: dict[str, int] = {}
    left = units
    for resource in LOOT_ORDER:
        if left <= 0:
            break
        take = min(left, stores[resource])
        if take:
            stores[resource] -= take
            loot[resource] = take
            left -= take
    return loot


def raid(state: TribesState, camp: Camp, settlement: Settlement, events: list[Event]) -> None:
    """The camp raids `settlement` (see the module)."""
    rules = state.rules
    tick = state.tick
    tribe = settlement.tribe
    power = camp_power(camp, rules)
    if state.effects and state.has_effect("warding", tribe):
        power //= 2
    outcome = fight(state, power, settlement_defense(state, settlement))
    won = outcome.attacker_won
    lost = 0 if won else camp.strength // rules.camp_repelled_divisor
    events.append(
        Event(
            "battle",
            tick,
            {
                "kind": "threat_raid",
                "x": settlement.x,
                "y": settlement.y,
                "attacker": -1,
                "defender": tribe,
                "attacker_power": outcome.attacker_power,
                "defender_power": outcome.defender_power,
                "winner": outcome.winner,
                "attacker_losses": lost,
                "defender_losses": 0,
            },
        )
    )
    if not won:
        camp.strength -= lost
        _count(state, tribe, "threat_raids_repelled")
        return
    loot = take_loot(settlement, rules.camp_loot_per_strength * camp.strength)
    _count(state, tribe, "threat_raids")
    _count(state, tribe, "threat_loot", sum(loot.values()))
    events.append(
        Event(
            "raid",
            tick,
            {"tribe": tribe, "by": -1, "settlement": settlement.id, "loot": loot, "deaths": 0},
        )
    )
    if outcome.attacker_power >= rules.camp_destroy_multiple * outcome.defender_power:
        building = doomed_building(settlement)
        if building is not None:
            demolish(settlement, building)
            _count(state, tribe, "buildings_lost_to_threats")
            events.append(
                Event(
                    "building_destroyed",
                    tick,
                    {"tribe": tribe, "settlement": settlement.id, "building": building, "by": None},
                )
            )


def raids(state: TribesState, events: list[Event]) -> None:
    """Every camp whose raid is due raids its nearest settlement within 25 (ascending id)."""
    tick = state.tick
    every, reach = state.rules.camp_raid_every, state.rules.camp_raid_range
    for camp in list(state.camps):
        age = tick - camp.spawned
        if age <= 0 or age % every:
            continue
        target, distance = nearest_settlement(state, camp.x, camp.y)
        if target is not None and distance <= reach:
            raid(state, camp, target, events)


def threats(state: TribesState, events: list[Event]) -> None:
    """Phase 11 (slow): camps grow, one spawn attempt, the raids due."""
    grow(state)
    spawn(state, events)
    if state.camps:
        raids(state, events)


# --- camp assaults (called by phase 10) -----------------------------------------------------


def bounty_home(state: TribesState, warband: Warband) -> Settlement | None:
    """Where a camp's coin goes: the warband's home if its tribe still holds it, else the
    tribe's settlement nearest the warband (ties to the lowest id), else nowhere (chosen)."""
    home = state.settlement(warband.home)
    if home is not None and home.tribe == warband.tribe:
        return home
    best: Settlement | None = None
    for s in state.settlements:
        if s.tribe == warband.tribe and (
            best is None
            or chebyshev(s.x, s.y, warband.x, warband.y)
            < chebyshev(best.x, best.y, warband.x, warband.y)
        ):
            best = s
    return best


def clear_camp(
    state: TribesState, camp: Camp, warband: Warband, events: list[Event], veterancy: bool = True
) -> int:
    """A warband that won its battle on a camp clears it (seed): +50 veterancy (pass
    `veterancy=False` when the battle already gave the winner its +50: the seed's +50 is one
    and the same), coin = 2 x the camp's strength into its home's stores (under the cap;
    counted as production, new coin entering the economy), the camp removed, a
    "threat_cleared" event (its coin: what was stored). The coin stored."""
    rules = state.rules
    if veterancy:
        warband.veterancy += rules.camp_cleared_veterancy
    home = bounty_home(state, warband)
    coin = 0
    tribe = state.tribes[warband.tribe]
    if home is not None:
        coin = add_store(home, "coin", rules.camp_bounty_per_strength * camp.strength, rules)
        produced(tribe, "coin", coin)
    state.camps = [c for c in state.camps if c.id != camp.id]
    _count(state, warband.tribe, "camps_cleared")
    _count(state, warband.tribe, "camp_bounty", coin)
    events.append(
        Event(
            "threat_cleared",
            state.tick,
            {
                "tribe": warband.tribe,
                "warband": warband.id,
                "camp": camp.id,
                "kind": camp.kind,
                "coin": coin,
            },
        )
    )
    return coin
