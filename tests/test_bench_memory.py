"""`privateer bench memory`: what the World keeps, reported per cache, within the bound; and
the same voyages and world with the caches squeezed so small that they let entries go."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db import world_load
from privateer.engine.world import world as world_module

runner = CliRunner()


@pytest.fixture(scope="module")
def channel_world(channel_built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A world built from Natural Earth in a box round the Channel and Biscay (Plymouth and
    London: a voyage sails in it; conftest.py's, built once a run), so the full world is built
    once a run."""
    path = tmp_path_factory.mktemp("memory") / "world.duckdb"
    shutil.copyfile(channel_built, path)
    return path


def bench(db: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setattr(world_load, "_LOADED", {})  # a World of its own: empty caches
    args = ["--db", str(db), "bench", "memory", "--runs", "1", "--days", "40", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def test_bench_memory_reports_every_cache_within_its_budget_and_the_bound(
    channel_world: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = bench(channel_world, monkeypatch)
    assert record["runs"] == 1 and record["days"] == 40
    assert set(record["caches"]) == set(world_module.BUDGETS)
    for name, cache in record["caches"].items():
        assert set(cache) == {"entries", "bytes", "budget", "dropped"}
        assert cache["budget"] == world_module.BUDGETS[name]
        assert 0 <= cache["bytes"] <= cache["budget"]
    assert record["caches_bytes"] == sum(c["bytes"] for c in record["caches"].values())
    assert record["caches"]["hops"]["entries"] > 0 and record["caches"]["trees"]["entries"] > 0
    assert record["caches_bound"] == 100_000_000
    assert record["caches_bytes"] <= record["caches_bound"] and record["within_bound"]
    assert record["peak_rss_bytes"] > record["caches_bytes"]
    assert len(record["results"]) == 16

    squeezed = {"hops": 4_000, "trees": 15_000}  # a third of what they hold in this world
    for name, budget in squeezed.items():
        monkeypatch.setitem(world_module.BUDGETS, name, budget)
    again = bench(channel_world, monkeypatch)
    assert again["results"] == record["results"]  # the same voyages and world to the bit
    for name, budget in squeezed.items():
        assert again["caches"][name]["bytes"] <= budget
    assert again["caches"]["hops"]["dropped"] > 0 and again["caches"]["trees"]["dropped"] > 0
