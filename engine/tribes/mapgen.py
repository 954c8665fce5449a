"""The Tribes map of the Tribes design document: a square of terrain characters, seeded, 64x64 by
default and any size from 32 up, with its spawn ring and the fairness terraforming around every
founding site.

Terrain: `.` plains, `f` forest, `h` hills, `m` mountain, `w` ocean (and lakes; impassable),
`r` river (passable), `s` swamp, `t` steppe, `a` arctic, `v` volcano, `O` ore vein and `G` gold
vein (both hills-class). Water is `w` and `r`; land is everything else.

Layout, in this order (the PRNG, splitmix32 seeded with the seed, is drawn only in steps 1, 3,
4, 5, 6 and 7, each in the order given, so a map is a pure function of (seed, size, tribes)):

1. Ocean border: two tiles deep everywhere, each border column/row then 0-2 tiles deeper
   (one rng(3) per edge position: north x=0..size-1, then south, west y=0..size-1, east).
2. Bands (no draws): arctic caps of 10 rows and steppe bands of 6 rows, north and south, at
   64; scaled with the size (10*size//64, 6*size//64). Ocean stays ocean.
3. Blobs: forest, hills, mountain, swamp in that order, BLOB_COUNTS of each at 64 scaled by
   area; each a disc (x, y, radius drawn in that order) over any land.
4. Volcanoes: VOLCANO_TRIES positions drawn (x, y); each that falls on land becomes `v`.
5. Lakes: LAKES at 64 scaled by area; each a disc of `w` (x, y, radius).
6. Rivers: 1 + rng(2) of them; each rises at a drawn column below the north arctic cap and
   walks south, one rng(4) a step (0 west, 1 east, 2-3 south), until it meets `w`.
7. Veins: ore, then gold, on hills and mountain tiles by a partial Fisher-Yates draw over
   them in row-major order; caps 35 ore and 8 gold at 64, scaled by area, less one ore a
   tribe kept for the terraforming (so the caps hold after it).
8. Spawns and fairness (no draws): see `spawn_ring` and `_terraform`.

Every number not in the seed is a named constant marked "chosen".
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .rng import SplitMix32

TERRAIN = ".fhmwrstavOG"
PLAINS, FOREST, HILLS, MOUNTAIN, OCEAN, RIVER = ".", "f", "h", "m", "w", "r"
SWAMP, STEPPE, ARCTIC, VOLCANO, ORE, GOLD = "s", "t", "a", "v", "O", "G"
WATER = frozenset({OCEAN, RIVER})
HILLS_CLASS = frozenset({HILLS, MOUNTAIN, ORE, GOLD})
VEIN_HOSTS = frozenset({HILLS, MOUNTAIN})

DEFAULT_SIZE = 64
MIN_SIZE = 32
REFERENCE_AREA = DEFAULT_SIZE * DEFAULT_SIZE

BORDER_SOLID = 2  # the seed: solid 2
BORDER_RAGGED = 4  # the seed: ragged to 4
ARCTIC_ROWS = 10  # the seed, at 64
STEPPE_ROWS = 6  # the seed, at 64
VOLCANO_TRIES = 2  # the seed: up to 2 volcanoes
LAKES = 5  # the seed, at 64
ORE_VEINS = 35  # the seed: at most, at 64
GOLD_VEINS = 8  # the seed: at most, at 64

BLOB_COUNTS = ((FOREST, 10), (HILLS, 6), (MOUNTAIN, 4), (SWAMP, 4))  # chosen, at 64
BLOB_RADIUS_MIN, BLOB_RADIUS_SPREAD = 2, 3  # chosen: radius 2..4
LAKE_RADIUS_MIN, LAKE_RADIUS_SPREAD = 1, 2  # chosen: radius 1..2
PLACE_MARGIN = 4  # chosen: blob, lake and volcano centres stay this far inside the edge

SPAWN_RADIUS_NUM, SPAWN_RADIUS_DEN = 3, 8  # the seed: radius 3/8 x size
# The 16-point circle without trig: cos and sin of k x 22.5 degrees in thousandths (chosen
# rounding of the exact values), k = 0 east, then anticlockwise as drawn (k = 4 north: y grows
# southward, so the y offset is minus the sine, which is the cosine table shifted by 4).
RING_COS = (1000, 924, 707, 383, 0, -383, -707, -924, -1000, -924, -707, -383, 0, 383, 707, 924)
RING_DY = RING_COS[4:] + RING_COS[:4]
RING_POINTS = 16

FAIR_RADIUS = 8  # the seed: Chebyshev radius 8
FAIR_PLAINS, FAIR_FOREST, FAIR_WATER_ADJACENT, FAIR_HILLS, FAIR_ORE = 20, 10, 3, 6, 1  # the seed


def _scaled(count_at_64: int, size: int) -> int:
    """A count given at 64x64 scaled by area (at least 1)."""
    return max(1, count_at_64 * size * size // REFERENCE_AREA)


def vein_caps(size: int) -> tuple[int, int]:
    """(ore, gold) caps at this size: the seed's 35 and 8 at 64, scaled by area."""
    return _scaled(ORE_VEINS, size), _scaled(GOLD_VEINS, size)


@dataclass(frozen=True)
class Fairness:
    """What a founding site has within Chebyshev 8 (tiles off the map do not count)."""

    plains: int
    forest: int
    water_adjacent: int
    hills: int  # hills-class: h, m, O, G
    ore: int

    def holds(self) -> bool:
        """Whether every one of the seed's minimums is met."""
        return (
            self.plains >= FAIR_PLAINS
            and self.forest >= FAIR_FOREST
            and self.water_adjacent >= FAIR_WATER_ADJACENT
            and self.hills >= FAIR_HILLS
            and self.ore >= FAIR_ORE
        )


@dataclass(frozen=True)
class TribesMap:
    """A generated map: rows of terrain characters (row 0 north) and the founding sites as
    (x, y), tribe 0 first."""

    seed: int
    size: int
    rows: tuple[str, ...]
    spawns: tuple[tuple[int, int], ...]
    rng_state: int = 0  # splitmix32's state after the map's last draw (later draws go on)

    def at(self, x: int, y: int) -> str:
        return self.rows[y][x]

    def counts(self) -> dict[str, int]:
        """Tiles of each terrain, in TERRAIN order."""
        return {c: sum(row.count(c) for row in self.rows) for c in TERRAIN}

    def digest(self) -> str:
        """sha256 of the rows and the spawns (what a golden test pins)."""
        text = "\n".join(self.rows) + "\n" + ";".join(f"{x},{y}" for x, y in self.spawns)
        return hashlib.sha256(text.encode()).hexdigest()


def spawn_ring(size: int, tribes: int) -> list[tuple[int, int]]:
    """The founding sites: the 16-point integer circle of radius 3/8 x size about the centre
    (size//2, size//2); tribe i takes point i*16//tribes (4 tribes: east, north, west, south).
    Offsets are radius x the thousandths table, rounded half up."""
    if not 1 <= tribes <= RING_POINTS:
        raise ValueError(f"between 1 and {RING_POINTS} tribes, not {tribes}")
    centre = size // 2
    radius = size * SPAWN_RADIUS_NUM // SPAWN_RADIUS_DEN
    sites = []
    for i in range(tribes):
        k = i * RING_POINTS // tribes
        dx = (2 * radius * RING_COS[k] + 1000) // 2000
        dy = (2 * radius * RING_DY[k] + 1000) // 2000
        sites.append((centre + dx, centre + dy))
    return sites


def generate(seed: int, size: int = DEFAULT_SIZE, tribes: int = 4) -> TribesMap:
    """The map for (seed, size, tribes), its layout in the module's order."""
    if size < MIN_SIZE:
        raise ValueError(f"a map is at least {MIN_SIZE} tiles square, not {size}")
    if seed < 0:
        raise ValueError(f"the seed cannot be negative ({seed})")
    rng = SplitMix32(seed)
    grid = [[PLAINS] * size for _ in range(size)]
    _border(grid, rng)
    _bands(grid)
    _blobs(grid, rng)
    _volcanoes(grid, rng)
    _lakes(grid, rng)
    _rivers(grid, rng)
    ore_cap, gold_cap = vein_caps(size)
    _veins(grid, rng, ORE, max(0, ore_cap - tribes))
    _veins(grid, rng, GOLD, gold_cap)
    sites = spawn_ring(size, tribes)
    _terraform(grid, sites, ore_cap)
    return TribesMap(seed, size, tuple("".join(row) for row in grid), tuple(sites), rng.state)


def _border(grid: list[list[str]], rng: SplitMix32) -> None:
    size = len(grid)
    spread = BORDER_RAGGED - BORDER_SOLID + 1
    for side in range(4):  # north, south, west, east
        for i in range(size):
            depth = BORDER_SOLID + rng.rng(spread)
            for d in range(depth):
                x, y = [(i, d), (i, size - 1 - d), (d, i), (size - 1 - d, i)][side]
                grid[y][x] = OCEAN


def _band_rows(size: int) -> tuple[int, int]:
    return ARCTIC_ROWS * size // DEFAULT_SIZE, STEPPE_ROWS * size // DEFAULT_SIZE


def _bands(grid: list[list[str]]) -> None:
    size = len(grid)
    arctic, steppe = _band_rows(size)
    for d in range(arctic + steppe):
        tile = ARCTIC if d < arctic else STEPPE
        for y in (d, size - 1 - d):
            row = grid[y]
            for x in range(size):
                if row[x] != OCEAN:
                    row[x] = tile


def _disc(grid: list[list[str]], cx: int, cy: int, radius: int, tile: str) -> None:
    """Paint the integer disc dx^2 + dy^2 <= r^2 with `tile`, over land only."""
    size = len(grid)
    for y in range(max(0, cy - radius), min(size, cy + radius + 1)):
        for x in range(max(0, cx - radius), min(size, cx + radius + 1)):
            if (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius and grid[y][x] != OCEAN:
                grid[y][x] = tile


def _inside(size: int, rng: SplitMix32) -> tuple[int, int]:
    """A drawn position at least PLACE_MARGIN inside the edge (x drawn first)."""
    x = PLACE_MARGIN + rng.rng(size - 2 * PLACE_MARGIN)
    y = PLACE_MARGIN + rng.rng(size - 2 * PLACE_MARGIN)
    return x, y


def _blobs(grid: list[list[str]], rng: SplitMix32) -> None:
    size = len(grid)
    for tile, count in BLOB_COUNTS:
        for _ in range(_scaled(count, size)):
            x, y = _inside(size, rng)
            _disc(grid, x, y, BLOB_RADIUS_MIN + rng.rng(BLOB_RADIUS_SPREAD), tile)


def _volcanoes(grid: list[list[str]], rng: SplitMix32) -> None:
    for _ in range(VOLCANO_TRIES):
        x, y = _inside(len(grid), rng)
        if grid[y][x] not in WATER:
            grid[y][x] = VOLCANO


def _lakes(grid: list[list[str]], rng: SplitMix32) -> None:
    size = len(grid)
    for _ in range(_scaled(LAKES, size)):
        x, y = _inside(size, rng)
        radius = LAKE_RADIUS_MIN + rng.rng(LAKE_RADIUS_SPREAD)
        for yy in range(y - radius, y + radius + 1):
            for xx in range(x - radius, x + radius + 1):
                if (xx - x) ** 2 + (yy - y) ** 2 <= radius * radius:
                    grid[yy][xx] = OCEAN


def _rivers(grid: list[list[str]], rng: SplitMix32) -> None:
    """Each river walks south from below the north cap until it meets water; the walk is
    bounded by the border's ocean (x stays in the border's solid band's inside)."""
    size = len(grid)
    arctic, _ = _band_rows(size)
    for _ in range(1 + rng.rng(2)):
        x = PLACE_MARGIN + rng.rng(size - 2 * PLACE_MARGIN)
        y = max(arctic, BORDER_RAGGED)
        while grid[y][x] != OCEAN:
            grid[y][x] = RIVER
            step = rng.rng(4)
            if step == 0:
                x = max(BORDER_SOLID, x - 1)
            elif step == 1:
                x = min(size - 1 - BORDER_SOLID, x + 1)
            else:
                y += 1


def _veins(grid: list[list[str]], rng: SplitMix32, vein: str, count: int) -> None:
    hosts = [(x, y) for y, row in enumerate(grid) for x, t in enumerate(row) if t in VEIN_HOSTS]
    for k in range(min(count, len(hosts))):
        j = k + rng.rng(len(hosts) - k)
        hosts[k], hosts[j] = hosts[j], hosts[k]
        x, y = hosts[k]
        grid[y][x] = vein


def fairness(rows: tuple[str, ...] | list[list[str]], site: tuple[int, int]) -> Fairness:
    """The fairness figures of a founding site on a map's rows."""
    cells = _window(len(rows), site)
    tiles = [rows[y][x] for x, y in cells]
    return Fairness(
        plains=tiles.count(PLAINS),
        forest=tiles.count(FOREST),
        water_adjacent=sum(_water_adjacent(rows, x, y) for x, y in cells),
        hills=sum(t in HILLS_CLASS for t in tiles),
        ore=tiles.count(ORE),
    )


def _window(size: int, site: tuple[int, int]) -> list[tuple[int, int]]:
    """The on-map tiles within FAIR_RADIUS of a site, nearest first (Chebyshev ring, then
    row, then column): the order terraforming counts and converts them in."""
    sx, sy = site
    cells = [
        (x, y)
        for y in range(max(0, sy - FAIR_RADIUS), min(size, sy + FAIR_RADIUS + 1))
        for x in range(max(0, sx - FAIR_RADIUS), min(size, sx + FAIR_RADIUS + 1))
    ]
    cells.sort(key=lambda c: (max(abs(c[0] - sx), abs(c[1] - sy)), c[1], c[0]))
    return cells


def _neighbours(size: int, x: int, y: int) -> list[tuple[int, int]]:
    """The 4-neighbours on the map."""
    steps = ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
    return [(a, b) for a, b in steps if 0 <= a < size and 0 <= b < size]


def _water_adjacent(rows: tuple[str, ...] | list[list[str]], x: int, y: int) -> bool:
    """Land with water (ocean, lake or river) on one of its four sides."""
    return rows[y][x] not in WATER and any(
        rows[b][a] in WATER for a, b in _neighbours(len(rows), x, y)
    )


def _terraform(grid: list[list[str]], sites: list[tuple[int, int]], ore_cap: int) -> None:
    """Make every founding site fair, tribe 0 first, without undoing an earlier one.

    Every site is made plains (and locked) first. Then, site by site, for plains, forest and
    hills-class in turn, the window's tiles that already qualify are counted nearest first and
    the first `minimum` of them locked; a shortfall converts the nearest unlocked land tiles to
    that terrain and locks them. With no ore vein in the window, its nearest h or m becomes
    ore. With too few water-adjacent tiles, the nearest unlocked land tile 2 to 7 from the site
    with land on all four sides becomes a one-tile pond (its four neighbours then qualify).
    Locked tiles are never converted later and water never is, so an earlier site's counts
    stand.
    """
    size = len(grid)
    locked: set[tuple[int, int]] = set(sites)
    for sx, sy in sites:
        grid[sy][sx] = PLAINS
    for site in sites:
        cells = _window(size, site)
        for tile, wanted, minimum in (
            (PLAINS, frozenset({PLAINS}), FAIR_PLAINS),
            (FOREST, frozenset({FOREST}), FAIR_FOREST),
            (HILLS, HILLS_CLASS, FAIR_HILLS),
        ):
            have = [c for c in cells if grid[c[1]][c[0]] in wanted][:minimum]
            locked.update(have)
            free = [c for c in cells if c not in locked and grid[c[1]][c[0]] not in WATER]
            short = minimum - len(have)
            if short > len(free):
                raise ValueError(f"no room to make the site at {site} fair (map too small)")
            for x, y in free[:short]:
                grid[y][x] = tile
                locked.add((x, y))
        if not any(grid[y][x] == ORE for x, y in cells):
            ores = sum(row.count(ORE) for row in grid)
            host = next((c for c in cells if grid[c[1]][c[0]] in VEIN_HOSTS), None)
            if host is None or ores >= ore_cap:
                raise ValueError(f"no room for an ore vein by the site at {site}")
            grid[host[1]][host[0]] = ORE
            locked.add(host)
        adjacent = [c for c in cells if _water_adjacent(grid, *c)]
        if len(adjacent) < FAIR_WATER_ADJACENT:
            pond = next((c for c in cells if _pond_fits(grid, c, site, locked)), None)
            if pond is None:
                raise ValueError(f"no room for water by the site at {site}")
            grid[pond[1]][pond[0]] = OCEAN
            locked.add(pond)
            adjacent = [c for c in cells if _water_adjacent(grid, *c)]
        locked.update(adjacent[:FAIR_WATER_ADJACENT])


def _pond_fits(
    grid: list[list[str]],
    cell: tuple[int, int],
    site: tuple[int, int],
    locked: set[tuple[int, int]],
) -> bool:
    """Whether a one-tile pond may go at `cell`: unlocked land at least 2 from the site, inside
    the window by one tile, with four land neighbours (so it adds four water-adjacent tiles
    and removes none)."""
    x, y = cell
    distance = max(abs(x - site[0]), abs(y - site[1]))
    if cell in locked or grid[y][x] in WATER or not 2 <= distance < FAIR_RADIUS:
        return False
    around = _neighbours(len(grid), x, y)
    return len(around) == 4 and all(grid[b][a] not in WATER for a, b in around)
