"""What a player types on a voyage, read once for both front ends: `privateer play`'s prompt
(cli/voyage/screen.py) and the browser's box (cli/web/voyage_web.py).

A line becomes a `Typed` (the command's word, what it takes, and the engine's action when it is
one), or is refused in one line: `NotUnderstood` for what is no command or names nothing the
command takes, with the line perhaps meant (a y/N in the terminal, the answer's `ask` in the
browser); `NotNow` for a real command not open at this moment, saying why. The words are those
`help` lists (cli/voyage/help.py's COMMANDS), the names the engine's own tables' (hands, refits,
ships, cards, a question's choices) and the world's places (cli/places.py), matched one way
(cli/typed_names.py): any case or accents, spaces, underscores or hyphens alike, a number at a
numbered prompt. Decides no rule: the engine still accepts or refuses every action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from privateer.cli.places import Places, UnknownPlace, find_port
from privateer.cli.typed_names import close, either, fold, matches, spoken
from privateer.cli.voyage.help import ALIASES, COMMANDS
from privateer.engine.fight import CATALOGUE, CREW, KIND_INDEX, SHIPS, UPGRADES
from privateer.engine.voyage import (
    Engagement,
    IllegalVoyageAction,
    Meeting,
    PrizeOffer,
    Question,
    VoyageAction,
    VoyageGame,
    VoyageState,
    dilemma_options,
)

GO_DAYS = 400  # `go` sails on, and `wait N` idles, at most this many days

QUITS = ("quit", "q", "exit")
WORDS: dict[str, str] = {
    **{verb: verb for verb in COMMANDS},
    **{alias: verb for alias, verb in ALIASES.items() if alias != "?"},
    **{word: "quit" for word in QUITS},
}
"""Every word a command is typed by, to the command (`look` is `where`)."""

VIEWS = ("sheet", "politics", "sight", "rumors", "port", "letter", "where", "circuit")
"""The commands that show what observe() holds, open always."""

LISTS = ("yard", "buy", "hire", "upgrade", "ship")
"""With no name after it, what is for sale (open always: at sea it says nothing is)."""

ANSWERS: dict[str, str] = {
    "keep": Engagement.kind,
    "attack": Meeting.kind,
    "pass": Meeting.kind,
    "prize": PrizeOffer.kind,
    "choose": Question.kind,
}
"""The commands that answer what waits on her, by the kind of wait they answer."""

NOTHING_WAITS = {
    "keep": "no fight is on",
    "attack": "no ship is alongside (`sight` shows the ships in sight)",
    "pass": "no ship is alongside",
    "prize": "no prize's stores wait on you",
    "choose": "no question waits on you",
}


class NotUnderstood(IllegalVoyageAction):
    """What was typed is no command, or names nothing the command takes (a hand, a place): the
    one line saying so, and `suggestion`, the line perhaps meant, to take instead."""

    def __init__(self, message: str, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.suggestion = suggestion


class NotNow(IllegalVoyageAction):
    """A real command that is not open at this moment; the message says why."""


class Session(Protocol):
    """What the reading asks of a voyage: its game, its state and how it names places."""

    @property
    def game(self) -> VoyageGame: ...

    @property
    def state(self) -> VoyageState: ...

    @property
    def places(self) -> Places: ...


@dataclass(frozen=True, slots=True)
class Typed:
    """A line understood."""

    verb: str  # a key of COMMANDS, or "quit", or "glossary" (`?` in a fight)
    rest: str = ""  # what the front end takes itself: a help topic, a chart's file, a name
    action: str | None = None  # the engine's action as the log writes it, when it is one
    days: int = 0  # `wait N`: N


def typed_text(action: VoyageAction) -> str:
    """The line a person types for `action`, which `read` reads back to it (the action says
    it: `choose 1` is the first answer, `keep 1 3` the hand's first and third cards)."""
    return action.typed()


def read(session: Session, text: str) -> Typed:
    """What `text` means now: a Typed, or NotUnderstood / NotNow saying why not in one line."""
    text = " ".join(text.split())
    if not text:
        raise NotUnderstood("nothing typed: `help` lists the commands")
    first, _, rest = text.partition(" ")
    if first == "?":
        fighting = isinstance(session.state.pending, Engagement) and not rest
        return Typed("glossary") if fighting else Typed("help", rest.lower())
    verb = WORDS.get(fold(first))
    if verb is None:
        return _bare(session, text)
    if verb in ("help", "chart", "quit") or verb in VIEWS:
        return Typed(verb, rest.lower() if verb == "help" else rest)
    if verb in LISTS and not rest:
        return Typed(verb)
    _open_now(session, verb)
    return _with_words(session, verb, rest)


def waiting(session: Session) -> str | None:
    """What waits on her before she can do anything else, and what to type; None if nothing."""
    pending = session.state.pending
    return None if pending is None else WAITS[pending.kind](session, pending)


def _prize_waits(_session: Session, pending: PrizeOffer) -> str:
    choices = " | ".join(f"prize {i + 1}" for i in range(len(pending.cards)))
    return f"her stores wait: {choices} | prize none first (or just the number)"


def _question_waits(session: Session, pending: Question) -> str:
    count = len(dilemma_options(session.state, session.game.rules))
    return f"{pending.name} waits on an answer: its number, 1 to {count}, first"


WAITS: dict[str, Callable[[Session, Any], str]] = {
    Meeting.kind: lambda *_: "a ship is alongside: `attack` or `pass` first (`sight` reads her)",
    PrizeOffer.kind: _prize_waits,
    Question.kind: _question_waits,
    Engagement.kind: lambda *_: "in a fight: keep two cards first (for example 12)",
}
"""What each kind of wait says of itself, and what to type to answer it."""


# --- open now, or why not ------------------------------------------------------------------


def _open_now(session: Session, verb: str) -> None:
    """NotNow if `verb` is not open at this moment: something else waits on her, there is
    nothing for it to answer, or it is a port's and she is at sea."""
    state = session.state
    answers = ANSWERS.get(verb)
    if state.pending is not None:
        if answers != state.pending.kind:
            raise NotNow(waiting(session) or "something waits on you first")
        return
    if answers is not None:
        raise NotNow(NOTHING_WAITS[verb])
    if verb == "wait" and state.port < 0:
        raise NotNow("wait: only in port (at sea, `sail` heaves to a day)")
    if COMMANDS[verb].where == "in port" and state.port < 0:
        raise NotNow(f"`{verb}` is done in port, and you are at sea")


# --- the words after the command -----------------------------------------------------------


def _with_words(session: Session, verb: str, rest: str) -> Typed:
    """The command `verb` with the words typed after it, resolved to what the engine takes."""
    state = session.state
    if verb == "course":
        return _course(session, rest)
    if verb == "berth":
        return _berth(session, rest)
    if verb in ("hire", "upgrade", "ship", "strike"):
        key = _thing(verb, rest, _goods(session, verb))
        return Typed(verb, key, f"{verb} {key}")
    if verb == "buy":  # `buy pilot`, `buy more guns`, `buy frigate`: whichever sells it
        return _buy(session, rest)
    if verb == "repair":
        if not rest or fold(rest) == "all":
            rest = str(max(0, min(state.max_hull() - state.hull, state.gold)))
        if not rest.isdigit():
            raise NotUnderstood(
                "repair N: a number of hull points (`repair` alone: all you can pay)"
            )
        return Typed(verb, str(int(rest)), f"repair {int(rest)}")
    if verb == "wait":
        if not rest.isdigit() or not 1 <= int(rest) <= GO_DAYS:
            raise NotUnderstood(f"wait N: a number of days, 1 to {GO_DAYS} (for example wait 2)")
        return Typed(verb, rest, days=int(rest))
    if verb == "keep":
        return _keep_words(rest)
    if verb == "prize":
        return _prize(session, rest, "prize")
    if verb == "choose":
        return _choose(session, rest, "choose")
    if rest:
        raise NotUnderstood(f"`{verb}` takes no more words: {COMMANDS[verb].line}")
    return Typed(verb, action=verb if verb not in ("go", "wait") else None)


def _course(session: Session, rest: str) -> Typed:
    if not rest:
        raise NotUnderstood(
            "course PORT, course PLACE (a cape, strait, bank, river mouth or sea) or course LON,LAT"
        )
    try:
        node = session.places.resolve(rest, near=session.state.node)
    except UnknownPlace as error:
        meant = f"course {error.meant}" if error.meant else None
        raise NotUnderstood(str(error), meant) from None
    return Typed("course", str(node), f"course {node}")


def _berth(session: Session, rest: str) -> Typed:
    if not rest:
        raise NotUnderstood("berth PORT: another port on this same anchorage")
    if rest.isdigit():  # the port's index, as the log and the browser's button write it
        return Typed("berth", rest, f"berth {int(rest)}")
    try:
        index = find_port(session.game.world, rest)
    except UnknownPlace as error:
        meant = f"berth {error.meant}" if error.meant else None
        raise NotUnderstood(str(error), meant) from None
    return Typed("berth", str(index), f"berth {index}")


THINGS = {"hire": "hand", "upgrade": "refit", "ship": "ship", "strike": "card"}


def _buy(session: Session, rest: str) -> Typed:
    """`buy NAME`: a hand, a refit or a ship, whichever NAME tells."""
    found = [
        (verb, key)
        for verb in ("hire", "upgrade", "ship")
        for key in dict.fromkeys(
            _goods(session, verb)[n] for n in matches(rest, _goods(session, verb))
        )
    ]
    if len(found) == 1:
        verb, key = found[0]
        return Typed(verb, key, f"{verb} {key}")
    if found:
        raise NotUnderstood(f"{rest!r} could be {either([spoken(k) for _, k in found])}: which?")
    table = {**_goods(session, "hire"), **_goods(session, "upgrade"), **_goods(session, "ship")}
    near = list(dict.fromkeys(table[n] for n in close(rest, table)))
    if len(near) == 1:
        meant = f"buy {spoken(near[0])}"
        raise NotUnderstood(f"nothing called {rest!r} is sold; did you mean `{meant}`?", meant)
    raise NotUnderstood(f"nothing called {rest!r} is sold: `buy` lists what is")


def _goods(session: Session, verb: str) -> dict[str, str]:
    """What `verb` takes, by every name it may be typed by: name -> the engine's key."""
    if verb == "hire":
        return _by_words(CREW)
    if verb == "upgrade":
        return _by_words(UPGRADES)
    if verb == "ship":
        return _by_words(SHIPS)
    deck = set(session.state.outfit().deck())
    return _cards(k for k, index in KIND_INDEX.items() if index in deck)


def _by_words(keys: Iterable[str]) -> dict[str, str]:
    return {spoken(k): k for k in keys}


def _cards(keys: Iterable[str]) -> dict[str, str]:
    """Cards by their key in words and by the name the screens show (`chain` and `chain shot`)."""
    out: dict[str, str] = {}
    for key in keys:
        out.setdefault(spoken(key), key)
        out.setdefault(CATALOGUE[KIND_INDEX[key]].name, key)
    return out


def _thing(verb: str, text: str, table: dict[str, str]) -> str:
    """The key of what `text` names in `table`, or NotUnderstood saying what it could be."""
    what = THINGS.get(verb, "card")
    if not text:
        raise NotUnderstood(
            f"{verb} what? {what}s: {either(list(dict.fromkeys(map(spoken, table.values()))))}"
        )
    found = list(dict.fromkeys(table[n] for n in matches(text, table)))
    if len(found) == 1:
        return found[0]
    if found:
        raise NotUnderstood(
            f"{text!r} could be {either([spoken(k) for k in found])}: which {what}?"
        )
    near = list(dict.fromkeys(table[n] for n in close(text, table)))
    if len(near) == 1:
        meant = spoken(near[0])
        raise NotUnderstood(f"no {what} called {text!r}; did you mean {meant}?", f"{verb} {meant}")
    if near:
        raise NotUnderstood(
            f"no {what} called {text!r}; did you mean {either(list(map(spoken, near)))}?"
        )
    listed = either(list(dict.fromkeys(map(spoken, table.values()))))
    raise NotUnderstood(f"no {what} called {text!r}: {what}s are {listed}")


# --- answers to what waits: by number, or by name ------------------------------------------


def _bare(session: Session, text: str) -> Typed:
    """A line with no command's word first: an answer to what waits (a number, `none`, a
    card's or a choice's name), else what it perhaps meant, else unknown."""
    pending = session.state.pending
    answer = BARE.get(pending.kind) if pending is not None else None
    answered = answer(session, pending, text) if answer is not None else None
    if answered is not None:
        return answered
    if text.replace(" ", "").isdigit():
        why = waiting(session) if pending is not None else "no numbered choice waits on you"
        raise NotUnderstood(f"{text!r} answers nothing here: {why}")
    raise _unknown(session, text)


def _names_one(text: str, table: dict[str, str], *also: str) -> bool:
    """Whether `text` is one of `also` (a number, `none`) or names exactly one of `table`."""
    if fold(text) in also:
        return True
    return len({table[n] for n in matches(text, table)}) == 1


def _numbers(session: Session) -> list[str]:
    return [str(i + 1) for i in range(len(dilemma_options(session.state, session.game.rules)))]


def _choices(session: Session) -> dict[str, str]:
    """A question's choices by their words: "ride it out" -> "0"."""
    return {
        o.choice: str(i) for i, o in enumerate(dilemma_options(session.state, session.game.rules))
    }


def _picks(text: str) -> tuple[int, int] | None:
    """Two of the hand's cards as typed at the fight (`12`, `3 1`, `2,3`): their indexes, 0-2
    (None: not two different of 1, 2, 3)."""
    digits = text.replace(" ", "").replace(",", "")
    if len(digits) != 2 or not set(digits) <= set("123") or digits[0] == digits[1]:
        if digits.isdigit():
            raise NotUnderstood("keep two of 1 2 3, in the order they resolve (for example 12)")
        return None
    return int(digits[0]) - 1, int(digits[1]) - 1


def _keep_words(rest: str) -> Typed:
    """`keep I J`: the cards by the numbers the hand shows them with, 1-3, as `12` is."""
    picks = _picks(rest)
    if picks is None:
        raise NotUnderstood("keep two of 1 2 3, in the order they resolve (for example keep 1 2)")
    return Typed("keep", action=f"keep {picks[0]} {picks[1]}")


def _bare_keep(_session: Session, _pending: Engagement, text: str) -> Typed | None:
    picks = _picks(text)
    return None if picks is None else Typed("keep", action=f"keep {picks[0]} {picks[1]}")


def _bare_prize(session: Session, pending: PrizeOffer, text: str) -> Typed | None:
    numbers = (str(i + 1) for i in range(len(pending.cards)))
    if not _names_one(text, _cards(pending.cards), "none", *numbers):
        return None
    return _prize(session, text, None)


def _bare_choice(session: Session, _pending: Question, text: str) -> Typed | None:
    if not _names_one(text, _choices(session), *_numbers(session)):
        return None
    return _choose(session, text, None)


BARE: dict[str, Callable[[Session, Any, str], Typed | None]] = {
    Engagement.kind: _bare_keep,
    PrizeOffer.kind: _bare_prize,
    Question.kind: _bare_choice,
}
"""How a line with no command's word answers each kind of wait (None: it does not)."""


def _prize(session: Session, text: str, verb: str | None) -> Typed:
    """A prize's card kept: its number as shown (1-3), `none`, or its name."""
    pending = session.state.pending
    assert isinstance(pending, PrizeOffer)
    cards = pending.cards
    if fold(text) in ("none", "0"):
        return Typed("prize", "none", "prize none")
    if text.isdigit():
        if not 1 <= int(text) <= len(cards):
            raise NotUnderstood(f"prize 1 to {len(cards)}, or prize none")
        return Typed("prize", cards[int(text) - 1], f"prize {cards[int(text) - 1]}")
    if not text:
        raise NotUnderstood(f"prize 1 to {len(cards)}, or prize none")
    key = _thing(verb or "prize", text, _cards(cards))
    return Typed("prize", key, f"prize {key}")


def _choose(session: Session, text: str, verb: str | None) -> Typed:
    """A question answered: its number as shown (1 up), or its words (`ride it out`)."""
    count = len(_numbers(session))
    if text.isdigit():
        if not 1 <= int(text) <= count:
            raise NotUnderstood(f"choose 1 to {count}: one of the choices shown")
        return Typed("choose", text, f"choose {int(text) - 1}")
    table = _choices(session)
    found = list(dict.fromkeys(table[n] for n in matches(text, table)))
    if len(found) != 1:
        raise NotUnderstood(f"choose 1 to {count}: one of the choices shown")
    return Typed("choose", str(int(found[0]) + 1), f"choose {found[0]}")


def _unknown(session: Session, text: str) -> NotUnderstood:
    """No command's word begins `text`: the command perhaps meant (a slip of its word), or a
    course for the place it names, else unknown."""
    first, _, rest = text.partition(" ")
    near = close(first, [w for w in WORDS if len(w) > 1])
    verbs = list(dict.fromkeys(WORDS[w] for w in near))
    if len(verbs) == 1:
        meant = f"{verbs[0]} {rest}".strip()
        return NotUnderstood(f"unknown command {first!r}; did you mean `{meant}`?", meant)
    if verbs:
        return NotUnderstood(f"unknown command {first!r}; did you mean {either(verbs)}?")
    if session.state.pending is None:
        try:
            _, name = session.places.find(text)
        except UnknownPlace:
            pass
        else:
            meant = f"course {name}"
            return NotUnderstood(f"{text!r} is no command; did you mean `{meant}`?", meant)
    return NotUnderstood(f"unknown command {first!r}: `help` lists the commands")
