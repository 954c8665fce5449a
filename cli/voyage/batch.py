"""Many voyages at once (`privateer voyage`, `privateer bench voyage`): the captain bot plays
each seed's run, in this process or on dask.distributed workers (a LocalCluster of processes,
or a cluster already running when its scheduler is named). Workers only play and hand the
runs back; this process is the database's one writer. The same seeds give the same runs
whatever the executor or the number of workers. On a cluster the batches are played in seed
order, shrinking toward the end, and given out in seed order, each once; a worker lost
mid-batch costs time, not runs (`_on_dask`); each worker plays on one World it keeps
(`_kept_world`).

dask says nothing on our stderr: its logging (and its workers') is muted while a cluster
runs, so a worker's heartbeat meeting a scheduler that is closing, or a second cluster
starting beside the first, prints no traceback; what goes wrong reaches the command as an
exception (ClusterError) and is said in one line. The LocalCluster serves no dashboard:
distributed (2026.8) starts its scheduler's HTTP server whatever `dashboard_address` says
(None means its default, port 8787, serving the cluster's info pages even without bokeh),
so it is bound to an ephemeral loopback port with no routes at all.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from distributed.diagnostics.plugin import WorkerPlugin

if TYPE_CHECKING:
    from privateer.engine.voyage import RunResult, VoyageRecord, VoyageRules
    from privateer.engine.world import KeptTree, World, WorldRules


@dataclass(frozen=True, slots=True)
class Batch:
    """Seeds to play by a ruleset (the objects themselves: a sweep's variants travel to the
    workers as they are), for so many days."""

    seeds: tuple[int, ...]
    rules: VoyageRules
    wrules: WorldRules
    days: int
    keep_records: bool  # hand back every event and action (for the log), or just the result
    captain: str = "ours"  # which captain bot plays them (engine/voyage/captain.py's CAPTAINS)


@dataclass(frozen=True, slots=True)
class Timed:
    """A bot's voyage as the log keeps it: its record, and when its play began and ended (UTC;
    the engine keeps no clock), which the run's started_at and finished_at say."""

    record: VoyageRecord
    started_at: datetime
    finished_at: datetime


Played = tuple["RunResult", "Timed | None"]


def _now() -> datetime:
    """The time as the run log keeps it (db.runlog.now: UTC, naive), without importing the log
    (and Arrow) into a worker that only plays."""
    return datetime.now(UTC).replace(tzinfo=None)


def play_batch(world: World, batch: Batch) -> list[Played]:
    """Play each seed of the batch with the batch's captain bot."""
    from privateer.engine.voyage import RunResult, VoyageGame, find_captain, play_captained, wake_of

    game = VoyageGame(world, batch.rules, batch.wrules, days=batch.days)
    start = world.port_by_name[batch.rules.start_port].node
    out: list[Played] = []
    for seed in batch.seeds:
        began = _now()
        record = play_captained(game, seed, find_captain(batch.captain).choose)
        timed = Timed(record, began, _now()) if batch.keep_records else None
        assert record.state is not None
        result = RunResult.of(record.state, wake_of(world, start, record.new_events(0)))
        out.append((result, timed))
    return out


def _worker_play(world: World, batch: Batch) -> tuple[list[Played], list[KeptTree]]:
    """A batch played on a worker, and the route trees it worked out for it (which this
    process hands back once), for the command to keep in the database (db/route_trees.py)."""
    from privateer.engine.world import mark_kept, trees_to_keep

    _keep_freed_memory()
    kept = _kept_world(world)
    played = play_batch(kept, batch)
    trees = trees_to_keep(kept)
    mark_kept(kept, [key for key, *_ in trees])
    return played, trees


_KEPT: dict[str, World] = {}  # content hash: the World this worker process plays on


def _kept_world(world: World) -> World:
    """The World this worker plays on: one per process, kept across batches, commands and a
    sweep's points, so what the rules derive and keep on it (route trees, distances, rumor
    steps: some 2 s of a process's first run on the full world, and 170 MB) is derived once
    a process. It is a copy of the World the task handed over, which stays bare: a worker
    fetching the task's World from this one (a restarted worker does) gets the 2 MB of
    arrays, not the kept values."""
    kept = _KEPT.get(world.content_hash)
    if kept is None:
        _KEPT.clear()  # one world a worker, as one a process (db/world_load.py)
        kept = _KEPT[world.content_hash] = replace(world)
    return kept


M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters
_memory_kept = False


def _keep_freed_memory() -> None:
    """Once a worker process: if it was started with MALLOC_TRIM_THRESHOLD_ (dask's nanny
    sets 65536 for every worker it starts, `dask worker` on another machine too), glibc
    hands back to the kernel what the engine frees and takes it again a page fault at a
    time: 7 times the page faults and a tenth more time on the full world. The thresholds
    are put where glibc's own would have grown (128 MiB kept, arrays under 32 MiB from the
    heap). Without the variable glibc's defaults stand; without glibc nothing is done."""
    global _memory_kept
    if _memory_kept:
        return
    _memory_kept = True
    if "MALLOC_TRIM_THRESHOLD_" not in os.environ:
        return
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc
        return
    mallopt(M_TRIM_THRESHOLD, 128 << 20)
    mallopt(M_MMAP_THRESHOLD, 32 << 20)


def _the_world(world: World) -> World:
    """The World as a task's result on a worker: a task, not scattered data, so the scheduler
    makes it again if every worker holding it is lost (scattered data would be gone, and every
    batch waiting on it cancelled)."""
    return world


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def chunks(seeds: list[int], size: int) -> list[tuple[int, ...]]:
    return [tuple(seeds[i : i + size]) for i in range(0, len(seeds), size)]


BATCH_MOST = 10  # seeds in a batch at most: also the most runs one write of the log holds


def batch_sizes(runs: int, workers: int, *, spread: bool) -> list[int]:
    """How many seeds each batch plays, in order. Played here (not `spread`), a fourth of the
    runs up to BATCH_MOST: the batch is only a unit of progress and of writing. Spread over
    workers, guided self-scheduling: each batch a quarter of a worker's share of what is left
    (BATCH_MOST at most, one at least), so the batches shrink toward the end and the last
    ones are single runs. A run lasts from a few days to the whole voyage, and a long batch
    ending the study would keep one worker busy while the others had nothing to do.

    >>> batch_sizes(40, 2, spread=True)
    [5, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    if not spread:
        size = max(1, min(BATCH_MOST, runs // max(1, workers * 4)))
        return [min(size, runs - start) for start in range(0, runs, size)]
    sizes: list[int] = []
    left = runs
    while left:
        size = max(1, min(BATCH_MOST, left // (workers * 4)))
        sizes.append(size)
        left -= size
    return sizes


def run_voyages(
    world: World,
    seeds: list[int],
    rules: VoyageRules,
    wrules: WorldRules,
    days: int,
    *,
    keep_records: bool,
    workers: int,
    client: Any = None,
    captain: str = "ours",
) -> Iterator[tuple[int, list[Played]]]:
    """Yield (index of the first seed, its played runs) batch by batch, in seed order: on the
    dask `client` (see `cluster`), or in this process when there is none. Each batch is given
    once, whatever a lost worker made the cluster play again."""
    spread = client is not None
    if spread:  # a named scheduler's cluster has as many threads as it has, whatever --workers
        workers = max(1, sum(client.nthreads().values()))
    starts, batches, start = [], [], 0
    for size in batch_sizes(len(seeds), workers, spread=spread):
        starts.append(start)
        batches.append(
            Batch(tuple(seeds[start : start + size]), rules, wrules, days, keep_records, captain)
        )
        start += size
    if client is None:
        for start, batch in zip(starts, batches, strict=True):
            yield start, play_batch(world, batch)
        return
    yield from _on_dask(client, world, batches, starts)


class InSeedOrder:
    """Batches handed back in any order given out in seed order, each once: a batch handed
    back a second time (a lost worker's batch played again, the first copy having arrived
    after all) is dropped, so no run is written twice."""

    def __init__(self, starts: list[int]) -> None:
        self._order = sorted(starts)
        self._known = set(starts)
        self._next = 0  # index in _order of the next batch to give out
        self._held: dict[int, list[Played]] = {}

    def add(self, start: int, played: list[Played]) -> list[tuple[int, list[Played]]]:
        """The batches now ready to give out, in order, after `start`'s arrives."""
        if start not in self._known:
            raise ValueError(f"no batch starts at {start}")
        given = self._next > 0 and start <= self._order[self._next - 1]
        if given or start in self._held:
            return []
        self._held[start] = played
        ready = []
        while self._next < len(self._order) and self._order[self._next] in self._held:
            first = self._order[self._next]
            ready.append((first, self._held.pop(first)))
            self._next += 1
        return ready

    @property
    def given(self) -> int:
        """How many batches were given out."""
        return self._next


SCHEDULER_PORT = 8786  # dask's, when an address gives none
SCHEDULER_SCHEMES = ("tcp", "tls", "ws", "wss")
SCHEDULER_CONNECT_SECONDS = 10.0  # how long to try a named scheduler before saying so
# how long our own LocalCluster may take to start (0.4 s on this project's 2-core machine)
# before the command says it is stuck, rather than wait on a worker that never comes
CLUSTER_START_SECONDS = 120.0
_HOST = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?")
MUTED = ("distributed", "tornado", "asyncio", "bokeh")  # loggers (with their children)


class ClusterError(Exception):
    """The dask cluster could not be reached or failed mid-run: one line for the user."""


def scheduler_address(text: str) -> str:
    """A --scheduler address checked and written as distributed takes it
    (scheme://host:port), or ValueError saying what is wrong in one line. Checked before any
    work: `HOST`, `HOST:PORT`, `tcp://HOST:PORT` (also tls, ws, wss); the port defaults to
    dask's 8786; a host is an IP address or an ASCII host name.

    >>> scheduler_address("10.0.0.5")
    'tcp://10.0.0.5:8786'
    """
    shown = repr(text)
    if not text.strip():
        raise ValueError("--scheduler is empty: give the scheduler's address, tcp://HOST:PORT")
    scheme, found, rest = text.partition("://")
    if not found:
        scheme, rest = "tcp", text
    if scheme.lower() not in SCHEDULER_SCHEMES:
        raise ValueError(
            f"--scheduler {shown}: unknown scheme {scheme!r}; give tcp://HOST:PORT "
            f"(or {', '.join(s + '://' for s in SCHEDULER_SCHEMES[1:])})"
        )
    host, port_text = rest, ""
    if rest.startswith("["):  # [IPv6]:port
        host, bracket, after = rest[1:].partition("]")
        if not bracket or (after and not after.startswith(":")):
            raise ValueError(f"--scheduler {shown}: an IPv6 address is written [ADDRESS]:PORT")
        port_text = after[1:]
    elif rest.count(":") == 1:
        host, _, port_text = rest.partition(":")
    port = SCHEDULER_PORT
    if port_text or rest.endswith(":"):
        if not port_text.isascii() or not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise ValueError(f"--scheduler {shown}: the port is a number from 1 to 65535")
        port = int(port_text)
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        if not host.isascii() or not _HOST.fullmatch(host):
            raise ValueError(
                f"--scheduler {shown}: the host is an IP address or a host name of ASCII "
                "letters, digits, dots and hyphens"
            ) from None
        return f"{scheme.lower()}://{host}:{port}"
    where = f"[{ip}]" if ip.version == 6 else str(ip)
    return f"{scheme.lower()}://{where}:{port}"


def _mute(prefixes: tuple[str, ...] = MUTED) -> list[tuple[logging.Logger, int]]:
    """Silence these loggers and every child given a level of its own (distributed sets
    some: a child's level, not its parent's, decides whether a record reaches the parent's
    handler). Returns what to put back."""
    names = [
        name
        for name, found in logging.root.manager.loggerDict.items()
        if isinstance(found, logging.Logger) and found.level != logging.NOTSET
    ]
    names += list(prefixes)
    muted = []
    for name in dict.fromkeys(names):
        if name.split(".")[0] in prefixes:
            logger = logging.getLogger(name)
            muted.append((logger, logger.level))
            logger.setLevel(logging.CRITICAL + 1)
    return muted


@contextmanager
def _muted_here() -> Iterator[None]:
    """dask's logging and warnings off this process's stderr while a cluster runs."""
    import warnings

    muted = _mute()
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", module="distributed")
            # Python 3.12 on: a fork of a process with threads (FORKED) warns of deadlocks
            # that `_ready_to_fork` is there to prevent
            warnings.filterwarnings("ignore", ".*multi-threaded.*fork", DeprecationWarning)
            yield
    finally:
        for logger, level in muted:
            logger.setLevel(level)


class MutedWorker(WorkerPlugin):
    """Mutes dask's logging in each worker of our LocalCluster, those restarted included (a
    heartbeat meeting a closing scheduler logs a traceback at ERROR), and leaves Ctrl-C to
    the command."""

    def setup(self, worker: Any) -> None:
        _mute()
        _ignore_ctrl_c()


def _ignore_ctrl_c() -> None:
    """Ctrl-C at the terminal reaches every process of the command: a worker of our
    LocalCluster leaves it to this process, which closes the cluster (a worker that died of
    it would print its traceback and be started again by its nanny meanwhile)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def dask_setup(worker: Any) -> None:
    """Run by each worker of our LocalCluster as it starts (dask's preload of this module):
    what playing a batch imports is imported now, while the command reads the world, not when
    the first batch arrives."""
    from privateer.engine.voyage import (  # noqa: F401
        RunResult,
        VoyageGame,
        find_captain,
        play_captained,
        wake_of,
    )


FORKED = sys.platform == "linux"
"""Whether our LocalCluster's workers are forked from this process (Linux) rather than spawned
(elsewhere: macOS and Windows, where a fork of a process with threads is not safe to use).
Spawned, each worker is a fresh Python importing dask and the engine again, while this one
reads the world: 1.5 s to a ready cluster of two on this project's 2-core machine, 0.75 s
forked, whose workers start with every module this process holds (and close in 0.05 s, not
0.25). A fork keeps only the thread that forked, so a module another thread was importing at
that moment would stay locked in the worker: `_ready_to_fork` imports, before the cluster
starts, every module a worker plays with."""

ENGINE_PACKAGES = ("privateer.engine.voyage", "privateer.engine.world", "privateer.engine.fight")


def engine_modules() -> list[str]:
    """Every module of the engine's packages a worker plays with (ENGINE_PACKAGES), by name."""
    import importlib
    import pkgutil

    names: list[str] = []
    for name in ENGINE_PACKAGES:
        path = importlib.import_module(name).__path__
        names += [found.name for found in pkgutil.walk_packages(path, name + ".")]
    return names


def _ready_to_fork() -> None:
    """Import every module a worker plays with (`engine_modules`: a fiftieth of a second more
    than the command imports anyway), so none is half-imported by this process's own thread
    when a worker is forked from it: the first cluster's workers, or one its nanny starts
    again mid-run; and take what dask's threads would otherwise hold a lock over as it forks."""
    import importlib
    import platform

    for name in engine_modules():
        importlib.import_module(name)
    # platform.uname()'s processor is a functools.cached_property, which in Python 3.11 holds a
    # lock while it runs `uname -p`: dask asks for it (distributed.versions) from this process's
    # threads while the workers start, and a worker forked then inherits the lock held and
    # waits on it for ever (seen: `voyage --workers 2` still, the worker in get_versions). Asked
    # here, before any fork, it is kept and never locked again.
    platform.uname().processor  # noqa: B018 (asked for what asking keeps)


LOCAL_SETTINGS: dict[str, object] = {
    # forked where that is safe (FORKED), the platform's spawn elsewhere
    "distributed.worker.multiprocessing-method": "fork" if FORKED else "spawn",
    # dask starts its workers with MALLOC_TRIM_THRESHOLD_=65536, so glibc hands memory back
    # to the kernel after every large free: the engine's short-lived NumPy arrays then cost a
    # page fault each time (see _keep_freed_memory, for clusters started by others). Ours
    # start without it, glibc's own thresholds.
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
    # No pages on the HTTP servers that the scheduler and workers start regardless.
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
    "distributed.worker.preload": [__name__],  # dask_setup above
    # A worker that dies is started again by its nanny, here. dask gives a lost worker 15 s
    # to come back under its name and then closes its nanny for good, timed from the loss:
    # a worker lost twice within 15 s, its second start slow (a busy machine), lost its
    # nanny, and the cluster was a worker short to the end. Ours are never given up on.
    "distributed.deploy.lost-worker-timeout": "3650 days",
    # What dask does beside the batches, each wake-up taking the GIL from the engine's
    # thread: the worker's profiler (every 10 ms, reading the play's whole stack), the event
    # loops' blocked-loop tick (every 20 ms) and the memory monitor (every 100 ms). Nobody
    # reads the profile (no dashboard) and a batch never blocks a loop; together they cost
    # 200 full voyages on 2 workers 6% of their time.
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""dask's settings while one of our LocalClusters runs (from its start to its close: dask
reads some of them as it goes)."""


def _local_cluster(workers: int) -> Any:
    """A LocalCluster of `workers` processes, one thread each, serving no dashboard (under
    LOCAL_SETTINGS, which the caller holds)."""
    from dask.distributed import LocalCluster

    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,  # dashboard=False for the scheduler ...
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # ... and not on :8787
        silence_logs=logging.CRITICAL,
    )


class _Starting:
    """A LocalCluster started in a thread of its own: its workers take a second or so to
    start (a Python each, importing dask and the engine), time this process can spend on
    its own preparation."""

    def __init__(self, workers: int) -> None:
        self._made: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._start, args=(workers,), daemon=True)
        self._thread.start()

    def _start(self, workers: int) -> None:
        try:
            self._made = _local_cluster(workers)
        except Exception as error:
            first = (str(error).strip().splitlines() or [type(error).__name__])[0]
            self._error = ClusterError(f"the dask cluster did not start: {first}")

    def join(self, seconds: float) -> tuple[Any, BaseException | None]:
        """The cluster (None if it did not start within `seconds`) and what stopped it."""
        self._thread.join(seconds)
        if self._thread.is_alive():  # left to itself: a daemon thread, its workers daemons
            stuck = f"the dask cluster did not start within {seconds:g} s"
            return None, ClusterError(f"{stuck}: run it again, or with --workers 1")
        return self._made, self._error


@contextmanager
def cluster(
    workers: int, scheduler: str | None = None, *, meanwhile: Callable[[], None] | None = None
) -> Iterator[Any]:
    """A dask client on the named scheduler (reached within SCHEDULER_CONNECT_SECONDS, or
    ClusterError) or on a LocalCluster of `workers` processes; None when the runs are played
    here (one worker, no scheduler). `meanwhile` (the command's preparation: reading the
    world) is called first, while a LocalCluster's workers start. dask stays muted while it
    is open; all is closed after, whatever `meanwhile` raised."""
    if workers <= 1 and scheduler is None:
        if meanwhile is not None:
            meanwhile()
        yield None
        return
    import dask
    from dask.distributed import Client

    local: Any = None
    client: Any = None
    settings = LOCAL_SETTINGS if scheduler is None else {}
    with _muted_here(), dask.config.set(settings):
        try:
            if scheduler is None:
                if FORKED:
                    _ready_to_fork()
                starting = _Starting(workers)
                try:
                    if meanwhile is not None:
                        meanwhile()
                finally:
                    local, failed = starting.join(CLUSTER_START_SECONDS)
                if failed is not None:
                    raise failed
                client = Client(local)
                client.register_plugin(MutedWorker(), name="privateer-muted")
            else:
                if meanwhile is not None:
                    meanwhile()
                _probe(scheduler, SCHEDULER_CONNECT_SECONDS)
                try:
                    client = Client(scheduler, timeout=SCHEDULER_CONNECT_SECONDS)
                except OSError:
                    raise ClusterError(_unreachable(scheduler)) from None
            yield client
        finally:
            if client is not None:
                client.close()
            if local is not None:
                local.close()


def _unreachable(address: str) -> str:
    return f"no dask scheduler answered at {address} within {SCHEDULER_CONNECT_SECONDS:g} s"


def _probe(address: str, seconds: float) -> None:
    """ClusterError unless a dask scheduler answers at `address` within `seconds`. dask's
    connect bounds reaching the port but not the handshake after it, so a port that answers
    something else (a web server) would hold the Client for as long as it keeps the line."""
    import asyncio

    from distributed.comm.core import connect
    from distributed.security import Security

    async def identity() -> Any:
        comm = await connect(address, timeout=seconds, **Security().get_connection_args("client"))
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        reply = asyncio.run(asyncio.wait_for(identity(), seconds))
    except (OSError, TimeoutError):
        raise ClusterError(_unreachable(address)) from None
    except Exception:  # what it sent read as a dask frame: a length of exabytes, a bad header
        reply = None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise ClusterError(f"{address} answers, but not as a dask scheduler")


def _on_dask(
    client: Any, world: World, batches: list[Batch], starts: list[int]
) -> Iterator[tuple[int, list[Played]]]:
    """The batches played on the cluster, given out in seed order as they come back. A worker
    lost mid-batch costs nothing but time: the scheduler plays its batches again elsewhere (up
    to `distributed.scheduler.allowed-failures` times a batch, then KilledWorker: a batch that
    kills every worker it meets is a fault to report, not to retry) and makes the World again
    if no worker holds it. `retries=` is not asked for: it re-runs a batch that raised, and a
    batch raises only for a fault in the rules, the same on every try. Ended early (Ctrl-C, a
    failure), the batches still out are dropped with the client that asked for them."""
    from asyncio import CancelledError

    from dask.distributed import as_completed
    from distributed.scheduler import KilledWorker

    from privateer.engine.world import take_trees

    try:
        futures: dict[Any, int] = {}
        # the World's fields only: not what this process derived and kept on it
        shared = client.submit(_the_world, replace(world), pure=False)
        for i, (start, batch) in enumerate(zip(starts, batches, strict=True)):
            # played in seed order: the first batches are written while the rest are played,
            # and the smallest come last (dask would run batches of one priority in any order)
            rank = len(batches) - i
            futures[client.submit(_worker_play, shared, batch, pure=False, priority=rank)] = start
        order = InSeedOrder(starts)
        for future in as_completed(futures):
            runs, trees = future.result()
            take_trees(world, trees)
            for start, played in order.add(futures[future], runs):
                yield start, played  # what the caller does here is not caught below
    except (OSError, KilledWorker, CancelledError) as error:
        # the scheduler gone, a batch's workers killed, its World lost with no way to remake it
        first = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise ClusterError(f"the dask cluster failed: {first}") from None
