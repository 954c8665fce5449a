"""The world's page: what a night in a port's bar tells, and what a rumor's cloud is worth."""

from __future__ import annotations

from privateer.cli.figures.page import DesignFigure, DesignTable, FigurePage, Table, read

_INFO = ("world", "info", "--json")


def _count(words: str, figure: int, column: str) -> DesignFigure:
    return DesignFigure(
        words, figure, _INFO, lambda rows: float(read(rows[0], column)), share=False
    )


_CLOUD = ("chart", "age_days", "search_nodes", "hit_rate")

WORLD = FigurePage(
    name="world",
    title="The world's rumors, measured",
    about=(
        "A port's bar and the rumors' clouds, on the world built from the Natural Earth layer"
        " the package carries (world seed 0). What moves them: how often a ship is talked of"
        " and how a rumor errs (engine/world/bar.py), and how a rumor's cloud is sailed forward"
        " (engine/world/rumors.py)."
    ),
    needs_world=True,
    sections=(
        DesignTable(
            heading="The world built",
            about=(
                "The sea graph `privateer world build` makes from Natural Earth 1:10m, against"
                " the Privateer design document's own build of it (counts, so no interval). What"
                " moves them: the coast's simplification and the ocean's fill"
                " (pipeline/), and the day's sail a step is."
            ),
            figures=(
                _count("graph nodes", 6954, "graph_nodes"),
                _count("nodes on the coast", 3213, "nodes_by_kind.coast"),
                _count("steps (a day's sail each)", 24331, "steps"),
            ),
        ),
        Table(
            heading="The graph and its ways",
            about="The build's counts: graph nodes by kind, legs between them, day steps, ports.",
            commands=(_INFO,),
            columns=("graph_nodes", "nodes_by_kind", "legs", "steps", "ports"),
        ),
        Table(
            heading="Ways between ports",
            about=(
                "`privateer route`: the way a square rig of shallow draught takes in spring, by"
                " the season's winds and currents (`cost` in days' sail), its distance in"
                " nautical miles and day steps, and the straits and seas it passes. The sea"
                " route from Lisbon to Venice is about 2,000 nm by Gibraltar."
            ),
            commands=tuple(
                ("route", start, end, "--json")
                for start, end in (
                    ("Lisbon", "Venice"),
                    ("Malacca", "Macau"),
                    ("Plymouth", "Havana"),
                    ("Cape Town", "Goa"),
                )
            ),
            columns=("from", "to", "cost", "nm", "steps", "passages", "seas"),
        ),
        Table(
            heading="Two years of the living world",
            about=(
                "`privateer world sim` without a player: the world's events by kind, its ships"
                " by kind at the end, and the voyages each kind completed."
            ),
            commands=(("world", "sim", "--days", "730", "--seed", "0", "--json"),),
            columns=("events_by_kind", "ships_by_kind", "voyages_completed"),
        ),
        Table(
            heading="A night in Havana's bar",
            about=(
                "400 nights on day 30, five rounds a night: how often a round tells of a ship,"
                " how reliable what it tells is, and how many days old. The Privateer design"
                " document: the first round tells something nearly 9 times in 10 at about 0.75,"
                " the fifth under 4 in 10 at about 0.5; about 5 days old, at most 12."
            ),
            commands=(("bar", "Havana", "--nights", "400", "--day", "30", "--json"),),
            columns=("round", "nights", "heard_rate", "mean_reliability", "mean_days_old"),
            rates=frozenset({"heard_rate"}),
        ),
        Table(
            heading="What a chart is worth",
            about=(
                "80 rumors at 0.9 about random ships: the search area (the fewest nodes holding"
                " 70% of the cloud, a median) and how often the ship is in it, with a blank"
                " chart, the Caribbean charted, and the whole sea; the first table every kind of"
                " ship, the second treasure fleets and armadas. The document: a search area"
                " that holds her about 70% of the time."
            ),
            commands=(
                ("rumors", "--json"),
                ("rumors", "--kind", "treasure_fleet", "--kind", "armada", "--json"),
            ),
            columns=_CLOUD,
            rates=frozenset({"hit_rate"}),
            label="ships",
            labels=("every kind", "treasure fleets and armadas"),
        ),
        Table(
            heading="Clouds that mean what they say",
            about=(
                "1,000 rumors at 0.9 about random ships: as the world is by default, with its"
                " merchants sailing on from a port they drew as their next"
                " (`merchant_sails_on`), and with the clouds following their voyages too"
                " (`cloud_voyages`). The document: about 70% at every age."
            ),
            commands=(
                ("rumors", "--rumors", "1000", "--json"),
                ("rumors", "--rumors", "1000", "--set", "merchant_sails_on=true", "--json"),
                (
                    "rumors",
                    "--rumors",
                    "1000",
                    "--set",
                    "merchant_sails_on=true",
                    "--set",
                    "cloud_voyages=true",
                    "--json",
                ),
            ),
            columns=_CLOUD,
            rates=frozenset({"hit_rate"}),
            label="world",
            labels=("by default", "merchants sail on", "and clouds follow voyages"),
        ),
    ),
)
