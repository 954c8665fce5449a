"""A logged duel or fight replayed for its page: the engine re-run from the run's seed and
logged actions (as `privateer runs replay` does), a frame after each action: for a duel the hex
board (both ships' hexes, facings, hull, sails and crew, the wind), for a fight the round (both
hulls, the hand, the cards kept). The words are the terminal's (cli/duel/render.py,
cli/render.py). Decides nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from privateer.cli.duel import render as duel_render
from privateer.cli.render import event_line, state_lines
from privateer.engine.duel import MODE as DUEL
from privateer.engine.duel import DuelGame, hex_name, observe
from privateer.engine.events import Event
from privateer.engine.fight import Keep, card_name, create_encounter, outfit_of, settle_fight
from privateer.engine.fight import act as fight_act
from privateer.engine.record import replay_steps
from privateer.engine.replay import LoggedRun


def _ship(view: dict[str, Any]) -> dict[str, Any]:
    keep = ("col", "row", "facing", "hull", "sails", "crew", "max")
    return {k: view[k] for k in keep} | {"hex": hex_name((view["col"], view["row"]))}


def _duel_frame(state: Any, lines: list[str], action: str) -> dict[str, Any]:
    view = observe(state, 0)
    red, blue = view["you"], view["enemy"]
    return {
        "round": view["round"],
        "to_act": view["to_act"],
        "action": action,
        "wind": view["wind"],
        "red": _ship(red),
        "blue": _ship(blue),
        "lines": lines,
        "status": duel_render.status_lines(view),
        "outcome": view["outcome"],
    }


def duel_frames(run: LoggedRun) -> dict[str, Any]:
    """The duel's board after its start and after every logged action."""
    game = DUEL.game(run.options, None, run.engine_version)
    assert isinstance(game, DuelGame)
    frames = []
    state = None
    for record, text, events in replay_steps(game, run.seed, run.actions):
        state = record.state
        lines = [line for e in events if (line := duel_render.event_line(e))]
        side, _, code = text.rpartition(":")
        frames.append(_duel_frame(state, lines, f"{side}: {code}" if side else code))
    assert state is not None
    return {
        "board": {"cols": game.rules.cols, "rows": game.rules.rows},
        "captains": {"red": state.captains[0] or "a person", "blue": state.captains[1]},
        "frames": frames,
    }


def fight_frames(run: LoggedRun) -> dict[str, Any]:
    """The fight's rounds: before each keep, the hulls and the hand; the keep; what it did."""
    target = str(run.options["target"])
    state, events = create_encounter(target, outfit_of(run.options), run.seed)
    rounds = []
    opening = [line for e in events if (line := event_line(e))]
    for text in run.actions:
        if state.result is not None:
            break
        keep = Keep.from_str(text)
        before = {
            "round": state.round,
            "hull": [int(state.hull[0]), int(state.hull[1])],
            "max_hull": [int(state.max_hull[0]), int(state.max_hull[1])],
            "hand": [card_name(c) for c in state.hand],
            "kept": [keep.first, keep.second],
            "board": state_lines(state),
        }
        done = fight_act(state, keep)
        if state.result is not None:
            done += [Event._make(e) for e in settle_fight(state).raw_events(state.round)]
        before["lines"] = [line for e in done if (line := event_line(e))]
        before["after"] = [int(state.hull[0]), int(state.hull[1])]
        rounds.append(before)
    return {
        "target": target,
        "opening": opening,
        "rounds": rounds,
        "result": state.result.value if state.result is not None else None,
    }


FRAMES: dict[str, Callable[[LoggedRun], dict[str, Any]]] = {
    "duel": duel_frames,
    "fight": fight_frames,
}
"""The frames of each replay page (routes_play's REPLAYS names a run mode's page)."""
