"""Stage 5: the hand-traced straits are chained and joined to the graph at both ends."""

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
