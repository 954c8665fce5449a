"""Asking before an act that ends or changes a run: raiding a town England is not at war with
(an English one, home included, makes you a pirate) or at long odds (every raid is sized up
first), firing on a ship of a nation at peace with England or on an English one, idling long
in port, sailing past the clock.

What an act would cost is read by doing it on a copy of the state (a dry run of the engine's
own act), so the words say exactly what the engine will do: the standing each nation takes,
the strain on a peace and any war it breaks into, being named a pirate. The engine is never
asked to refuse or to behave otherwise: the question is the front end's. No answer (end of
input) is no.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import typer

from privateer.cli.voyage.goal import missing
from privateer.cli.voyage.raid import long_odds, long_odds_line, size_up_lines
from privateer.engine.events import Event
from privateer.engine.voyage import (
    IllegalVoyageAction,
    Meeting,
    VoyageGame,
    VoyageState,
    licensed,
    raid_read_of,
)
from privateer.engine.world import at_war

IDLE_DAYS = 3
"""Days a captain may idle in port (`wait N`) without being asked: more asks first."""


class Played(Protocol):
    """What the confirmations read of a session: the game and its state."""

    @property
    def game(self) -> VoyageGame: ...

    @property
    def state(self) -> VoyageState: ...


def ask(read_line: Callable[[], str], lines: list[str], question: str) -> bool:
    """Show what an act costs and ask `question [y/N]`; yes only for y or yes. End of input is
    no (and says so)."""
    for line in lines:
        typer.echo(line)
    typer.echo(f"  {question} [y/N] ", nl=False)
    answer = read_line()
    if not answer:
        typer.echo("")
        typer.echo("  no answer (input ended): not done")
        return False
    if answer.strip().lower() in ("y", "yes"):
        return True
    typer.echo("  not done")
    return False


def _dry_run(session: Played, action: str) -> tuple[VoyageState, list[Event]] | None:
    """The act done on a copy: the state after and the events; None if the engine refuses it
    (the real act then says why)."""
    game = session.game
    trial = game.copy(session.state)
    try:
        return trial, game.act(trial, game.parse_action(action))
    except IllegalVoyageAction:
        return None


def _nation(name: str) -> str:
    return name.replace("_", " ").title()


def costs(session: Played, after: VoyageState, events: list[Event]) -> list[str]:
    """What the act did on the copy, in a captain's words: named a pirate, each nation's
    standing, the strain on each peace with England, any war it starts."""
    world = session.game.world
    before = session.state.world
    ws = after.world
    lines = []
    for event in events:
        data = event.data if isinstance(event.data, dict) else {}
        if event.kind == "pirate":
            lines.append(
                f"    England names you a pirate ({data.get('why', '')}): its ships and forts "
                "hunt you, and no win at home till a royal pardon"
            )
        elif event.kind == "war":
            lines.append("    war: " + " and ".join(_nation(n) for n in data.get("nations", ())))
    for n, name in enumerate(world.nations):
        was, now = before.standing[n], ws.standing[n]
        if was != now:
            lines.append(
                f"    {_nation(name)} will hear of it: standing {now - was:+d} ({was} -> {now})"
            )
        strained = ws.strain[n] - before.strain[n]
        if strained > 0:
            war_at = session.game.wrules.strain_war
            lines.append(
                f"    the peace between England and {_nation(name)} strains: {ws.strain[n]} "
                f"(war at {war_at})"
            )
    return lines


def _risky(session: Played, nation: int, events: list[Event]) -> bool:
    """An act against `nation` asks first when it names you a pirate, starts a war, or falls
    on a nation England is not at war with and no letter (or commission) makes fair game."""
    if any(e.kind in ("pirate", "war") for e in events):
        return True
    if nation < 0:
        return False  # a monster is nobody's
    state = session.state
    england = session.game.world.nation("england")
    return not at_war(state.world, nation, england) and not licensed(state, nation)


@dataclass(frozen=True)
class RaidBrief:
    """What is said before a raid: the town sized up, what the raid costs if it changes the
    run, and long odds; `asks`: whether it asks first."""

    lines: list[str]
    asks: bool


def raid_brief(session: Played) -> RaidBrief | None:
    """The raid sized up (her walls, guns, relief and treasury against your hull and deck, and
    the odds, from the encounter the engine's own act begins on a copy), and whether it asks
    first: home ports always, a raid that changes the run, and long odds. None: the engine
    will refuse it and say why."""
    state = session.state
    if state.port < 0:
        return None
    done = _dry_run(session, "raid")
    if done is None:
        return None
    after, events = done
    world, rules = session.game.world, session.game.rules
    port = world.ports[state.port]
    whose = f"{port.name} ({_nation(world.nations[port.nation])})"
    own_walls = 0 if port.fortified else rules.town_walls
    read = raid_read_of(after.fight, own_walls) if after.fight is not None else None
    lines = size_up_lines(whose, read) if read is not None else []
    home = port.name in (rules.home_port, rules.start_port)
    changes = home or _risky(session, port.nation, events)
    if changes:
        lines += [f"  raiding {whose} changes the run:", *costs(session, after, events)]
    hopeless = read is not None and long_odds(read["odds"])
    if read is not None and hopeless:
        lines.append(long_odds_line(read))
    return RaidBrief(lines, changes or hopeless)


def raid_question(session: Played) -> list[str] | None:
    """The lines to show before a raid that asks first (None: it need not ask, or the engine
    will refuse it and say why)."""
    brief = raid_brief(session)
    return brief.lines if brief is not None and brief.asks else None


def attack_question(session: Played) -> list[str] | None:
    """The lines to show before firing on the ship alongside, when it asks first."""
    state = session.state
    pending = state.pending
    if not isinstance(pending, Meeting):
        return None
    done = _dry_run(session, "attack")
    if done is None:
        return None
    after, events = done
    flag = int(state.world.ships["flag"][pending.ship])
    if not _risky(session, flag, events):
        return None
    whose = _nation(session.game.world.nations[flag]) if flag >= 0 else "nobody"
    lines = [f"  firing on a ship of {whose} changes the run:", *costs(session, after, events)]
    if flag >= 0:
        wrules = session.game.wrules
        more = wrules.standing_sink - wrules.standing_damage
        strain = "" if licensed(state, flag) else f", strain {wrules.strain_take} more"
        lines.append(f"    and if you take her: standing -{more} more with {whose}{strain}")
    return lines


def clock_question(session: Played) -> list[str] | None:
    """The lines to show before the day that ends the voyage by the clock (None: not yet)."""
    state = session.state
    if state.over or state.day + 1 < state.last_day:
        return None
    rules = session.game.rules
    lacking = missing(rules, state)
    if state.port < 0 or session.game.world.ports[state.port].name != rules.home_port:
        lacking.append(f"not home in {rules.home_port}")
    short = f": {'; '.join(lacking)}" if lacking else ""
    return [
        f"  day {state.day} of {state.last_day}: a day more ends the voyage (out of time), "
        f"not won{short}"
    ]


def ask_action(read_line: Callable[[], str], lines: list[str] | None, question: str) -> bool:
    """True to go ahead: nothing to ask, or asked and answered yes."""
    return lines is None or ask(read_line, lines, question)
