"""`privateer voyage`: whole runs with the captain bot, summarised the way the Privateer design
document's `npm run voyage` measured them, and optionally logged with every event and action."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from privateer.cli.common import (
    INTERRUPTED_EXIT,
    Output,
    db_path,
    fail,
    needs_input,
    note,
    output_options,
    stopped_waiting,
    user_errors,
)
from privateer.cli.options import DAYS_MAX, int_option, run_option, seed_option
from privateer.cli.progress import QUIET_HELP, counting
from privateer.cli.tui import PLAIN_HELP, full_screen
from privateer.cli.worlds import engine_world

if TYPE_CHECKING:
    from privateer.engine.voyage import VoyageRules
    from privateer.engine.world import World

CAPTAIN_HELP = (
    "ours: the captain bot at its best (it reads a ship before it engages, keeps the score on the"
    " home stretch); seed: as the Privateer design document's bot played the late game (blind to "
    "the home stretch, engaging without the read), to measure the document's stages as it did; "
    "world: ours, reckoning the whole sea (it sails for the cruising ground worth most over the "
    "days it has left, against the passage there and home); raider: world, raiding open towns "
    "from its first pinnace as the design document's bot did, falling back to the boats at half "
    "hull; raider12 and raider10: raider, keeping 12 or 10 gold back, not 15 (its master gunner "
    "comes sooner). Any with some of its numbers changed: 'raider10[reserve=8,raid_margin=6]'. "
    "Default: the ruleset's own, raider10 for classic, ours for the rest"
)
RULES_HELP = (
    "The design document's stage: classic (before dilemmas), dilemmas (storms, shares, castaways "
    "ask; raid guard, prize cards, wages), late (+ renown, home stretch, captives), lookout (+ "
    "seeing her first, the read of a ship), full (+ letters of marque) or drake (Drake's circuit "
    "round the world, the ultimate win), each in the century's world (forts' guns, banks, "
    "islanders, strike colours); or one of them with some of its numbers changed, as a "
    "study's point is: 'full[letter_reward.0=20]'"
)


@output_options
def voyage(
    ctx: typer.Context,
    runs: int = int_option(100, "--runs", 1, 100_000, "Runs to play."),
    days: int | None = int_option(
        None,
        "--days",
        1,
        DAYS_MAX,
        "The longest a run lasts (the rules' own: 730; drake 1,100).",
    ),
    seed: int = seed_option("The first run's seed (then +1 each)."),
    rules: str = typer.Option("full", "--rules", help=RULES_HELP),
    captain: str | None = typer.Option(None, "--captain", help=CAPTAIN_HELP, show_default=False),
    log: bool = typer.Option(
        False, "--log", help="Log every run (mode voyage) with its events, actions and checkpoints."
    ),
    workers: int = int_option(
        0,
        "--workers",
        0,
        256,
        "Processes to play on (dask LocalCluster); 0: one per core; 1: this process.",
    ),
    scheduler: str | None = typer.Option(
        None,
        "--scheduler",
        help="Play on a running dask cluster: its scheduler's address (tcp://HOST:PORT; the "
        "port defaults to 8786). One that does not answer within 10 s is an error.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    output: Output = Output(),
) -> None:
    """Play --runs whole voyages with the captain bot from --seed on and summarise them: won,
    sunk (and by what), alive at the end, the day the winners came home, raids, prizes,
    storms, omens and mutinies a run, and the gold they ended with. A worker lost mid-batch
    has its batch played again and written once. Ctrl-C stops: every run written stays
    (committed, replayable), one line says how many were played and which were logged, exit
    130."""
    from privateer.cli.voyage.batch import (
        ClusterError,
        cluster,
        default_workers,
        run_voyages,
        scheduler_address,
    )
    from privateer.db.interrupts import held
    from privateer.engine.variants import split_variant
    from privateer.engine.voyage import captain_for, find_captain, find_voyage_rules, summarise
    from privateer.engine.world import find_world_rules

    try:  # a ruleset, or a variant of one (`full[letter_reward.0=20]`), as sweep's points are
        chosen = find_voyage_rules(rules)
    except ValueError as error:
        fail(str(error))
    days = chosen.days if days is None else days
    captain = captain_for(split_variant(rules)[0]) if captain is None else captain.strip()
    try:
        find_captain(captain)
    except ValueError as error:
        fail(str(error))
    if scheduler is not None:
        try:
            scheduler = scheduler_address(scheduler)
        except ValueError as error:
            fail(str(error))
    seeds = list(range(seed, seed + runs))
    ready: dict[str, Any] = {}

    def prepare() -> None:
        """The world read and checked and the log opened, while the cluster's workers start."""
        world = engine_world(ctx)
        _has_the_ports(world, chosen)
        ready["world"] = world
        if log:
            from privateer.db.run_store import RunStore

            with user_errors():
                ready["store"] = RunStore(db_path(ctx), notify=note)

    results: list[Any] = []
    logged: list[int] = []
    workers = workers or default_workers()
    try:
        with (
            cluster(workers, scheduler, meanwhile=prepare) as client,
            counting("voyages", runs, quiet=quiet) as advance,
            user_errors(),
        ):
            world, store = ready["world"], ready.get("store")
            for _, played in run_voyages(
                world,
                seeds,
                chosen,
                find_world_rules(chosen.world_rules),
                days,
                keep_records=log,
                workers=workers,
                client=client,
                captain=captain,
            ):
                results.extend(r for r, _ in played)
                if store is not None:
                    records = [rec for _, rec in played if rec is not None]
                    with held():  # a batch is committed and counted below, or not begun
                        logged.extend(_write(store, records, world.content_hash, bot=_bot(captain)))
                advance(len(played))
    except ClusterError as error:
        fail(f"{error}; logged runs {ranges_text(logged)} stay" if logged else str(error))
    except KeyboardInterrupt:
        note(interrupted_voyages(len(results), seed, runs, logged if log else None))
        raise typer.Exit(INTERRUPTED_EXIT) from None
    summary = summarise(results, ready["world"].seas)
    summary["rules"] = chosen.name
    summary["world_rules"] = chosen.world_rules  # the living world it was played in
    if captain != "ours":
        summary["captain"] = captain
    if logged:
        note(f"logged runs {ranges_text(logged)}")
        summary["run_ids"] = [list(pair) for pair in id_ranges(logged)]
    output.record(summary)


def interrupted_voyages(played: int, seed: int, runs: int, logged: list[int] | None) -> str:
    """What Ctrl-C kept of `voyage`: the runs logged, each whole (batches are written in seed
    order, so they are the first seeds), and the command that plays the rest; without --log,
    nothing."""
    if logged is None:
        return (
            f"interrupted after {played} of {runs} voyages: nothing is kept "
            "(`--log` keeps each run as its batch ends)"
        )
    done = len(logged)
    kept = (
        f"{done} runs logged ({ranges_text(logged)}, seeds {seed}-{seed + done - 1}), each whole"
        if logged
        else "no run logged"
    )
    if done == runs:
        return f"interrupted: {kept}; none was left to play"
    return (
        f"interrupted: {kept}; seeds {seed + done}-{seed + runs - 1} not logged "
        f"(`--seed {seed + done} --runs {runs - done}` plays them)"
    )


def ranges_text(ids: list[int]) -> str:
    """ "1011-1014, 1018-1020, 1027": the ids as the ranges they fill."""
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in id_ranges(ids))


def id_ranges(ids: list[int]) -> list[tuple[int, int]]:
    """Run ids as the (first, last) ranges they fill: each batch's ids are consecutive, but
    another writer's runs may fall between two batches.

    >>> id_ranges([1011, 1012, 1013, 1014, 1018, 1019, 1027])
    [(1011, 1014), (1018, 1019), (1027, 1027)]
    """
    ranges: list[tuple[int, int]] = []
    for run_id in sorted(ids):
        if ranges and run_id == ranges[-1][1] + 1:
            ranges[-1] = (ranges[-1][0], run_id)
        else:
            ranges.append((run_id, run_id))
    return ranges


def _has_the_ports(world: World, rules: VoyageRules) -> None:
    """The rules' start and home ports are in this world, or one line."""
    missing = [p for p in (rules.start_port, rules.home_port) if p not in world.port_by_name]
    if missing:
        fail(f"this world has no {missing[0]}: build the whole world (`world build`)")


def _bot(captain: str) -> str:
    """The bot a logged run names: the captain bot, or the seed's."""
    return "captain" if captain == "ours" else f"captain-{captain}"


def _write(
    store: Any,
    records: list[Any],
    world_hash: str,
    options: dict[str, Any] | None = None,
    bot: str = "captain",
) -> list[int]:
    """Log captain-bot voyages in one transaction; their run ids. `options` adds to what each
    run's options say (a study's runs name their study and the rules it turned)."""
    from privateer.cli.batch import log_records

    def options_of(record: Any) -> dict[str, Any]:
        state = record.state
        return {"rules": state.rules, "days": state.last_day, **(options or {})}

    from privateer.engine.voyage import MODE

    return log_records(
        store,
        MODE,
        [timed.record for timed in records],
        options_of,
        bot=bot,
        world_hash=world_hash,
        played=[(timed.started_at, timed.finished_at) for timed in records],
    )


def play(
    ctx: typer.Context,
    seed: int = seed_option("The world and the run's seed."),
    rules: str = typer.Option("full", "--rules", help=RULES_HELP),
    days: int | None = int_option(
        None,
        "--days",
        1,
        DAYS_MAX,
        "The longest the run lasts (the rules' own: 730; drake 1,100).",
    ),
    resume: bool = typer.Option(False, "--resume", help="Pick up the voyage saved last."),
    run: int | None = run_option("Pick up this run's saved voyage (implies --resume)."),
    new: bool = typer.Option(
        False,
        "--new",
        help="Start afresh: a voyage of this seed and rules still in progress is abandoned "
        "(marked so; its events stay). Without --new or --resume, `play` asks.",
    ),
    debug: bool = typer.Option(
        False, "--debug", help="Show the graph's node ids beside the places named."
    ),
    plain: bool = typer.Option(False, "--plain", help=PLAIN_HELP),
) -> None:
    """The voyage in the terminal: on a full screen when both ends are a terminal (the chart,
    status, ship, what is in sight and the log in view; keys act, `:` opens the command line,
    `?` is help), a line at a time when piped or with --plain. Set a course to a
    port or LON,LAT and sail a day (`sail`) or until something stops you (`go`); in port the
    bar, hiring, the yard, striking a card, bribes, the pardon, a raid; at sea attack or let
    pass, fight a card at a time, answer what the crew and the sea ask; read the ship sheet,
    politics, what is in sight, rumors; `chart FILE.png` draws the sea round you with your
    track. `help` lists the commands, `help CMD` one of them. Acts that change the run (a raid
    or an attack that costs a friend, turning pirate, long idling, the last day) ask first
    (y/N; no answer is no). Every voyage is a run, saved after every day and every card; the
    database is not held while the game waits for you. A voyage of the same seed and rules
    still in progress is offered back first (resume or abandon; piped input without an answer
    passes --resume or --new); `privateer saves list` shows every run in progress, its day,
    gold and where. Ctrl-C exits 130 saying the day the run is saved on; if another process
    holds the database, a save waits for it (saying so), and Ctrl-C then keeps the last save."""
    needs_input("play")
    from privateer.cli.voyage import choice as voyage_choice
    from privateer.cli.voyage import screen as voyage_screen
    from privateer.cli.voyage.goal import opening_line
    from privateer.cli.voyage.session import VoyageSession
    from privateer.db.errors import WaitInterrupted
    from privateer.db.interrupts import held, interrupted
    from privateer.db.run_store import RunStore
    from privateer.engine.voyage import find_voyage_rules

    resuming = resume or run is not None
    if resuming and new:
        fail("--new starts afresh and --resume picks up: one or the other")
    try:  # a ruleset, or a variant of one (`full[letter_reward.0=20]`)
        chosen = find_voyage_rules(rules)
    except ValueError as error:
        fail(str(error))
    world = engine_world(ctx)
    _has_the_ports(world, chosen)
    session: VoyageSession | None = None
    try:
        with user_errors():
            store = RunStore(db_path(ctx), notify=note, patient=True)
            if not resuming:
                picked = voyage_choice.settle(store, seed, rules, new=new)
                resuming, run = picked is not None, picked
            if resuming:
                session = VoyageSession.pick_up(store, world, run)
                session.debug = debug
                opening = [
                    f"resuming run {session.run_id} on day {session.state.day}",
                    opening_line(session.game.rules, session.state),
                ]
            else:
                days = chosen.days if days is None else days
                with held():  # Ctrl-C waits: the run begun is the one Ctrl-C names
                    session = VoyageSession.begin(store, world, seed, chosen.name, days)
                session.debug = debug
                opening = [
                    f"seed {seed}: a privateer out of {chosen.start_port} in a "
                    f"{chosen.start_ship} with {session.state.gold} gold (run {session.run_id})",
                    opening_line(chosen, session.state),
                    "`help` lists the commands, `help CMD` says more of one.",
                ]
            if plain or not full_screen():
                for line in opening:
                    typer.echo(line)
                voyage_screen.run(session)
            else:
                from privateer.cli.tui.voyage_app import VoyageApp

                said = VoyageApp(session, opening).run()
                if said:
                    typer.echo(said)
    except WaitInterrupted:
        stopped_waiting(session.run_id if session else None, "privateer play --resume")
    except KeyboardInterrupt:
        voyage_choice.interrupted(session)
    except Exception as error:  # a Ctrl-C that surfaced as another error
        if not interrupted(error):
            raise
        voyage_choice.interrupted(session)
