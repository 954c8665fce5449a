"""The ports of 16XX and their flags (data/ports.csv, data/nations.csv), each attached to its
nearest reachable sea node."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.spatial import cKDTree

from .datafiles import read_csv
from .errors import DataFileError
from .geo import Array, distance_nm, nm_of_chord, to_xyz
from .land import Land
from .params import Box

ROLES = ("home", "privateer_base", "corsair", "hunter_station", "islanders")
KINDS = ("port", "native")
MAX_ATTACH_NM = 100.0
LAND_PENALTY = 2.0  # a mile of land between port and node counts as this many of sea
_COLOUR = "#0123456789abcdef"


@dataclass(frozen=True)
class Nation:
    nation: str
    name: str
    field: str
    border: str


@dataclass(frozen=True)
class Port:
    name: str
    nation: str
    lon: float
    lat: float
    fortified: bool
    kind: str
    roles: tuple[str, ...]


def _colour(row: object, column: str) -> str:
    from .datafiles import Row

    assert isinstance(row, Row)
    value = row.text(column).lower()
    if len(value) != 7 or value[0] != "#" or any(c not in _COLOUR for c in value[1:]):
        raise row.fail(f"{column} must be a colour like #a0b1c2, not {value!r}")
    return value


def load_nations(path: Path) -> list[Nation]:
    nations: list[Nation] = []
    seen: set[str] = set()
    for row in read_csv(path, ("nation", "name", "field", "border")):
        key = row.text("nation")
        if key in seen:
            raise row.fail(f"nation {key!r} appears twice")
        seen.add(key)
        nations.append(Nation(key, row.text("name"), _colour(row, "field"), _colour(row, "border")))
    return nations


def load_ports(path: Path, nations: list[Nation]) -> list[Port]:
    known = {n.nation for n in nations}
    ports: list[Port] = []
    seen: set[str] = set()
    columns = ("name", "nation", "lon", "lat", "fortified", "kind", "roles")
    for row in read_csv(path, columns):
        name = row.text("name")
        if name in seen:
            raise row.fail(f"port {name!r} appears twice")
        seen.add(name)
        nation = row.text("nation")
        if nation not in known:
            raise row.fail(f"unknown nation {nation!r}")
        kind = row.text("kind")
        if kind not in KINDS:
            raise row.fail(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        roles = tuple(r.strip() for r in row.text("roles", required=False).split(";") if r.strip())
        for role in roles:
            if role not in ROLES:
                raise row.fail(f"unknown role {role!r}")
        ports.append(Port(name, nation, row.lon(), row.lat(), row.flag("fortified"), kind, roles))
    return ports


@dataclass(frozen=True)
class Attached:
    ports: list[Port]  # those attached (in a box build, those inside it)
    node: np.ndarray  # each port's sea node
    distance_nm: Array


def attach_ports(
    ports: list[Port],
    path: Path,
    node_lon: Array,
    node_lat: Array,
    land: Land,
    box: Box | None,
) -> Attached:
    """Each port's nearest reachable sea node: the nearest by sea miles plus twice the land
    between (so a port is not joined across a peninsula to the wrong sea). A port farther than
    100 nm from every node stops the build, naming it; in a box build, ports outside the box
    are left out."""
    if box is not None:
        ports = [
            p for p in ports if box.west <= p.lon <= box.east and box.south <= p.lat <= box.north
        ]
    if not ports:
        return Attached([], np.empty(0, np.int64), np.empty(0))
    nodes = to_xyz(node_lon, node_lat)
    tree = cKDTree(nodes)
    port_xyz = to_xyz(np.array([p.lon for p in ports]), np.array([p.lat for p in ports]))
    k = min(8, len(nodes))
    chord, index = tree.query(port_xyz, k=k)
    chord, index = chord.reshape(len(ports), k), index.reshape(len(ports), k)
    near = nm_of_chord(chord)
    chosen = np.empty(len(ports), np.int64)
    kept = np.ones(len(ports), dtype=bool)
    for i, port in enumerate(ports):
        if near[i, 0] > MAX_ATTACH_NM:
            if box is not None:
                kept[i] = False
                continue
            raise DataFileError(
                f"{path}: port {port.name!r} is {near[i, 0]:.0f} nm from the nearest sea node "
                f"(at most {MAX_ATTACH_NM:.0f})"
            )
        options = index[i][near[i] <= MAX_ATTACH_NM]
        ends = np.repeat(port_xyz[i : i + 1], len(options), axis=0)
        sea = distance_nm(ends, nodes[options])
        cost = sea + LAND_PENALTY * land.land_nm(ends, nodes[options], 1.0)
        chosen[i] = options[int(np.argmin(cost))]
    ports = [p for p, k_ in zip(ports, kept, strict=True) if k_]
    chosen = chosen[kept]
    d = distance_nm(port_xyz[kept], nodes[chosen])
    return Attached(ports, chosen, d)
