"""`privateer tabletop` on a full screen: the table as the seat to play sees it (its hand and
the plays open, numbered), the log of every seat's moves, and a play chosen by its number's key
(or typed as in the line mode). At one table with several people, the table is covered by "Pass
to France" until France takes the seat (Enter), so no hand is ever shown but to its owner."""

from __future__ import annotations

from typing import Any

from privateer.cli.tabletop import screen as tabletop_screen
from privateer.cli.tabletop.session import TabletopSession
from privateer.cli.tui.loop_app import Key, LoopApp

KEYS = (
    *(Key(str(n), str(n)) for n in range(1, 10)),
    Key("enter", "", "take the seat"),
    Key("t", "table"),
    Key("question_mark", "help", "keys"),
    Key("q", "quit", "save & quit"),
)
PASS = "Pass to "


def tabletop_app(session: TabletopSession, opening: list[str]) -> LoopApp:
    drawn: list[str] = []

    def draw(session: TabletopSession, view: dict[str, Any]) -> None:
        drawn[:] = tabletop_screen.screen_lines(session, view)

    def shown(asked: str) -> list[str]:
        if asked.startswith(PASS):  # the table covered while it passes to the next person
            drawn.clear()
            return [asked.partition(".")[0], "", "(the table is covered)"]
        return list(drawn)

    return LoopApp(
        f"privateer tabletop: run {session.run_id}",
        lambda read_line: tabletop_screen.run(session, read_line, draw),
        shown,
        (),
        KEYS,
        opening,
        last_lines_first=True,
    )
