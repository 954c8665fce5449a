"""Words for a fight, shared by `privateer fight` and anything else that shows one: the state
as a few lines, and each event as one."""

from __future__ import annotations

from typing import Any

from privateer.engine.events import Event
from privateer.engine.fight import GLOSSARY, THEM, YOU, Encounter, card_kind, card_name, card_side
from privateer.engine.fight import threatened as is_threatened

SIDE_NAME = {"you": "you", "them": "she"}


def pips(value: int, full: int, mark: str = "#") -> str:
    return f"{mark * value}{'.' * max(0, full - value)} {value}/{full}"


def state_lines(state: Encounter) -> list[str]:
    target = state.setup.target_kind()
    yours = "  (threatened: your flee cards work)" if is_threatened(state, YOU) else ""
    hers = "  (threatened: her flee cards work)" if is_threatened(state, THEM) else ""
    lines = [
        f"round {state.round} - {target.name}",
        f"  your hull {pips(state.hull[YOU], state.max_hull[YOU])}   way {state.way[YOU]}/3{yours}",
        f"  her hull  {pips(state.hull[THEM], state.max_hull[THEM])}"
        f"   way {state.way[THEM]}/3{hers}",
        f"  deck {len(state.deck)}   plunder {state.plunder}   prisoners {state.prisoners}",
        "  hand:",
    ]
    for i, card in enumerate(state.hand):
        owner = "yours" if card_side(card) == YOU else "hers "
        lines.append(f"    {i + 1}  {owner}  {card_name(card):<32} {card_kind(card).words()}")
    return lines


def event_line(event: Event) -> str | None:
    d: dict[str, Any] = event.fields()
    who = SIDE_NAME.get(str(d.get("side", "")), "")
    kind = event.kind
    if kind == "keep":
        return f"  kept {d['first']}, then {d['second']}; {d['bottom']} to the bottom"
    if kind == "hit":
        soaked = f" ({d['soaked']} braced)" if d["soaked"] else ""
        target = "her" if d["side"] == "you" else "your"
        return f"  {who} hit {d['landed']}{soaked}: {target} hull {d['hull']}"
    if kind == "wounded":
        target = "you" if d["side"] == "you" else "her"
        return f"  a wound against {target}: {d['wound']}, on top of the deck"
    if kind == "wound_kept":
        target = "your" if d["side"] == "you" else "her"
        return f"  {d['wound']} dealt with: {target} hull {d['hull']}"
    if kind == "brace":
        return f"  {who} brace {d['brace']}"
    if kind == "chase":
        target = "her" if d["side"] == "you" else "your"
        return f"  {who} gave chase: {target} way {d['way']}"
    if kind == "flee":
        if d["works"]:
            return f"  {who} made way: {d['way']}/3"
        return f"  {who} tried to run, but {d['why']}"
    if kind == "strike":
        whose = "your" if d["side"] == "you" else "her"
        if d["works"]:
            return f"  {who} struck {whose} colours: prisoners {d['prisoners']}"
        return f"  {who} would not strike {whose} colours yet (not threatened)"
    if kind == "plunder":
        return f"  plunder {d['gold']} (in the hold: {d['total']})"
    if kind == "prisoner":
        return f"  a prisoner taken ({d['prisoners']})"
    if kind == "mend":
        return f"  {who} mended {d['mended']}: hull {d['hull']}"
    if kind == "recall":
        cards = ", ".join(d["cards"]) or "nothing"
        return f"  {who} recalled {cards} under the deck"
    if kind == "cost":
        return f"  {who} paid {d['paid']} hull for {d['card']}: hull {d['hull']}"
    if kind == "relief":
        return "  relief from the garrison: a card on top of the town's deck"
    if kind == "carried_inland":
        return f"  valuables carried inland: {d['gold']} (left: {d['left']})"
    if kind == "end":
        return f"  the fight is over: {d['outcome'].replace('_', ' ')}"
    return None


def glossary_lines() -> list[str]:
    return [f"  {word:<28} {meaning}" for word, meaning in GLOSSARY.items()]
