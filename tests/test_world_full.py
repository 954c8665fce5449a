"""The integration test: the whole world from the default Natural Earth 1:10m source, built
once for the whole test run (tests/conftest.py).

Counts land near the seed's (6,954 graph nodes, 3,213 on the coast, 24,331 steps), the sea is
one, the straits work. (That a second full build is identical is measured by `privateer bench
world`, which builds it several times and compares their hashes; the tests check it on a
region, tests/test_world_build.py.)
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components, dijkstra
from scipy.spatial import cKDTree

from privateer.pipeline.build import BuiltWorld
from privateer.pipeline.geo import distance_nm, to_xyz
from privateer.pipeline.land import Land
from privateer.pipeline.source import default_source, read_source

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]


@pytest.fixture(scope="module")
def world(full_world: BuiltWorld) -> BuiltWorld:
    return full_world


@pytest.fixture(scope="module")
def frames(world: BuiltWorld) -> dict[str, pd.DataFrame]:
    return {name: table.to_pandas() for name, table in world.tables.items()}


@pytest.mark.parametrize(("count", "seed_figure"), [("nodes", 6954), ("coast", 3213)])
def test_counts_are_near_the_seeds(world: BuiltWorld, count: str, seed_figure: int) -> None:
    assert abs(world.counts[count] - seed_figure) <= 0.15 * seed_figure, world.counts


def test_the_open_oceans_days_run_makes_fewer_steps_than_the_seeds(world: BuiltWorld) -> None:
    """The seed's 24,331 steps are a day's coasting (60 nm) everywhere; ours run 150 nm a day
    on the open ocean (pipeline/params.py), so the same sea is about 30% fewer steps."""
    assert 0.6 * 24331 <= world.counts["steps"] <= 0.8 * 24331, world.counts


def test_one_connected_sea_with_no_node_on_land(frames: dict[str, pd.DataFrame]) -> None:
    nodes, steps = frames["nodes"], frames["steps"]
    n = len(nodes)
    graph = coo_matrix((np.ones(len(steps)), (steps.a, steps.b)), shape=(n, n))
    assert connected_components(graph, directed=False)[0] == 1
    land = Land.from_polygons(read_source(default_source()).polygons)
    assert not land.contains(nodes.lon.to_numpy(), nodes.lat.to_numpy()).any()
    assert nodes.lat.between(-62.0, 72.0).all()
    # The Caspian and the Great Lakes are cut off from the ocean, so they are gone.
    caspian = nodes.lon.between(47, 54) & nodes.lat.between(37, 47)
    superior = nodes.lon.between(-92, -84) & nodes.lat.between(46.3, 49)
    assert not caspian.any() and not superior.any()


def test_all_ten_straits_are_threaded(world: BuiltWorld, frames: dict[str, pd.DataFrame]) -> None:
    assert world.skipped_passages == []
    features = frames["features"]
    assert features[features.kind == "strait"].name.nunique() == 10


class Router:
    def __init__(self, frames: dict[str, pd.DataFrame]) -> None:
        nodes, steps = frames["nodes"], frames["steps"]
        n = len(nodes)
        self.graph = coo_matrix((steps.nm, (steps.a, steps.b)), shape=(n, n)).tocsr()
        graph_nodes = nodes[nodes.kind != "waypoint"]
        self.ids = graph_nodes.node_id.to_numpy()
        self.tree = cKDTree(to_xyz(graph_nodes.lon.to_numpy(), graph_nodes.lat.to_numpy()))
        self.nodes = nodes.set_index("node_id")
        features = frames["features"]
        straits = features[features.kind == "strait"]
        self.strait = dict(zip(straits.node_id, straits.name, strict=True))

    def nearest(self, lon: float, lat: float) -> int:
        return int(self.ids[self.tree.query(to_xyz(np.array([lon]), np.array([lat])))[1][0]])

    def route(
        self, start: tuple[float, float], end: tuple[float, float]
    ) -> tuple[float, set[str], pd.DataFrame]:
        """Shortest distance, the straits passed, and the nodes on the way."""
        a, b = self.nearest(*start), self.nearest(*end)
        dist, pred = dijkstra(self.graph, directed=False, indices=a, return_predecessors=True)
        path, node = [], b
        while node != a and node >= 0:
            path.append(node)
            node = pred[node]
        straits = {self.strait[p] for p in path if p in self.strait}
        return float(dist[b]), straits, self.nodes.loc[path[::-1]]


@pytest.fixture(scope="module")
def router(frames: dict[str, pd.DataFrame]) -> Router:
    return Router(frames)


def test_lisbon_to_venice_goes_through_gibraltar(router: Router) -> None:
    nm, straits, path = router.route((-9.4, 38.6), (12.5, 45.3))
    # The sea route by Cape St Vincent, Gibraltar, Sicily and Otranto is about 2,000 nm.
    assert 1800 < nm < 2000 * 1.2
    in_the_strait = path.lon.between(-6.2, -5.0) & path.lat.between(35.75, 36.2)
    assert in_the_strait.any() or any("Gibraltar" in s for s in straits)


def test_atlantic_to_pacific_through_magellan(router: Router) -> None:
    nm, straits, _ = router.route((-66.5, -52.3), (-76.0, -52.3))
    assert any("Magellan" in s for s in straits)
    assert nm < 600  # the trace is 397 nm; round the Horn is well over 700


def test_the_baltic_through_the_oresund(router: Router) -> None:
    _, straits, _ = router.route((10.5, 57.9), (18.5, 57.0))
    assert any("Øresund" in s for s in straits)


def test_ports_beside_a_strait_enter_it_where_they_lie(
    router: Router, frames: dict[str, pd.DataFrame]
) -> None:
    """Malacca and Bantam sit beside long straits; joined only at its ends, Malacca to Macau
    came out at 2,320 nm (the sea route is about 1,600) and Bantam to Malacca at 1,365."""
    ports = frames["ports"].set_index("name")
    at = {name: (ports.lon[name], ports.lat[name]) for name in ("Malacca", "Macau", "Bantam")}
    assert router.route(at["Malacca"], at["Macau"])[0] < 1900
    assert router.route(at["Bantam"], at["Malacca"])[0] < 900


def test_the_black_sea_through_the_dardanelles_and_bosporus(router: Router) -> None:
    _, straits, _ = router.route((25.0, 39.6), (33.0, 43.5))
    assert any("Bosporus" in s for s in straits)


def test_every_port_sits_on_a_graph_node_near_it(frames: dict[str, pd.DataFrame]) -> None:
    ports, nodes = frames["ports"], frames["nodes"].set_index("node_id")
    assert len(ports) == 111 and ports.nation.nunique() == 20
    at = nodes.loc[ports.node_id]
    assert (at.kind != "waypoint").all()  # the graph is one sea, so each is connected to all
    d = distance_nm(
        to_xyz(ports.lon.to_numpy(), ports.lat.to_numpy()),
        to_xyz(at.lon.to_numpy(), at.lat.to_numpy()),
    )
    assert d.max() <= 100.0
    roles = dict(zip(ports.name, ports.roles, strict=True))
    assert "home" in roles["Plymouth"] and "home" in roles["London"]
    assert "corsair" in roles["Algiers"] and "hunter_station" in roles["Port Royal"]
    assert (ports.kind == "native").sum() == 5


def test_protected_waters_go_to_the_nearer_fort(frames: dict[str, pd.DataFrame]) -> None:
    nodes, steps, ports, waters = (frames[k] for k in ("nodes", "steps", "ports", "waters"))
    n = len(nodes)
    graph = coo_matrix((np.ones(len(steps)), (steps.a, steps.b)), shape=(n, n)).tocsr()
    forts = ports[ports.fortified].sort_values("port_id")
    days = dijkstra(graph, directed=False, indices=forts.node_id.to_numpy(), unweighted=True)
    strait = nodes[nodes.lon.between(-6.5, -4.5) & nodes.lat.between(35.6, 36.4)].node_id
    gibraltar = waters[waters.node_id.isin(strait)]
    assert len(gibraltar) > 0
    fort_index = {pid: i for i, pid in enumerate(forts.port_id)}
    for row in gibraltar.itertuples():
        nearest = days[:, row.node_id].min()
        assert row.days == nearest <= 4
        assert days[fort_index[row.fort_port_id], row.node_id] == nearest
    # Every node within 4 days of a fort is somebody's water, and none beyond.
    within = np.isfinite(days).any(axis=0) & (days.min(axis=0) <= 4)
    assert set(np.flatnonzero(within)) == set(waters.node_id)


def test_the_gulf_stream_runs_north_east_off_florida_and_carolina(
    frames: dict[str, pd.DataFrame],
) -> None:
    nodes = frames["nodes"].set_index("node_id")
    currents = frames["currents"].set_index("node_id")
    for lon, lat in ((-79.7, 27.5), (-75.0, 35.2)):
        near = nodes[(nodes.lon - lon).abs().lt(1.0) & (nodes.lat - lat).abs().lt(1.0)]
        gulf = currents.loc[currents.index.intersection(near.index)]
        gulf = gulf[gulf.stream.str.contains("Gulf Stream")]
        assert len(gulf) > 0, (lon, lat)
        assert gulf.toward_deg.between(0.0, 90.0).all() and (gulf.knots > 1.0).all()


def test_every_node_has_a_wind_for_each_season(frames: dict[str, pd.DataFrame]) -> None:
    winds = frames["winds"]
    assert len(winds) == 4 * len(frames["nodes"])
    assert set(winds.season) == {0, 1, 2, 3}


def test_drakes_route_touches_his_places_in_order(frames: dict[str, pd.DataFrame]) -> None:
    drake = frames["drake"]
    places = drake.dropna(subset=["place"]).place.tolist()
    assert places[0] == places[-1] == "Plymouth" and "Cape Virgins" in places
    steps = frames["steps"]
    linked = set(zip(steps.a, steps.b, strict=True)) | set(zip(steps.b, steps.a, strict=True))
    route = drake.node_id.tolist()
    assert all((a, b) in linked for a, b in itertools.pairwise(route))


def test_the_chart_holds_every_port(
    world: BuiltWorld, full_world_db: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import xml.etree.ElementTree as ET

    from privateer.db import open_database
    from privateer.pipeline.chart import Flow, draw_chart

    folder = tmp_path_factory.mktemp("chart")
    engine = open_database(full_world_db, read_only=True, notify=lambda _: None)
    drawn = draw_chart(engine, folder / "world.svg", flow=Flow.parse("wind:1"), drake=True)
    engine.dispose()
    ids = {e.get("id") for e in ET.parse(folder / "world.svg").iter()}
    names = world.tables["ports"].column("name").to_pylist()
    assert {f"port-{name}" for name in names} <= ids
    assert drawn["ports"] == 111 and drawn["arrows"] > 1000 and drawn["drake"] > 20


def test_no_step_cuts_across_land_beyond_a_spit(world: BuiltWorld) -> None:
    import shapely

    from privateer.pipeline.params import BuildParams

    steps = world.tables["steps"].to_pandas()
    geometry = shapely.from_wkb(steps.geom.to_numpy())
    land = Land.from_polygons(read_source(default_source()).polygons)
    straight = shapely.get_num_coordinates(geometry) == 2
    plain = shapely.get_type_id(geometry) == 1  # LineStrings (the antimeridian's are Multi)
    coords = shapely.get_coordinates(geometry[straight & plain]).reshape(-1, 2, 2)
    a = to_xyz(coords[:, 0, 0], coords[:, 0, 1])
    b = to_xyz(coords[:, 1, 0], coords[:, 1, 1])
    crossed = land.land_nm(a, b, 1.0)
    assert len(crossed) > 15000
    assert crossed.max() <= BuildParams().spit_nm + 2.0  # to the build's and this sampling
