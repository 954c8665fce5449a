"""The woodcut chart: every layer an SVG group with what it should hold, a boxed chart holding
nothing outside its box, flow arrows that never cross land, and the plain style kept."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
import shapely
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.pipeline.chart import woodcut as wc
from privateer.pipeline.params import Box

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]
runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"
CARIBBEAN = Box(-100.0, 5.0, -55.0, 30.0)
SCALE = 20.0
POINTS_PER_PIXEL = 0.72  # matplotlib's SVG is in points, 72 to the inch, at 100 pixels an inch
MAP_LAYERS = ("water-lines", "hatching", "waves", "rhumbs", "land", "ports")


@pytest.fixture(scope="module")
def caribbean(full_world_db: Path, tmp_path_factory: pytest.TempPathFactory) -> ET.Element:
    out = tmp_path_factory.mktemp("woodcut") / "caribbean.svg"
    box = f"--box={CARIBBEAN.west},{CARIBBEAN.south},{CARIBBEAN.east},{CARIBBEAN.north}"
    result = runner.invoke(
        app, ["--db", str(full_world_db), "chart", str(out), box, "--scale", str(SCALE)]
    )
    assert result.exit_code == 0, result.output
    return ET.parse(out).getroot()


def _group(root: ET.Element, gid: str) -> ET.Element:
    found = root.find(f".//{SVG}g[@id='{gid}']")
    assert found is not None, f"no layer {gid!r}"
    return found


def test_every_layer_is_a_group_holding_what_it_should(caribbean: ET.Element) -> None:
    paths = {gid: len(_group(caribbean, gid).findall(f".//{SVG}path")) for gid in MAP_LAYERS}
    assert paths["water-lines"] >= wc.WATER_LINES * 10  # nine rings round many coasts
    assert paths["hatching"] > 200 and paths["waves"] > 20 and paths["land"] > 20
    assert paths["rhumbs"] >= wc.RHUMB_POINTS // 2  # one rose's lines, merged through it
    assert paths["ports"] == 16  # the Caribbean's ports, towers and houses
    seas = {t.text for t in _group(caribbean, "seas").iter(f"{SVG}text")}
    assert {"Golfo de Mexico", "Mar de las Antillas"} <= seas
    for frame_part in ("wind-rose", "border", "cartouche", "key"):
        assert len(list(_group(caribbean, frame_part).iter())) > 3, frame_part
    key = " ".join(t.text or "" for t in _group(caribbean, "key").iter(f"{SVG}text"))
    assert "Spain" in key and "a fortified port" in key and "protected waters" in key
    assert _group(caribbean, "port-Havana") is not None


def test_a_boxed_chart_holds_nothing_outside_its_box(caribbean: ET.Element) -> None:
    frame = wc.Frame(CARIBBEAN, SCALE)
    margin = 12.0  # pixels: a line's width, a port's glyph
    left, right = wc.BORDER_PX - margin, wc.BORDER_PX + frame.width + margin
    top, bottom = wc.BORDER_PX - margin, wc.BORDER_PX + frame.height + margin  # SVG y runs down
    number = re.compile(r"(-?[0-9.]+) (-?[0-9.]+)")
    for gid in ("water-lines", "hatching", "waves", "rhumbs", "land"):
        points = [
            (float(x) / POINTS_PER_PIXEL, float(y) / POINTS_PER_PIXEL)
            for path in _group(caribbean, gid).iter(f"{SVG}path")
            for x, y in number.findall(path.get("d", ""))
        ]
        assert points, gid
        xs, ys = np.array(points).T
        assert xs.min() >= left and xs.max() <= right, gid
        assert ys.min() >= top and ys.max() <= bottom, gid


def test_no_flow_arrow_crosses_land(full_world_db: Path) -> None:
    from privateer.db import open_database, world_read
    from privateer.pipeline.chart.common import land_parts

    engine = open_database(full_world_db, read_only=True, notify=lambda _: None)
    with engine.connect() as conn:
        source = world_read.world_source(conn)
        currents = world_read.currents(conn)
    engine.dispose()
    box = Box(-90.0, 10.0, -60.0, 30.0)  # the Antilles: currents threading islands
    frame = wc.Frame(box, 12.0)
    land = wc.chart_land(land_parts(source, box), frame)
    arrows = wc.flow_arrows(currents, land, frame)
    assert len(arrows.shafts) > 20 and arrows.days >= 1
    crossing = shapely.intersects(shapely.linestrings(arrows.shafts), land)
    assert not crossing.any()
    cell = wc.FLOW_CELL_PX / frame.scale  # thinned: at most one arrow a cell
    tails = {
        (int((s[0, 0] - box.west) // cell), int((s[0, 1] - box.south) // cell))
        for s in arrows.shafts
    }
    assert len(tails) == len(arrows.shafts)


def test_the_plain_style_is_kept_and_a_bad_style_refused(
    full_world_db: Path, tmp_path: Path
) -> None:
    out = tmp_path / "plain.svg"
    plain = runner.invoke(
        app,
        ["--db", str(full_world_db), "chart", str(out), "--style", "plain", "--box=-10,35,5,45"],
    )
    assert plain.exit_code == 0 and 'id="graph"' in out.read_text()
    bad = runner.invoke(
        app, ["--db", str(full_world_db), "chart", str(tmp_path / "x.svg"), "--style", "baroque"]
    )
    assert bad.exit_code == 2 and "--style 'baroque'" in bad.output
    assert len(bad.output.strip().splitlines()) == 1
