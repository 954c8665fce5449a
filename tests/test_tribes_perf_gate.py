"""The Tribes design document's perf gate as a test: 8 tribes x 10,000 ticks on a 64x64 map with
the built-in policies, held under the document's own 20 seconds, timed in this process's CPU
seconds (not the wall clock: another process on the machine does not move it). The figure
itself, and the document's TypeScript's 0.6 s beside it, are `privateer tribes bench`'s and the
speed page's; this only holds the gate. A long test (`--long -m reliability`): some 6 s of
one core."""

from __future__ import annotations

import time

import pytest

from privateer.cli.tribes.run import policy_players
from privateer.engine.tribes.mode import Setup
from privateer.engine.tribes.sim import run_world

pytestmark = pytest.mark.reliability

GATE_SECONDS = 20.0  # the document's
SETUP = Setup(tribes=8, size=64, ticks=10_000)


def test_eight_tribes_for_ten_thousand_ticks_keep_within_the_documents_gate() -> None:
    started = time.process_time()
    record = run_world(0, SETUP, policy_players([]))
    spent = time.process_time() - started
    assert record.state.tick == SETUP.ticks or record.state.result is not None
    assert record.state.tick >= 1000  # the world ran, not ended at once
    assert spent < GATE_SECONDS, f"{spent:.1f} s of CPU for the perf gate (the gate: 20 s)"
