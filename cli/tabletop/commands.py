"""`privateer tabletop ...`: the Privateers design document's card game. `tabletop sim` (bots
against bots, with the figures docs/tabletop.md quotes) and `tabletop odds` (the raid table's odds
measured against the exact 2D6 ones). Without a subcommand, a person plays one seat against bots
(tabletop_play)."""

from __future__ import annotations

from typing import Any

import typer

from privateer.cli.common import (
    INTERRUPTED_EXIT,
    Output,
    db_path,
    fail,
    note,
    output_options,
    user_errors,
)
from privateer.cli.options import int_option, seed_option
from privateer.cli.progress import QUIET_HELP, counting
from privateer.cli.tabletop.play import play

app = typer.Typer(
    help="The tabletop card game of the Privateers design document: 2-4 nations, one deck, "
    "seven phases a turn, privateers raiding on a 2D6 table; first to 100 gold wins.",
    invoke_without_command=True,
)

# --- a person at one seat: `privateer tabletop` with no subcommand (cli/tabletop/play.py)

app.callback()(play)


# --- bots against bots -------------------------------------------------------------------


def _seats(players: int | None, nations: str | None, bots: list[str]) -> list[str]:
    from privateer.engine.tabletop import NATIONS

    if nations is not None:
        chosen = [n.strip().lower() for n in nations.split(",") if n.strip()]
        if players is not None and players != len(chosen):
            fail(f"--players {players} but --nations names {len(chosen)}")
        return chosen
    count = players if players is not None else max(2, min(4, len(bots)))
    return list(NATIONS[:count])


def _rules(name: str, settings: list[str]) -> Any:
    from privateer.engine.tabletop import find_tabletop_rules, parse_setting

    try:
        rules = find_tabletop_rules(name)
        if settings:
            rules = rules.with_changes(**dict(parse_setting(s) for s in settings))
    except (ValueError, TypeError) as error:
        fail(str(error))
    return rules


@app.command("sim")
@output_options
def sim(
    ctx: typer.Context,
    games: int = int_option(1000, "--games", 1, 100_000, "Games to play (seeds N, N+1, ...)."),
    players: int | None = int_option(
        None, "--players", 2, 4, "Seats at the table (default: one a bot, 2-4)."
    ),
    nations: str | None = typer.Option(
        None, "--nations", help="The nations in seat order, e.g. spain,england,france."
    ),
    bots: str = typer.Option(
        "raider,trader,builder",
        "--bots",
        help="Bots, comma-separated: raider, trader, builder, balanced, mc. They turn one "
        "seat a game, so each sits in each seat.",
    ),
    seed: int = seed_option("The first game's seed."),
    rules: str = typer.Option("seed-003", "--rules", help="The rules preset (seed-003)."),
    settings: list[str] = typer.Option(
        [], "--set", help="Change a rule, FIELD=VALUE (repeatable): a designer's sweep."
    ),
    log: bool = typer.Option(
        False, "--log", help="Log every game as a run (mode tabletop) that `runs replay` checks."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    output: Output = Output(),
) -> None:
    """Bots against bots: win share by bot and by seat (seat 0 plays first: the first-player
    edge), mean rounds to 100 gold, gold by source, raids by result, and how often each event
    card decided a game (the winner played it in the game's last round). A JSON row for each
    (bot, seat)."""
    from privateer.engine.tabletop import BOTS, check_players, simulate

    chosen_bots = [b.strip().lower() for b in bots.split(",") if b.strip()]
    unknown = [b for b in chosen_bots if b not in BOTS]
    if not chosen_bots or unknown:
        fail(f"no bot {unknown[0] if unknown else bots!r}; one of {', '.join(BOTS)}")
    chosen_rules = _rules(rules, settings)
    seats = _seats(players, nations, chosen_bots)
    try:
        check_players(chosen_rules, seats)
    except ValueError as error:
        fail(str(error))
    logger = _Logger(ctx, chosen_rules) if log else None
    try:
        with counting("games", games, quiet=quiet) as advance, user_errors():
            if logger is not None:
                logger.open()

            def on_game(record: Any, stats: Any) -> None:
                if logger is not None:
                    logger.add(record, stats)
                advance(1)

            summary = simulate(chosen_rules, seats, chosen_bots, games, seed, on_game)
            if logger is not None:
                logger.close()
    except KeyboardInterrupt:
        if logger is not None:
            logger.close()
        note("interrupted: no figures printed" + (" (runs logged so far are kept)" if log else ""))
        raise typer.Exit(INTERRUPTED_EXIT) from None
    if logger is not None:
        note(f"logged {logger.runs} runs")
    _print(output, summary, games, seats, chosen_rules.name)


def _print(output: Output, summary: Any, games: int, seats: list[str], rules: str) -> None:
    from privateer.engine.tabletop import event_names

    rows = summary.rows()
    if output.format.value != "table":
        output.rows(rows, rates=["win_share"])
        return
    title = f"{games} games, {len(seats)} players, {rules}"
    output.rows(summary.by(0), title=f"wins by bot: {title}", rates=["win_share"])
    output.rows(summary.by(1), title="wins by seat (0 plays first)", rates=["win_share"])
    columns = ["bot", "seat", "games", "wins", "win_share", "mean_gold", "mean_rounds_won",
               "gold_home", "gold_capture", "gold_taxes", "gold_plunder"]  # fmt: skip
    output.rows(rows, columns, title="by bot and seat (gold: a game's mean)", rates=["win_share"])
    mean = summary.gold_rounds / summary.gold_games if summary.gold_games else 0.0
    sources = summary.sources()
    whole = sum(sources.values()) or 1
    deciding = [
        {"event": n, "games": summary.deciding[n], "share": summary.deciding[n] / games}
        for n in sorted(event_names(), key=lambda n: -summary.deciding[n])
    ]
    output.record(
        {
            "mean rounds to 100 gold": round(mean, 2),
            "games won by gold": summary.gold_games,
            "games nobody won": summary.nobody,
            "gold by source": {s: f"{v} ({v / whole:.0%})" for s, v in sources.items()},
            "raids by result": summary.raid_results(),
        }
    )
    output.rows(deciding, title="event cards that decided a game", rates=["share"])


class _Logger:
    """Each game written as a run (mode "tabletop") by the log writer, on the other core."""

    def __init__(self, ctx: typer.Context, rules: Any) -> None:
        from privateer.db.connection import check_path

        self.path = db_path(ctx)
        self.rules = rules
        self.writer: Any = None
        self.runs = 0
        with user_errors():
            check_path(self.path)

    def open(self) -> None:
        from privateer.db.log_writer import LogWriter

        self.writer = LogWriter(self.path, notify=note)
        self.writer.__enter__()

    def add(self, record: Any, stats: Any) -> None:
        from privateer.db.log_writer import record_row
        from privateer.engine.tabletop import MODE

        options = {
            "players": stats.players,
            "bots": dict(zip(stats.players, stats.bots, strict=True)),
            "rules": self.rules.name,
        }
        self.writer.add(record_row(MODE, record, options, bot=",".join(stats.bots)))
        self.runs += 1

    def close(self) -> None:
        if self.writer is not None:
            writer, self.writer = self.writer, None
            writer.__exit__(None, None, None)


# --- the raid table's odds ------------------------------------------------------------------


@app.command("odds")
@output_options
def odds(
    rolls: int = int_option(
        100_000, "--rolls", 1_000, 10_000_000, "Raids rolled at each modifier."
    ),
    seed: int = seed_option("The dice's seed."),
    output: Output = Output(),
) -> None:
    """The raid table checked: at each modifier (-2..+2) the engine's own dice rolled --rolls
    times through its raid table, each result's share against its exact 2D6 chance (in
    36ths). Exits 1 if any share strays 0.5 points or more."""
    from privateer.engine.tabletop import measure_odds

    rows = measure_odds(rolls, seed)
    output.rows(rows, rates=["exact", "measured"])
    if any(abs(r["measured"] - r["exact"]) >= 0.005 for r in rows):
        note("error: a measured share strays 0.5 points or more from the exact one")
        raise typer.Exit(1)
