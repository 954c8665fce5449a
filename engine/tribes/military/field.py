"""Field battles (the Tribes design document, "Military"): warbands of two tribes within 1 tile
(Chebyshev) of each other fight when either tribe's stance toward the other is hostile. Each warband
fights at most once a tick; ascending id: each warband not yet fought meets the lowest-id such enemy
(chosen: the lower id attacks; the defender has its tile's terrain and, garrisoning an own
settlement, the wall bonus). Neighbours are found through a tile index, not a scan of pairs.
"""

from __future__ import annotations

from ...events import Event
from ..state import TribesState, Warband
from .battle import defending_power, fight, war_rite
from .battle import warband_power as attack_power
from .units import hostile, rout_losers, settle_warband, tell_battle


def any_hostility(state: TribesState) -> bool:
    return any("hostile" in t.stances for t in state.tribes)


def clash(
    state: TribesState,
    attacker: Warband,
    defender: Warband,
    events: list[Event],
    kind: str = "field",
) -> None:
    """Warband against warband (a field battle, or a besieger against a garrison: `kind`):
    each side's power with its war rite, the fight, the losses, the battle told, the loser
    routed."""
    outcome = fight(
        state,
        war_rite(state, attacker, attack_power(state, attacker)),
        war_rite(state, defender, defending_power(state, defender)),
    )
    dead = settle_warband(state, attacker, outcome, True, events)
    lost = settle_warband(state, defender, outcome, False, events)
    tell_battle(
        state, kind, defender.x, defender.y, attacker.tribe, defender.tribe, outcome,
        (dead, lost), events,
    )  # fmt: skip
    rout_losers(state, outcome, [attacker], [defender], events)


def field_battles(state: TribesState, events: list[Event]) -> None:
    if len(state.warbands) < 2 or not any_hostility(state):
        return
    tick = state.tick
    size = state.size
    by_tile: dict[int, list[Warband]] = {}
    for warband in state.warbands:
        by_tile.setdefault(warband.y * size + warband.x, []).append(warband)
    if len(by_tile) == 1 and len({w.tribe for w in state.warbands}) == 1:
        return
    around = (-size - 1, -size, -size + 1, -1, 0, 1, size - 1, size, size + 1)
    for warband in state.warbands:
        if warband.fought == tick or warband.size <= 0:
            continue
        here = warband.y * size + warband.x
        enemy: Warband | None = None
        for step in around:
            near = by_tile.get(here + step)
            if near is None:
                continue
            for other in near:
                if (
                    other.tribe != warband.tribe
                    and other.fought != tick
                    and other.size > 0
                    and abs(other.x - warband.x) <= 1
                    and hostile(state, warband.tribe, other.tribe)
                    and (enemy is None or other.id < enemy.id)
                ):
                    enemy = other
        if enemy is not None:
            clash(state, warband, enemy, events)
