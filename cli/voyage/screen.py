"""The voyage in a terminal, a line at a time: read a command, send the session the action it
means, show what happened. Works in a plain terminal and with piped input. The screen decides
no rule: it shows observe()'s record and the events, and sends actions back.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import typer

from privateer.cli.render import glossary_lines
from privateer.cli.session import input_ended
from privateer.cli.voyage import input as voyage_input
from privateer.cli.voyage import shop as voyage_shop
from privateer.cli.voyage import turn as voyage_turn
from privateer.cli.voyage.confirm import (
    IDLE_DAYS,
    ask,
    ask_action,
    attack_question,
    clock_question,
    raid_brief,
)
from privateer.cli.voyage.goal import clock, home_short_line
from privateer.cli.voyage.help import help_lines
from privateer.cli.voyage.letter import (
    chart_bounds,
    chart_marks,
    chart_regions,
    chart_words,
    where_now,
)
from privateer.cli.voyage.session import VoyageSession
from privateer.engine.voyage import IllegalVoyageAction, Meeting

GO_DAYS = voyage_input.GO_DAYS  # `go` sails on at most this many days without a stop

ReadLine = Callable[[], str]


def run(session: VoyageSession, read_line: Callable[[], str] | None = None) -> None:
    """Play the session until the voyage ends, the person quits or the input ends."""
    read_line = read_line or sys.stdin.readline
    _show_context(session)
    while not session.over:
        typer.echo(_prompt(session), nl=False)
        line = read_line()
        if not line:
            at = f"on day {session.state.day}"
            input_ended(session.run_id, at, "privateer play --resume")
            return
        text = line.strip()
        if not text:
            continue
        try:
            quitting = command(session, text, read_line)
        except IllegalVoyageAction as error:
            typer.echo(f"  not now: {error}")
            continue
        if quitting:
            typer.echo(
                f"run {session.run_id} is saved on day {session.state.day}; "
                "`privateer play --resume` picks it up"
            )
            return
    outcome = session.state.outcome.replace("_", " ")
    typer.echo(f"the voyage is over ({outcome}) on day {session.state.day}, run {session.run_id}")


def _context(session: VoyageSession) -> str:
    return voyage_turn.context(session)


def _prompt(session: VoyageSession) -> str:
    return f"[{voyage_turn.prompt_text(session)}] > "


def _show_context(session: VoyageSession) -> None:
    for line in voyage_turn.context_lines(session):
        typer.echo(line)


def _play(
    session: VoyageSession, action: str, said: Callable[[], str | None] | None = None
) -> bool:
    """Do an action (as the engine writes it) and print what happened (then `said()`'s line,
    if any); True if something says stop."""
    was = _here(session)
    before = _standing_still(session), session.state.port
    target = _target(session)
    lines, stop = voyage_turn.event_lines(session, session.play(session.parse(action)), target)
    for line in lines:
        typer.echo(line)
    now = _here(session)
    if now != was and session.state.port < 0 and not session.over:
        typer.echo(f"  here: {now}")
    last = said() if said is not None else None
    if last:
        typer.echo(last)
    _after(session, *before)
    _show_context(session)
    return stop


def _target(session: VoyageSession) -> str | None:
    return voyage_turn.target(session)


def _here(session: VoyageSession) -> str:
    return voyage_turn.here(session)


def command(session: VoyageSession, text: str, read_line: ReadLine) -> bool:
    """Do what a line typed means (cli/voyage/input.py reads it, as the browser's box does): a
    line that is no command says so, offering what it perhaps meant (y/N: an answer that is
    neither is the next command); one not open now says why. True if it is `quit`."""
    try:
        typed = voyage_input.read(session, text)
    except voyage_input.NotUnderstood as error:
        if not error.suggestion:
            typer.echo(f"  {error}")
            return False
        answer = _answer(read_line, str(error))
        if answer.lower() in ("y", "yes"):
            return command(session, error.suggestion, read_line)
        if answer and answer.lower() not in ("n", "no"):  # another command: done, not lost
            return command(session, answer, read_line)
        return False
    except voyage_input.NotNow as error:
        typer.echo(f"  not now: {error}")
        return False
    if typed.verb == "quit":
        return True
    _do(session, typed, read_line)
    return False


def _answer(read_line: ReadLine, said: str) -> str:
    """Say what was not understood, ask whether to do the line it perhaps meant ("...; did
    you mean `hire gunner`? [y/N]"), and give the answer (empty at the end of input)."""
    typer.echo(f"  {said} [y/N] ", nl=False)
    answer = read_line()
    if not answer:
        typer.echo("")
    return answer.strip()


def _do(session: VoyageSession, typed: voyage_input.Typed, read_line: ReadLine) -> None:
    verb, rest = typed.verb, typed.rest
    if verb == "help":
        for line in help_lines(
            rest.strip().lower(), partial(voyage_turn.view_lines, session, "letter")
        ):
            typer.echo(line)
        return
    if verb == "glossary":
        for line in glossary_lines():
            typer.echo(line)
        return
    if verb in voyage_input.VIEWS:
        for line in voyage_turn.view_lines(session, verb):
            typer.echo(line)
        return
    if verb == "chart":
        _chart(session, rest)
        return
    if verb == "course":
        _set_course(session, int(rest))
        return
    turn = TURNS.get(verb)
    if turn is not None:
        turn(session, rest, read_line)
        return
    if verb in voyage_shop.LISTS or verb in voyage_shop.BUYS:
        voyage_shop.buy(session, verb, rest, _play)
        return
    assert typed.action is not None, typed
    _play(session, typed.action)


def _set_course(session: VoyageSession, node: int) -> None:
    """Set the course; a refusal names the place, not its node (the log keeps the node)."""
    try:
        _play(session, f"course {node}")
    except IllegalVoyageAction as error:
        said = str(error).replace(f"node {node}", session.places.target(node))
        raise IllegalVoyageAction(said) from None


def _chart(session: VoyageSession, name: str) -> None:
    """A picture of the sea round her: her track so far as `chart --run` draws it (day marks,
    arrows of her heading, what befell her where, a key), and her ship where she is. A FILE
    already there is kept unless `--force` follows it, a symbolic link always (cli/outputs)."""
    import dataclasses

    from privateer.cli.chart_frames import region_boxes
    from privateer.cli.outputs import OutputError, output_problem, replacing
    from privateer.db.runs import voyage_track
    from privateer.pipeline.chart import FORMATS, draw_chart, read_voyage
    from privateer.pipeline.chart.fit import legible_scale
    from privateer.pipeline.params import Box

    text = name.strip()
    force = text == "--force" or text.endswith(" --force")
    text = text.removesuffix("--force").strip()
    path = Path(text)
    if not text or path.suffix.lower() not in FORMATS:
        typer.echo(f"  chart FILE [--force]: a {' or '.join(FORMATS)} file")
        return
    try:
        output_problem(path, FORMATS, force=force)
    except OutputError as error:
        typer.echo(f"  {error}")
        return
    world = session.world
    state = session.state
    with session.store.reading() as conn:
        track = voyage_track(conn, session.run_id)
    nodes = [*track, state.node]
    lons = [float(world.lon[n]) for n in nodes]
    lats = [float(world.lat[n]) for n in nodes]
    lon, lat = lons[-1], lats[-1]
    where = where_now(session.game, state)  # the letter in hand's region, taken in
    lons += [corner[0] for corner in chart_bounds(where)]
    lats += [corner[1] for corner in chart_bounds(where)]
    box = Box(
        max(-180.0, min(*lons, lon - 12) - 2),
        max(-85.0, min(*lats, lat - 8) - 2),
        min(180.0, max(*lons, lon + 12) + 2),
        min(85.0, max(*lats, lat + 8) + 2),
    )
    from privateer.db.connection import open_database

    engine = open_database(session.store.path, read_only=True, spatial=True)
    try:
        voyage = read_voyage(engine, session.run_id, regions=region_boxes())
        voyage = dataclasses.replace(
            voyage,
            title=f"{voyage.title} · day {state.day} · {state.gold} gold{chart_words(where)}",
            marks=voyage.marks + chart_marks(where, state.day),
            regions=chart_regions(voyage.regions, where, session.game),
        )
        with replacing(path, force=force) as part:
            draw_chart(
                engine, part, box=box, scale=legible_scale(box), voyage=voyage,
                ships=[("england", lon, lat, False)], style="woodcut",
            )  # fmt: skip
    except OutputError as error:
        typer.echo(f"  {error}")
        return
    finally:
        engine.dispose()
    typer.echo(f"  wrote {path}")


# --- turns: the commands that pass time or change the run, each saying what it did ---------


def _standing_still(session: VoyageSession) -> bool:
    """At sea with no course and nothing waiting: a `go` would have nowhere to sail."""
    state = session.state
    return state.port < 0 and state.course < 0 and state.pending is None and not state.over


def _after(session: VoyageSession, was_still: bool, was_port: int) -> None:
    """What an action leaves to say: home short of the goal, or at sea with no course."""
    state = session.state
    if state.port >= 0 and state.port != was_port:
        line = home_short_line(session.game.rules, state, session.world.ports[state.port].name)
        if line:
            typer.echo(line)
    if _standing_still(session) and not was_still:
        typer.echo(NO_COURSE)


NO_COURSE = "  no course set: `course PORT` (or LON,LAT) sets one, then `go` sails there"


def _waiting(session: VoyageSession) -> str | None:
    """What waits on her before she can sail on, and what to type; None if nothing."""
    said = voyage_input.waiting(session)
    return f"  {said}" if said else None


def _day_done(session: VoyageSession, was_port: int) -> Callable[[], str | None]:
    """The line that says what a day did, read once the day is over."""
    return lambda: voyage_turn.day_line(session, was_port)


def _sail_a_day(session: VoyageSession, read_line: ReadLine, say: bool) -> bool | None:
    """A day's sail after the clock's question: True if something says stop, None if she did
    not sail (the question answered no)."""
    if not ask_action(read_line, clock_question(session), "sail on?"):
        return None
    said = _day_done(session, session.state.port) if say else None
    return _play(session, "sail", said)


def _sail(session: VoyageSession, rest: str, read_line: ReadLine) -> None:
    """`sail`: one day, said."""
    waiting = _waiting(session)
    if waiting:
        typer.echo(waiting)
        return
    if rest:
        typer.echo("  sail: one day (`go` sails on, `wait N` idles N days in port)")
        return
    _sail_a_day(session, read_line, say=True)


def _go(session: VoyageSession, rest: str, read_line: ReadLine) -> None:
    """`go`: sail on along the course until something stops her; with nothing to sail for,
    say so and pass no time."""
    waiting = _waiting(session)
    if waiting:
        typer.echo(waiting)
        return
    state = session.state
    if state.course < 0:
        if state.port >= 0:
            typer.echo(
                f"  no course set: you are in {session.world.ports[state.port].name}. "
                "`course PORT` sets one, then `go`; `wait N` idles N days here"
            )
        else:
            typer.echo(NO_COURSE)
        return
    start = state.day
    for _ in range(GO_DAYS):
        stopped = _sail_a_day(session, read_line, say=False)
        if stopped is None or stopped or session.over or session.state.pending is not None:
            break
        if session.state.course < 0:
            break
    if not session.over and session.state.day > start and session.state.pending is None:
        typer.echo(f"  {_days(session.state.day - start)} sailed ({clock(session.state)})")


def _wait(session: VoyageSession, rest: str, read_line: ReadLine) -> None:
    """`wait N`: idle N days in port (asking first past a few), stopping for news."""
    state = session.state
    if state.port < 0:
        typer.echo("  wait: only in port (at sea, `sail` heaves to a day)")
        return
    if not rest.isdigit() or not 1 <= int(rest) <= GO_DAYS:
        typer.echo(f"  wait N: a number of days, 1 to {GO_DAYS} (for example wait 2)")
        return
    days = int(rest)
    if state.course >= 0:
        typer.echo("  a course is set: `sail` or `go` leaves port (`course` here clears it)")
        return
    port = session.world.ports[state.port].name
    if days > IDLE_DAYS and not ask(
        read_line,
        [f"  {days} days idle in {port}: to day {state.day + days} of {state.last_day}"],
        "wait?",
    ):
        return
    start = state.day
    for _ in range(days):
        stopped = _sail_a_day(session, read_line, say=False)
        if stopped is None or stopped or session.over or session.state.pending is not None:
            break
    if not session.over:
        typer.echo(f"  {_days(session.state.day - start)} in {port} ({clock(session.state)})")


def _days(n: int) -> str:
    return f"{n} day" if n == 1 else f"{n} days"


def _raid(session: VoyageSession, rest: str, read_line: ReadLine) -> None:
    """`raid`: the town sized up first, asking first at long odds or when it changes the run
    (a raid the engine will refuse goes to it, to say why)."""
    brief = raid_brief(session)
    if brief is not None and brief.asks:
        if ask(read_line, brief.lines, "raid all the same?"):
            _play(session, "raid")
        return
    for line in brief.lines if brief is not None else []:
        typer.echo(line)
    _play(session, "raid")


def _attack(session: VoyageSession, rest: str, read_line: ReadLine) -> None:
    """`attack`, asking first when she is of a nation at peace with England, or English."""
    if ask_action(read_line, attack_question(session), "fire on her all the same?"):
        _play(session, "attack")
    elif isinstance(session.state.pending, Meeting):
        typer.echo("  she is still alongside: `attack` or `pass`")


TURNS: dict[str, Callable[[VoyageSession, str, ReadLine], None]] = {
    "sail": _sail,
    "go": _go,
    "wait": _wait,
    "raid": _raid,
    "attack": _attack,
}
"""The commands handled here rather than sent to the engine as typed."""
