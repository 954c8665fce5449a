"""The captain bot (seed 000, "balance"): in port it repairs, buys rounds, hires crew and buys
a bigger ship when it can spare the gold; at sea it chases the best rumor, sheers off from
armadas and from guard ships that want it, fights by lookahead, runs when outgunned, and goes
home with the score. It attacks only enemies (merchants, galleons and corsairs of nations at
war with England) on a sound hull, lets the rest pass, raids enemy towns whose defences its ship can
match (hull for hull: an open town from a brigantine up, a fortified port from a frigate; the
seed's bot took fortified ports from a brigantine, but this card engine's brigantine sinks
against one nine times in ten). It rides out a storm on a sound hull, pays shares it can spare,
takes any castaway, and keeps the first prize card offered.

It is a player: it reads what a player sees (its ship, the ships in sight, the rumors it
holds: a rumor's kind, flag, place and age, never which ship it was) and chooses from the
legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..combat.bots import BALANCED, RUNNER
from ..combat.cards import THEM, YOU
from ..combat.ships import TARGETS
from ..world import wars
from ..world.charting import charted
from ..world.kinds import ARMADA, CORSAIR, GUARD, MERCHANT, TREASURE
from ..world.rumors import Rumor, cloud, strength
from ..world.world import World
from . import port as harbour
from .dilemmas import options, shares_cost
from .game import in_sight, legal_actions, voyage_rules, world_rules
from .meet import hostile
from .state import VoyageState

PREY = (MERCHANT, TREASURE, CORSAIR)
HANDS = ("pilot", "master_gunner", "boatswain", "surgeon", "marksmen", "quartermaster")
BROKE = 3  # gold: less than this and the captain cannot mend; it takes its chances
WORTH = {MERCHANT: "merchant", TREASURE: "treasure_fleet", CORSAIR: "corsair"}


@dataclass(frozen=True, slots=True)
class Captain:
    reserve: int = 15  # gold kept back from crew, ships and rounds
    sound: float = 0.6  # a sound hull: this share of full or more
    reach_days: int = 40  # how far it will sail for a prize or a town
    rounds_per_visit: int = 2  # rounds it buys in a port when it holds no rumor worth chasing
    raid_treasury: int = 10  # gold a town must hold to be worth a raid
    raid_hull: float = 0.7  # the share of full hull it raids on

    # -- the decision ------------------------------------------------------------------------
    def choose(self, world: World, state: VoyageState) -> str:
        pending = state.pending.get("kind")
        if pending == "fight":
            return self._fight(state)
        if pending == "meeting":
            return "attack" if self._prey(world, state, int(state.pending["ship"])) else "pass"
        if pending == "prize":
            return f"prize {state.pending['cards'][0]}"
        if pending == "dilemma":
            return self._answer(state)
        if state.port >= 0:
            chosen = self._in_port(world, state, legal_actions(world, state))
            if chosen:
                return chosen
        threat = self._threat(world, state)
        if threat >= 0:
            away = self._sheer_off(world, state, threat)
            if away != state.course and away != state.node:
                return f"course {away}"
        if state.course < 0 or (state.port >= 0 and state.course == state.node):
            goal = self._destination(world, state)
            if goal <= -10:
                return f"berth {-10 - goal}"
            if goal != state.node and goal != state.course:
                return f"course {goal}"
        return "sail"

    # -- fights and questions ----------------------------------------------------------------
    def _fight(self, state: VoyageState) -> str:
        fight = state.fight
        assert fight is not None
        outgunned = fight.hull[THEM] >= 2 * fight.hull[YOU]
        keep = (RUNNER if outgunned else BALANCED).choose(fight)
        return f"keep {keep.first} {keep.second}"

    def _answer(self, state: VoyageState) -> str:
        rules = voyage_rules(state)
        name = state.pending["name"]
        offered = options(state, rules, name)
        open_ = [i for i, o in enumerate(offered) if not o["barred"]]
        if name == "storm":
            if state.hull * 2 > state.max_hull():
                return "choose 0"  # ride it out on a sound hull
            return f"choose {1 if 1 in open_ else 2}"
        if name == "shares":
            spare = state.gold - shares_cost(state, rules) >= self.reserve
            return f"choose {0 if spare and 0 in open_ else 1}"
        return f"choose {open_[0]}"  # a castaway: take him if there is a berth

    # -- who is fair game ----------------------------------------------------------------------
    def _enemy(self, world: World, state: VoyageState, nation: int) -> bool:
        return nation >= 0 and wars.at_war(state.world, nation, world.nation("england"))

    def _sound(self, state: VoyageState) -> bool:
        """A sound hull, or a purse too empty to mend it (then it takes its chances)."""
        return state.hull >= self.sound * state.max_hull() or state.gold < BROKE

    def _prey(self, world: World, state: VoyageState, ship: int) -> bool:
        ships = state.world.ships
        return (
            ships["kind"][ship] in PREY
            and self._enemy(world, state, ships["flag"][ship])
            and self._sound(state)
        )

    def _threat(self, world: World, state: VoyageState) -> int:
        """An armada, or a guard ship that wants it, in sight (-1 none)."""
        ships = state.world.ships
        for ship in in_sight(world, state):
            kind = ships["kind"][ship]
            if kind in (ARMADA, GUARD) and hostile(world, state, ship):
                return ship
        return -1

    def _sheer_off(self, world: World, state: VoyageState, ship: int) -> int:
        """The neighbouring node farthest from her."""
        there = world.hops_from([state.world.ships["node"][ship]])
        steps = world.step_neighbours[state.node]
        if not steps:
            return state.node
        return max(steps, key=lambda n: (int(there[n]), -n))

    # -- in port -------------------------------------------------------------------------------
    def _in_port(self, world: World, state: VoyageState, legal: list[str]) -> str | None:
        rules = voyage_rules(state)
        homeward = state.gold >= rules.goal_gold
        if "pardon" in legal and state.gold - rules.pardon_gold >= 0:
            return "pardon"
        repairs = [a for a in legal if a.startswith("repair ")]
        if repairs:
            return repairs[0]
        if not homeward:
            for ship in reversed(harbour.ships_for_sale(world, state, rules)):
                if f"ship {ship}" in legal and state.gold - rules.ship_gold[ship] >= self.reserve:
                    return f"ship {ship}"
            for hand in HANDS:
                if f"hire {hand}" in legal and state.gold - rules.hire_gold[hand] >= self.reserve:
                    return f"hire {hand}"
            raid = self._raid_here(world, state, legal)
            if raid:
                return raid
            visit_rounds = (
                state.world.bar[2]
                if state.world.bar[1] == state.port and state.world.bar[0] == state.day
                else 0
            )
            if (
                "round" in legal
                and visit_rounds < self.rounds_per_visit
                and not self._good_rumor(world, state)
                and state.gold - rules.round_gold >= self.reserve // 2
            ):
                return "round"
        return None

    def _raid_here(self, world: World, state: VoyageState, legal: list[str]) -> str | None:
        if "raid" not in legal:
            return None
        if self._raidable(world, state, state.port):
            return "raid"
        return None

    def _raidable(self, world: World, state: VoyageState, port: int) -> bool:
        rules = voyage_rules(state)
        wrules = world_rules(state)
        p = world.ports[port]
        if p.native or not self._enemy(world, state, p.nation):
            return False
        if harbour.raid_refusal(world, state, rules, wrules, port) is not None:
            return False
        walls = state.world.guard_raids[port] * rules.guard_walls if rules.raid_guard else 0
        defences = TARGETS["fortified_port" if p.fortified else "town"].hull + walls
        if state.max_hull() < defences:  # a read of the walls: no raid it cannot carry
            return False
        return (
            state.world.treasury[port] >= self.raid_treasury
            and state.hull >= self.raid_hull * state.max_hull()
        )

    # -- where next ----------------------------------------------------------------------------
    def _good_rumor(self, world: World, state: VoyageState) -> bool:
        return any(self._rumor_value(world, state, Rumor.from_list(r)) > 0 for r in state.rumors)

    def _rumor_value(self, world: World, state: VoyageState, rumor: Rumor) -> float:
        if rumor.kind not in PREY or not self._enemy(world, state, rumor.flag):
            return 0.0
        target = TARGETS[WORTH[rumor.kind]]
        return (target.hold + target.bounty) * strength(rumor, state.day) / 1000.0

    def _destination(self, world: World, state: VoyageState) -> int:
        rules = voyage_rules(state)
        ws = state.world
        england = world.nation("england")
        by_name = world.port_by_name
        if state.gold >= rules.goal_gold and not ws.pirate:
            return by_name[rules.home_port].node
        if ws.pirate:
            english = [i for i, p in enumerate(world.ports) if p.nation == england]
            if state.gold >= rules.pardon_gold:
                return self._nearest(world, state, english)
        if not self._sound(state):
            return self._nearest(world, state, self._friendly(world, state))
        bigger = harbour.SHIP_ORDER[harbour.SHIP_ORDER.index(state.ship) + 1 :]
        if bigger and state.gold - rules.ship_gold.get(bigger[0], 10**9) >= self.reserve:
            yards = [i for i in self._friendly(world, state) if world.ports[i].fortified]
            if yards:
                return self._nearest(world, state, yards)
        here = world.hops_from([state.node])
        best, best_value = -1, 0.0
        for raw in state.rumors:
            rumor = Rumor.from_list(raw)
            value = self._rumor_value(world, state, rumor)
            if value <= 0 or not self._sound(state):
                continue
            node = self._likeliest(world, state, rumor)
            days = int(here[node])
            if 0 <= days <= self.reach_days // 2:
                score = value / (days + 3)
                if score > best_value:
                    best, best_value = node, score
        for i, p in enumerate(world.ports):
            days = int(here[p.node])
            if not 0 <= days <= self.reach_days or not self._raidable(world, state, i):
                continue
            score = ws.treasury[i] / (days + 3)
            if score > best_value:
                best, best_value = p.node, score
                self_berth = i if days == 0 and state.port >= 0 and i != state.port else -1
                if self_berth >= 0:
                    return -10 - self_berth  # across the harbour: berth there
        if best >= 0:
            return best
        # Nothing told and no town to take: cruise for prey off the nearest enemy port
        # (her merchants come and go there) that is not this one.
        hunting_grounds = [
            i
            for i, p in enumerate(world.ports)
            if not p.native
            and p.node != state.node
            and self._enemy(world, state, p.nation)
            and 0 <= here[p.node] <= self.reach_days
        ]
        if hunting_grounds and self._sound(state):
            return self._nearest(world, state, hunting_grounds)
        friends = [i for i in self._friendly(world, state) if world.ports[i].node != state.node]
        return self._nearest(world, state, friends) if friends else state.node

    def _friendly(self, world: World, state: VoyageState) -> list[int]:
        return [
            i
            for i, p in enumerate(world.ports)
            if not p.native and harbour.refusal(world, state, i) is None
        ]

    def _nearest(self, world: World, state: VoyageState, ports: list[int]) -> int:
        here = world.hops_from([state.node])
        reachable = [
            (int(here[world.ports[i].node]), i) for i in ports if here[world.ports[i].node] >= 0
        ]
        if not reachable:
            return state.node
        return world.ports[min(reachable)[1]].node

    def _likeliest(self, world: World, state: VoyageState, rumor: Rumor) -> int:
        """Where the rumored ship most likely is by now, by its cloud on the chart it has."""
        wrules = world_rules(state)
        masks = [charted(world, state.world, s) for s in range(4)]
        mass = cloud(world, state.world, wrules, rumor, state.day, masks)
        return int(np.argmax(mass))


CAPTAIN = Captain()
