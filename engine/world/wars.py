"""Who's at war with whom (the Privateer design document), and what you have done to each nation:
the wars open as the century had them and drift each season; your standing with each nation falls
when you attack its ships and drifts back toward zero; the strain you put on a peace with England
can start a war.
"""

from __future__ import annotations

from collections.abc import Callable

from ..events import Event
from ..rng import below
from .kinds import Hostility
from .rules import WorldRules
from .state import WorldState
from .world import World

ENGLAND_CHOICES = ("spain", "france", "dutch")  # "one of Spain, France or the Dutch Republic"
CORSAIRS = ("barbary", "morocco")
OPENING_WARS = (
    ("england", "barbary"),  # England at war with the Barbary corsairs and Morocco
    ("england", "morocco"),
    ("spain", "dutch"),  # "Spain against the Dutch and the French"
    ("spain", "france"),
    ("dutch", "portugal"),  # "the Dutch against Portugal"
    ("ottoman", "venice"),  # "the Ottomans against Venice and Malta"
    ("ottoman", "malta"),
)
# "the corsairs against nearly everyone": every Christian power with ships in their seas.
CORSAIR_ENEMIES = (
    "england",
    "spain",
    "portugal",
    "france",
    "dutch",
    "danes",
    "sweden",
    "hanse",
    "venice",
    "malta",
)
NEVER_AT_WAR = ("islanders", "independent")  # harbours, not powers: nobody's wars
# The wars that drift are the Atlantic and Mediterranean powers' (the seed's list of openings
# names no other): the Asian empires (Oman, Persia, the Mughals, China, Japan) keep out of
# them, and their ports trade with all comers.
WARRING_POWERS = (
    "england",
    "spain",
    "portugal",
    "france",
    "dutch",
    "danes",
    "sweden",
    "hanse",
    "venice",
    "malta",
    "ottoman",
    "barbary",
    "morocco",
)


def _pair(a: int, b: int) -> list[int]:
    return [a, b] if a < b else [b, a]


def opening_wars(world: World, rng: int) -> tuple[list[list[int]], int, str]:
    """The wars a run opens with, and England's European enemy (chosen by the run)."""
    index = {key: i for i, key in enumerate(world.nations)}
    pick, rng = below(rng, len(ENGLAND_CHOICES))
    enemy = ENGLAND_CHOICES[pick]
    wars: set[tuple[int, int]] = set()
    pairs = [*OPENING_WARS, ("england", enemy)]
    pairs += [(corsair, other) for corsair in CORSAIRS for other in CORSAIR_ENEMIES]
    for a, b in pairs:
        if a in index and b in index and a != b:
            x, y = _pair(index[a], index[b])
            wars.add((x, y))
    return [list(p) for p in sorted(wars)], rng, enemy


def at_war(state: WorldState, a: int, b: int) -> bool:
    return _pair(a, b) in state.wars


def powers(world: World) -> list[int]:
    """Nations whose wars drift with the seasons (WARRING_POWERS that the world has)."""
    return [i for i, key in enumerate(world.nations) if key in WARRING_POWERS]


def drift_wars(world: World, state: WorldState, rules: WorldRules) -> list[Event]:
    """A season's turn: each pair of powers may make peace or fall out, the corsairs making
    peace hard and breaking it easily. One draw per pair, in a fixed order."""
    events: list[Event] = []
    corsairs = {world.nations.index(c) for c in CORSAIRS if c in world.nations}
    nations = powers(world)
    wars = {tuple(p) for p in state.wars}
    rng = state.rng
    for i, a in enumerate(nations):
        for b in nations[i + 1 :]:
            pair = (a, b)
            corsair = a in corsairs or b in corsairs
            roll, rng = below(rng, 1000)
            if pair in wars:
                chance = rules.corsair_peace_per_mille if corsair else rules.peace_per_mille
                if roll < chance:
                    wars.discard(pair)
                    events.append(_news("peace", state.day, world, a, b))
            else:
                chance = rules.corsair_war_per_mille if corsair else rules.war_per_mille
                if roll < chance:
                    wars.add(pair)
                    events.append(_news("war", state.day, world, a, b))
    state.rng = rng
    state.wars = [list(p) for p in sorted(wars)]
    return events


def _news(kind: str, day: int, world: World, a: int, b: int) -> Event:
    return Event(kind, day, {"nations": [world.nations[a], world.nations[b]]})


def declare_war(world: World, state: WorldState, a: int, b: int, why: str) -> list[Event]:
    if a == b or at_war(state, a, b):
        return []
    state.wars = sorted([*state.wars, _pair(a, b)])
    return [Event("war", state.day, {"nations": [world.nations[a], world.nations[b]], "why": why})]


# --- what you do to a nation: the functions the voyage calls --------------------------------


def _clamp(rules: WorldRules, value: int) -> int:
    return max(rules.standing_floor, min(rules.standing_ceiling, value))


def lose_standing(state: WorldState, rules: WorldRules, nation: int, points: int) -> None:
    state.standing[nation] = _clamp(rules, state.standing[nation] - points)


def gain_standing(state: WorldState, rules: WorldRules, nation: int, points: int) -> None:
    """A good turn done a nation (captives freed): `points` of standing, within the bounds."""
    state.standing[nation] = _clamp(rules, state.standing[nation] + points)


def strain_peace(
    world: World, state: WorldState, rules: WorldRules, nation: int, points: int
) -> list[Event]:
    """Strain a peace with England; at `strain_war` it breaks. Nothing if already at war."""
    england = world.nation("england")
    if nation == england or at_war(state, england, nation):
        return []
    state.strain[nation] = min(rules.strain_war, state.strain[nation] + points)
    if state.strain[nation] >= rules.strain_war:
        state.strain[nation] = 0
        return declare_war(world, state, england, nation, "strain")
    return []


def fired_on(
    world: World, state: WorldState, rules: WorldRules, nation: int, licensed: bool = False
) -> list[Event]:
    """You fired first on a ship of `nation`: a point of standing however it goes, and
    strain on the peace (none under a letter of marque against it: England sent you)."""
    lose_standing(state, rules, nation, rules.standing_damage)
    return [] if licensed else strain_peace(world, state, rules, nation, rules.strain_fire)


def took_ship(
    world: World, state: WorldState, rules: WorldRules, nation: int, licensed: bool = False
) -> list[Event]:
    return [] if licensed else strain_peace(world, state, rules, nation, rules.strain_take)


def sank_ship(world: World, state: WorldState, rules: WorldRules, nation: int) -> list[Event]:
    """A sinking costs a point of standing more than the firing did."""
    lose_standing(state, rules, nation, rules.standing_sink - rules.standing_damage)
    return []


def raided(
    world: World, state: WorldState, rules: WorldRules, nation: int, licensed: bool = False
) -> list[Event]:
    """A raid costs three times a ship: -3 standing going in, and strain 3 (none licensed)."""
    lose_standing(state, rules, nation, rules.standing_raid)
    return [] if licensed else strain_peace(world, state, rules, nation, rules.strain_raid)


def sacked(
    world: World, state: WorldState, rules: WorldRules, nation: int, licensed: bool = False
) -> list[Event]:
    """A sack costs -2 standing more, and strain 2 (none licensed)."""
    lose_standing(state, rules, nation, rules.standing_sack)
    return [] if licensed else strain_peace(world, state, rules, nation, rules.strain_sack)


def turn_pirate(world: World, state: WorldState, rules: WorldRules) -> None:
    """An English ship attacked: England wants you, at least -3, and it will not fade."""
    england = world.nation("england")
    state.pirate = 1
    state.standing[england] = min(state.standing[england], rules.pirate_standing)


def pardon(world: World, state: WorldState) -> None:
    """A royal pardon clears it all and sets England back to 0."""
    state.pirate = 0
    state.standing[world.nation("england")] = 0


def wants_you(world: World, state: WorldState, nation: int) -> bool:
    """A nation wants you when your standing with it is below zero."""
    return state.standing[nation] < 0


def drift_grudges(world: World, state: WorldState, rules: WorldRules) -> None:
    """Every `drift_days`, standing and strain drift a point back toward zero; a pirate's
    grudge with England does not fade."""
    england = world.nation("england")
    for nation, value in enumerate(state.standing):
        if nation == england and state.pirate:
            continue
        state.standing[nation] = value + (1 if value < 0 else -1 if value > 0 else 0)
    state.strain = [max(0, s - 1) for s in state.strain]


# --- whom a ship sets on ----------------------------------------------------------------------


def sets_on(world: World, state: WorldState, hostility: Hostility, flag: int) -> bool:
    """Whether a ship flying `flag` (-1: nobody's) minded so sets on you today: whom she
    attacks on sight (her kind's hostility), and when she comes for you (her kind's hunt)."""
    return SETS_ON[hostility](world, state, flag)


def _never(world: World, state: WorldState, flag: int) -> bool:
    return False


def _always(world: World, state: WorldState, flag: int) -> bool:
    return True


def _enemy(world: World, state: WorldState, flag: int) -> bool:
    return flag >= 0 and at_war(state, flag, world.nation("england"))


def _wanted(world: World, state: WorldState, flag: int) -> bool:
    return flag >= 0 and wants_you(world, state, flag)


def _enemy_or_wanted(world: World, state: WorldState, flag: int) -> bool:
    return flag >= 0 and (
        at_war(state, flag, world.nation("england")) or wants_you(world, state, flag)
    )


def _england_wants_you(world: World, state: WorldState, flag: int) -> bool:
    return wants_you(world, state, world.nation("england"))


SETS_ON: dict[Hostility, Callable[[World, WorldState, int], bool]] = {
    Hostility.NEVER: _never,
    Hostility.ALWAYS: _always,
    Hostility.ENEMY: _enemy,
    Hostility.WANTED: _wanted,
    Hostility.ENEMY_OR_WANTED: _enemy_or_wanted,
    Hostility.ENGLAND_WANTS_YOU: _england_wants_you,
}
"""Whom she sets on, by her hostility (kinds.py)."""
