"""Names as a person types them, matched against names as the game writes them: the one folding
(any case, accents dropped, spaces, underscores and hyphens alike) and the one measure of a
slip, shared by commands, hands, refits, ships, cards, choices and places, so `hire master
gunner` finds master_gunner, `saint malo` Saint-Malo, and a suggestion is made only for what
is close enough to be a likely typo (`hier` for hire, not Madras for Madrid).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from privateer.cli.common import plain_name

CLOSE = 0.75
"""How alike a slip and a name must be to suggest the name (difflib's ratio, or one less the
edits over the length: `hier` and `hire` are 0.75, `madrid` and `madras` 0.67)."""

NEAR_BEST = 0.1
"""Names within this of the best are suggested with it ("did you mean X or Y?")."""

LITTLE_WORDS = frozenset({"the", "of", "a", "an"})
"""Words a name is found without: `grand banks` finds the Grand Banks of Newfoundland, `amazon`
the mouth of the Amazon."""


def fold(text: str) -> str:
    """A name as it is compared: plain_name's folding, then every run of what is no letter or
    digit one space.

    >>> fold("Saint-Malo") == fold("saint malo") == fold("SAINT_MALO")
    True
    >>> fold("  Banc d'Arguin ")
    'banc d arguin'
    """
    return " ".join(re.sub(r"[\W_]+", " ", plain_name(text)).split())


def words(text: str) -> list[str]:
    """The folded words that tell a name: its little words dropped (unless it is only those)."""
    found = fold(text).split()
    told = [w for w in found if w not in LITTLE_WORDS]
    return told or found


def matches(text: str, names: Iterable[str]) -> list[str]:
    """The names `text` means, in their order: those it folds equal to, else those holding
    every word of it (`gunner` is in master gunner, `grand banks` in the Grand Banks of
    Newfoundland). One is the name; more are a choice to put to the person; none is a slip.

    >>> matches("master gunner", ["master_gunner", "marksmen"])
    ['master_gunner']
    >>> matches("guns", ["more_guns", "sheathed_hull", "chase_guns"])
    ['more_guns', 'chase_guns']
    """
    listed = list(dict.fromkeys(names))
    wanted = fold(text)
    if not wanted:
        return []
    same = [n for n in listed if fold(n) == wanted]
    if same:
        return same
    typed = words(text)
    found = []
    for name in listed:
        have = words(name)
        if all(have.count(w) >= typed.count(w) for w in typed):
            found.append(name)
    return found


def _edits(a: str, b: str) -> int:
    """The fewest letters put in, left out, changed or swapped with the next to make b of a
    (optimal string alignment)."""
    rows = [list(range(len(b) + 1))]
    for i, x in enumerate(a, 1):
        row = [i]
        for j, y in enumerate(b, 1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]


def likeness(typed: str, name: str) -> float:
    """How alike a typed word (or words) and a name are, 0 to 1: the better of difflib's ratio
    and one less the edits over the longer's length, against the whole name or any run of its
    words as long as what was typed.

    >>> round(likeness("hier", "hire"), 2), round(likeness("madrid", "Madras"), 2)
    (0.75, 0.67)
    >>> round(likeness("gunr", "master_gunner"), 2)
    0.8
    """
    a = fold(typed)
    name_words = fold(name).split()
    count = len(a.split())
    spans = {" ".join(name_words)}
    spans |= {
        " ".join(name_words[i : i + count]) for i in range(max(0, len(name_words) - count + 1))
    }
    best = 0.0
    for b in spans:
        if not a or not b:
            continue
        ratio = difflib.SequenceMatcher(None, a, b).ratio()
        best = max(best, ratio, 1.0 - _edits(a, b) / max(len(a), len(b)))
    return best


def close(text: str, names: Iterable[str], most: int = 3) -> list[str]:
    """The names a slip of `text` most likely meant, best first (at most `most`, and only
    those near the best): none when nothing is close enough to be a typo.

    >>> close("Havanna", ["Havana", "Cádiz", "Hamburg"])
    ['Havana']
    >>> close("Madrid", ["Madras", "Madeira"])
    []
    """
    scored = sorted(
        ((likeness(text, n), i, n) for i, n in enumerate(dict.fromkeys(names))),
        key=lambda s: (-s[0], s[1]),
    )
    if not scored or scored[0][0] < CLOSE:
        return []
    best = scored[0][0]
    return [n for score, _, n in scored if score >= max(CLOSE, best - NEAR_BEST)][:most]


def spoken(key: str) -> str:
    """A key as words: master_gunner -> master gunner."""
    return key.replace("_", " ")


def either(names: list[str]) -> str:
    """ "X", "X or Y", "X, Y or Z"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
