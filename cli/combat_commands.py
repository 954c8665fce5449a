"""`privateer fight` (one encounter, in the terminal) and `privateer sim` (the card bots over
many seeds)."""

from __future__ import annotations

import sys
from contextlib import ExitStack

import typer

from .common import err, fail, global_options, open_db, print_json, print_table, user_errors


def _outfit(ship: str, crew: list[str], upgrades: list[str], hull: int | None) -> object:
    from privateer.engine.outfit import Outfit, OutfitError

    outfit = Outfit(ship=ship, crew=tuple(crew), upgrades=tuple(upgrades), hull=hull)
    try:
        outfit.validate()
    except OutfitError as error:
        fail(str(error))
    return outfit


def _check_target(target: str) -> None:
    from privateer.engine.ships import TARGETS

    if target not in TARGETS:
        fail(f"unknown target {target!r}; choose from {', '.join(TARGETS)}")


def fight(
    ctx: typer.Context,
    seed: int = typer.Option(0, "--seed", help="The same seed plays the same encounter."),
    target: str = typer.Option("merchant", "--target", help="What you fight (see sim --help)."),
    ship: str = typer.Option("pinnace", "--ship", help="pinnace, brigantine, frigate, galleon."),
    crew: list[str] = typer.Option(
        [],
        "--crew",
        help="A hand of note (repeat): master_gunner, "
        "marksmen, quartermaster, boatswain, surgeon, pilot.",
    ),
    upgrade: list[str] = typer.Option(
        [],
        "--upgrade",
        help="An upgrade (repeat): more_guns, sheathed_hull, boarding_nets, chase_guns.",
    ),
    hull: int | None = typer.Option(None, "--hull", help="Come in with this hull."),
    resume: bool = typer.Option(False, "--resume", help="Pick up the fight saved last."),
    run: int | None = typer.Option(None, "--run", help="With --resume: which saved fight."),
) -> None:
    """Play one encounter in the terminal. Keys: 1 2 3 pick (in the order they should
    resolve), enter resolves, ? shows the card words, s breaks off (the fight stays saved).
    Reads piped input too. Every fight is a run in the database, saved after every card."""
    from privateer.db.errors import DatabaseError
    from privateer.db.runlog import (
        RunBuffer,
        load_save,
        next_run_id,
        save_statement,
        write,
    )
    from privateer.engine.encounter import create_encounter
    from privateer.engine.replay import FightRecord

    engine = open_db(ctx)
    raw = engine.raw_connection()
    duck = raw.driver_connection
    try:
        if resume:
            with engine.connect() as conn, user_errors():
                saved = load_save(conn, run)
            state = saved.state
            run_id = saved.run_id
            setup = state.setup
            record = FightRecord(
                setup.target,
                setup.outfit,
                setup.seed,
                state=state,
                actions=list(saved.actions),
                event_offset=saved.next_event_seq,
            )
            typer.echo(f"resuming run {run_id} at round {state.round}")
        else:
            _check_target(target)
            outfit = _outfit(ship, crew, upgrade, hull)
            state, events = create_encounter(target, outfit, seed)  # type: ignore[arg-type]
            record = FightRecord(target, outfit, seed, events=list(events), state=state)  # type: ignore[arg-type]
            run_id = next_run_id(duck)
            buffer = RunBuffer()
            buffer.add_run(run_id, "fight", record, bot=None, finished=False)
            buffer.add_events(run_id, 0, record.events)
            write(duck, buffer, extra=[save_statement(run_id, state)])
            typer.echo(
                f"seed {seed}: your {ship} against {state.setup.target_kind().name} (run {run_id})"
            )
        _play(duck, run_id, record, state)
    except DatabaseError as error:
        fail(str(error))
    finally:
        raw.close()
        engine.dispose()


def _play(duck: object, run_id: int, record: object, state: object) -> None:
    """The terminal loop: read keys, play keeps, log each step with the save."""
    from privateer.db.runlog import RunBuffer, drop_save_statement, save_statement, write
    from privateer.engine.encounter import Encounter, Keep
    from privateer.engine.replay import FightRecord, play_step
    from privateer.engine.settle import settle

    from .render import event_line, glossary_lines, state_lines

    assert isinstance(record, FightRecord) and isinstance(state, Encounter)
    picks: list[int] = []
    while state.result is None:
        typer.echo("")
        for line in state_lines(state):
            typer.echo(line)
        chosen = " then ".join(str(p + 1) for p in picks)
        typer.echo(
            f"keep two (1 2 3, in order{', chosen: ' + chosen if picks else ''}), "
            "? words, s break off > ",
            nl=False,
        )
        line = sys.stdin.readline()
        if not line:
            typer.echo("")
            typer.echo(
                f"input ended: run {run_id} is saved at round {state.round}; "
                "`privateer fight --resume` picks it up"
            )
            return
        text = line.strip().lower()
        if text == "?":
            for g in glossary_lines():
                typer.echo(g)
            continue
        if text == "s":
            typer.echo(
                f"broken off at round {state.round}; run {run_id} is saved, "
                "`privateer fight --resume` picks it up"
            )
            return
        problem = None
        for ch in text.replace(" ", ""):
            if ch not in "123":
                problem = f"{ch!r} is not a key here: pick cards 1, 2 or 3, ? for words, s to stop"
                break
            index = int(ch) - 1
            if index in picks:
                problem = f"card {ch} is already picked"
                break
            if len(picks) == 2:
                problem = "two cards are picked: press enter to resolve"
                break
            picks.append(index)
        if problem:
            typer.echo(problem)
            picks = []
            continue
        if len(picks) < 2:
            continue
        keep = Keep(picks[0], picks[1])
        events_before, checks_before = play_step(record, state, keep)
        new_events = record.events[events_before:]
        for event in new_events:
            rendered = event_line(event)
            if rendered:
                typer.echo(rendered)
        buffer = RunBuffer()
        buffer.add_events(run_id, record.event_offset + events_before, new_events)
        buffer.add_actions(run_id, len(record.actions) - 1, [keep.to_str()])
        buffer.add_checkpoints(run_id, record.checkpoints[checks_before:])
        extra = [save_statement(run_id, state)]
        if state.result is not None:
            settlement = settle(state)
            extra = [
                drop_save_statement(run_id),
                (
                    "UPDATE runs SET outcome = ?, score = ?, rounds = ?, finished_at = now() "
                    "WHERE run_id = ?",
                    [state.result.value, settlement.payout, state.round, run_id],
                ),
            ]
        write(duck, buffer, extra=extra)
        picks = []
    settlement = settle(state)
    typer.echo("")
    typer.echo(
        f"settled: {settlement.outcome.value.replace('_', ' ')}; payout {settlement.payout}"
        f" gold (plunder {settlement.plunder}, bounty {settlement.bounty}); "
        f"your hull {settlement.hull}; rumors {settlement.rumors}"
    )


def _logger(writer: object, bot: str, target: str, outfit: object) -> object:
    from privateer.db.sim_writer import Fight

    def on_fight(seed: int, state: object, actions: list[str]) -> None:
        writer.add(Fight(bot, target, outfit, seed, actions, state.result.value))  # type: ignore[attr-defined]

    return on_fight


def sim(
    ctx: typer.Context,
    target: str = typer.Option(
        "merchant",
        "--target",
        help="merchant, treasure_fleet, "
        "armada, guard_ship, privateer, hunter, corsair, corsair_laden, "
        "war_canoes, sea_monster, town, fortified_port.",
    ),
    ship: str = typer.Option("pinnace", "--ship", help="pinnace, brigantine, frigate, galleon."),
    hull: int | None = typer.Option(None, "--hull", help="Your hull going in (default full)."),
    crew: list[str] = typer.Option([], "--crew", help="A hand of note (repeat)."),
    upgrade: list[str] = typer.Option([], "--upgrade", help="An upgrade (repeat)."),
    fights: int = typer.Option(2000, "--fights", min=1, help="Seeds per bot."),
    log: bool = typer.Option(
        False, "--log", help="Log every fight as a run, with all its events, to the database."
    ),
    log_batch: int = typer.Option(
        1000, "--log-batch", min=1, help="Fights per logged batch (one transaction each)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, one object a bot."),
) -> None:
    """Every card bot against the target over --fights seeds: how the fights end."""
    from rich.progress import Progress

    from privateer.engine.bots import BOTS
    from privateer.engine.sim import simulate

    _check_target(target)
    outfit = _outfit(ship, crew, upgrade, hull)
    results = []
    writer = None
    if log:
        from privateer.db import resolve_db_path
        from privateer.db.connection import check_path
        from privateer.db.sim_writer import SimWriter

        path = resolve_db_path(global_options(ctx).db)
        with user_errors():
            check_path(path)  # the writer opens (and upgrades) it while the fights begin
        writer = SimWriter(path, batch_fights=log_batch)
    with ExitStack() as stack:
        if writer is not None:
            stack.enter_context(user_errors())
            stack.enter_context(writer)
        progress = stack.enter_context(Progress(console=err, transient=True))
        task = progress.add_task("fighting", total=len(BOTS) * fights)
        for bot in BOTS.values():
            progress.update(task, description=f"{bot.name}")
            on_fight = None
            if writer is not None:
                on_fight = _logger(writer, bot.name, target, outfit)
            results.append(simulate(bot, target, outfit, range(fights), on_fight))  # type: ignore[arg-type]
            progress.advance(task, fights)
    if writer is not None:
        for note in writer.notes:
            err.print(note, markup=False, highlight=False)
        err.print(f"logged {writer.runs} runs, {writer.events} events", highlight=False)
    if as_json:
        print_json([r.to_dict() for r in results])
        return
    rows = [
        (
            r.bot,
            f"{r.destroyed:.0%}",
            f"{r.sunk:.0%}",
            f"{r.fled:.0%}",
            f"{r.got_away:.0%}",
            f"{r.parted:.0%}",
            f"{r.mean_rounds:.1f}",
        )
        for r in results
    ]
    print_table(
        f"{ship} (hull {hull or 'full'}) against {target}, {fights} fights a bot",
        ["bot", "destroyed", "sunk", "fled", "got away", "parted", "mean rounds"],
        rows,
    )
