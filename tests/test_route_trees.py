"""Route trees kept in the database (db/route_trees.py): a run on trees read back is the run
on trees worked out, tree for tree and hash for hash; a kept tree whose graph's fingerprint is
not this code's is worked out again; a command keeps what it worked out when it ends well, and
the next one reads it rather than working it out; a rebuilt world's trees replace the last's.

The world is the Channel and Biscay built from Natural Earth (conftest.py's, once a run)."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import numpy as np
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.worlds import _keep_trees
from privateer.db import open_database, world_load
from privateer.db.connection import LOCK_WAIT_SECONDS
from privateer.db.route_trees import keep_trees
from privateer.engine.world import World, advance, create_world, trees_to_keep
from privateer.engine.world.routes import TREES

runner = CliRunner()
HOLD = (
    "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('held', flush=True); "
    "time.sleep(60)"
)


@pytest.fixture
def box(channel_built: Path, tmp_path: Path) -> Path:
    path = tmp_path / "box.duckdb"
    shutil.copyfile(channel_built, path)
    return path


def load(path: Path) -> World:
    """The World as a new process reads it (the process's cached one let go first)."""
    world_load._LOADED.clear()
    engine = open_database(path, notify=lambda _: None)
    try:
        return world_load.load_world(engine)
    finally:
        engine.dispose()


def sail(world: World, seed: int = 3, days: int = 200) -> str:
    """The world's state hash after `days` of all its traffic, on a bare copy of `world` (no
    tree held yet: each is read from its stored trees or worked out)."""
    state, _ = create_world(world, seed)
    for _ in range(days):
        advance(world, state)
    return state.state_hash()


def kept_rows(path: Path) -> list[tuple[object, ...]]:
    with duckdb.connect(str(path), read_only=True) as con:
        return con.execute(
            "SELECT world_hash, destination, weather, rig, seas, fingerprint FROM route_trees "
            "ORDER BY ALL"
        ).fetchall()


def test_a_world_on_trees_read_back_sails_as_on_trees_worked_out(box: Path) -> None:
    first = dataclasses.replace(load(box))
    worked_out = sail(first)
    made = trees_to_keep(first)
    assert made, "the ships wanted trees"
    assert keep_trees(box, first) == len(made)
    assert trees_to_keep(first) == []  # written: not written again

    again = load(box)
    stored = again.stored_trees
    assert stored is not None and len(stored) == len(made)
    for key, _, legs, ahead in made:  # every tree read back as it was worked out
        at = stored.rows[key]
        assert np.array_equal(stored.legs[at], legs) and dict(stored.aheads[at]) == dict(ahead)
    bare = dataclasses.replace(again)
    assert sail(bare) == worked_out
    assert trees_to_keep(bare) == []  # every tree it sailed by was read, none worked out
    assert bare.memo(TREES).get(0) is not None


def test_a_kept_tree_of_another_graph_is_worked_out_again(box: Path) -> None:
    first = dataclasses.replace(load(box))
    worked_out = sail(first)
    keep_trees(box, first)
    with duckdb.connect(str(box)) as con:  # as if older code, or another SciPy, kept them
        con.execute("UPDATE route_trees SET fingerprint = 'another graph'")
    again = dataclasses.replace(load(box))
    assert sail(again) == worked_out
    remade = trees_to_keep(again)
    assert len(remade) == len(trees_to_keep(first)) + len(kept_rows(box))  # all of them
    keep_trees(box, again)
    fingerprints = {row[5] for row in kept_rows(box)}  # replaced by this graph's
    assert fingerprints == {fingerprint for _, fingerprint, _, _ in remade}


def test_a_voyage_keeps_its_trees_and_the_next_reads_them(box: Path) -> None:
    """In this process (--workers 1 still plays on a worker: the trees come back from it)."""
    args = ["--db", str(box), "voyage", "--runs", "2", "--days", "60", "--workers", "1"]
    world_load._LOADED.clear()  # each command as a new process reads the world
    first = runner.invoke(app, [*args, "--json"])
    assert first.exit_code == 0, first.output
    rows = kept_rows(box)
    world = load(box)
    assert rows and {row[0] for row in rows} == {world.content_hash}
    assert world.stored_trees is not None and len(world.stored_trees) == len(rows)
    world_load._LOADED.clear()  # as a new process reads it
    second = runner.invoke(app, [*args, "--json"])
    assert second.exit_code == 0, second.output
    assert second.stdout == first.stdout
    assert kept_rows(box) == rows  # nothing new was worked out, nothing written


def test_a_command_ending_in_an_error_or_ctrl_c_keeps_nothing(box: Path) -> None:
    """cli/worlds.py's keeping at a command's end: not while an exception is on its way out
    (an error's exit, Ctrl-C), and then what it worked out is written."""
    world = dataclasses.replace(load(box))
    sail(world, days=60)
    for stopped in (KeyboardInterrupt(), SystemExit(2)):
        try:
            raise stopped
        except BaseException:
            _keep_trees(box, world)
    assert kept_rows(box) == []
    _keep_trees(box, world)
    assert len(kept_rows(box)) == len(world.memo(TREES).get(0).row_of)


def test_a_database_another_process_holds_is_not_waited_for(box: Path) -> None:
    world = dataclasses.replace(load(box))
    sail(world, days=60)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(box)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        assert keep_trees(box, world) == 0
        assert time.monotonic() - started < LOCK_WAIT_SECONDS
        assert trees_to_keep(world)  # still to keep, by the next command that can
    finally:
        holder.kill()
        holder.wait()
    assert keep_trees(box, world) == len(kept_rows(box)) > 0


def test_a_rebuilt_worlds_trees_replace_the_last_worlds(box: Path) -> None:
    first = dataclasses.replace(load(box))
    sail(first, days=60)
    with duckdb.connect(str(box)) as con:
        con.execute(
            "INSERT INTO route_trees VALUES ('an older world', 1, 0, 0, '', 'x', '\\x00'::BLOB, "
            "'[]')"
        )
    keep_trees(box, first)
    assert {row[0] for row in kept_rows(box)} == {first.content_hash}


def test_a_world_written_anew_takes_the_other_worlds_trees_with_it(box: Path) -> None:
    from privateer.db.world_store import replace_world

    with duckdb.connect(str(box)) as con:
        for world_hash in ("an older world", "the new world"):
            con.execute(
                "INSERT INTO route_trees VALUES (?, 1, 0, 0, '', 'x', '\\x00'::BLOB, '[]')",
                [world_hash],
            )
    engine = open_database(box, notify=lambda _: None)
    try:
        record = {"source_path": "-", "source_sha256": "-", "params": {}, "code_version": "-"}
        replace_world(engine, {}, {**record, "content_hash": "the new world", "counts": {}})
    finally:
        engine.dispose()
    assert [row[0] for row in kept_rows(box)] == ["the new world"]


def test_bench_world_sim_times_a_first_run_on_the_kept_trees_and_keeps_none_itself(
    box: Path,
) -> None:
    import json

    args = ["--db", str(box), "bench", "world-sim", "--days", "60", "--runs", "1", "--json"]
    world_load._LOADED.clear()  # each command as a new process reads the world
    bare = runner.invoke(app, args)
    assert bare.exit_code == 0, bare.output
    figures = json.loads(bare.stdout)
    assert figures["stored_trees"] == 0 and figures["stored_cold_days_per_second"] is None
    assert figures["cold_days_per_second"] > 0 and kept_rows(box) == []
    world = dataclasses.replace(load(box))
    sail(world, days=60)
    kept = keep_trees(box, world)
    world_load._LOADED.clear()  # as a new process reads it
    stored = runner.invoke(app, args)
    assert stored.exit_code == 0, stored.output
    figures = json.loads(stored.stdout)
    assert figures["stored_trees"] == kept > 0 and figures["stored_cold_days_per_second"] > 0
    assert len(kept_rows(box)) == kept
