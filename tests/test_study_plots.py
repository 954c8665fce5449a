"""A study's pictures that do not mislead (issue 35, finding 10): every figure of a study
carries its 95% interval (won and sunk Wilson's, the day home and raids from the runs' spread),
`sweep --plot` draws each panel's y axis from zero with a band for every figure, and the web's
study panels put their ticks' words clear of the points. Checked on the SVG each writes."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from privateer.cli.web.routes_studies import panel_svg
from privateer.db.sweeps import point_figures
from privateer.pipeline.chart.dials import PANELS, draw_dials

SVG = "{http://www.w3.org/2000/svg}"
CSS = Path(__file__).parent.parent / "cli" / "web" / "static" / "play.css"
Box = tuple[float, float, float, float]


def ten_runs() -> pl.DataFrame:
    return pl.DataFrame(
        {
            "point_key": ["a"] * 10,
            "seed": list(range(10)),
            "outcome": ["won"] * 4 + ["sunk"] * 3 + ["out_of_time"] * 3,
            "cause": [""] * 4 + ["storm", "storm", "merchant"] + [""] * 3,
            "day": [400, 500, 600, 700, 10, 20, 30, 730, 730, 730],
            "gold": [150] * 4 + [0] * 6,
            "raids": [1, 2, 3, 4, 0, 0, 0, 0, 0, 0],
            "prizes": [0] * 10,
            "storms": [0] * 10,
            "seas": [[0, 1]] * 5 + [[1]] * 5,
            "run_id": [None] * 10,
        }
    )


def test_every_figure_of_a_point_carries_its_95_percent_interval() -> None:
    (figures,) = point_figures(ten_runs(), ("Mare Nostrum", "Oceanus")).values()
    # the day home, by hand: the four winners' days, mean 550, sample sd sqrt(50000/3),
    # Student's t at 97.5% with 3 degrees of freedom 3.182446
    half = 3.182446 * math.sqrt(50000 / 3) / 2
    assert figures["mean_day_home_low"] == pytest.approx(550 - half, abs=1e-3)  # 344.58
    assert figures["mean_day_home_high"] == pytest.approx(550 + half, abs=1e-3)  # 755.42
    # raids a run: ten runs, mean 1, sample sd sqrt(20 / 9), t(9) 2.262157; none below zero
    half = 2.262157 * math.sqrt(20 / 9) / math.sqrt(10)
    assert figures["raids_per_run_low"] == 0.0
    assert figures["raids_per_run_high"] == pytest.approx(1 + half, abs=1e-3)  # 2.0664
    # sunk: 3 of 10, Wilson
    z = 1.959964
    centre = (0.3 + z * z / 20) / (1 + z * z / 10)
    spread = z * math.sqrt(0.021 + z * z / 400) / (1 + z * z / 10)
    assert figures["sunk_low"] == pytest.approx(centre - spread, abs=1e-4)
    assert figures["sunk_high"] == pytest.approx(centre + spread, abs=1e-4)
    one = ten_runs().with_columns(outcome=pl.Series(["won"] + ["sunk"] * 9))
    (alone,) = point_figures(one, ()).values()
    assert alone["mean_day_home"] == 400 and alone["mean_day_home_low"] is None  # no spread


def close_rows() -> list[dict[str, Any]]:
    """Two settings whose raids differ by a twentieth (1.10 against 1.15): the issue's cliff."""
    rows = []
    for treasury, raids in ((10, 1.10), (20, 1.15)):
        rows.append(
            {
                "treasury": treasury, "runs": 40, "won_rate": 0.30, "won_low": 0.18,
                "won_high": 0.46, "mean_day_home": 520.0, "mean_day_home_low": 480.0,
                "mean_day_home_high": 560.0, "raids_per_run": raids,
                "raids_per_run_low": raids - 0.3, "raids_per_run_high": raids + 0.3,
                "sunk": 0.2, "sunk_low": 0.1, "sunk_high": 0.35,
            }
        )  # fmt: skip
    return rows


def _path_box(group: ET.Element) -> Box:
    path = next(group.iter(f"{SVG}path"))
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.attrib["d"])]
    return min(numbers[0::2]), min(numbers[1::2]), max(numbers[0::2]), max(numbers[1::2])


def test_sweep_plot_draws_every_y_axis_from_zero_and_a_band_for_every_figure(
    tmp_path: Path,
) -> None:
    svg = tmp_path / "dials.svg"
    draw_dials(svg, close_rows(), ["treasury"], "full rules, 40 runs a point")
    root = ET.parse(svg).getroot()
    panels = [
        g for g in root.iter(f"{SVG}g") if re.fullmatch(r"axes_\d+|panel-\w+", g.get("id", ""))
    ]
    assert len(panels) == len(PANELS)
    for axes, (figure, *_) in zip(panels, PANELS, strict=True):
        bottom = _path_box(axes)[3]  # the axes' background: its lowest edge (SVG y grows down)
        ticks = [g for g in axes.iter(f"{SVG}g") if g.attrib.get("id", "").startswith("ytick_")]
        lowest = max(ticks, key=lambda g: float(next(g.iter(f"{SVG}use")).attrib["y"]))
        label = "".join(next(lowest.iter(f"{SVG}text")).itertext()).replace("\u2212", "-")
        assert float(label) == 0, f"{figure}'s y axis starts at {label}"
        assert float(next(lowest.iter(f"{SVG}use")).attrib["y"]) == pytest.approx(bottom, abs=0.1)
        bands = [g for g in axes.iter(f"{SVG}g") if "PolyCollection" in g.attrib.get("id", "")
                 or g.attrib.get("id", "").startswith("band-")]  # fmt: skip
        assert len(bands) == 1, f"{figure} has {len(bands)} bands"
    caption = "".join(next(g for g in root.iter(f"{SVG}g") if g.get("id") == "caption").itertext())
    assert "95% interval" in caption and "starts at zero" in caption


def test_sweep_plot_says_which_figures_have_no_interval_stored(tmp_path: Path) -> None:
    old = [{k: v for k, v in row.items() if not k.endswith(("_low", "_high")) or k[:3] == "won"}
           for row in close_rows()]  # fmt: skip
    svg = tmp_path / "old.svg"
    draw_dials(svg, old, ["treasury"], "kept before the intervals")
    text = "".join(ET.parse(svg).getroot().itertext())
    assert "No interval is stored for" in text and "raids a run" in text


def _font_px() -> float:
    """The study panels' type size, as the page's stylesheet sets it."""
    found = re.search(r"\.study svg text \{[^}]*font-size: (\d+(?:\.\d+)?)px", CSS.read_text())
    assert found is not None
    return float(found.group(1))


def _text_box(text: ET.Element, font: float) -> Box:
    """A generous box round an SVG text: each character 0.62 em wide, 0.8 em above the
    baseline and 0.25 em below."""
    width = 0.62 * font * len("".join(text.itertext()))
    x, y = float(text.attrib["x"]), float(text.attrib["y"])
    left = {"end": x - width, "middle": x - width / 2}.get(text.attrib.get("text-anchor", ""), x)
    return left, y - 0.8 * font, left + width, y + 0.25 * font


def _gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 if they touch or overlap)."""
    dx = max(0.0, max(a[0], b[0]) - min(a[2], b[2]))
    dy = max(0.0, max(a[1], b[1]) - min(a[3], b[3]))
    return math.hypot(dx, dy)


@pytest.mark.parametrize("panel", PANELS, ids=[p[0] for p in PANELS])
def test_the_web_study_ticks_stand_clear_of_the_points(panel: tuple[Any, ...]) -> None:
    """A point at the first setting and the greatest value (the y axis's ticks beside it), one
    at zero (the x axis's beneath it): every tick's words at least 2 px from every point."""
    rows = close_rows()
    figure, _, band, _ = panel
    rows[0][figure], rows[1][figure] = 539.0 if figure == "mean_day_home" else 1.0, 0.0
    for row in rows:
        for bound in band or ():
            row[bound] = row[figure]
    root = ET.fromstring(panel_svg(rows, "treasury", [], panel))
    font = _font_px()
    words = [_text_box(t, font) for t in root.iter(f"{SVG}text")]
    points = [
        (float(c.attrib["cx"]) - float(c.attrib["r"]), float(c.attrib["cy"]) - float(c.attrib["r"]),
         float(c.attrib["cx"]) + float(c.attrib["r"]), float(c.attrib["cy"]) + float(c.attrib["r"]))
        for c in root.iter(f"{SVG}circle")
    ]  # fmt: skip
    assert len(points) == 2
    for box in words:
        for point in points:
            assert _gap(box, point) >= 2.0, f"words at {box} touch the point at {point}"
    ticks = [t for t in root.iter(f"{SVG}text") if t.attrib.get("text-anchor") == "end"]
    assert "".join(ticks[0].itertext()) in ("0", "0%")  # the y axis from zero
    assert len(list(root.iter(f"{SVG}polygon"))) == 1  # its interval, as a band
