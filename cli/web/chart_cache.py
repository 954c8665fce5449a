"""The world's woodcut for the pages, drawn once per world: pipeline/chart draws it (as long as
`privateer chart` of the world takes), and it is kept by the world's content hash in memory
and, when the app has a cache folder, on disk, so the chart page is fast after the first.
`world build` draws it as it builds the whole world (`keep_built`) into the folder `serve`
keeps it in, so even a new world's first visit reads it from the disk; else the app begins it
as it starts (`draw_at_start`), in a thread of its own, so the first visit finds it ready, or
waits only for the rest of it; a world drawn by an earlier server is read from the disk."""

from __future__ import annotations

import json
import logging
import re
import threading
import xml.etree.ElementTree as ET
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from privateer.cli.web.common import Settings, opened

if TYPE_CHECKING:
    import sqlalchemy as sa

    from privateer.pipeline.chart import WebChart

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
_DRAWING: dict[str, Future[CachedChart]] = {}  # a world's chart being read or drawn, by hash
_LOCK = threading.Lock()  # guards the two
_DRAW_LOCK = threading.Lock()  # one drawing at a time: matplotlib's rc context is the process's
log = logging.getLogger("privateer.web")


def world_chart(chosen: Settings, content_hash: str) -> CachedChart:
    """The woodcut of the world whose build is `content_hash`: from memory, from the disk,
    from the drawing under way (waited for: the one `draw_at_start` began), or drawn now and
    kept. Call it holding no connection: the drawing reads the database itself."""
    future, mine = _claim(content_hash)
    if not mine:
        try:
            return future.result()
        except Exception:  # the drawing waited on failed (logged there): try once more here
            future, mine = _claim(content_hash)
            if not mine:
                return future.result()
    return _fulfil(chosen, content_hash, future)


def draw_at_start(chosen: Settings) -> threading.Thread:
    """Begin the chart of the database's world in a thread of its own (found on disk, or
    drawn), so that the first visit to the chart finds it ready or under way."""

    def draw() -> None:
        try:
            content_hash = _world_hash(chosen)
            if content_hash is not None:
                world_chart(chosen, content_hash)
        except Exception as error:  # a page that asks for the chart will say what is wrong
            log.warning("the chart was not drawn at start: %s", error)

    thread = threading.Thread(target=draw, name="privateer-chart", daemon=True)
    thread.start()
    return thread


def _claim(content_hash: str) -> tuple[Future[CachedChart], bool]:
    """The chart's future, and whether this caller is to fulfil it (no one else is)."""
    with _LOCK:
        kept = _MEMORY.get(content_hash)
        if kept is not None:
            done: Future[CachedChart] = Future()
            done.set_result(kept)
            return done, False
        under_way = _DRAWING.get(content_hash)
        if under_way is not None:
            return under_way, False
        future: Future[CachedChart] = Future()
        _DRAWING[content_hash] = future
        return future, True


def _fulfil(chosen: Settings, content_hash: str, future: Future[CachedChart]) -> CachedChart:
    folder = None if chosen.cache_dir is None else chosen.cache_dir / folder_name(content_hash)
    try:
        found = _read(folder, content_hash) if folder is not None else None
        if found is None:
            found = _draw(chosen, content_hash)
            if folder is not None:
                _write(folder, found)
    except BaseException as error:
        with _LOCK:
            del _DRAWING[content_hash]
        future.set_exception(error)
        raise
    with _LOCK:
        _MEMORY.clear()  # one world at a time, as db/world_load keeps it
        _MEMORY[content_hash] = found
        del _DRAWING[content_hash]
    future.set_result(found)
    return found


def folder_name(content_hash: str) -> str:
    """The disk cache's folder for a world: its content hash, and this code's version (a
    newer privateer may draw it otherwise)."""
    import privateer

    return f"{content_hash}-{privateer.__version__}"


def _world_hash(chosen: Settings) -> str | None:
    from privateer.db.world_load import world_hash

    with opened(chosen) as engine, engine.connect() as conn:
        return world_hash(conn)


def keep_built(engine: sa.Engine, cache_dir: Path) -> Path | None:
    """The chart of the world `engine` holds, drawn now and kept on disk in `cache_dir` (the
    folder `serve` keeps charts in) by its content hash, as `serve` would keep it at its first
    visit; the folder it is in (None: no world). A world kept there already is not drawn
    again. For `world build`, on the connection it wrote the world with."""
    from privateer.db.world_load import world_hash
    from privateer.pipeline.chart import draw_web_chart, read_web_chart

    with engine.connect() as conn:
        content_hash = world_hash(conn)
    if content_hash is None:
        return None
    folder = cache_dir / folder_name(content_hash)
    if _read(folder, content_hash) is None:
        read = read_web_chart(engine)
        with _DRAW_LOCK:
            drawn = draw_web_chart(read)
        _write(folder, _ready(content_hash, drawn))
        if _read(folder, content_hash) is None:
            raise OSError(f"{folder} could not be written")
    return folder


def _draw(chosen: Settings, content_hash: str) -> CachedChart:
    """Read what the chart draws (holding the database a moment), then draw it (holding
    nothing of the database: the other pages go on meanwhile)."""
    from privateer.db.world_load import world_hash
    from privateer.pipeline.chart import draw_web_chart, read_web_chart

    with opened(chosen) as engine:
        read = read_web_chart(engine)
        with engine.connect() as conn:
            now = world_hash(conn)
    if now != content_hash:
        raise RuntimeError("the world was rebuilt while its chart was read: ask again")
    with _DRAW_LOCK:
        drawn = draw_web_chart(read)
    return _ready(content_hash, drawn)


def _ready(content_hash: str, drawn: WebChart) -> CachedChart:
    """The drawn chart as a page puts it inline."""
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
        if meta.get("content_hash") != content_hash:
            return None
        svg = (folder / "chart.svg").read_text(encoding="utf-8")
        flows = {n: (folder / f"flow-{n.replace(':', '-')}.svg").read_text("utf-8") for n in FLOWS}
        west, south, east, north = (float(v) for v in meta["box"])
        return CachedChart(
            content_hash, svg, flows, (west, south, east, north), float(meta["scale"])
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):  # not whole: draw again
        return None


def _write(folder: Path, chart: CachedChart) -> None:
    """Kept on disk, whole or not at all (written aside, then renamed into place), in place of
    this world's drawings by other versions (so the folder does not grow with every update);
    a folder that cannot be written only means drawing it again next time."""
    import os
    import shutil
    import tempfile

    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        aside = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
        (aside / "chart.svg").write_text(chart.svg, encoding="utf-8")
        for name, group in chart.flows.items():
            (aside / f"flow-{name.replace(':', '-')}.svg").write_text(group, encoding="utf-8")
        meta = {"content_hash": chart.content_hash, "box": list(chart.box), "scale": chart.scale}
        (aside / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
        shutil.rmtree(folder, ignore_errors=True)  # a folder not whole, if any
        try:
            os.replace(aside, folder)
        except OSError:  # another server kept it meanwhile
            shutil.rmtree(aside, ignore_errors=True)
        for older in folder.parent.glob(f"{chart.content_hash}-*"):
            if older.name != folder.name:  # this world drawn by another version: not read again
                shutil.rmtree(older, ignore_errors=True)
    except OSError:
        pass
