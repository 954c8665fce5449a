"""The small moves every rule makes on the table: find a card in play, count a piece's strength
and gold, draw (reshuffling the discard when the deck runs out), roll dice, pay gold (and see
whether that wins), and send a piece with its attachments to the discard."""

from __future__ import annotations

from ..events import Event
from ..rng import below, shuffle
from .cards import card
from .rules import TabletopRules
from .state import Piece, TabletopState


def find(state: TabletopState, card_id: int) -> tuple[int, int] | None:
    """(seat, index in her table) of a merchant, privateer or base in play."""
    for seat, pieces in enumerate(state.table):
        for i, piece in enumerate(pieces):
            if piece.card == card_id:
                return seat, i
    return None


def holder(state: TabletopState, card_id: int) -> tuple[int, Piece] | None:
    """(seat, piece) an attached card (captain, crew, escort, ...) is on."""
    for seat, pieces in enumerate(state.table):
        for piece in pieces:
            if card_id in piece.attached:
                return seat, piece
    return None


def piece_at(state: TabletopState, card_id: int) -> tuple[int, Piece]:
    found = find(state, card_id)
    if found is None:
        raise KeyError(card_id)
    return found[0], state.table[found[0]][found[1]]


def kind_of(piece: Piece) -> str:
    return card(piece.card).kind


def attached_strength(rules: TabletopRules, piece: Piece) -> int:
    """What its attachments add to a piece's strength (choices: escorts and defences add)."""
    kind = kind_of(piece)
    if (kind == "merchant" and not rules.escort_adds_strength) or (
        kind == "base" and not rules.base_adds_defences
    ):
        return 0
    return sum(card(c).strength for c in piece.attached)


def strength(rules: TabletopRules, piece: Piece) -> int:
    return card(piece.card).strength + attached_strength(rules, piece)


def merchant_gold(rules: TabletopRules, piece: Piece, captured: bool = False) -> tuple[int, int]:
    """(her own gold, her treasures') as she comes home, or is captured."""
    treasure = sum(card(c).gold for c in piece.attached if card(c).kind == "treasure")
    if captured and not rules.treasure_on_capture:
        treasure = 0
    return card(piece.card).gold, treasure


def gold_level(rules: TabletopRules, piece: Piece) -> int:
    """A base's gold level: its Gold, and its defences' (Haven, Maritime Center)."""
    extra = sum(card(c).gold for c in piece.attached) if rules.defence_gold_taxes else 0
    return card(piece.card).gold + extra


def roll_dice(rng: int, dice: int) -> tuple[list[int], int]:
    """`dice` six-sided dice from the RNG state, and its next state."""
    out = []
    for _ in range(dice):
        value, rng = below(rng, 6)
        out.append(value + 1)
    return out, rng


def roll(state: TabletopState, dice: int) -> list[int]:
    out, state.rng = roll_dice(state.rng, dice)
    return out


def draw(state: TabletopState, seat: int, count: int, events: list[Event]) -> int:
    """Draw `count` cards into the seat's hand, the discard shuffled in as the deck runs out;
    how many were drawn (fewer only when deck and discard are both empty)."""
    drawn = 0
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                break
            state.deck, state.discard = state.discard, []
            state.rng = shuffle(state.deck, state.rng)
            events.append(Event("reshuffle", state.turn, {"cards": len(state.deck)}))
        state.hands[seat].append(state.deck.pop())
        drawn += 1
    nation = state.players[seat]
    events.append(Event("draw", state.turn, {"nation": nation, "count": drawn}))
    return drawn


def gain(state: TabletopState, seat: int, amount: int, source: str, events: list[Event]) -> None:
    """Pay a seat gold from `source` (home, capture, taxes, plunder); the first to reach the
    goal wins at once (rules.tie_rule "acting": only the acting seat gains, in order)."""
    if amount <= 0 or state.result is not None:
        return
    state.gold[seat] += amount
    nation = state.players[seat]
    payload = {"nation": nation, "amount": amount, "source": source, "total": state.gold[seat]}
    events.append(Event("gold", state.turn, payload))
    if state.gold[seat] >= state.rules.goal_gold:
        finish(state, seat, "gold", events)


def finish(state: TabletopState, winner: int | None, result: str, events: list[Event]) -> None:
    state.result, state.winner, state.raid = result, winner, None
    payload = {
        "winner": None if winner is None else state.players[winner],
        "reason": result,
        "gold": list(state.gold),
        "rounds": state.round,
    }
    events.append(Event("game_end", state.turn, payload))


def to_discard(
    state: TabletopState, card_id: int, seat: int, why: str, events: list[Event]
) -> None:
    state.discard.append(card_id)
    payload = {"nation": state.players[seat], "card": card_id, "name": card(card_id).name}
    events.append(Event("discarded", state.turn, {**payload, "why": why}))


def discard_piece(state: TabletopState, card_id: int, why: str, events: list[Event]) -> None:
    """Take a piece out of play, it and everything attached to the discard."""
    seat, index = find(state, card_id) or (-1, -1)
    piece = state.table[seat].pop(index)
    to_discard(state, piece.card, seat, why, events)
    for attached in piece.attached:
        to_discard(state, attached, seat, why, events)


def come_home(state: TabletopState, seat: int, card_id: int, events: list[Event]) -> None:
    """A merchant home: she and her cargo to the discard, her gold and her treasures' paid."""
    _, piece = piece_at(state, card_id)
    own, treasure = merchant_gold(state.rules, piece)
    payload = {"nation": state.players[seat], "card": card_id, "name": card(card_id).name}
    events.append(Event("home", state.turn, {**payload, "gold": own, "treasure": treasure}))
    discard_piece(state, card_id, "home", events)
    gain(state, seat, own + treasure, "home", events)


def end_raid(state: TabletopState, events: list[Event], called_off: str = "") -> None:
    """The raid under way is over: its privateers have raided and its target was raided.
    `called_off` says why it ended before the dice (Safe Conduct, Hurricane, Mutiny)."""
    raid = state.raid
    if raid is None:
        return
    state.raided += [a for a in raid.attackers if a not in state.raided]
    if raid.target not in state.targeted:
        state.targeted.append(raid.target)
    state.raid = None
    if called_off:
        payload = {"nation": state.players[state.active], "target": raid.target}
        events.append(Event("called_off", state.turn, {**payload, "why": called_off}))
