"""What a seat sees (`observe`: the table, every seat's gold and hand size, its own hand, never
another's or the deck's order) and an action in words for a person (`describe`)."""

from __future__ import annotations

from typing import Any

from .actions import TabletopAction
from .cards import card, card_words
from .game import current_side
from .raids import responder, strengths
from .state import Piece, TabletopState
from .table import attached_strength, find, gold_level, holder, kind_of, piece_at, strength


def _card_view(card_id: int) -> dict[str, Any]:
    c = card(card_id)
    return {"id": card_id, "name": c.name, "str": c.strength, "gold": c.gold}


def _piece_view(state: TabletopState, piece: Piece) -> dict[str, Any]:
    out = _card_view(piece.card)
    out["str"] = strength(state.rules, piece)
    if kind_of(piece) == "base":
        out["gold"] = gold_level(state.rules, piece)
        out["defences"] = [_card_view(a) for a in piece.attached]
    out["tokens"] = piece.tokens
    out["attached"] = [_card_view(a) for a in piece.attached]
    return out


def _table_view(state: TabletopState, seat: int) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {"merchants": [], "privateers": [], "bases": []}
    for piece in state.table[seat]:
        out[kind_of(piece) + "s"].append(_piece_view(state, piece))
    return out


def _in_play(state: TabletopState, card_id: int) -> dict[str, Any]:
    """A card in play as a raid names it: at her strength with what is attached."""
    return {**_card_view(card_id), "str": strength(state.rules, piece_at(state, card_id)[1])}


def _raid_view(state: TabletopState) -> dict[str, Any] | None:
    raid = state.raid
    if raid is None:
        return None
    attack, defence = strengths(state, raid)
    return {
        "attacker": state.players[state.active],
        "defender": state.players[raid.defender],
        # each at her strength with what is attached (the header's figures add up to `attack`
        # less the events' bonus, and `defence`), not the bare card's
        "privateers": [_in_play(state, a) for a in raid.attackers],
        "target": _in_play(state, raid.target),
        "attack": attack,
        "defence": defence,
        "events": [card(c).name for c in raid.played],
        "to_respond": state.players[responder(state)],
    }


def observe(state: TabletopState, side: int) -> dict[str, Any]:
    """What seat `side` sees, as plain JSON-ready data."""
    players = state.players
    outcome = None
    if state.result is not None:
        winner = None if state.winner is None else players[state.winner]
        outcome = {"winner": winner, "reason": state.result}
    return {
        "players": list(players),
        "seat": players[side],
        "turn": state.turn,
        "round": state.round,
        "phase": state.phase,
        "active": players[state.active],
        "to_act": players[current_side(state)],
        "discarding": state.discarding,
        "gold": {n: state.gold[s] for s, n in enumerate(players)},
        "goal": state.rules.goal_gold,
        "table": {n: _table_view(state, s) for s, n in enumerate(players)},
        "hand": [
            {**_card_view(c), "type": card(c).kind, "words": card_words(c)}
            for c in sorted(state.hands[side])
        ],
        "hand_sizes": {n: len(state.hands[s]) for s, n in enumerate(players)},
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard_top": card(state.discard[-1]).name if state.discard else None,
        "raid": _raid_view(state),
        "raided": list(state.raided),
        "targeted": list(state.targeted),
        "safe": list(state.safe),
        "outcome": outcome,
    }


def _named(state: TabletopState, card_id: int) -> str:
    """A card in play by name, kind, strength and owner."""
    c = card(card_id)
    found = find(state, card_id)
    if found is not None:
        seat, piece = piece_at(state, card_id)
        adds = attached_strength(state.rules, piece)
        power = f"str {c.strength}+{adds}" if adds else f"str {c.strength}"
        return f"{state.players[seat].title()}'s {c.name} ({c.kind}, {power})"
    held = holder(state, card_id)
    if held is not None:
        seat, ship = held
        return f"{c.name} (+{c.strength}) on {state.players[seat].title()}'s {card(ship.card).name}"
    return c.name


def describe(state: TabletopState, action: TabletopAction) -> str:
    """The action in words for a person."""
    c = card(action.card) if action.card >= 0 else None
    if action.verb == "end":
        if state.raid is not None:
            return "pass: play nothing more in this raid"
        return f"end the {state.phase} phase"
    assert c is not None
    if action.verb == "play":
        gold = f", gold {c.gold}" if c.gold else ""
        return f"put {c.name} ({c.kind}, str {c.strength}{gold}) into play"
    if action.verb == "attach":
        what = f"+{c.strength} str" if c.strength else ""
        what += (", " if what else "") + f"+{c.gold} gold" if c.gold else ""
        return f"attach {c.name} ({c.kind}, {what}) to {_named(state, action.target)}"
    if action.verb == "raid":
        return f"raid {_named(state, action.target)} with {_named(state, action.card)}"
    if action.verb == "discard":
        return f"discard {c.name} from your hand"
    on = f" on {_named(state, action.target)}" if action.target >= 0 else ""
    return f"play {c.name}{on}: {c.line}"


__all__ = ["card_words", "current_side", "describe", "observe"]
