"""The world's page: what a night in a port's bar tells, and what a rumor's cloud is worth."""

from __future__ import annotations

from privateer.cli.figures.page import (
    DesignFigure,
    DesignTable,
    FigurePage,
    Passage,
    PassageTable,
    Table,
)
from privateer.cli.figures.rows import read

_INFO = ("world", "info", "--json")


def _count(words: str, figure: int, column: str) -> DesignFigure:
    return DesignFigure(
        words, figure, _INFO, lambda rows: float(read(rows[0], column)), share=False
    )


_CLOUD = ("chart", "age_days", "search_nodes", "hit_rate")


def _passage(
    words: str, start: str, end: str, season: str, days: tuple[int, int], source: str
) -> Passage:
    command = ("route", start, end, "--season", season, "--json")
    return Passage(words, *days, source, command, lambda rows: float(read(rows[0], "steps")))


PASSAGES = (
    _passage(
        "Plymouth to Port Royal, spring",
        "Plymouth",
        "Port Royal",
        "spring",
        (42, 70),
        "English passages to Jamaica by the trades, six to ten weeks",
    ),
    _passage(
        "Cádiz to Veracruz, spring (the flota)",
        "Cádiz",
        "Veracruz",
        "spring",
        (75, 75),
        "the New Spain flota's outward passage, about two and a half months",
    ),
    _passage(
        "Lisbon to Goa, spring (the carreira da Índia)",
        "Lisbon",
        "Goa",
        "spring",
        (180, 200),
        "the carreira's outward passage, sailing in March or April: six months and more",
    ),
    _passage(
        "Acapulco to Manila, spring (the galleon out)",
        "Acapulco",
        "Manila",
        "spring",
        (90, 90),
        "the Manila galleon's westward run before the trades, about three months",
    ),
    _passage(
        "Manila to Acapulco, summer (the tornaviaje)",
        "Manila",
        "Acapulco",
        "summer",
        (120, 180),
        "the galleon's return by the westerlies, sailing in July: four to six months",
    ),
)

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
            slack=None,  # the build's counts, not outcomes: set beside the document's only
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
        PassageTable(
            heading="The century's passages",
            about=(
                "`privateer route`, a square rig of shallow draught in the passage's season by"
                " the century's world (its weighing of the high latitudes), against the days"
                " the century's ships took. What moves ours: the day's run a step is (60 nm on"
                " the coast, more on the open ocean's legs: pipeline/params.py) and how the"
                " route weighs the wind, the current and the high latitudes"
                " (engine/world/routes.py)."
            ),
            passages=PASSAGES,
        ),
        Table(
            heading="Two years of the living world",
            about=(
                "`privateer world sim` without a player, the century's world and the seed's"
                " first: the world's events by kind, its ships at sea by kind on day 100 and at"
                " the end of the second year, and the voyages each kind completed. Under"
                " `seed-000` a merchant that draws the port she lies in as her next lies there"
                " for good, and the world goes still."
            ),
            commands=tuple(
                ("world", "sim", "--days", days, "--seed", "0", "--rules", rules, "--json")
                for rules in ("century", "seed-000")
                for days in ("100", "730")
            ),
            columns=("rules", "days", "events_by_kind", "ships_by_kind", "voyages_completed"),
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
                "1,000 rumors at 0.9 about random ships: in the century's world, whose"
                " merchants sail on from a port they drew as their next (`merchant_sails_on`)"
                " and whose clouds follow their voyages (`cloud_voyages`); with the clouds kept"
                " where she was bound; and with the merchants too as the seed's first world had"
                " them. The document: about 70% at every age."
            ),
            commands=(
                ("rumors", "--rumors", "1000", "--json"),
                ("rumors", "--rumors", "1000", "--set", "cloud_voyages=false", "--json"),
                (
                    "rumors",
                    "--rumors",
                    "1000",
                    "--set",
                    "merchant_sails_on=false",
                    "--set",
                    "cloud_voyages=false",
                    "--json",
                ),
            ),
            columns=_CLOUD,
            rates=frozenset({"hit_rate"}),
            label="world",
            labels=("the century's", "clouds kept where she was bound", "and merchants that lie"),
        ),
    ),
)
