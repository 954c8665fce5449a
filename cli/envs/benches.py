"""The environments `privateer envs bench` measures: each a game through its environment with
the options and the bot it is measured by, a random agent and that bot played through it, and
the bot's games played outside it on the same seeds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

PLAYERS_2 = ("spain", "england")
PLAYERS_4 = ("spain", "england", "france", "holland")


@dataclass(frozen=True)
class Bench:
    """`table`: a PettingZoo AEC environment (every side an agent); else Gymnasium's, the
    agent at side 0. `max_steps` cuts a random agent's episode short (a voyage's random
    captain sets course after course and the days never pass)."""

    name: str
    mode: str
    bot: str
    options: Mapping[str, Any] = field(default_factory=dict)
    table: bool = False
    max_steps: int | None = None
    about: str = ""


BENCHES = (
    Bench("voyage", "voyage", "raider10", {"rules": "classic"}, max_steps=2000,
          about="a classic voyage; side 0 wins by the letter's gold home"),
    Bench("fight", "fight", "balanced", {"target": "merchant", "ship": "pinnace"},
          about="a pinnace against a merchant; a win is her taken"),
    Bench("duel", "duel", "captain", {"captain": "bold", "red": "cautious"},
          about="Red against a bold Blue; the bot is a cautious Red"),
    Bench("duel-table", "duel", "captain", {"captain": "bold", "red": "cautious"}, table=True,
          about="both captains agents (Red cautious, Blue bold by the bot)"),
    Bench("tabletop-2", "tabletop", "raider", {"players": list(PLAYERS_2)}, table=True,
          about="two seats; a win is seat 0's (Spain, first to play)"),
    Bench("tabletop-4", "tabletop", "raider", {"players": list(PLAYERS_4)}, table=True,
          about="four seats; a win is seat 0's (Spain, first to play)"),
)  # fmt: skip
BY_NAME = {bench.name: bench for bench in BENCHES}


def bench_rows(
    bench: Bench, seeds: range, world: Any, advance: Any = None, log: Any = None
) -> list[dict[str, Any]]:
    """A random agent's row and the bot's through the environment, the bot's beside its games
    outside (their side-0 wins, and how many seeds gave the same final state hash)."""
    from privateer.envs.baselines import bot_agent, outside, random_agent, run_episodes
    from privateer.envs.single import GameEnv
    from privateer.envs.table import TableEnv

    def env(max_steps: int | None) -> GameEnv | TableEnv:
        if bench.table:
            return TableEnv(bench.mode, bench.options, world=world, max_steps=max_steps)
        return GameEnv(bench.mode, bench.options, world=world, max_steps=max_steps)

    rows = []
    for agent, made, max_steps in (
        ("random", random_agent, bench.max_steps),
        (bench.bot, bot_agent(bench.bot), None),
    ):
        tally = run_episodes(
            env(max_steps), made, seeds, on_episode=advance, keep_records=log is not None
        )
        if log is not None:
            log(bench.mode, tally.records, bench.options, agent)
        row = {"env": bench.name, "kind": "pettingzoo" if bench.table else "gymnasium",
               "agent": agent, **tally.row()}  # fmt: skip
        if agent == bench.bot:
            alone = outside(bench.mode, bench.options, world, bench.bot, seeds)
            same = sum(a == b for a, b in zip(tally.hashes, alone.hashes, strict=True))
            row.update({"outside_won": alone.row()["won"], "same_games": same})
        rows.append(row)
    return rows
