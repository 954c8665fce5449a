"""`privateer envs ...`: the learning environments (`pip install 'privateer[envs]'`): `bench`
plays a random agent and each mode's bot through them, and the bot outside them on the same
seeds; `features` prints a mode's observation, number by number."""

from __future__ import annotations

import json
from typing import Any

import typer

from privateer.cli.common import db_path, fail, note
from privateer.cli.envs.benches import BENCHES, BY_NAME, bench_rows
from privateer.cli.options import int_option, seed_option
from privateer.cli.progress import QUIET_HELP, counting

app = typer.Typer(
    help="Every game as a learning environment (Gymnasium for one agent, PettingZoo AEC for "
    "the tables): baselines measured, observations described."
)

MISSING = "the environments need the envs extra: pip install 'privateer[envs]'"


def _needs_extra() -> None:
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        fail(MISSING)


@app.command("bench")
def bench_command(
    ctx: typer.Context,
    episodes: int = int_option(20, "--episodes", 1, 100_000, "Episodes an agent (1-100,000)."),
    seed: int = seed_option("The first episode's seed; the rest follow it."),
    only: list[str] = typer.Option(
        [], "--only", help=f"Only these environments (repeat): {', '.join(BY_NAME)}."
    ),
    as_json: bool = typer.Option(False, "--json", help="One JSON list: a row an agent."),
    log: bool = typer.Option(
        False,
        "--log",
        help="Log every episode played through an environment as a run (its bot named "
        "env:AGENT), to replay with `runs replay` like any other.",
    ),
    quiet: bool = typer.Option(False, "--quiet", help=QUIET_HELP),
) -> None:
    """Play a random agent (uniform over the legal indices) and each mode's own bot through
    its environment, EPISODES each on seeds SEED.., and the bot's games outside the
    environment on the same seeds: side 0's win share, mean reward, steps and steps a second,
    and `same_games`, how many seeds ended in the same state hash both ways (all, or the
    environment changed the game). The voyage needs the world (`privateer world build`)."""
    _needs_extra()
    unknown = [name for name in only if name not in BY_NAME]
    if unknown:
        fail(f"no environment {unknown[0]!r}: one of {', '.join(BY_NAME)}")
    chosen = [b for b in BENCHES if not only or b.name in only]
    world = None
    if any(b.mode == "voyage" for b in chosen):
        from privateer.cli.worlds import engine_world

        world = engine_world(ctx)
    seeds = range(seed, seed + episodes)
    keep = _logger(ctx, world) if log else None
    rows: list[dict[str, Any]] = []
    with counting("episodes", 2 * episodes * len(chosen), quiet=quiet or as_json) as advance:
        for bench in chosen:
            rows += bench_rows(bench, seeds, world, lambda: advance(1), keep)
    if as_json:
        typer.echo(json.dumps(rows))
        return
    for row in rows:
        outside = (
            f"; outside {row['outside_won']:.1%}, same games {row['same_games']}/{row['episodes']}"
            if "outside_won" in row
            else ""
        )
        typer.echo(
            f"{row['env']:<11} {row['agent']:<9} won {row['won']:6.1%}  reward "
            f"{row['mean_reward']:+.3f}  {row['steps']:>8,} steps  "
            f"{row['steps_per_s'] or 0:>6,}/s{outside}"
        )


def _logger(ctx: typer.Context, world: Any) -> Any:
    """Logs a batch of episodes in one transaction (written whole or not at all)."""
    from privateer.cli.batch import log_records
    from privateer.db.run_store import RunStore
    from privateer.engine.modes import MODES

    store = RunStore(db_path(ctx), notify=note, patient=True)

    def keep(mode: str, records: list[Any], options: Any, agent: str) -> None:
        log_records(
            store,
            MODES[mode],
            records,
            lambda _: dict(options),
            bot=f"env:{agent}",
            world_hash=world.content_hash
            if world is not None and MODES[mode].needs_world
            else None,
        )

    return keep


@app.command("features")
def features_command(
    mode: str = typer.Argument(
        ..., help="A mode with an environment: voyage, fight, duel, tabletop."
    ),
    as_json: bool = typer.Option(False, "--json", help="One JSON object: features and actions."),
) -> None:
    """What a mode's environment observes, number by number in the flat row's order (each
    feature's name, bounds and what it reads off the side's view), and its actions."""
    from privateer.engine.modes import MODES

    entry = MODES.get(mode)
    if entry is None or entry.encoding is None:
        having = ", ".join(m.name for m in MODES if m.encoding is not None)
        fail(f"no environment for {mode!r}: one of {having}")
    encoding = entry.encoding
    features: list[dict[str, Any]] = [
        {"name": f.name, "numbers": len(f.labels), "low": f.low, "high": f.high, "about": f.about}
        for f in encoding.features
    ]
    catalogue = encoding.open_actions
    actions = {
        "listed": encoding.most_actions,
        "catalogue": catalogue.about if catalogue else None,
    }
    if as_json:
        typer.echo(json.dumps({"mode": mode, "width": encoding.width, "features": features,
                               "names": encoding.names(), "actions": actions}))  # fmt: skip
        return
    typer.echo(f"{mode}: {encoding.width} numbers a row")
    at = 0
    for f in features:
        span = f"{at}" if f["numbers"] == 1 else f"{at}-{at + f['numbers'] - 1}"
        typer.echo(f"  [{span}] {f['name']} ({f['low']:g}..{f['high']:g}): {f['about']}")
        at += f["numbers"]
    typer.echo(f"actions: an index into the legal actions listed (at most {encoding.most_actions})")
    if catalogue:
        typer.echo(f"  then a catalogue: {catalogue.about}")
