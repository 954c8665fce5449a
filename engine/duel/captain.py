"""The CPU captain: she plans her whole activation by the rules a person plays by, and takes
its first step.

She sees what `observe` shows her side (never the enemy's loaded shot) plus her own
personality (engine/duel/personality.py). Asked for an action, she lists every pose (hex and
facing) she can reach with the Move she has left, and every place the rules let her put her
one action on the way: a repair first, a shot anywhere (moving on afterwards with what Move is
left), a reload or a flight last. She scores where each plan leaves her, in integer points:

- damage dealt, valued by how near it brings the enemy to sinking or striking (the k-th last
  point of hull or crew is worth `FINISH // k`, sails less, more when she is running), and
  `KILL` for a shot that sinks or strikes her;
- the range she wants: her load's best range when offensive, her personality's `keep_range`
  when balanced, as far as she can get (`OPENING` a hex) when defensive;
- the shot she could fire from there next time, and her load's worth at the range she wants;
- exposure: ending in the enemy's broadside within his guns' reach costs her personality's
  `exposure` (double within 2 hexes, double again when defensive);
- the board's edge (a ship pinned against it cannot run), and the wind for her next Move;
- a repair, only at or below her personality's threshold; fleeing, worth `ESCAPE`, only when
  she is defensive and the 16-hex rule is met.

A plan's score depends only on where it ends (pose, load, both ships' stats) and on where she
fired, ties go to the lowest pose id, and each pose is reached by the path engine/duel/reach.py
gives it; so asking again after each step gives the rest of the same plan: `choose` step by
step plays exactly what `plan` lays out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from .actions import DuelAction
from .game import legal_actions, observe
from .hexes import board, broadside_mask
from .personality import TEMPERS, Temper, posture, posture_of
from .reach import Reach, reach
from .rules import REPAIRABLE, SHOT_HITS, SHOTS, DuelRules
from .state import SIDES, DuelState

DEFAULT_PERSONALITY = "steady"  # plans for a side a person commands (a hint, say)

# --- the score's weights (points) ---------------------------------------------------------------
KILL = 100_000  # a shot that sinks her or makes her strike
ESCAPE = 50_000  # fleeing, for a captain who wants out
FINISH = 600  # the k-th last point of hull or crew is worth FINISH // k
SAILS = 150  # the k-th last point of sails is worth SAILS // k ...
SAILS_RUNNING = 400  # ... or this when she is defensive (a slow enemy cannot follow)
RANGE = 20  # per hex away from the range she wants
OPENING = 30  # per hex of distance, when defensive
READY_DIVISOR = 4  # a shot she could fire from there next time: this fraction of its value
LOAD_DIVISOR = 6  # her load at the range she wants: this fraction of its value
EDGE_MARGIN = 2  # hexes from the edge under which ...
EDGE = 25  # ... each hex closer costs this (double when defensive)
WIND = 10  # ending with the wind astern (more Move next time if it holds); into it costs this

# plan kinds, in the order that breaks ties between equal scores
_NONE, _FIRE, _RELOAD, _REPAIR, _FLEE = range(5)

Stats = tuple[int, int, int]  # the enemy's hull, sails, crew
Plan = Callable[[], list[str]]  # builds a plan's action codes (only the chosen one is built)
Points: TypeAlias = npt.NDArray[np.int64]  # one integer per reachable pose
Mask: TypeAlias = npt.NDArray[np.bool_]
Offer = Callable[[int, int, int, int, int, Plan], None]
_STAT_AT = {"hull": 0, "sails": 1, "crew": 2}


@lru_cache(maxsize=4096)
def _worth(points: int, weight: int) -> int:
    return sum(weight // k for k in range(1, points + 1))


def _ship_worth(stats: Stats, sails_weight: int) -> int:
    """How much fight is left in a ship: what the captain wants to take away."""
    hull, sails, crew = stats
    if hull <= 0 or crew <= 0:
        return -KILL
    return _worth(hull, FINISH) + _worth(crew, FINISH) + _worth(sails, sails_weight)


def _hurt(stats: Stats, stat: str, damage: int) -> Stats:
    values = list(stats)
    at = _STAT_AT[stat]
    values[at] = max(0, values[at] - damage)
    return values[0], values[1], values[2]


@dataclass(frozen=True, slots=True)
class _Tables:
    q: Points  # by hex index
    r: Points
    edge: Points


@lru_cache(maxsize=8)
def _tables(cols: int, rows: int) -> _Tables:
    grid = board(cols, rows)
    return _Tables(
        np.asarray([q for q, _ in grid.axial], dtype=np.int64),
        np.asarray([r for _, r in grid.axial], dtype=np.int64),
        np.asarray(grid.edge, dtype=np.int64),
    )


class _Planner:
    """One activation's plans for one side, scored over all her reachable poses at once
    (NumPy arrays indexed by pose number)."""

    def __init__(self, state: DuelState, side: int, personality: str) -> None:
        view = observe(state, side)
        if view["to_act"] != SIDES[side]:
            raise ValueError(f"it is not {SIDES[side]}'s activation")
        self.rules = rules = state.rules
        self.temper: Temper = TEMPERS[personality]
        self.view = view
        self.me = me = view["you"]
        self.enemy = enemy = view["enemy"]
        self.grid = grid = board(rules.cols, rules.rows)
        self.blocked = grid.index((enemy["col"], enemy["row"]))
        self.mp = mp = int(view["mp"])
        start = grid.index((me["col"], me["row"])) * 6 + me["facing"]
        self.reach: Reach = reach(grid, start, mp, self.blocked, rules)
        self.size = 6 * rules.cols * rules.rows  # pose ids are below this
        self.enemy_reach = max(rules.max_range(shot) for shot in SHOTS)
        tables = _tables(rules.cols, rules.rows)
        pids = self.reach.pids
        index = pids // 6
        facing = pids % 6
        self.pids = pids
        self.tie = self.size - 1 - pids  # higher for a lower pose id: ties go to it
        self.left = mp - self.reach.costs
        eq, er = grid.axial[self.blocked]
        dq = eq - tables.q[index]
        dr = er - tables.r[index]
        self.dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        self.mine = broadside_mask(dq, dr, facing)  # the enemy on her broadside
        self.theirs = broadside_mask(-dq, -dr, np.full_like(facing, enemy["facing"]))
        breeze = np.zeros(6, dtype=np.int64)
        wind = view["wind"]
        if not wind["calm"]:
            breeze[wind["to"]] = WIND
            breeze[wind["from"]] = -WIND
        short = np.maximum(0, EDGE_MARGIN - tables.edge[index]) * EDGE
        self.static = (breeze[facing] - short, breeze[facing] - 2 * short)  # normal, running
        self.base_cache: dict[tuple[str, int], Points] = {}
        self.score_cache: dict[tuple[str, Stats], Points] = {}

    # --- scores of ending at each pose ------------------------------------------------------
    def _stance(self, stats: Stats) -> str:
        hull, sails, crew = stats
        enemy = {**self.enemy, "hull": hull, "sails": sails, "crew": crew}
        return posture_of(self.temper, self.me, enemy, self.view["round"])

    def _want(self, stance: str, load: str) -> int:
        if stance == "offensive":
            return _best_range(self.rules, load)
        return self.temper.keep_range

    def _base(self, stance: str, want: int) -> Points:
        """Range, exposure, edge and wind points of each pose."""
        found = self.base_cache.get((stance, want))
        if found is not None:
            return found
        running = stance == "defensive"
        dist = self.dist
        score: Points = OPENING * dist if running else -RANGE * np.abs(dist - want)
        exposure = self.temper.exposure * (2 if running else 1)
        exposed = self.theirs & (dist <= self.enemy_reach)
        score = score - np.where(exposed, exposure * np.where(dist <= 2, 2, 1), 0)
        score = score + self.static[running]
        self.base_cache[(stance, want)] = score
        return score

    def _shot_value(self, stats: Stats, stat: str, damage: int, running: bool) -> int:
        if damage <= 0:
            return 0
        weight = SAILS_RUNNING if running else SAILS
        return _ship_worth(stats, weight) - _ship_worth(_hurt(stats, stat, damage), weight)

    def _damage(self, shot: str) -> Points:
        """What `shot` would do fired from each pose (0 where it cannot be fired)."""
        rules = self.rules
        table = np.asarray(rules.shot_table(shot), dtype=np.int64)
        near = self.dist < len(table)
        full = np.where(near, table[np.minimum(self.dist, len(table) - 1)], 0)
        halved = np.where(
            full > 0, np.maximum(rules.end_on_minimum, full // rules.end_on_divisor), 0
        )
        return np.where(self.mine, np.where(self.theirs, full, halved), 0)

    def scores(self, load: str, stats: Stats) -> Points:
        """The points of ending at each pose with `load` in the gun and the enemy at `stats`."""
        found = self.score_cache.get((load, stats))
        if found is not None:
            return found
        stance = self._stance(stats)
        want = self._want(stance, load)
        out = self._base(stance, want)
        if load:
            running = stance == "defensive"
            stat = SHOT_HITS[load]
            table = self.rules.shot_table(load)
            near = max(table[max(0, want - 1) : want + 2], default=0)
            hunger = self.temper.hunger
            worth = self._shot_value(stats, stat, near, running) * hunger // (100 * LOAD_DIVISOR)
            value = np.asarray(
                [
                    self._shot_value(stats, stat, d, running) * hunger // (100 * READY_DIVISOR)
                    for d in range(3)
                ],
                dtype=np.int64,
            )
            out = out + worth + value[np.minimum(self._damage(load), 2)]
        self.score_cache[(load, stats)] = out
        return out

    def _best(self, scores: Points, allowed: Mask | None = None) -> int:
        """The pose with the highest score (ties: the lowest pose id), or -1."""
        packed = scores * self.size + self.tie
        if allowed is not None:
            if not allowed.any():
                return -1
            packed = np.where(allowed, packed, np.iinfo(np.int64).min)
        return int(np.argmax(packed))

    # --- the plans --------------------------------------------------------------------------
    def best(self) -> list[str]:
        """The best plan, as action codes ending with "e" (or "x")."""
        rules = self.rules
        me = self.me
        view = self.view
        reach = self.reach
        pids = reach.pids.tolist()
        stats: Stats = (int(self.enemy["hull"]), int(self.enemy["sails"]), int(self.enemy["crew"]))
        load = me["loaded"]
        can_act = not view["acted"]
        offers: list[tuple[tuple[int, ...], Plan]] = []

        def offer(score: int, kind: int, at: int, end: int, extra: int, plan: Plan) -> None:
            offers.append(((score, -kind, -pids[at], -pids[end], -extra), plan))

        now = self.scores(load, stats)
        i = self._best(now)
        offer(int(now[i]), _NONE, i, i, 0, lambda: [*reach.path(i), "e"])
        if can_act and load and me["crew"] >= rules.fire_crew:
            self._fire_plans(stats, load, offer)
        if can_act and me["crew"] >= rules.reload_crew:
            for extra, shot in enumerate(SHOTS):
                if shot != load:
                    swap = self.temper.reload_swap if load else 0
                    scores = self.scores(shot, stats)
                    j = self._best(scores)
                    code = "r" + shot[0]
                    offer(
                        int(scores[j]) - swap,
                        _RELOAD,
                        j,
                        j,
                        extra,
                        lambda j=j, code=code: [*reach.path(j), code, "e"],  # type: ignore[misc]
                    )
        if can_act and not view["moved"]:
            self._repair_plans(now, offer)
        if can_act and not me["hurt"] and self._stance(stats) == "defensive":
            k = self._best(now, self.dist >= rules.flee_distance)
            if k >= 0:
                offer(ESCAPE + int(now[k]), _FLEE, k, k, 0, lambda: [*reach.path(k), "x"])
        return max(offers, key=lambda o: o[0])[1]()

    def _fire_plans(self, stats: Stats, load: str, offer: Offer) -> None:
        """Move to where she fires (or fire where she is), fire, and move on with the Move
        left; for each damage a shot can do, the best end from every pose is worked out once
        over the Move left there."""
        stat = SHOT_HITS[load]
        running = self._stance(stats) == "defensive"
        damage = self._damage(load)
        size = self.size
        best_key: tuple[int, int, int] | None = None
        for amount in sorted({int(d) for d in damage if d > 0}):
            after = _hurt(stats, stat, amount)
            dealt = self._shot_value(stats, stat, amount, running)
            if after[0] == 0 or after[2] == 0:
                dealt += KILL
            onward = self._best_onward(self.scores("", after))
            rows = np.nonzero(damage == amount)[0]
            packed = onward[self.left[rows], rows]
            ends = size - 1 - packed % size
            totals = dealt + packed // size
            for p, end_pid, total in zip(
                rows.tolist(), ends.tolist(), totals.tolist(), strict=True
            ):
                key = (total, -int(self.reach.pids[p]), -end_pid)
                if best_key is None or key > best_key:
                    best_key = key
        if best_key is not None:
            total, at_pid, end_pid = best_key
            p = self.reach.number_of(-at_pid)
            end = self.reach.number_of(-end_pid)
            offer(total, _FIRE, p, end, 0, self._fire_plan(p, -end_pid))

    def _fire_plan(self, p: int, end_pid: int) -> Plan:
        def build() -> list[str]:
            here = self.reach
            start = int(here.pids[p])
            tail = reach(self.grid, start, int(self.left[p]), self.blocked, self.rules)
            return [*here.path(p), "f", *tail.path(tail.number_of(end_pid)), "e"]

        return build

    def _best_onward(self, scores: Points) -> Points:
        """best[b, i]: the best packed (score, lowest pose id) of the poses reachable from pose
        i with b Move (for b up to the Move left at i)."""
        steps, costs = self.reach.steps, self.reach.step_costs
        packed = scores * self.size + self.tie
        best = [packed]
        for budget in range(1, self.mp + 1):
            top = packed.copy()
            open_ = self.left >= budget
            for k in range(steps.shape[1]):
                cost = costs[k]
                if cost > budget:
                    continue
                target = steps[:, k]
                value = best[budget - cost][target]
                better = open_ & (target >= 0) & (value > top)
                top = np.where(better, value, top)
            best.append(top)
        stacked: Points = np.stack(best)
        return stacked

    def _repair_plans(self, now: Points, offer: Offer) -> None:
        """Declare a repair (at or below her threshold), then move with the Move left."""
        rules = self.rules
        me = self.me
        if me["crew"] < rules.repair_crew or me["pending"]:
            return
        budget = self.mp - min(self.mp, rules.repair_move)
        for extra, stat in enumerate(REPAIRABLE):
            temper = self.temper
            threshold = temper.repair_hull_at if stat == "hull" else temper.repair_sails_at
            value = int(me[stat])
            if value >= me["max"][stat] or value > threshold:
                continue
            weight = FINISH if stat == "hull" else SAILS_RUNNING
            gain = _worth(value + rules.repair_amount, weight) - _worth(value, weight)
            gain = gain * temper.care // 100
            i = self._best(now, self.left >= self.mp - budget)
            code = "p" + stat[0]
            offer(
                gain + int(now[i]),
                _REPAIR,
                i,
                i,
                extra,
                lambda i=i, code=code: [code, *self.reach.path(i), "e"],  # type: ignore[misc]
            )


def _best_range(rules: DuelRules, load: str) -> int:
    """The nearest range at which `load` does its most damage; 2 for an empty gun."""
    if not load:
        return 2
    table = rules.shot_table(load)
    return table.index(max(table))


def plan(state: DuelState, side: int) -> list[DuelAction]:
    """The rest of `side`'s activation as her captain lays it out, ending with `e` (or `x`).

    Played in order it stays legal (nothing random happens inside an activation); the
    activation may end by itself before the `e`.
    """
    personality = state.captains[side] or DEFAULT_PERSONALITY
    return [DuelAction(code) for code in _Planner(state, side, personality).best()]


def choose(state: DuelState, side: int) -> DuelAction:
    """The captain's next action: the first step of her plan, always one of legal_actions.

    >>> from privateer.engine.duel.game import create_duel
    >>> state, _ = create_duel(3, "bold", red="cautious")
    >>> choose(state, 0) in legal_actions(state)
    True
    """
    action = plan(state, side)[0]
    if action not in legal_actions(state):  # her model of the rules is the engine's: never
        raise AssertionError(f"the captain chose {action.to_str()}, which is not legal")
    return action


def debug_view(state: DuelState, side: int) -> dict[str, Any]:
    """observe with the debug panel's facts: seed, RNG, both loads, personalities and the
    CPU captains' postures (it spoils the game)."""
    view = observe(state, side, debug=True)
    view["debug"]["postures"] = {
        SIDES[who]: posture(observe(state, who), personality)
        for who, personality in enumerate(state.captains)
        if personality
    }
    return view


class Captains:
    """Both sides as CPU captains: each activation played out as her captain plans it at its
    start (engine/duel/captain.py's `plan`), planned again when it ends by itself first."""

    def __init__(self) -> None:
        self._activation: tuple[int, int] | None = None
        self._plan: list[DuelAction] = []

    def __call__(self, state: DuelState) -> DuelAction:
        activation = (state.round, state.turn)
        if activation != self._activation or not self._plan:
            self._activation, self._plan = activation, plan(state, state.side)
        return self._plan.pop(0)
