"""Words for the tabletop game of the Privateers design document in a terminal: the table as one
seat sees it, that seat's hand with what each card does, the raid under way, the plays open now
(numbered), a card explained, and what a person types turned into a choice. No rules live here:
everything shown comes from `observe(state, seat)`, the engine's `describe` and its card list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from privateer.engine.events import Event

PHASE_WORDS = {
    "fate": "Fate (draw 2)",
    "sailing": "Sailing (a travel token on each merchant)",
    "merchant": "Merchant (a merchant, escorts, treasures, travel events)",
    "raid": "Raid (each privateer may attack)",
    "privateer": "Privateer (a privateer, a captain, a crew)",
    "taxes": "Taxes (gold from each base)",
    "settlement": "Settlement (a base, defences; hand at most 8)",
}

KEYS_HELP = """\
Type the number of a play (or its text: end, play 12, attach 40 12, event 120 12, raid 12 30,
discard 12). Card numbers are the cards' ids, shown as #12.
  ?CARD   what a card does: ?Galleon or ?12 (a name, or a card's id)
  table   draw the table again
  help    these keys
  quit    stop here (the game is saved; `privateer tabletop --resume` picks it up)"""


def _nation(name: str) -> str:
    return name.capitalize()


def _strength(card: Mapping[str, Any]) -> str:
    """A card's figures as the table shows them: "str 7", "str 2, gold 5"."""
    parts = []
    if card.get("str") not in (None, 0):
        parts.append(f"str {card['str']}")
    if card.get("gold") not in (None, 0):
        parts.append(f"gold {card['gold']}")
    return ", ".join(parts)


def card_label(card: Mapping[str, Any]) -> str:
    """One card in play: "#12 Galleon (str 7)"."""
    figures = _strength(card)
    return f"#{card['id']} {card['name']}" + (f" ({figures})" if figures else "")


def _attached(card: Mapping[str, Any]) -> str:
    held = card.get("attached") or []
    if not held:
        return ""
    return " + " + ", ".join(card_label(a) for a in held)


def _tokens(merchant: Mapping[str, Any]) -> str:
    tokens = int(merchant.get("tokens", 0))
    return f" [{'o' * tokens}{'.' * max(0, 3 - tokens)} {tokens} token{'s' * (tokens != 1)}]"


def _defences(base: Mapping[str, Any]) -> str:
    held = base.get("defences")
    if held is None:
        return _attached(base)
    if not held:
        return " (no defences)"
    return " + " + ", ".join(card_label(d) for d in held)


def nation_lines(view: Mapping[str, Any], nation: str) -> list[str]:
    """One nation's line and what it has in play, a line a card."""
    seat = view["seat"]
    who = f"{_nation(nation)}{' (you)' if nation == seat else ''}"
    to_act = "  <- to act" if view.get("to_act") == nation and view.get("outcome") is None else ""
    lines = [
        f"{who}: {view['gold'][nation]} gold, {view['hand_sizes'][nation]} in hand{to_act}",
    ]
    table = view["table"].get(nation, {})
    for merchant in table.get("merchants", []):
        cargo = _attached(merchant)
        lines.append(f"    merchant  {card_label(merchant)}{_tokens(merchant)}{cargo}")
    for privateer in table.get("privateers", []):
        lines.append(f"    privateer {card_label(privateer)}{_attached(privateer)}")
    for base in table.get("bases", []):
        lines.append(f"    base      {card_label(base)}{_defences(base)}")
    if len(lines) == 1:
        lines.append("    (nothing in play)")
    return lines


def header_line(view: Mapping[str, Any]) -> str:
    """Whose turn, which round, which phase (and the hand's discard at Settlement's end)."""
    phase = str(view["phase"])
    words = PHASE_WORDS.get(phase, phase)
    if view.get("discarding"):
        words = "Settlement: discard down to the hand's limit"
    return f"Turn {view['turn']} (round {view['round']}), {_nation(str(view['active']))}: {words}"


def table_lines(view: Mapping[str, Any]) -> list[str]:
    """The whole table as one seat sees it: the turn and phase, every nation's gold, hand
    size and cards in play, the deck and the discard."""
    lines = [header_line(view)]
    for nation in view["players"]:
        lines.extend(nation_lines(view, nation))
    top = view.get("discard_top")
    lines.append(
        f"Deck {view['deck_size']} cards; discard {view['discard_size']}"
        + (f" (top: {top})" if top else "")
    )
    return lines


def hand_lines(view: Mapping[str, Any]) -> list[str]:
    """The observer's own hand, a card a line, with what it does."""
    hand = view.get("hand") or []
    if not hand:
        return ["Your hand is empty."]
    lines = [f"Your hand ({len(hand)}):"]
    width = max(len(f"#{c['id']} {c['name']}") for c in hand)
    for card in hand:
        label = f"#{card['id']} {card['name']}"
        words = str(card["words"]).removeprefix(f"{card['name']}: ")
        lines.append(f"  {label:<{width}}  {words}")
    return lines


def raid_lines(view: Mapping[str, Any], modifier: int | None = None) -> list[str]:
    """The raid under way: who attacks whom with what, the two strengths and the roll's
    modifier they give, the events played so far, and whose answer is awaited."""
    raid = view.get("raid")
    if not raid:
        return []
    me = str(view["seat"])
    ships = " and ".join(card_label(p) for p in raid["privateers"])
    target = raid["target"]
    lines = [
        f"Raid under way: {_who(str(raid['attacker']), me)} with {ships} against "
        f"{_owner(_who(str(raid['defender']), me))} #{target['id']} {target['name']}",
    ]
    odds = f", roll modifier {modifier:+d}" if modifier is not None else ""
    lines.append(f"    strength {raid['attack']} against {raid['defence']}{odds}")
    if raid.get("events"):
        lines.append("    events played: " + ", ".join(map(str, raid["events"])))
    lines.append(f"    {_who(str(raid['to_respond']), me)} to answer (an event, or pass)")
    return lines


def yours(words: str, me: str) -> str:
    """describe()'s words as the person reads them: their own cards are "your" (no one's
    when `me` is empty: a hot-seat table's log names every nation)."""
    return words.replace(f"{_nation(me)}'s ", "your ") if me else words


def plays_lines(described: Sequence[str], me: str) -> list[str]:
    """The plays open now, numbered from 1."""
    width = len(str(len(described)))
    return [f"  {n:>{width}}. {yours(words, me)}" for n, words in enumerate(described, 1)]


def outcome_line(view: Mapping[str, Any]) -> str:
    """Who won, with what gold, on which turn (observe's outcome)."""
    done = view["outcome"]
    winner = done.get("winner")
    gold = view["gold"]
    standings = ", ".join(
        f"{_nation(n)} {gold[n]}" for n in sorted(view["players"], key=lambda n: -gold[n])
    )
    if winner is None:
        reason = done.get("reason")
        return f"the game is over on turn {view['turn']}: nobody won ({reason}); {standings}"
    you = " (you)" if winner == view["seat"] else ""
    return (
        f"{_nation(str(winner))}{you} wins with {gold[winner]} gold on turn {view['turn']} "
        f"({done.get('reason')}); {standings}"
    )


def card_lines(card_id: int) -> list[str]:
    """?CARD: what a card is and does, and where its copies sit in the deck's ids."""
    from privateer.engine.tabletop import DECK, card_words

    name = DECK[card_id].name
    ids = [i for i, c in enumerate(DECK) if c.name == name]
    copies = f"ids {ids[0]}-{ids[-1]}" if len(ids) > 1 else f"id {ids[0]}"
    return [f"  {card_words(card_id)}", f"  {len(ids)} in the deck ({copies})"]


SOURCE_WORDS = {
    "home": "home from her voyage",
    "capture": "captured",
    "taxes": "taxes",
    "plunder": "plunder",
}


def event_line(event: Event, me: str) -> str | None:
    """One line for an event as a seat may see it (every event is public: a draw says how
    many cards, never which), or None for one the moves already say."""
    d: dict[str, Any] = event.fields()
    kind = event.kind
    who = _who(str(d.get("nation", "")), me)
    if kind == "draw":
        return f"{who} draw{'s' * (who != 'you')} {d['count']} card{'s' * (d['count'] != 1)}"
    if kind == "reshuffle":
        return f"the discard is shuffled into a new deck of {d['cards']}"
    if kind == "gold":
        source = SOURCE_WORDS.get(str(d["source"]), str(d["source"]))
        return f"{who} gain{'s' * (who != 'you')} {d['amount']} gold ({source}): {d['total']}"
    if kind == "discarded":
        return f"{_owner(who)} #{d['card']} {d['name']} is discarded ({d['why']})"
    if kind == "raid":
        return None  # the raid's move says it
    if kind == "raid_roll":
        return _roll_words(d, me)
    if kind in ("captured", "taken"):
        verb = {"captured": "capture", "taken": "take"}[kind] + "s" * (who != "you")
        return f"{who} {verb} {_owner(_who(str(d['from']), me))} #{d['card']} {d['name']}"
    if kind == "home":
        cargo = f" + {d['treasure']} of treasure" if d.get("treasure") else ""
        return f"{_owner(who)} #{d['card']} {d['name']} comes home: {d['gold']} gold{cargo}"
    if kind == "token":
        tokens = f"{d['tokens']} travel token{'s' * (d['tokens'] != 1)}"
        return f"{_owner(who)} #{d['card']} {d['name']} has {tokens}"
    if kind == "called_off":
        return f"the raid on #{d['target']} is called off ({d['why']})"
    if kind == "turn":
        return f"-- turn {event.round} (round {d['round']}): {_nation(str(d['nation']))} --"
    if kind == "first_roll":
        rolls = ", ".join(
            f"{_nation(str(n))} {r}" for n, r in zip(d["nations"], d["rolls"], strict=True)
        )
        return f"the roll for first: {rolls}"
    if kind in ("event", "game_end"):
        return None  # the move (or the screen's last line) says it
    return None


RESULT_WORDS = {  # the seed's raid table, its words for the target's kind
    ("disaster", "merchant"): "disaster: the privateer and all attached are discarded",
    ("disaster", "base"): "disaster: the privateer and all attached are discarded",
    ("no effect", "merchant"): "no effect: the merchant escapes",
    ("no effect", "base"): "no effect: the privateer is driven off",
    ("success", "merchant"): "success: the merchant is captured",
    ("success", "base"): "success: the base is captured",
}


def _roll_words(d: Mapping[str, Any], me: str) -> str:
    """The raid table's roll in words: "France's raid on #23 Merchantman: str 11 against 4,
    rolled 4+5 = 9, +2 = 11: success: the merchant is captured"."""
    from privateer.engine.tabletop import card

    dice = [int(x) for x in d["dice"]]
    rolled = sum(dice)
    modifier = int(d["modifier"])
    total = f"{rolled}" + (f" {modifier:+d} = {rolled + modifier}" if modifier else "")
    result = str(d["result"])
    target = card(int(d["target"]))
    return (
        f"{_owner(_who(str(d['nation']), me)).capitalize()} raid on #{d['target']} "
        f"{target.name}: str {d['attack']} against {d['defence']} "
        f"({modifier:+d}); rolled {'+'.join(map(str, dice))} = {total}: "
        f"{RESULT_WORDS.get((result, target.kind), result)}"
    )


def _who(nation: str, me: str) -> str:
    return "you" if nation == me else _nation(nation)


def _owner(who: str) -> str:
    return "your" if who == "you" else f"{who}'s"


def move_lines(move: Any, me: str, *, auto: bool = False) -> list[str]:
    """A move as the screen tells it: who played what (`describe`'s words), then what came
    of it, a line an event."""
    who = _who(move.nation, me)
    words = move.words
    if who != "you":  # describe() speaks to the seat that plays
        words = words.replace(" from your hand", "")
    words = yours(words, me)
    first = f"{who}: {words}" + (" (nothing else to play)" if auto else "")
    lines = [first]
    lines += events_lines(move.events, me)
    return lines


def events_lines(events: Sequence[Event], me: str) -> list[str]:
    """What came of a move, a line an event; a new turn's line stands out."""
    lines = []
    for event in events:
        line = event_line(event, me)
        if line:
            lines.append(line if event.kind == "turn" else f"    {line}")
    return lines
