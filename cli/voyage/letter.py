"""Where the letter in hand sends you, in words and for the browser's chart (issue 35): the
region (its bounds, dashed on the chart), the towns of its nation there with the days' sail to
each against the deadline, and the prompt's few words. Renders engine/voyage/letter_where.py's
read; decides nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from privateer.cli.places import days_words
from privateer.engine.voyage import LetterWhere, letter_where_of, region_nodes

if TYPE_CHECKING:
    from privateer.cli.places import Places
    from privateer.engine.voyage import VoyageGame, VoyageState
    from privateer.pipeline.chart.runs import Mark


def where_now(game: VoyageGame, state: VoyageState) -> LetterWhere | None:
    """The engine's read of where the letter in hand sends her (None: no letter in hand)."""
    return letter_where_of(game.world, state, game.rules, game.wrules)


def _degrees(value: float, positive: str, negative: str) -> str:
    return f"{abs(value):g}{positive if value >= 0 else negative}"


def bounds_words(box: tuple[float, float, float, float]) -> str:
    """A region's box as a chart reads it: "90E-135E, 12S-12N"."""
    w, s, e, n = box
    return (
        f"{_degrees(w, 'E', 'W')}-{_degrees(e, 'E', 'W')}, "
        f"{_degrees(s, 'N', 'S')}-{_degrees(n, 'N', 'S')}"
    )


def _sail(days: int) -> str:
    if days == 0:
        return "here"
    return "no way by sea" if days < 0 else f"{days_words(days)}' sail"


def _in_time(days: int, where: LetterWhere) -> str:
    """Whether a sail of `days` comes in by the deadline."""
    if days < 0:
        return ""
    if days <= where.days_left:
        return "in time"
    return f"past the deadline by {days_words(days - where.days_left)}"


def where_lines(where: LetterWhere | None, places: Places | None = None) -> list[str]:
    """The region and its towns, a line each, with the days' sail and the deadline (`letter`
    and `help letter` show them under the letter)."""
    if where is None:
        return []
    due = f"due day {where.deadline}, {days_words(max(0, where.days_left))} left"
    if where.task == "plate_ship":
        if where.word_node < 0:
            return [f"  where: no word of her yet ({due})"]
        near = places.near(where.word_node) if places is not None else f"node {where.word_node}"
        return [
            f"  where: the Admiralty's last word placed her {near}: {_sail(where.word_days)} "
            f"from you ({due}; `rumors` has its cloud)"
        ]
    bounds = "; ".join(bounds_words(box) for box in where.boxes)
    nation = where.nation_name
    if where.inside:
        counts = f": a prize of {nation} taken here counts" if where.task == "prizes" else ""
        here = "you are in it" + counts
    elif where.region_days >= 0:
        here = f"you are {_sail(where.region_days)} from its nearest water"
    else:
        here = "no way there by sea"
    lines = [f"  where: {where.region} ({bounds}; dashed on `chart FILE`), {here}"]
    if where.task == "sack":
        lines.append(f"  the towns of {nation} there (sacking any one does it; {due}):")
    else:
        lines.append(f"  the ports of {nation} there, where her ships come and go ({due}):")
    width = max((len(town.name) for town in where.towns), default=0)
    for town in where.towns:
        kind = "fortified" if town.fortified else "open town"
        when = _in_time(town.days, where) if where.task == "sack" else ""
        raid = f"; {town.raid}" if where.task == "sack" and town.raid != "open" else ""
        sail = _sail(town.days)
        lines.append(
            f"    {town.name:<{width}}  {kind:<9}  {sail}" + (f", {when}" if when else "") + raid
        )
    return lines


def where_mark(where: LetterWhere | None) -> str:
    """Where, in the prompt's few words, after the letter's: ", Batavia 25 days" (the
    nearest town to sack), ", in the Narrow Seas" or ", the Narrow Seas 3 days" (prizes), ",
    her word 12 days" (the plate ship); empty without a letter or a way."""
    if where is None:
        return ""
    if where.task == "plate_ship":
        return f", her word {days_words(where.word_days)}" if where.word_days >= 0 else ""
    if where.task == "sack":
        nearest = next((t for t in where.towns if t.days >= 0), None)
        if nearest is None:
            return ""
        return (
            f", at {nearest.name}"
            if nearest.days == 0
            else f", {nearest.name} {days_words(nearest.days)}"
        )
    if where.inside:
        return f", in {where.region}"
    return f", {where.region} {days_words(where.region_days)}" if where.region_days >= 0 else ""


def _within(boxes: tuple[tuple[float, float, float, float], ...], game: VoyageGame) -> list[Any]:
    """A region's boxes as [W, S, E, N] cut to the world's water (a small world's chart ends
    before the region does), those outside it left out."""
    lon, lat = game.world.lon, game.world.lat
    west, south, east, north = (float(lon.min()), float(lat.min()), float(lon.max()),
                                float(lat.max()))  # fmt: skip
    cut = [[max(w, west), max(s, south), min(e, east), min(n, north)] for w, s, e, n in boxes]
    return [box for box in cut if box[0] < box[2] and box[1] < box[3]]


def where_view(where: LetterWhere | None, game: VoyageGame) -> dict[str, Any] | None:
    """The region and its towns for the browser's chart: boxes as [W, S, E, N] (within the
    world's water), each town with its place, its days' sail and whether that comes in by the
    deadline."""
    if where is None:
        return None
    world = game.world
    return {
        "act": where.act,
        "task": where.task,
        "nation": where.nation,
        "nation_name": where.nation_name,
        "region": where.region,
        "boxes": _within(where.boxes, game),
        "inside": where.inside,
        "region_days": where.region_days,
        "deadline": where.deadline,
        "days_left": where.days_left,
        "towns": [
            {
                "name": town.name,
                "node": town.node,
                "lon": round(float(world.lon[town.node]), 3),
                "lat": round(float(world.lat[town.node]), 3),
                "fortified": town.fortified,
                "days": town.days,
                "in_time": 0 <= town.days <= where.days_left,
                "raid": town.raid,
            }
            for town in where.towns
        ],
        "word": (
            {
                "lon": round(float(world.lon[where.word_node]), 3),
                "lat": round(float(world.lat[where.word_node]), 3),
                "days": where.word_days,
            }
            if where.word_node >= 0
            else None
        ),
    }


def chart_marks(where: LetterWhere | None, day: int) -> tuple[Mark, ...]:
    """The letter's towns as the in-game chart rings them, each titled with its days' sail
    (its region is dashed from the log's letter)."""
    from privateer.pipeline.chart.runs import Mark

    if where is None:
        return ()
    return tuple(
        Mark("letter_town", day, town.node, f"{town.name}: {_sail(town.days)}")
        for town in where.towns
    )


def chart_regions(
    regions: tuple[tuple[str, tuple[int, ...]], ...], where: LetterWhere | None, game: VoyageGame
) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The regions the chart dashes (each letter's the log tells of), with the letter in
    hand's among them whatever the log says."""
    if where is None or not where.boxes or any(name == where.region for name, _ in regions):
        return regions
    nodes = tuple(sorted(region_nodes(game.world, where.region)))
    return (*regions, (where.region, nodes))


def chart_words(where: LetterWhere | None) -> str:
    """The letter in the in-game chart's title: " · act 2: a town to sack in the Indies by day
    270 (ringed)"; empty without one."""
    if where is None or where.task == "plate_ship":
        return ""
    task = "a town to sack" if where.task == "sack" else "prizes"
    return f" · act {where.act}: {task} in {where.region} by day {where.deadline} (ringed)"


def chart_bounds(where: LetterWhere | None) -> list[tuple[float, float]]:
    """The corners of the letter's region, for the in-game chart to take in."""
    if where is None:
        return []
    return [(lon, lat) for w, s, e, n in where.boxes for lon, lat in ((w, s), (e, n))]
