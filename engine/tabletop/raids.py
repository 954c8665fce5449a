"""The Raid phase of the Privateers design document: a privateer attacks one enemy merchant or base
(each privateer once a turn, each target once); the response window goes round the table from the
attacker; then 2D6 on the raid table, modified by the two strengths (rules.raid_modifier)."""

from __future__ import annotations

from ..events import Event
from .cards import card
from .rules import raid_modifier, raid_result
from .state import Piece, Raid, TabletopState
from .table import (
    discard_piece,
    end_raid,
    gain,
    kind_of,
    merchant_gold,
    piece_at,
    roll,
    strength,
    to_discard,
)


def raid_options(state: TabletopState) -> list[tuple[int, int]]:
    """(privateer, target) for every raid the acting seat may declare now."""
    seat = state.active
    ships = [
        p.card
        for p in state.table[seat]
        if kind_of(p) == "privateer" and p.card not in state.raided
    ]
    targets = [
        p.card
        for s in range(state.seats)
        if s != seat
        for p in state.table[s]
        if kind_of(p) in ("merchant", "base")
        and p.card not in state.targeted
        and p.card not in state.safe
    ]
    return [(ship, target) for ship in ships for target in targets]


def declare(state: TabletopState, ship: int, target: int, events: list[Event]) -> None:
    defender, _ = piece_at(state, target)
    state.raid = Raid([ship], target, defender)
    payload = {"nation": state.players[state.active], "privateer": ship, "target": target}
    events.append(Event("raid", state.turn, {**payload, "defender": state.players[defender]}))


def responder(state: TabletopState) -> int:
    """The seat whose turn it is in the raid's response window: the attacker, then each seat
    after her in seat order (rules.response_window "seat-order")."""
    assert state.raid is not None
    return (state.active + state.raid.window) % state.seats


def strengths(state: TabletopState, raid: Raid) -> tuple[int, int]:
    """(the raiders' strength with the events played, the target's)."""
    attack = sum(strength(state.rules, piece_at(state, a)[1]) for a in raid.attackers)
    return attack + raid.bonus, strength(state.rules, piece_at(state, raid.target)[1])


def pass_window(state: TabletopState, events: list[Event]) -> None:
    """The responder passes; after the last seat, the dice."""
    raid = state.raid
    assert raid is not None
    raid.window += 1
    if raid.window >= state.seats:
        resolve(state, events)


def resolve(state: TabletopState, events: list[Event]) -> None:
    raid = state.raid
    assert raid is not None
    rules = state.rules
    attack, defence = strengths(state, raid)
    modifier = raid_modifier(rules, attack, defence)
    dice = roll(state, rules.raid_dice)
    result = raid_result(rules, sum(dice) + modifier)
    payload = {
        "nation": state.players[state.active],
        "target": raid.target,
        "attack": attack,
        "defence": defence,
        "dice": dice,
        "modifier": modifier,
        "result": result,
    }
    events.append(Event("raid_roll", state.turn, payload))
    if result == "disaster":
        for ship in list(raid.attackers):
            discard_piece(state, ship, "disaster", events)
    elif result == "success":
        _capture(state, raid, events)
    end_raid(state, events)


def _capture(state: TabletopState, raid: Raid, events: list[Event]) -> None:
    seat = state.active
    owner, piece = piece_at(state, raid.target)
    payload = {"nation": state.players[seat], "card": raid.target, "name": card(raid.target).name}
    events.append(Event("captured", state.turn, {**payload, "from": state.players[owner]}))
    if kind_of(piece) == "merchant":
        own, treasure = merchant_gold(state.rules, piece, captured=True)
        discard_piece(state, raid.target, "captured", events)
        gain(state, seat, own + treasure, "capture", events)
        return
    lost = _lost_defence(state, piece)
    if lost is not None:
        piece.attached.remove(lost)
        to_discard(state, lost, owner, "captured", events)
    state.table[owner].remove(piece)
    state.table[seat].append(piece)
    if raid.plunder:
        gain(state, seat, sum(roll(state, state.rules.plunder_dice)), "plunder", events)


def _lost_defence(state: TabletopState, base: Piece) -> int | None:
    """The defence a captured base loses (rules.captured_defence): the strongest (the first
    attached of equals), or the first attached."""
    if not base.attached:
        return None
    if state.rules.captured_defence == "first":
        return base.attached[0]
    return max(base.attached, key=lambda c: (card(c).strength, -base.attached.index(c)))
