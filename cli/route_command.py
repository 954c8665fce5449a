"""`privateer route FROM TO`: how a ship that knows the whole sea would go."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from privateer.cli.common import Output, fail, output_options, plain_name
from privateer.cli.options import season_option, world_rules_option, world_rules_set
from privateer.cli.worlds import engine_world

if TYPE_CHECKING:
    from privateer.engine.world import World

SEASON_NAMES = ("spring", "summer", "autumn", "winter")


def _place(world: World, text: str) -> tuple[int, str]:
    """A port or place by name (any case, accents folded; a slip is answered with what was
    perhaps meant), or "lon,lat"; a place off the leg graph is snapped to its nearest node."""
    import numpy as np

    from privateer.cli.places import Places, UnknownPlace

    try:
        lon, lat = (float(v) for v in text.split(","))
        name = f"{lon:g},{lat:g}"
    except ValueError:
        try:
            node, name = Places(world).find(text)
        except UnknownPlace as error:
            fail(f"{error} (or give lon,lat)")
        lon, lat = float(world.lon[node]), float(world.lat[node])
    if not (-180.0 <= lon <= 180.0 and -90.0 <= lat <= 90.0):
        fail(f"{text!r}: lon,lat out of range")
    nodes = world.graph_nodes
    dlon = (world.lon[nodes] - lon + 180.0) % 360.0 - 180.0
    near = int(nodes[int(np.argmin(dlon**2 + (world.lat[nodes] - lat) ** 2))])
    return near, name


def _straits(world: World) -> dict[str, frozenset[int]]:
    chains: dict[str, set[int]] = {}
    for node, kind, name in world.features:
        if kind == "strait":
            chains.setdefault(name, set()).add(node)
    return {name: frozenset(nodes) for name, nodes in sorted(chains.items())}


def _strait(chains: dict[str, frozenset[int]], text: str) -> str:
    wanted = plain_name(text)
    found = [name for name in chains if wanted in plain_name(name)]
    if len(found) != 1:
        choices = ", ".join(chains)
        what = "matches several straits" if found else "is no strait"
        fail(f"{text!r} {what}; choose from {choices}")
    return found[0]


@output_options
def route(
    ctx: typer.Context,
    start: str = typer.Argument(..., help="Where from: a port's name, or lon,lat.", metavar="FROM"),
    end: str = typer.Argument(..., help="Where to: a port's name, or lon,lat.", metavar="TO"),
    season: int = season_option("0 spring, 1 summer, 2 autumn, 3 winter (or the name)."),
    rig: str = typer.Option(
        "square", "--rig", help="square (goes round rather than beat) or weatherly."
    ),
    draught: str = typer.Option(
        "shallow", "--draught", help="shallow, or deep (a frigate's or galleon's: keeps off banks)."
    ),
    via: list[str] = typer.Option([], "--via", help="A strait to pass, in order (repeat)."),
    avoid: str = typer.Option("", "--avoid", help="Straits closed, comma-separated."),
    setting: list[str] = world_rules_option("--set route_storm_days=0.5"),
    output: Output = Output(),
) -> None:
    """The cheapest way between two places for a ship that knows the whole sea: each day's step
    weighed by the season's wind and current for her rig (and, by `--set`, the high latitudes'
    storms and ice). `--via` forces straits in order; `--avoid` closes them; `--draught deep` keeps
    off the banks (the Privateer design document: "Banks keep deep keels off"); when that leaves no
    way, says so and exits 1."""
    from privateer.engine.errors import NoRouteError
    from privateer.engine.fight import DRAUGHTS
    from privateer.engine.voyage import bank_at, banks_closed
    from privateer.engine.world import RIGS, high_seas
    from privateer.engine.world import route as find_route

    weighing = high_seas(world_rules_set(setting))

    if rig not in RIGS:
        fail(f"unknown rig {rig!r}; choose square or weatherly")
    if draught not in DRAUGHTS:
        fail(f"unknown draught {draught!r}; choose shallow or deep")
    world = engine_world(ctx)
    a, a_name = _place(world, start)
    b, b_name = _place(world, end)
    chains = _straits(world)
    through = [_strait(chains, v) for v in via]
    closed = [_strait(chains, v) for v in avoid.split(",") if v.strip()]
    if set(through) & set(closed):
        fail("a strait cannot be both --via and --avoid")
    shut = frozenset().union(*(chains[name] for name in closed)) if closed else frozenset()
    banks = banks_closed(world) if draught == "deep" else frozenset()
    aground = next(
        (f"{name} is on the {bank_at(world, n)}" for n, name in ((a, a_name), (b, b_name))
         if n in banks), "the banks closed",
    )  # fmt: skip
    try:
        if a in banks or b in banks:
            raise NoRouteError(aground)
        found = find_route(
            world,
            a,
            b,
            season,
            RIGS.index(rig),
            via=[chains[name] for name in through],
            avoid=shut | banks,
            seas=weighing,
        )
    except NoRouteError:
        restrictions = [f"for a deep keel ({aground})"] if banks else []
        if through:
            restrictions.append(f"through {', '.join(through)}")
        if closed:
            restrictions.append(f"with {', '.join(closed)} closed")
        how = " " + " and ".join(restrictions) if restrictions else ""
        typer.echo(f"error: no route from {a_name} to {b_name}{how}", err=True)
        raise typer.Exit(1) from None
    strait_of = {node: name for name, chain in chains.items() for node in chain}
    passages: list[str] = []
    for node in found.nodes:
        name = strait_of.get(node)
        if name and (not passages or passages[-1] != name):
            passages.append(name)
    seas: list[str] = []
    for node in found.nodes:
        sea = int(world.sea_of_node[node])
        if sea >= 0 and (not seas or seas[-1] != world.seas[sea]):
            seas.append(world.seas[sea])
    result: dict[str, Any] = {
        "from": a_name,
        "to": b_name,
        "season": season,
        "rig": rig,
        "draught": draught,
        "steps": found.steps,
        "nm": round(found.nm, 1),
        "cost": round(found.cost, 2),
        "passages": passages,
        "seas": seas,
        "path": [
            [round(float(world.lon[n]), 4), round(float(world.lat[n]), 4)] for n in found.nodes
        ],
    }
    if output.format.value != "table":
        output.record(result)
        return
    typer.echo(
        f"{a_name} to {b_name}, {SEASON_NAMES[season]}, {rig}-rigged: {found.steps} days, "
        f"{found.nm:,.0f} nm, worth {found.cost:.1f} days of fair sailing"
    )
    typer.echo(f"  straits: {', '.join(passages) or 'none'}")
    typer.echo(f"  seas:    {', '.join(seas) or 'none'}")
