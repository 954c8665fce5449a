"""What a tabletop save must be beyond its shape: a table its game's play reaches
(`TabletopGame` asks it of every state it reads). Its rules and nations are its run's (a
save's rules are the preset its run names, with the changes its name records). The goal's
gold ends the game the moment a seat reaches it (engine/tabletop/table.py's `gain`), so a game
going on has no seat at the goal, and one won on gold has its winner there and no other; the
round limit ends it with the most gold winning (a tie: nobody). Turns go round the table
from the seat that won the first roll.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import SaveError
from ..reachable import same_as_game
from .rules import TabletopRules
from .state import TabletopState


def check_reachable(state: TabletopState, rules: TabletopRules, players: Sequence[str]) -> None:
    """Refuse (SaveError, one line) a table no play of `rules` among `players` reaches."""
    same_as_game("rules", state.rules, rules)
    same_as_game("players", state.players, list(players))
    goal, seats = rules.goal_gold, state.seats
    at_goal = [seat for seat, gold in enumerate(state.gold) if gold >= goal]
    if state.result is None:
        if at_goal:
            seat = at_goal[0]
            raise SaveError(
                f"gold[{seat}] {state.gold[seat]} is at the goal ({goal}) and the game goes on"
            )
        if state.winner is not None:
            raise SaveError(f"winner {state.winner} and the game goes on")
        if state.turn > rules.round_limit * seats:
            raise SaveError(f"turn {state.turn} is past the round limit ({rules.round_limit})")
    elif state.result == "gold" and at_goal != [state.winner]:
        raise SaveError(f"won on gold by {state.winner}, but at the goal ({goal}): {at_goal}")
    elif state.result == "round_limit":
        if at_goal or state.turn < rules.round_limit * seats:
            raise SaveError(f"ended on the round limit on turn {state.turn}, gold {state.gold}")
        leaders = [seat for seat, gold in enumerate(state.gold) if gold == max(state.gold)]
        if state.winner != (leaders[0] if len(leaders) == 1 else None):
            raise SaveError(f"winner {state.winner} is not the one seat with the most gold")
    if state.result is not None and state.raid is not None:
        raise SaveError("a raid under way in a game over")
    turn_seat = (state.first + max(state.turn - 1, 0)) % seats
    if state.active != turn_seat:
        raise SaveError(
            f"active {state.active} is not the seat of turn {state.turn} (from {state.first})"
        )
