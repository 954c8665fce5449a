"""The learning environments' guide (docs/envs.md): its example plays a random agent through
the fight, the duel and the tabletop, run as a reader would paste it."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "envs.md"


def test_the_guides_random_agent_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(blocks[0], str(GUIDE), "exec"), {})
    lines = printed.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == ["fight", "duel", "tabletop"]
    assert lines[-1].split()[1] in ("gold", "rounds", "deck")  # how the table ended


@pytest.mark.slow
def test_the_guides_voyage_example_runs_on_the_built_world(
    world_db_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)
    monkeypatch.chdir(world_db_copy.parent)
    world_db_copy.rename(world_db_copy.parent / "privateer.duckdb")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        namespace: dict[str, object] = {}
        for block in blocks:
            exec(compile(block, str(GUIDE), "exec"), namespace)
    last = printed.getvalue().splitlines()[-1].split()
    assert last[0] == "voyage" and last[2] == "day"
