"""What `privateer voyage` reports of many captain-bot runs: how many were won, sunk (and by
what), alive at the end; the day the winners came home; raids, prizes, storms, omens and
mutinies a run; the gold they ended with."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..events import Event
from ..world.world import World
from .state import VoyageState


@dataclass(frozen=True, slots=True)
class RunResult:
    """One run, as the summary needs it (small enough to hand back from a worker)."""

    seed: int
    outcome: str
    cause: str
    day: int
    gold: int
    tally: dict[str, int]
    seas: tuple[int, ...] = ()  # the named seas she sailed in (World.seas indexes), sorted
    # the late game's: (letters done, letters revoked, renown step, home stretch reached);
    # None for rules without it
    late: tuple[int, int, int, bool] | None = None

    @classmethod
    def of(cls, state: VoyageState, seas: tuple[int, ...] = ()) -> RunResult:
        late = state.late
        kept = (
            None
            if late is None
            else (late.acts_done, late.revoked, late.renown_step, late.home_stretch)
        )
        return cls(
            state.seed,
            state.outcome,
            state.cause,
            state.day,
            state.gold,
            dict(state.tally),
            seas,
            kept,
        )


def seas_reached(world: World, start: int, events: list[Event]) -> tuple[int, ...]:
    """The named seas a voyage sailed in: those of her first node and of every node she
    sailed to (its "sailed" events), sorted.

    >>> from types import SimpleNamespace
    >>> sea = SimpleNamespace(sea_of_node=[-1, 3, 3, 0])  # node -> sea (-1: none)
    >>> seas_reached(sea, 0, [Event("sailed", 1, {"node": n}) for n in (1, 2, 3)])
    (0, 3)
    """
    nodes = [start, *(e.data["node"] for e in events if e.kind == "sailed")]
    found = {int(world.sea_of_node[n]) for n in nodes}
    found.discard(-1)
    return tuple(sorted(found))


def summarise(results: list[RunResult]) -> dict[str, Any]:
    runs = len(results)
    won = [r for r in results if r.outcome == "won"]
    sunk = [r for r in results if r.outcome == "sunk"]

    def per_run(key: str) -> float:
        return round(sum(r.tally[key] for r in results) / runs, 2) if runs else 0.0

    return {
        "runs": runs,
        "won": len(won),
        "sunk": len(sunk),
        "sunk_by": dict(
            sorted(Counter(r.cause for r in sunk).items(), key=lambda kv: (-kv[1], kv[0]))
        ),
        "alive_at_end": sum(r.outcome == "out_of_time" for r in results),
        "mean_day_home": round(sum(r.day for r in won) / len(won), 1) if won else None,
        "raids_per_run": per_run("raids"),
        "prizes_per_run": per_run("prizes"),
        "storms_per_run": per_run("storms"),
        "omens_per_run": per_run("omens"),
        "mutinies_per_run": per_run("mutinies"),
        "mean_gold": round(sum(r.gold for r in results) / runs, 1) if runs else 0.0,
        **_late_figures(results),
    }


def _late_figures(results: list[RunResult]) -> dict[str, Any]:
    """The late game's figures (for rules with it): how many runs finished each act's letter,
    letters revoked, the renown step runs ended at (runs per step), how many reached the home
    stretch, and what sank runs in each act (the act they were working when they sank)."""
    late = [r for r in results if r.late is not None]
    if not late:
        return {}
    sunk_by_act: dict[str, Counter[str]] = {}
    for r in late:
        assert r.late is not None
        if r.outcome == "sunk":
            act = str(min(r.late[0] + 1, 3)) if r.late[0] < 3 else "home"
            sunk_by_act.setdefault(act, Counter())[r.cause] += 1
    return {
        "letters_completed": {
            str(act): sum(1 for r in late if r.late is not None and r.late[0] >= act)
            for act in (1, 2, 3)
        },
        "revoked": sum(r.late[1] for r in late if r.late is not None),
        "renown_steps": dict(sorted(Counter(str(r.late[2]) for r in late if r.late).items())),
        "home_stretch_reached": sum(1 for r in late if r.late is not None and r.late[3]),
        "sunk_by_act": {
            act: dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))
            for act, c in sorted(sunk_by_act.items())
        },
    }
