"""The world's woodcut for the pages, drawn once per world: pipeline/chart draws it (as long as
`privateer chart` of the world takes), and it is kept by the world's content hash in memory
and, when the app has a cache folder, on disk, so the chart page is fast after the first."""

from __future__ import annotations

import json
import re
import threading
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlalchemy as sa

SVG_NS = "http://www.w3.org/2000/svg"
FLOWS = ("current", "wind:0", "wind:1", "wind:2", "wind:3")  # pipeline/chart's WEB_FLOWS
_PROLOGUE = re.compile(rb"^.*?(?=<svg\b)", re.S)
_CLIP = re.compile(r'\s*clip-path="[^"]*"')


@dataclass(frozen=True, slots=True)
class CachedChart:
    """The woodcut ready for a page: the SVG to put inline (an empty group `flows` where the
    flow goes), each flow's group as markup, and the box and scale it was drawn at."""

    content_hash: str
    svg: str
    flows: dict[str, str]
    box: tuple[float, float, float, float]
    scale: float


_MEMORY: dict[str, CachedChart] = {}
_LOCK = threading.Lock()  # one drawing at a time: a second request waits for the first's


def world_chart(engine: sa.Engine, content_hash: str, cache_dir: Path | None) -> CachedChart:
    """The woodcut of the world whose build is `content_hash`, from memory, the disk, or
    drawn now (and kept)."""
    with _LOCK:
        found = _MEMORY.get(content_hash)
        if found is None and cache_dir is not None:
            found = _read(cache_dir / content_hash, content_hash)
        if found is None:
            found = _draw(engine, content_hash)
            if cache_dir is not None:
                _write(cache_dir / content_hash, found)
        _MEMORY.clear()  # one world at a time, as db/world_load keeps it
        _MEMORY[content_hash] = found
        return found


def _draw(engine: sa.Engine, content_hash: str) -> CachedChart:
    from privateer.pipeline.chart import web_chart

    drawn = web_chart(engine)
    box = drawn.box
    return CachedChart(
        content_hash,
        inline_svg(drawn.svg),
        {name: flow_group(drawn.flows[name]) for name in FLOWS},
        (box.west, box.south, box.east, box.north),
        drawn.scale,
    )


def inline_svg(svg: bytes) -> str:
    """The SVG without its XML prologue, named `woodcut`, with an empty group `flows` under
    Drake's route (where `chart --flow` draws the arrows) for a page to fill."""
    text = _PROLOGUE.sub(b"", svg, count=1).decode("utf-8")
    text = text.replace("<svg ", '<svg id="woodcut" ', 1)
    for under in ('<g id="drake">', '<g id="ports-ink">'):
        if under in text:
            return text.replace(under, '<g id="flows"></g>\n' + under, 1)
    return text.replace("</svg>", '<g id="flows"></g></svg>')


def flow_group(svg: bytes) -> str:
    """The group `flows` of a flow's own SVG, as markup to put in the chart's (its clip paths,
    defined in the other file, left off: the arrows are inside the map already)."""
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(svg)
    group = root.find(f".//{{{SVG_NS}}}g[@id='flows']")
    if group is None:
        return f'<g xmlns="{SVG_NS}" id="flows"></g>'
    return _CLIP.sub("", ET.tostring(group, encoding="unicode"))


def _read(folder: Path, content_hash: str) -> CachedChart | None:
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        svg = (folder / "chart.svg").read_text(encoding="utf-8")
        flows = {n: (folder / f"flow-{n.replace(':', '-')}.svg").read_text("utf-8") for n in FLOWS}
        west, south, east, north = (float(v) for v in meta["box"])
        return CachedChart(
            content_hash, svg, flows, (west, south, east, north), float(meta["scale"])
        )
    except (OSError, ValueError, KeyError, TypeError):  # not there, or not whole: draw it again
        return None


def _write(folder: Path, chart: CachedChart) -> None:
    """Kept on disk; a folder that cannot be written only means drawing it again next time."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "chart.svg").write_text(chart.svg, encoding="utf-8")
        for name, group in chart.flows.items():
            (folder / f"flow-{name.replace(':', '-')}.svg").write_text(group, encoding="utf-8")
        meta = {"box": list(chart.box), "scale": chart.scale}
        (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")  # written last
    except OSError:
        pass
