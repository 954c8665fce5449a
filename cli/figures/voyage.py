"""The voyage's page: whole runs of the captain bot under every ruleset, and the Privateer
design document's figures for each stage of its game beside ours."""

from __future__ import annotations

from collections.abc import Callable

from privateer.cli.figures.page import (
    DesignFigure,
    DesignMove,
    DesignMoves,
    DesignTable,
    FigurePage,
    Table,
)
from privateer.cli.figures.rows import Command, Rows, pick, read

RUNS = 200
RULESETS = ("classic", "dilemmas", "late", "lookout", "full")
THE_DOCUMENTS_BOT = ("dilemmas", "late", "lookout", "full")  # its own bot's stages


def voyage(rules: str, captain: str | None = None) -> Command:
    chosen = ("--captain", captain) if captain else ()
    return ("voyage", "--runs", str(RUNS), "--rules", rules, *chosen, "--json")


COMMANDS = (
    *(voyage(rules) for rules in RULESETS),
    *(voyage(rules, "seed") for rules in THE_DOCUMENTS_BOT),
    voyage("drake"),
)
LABELS = (*RULESETS, *(f"{rules}, the document's bot" for rules in THE_DOCUMENTS_BOT), "drake")
LATE = [i for i, c in enumerate(COMMANDS) if c[4] in ("late", "lookout", "full", "drake")]
"""The runs whose rules hold the late game: the late game's and the letters' table."""


def _share_of_runs(*keys: str) -> Callable[[Rows], float]:
    """A count read into the summary (0 where it has none), over the runs."""

    def ours(rows: Rows) -> float:
        return float(read(rows[0], ".".join(keys)) or 0) / float(rows[0]["runs"])

    return ours


def _mean(key: str) -> Callable[[Rows], float]:
    return lambda rows: float(rows[0][key])


def _sunk_by(*causes: str) -> Callable[[Rows], float]:
    """The share of the runs sunk by any of `causes` (a corsair, laden or not)."""

    def ours(rows: Rows) -> float:
        sunk_by = rows[0].get("sunk_by") or {}
        return sum(float(sunk_by.get(cause, 0)) for cause in causes) / float(rows[0]["runs"])

    return ours


def _figure(
    words: str,
    figure: float,
    rules: str,
    *keys: str,
    runs: int | None = None,
    share: bool = True,
    ours: Callable[[Rows], float] | None = None,
    moved_by: str = "",
) -> DesignFigure:
    """The document's figure for `rules` beside ours off the runs its own bot played (the
    document's bot for its stages, its raider for `classic`): the summary's `keys`, a share
    of the runs or (`share` False) a mean, unless `ours` reads it."""
    captain = "seed" if rules in THE_DOCUMENTS_BOT else None
    if ours is None:
        ours = _share_of_runs(*keys) if share else _mean(keys[0])
    return DesignFigure(
        words=f"`{rules}`: {words}",
        figure=figure,
        command=voyage(rules, captain),
        ours=ours,
        runs=runs,
        our_runs=RUNS if share else None,
        share=share,
        moved_by=moved_by,
    )


def sweep(*dials: str, rules: str) -> Command:
    return ("sweep", *dials, "--rules", rules, "--runs", str(RUNS), "--json")


DILEMMAS_OFF_ON = sweep("captain=seed", "dilemmas=false,true", rules="dilemmas")
GUARD_OFF_ON = sweep("raid_guard=false,true", rules="classic")
SHEER_OFF_ON = sweep("captain=seed", "captain.lookout_sheer=false,true", rules="lookout")
TREASURY = sweep("treasury=20,25", rules="classic")


def _point(figure: str, **setting: object) -> Callable[[Rows], float]:
    """A figure of the sweep's point at `setting` (a dotted dial's name passed in a dict)."""
    return lambda rows: pick(rows, figure, **setting)


def _stage_move(
    words: str,
    before: tuple[str, float],
    after: tuple[str, float],
    moved_by: str,
    figure: str = "won",
) -> DesignMove:
    """A stage of the document's game against the one before, both played by its own bot."""
    share = figure == "won"
    ours = _share_of_runs(figure) if share else _mean(figure)
    return DesignMove(
        moved_by=moved_by,
        words=words,
        before=before[1],
        after=after[1],
        command_before=voyage(before[0], "seed"),
        ours_before=ours,
        command_after=voyage(after[0], "seed"),
        ours_after=ours,
        runs=30 if share else None,
        our_runs=RUNS if share else None,
        share=share,
    )


def _dial_move(
    words: str, command: Command, dial: str, values: tuple[object, object],
    figures: tuple[float, float], runs: int, moved_by: str,
) -> DesignMove:  # fmt: skip
    """A dial turned in a sweep, from `values[0]` to `values[1]`, and the share won."""
    return DesignMove(
        moved_by=moved_by,
        words=words,
        before=figures[0],
        after=figures[1],
        command_before=command,
        ours_before=_point("won_rate", **{dial: values[0]}),
        command_after=command,
        ours_after=_point("won_rate", **{dial: values[1]}),
        runs=runs,
        our_runs=RUNS,
    )


MOVES = DesignMoves(
    heading="Which way the document's dials move the wins",
    about=(
        "The document turned a rule on (or a dial down) and said what it did to its bot's"
        " runs; ours, turned the same way over the same 200 seeds at both settings (each stage"
        " played by the document's bot, `--captain seed`; `classic` by its raider). A move is"
        " the document's way when it has the same sign, and within the noise when it is no"
        " larger than two standard errors of the difference of two shares of 200 runs."
    ),
    moves=(
        _dial_move(
            "`dilemmas`: won, storms that roll their own cost → storms that ask",
            DILEMMAS_OFF_ON, "dilemmas", (False, True), (6 / 30, 8 / 30), 30,
            "a storm met by choice: the bot rides it out on a sound hull, pays the shares it"
            " can spare (a tenth of the prize, since voyage-8), takes any castaway; without"
            " dilemmas a crew that would have asked its shares sours in silence",
        ),
        _stage_move("won, `dilemmas` → `late` (the late game)", ("dilemmas", 10 / 30),
                    ("late", 7 / 30),
                    "renown: privateers better found a step (voyage-5) stop paying for the"
                    " voyage; every enemy privateer out on the home stretch"),
        _stage_move("won, `late` → `lookout` (seeing her first)", ("late", 7 / 30),
                    ("lookout", 6 / 30),
                    "the lookout's stops and reads: nothing for a bot that takes the first"
                    " card and does not read"),
        _stage_move("mean day sunk, `late` → `lookout`", ("late", 74), ("lookout", 214),
                    "the same", figure="mean_day_sunk"),
        _dial_move(
            "`lookout`, the document's bot: won, taking the first card → sheering off",
            SHEER_OFF_ON, "captain.lookout_sheer", (False, True), (6 / 30, 4 / 30), 30,
            "sheering off, the bot turns from every hostile sail it would not take that the"
            " lookout sees bearing down on it past its sight: it loses days to each, and more"
            " runs end still at sea on the last day",
        ),
        _dial_move(
            "`classic`: won, without the raid guard → with it",
            GUARD_OFF_ON, "raid_guard", (False, True), (17 / 60, 13 / 60), 60,
            "a raid turned short of a sack puts the town on its guard (no boats ashore for 14"
            " days, then 4 more walls a raid it turned out): the raider runs from a town of twice"
            " its hull and, since voyage-12, stands off and comes straight back in; on its guard"
            " the town keeps it off, or its walls turn it away",
        ),
        _dial_move(
            "`classic`: won, a town's treasury 25 → 20",
            TREASURY, "treasury", (25, 20), (0.39, 0.09), 100,
            "a sack's pay, the raider's living since its enemy privateers pay no bounty"
            " (voyage-11): short of gold, it raids longer in its pinnace before it can buy a"
            " brigantine (58 gold since voyage-13, 45 before), and an open town's walls (17,"
            " voyage-6) can sink a pinnace",
        ),
    ),
)  # fmt: skip


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
                "The document's figures are its own bot's, so ours are too: each stage played"
                " by the document's bot (`--captain seed`: blind to the home stretch, engaging"
                " without the read of a ship), `classic` by its raider. The document's shares"
                " come from 30 or 100 runs, so each has a 95% interval of its own: `in` when"
                " ours lies in it. Its means (days, raids, storms) come without a spread: ours"
                " is held to a fifth of each either way (the slack `privateer tune` is given for"
                " the day home), `within 20%` or how far beyond that it lies, as a share of the"
                " document's."
            ),
            figures=(
                _figure(
                    "won",
                    0.39,
                    "classic",
                    "won",
                    runs=100,
                    moved_by="a sack pays the town's treasury (25), the raider's living (no bounty"
                    " for an enemy privateer, voyage-11); it keeps 10 gold back, hires its"
                    " master gunner first and comes straight back to a town that turned it out"
                    " (voyage-12: before, it lay off the town for good); its brigantine costs 58"
                    " gold (voyage-13)",
                ),
                _figure(
                    "day home (winners)",
                    525,
                    "classic",
                    "mean_day_home",
                    share=False,
                    moved_by="150 gold at the pace of the raids and prizes below",
                ),
                _figure(
                    "raids a run",
                    11,
                    "classic",
                    "raids_per_run",
                    share=False,
                    moved_by="the towns the raider carries (an open town's walls up to 7 past"
                    " its hull) and their treasuries filling again",
                ),
                _figure(
                    "sunk raiding towns",
                    0.30,
                    "classic",
                    "sunk_by",
                    "town",
                    runs=100,
                    moved_by="an open town's walls (17 since voyage-6): the shuffle decides a"
                    " raid; a pinnace without a master gunner never sacks one, with him sacks"
                    " most and sometimes sinks (`sim --target town --walls 3`)",
                ),
                _figure(
                    "sunk to armadas",
                    0.13,
                    "classic",
                    "sunk_by",
                    "armada",
                    runs=100,
                    moved_by="armadas attack on sight while Spain is at war with England",
                ),
                _figure(
                    "storms a run",
                    5,
                    "classic",
                    "storms_per_run",
                    share=False,
                    moved_by="a storm's odds a day at sea, and the days she is at sea",
                ),
                _figure(
                    "omens a run",
                    10,
                    "classic",
                    "omens_per_run",
                    share=False,
                    moved_by="an omen's odds a day at sea, and the days she is at sea",
                ),
                _figure(
                    "won",
                    8 / 30,
                    "dilemmas",
                    "won",
                    runs=30,
                    moved_by="the stage's costs (wages, the raid guard) against prize cards, and"
                    " storms that ask",
                ),
                _figure(
                    "won",
                    7 / 30,
                    "late",
                    "won",
                    runs=30,
                    moved_by="renown: enemy privateers and warships 2 hull better found a step"
                    " (voyage-5), and every enemy privateer and corsair out on the home stretch",
                ),
                _figure(
                    "sunk by corsairs",
                    2 / 30,
                    "late",
                    runs=30,
                    ours=_sunk_by("corsair", "corsair_laden"),
                    moved_by="four corsairs out of Barbary, hostile while at war with England,"
                    " come for a bot blind to the home stretch once word is out (voyage-10)",
                ),
                _figure(
                    "won",
                    6 / 30,
                    "lookout",
                    "won",
                    runs=30,
                    moved_by="the late game's costs; the longer lookout changes nothing for a bot"
                    " that takes the first card and does not read",
                ),
                _figure(
                    "mean day sunk",
                    214,
                    "lookout",
                    "mean_day_sunk",
                    share=False,
                    moved_by="the same: ours is the late stage's",
                ),
                _figure(
                    "won",
                    2 / 30,
                    "full",
                    "won",
                    runs=30,
                    moved_by="three letters, each with a task, a region and a deadline, before"
                    " home",
                ),
                _figure(
                    "day home (winners)",
                    368,
                    "full",
                    "mean_day_home",
                    share=False,
                    moved_by="the letters' deadlines: the second due 200 days from its issue"
                    " and a missed deadline's grace 45 (voyage-9; 270 and 90 before)",
                ),
                _figure(
                    "reached the third letter",
                    12 / 30,
                    "full",
                    "letters_completed",
                    "2",
                    runs=30,
                    moved_by="the first letter's pay (20 since voyage-7, was 30): short of a"
                    " sturdier ship, she takes the second letter's sack into enemy waters in"
                    " her pinnace, and more sink there",
                ),
                _figure(
                    "sunk",
                    19 / 30,
                    "full",
                    "sunk",
                    runs=30,
                    moved_by="the letters send a small ship into enemy waters: forts, guard"
                    " ships, privateers",
                ),
            ),
        ),
        MOVES,
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
                " beyond Europe (the Caribbean, the Indian Ocean, the China seas, the Pacific)"
                " and any of them (`reached_any`); and of runs ever beyond Europe's waters"
                " (`beyond_europe`: a day west of 45°W, east of 45°E or south of 5°S, so"
                " Brazil and the Cape count too)."
            ),
            commands=COMMANDS,
            columns=(
                "where.days_by_ocean",
                "where.reached",
                "where.reached_any",
                "where.beyond_europe",
                "where.ports_per_run",
            ),
            rates=frozenset(
                {"where.days_by_ocean", "where.reached", "where.reached_any", "where.beyond_europe"}
            ),
            label="rules",
            labels=LABELS,
        ),
        Table(
            heading="The late game and the letters",
            about=(
                "Runs that reached the home stretch and won from it; letters of marque done by"
                " act (1, 2, 3) and revoked; sunk by act; renown's step at the end (0-3)."
            ),
            commands=tuple(COMMANDS[i] for i in LATE),
            columns=(
                "home_stretch_reached",
                "home_stretch_won",
                "letters_completed",
                "revoked",
                "sunk_by_act",
                "renown_steps",
            ),
            label="rules",
            labels=tuple(LABELS[i] for i in LATE),
        ),
    ),
)
