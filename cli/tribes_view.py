"""Rendering a Tribes world for a person: a tribe's view as text (`tribes view`), and the plain
data the chart draws (`tribes chart`; the chart reads no engine type)."""

from __future__ import annotations

from typing import Any

import typer

from privateer.engine.tribes.constants import PROFESSIONS, TERRITORY_RADIUS
from privateer.engine.tribes.state import TribesState


def chart_input(state: TribesState, title: str) -> dict[str, Any]:
    """What pipeline/chart/tribes_map.py draws: the terrain rows, the tribes, and each
    settlement with its territory radius (Chebyshev, by tier)."""
    return {
        "title": title,
        "size": state.size,
        "rows": list(state.rows),
        "tribes": [{"id": t.id, "name": t.name, "alive": t.alive} for t in state.tribes],
        "settlements": [
            {
                "tribe": s.tribe,
                "name": s.name,
                "x": s.x,
                "y": s.y,
                "pop": s.pop,
                "radius": TERRITORY_RADIUS[s.tier],
            }
            for s in state.settlements
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
        typer.echo("other tribes' settlements:")
        for s in others:
            typer.echo(
                f"  {s.get('name', s.get('id'))} (tribe {s.get('tribe')}) at "
                f"{s.get('x')},{s.get('y')}: pop {s.get('pop', '?')}"
            )
