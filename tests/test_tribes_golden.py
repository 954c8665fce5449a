"""The golden replay of seed 002's Tribes (the seed's own test list): seed 123456789, 4 tribes,
a 128x128 map, a scripted scenario of allocations, builds, decrees, research and rites
(tests/playthroughs/tribes/golden_t*.json: tribes 0 and 2 play their script alone, tribes 1 and
3 their script then the scholar and grower policies), with the state hash pinned at ticks 0,
100 and 1000.

The hashes are ours: the seed's TypeScript pins its own hashes, which its text does not give,
and our canonical state (state.py's JSON) is not its. A change that moves one of them changes
the game: it needs a new ENGINE_VERSION and the pins re-taken, with the reason in the commit."""

from __future__ import annotations

from pathlib import Path

from privateer.engine.tribes.policies import policy_from_json
from privateer.engine.tribes.replay import Setup, replay_game
from privateer.engine.tribes.sim import Played, run_world
from privateer.engine.tribes.state import TribesState

SCENARIO = Path(__file__).parent / "playthroughs" / "tribes"
SEED = 123456789
SETUP = Setup(tribes=4, size=128, ticks=1000)
GOLDEN = {
    0: "adabc046f3c4b2dcfe860080687963aa71aaa875e2c119fc9020747bab6f6f05",
    100: "a7a475343ef014c39ff8e91e5f1394db3a8b69b0d465cee8b4d637c022f245e5",
    1000: "21fbb7f1013f670bd1054d012f16ebb006e4e1ff6cc6c602529902a1f44258d6",
}


def players() -> list[Played]:
    return [
        Played(f"golden_t{t}", policy_from_json((SCENARIO / f"golden_t{t}.json").read_text()))
        for t in range(4)
    ]


def test_the_golden_replay_keeps_its_hashes_and_replays_identically() -> None:
    seen: dict[int, str] = {}

    def pin(state: TribesState) -> None:
        if state.tick in GOLDEN:
            seen[state.tick] = state.state_hash()

    record = run_world(SEED, SETUP, players(), on_step=pin)
    seen[0] = record.checkpoints[0][1]  # the opening state, before any order
    assert seen == GOLDEN
    # the scenario did what it says: every tribe built, researched and performed a rite
    kinds = {(e.kind, e.data.get("tribe")) for e in record.events if isinstance(e.data, dict)}
    for tribe in range(4):
        assert {("built", tribe), ("researched", tribe), ("rite", tribe)} <= kinds
    again = replay_game(SEED, SETUP, record.actions)
    assert again.raw_events() == record.raw_events()
    assert again.checkpoints == record.checkpoints
