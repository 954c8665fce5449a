"""`privateer play` driven as a person types it, on the synthetic sea: a database at head
holding its ports, the voyage's save set to where a test needs her (through the engine's own
state), and the command run with piped lines."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import typer
from click.testing import CliRunner, Result

from privateer.cli.app import app
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.world import World
from tests.voyage_fixtures import WORLD

RUNNER = CliRunner()
COMMAND = typer.main.get_command(app)


def ports_db(path: Path) -> Path:
    """A database at head holding the synthetic sea's ports (what `play` names)."""
    from tests.head_db import at_head

    at_head(path)
    with duckdb.connect(str(path)) as con:
        for i, port in enumerate(WORLD.ports):
            con.execute(
                "INSERT INTO ports (port_id, name, nation, lon, lat, node_id, fortified, kind) "
                "VALUES (?, ?, ?, 0, 0, ?, false, 'port')",
                [i, port.name, WORLD.nations[port.nation], port.node],
            )
    return path


def play(db: Path, *args: str, input: str = "") -> Result:
    """`privateer --db DB play ARGS` with `input` piped in."""
    return RUNNER.invoke(COMMAND, ["--db", str(db), "play", *args], input=input)


def set_save(db: Path, change: Callable[[VoyageState], Any], world: World = WORLD) -> None:
    """The newest run's save, read as the engine's state (of `world`), changed by `change`,
    written back."""
    with duckdb.connect(str(db)) as con:
        found = con.execute("SELECT run_id, state FROM saves ORDER BY run_id DESC").fetchone()
        assert found is not None, "no save"
        run_id, data = found
        state = VoyageState.from_dict(json.loads(data), world)
        change(state)
        con.execute(
            "UPDATE saves SET state = ? WHERE run_id = ?", [json.dumps(state.to_dict()), run_id]
        )


def saved_state(db: Path) -> VoyageState:
    """The newest run's save as the engine's state."""
    with duckdb.connect(str(db), read_only=True) as con:
        found = con.execute("SELECT state FROM saves ORDER BY run_id DESC").fetchone()
    assert found is not None, "no save"
    return VoyageState.from_dict(json.loads(found[0]), WORLD)
