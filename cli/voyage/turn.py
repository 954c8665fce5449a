"""What a voyage's front ends say, shared by the terminal (`privateer play`) and the browser:
where she is and what waits on her, an action's events in words, the prompt's figures. Reads
the session's state and the events; decides nothing and prints nothing (the front end shows the
lines its own way)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from privateer.cli.render import state_lines
from privateer.cli.voyage.goal import clock, prompt_figures
from privateer.cli.voyage.letter import where_lines, where_mark, where_now
from privateer.cli.voyage.render import (
    circuit_lines,
    circuit_mark,
    fight_words,
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
    spoils,
    voyage_line,
)
from privateer.cli.voyage.session import VoyageSession
from privateer.engine.events import Event
from privateer.engine.fight import CATALOGUE, KIND_INDEX
from privateer.engine.voyage import Engagement, Meeting, PrizeOffer, Question, location_of

CONTEXTS = {
    Engagement.kind: "fight",
    Meeting.kind: "alongside",
    PrizeOffer.kind: "prize",
    Question.kind: "question",
}
"""The prompt's word for each kind of wait."""


def context(session: VoyageSession) -> str:
    """Where the voyage stands: fight, alongside, prize, question, in port or sailing."""
    pending = session.state.pending
    if pending is not None:
        return CONTEXTS[pending.kind]
    return "in port" if session.state.port >= 0 else "sailing"


def prompt_text(session: VoyageSession) -> str:
    """The prompt's figures: "day 56/730 sailing; hull 8/10 gold 20/150 morale 5/10"."""
    state = session.state
    mark = ""
    if state.late is not None or state.circuit is not None:
        seen = session.game.observe(state)
        where = where_mark(where_now(session.game, state)) if seen.get("letters") else ""
        mark = letter_mark(seen) + where + circuit_mark(seen)
    figures = prompt_figures(session.game.rules, state)
    return f"{clock(state)} {context(session)}; {figures}{mark}"


def context_lines(session: VoyageSession) -> list[str]:
    """What waits on her, shown after every action: the fight's board and hand, a prize's
    cards, a question's choices, the ship alongside."""
    pending = session.state.pending
    return [] if pending is None else SHOWN[pending.kind](session, pending)


def _fight_lines(session: VoyageSession, pending: Engagement) -> list[str]:
    fight = session.state.fight
    return (
        [] if fight is None else [fight_words(line, pending.target) for line in state_lines(fight)]
    )


def _prize_lines(_session: VoyageSession, pending: PrizeOffer) -> list[str]:
    lines = [f"  {spoils(pending.source)}, keep one for good or none:"]
    for i, card in enumerate(pending.cards):
        words = CATALOGUE[KIND_INDEX[card]].words()
        lines.append(f"    {i + 1}  {CATALOGUE[KIND_INDEX[card]].name:<24} {words}")
    return lines


def _question_lines(session: VoyageSession, pending: Question) -> list[str]:
    seen = session.game.observe(session.state)
    lines = [f"  {pending.name}:"]
    for i, option in enumerate(seen["options"]):
        barred = f"  BARRED: {option['barred']}" if option["barred"] else ""
        lines.append(f"    {i + 1}  {option['choice']}: {option['stakes']}{barred}")
    return lines


def _alongside_lines(session: VoyageSession, _pending: Meeting) -> list[str]:
    """The ship alongside (the read of her came with her coming alongside)."""
    seen = session.game.observe(session.state)
    return sight_lines(seen, reads=False, places=session.places)


SHOWN: dict[str, Callable[[VoyageSession, Any], list[str]]] = {
    Engagement.kind: _fight_lines,
    PrizeOffer.kind: _prize_lines,
    Question.kind: _question_lines,
    Meeting.kind: _alongside_lines,
}
"""What each kind of wait shows after every action."""


def target(session: VoyageSession) -> str | None:
    """What she is fighting, or has just taken (for the words of what is no ship)."""
    pending = session.state.pending
    return getattr(pending, "target", None) or getattr(pending, "source", None)


def here(session: VoyageSession) -> str:
    """The location panel in a line, as observe gives it."""
    game = session.game
    return place_line(location_of(game.world, session.state, game.rules))


def event_lines(
    session: VoyageSession, events: list[Event], fighting: str | None
) -> tuple[list[str], bool]:
    """An action's events in words (places by name, a ship's read under her coming alongside),
    and whether one of them says stop (a `go` stops there). `fighting` is what she fought
    before the action (`target`)."""
    lines: list[str] = []
    stop = False
    for event in events:
        if event.kind in ("fight", "fight_over"):
            fighting = event.data["target"]
        line = voyage_line(event, session.places, fighting)
        if line:
            lines.append(line)
        if isinstance(event.data, dict) and "read" in event.data:  # alongside, or attacking
            lines += read_lines(event.data["read"])
        if isinstance(event.data, dict) and event.data.get("stop"):
            stop = True
    return lines, stop


def day_line(session: VoyageSession, was_port: int) -> str | None:
    """The line that says what a quiet day did (in port, hove to, or sailed on; None if the
    day's events said it or the voyage is over): both front ends print it after a day."""
    state = session.state
    if session.over:
        return None
    when = f"(day {state.day} of {state.last_day})"
    if state.port >= 0 and state.port == was_port:
        return f"  a day in {session.world.ports[state.port].name} {when}"
    if state.port < 0 and state.course < 0 and state.pending is None:
        return f"  hove to a day with no course set {when}"
    return None if state.port >= 0 or state.pending is not None else f"  sailed a day {when}"


def view_lines(session: VoyageSession, verb: str) -> list[str]:
    """What a view command shows (`sheet`, `politics`, `sight`, `rumors`, `port`, `letter`,
    `where`, `circuit`: cli/voyage/input.py's VIEWS), read off observe(); the letter with
    where it sends her."""
    seen = session.game.observe(session.state)
    places = session.places
    if verb == "letter":
        where = where_lines(where_now(session.game, session.state), places)
        return letter_lines(seen) + (where if seen.get("letters") is not None else [])
    views = {
        "sheet": lambda: sheet_lines(seen, places=places),
        "politics": lambda: politics_lines(seen),
        "sight": lambda: sight_lines(seen, places=places),
        "rumors": lambda: rumor_lines(seen, places=places),
        "port": lambda: port_lines(seen),
        "where": lambda: location_lines(seen, places=places),
        "circuit": lambda: circuit_lines(seen, places=places),
    }
    return views[verb]()
