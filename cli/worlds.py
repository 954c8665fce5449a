"""The engine's World for a command: loaded from the database (once per process), or one line
and exit 2 if there is none (and no database file made to find that out). The route trees the
command works out on it are kept in the database when it ends well (db/route_trees.py), for
the next command to read."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from privateer.cli.common import db_path, open_db, user_errors

if TYPE_CHECKING:
    from pathlib import Path

    from privateer.engine.world import World


def engine_world(ctx: typer.Context) -> World:
    from privateer.db.world_load import load_world

    # nothing is held once the world is read; no file, no world: none is made to say so
    engine = open_db(ctx, pooled=False, create=False)
    with user_errors():
        world = load_world(engine)
    engine.dispose()
    path = db_path(ctx)
    ctx.call_on_close(lambda: _keep_trees(path, world))
    return world


def _keep_trees(path: Path, world: World) -> None:
    """At the command's end, if it ended well (not an error, Ctrl-C or exit code being
    raised): the route trees it worked out, into the database (a cache: if they cannot be
    written, the next command works them out again)."""
    if sys.exc_info()[0] is not None:
        return
    from privateer.db.route_trees import keep_trees

    keep_trees(path, world)
