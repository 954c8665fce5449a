"""Charts that hide nothing they show, measured on the drawn figures: every label's box as the
renderer lays it out against every mark's box (ports, a run's marks, her day marks and arrows)
and the frame's pieces (cartouche, wind rose), on the world, Europe, the Caribbean and three
logged voyages; every port named or numbered in the key; the nations' colours readable on the
parchment; a boxed chart legible; a run's key clear of her track and in the right words."""

from __future__ import annotations

import math
import struct
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.chart_frames import region_boxes
from privateer.db import open_database
from privateer.pipeline.chart import run_pictures, woodcut_chart_figure
from privateer.pipeline.chart import woodcut as wc
from privateer.pipeline.chart.fit import LEGIBLE_PX, legible_scale
from privateer.pipeline.params import Box

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]
runner = CliRunner()
EUROPE = Box(-12.0, 30.0, 40.0, 60.0)
CARIBBEAN = Box(-90.0, 5.0, -55.0, 30.0)
SLACK = 0.5  # pixels: boxes that only touch do not overlap
Rect = tuple[float, float, float, float]


@pytest.fixture(scope="session")
def logged(full_world_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The full world and three logged captain-bot voyages of 240 days, each afloat to the
    end (seeds 0, 3 and 5: seed 2 sinks on day 49, too short a track to lay out)."""
    import shutil

    path = tmp_path_factory.mktemp("chart-labels") / "world.duckdb"
    shutil.copyfile(full_world_db, path)
    for seed in ("0", "3", "5"):
        result = runner.invoke(
            app, ["--db", str(path), "voyage", "--runs", "1", "--seed", seed, "--days", "240",
                  "--workers", "1", "--log", "--json"],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="session")
def world(logged: Path) -> Any:
    engine = open_database(logged, read_only=True, notify=lambda _: None)
    fig, _ = woodcut_chart_figure(engine)
    engine.dispose()
    return fig


def _renderer(fig: Any) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    return FigureCanvasAgg(fig).get_renderer()


def _map_axes(fig: Any) -> list[Any]:
    return [ax for ax in fig.axes if ax.get_gid() in ("chart", "seas")]


def _labels(fig: Any) -> list[tuple[str, Rect]]:
    """Every word written on the map, as the box the renderer gives it."""
    renderer = _renderer(fig)
    out = []
    for ax in _map_axes(fig):
        for text in ax.texts:
            if text.get_visible() and text.get_text().strip():
                e = text.get_window_extent(renderer=renderer)
                out.append((str(text.get_gid() or text.get_text()), (e.x0, e.y0, e.x1, e.y1)))
    return out


def _icons(fig: Any) -> list[tuple[str, Rect]]:
    """Every mark on the map, one box a glyph: its path scaled to its size and placed."""
    out = []
    for ax in _map_axes(fig):
        for coll in ax.collections:
            gid = str(coll.get_gid() or "")
            if gid not in ("ports", "ships", "day-marks", "track-arrows") and not gid.startswith(
                "marks-"
            ):
                continue
            paths, sizes = coll.get_paths(), coll.get_sizes()
            at = coll.get_offset_transform().transform(coll.get_offsets())
            for i, (x, y) in enumerate(at):
                scale = math.sqrt(sizes[i % len(sizes)]) * fig.dpi / 72.0
                verts = paths[i % len(paths)].vertices * scale
                (x0, y0), (x1, y1) = verts.min(axis=0), verts.max(axis=0)
                out.append((f"{gid}#{i}", (x + x0, y + y0, x + x1, y + y1)))
    return out


def _frame_pieces(fig: Any) -> list[tuple[str, Rect]]:
    """The cartouche and the wind rose, as the boxes they cover."""
    renderer = _renderer(fig)
    out = []
    for ax in fig.axes:
        if ax.get_gid() == "cartouche":
            for patch in ax.patches:
                e = patch.get_window_extent(renderer=renderer)
                out.append(("cartouche", (e.x0, e.y0, e.x1, e.y1)))
        if ax.get_gid() == "wind-rose":
            boxes = [c.get_window_extent(renderer=renderer) for c in ax.collections]
            out.append(
                (
                    "wind-rose",
                    (
                        min(b.x0 for b in boxes),
                        min(b.y0 for b in boxes),
                        max(b.x1 for b in boxes),
                        max(b.y1 for b in boxes),
                    ),
                )
            )
    return out


def _overlaps(fig: Any) -> list[tuple[str, str]]:
    """Every pair of a label and a label, a mark or a frame piece, and of a frame piece and a
    mark, that overlap."""
    labels, icons, frame = _labels(fig), _icons(fig), _frame_pieces(fig)

    def hit(a: Rect, b: Rect) -> bool:
        return (
            a[0] + SLACK < b[2]
            and b[0] + SLACK < a[2]
            and a[1] + SLACK < b[3]
            and b[1] + SLACK < a[3]
        )

    found = []
    for i, (name, rect) in enumerate(labels):
        for other, box in [*labels[i + 1 :], *icons, *frame]:
            if hit(rect, box):
                found.append((name, other))
    for name, rect in frame:
        found += [(name, other) for other, box in icons if hit(rect, box)]
    return found


def _inside_map(fig: Any) -> list[str]:
    """Labels that run off the map."""
    chart = next(ax for ax in fig.axes if ax.get_gid() == "chart")
    m = chart.get_window_extent(renderer=_renderer(fig))
    return [
        name
        for name, (x0, y0, x1, y1) in _labels(fig)
        if x0 < m.x0 - SLACK or y0 < m.y0 - SLACK or x1 > m.x1 + SLACK or y1 > m.y1 + SLACK
    ]


def test_the_world_chart_hides_nothing_and_names_or_numbers_every_port(world: Any) -> None:
    assert _overlaps(world) == [] and _inside_map(world) == []
    chart = next(ax for ax in world.axes if ax.get_gid() == "chart")
    written = {t.get_gid(): t.get_text() for t in chart.texts}
    ports = [str(g)[5:] for g in written if str(g).startswith("port-")]
    assert len(ports) == 111  # every port of the world is written: its name, or its number
    key = {t.get_text() for ax in world.axes if ax.get_gid() == "key" for t in ax.texts}
    numbered = [name for name in ports if written[f"port-{name}"] != name]
    assert numbered and len(numbered) < 111 // 4  # most are named where they stand
    for name in numbered:
        assert f"{written[f'port-{name}']}  {name}" in key
    assert written["port-London"] in ("London", *(str(n) for n in range(1, 40)))


@pytest.mark.parametrize("box", [EUROPE, CARIBBEAN], ids=["europe", "caribbean"])
def test_a_boxed_chart_hides_nothing(logged: Path, box: Box) -> None:
    engine = open_database(logged, read_only=True, notify=lambda _: None)
    fig, drawn = woodcut_chart_figure(engine, box=box, scale=legible_scale(box) * 0.8)
    engine.dispose()
    assert drawn["ports"] > 10 and drawn["port_names"] + drawn["port_numbers"] == drawn["ports"]
    assert _overlaps(fig) == [] and _inside_map(fig) == []


@pytest.mark.parametrize("run", [1, 2, 3])
def test_a_run_chart_hides_nothing_and_keeps_its_key_off_her_track(logged: Path, run: int) -> None:
    engine = open_database(logged, read_only=True, notify=lambda _: None)
    pictures = run_pictures(
        engine, run=run, day=None, where=None, box=None, scale=None, regions=region_boxes()
    )
    assert pictures.voyage is not None and pictures.box is not None
    fig, drawn = woodcut_chart_figure(
        engine, box=pictures.box, scale=(pictures.scale or 6.0) * 0.6, voyage=pictures.voyage
    )
    engine.dispose()
    assert _overlaps(fig) == [] and _inside_map(fig) == []
    chart = next(ax for ax in fig.axes if ax.get_gid() == "chart")
    (track,) = [line for line in chart.lines if line.get_gid() == "tracks"]
    at = chart.transData.transform(np.column_stack(track.get_data()))
    at = at[~np.isnan(at).any(axis=1)]
    renderer = _renderer(fig)
    covers = [
        e
        for ax in fig.axes
        if ax.get_gid() in ("key", "cartouche", "wind-rose")
        for e in [*(p.get_window_extent(renderer) for p in ax.patches),
                  *(t.get_window_extent(renderer) for t in ax.texts)]
    ]  # fmt: skip
    for e in covers:
        under = (at[:, 0] > e.x0) & (at[:, 0] < e.x1) & (at[:, 1] > e.y0) & (at[:, 1] < e.y1)
        assert not under.any()
    days = int(pictures.voyage.day_of(len(pictures.voyage.track) - 1))
    assert drawn["day_marks"] == days // 30 and drawn["day_marks"] >= 4
    arrows = [c for c in chart.collections if c.get_gid() == "track-arrows"]
    sailed = len(pictures.voyage.track)
    assert arrows and len(arrows[0].get_offsets()) >= max(1, sailed // 30 - 1)
    key = " ".join(t.get_text() for ax in fig.axes if ax.get_gid() == "key" for t in ax.texts)
    assert "she took her" not in key and "sailed from (1)" in key
    if drawn.get("marks_taken"):
        assert f"prize taken ({drawn['marks_taken']})" in key


def test_every_nation_reads_on_the_parchment_as_the_world_draws_it(world: Any) -> None:
    from matplotlib.colors import to_hex

    chart = next(ax for ax in world.axes if ax.get_gid() == "chart")
    (ports,) = [c for c in chart.collections if c.get_gid() == "ports"]
    faces, edges = ports.get_facecolors(), ports.get_edgecolors()
    assert len(faces) == len(edges) == 111
    for face, edge in zip(faces, edges, strict=True):
        best = max(wc.contrast(to_hex(face), wc.PARCHMENT), wc.contrast(to_hex(edge), wc.PARCHMENT))
        assert best >= wc.READABLE
    (ink,) = [c for c in chart.collections if c.get_gid() == "ports-ink"]
    assert wc.contrast(to_hex(ink.get_edgecolors()[0]), wc.PARCHMENT) >= 4.5  # every glyph ringed
    assert wc.on_parchment("#b8e06a", "#d4af37") != ("#b8e06a", "#d4af37")  # the Mughal's, darkened


def _png_width(path: Path) -> int:
    return int(struct.unpack(">I", path.read_bytes()[16:20])[0])


def test_a_boxed_chart_is_drawn_legible_unless_its_scale_is_given(
    full_world_db: Path, tmp_path: Path
) -> None:
    out = tmp_path / "c.png"
    box = "--box=-90,5,-55,30"
    result = runner.invoke(app, ["--db", str(full_world_db), "chart", str(out), box])
    assert result.exit_code == 0, result.output
    assert _png_width(out) >= LEGIBLE_PX
    small = tmp_path / "small.png"
    asked = runner.invoke(
        app, ["--db", str(full_world_db), "chart", str(small), box, "--scale", "6"]
    )
    assert asked.exit_code == 0 and _png_width(small) < 400


def test_where_is_boxed_to_where_it_happened(logged: Path) -> None:
    engine = open_database(logged, read_only=True, notify=lambda _: None)
    fights = run_pictures(
        engine, run=None, day=None, where="fights", box=None, scale=None, regions=region_boxes()
    )
    xy = _nodes(engine)
    engine.dispose()
    assert fights.where is not None and fights.box is not None and fights.scale is not None
    box = fights.box
    assert box.east - box.west < 300  # not the whole world
    for node, _ in fights.where.by_node:
        lon, lat = xy[node]
        assert box.west < lon < box.east and box.south < lat < box.north


def _nodes(engine: Any) -> dict[int, tuple[float, float]]:
    from privateer.db import world_read

    with engine.connect() as conn:
        nodes = world_read.nodes(conn)
    return {
        int(n): (float(x), float(y))
        for n, x, y in zip(nodes.node_id, nodes.lon, nodes.lat, strict=False)
    }
