"""`privateer play`, `privateer voyage`, `report` and `runs replay` on the real world (built
once per test run): a voyage played by piped input to a fight and a port, saved and resumed;
captain-bot voyages summarised, logged and replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db import open_database
from privateer.db.world_load import load_world
from privateer.engine.fight.bots import BALANCED
from privateer.engine.voyage.game import create_voyage
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.world import World
from tests.voyage_fixtures import act_text, pending_of

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]
runner = CliRunner()

SUMMARY_KEYS = {
    "runs", "won", "sunk", "sunk_by", "alive_at_end", "mean_day_home", "mean_day_sunk",
    "raids_per_run", "prizes_per_run", "storms_per_run", "omens_per_run", "mutinies_per_run",
    "mean_gold",
}  # fmt: skip


def invoke(db: Path, *args: str, input: str | None = None) -> object:
    return runner.invoke(app, ["--db", str(db), *args], input=input)


def _go(world: World, state: VoyageState) -> None:
    """What the screen's `go` does: sail on until something stops her."""
    for _ in range(400):
        if state.over or state.pending:
            return
        events = act_text(world, state, "sail")
        if any(isinstance(e.data, dict) and e.data.get("stop") for e in events):
            return
        if state.course < 0 and state.port < 0:
            return


def _answer_lines(world: World, state: VoyageState) -> list[str]:
    """A person's answers to whatever waits on her, as lines for the screen."""
    lines = []
    while state.pending and not state.over:
        kind = pending_of(state)["kind"]
        if kind == "fight":
            assert state.fight is not None
            keep = BALANCED.choose(state.fight)
            lines.append(f"{keep.first + 1}{keep.second + 1}")
            act_text(world, state, f"keep {keep.first} {keep.second}")
        elif kind == "prize":
            lines.append("prize 1")
            act_text(world, state, f"prize {pending_of(state)['cards'][0]}")
        elif kind == "dilemma":
            lines.append("choose 1")
            act_text(world, state, "choose 0")
        else:
            lines.append("attack")
            act_text(world, state, "attack")
    return lines


def test_play_by_piped_input_to_a_fight_and_a_port_then_resume(
    world_db_copy: Path,
) -> None:
    engine = open_database(world_db_copy, notify=lambda _: None)
    world = load_world(engine)
    engine.dispose()
    # Work out, on the engine, what a person would type: a course for Dover, sail on, fight
    # what comes, and on to Dover.
    state, _ = create_voyage(world, 1)  # seed 1: a fight on the way that she lives through
    dover = world.port_by_name["Dover"].node
    lines = ["sheet", "course Dover"]
    act_text(world, state, f"course {dover}")
    fought = False
    for _ in range(30):
        lines.append("go")
        _go(world, state)
        fought |= pending_of(state).get("kind") == "fight"
        lines += _answer_lines(world, state)
        if state.over or state.port >= 0:
            break
        if state.course < 0:
            lines.append("course Dover")
            act_text(world, state, f"course {dover}")
    assert fought and state.port >= 0 and world.ports[state.port].name == "Dover"
    lines += ["round", "politics", "rumors"]
    result = invoke(world_db_copy, "play", "--seed", "1", input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "fight:" in out and "in Dover" in out and "a round:" in out
    assert "input ended: run" in out and "is saved" in out
    saves = json.loads(invoke(world_db_copy, "saves", "list", "--json").stdout)
    assert [s["mode"] for s in saves] == ["voyage"]
    run_id = saves[0]["run_id"]
    again = invoke(world_db_copy, "play", "--resume", input="sheet\nquit\n")
    assert again.exit_code == 0, again.output
    assert f"resuming run {run_id} on day {state.day}" in again.stdout
    replayed = invoke(world_db_copy, "runs", "replay", str(run_id))
    assert replayed.exit_code == 0 and "identical" in replayed.stdout


def test_play_refuses_bad_rules_and_a_resume_with_nothing_saved(world_db_copy: Path) -> None:
    bad = invoke(world_db_copy, "play", "--rules", "modern")
    assert bad.exit_code == 2 and "no voyage rules 'modern'" in bad.output
    none = invoke(world_db_copy, "play", "--resume")
    assert none.exit_code == 2 and "no voyage in progress is saved" in none.output


def test_voyages_summarised_logged_replayed_and_reported(world_db_copy: Path) -> None:
    result = invoke(
        world_db_copy, "voyage", "--runs", "3", "--days", "120", "--workers", "1",
        "--rules", "classic", "--captain", "ours", "--log", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert set(summary) >= SUMMARY_KEYS and summary["runs"] == 3
    assert summary["won"] + summary["sunk"] + summary["alive_at_end"] == 3
    replay = json.loads(invoke(world_db_copy, "runs", "replay", "--all", "--json").stdout)
    assert replay["replayed"] == 3 and replay["identical"] == 3
    engine = open_database(world_db_copy, notify=lambda _: None)
    with engine.connect() as conn:
        modes = conn.execute(sa.text("SELECT DISTINCT mode FROM runs")).scalars().all()
        checkpoints = conn.execute(sa.text("SELECT count(*) FROM checkpoints")).scalar_one()
        days = conn.execute(sa.text("SELECT max(day) FROM events GROUP BY run_id")).scalars()
        due = sum(day // 30 for day in days)  # a checkpoint every 30 days each run sailed
    engine.dispose()
    assert modes == ["voyage"] and checkpoints >= due >= 3
    report = json.loads(invoke(world_db_copy, "report", "--json").stdout)
    assert report["voyages"][0]["runs"] == 3 and report["voyages"][0]["rules"] == "classic"
    assert sum(r["fights"] for r in report["where"]) > 0
    on_two = ("--runs", "3", "--days", "120", "--workers", "2", "--rules", "classic",
              "--captain", "ours", "--json")  # fmt: skip
    again = json.loads(invoke(world_db_copy, "voyage", *on_two).stdout)
    assert {k: again[k] for k in SUMMARY_KEYS} == {k: summary[k] for k in SUMMARY_KEYS}


def test_a_voyage_saved_before_the_late_game_resumes_by_its_rules_and_replays(
    world_db_copy: Path,
) -> None:
    """A run of engine voyage-1 (its `full` is now `dilemmas`) picked up where it was saved:
    it plays on by the rules it began under, and its log replays identically."""
    from privateer.db.run_store import RunStore
    from privateer.db.runlog import RunBuffer
    from privateer.db.saves import state_save_statement
    from privateer.engine.record import begin, step
    from privateer.engine.voyage.mode import MODE, game_for
    from privateer.engine.voyage.state import SAVE_VERSION

    engine = open_database(world_db_copy, notify=lambda _: None)
    world = load_world(engine)
    engine.dispose()
    old = game_for(world, {"rules": "full", "days": 730}, "voyage-1")
    record = begin(old, 11)
    dover = world.port_by_name["Dover"].node
    step(record, old.parse_action(f"course {dover}"))
    step(record, old.parse_action("sail"))
    state = record.state
    assert state is not None and state.late is None

    def rows(run_id: int) -> tuple[RunBuffer, list[tuple[str, list[object]]]]:
        buffer = RunBuffer()
        options = {"rules": "full", "days": record.state.last_day}
        buffer.add_record(
            run_id, MODE, record, options, world_hash=world.content_hash, finished=False
        )
        buffer.runs["engine_version"][-1] = "voyage-1"
        return buffer, [state_save_statement(run_id, SAVE_VERSION, state.to_dict())]

    run_id = RunStore(world_db_copy, notify=lambda _: None).start(rows)
    resumed = invoke(world_db_copy, "play", "--resume", input="sail\nsail\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"resuming run {run_id} on day {state.day}" in resumed.stdout
    replayed = invoke(world_db_copy, "runs", "replay", str(run_id))
    assert replayed.exit_code == 0 and "identical" in replayed.stdout, replayed.output


def test_voyage_json_gains_the_late_figures_only_with_the_late_game(world_db_copy: Path) -> None:
    runs = ("voyage", "--runs", "2", "--days", "60", "--workers", "1", "--json")
    late = json.loads(invoke(world_db_copy, *runs, "--rules", "late").stdout)
    assert set(late) == SUMMARY_KEYS | {"rules", "world_rules", "where", "renown_steps",
                                        "home_stretch_reached", "home_stretch_won"}  # fmt: skip
    assert list(late["renown_steps"]) == ["0", "1", "2", "3"]
    assert sum(late["renown_steps"].values()) == 2
    plain = json.loads(invoke(world_db_copy, *runs, "--rules", "dilemmas").stdout)
    assert set(plain) == SUMMARY_KEYS | {"rules", "world_rules", "where"}
    where = plain["where"]
    assert set(where) == {"days_by_sea", "days_by_ocean", "reached", "reached_any",
                          "beyond_europe", "ports_entered", "ports_per_run"}  # fmt: skip
    assert abs(sum(where["days_by_sea"].values()) - 1) < 0.01  # every day at sea, by sea
    assert list(where["reached"]) == ["Caribbean", "Indian Ocean", "China seas", "Pacific"]


def test_voyage_plays_by_the_captain_asked_for_and_logs_which(world_db_copy: Path) -> None:
    runs = ("voyage", "--runs", "2", "--days", "40", "--workers", "1", "--rules", "full")
    bad = invoke(world_db_copy, *runs, "--captain", "admiral")
    told = "no captain 'admiral': one of ours, seed, world, raider"
    assert bad.exit_code != 0 and told in bad.output
    seed = json.loads(invoke(world_db_copy, *runs, "--captain", "seed", "--log", "--json").stdout)
    assert seed["captain"] == "seed" and set(seed["letters_completed"]) == {"1", "2", "3"}
    assert "captain" not in json.loads(invoke(world_db_copy, *runs, "--json").stdout)
    engine = open_database(world_db_copy, notify=lambda _: None)
    with engine.connect() as conn:
        bots = conn.execute(sa.text("SELECT DISTINCT bot FROM runs")).scalars().all()
    engine.dispose()
    assert bots == ["captain-seed"]


def test_voyage_plays_a_variant_of_a_ruleset_logs_it_and_replays_it(world_db_copy: Path) -> None:
    """`--rules full[letter_reward.0=20]`, as a study's point names its rules: played, summarised
    under that name, logged with it in the run's options, and replayed by it."""
    runs = ("voyage", "--runs", "2", "--days", "40", "--workers", "1", "--json")
    varied = invoke(world_db_copy, *runs, "--rules", "full[letter_reward.0=5]", "--log")
    assert varied.exit_code == 0, varied.output
    assert json.loads(varied.stdout)["rules"] == "full[letter_reward.0=5]"
    replay = json.loads(invoke(world_db_copy, "runs", "replay", "--all", "--json").stdout)
    assert replay["replayed"] == 2 and replay["identical"] == 2
    engine = open_database(world_db_copy, notify=lambda _: None)
    with engine.connect() as conn:
        named = (
            conn.execute(
                sa.text("SELECT DISTINCT json_extract_string(options, '$.rules') FROM runs")
            )
            .scalars()
            .all()
        )
    engine.dispose()
    assert named == ["full[letter_reward.0=5]"]
    for wrong, says in [
        ("full[letter_reward.3=5]", "has no rule 'letter_reward.3'"),
        ("modern", "no voyage rules 'modern'"),
    ]:
        bad = invoke(world_db_copy, *runs, "--rules", wrong)
        assert bad.exit_code == 2 and says in bad.output, bad.output
