"""What `tribes run`, `tribes view` and `tribes bench` share: the policies named on the command
line (a built-in's name, or a scripted JSON file), a run's summary by tribe and its metrics at
intervals, writing a run to the log (mode "tribes") and reading a logged one back to a tick."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from privateer.cli.common import fail, note
from privateer.engine.events import Event
from privateer.engine.tribes import Played, Setup, TribesRecord, TribesState, setup_of

KEY_STORES = ("grain", "fish", "meat", "bread", "timber", "stone", "tools", "coin")
"""The stores a summary shows (the rest are in --json)."""
DEFAULT_POLICIES = ("militarist", "trader", "builder", "grower")
"""The policies a run cycles through when --policy is not given (the Tribes design document's part
2: a run with the built-ins has wars, sieges, trades and threat camps)."""
WAR_KINDS = ("battles", "sieges", "captures", "raids", "trades", "caravans_raided")
"""The per-tribe counts a summary gives, from the events (`tribe_counts`)."""
SIEGE_BATTLES = ("siege", "storm")
"""Battle kinds fought under a siege (military_siege.py): against a garrison, the storm."""


def policy_players(names: list[str]) -> list[Played]:
    """Each --policy as a player: a built-in's name, or a path to a scripted JSON file (the
    format is policies.py's). One line and exit 2 for a name that is neither."""
    from privateer.engine.tribes import POLICIES, policy_from_json

    out = []
    for name in names or list(DEFAULT_POLICIES):
        if name in POLICIES:
            out.append(Played(name, POLICIES[name]))
            continue
        path = Path(name)
        if not path.is_file():
            fail(f"--policy {name!r}: not a built-in ({', '.join(POLICIES)}) nor a file")
        try:
            out.append(Played(path.name, policy_from_json(path.read_bytes())))
        except (OSError, ValueError) as error:
            fail(f"--policy {name}: {error}")
    return out


def world_counts(events: list[Event]) -> dict[str, int]:
    """The run's war, trade and threat figures, counted from its events: battles (any kind,
    threat raids and camp assaults included), sieges (slow ticks of siege work: walls battered,
    a garrison fought under siege, a storm), captures,
    raids (by tribes on settlements), threat raids (by camps; seed: `by = -1`), trades (matched
    offers and the peddler's sales), caravans (set out) and caravans raided, camps spawned and
    cleared, and ages advanced."""
    kinds = {
        "battle": "battles",
        "siege": "sieges",
        "settlement_captured": "captures",
        "trade": "trades",
        "caravan_set_out": "caravans",
        "caravan_raided": "caravans_raided",
        "camp_spawned": "camps",
        "threat_cleared": "camps_cleared",
        "advanced": "advances",
    }
    out = dict.fromkeys(
        ("battles", "sieges", "captures", "raids", "threat_raids", "trades", "caravans",
         "caravans_raided", "camps", "camps_cleared", "advances"),
        0,
    )  # fmt: skip
    for event in events:
        if event.kind == "raid":
            out["threat_raids" if event.data.get("by", -1) < 0 else "raids"] += 1
        elif event.kind in kinds:
            out[kinds[event.kind]] += 1
        if event.kind == "battle" and event.data.get("kind") in SIEGE_BATTLES:
            out["sieges"] += 1
    return out


def tribe_counts(events: list[Event], tribes: int) -> list[dict[str, int]]:
    """Each tribe's share of the war and trade, from the events: battles it fought (attacker
    or defender), slow ticks of siege work it did (as `world_counts`), settlements it
    captured, raids it made, trades it took part in (either side; a peddler sale is one
    trade) and caravans of its raided."""
    rows = [dict.fromkeys(WAR_KINDS, 0) for _ in range(tribes)]

    def add(tribe: Any, kind: str) -> None:
        if isinstance(tribe, int) and 0 <= tribe < tribes:
            rows[tribe][kind] += 1

    for event in events:
        d = event.data
        if event.kind == "battle":
            add(d.get("attacker"), "battles")
            if d.get("defender") != d.get("attacker"):
                add(d.get("defender"), "battles")
            if d.get("kind") in SIEGE_BATTLES:
                add(d.get("attacker"), "sieges")
        elif event.kind == "siege":
            add(d.get("tribe"), "sieges")
        elif event.kind == "settlement_captured":
            add(d.get("tribe"), "captures")
        elif event.kind == "raid":
            add(d.get("by"), "raids")
        elif event.kind == "trade":
            add(d.get("tribe"), "trades")
            if d.get("counterparty") != d.get("tribe"):
                add(d.get("counterparty"), "trades")
        elif event.kind == "caravan_raided":
            add(d.get("tribe"), "caravans_raided")
    return rows


def tribe_rows(
    state: TribesState, scores: list[int] | None, events: list[Event] | None = None
) -> list[dict[str, Any]]:
    """The end state by tribe: people, settlements, warbands, key stores, techs, age, score,
    its war and trade counts (from the events) and its own cumulative counters."""
    counts = tribe_counts(events or [], len(state.tribes))
    rows = []
    for tribe in state.tribes:
        own = state.settlements_of(tribe.id)
        stores = {r: sum(s.stores[r] for s in own) for r in KEY_STORES}
        rows.append(
            {
                "tribe": tribe.id,
                "name": tribe.name,
                "alive": tribe.alive,
                "population": sum(s.pop for s in own),
                "settlements": len(own),
                "warbands": sum(1 for w in state.warbands if w.tribe == tribe.id),
                "soldiers": sum(w.size for w in state.warbands if w.tribe == tribe.id),
                "stores": stores,
                "techs": list(tribe.techs),
                "age": tribe.age,
                "score": None if scores is None else scores[tribe.id],
                **counts[tribe.id],
                "counters": dict(sorted(tribe.counters.items())),
            }
        )
    return rows


def end_scores(record: TribesRecord) -> list[int] | None:
    """The scores the world's end told (None: it has not ended)."""
    for event in reversed(record.new_events(0)):
        if event.kind == "world_end":
            return list(event.data["scores"])
    return None


def snapshot(state: TribesState) -> dict[str, Any]:
    """The figures `tribes run` prints at intervals, by tribe: population, production (units
    made in the latest metrics interval), starvation deaths in it, tool coverage (per mille)."""
    frame = state.metrics or {}
    rows = [
        {
            "tribe": row["id"],
            "population": row["pop"],
            "production": sum(row["production"].values()),
            "starvation": row["starvation"],
            "tool_coverage": row["tool_coverage"],
        }
        for row in frame.get("tribes", [])
    ]
    return {"tick": frame.get("tick", state.tick), "tribes": rows}


def print_summary(record: TribesRecord, intervals: list[dict[str, Any]], seconds: float) -> None:
    import typer

    state = record.state
    rows = tribe_rows(state, end_scores(record), record.new_events(0))
    setup = setup_of(record)
    rules = "" if "rules" not in setup.options() else f", rules {setup.rules}"
    typer.echo(
        f"Tribes, seed {record.seed}, {setup.size}x{setup.size}, {setup.tribes} tribes, "
        f"{state.tick} ticks{rules} ({seconds:.1f} s)"
    )
    typer.echo("")
    typer.echo("metrics by tribe: population / production / starvation / tool coverage per mille")
    for frame in intervals:
        cells = "  ".join(
            f"{r['tribe']}: {r['population']:>5} {r['production']:>5} {r['starvation']:>3} "
            f"{r['tool_coverage']:>4}"
            for r in frame["tribes"]
        )
        typer.echo(f"  tick {frame['tick']:>6}  {cells}")
    typer.echo("")
    head = "tribe          pop  sett  " + "  ".join(f"{s:>6}" for s in KEY_STORES)
    typer.echo(head + "  techs  score")
    for r in rows:
        stores = "  ".join(f"{r['stores'][s]:>6}" for s in KEY_STORES)
        name = f"{r['tribe']} {r['name']}" + ("" if r["alive"] else " (out)")
        score = "-" if r["score"] is None else r["score"]
        typer.echo(
            f"{name:<12} {r['population']:>5}  {r['settlements']:>4}  {stores}  "
            f"{len(r['techs']):>5}  {score:>5}"
        )
    typer.echo("")
    typer.echo("tribe        warbands  soldiers  battles  sieges  captures  raids  trades  age")
    for r in rows:
        name = f"{r['tribe']} {r['name']}"
        typer.echo(
            f"{name:<12} {r['warbands']:>8}  {r['soldiers']:>8}  {r['battles']:>7}  "
            f"{r['sieges']:>6}  {r['captures']:>8}  {r['raids']:>5}  {r['trades']:>6}  "
            f"{r['age']:>3}"
        )
    w = world_counts(record.new_events(0))
    typer.echo(
        f"\nthe world: {w['battles']} battles, {w['sieges']} siege ticks, {w['captures']} "
        f"captures, {w['raids']} raids by tribes, {w['threat_raids']} by threats, "
        f"{w['trades']} trades, {w['caravans']} caravans ({w['caravans_raided']} raided), "
        f"{w['camps']} threat camps ({w['camps_cleared']} cleared), {w['advances']} ages "
        "advanced"
    )
    winner = "nobody" if state.winner is None else state.tribes[state.winner].name
    typer.echo(f"\nresult: {state.result}; winner: {winner}")


def summary_json(
    record: TribesRecord, intervals: list[dict[str, Any]], run_id: int | None
) -> dict[str, Any]:
    state = record.state
    return {
        "seed": record.seed,
        "setup": setup_of(record).options(),
        "tick": state.tick,
        "result": state.result,
        "winner": state.winner,
        "tribes": tribe_rows(state, end_scores(record), record.new_events(0)),
        "world": world_counts(record.new_events(0)),
        "metrics": intervals,
        "checkpoints": [list(c) for c in record.checkpoints],
        "state_hash": state.state_hash(),
        "run_id": run_id,
    }


def log_run(path: Path, record: TribesRecord, policy_names: list[str]) -> int:
    """Write the run (mode "tribes") through the log writer; its run id."""
    from privateer.db.log_writer import LogWriter, record_row
    from privateer.db.run_list import list_runs
    from privateer.engine.tribes import MODE

    options = setup_of(record).options(policy_names)
    with LogWriter(path, notify=note) as writer:
        writer.add(record_row(MODE, record, options, bot=",".join(policy_names)))
    return int(list_runs(path, limit=1)[0]["run_id"])


def state_at(seed: int, setup: Setup, actions: list[str], tick: int) -> TribesState:
    """A logged run's world re-run to `tick` (a logged step that passes it is cut short)."""
    from privateer.engine.tribes import TribesAction, act, start_record

    state = start_record(seed, setup).state
    for text in actions:
        action = TribesAction.from_str(text)
        if action.tribe < 0:
            if state.tick >= tick:
                break
            action = TribesAction(min(action.ticks, tick - state.tick))
        act(state, action)
    return state
