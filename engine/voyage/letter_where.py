"""Where the letter in hand sends you, in days (issue 35: "letters that say where"): its
region and whether she is in it, the days' sail to its nearest water, the towns of its nation
there (for a sack, the towns that count) each with the days' sail to it, the deadline and the
days it leaves; for the plate ship, the days to the Admiralty's last word of her.

Days are a course's: a step a day over the engine's own day graph, keeping off what her keel
keeps off (shore.days_to, as `next_step` sails). A pure read of the state: nothing is drawn
or changed, and the front ends (the terminal's `letter`, `help letter`, its prompt and chart,
the browser's chart) only render it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..world.rules import WorldRules
from ..world.rumors import Rumor
from ..world.world import World
from . import letters
from .port import raid_refusal
from .rules import VoyageRules
from .shore import days_to, keel_closed
from .state import VoyageState


@dataclass(frozen=True, slots=True)
class LetterTown:
    """A town of the letter's nation in its region."""

    port: int
    name: str
    node: int
    fortified: bool
    days: int  # days' sail from her by a course; -1: no way by sea
    raid: str  # "open", or why it cannot be raided now (sacked, on its guard)


@dataclass(frozen=True, slots=True)
class LetterWhere:
    """Where the letter in hand sends you (`letter_where`)."""

    act: int
    task: str  # prizes | sack | plate_ship
    nation: str  # its key ("dutch")
    nation_name: str  # as a person says it ("the Dutch Republic")
    region: str  # the region's name (the plate ship's letter: her fleet's)
    boxes: tuple[letters.Box, ...]  # the region's boxes, W S E N (none for the plate ship)
    inside: bool  # she is in the region: a prize there counts
    region_days: int  # days' sail to the region's nearest water (0 in it; -1 none or no way)
    towns: tuple[LetterTown, ...]  # nearest first (no way by sea last), then by name
    deadline: int
    days_left: int
    word_node: int  # the Admiralty's last word of the plate ship (-1: none)
    word_days: int  # days' sail to it (-1: none or no way)


def letter_where(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> LetterWhere | None:
    """Where the letter in hand sends you; None without one (no letters, revoked, all done)."""
    late = state.late
    if late is None or late.letter is None:
        return None
    letter = late.letter
    closed = keel_closed(world, state, rules)
    region = letters.REGIONS.get(letter.region)
    towns: list[LetterTown] = []
    inside, region_days = False, -1
    if region is not None:
        inside = letters.inside(world, state.node, region)
        region_days = 0 if inside else _days_to_any(world, state, closed, region)
        for port in letters.ports_in(world, letter.nation, region, open_only=False):
            p = world.ports[port]
            refused = raid_refusal(world, state, rules, wrules, port)
            days = days_to(world, state, closed, p.node)
            towns.append(LetterTown(port, p.name, p.node, p.fortified, days, refused or "open"))
    towns.sort(key=lambda t: (t.days < 0, t.days, t.name))
    word_node = _word_node(state) if letter.task == "plate_ship" else -1
    word_days = days_to(world, state, closed, word_node) if word_node >= 0 else -1
    return LetterWhere(
        act=letter.act,
        task=letter.task,
        nation=world.nations[letter.nation],
        nation_name=world.nation_names[letter.nation],
        region=letter.region,
        boxes=region.boxes if region is not None else (),
        inside=inside,
        region_days=region_days,
        towns=tuple(towns),
        deadline=letter.deadline,
        days_left=letter.deadline - state.day,
        word_node=word_node,
        word_days=word_days,
    )


def _days_to_any(
    world: World, state: VoyageState, closed: frozenset[int], region: letters.Region
) -> int:
    """Days' sail from her to the region's nearest water (-1: no way)."""
    nodes = sorted(letters.region_nodes(world, region.name) - closed)
    if not nodes:
        return -1
    hops = world.hops_avoiding(nodes, closed)
    here = state.node
    if here not in closed:
        return int(hops[here])
    off = [int(hops[n]) for n in world.step_neighbours[here] if hops[n] >= 0]
    return min(off) + 1 if off else -1  # on a bank a storm drove her to: she may step off


def _word_node(state: VoyageState) -> int:
    """Where the Admiralty's last word placed the plate ship (-1: no word)."""
    for raw in state.rumors:
        rumor = Rumor.from_list(raw)
        if rumor.source == letters.ADMIRALTY:
            return int(rumor.node)
    return -1
