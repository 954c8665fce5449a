"""The shore stages on small inputs: data files, ports, protected waters, currents, places."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from privateer.pipeline.errors import DataFileError
from privateer.pipeline.grain import River, Stream, assign_currents
from privateer.pipeline.places import Named, Place, sea_of_nodes, trace_route
from privateer.pipeline.ports import Nation, attach_ports, load_nations, load_ports
from privateer.pipeline.waters import protected_waters, step_graph, under_the_guns
from tests.synthetic import land_of, square

NATIONS = [
    Nation("england", "England", "#ffffff", "#cc0000"),
    Nation("spain", "Spain", "#ffcc00", "#cc0000"),
]
PORTS_HEADER = "name,nation,lon,lat,fortified,kind,roles,source\n"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_ports_load_with_roles(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "ports.csv",
        PORTS_HEADER
        + "Plymouth,england,-4.14,50.37,yes,port,home,atlas\n"
        + "Havana,spain,-82.35,23.14,yes,port,privateer_base,atlas\n",
    )
    ports = load_ports(path, NATIONS)
    assert [p.name for p in ports] == ["Plymouth", "Havana"]
    assert ports[0].roles == ("home",) and ports[1].fortified


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("Plymouth,england,-4.14,50.37,yes,port\n", "missing column 'roles'"),
        ("Plymouth,scotland,-4.14,50.37,yes,port,,x\n", "unknown nation 'scotland'"),
        ("Plymouth,england,west,50.37,yes,port,,x\n", "malformed lon 'west'"),
        ("Plymouth,england,-4.14,95,yes,port,,x\n", "lat '95' is outside"),
        ("Plymouth,england,-4.14,50.37,maybe,port,,x\n", "fortified must be yes or no"),
        ("Plymouth,england,-4.14,50.37,yes,port,admiral,x\n", "unknown role 'admiral'"),
    ],
)
def test_a_bad_port_row_names_the_file_row_and_reason(
    tmp_path: Path, body: str, reason: str
) -> None:
    header = PORTS_HEADER if "roles" not in reason else "name,nation,lon,lat,fortified,kind\n"
    path = _write(tmp_path, "ports.csv", header + body)
    with pytest.raises(DataFileError) as caught:
        load_ports(path, NATIONS)
    assert str(path) in str(caught.value) and reason in str(caught.value)
    if "missing column" not in reason:
        assert "row 1" in str(caught.value)


def test_nations_need_colours(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "nations.csv", "nation,name,field,border\nengland,England,white,#c00000\n"
    )
    with pytest.raises(DataFileError, match="row 1: field must be a colour"):
        load_nations(path)


def test_a_port_is_attached_to_the_nearest_node_on_its_own_side(tmp_path: Path) -> None:
    # A port on the east side of a 1° wide peninsula: the node on the west side is nearer
    # as the crow flies but across land; the east node is the one a ship reaches.
    land = land_of(square(0.0, 0.0, 0.5))
    port_lon, port_lat = 0.45, 0.0
    node_lon = np.array([-0.6, 1.2])
    node_lat = np.array([0.0, 0.0])
    from privateer.pipeline.ports import Port

    port = Port("Harbour", "england", port_lon, port_lat, True, "port", ())
    attached = attach_ports([port], tmp_path / "ports.csv", node_lon, node_lat, land, None)
    assert attached.node.tolist() == [1]


def test_a_port_far_from_the_sea_stops_the_build(tmp_path: Path) -> None:
    from privateer.pipeline.ports import Port

    port = Port("Timbuktu", "england", -3.0, 16.8, False, "port", ())
    with pytest.raises(DataFileError, match=r"'Timbuktu' is .* nm from the nearest sea node"):
        attach_ports(
            [port], tmp_path / "ports.csv", np.array([-17.0]), np.array([14.7]), land_of(), None
        )


def test_protected_waters_go_to_the_nearer_fort_within_four_days() -> None:
    # A line of 12 nodes; forts at 0 and 9.
    a = np.arange(11)
    graph = step_graph(12, a, a + 1)
    waters = protected_waters(graph, np.array([0, 9]))
    by_node = dict(
        zip(
            waters.node.tolist(),
            zip(waters.fort.tolist(), waters.days.tolist(), strict=True),
            strict=True,
        )
    )
    assert by_node[0] == (0, 0) and by_node[4] == (0, 4)
    assert by_node[5] == (1, 4) and by_node[6] == (1, 3) and by_node[11] == (1, 2)
    assert by_node[9] == (1, 0)
    assert set(by_node) == set(range(12))
    far = protected_waters(graph, np.array([0]))
    assert far.node.tolist() == [0, 1, 2, 3, 4]
    guns = under_the_guns(graph, np.array([5]))
    assert sorted(n for n, _ in guns) == [4, 5, 6]


def test_a_node_in_a_stream_runs_with_it() -> None:
    stream = Stream("Test Stream", 3.0, 60.0, np.array([0.0, 0.0]), np.array([0.0, 5.0]))
    lon = np.array([0.0, 0.4, 3.0])
    lat = np.array([2.0, 2.0, 2.0])
    currents = assign_currents(lon, lat, [stream], [])
    assert currents.node.tolist() == [0, 1]  # 24 nm off the line is inside, 180 is not
    assert currents.toward_deg[0] == pytest.approx(0.0, abs=0.5)
    assert currents.knots[0] == pytest.approx(3.0, abs=0.05)
    assert 1.5 < currents.knots[1] < 3.0
    assert currents.stream == ["Test Stream", "Test Stream"]


def test_a_river_pushes_water_out_near_its_mouth() -> None:
    river = River("Test River", 0.0, 0.0, 90.0, 2.0, 60.0)
    currents = assign_currents(np.array([0.5, 2.0]), np.array([0.0, 0.0]), [], [river])
    assert currents.node.tolist() == [0]
    assert currents.toward_deg[0] == 90.0 and currents.stream == ["Test River"]
    assert currents.river_mouths == [(0, "Test River")]


def test_the_smaller_sea_wins_where_seas_overlap() -> None:
    import shapely

    big = Named("Mar del Nort", shapely.box(-60, 0, 0, 60), (-30.0, 30.0))
    small = Named("Oceanus Britannicus", shapely.box(-6, 48, 2, 51), (-2.0, 50.0))
    sea = sea_of_nodes([big, small], np.array([-30.0, -2.0, 10.0]), np.array([30.0, 50.0, 0.0]))
    assert sea.tolist() == [0, 1, -1]


def test_drakes_route_is_traced_through_the_graph() -> None:
    a = np.arange(5)
    graph = step_graph(6, a, a + 1)
    lon = np.arange(6, dtype=float)
    lat = np.zeros(6)
    places = [
        Place("Plymouth", 0.1, 0.0),
        Place("Nombre de Dios", 3.9, 0.0),
        Place("Home", 5.0, 0.1),
    ]
    route = trace_route(places, graph, lon, lat, np.arange(6))
    assert route == [
        (0, "Plymouth"),
        (1, None),
        (2, None),
        (3, None),
        (4, "Nombre de Dios"),
        (5, "Home"),
    ]
