"""The card fights' page: every bot against each target, and the Privateer design document's
fight figures beside ours."""

from __future__ import annotations

from privateer.cli.fight.commands import SIM_FIGURES, SIM_RATES
from privateer.cli.figures.page import DesignFigure, DesignTable, FigurePage, Table
from privateer.cli.figures.rows import Command, pick

FIGHTS_A_BOT = 2000
THE_DOCUMENTS_FIGHTS = 5000  # its sim's tables are "over 5,000 seeds"


def sim(ship: str, target: str) -> Command:
    return ("sim", "--target", target, "--ship", ship, "--fights", str(FIGHTS_A_BOT), "--json")


MATCHES = (
    ("pinnace", "merchant"),
    ("pinnace", "armada"),
    ("brigantine", "armada"),
    ("pinnace", "treasure_fleet"),
    ("pinnace", "town"),
    ("brigantine", "town"),
    ("pinnace", "fortified_port"),
    ("frigate", "fortified_port"),
)


def _design(
    words: str, figure: float, ship: str, target: str, bot: str, column: str
) -> DesignFigure:
    return DesignFigure(
        words=words,
        figure=figure,
        command=sim(ship, target),
        ours=lambda rows: pick(rows, column, bot=bot),
        runs=THE_DOCUMENTS_FIGHTS,
        our_runs=FIGHTS_A_BOT,
    )


FIGHTS = FigurePage(
    name="fights",
    title="Card fights, measured",
    about=(
        f"Every card bot against a target, {FIGHTS_A_BOT:,} fights each (seeds 0 to"
        f" {FIGHTS_A_BOT - 1:,}), as `privateer sim` prints them. What moves them: the decks"
        " (engine/fight/ships.py, the targets' and the outfits' cards), the rules' way and"
        " wounds (engine/fight/rules.py), and how each bot keeps its cards"
        " (engine/fight/bots.py)."
    ),
    sections=(
        DesignTable(
            heading="Against the Privateer design document",
            about=(
                "The document's sim plays 5,000 seeds a table, so each of its figures has a 95%"
                " interval of its own: `in` when ours lies in it, else how far out. The"
                " runner's 66% from an armada cannot hold beside the pinnace's 82%: a"
                " captain who runs whenever a flee card works cannot get away less often than"
                " one who sometimes stays; the two come from different stages of the document's"
                " design, and the rules keep the 82%."
            ),
            figures=(
                _design(
                    "balanced bot, pinnace against a merchant: destroyed",
                    0.81,
                    "pinnace",
                    "merchant",
                    "balanced",
                    "destroyed",
                ),
                _design(
                    "balanced bot, pinnace against a merchant: sunk",
                    0.06,
                    "pinnace",
                    "merchant",
                    "balanced",
                    "sunk",
                ),
                _design(
                    "a captain who runs when it can gets away from a merchant",
                    1 / 3,
                    "pinnace",
                    "merchant",
                    "runner",
                    "got_away",
                ),
                _design(
                    "a pinnace gets away from an armada",
                    0.82,
                    "pinnace",
                    "armada",
                    "balanced",
                    "got_away",
                ),
                _design(
                    "a brigantine gets away from an armada",
                    0.58,
                    "brigantine",
                    "armada",
                    "balanced",
                    "got_away",
                ),
                _design(
                    "the runner gets away from a treasure fleet",
                    0.77,
                    "pinnace",
                    "treasure_fleet",
                    "runner",
                    "got_away",
                ),
                _design(
                    "the runner gets away from an armada",
                    0.66,
                    "pinnace",
                    "armada",
                    "runner",
                    "got_away",
                ),
            ),
        ),
        Table(
            heading="Every bot against each target",
            about=(
                "A town and a fortified port have no figure in the document (its raid table was"
                " lost from its text); these are the rules as tuned."
            ),
            commands=tuple(sim(ship, target) for ship, target in MATCHES),
            columns=("ship", "target", "bot", *SIM_FIGURES),
            rates=frozenset(SIM_RATES),
        ),
    ),
)
