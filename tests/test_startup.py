"""Commands import what they need when they run: listing runs starts about as fast as
--version because it loads no pandas, no alembic, no geospatial stack (the timings themselves
are measured by `privateer bench startup`, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("pandas", "alembic", "geopandas", "shapely", "matplotlib", "scipy", "pyarrow")


def modules_loaded(*args: str) -> set[str]:
    script = (
        "import sys, json\n"
        "from privateer.cli.app import app\n"
        f"sys.argv = ['privateer', *{list(args)!r}]\n"
        "try:\n    app()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(m.split('.')[0] for m in sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("startup") / "db.duckdb"
    subprocess.run(
        [sys.executable, "-m", "privateer", "--db", str(path), "db", "upgrade"],
        check=True,
        capture_output=True,
    )
    return path


def test_runs_list_loads_nothing_heavy(db: Path) -> None:
    loaded = modules_loaded("--db", str(db), "runs", "list")
    assert "duckdb" in loaded  # a plain read-only connection: not even SQLAlchemy
    assert not loaded & {"sqlalchemy", *HEAVY}, loaded & {"sqlalchemy", *HEAVY}


def test_runs_list_still_upgrades_an_older_database(tmp_path: Path) -> None:
    import duckdb

    fresh = tmp_path / "new.duckdb"
    duckdb.connect(str(fresh)).close()  # a database with no revision yet: the oldest there is
    done = subprocess.run(
        [sys.executable, "-m", "privateer", "--db", str(fresh), "runs", "list", "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and json.loads(done.stdout) == []
    assert "upgraded" in done.stderr


def test_db_current_loads_no_sqlalchemy_at_head(db: Path) -> None:
    loaded = modules_loaded("--db", str(db), "db", "current")
    assert "duckdb" in loaded
    assert not loaded & {"sqlalchemy", *HEAVY}


def test_version_loads_nothing_of_the_database() -> None:
    loaded = modules_loaded("--version")
    assert not loaded & {"duckdb", "sqlalchemy", *HEAVY}
