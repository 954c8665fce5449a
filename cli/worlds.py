"""The engine's World for a command: loaded from the database (once per process), or one line
and exit 2 if there is none (and no database file made to find that out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from privateer.cli.common import open_db, user_errors

if TYPE_CHECKING:
    from privateer.engine.world import World


def engine_world(ctx: typer.Context) -> World:
    from privateer.db.world_load import load_world

    # nothing is held once the world is read; no file, no world: none is made to say so
    engine = open_db(ctx, pooled=False, create=False)
    with user_errors():
        world = load_world(engine)
    engine.dispose()
    return world
