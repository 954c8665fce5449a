"""A raid sized up in words before it starts (issue 35): the town's walls, guns, relief and
treasury against your hull and deck, and the odds as the card engine plays the fight out
(engine/voyage/raid_read.py), with whether they are long. Long odds are the front end's
question, not a rule: the engine raids all the same when told to."""

from __future__ import annotations

from typing import Any

from privateer.cli.voyage.render import card_words
from privateer.engine.fight import TRIALS, Odds

SACKED_AT_LEAST = 50
"""Odds are long when fewer plays than this percentage end in a sack..."""
SUNK_FROM = 20
"""...or at least this percentage sink you."""

LONG_ODDS_WORDS = (
    f"long odds (sacked under {SACKED_AT_LEAST}% of the time, or sunk {SUNK_FROM}% or more)"
)


def long_odds(odds: Odds) -> bool:
    """Whether a raid's odds are long enough to ask first."""
    return odds.percent(odds.destroyed) < SACKED_AT_LEAST or odds.percent(odds.sunk) >= SUNK_FROM


def size_up_lines(town: str, read: dict[str, Any]) -> list[str]:
    """The read of a raid, a line for each thing it tells, and its odds."""
    odds: Odds = read["odds"]
    guns = card_words([gun["card"] for gun in read["guns"] for _ in range(gun["count"])], False)
    relief = (
        f"{read['relief']} relief from round {read['relief_from']} (hurt {read['relief_hurt']} "
        "in all)"
        if read["relief"]
        else "none"
    )
    guarded = read["guard_walls"]
    walls = f" ({guarded} of them for raids turned out)" if guarded else ""
    shares = [
        ("sacked", odds.destroyed),
        ("back to the boats", odds.got_away),
        ("petered out", odds.parted),
        ("sunk", odds.sunk),
    ]
    ended = ", ".join(
        f"{words} {odds.percent(n)}%" for words, n in shares if n or words != "petered out"
    )
    return [
        f"  {town} sized up:",
        f"    walls: {read['hull']} hull{walls} against your hull "
        f"{read['your_hull']}/{read['your_max_hull']}",
        f"    guns: she hurts {read['hurt']} ({guns}), and her wounds would cost you "
        f"{read['wounds']} more; you hurt {read['your_hurt']}, your wounds {read['your_wounds']}",
        f"    help coming: {relief}",
        f"    treasury: {read['treasury']} gold (a sack takes it all)",
        f"    your deck: {read['your_cards']} cards, {read['your_flee']} to fall back with",
        f"    odds: played out {odds.trials} times as the captain bot fights: {ended}; "
        f"{odds.payout:.0f} gold brought off on average",
    ]


def long_odds_line(read: dict[str, Any]) -> str:
    """What the question says of long odds."""
    odds: Odds = read["odds"]
    return (
        f"  {LONG_ODDS_WORDS}: sacked in {odds.destroyed} of {odds.trials} plays, "
        f"sunk in {odds.sunk}"
    )


HELP_MORE = (
    "first it is sized up: her walls, guns, relief and treasury against your hull and deck, "
    f"and the odds (the fight played out {TRIALS} times as the captain bot fights it); "
    f"{LONG_ODDS_WORDS} ask first (y/N)"
)
