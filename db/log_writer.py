"""Writing the run log while a simulation runs, on the machine's other core.

The simulating process sends its runs in chunks, `marshal`led, down a pipe to a writer process,
in one of two forms. A run recorded as it was played (`record_row`: events as raw tuples, built
as the game ran) is written as it is. A run sent as played (`played_row`: its seed, options and
actions, and how it ended) has its events and checkpoints made again in the writer, by a replay
of the run's actions through the engine's own `record.replay` (the engine is deterministic, so
they are the events the play made), and is refused if the replay ends otherwise than the play
did. The second keeps the simulating core to the game alone: `sim --log` plays its fights
without making a single event (a fight's bot spends most of its time looking ahead, which a
replay does not, so the writer keeps pace on the other core). The writer turns each event into
its log text through the event kind's template, buffers the rows as Arrow-ready bytes and
writes each batch of runs in one transaction.

The writer is watched. The simulating process sends only when the writer has taken what it
was sent before, and waits for it at most `timeout` seconds; a writer that dies (killed, out
of memory, an error) or stalls ends the command within seconds with one line, and the batches
already committed stay whole. Ctrl-C stops both at once.

No writer outlives the simulating process, however that dies (`kill -9` included), since an
orphaned writer would hold DuckDB's write lock for good. The forked writer closes its copies of
the pipe ends it does not own (the inbox's write end above all: while any copy is open, its
reads never see the end of the pipe), so the parent's death is an end of file; on Linux it
also asks the kernel for SIGTERM when the parent dies (`PR_SET_PDEATHSIG`, checked against a
parent that died before the request). SIGTERM (the parent's death, or the parent stopping it)
ends the writer at once, and nothing half-done is ever committed: between batches nothing is
in DuckDB's hands (the batch being gathered is only in memory); during a batch's write the
statement running is interrupted, the transaction rolled back, and then the writer dies. The
batches committed before stay whole.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import marshal
import multiprocessing
import os
import select
import signal
import struct
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import orjson

from privateer.engine.record import GameRecord, replay

from .errors import DatabaseError
from .run_options import options_json

if TYPE_CHECKING:
    from privateer.engine.protocol import Mode

    from .runlog import RunBuffer

TIMEOUT_SECONDS = 30.0  # a chunk is written in well under a second; this long means stuck
CHUNK_RUNS = 250  # runs sent at a time: the writer keeps pace, memory stays small
IN_FLIGHT = 4  # chunks sent but not yet taken: slack for the writer's commits
BATCH_RUNS = 1000  # runs a transaction: fewer commits, and at most this many lost to a kill
ROW_GROUP = 122_880  # DuckDB's rows in a row group: events written between checkpoints
_FRAME = struct.Struct("<q")


def _widen(fd: int) -> None:
    """Give the pipe to the writer room for a whole chunk or two (Linux: up to its
    pipe-max-size, 1 MiB by default; 64 KiB otherwise): with the default 64 KiB the simulation
    sits in `_send` while the writer, busy committing a batch, reads nothing."""
    with contextlib.suppress(OSError, AttributeError):
        limit = int(Path("/proc/sys/fs/pipe-max-size").read_text())
        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, min(limit, 1 << 22))


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)


RunRow = tuple[Any, ...]
"""One run recorded as it was played, as the writer takes it: (mode, seed, options JSON,
outcome, score, days, rounds, target, ship, bot, world hash, engine version, actions, events,
event days (one int for all, or a list), checkpoints: (seq, the state's hash))."""


def record_row(
    mode: Mode,
    record: GameRecord[Any, Any],
    options: Mapping[str, Any] | str,
    *,
    run_mode: str | None = None,
    bot: str | None = None,
    world_hash: str | None = None,
) -> RunRow:
    """A run bots played, as the writer takes it: its row by its game's `outcome` and
    `table_tally` (as `RunBuffer.add_record` writes one), every event with its clock, action
    and checkpoint. The record's lists are taken as they are (it is done with): its events
    become plain tuples in place. `run_mode`: as `add_record`'s."""
    game, state = record.game, record.state
    done = game.outcome(state)
    tally = game.table_tally(state)
    events = record.events
    events[:] = map(tuple, events)  # marshal takes no Event: a plain tuple is itself
    clocks = record.clocks
    return (
        run_mode or mode.run_modes[0],
        record.seed,
        options if isinstance(options, str) else options_json(dict(options)),
        None if done is None else done.reason,
        tally.score,
        tally.days,
        tally.rounds,
        tally.target,
        tally.ship,
        bot,
        world_hash,
        mode.engine_version,
        record.actions,
        events,
        clocks if any(clocks) else 0,  # one day for all: a game that keeps no clock
        record.checkpoints,
    )


PlayedRow = tuple[str, int, str, str | None, list[str], str | None]
"""One run as played, for the writer to replay: (run mode, seed, options JSON, bot, actions as
logged, how it ended: its outcome's reason, None if it had not)."""
_PLAYED = 6  # a row of this length is a PlayedRow (a RunRow has 16 places)


def played_row(
    run_mode: str, seed: int, options: str, bot: str | None, actions: list[str], end: str | None
) -> PlayedRow:
    """A run bots played, sent as its actions: the writer replays it to make its events and
    checkpoints (`LogWriter(replays=...)`)."""
    return (run_mode, seed, options, bot, actions, end)


class _Replayer:
    """The writer's replays of played runs, each options' game made once."""

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        self.games: dict[str, Any] = {}

    def row(self, played: PlayedRow) -> RunRow:
        run_mode, seed, options, bot, actions, end = played
        game = self.games.get(options)
        if game is None:
            game = self.games[options] = self.mode.game(orjson.loads(options), None)
        record = replay(game, seed, actions)
        done = game.outcome(record.state)
        if len(record.actions) != len(actions) or (None if done is None else done.reason) != end:
            raise ValueError(
                f"the replay of seed {seed} ({options}) did not end as it was played: "
                f"{end} after {len(actions)} actions, replayed {done and done.reason} after "
                f"{len(record.actions)}"
            )
        return record_row(self.mode, record, options, run_mode=run_mode, bot=bot)


# --- the writer process -------------------------------------------------------------------


def _read_exact(fd: int, size: int) -> bytes | None:
    chunks = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            return None  # the simulating process is gone
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _say(fd: int, message: tuple[Any, ...]) -> None:
    data = marshal.dumps(message)
    os.write(fd, _FRAME.pack(len(data)) + data)


_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


class _Stopping:
    """The writer's SIGTERM state: whether a batch is being written, and whether to stop."""

    writing = False
    asked = False


class _Terminated(BaseException):
    """SIGTERM during a batch's write (DuckDB turns it into "Query interrupted")."""


def _die() -> None:
    """Die of SIGTERM now, without closing the database: the lock goes with the process, and
    so does any transaction not committed."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)
    os._exit(128 + signal.SIGTERM)  # not reached


def _on_sigterm(_signum: int, _frame: object) -> None:
    if not _Stopping.writing:
        _die()
    _Stopping.asked = True
    raise _Terminated  # the statement is interrupted and the batch rolled back, then _die


def _checkpoint(duck: Any, _buffer: None) -> int:
    """Checkpoint the write-ahead log into the database file. Done as each row group of
    events fills, with the simulation still playing: the checkpoint at the end, after the
    last fight, is then only of the last row group's rows, not of the whole log (done only
    at the end, it was most of the wait after the last fight). Done at every batch instead,
    each would rewrite the row group being filled, several times the work."""
    duck.execute("CHECKPOINT")
    return 0


def _commit(duck: Any, buffer: Any, write: Callable[[Any, Any], int]) -> int:
    """Write one batch in one transaction; SIGTERM meanwhile rolls it back and ends the
    writer. The handler runs inside DuckDB's calls too (DuckDB checks for signals as it
    works): the statement is interrupted at once, since on one thread (`SET threads = 1`)
    no worker is left running for the rollback to wait for."""
    _Stopping.writing = True
    try:
        return write(duck, buffer)
    except BaseException:
        if _Stopping.asked:
            _die()
        raise
    finally:
        _Stopping.writing = False
        if _Stopping.asked:  # asked as the write ended: its batch committed whole
            _die()


def _follow_parent(parent: int) -> None:
    """Be sent SIGTERM when the parent dies (Linux; elsewhere the end of the inbox says so)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:  # died before the request: no signal will come
        _die()


def _writer(
    path: str,
    inbox: int,
    outbox: int,
    batch_runs: int,
    parent: int,
    not_mine: tuple[int, ...],
    replays: Mode | None,
) -> None:
    """The writer process: open the database, then take chunks until the end frame.

    `not_mine` are the parent's pipe ends, inherited by the fork; only those are closed (never
    a blanket close: a descriptor a Python object owns would be closed under it, and its
    number reused)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, _on_sigterm)
    for fd in not_mine:
        os.close(fd)
    _follow_parent(parent)
    import gc

    gc.disable()  # short-lived, acyclic rows: the collector would only cost time here
    from .connection import connect_waiting, open_database
    from .errors import DatabaseError
    from .runlog import RunBuffer, next_run_id, write

    def note(message: str) -> None:
        _say(outbox, ("note", message))

    try:
        open_database(Path(path), notify=note, pooled=False).dispose()
        duck = connect_waiting(Path(path), notify=note)
        duck.execute("SET threads = 1")  # the other core is the simulation's
        # Commits append to the write-ahead log; the writer checkpoints it into the file itself
        # as each row group of events fills (`_checkpoint_due`), instead of DuckDB at a size.
        duck.execute("SET checkpoint_threshold = '1GB'")
        run_id = next_run_id(duck)
    except DatabaseError as error:
        _say(outbox, ("refused", str(error)))
        return
    except BaseException as error:
        _say(outbox, ("error", f"{type(error).__name__}: {error}"))
        return
    _say(outbox, ("ready", run_id))
    replayer = None if replays is None else _Replayer(replays)
    runs = events = checkpointed = 0
    buffer, pending = RunBuffer(), 0
    try:
        while True:
            head = _read_exact(inbox, _FRAME.size)
            if head is None:
                return  # the simulation died: the batch in flight is dropped, uncommitted
            (size,) = _FRAME.unpack(head)
            if size == 0:
                break
            data = _read_exact(inbox, size)
            if data is None:
                return
            _say(outbox, ("taken", runs, events))  # taken: the simulation may send the next
            chunk = marshal.loads(data)
            if replayer is not None:
                chunk = [replayer.row(row) if len(row) == _PLAYED else row for row in chunk]
            _buffer_chunk(buffer, run_id, chunk)
            run_id += len(chunk)
            pending += len(chunk)
            if pending >= batch_runs:
                events += _commit(duck, buffer, write)
                runs += pending
                buffer, pending = RunBuffer(), 0
                if events - checkpointed >= ROW_GROUP:
                    _commit(duck, None, _checkpoint)
                    checkpointed = events
        if pending:
            events += _commit(duck, buffer, write)
            runs += pending
        _say(outbox, ("done", runs, events))
    except BaseException as error:
        _say(outbox, ("error", f"{type(error).__name__}: {error}"))
    finally:
        duck.close()


def _buffer_chunk(buffer: RunBuffer, first_run_id: int, rows: list[RunRow]) -> None:
    """Buffer a chunk of runs (each as `_buffer_run` would, in order), a column at a time: the
    events of the whole chunk go through their templates in one pass."""
    from .runlog import now

    runs = buffer.runs
    run_ids = range(first_run_id, first_run_id + len(rows))
    for run_id, row in zip(run_ids, rows, strict=True):
        (mode, seed, options, outcome, score, days, rounds, target, ship, bot, world_hash) = row[
            :11
        ]
        stamp = now()
        finished = outcome is not None
        runs["run_id"].append(run_id)
        runs["mode"].append(mode)
        runs["seed"].append(seed)
        runs["world_hash"].append(world_hash)
        runs["engine_version"].append(row[11])
        runs["options"].append(options)
        runs["outcome"].append(outcome)
        runs["score"].append(score)
        runs["days"].append(days)
        runs["started_at"].append(stamp)
        runs["finished_at"].append(stamp if finished else None)
        runs["target"].append(target)
        runs["ship"].append(ship)
        runs["bot"].append(bot)
        runs["rounds"].append(rounds)
    buffer.events.add_runs(run_ids, [row[13] for row in rows], [row[14] for row in rows])
    actions = buffer.actions
    checkpoints = buffer.checkpoints
    for run_id, row in zip(run_ids, rows, strict=True):
        done = row[12]
        n = len(done)
        actions["run_id"].extend([run_id] * n)
        actions["seq"].extend(range(n))
        actions["side"].extend(["you"] * n)
        actions["action"].extend(done)
        for seq, digest in row[15]:
            checkpoints["run_id"].append(run_id)
            checkpoints["seq"].append(seq)
            checkpoints["state_hash"].append(digest)


# --- the simulating side ------------------------------------------------------------------


class LogWriter:
    """Use as a context manager around a simulation: `add` each run as it finishes. Enter it
    on a thread that lives as long as the writing does: on Linux the writer is sent SIGTERM
    when the thread that started it ends."""

    def __init__(
        self,
        path: Path,
        *,
        batch_runs: int = BATCH_RUNS,
        chunk_runs: int = CHUNK_RUNS,
        timeout: float = TIMEOUT_SECONDS,
        notify: Callable[[str], None] = _stderr,
        replays: Mode | None = None,
    ) -> None:
        """`replays`: the mode whose runs may be sent as played (`played_row`), to be replayed
        by the writer."""
        self.path = path
        self.replays = replays
        self.notify = notify
        self.batch_runs = batch_runs
        self.chunk_runs = min(chunk_runs, batch_runs)
        self.timeout = timeout
        self.chunk: list[RunRow] = []
        self.unanswered = 0
        self.runs = 0
        self.events = 0
        self.first_run_id: int | None = None  # the writer's first run id, once it is ready
        self._inbox_r, self._inbox_w = os.pipe()
        _widen(self._inbox_w)
        self._outbox_r, self._outbox_w = os.pipe()
        # fork: the writer starts at once with what this process has loaded. (Not spawn: that
        # would import everything again before the first batch.)
        context = multiprocessing.get_context("fork")
        self.process = context.Process(
            target=_writer,
            args=(
                str(path),
                self._inbox_r,
                self._outbox_w,
                batch_runs,
                os.getpid(),
                (self._inbox_w, self._outbox_r),
                replays,  # forked, not pickled: the writer has the very Mode
            ),
            name="privateer-log",
            daemon=True,
        )
        self._answers = b""

    @property
    def pid(self) -> int | None:
        pid: int | None = self.process.pid
        return pid

    def __enter__(self) -> LogWriter:
        self.process.start()
        os.close(self._inbox_r)
        os.close(self._outbox_w)
        os.set_blocking(self._inbox_w, False)
        try:
            while True:  # notes first, then ready (or an error)
                answer = self._answer(wait=True)
                if answer[0] == "ready":
                    self.first_run_id = int(answer[1])
                    break
        except BaseException:
            self._stop()
            raise
        return self

    def add(self, row: RunRow | PlayedRow) -> None:
        if len(row) == _PLAYED and self.replays is None:
            raise ValueError("a run sent as played needs a writer that replays (replays=)")
        self.chunk.append(row)
        if len(self.chunk) >= self.chunk_runs:
            self._send(marshal.dumps(self.chunk))
            self.chunk = []

    def _failed(self, why: str) -> DatabaseError:
        self._stop()
        return DatabaseError(f"logging failed: {why}; the batches committed before are whole")

    def _dead(self) -> DatabaseError:
        self.process.join(timeout=1.0)
        code = self.process.exitcode
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit {code}"
        return self._failed(f"the log writer stopped ({how})")

    def _answer(self, *, wait: bool) -> tuple[Any, ...]:
        """The writer's next message; raises if it reports an error, died or stalled."""
        deadline = time.monotonic() + self.timeout
        while True:
            if len(self._answers) >= _FRAME.size:
                (size,) = _FRAME.unpack(self._answers[: _FRAME.size])
                if len(self._answers) >= _FRAME.size + size:
                    body = self._answers[_FRAME.size : _FRAME.size + size]
                    self._answers = self._answers[_FRAME.size + size :]
                    message = marshal.loads(body)
                    if message[0] == "refused":  # the database, as any command would say
                        self._stop()
                        raise DatabaseError(str(message[1]))
                    if message[0] == "error":
                        self._stop()
                        raise DatabaseError(f"logging failed: {message[1]}")
                    if message[0] == "note":
                        self.notify(str(message[1]))
                        continue
                    if message[0] in ("taken", "done"):
                        self.runs, self.events = int(message[1]), int(message[2])
                    return tuple(message)
            left = deadline - time.monotonic()
            if not wait:
                left = 0.0
            elif left <= 0:
                raise self._failed(f"the log writer has not answered for {self.timeout:g} s")
            ready, _, _ = select.select([self._outbox_r], [], [], max(0.0, min(left, 0.5)))
            if ready:
                data = os.read(self._outbox_r, 1 << 16)
                if not data:
                    raise self._dead()
                self._answers += data
            elif not wait:
                return ()
            elif not self.process.is_alive():
                raise self._dead()

    def _send(self, data: bytes) -> None:
        # At most IN_FLIGHT chunks sent and not yet taken: the writer is reading, so the pipe
        # drains; a writer that stopped answering is caught here instead of blocking forever.
        while self.unanswered >= IN_FLIGHT:
            if self._answer(wait=True)[0] in ("taken", "done"):
                self.unanswered -= 1
        view = memoryview(_FRAME.pack(len(data)) + data)
        deadline = time.monotonic() + self.timeout
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                raise self._failed(f"the log writer has not read for {self.timeout:g} s")
            _, ready, _ = select.select([], [self._inbox_w], [], min(left, 0.5))
            if not ready:
                if not self.process.is_alive():
                    raise self._dead()
                continue
            try:
                written = os.write(self._inbox_w, view)
            except BrokenPipeError:
                raise self._dead() from None
            except BlockingIOError:
                continue
            view = view[written:]
        if data:
            self.unanswered += 1

    def close(self) -> None:
        """Send what is left and the end, and wait for the writer to commit it."""
        if self.chunk:
            self._send(marshal.dumps(self.chunk))
            self.chunk = []
        self._send(b"")
        while True:
            if self._answer(wait=True)[0] == "done":
                break
        self.process.join(timeout=self.timeout)
        self._close_pipes()

    def _close_pipes(self) -> None:
        for fd in (self._inbox_w, self._outbox_r):
            with contextlib.suppress(OSError):
                os.close(fd)

    def _stop(self) -> None:
        """End the writer now: the batch in flight is never committed."""
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=2.0)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(timeout=2.0)
        self._close_pipes()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            try:
                self.close()
            except BaseException:  # Ctrl-C (or a failure) while the last batch is written
                self._stop()
                raise
        else:
            self._stop()

    def logged(self) -> tuple[int, int, int]:
        """The runs this writer committed, read back once it has stopped: (count, first run
        id, last). Stopped mid-way (Ctrl-C, a failure), the batch in flight is either whole or
        not there, and only the database knows which. Its run ids are consecutive from the
        first it was given (it held the file meanwhile)."""
        from .connection import connect_waiting

        if self.first_run_id is None:
            return 0, 0, 0
        con = connect_waiting(self.path, read_only=True, notify=self.notify)
        try:
            row = con.execute(
                "SELECT count(*), min(run_id), max(run_id) FROM runs WHERE run_id >= ?",
                [self.first_run_id],
            ).fetchone()
        finally:
            con.close()
        assert row is not None
        return int(row[0]), int(row[1] or 0), int(row[2] or 0)
