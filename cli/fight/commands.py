"""`privateer fight` (one encounter, in the terminal) and `privateer sim` (the card bots over
many seeds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

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
from privateer.cli.options import float_option, int_option, run_option, seed_option
from privateer.cli.progress import QUIET_HELP, counting
from privateer.cli.tui import PLAIN_HELP, full_screen

if TYPE_CHECKING:
    from privateer.db.log_writer import LogWriter
    from privateer.engine.fight import Encounter, OnPlayed, Outfit

SHIPS_HELP = "pinnace, brigantine, frigate, galleon."
SIM_RATES = ("destroyed", "sunk", "fled", "got_away", "parted")
SIM_FIGURES = (*SIM_RATES, "mean_rounds")
"""What `sim` measures of each bot (its rates, as fractions of its fights), in its order."""
CREW_HELP = (
    "A hand of note (repeat): master_gunner, marksmen, quartermaster, boatswain, surgeon, "
    "pilot, navigator. One of each, as many as the ship has berths."
)
UPGRADE_HELP = "An upgrade (repeat): more_guns, sheathed_hull, boarding_nets, chase_guns."
TARGETS_HELP = (
    "merchant, treasure_fleet, armada, guard_ship, privateer, hunter, corsair, corsair_laden, "
    "war_canoes, sea_monster, town, fortified_port."
)


def _outfit(ship: str, crew: list[str], upgrades: list[str], hull: int | None) -> Outfit:
    from privateer.engine.errors import OutfitError
    from privateer.engine.fight import Outfit

    outfit = Outfit(ship=ship, crew=tuple(crew), upgrades=tuple(upgrades), hull=hull)
    try:
        outfit.validate()
    except OutfitError as error:
        fail(str(error))
    return outfit


def _check_target(target: str) -> None:
    from privateer.engine.fight import TARGETS

    if target not in TARGETS:
        fail(f"unknown target {target!r}; choose from {', '.join(TARGETS)}")


def fight(
    ctx: typer.Context,
    seed: int = seed_option("The same seed plays the same encounter."),
    target: str = typer.Option("merchant", "--target", help=f"What you fight: {TARGETS_HELP}"),
    ship: str = typer.Option("pinnace", "--ship", help=SHIPS_HELP),
    crew: list[str] = typer.Option([], "--crew", help=CREW_HELP),
    upgrade: list[str] = typer.Option([], "--upgrade", help=UPGRADE_HELP),
    hull: int | None = typer.Option(None, "--hull", help="Come in with this hull."),
    resume: bool = typer.Option(False, "--resume", help="Pick up the fight saved last."),
    run: int | None = run_option("Pick up this run's saved fight (implies --resume)."),
    plain: bool = typer.Option(False, "--plain", help=PLAIN_HELP),
) -> None:
    """Play one encounter in the terminal (on a full screen in a terminal; a line at a time
    piped or with --plain). Keys: 1 2 3 pick (in the order they should
    resolve), enter resolves, ? shows the card words, s breaks off (the fight stays saved).
    Reads piped input too. Every fight is a run in the database, saved after every card;
    the database is not held while the fight waits for a key. If another process holds the
    database, a save waits for it (saying so); Ctrl-C then exits 130, keeping the last save."""
    needs_input("fight")
    from privateer.cli.fight import screen as fight_screen
    from privateer.cli.fight.session import FightSession
    from privateer.db.errors import WaitInterrupted
    from privateer.db.interrupts import held
    from privateer.db.run_store import RunStore

    resuming = resume or run is not None
    if resuming and (target != "merchant" or ship != "pinnace" or crew or upgrade or hull):
        fail("--resume picks up a saved fight as it was: give no --target, --ship, --crew, ...")
    if not resuming:
        _check_target(target)
        outfit = _outfit(ship, crew, upgrade, hull)
    session: FightSession | None = None
    try:
        with user_errors():
            store = RunStore(db_path(ctx), notify=note, patient=True)
            if resuming:
                session = FightSession.pick_up(store, run)
                typer.echo(f"resuming run {session.run_id} at round {session.state.round}")
            else:
                with held():  # Ctrl-C waits: the fight begun is the one Ctrl-C names
                    session = FightSession.begin(store, target, outfit, seed)
                typer.echo(
                    f"seed {seed}: your {ship} against "
                    f"{session.state.setup.target_kind().name} (run {session.run_id})"
                )
            if plain or not full_screen():
                fight_screen.run(session)
            else:
                from privateer.cli.tui.fight_app import fight_app

                said = fight_app(session, [f"run {session.run_id}: your fight"]).run()
                if said:
                    typer.echo(said)
    except WaitInterrupted:
        stopped_waiting(session.run_id if session else None, "privateer fight --resume")
    except KeyboardInterrupt:
        run_id = None if session is None else session.run_id
        saved = None if session is None or session.closed else f"in round {session.saved_round}"
        interrupted_game("fight", run_id, saved, "privateer fight --resume")


@output_options
def sim(
    ctx: typer.Context,
    target: str = typer.Option("merchant", "--target", help=f"What the bots fight: {TARGETS_HELP}"),
    ship: str = typer.Option("pinnace", "--ship", help=SHIPS_HELP),
    hull: int | None = typer.Option(None, "--hull", help="Your hull going in (default full)."),
    crew: list[str] = typer.Option([], "--crew", help=CREW_HELP),
    upgrade: list[str] = typer.Option([], "--upgrade", help=UPGRADE_HELP),
    walls: int = int_option(
        0,
        "--walls",
        0,
        100,
        "Hull over the target's kind's: a voyage's open town has 3 (its rules' town_walls),"
        " and 4 more for each raid it turned out on its guard.",
    ),
    fights: int = int_option(
        2000, "--fights", 1, 1_000_000, "Seeds per bot (0 .. N-1); a million is some minutes."
    ),
    log: bool = typer.Option(
        False, "--log", help="Log every fight as a run, with all its events, to the database."
    ),
    log_batch: int = int_option(
        1000, "--log-batch", 1, 10_000, "Fights per logged batch (one transaction each)."
    ),
    log_timeout: float = float_option(
        30.0,
        "--log-timeout",
        0.1,
        3600.0,
        "Seconds the log writer may go without answering before the command gives up.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    output: Output = Output(),
) -> None:
    """Every card bot against the target over --fights seeds: how the fights end, as shares
    of the fights (destroyed, sunk, fled, got away, parted) and the mean rounds."""
    from contextlib import ExitStack

    from privateer.engine.fight import BOTS, simulate

    _check_target(target)
    outfit = _outfit(ship, crew, upgrade, hull)
    results = []
    writer = None
    if log:
        from privateer.db.connection import check_path
        from privateer.db.log_writer import LogWriter

        path = db_path(ctx)
        with user_errors():
            check_path(path)
        from privateer.engine.fight import MODE

        writer = LogWriter(
            path, batch_runs=log_batch, timeout=log_timeout, notify=note, replays=MODE
        )
    try:
        with ExitStack() as stack:
            stack.enter_context(user_errors())
            if writer is not None:
                stack.enter_context(writer)
            advance = stack.enter_context(counting("fights", len(BOTS) * fights, quiet=quiet))
            for bot in BOTS.values():
                on_played = None
                if writer is not None:
                    on_played = fight_logger(writer, bot.name)
                results.append(simulate(bot, target, outfit, range(fights), on_played, walls))
                advance(fights)
    except KeyboardInterrupt:
        _interrupted(writer)
    if writer is not None:
        note(f"logged {writer.runs} runs, {writer.events} events")
    output.rows(
        [r.to_dict() for r in results],
        ["bot", "ship", "target", "fights", *SIM_FIGURES],
        title=f"{ship} (hull {hull or 'full'}) against {target}{_walled(walls)}, {fights} fights"
        " a bot",
        rates=SIM_RATES,
    )


def _walled(walls: int) -> str:
    return f" (walls +{walls})" if walls else ""


def _interrupted(writer: LogWriter | None) -> NoReturn:
    """Ctrl-C in `sim`: what was logged (read back: the batch in flight is whole or not
    there), in one line; exit 130. The writer has stopped by now."""
    if writer is None:
        note("interrupted: no figures printed (`sim` keeps nothing without --log)")
        raise typer.Exit(INTERRUPTED_EXIT)
    with user_errors():
        count, first, last = writer.logged()
    kept = f"{count} fights logged (runs {first}-{last}), each whole" if count else "none logged"
    note(f"interrupted: {kept}; no figures printed")
    raise typer.Exit(INTERRUPTED_EXIT)


def fight_logger(writer: LogWriter, bot: str) -> OnPlayed:
    """What `simulate` calls with each fight `bot` played: the fight to `writer`, as a run of
    the bots' fights (run mode "sim"), sent as its keeps for the writer to replay (the writer
    is made with `replays=MODE`)."""
    from privateer.db.log_writer import played_row
    from privateer.db.run_options import fight_options_json

    add = writer.add

    def on_played(seed: int, state: Encounter, keeps: list[str]) -> None:
        setup = state.setup
        options = fight_options_json(setup.target, setup.outfit, bot, setup.walls)
        end = None if state.result is None else str(state.result.value)
        add(played_row("sim", seed, options, bot, keeps, end))

    return on_played
