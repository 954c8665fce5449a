"""Tables set by hand for the tabletop tests: a new game's state with chosen cards moved into a
hand or into play, and the phase and seat chosen, the deck keeping every other card."""

from __future__ import annotations

from privateer.engine.tabletop.actions import TabletopAction
from privateer.engine.tabletop.cards import DECK
from privateer.engine.tabletop.game import act, new_game
from privateer.engine.tabletop.rules import TabletopRules
from privateer.engine.tabletop.state import Piece, TabletopState


def ids(name: str) -> list[int]:
    """Every physical id of a card's name."""
    found = [i for i, c in enumerate(DECK) if c.name == name]
    assert found, name
    return found


def cid(name: str, copy: int = 0) -> int:
    return ids(name)[copy]


def lift(state: TabletopState, card_id: int) -> None:
    """Take a card from wherever it is (deck, discard, a hand, in play or attached)."""
    for pile in (state.deck, state.discard, *state.hands):
        if card_id in pile:
            pile.remove(card_id)
            return
    for seat in state.table:
        for piece in list(seat):
            if piece.card == card_id:
                seat.remove(piece)
                state.deck.extend(piece.attached)
                return
            if card_id in piece.attached:
                piece.attached.remove(card_id)
                return
    raise AssertionError(f"card {card_id} is nowhere")


def bare(players: int = 2, seed: int = 0, rules: TabletopRules | None = None) -> TabletopState:
    """A game whose hands are emptied into the deck: seat 0 to act in her Merchant phase."""
    nations = ["spain", "england", "france", "holland"][:players]
    state, _ = new_game(rules or TabletopRules(), nations, seed)
    for hand in state.hands:
        state.deck.extend(hand)
        hand.clear()
    for seat in state.table:
        for piece in seat:
            state.deck += [piece.card, *piece.attached]
        seat.clear()
    state.deck.extend(state.discard)
    state.discard.clear()
    state.gold = [0] * players
    state.active, state.phase, state.turn, state.raid, state.discarding = (
        0,
        "merchant",
        1,
        None,
        False,
    )
    return state


def hand(state: TabletopState, seat: int, *names: str | int) -> list[int]:
    """Put cards (by name: the first copy still in the deck; or by id) in a seat's hand."""
    out = []
    for name in names:
        card_id = name if isinstance(name, int) else _free(state, name)
        lift(state, card_id)
        state.hands[seat].append(card_id)
        out.append(card_id)
    return out


def put(
    state: TabletopState, seat: int, name: str | int, *attached: str | int, tokens: int = 0
) -> int:
    """Put a merchant, privateer or base in play for a seat, with cards attached."""
    card_id = name if isinstance(name, int) else _free(state, name)
    lift(state, card_id)
    piece = Piece(card_id, tokens)
    for other in attached:
        other_id = other if isinstance(other, int) else _free(state, other)
        lift(state, other_id)
        piece.attached.append(other_id)
    state.table[seat].append(piece)
    return card_id


def _free(state: TabletopState, name: str) -> int:
    """The first copy of a card that is still in the deck."""
    return next(i for i in ids(name) if i in state.deck)


def do(state: TabletopState, text: str) -> list[object]:
    return list(act(state, TabletopAction.from_str(text)))


def kinds(events: list[object]) -> list[str]:
    return [e.kind for e in events]  # type: ignore[attr-defined]
