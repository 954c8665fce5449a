"""Rendering a Tribes world for a person: a tribe's fog-filtered view as text (`tribes view`),
the world re-run to a tick with the events a policy asked then would be given, and the plain
data the chart draws (`tribes chart`; the chart reads no engine type)."""

from __future__ import annotations

from typing import Any

import typer

from privateer.cli.tribes.terrain import TERRAIN_NAMES
from privateer.engine.events import Event
from privateer.engine.tribes import POLICY_EVERY, PROFESSIONS, Setup, TribesState


def chart_input(state: TribesState, title: str) -> dict[str, Any]:
    """What pipeline/chart/tribes_map.py draws: the terrain rows and their names, the tribes,
    each settlement with its territory radius (Chebyshev, by tier), the claimed territory (the
    tribe claiming each tile, -1 wilderness, row by row: territory.py's organic claims), the
    warbands (size, order, routing), the caravans and settler wagons on the road, and the
    threat camps. The whole world: a chart is the lead's map, not a tribe's view."""
    from privateer.engine.tribes import claim_owners

    owners = claim_owners(state)
    tribe_of = {s.id: s.tribe for s in state.settlements}
    n = state.size
    claimed = [[tribe_of.get(owners[y * n + x], -1) for x in range(n)] for y in range(n)]
    return {
        "title": title,
        "size": state.size,
        "rows": list(state.rows),
        "terrain": dict(TERRAIN_NAMES),
        "tribes": [{"id": t.id, "name": t.name, "alive": t.alive} for t in state.tribes],
        "settlements": [
            {
                "tribe": s.tribe,
                "name": s.name,
                "x": s.x,
                "y": s.y,
                "pop": s.pop,
                "radius": state.rules.territory_radius[s.tier],
                "walls": s.count("walls"),
            }
            for s in state.settlements
        ],
        "claims": claimed,
        "warbands": [
            {
                "id": w.id,
                "tribe": w.tribe,
                "x": w.x,
                "y": w.y,
                "size": w.size,
                "order": str(w.order.get("kind", "")),
                "routing": w.routing,
            }
            for w in state.warbands
        ],
        "caravans": [
            {"id": c.id, "tribe": c.tribe, "x": c.x, "y": c.y, "wagon": False}
            for c in state.caravans
        ]
        + [{"id": w.id, "tribe": w.tribe, "x": w.x, "y": w.y, "wagon": True} for w in state.wagons],
        "camps": [
            {"id": c.id, "kind": c.kind, "x": c.x, "y": c.y, "strength": c.strength}
            for c in state.camps
        ],
    }


def _stores(stores: dict[str, int]) -> str:
    return ", ".join(f"{name} {n}" for name, n in stores.items() if n) or "nothing"


def _labour(labour: Any) -> str:
    if isinstance(labour, dict):
        pairs = [(k, v) for k, v in labour.items() if v]
    elif isinstance(labour, list):
        pairs = [(p, n) for p, n in zip(PROFESSIONS, labour, strict=False) if n]
    else:
        return "-"
    return ", ".join(f"{k} {v}" for k, v in pairs) or "nobody at work"


def _queue(queue: Any) -> str:
    if not queue:
        return "empty"
    parts = []
    for site in queue:
        if isinstance(site, dict):
            parts.append(f"{site.get('building')} {site.get('points')}/{site.get('needed')}")
        else:
            parts.append(str(site))
    return ", ".join(parts)


def recent_at(
    seed: int, setup: Setup, actions: list[str], tick: int
) -> tuple[TribesState, list[Event]]:
    """A logged run's world re-run to `tick` (a logged step that passes it is cut short) and
    the events a policy asked at `tick` is given: the world's opening events at tick 0, else
    those of the steps since the last multiple of 10 before it (sim.py asks every 10 ticks)."""
    from privateer.engine.tribes import TribesAction, act, start_record

    record = start_record(seed, setup)
    state = record.state
    since = tick - 1 - (tick - 1) % POLICY_EVERY  # the tick the policies were last asked on
    recent: list[Event] = record.new_events(0) if tick == 0 else []
    for text in actions:
        action = TribesAction.from_str(text)
        if action.tribe < 0:
            if state.tick >= tick:
                break
            action = TribesAction(min(action.ticks, tick - state.tick))
        recent += [e for e in act(state, action) if e.round >= since]
    return state, recent


def _fog_map(seen: dict[str, Any]) -> list[str]:
    """The explored map, each settlement in sight (its own and the others') as its tribe's
    number, and the key to its characters under it."""
    from privateer.cli.tribes.terrain import UNEXPLORED, key_lines, with_tribes

    rows = list(seen.get("rows", []))
    own = seen.get("tribe", {})
    tribe = own.get("id") if isinstance(own, dict) else None
    places = [(s["x"], s["y"], tribe) for s in seen.get("settlements", []) if tribe is not None]
    places += [(s["x"], s["y"], s["tribe"]) for s in seen.get("others", [])]
    drawn = with_tribes(rows, places)
    explored = sum(len(row) - row.count(UNEXPLORED) for row in rows)
    out = [f"explored: {explored} of {len(rows) * len(rows)} tiles"]
    out += [f"  {row}" for row in drawn]
    return out + key_lines(drawn, [t for _, _, t in places], "a settlement")


def event_line(e: dict[str, Any]) -> str:
    """An event as the log has it (its kind, round and values), a line: "tick 120: raid
    (tribe 1, ...)"."""
    rest = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("kind", "round"))
    return f"tick {e.get('round')}: {e.get('kind')}" + (f" ({rest})" if rest else "")


def print_sight(seen: dict[str, Any]) -> None:
    """The fog's part of a view: the explored map, the units and camps in sight, the events."""
    typer.echo("")
    for line in _fog_map(seen):
        typer.echo(line)
    for w in seen.get("warbands", []):
        typer.echo(
            f"warband {w['id']} at {w['x']},{w['y']}: {w['size']} soldiers, "
            f"supply {w['supply']}, order {w['order'].get('kind', 'none')}"
        )
    for c in seen.get("caravans", []):
        typer.echo(f"caravan {c['id']} at {c['x']},{c['y']} to {c['dest']}: {_stores(c['cargo'])}")
    sight = [
        f"  warband {w['id']} of tribe {w['tribe']} at {w['x']},{w['y']}: {w['size']} soldiers"
        for w in seen.get("foreign_warbands", [])
    ]
    sight += [
        f"  {'wagon' if c['wagon'] else 'caravan'} {c['id']} of tribe {c['tribe']} at "
        f"{c['x']},{c['y']}: {_stores(c['cargo'])}"
        for c in seen.get("foreign_caravans", [])
    ]
    sight += [
        f"  {c['kind']} {c['id']} at {c['x']},{c['y']}: strength {c['strength']}"
        for c in seen.get("camps", [])
    ]
    typer.echo("in sight: " + ("nothing foreign" if not sight else ""))
    for line in sight:
        typer.echo(line)
    events = seen.get("events", [])
    typer.echo(f"events seen ({len(events)}):" if events else "events seen: none")
    for e in events:
        typer.echo("  " + event_line(e))


def print_view(run_id: int, state: TribesState, tribe: int, seen: dict[str, Any]) -> None:
    """A tribe's view (view.py's) as lines: its own settlements whole, the others' as seen."""
    name = state.tribes[tribe].name
    typer.echo(f"run {run_id}, tick {state.tick}: the world as tribe {tribe} ({name}) sees it")
    own = seen.get("tribe", {})
    if isinstance(own, dict):
        typer.echo(f"techs: {', '.join(own.get('techs', [])) or 'none'}")
        research = own.get("research")
        typer.echo(
            f"researching: {research or 'nothing'}; knowledge {own.get('knowledge', 0)}, "
            f"faith {own.get('faith', 0)}"
        )
    orders = [text for t, text in state.orders if t == tribe]
    typer.echo(f"orders queued for the next step: {'; '.join(orders) or 'none'}")
    for s in seen.get("settlements", []):
        typer.echo("")
        typer.echo(
            f"settlement {s.get('id')} {s.get('name', '')} at {s.get('x')},{s.get('y')}: "
            f"pop {s.get('pop')}, tier {s.get('tier')}, morale {s.get('morale')}"
        )
        typer.echo(f"  stores: {_stores(s.get('stores', {}))}")
        typer.echo(f"  labour: {_labour(s.get('labour'))}; idle {s.get('idle', 0)}")
        typer.echo(f"  building: {_queue(s.get('queue'))}")
        buildings = s.get("buildings", {})
        typer.echo("  buildings: " + ", ".join(f"{k} {v}" for k, v in buildings.items()))
    others = seen.get("others", seen.get("foreign", []))
    if others:
        typer.echo("")
        typer.echo("other tribes' settlements in sight:")
        for s in others:
            typer.echo(
                f"  {s.get('name', s.get('id'))} (tribe {s.get('tribe')}) at "
                f"{s.get('x')},{s.get('y')}: pop {s.get('pop', '?')}"
            )
    print_sight(seen)
