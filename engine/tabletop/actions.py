"""What a seat can do, as short text that round-trips: `end` (done with this phase, or pass in
a raid's response window), `play CARD`, `attach CARD TARGET`, `event CARD [TARGET]`,
`raid PRIVATEER TARGET`, `discard CARD`; CARD and TARGET are card ids (cards.py).

>>> TabletopAction.from_str(" Attach 120  22 ")
TabletopAction(verb='attach', card=120, target=22)
>>> TabletopAction("event", 180, 3).to_str(), TabletopAction("end").to_str()
('event 180 3', 'end')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalActionError
from .cards import DECK_SIZE


class IllegalTabletopAction(IllegalActionError):
    """An action that is not open now (or not an action at all); the message says why."""


VERBS = ("end", "play", "attach", "event", "raid", "discard")
_ARGS = {"end": (0, 0), "play": (1, 1), "attach": (2, 2), "event": (1, 2), "raid": (2, 2),
         "discard": (1, 1)}  # fmt: skip
"""How many card ids each verb takes (fewest, most)."""


@dataclass(frozen=True, slots=True, order=True)
class TabletopAction:
    """A verb and the card ids it names (-1: none)."""

    verb: str
    card: int = -1
    target: int = -1

    def __post_init__(self) -> None:
        if self.verb not in _ARGS:
            raise IllegalTabletopAction(
                f"{self.verb!r} is not an action; one of {', '.join(VERBS)}"
            )
        ids = [i for i in (self.card, self.target) if i != -1]
        low, high = _ARGS[self.verb]
        if not low <= len(ids) <= high or (self.card == -1 and self.target != -1):
            raise IllegalTabletopAction(f"{self.verb} takes {low}-{high} card ids, not {len(ids)}")
        if any(not 0 <= i < DECK_SIZE for i in ids):
            raise IllegalTabletopAction(f"a card id is 0-{DECK_SIZE - 1}")

    def to_str(self) -> str:
        return " ".join([self.verb, *(str(i) for i in (self.card, self.target) if i != -1)])

    @classmethod
    def from_str(cls, text: str) -> TabletopAction:
        """Parse an action's text, ignoring case and spacing; IllegalTabletopAction on nonsense."""
        words = str(text).strip().lower().split()
        if not words:
            raise IllegalTabletopAction("an empty action; one of " + ", ".join(VERBS))
        ids: list[int] = []
        for word in words[1:]:
            if not word.isdigit() or len(word) > 4:
                raise IllegalTabletopAction(f"{word!r} is not a card id")
            ids.append(int(word))
        if len(ids) > 2:
            raise IllegalTabletopAction(f"{text.strip()!r}: at most two card ids")
        return cls(words[0], *ids)


END = TabletopAction("end")
