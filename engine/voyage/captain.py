"""The captain bot (seed 000, "balance"): in port it repairs, buys rounds, hires crew and buys
a bigger ship when it can spare the gold; at sea it chases the best rumor, sheers off from
armadas and from guard ships that want it, fights by lookahead, runs when outgunned, and goes
home with the score. It attacks only enemies (merchants, galleons and corsairs of nations at
war with England) on a sound hull, lets the rest pass, raids enemy towns whose defences its ship can
match (hull for hull: an open town from a brigantine up, a fortified port from a frigate; the
seed's bot took fortified ports from a brigantine, but this card engine's brigantine sinks
against one nine times in ten). It rides out a storm on a sound hull, pays shares it can spare,
takes any castaway, and keeps the first prize card offered.

With the lookout (seed 000, "Seeing her first") it reads a ship before it engages
(engine/voyage/scout.py): it attacks prey only when the read says it can take her, and chases
no rumor of a kind it could not take. It still sheers off only from what is within its sight:
the seed's bot, sheering off at the longer lookout, turned away from too much and ran out of
time.

It is a player: it reads what a player sees (its ship, the ships in sight, the rumors it
holds: a rumor's kind, flag, place and age, never which ship it was) and chooses from the
legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..combat.bots import BALANCED, RUNNER
from ..combat.cards import THEM, YOU
from ..combat.ships import TARGETS
from ..world import wars
from ..world.charting import charted
from ..world.kinds import ARMADA, CORSAIR, GUARD, KINDS, MERCHANT, TREASURE
from ..world.rumors import Rumor, cloud, strength
from ..world.world import World
from . import port as harbour
from .actions import (
    Attack,
    Berth,
    BuyRound,
    BuyShip,
    Choose,
    Course,
    Hire,
    KeepCards,
    LetPass,
    Pardon,
    Raid,
    Repair,
    Sail,
    TakePrize,
    VoyageAction,
)
from .course import lookout_steps, sight_steps
from .dilemmas import DILEMMAS, options
from .game import VoyageGame
from .pending import Engagement, Meeting, PrizeOffer, Question
from .rules import VoyageRules
from .scout import against, punch, read_ship, read_target
from .sighting import hostile, in_sight
from .state import VoyageState

PREY = (MERCHANT, TREASURE, CORSAIR)
HANDS = ("pilot", "master_gunner", "boatswain", "surgeon", "marksmen", "quartermaster")


@dataclass(frozen=True, slots=True)
class Captain:
    reserve: int = 15  # gold kept back from crew, ships and rounds
    sound: float = 0.6  # a sound hull: this share of full or more
    reach_days: int = 40  # how far it will sail for a prize or a town
    rounds_per_visit: int = 2  # rounds it buys in a port when it holds no rumor worth chasing
    raid_treasury: int = 10  # gold a town must hold to be worth a raid
    raid_hull: float = 0.7  # the share of full hull it raids on
    broke: int = 3  # gold: less than this and the captain cannot mend; it takes its chances
    # the read of a ship (with the lookout rule): it attacks when its guns can sink her in a
    # pass of the deck (its hurt and wounds' cost at least her hull) and its hull stands at
    # least this share of what hers can deal (her hurt and wounds' cost)
    reads: bool = True
    stand_share: float = 0.28
    lookout_sheer: bool = False  # sheer off from what the lookout sees, not only its sight

    # -- the decision ------------------------------------------------------------------------
    def choose(self, game: VoyageGame, state: VoyageState) -> VoyageAction:
        world, rules = game.world, game.rules
        pending = state.pending
        if isinstance(pending, Engagement):
            return self._fight(state)
        if isinstance(pending, Meeting):
            ship = pending.ship
            take = self._prey(world, state, ship) and self._can_take(world, state, rules, ship)
            return Attack() if take else LetPass()
        if isinstance(pending, PrizeOffer):
            return TakePrize(pending.cards[0])
        if isinstance(pending, Question):
            return self._answer(state, rules, pending)
        if state.port >= 0:
            chosen = self._in_port(game, state, game.legal_actions(state))
            if chosen:
                return chosen
        threat = self._threat(world, state, rules)
        if threat >= 0:
            away = self._sheer_off(world, state, threat)
            if away != state.course and away != state.node:
                return Course(away)
        if state.course < 0 or (state.port >= 0 and state.course == state.node):
            goal = self._destination(game, state)
            if goal <= -10:
                return Berth(-10 - goal)
            if goal != state.node and goal != state.course:
                return Course(goal)
        return Sail()

    # -- fights and questions ----------------------------------------------------------------
    def _fight(self, state: VoyageState) -> VoyageAction:
        fight = state.fight
        assert fight is not None
        outgunned = fight.hull[THEM] >= 2 * fight.hull[YOU]
        keep = (RUNNER if outgunned else BALANCED).choose(fight)
        return KeepCards(keep.first, keep.second)

    def _answer(self, state: VoyageState, rules: VoyageRules, question: Question) -> Choose:
        """The dilemma's own default for a captain keeping `reserve` gold back."""
        open_ = [i for i, o in enumerate(options(state, rules)) if o.barred is None]
        return Choose(DILEMMAS[question.name].bot_choice(state, rules, open_, self.reserve))

    # -- who is fair game ----------------------------------------------------------------------
    def _enemy(self, world: World, state: VoyageState, nation: int) -> bool:
        return nation >= 0 and wars.at_war(state.world, nation, world.nation("england"))

    def _sound(self, state: VoyageState) -> bool:
        """A sound hull, or a purse too empty to mend it (then it takes its chances)."""
        return state.hull >= self.sound * state.max_hull() or state.gold < self.broke

    def _prey(self, world: World, state: VoyageState, ship: int) -> bool:
        ships = state.world.ships
        return (
            ships["kind"][ship] in PREY
            and self._enemy(world, state, ships["flag"][ship])
            and self._sound(state)
        )

    def _reading(self, rules: VoyageRules) -> bool:
        return self.reads and rules.lookout

    def _can_take(self, world: World, state: VoyageState, rules: VoyageRules, ship: int) -> bool:
        """The read says it can take her (always so, without the read)."""
        if not self._reading(rules):
            return True
        return self._takes(read_ship(world, state, rules, ship))

    def _takes(self, read: dict[str, Any]) -> bool:
        """Its guns can sink her in a pass of the deck, and its hull stands what hers deal."""
        sinks_her = punch(read, "your_") >= int(read["hull"])
        return sinks_her and int(read["your_hull"]) >= self.stand_share * punch(read)

    def _could_take(self, state: VoyageState, target: str) -> bool:
        """The read of a kind it hears of, against its ship mended whole (as it would be
        before it went after her)."""
        return self._takes(against(read_target(target), state, state.max_hull()))

    def _threat(self, world: World, state: VoyageState, rules: VoyageRules) -> int:
        """An armada, or a guard ship that wants it, in its sight (-1 none): what the lookout
        sees farther off it sails on past, unless `lookout_sheer`."""
        ships = state.world.ships
        steps = (lookout_steps if self.lookout_sheer else sight_steps)(state, rules)
        for ship in in_sight(world, state, rules, steps=steps):
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
    def _in_port(
        self, game: VoyageGame, state: VoyageState, legal: list[VoyageAction]
    ) -> VoyageAction | None:
        world, rules = game.world, game.rules
        offered = frozenset(legal)  # asked of often below
        homeward = state.gold >= rules.goal_gold
        if Pardon() in offered and state.gold - rules.pardon_gold >= 0:
            return Pardon()
        repairs = [a for a in legal if isinstance(a, Repair)]
        if repairs:
            return repairs[0]
        if not homeward:
            for ship in reversed(harbour.ships_for_sale(world, state, rules)):
                if BuyShip(ship) in offered and state.gold - rules.ship_gold[ship] >= self.reserve:
                    return BuyShip(ship)
            for hand in HANDS:
                if Hire(hand) in offered and state.gold - rules.hire_gold[hand] >= self.reserve:
                    return Hire(hand)
            if Raid() in offered and self._raidable(game, state, state.port):
                return Raid()
            visit_rounds = (
                state.world.bar[2]
                if state.world.bar[1] == state.port and state.world.bar[0] == state.day
                else 0
            )
            if (
                BuyRound() in offered
                and visit_rounds < self.rounds_per_visit
                and not self._good_rumor(game, state)
                and state.gold - rules.round_gold >= self.reserve // 2
            ):
                return BuyRound()
        return None

    def _raidable(self, game: VoyageGame, state: VoyageState, port: int) -> bool:
        world, rules = game.world, game.rules
        p = world.ports[port]
        if p.native or not self._enemy(world, state, p.nation):
            return False
        if harbour.raid_refusal(world, state, rules, game.wrules, port) is not None:
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
    def _good_rumor(self, game: VoyageGame, state: VoyageState) -> bool:
        return any(self._rumor_value(game, state, Rumor.from_list(r)) > 0 for r in state.rumors)

    def _rumor_value(self, game: VoyageGame, state: VoyageState, rumor: Rumor) -> float:
        world = game.world
        if rumor.kind not in PREY or not self._enemy(world, state, rumor.flag):
            return 0.0
        key = KINDS[rumor.kind].target
        if self._reading(game.rules) and not self._could_take(state, key):
            return 0.0
        target = TARGETS[key]
        return (target.hold + target.bounty) * strength(rumor, state.day, game.wrules) / 1000.0

    def _destination(self, game: VoyageGame, state: VoyageState) -> int:
        """Where to sail next: a node (or -10 - port: berth across the harbour)."""
        world, rules = game.world, game.rules
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
            return self._nearest(world, state, self._friendly(world, state, rules))
        bigger = harbour.SHIP_ORDER[harbour.SHIP_ORDER.index(state.ship) + 1 :]
        if bigger and state.gold - rules.ship_gold.get(bigger[0], 10**9) >= self.reserve:
            yards = [i for i in self._friendly(world, state, rules) if world.ports[i].fortified]
            if yards:
                return self._nearest(world, state, yards)
        return self._prize_ground(game, state)

    def _prize_ground(self, game: VoyageGame, state: VoyageState) -> int:
        """The best rumor or town within reach; else the nearest enemy port to cruise off;
        else the nearest friendly port."""
        world = game.world
        ws = state.world
        here = world.hops_from([state.node])
        best, best_value = -1, 0.0
        for raw in state.rumors:
            rumor = Rumor.from_list(raw)
            value = self._rumor_value(game, state, rumor)
            if value <= 0 or not self._sound(state):
                continue
            node = self._likeliest(game, state, rumor)
            days = int(here[node])
            if 0 <= days <= self.reach_days // 2:
                score = value / (days + 3)
                if score > best_value:
                    best, best_value = node, score
        for i, p in enumerate(world.ports):
            days = int(here[p.node])
            if not 0 <= days <= self.reach_days or not self._raidable(game, state, i):
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
        friends = [
            i for i in self._friendly(world, state, game.rules) if world.ports[i].node != state.node
        ]
        return self._nearest(world, state, friends) if friends else state.node

    def _friendly(self, world: World, state: VoyageState, rules: VoyageRules) -> list[int]:
        return [
            i
            for i, p in enumerate(world.ports)
            if not p.native and harbour.refusal(world, state, rules, i) is None
        ]

    def _nearest(self, world: World, state: VoyageState, ports: list[int]) -> int:
        here = world.hops_from([state.node])
        reachable = [
            (int(here[world.ports[i].node]), i) for i in ports if here[world.ports[i].node] >= 0
        ]
        if not reachable:
            return state.node
        return world.ports[min(reachable)[1]].node

    def _likeliest(self, game: VoyageGame, state: VoyageState, rumor: Rumor) -> int:
        """Where the rumored ship most likely is by now, by its cloud on the chart it has."""
        world = game.world
        masks = [charted(world, state.world, s) for s in range(4)]
        mass = cloud(world, state.world, game.wrules, rumor, state.day, masks)
        return int(np.argmax(mass))


CAPTAIN = Captain()
