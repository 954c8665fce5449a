"""The tabletop game in the browser, as the terminal plays it (cli/tabletop/session.py): the same
session, the same bots, the same save after every play, so a game started on one front end is
picked up on the other. What a page is shown is one seat's `observe` (its own hand, never
another's) or, between turns at a shared screen, the table with no hand at all.

The server decides everything; the page only draws it and sends the play a person clicks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from privateer.cli.tabletop.render import (
    card_lines,
    events_lines,
    header_line,
    move_lines,
    outcome_line,
    raid_lines,
    table_lines,
    yours,
)
from privateer.cli.tabletop.session import TabletopSession
from privateer.engine.tabletop import IllegalTabletopAction


def settle(session: TabletopSession) -> list[str]:
    """The bots' moves, and the plays nobody need choose (a phase or a raid's answer where
    the only play is to pass), until a person has a choice or the game is over; saved. The
    lines tell them by every nation's name (the screen may be shared)."""
    lines: list[str] = []
    while not session.over:
        for move in session.bots():
            lines += move_lines(move, "")
        if session.over:
            break
        legal = session.legal()
        if [a.to_str() for a in legal] != ["end"]:
            break
        lines += move_lines(session.take(legal[0]), "", auto=True)
    if session.pending_writes():
        session.save()
    return lines


@dataclass(frozen=True)
class Seat:
    """Who asks: a person's nation, or nobody (the table between turns, no hand shown)."""

    nation: str | None

    @classmethod
    def named(cls, session: TabletopSession, text: str | None) -> Seat:
        """The seat a request names, checked: a nation a person plays at this table, or
        nobody; ValueError in one line for any other."""
        if text is None or not text.strip():
            return cls(None)
        nation = text.strip().lower()
        people = [session.players[seat] for seat in session.people]
        if nation not in people:
            raise ValueError(f"seat {text!r}: a person's seat at this table ({', '.join(people)})")
        return cls(nation)


def state(session: TabletopSession, seat: Seat) -> dict[str, Any]:
    """The game as `seat` sees it: the table and whose turn it is, and, for the person to act
    (only), their hand, the raid's figures and the plays open, each with its words."""
    to_act = None if session.over else session.players[session.to_act()]
    people = [session.players[s] for s in session.people]
    if seat.nation is None:
        view = session.game.observe(session.state, session.people[0])
        view = {**view, "seat": None, "hand": None}
    else:
        session.hand_to(session.players.index(seat.nation))
        view = session.view()
    mine = seat.nation is not None and seat.nation == to_act
    plays = []
    if mine:
        plays = [
            {"action": a.to_str(), "words": yours(session.describe(a), seat.nation or "")}
            for a in session.legal()
        ]
    return {
        "run_id": session.run_id,
        "seed": session.seed,
        "players": session.players,
        "people": people,
        "bots": dict(session.options.get("bots", {})),
        "seat": seat.nation,
        "to_act": to_act,
        "yours": mine,
        "over": session.over,
        "outcome": outcome_line(view) if session.over else None,
        "header": header_line(view),
        "table": table_lines(view)[1:],
        "raid": raid_lines({**view, "seat": seat.nation or ""}, session.raid_modifier(view)),
        "hand": view["hand"] if mine else None,
        "plays": plays,
        "view": {k: v for k, v in view.items() if k != "hand"},
    }


def act(session: TabletopSession, seat: Seat, text: str) -> list[str]:
    """The play `text` (as the terminal takes it) by the person at `seat`, then the bots'
    answers, saved; the lines that tell them. IllegalTabletopAction (nothing changed) when it
    is not that seat's turn or not a play open now."""
    if session.over:
        raise IllegalTabletopAction("the game is over")
    to_act = session.players[session.to_act()]
    if seat.nation != to_act:
        raise IllegalTabletopAction(f"it is {to_act.capitalize()}'s turn to play")
    session.hand_to(session.to_act())
    try:
        action = session.game.parse_action(text)
    except ValueError as error:
        raise IllegalTabletopAction(f"{text!r} is not a play ({error})") from None
    if action not in session.legal():
        raise IllegalTabletopAction(f"{action.to_str()}: not a play open now")
    lines = move_lines(session.take(action), "")
    return lines + settle(session)


def opening(events: list[Any]) -> list[str]:
    """The deal and the roll for first, told by every nation's name."""
    return events_lines(events, "")


def explain(card_id: int) -> list[str]:
    """A card's words (the terminal's ?CARD)."""
    return [line.strip() for line in card_lines(card_id)]
