"""A new Tribes world (the Tribes design document): the seeded map, then each tribe's founding
settlement on its spawn with the seed's starting population, tier, morale, herds, horses, buildings
and stores, its census taken and its grain gates set, so tick 0 is complete before any step."""

from __future__ import annotations

from .constants import COLD_TERRAIN, PROFESSIONS
from .economy.flows import reset as reset_flows
from .fog import explore
from .mapgen import generate
from .rules import SEED, TribesRules
from .state import Settlement, Tribe, TribesState, empty_stores
from .territory import set_grain_gates, take_census, tier_for

TRIBE_NAMES = (
    "Aurochs", "Boar", "Crane", "Deer", "Eagle", "Fox", "Heron", "Ibex",
    "Jackal", "Kestrel", "Lynx", "Marten", "Newt", "Otter", "Pike", "Raven",
)  # fmt: skip
"""Chosen: a tribe's name by its id (the seed numbers them; names read better in a summary)."""


def default_allocation(rules: TribesRules) -> list[int]:
    """The standing allocation a tribe starts with (the rules' start_allocation)."""
    return [rules.start_allocation.get(p, 0) for p in PROFESSIONS]


def is_cold(rows: tuple[str, ...], x: int, y: int) -> bool:
    """On or next to (8 neighbours) steppe, arctic or mountain: the settlement wears clothes."""
    size = len(rows)
    return any(
        rows[yy][xx] in COLD_TERRAIN
        for yy in range(max(0, y - 1), min(size, y + 2))
        for xx in range(max(0, x - 1), min(size, x + 2))
    )


def new_settlement(
    state: TribesState, tribe: int, x: int, y: int, pop: int, name: str
) -> Settlement:
    """A settlement as founded (tier from its pop), its census taken; the caller places it."""
    settlement = Settlement(
        id=state.new_id(),
        tribe=tribe,
        name=name,
        x=x,
        y=y,
        founded=state.tick,
        pop=pop,
        tier=tier_for(pop, 0, state.rules),
        morale=state.rules.start_morale,
        herds=0,
        horses=0,
        cold=is_cold(state.rows, x, y),
        buildings={"hall": 1},
        stores=empty_stores(),
    )
    take_census(state, settlement)
    return settlement


def new_world(
    seed: int, tribes: int = 4, size: int = 64, ticks: int = 2000, rules: TribesRules = SEED
) -> TribesState:
    """The world at tick 0 for (seed, tribes, size), to run for `ticks` ticks by `rules`."""
    if ticks < 1:
        raise ValueError(f"a run lasts at least 1 tick, not {ticks}")
    world = generate(seed, size, tribes)
    state = TribesState(
        seed=seed, size=size, rows=world.rows, tick_cap=ticks, rng=world.rng_state, rules=rules
    )
    for tribe_id in range(tribes):
        state.tribes.append(
            Tribe(
                id=tribe_id,
                name=TRIBE_NAMES[tribe_id % len(TRIBE_NAMES)],
                allocation=default_allocation(rules),
                rations=rules.rations_default,
                craft={"mill": 0, "brew": 0, "fodder": 0},
                smithy={"tools": 1000, "weapons": 0, "armor": 0},
            )
        )
    for tribe in state.tribes:
        reset_flows(tribe)
        tribe.stances = [
            "self" if other == tribe.id else "neutral" for other in range(tribes)
        ]  # chosen: every tribe starts neutral toward every other
    for tribe_id, (x, y) in enumerate(world.spawns):
        home = new_settlement(state, tribe_id, x, y, rules.start_pop, TRIBE_NAMES[tribe_id % 16])
        home.tier = rules.start_tier
        home.morale = rules.start_morale
        home.herds = rules.start_herds
        home.horses = rules.start_horses
        home.buildings = dict(rules.start_buildings)
        home.stores.update(rules.start_stores)
        take_census(state, home)
        state.settlements.append(home)
    for settlement in state.settlements:
        take_census(state, settlement)  # the claims of every home, placed together
        set_grain_gates(state, settlement)
    explore(state)  # seed: the explored mask starts as what the founders see
    return state
