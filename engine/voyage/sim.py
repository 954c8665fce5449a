"""What `privateer voyage` reports of many captain-bot runs: how many were won, sunk (and by
what), alive at the end; the day the winners came home; raids, prizes, storms, omens and
mutinies a run; the gold they ended with. With the late game, how many runs ended at each
renown step, and how many reached the home stretch and how many of those got home; with Drake's
circuit, how far round it the runs got (rules without them report exactly what they always
did)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .state import VoyageState
from .wake import Wake, where_figures


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
    wake: Wake | None = None  # where she went (days by sea, ports entered), when known
    # the late game's, for rules with it (None without): renown's step at the end, and
    # whether the home stretch began (0 and False when a switch keeps the rule off)
    renown_step: int | None = None
    home_stretch: bool | None = None
    # letters of marque, for rules with them (None without): acts done, letters revoked
    letters: tuple[int, int] | None = None
    # Drake's circuit, for rules with it (None without): his places touched, and how many
    circuit: tuple[int, int] | None = None

    @classmethod
    def of(cls, state: VoyageState, wake: Wake | None = None) -> RunResult:
        late = state.late  # None for rules without the late game
        return cls(
            state.seed,
            state.outcome,
            state.cause,
            state.day,
            state.gold,
            dict(state.tally),
            wake.seas if wake is not None else (),
            wake,
            late.renown_step if late is not None else None,
            late.home_stretch if late is not None else None,
            (late.acts_done, late.revoked) if late is not None and late.lettered else None,
            (len(state.circuit.touched), state.circuit.places) if state.circuit else None,
        )


def summarise(results: list[RunResult], sea_names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The figures of many runs; with the world's `sea_names` and the runs' wakes, `where`
    they went (engine/voyage/wake.py). With the late game, `renown_steps`: how many runs ended at
    each step ("0" to "3", every step listed; a count says more than a mean of three
    thresholds), `home_stretch_reached` (runs in which word got out) and `home_stretch_won`
    (of those, how many got home)."""
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
        "mean_day_sunk": round(sum(r.day for r in sunk) / len(sunk), 1) if sunk else None,
        "raids_per_run": per_run("raids"),
        "prizes_per_run": per_run("prizes"),
        "storms_per_run": per_run("storms"),
        "omens_per_run": per_run("omens"),
        "mutinies_per_run": per_run("mutinies"),
        "mean_gold": round(sum(r.gold for r in results) / runs, 1) if runs else 0.0,
        **_late_figures(results),
        **_where(results, sea_names),
    }


def _where(results: list[RunResult], sea_names: tuple[str, ...] | None) -> dict[str, Any]:
    wakes = [r.wake for r in results if r.wake is not None]
    if sea_names is None or not results or len(wakes) < len(results):
        return {}
    return {"where": where_figures(wakes, sea_names)}


def _late_figures(results: list[RunResult]) -> dict[str, Any]:
    """The late game's figures, for the rules that play it (none for the others)."""
    out: dict[str, Any] = {}
    steps = [r.renown_step for r in results if r.renown_step is not None]
    if steps:
        counts = Counter(steps)
        out["renown_steps"] = {str(s): counts.get(s, 0) for s in range(max(3, *steps) + 1)}
    stretched = [r for r in results if r.home_stretch]
    if any(r.home_stretch is not None for r in results):
        out["home_stretch_reached"] = len(stretched)
        out["home_stretch_won"] = sum(r.outcome == "won" for r in stretched)
    lettered = [r for r in results if r.letters is not None]
    if lettered:
        out.update(_letter_figures(lettered))
    circled = [r for r in results if r.circuit is not None]
    if circled:
        out.update(_circuit_figures(circled))
    return out


def _circuit_figures(results: list[RunResult]) -> dict[str, Any]:
    """Drake's circuit: how many runs made it, how many of his places the runs touched (runs
    by places touched), and what sank runs on the way to each place (by its number in his
    order, 1 his first)."""
    made = [r for r in results if r.circuit is not None and r.circuit[0] >= r.circuit[1]]
    touched = Counter(r.circuit[0] for r in results if r.circuit is not None)
    sunk_before: dict[int, Counter[str]] = {}
    for r in results:
        if r.outcome == "sunk" and r.circuit is not None:
            sunk_before.setdefault(r.circuit[0] + 1, Counter())[r.cause] += 1
    return {
        "circuit_made": len(made),
        "circuit_made_won": sum(r.outcome == "won" for r in made),
        "circuit_touched": {str(n): touched[n] for n in sorted(touched)},
        "circuit_sunk_before": {
            str(place): dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))
            for place, c in sorted(sunk_before.items())
        },
    }


def _letter_figures(results: list[RunResult]) -> dict[str, Any]:
    """How many runs finished each act's letter, letters revoked, and what sank runs in each
    act (the act they were working when they sank; "home" once all three were done)."""
    acts = [r.letters[0] for r in results if r.letters is not None]
    sunk_by_act: dict[str, Counter[str]] = {}
    for r in results:
        if r.outcome == "sunk" and r.letters is not None:
            act = str(r.letters[0] + 1) if r.letters[0] < 3 else "home"
            sunk_by_act.setdefault(act, Counter())[r.cause] += 1
    return {
        "letters_completed": {
            str(act): sum(1 for done in acts if done >= act) for act in (1, 2, 3)
        },
        "revoked": sum(r.letters[1] for r in results if r.letters is not None),
        "sunk_by_act": {
            act: dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))
            for act, c in sorted(sunk_by_act.items())
        },
    }
