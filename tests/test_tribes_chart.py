"""The Tribes chart as a person reads it (issue 35, finding 8), checked on the SVG it writes:
every settlement's name inside the map's frame, clear of every other name and of every other
settlement's mark, and a key naming each terrain on the map beside its swatch, each tribe by
its number and name. The rectangles are the SVG's own: a name's parchment wash is drawn round
its words, the map's frame is the axes' background."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.pipeline.chart.tribes_map import draw_tribes_map

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
Rect = tuple[float, float, float, float]
TERRAIN = {".": "plains", "f": "forest", "h": "hills", "w": "ocean", "r": "river"}


def crowded() -> dict[str, Any]:
    """A 64-tile world like the one the issue charted: a town hard by the right-hand frame
    ("Aurochs 219") and two of one tribe's towns four tiles apart on a row ("Boar 197",
    "Boar 261"), each with a name as long as theirs."""
    rows = ["w" * 64] * 2 + ["ww" + "." * 20 + "f" * 20 + "h" * 10 + "r" * 10 + "ww"] * 60
    rows += ["w" * 64] * 2

    def town(tribe: int, name: str, x: int, y: int, radius: int = 6) -> dict[str, Any]:
        return {"tribe": tribe, "name": name, "x": x, "y": y, "pop": 500 if radius < 12 else 1500,
                "radius": radius, "walls": 0}  # fmt: skip

    return {
        "title": "crowded",
        "size": 64,
        "rows": rows,
        "terrain": TERRAIN,
        "tribes": [
            {"id": i, "name": n, "alive": True}
            for i, n in enumerate(("Aurochs", "Boar", "Crane", "Deer"))
        ],
        "settlements": [
            town(0, "Aurochs", 56, 36, 12),
            town(0, "Aurochs 219", 61, 27),
            town(1, "Boar", 32, 6, 12),
            town(1, "Boar 197", 28, 16),
            town(1, "Boar 261", 32, 16),
            town(2, "Crane", 8, 32, 12),
            town(2, "Crane 156", 4, 24),
            town(3, "Deer", 32, 58, 12),
            town(3, "Deer 198", 30, 48),
            town(3, "Deer 266", 34, 47),
        ],
        "warbands": [
            {"id": 1, "tribe": 0, "x": 56, "y": 36, "size": 20, "order": "", "routing": False}
        ],
        "caravans": [],
        "camps": [{"id": 1, "kind": "goblin_camp", "x": 26, "y": 30, "strength": 80}],
    }


def _path_box(group: ET.Element) -> Rect:
    """The bounding box of the first path in `group` (a rectangle's corners)."""
    path = next(group.iter(f"{SVG}path"))
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.attrib["d"])]
    xs, ys = numbers[0::2], numbers[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def _inside(inner: Rect, outer: Rect) -> bool:
    return (
        inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )  # fmt: skip


def _apart(a: Rect, b: Rect) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.attrib["id"]: g for g in root.iter(f"{SVG}g") if "id" in g.attrib}


def check_names(svg: Path, settlements: list[dict[str, Any]]) -> dict[str, Rect]:
    """Each settlement's name (its wash) inside the map's frame, apart from the others and off
    every other settlement's mark; the names' rectangles."""
    root = ET.parse(svg).getroot()
    groups = _groups(root)
    frame = _path_box(groups["axes_1"])  # the axes' background: the map's frame
    names = {
        key.removeprefix("name-"): _path_box(g)
        for key, g in groups.items()
        if key.startswith("name-") and not key.endswith("-leader")
    }
    assert sorted(names) == sorted(s["name"] for s in settlements)
    marks = {}
    for s in settlements:
        use = next(groups[f"settlement-{s['name']}"].iter(f"{SVG}use"))
        marks[s["name"]] = (float(use.attrib["x"]), float(use.attrib["y"]))
    for name, box in names.items():
        assert _inside(box, frame), f"{name!r} at {box} crosses the frame {frame}"
        for other, box2 in names.items():
            assert other == name or _apart(box, box2), f"{name!r} runs into {other!r}"
        for other, (x, y) in marks.items():
            on = box[0] < x < box[2] and box[1] < y < box[3]
            assert other == name or not on, f"{name!r} hides {other!r}'s mark"
    return names


def test_names_stay_inside_the_frame_and_apart(tmp_path: Path) -> None:
    data = crowded()
    svg = tmp_path / "tribes.svg"
    draw_tribes_map(data, svg)
    check_names(svg, data["settlements"])


def test_the_key_names_each_terrain_beside_its_swatch_and_each_tribe_by_number(
    tmp_path: Path,
) -> None:
    data = crowded()
    svg = tmp_path / "tribes.svg"
    draw_tribes_map(data, svg)
    root = ET.parse(svg).getroot()
    groups = _groups(root)
    texts = {key: "".join(g.itertext()).strip() for key, g in groups.items()}
    for c, name in TERRAIN.items():
        assert texts.get(f"key-terrain-{c}") == name
        swatch = _path_box(groups[f"key-terrain-{c}-icon"])
        fill = re.search(r"fill: (#[0-9a-f]{6})", ET.tostring(groups[f"key-terrain-{c}-icon"],
                                                             encoding="unicode"))  # fmt: skip
        assert fill is not None and swatch[2] - swatch[0] > 5
    assert not any(key.startswith("key-terrain-") and key[12:13] not in TERRAIN for key in texts
                   if not key.endswith("-icon"))  # only the terrain on the map  # fmt: skip
    assert [texts[f"key-{i}"] for i in range(4)] == ["0 Aurochs", "1 Boar", "2 Crane", "3 Deer"]
    frame = _path_box(groups["figure_1"])  # the figure's background
    for key, g in groups.items():
        if key.startswith("key-") and not key.endswith("-icon"):
            text = next(g.iter(f"{SVG}text"))
            assert 0 < float(text.attrib["x"]) < frame[2] and float(text.attrib["y"]) > 0


def test_a_logged_runs_chart_letters_every_name_apart(tmp_path: Path) -> None:
    """The charted run the issue saw cut and run together, at a smaller scale: a logged run of
    three tribes, charted at its end."""
    from privateer.cli.tribes.run import policy_players, state_at
    from privateer.cli.tribes.view import chart_input
    from privateer.engine.tribes.mode import Setup
    from privateer.engine.tribes.sim import run_world, setup_of

    record = run_world(0, Setup(3, 40, 400), policy_players([]), lambda state: None)
    state = state_at(0, setup_of(record), record.actions, 400)
    data = chart_input(state, "run")
    svg = tmp_path / "run.svg"
    draw_tribes_map(data, svg)
    check_names(svg, data["settlements"])


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_the_chart_command_says_what_it_lettered(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"map{suffix}"
    result = CliRunner().invoke(app, ["tribes", "chart", str(out), "--seed", "4", "--size", "32"])
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 1000 and "4 settlements" in result.stderr
