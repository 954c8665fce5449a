"""A small synthetic World for the living world's tests: a grid of sea 12 x 8 graph nodes a
degree apart, with a few two-day legs (through a waypoint), ports of the nations the rules
name, protected waters round the forts, a current, the winds of the seasons and two seas."""

from __future__ import annotations

import numpy as np

from privateer.engine.world.world import NODE_KINDS, Port, World

NATIONS = (
    "barbary",
    "dutch",
    "england",
    "france",
    "islanders",
    "morocco",
    "portugal",
    "spain",
    "venice",
)
COLS, ROWS = 12, 8


def synthetic_world() -> World:
    lon: list[float] = []
    lat: list[float] = []
    kind: list[int] = []
    for r in range(ROWS):
        for c in range(COLS):
            lon.append(float(c))
            lat.append(float(r))
            edge = r in (0, ROWS - 1) or c in (0, COLS - 1)
            kind.append(NODE_KINDS.index("coast" if edge else "ocean"))
    node = lambda c, r: r * COLS + c  # noqa: E731
    legs: list[tuple[int, int]] = []
    for r in range(ROWS):
        for c in range(COLS):
            if c + 1 < COLS:
                legs.append((node(c, r), node(c + 1, r)))
            if r + 1 < ROWS:
                legs.append((node(c, r), node(c, r + 1)))
    # every fifth leg is two days long, through a waypoint halfway
    leg_nodes: list[int] = []
    starts = [0]
    for i, (a, b) in enumerate(legs):
        path = [a, b]
        if i % 5 == 0:
            waypoint = len(lon)
            lon.append((lon[a] + lon[b]) / 2)
            lat.append((lat[a] + lat[b]) / 2)
            kind.append(NODE_KINDS.index("waypoint"))
            path = [a, waypoint, b]
        leg_nodes.extend(path)
        starts.append(len(leg_nodes))
    n = len(lon)
    index = {key: i for i, key in enumerate(NATIONS)}
    port_rows = [
        ("Plymouth", "england", node(0, 0), True, False, {"home"}),
        ("London", "england", node(1, 0), True, False, {"home"}),
        ("Bristol", "england", node(3, 0), False, False, set()),
        ("Cadiz", "spain", node(11, 0), True, False, set()),
        ("Havana", "spain", node(11, 7), True, False, {"privateer_base"}),
        ("Sevilla", "spain", node(8, 7), False, False, set()),
        ("Lisboa", "portugal", node(6, 0), False, False, set()),
        ("Brest", "france", node(0, 7), True, False, {"privateer_base"}),
        ("Algiers", "barbary", node(5, 7), True, False, {"corsair", "privateer_base"}),
        ("Sale", "morocco", node(0, 4), True, False, {"corsair"}),
        ("Venezia", "venice", node(11, 4), False, False, set()),
        ("Amsterdam", "dutch", node(8, 0), True, False, set()),
        ("Matavai", "islanders", node(5, 0), False, True, {"islanders"}),
    ]
    ports = tuple(
        Port(i, name, index[nation], where, fortified, native, frozenset(roles))
        for i, (name, nation, where, fortified, native, roles) in enumerate(port_rows)
    )
    water_nation = np.full(n, -1, dtype=np.int16)
    water_days = np.full(n, -1, dtype=np.int16)
    for port in ports:
        if not port.fortified:
            continue
        c, r = port.node % COLS, port.node // COLS
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                cc, rr = c + dc, r + dr
                if 0 <= cc < COLS and 0 <= rr < ROWS and water_nation[node(cc, rr)] < 0:
                    water_nation[node(cc, rr)] = port.nation
                    water_days[node(cc, rr)] = max(abs(dc), abs(dr))
    current_toward = np.zeros(n)
    current_knots = np.zeros(n)
    for c in range(COLS):  # a stream running east along row 3
        current_toward[node(c, 3)] = 90.0
        current_knots[node(c, 3)] = 1.5
    wind_toward = np.zeros((4, n))
    wind_knots = np.zeros((4, n))
    for season in range(4):
        wind_toward[season] = 270.0 if season % 2 == 0 else 90.0
        wind_knots[season] = 12.0
    sea_of_node = np.full(n, -1, dtype=np.int16)
    for i in range(COLS * ROWS):
        sea_of_node[i] = 0 if i % COLS < COLS // 2 else 1
    return World(
        content_hash="synthetic",
        lon=np.array(lon),
        lat=np.array(lat),
        kind=np.array(kind, dtype=np.int8),
        leg_a=np.array([a for a, _ in legs], dtype=np.int32),
        leg_b=np.array([b for _, b in legs], dtype=np.int32),
        leg_nm=np.full(len(legs), 60.0),
        leg_nodes=np.array(leg_nodes, dtype=np.int32),
        leg_start=np.array(starts, dtype=np.int32),
        nations=NATIONS,
        nation_names=NATIONS,
        ports=ports,
        current_toward=current_toward,
        current_knots=current_knots,
        wind_toward=wind_toward,
        wind_knots=wind_knots,
        water_nation=water_nation,
        water_days=water_days,
        features=((node(6, 3), "strait", "The Narrows"), (node(6, 4), "strait", "The Narrows")),
        seas=("Mare Occidentale", "Mare Orientale"),
        sea_label_node=np.array([node(2, 4), node(9, 4)], dtype=np.int32),
        sea_of_node=sea_of_node,
        drake=np.array([node(0, 0), node(1, 0)], dtype=np.int32),
        drake_places=((0, "Plymouth"),),
    )
