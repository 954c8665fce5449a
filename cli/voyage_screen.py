"""The voyage in a terminal, a line at a time: read a command, send the session the action it
means, show what happened. Works in a plain terminal and with piped input. The screen decides
no rule: it shows observe()'s record and the events, and sends actions back.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import typer

from privateer.engine.combat.ships import CATALOGUE, KIND_INDEX
from privateer.engine.voyage.actions import IllegalVoyageAction
from privateer.engine.voyage.location import location
from privateer.engine.voyage.pending import Engagement, Meeting, PrizeOffer, Question

from .common import plain_name
from .render import glossary_lines, state_lines
from .voyage_render import (
    CIRCUIT_HELP,
    LETTER_HELP,
    READ_HELP,
    circuit_lines,
    circuit_mark,
    letter_lines,
    letter_mark,
    location_lines,
    place_line,
    politics_lines,
    port_lines,
    read_lines,
    rumor_lines,
    sheet_lines,
    sight_lines,
    voyage_line,
)
from .voyage_session import VoyageSession

GO_DAYS = 400  # `go` sails on at most this many days without a stop

HELP = {
    "always": "sheet | politics | sight | rumors | port | letter | circuit | where | "
    "chart FILE.png|svg | help [TOPIC] | quit",
    "sailing": "course PORT | course LON,LAT | course NODE; sail (a day); go (sail on until "
    "something stops you)",
    "in port": "round | hire HAND | repair [N] | upgrade U | ship S | strike CARD | bribe | "
    "pardon | raid | provisions | berth PORT",
    "alongside": "attack | pass",
    "fight": "two of 1 2 3, in the order they resolve (12, 3 1, ...); ? card words",
    "prize": "prize 1|2|3 (keep that card for good) | prize none",
    "question": "choose N (one of the choices shown)",
}

HELP_TOPICS: dict[str, tuple[str, ...]] = {
    "read": READ_HELP,
    "letter": LETTER_HELP,
    "drake": CIRCUIT_HELP,
    "circuit": CIRCUIT_HELP,
}
"""`help TOPIC`: what a topic's lines mean."""


def run(session: VoyageSession, read_line: Callable[[], str] | None = None) -> None:
    """Play the session until the voyage ends, the person quits or the input ends."""
    read_line = read_line or sys.stdin.readline
    _show_context(session)
    while not session.over:
        typer.echo(_prompt(session), nl=False)
        line = read_line()
        if not line:
            typer.echo("")
            typer.echo(
                f"input ended: run {session.run_id} is saved on day {session.state.day}; "
                "`privateer play --resume` picks it up"
            )
            return
        text = line.strip()
        if not text:
            continue
        if text in ("quit", "q", "exit"):
            typer.echo(
                f"run {session.run_id} is saved on day {session.state.day}; "
                "`privateer play --resume` picks it up"
            )
            return
        try:
            _command(session, text)
        except IllegalVoyageAction as error:
            typer.echo(f"  not now: {error}")
    outcome = session.state.outcome.replace("_", " ")
    typer.echo(f"the voyage is over ({outcome}) on day {session.state.day}, run {session.run_id}")


def _context(session: VoyageSession) -> str:
    pending = session.state.pending
    if isinstance(pending, Engagement):
        return "fight"
    if isinstance(pending, Meeting):
        return "alongside"
    if isinstance(pending, PrizeOffer):
        return "prize"
    if isinstance(pending, Question):
        return "question"
    return "in port" if session.state.port >= 0 else "sailing"


def _prompt(session: VoyageSession) -> str:
    where = _context(session)
    state = session.state
    mark = ""
    if state.late is not None or state.circuit is not None:
        seen = session.game.observe(state)
        mark = letter_mark(seen) + circuit_mark(seen)
    return (
        f"[day {state.day} {where}; hull {state.hull} gold {state.gold} morale {state.morale}"
        f"{mark}] > "
    )


def _show_context(session: VoyageSession) -> None:
    state = session.state
    pending = state.pending
    if isinstance(pending, Engagement) and state.fight is not None:
        for line in state_lines(state.fight):
            typer.echo(line)
    elif isinstance(pending, PrizeOffer):
        typer.echo("  her stores, keep one for good or none:")
        for i, card in enumerate(pending.cards):
            words = CATALOGUE[KIND_INDEX[card]].words()
            typer.echo(f"    {i + 1}  {CATALOGUE[KIND_INDEX[card]].name:<24} {words}")
    elif isinstance(pending, Question):
        seen = session.game.observe(state)
        typer.echo(f"  {pending.name}:")
        for i, option in enumerate(seen["options"]):
            barred = f"  BARRED: {option['barred']}" if option["barred"] else ""
            typer.echo(f"    {i + 1}  {option['choice']}: {option['stakes']}{barred}")
    elif isinstance(pending, Meeting):  # the read of her came with her coming alongside
        for line in sight_lines(session.game.observe(state), reads=False):
            typer.echo(line)


def _play(session: VoyageSession, action: str) -> bool:
    """Do an action (as the engine writes it) and print what happened; True if something says
    stop."""
    stop = False
    was = _here(session)
    for event in session.play(session.parse(action)):
        line = voyage_line(event)
        if line:
            typer.echo(line)
        if isinstance(event.data, dict) and "read" in event.data:  # alongside, or attacking
            for read in read_lines(event.data["read"]):
                typer.echo(read)
        if isinstance(event.data, dict) and event.data.get("stop"):
            stop = True
    now = _here(session)
    if now != was and session.state.port < 0 and not session.over:
        typer.echo(f"  here: {now}")
    _show_context(session)
    return stop


def _here(session: VoyageSession) -> str:
    """The location panel in a line, as observe gives it."""
    game = session.game
    return place_line(location(game.world, session.state, game.rules))


def _command(session: VoyageSession, text: str) -> None:
    state = session.state
    context = _context(session)
    words = text.split()
    verb = words[0].lower()
    rest = " ".join(words[1:])
    if verb in ("help", "h") or (verb == "?" and context != "fight"):
        _help(rest.strip().lower())
        return
    seen_views = {
        "sheet": sheet_lines,
        "politics": politics_lines,
        "sight": sight_lines,
        "rumors": rumor_lines,
        "port": port_lines,
        "letter": letter_lines,
        "where": location_lines,
        "look": location_lines,
        "circuit": circuit_lines,
        "drake": circuit_lines,
    }
    if verb in seen_views:
        for line in seen_views[verb](session.game.observe(state)):
            typer.echo(line)
        return
    if verb == "chart":
        _chart(session, rest)
        return
    if context == "fight":
        if text == "?":
            for line in glossary_lines():
                typer.echo(line)
            return
        digits = [c for c in text if c in "123"]
        if len(digits) != 2 or digits[0] == digits[1] or len(text.replace(" ", "")) != 2:
            typer.echo("  keep two of 1 2 3, in the order they resolve (for example 12)")
            return
        _play(session, f"keep {int(digits[0]) - 1} {int(digits[1]) - 1}")
        return
    if isinstance(state.pending, PrizeOffer) and verb == "prize":
        cards = state.pending.cards
        if rest == "none":
            _play(session, "prize none")
        elif rest in ("1", "2", "3") and int(rest) <= len(cards):
            _play(session, f"prize {cards[int(rest) - 1]}")
        else:
            typer.echo("  prize 1, 2 or 3, or prize none")
        return
    if context == "question" and verb == "choose":
        if not rest.isdigit():
            typer.echo("  choose N: one of the choices shown")
            return
        _play(session, f"choose {int(rest) - 1}")
        return
    if verb == "course":
        node = _place(session, rest)
        if node is None:
            return
        _play(session, f"course {node}")
        return
    if verb == "go":
        for _ in range(GO_DAYS):
            if session.over or session.state.pending is not None or _play(session, "sail"):
                return
            if session.state.course < 0 and session.state.port < 0:
                return
        return
    if verb == "berth":
        index = _port_index(session, rest)
        if index is not None:
            _play(session, f"berth {index}")
        return
    if verb == "repair" and not rest:
        rest = str(min(state.max_hull() - state.hull, state.gold))
    action = f"{verb} {rest}".strip()
    _play(session, action)


def _help(topic: str) -> None:
    """`help`: the commands; `help TOPIC`: what a topic's lines mean."""
    if not topic:
        for name, line in HELP.items():
            typer.echo(f"  {name + ':':<11} {line}")
        return
    lines = HELP_TOPICS.get(topic)
    if lines is None:
        typer.echo(f"  no help on {topic!r}: help, or help {' | '.join(HELP_TOPICS)}")
        return
    for line in lines:
        typer.echo(f"  {line}")


def _port_index(session: VoyageSession, name: str) -> int | None:
    wanted = plain_name(name)
    for i, port in enumerate(session.world.ports):
        if plain_name(port.name) == wanted:
            return i
    typer.echo(f"  no port named {name!r}")
    return None


def _place(session: VoyageSession, text: str) -> int | None:
    """A port's name, LON,LAT (the nearest node of the sea) or a node number."""
    world = session.world
    text = text.strip()
    if not text:
        typer.echo("  course PORT, course LON,LAT or course NODE")
        return None
    if text.lstrip("-").isdigit():
        return int(text)
    if "," in text:
        try:
            lon, lat = (float(x) for x in text.split(","))
        except ValueError:
            typer.echo("  course LON,LAT: two numbers, for example -75.5,20.1")
            return None
        d = (world.lon - lon) ** 2 * np.cos(np.radians(lat)) ** 2 + (world.lat - lat) ** 2
        return int(np.argmin(d))
    index = _port_index(session, text)
    return None if index is None else session.world.ports[index].node


def _chart(session: VoyageSession, name: str) -> None:
    """A picture of the sea round her: her track so far as `chart --run` draws it (day marks,
    arrows of her heading, what befell her where, a key), and her ship where she is."""
    import dataclasses

    from privateer.db.runs import voyage_track
    from privateer.pipeline.chart import FORMATS, draw_chart
    from privateer.pipeline.chart.fit import legible_scale
    from privateer.pipeline.chart.runs import read_voyage
    from privateer.pipeline.params import Box

    path = Path(name.strip())
    if not name.strip() or path.suffix.lower() not in FORMATS:
        typer.echo(f"  chart FILE: a {' or '.join(FORMATS)} file")
        return
    world = session.world
    state = session.state
    with session.store.reading() as conn:
        track = voyage_track(conn, session.run_id)
    nodes = [*track, state.node]
    lons = [float(world.lon[n]) for n in nodes]
    lats = [float(world.lat[n]) for n in nodes]
    lon, lat = lons[-1], lats[-1]
    box = Box(
        max(-180.0, min(*lons, lon - 12) - 2),
        max(-85.0, min(*lats, lat - 8) - 2),
        min(180.0, max(*lons, lon + 12) + 2),
        min(85.0, max(*lats, lat + 8) + 2),
    )
    from privateer.db.connection import open_database

    engine = open_database(session.store.path, read_only=True, spatial=True)
    try:
        voyage = read_voyage(engine, session.run_id)
        voyage = dataclasses.replace(
            voyage, title=f"{voyage.title} · day {state.day} · {state.gold} gold"
        )
        draw_chart(
            engine, path, box=box, scale=legible_scale(box), voyage=voyage,
            ships=[("england", lon, lat, False)], style="woodcut",
        )  # fmt: skip
    except OSError as error:
        typer.echo(f"  cannot write {path}: {error.strerror}")
        return
    finally:
        engine.dispose()
    typer.echo(f"  wrote {path}")
