"""The quick bots: each scores every legal action from what its seat sees (`observe`) and the
public card list, by a personality's weights, and plays the best (the seed breaks ties). A raid
is worth its expected gain: the exact raid-table odds at the modifier the two strengths on the
table give, the target's worth won against the privateer's lost.

The personalities differ in what they put into play and how boldly they raid: the raider builds
privateers with captains and crews and raids whatever pays on average; the trader runs
merchants with escorts and treasures, plays travel events and Safe Conduct, and raids only a
sure thing; the builder puts bases and defences in play for taxes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .actions import TabletopAction
from .cards import Card, card
from .rules import TabletopRules, raid_modifier, raid_odds

RULES = TabletopRules()
ODDS = {m: raid_odds(RULES, m) for m in range(-2, 3)}


class Seat(Protocol):
    """What a bot reads: the game's observe and legal actions (engine/tabletop/mode.py)."""

    rules: TabletopRules

    def observe(self, state: Any, side: int = 0) -> dict[str, Any]: ...

    def legal_actions(self, state: Any) -> Sequence[TabletopAction]: ...


@dataclass(frozen=True, slots=True)
class Weights:
    """How much a personality cares for each kind of play (1: as the plain estimate)."""

    merchant: float = 1.0  # putting a merchant in play, her cargo and escorts
    privateer: float = 1.0  # a privateer, her captain and crew
    base: float = 1.0  # a base and its defences
    travel: float = 1.0  # travel events
    raid_margin: float = 0.0  # the expected gold a raid must beat to be worth declaring
    spite: float = 1.0  # events against another seat (Hurricane, Scurvy, Mutiny)
    hold: float = 3.0  # what a card in hand is worth kept: a play must beat it


def _index(seen: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Every piece in play by id: its view with its owner and kind."""
    out = {}
    for nation, table in seen["table"].items():
        for kind, pieces in table.items():
            for piece in pieces:
                out[piece["id"]] = {**piece, "owner": nation, "kind": kind[:-1]}
    return out


def piece_worth(piece: dict[str, Any]) -> float:
    """What a piece in play is worth to its owner, in gold: a merchant her cargo, a base a few
    turns of taxes, a privateer her strength (what she might take)."""
    if piece["kind"] == "merchant":
        return float(piece["gold"] + sum(a["gold"] for a in piece["attached"]))
    if piece["kind"] == "base":
        return 4.0 * float(piece["gold"]) + 1.0
    return 1.5 * float(piece["str"])


def raid_value(attack: int, defence: int, target: dict[str, Any], ship_worth: float) -> float:
    odds = ODDS[max(-2, min(2, raid_modifier(RULES, attack, defence)))]
    won = piece_worth(target) if target["kind"] == "merchant" else 4.0 * target["gold"]
    return float(odds["success"]) * won - float(odds["disaster"]) * ship_worth


@dataclass(frozen=True)
class HeuristicBot:
    name: str
    weights: Weights
    about: str

    def choose(self, game: Seat, state: Any, side: int, seed: int) -> TabletopAction:
        legal = list(game.legal_actions(state))
        if len(legal) == 1:
            return legal[0]
        seen = game.observe(state, side)
        scored = rank(self.weights, seen, legal)
        best = max(s for s, _ in scored)
        tied = [a for s, a in scored if s >= best - 1e-9]
        return tied[random.Random(seed).randrange(len(tied))] if len(tied) > 1 else tied[0]


def rank(
    weights: Weights, seen: dict[str, Any], legal: list[TabletopAction]
) -> list[tuple[float, TabletopAction]]:
    """Each legal action with its score for this personality (end scores 0)."""
    pieces = _index(seen)
    me = seen["seat"]
    leader = max((n for n in seen["players"] if n != me), key=lambda n: seen["gold"][n])
    context = (weights, seen, pieces, me, leader)
    return [(_score(context, a), a) for a in legal]


Context = tuple[Weights, dict[str, Any], dict[int, dict[str, Any]], str, str]


def _score(context: Context, action: TabletopAction) -> float:
    weights, _seen, pieces, _me, leader = context
    if action.verb == "end":
        return 0.0
    c = card(action.card)
    if action.verb == "discard":
        return -_keep_worth(c.kind, c.strength, c.gold)
    if action.verb == "attach" and _seen["raid"] is not None:  # strengthening a raided target
        return _reinforce_score(context, action, _seen["raid"])
    if action.verb in ("play", "attach"):
        return _build_score(weights, c, pieces.get(action.target)) - weights.hold
    if action.verb == "raid":
        ship, target = pieces[action.card], pieces[action.target]
        value = raid_value(ship["str"], target["str"], target, piece_worth(ship))
        bonus = 0.5 if target["owner"] == leader else 0.0
        return value + bonus - weights.raid_margin
    return _event_score(context, action)


def _build_score(weights: Weights, c: Card, target: dict[str, Any] | None) -> float:
    """A card put into play or attached, for this personality."""
    if target is None:
        if c.kind == "merchant":
            return weights.merchant * (2.0 + c.gold + 0.3 * c.strength)
        if c.kind == "privateer":
            return weights.privateer * (2.0 + c.strength)
        return weights.base * (2.0 + 3.0 * c.gold + 0.3 * c.strength)
    if c.kind in ("escort", "treasure"):
        tokens_left = 3 - int(target["tokens"])
        return weights.merchant * (1.0 + c.gold + 0.4 * c.strength + 0.3 * tokens_left)
    if c.kind == "defence":
        return weights.base * (1.0 + 2.0 * c.gold + 0.5 * c.strength + 0.1 * float(target["gold"]))
    return weights.privateer * (1.0 + c.strength + 0.1 * float(target["str"]))


def _reinforce_score(context: Context, action: TabletopAction, raid: dict[str, Any]) -> float:
    """An escort or a defence put on her raided target by its owner: what it saves her of the
    raid's expected loss, with what it is worth to keep on the piece after, against holding it."""
    weights, _, pieces, _, _ = context
    c = card(action.card)
    target = pieces[raid["target"]["id"]]
    ship = sum(piece_worth(pieces[p["id"]]) for p in raid["privateers"])
    now = raid_value(raid["attack"], raid["defence"], target, ship)
    then = raid_value(raid["attack"], raid["defence"] + c.strength, target, ship)
    return 2.0 * (now - then) + _build_score(weights, c, target) - weights.hold


def _keep_worth(kind: str, strength: int, gold: int) -> float:
    return {"event": 3.0, "merchant": 2.0 + gold, "base": 2.0 + 2 * gold}.get(kind, strength + gold)


def _event_score(context: Context, action: TabletopAction) -> float:
    weights, seen, pieces, _me, leader = context
    c = card(action.card)
    raid = seen["raid"]
    if raid is not None:
        return _window_score(context, action, raid)
    target = pieces.get(action.target)
    if c.effect == "travel" and target is not None:
        home = target["tokens"] + 1 >= 3
        return weights.travel * (1.0 + (piece_worth(target) if home else 0.3 * piece_worth(target)))
    if c.effect == "marque":
        return 2.5 if len(seen["hand"]) <= 6 else 0.5
    if c.effect == "shipbuilding":
        kinds = {h["type"] for h in seen["hand"] if h["id"] != action.card}
        return 2.0 if kinds & {"merchant", "privateer"} and seen["phase"] != "settlement" else -1
    if c.effect == "hurricane" and target is not None:
        return weights.spite * (
            piece_worth(target) - 4.0 + (2.0 if target["owner"] == leader else 0)
        )
    for piece in pieces.values():  # Scurvy, Mutiny: the card they hit is on a privateer
        for a in piece["attached"]:
            if a["id"] == action.target:
                gain = 2.0 * float(piece["str"]) if c.effect == "mutiny" else float(a["str"])
                return weights.spite * (gain - 2.5 + (1.0 if piece["owner"] == leader else 0.0))
    return -1.0


def _window_score(context: Context, action: TabletopAction, raid: dict[str, Any]) -> float:
    """In a raid's window: the attacker raises the odds; the defender stops it; another seat
    helps whichever side hurts the leader."""
    weights, _, pieces, me, leader = context
    c = card(action.card)
    attacking = raid["attacker"] == me
    defending = raid["defender"] == me
    target = pieces[raid["target"]["id"]]
    helps_attack = attacking or (not defending and raid["defender"] == leader)
    if c.effect == "strength":
        if not helps_attack:
            return -1.0
        ship = sum(piece_worth(pieces[p["id"]]) for p in raid["privateers"])
        now = raid_value(raid["attack"], raid["defence"], target, ship)
        then = raid_value(raid["attack"] + c.bonus, raid["defence"], target, ship)
        return (then - now) * 2.0 - 1.0
    if c.effect == "expedition":
        extra = pieces[action.target]
        ship = sum(piece_worth(pieces[p["id"]]) for p in raid["privateers"])
        now = raid_value(raid["attack"], raid["defence"], target, ship)
        more = raid_value(raid["attack"] + extra["str"], raid["defence"], target, ship)
        return more - now - 1.0
    if c.effect == "plunder":
        return 2.0
    if c.effect == "safe":
        return piece_worth(target) - 1.0
    if defending or raid["attacker"] == leader:
        if c.effect == "hurricane":
            return piece_worth(target) + 1.0 if defending else 1.0
        if c.effect == "mutiny":
            return 6.0
        return 1.0 if defending else -0.5
    return -1.0 * weights.spite


BOTS_QUICK: dict[str, HeuristicBot] = {
    bot.name: bot
    for bot in (
        HeuristicBot(
            "raider",
            Weights(merchant=0.4, privateer=1.8, base=0.3, travel=0.5, raid_margin=-0.5),
            "builds privateers with captains and crews, raids whatever pays on average",
        ),
        HeuristicBot(
            "trader",
            Weights(merchant=1.8, privateer=0.3, base=0.5, travel=1.6, raid_margin=2.0),
            "runs merchants with escorts and treasures, plays travel events and Safe Conduct",
        ),
        HeuristicBot(
            "builder",
            Weights(merchant=0.4, privateer=0.4, base=1.8, travel=0.6, raid_margin=1.0),
            "puts bases and defences in play and lives on taxes",
        ),
        HeuristicBot(
            "balanced",
            Weights(),
            "plays each card for what it is worth: the lookahead bot's rollouts",
        ),
    )
}
"""The quick bots by name."""
