"""Letters of marque: a run in three acts (the Privateer design document, "Letters of marque: a run
in three acts").

Each letter is a nation, a region, a task, a deadline and a reward. First two prizes near home
(the Narrow Seas, the Barbary coast), then a town to sack farther out (the Spanish Main,
Brazil, the Indies), then a named Spanish plate ship on her known course. A letter makes its
nation fair game while it lasts: firing on its ships or raiding its towns costs you standing
with it, but puts no strain on its peace with England. Finishing one pays it and brings the
next, with the Admiralty's word of where to look: the region, and for the plate ship a word of
where she was, fresh every 30 days, kept on the chart (a rumor) till fresher word replaces it,
its cloud widening as it ages. A missed deadline gets more time once, at -2 with England; a
second, and the letter is revoked and you are a pirate (a royal pardon brings a new one). All
three and home to London wins; gold is the score.

Where the seed was silent (it was work in progress there), this chooses: the regions as boxes
of the chart, the nations (the Narrow Seas against England's opening enemy, or France when
that is Spain; the Main against Spain, Brazil against Portugal, the Indies against the Dutch),
the deadlines and rewards (in the rules), a town of the region only if the nation has an open
one there, and the plate ship drawn from the flota (Spain's Atlantic plate fleet).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import Event
from ..registry import Registry
from ..rng import below
from ..world import wars
from ..world.fleet import FLEETS
from ..world.kinds import TREASURE
from ..world.rules import WorldRules
from ..world.rumors import Rumor
from ..world.world import World
from .late import Letter
from .rules import VoyageRules
from .state import VoyageState

Box = tuple[float, float, float, float]  # W, S, E, N


@dataclass(frozen=True, slots=True)
class Region:
    name: str
    act: int  # the act whose letters send you there
    boxes: tuple[Box, ...]
    nation: str  # whose ships or towns the letter is against ("enemy": England's opening one)


REGIONS: Registry[Region] = Registry("region", lambda r: r.name)
"""Where the first two acts' letters send you (the third follows its ship), declared once: the
letters, the captain and the chart read them here."""
for _region in (
    Region("the Narrow Seas", 1, ((-7.0, 47.5, 9.0, 56.5),), "enemy"),
    Region("the Barbary coast", 1, ((-14.0, 27.0, 16.0, 38.0),), "barbary"),
    Region("the Spanish Main", 2, ((-91.0, 7.0, -59.0, 22.0),), "spain"),
    Region("Brazil", 2, ((-50.0, -30.0, -33.0, 0.0),), "portugal"),
    Region("the Indies", 2, ((90.0, -12.0, 135.0, 12.0),), "dutch"),
):
    REGIONS.add(_region)
PLATE_NATION = "spain"
PLATE_FLEET = "the flota"  # the plate (silver) fleet, Cádiz to the Main and home; any Spanish
# treasure ship where a world has none of hers (the Manila galleon's round is a year away)
ADMIRALTY = "admiralty"  # the source of the Admiralty's word (a rumor's `source`)


def inside(world: World, node: int, region: Region) -> bool:
    lon, lat = float(world.lon[node]), float(world.lat[node])
    return any(w <= lon <= e and s <= lat <= n for w, s, e, n in region.boxes)


_REGION_NODES: dict[tuple[str, str], frozenset[int]] = {}


def region_nodes(world: World, name: str) -> frozenset[int]:
    """The nodes of a region (what the chart draws dashed; none for a ship's), worked out once
    a world."""
    key = (world.content_hash, name)
    found = _REGION_NODES.get(key)
    if found is None:
        region = REGIONS.get(name)
        lon, lat = world.lon, world.lat
        found = frozenset(
            ()
            if region is None
            else (
                int(n)
                for w, s, e, north in region.boxes
                for n in ((lon >= w) & (lon <= e) & (lat >= s) & (lat <= north)).nonzero()[0]
            )
        )
        _REGION_NODES[key] = found
    return found


def _nation_of(world: World, state: VoyageState, region: Region) -> int:
    if region.nation != "enemy":
        return world.nation(region.nation) if region.nation in world.nations else -1
    england = world.nation("england")
    for key in ("france", "dutch", "spain"):  # England's opening enemy, but not Spain here
        if key in world.nations and key != "spain":
            nation = world.nation(key)
            if wars.at_war(state.world, england, nation):
                return nation
    return world.nation("france") if "france" in world.nations else -1


def ports_in(world: World, nation: int, region: Region, *, open_only: bool) -> list[int]:
    """The nation's ports in the region (only its open towns, for a sack)."""
    return [
        i
        for i, p in enumerate(world.ports)
        if p.nation == nation
        and not p.native
        and not (open_only and p.fortified)
        and inside(world, p.node, region)
    ]


def _plate_ships(world: World, state: VoyageState) -> list[int]:
    if PLATE_NATION not in world.nations:
        return []
    spain = world.nation(PLATE_NATION)
    ships = state.world.ships
    spanish = [
        s
        for s in range(state.world.ship_count)
        if ships["kind"][s] == TREASURE and ships["flag"][s] == spain
    ]
    plate = [s for s in spanish if _fleet_name(world, state, s) == PLATE_FLEET]
    return plate or spanish


def _draw(state: VoyageState, n: int) -> int:
    pick, state.rng = below(state.rng, n)
    return pick


def issue(world: World, state: VoyageState, rules: VoyageRules, act: int) -> list[Event]:
    """The letter of `act` put in your hand (drawn from the voyage's RNG among what this world
    allows), with its event; nothing if the world has no such work."""
    late = state.late
    assert late is not None
    day = state.day
    deadline = day + rules.letter_days[act - 1]
    reward = rules.letter_reward[act - 1]
    if act == 3:
        ships = _plate_ships(world, state)
        if not ships:
            return []
        ship = ships[_draw(state, len(ships))]
        flag, fleet = state.world.ships["flag"][ship], _fleet_name(world, state, ship)
        late.letter = Letter(3, flag, fleet, "plate_ship", ship, 0, day, deadline, False, reward)
        return [_issued(world, late.letter, state), *admiralty_word(world, state, rules)]
    choices = []
    for region in REGIONS:
        if region.act != act:
            continue
        nation = _nation_of(world, state, region)
        # its ships come and go from its ports there; a town to sack must be an open one
        if nation < 0 or not ports_in(world, nation, region, open_only=act == 2):
            continue
        choices.append((region, nation))
    if not choices:
        return []
    region, nation = choices[_draw(state, len(choices))]
    task, target = ("prizes", rules.letter_prizes) if act == 1 else ("sack", -1)
    late.letter = Letter(act, nation, region.name, task, target, 0, day, deadline, False, reward)
    return [_issued(world, late.letter, state)]


def _fleet_name(world: World, state: VoyageState, ship: int) -> str:
    course = state.world.ships["course"][ship]
    return FLEETS[course][0] if 0 <= course < len(FLEETS) else "a plate ship"


def _issued(world: World, letter: Letter, state: VoyageState) -> Event:
    return Event(
        "letter",
        state.day,
        {
            "act": letter.act,
            "nation": world.nations[letter.nation],
            "region": letter.region,
            "task": letter.task,
            "target": letter.target,
            "deadline": letter.deadline,
            "reward": letter.reward,
            "stop": True,
        },
    )


def admiralty_word(world: World, state: VoyageState, rules: VoyageRules) -> list[Event]:
    """The Admiralty's word of where the plate ship was: a rumor kept on the chart till
    fresher word replaces it."""
    late = state.late
    assert late is not None and late.letter is not None
    ship = late.letter.target
    ws = state.world
    node = ws.ships["node"][ship]
    word = Rumor(TREASURE, ws.ships["flag"][ship], node, state.day,
                 rules.admiralty_reliability, ADMIRALTY, ship)  # fmt: skip
    state.rumors = [r for r in state.rumors if Rumor.from_list(r).source != ADMIRALTY]
    state.rumors.append(word.to_list())
    late.word_day = state.day
    return [Event("admiralty_word", state.day, {"node": node, "ship": ship})]


def licensed(state: VoyageState, nation: int) -> bool:
    """The letter in hand (or Drake's commission, on his circuit) makes `nation` fair game: no
    strain on its peace with England."""
    late = state.late
    if late is not None and late.letter is not None and late.letter.nation == nation:
        return True
    return state.circuit is not None and state.circuit.licence == nation


# --- the day's business: deadlines and the Admiralty's word ---------------------------------


def letter_day(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """A day with a letter in hand: fresh word of the plate ship every `admiralty_word_days`;
    a deadline passed gets more time once (at -2 with England), then the letter is revoked
    and you are a pirate."""
    late = state.late
    if late is None or late.letter is None or state.over:
        return []
    letter = late.letter
    day = state.day
    events: list[Event] = []
    if letter.task == "plate_ship" and day - late.word_day >= rules.admiralty_word_days:
        events += admiralty_word(world, state, rules)
    if day <= letter.deadline:
        return events
    england = world.nation("england")
    if not letter.extended:
        letter.extended = True
        letter.deadline = day + rules.letter_extension_days
        wars.lose_standing(state.world, wrules, england, rules.letter_extension_standing)
        events.append(Event("letter_extended", day, {"act": letter.act,
                            "deadline": letter.deadline, "stop": True}))  # fmt: skip
        return events
    late.letter = None
    late.revoked += 1
    wars.turn_pirate(world, state.world, wrules)
    events.append(Event("letter_revoked", day, {"act": letter.act, "stop": True}))
    return events


# --- the work done ---------------------------------------------------------------------------


def took_ship(world: World, state: VoyageState, rules: VoyageRules, ship: int) -> list[Event]:
    """A ship taken (destroyed, you having the better of it): a prize of the letter's nation in
    its region, or the plate ship herself."""
    late = state.late
    if late is None or late.letter is None:
        return []
    letter = late.letter
    if letter.task == "plate_ship":
        return finish(world, state, rules) if ship == letter.target else []
    region = REGIONS.get(letter.region)
    if letter.task != "prizes" or region is None:
        return []
    if state.world.ships["flag"][ship] != letter.nation or not inside(world, state.node, region):
        return []
    letter.done += 1
    events = [Event("letter_progress", state.day, {"act": letter.act, "done": letter.done,
                                                    "of": letter.target})]  # fmt: skip
    if letter.done >= letter.target:
        events += finish(world, state, rules)
    return events


def sacked_town(world: World, state: VoyageState, rules: VoyageRules, port: int) -> list[Event]:
    late = state.late
    if late is None or late.letter is None or late.letter.task != "sack":
        return []
    letter = late.letter
    region = REGIONS.get(letter.region)
    p = world.ports[port]
    if region is None or p.nation != letter.nation or not inside(world, p.node, region):
        return []
    return finish(world, state, rules)


def finish(world: World, state: VoyageState, rules: VoyageRules) -> list[Event]:
    """A letter's task done: it pays, and the next is issued (after the third, home)."""
    late = state.late
    assert late is not None and late.letter is not None
    letter = late.letter
    state.gold += letter.reward
    late.acts_done += 1
    late.letter = None
    state.rumors = [r for r in state.rumors if Rumor.from_list(r).source != ADMIRALTY]
    events = [Event("letter_done", state.day, {"act": letter.act, "reward": letter.reward,
                                                "gold": state.gold, "stop": True})]  # fmt: skip
    if late.acts_done < 3:
        events += issue(world, state, rules, late.acts_done + 1)
    return events


def pardoned(world: World, state: VoyageState, rules: VoyageRules) -> list[Event]:
    """A royal pardon brings a new letter, if one was revoked."""
    late = state.late
    if late is None or late.letter is not None or late.acts_done >= 3 or not late.revoked:
        return []
    return issue(world, state, rules, late.acts_done + 1)


def letter_sheet(world: World, state: VoyageState) -> dict[str, Any]:
    """Your letters as the sidebar shows them: the one in hand (its act, nation, region or the
    plate ship's fleet, task, how far done, when due and how many days that leaves, whether it
    has had its extension, what it pays; None without one), the acts done, letters revoked,
    and the day of the Admiralty's last word of the plate ship (None before any)."""
    late = state.late
    assert late is not None
    letter = late.letter
    held: dict[str, Any] | None = None
    if letter is not None:
        held = {
            "act": letter.act,
            "nation": world.nations[letter.nation],
            "region": letter.region,
            "task": letter.task,
            "done": letter.done,
            "of": letter.target if letter.task == "prizes" else 1,
            "deadline": letter.deadline,
            "days_left": letter.deadline - state.day,
            "extended": letter.extended,
            "reward": letter.reward,
        }
    return {
        "letter": held,
        "acts_done": late.acts_done,
        "revoked": late.revoked,
        "word_day": late.word_day if late.word_day >= 0 else None,
    }


def letters_done(state: VoyageState) -> bool:
    late = state.late
    return late is not None and late.acts_done >= 3


def has_the_score(state: VoyageState, rules: VoyageRules) -> bool:
    """What wins a run home in London (and, with it in hand, sets word about): all three
    letters done (with letters of marque: gold is then the score), or the goal's gold (with
    Drake's circuit, made first)."""
    if rules.circuit and not (state.circuit is not None and state.circuit.made):
        return False
    if rules.letters:
        return letters_done(state)
    return state.gold >= rules.goal_gold
