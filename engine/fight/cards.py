"""The card vocabulary: what a card can do, and the glossary of card words.

A card is a kind (what it does, from the catalogue in ships.py) and a side (whose it is: you
or them). In the deck a card is one int, `kind * 2 + side`, so a state copies as a few short
lists of ints and lookahead bots stay cheap.

Wound cards are against a side: keeping one costs that side its hull (a leak 2, fire 3) or, for
sails shot away, nothing, though while one is in a side's deck or hand its flee cards don't
work.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .rules import FIGHT

YOU, THEM = 0, 1
SIDES = ("you", "them")


class Wound(IntEnum):
    NONE = 0
    LEAK = 1
    FIRE = 2
    SAILS = 3


WOUND_COST = {wound: FIGHT.wound_cost(wound) for wound in Wound}
"""What each wound costs by the seed's fight rules (rules.py: a leak 2, fire 3): the card words
and the bots' reckoning read it; a fight reads its own rules."""


@dataclass(frozen=True, slots=True)
class CardKind:
    """What a card does when kept, in the order written: brace, hit (and its wound), chase,
    flee, strike, plunder, interrogate, mend, recall."""

    key: str
    name: str
    hit: int = 0
    wound: Wound = Wound.NONE  # left on the other side by a hit that lands
    brace: int = 0
    chase: int = 0
    flee: bool = False
    strikes: int = 0  # strikes her colours if threatened: the fight ends, N of her crew taken
    plunder: int = 0
    interrogate: bool = False
    mend: int = 0
    recall: int = 0
    recall_gun: bool = False  # recall brings back a gun (a card that hits), as a fort mending
    cost: int = 0  # hull its own side pays to keep it: a great gun's recoil, pikes' blood
    is_wound: Wound = Wound.NONE  # this card *is* a wound against its side

    def words(self) -> str:
        """The card's effects in card words, for the terminal and the glossary."""
        if self.is_wound:
            cost = WOUND_COST[self.is_wound]
            return "wound: " + (f"costs {cost} hull when kept" if cost else "stops flee cards")
        out = []
        if self.cost:
            out.append(f"costs {self.cost} hull")
        if self.brace:
            out.append(f"brace {self.brace}")
        if self.hit:
            out.append(f"hit {self.hit}")
        if self.wound:
            out.append(f"leaves {self.wound.name.lower()}")
        if self.chase:
            out.append(f"chase {self.chase}")
        if self.flee:
            out.append("flee")
        if self.strikes:
            out.append(f"strike colours ({self.strikes} prisoners)")
        if self.plunder:
            out.append(f"plunder {self.plunder}")
        if self.interrogate:
            out.append("interrogate")
        if self.mend:
            out.append(f"mend {self.mend}")
        if self.recall:
            out.append(f"recall {self.recall}" + (" gun" if self.recall_gun else ""))
        return ", ".join(out) or "nothing"


GLOSSARY = {
    "hit N": "shot: N off the other side's hull at once, less what they have braced",
    "brace N": "soaks N of the shot against this side for the rest of the round",
    "leaves leak / fire / sails": "a hit that lands puts a wound on top of the deck against "
    "the side struck",
    "wound": "keep it to deal with it at its cost (leak 2 hull, fire 3, sails nothing); send it "
    "to the bottom and it comes round again. Two in a hand and one gets through",
    "sails shot away": "while in a side's deck or hand, its flee cards do not work",
    "flee": "2 way if this side is threatened (half hull or less, or outgunned two to one); "
    "3 way and she's away",
    "chase N": "takes N way off the other side",
    "strike colours (N prisoners)": "if this side is threatened, she strikes: the fight ends "
    "with her taken, and N of her crew your prisoners (the strike_colours rule)",
    "plunder N": "N gold out of the other side's hold",
    "interrogate": "a prisoner to question: a rumor when it is settled",
    "mend N": "N hull back, up to the ship's full hull",
    "recall N": "this side's N most recently spent cards go under the deck (never wounds)",
    "relief": "a town's garrison reinforced: from the seventh round, every other round",
    "costs N hull": "keeping it costs its own side N hull first (a great gun's recoil, the "
    "blood boarding pikes cost)",
}
