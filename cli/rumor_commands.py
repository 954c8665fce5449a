"""`privateer bar PORT` (a night in a port's bar) and `privateer rumors` (what a chart is
worth): rumors, bought by the round."""

from __future__ import annotations

from typing import Any

import typer

from privateer.cli.common import Output, fail, output_options
from privateer.cli.options import (
    DAYS_MAX,
    float_option,
    int_option,
    seed_option,
    world_rules_option,
    world_rules_set,
)
from privateer.cli.worlds import engine_world
from privateer.engine.voyage import FULL
from privateer.engine.world import KINDS

ROUND_GOLD = FULL.round_gold  # the voyage's price of a round: one number, the voyage's rules


@output_options
def bar(
    ctx: typer.Context,
    port: str = typer.Argument(..., help="The port whose bar you drink in.", metavar="PORT"),
    seed: int = seed_option("The world's seed."),
    day: int = int_option(100, "--day", 0, DAYS_MAX, "The day of the world."),
    rounds: int = int_option(5, "--rounds", 1, 50, f"Rounds you stand ({ROUND_GOLD} gold each)."),
    nights: int = int_option(
        1,
        "--nights",
        1,
        DAYS_MAX,
        "Drink there this many nights running (from --day) and print, per round, how "
        "often something was heard, how reliable and how old: the bar's figures measured.",
    ),
    output: Output = Output(),
) -> None:
    """A night in PORT's bar on --day of the world run from --seed: each round you stand the
    house, what was heard (a ship's kind and flag, where and how many days ago, and how far to
    trust it) or nothing. The room gets drunker each round."""
    from privateer.cli.places import Places, UnknownPlace, find_port
    from privateer.engine.world import (
        CENTURY,
        advance,
        create_world,
        describe_rumor,
        stand_a_round,
    )

    world = engine_world(ctx)
    try:
        index = find_port(world, port)
    except UnknownPlace as error:
        fail(f"{error} (`privateer world info` lists the ports by nation)")
    if world.ports[index].native:
        fail(f"{world.ports[index].name} is an islanders' harbour: no bar")
    state, _ = create_world(world, seed, CENTURY)
    for _ in range(day):
        advance(world, state, rules=CENTURY)
    if nights > 1:
        from privateer.engine.world import survey

        output.rows(
            survey(world, state, CENTURY, index, nights, rounds),
            ["round", "nights", "heard_rate", "mean_reliability", "mean_days_old"],
            title=f"{nights} nights in {world.ports[index].name}'s bar from day {day}, "
            f"world seed {seed}",
            rates=("heard_rate",),
        )
        return
    rows: list[dict[str, Any]] = []
    for number in range(1, rounds + 1):
        rumor = stand_a_round(world, state, CENTURY, index)
        row: dict[str, Any] = {"round": number, "heard": rumor is not None}
        keys = ("ship_kind", "flag", "node", "lon", "lat", "days_old", "reliability")
        row.update({k: None for k in keys})
        if rumor is not None:
            told = describe_rumor(world, rumor, state.day)
            row.update({k: told[k] for k in keys})
        rows.append(row)
    if output.format.value != "table":
        output.rows(rows)
        return
    name = world.ports[index].name
    typer.echo(f"{name}, day {day} of the world from seed {seed}: {ROUND_GOLD} gold a round")
    places = Places(world)
    for row in rows:
        if not row["heard"]:
            typer.echo(f"  round {row['round']}: nothing worth the drink")
            continue
        flag = world.nation_names[world.nations.index(row["flag"])] if row["flag"] else "nobody"
        typer.echo(
            f"  round {row['round']}: a {row['ship_kind'].replace('_', ' ')} of {flag} "
            f"{places.near(row['node'])}, {_ago(row['days_old'])} "
            f"(reliability {row['reliability']:.2f})"
        )


@output_options
def rumors(
    ctx: typer.Context,
    count: int = int_option(80, "--rumors", 5, 2000, "Rumors sampled."),
    reliability: float = float_option(
        0.9, "--reliability", 0.05, 1.0, "How far each rumor is to be trusted."
    ),
    seed: int = seed_option("The world's seed."),
    kind: list[str] = typer.Option(
        [],
        "--kind",
        help="Only rumors of ships of this kind (repeatable): "
        f"{', '.join(k.name for k in KINDS if k.flagged)}. Default: every kind but monsters.",
    ),
    setting: list[str] = world_rules_option("--set cloud_voyages=true"),
    output: Output = Output(),
) -> None:
    """What a chart is worth: for rumors of --reliability about random ships, the search area
    (the fewest nodes holding 70% of the cloud of where she could be) and how often the ship
    is really inside it, by the rumor's age (2, 4, 8, 12 days) and by how much of the sea is
    charted (a blank chart, the Caribbean's waters, the whole sea)."""
    from privateer.engine.world import chart_worth_of, kind_index

    wrules = world_rules_set(setting)
    try:
        kinds = tuple(kind_index(k) for k in kind) or None
    except ValueError as error:
        fail(str(error))
    world = engine_world(ctx)
    try:
        rows = chart_worth_of(
            world, seed, count, round(reliability * 1000), kinds=kinds, rules=wrules
        )
    except ValueError as error:
        fail(str(error))
    output.rows(
        rows,
        ["chart", "age_days", "search_nodes", "hit_rate"],
        title=f"{count} rumors of {', '.join(kind) or 'every kind'} at reliability "
        f"{reliability:g}, world seed {seed}, rules {wrules.name}",
        rates=("hit_rate",),
    )


def _ago(days: int) -> str:
    return "today" if days == 0 else "a day ago" if days == 1 else f"{days} days ago"
