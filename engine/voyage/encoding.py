"""The voyage's view as numbers (engine/encoding.py): the day and season, where she is, her
ship sheet, what is in sight by kind and how many are hostile, the rumors she holds, the wars
England is in, what waits on her, the port she lies in (its treasury, whether it deals and
is fortified) and, while she fights, the fight as the fight itself is encoded. Only what the
captain's view holds: no ship's course, no rumor's truth."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..encoding import Encoding, Feature, OpenActions, View, at, derived, nested, number, one_hot
from ..fight.encoding import ENCODING as FIGHT_ENCODING
from ..fight.ships import SHIPS, TARGETS
from ..world.kinds import SHIP_KINDS
from .shore import keel_closed

SIGHTED = tuple(SHIP_KINDS)
PENDING = ("meeting", "fight", "prize", "dilemma")
MOST_GOLD = 5_000
MOST_DAYS = 2_000


def _sight(view: View) -> list[float]:
    seen = view.get("in_sight") or []
    kinds = [float(sum(1 for s in seen if s.get("kind") == kind)) for kind in SIGHTED]
    return [float(len(seen)), float(sum(1 for s in seen if s.get("hostile"))), *kinds]


def _rumors(view: View) -> list[float]:
    rumors = view.get("rumors") or []
    return [float(len(rumors)), max((float(r.get("marker", 0)) for r in rumors), default=0.0)]


def _course_node(text: str) -> int | None:
    verb, _, node = text.partition(" ")
    return int(node) if verb == "course" and node.isdigit() else None


def _open_courses(game: Any, state: Any) -> np.ndarray[Any, Any]:
    """1 for every node a course may be set to now: at sea or in port with nothing waiting,
    by a way over the sea (round the banks, for a deep keel)."""
    world = game.world
    if state.over or state.pending is not None:
        return np.zeros(world.n, np.int8)
    closed = keel_closed(world, state, game.rules)
    hops = world.hops_avoiding([state.node], closed) if closed else world.hops_from([state.node])
    reach = (np.asarray(hops) >= 0).astype(np.int8)
    reach[list(closed - {state.node})] = 0
    reach[state.node] = 1
    return reach


def _lengths(*paths: str) -> Feature:
    return derived(
        "counts",
        "how many hands aboard, refits made, colours struck, wars with England",
        lambda v: [float(len(at(v, p) or [])) for p in paths],
        list(paths),
        high=100,
    )


ENCODING = Encoding(
    (
        number("day", "the day", high=MOST_DAYS),
        one_hot("season", "the season", range(4)),
        number("lat", "her latitude", low=-90, high=90),
        number("lon", "her longitude", low=-180, high=180),
        derived(
            "in_port", "whether she lies in port", lambda v: [float(v.get("port") is not None)]
        ),
        derived(
            "bound", "whether she has a course set", lambda v: [float(v.get("course") is not None)]
        ),
        one_hot("sheet.ship", "her ship", tuple(SHIPS)),
        number("sheet.hull", "her hull", high=100),
        number("sheet.max_hull", "her full hull", high=100),
        number("sheet.morale", "the crew's morale", high=20),
        number("sheet.gold", "gold aboard", high=MOST_GOLD),
        number("sheet.berths", "berths for hands", high=10),
        number("sheet.deck_size", "cards in her fight deck", high=100),
        _lengths("sheet.crew", "sheet.upgrades", "sheet.struck", "politics.at_war_with_england"),
        derived(
            "in_sight",
            "ships in sight: all, hostile, and of each kind",
            _sight,
            ["in_sight", "in_sight.hostile", *(f"in_sight.{k}" for k in SIGHTED)],
            high=200,
        ),
        derived(
            "rumors",
            "rumors held, and the strongest marker",
            _rumors,
            ["rumors", "rumors.strongest"],
            high=200,
        ),
        number("politics.pirate", "named a pirate"),
        one_hot("pending.kind", "what waits on her", PENDING),
        one_hot("pending.target", "what she meets or fights", tuple(TARGETS)),
        number("port_sheet.treasury", "the port's treasury", high=MOST_GOLD),
        number("port_sheet.fortified", "the port is fortified"),
        number("port_sheet.deals", "the port deals with her"),
        number("location.anchorage", "an anchorage"),
        *nested("fight", "the fight", FIGHT_ENCODING),
    ),
    most_actions=1024,
    open_actions=OpenActions(
        "a course to any node of the sea (the legal actions list only the ports')",
        lambda game: int(game.world.n),
        lambda node: f"course {node}",
        _course_node,
        _open_courses,
    ),
)
"""The voyage's encoding. Its actions: at most 1,024 at once (a course to every port of the
default world and a port's business come to 134 in the captain's runs)."""
