"""`privateer report` on the Quick start's database (a world and logged voyages, no fights):
the voyages' tables first, and what it holds none of said in one line at the end, not three
empty fight tables before them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from privateer.cli.app import app

runner = CliRunner()


def test_report_shows_what_is_logged_first_and_names_the_rest_in_one_line(
    channel_world_db: Path, tmp_path: Path
) -> None:
    path = tmp_path / "quick.duckdb"
    shutil.copy(channel_world_db, path)  # a world and one logged voyage, as the Quick start
    done = runner.invoke(app, ["--db", str(path), "report"])
    assert done.exit_code == 0, done.output
    lines = done.stdout.strip().splitlines()
    assert lines[0] == "how voyages ended: by rules and captain"
    assert "none logged" not in done.stdout
    empty = [line for line in lines if line.startswith("not shown")]
    assert len(empty) == 1 and lines[-1] == empty[0]
    assert empty[0].startswith("not shown, nothing logged for them: outcome rates by bot")
    assert "how many rounds fights last; which cards decided fights" in empty[0]
    assert "how voyages ended" not in empty[0]
    data = json.loads(runner.invoke(app, ["--db", str(path), "report", "--json"]).stdout)
    assert data["outcomes"] == [] and data["voyages"][0]["runs"] == 1  # JSON keeps every key
