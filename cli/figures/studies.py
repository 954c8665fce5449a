"""The balance studies' page: `privateer sweep` turning the dials the Privateer design document
names, on today's `classic`."""

from __future__ import annotations

from privateer.cli.figures.page import FigurePage, Table

_FIGURES = (
    "won",
    "won_rate",
    "won_low",
    "won_high",
    "mean_day_home",
    "raids_per_run",
    "prizes_per_run",
    "sunk",
    "sunk_by",
    "alive_at_end",
)
_SHARES = frozenset({"won_rate", "won_low", "won_high", "sunk", "sunk_by", "alive_at_end"})

STUDIES = FigurePage(
    name="studies",
    title="Balance studies, measured",
    about=(
        "Two dials of `classic` (the century's world, its own captain, raider10), 200 runs"
        " at every point (seeds 0-199), as `privateer sweep --json` prints them: `won_low` and"
        " `won_high` bound the wins' 95% (Wilson) interval; `sunk`, `sunk_by` and"
        " `alive_at_end` are shares of the runs. A sweep keeps each study in the database"
        " (`privateer sweep list`), and a point already kept is read back, not played again."
    ),
    needs_world=True,
    sections=(
        Table(
            heading="A town's treasury",
            about=(
                "The Privateer design document's own dial: \"Cutting a town's treasury from 25"
                ' to 20 took wins from 39% to 9%, and more captains sank raiding, not fewer."'
                " What moves ours: the raider dies on its first raids, before it has a master"
                " gunner, whatever the towns hold, and with one it sacks them, rich or poor; so"
                " the town's gold moves the day home more than the wins."
            ),
            commands=(
                ("sweep", "treasury=15:30:5", "--rules", "classic", "--runs", "200", "--json"),
            ),
            columns=("treasury", *_FIGURES),
            rates=_SHARES,
        ),
        Table(
            heading="The price of the first bigger ship",
            about=(
                "The document's mechanism is how soon the captain can afford a sturdier ship."
                " The raider of today's `classic` does not wait for one: it sinks at towns in"
                " the same share of runs at every price, on its first raids, so the price moves"
                " its wins a little and leaves more runs afloat at the end, slower to the score."
            ),
            commands=(
                (
                    "sweep",
                    "ship_gold.brigantine=25:65:10",
                    "--rules",
                    "classic",
                    "--runs",
                    "200",
                    "--json",
                ),
            ),
            columns=("ship_gold.brigantine", *_FIGURES),
            rates=_SHARES,
        ),
    ),
)
