"""`privateer tabletop`: play one seat of the Privateers design document's card game against bots in
the terminal (the `tabletop` group's default; `tabletop sim` plays bots against bots). The options
are read and checked here, before the database is opened; the game is played by tabletop_screen."""

from __future__ import annotations

from typing import Any

import click
import typer

from privateer.cli.common import db_path, fail, needs_input, note, stopped_waiting, user_errors
from privateer.cli.options import run_option, seed_option
from privateer.cli.tui import PLAIN_HELP, full_screen

DEFAULT_SEAT = "england"  # the example seat; the first nation if England is not playing
DEFAULT_BOT = "mc"
"""The bot at every seat the person does not hold, unless --bots says otherwise: the lookahead
player that plays any seat well (the others each follow one plan)."""


def play(
    ctx: typer.Context,
    players: str = typer.Option(
        "spain,england,france,holland",
        "--players",
        help="The nations at the table, in seat order (2-4 of spain, england, france, holland).",
    ),
    seat: str | None = typer.Option(
        None, "--seat", help=f"Your nation (default: {DEFAULT_SEAT}, else the first nation)."
    ),
    seed: int = seed_option("The same seed deals the same cards and rolls the same dice."),
    bots: str | None = typer.Option(
        None,
        "--bots",
        help=f"The other seats' bots: NATION=BOT,... or one BOT for all (default {DEFAULT_BOT}).",
    ),
    seats: str | None = typer.Option(
        None,
        "--seats",
        help="Who sits where, in seat order: NATION=you or NATION=BOT, e.g. "
        "england=you,france=you,spain=mc (people take turns at one screen: hot-seat). "
        "Instead of --players, --seat and --bots.",
    ),
    rules: str = typer.Option("seed-003", "--rules", help="The rules preset (seed-003)."),
    resume: bool = typer.Option(False, "--resume", help="Pick up the game saved last."),
    run: int | None = run_option("Pick up this run's game (implies --resume)."),
    new: bool = typer.Option(
        False,
        "--new",
        help="Start afresh: a game of this seed still in progress is abandoned (marked so; its "
        "events stay). Without --new or --resume, a game of the seed in progress is offered back.",
    ),
    plain: bool = typer.Option(False, "--plain", help=PLAIN_HELP),
) -> None:
    """Play the Privateers design document's card game, on a full screen in a terminal (a play on
    its number's key) or a line at a time (piped, or with --plain): one nation against bots
    at the other seats, or several people at one table (--seats
    england=you,france=you,spain=mc), each person's hand shown only on their turn and in
    their answer to a raid, behind a "Pass to France" screen. It shows the table each phase
    (every nation's gold, merchants with travel tokens and cargo, privateers with captain
    and crew, bases with defences, hand sizes, the deck and the discard), your hand with
    what each card does, the raid under way, and the plays open now, numbered: type a number
    or the play's text; `?CARD` explains a card, `help` lists the keys, `quit` stops. The
    bots' moves show as they are made. Every game is a run (mode tabletop), saved after each
    of your plays; `--resume` picks it up, and a game of the same seed still in progress is
    offered back first (piped input without an answer passes --resume or --new). Ctrl-C
    exits 130 saying the turn the run is saved on."""
    if ctx.invoked_subcommand is not None:
        return
    needs_input("tabletop")
    from privateer.db.interrupts import held, interrupted

    with held():  # a Ctrl-C inside NumPy's loading would break it into an ImportError
        from privateer.cli.tabletop import screen as tabletop_screen
        from privateer.cli.tabletop.render import events_lines
        from privateer.cli.tabletop.session import TabletopSession
        from privateer.db.errors import WaitInterrupted
        from privateer.db.run_store import RunStore

    resuming = resume or run is not None
    if resuming and new:
        fail("--new starts afresh and --resume picks up: one or the other")
    given = [
        f"--{name}"
        for name in ("players", "seat", "seed", "bots", "seats", "rules")
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
    ]
    if resuming and given:
        fail(f"--resume picks up a saved game as it was: give no {', '.join(given)}")
    if seats is not None:
        clash = [g for g in given if g in ("--players", "--seat", "--bots")]
        if clash:
            fail(f"--seats says who sits where: give no {', '.join(clash)} with it")
    options = None
    if not resuming:
        options = (
            seats_options(seats, rules)
            if seats is not None
            else game_options(players, seat, bots, rules)
        )
    session: TabletopSession | None = None
    try:
        with user_errors():
            store = RunStore(db_path(ctx), notify=note, patient=True)
            if not resuming:
                picked = tabletop_screen.settle(store, seed, new=new)
                resuming, run = picked is not None, picked
            if resuming:
                session = TabletopSession.pick_up(store, run)
                typer.echo(
                    f"resuming run {session.run_id} on turn {session.turn}: {people_words(session)}"
                )
            else:
                assert options is not None
                with held():  # Ctrl-C waits: the game begun is the one Ctrl-C names
                    session, events = TabletopSession.begin(store, seed, options)
                typer.echo(opening_line(session, seed))
                for line in events_lines(events, session.teller):
                    typer.echo(line)
                typer.echo("`help` lists the keys; `?CARD` says what a card does.")
            if plain or not full_screen():
                tabletop_screen.run(session)
            else:
                from privateer.cli.tui.tabletop_app import tabletop_app

                said = tabletop_app(session, [opening_line(session, seed)]).run()
                if said:
                    typer.echo(said)
    except WaitInterrupted:
        stopped_waiting(session.run_id if session else None, tabletop_screen.RESUME)
    except KeyboardInterrupt:
        tabletop_screen.interrupted(session)
    except Exception as error:  # a Ctrl-C that surfaced as another error
        if not interrupted(error):
            raise
        tabletop_screen.interrupted(session)


def opening_line(session: Any, seed: int) -> str:
    return (
        f"seed {seed}: {people_words(session)} (run {session.run_id}); first to "
        f"{session.game.rules.goal_gold} gold wins"
    )


def people_words(session: Any) -> str:
    """Who plays whom: "you play England against Spain (mc)", or, hot-seat, "England and
    France (people) against Spain (mc)"."""
    bots = session.options["bots"]
    others = ", ".join(f"{nation.capitalize()} ({bot})" for nation, bot in bots.items())
    people = [session.players[seat].capitalize() for seat in session.people]
    against = f" against {others}" if others else ", nobody else at the table"
    if len(people) == 1:
        return f"you play {people[0]}{against}"
    return f"{', '.join(people[:-1])} and {people[-1]} (people){against}"


PERSON = "you"  # --seats' word for a person's seat


def seats_options(seats: str, rules: str) -> dict[str, Any]:
    """The run's options from --seats, or one line and exit 2 (`read_seats`)."""
    try:
        return read_seats(seats, rules)
    except ValueError as error:
        fail(f"--seats: {error}")


def read_seats(seats: str, rules: str) -> dict[str, Any]:
    """The run's options from a table's seats (NATION=you or NATION=BOT, in seat order),
    checked (ValueError in one line otherwise): at least one person, 2-4 nations, each once.
    The browser's tabletop starts a game from the same words."""
    from privateer.engine.tabletop import BOTS, NATIONS, find_tabletop_rules

    chosen = find_tabletop_rules(rules)
    nations: list[str] = []
    bots: dict[str, str] = {}
    for item in (part.strip().lower() for part in seats.split(",")):
        if not item:
            continue
        nation, sep, who = (part.strip() for part in item.partition("="))
        if not sep or not who:
            raise ValueError(f"{item!r} is not NATION=you or NATION=BOT")
        if nation not in NATIONS:
            raise ValueError(f"no nation {nation!r}; choose from {', '.join(NATIONS)}")
        if nation in nations:
            raise ValueError(f"{nation} is named twice; each nation has one seat")
        if who != PERSON and who not in BOTS:
            raise ValueError(f"{nation}={who}: a seat is {PERSON} or a bot ({', '.join(BOTS)})")
        nations.append(nation)
        if who != PERSON:
            bots[nation] = who
    if not chosen.min_players <= len(nations) <= chosen.max_players:
        raise ValueError(
            f"{chosen.min_players} to {chosen.max_players} nations, not {len(nations)}"
        )
    if len(bots) == len(nations):
        raise ValueError(f"no seat is {PERSON}'s; bots against bots is `privateer tabletop sim`")
    return {"players": nations, "bots": bots, "rules": chosen.name}


def game_options(players: str, seat: str | None, bots: str | None, rules: str) -> dict[str, Any]:
    """The run's options from the command line, checked (one line and exit 2 otherwise):
    {"players": [...], "bots": {nation: bot}, "rules": name}, the person's seat absent from
    the bots."""
    from privateer.engine.tabletop import BOTS, NATIONS, find_tabletop_rules

    try:
        chosen = find_tabletop_rules(rules)
    except ValueError as error:
        fail(str(error))
    nations = [n.strip().lower() for n in players.split(",") if n.strip()]
    for nation in nations:
        if nation not in NATIONS:
            fail(f"no nation {nation!r} in --players; choose from {', '.join(NATIONS)}")
    if len(set(nations)) != len(nations):
        fail("--players names a nation twice; each nation has one seat")
    if not chosen.min_players <= len(nations) <= chosen.max_players:
        fail(f"--players: {chosen.min_players} to {chosen.max_players} nations, not {len(nations)}")
    if seat is None:
        mine = DEFAULT_SEAT if DEFAULT_SEAT in nations else nations[0]
    else:
        mine = seat.strip().lower()
        if mine not in nations:
            fail(f"--seat {seat!r} is not at the table ({', '.join(nations)})")
    others = [n for n in nations if n != mine]
    chosen_bots = dict.fromkeys(others, DEFAULT_BOT)
    if bots:
        items = [b.strip().lower() for b in bots.split(",") if b.strip()]
        if len(items) == 1 and "=" not in items[0]:
            chosen_bots = dict.fromkeys(others, items[0])
        else:
            for item in items:
                nation, sep, bot = (part.strip() for part in item.partition("="))
                if not sep:
                    fail(f"--bots: {item!r} is not NATION=BOT (or give one BOT for every seat)")
                if nation == mine:
                    fail(f"--bots: {nation} is your seat")
                if nation not in others:
                    fail(f"--bots: {nation!r} is not at the table ({', '.join(others)})")
                chosen_bots[nation] = bot
    for bot in chosen_bots.values():
        if bot not in BOTS:
            fail(f"no bot {bot!r}; choose from {', '.join(BOTS)}")
    return {"players": nations, "bots": chosen_bots, "rules": chosen.name}
