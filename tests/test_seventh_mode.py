"""A seventh mode, added as a new mode is added: a game by the one protocol (a coin tossed,
best of N calls), its `Mode`, and one registry line (`MODES.extra`, for the test's length).
Everything else is the generic machinery, touched nowhere for it: the record and the replay
(engine/record.py; `check_run` in engine/modes.py), the simulation runner and the bots' log
(cli/batch.py) and the log writer on the other core (db/log_writer.py's `record_row`), the
session that saves after every call and resumes (cli/session.py), and the command line's
`runs list` and `runs replay`, which find it in the registry."""

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from enum import Enum
from pathlib import Path
from typing import Any, TypedDict

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.batch import simulate
from privateer.cli.session import GameSession
from privateer.db.connection import open_database
from privateer.db.run_store import RunStore
from privateer.db.runs import all_run_ids, logged_runs
from privateer.engine.errors import IllegalActionError, SaveError
from privateer.engine.events import Event
from privateer.engine.modes import MODES, check_run
from privateer.engine.protocol import Game, Mode, Outcome, Tally
from privateer.engine.record import begin, play, replay, step
from privateer.engine.rng import below, seed_state
from privateer.engine.schema import Int, Record

FACES = ("heads", "tails")


@dataclass(frozen=True, slots=True)
class Call:
    """Calling the coin before it lands."""

    face: str

    def to_str(self) -> str:
        return self.face

    @classmethod
    def from_str(cls, text: str) -> "Call":
        if text not in FACES:
            raise IllegalActionError(f"call heads or tails, not {text!r}")
        return cls(text)


@dataclass(slots=True)
class Coins:
    seed: int
    rng: int
    best_of: int
    tosses: int = 0
    won: int = 0
    lost: int = 0


class Ended(Enum):
    WON = "won"
    LOST = "lost"


class TossStart(TypedDict):
    best_of: int


class Toss(TypedDict):
    call: str
    landed: str


class CoinToss(Game[Coins, Call]):
    """Call a coin, best of `best_of`: the first to more than half the calls wins."""

    mode = "coins"
    sides = 1

    def __init__(self, best_of: int = 5) -> None:
        self.best_of = best_of

    def new_initial_state(self, seed: int) -> tuple[Coins, list[Event]]:
        return Coins(seed, seed_state(seed), self.best_of), [
            Event("toss_start", 0, {"best_of": self.best_of})
        ]

    def legal_actions(self, state: Coins) -> list[Call]:
        return [] if self.outcome(state) else [Call(face) for face in FACES]

    def act(self, state: Coins, action: Call) -> list[Event]:
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"{action.to_str()!r} is not open now")
        side, state.rng = below(state.rng, 2)
        state.tosses += 1
        landed = FACES[side]
        if landed == action.face:
            state.won += 1
        else:
            state.lost += 1
        return [Event("toss", state.tosses, {"call": action.face, "landed": landed})]

    def outcome(self, state: Coins) -> Outcome | None:
        need = state.best_of // 2 + 1
        if state.won >= need:
            return Outcome(Ended.WON, 0)
        if state.lost >= need:
            return Outcome(Ended.LOST, None)
        return None

    def observe(self, state: Coins, side: int = 0) -> dict[str, Any]:
        return {"tosses": state.tosses, "won": state.won, "lost": state.lost}

    def parse_action(self, text: str) -> Call:
        return Call.from_str(text)

    def clock(self, state: Coins) -> int:
        return state.tosses

    def tally(self, state: Coins, side: int = 0) -> Tally:
        return Tally(rounds=state.tosses, score=state.won)

    def serialise(self, state: Coins) -> dict[str, Any]:
        return asdict(state)

    def deserialise(self, data: Any) -> Coins:
        fields = set(Coins.__dataclass_fields__)
        if not isinstance(data, dict) or set(data) != fields:
            raise SaveError(f"not a coin toss: {data!r}")
        if not all(type(value) is int for value in data.values()):
            raise SaveError("not a coin toss: its figures are whole numbers")
        state = Coins(**data)
        if state.best_of != self.best_of or state.won + state.lost != state.tosses:
            raise SaveError("not a coin toss of this game")
        return state

    def state_hash(self, state: Coins) -> str:
        text = json.dumps(asdict(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def copy(self, state: Coins) -> Coins:
        return Coins(**asdict(state))


def coin_game(
    options: Mapping[str, Any], world: object, engine_version: str | None = None
) -> CoinToss:
    return CoinToss(int(options.get("best_of", 5)))


COINS = Mode(
    name="coins",
    run_modes=("coins",),
    engine_version="coins-1",
    needs_world=False,
    options=Record({"best_of": Int(1, 99)}, optional=frozenset({"best_of"})),
    game=coin_game,
    example={"best_of": 5},
    events={"toss_start": TossStart, "toss": Toss},
)


def always(face: str) -> Any:
    return lambda state: Call(face)


@pytest.fixture
def coins() -> Iterator[Mode]:
    with MODES.extra(COINS) as mode:
        yield mode


@pytest.fixture
def store(db_path: Path) -> RunStore:
    open_database(db_path, notify=lambda _: None).dispose()
    return RunStore(db_path, notify=lambda _: None)


def test_it_records_and_replays_through_the_one_record(coins: Mode) -> None:
    game = coins.game(coins.example, None)
    record = play(game, 3, always("heads"), max_actions=99)
    done = game.outcome(record.state)
    assert done is not None and done.reason in ("won", "lost")
    again = replay(game, 3, record.actions)
    assert again.events == record.events and again.checkpoints == record.checkpoints
    calls = [e for e in record.events if e.kind == "toss"]
    assert len(calls) == record.state.tosses >= 3
    # Another seed lands the coin otherwise somewhere in a few games: the seed is what plays.
    lands = {tuple(e.data["landed"] for e in play(game, s, always("heads"), max_actions=99).events
                   if e.kind == "toss") for s in range(6)}  # fmt: skip
    assert len(lands) > 1


def test_a_simulation_logs_its_runs_and_each_replays_identical(coins: Mode, store: RunStore,
                                                                db_path: Path) -> None:  # fmt: skip
    game = coins.game({"best_of": 3}, None)
    played = list(
        simulate(coins, game, range(10), lambda seed: always(FACES[seed % 2]), max_actions=99,
                 store=store, options=lambda record: {"best_of": 3}, bot="caller", batch=4)
    )  # fmt: skip
    ids = [run_id for _, run_id in played]
    assert ids == list(range(ids[0], ids[0] + 10))
    engine = open_database(db_path, notify=lambda _: None)
    with engine.connect() as conn:
        runs = logged_runs(conn, all_run_ids(conn))
    engine.dispose()
    assert [run.mode for run in runs] == ["coins"] * 10
    assert all(check_run(run).identical for run in runs)
    wins = sum(game.outcome(record.state).winner == 0 for record, _ in played)  # type: ignore[union-attr]
    assert 0 < wins < 10  # the coin lands both ways over ten seeds


def test_it_is_saved_after_every_call_and_resumed_exactly(coins: Mode, store: RunStore) -> None:
    game = coins.game({"best_of": 9}, None)
    session: GameSession[Coins, Call] = GameSession.start(store, coins, game, 5, {"best_of": 9})
    session.play(Call("tails"))
    session.save()
    picked: GameSession[Coins, Call] = GameSession.resume(
        store, coins, None, start_with="the coin test"
    )
    assert picked.run_id == session.run_id and picked.state == session.state
    assert picked.saved.rounds == 1
    while not picked.over:
        picked.play(Call("heads"))
        picked.save()
    assert picked.closed
    # Played straight through, the same seed and calls give the same game and events.
    straight = begin(game, 5)
    for text in picked.record.actions:
        step(straight, Call.from_str(text))
    assert straight.state == picked.state
    with pytest.raises(Exception, match="no coins in progress is saved"):
        GameSession.resume(store, coins, None, start_with="the coin test")


def test_the_command_line_lists_and_replays_it(coins: Mode, store: RunStore,
                                               db_path: Path) -> None:  # fmt: skip
    game = coins.game({"best_of": 5}, None)
    logged = simulate(coins, game, [8], lambda seed: always("tails"), max_actions=99, store=store,
                      options=lambda r: {"best_of": 5}, bot="caller")  # fmt: skip
    [(_, run_id)] = list(logged)
    runner = CliRunner()
    listed = runner.invoke(app, ["--db", str(db_path), "runs", "list", "--json"])
    assert listed.exit_code == 0, listed.output
    assert [row["mode"] for row in json.loads(listed.stdout)] == ["coins"]
    replayed = runner.invoke(app, ["--db", str(db_path), "runs", "replay", str(run_id)])
    assert replayed.exit_code == 0 and "identical" in replayed.stdout, replayed.output


def test_without_its_registry_line_it_is_refused_in_one_line(store: RunStore,
                                                             db_path: Path) -> None:  # fmt: skip
    with MODES.extra(COINS):
        list(simulate(COINS, CoinToss(3), [1], lambda seed: always("heads"), max_actions=99,
                      store=store, options=lambda r: {"best_of": 3}, bot="caller"))  # fmt: skip
    replayed = CliRunner().invoke(app, ["--db", str(db_path), "runs", "replay", "1"])
    assert replayed.exit_code != 0
    assert "cannot replay a run of mode 'coins'" in replayed.output


def test_the_log_writer_logs_its_runs_as_the_simulation_runner_does(
    coins: Mode, store: RunStore, tmp_path: Path
) -> None:
    """The bots' two roads into the log (a batch written here, `simulate`; a writer process
    on the other core, `LogWriter` with `record_row`) write the same rows for the same runs:
    each by the game's own outcome and tally, nothing of the mode's own."""
    from privateer.db.log_writer import LogWriter, record_row

    game = coins.game({"best_of": 3}, None)
    choose = lambda seed: always(FACES[seed % 2])  # noqa: E731
    list(simulate(coins, game, range(6), choose, max_actions=99, store=store,
                  options=lambda record: {"best_of": 3}, bot="caller"))  # fmt: skip
    written = tmp_path / "writer.duckdb"
    open_database(written, notify=lambda _: None).dispose()
    with LogWriter(written, notify=lambda _: None) as writer:
        for seed in range(6):
            record = play(game, seed, choose(seed), max_actions=99)
            writer.add(record_row(coins, record, {"best_of": 3}, bot="caller"))
    rows = []
    for path in (store.path, written):
        engine = open_database(path, notify=lambda _: None)
        with engine.connect() as conn:
            runs = logged_runs(conn, all_run_ids(conn))
            figures = conn.exec_driver_sql(
                "SELECT mode, seed, options, outcome, score, days, rounds, target, ship, bot, "
                "engine_version FROM runs ORDER BY run_id"
            ).fetchall()
            figures += conn.exec_driver_sql(
                "SELECT list(day ORDER BY seq) FROM events GROUP BY run_id ORDER BY run_id"
            ).fetchall()
        engine.dispose()
        assert all(check_run(run).identical for run in runs)
        rows.append((figures, [(r.events, r.actions, r.checkpoints) for r in runs]))
    assert rows[0] == rows[1]
    assert {row[3] for row in rows[0][0][:6]} == {"won", "lost"}
