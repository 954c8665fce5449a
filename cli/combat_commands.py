"""`privateer fight` (one encounter, in the terminal) and `privateer sim` (the card bots over
many seeds)."""

from __future__ import annotations

import sys

import typer

from .common import err, fail, print_json, print_table


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
) -> None:
    """Play one encounter in the terminal. Keys: 1 2 3 pick (in the order they should
    resolve), enter resolves, ? shows the card words, s breaks off. Reads piped input too."""
    from privateer.engine.encounter import Keep, act, create_encounter
    from privateer.engine.settle import settle

    from .render import event_line, glossary_lines, state_lines

    _check_target(target)
    outfit = _outfit(ship, crew, upgrade, hull)
    state, _ = create_encounter(target, outfit, seed)  # type: ignore[arg-type]
    typer.echo(f"seed {seed}: your {ship} against {state.setup.target_kind().name}")
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
            typer.echo(f"input ended: the fight is left at round {state.round}")
            return
        text = line.strip().lower()
        if text == "?":
            for g in glossary_lines():
                typer.echo(g)
            continue
        if text == "s":
            typer.echo(f"broken off at round {state.round}; nothing is settled")
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
        for event in act(state, Keep(picks[0], picks[1])):
            rendered = event_line(event)
            if rendered:
                typer.echo(rendered)
        picks = []
    settlement = settle(state)
    typer.echo("")
    typer.echo(
        f"settled: {settlement.outcome.value.replace('_', ' ')}; payout {settlement.payout}"
        f" gold (plunder {settlement.plunder}, bounty {settlement.bounty}); "
        f"your hull {settlement.hull}; rumors {settlement.rumors}"
    )


def sim(
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
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, one object a bot."),
) -> None:
    """Every card bot against the target over --fights seeds: how the fights end."""
    from rich.progress import Progress

    from privateer.engine.bots import BOTS
    from privateer.engine.sim import simulate

    _check_target(target)
    outfit = _outfit(ship, crew, upgrade, hull)
    results = []
    with Progress(console=err, transient=True) as progress:
        task = progress.add_task("fighting", total=len(BOTS))
        for bot in BOTS.values():
            progress.update(task, description=f"{bot.name}: {fights} fights")
            results.append(simulate(bot, target, outfit, range(fights)))  # type: ignore[arg-type]
            progress.advance(task)
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
