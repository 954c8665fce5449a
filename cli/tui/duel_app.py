"""`privateer duel` on a full screen: the hex board Red sees, both ships' state beside it, the
log, and the orders on keys (or typed on the command line as in the line mode)."""

from __future__ import annotations

from functools import partial

from privateer.cli.duel import screen as duel_screen
from privateer.cli.duel.render import board_lines, status_lines
from privateer.cli.duel.session import DuelSession
from privateer.cli.tui.loop_app import Key, LoopApp, Panel
from privateer.engine.duel import RED, observe

KEYS = (
    Key("w,up", "m0", "ahead"),
    Key("a", "ml"),
    Key("d", "mr"),
    Key("left", "tl", "turn"),
    Key("right", "tr"),
    Key("f", "f", "fire"),
    Key("b", "rb"),
    Key("c", "rc"),
    Key("g", "rg"),
    Key("h", "ph"),
    Key("s", "ps"),
    Key("x", "x", "flee"),
    Key("e", "e", "end"),
    Key("question_mark", "?", "keys"),
    Key("q", "q", "save & quit"),
)
"""The orders on keys: w or Up ahead, a/d forward-left/right, Left/Right turn, f fire, b/c/g
reload ball/chain/grape, h/s repair hull/sails, x flee, e end the activation."""


def duel_app(session: DuelSession, opening: list[str], debug: bool = False) -> LoopApp:
    def drawn(_asked: str) -> list[str]:
        return board_lines(observe(session.state, RED))

    def status() -> list[str]:
        return status_lines(observe(session.state, RED))

    loop = partial(duel_screen.run, session, debug=debug, draw=lambda *_: None)
    return LoopApp(
        f"privateer duel: run {session.run_id}",
        lambda read_line: loop(read_line=read_line),
        drawn,
        [Panel("the ships", status)],
        KEYS,
        opening,
        log_beside=True,
    )
