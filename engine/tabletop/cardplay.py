"""The event cards of the Privateers design document, each as its line says, and when each may be
played.

In her own Merchant, Raid (between raids), Privateer and Settlement phases the seat whose turn
it is may play Shipbuilding, Letter of Marque, Hurricane (on another seat's merchant,
privateer or base), Scurvy (on another seat's crew) and Mutiny (on another seat's captain);
the travel events (islands, ocean, coast) only in her Merchant phase, one on each of her
merchants. In a raid's response window: the strength events on the raiding privateer, each
against its kind of target (any seat); Major Expedition (a second of the attacker's
privateers joins) and Plunder (on a base) by the attacker; Safe Conduct by the raided
merchant's owner (the raid is called off; she cannot be raided again this turn); Hurricane,
Scurvy and Mutiny on a raiding ship by any other seat (a ship destroyed or taken leaves the
raid; with none left it is called off)."""

from __future__ import annotations

from ..events import Event
from .cards import card
from .state import TabletopState
from .table import come_home, discard_piece, draw, end_raid, holder, kind_of, piece_at, to_discard

MAIN_PHASES = ("merchant", "raid", "privateer", "settlement")
NO_TARGET = -1


def event_targets(state: TabletopState, seat: int, card_id: int) -> list[int]:
    """The targets an event card may be played on now by `seat` (NO_TARGET: it takes none);
    empty when it may not be played."""
    effect = card(card_id).effect
    if state.raid is not None:
        return _window_targets(state, seat, card_id)
    if seat != state.active or state.phase not in MAIN_PHASES or state.discarding:
        return []
    if effect in ("shipbuilding", "marque"):
        return [NO_TARGET]
    if effect == "travel":
        if state.phase != "merchant":
            return []
        return [
            p.card
            for p in state.table[seat]
            if kind_of(p) == "merchant" and state.travelled.count(p.card) < _travel_max(state)
        ]
    others = [s for s in range(state.seats) if s != seat]
    if effect == "hurricane":
        return [p.card for s in others for p in state.table[s]]
    if effect in ("scurvy", "mutiny"):
        wanted = "crew" if effect == "scurvy" else "captain"
        return [
            a
            for s in others
            for p in state.table[s]
            if kind_of(p) == "privateer"
            for a in p.attached
            if card(a).kind == wanted
        ]
    return []


def _travel_max(state: TabletopState) -> int:
    return state.rules.travel_events_per_merchant


def _window_targets(state: TabletopState, seat: int, card_id: int) -> list[int]:
    raid = state.raid
    assert raid is not None
    c = card(card_id)
    target_kind = kind_of(piece_at(state, raid.target)[1])
    attacker = state.active
    if c.effect == "strength":
        return [raid.attackers[0]] if c.against == target_kind else []
    if c.effect == "expedition":
        if seat != attacker or len(raid.attackers) > 1:
            return []
        return [
            p.card
            for p in state.table[seat]
            if kind_of(p) == "privateer" and p.card not in state.raided + raid.attackers
        ]
    if c.effect == "plunder":
        return (
            [NO_TARGET] if seat == attacker and target_kind == "base" and not raid.plunder else []
        )
    if c.effect == "safe":
        return [raid.target] if seat == raid.defender and target_kind == "merchant" else []
    if seat == attacker:
        return []
    if c.effect == "hurricane":
        return list(raid.attackers)
    if c.effect in ("scurvy", "mutiny"):
        wanted = "crew" if c.effect == "scurvy" else "captain"
        ships = [piece_at(state, a)[1] for a in raid.attackers]
        return [a for p in ships for a in p.attached if card(a).kind == wanted]
    return []


def play_event(
    state: TabletopState, seat: int, card_id: int, target: int, events: list[Event]
) -> None:
    """Play an event card from the seat's hand (legality checked by the caller): it goes to
    the discard, then does what its line says."""
    c = card(card_id)
    state.hands[seat].remove(card_id)
    state.discard.append(card_id)
    payload = {"nation": state.players[seat], "card": card_id, "name": c.name}
    events.append(Event("event", state.turn, {**payload, "target": target}))
    raid = state.raid
    if raid is not None:
        raid.played.append(card_id)
    if c.effect == "strength" and raid is not None:
        raid.bonus += c.bonus
    elif c.effect == "expedition" and raid is not None:
        raid.attackers.append(target)
    elif c.effect == "plunder" and raid is not None:
        raid.plunder = True
    elif c.effect == "safe":
        state.safe.append(target)
        end_raid(state, events, "Safe Conduct")
    elif c.effect == "shipbuilding":
        state.extra_plays += 1
    elif c.effect == "marque":
        draw(state, seat, 2, events)
    elif c.effect == "travel":
        _travel(state, seat, target, events)
    elif c.effect == "hurricane":
        _leave_raid(state, target, events, "Hurricane")
        discard_piece(state, target, "Hurricane", events)
    elif c.effect == "scurvy":
        owner, ship = holder(state, target) or (seat, None)
        assert ship is not None
        ship.attached.remove(target)
        to_discard(state, target, owner, "Scurvy", events)
    elif c.effect == "mutiny":
        _mutiny(state, seat, target, events)


def _travel(state: TabletopState, seat: int, merchant: int, events: list[Event]) -> None:
    _, piece = piece_at(state, merchant)
    piece.tokens += 1
    state.travelled.append(merchant)
    payload = {"nation": state.players[seat], "card": merchant, "name": card(merchant).name}
    events.append(Event("token", state.turn, {**payload, "tokens": piece.tokens}))
    if state.rules.travel_brings_home and piece.tokens >= state.rules.home_tokens:
        come_home(state, seat, merchant, events)


def _mutiny(state: TabletopState, seat: int, captain: int, events: list[Event]) -> None:
    owner, ship = holder(state, captain) or (seat, None)
    assert ship is not None
    ship.attached.remove(captain)
    to_discard(state, captain, owner, "Mutiny", events)
    _leave_raid(state, ship.card, events, "Mutiny")
    state.table[owner].remove(ship)
    state.table[seat].append(ship)
    payload = {"nation": state.players[seat], "card": ship.card, "name": card(ship.card).name}
    events.append(Event("taken", state.turn, {**payload, "from": state.players[owner]}))


def _leave_raid(state: TabletopState, ship: int, events: list[Event], why: str) -> None:
    """A ship destroyed or taken: out of the raid under way; with no raider left (or its
    target gone) the raid is called off."""
    raid = state.raid
    if raid is None:
        return
    if ship == raid.target:
        end_raid(state, events, why)
    elif ship in raid.attackers:
        raid.attackers.remove(ship)
        if not raid.attackers:
            end_raid(state, events, why)
