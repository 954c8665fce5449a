"""`privateer fight` on a full screen: both sides' hull, way and deck and the hand of three
cards with their words, the round's lines in the log as they come, two cards kept in order by
their keys (`1` then `2`), `?` the cards' words, `s` breaking off (the fight stays saved)."""

from __future__ import annotations

from privateer.cli.fight import screen as fight_screen
from privateer.cli.fight.session import FightSession
from privateer.cli.render import state_lines
from privateer.cli.tui.loop_app import Key, LoopApp

KEYS = (
    Key("1", "1", "keep 1"),
    Key("2", "2", "keep 2"),
    Key("3", "3", "keep 3"),
    Key("question_mark", "?", "words"),
    Key("s,q", "s", "break off"),
)


def fight_app(session: FightSession, opening: list[str]) -> LoopApp:
    def drawn(_asked: str) -> list[str]:
        return state_lines(session.state)

    return LoopApp(
        f"privateer fight: run {session.run_id}",
        lambda read_line: fight_screen.run(session, read_line, draw=lambda _: None),
        drawn,
        (),
        KEYS,
        opening,
    )
