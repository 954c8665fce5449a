"""Stage 5: the hand-traced straits are chained, joined to the graph at both ends, and each
chain node to the coast beside it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import shapely

from privateer.data import DATA_DIR
from privateer.pipeline.errors import DataFileError
from privateer.pipeline.geo import distance_nm, to_xyz
from privateer.pipeline.params import BuildParams
from privateer.pipeline.passages import Passage, load_passages, thread_passages
from tests.synthetic import land_of

# A wall of land from 10°S to 10°N with a channel 0.1° wide along the equator.
WALL = land_of(shapely.box(-0.5, 0.05, 0.5, 10.0), shapely.box(-0.5, -10.0, 0.5, -0.05))
TRACE = Passage("The Channel", np.array([-1.45, -0.5, 0.0, 0.5, 1.45]), np.zeros(5))


def test_a_strait_is_chained_and_joined_at_both_ends() -> None:
    graph_lon = np.array([-2.0, -2.0, -2.2, 2.0, 2.0, 2.2, 0.0])
    graph_lat = np.array([0.5, -0.5, 0.0, 0.5, -0.5, 0.0, 12.0])
    threaded = thread_passages(graph_lon, graph_lat, [TRACE], WALL, BuildParams())
    assert threaded.skipped == []
    n = len(graph_lon)
    chain = len(threaded.lon)
    assert chain == 4  # 174 nm of trace: three day-long pieces
    assert threaded.names == ["The Channel"] * chain
    edges = threaded.edges.tolist()
    for k in range(chain - 1):
        assert [n + k, n + k + 1] in edges
    joined_west = {a for a, b in edges if b == n and a < n}
    joined_east = {a for a, b in edges if b == n + chain - 1 and a < n}
    assert joined_west == {0, 1, 2} and joined_east == {3, 4, 5}
    pieces = threaded.length[: chain - 1]
    assert pieces.max() <= 60.0 + 1e-6


def test_every_chain_node_is_joined_to_the_coast_beside_it_over_no_land() -> None:
    """A long strait (a channel 3° long through a wall of land) with a port's coast node
    in a bay beside its middle, and another behind the wall:
    the middle of the chain reaches the first, never the second."""
    wall = land_of(shapely.box(-1.5, 0.05, 1.5, 10.0), shapely.box(-1.5, -10.0, 1.5, -0.05))
    long_trace = Passage("The Long Channel", np.linspace(-2.45, 2.45, 9), np.zeros(9))
    # coast nodes: west mouth, east mouth, a bay cut into the wall beside the middle (0, 0.3)
    # and one beyond the wall (0, 0.9)
    bay = land_of(
        shapely.difference(shapely.box(-1.5, 0.05, 1.5, 10.0), shapely.box(-0.7, 0.0, 0.7, 0.6)),
        shapely.box(-1.5, -10.0, 1.5, -0.05),
    )
    graph_lon = np.array([-3.0, 3.0, 0.0, 0.0])
    graph_lat = np.array([0.0, 0.0, 0.3, 0.9])
    coast = np.array([True, True, True, True])
    for land, beside in ((bay, True), (wall, False)):
        threaded = thread_passages(graph_lon, graph_lat, [long_trace], land, BuildParams(), coast)
        n = len(graph_lon)
        middle = {
            a
            for a, b in threaded.edges.tolist()
            if a < n and b > n and 0 < b - n < len(threaded.lon) - 1
        }
        assert (2 in middle) is beside
        assert 3 not in middle  # behind the land: never joined


def test_a_strait_with_nothing_to_join_is_skipped() -> None:
    far = np.array([60.0]), np.array([40.0])
    threaded = thread_passages(*far, [TRACE], WALL, BuildParams())
    assert threaded.skipped == ["The Channel"] and len(threaded.lon) == 0


def test_the_shipped_traces_name_ten_straits_in_water() -> None:
    passages = load_passages(DATA_DIR / "passages.geojson")
    assert len(passages) == 10
    names = " ".join(p.name for p in passages)
    for strait in (
        "Magellan",
        "Gibraltar",
        "Dover",
        "Øresund",
        "Bosporus",
        "Messina",
        "Bab-el-Mandeb",
        "Hormuz",
        "Malacca",
        "Sunda",
    ):
        assert strait in names
    data = json.loads((DATA_DIR / "passages.geojson").read_text(encoding="utf-8"))
    assert all(f["properties"].get("note") for f in data["features"])
    for passage in passages:
        xyz = to_xyz(passage.lon, passage.lat)
        assert distance_nm(xyz[:-1], xyz[1:]).max() <= 40.5


@pytest.mark.parametrize(
    ("feature", "reason"),
    [
        (
            {
                "type": "Feature",
                "properties": {},
                "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]},
            },
            "missing column 'name'",
        ),
        (
            {
                "type": "Feature",
                "properties": {"name": "X"},
                "geometry": {"type": "Point", "coordinates": [0, 0]},
            },
            "must be LineString",
        ),
        (
            {
                "type": "Feature",
                "properties": {"name": "X"},
                "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, "north"]]},
            },
            "malformed coordinate",
        ),
        (
            {
                "type": "Feature",
                "properties": {"name": "X"},
                "geometry": {"type": "LineString", "coordinates": [[0, 0], [200, 1]]},
            },
            "not lon/lat",
        ),
    ],
)
def test_a_bad_passages_file_names_the_file_row_and_reason(
    tmp_path: Path, feature: dict[str, object], reason: str
) -> None:
    path = tmp_path / "passages.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [feature]}))
    with pytest.raises(DataFileError) as caught:
        load_passages(path)
    message = str(caught.value)
    assert str(path) in message and "row 1" in message and reason in message
