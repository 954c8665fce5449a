"""Many voyages at once (`privateer voyage`, `privateer bench voyage`): the captain bot plays
each seed's run, in this process or on dask.distributed workers (a LocalCluster of processes,
or a cluster already running when its scheduler is named). Workers only play and hand the
runs back; this process is the database's one writer. The same seeds give the same runs
whatever the executor or the number of workers.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from privateer.engine.voyage.record import VoyageRecord
    from privateer.engine.voyage.sim import RunResult
    from privateer.engine.world.world import World


@dataclass(frozen=True, slots=True)
class Batch:
    seeds: tuple[int, ...]
    rules: str
    days: int
    keep_records: bool  # hand back every event and action (for the log), or just the result


Played = tuple["RunResult", "VoyageRecord | None"]


def play_batch(world: World, batch: Batch) -> list[Played]:
    """Play each seed of the batch with the captain bot."""
    from privateer.engine.voyage.captain import CAPTAIN
    from privateer.engine.voyage.record import play
    from privateer.engine.voyage.sim import RunResult

    out: list[Played] = []
    for seed in batch.seeds:
        record = play(world, seed, CAPTAIN.choose, batch.rules, batch.days)
        assert record.state is not None
        result = RunResult.of(record.state)
        out.append((result, record if batch.keep_records else None))
    return out


def _worker_play(world: World, batch: Batch) -> list[Played]:
    return play_batch(world, batch)


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def chunks(seeds: list[int], size: int) -> list[tuple[int, ...]]:
    return [tuple(seeds[i : i + size]) for i in range(0, len(seeds), size)]


def run_voyages(
    world: World,
    seeds: list[int],
    rules: str,
    days: int,
    *,
    keep_records: bool,
    workers: int,
    scheduler: str | None = None,
) -> Iterator[tuple[int, list[Played]]]:
    """Yield (index of the first seed, its played runs) batch by batch, in seed order."""
    size = max(1, min(10, len(seeds) // max(1, workers * 4)))
    batches = [Batch(c, rules, days, keep_records) for c in chunks(seeds, size)]
    starts = [i * size for i in range(len(batches))]
    if workers <= 1 and scheduler is None:
        for start, batch in zip(starts, batches, strict=True):
            yield start, play_batch(world, batch)
        return
    yield from _on_dask(world, batches, starts, workers, scheduler)


def _on_dask(
    world: World, batches: list[Batch], starts: list[int], workers: int, scheduler: str | None
) -> Iterator[tuple[int, list[Played]]]:
    import logging

    import dask
    from dask.distributed import Client, LocalCluster, as_completed

    logging.getLogger("distributed").setLevel(logging.ERROR)
    cluster: Any = None
    if scheduler is None:
        # dask starts its workers with MALLOC_TRIM_THRESHOLD_=65536, so glibc hands memory
        # back to the kernel after every large free: the engine's short-lived NumPy arrays
        # then cost a page fault each time, and a third of each worker's time went to the
        # kernel (2 workers played slower than this process alone). Unset it.
        with dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}):
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        shared = client.scatter(world, broadcast=True)
        futures = {
            client.submit(_worker_play, shared, batch, pure=False): start
            for start, batch in zip(starts, batches, strict=True)
        }
        done: dict[int, list[Played]] = {}
        ready = 0
        order = sorted(futures.values())
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            while ready < len(order) and order[ready] in done:
                start = order[ready]
                yield start, done.pop(start)
                ready += 1
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
