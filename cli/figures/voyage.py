"""The voyage's page: whole runs of the captain bot under every ruleset, and the Privateer
design document's figures for each stage of its game beside ours."""

from __future__ import annotations

from collections.abc import Callable

from privateer.cli.figures.page import (
    Command,
    DesignFigure,
    DesignTable,
    FigurePage,
    Rows,
    Table,
    read,
)

RUNS = 200
RULESETS = ("classic", "dilemmas", "late", "lookout", "full")
THE_DOCUMENTS_BOT = ("late", "lookout", "full")  # the stages the document measured its own bot at


def voyage(rules: str, captain: str | None = None) -> Command:
    chosen = ("--captain", captain) if captain else ()
    return ("voyage", "--runs", str(RUNS), "--rules", rules, *chosen, "--json")


COMMANDS = (
    *(voyage(rules) for rules in RULESETS),
    *(voyage(rules, "seed") for rules in THE_DOCUMENTS_BOT),
    voyage("drake"),
)
LABELS = (*RULESETS, *(f"{rules}, the document's bot" for rules in THE_DOCUMENTS_BOT), "drake")


def _share_of_runs(*keys: str) -> Callable[[Rows], float]:
    """A count read into the summary (0 where it has none), over the runs."""

    def ours(rows: Rows) -> float:
        return float(read(rows[0], ".".join(keys)) or 0) / float(rows[0]["runs"])

    return ours


def _mean(key: str) -> Callable[[Rows], float]:
    return lambda rows: float(rows[0][key])


def _figure(
    words: str, figure: float, rules: str, *keys: str, runs: int | None = None, share: bool = True
) -> DesignFigure:
    return DesignFigure(
        words=f"`{rules}`: {words}",
        figure=figure,
        command=voyage(rules),
        ours=_share_of_runs(*keys) if share else _mean(keys[0]),
        runs=runs,
        our_runs=RUNS if share else None,
        share=share,
    )


VOYAGE = FigurePage(
    name="voyage",
    title="Voyages, measured",
    about=(
        f"The captain bot's whole voyages, {RUNS} runs a ruleset (seeds 0-{RUNS - 1}), as"
        " `privateer voyage --json` prints them; each ruleset with its own captain (raider10"
        " for `classic`, ours for the rest), and the stages the design document measured with"
        " its own bot played by that bot too (`--captain seed`). What moves them: the world's"
        " traffic and wars (engine/world/), the captain's choices (engine/voyage/captain/),"
        " the fights (engine/fight/) and each ruleset's switches (engine/voyage/rules.py;"
        " [the rules reference](../rules.md))."
    ),
    needs_world=True,
    sections=(
        DesignTable(
            heading="Against the Privateer design document",
            about=(
                "The document's shares come from 30 or 100 runs, so each has a 95% interval of"
                " its own: `in` when ours lies in it. Its means (days, raids, storms) come"
                " without a spread, so they are set beside ours only."
            ),
            figures=(
                _figure("won", 0.39, "classic", "won", runs=100),
                _figure("day home (winners)", 525, "classic", "mean_day_home", share=False),
                _figure("raids a run", 11, "classic", "raids_per_run", share=False),
                _figure("sunk raiding towns", 0.30, "classic", "sunk_by", "town", runs=100),
                _figure("sunk to armadas", 0.13, "classic", "sunk_by", "armada", runs=100),
                _figure("storms a run", 5, "classic", "storms_per_run", share=False),
                _figure("omens a run", 10, "classic", "omens_per_run", share=False),
                _figure("won", 8 / 30, "dilemmas", "won", runs=30),
                _figure("won", 7 / 30, "late", "won", runs=30),
                _figure("sunk by corsairs", 2 / 30, "late", "sunk_by", "corsair", runs=30),
                _figure("won", 6 / 30, "lookout", "won", runs=30),
                _figure("mean day sunk", 214, "lookout", "mean_day_sunk", share=False),
                _figure("won", 2 / 30, "full", "won", runs=30),
                _figure("day home (winners)", 368, "full", "mean_day_home", share=False),
                _figure(
                    "reached the third letter", 12 / 30, "full", "letters_completed", "2", runs=30
                ),
                _figure("sunk", 19 / 30, "full", "sunk", runs=30),
            ),
        ),
        Table(
            heading="How voyages end",
            about=(
                "Counts are of the runs; `alive_at_end` still at sea on the last day; the means"
                " are a run's."
            ),
            commands=COMMANDS,
            columns=(
                "won",
                "sunk",
                "alive_at_end",
                "mean_day_home",
                "mean_day_sunk",
                "raids_per_run",
                "prizes_per_run",
                "storms_per_run",
                "omens_per_run",
                "mutinies_per_run",
                "mean_gold",
                "sunk_by",
            ),
            label="rules",
            labels=LABELS,
        ),
        Table(
            heading="Where they sail",
            about=(
                "The share of days at sea in each ocean, and of runs that reached each water"
                " beyond Europe."
            ),
            commands=COMMANDS,
            columns=("where.days_by_ocean", "where.reached", "where.ports_per_run"),
            rates=frozenset({"where.days_by_ocean", "where.reached"}),
            label="rules",
            labels=LABELS,
        ),
        Table(
            heading="The late game and the letters",
            about=(
                "Runs that reached the home stretch and won from it; letters of marque done by"
                " act (1, 2, 3) and revoked; sunk by act; renown's step at the end (0-3)."
            ),
            commands=COMMANDS[2:],
            columns=(
                "home_stretch_reached",
                "home_stretch_won",
                "letters_completed",
                "revoked",
                "sunk_by_act",
                "renown_steps",
            ),
            label="rules",
            labels=LABELS[2:],
        ),
    ),
)
