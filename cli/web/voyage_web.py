"""The voyage as the browser plays it, over the same session as `privateer play`
(cli/voyage/session.py: the engine's state, its record, a save after every action) and the same
words (cli/voyage/turn.py, cli/voyage/render.py, cli/voyage/shop.py): the state as the player
sees it, each legal action with its words and price (as the action says itself, declared once
beside it: engine/voyage/actions.py's `said`), and an action done, its events in words.
Decides no rule: the engine accepts or refuses every action."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from privateer.cli.render import glossary_lines
from privateer.cli.voyage import input as voyage_input
from privateer.cli.voyage import shop as voyage_shop
from privateer.cli.voyage import turn as voyage_turn
from privateer.cli.voyage.confirm import attack_question, clock_question, raid_brief, raid_question
from privateer.cli.voyage.goal import goal_words, gold_is_the_goal, home_short_line
from privateer.cli.voyage.help import help_lines
from privateer.cli.voyage.letter import where_now, where_view
from privateer.cli.voyage.screen import GO_DAYS
from privateer.cli.voyage.session import VoyageSession
from privateer.engine.fight import card_name
from privateer.engine.voyage import (
    IllegalVoyageAction,
    KeepCards,
    Reading,
    VoyageAction,
    card_words,
)

SHOP_VERBS = frozenset(voyage_shop.BUYS)
QUESTIONS = {"raid": raid_question, "attack": attack_question, "sail": clock_question}
"""The acts that ask first, as in the terminal, by their command's word."""


@dataclass
class Done:
    """What an action said: its lines, and a question to confirm before it is done."""

    lines: list[str] = field(default_factory=list)
    ask: dict[str, Any] | None = None


def jsonable(value: Any) -> Any:
    """observe()'s record as JSON: numpy scalars as numbers, tuples as lists."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    if hasattr(value, "item") and not isinstance(value, str | bytes):
        return value.item()
    return value


def view(session: VoyageSession) -> dict[str, Any]:
    """The state as the player sees it: observe(), where she is in words, what waits on her,
    the prompt's figures, the legal actions with their words and prices, the yard's list, and
    where the letter in hand sends her (its region and towns, for the chart; None without)."""
    state, game = session.state, session.game
    rules = game.rules
    fight = state.fight
    hull, most = (
        (fight.hull[0], fight.max_hull[0])
        if fight is not None
        else (
            state.hull,
            state.max_hull(),
        )
    )
    out: dict[str, Any] = {
        "run_id": session.run_id,
        "over": session.over,
        "outcome": state.outcome or None,
        "context": voyage_turn.context(session),
        "prompt": voyage_turn.prompt_text(session),
        "figures": {
            "day": state.day,
            "last_day": state.last_day,
            "hull": int(hull),
            "max_hull": int(most),
            "gold": state.gold,
            "goal_gold": rules.goal_gold if gold_is_the_goal(rules) else None,
            "morale": state.morale,
            "morale_max": rules.morale_max,
        },
        "goal": web_words(goal_words(rules)),
        "rules": rules.name,
        "seed": state.seed,
        "here": voyage_turn.here(session),
        "waiting": voyage_turn.context_lines(session),
        "observe": jsonable(game.observe(state)),
        "actions": [] if session.over else entries(session),
        "played": len(session.record.actions),
        "yard": voyage_shop.sale_lines(session, "buy") if state.port >= 0 else [],
        "ports": [
            {
                "index": i,
                "name": p.name,
                "node": p.node,
                "lon": round(float(session.world.lon[p.node]), 3),
                "lat": round(float(session.world.lat[p.node]), 3),
            }
            for i, p in enumerate(session.world.ports)
        ],
    }
    if fight is not None:
        out["hand"] = [
            {"index": i, "card": card_name(c), "words": card_words(c)}
            for i, c in enumerate(fight.hand)
        ]
    out["letter"] = where_view(where_now(game, state), game)  # the chart's letter layer
    return out


_HELP_ASIDE = re.compile(r" ?\(`[^`]*`\)|`[^`]*`; ")


def web_words(text: str) -> str:
    """The terminal's words for the page: its pointers to a terminal command (`help letter`)
    left out, and no backticks."""
    return _HELP_ASIDE.sub("", text).replace("`", "")


def entries(session: VoyageSession) -> list[dict[str, Any]]:
    """The legal actions as the page lists them, one button a choice: keeping the same two
    cards in the same order (from a hand holding two alike) is one choice, listed once."""
    state = session.state
    reading = session.game.reading(state, session.places.target)
    out: list[dict[str, Any]] = []
    kept: set[tuple[int, int]] = set()
    for action in session.legal():
        if isinstance(action, KeepCards) and state.fight is not None:
            hand = state.fight.hand
            cards = (int(hand[action.first]), int(hand[action.second]))
            if cards in kept:
                continue
            kept.add(cards)
        out.append(entry(session, action, reading))
    return out


def entry(
    session: VoyageSession, action: VoyageAction, reading: Reading | None = None
) -> dict[str, Any]:
    """A legal action: its text (what `act` reads back to it), and its words, price in gold and
    group as the action says itself (VoyageAction.said), the screen naming its places."""
    if reading is None:
        reading = session.game.reading(session.state, session.places.target)
    said = action.said(reading)
    text = voyage_input.typed_text(action)  # what `act` reads back to it, as a person types it
    return {"action": text, "words": said.words, "price": said.price, "group": said.group}


def act(session: VoyageSession, text: str, *, confirm: bool = False) -> Done:
    """Do what the player typed or clicked, read as the terminal reads it (cli/voyage/input.py):
    an action (`sail`, `course Lisbon`, `hire gunner`, `2` at a question, a button's own text
    such as `course 12` or `keep 1 3`), `go` (sail on until something stops her), `wait N`
    (idle in port), or a view (`sheet`, `help`, ...: its lines). Acts that change the run ask
    first, as in the terminal: without `confirm` the answer is the question (nothing done). A
    line that is no command answers with the line saying so, and, when a slip is plain, the
    line meant as the answer's `ask` (taking it does it). IllegalVoyageAction says why an
    action is not open now."""
    try:
        typed = voyage_input.read(session, text)
    except voyage_input.NotUnderstood as error:
        return _not_understood(session, error)
    verb = typed.verb
    shown = _shown(session, typed)
    if shown is not None:
        return Done(lines=shown)
    if verb == "go":
        return _go(session, confirm, None)
    if verb == "wait":
        return _go(session, confirm, typed.days)
    question = QUESTIONS.get(verb)
    asked = question(session) if question is not None else None
    if asked and not confirm:
        return Done(ask={"lines": asked, "action": text})
    done = Done()
    if verb in SHOP_VERBS:
        said = voyage_shop.purchase(
            session, verb, typed.rest, lambda s, a: done.lines.extend(_play(s, a)[0])
        )
        if said:
            done.lines.append(said)
        return done
    assert typed.action is not None, typed
    if verb == "course":
        node = int(typed.rest)
        try:
            done.lines += _play(session, typed.action)[0]
        except IllegalVoyageAction as error:
            said = str(error).replace(f"node {node}", session.places.target(node))
            raise IllegalVoyageAction(said) from None
        return done
    if verb == "raid":  # at fair odds the town is sized up all the same, as in the terminal
        brief = raid_brief(session)
        done.lines += brief.lines if brief is not None and not brief.asks else []
    done.lines += _play(session, typed.action)[0]
    return done


def _shown(session: VoyageSession, typed: voyage_input.Typed) -> list[str] | None:
    """The lines of a command that only shows (a view, help, what is for sale), or None."""
    verb = typed.verb
    if verb in voyage_input.VIEWS:
        return voyage_turn.view_lines(session, verb)
    if verb == "help":
        return help_lines(typed.rest, partial(voyage_turn.view_lines, session, "letter"))
    if verb == "glossary":
        return glossary_lines()
    if verb in voyage_input.LISTS and typed.action is None:
        return voyage_shop.sale_lines(session, verb)
    if verb == "chart":
        return ["  the chart is beside: `chart FILE` writes one in `privateer play`"]
    if verb == "quit":
        return [
            f"  run {session.run_id} is saved after every action: leave the page when you "
            "will; /play or `privateer play --resume` picks it up"
        ]
    return None


def _not_understood(session: VoyageSession, error: voyage_input.NotUnderstood) -> Done:
    """A line that is no command: the line saying so; a plain slip's meaning as the `ask`, with
    what that line would ask first itself (a raid, a shot at a flag), so one yes does it."""
    said = [f"  {error}"]
    if not error.suggestion:
        return Done(lines=said)
    asked: list[str] | None = None
    try:
        meant = voyage_input.read(session, error.suggestion)
    except IllegalVoyageAction:
        meant = None
    if meant is not None:
        found = QUESTIONS.get(meant.verb)
        asked = found(session) if found is not None else None
    ask = {"lines": [*said, *(asked or [])], "action": error.suggestion, "suggestion": True}
    return Done(lines=said, ask=ask)


def _play(session: VoyageSession, text: str) -> tuple[list[str], bool]:
    """One engine action, saved by the session; its lines (and what it leaves waiting)."""
    was = voyage_turn.here(session)
    was_port = session.state.port
    fighting = voyage_turn.target(session)
    lines, stop = voyage_turn.event_lines(session, session.play(session.parse(text)), fighting)
    state = session.state
    quiet = voyage_turn.day_line(session, was_port) if not lines and text == "sail" else None
    if quiet:  # a day in port or hove to says so, as in the terminal
        lines.append(quiet.strip())
    now = voyage_turn.here(session)
    if now != was and state.port < 0 and not session.over:
        lines.append(f"  here: {now}")
    if state.port >= 0 and state.port != was_port:
        home = home_short_line(session.game.rules, state, session.world.ports[state.port].name)
        if home:
            lines.append(home)
    return lines, stop


def _go(session: VoyageSession, confirm: bool, days: int | None) -> Done:
    """Sail on (or idle `days` in port) a day at a time until something stops her: an event
    that says stop, something waiting on her, the end of the course or of the voyage. The day
    that would end the voyage by the clock asks first."""
    state = session.state
    if state.pending is not None:
        raise IllegalVoyageAction("something waits on you first (see what is waiting)")
    if days is None and state.course < 0:
        raise IllegalVoyageAction("no course set: click a port on the chart (or `course PORT`)")
    if days is not None and state.course >= 0:
        raise IllegalVoyageAction("a course is set: `sail` or `go` leaves port")
    done = Done()
    start = state.day
    for _ in range(days if days is not None else GO_DAYS):
        asked = clock_question(session)
        if asked and not confirm:
            done.ask = {"lines": asked, "action": "sail"}
            break
        lines, stop = _play(session, "sail")
        done.lines += lines
        if stop or session.over or session.state.pending is not None:
            break
        if days is None and session.state.course < 0:
            break
    sailed = session.state.day - start
    if sailed and not session.over:
        days_said = f"{sailed} day" if sailed == 1 else f"{sailed} days"
        done.lines.append(f"  {days_said} passed ({voyage_turn.prompt_text(session)})")
    return done
