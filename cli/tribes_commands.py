"""`privateer tribes ...`: seed 002's Tribes. So far its map: `tribes map` draws the seeded
terrain with the founding sites and says how fair each site is (engine/tribes/mapgen.py)."""

from __future__ import annotations

import json
from typing import Any

import typer

from .common import fail
from .options import int_option, seed_option

app = typer.Typer(
    help="Seed 002's Tribes: dense populations under per-mille policies on a seeded map "
    "(so far the map; the economy and the mode come next)."
)

TERRAIN_NAMES = {
    ".": "plains",
    "f": "forest",
    "h": "hills",
    "m": "mountain",
    "w": "ocean",
    "r": "river",
    "s": "swamp",
    "t": "steppe",
    "a": "arctic",
    "v": "volcano",
    "O": "ore vein",
    "G": "gold vein",
}
MAX_SIZE = 512


@app.command("map")
def map_command(
    seed: int = seed_option("The map's seed (folded to 32 bits, as splitmix32 takes it)."),
    size: int = int_option(64, "--size", 32, MAX_SIZE, "Tiles a side (32-512)."),
    tribes: int = int_option(4, "--tribes", 1, 8, "Founding sites on the spawn ring (1-8)."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object: rows, spawns, counts."),
) -> None:
    """Draw the seeded Tribes map: its terrain characters with each tribe's founding site as
    its number (1-8), the tiles of each terrain, and each site's fairness figures within
    Chebyshev 8 (plains >= 20, forest >= 10, water-adjacent >= 3, hills >= 6, ore >= 1)."""
    from privateer.engine.tribes import fairness, generate

    try:
        world = generate(seed, size, tribes)
    except ValueError as error:
        fail(str(error))
    counts = world.counts()
    sites = [_site(i, xy, fairness(world.rows, xy)) for i, xy in enumerate(world.spawns)]
    if as_json:
        out: dict[str, Any] = {
            "seed": seed,
            "size": size,
            "tribes": tribes,
            "rows": list(world.rows),
            "spawns": sites,
            "counts": {TERRAIN_NAMES[c]: n for c, n in counts.items()},
            "digest": world.digest(),
        }
        typer.echo(json.dumps(out))
        return
    rows = [list(row) for row in world.rows]
    for i, (x, y) in enumerate(world.spawns):
        rows[y][x] = str(i + 1)
    typer.echo(f"Tribes map, seed {seed}, {size}x{size}, {tribes} tribes (sites as 1-{tribes})")
    for row in rows:
        typer.echo("".join(row))
    typer.echo("")
    typer.echo("  ".join(f"{c} {TERRAIN_NAMES[c]} {n}" for c, n in counts.items()))
    typer.echo("")
    typer.echo("tribe  site      plains  forest  water-adj  hills  ore  fair")
    for s in sites:
        typer.echo(
            f"{s['tribe']:>5}  {s['x']:>3},{s['y']:<3}  {s['plains']:>6}  {s['forest']:>6}  "
            f"{s['water_adjacent']:>9}  {s['hills']:>5}  {s['ore']:>3}  "
            f"{'yes' if s['fair'] else 'NO'}"
        )


def _site(index: int, xy: tuple[int, int], figures: Any) -> dict[str, Any]:
    return {
        "tribe": index + 1,
        "x": xy[0],
        "y": xy[1],
        "plains": figures.plains,
        "forest": figures.forest,
        "water_adjacent": figures.water_adjacent,
        "hills": figures.hills,
        "ore": figures.ore,
        "fair": figures.holds(),
    }
