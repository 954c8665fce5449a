"""The tabletop game of the Privateers design document in a terminal, a line at a time (piped input
too): draw the table as the seat to act sees it, list the plays open now, read a choice, show the
bots' moves as they are made; with several people at the table, hand it over between them behind
a "Pass to France" screen. Before a new game, one of the same seed still in progress is offered
back (resume or abandon). The screen decides no rule."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from privateer.cli.common import INTERRUPTED_EXIT, plain_name
from privateer.cli.resume_choice import resume_or_abandon
from privateer.cli.session import input_ended
from privateer.cli.tabletop.render import (
    KEYS_HELP,
    card_lines,
    hand_lines,
    move_lines,
    outcome_line,
    plays_lines,
    raid_lines,
    table_lines,
)
from privateer.cli.tabletop.session import TabletopSession, abandon, games_in_progress
from privateer.engine.errors import IllegalActionError

if TYPE_CHECKING:
    from privateer.db.run_store import RunStore

RESUME = "privateer tabletop --resume"

ReadLine = Callable[[], str]


Draw = Callable[[TabletopSession, dict[str, Any]], None]


def run(
    session: TabletopSession, read_line: ReadLine | None = None, draw: Draw | None = None
) -> None:
    """Play until the game ends, the person quits, or the input ends (the game stays saved).
    `draw` shows the table as the seat to play sees it (a full screen draws it in a panel of
    its own)."""
    draw = draw or _draw
    read_line = read_line or sys.stdin.readline
    drawn: dict[str, Any] | None = None
    hot_seat = len(session.people) > 1
    shown: int | None = None if hot_seat else session.seat  # whose hand the screen has shown
    while True:
        for move in session.bots():
            _tell(session, move)
        if session.pending_writes():
            session.save()
        if session.over:
            break
        legal = session.legal()
        texts = [a.to_str() for a in legal]
        if texts == ["end"]:  # nothing to choose: no need to hand the table over for it
            _tell(session, session.take(legal[0]), auto=True)
            continue
        if session.to_act() != shown:
            if not hand_over(session, read_line):
                return
            shown, drawn = session.seat, None
        view = session.view()
        if view != drawn:
            draw(session, view)
            drawn = view
        typer.echo(
            f"{session.nation.capitalize()}, your play (1-{len(legal)}, ?CARD, help, quit) > ",
            nl=False,
        )
        line = read_line()
        if not line:
            at = f"on turn {session.saved_turn}"
            input_ended(session.run_id, at, f"{RESUME} --run {session.run_id}")
            return
        text = line.strip()
        if not text:
            continue
        word = text.lower()
        if word in QUIT_WORDS:
            _stopped(session)
            return
        if word in ("help", "?", "h"):
            typer.echo(KEYS_HELP)
            continue
        if word in ("table", "t"):
            draw(session, view)
            continue
        if text.startswith("?"):
            for out in explain(text[1:]):
                typer.echo(out)
            continue
        try:
            action = legal[choice(text, texts, session)]
        except ValueError as error:
            typer.echo(f"  {error}")
            continue
        _tell(session, session.take(action))
    view = session.view()
    for out in table_lines(view):
        typer.echo(out)
    typer.echo(f"{outcome_line(view)} (run {session.run_id})")


def hand_over(session: TabletopSession, read_line: ReadLine) -> bool:
    """Hot-seat: the screen cleared (a terminal's scrollback too), then "Pass to France" until
    France says she is there (Enter), so nobody sees a hand but its owner. False when the
    input ends or a person quits at it (the game stays saved)."""
    seat = session.to_act()
    nation = session.players[seat].capitalize()
    if sys.stdout.isatty():
        typer.echo(CLEAR, nl=False)
    else:
        typer.echo("")
    typer.echo(f"Pass to {nation}. {nation}, press Enter to see your hand (or quit) > ", nl=False)
    line = read_line()
    if not line:
        at = f"on turn {session.saved_turn}"
        input_ended(session.run_id, at, f"{RESUME} --run {session.run_id}")
        return False
    if line.strip().lower() in QUIT_WORDS:
        _stopped(session)
        return False
    session.hand_to(seat)
    return True


CLEAR = "\033[H\033[2J\033[3J"  # cursor home, clear the screen, clear the scrollback
QUIT_WORDS = ("quit", "q", "exit")


def _stopped(session: TabletopSession) -> None:
    typer.echo(
        f"stopped on turn {session.saved_turn}; run {session.run_id} is saved, "
        f"`{RESUME} --run {session.run_id}` picks it up"
    )


def choice(text: str, texts: list[str], session: TabletopSession) -> int:
    """The index of the play a person typed: its number, or its text ("play 12"); ValueError
    with one line saying what may be typed."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(texts):
            return number - 1
        raise ValueError(f"no play {number}: choose 1-{len(texts)}, ?CARD, help or quit")
    try:
        action = session.game.parse_action(text)
    except IllegalActionError as error:
        raise ValueError(
            f"{text!r} is not a play ({error}); choose 1-{len(texts)}, ?CARD, help or quit"
        ) from None
    typed = action.to_str()
    if typed not in texts:
        raise ValueError(f"{typed}: not a play open now; choose 1-{len(texts)}")
    return texts.index(typed)


def explain(query: str) -> list[str]:
    """?CARD: a card by its id or name (any case; a unique beginning will do)."""
    from privateer.engine.tabletop import CARD_LIST, DECK_SIZE

    query = query.strip()
    if not query:
        return ["  ?CARD names a card: ?Galleon, ?merchantman or ?12 (a card's id)"]
    if query.lstrip("#").isdigit():
        card_id = int(query.lstrip("#"))
        if not 0 <= card_id < DECK_SIZE:
            return [f"  no card #{card_id}: the deck's ids are 0-{DECK_SIZE - 1}"]
        return card_lines(card_id)
    wanted = plain_name(query)
    names = [c.name for c in CARD_LIST]
    exact = [n for n in names if plain_name(n) == wanted]
    found = exact or [n for n in names if plain_name(n).startswith(wanted)]
    found = found or [n for n in names if wanted in plain_name(n)]
    if len(found) != 1:
        if not found:
            return [f"  no card named {query!r} (?12 names one by its id)"]
        return [f"  {query!r} could be {', '.join(found[:8])}{'...' if found[8:] else ''}"]
    return card_lines(first_id(found[0]))


def first_id(name: str) -> int:
    from privateer.engine.tabletop import DECK

    return next(i for i, c in enumerate(DECK) if c.name == name)


def screen_lines(session: TabletopSession, view: dict[str, Any]) -> list[str]:
    """What is drawn when the person is to play: the table, the raid under way, the hand,
    and the plays open now, numbered."""
    described = [session.describe(a) for a in session.legal()]
    return [
        *table_lines(view),
        *raid_lines(view, session.raid_modifier(view)),
        *hand_lines(view),
        "Your plays:",
        *plays_lines(described, session.nation),
    ]


def _draw(session: TabletopSession, view: dict[str, Any]) -> None:
    typer.echo("")
    for out in screen_lines(session, view):
        typer.echo(out)


def _tell(session: TabletopSession, move: Any, *, auto: bool = False) -> None:
    for out in move_lines(move, session.teller, auto=auto):
        typer.echo(out)


# --- before a game and when Ctrl-C ends one ---------------------------------------------------


def settle(store: RunStore, seed: int, *, new: bool) -> int | None:
    """The run to pick up, or None to start afresh: a game of `seed` still in progress is
    offered back (r: resume the newest; a: abandon them all). --new abandons without asking;
    end of input without an answer changes nothing and says what to pass."""
    waiting = games_in_progress(store, seed)
    if not waiting:
        return None
    runs = [int(s["run_id"]) for s in waiting]
    said = f"run {runs[0]} (tabletop, seed {seed}) is in progress on turn {waiting[0]['rounds']}"
    return resume_or_abandon(runs, said, new=new, abandon=lambda gone: _abandoned(store, gone))


def _abandoned(store: RunStore, runs: list[int]) -> None:
    abandon(store, runs)
    typer.echo(
        f"abandoned run{'s' if len(runs) > 1 else ''} {', '.join(map(str, runs))} "
        "(its events stay; `privateer runs show` has it)"
    )


def interrupted(session: TabletopSession | None) -> NoReturn:
    """Ctrl-C: the turn the run is saved on and how to pick it up; exit 130."""
    typer.echo("")
    if session is None:
        typer.echo("interrupted: no game begun", err=True)
    elif session.closed:
        typer.echo(f"interrupted: run {session.run_id} is over")
    else:
        typer.echo(
            f"interrupted: run {session.run_id} saved on turn {session.saved_turn}; "
            f"`{RESUME} --run {session.run_id}` picks it up"
        )
    raise typer.Exit(INTERRUPTED_EXIT)
