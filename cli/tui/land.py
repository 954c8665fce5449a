"""The land the terminal's chart draws: the world's own Natural Earth source (or the default
one, where that file is gone), dissolved once a session (a second or two, on a worker while the
screen is already up), asked cell by cell whether it is land."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any


@cache
def load_land(source: str | None) -> Any:
    """The land of `source` (the world's build names it) as the pipeline reads it; read once
    a process."""
    from privateer.pipeline.land import Land
    from privateer.pipeline.source import default_source, read_source

    path = Path(source) if source and Path(source).exists() else default_source()
    return Land.from_polygons(read_source(path).polygons)
