"""`privateer duel` (play Red against a CPU captain, the hex-duel design document) and `privateer
duel sim` (CPU against CPU for every pair of personalities)."""

from __future__ import annotations

from typing import Any

import typer

from privateer.cli.common import (
    INTERRUPTED_EXIT,
    Output,
    db_path,
    fail,
    interrupted_game,
    needs_input,
    note,
    output_options,
    stopped_waiting,
    user_errors,
)
from privateer.cli.options import int_option, run_option, seed_option
from privateer.cli.progress import QUIET_HELP, counting
from privateer.cli.tui import PLAIN_HELP, full_screen

app = typer.Typer(
    help="The open-water hex duel of the hex-duel design document: play Red against a CPU "
    "captain, or let the captains fight each other.",
    invoke_without_command=True,
)

PERSONALITIES_HELP = "cautious, steady or bold (default: the seed draws one, kept hidden)."


@app.callback()
def duel(
    ctx: typer.Context,
    seed: int = seed_option("The same seed plays the same winds and captain."),
    captain: str | None = typer.Option(
        None, "--captain", help=f"Blue's personality: {PERSONALITIES_HELP}"
    ),
    rules: str = typer.Option("seed-001", "--rules", help="The rules preset (seed-001)."),
    debug: bool = typer.Option(
        False,
        "--debug",
        help="Show the debug panel: personality, posture, her loaded shot, the seed.",
    ),
    resume: bool = typer.Option(False, "--resume", help="Pick up the duel saved last."),
    run: int | None = run_option("Pick up this run's duel (implies --resume)."),
    plain: bool = typer.Option(False, "--plain", help=PLAIN_HELP),
) -> None:
    """Play the Red ship against the Blue CPU captain in the terminal (on a full screen in a
    terminal, orders on keys; a line at a time piped or with --plain): the hex board with both
    ships and their facing, the wind, your stats and hers, and orders to move, turn, fire,
    reload, repair and flee (? lists them). Reads piped input too. Every duel is a run in the
    database, saved after every line of orders (a save waits for another process holding the
    database, saying so; Ctrl-C then exits 130, keeping the last save); `privateer duel sim`
    plays captains against each other."""
    if ctx.invoked_subcommand is not None:
        return
    needs_input("duel")
    from privateer.cli.duel import screen as duel_screen
    from privateer.cli.duel.session import DuelSession
    from privateer.db.errors import WaitInterrupted
    from privateer.db.interrupts import held
    from privateer.db.run_store import RunStore
    from privateer.engine.duel import PERSONALITIES, find_duel_rules

    resuming = resume or run is not None
    if resuming and (captain is not None or seed != 0 or rules != "seed-001"):
        fail("--resume picks up a saved duel as it was: give no --seed, --captain or --rules")
    if captain is not None and captain not in PERSONALITIES:
        fail(f"unknown captain {captain!r}; choose from {', '.join(PERSONALITIES)}")
    try:
        chosen = find_duel_rules(rules)
    except ValueError as error:
        fail(str(error))
    session: DuelSession | None = None
    try:
        with user_errors():
            store = RunStore(db_path(ctx), notify=note, patient=True)
            if resuming:
                session = DuelSession.pick_up(store, run)
                typer.echo(f"resuming run {session.run_id} in round {session.state.round}")
            else:
                with held():  # Ctrl-C waits: the duel begun is the one Ctrl-C names
                    session, events = DuelSession.begin(store, seed, captain, chosen)
                typer.echo(
                    f"seed {seed}: you command Red; Blue's captain is at sea (run {session.run_id})"
                )
                duel_screen.tell(events)
            if plain or not full_screen():
                duel_screen.run(session, debug=debug)
            else:
                from privateer.cli.tui.duel_app import duel_app

                said = duel_app(session, [f"run {session.run_id}: you command Red"], debug).run()
                if said:
                    typer.echo(said)
    except WaitInterrupted:
        stopped_waiting(session.run_id if session else None, "privateer duel --resume")
    except KeyboardInterrupt:
        run_id = None if session is None else session.run_id
        saved = None if session is None or session.closed else f"in round {session.saved_round}"
        interrupted_game("duel", run_id, saved, "privateer duel --resume")


@app.command("sim")
@output_options
def sim(
    games: int = int_option(
        1000,
        "--games",
        1,
        10_000,
        "Duels for each pair (seeds 0 .. N-1); 10,000 is a quarter of an hour.",
    ),
    rules: str = typer.Option("seed-001", "--rules", help="The rules preset (seed-001)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    output: Output = Output(),
) -> None:
    """CPU against CPU for every pair of personalities (Red, who moves first, against Blue):
    how many duels each side won, how many ended with a ship fleeing, and how long they lasted.
    Sunk and struck (crew 0) are wins; a ship that flees is undefeated."""
    from privateer.engine.duel import PERSONALITIES, find_duel_rules, personality_table

    try:
        chosen = find_duel_rules(rules)
    except ValueError as error:
        fail(str(error))
    pairs = [(red, blue) for red in PERSONALITIES for blue in PERSONALITIES]
    rows: list[dict[str, Any]] = []
    try:
        with counting("duels", games * len(pairs), quiet=quiet) as advance:
            for pair in pairs:
                rows += personality_table(games, chosen, pairs=[pair], on_game=lambda: advance(1))
    except KeyboardInterrupt:
        note(
            f"interrupted: {len(rows)} of {len(pairs)} pairs played; nothing is kept "
            "(`duel sim` logs nothing: a smaller --games is quicker)"
        )
        raise typer.Exit(INTERRUPTED_EXIT) from None
    columns = ["red", "blue", "games", "red_won", "blue_won", "fled", "mean_rounds"]
    if output.format.value != "table":
        columns += ["sunk", "struck", "round_limit", "red_fled", "blue_fled"]
    output.rows(rows, columns, title=f"{games} duels a pair, {chosen.name}")
