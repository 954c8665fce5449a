"""Golden playthroughs (OpenSpiel's integration_tests/playthroughs): a game of each mode played
from a fixed seed, written as text, one line per action and an indented line per event it
made, then how it ended and the final state hash. The test plays each again through the
protocol and diffs it line by line against its file, so a change to the rules shows where the
games part, not just that a hash moved.

To write the files anew after a deliberate change of the rules:
`PRIVATEER_PLAYTHROUGHS=write pytest tests/test_playthroughs.py`, then read the diff.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from privateer.engine.duel.sim import play_duel
from privateer.engine.events import Event
from privateer.engine.fight.bots import BALANCED
from privateer.engine.fight.encounter import Encounter
from privateer.engine.modes import MODES
from privateer.engine.protocol import Game
from privateer.engine.voyage.captain import CAPTAIN
from privateer.engine.voyage.captained import play_captained
from privateer.engine.voyage.game import VoyageGame
from privateer.engine.voyage.letters import REGIONS, Region
from tests.world_fixtures import synthetic_world

HERE = Path(__file__).parent / "playthroughs"
WORLD = synthetic_world()


@dataclass(frozen=True)
class Playthrough:
    name: str
    mode: str
    options: dict[str, Any]
    seed: int
    actions: Callable[[Game[Any, Any]], list[str]]  # what is played (a bot's choices, as text)
    regions: tuple[Region, ...] = ()  # letters of marque's regions of the synthetic sea
    engine: str | None = None  # an earlier engine version, whose golden still plays (None: now)


def _fight_bot(game: Game[Any, Any]) -> list[str]:
    state: Encounter = game.new_initial_state(42)[0]
    played = []
    while state.result is None:
        keep = BALANCED.choose(state)
        game.act(state, keep)
        played.append(keep.to_str())
    return played


def _duel_cpus(game: Game[Any, Any]) -> list[str]:
    record = play_duel(2026, "bold", "cautious")
    return [text.partition(":")[2] for text in record.actions]


def _tabletop_eager(game: Game[Any, Any]) -> list[str]:
    """Every seat plays the last action it is offered (a raid, an event, an attachment before
    ending a phase): a fixed game that reaches raids, windows and every phase."""
    state = game.new_initial_state(3)[0]
    played = []
    while game.outcome(state) is None:
        action = game.legal_actions(state)[-1]
        game.act(state, action)
        played.append(action.to_str())
    return played


def _captain(seed: int) -> Callable[[Game[Any, Any]], list[str]]:
    def played(game: Game[Any, Any]) -> list[str]:
        assert isinstance(game, VoyageGame)
        return play_captained(game, seed, CAPTAIN.choose).actions

    return played


# the synthetic sea's letter regions (the real ones are boxes of the real chart): prizes of the
# Barbary corsairs west, a Spanish town to sack east (its sea makes no plate ship: two acts)
SEAS = (
    Region("the western sea", 1, ((0.0, 0.0, 5.0, 7.0),), "barbary"),
    Region("the eastern sea", 2, ((6.0, 5.0, 11.0, 7.0),), "spain"),
)


PLAYTHROUGHS = (
    Playthrough("fight", "fight", {"target": "merchant", "ship": "pinnace"}, 42, _fight_bot),
    Playthrough("duel", "duel", {"captain": "cautious", "red": "bold"}, 2026, _duel_cpus),
    Playthrough(
        "tabletop",
        "tabletop",
        {"players": ["spain", "england", "france"], "rules": "seed-003"},
        3,
        _tabletop_eager,
    ),
    Playthrough("world", "world", {"days": 365}, 42, lambda game: ["day"] * 365),
    Playthrough("voyage", "voyage", {"rules": "dilemmas", "days": 365}, 7, _captain(7)),
    # the late game: renown, corsairs' captives, the lookout's stops and reads, and letters of
    # marque (the first done, then the second within its deadline)
    Playthrough("voyage-full", "voyage", {"rules": "full", "days": 365}, 3, _captain(3), SEAS),
    # the same games as the engines before the century's world played them, unchanged
    Playthrough(
        "world-2", "world", {"days": 365}, 42, lambda game: ["day"] * 365, engine="world-2"
    ),
    # `dilemmas` as the engines before the crew's shares of the prize (voyage-7), the walled
    # towns (voyage-5) and the century's world (voyage-3) played it: the same seed and captain
    *(
        Playthrough(
            f"voyage-{n}",
            "voyage",
            {"rules": "dilemmas", "days": 365},
            7,
            _captain(7),
            engine=f"voyage-{n}",
        )
        for n in (7, 5, 3)
    ),
    # `full` as each earlier engine played it: the same seed, captain and seas at each
    *(
        Playthrough(
            f"voyage-{n}-full",
            "voyage",
            {"rules": "full", "days": 365},
            3,
            _captain(3),
            SEAS,
            engine=f"voyage-{n}",
        )
        for n in (8, 7, 6, 5, 4, 3)
    ),
)


def _event_lines(events: list[Event]) -> list[str]:
    return [
        f"  {e.kind} {e.round} {json.dumps(e.fields(), sort_keys=True, ensure_ascii=False)}"
        for e in events
    ]


def render(playthrough: Playthrough) -> list[str]:
    """The playthrough as text: played through the mode's game from its registry entry."""
    with ExitStack() as regions:
        for region in playthrough.regions:
            regions.enter_context(REGIONS.extra(region))
        return _played(playthrough)


def _played(playthrough: Playthrough) -> list[str]:
    mode = MODES[playthrough.mode]
    game = mode.game(playthrough.options, WORLD if mode.needs_world else None, playthrough.engine)
    actions = playthrough.actions(game)
    state, events = game.new_initial_state(playthrough.seed)
    options = json.dumps(playthrough.options, sort_keys=True)
    lines = [f"# {playthrough.mode} {options} seed {playthrough.seed}", "start"]
    lines += _event_lines(events)
    for text in actions:
        lines.append(text)
        lines += _event_lines(game.act(state, game.parse_action(text)))
    outcome = game.outcome(state)
    ended = "going on" if outcome is None else f"{outcome.reason} winner {outcome.winner}"
    lines += [f"outcome {ended}", f"hash {game.state_hash(state)}"]
    return lines


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: p.name)
def test_a_golden_playthrough_plays_the_same_line_for_line(playthrough: Playthrough) -> None:
    path = HERE / f"{playthrough.name}.txt"
    lines = render(playthrough)
    if os.environ.get("PRIVATEER_PLAYTHROUGHS") == "write":
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    golden = path.read_text(encoding="utf-8").splitlines()
    if lines != golden:
        first = next(
            (i for i, (a, b) in enumerate(zip(golden, lines, strict=False)) if a != b),
            min(len(golden), len(lines)),
        )
        diff = difflib.unified_diff(golden, lines, "golden", "now", n=2, lineterm="")
        shown = "\n".join(list(diff)[:40])
        pytest.fail(f"{path.name} parts from the game at line {first + 1}:\n{shown}")
