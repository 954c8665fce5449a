"""The open-water duel of the hex-duel design document as pure rules: create, legal actions, act,
outcome, observe.

A round starts with the wind's d6; then Red and Blue each take one activation (Red first, see
`DuelRules.first_side`). An activation applies the ship's pending repair, drifts her one hex
downwind if her Sails are 0 and there is wind, and counts her Movement Points; then she moves
and turns (`m0 ml mr tl tr`) and takes at most one action (`f`, `rb rc rg`, `ph ps` before any
moving, `x`) in either order, and ends it (`e`). When nothing is left to do but `e`, the
activation ends by itself (a `pass` event with auto true).

`act` mutates the state and returns the events; it raises IllegalDuelAction naming the action
and why. The RNG's whole state is one int in the state, drawn only for the captain's
personality (when none is given), the first wind, and each round's wind roll; every draw is an
event.

>>> state, events = create_duel(7, "bold")
>>> current_side(state), [a.to_str() for a in legal_actions(state)][:4]
(0, ['e', 'm0', 'ml', 'mr'])
"""

from __future__ import annotations

from typing import Any

from ..events import Event
from ..rng import below, seed_state
from .actions import ALL_ACTIONS, STEERING, DuelAction, IllegalDuelAction
from .hexes import BROADSIDES, board, distance, neighbour, sector, turned
from .rules import (
    SHOT_HITS,
    DuelRules,
    end_on,
    first_in_round,
    move_points,
    shot_damage,
    wind_modifier,
    wind_step,
)
from .state import (
    PERSONALITIES,
    SIDES,
    DuelOutcome,
    DuelState,
    ShipState,
    Termination,
)

ENGINE_VERSION = "duel-1"


def create_duel(
    seed: int, captain: str | None = None, rules: DuelRules | None = None, *, red: str | None = None
) -> tuple[DuelState, list[Event]]:
    """A new duel: ships at their start, the wind set, Red's first activation begun.

    `captain` is Blue's personality (None: drawn from the seed); `red` gives Red a CPU
    personality too (None: a person commands Red). The personality is drawn from the RNG
    even when given, so a seed's winds do not depend on who captains Blue.
    """
    rules = rules or DuelRules()
    for name, who in (("captain", captain), ("red", red)):
        if who is not None and who not in PERSONALITIES:
            raise ValueError(f"{name} {who!r} is not one of {', '.join(PERSONALITIES)}")
    rng = seed_state(seed)
    drawn, rng = below(rng, len(PERSONALITIES))
    wind, rng = below(rng, 6)
    ships = [_start_ship(rules, rules.red_start), _start_ship(rules, rules.blue_start)]
    state = DuelState(
        rules=rules,
        seed=seed,
        captains=[red or "", captain or PERSONALITIES[drawn]],
        ships=ships,
        round=1,
        wind=wind,
        calm=False,
        side=first_in_round(rules, 1),
        turn=0,
        mp=0,
        moved=False,
        acted=False,
        rng=rng,
    )
    events = [
        Event(
            "duel_start",
            0,
            {
                "seed": seed,
                "rules": rules.name,
                "captains": list(state.captains),
                "drawn": captain is None,
                "red": [ships[0].col, ships[0].row, ships[0].facing],
                "blue": [ships[1].col, ships[1].row, ships[1].facing],
            },
        ),
        Event("wind", 0, {"roll": wind + 1, "change": "set", "to": wind, "calm": False}),
    ]
    _begin_round(state, events)
    _begin_activation(state, events)
    return state, events


def drawn_captain(seed: int) -> str:
    """Blue's personality when none is asked for: the seed's first draw, as create_duel draws
    it."""
    return PERSONALITIES[below(seed_state(seed), len(PERSONALITIES))[0]]


def _start_ship(rules: DuelRules, start: tuple[int, int, int]) -> ShipState:
    col, row, facing = start
    return ShipState(
        col, row, facing, rules.hull, rules.sails, rules.crew, rules.start_loaded, "", False
    )


def current_side(state: DuelState) -> int:
    """The side (0 red, 1 blue) whose activation it is."""
    return state.side


def outcome(state: DuelState) -> DuelOutcome | None:
    """How the duel ended, or None while it goes on."""
    if state.result is None:
        return None
    return DuelOutcome(state.result, state.winner, state.fled, state.round)


def why_illegal(state: DuelState, action: DuelAction) -> str | None:
    """Why `action` cannot be taken now, or None if it can.

    >>> state, _ = create_duel(7, "bold")
    >>> why_illegal(state, DuelAction("f"))
    'the enemy bears on the bow, not a broadside'
    >>> why_illegal(state, DuelAction("x"))
    'the enemy is 13 hexes off; fleeing needs 16'
    """
    if state.result is not None:
        return f"the duel is over ({state.result.value})"
    rules = state.rules
    ship = state.ships[state.side]
    enemy = state.ships[1 - state.side]
    kind = action.kind
    if kind in ("move", "turn"):
        cost = rules.move_cost if kind == "move" else rules.turn_cost
        if state.mp < cost:
            return f"it costs {cost} Move and {state.mp} is left"
        if kind == "move":
            target = neighbour(ship.cell, turned(ship.facing, STEERING[action.code]))
            if not board(rules.cols, rules.rows).on_board(target):
                return "the edge of the board is there"
            if target == enemy.cell:
                return "the enemy is in that hex"
        return None
    if kind == "end":
        return None
    if state.acted:
        return "the action of this activation is taken"
    if kind == "repair":
        stat = action.stat or ""
        if state.moved:
            return "a repair is declared before moving"
        if ship.crew < rules.repair_crew:
            return f"a repair needs {rules.repair_crew} Crew"
        if ship.pending:
            return f"a repair of {ship.pending} is already pending"
        if getattr(ship, stat) >= rules.start(stat):
            return f"{stat} is at its start value"
        return None
    if kind == "fire":
        return _why_no_shot(state, ship, enemy)
    if kind == "reload":
        if ship.crew < rules.reload_crew:
            return f"reloading needs {rules.reload_crew} Crew"
        if ship.loaded == action.shot:
            return f"{action.shot} is already loaded"
        return None
    # flee
    apart = distance(ship.cell, enemy.cell)
    if apart < rules.flee_distance:
        return f"the enemy is {apart} hexes off; fleeing needs {rules.flee_distance}"
    if ship.hurt:
        return "she took damage this round"
    return None


def _why_no_shot(state: DuelState, ship: ShipState, enemy: ShipState) -> str | None:
    rules = state.rules
    if ship.crew < rules.fire_crew:
        return f"firing needs {rules.fire_crew} Crew"
    if not ship.loaded:
        return "the gun is not loaded"
    bearing = sector(ship.cell, ship.facing, enemy.cell)
    if bearing not in BROADSIDES:
        return f"the enemy bears on the {bearing.value}, not a broadside"
    apart = distance(ship.cell, enemy.cell)
    if shot_damage(rules, ship.loaded, apart) <= 0:
        table = rules.shot_table(ship.loaded)
        reach = [r for r, d in enumerate(table) if d > 0]
        span = f"{reach[0]}-{reach[-1]}" if len(reach) > 1 else f"{reach[0]}" if reach else "no"
        return f"the enemy is {apart} hexes off: {ship.loaded} reaches {span}"
    return None


def legal_actions(state: DuelState) -> list[DuelAction]:
    """Every action the side to act may take now, sorted by code; none once it is over."""
    if state.result is not None:
        return []
    return [a for a in ALL_ACTIONS if why_illegal(state, a) is None]


def act(state: DuelState, action: DuelAction) -> list[Event]:
    """Take `action` for the side to act: mutates the state, returns what happened.

    Raises IllegalDuelAction, naming the action and why, when it is not legal now.
    """
    problem = why_illegal(state, action)
    if problem is not None:
        raise IllegalDuelAction(f"{action.to_str()}: {problem}")
    events: list[Event] = []
    _apply(state, action, events)
    if state.result is None and action.kind != "end" and _only_end_left(state):
        _end_activation(state, events, auto=True)
    return events


def _only_end_left(state: DuelState) -> bool:
    return all(a.kind == "end" or why_illegal(state, a) is not None for a in ALL_ACTIONS)


def _apply(state: DuelState, action: DuelAction, events: list[Event]) -> None:
    rules = state.rules
    side = state.side
    ship = state.ships[side]
    kind = action.kind
    r = state.round
    if kind in ("move", "turn"):
        ship.facing = turned(ship.facing, STEERING[action.code])
        if kind == "move":
            ship.col, ship.row = neighbour(ship.cell, ship.facing)
            state.mp -= rules.move_cost
        else:
            state.mp -= rules.turn_cost
        state.moved = True
        events.append(
            Event(
                kind,
                r,
                {
                    "side": SIDES[side],
                    "action": action.code,
                    "col": ship.col,
                    "row": ship.row,
                    "facing": ship.facing,
                    "mp": state.mp,
                },
            )
        )
    elif kind == "repair":
        ship.pending = action.stat or ""
        state.mp -= min(state.mp, rules.repair_move)
        state.acted = True
        events.append(
            Event("repair", r, {"side": SIDES[side], "stat": ship.pending, "mp": state.mp})
        )
    elif kind == "fire":
        _fire(state, events)
    elif kind == "reload":
        ship.loaded = action.shot or ""
        state.acted = True
        events.append(Event("reload", r, {"side": SIDES[side], "shot": ship.loaded}))
    elif kind == "flee":
        state.acted = True
        apart = distance(ship.cell, state.ships[1 - side].cell)
        events.append(Event("escape", r, {"side": SIDES[side], "distance": apart}))
        _finish(state, events, Termination.FLED, winner=None, fled=side)
    else:
        _end_activation(state, events, auto=False)


def _fire(state: DuelState, events: list[Event]) -> None:
    rules = state.rules
    side = state.side
    ship = state.ships[side]
    enemy = state.ships[1 - side]
    shot = ship.loaded
    apart = distance(ship.cell, enemy.cell)
    through = sector(enemy.cell, enemy.facing, ship.cell)
    damage = shot_damage(rules, shot, apart)
    if through not in BROADSIDES:
        damage = end_on(rules, damage)
    stat = SHOT_HITS[shot]
    left = max(0, getattr(enemy, stat) - damage)
    setattr(enemy, stat, left)
    enemy.hurt = True
    ship.loaded = ""
    state.acted = True
    events.append(
        Event(
            "fire",
            state.round,
            {
                "side": SIDES[side],
                "shot": shot,
                "range": apart,
                "through": through.value,
                "damage": damage,
                "stat": stat,
                "left": left,
            },
        )
    )
    if enemy.hull == 0:
        _finish(state, events, Termination.SUNK, winner=side, fled=None)
    elif enemy.crew == 0:
        _finish(state, events, Termination.STRUCK, winner=side, fled=None)


def _finish(
    state: DuelState, events: list[Event], how: Termination, winner: int | None, fled: int | None
) -> None:
    state.result = how
    state.winner = winner
    state.fled = fled
    events.append(
        Event(
            "duel_end",
            state.round,
            {
                "outcome": how.value,
                "winner": SIDES[winner] if winner is not None else None,
                "fled": SIDES[fled] if fled is not None else None,
                "hull": [s.hull for s in state.ships],
                "sails": [s.sails for s in state.ships],
                "crew": [s.crew for s in state.ships],
            },
        )
    )


def _end_activation(state: DuelState, events: list[Event], auto: bool) -> None:
    events.append(Event("pass", state.round, {"side": SIDES[state.side], "auto": auto}))
    if state.turn == 0:
        state.turn = 1
        state.side = 1 - state.side
    else:
        if state.round >= state.rules.max_rounds:
            _finish(state, events, Termination.ROUND_LIMIT, winner=None, fled=None)
            return
        state.round += 1
        state.turn = 0
        state.side = first_in_round(state.rules, state.round)
        _begin_round(state, events)
    _begin_activation(state, events)


def _begin_round(state: DuelState, events: list[Event]) -> None:
    """The round's wind roll; nobody has been hurt in the new round yet."""
    face, state.rng = below(state.rng, state.rules.die)
    state.wind, state.calm, change = wind_step(state.rules, state.wind, state.calm, face + 1)
    for ship in state.ships:
        ship.hurt = False
    events.append(
        Event(
            "wind",
            state.round,
            {"roll": face + 1, "change": change, "to": state.wind, "calm": state.calm},
        )
    )


def _begin_activation(state: DuelState, events: list[Event]) -> None:
    """Apply the pending repair, drift at 0 Sails, count the Movement Points."""
    rules = state.rules
    side = state.side
    ship = state.ships[side]
    enemy = state.ships[1 - side]
    r = state.round
    state.moved = state.acted = False
    if ship.pending:
        stat = ship.pending
        value = min(rules.start(stat), getattr(ship, stat) + rules.repair_amount)
        setattr(ship, stat, value)
        ship.pending = ""
        events.append(Event("repaired", r, {"side": SIDES[side], "stat": stat, "value": value}))
    if ship.sails == 0 and not state.calm:
        grid = board(rules.cols, rules.rows)
        for _ in range(rules.drift):
            target = neighbour(ship.cell, state.wind)
            blocked = not grid.on_board(target) or target == enemy.cell
            if not blocked:
                ship.col, ship.row = target
            events.append(
                Event(
                    "drift",
                    r,
                    {"side": SIDES[side], "col": ship.col, "row": ship.row, "blocked": blocked},
                )
            )
    state.mp = move_points(rules, ship.sails, ship.facing, state.wind, state.calm)
    events.append(
        Event(
            "activation",
            r,
            {
                "side": SIDES[side],
                "mp": state.mp,
                "wind_modifier": wind_modifier(rules, ship.facing, state.wind, state.calm)
                if ship.sails
                else 0,
            },
        )
    )


def _ship_view(ship: ShipState, rules: DuelRules, hide_load: bool) -> dict[str, Any]:
    view: dict[str, Any] = {
        "col": ship.col,
        "row": ship.row,
        "facing": ship.facing,
        "hull": ship.hull,
        "sails": ship.sails,
        "crew": ship.crew,
        "max": {"hull": rules.hull, "sails": rules.sails, "crew": rules.crew},
        "pending": ship.pending,
        "hurt": ship.hurt,
    }
    if not hide_load:
        view["loaded"] = ship.loaded
    return view


def observe(state: DuelState, side: int, debug: bool = False) -> dict[str, Any]:
    """What the captain of `side` sees: both ships, the wind, the board, and her own gun.

    Hidden from her: the enemy's loaded shot, the enemy's personality, the seed and the RNG.
    `debug=True` adds them under "debug" (the debug panel: it spoils the game).

    >>> state, _ = create_duel(7, "bold")
    >>> view = observe(state, 0)
    >>> "loaded" in view["you"], "loaded" in view["enemy"], "debug" in view
    (True, False, False)
    """
    rules = state.rules
    ship = state.ships[side]
    enemy = state.ships[1 - side]
    apart = distance(ship.cell, enemy.cell)
    done = outcome(state)
    view: dict[str, Any] = {
        "as": SIDES[side],
        "rules": rules.name,
        "round": state.round,
        "max_rounds": rules.max_rounds,
        "to_act": SIDES[state.side],
        "mp": state.mp,
        "moved": state.moved,
        "acted": state.acted,
        "wind": {"to": state.wind, "from": (state.wind + 3) % 6, "calm": state.calm},
        "board": {"cols": rules.cols, "rows": rules.rows},
        "you": {**_ship_view(ship, rules, False), "side": SIDES[side]},
        "enemy": {**_ship_view(enemy, rules, True), "side": SIDES[1 - side]},
        "captain": state.captains[side],
        "distance": apart,
        "bearing": sector(ship.cell, ship.facing, enemy.cell).value,
        "enemy_bearing": sector(enemy.cell, enemy.facing, ship.cell).value,
        "flee_distance": rules.flee_distance,
        "legal": [a.to_str() for a in legal_actions(state)] if state.side == side else [],
        "outcome": None
        if done is None
        else {
            "termination": done.termination.value,
            "winner": SIDES[done.winner] if done.winner is not None else None,
            "fled": SIDES[done.fled] if done.fled is not None else None,
            "rounds": done.rounds,
        },
    }
    if debug:
        view["debug"] = {
            "seed": state.seed,
            "rng": state.rng,
            "captains": {SIDES[i]: c for i, c in enumerate(state.captains)},
            "loaded": {SIDES[i]: s.loaded for i, s in enumerate(state.ships)},
        }
    return view


def redact_event(event: Event, side: int) -> Event:
    """The event as `side` may see it: the enemy's reloads without the shot, and the start
    without the enemy's personality.

    >>> redact_event(Event("reload", 1, {"side": "blue", "shot": "grape"}), 0).data
    {'side': 'blue', 'shot': None}
    """
    data: Any = event.data
    if event.kind == "reload" and data.get("side") != SIDES[side]:
        return Event(event.kind, event.round, {**data, "shot": None})
    if event.kind == "duel_start":
        captains = list(data["captains"])
        captains[1 - side] = "?" if captains[1 - side] else ""
        return Event(event.kind, event.round, {**data, "captains": captains})
    return event
