"""The Privateers design document's card game as pure rules: set up the table, list the legal
actions, act.

A turn runs the seven phases in order. Fate (draw 2), Sailing (a travel token on each of your
merchants; at 3 she comes home and pays) and Taxes (each base pays its gold level) ask nothing
and run by themselves; Merchant, Raid, Privateer and Settlement wait for the seat's plays until
she ends the phase (`end`). A phase where `end` is all she could do passes by itself, as does
a response window for a seat with no event to play; so every state that waits has a choice.
Settlement ends with discards down to the hand max.

`act` mutates the state and returns the events; an action not open now raises
IllegalTabletopAction and changes nothing. The RNG (one int in the state) is drawn for the
deck's shuffle, the first roll, each raid's 2D6, Plunder's 2D6 and each reshuffle, in the
order they happen.

>>> state, _ = new_game(TabletopRules(), ["spain", "england"], 1)
>>> state.phase, len(state.hands[state.active]), current_side(state) == state.active
('merchant', 9, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..events import Event
from ..rng import seed_state, shuffle
from .actions import END, IllegalTabletopAction, TabletopAction
from .cardplay import NO_TARGET, event_targets, play_event
from .cards import ATTACHES_TO, DECK_SIZE, card
from .raids import declare, pass_window, raid_options, responder
from .rules import NATIONS, TabletopRules
from .state import PHASES, Piece, TabletopState
from .table import come_home, draw, finish, gain, gold_level, kind_of, roll, to_discard

ENGINE_VERSION = "tabletop-2"
PLAYS = {"merchant": "merchant", "privateer": "privateer", "settlement": "base"}
"""The phase in which each kind is put into play."""
ATTACH_PHASE = {"escort": "merchant", "treasure": "merchant", "captain": "privateer",
                "crew": "privateer", "defence": "settlement"}  # fmt: skip


def check_players(rules: TabletopRules, players: Sequence[str]) -> list[str]:
    """The nations as given, or ValueError: 2-4 of the seed's four, each once."""
    nations = [str(p).strip().lower() for p in players]
    if not rules.min_players <= len(nations) <= rules.max_players:
        raise ValueError(
            f"{len(nations)} players: the game is for {rules.min_players}-{rules.max_players} "
            "(four nations, one deck)"
        )
    for nation in nations:
        if nation not in NATIONS:
            raise ValueError(f"no nation {nation!r}; one of {', '.join(NATIONS)}")
    if len(set(nations)) != len(nations):
        raise ValueError("each nation plays once")
    return nations


def new_game(
    rules: TabletopRules, players: Sequence[str], seed: int
) -> tuple[TabletopState, list[Event]]:
    """Shuffle the deck, deal each seat its hand, roll for the first seat (the tied highest
    roll again), and begin her turn."""
    nations = check_players(rules, players)
    deck = list(range(DECK_SIZE))
    rng = shuffle(deck, seed_state(seed))
    hands: list[list[int]] = [[] for _ in nations]
    for hand in hands:
        for _ in range(rules.deal):
            hand.append(deck.pop())
    state = TabletopState(
        rules, seed, nations, deck, [], hands, [0] * len(nations), [[] for _ in nations], 0
    )
    state.rng = rng
    events = [Event("setup", 0, {"seed": seed, "rules": rules.name, "players": nations})]
    contenders = list(range(len(nations)))
    while len(contenders) > 1:
        rolls = [roll(state, 1)[0] for _ in contenders]
        payload = {"nations": [nations[s] for s in contenders], "rolls": rolls}
        events.append(Event("first_roll", 0, payload))
        contenders = [s for s, r in zip(contenders, rolls, strict=True) if r == max(rolls)]
    state.first = state.active = contenders[0]
    _begin_turn(state, state.first, events)
    _settle(state, events)
    return state, events


def current_side(state: TabletopState) -> int:
    """The seat to act: the turn's seat, or the seat whose response window it is."""
    return responder(state) if state.raid is not None else state.active


def legal_actions(state: TabletopState) -> list[TabletopAction]:
    """Every action open now, in a fixed order: end, play, attach, event, raid, discard."""
    if state.result is not None:
        return []
    seat = current_side(state)
    if state.raid is not None:
        return [END, *_reinforcements(state, seat), *_events(state, seat)]
    if state.discarding:
        return [TabletopAction("discard", c) for c in sorted(state.hands[seat])]
    out = [END]
    hand = sorted(state.hands[seat])
    kind = PLAYS.get(state.phase)
    if kind is not None and _may_play(state, kind):
        out += [TabletopAction("play", c) for c in hand if card(c).kind == kind]
    for c in hand:
        what = card(c).kind
        if ATTACH_PHASE.get(what) == state.phase:
            out += [TabletopAction("attach", c, t) for t in _attach_targets(state, seat, c)]
    out += _events(state, seat)
    if state.phase == "raid":
        out += [TabletopAction("raid", ship, target) for ship, target in raid_options(state)]
    return out


def _reinforcements(state: TabletopState, seat: int) -> list[TabletopAction]:
    """In a raid's window, the target's owner strengthening her target (rules
    `defender_reinforces`): an escort with strength on the raided merchant, a defence with
    strength on the raided base, as she could attach them in her own phases."""
    raid = state.raid
    assert raid is not None
    if not state.rules.defender_reinforces or seat != raid.defender:
        return []
    return [
        TabletopAction("attach", c, raid.target)
        for c in sorted(state.hands[seat])
        if card(c).kind in ("escort", "defence")
        and card(c).strength > 0
        and raid.target in _attach_targets(state, seat, c)
    ]


def _events(state: TabletopState, seat: int) -> list[TabletopAction]:
    out = []
    for c in sorted(state.hands[seat]):
        if card(c).kind == "event":
            for target in event_targets(state, seat, c):
                out.append(TabletopAction("event", c, target))
    return out


def _may_play(state: TabletopState, kind: str) -> bool:
    rules = state.rules
    if kind == "base":
        return state.bases_played < rules.bases_per_turn
    played, allowed = (
        (state.merchants_played, rules.merchants_per_turn)
        if kind == "merchant"
        else (state.privateers_played, rules.privateers_per_turn)
    )
    return played < allowed or state.extra_plays > 0


def _attach_targets(state: TabletopState, seat: int, card_id: int) -> list[int]:
    """The seat's pieces a card may be attached to now: escorts and treasures on any merchant;
    one captain and one crew a privateer; two defences a base."""
    what = card(card_id).kind
    on = ATTACHES_TO[what]
    limit = {
        "captain": state.rules.captains_per_ship,
        "crew": state.rules.crews_per_ship,
        "defence": state.rules.defences_per_base,
    }.get(what)
    out = []
    for piece in state.table[seat]:
        if kind_of(piece) != on:
            continue
        if what == "defence":
            held = len(piece.attached)
        else:
            held = sum(1 for a in piece.attached if card(a).kind == what)
        if limit is None or held < limit:
            out.append(piece.card)
    return out


def why_illegal(state: TabletopState, action: TabletopAction) -> str | None:
    """Why an action is not open now, or None if it is."""
    if state.result is not None:
        return "the game is over"
    if action in legal_actions(state):
        return None
    seat = current_side(state)
    if action.verb != "end" and action.verb != "raid" and action.card not in state.hands[seat]:
        return f"card {action.card} is not in {state.players[seat]}'s hand"
    where = "a raid's response window" if state.raid is not None else f"the {state.phase} phase"
    return f"{action.to_str()!r} is not open to {state.players[seat]} in {where}"


def act(state: TabletopState, action: TabletopAction) -> list[Event]:
    """Do the action (IllegalTabletopAction, the state unchanged, if it is not open now)."""
    why = why_illegal(state, action)
    if why is not None:
        raise IllegalTabletopAction(why)
    events: list[Event] = []
    seat = current_side(state)
    if action.verb == "end":
        if state.raid is not None:
            events.append(Event("pass", state.turn, {"nation": state.players[seat]}))
            pass_window(state, events)
        else:
            _end_phase(state, events)
    elif action.verb == "play":
        _play(state, seat, action.card, events)
    elif action.verb == "attach":
        _attach(state, seat, action.card, action.target, events)
    elif action.verb == "event":
        play_event(state, seat, action.card, action.target, events)
    elif action.verb == "raid":
        declare(state, action.card, action.target, events)
    elif action.verb == "discard":
        state.hands[seat].remove(action.card)
        to_discard(state, action.card, seat, "hand", events)
        if len(state.hands[seat]) <= state.rules.hand_max:
            state.discarding = False
            _next_turn(state, events)
    _settle(state, events)
    return events


def _play(state: TabletopState, seat: int, card_id: int, events: list[Event]) -> None:
    kind = card(card_id).kind
    state.hands[seat].remove(card_id)
    state.table[seat].append(Piece(card_id))
    if kind == "base":
        state.bases_played += 1
    else:
        rules = state.rules
        played, allowed = (
            (state.merchants_played, rules.merchants_per_turn)
            if kind == "merchant"
            else (state.privateers_played, rules.privateers_per_turn)
        )
        if played >= allowed:
            state.extra_plays -= 1
        if kind == "merchant":
            state.merchants_played += 1
        else:
            state.privateers_played += 1
    payload = {"nation": state.players[seat], "card": card_id, "name": card(card_id).name}
    events.append(Event("play", state.turn, {**payload, "kind": kind}))


def _attach(
    state: TabletopState, seat: int, card_id: int, target: int, events: list[Event]
) -> None:
    state.hands[seat].remove(card_id)
    piece = next(p for p in state.table[seat] if p.card == target)
    piece.attached.append(card_id)
    payload = {"nation": state.players[seat], "card": card_id, "name": card(card_id).name}
    events.append(Event("attach", state.turn, {**payload, "target": target}))


def _end_phase(state: TabletopState, events: list[Event]) -> None:
    if state.phase == "settlement":
        if len(state.hands[state.active]) > state.rules.hand_max:
            state.discarding = True
            return
        _next_turn(state, events)
        return
    _enter(state, PHASES[PHASES.index(state.phase) + 1], events)


def _enter(state: TabletopState, phase: str, events: list[Event]) -> None:
    """Begin a phase; those that ask nothing (fate, sailing, taxes) run at once."""
    state.phase = phase
    events.append(
        Event("phase", state.turn, {"nation": state.players[state.active], "phase": phase})
    )
    seat = state.active
    if phase == "fate":
        draw(state, seat, state.rules.draw, events)
    elif phase == "sailing":
        _sail(state, seat, events)
    elif phase == "taxes":
        for piece in list(state.table[seat]):
            if kind_of(piece) == "base" and state.result is None:
                paid = gold_level(state.rules, piece) * state.rules.taxes_percent // 100
                gain(state, seat, paid, "taxes", events)
    if phase in ("fate", "sailing", "taxes") and state.result is None:
        _enter(state, PHASES[PHASES.index(phase) + 1], events)


def _sail(state: TabletopState, seat: int, events: list[Event]) -> None:
    for piece in [p for p in state.table[seat] if kind_of(p) == "merchant"]:
        piece.tokens += state.rules.sailing_tokens
        payload = {"nation": state.players[seat], "card": piece.card, "name": card(piece.card).name}
        events.append(Event("token", state.turn, {**payload, "tokens": piece.tokens}))
    for piece in [p for p in state.table[seat] if kind_of(p) == "merchant"]:
        if piece.tokens >= state.rules.home_tokens and state.result is None:
            come_home(state, seat, piece.card, events)


def _next_turn(state: TabletopState, events: list[Event]) -> None:
    _begin_turn(state, (state.active + 1) % state.seats, events)


def _begin_turn(state: TabletopState, seat: int, events: list[Event]) -> None:
    if state.turn >= state.rules.round_limit * state.seats:
        best = max(state.gold)
        leaders = [s for s, g in enumerate(state.gold) if g == best]
        finish(state, leaders[0] if len(leaders) == 1 else None, "round_limit", events)
        return
    state.turn += 1
    state.active = seat
    state.merchants_played = state.privateers_played = state.bases_played = 0
    state.extra_plays = 0
    state.travelled, state.raided, state.targeted, state.safe = [], [], [], []
    events.append(Event("turn", state.turn, {"nation": state.players[seat], "round": state.round}))
    _enter(state, "fate", events)


def _settle(state: TabletopState, events: list[Event]) -> None:
    """Run on past every point where the seat to act has no choice: a response window with
    no event to play and no target to strengthen passes, a phase with nothing but `end`
    ends."""
    while state.result is None:
        if state.raid is not None:
            seat = responder(state)
            if _events(state, seat) or _reinforcements(state, seat):
                return
            pass_window(state, events)
        elif state.discarding:
            return
        elif legal_actions(state) == [END]:
            _end_phase(state, events)
        else:
            return


__all__ = ["NO_TARGET", "act", "current_side", "legal_actions", "new_game", "why_illegal"]
