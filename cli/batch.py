"""Any game played by bots over a run of seeds and logged: the one simulation runner for every
mode (engine/protocol.py's `Game`, engine/record.py's `play`), and the one way bots' runs are
written (`log_records`: each run's row by its game's tally and outcome, its events, actions
and checkpoints, a batch in one transaction, so an interrupted batch is written whole or not
at all). A mode brings its game and its bot; nothing here knows a mode."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from privateer.db.run_store import RunStore
from privateer.db.runlog import RunBuffer
from privateer.engine.protocol import Game, Mode
from privateer.engine.record import Chooser, GameRecord, play

Options = Callable[[GameRecord[Any, Any]], Mapping[str, Any] | str]
"""What a run's options say, from its record (what `Mode.game` reads back to replay it)."""


def log_records(
    store: RunStore,
    mode: Mode,
    records: Sequence[GameRecord[Any, Any]],
    options: Options,
    *,
    bot: str | None,
    world_hash: str | None = None,
    played: Sequence[tuple[datetime, datetime]] | None = None,
) -> list[int]:
    """Log bots' finished runs in one transaction; their run ids, in order. `played` gives
    when each began and ended (their rows say the time of writing otherwise)."""

    def fill(first: int) -> tuple[RunBuffer, list[Any]]:
        buffer = RunBuffer()
        for offset, record in enumerate(records):
            buffer.add_record(
                first + offset,
                mode,
                record,
                options(record),
                bot=bot,
                world_hash=world_hash,
                played=played[offset] if played is not None else None,
                side=None,
            )
        return buffer, []

    if not records:
        return []
    first = store.start(fill)
    return list(range(first, first + len(records)))


def simulate(
    mode: Mode,
    game: Game[Any, Any],
    seeds: Iterable[int],
    choose: Callable[[int], Chooser[Any, Any]],
    *,
    max_actions: int,
    store: RunStore | None = None,
    options: Options | None = None,
    bot: str | None = None,
    world_hash: str | None = None,
    batch: int = 100,
) -> Iterator[tuple[GameRecord[Any, Any], int | None]]:
    """Play `game` (of `mode`) once a seed, `choose(seed)` taking every action (cut off after
    `max_actions`), and yield each record with its run id: logged to `store` by `options`
    a batch of `batch` runs at a time (None: not logged). A run is yielded once it is written,
    so what the caller has counted is what the log holds."""
    if store is not None and options is None:
        raise ValueError("a logged simulation needs its runs' options")
    waiting: list[GameRecord[Any, Any]] = []

    def flush() -> Iterator[tuple[GameRecord[Any, Any], int | None]]:
        assert store is not None and options is not None
        ids = log_records(store, mode, waiting, options, bot=bot, world_hash=world_hash)
        yield from zip(waiting, ids, strict=True)
        waiting.clear()

    for seed in seeds:
        record = play(game, seed, choose(seed), max_actions=max_actions)
        if store is None:
            yield record, None
            continue
        waiting.append(record)
        if len(waiting) >= batch:
            yield from flush()
    if waiting:
        yield from flush()
