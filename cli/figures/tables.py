"""The pages of the two table games: the hex duel's personalities against each other, and the
tabletop game's raid table and bots."""

from __future__ import annotations

from privateer.cli.figures.page import FigurePage, Table

DUEL = FigurePage(
    name="duel",
    title="The hex duel, measured",
    about=(
        "The CPU captain against herself, every pair of personalities, 200 games a pair (seeds"
        " 0-199; Red moves first). What moves them: each personality's ranges, repairs and"
        " breaking off (engine/duel/captain.py and engine/duel/personality.py), and the"
        " rules' wind, sails and guns (engine/duel/rules.py)."
    ),
    sections=(
        Table(
            heading="Every pair of personalities",
            about=(
                "`fled` is a ship 16 hexes off; `round_limit` the ships parting at round 60;"
                " `sunk` hull 0 and `struck` crew 0, either side."
            ),
            commands=(("duel", "sim", "--games", "200", "--json"),),
            columns=(
                "red",
                "blue",
                "games",
                "red_won",
                "blue_won",
                "fled",
                "round_limit",
                "sunk",
                "struck",
                "mean_rounds",
            ),
        ),
    ),
)

_SEATS = (
    "bot",
    "seat",
    "games",
    "wins",
    "win_share",
    "mean_gold",
    "mean_rounds_won",
    "gold_taxes",
    "gold_home",
    "gold_capture",
    "gold_plunder",
    "raids_success",
    "raids_no_effect",
    "raids_disaster",
)

TABLETOP = FigurePage(
    name="tabletop",
    title="The tabletop game, measured",
    about=(
        "The raid table against the exact odds of two dice, and the bots at every table size."
        " What moves them: the deck (engine/tabletop/cards.py), the raid's modifier"
        " (engine/tabletop/raids.py), the taxes a base pays each turn, and each bot's plays"
        " (engine/tabletop/bots.py)."
    ),
    sections=(
        Table(
            heading="The raid table",
            about=(
                "The engine's dice, 100,000 rolls at each modifier, against the exact 2D6 odds"
                " (in 36ths) of the Privateers design document's table; the command exits 1 if"
                " a share strays half a point from the exact one."
            ),
            commands=(("tabletop", "odds", "--rolls", "100000", "--json"),),
            columns=("modifier", "result", "in_36", "exact", "measured"),
            rates=frozenset({"exact", "measured"}),
        ),
        Table(
            heading="The bots at 2, 3 and 4 players",
            about=(
                "1,000 games a table size (seeds 0-999), the raider, trader and builder turning"
                " a seat each game; seat 0 plays first. A bot's share is of the games it sat in"
                " that seat; gold is a winner's or loser's at the end, by where it came from"
                " (taxes from bases, merchants home, captures, Plunder)."
            ),
            commands=tuple(
                ("tabletop", "sim", "--games", "1000", "--players", str(players), "--json")
                for players in (2, 3, 4)
            ),
            columns=_SEATS,
            rates=frozenset({"win_share"}),
            label="players",
            labels=("2", "3", "4"),
        ),
        Table(
            heading="The lookahead bot",
            about=(
                "`mc` samples what its seat cannot see and plays each of its three best-looking"
                " plays on with the balanced bot: 100 games at four players against the raider,"
                " trader and builder, and 100 at two against its own rollout bot."
            ),
            commands=(
                (
                    "tabletop",
                    "sim",
                    "--games",
                    "100",
                    "--players",
                    "4",
                    "--bots",
                    "mc,raider,trader,builder",
                    "--json",
                ),
                (
                    "tabletop",
                    "sim",
                    "--games",
                    "100",
                    "--players",
                    "2",
                    "--bots",
                    "mc,balanced",
                    "--json",
                ),
            ),
            columns=("bot", "seat", "games", "wins", "win_share", "mean_gold"),
            rates=frozenset({"win_share"}),
            label="table",
            labels=("4 players", "2 players"),
        ),
    ),
)
