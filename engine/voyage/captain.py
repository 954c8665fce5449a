"""The captain bot (the Privateer design document, "balance"): in port it repairs, buys rounds,
hires crew and buys a bigger ship when it can spare the gold; at sea it chases the best rumor,
sheers off from armadas and from guard ships that want it, fights by lookahead, runs when outgunned,
and goes home with the score. It attacks only enemies (merchants, galleons and corsairs of nations
at war with England) on a sound hull, lets the rest pass, raids enemy towns whose defences its ship
can match (hull for hull: an open town from a brigantine up, a fortified port from a frigate; the
seed's bot took fortified ports from a brigantine, but this card engine's brigantine sinks against
one nine times in ten). It rides out a storm on a sound hull, pays shares it can spare, takes any
castaway, and keeps the first prize card offered.

By rules with a home stretch (word gets out when it has the score, and every enemy privateer
comes for it) it has a notion of it. With the score in hand it keeps it: it turns for home by
the shortest way whatever course it was on, picks no fights, mends only with what it holds over
the score (putting in on the way when its hull is unsound and it can), rides out a storm rather
than lighten ship (running before it on a hull a storm could sink) and refuses shares that
would take it under. Short of the score by a little once word is out, near home on a sound
hull, it lies to off home: the privateers come to it, and each pays. Over 200 runs of the
`late` rules, 73 reach the home stretch; 66 of them get home (60 blind), none sinks on the
way (2 blind), and the 7 that do not ran out of days (the score came with fewer days left
than the way home, but one).
`Captain(home_stretch=False)` sails into it blind, as the seed's bot did.

With the lookout (the Privateer design document, "Seeing her first") it reads a ship before it
engages (engine/voyage/scout.py): it attacks prey only when the read says it can take her, and
chases no rumor of a kind it could not take. It still sheers off only from what is within its sight:
the seed's bot, sheering off at the longer lookout, turned away from too much and ran out of time.
So does ours, told to (`lookout_sheer`): turning from every hostile sail it would not take that
the lookout sees bearing down on it past its sight, the document's bot (`--captain seed`) wins 14
of 200 `lookout` runs against 58, and 65 of the 200 are still at sea on the last day (15 without).

With the whole sea in view (`WORLD_CAPTAIN`, `--captain world`) it picks its cruising ground
by what each is worth over the days it has left (engine/voyage/grounds.py): an ocean crossing
when the ground beyond pays for the passage, the water near home when it does not; on the
passage it turns aside only for what lies within a few days.

On Drake's circuit (the drake rules) it sails for his next place (engine/voyage/circuit.py),
putting in to mend or for a bigger ship and turning aside for a prize or a town on the way only
while the days in hand allow, and holds its course past a guard ship it can take.

It is a player: it reads what a player sees (its ship, the ships in sight, the rumors it
holds: a rumor's kind, flag, place and age, never which ship it was) and chooses from the
legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..bounds import Float, Instance, bounded, check_rules, rule
from ..fight.bots import BALANCED, RUNNER
from ..fight.cards import THEM, YOU
from ..fight.ships import TARGETS
from ..schema import Bool, Int
from ..world import wars
from ..world.charting import charted
from ..world.game import season_of
from ..world.kinds import ARMADA, CORSAIR, GUARD, KINDS, MERCHANT, TREASURE
from ..world.routes import high_seas
from ..world.rules import WorldRules
from ..world.rumors import Rumor, strength
from ..world.treasury import full_treasuries
from ..world.world import World
from . import circuit, letters, shore
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
from .dilemmas import DILEMMAS, options, shares_cost
from .game import VoyageGame, port_actions
from .grounds import RECKONING, Ground, Reckoning, best_ground, every_ground
from .late import Letter
from .pending import Engagement, Meeting, PrizeOffer, Question
from .rules import MAX_GOLD, VoyageRules
from .sailed_clouds import SailedClouds, Track
from .scout import against, punch, read_ship, read_target
from .sighting import hostile, in_sight, sightings
from .state import VoyageState

PREY = (MERCHANT, TREASURE, CORSAIR)
HANDS = ("pilot", "master_gunner", "boatswain", "surgeon", "marksmen", "quartermaster")
GUNNER_FIRST = ("master_gunner", "pilot", *HANDS[2:])
# What a captain's number may be (engine/bounds.py), as a spec or a study's dial sets it
GOLD = Int(0, MAX_GOLD)
SHARE = Float(0.0, 1.0)  # a share of her full hull
DAYS_OUT = Int(0, 10_000)  # days' sail, far past the widest sea


@dataclass(frozen=True, slots=True)
class Captain:
    reserve: int = rule(15, GOLD)  # gold kept back from crew, ships and rounds
    sound: float = rule(0.6, SHARE)  # a sound hull: this share of full or more
    reach_days: int = rule(40, DAYS_OUT)  # how far it will sail for a prize or a town
    # rounds it buys in a port when it holds no rumor worth chasing
    rounds_per_visit: int = rule(2, Int(0, 100))
    raid_treasury: int = rule(10, GOLD)  # gold a town must hold to be worth a raid
    # its master gunner hired before its pilot (HANDS' order): with him a pinnace sacks most
    # open towns, without him none, so a raider out of Plymouth with 20 gold needs him first
    gunner_first: bool = rule(False, Bool())
    raid_hull: float = rule(0.7, SHARE)  # the share of full hull it raids on
    # it raids a fortified port's walls up to this much over its hull (falling back if need be)
    raid_margin: int = rule(0, Int(0, 100))
    # and an open town's: 1, a brigantine's 16 against an open town's 17 (voyage-6's walls)
    town_margin: int = rule(1, Int(0, 100))
    # the walls a town's guard raised (the raid_guard rule) counted against those margins; off,
    # it raids a town on its guard as any other (once the boats can land), as the Privateer
    # design document's bot raided enemy towns: what the guard costs a bot that does not read it
    guard_read: bool = rule(True, Bool())
    # gold: less than this and the captain cannot mend; it takes its chances
    broke: int = rule(3, GOLD)
    home_stretch: bool = rule(True, Bool())  # a notion of the home stretch (by rules that have one)
    # days from home: short of the score with word out, it lies to off
    home_waters: int = rule(10, DAYS_OUT)
    # home for the privateers, when this short or less, on a sound hull
    lie_to_short: int = rule(30, GOLD)
    # the read of a ship (with the lookout rule): it attacks when its guns can sink her in a
    # pass of the deck (its hurt and wounds' cost at least her hull) and its hull stands at
    # least this share of what hers can deal (her hurt and wounds' cost)
    reads: bool = rule(True, Bool())
    stand_share: float = rule(0.28, Float(0.0, 100.0))
    # sheer off from what the lookout sees, not only its sight: armadas and guard ships, and any
    # hostile sail bearing down on it that it would not take
    lookout_sheer: bool = rule(False, Bool())
    # the whole sea (engine/voyage/grounds.py): it picks the ground worth most over the days
    # it has left and sails there, taking on the passage only what lies within
    # `passage_reach` days; without it, it works whatever lies within `reach_days`
    world_grounds: bool = rule(False, Bool())
    # past a guard ship that wants it and that it can take (by the read, with the lookout) it
    # holds its course, as on Drake's circuit: sheering off from one hunting it in her own
    # waters, a captain circles there for hundreds of days
    hold_past_guards: bool = rule(False, Bool())
    passage_reach: int = rule(6, DAYS_OUT)
    reckoning: Reckoning = field(default=RECKONING, metadata=bounded(Instance(Reckoning)))
    # on Drake's circuit it turns aside for a prize or a town when the days in hand stay at
    # least what the rest of the circuit needs and this share of that again (chosen)
    circuit_reserve: float = rule(0.25, Float(0.0, 100.0))

    def __post_init__(self) -> None:
        check_rules(self)

    # -- the decision ------------------------------------------------------------------------
    def choose(self, game: VoyageGame, state: VoyageState) -> VoyageAction:
        action = self._choose(game, state)
        if isinstance(action, Course) and game.rules.banks:
            return self._keel_course(game, state, action)
        return action

    def _choose(self, game: VoyageGame, state: VoyageState) -> VoyageAction:
        world, rules = game.world, game.rules
        pending = state.pending
        if isinstance(pending, Engagement):
            return self._fight(state)
        if isinstance(pending, Meeting):
            ship = pending.ship
            if ship == self._quarry(state):  # the letter's plate ship: she is the work
                return Attack()
            take = self._prey(world, state, ship) and self._can_take(world, state, rules, ship)
            return Attack() if take and not self._keeping(game, state) else LetPass()
        if isinstance(pending, PrizeOffer):
            return TakePrize(pending.cards[0])
        if isinstance(pending, Question):
            return self._answer(game, state, pending)
        if state.port >= 0:
            # of the legal actions it asks only after what the port offers (never a course
            # or a berth), so it is handed those alone
            offers = port_actions(world, state, rules, game.wrules) if not state.over else []
            chosen = self._in_port(game, state, offers)
            if chosen:
                return chosen
        threat = self._threat(world, state, rules, game.wrules)
        if threat >= 0:
            away = self._sheer_off(world, state, threat)
            if away != state.course and away != state.node:
                return Course(away)
        quarry = self._quarry(state)
        if quarry >= 0 and threat < 0 and quarry in in_sight(world, state, rules):
            her = state.world.ships["node"][quarry]  # in sight: make for her
            return Course(her) if her != state.course and her != state.node else Sail()
        if (
            state.course < 0
            or (state.port >= 0 and state.course == state.node)
            or (self._fresh_word(state) and threat < 0)  # sheering off comes first
            or self._astray(game, state)
        ):
            goal = self._destination(game, state)
            if goal <= -10:
                return Berth(-10 - goal)
            if goal == state.node and state.port < 0 and goal in world.port_nodes:
                return self._stand_off(world, goal)
            if goal != state.node and goal != state.course:
                return Course(goal)
        return Sail()

    # -- fights and questions ----------------------------------------------------------------
    def _fight(self, state: VoyageState) -> VoyageAction:
        fight = state.fight
        assert fight is not None
        outgunned = fight.hull[THEM] >= 2 * fight.hull[YOU]
        raiding = fight.setup.target in ("town", "fortified_port")
        # a raid on walls past its hull: back to the boats once its own hull is half gone
        falling_back = raiding and self.raid_margin > 0 and 2 * fight.hull[YOU] <= state.max_hull()
        keep = (RUNNER if outgunned or falling_back else BALANCED).choose(fight)
        return KeepCards(keep.first, keep.second)

    def _answer(self, game: VoyageGame, state: VoyageState, question: Question) -> Choose:
        """The dilemma's own default for a captain keeping `reserve` gold back; homeward with
        the score, whatever keeps the score."""
        rules = game.rules
        open_ = [i for i, o in enumerate(options(state, rules)) if o.barred is None]
        if self._keeping(game, state):
            kept = self._keep_score(state, rules, question.name, open_)
            if kept is not None:
                return Choose(kept)
        return Choose(DILEMMAS[question.name].bot_choice(state, rules, open_, self.reserve))

    # -- who is fair game ----------------------------------------------------------------------
    def _enemy(self, world: World, state: VoyageState, nation: int) -> bool:
        """Fair game: at war with England, or the nation a letter of marque is against."""
        return nation >= 0 and (
            wars.at_war(state.world, nation, world.nation("england"))
            or letters.licensed(state, nation)
        )

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

    def _threat(
        self, world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
    ) -> int:
        """An armada, or a guard ship that wants it, in its sight (-1 none). What the lookout
        sees farther off it sails on past, unless `lookout_sheer`: then it turns from those
        too, and from any hostile sail out there bearing down on it that it would not take."""
        ships = state.world.ships
        steps = (lookout_steps if self.lookout_sheer else sight_steps)(state, rules)
        seen = in_sight(world, state, rules, steps=steps)
        coming = self._coming_from_afar(world, state, rules, wrules, seen)
        for ship in seen:
            kind = ships["kind"][ship]
            wary = kind in (ARMADA, GUARD) or (
                ship in coming and not self._prey(world, state, ship)
            )
            if wary and hostile(world, state, ship):
                if (
                    (state.circuit is not None or self.hold_past_guards)
                    and kind == GUARD
                    and self._can_take(world, state, rules, ship)
                ):
                    continue  # it holds its course past a guard it can take
                return ship
        return -1

    def _coming_from_afar(
        self,
        world: World,
        state: VoyageState,
        rules: VoyageRules,
        wrules: WorldRules,
        seen: list[int],
    ) -> set[int]:
        """Of `seen`, with `lookout_sheer`, the sails past its sight bearing down on it (what the
        lookout stops a ship for, "time to run, or turn"); none without it."""
        if not self.lookout_sheer or not seen:
            return set()
        season = season_of(wrules, state.day)
        how = sightings(world, state, rules, seen, season, high_seas(wrules))
        sight = sight_steps(state, rules)
        return {
            s for s, h in zip(seen, how, strict=True) if h["bearing_down"] and h["days"] > sight
        }

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
        """What it does in port of `legal` (what the port offers: game.port_actions), if
        anything."""
        world, rules = game.world, game.rules
        offered = frozenset(legal)  # asked of often below
        homeward = letters.has_the_score(state, rules)
        if Pardon() in offered and state.gold - rules.pardon_gold >= 0:
            return Pardon()
        repairs = [a for a in legal if isinstance(a, Repair)]
        if repairs and self._keeping(game, state):  # mend with what it holds over the score
            spare = (state.gold - _score_gold(rules)) // rules.repair_gold
            points = min(repairs[0].points, spare)
            return Repair(points) if points > 0 else None
        if repairs:
            return repairs[0]
        if not homeward:
            for ship in reversed(harbour.ships_for_sale(world, state, rules)):
                if BuyShip(ship) in offered and state.gold - rules.ship_gold[ship] >= self.reserve:
                    return BuyShip(ship)
            for hand in GUNNER_FIRST if self.gunner_first else HANDS:
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
        if not _carries(
            world, state, rules, port, self.raid_margin, self.town_margin, self.guard_read
        ):
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
        if letters.has_the_score(state, rules) and not ws.pirate:
            keeping = self._keeping(game, state)
            if keeping and state.port < 0 and self._mend_on_the_way(game, state):
                return self._nearest(world, state, self._friendly(world, state, rules))
            return by_name[rules.home_port].node
        if self._lying_to(game, state):
            return self._offing(world, by_name[rules.home_port].node)
        if ws.pirate:
            english = [i for i, p in enumerate(world.ports) if p.nation == england]
            if state.gold >= rules.pardon_gold:
                return self._nearest(world, state, english)
        if state.circuit is not None and not state.circuit.made:  # Drake's circuit
            return self._circuit(game, state)
        if not self._sound(state):
            return self._nearest(world, state, self._friendly(world, state, rules))
        bigger = harbour.SHIP_ORDER[harbour.SHIP_ORDER.index(state.ship) + 1 :]
        if bigger and state.gold - rules.ship_gold.get(bigger[0], 10**9) >= self.reserve:
            yards = [i for i in self._friendly(world, state, rules) if world.ports[i].fortified]
            if yards:
                return self._nearest(world, state, yards)
        letter = state.late.letter if state.late is not None else None
        if letter is not None:
            goal = self._letter_work(game, state, letter)
            if goal >= 0:
                return goal
        return self._prize_ground(game, state)

    def _circuit(self, game: VoyageGame, state: VoyageState) -> int:
        """On Drake's circuit: the next place, putting in to mend (or for a bigger ship) and
        turning aside for a prize or a town only where the days in hand allow it."""
        world, rules = game.world, game.rules
        friendly = self._friendly(world, state, rules)
        stops = []
        if not self._sound(state):
            stops.append(self._nearest(world, state, friendly))
        bigger = harbour.SHIP_ORDER[harbour.SHIP_ORDER.index(state.ship) + 1 :]
        if bigger and state.gold - rules.ship_gold.get(bigger[0], 10**9) >= self.reserve:
            stops.append(
                self._nearest(world, state, [i for i in friendly if world.ports[i].fortified])
            )
        hunt = self._prize_ground(game, state) if self._sound(state) else -1
        return circuit.heading(world, state, stops, hunt, self.circuit_reserve, self.reach_days)

    # -- letters of marque -----------------------------------------------------------------------
    def _letter_work(self, game: VoyageGame, state: VoyageState, letter: Letter) -> int:
        """Where the letter's work is (-1: nowhere it can do it now): its nation's ports in
        the region to cruise off, a town there it can carry, or the plate ship."""
        world = game.world
        if letter.task == "plate_ship":
            return self._intercept(game, state, letter)
        in_region = letters.region_nodes(world, letter.region)
        ports = [
            i
            for i, p in enumerate(world.ports)
            if p.nation == letter.nation and not p.native and p.node in in_region
        ]
        if letter.task == "sack":
            towns = [i for i in ports if self._raidable(game, state, i)]
            return self._nearest(world, state, towns) if towns else -1
        grounds = [i for i in ports if world.ports[i].node != state.node]
        return self._nearest(world, state, grounds) if grounds else -1

    def _fresh_word(self, state: VoyageState) -> bool:
        """The Admiralty's word of the plate ship came today: think again where to meet her."""
        late = state.late
        return (
            late is not None
            and late.letter is not None
            and late.letter.task == "plate_ship"
            and late.word_day == state.day
            and state.pending is None
        )

    def _quarry(self, state: VoyageState) -> int:
        """The plate ship the letter in hand names (-1: no such letter)."""
        late = state.late
        letter = late.letter if late is not None else None
        return letter.target if letter is not None and letter.task == "plate_ship" else -1

    def _intercept(self, game: VoyageGame, state: VoyageState, letter: Letter) -> int:
        """A node on the plate ship's likeliest track (by the Admiralty's latest word) this ship
        can reach no later than she does: it goes there and waits for her (the seed's captain:
        "it heads for where she's likeliest to be in k days that it can reach in k days"); with
        none in reach, the node of her track it would be least behind her at."""
        words = [Rumor.from_list(r) for r in state.rumors]
        word = next((w for w in reversed(words) if w.source == letters.ADMIRALTY), None)
        if word is None:
            return -1
        here = game.world.hops_from([state.node])
        late_by: list[tuple[int, int]] = []  # (days it would be behind her there, node)
        for day, node in _her_track_ahead(game, state, word):
            if day < state.day or here[node] < 0:
                continue
            if here[node] <= day - state.day:
                return node
            late_by.append((int(here[node]) - (day - state.day), node))
        # she is beyond reach for now: close with her track where it would be least behind
        # her (the next word will say where to wait), rather than lie idle
        return min(late_by)[1] if late_by else -1

    def _prize_ground(self, game: VoyageGame, state: VoyageState) -> int:
        """The best rumor or town within reach; else the nearest enemy port to cruise off;
        else the nearest friendly port. With the whole sea in view, reach is the ground's:
        on the passage to the ground worth most, only what lies within `passage_reach`; in
        it, `reach_days`, cruising off the enemy ports of that ground."""
        world = game.world
        ws = state.world
        here = world.hops_from([state.node])
        ground = self._ground(game, state) if self.world_grounds else None
        radius = self.reckoning.radius
        in_ground = ground is None or 0 <= here[ground.node] <= radius
        reach = self.reach_days if in_ground else self.passage_reach
        best, best_value = -1, 0.0
        for raw in state.rumors:
            rumor = Rumor.from_list(raw)
            value = self._rumor_value(game, state, rumor)
            if value <= 0 or not self._sound(state):
                continue
            node = self._likeliest(game, state, rumor)
            days = int(here[node])
            if 0 <= days <= reach // 2:
                score = value / (days + 3)
                if score > best_value:
                    best, best_value = node, score
        for i, p in enumerate(world.ports):
            days = int(here[p.node])
            if not 0 <= days <= reach or not self._raidable(game, state, i):
                continue
            score = ws.treasury[i] / (days + 3)
            if score > best_value:
                best, best_value = p.node, score
                self_berth = i if days == 0 and state.port >= 0 and i != state.port else -1
                if self_berth >= 0:
                    return -10 - self_berth  # across the harbour: berth there
        if best >= 0:
            return best
        if ground is not None and not in_ground and self._sound(state):
            return ground.node  # the passage: for the ground worth most
        # Nothing told and no town to take: cruise for prey off the nearest enemy port
        # (her merchants come and go there) that is not this one (of the ground it is in).
        near = world.hops_from([ground.node]) if ground is not None else here
        hunting_grounds = [
            i
            for i, p in enumerate(world.ports)
            if not p.native
            and p.node != state.node
            and self._enemy(world, state, p.nation)
            and 0 <= here[p.node] <= reach
            and 0 <= near[p.node] <= (radius if ground is not None else reach)
        ]
        if hunting_grounds and self._sound(state):
            return self._nearest(world, state, self._clear_of_guns(game, state, hunting_grounds))
        friends = [
            i for i in self._friendly(world, state, game.rules) if world.ports[i].node != state.node
        ]
        return self._nearest(world, state, friends) if friends else state.node

    def _ground(self, game: VoyageGame, state: VoyageState) -> Ground | None:
        """The ground worth most over the days it has left (grounds.py), by what its ship
        could carry."""
        return best_ground(every_ground(*self._reckoned(game, state)))

    def grounds(self, game: VoyageGame, state: VoyageState) -> list[Ground]:
        """Every ground it weighs where it is now, by what its ship could carry (the one
        worth most is where it goes): how a captain's choice of ocean can be read."""
        return every_ground(*self._reckoned(game, state))

    def _reckoned(self, game: VoyageGame, state: VoyageState) -> tuple[Any, ...]:
        """What the grounds are reckoned from (grounds.py's arguments, in order)."""
        world, rules = game.world, game.rules
        enemy = [self._enemy(world, state, p.nation) for p in world.ports]
        carries = [
            enemy[i] and not p.native and _carries(world, state, rules, i)
            for i, p in enumerate(world.ports)
        ]
        home = world.port_by_name[rules.home_port].node
        wrules = game.wrules
        return (
            world, state, enemy, carries, full_treasuries(world, wrules), wrules.sacked_days,
            game.days - state.day, home, self.reckoning,
        )  # fmt: skip

    # -- the shore (by rules with fort fire, banks) ----------------------------------------------
    def _clear_of_guns(self, game: VoyageGame, state: VoyageState, ports: list[int]) -> list[int]:
        """By rules with fort fire, the ports of `ports` whose offing no hostile fort's guns
        reach (all of them, if every one is under guns): it cruises off those, and comes under
        a fort's guns only to raid it."""
        if not game.rules.fort_fire:
            return ports
        world = game.world
        ws = state.world
        clear = [i for i in ports if shore.hostile_guns(world, ws, world.ports[i].node) < 0]
        return clear or ports

    def _keel_course(self, game: VoyageGame, state: VoyageState, course: Course) -> VoyageAction:
        """By rules with banks, a course a deep keel can sail: where it meant to go, or the
        node its keel can reach nearest to that (sailing on if that is where it is bound)."""
        world, rules = game.world, game.rules
        if shore.keel_refusal(world, state, rules, course.node) is None:
            return course
        closed = shore.keel_closed(world, state, rules)
        reach = world.hops_avoiding([state.node], closed)
        near = world.hops_from([course.node])
        open_ = np.flatnonzero((reach >= 0) & (near >= 0))
        open_ = open_[~np.isin(open_, list(closed))]
        if not len(open_):
            return Sail()
        best = int(open_[np.lexsort((open_, reach[open_], near[open_]))[0]])
        return Sail() if best in (state.node, state.course) else Course(best)

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
        sailed = _SAILED.for_run((world.content_hash, game.wrules, state.seed, id(state)))
        mass = sailed.cloud(world, state.world, game.wrules, rumor, state.day, masks)
        return int(np.argmax(mass))

    # -- the home stretch -----------------------------------------------------------------------
    def _keeping(self, game: VoyageGame, state: VoyageState) -> bool:
        """Homeward with the score in hand, by rules with a home stretch: keep the score."""
        rules = game.rules
        return (
            self.home_stretch
            and rules.home_stretch
            and letters.has_the_score(state, rules)
            and not state.world.pirate
        )

    def _word_out(self, game: VoyageGame, state: VoyageState) -> bool:
        """Word is out (every enemy privateer is coming), and it minds it."""
        late = state.late
        return (
            self.home_stretch and game.rules.home_stretch and late is not None and late.home_stretch
        )

    def _lying_to(self, game: VoyageGame, state: VoyageState) -> bool:
        """Short of the score by `lie_to_short` or less with word out, in home waters on a
        sound hull: it lies to off home, and the privateers bring it the rest."""
        rules = game.rules
        if not self._word_out(game, state) or state.world.pirate or not self._sound(state):
            return False
        if rules.goal_gold - state.gold > self.lie_to_short:
            return False
        home = game.world.port_by_name[rules.home_port].node
        return 0 <= int(game.world.hops_from([home])[state.node]) <= self.home_waters

    def _offing(self, world: World, home: int) -> int:
        """A node of open water a day off `home`, where a ship lies to (`home` if none)."""
        open_water = [n for n in world.step_neighbours[home] if n not in world.port_nodes]
        return min(open_water) if open_water else home

    def _stand_off(self, world: World, port_node: int) -> VoyageAction:
        """Lying off the port it means to put in to (off a town it raided, in the boats, or a
        yard across the water from it): a ship enters a port only by arriving, so it stands
        off a day and comes back in. Without this it lay there for good: over 200 `classic`
        runs, 16% of all days at sea were spent lying off a port it meant to enter."""
        offing = self._offing(world, port_node)
        if offing == port_node:  # no open water beside it (Canton): off to the port beside it
            offing = min(world.step_neighbours[port_node], default=port_node)
        return Course(offing) if offing != port_node else Sail()

    def _astray(self, game: VoyageGame, state: VoyageState) -> bool:
        """Keeping the score on a course that is not for home (set before it had the score),
        or for home on a hull it could mend on the way: it thinks again where to go (a step
        aside, sheering off, is not astray)."""
        if not self._keeping(game, state) or state.course < 0:
            return False
        home = game.world.port_by_name[game.rules.home_port].node
        if state.course == home:
            return state.port < 0 and self._mend_on_the_way(game, state)
        return int(game.world.hops_from([state.node])[state.course]) > 1

    def _mend_on_the_way(self, game: VoyageGame, state: VoyageState) -> bool:
        """Homeward on an unsound hull, with gold over the score to mend some of it."""
        rules = game.rules
        spare = (state.gold - _score_gold(rules)) // rules.repair_gold
        return spare > 0 and not self._sound(state)

    def _keep_score(
        self, state: VoyageState, rules: VoyageRules, name: str, open_: list[int]
    ) -> int | None:
        """What keeps the score, homeward: a storm ridden out (run before on a hull it could
        sink: lightening costs gold), shares refused if paying would take it under the score
        and the crew can bear it; None: the dilemma's own default."""
        if name == "storm":
            if 0 in open_ and state.hull > rules.storm_hull_max:
                return 0
            return 2 if 2 in open_ else None
        if name == "shares":
            under = state.gold - shares_cost(state, rules) < _score_gold(rules)
            bearable = state.morale - rules.shares_morale > rules.near_mutiny
            return 1 if under and bearable and 1 in open_ else None
        return None


def _carries(
    world: World,
    state: VoyageState,
    rules: VoyageRules,
    port: int,
    margin: int = 0,
    town_margin: int = 1,
    guard_read: bool = True,
) -> bool:
    """A read of the walls: its ship's hull, and `margin` more (a fortified port) or
    `town_margin` more (an open town), stands up to them: its kind's hull, an open town's own
    walls and what each raid it turned out on its guard added (by rules with the raid guard,
    read unless `guard_read` is off)."""
    p = world.ports[port]
    guarded = rules.raid_guard and guard_read
    walls = state.world.guard_raids[port] * rules.guard_walls if guarded else 0
    if p.fortified:
        return state.max_hull() + margin >= TARGETS["fortified_port"].hull + walls
    return state.max_hull() + town_margin >= TARGETS["town"].hull + rules.town_walls + walls


def _score_gold(rules: VoyageRules) -> int:
    """The gold that is the score, kept homeward: the goal's (none with letters of marque,
    where the letters are the score)."""
    return 0 if rules.letters else rules.goal_gold


_SAILED = SailedClouds()
"""The rumors' clouds the run in play has worked out (sailed_clouds.py: sailed on from where
they were left, to the same bits as sailed afresh)."""

TRACK_DAYS = 120  # how far ahead a plate ship's track is worked out from a word of her
_TRACKS: dict[tuple[str, WorldRules, int, tuple[int | str, ...]], Track] = {}


def _her_track_ahead(game: VoyageGame, state: VoyageState, word: Rumor) -> Track:
    """(day, node) of the rumored ship's likeliest place out at sea, day by day from the word:
    worked out once a word (by the chart as it stood then), as far as it is read, and kept for
    the run (keyed by its world, the world's rules (how a cloud sails), its seed and the word:
    the same run works it out the same way, whatever was played before it in the process)."""
    key = (game.world.content_hash, game.wrules, state.seed, tuple(word.to_list()))
    found = _TRACKS.get(key)
    if found is None:
        world = game.world
        masks = [charted(world, state.world, s) for s in range(4)]
        at_sea = np.ones(world.n, dtype=bool)
        at_sea[list(world.port_nodes)] = False  # she is met at sea, never in port
        found = Track(world, state.world, game.wrules, word, TRACK_DAYS, masks, at_sea)
        if len(_TRACKS) > 256:
            _TRACKS.clear()
        _TRACKS[key] = found
    return found


def _her_track(game: VoyageGame, state: VoyageState, word: Rumor) -> list[tuple[int, int]]:
    """Her whole track (`_her_track_ahead`, read to its end)."""
    return _her_track_ahead(game, state, word).whole()


CAPTAIN = Captain()
BLIND = Captain(home_stretch=False)
"""The captain without a notion of the home stretch (the seed's bot), to measure against."""
SEED_BOT = Captain(home_stretch=False, reads=False)
"""The captain as the Privateer design document's bot played the late game, to measure its stages as
the seed did: blind to the home stretch and engaging without the read of a ship (it still works the
letters and intercepts the plate ship, as the seed's did)."""
WORLD_CAPTAIN = Captain(world_grounds=True, hold_past_guards=True)
"""The captain who reckons the whole sea: it picks its cruising ground by what each is worth
over the days it has left, against the passage there and home (engine/voyage/grounds.py), and
holds its course past a guard ship it can take (where guard ships are: out in the colonies)."""
RAIDER = Captain(world_grounds=True, hold_past_guards=True, raid_margin=4, town_margin=7)
"""The whole-sea captain raiding as the Privateer design document's bot did: an open town from its
first pinnace (walls up to 7 past its hull: a pinnace's 10 against an open town's 17, not one
the guard has raised), falling back to the boats once its hull is half gone; a fortified port
(walls up to 4 past its hull) still only from a frigate."""
RAIDER_12 = Captain(
    world_grounds=True, hold_past_guards=True, raid_margin=4, town_margin=7, reserve=12
)
"""The raider keeping 12 gold back, not 15 (issue 21's balance pass): it hires its master gunner
(with whom a pinnace sacks most open towns, against none without) three gold
sooner, so fewer of its pinnace raids are made without one."""
RAIDER_10 = Captain(
    world_grounds=True,
    hold_past_guards=True,
    raid_margin=4,
    town_margin=7,
    reserve=10,
    gunner_first=True,
)
"""The raider keeping 10 gold back and hiring its master gunner first: `classic`'s own captain.
The reserve was chosen of those measured in the balanced world: 12 gives 7.9 raids a run over
200 (the seed's band starts at 8); 8 and 6 (100 runs each) sink 64-69% of runs at towns and
win 11-18%. The gunner first (engine voyage-11, when `classic`'s enemy privateers stopped paying
a bounty): out of Plymouth with 20 gold it hires him (10) and keeps its 10, so its first raids
are made with him; with the pilot first they were made without, and sank (docs/voyage.md)."""
CAPTAINS: dict[str, Captain] = {
    "ours": CAPTAIN,
    "seed": SEED_BOT,
    "world": WORLD_CAPTAIN,
    "raider": RAIDER,
    "raider12": RAIDER_12,
    "raider10": RAIDER_10,
}
"""The captain bots a batch of voyages may be played by, by name."""
RULES_CAPTAINS: dict[str, str] = {"classic": "raider10"}
"""The captain bot a ruleset is played by unless another is asked for: the one its figures
are measured with (`classic`: the raider, as the seed's bot raided towns from its first
pinnace); ours for every other."""


def captain_for(rules: str) -> str:
    """The name of the captain bot that plays `rules` by default."""
    return RULES_CAPTAINS.get(rules, "ours")
