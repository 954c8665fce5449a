"""`privateer grounds`: the cruising grounds a captain weighs as she sets out, the best of each
water with what it is worth and how far it lies, so whether a captain crosses an ocean can be
read off the numbers it chose by (engine/voyage/grounds.py)."""

from __future__ import annotations

from typing import Any

import typer

from privateer.cli.common import Output, fail, output_options
from privateer.cli.options import int_option, seed_option
from privateer.cli.worlds import engine_world

SHIPS_HELP = "The ship she reckons with (her kind's hull decides which towns she could carry)."


@output_options
def grounds(
    ctx: typer.Context,
    rules: str = typer.Option(
        "classic", "--rules", help="The voyage ruleset: classic, dilemmas, late, lookout, full."
    ),
    captain: str = typer.Option(
        "", "--captain", help="The captain bot who reckons (default: the rules' own)."
    ),
    ship: str = typer.Option("", "--ship", help=SHIPS_HELP + " Default: the one she starts in."),
    seed: int = seed_option("The voyage's seed (the wars she sets out into)."),
    every: bool = typer.Option(
        False, "--all", help="Every ground in reach, not only the best of each water."
    ),
    days: int | None = int_option(
        None, "--days", 1, 20_000, "The days she has (the rules' own: 730)."
    ),
    output: Output = Output(),
) -> None:
    """The grounds the captain weighs on the day she sets out: for each water (the Caribbean,
    the Indian Ocean, the China seas, the Pacific, and the rest of the Atlantic and the
    Mediterranean) its best ground
    (the water round an enemy port), the days out and home, the gold a day it pays (its
    merchants, and the towns her ship could carry), and what it is worth over the days it
    would be worked (the days she has, less the passage out and home and those kept in hand).
    A captain that picks its ground so (world, raider, raider10, raider12: classic's own) goes
    to the one worth most of all; ours and seed follow rumors instead."""
    from privateer.engine.fight import SHIPS
    from privateer.engine.voyage import (
        RULESETS,
        VoyageGame,
        captain_for,
        find_captain,
        water_of,
    )
    from privateer.engine.world import find_world_rules

    if rules not in RULESETS:
        fail(f"no rules {rules!r}: one of {', '.join(RULESETS)}")
    if ship and ship not in SHIPS:
        fail(f"no ship {ship!r}: one of {', '.join(SHIPS)}")
    try:
        reckoner = find_captain(captain or captain_for(rules))
    except ValueError as error:
        fail(str(error))
    world = engine_world(ctx)
    voyage_rules = RULESETS[rules]
    game = VoyageGame(
        world, voyage_rules, find_world_rules(voyage_rules.world_rules),
        days=voyage_rules.days if days is None else days,
    )  # fmt: skip
    state, _ = game.new_initial_state(seed)
    if ship:
        state.ship = ship
    found = reckoner.grounds(game, state)
    rows: list[dict[str, Any]] = []
    for ground in sorted(found, key=lambda g: (-g.worth, g.days, g.anchor)):
        port = world.ports[ground.anchor]
        sea = int(world.sea_of_node[ground.node])
        water = water_of(world.seas[sea]) if sea >= 0 else "open sea"
        rows.append(
            {
                "water": water, "port": port.name, "nation": world.nations[port.nation],
                "days_out": ground.days, "days_home": ground.home_days,
                "gold_a_day": round(ground.rate, 3), "worth": round(ground.worth, 1),
            }
        )  # fmt: skip
    if not every:
        best: dict[str, dict[str, Any]] = {}
        for row in rows:
            best.setdefault(row["water"], row)
        rows = list(best.values())
    output.rows(rows, ["water", "port", "nation", "days_out", "days_home", "gold_a_day", "worth"])
