"""A logged Tribes run tick by tick, for its page (/tribes/RUN): re-run once from its seed and
orders (as `tribes view` re-runs it) and kept: each tribe's population, stores, morale and score
every 10 ticks, and the world pickled every KEEP_EVERY ticks, from which any tick is reached by
re-running at most KEEP_EVERY - 1 ticks more. What a tick shows is the whole world (the map a
lead reads, `tribes chart`'s) or one tribe's view through its fog (`tribes view`'s), and the
events of that tick as the log has them."""

from __future__ import annotations

import pickle
import threading
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

KEPT_RUNS = 4
KEEP_EVERY = 50  # ticks between kept worlds: a scrub re-runs at most this many ticks
SERIES_EVERY = 10  # the metrics frames' interval


@dataclass
class TribesTicks:
    """The run re-run once: `kept` worlds (tick, the index of the next action, the pickled
    state) in tick order, `series` a row every 10 ticks, and the logged events by tick."""

    run_id: int
    seed: int
    setup: Any
    actions: list[str]
    kept: list[tuple[int, int, bytes]]
    series: list[dict[str, Any]]
    events: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # by the tick made

    @property
    def last_tick(self) -> int:
        return int(self.series[-1]["tick"]) if self.series else 0

    def state_at(self, tick: int) -> Any:
        """The world at `tick` (ValueError past the run's end)."""
        from privateer.engine.tribes import TribesAction, act

        if not 0 <= tick <= self.last_tick:
            raise ValueError(f"tick {tick}: run {self.run_id} has ticks 0-{self.last_tick}")
        at = bisect_right([k[0] for k in self.kept], tick) - 1
        _, next_action, data = self.kept[at]
        state = pickle.loads(data)
        for text in self.actions[next_action:]:
            if state.tick >= tick:
                break
            action = TribesAction.from_str(text)
            if action.tribe < 0:
                action = TribesAction(min(action.ticks, tick - state.tick))
            act(state, action)
        return state


_KEPT: dict[tuple[Any, ...], TribesTicks] = {}
_LOCK = threading.Lock()


def tribes_ticks(key: tuple[Any, ...], logged: Callable[[], Any]) -> TribesTicks:
    """The Tribes run `logged()` reads (a LoggedRun) re-run once, kept for the next asks by
    `key`: the database it is in and what its row says of it (its id, seed, options, counts
    of events and actions), so another database's run of the same id, or the file made anew,
    is never taken for it; the whole log is read only when the run is not kept."""
    with _LOCK:
        found = _KEPT.get(key)
        if found is None:
            found = _rerun(logged())
            _KEPT[key] = found
            while len(_KEPT) > KEPT_RUNS:
                del _KEPT[next(iter(_KEPT))]
        return found


def _row(state: Any) -> dict[str, Any]:
    """Each tribe's population, stores (every unit held), mean morale (by pop) and score."""
    from privateer.engine.tribes import tribe_score as score

    n = len(state.tribes)
    pop, stores, weighted = [0] * n, [0] * n, [0] * n
    for s in state.settlements:
        pop[s.tribe] += s.pop
        stores[s.tribe] += sum(s.stores.values())
        weighted[s.tribe] += s.morale * s.pop
    return {
        "tick": int(state.tick),
        "pop": pop,
        "stores": stores,
        "morale": [w // p if p else 0 for w, p in zip(weighted, pop, strict=True)],
        "score": [score(state, t) for t in state.tribes],
    }


def _rerun(run: Any) -> TribesTicks:
    from privateer.engine.tribes import Setup, TribesAction, act, start_record

    setup = Setup.of(run.options)
    opening = start_record(run.seed, setup)
    state = opening.state
    kept = [(0, 0, pickle.dumps(state))]
    series = [_row(state)]
    for index, text in enumerate(run.actions):
        action = TribesAction.from_str(text)
        if action.tribe >= 0:
            act(state, action)
            continue
        for _ in range(action.ticks):  # a tick at a time: a row every 10, a world every 50
            act(state, TribesAction(1))
            if state.tick % SERIES_EVERY == 0 or state.result is not None:
                series.append(_row(state))
            if state.result is not None:
                break
        if state.tick - kept[-1][0] >= KEEP_EVERY:
            kept.append((state.tick, index + 1, pickle.dumps(state)))
    if series[-1]["tick"] != state.tick:
        series.append(_row(state))
    events: dict[int, list[dict[str, Any]]] = {}
    first = len(opening.events)  # the world's opening events made tick 0; a step's, round + 1
    for index, (_, kind, payload) in enumerate(run.events):
        step = payload.get("round") if isinstance(payload, dict) else None
        if isinstance(step, int) and kind != "metrics":
            made = 0 if index < first else step + 1
            events.setdefault(made, []).append({"kind": kind, **payload})
    actions = list(run.actions)
    return TribesTicks(int(run.run_id), int(run.seed), setup, actions, kept, series, events)


def tick_view(ticks: TribesTicks, tick: int, tribe: int | None) -> dict[str, Any]:
    """What the page draws at `tick`: the whole world (`tribes chart`'s data), or, with
    `tribe`, what that tribe saw through its fog (`tribes view`'s: its explored map, "?"
    elsewhere, its own and the foreign settlements, warbands, caravans and camps in its
    sight; claims only on explored tiles); and the events that made the tick."""
    from privateer.cli.tribes.view import chart_input, event_line
    from privateer.engine.events import Event
    from privateer.engine.tribes import view_for

    state = ticks.state_at(tick)
    made = ticks.events.get(int(state.tick), [])
    whole = chart_input(state, f"Run {ticks.run_id}, tick {state.tick}")
    out: dict[str, Any] = {
        "tick": int(state.tick),
        "tribe": tribe,
        "rows": whole["rows"],
        "claims": whole["claims"],
        "settlements": [
            {k: s[k] for k in ("tribe", "name", "x", "y", "pop")} for s in whole["settlements"]
        ],
        "warbands": [
            {k: w[k] for k in ("tribe", "x", "y", "size", "routing")} for w in whole["warbands"]
        ],
        "caravans": [{k: c[k] for k in ("tribe", "x", "y", "wagon")} for c in whole["caravans"]],
        "camps": [{k: c[k] for k in ("kind", "x", "y", "strength")} for c in whole["camps"]],
        "events": [event_line(e) for e in made],
    }
    if tribe is None:
        return out
    if not 0 <= tribe < len(state.tribes):
        raise ValueError(f"tribe {tribe}: run {ticks.run_id} has tribes 0-{len(state.tribes) - 1}")
    told = [  # the tick's events as the tribe was told them (its fog's filter)
        Event(e["kind"], e["round"], {k: v for k, v in e.items() if k not in ("kind", "round")})
        for e in made
    ]
    seen = view_for(state, tribe, told)
    rows = seen["rows"]
    own = [
        {"tribe": tribe, "name": s["name"], "x": s["x"], "y": s["y"], "pop": s["pop"]}
        for s in seen["settlements"]
    ]
    others = [{k: s[k] for k in ("tribe", "name", "x", "y", "pop")} for s in seen["others"]]
    warbands = [
        {"tribe": tribe, "x": w["x"], "y": w["y"], "size": w["size"], "routing": w["routing"]}
        for w in seen["warbands"]
    ] + [
        {"tribe": w["tribe"], "x": w["x"], "y": w["y"], "size": w.get("size", 0),
         "routing": w.get("routing", False)}
        for w in seen["foreign_warbands"]
    ]  # fmt: skip
    caravans = [
        {"tribe": tribe, "x": c["x"], "y": c["y"], "wagon": False} for c in seen["caravans"]
    ] + [{"tribe": tribe, "x": w["x"], "y": w["y"], "wagon": True} for w in seen["wagons"]]
    caravans += [{k: c[k] for k in ("tribe", "x", "y", "wagon")} for c in seen["foreign_caravans"]]
    return {
        **out,
        "rows": rows,
        "claims": [
            [owner if rows[y][x] != "?" else -1 for x, owner in enumerate(line)]
            for y, line in enumerate(whole["claims"])
        ],
        "settlements": own + others,
        "warbands": warbands,
        "caravans": caravans,
        "camps": [{k: c[k] for k in ("kind", "x", "y", "strength")} for c in seen["camps"]],
        "events": [event_line(e) for e in seen["events"]],
    }
