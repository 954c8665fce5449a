"""`privateer bench memory`: what the World keeps, reported per cache, within the bound; and
the same voyages and world with the caches squeezed so small that they let entries go."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db import world_load
from privateer.engine.world import world as world_module

runner = CliRunner()


def bench(db: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setattr(world_load, "_LOADED", {})  # a World of its own: empty caches
    args = ["--db", str(db), "bench", "memory", "--runs", "1", "--days", "40", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def test_bench_memory_reports_every_cache_within_its_budget_and_the_bound(
    world_db_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = bench(world_db_copy, monkeypatch)
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

    squeezed = dict.fromkeys(("hops", "true_next", "split_by_source"), 400_000)  # a few each
    squeezed["trees"] = 4_000_000  # a third of what the world's ships sail by
    for name, budget in squeezed.items():
        monkeypatch.setitem(world_module.BUDGETS, name, budget)
    again = bench(world_db_copy, monkeypatch)
    assert again["results"] == record["results"]  # the same voyages and world to the bit
    for name, budget in squeezed.items():
        assert again["caches"][name]["dropped"] > 0, name
        assert again["caches"][name]["bytes"] <= budget
