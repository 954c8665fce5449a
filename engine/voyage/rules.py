"""Every number of the voyage, named, with where it comes from, in one rules object per
ruleset (like an OpenSpiel game's parameters), so a sweep can vary any of them and the seed's
measured stages can be measured again.

Figures quoted by the Privateer design document say so; the rest are chosen here (the seed gives
none) and measured by `privateer voyage`. Switches turn the later systems off: `classic` is the
rules before dilemmas, the raid guard, prize cards and wages, the stage at which the seed's captain
bot won 39% of its runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..bounds import (
    NAME,
    ODDS_MAX,
    PER_MILLE,
    SPAN_DAYS,
    Float,
    Name,
    Table,
    Tup,
    bounded,
    check_rules,
    rule,
)
from ..errors import RuleError
from ..fight.rules import FIGHT_NAME, find_fight_rules
from ..fight.ships import SHIPS, TARGETS
from ..schema import Bool, Int, Text
from ..variants import read_variant, split_variant
from ..world.rules import DEFAULT_WORLD

MAX_DAYS = 20_000  # the longest run (`voyage --days`, `play --days`)
# The most gold a save may hold. A fight pays at most her hold and her bounty (80 for the
# richest ship, a town's treasury of 25 more), and a day brings one meeting at sea or a port's
# raids, with charting (15) or shares between: well under 1,000 a day, so under 2 * 10^7 in the
# longest run. 10^9 leaves fifty times that, and stays far inside the runs table's 64-bit score.
MAX_GOLD = 10**9

# What a rule may be (engine/bounds.py), each bound declared beside its field below.
GOLD = Int(0, MAX_GOLD)  # a price, or gold in hand
PRICES = Table(GOLD)  # a table of prices by name
PAY = Int(0, 10_000)  # gold paid at once: a day's pay times the longest run stays under MAX_GOLD
MORALE = Int(0, "morale_max")  # morale, or a change of it
ODDS = Int(1, ODDS_MAX)  # "one day in N"
STEPS = Int(0, 20)  # days' sail of sight or drift: a ring of the day graph
HULL = Int(1, 100)  # the most hull a blow takes (a draw of 1 to this)
SEASON = Int(0, 3)
BOX = Tup(Float(-180.0, 180.0), 4, 4)  # W, S, E, N in degrees
PLACE = Name(100)  # a port by name (the world says whether it has her)


@dataclass(frozen=True, slots=True)
class VoyageRules:
    name: str = rule("full", NAME)
    # --- the run (the Privateer design document, "playing") ---------------------------------------
    start_port: str = rule("Plymouth", PLACE)  # "You're a privateer out of Plymouth"
    start_ship: str = rule("pinnace", Text(SHIPS))  # "in a pinnace"
    start_gold: int = rule(20, GOLD)  # "with 20 gold"
    goal_gold: int = rule(150, Int(1, MAX_GOLD))  # "Bring 150 home to London and the run is won."
    home_port: str = rule("London", PLACE)
    # a run's length when nobody wins or sinks first (`voyage --days`)
    days: int = rule(730, Int(1, MAX_DAYS))
    # the living world's rules it is played in (world/rules.py)
    world_rules: str = rule(DEFAULT_WORLD, NAME)
    # the card fight's rules its fights are fought by (fight/rules.py): the seed's, or a
    # variant of them turned through this ruleset (`full[fight.relief_every=1]`)
    fight_rules: str = rule(FIGHT_NAME, NAME)
    # --- switches for the later systems --------------------------------------------------------
    dilemmas: bool = rule(True, Bool())  # storms, shares and castaways ask you
    raid_guard: bool = rule(True, Bool())  # a raid turned out puts the town on its guard
    prize_cards: bool = rule(True, Bool())  # a prize offers three cards
    wages: bool = rule(True, Bool())  # hands of note draw wages
    # "Every 60 days each hand of note is paid": wherever she is, in port or at sea, whatever
    # else the day brings. Off (engines before voyage-4): only on a quiet day at sea, so a
    # voyage in port or alongside a ship that day paid nothing.
    wages_wherever: bool = rule(True, Bool())
    # the late game (the Privateer design document, "The late game", "Seeing her first", "Letters of
    # marque") your name gets about: hunters come farther, warships better found
    renown: bool = rule(True, Bool())
    # "The more your prizes pay, the farther the hunters and privateers come for you, and the
    # better found": an enemy privateer comes with the renown hull a warship does (a privateer
    # is a private man-of-war). Off (engines before voyage-5): warships only, and a privateer
    # of any renown was the 12 hull any pinnace beat
    renown_privateers: bool = rule(True, Bool())
    # with the score in hand, every enemy privateer comes for you
    home_stretch: bool = rule(True, Bool())
    # and the Barbary corsairs with them, whatever the range: they are the Barbary states'
    # privateers ("every privateer of a nation at war with England comes for you"; "Corsairs
    # sank it twice; the bot has no notion of the home stretch and sails into it blind")
    home_stretch_corsairs: bool = rule(True, Bool())
    # a laden corsair taken frees her captives; her raids are news
    captives: bool = rule(True, Bool())
    # ships seen two steps past the water you read; the read of a ship
    lookout: bool = rule(True, Bool())
    # a run in three acts: three letters, then home to London, to win
    letters: bool = rule(True, Bool())
    # Drake's circuit (the Privateer design document: "The ultimate win is re-enacting Drake's raid
    # round the world"): the win is touching his places (data/drake.csv) in his order, then home
    # with the gold
    circuit: bool = rule(False, Bool())
    # a place is touched within this many days' sail of its node (a landfall seen from the
    # offing, as Drake raised Cape Blanc or Brava): chosen; two keeps Santiago and Brava, two
    # steps apart, a single landfall, and a ship need not put in at a place to touch it
    circuit_touch_steps: int = rule(2, STEPS)
    # the nation Drake's commission makes fair game on his circuit, as a letter of marque does
    # ("" none): the Queen's backing against Spain, whose Pacific coast he raided (Valparaiso,
    # Callao, the Cacafuego) with England and Spain not yet at war
    circuit_licence: str = rule("", Name(100))
    # --- the bar and the yard (the Privateer design document) -------------------------------------
    round_gold: int = rule(2, GOLD)  # "stand the house a drink (2 gold)"
    repair_gold: int = rule(1, Int(1, MAX_GOLD))  # "Repairs at 1 gold a point, not 3."
    strike_gold: int = rule(6, GOLD)  # "A yard will strike a card out for 6"
    pardon_gold: int = rule(80, GOLD)  # "A royal pardon (80, in any English port)"
    # "10 gold, times how far below zero you are", a point at a time
    bribe_gold: int = rule(10, GOLD)
    hire_gold: dict[str, int] = field(
        default_factory=lambda: {  # chosen: a gunner dearest, a pilot or navigator cheapest
            "master_gunner": 10,
            "marksmen": 8,
            "quartermaster": 6,
            "boatswain": 6,
            "surgeon": 8,
            "pilot": 5,
            "navigator": 5,
        },
        metadata=bounded(PRICES),
    )
    wage_gold: dict[str, int] = field(
        default_factory=lambda: {  # "1 or 2 gold" each: the skilled hands 2, chosen
            "master_gunner": 2,
            "marksmen": 1,
            "quartermaster": 1,
            "boatswain": 1,
            "surgeon": 2,
            "pilot": 1,
            "navigator": 2,
        },
        metadata=bounded(PRICES),
    )
    wage_days: int = rule(60, Int(1, MAX_DAYS))  # "Every 60 days each hand of note is paid"
    wage_short_morale: int = rule(2, MORALE)  # "Short of it, morale falls 2"
    upgrade_gold: dict[str, int] = field(
        default_factory=lambda: {  # chosen
            "more_guns": 10,
            "sheathed_hull": 10,
            "boarding_nets": 6,
            "chase_guns": 8,
        },
        metadata=bounded(PRICES),
    )
    ship_gold: dict[str, int] = field(
        default_factory=lambda: {"brigantine": 45, "frigate": 100, "galleon": 160},  # chosen
        metadata=bounded(PRICES),
    )
    # bigger ships only in fortified ports' yards: chosen
    ships_sold_at_forts: bool = rule(True, Bool())
    # --- meeting ships (the Privateer design document) --------------------------------------------
    let_pass_days: int = rule(5, Int(0, SPAN_DAYS))  # "won't come alongside again for 5 days"
    sight_steps: int = rule(1, STEPS)  # "sight is one step for now"; a navigator adds one
    # --- raids (the Privateer design document, "Raiding a port") ----------------------------------
    # "its walls have 4 more hull ... for each raid it has turned out"
    guard_walls: int = rule(4, Int(0, 100))
    guard_relief_sooner: int = rule(2, Int(0, 100))  # "and its relief comes 2 rounds sooner"
    # An open town's walls above the card engine's town (14 hull), chosen (voyage-6): 17 in all,
    # so a raid is a risk the shuffle decides, not a race of totals settled before it starts (a
    # pinnace with a master gunner sacks 82%, sinks 14% and falls back 4%; a brigantine without
    # one sacks 44% and the rest peters out: the balanced bot of `privateer sim --target town
    # --walls 3`). 0
    # (engines before voyage-6): the town's 14, which a pinnace with a gunner sacked every time
    # and one without never did.
    town_walls: int = rule(3, Int(0, 100))
    # --- morale and events at sea (the Privateer design document, "Events at sea") ----------------
    morale_start: int = rule(7, MORALE)  # "Morale starts at 7 of 10."
    morale_max: int = rule(10, Int(1, 100))
    morale_after_mutiny: int = rule(4, MORALE)  # "Afterwards morale is 4"
    sour_after_days: int = rule(30, Int(0, MAX_DAYS))  # "From 30 days after the last prize"
    sour_every_days: int = rule(10, Int(1, MAX_DAYS))  # "the crew lose a point every 10 days"
    # the crew close to mutiny: news worth heaving to for (chosen)
    near_mutiny: int = rule(2, MORALE)
    mutiny_gold_per_mille: int = rule(300, PER_MILLE)  # "30% of the gold goes"
    prize_morale: int = rule(3, MORALE)  # "a prize with a payout, +3"
    sack_morale: int = rule(4, MORALE)  # "(+4 for a sacked town)"
    round_morale: int = rule(1, MORALE)  # "the first round bought in a port, +1"
    # every visit's first round: off (engines before voyage-4), only the first round bought
    # in a port she had not bought one in last
    round_every_visit: bool = rule(True, Bool())
    islanders_morale: int = rule(3, MORALE)  # "trading with islanders, +3"
    anchor_morale: int = rule(1, MORALE)  # "each day at anchor off a charted island, +1"
    omen_morale: int = rule(2, MORALE)  # "a good omen, +2"
    omen_days: int = rule(45, ODDS)  # "about one day in 45 at sea"
    storm_days: int = rule(120, ODDS)  # "about one day in 120 at sea"
    # Antilles in autumn, Indian seas in the summer monsoon
    storm_season_factor: int = rule(3, Int(1, ODDS_MAX))
    # the hurricane waters (W, S, E, N) and their season (2: autumn): chosen
    hurricane_box: tuple[float, float, float, float] = rule((-90.0, 9.0, -58.0, 28.0), BOX)
    hurricane_season: int = rule(2, SEASON)
    # the monsoon's seas (W, S, E, N) and their season (1: summer): chosen
    monsoon_box: tuple[float, float, float, float] = rule((40.0, -10.0, 100.0, 25.0), BOX)
    monsoon_season: int = rule(1, SEASON)
    storm_high_latitude: float = rule(40.0, Float(0.0, 90.0))  # "twice as often past forty degrees"
    storm_high_latitude_factor: int = rule(2, Int(1, ODDS_MAX))
    # a storm that rolls its own cost (no dilemmas): 1-3 hull, or a fifth of the purse
    storm_hull_max: int = rule(3, HULL)
    storm_gold_per_mille: int = rule(200, PER_MILLE)
    # --- dilemmas (the Privateer design document, "Events that ask you something") ----------------
    # a payout this large, and the crew may want their shares: chosen
    shares_payout: int = rule(15, GOLD)
    shares_ask_per_mille: int = rule(250, PER_MILLE)  # how often they do, at such a payout: chosen
    # their shares: of the prize that brought the question (voyage-8), else of the purse
    shares_of_prize: bool = rule(True, Bool())
    shares_per_mille: int = rule(100, PER_MILLE)  # a tenth (chosen)
    shares_morale: int = rule(2, MORALE)  # paid: +2; refused: -2 (chosen)
    # "the crew soured in silence" (before the events that ask): without dilemmas, a crew that
    # would have asked its shares sours as if refused (voyage-8)
    crew_sours: bool = rule(True, Bool())
    # new land sighted: a man on the beach half the time (chosen)
    castaway_per_mille: int = rule(500, PER_MILLE)
    storm_run_steps: int = rule(2, STEPS)  # running before it drives her this many steps downwind
    # --- islands and islanders (the Privateer design document) ------------------------------------
    provisions_gold: int = rule(3, GOLD)  # "3 gold for +3 morale and +2 hull, once a day"
    provisions_hull: int = rule(2, Int(0, 100))
    canoes_per_mille: int = rule(300, PER_MILLE)  # "30% of the time the canoes come out"
    canoes_raided_per_mille: int = rule(700, PER_MILLE)  # "(70% if you've raided them)"
    anchor_mend: int = rule(1, Int(0, 100))  # "the hull mends a point a day"
    # "Islanders: Umatac on Guam (Spanish, the galleon's watering stop ...)": a port whose role
    # is islanders (data/ports.csv) trades as the native harbours do (provisions, canoes; no
    # bar, yard or hands) while it stays its nation's for standing and raids. Off: an ordinary
    # port of its nation, as before.
    guam_islanders: bool = rule(True, Bool())
    # islanders met at uncharted land: sighting an island brings them out this often (chosen;
    # the seed gives no figure), to trade provisions or, as at a native harbour
    # (`canoes_per_mille`), in war canoes. Off: new land is only charted, as before.
    island_folk: bool = rule(True, Bool())
    island_folk_per_mille: int = rule(500, PER_MILLE)
    # --- strike colours (the Privateer design document: "Prisoners talk too (interrogate, on
    # boarding party and strike colours, lost if you sink)") ------------------------------------
    # A "strike colours" card goes into the deck of each target named here: kept while she is
    # threatened (half hull or less, or outgunned two to one), she strikes: the fight ends, the
    # ship taken, her crew prisoners. Off: her deck as it always was.
    strike_colours: bool = rule(True, Bool())
    # chosen: the ships that would rather yield
    strike_targets: tuple[str, ...] = rule(("merchant",), Tup(Text(TARGETS), 0, len(TARGETS)))
    # --- the shore (the Privateer design document, "the world"), on since voyage-4 -------------
    # "Forts put the water a step out under their guns": a fort whose nation is at war with
    # England or wants you fires on her each day she ends in that water (engine/voyage/shore.py)
    fort_fire: bool = rule(True, Bool())
    # A step is a day's sail (60 nm) and the guns reach a mile or two of it: a day she ends in
    # that water, the shot finds her this often, per mille (chosen; measured in docs/voyage.md)
    fort_hit_per_mille: int = rule(250, PER_MILLE)
    # and costs 1 to this much hull: chosen (a storm's is 1 to 3)
    fort_hull_max: int = rule(2, HULL)
    # "Banks keep deep keels off": a ship of deep draught (fight/ships.py) keeps off the banks
    banks: bool = rule(True, Bool())
    # --- your name (the Privateer design document, "The late game") -------------------------------
    # "At 60, 120 and 200 it goes up a step": renown is what prizes and raids have paid
    renown_steps: tuple[int, ...] = rule((60, 120, 200), Tup(GOLD, 0, 20))
    # "each step hunters and privateers come a quarter farther"
    renown_reach_per_mille: int = rule(250, PER_MILLE)
    renown_hull: int = rule(2, Int(0, 100))  # "and a hostile warship comes with 2 more hull"
    # --- corsairs' captives (the Privateer design document, "Barbary corsairs") -------------------
    # "the captives go free: a point with their nation,
    captives_standing: int = rule(1, Int(0, 100))
    captives_crown: int = rule(1, Int(0, 100))  # and one with the Crown"
    # --- seeing her first (the Privateer design document, "Seeing her first") ---------------------
    lookout_steps: int = rule(2, STEPS)  # "ships are seen two steps past the water you can read"
    # --- letters of marque (the Privateer design document, "Letters of marque") -----------------
    # each act's deadline (from its issue): chosen. The second's 200 (270 before voyage-9), with
    # a grace of 45, leaves a captain slow to the town farther out revoked rather than home
    # late: over 1,000 runs by the document's bot the winners come home on day 417 (434.5 at
    # 270 and 90 of grace; 467.6 over seeds 0-199, eleven winners), within a fifth of its 368,
    # its other figures (won, the third letter reached, sunk) still in their intervals
    letter_days: tuple[int, int, int] = rule((150, 200, 300), Tup(Int(1, MAX_DAYS), 3, 3))
    # paid on finishing each act: chosen. The first letter's 20 (30 before voyage-7) leaves many
    # short of a sturdier ship for the second, so the letters take a small ship into enemy
    # waters, as the document's do: at 30 (200 runs, the document's bot) the third letter was
    # reached by 65.5% against its 12 of 30 (24.6-57.7%); at 20, 53.0%. At 10 it was 42.5%,
    # but half the runs never left Europe (41% at 20), the document's "round the world" lost.
    letter_reward: tuple[int, int, int] = rule((20, 50, 90), Tup(PAY, 3, 3))
    letter_prizes: int = rule(2, Int(1, 1_000))  # act one: "two prizes near home"
    # "a missed deadline gets more time once": chosen (90 before voyage-9)
    letter_extension_days: int = rule(45, Int(0, MAX_DAYS))
    letter_extension_standing: int = rule(2, Int(0, 100))  # "at -2 with England"
    # "the plate ship gets fresh word every 30 days"
    admiralty_word_days: int = rule(30, Int(0, MAX_DAYS))
    # how true the Admiralty's word is, per mille: chosen
    admiralty_reliability: int = rule(900, PER_MILLE)
    # --- where rumors of treasure are told ----------------------------------------------------
    checkpoint_days: int = rule(30, Int(1, MAX_DAYS))  # a state hash every 30 days in the log

    NESTED: ClassVar[dict[str, tuple[str, Callable[[str], Any]]]] = {
        "fight": ("fight_rules", find_fight_rules)
    }
    """The fight's numbers are turned through this ruleset by `fight.NAME` (variants.py)."""

    def __post_init__(self) -> None:
        check_rules(self)
        find_fight_rules(self.fight_rules)  # RuleError: no such fight rules

    @property
    def late_game(self) -> bool:
        """Any rule of the late game on: the voyage keeps its late-game state."""
        return self.renown or self.home_stretch or self.captives or self.lookout or self.letters

    def with_changes(self, **changes: object) -> VoyageRules:
        return replace(self, **changes)  # type: ignore[arg-type]


def stages(
    full: VoyageRules,
    classic_world: str,
    classic_fight: str = FIGHT_NAME,
    classic_ship_gold: dict[str, int] | None = None,
) -> dict[str, VoyageRules]:
    """The seed's stages as rulesets, each the one after with its systems switched off, and
    Drake's circuit, from `full` (the full rules of an engine), `classic` played in
    `classic_world`, fought by the fight rules `classic_fight` and selling its ships for
    `classic_ship_gold` (`full`'s prices if None)."""
    lookout = full.with_changes(name="lookout", letters=False)
    late = lookout.with_changes(name="late", lookout=False)
    dilemmas = late.with_changes(name="dilemmas", renown=False, home_stretch=False, captives=False)
    classic = dilemmas.with_changes(
        name="classic",
        dilemmas=False,
        raid_guard=False,
        prize_cards=False,
        wages=False,
        world_rules=classic_world,
        fight_rules=classic_fight,
        ship_gold=dict(classic_ship_gold or dilemmas.ship_gold),
    )
    # Drake's circuit: the fullest rules without letters of marque (their three acts are
    # another win), out of Plymouth and home to Plymouth, as Drake sailed (13 December 1577
    # to 26 September 1580: 1,018 days). 1,100 days: his 1,018 and a twelfth to spare. The
    # circuit traced through the day graph is 804 days' sail at a step a day, which leaves
    # 296 for the prizes, the repairs and the ports put in at on the way (Drake spent about
    # 214 at anchor: two months wintering at Port St Julian, five weeks at New Albion, a
    # month refitting off Celebes). He sailed in the Pelican (the Golden Hind: 18 guns, about
    # 150 tons) with four consorts: a frigate here (a pinnace makes the circuit but takes too
    # little on the way to come home with the gold).
    drake = lookout.with_changes(
        name="drake",
        circuit=True,
        circuit_licence="spain",
        start_ship="frigate",
        home_port="Plymouth",
        days=1_100,
    )
    return {r.name: r for r in (full, lookout, late, dilemmas, classic, drake)}


FULL = VoyageRules()
CLASSIC_FIGHT = f"{FIGHT_NAME}[privateer_bounty=0]"
"""`classic`'s fights (voyage-11): an enemy privateer pays her hold and no bounty, so the towns
are the raider's living, as they were the Privateer design document's bot's ("Cutting a town's
treasury from 25 to 20 took wins from 39% to 9%"): with the bounty, the privateers that came
for it paid a run more than the towns did, and a poorer town barely moved its wins."""
CLASSIC_SHIP_GOLD = {**FULL.ship_gold, "brigantine": 58}
"""`classic`'s yards (voyage-13): a brigantine for 58 gold, not 45, so the raider comes to her
later and raids longer from its pinnace, whose raids a town's treasury pays for or sinks. A
poorer town is then the cliff the Privateer design document measured ("Cutting a town's
treasury from 25 to 20 took wins from 39% to 9%"): over 200 runs a treasury of 25 wins 30.5%
and one of 20 wins 13.5% (33.0% and 18.0% at 45 gold; docs/voyage.md)."""
RULESETS: dict[str, VoyageRules] = stages(FULL, DEFAULT_WORLD, CLASSIC_FIGHT, CLASSIC_SHIP_GOLD)
# Engine voyage-12's (and voyage-11's): every ruleset as now, but `classic`'s brigantine for 45
VOYAGE_12 = stages(FULL, DEFAULT_WORLD, CLASSIC_FIGHT)
# Engine voyage-10's: every ruleset as now, but `classic`'s enemy privateers paying a bounty
VOYAGE_10 = stages(FULL, DEFAULT_WORLD)
# Engine voyage-9's: every ruleset as now, but on the home stretch the corsairs do not come
FULL_9 = FULL.with_changes(home_stretch_corsairs=False)
VOYAGE_9 = stages(FULL_9, DEFAULT_WORLD)
# Engine voyage-8's: voyage-9's, but the second letter of marque due in 270 days and a missed
# deadline's grace 90
FULL_8 = FULL_9.with_changes(letter_days=(150, 270, 300), letter_extension_days=90)
VOYAGE_8 = stages(FULL_8, DEFAULT_WORLD)
# Engine voyage-7's: voyage-8's, but the crew's shares of the purse, and a crew that never
# asked for them (no dilemmas) never soured for it
FULL_7 = FULL_8.with_changes(crew_sours=False, shares_of_prize=False)
VOYAGE_7 = stages(FULL_7, DEFAULT_WORLD)
# Engine voyage-6's: voyage-7's, but the first letter of marque paying 30
FULL_6 = FULL_7.with_changes(letter_reward=(30, 50, 90))
VOYAGE_6 = stages(FULL_6, DEFAULT_WORLD)
# Engine voyage-5's: voyage-6's, but an open town as the card engine's (no walls of its own)
VOYAGE_5 = stages(FULL_6.with_changes(town_walls=0), DEFAULT_WORLD)
# Engine voyage-4's: voyage-5's, but a privateer comes as her kind is whatever your renown
# (only warships better found)
VOYAGE_4 = stages(FULL_6.with_changes(renown_privateers=False, town_walls=0), DEFAULT_WORLD)
LOOKOUT, LATE, DILEMMAS, CLASSIC, DRAKE = (
    RULESETS[name] for name in ("lookout", "late", "dilemmas", "classic", "drake")
)
"""The seed's stages, each a ruleset, all in the century's world (world/rules.py's
`century`) with the shore in play: `classic` (the rules before dilemmas, the stage at which
the seed's captain won 39%), `dilemmas` (storms, shares and castaways ask; the raid guard,
prize cards, wages), `late` (renown, the home stretch, corsairs' captives), `lookout` (seeing
her first, the read of a ship) and `full` (letters of marque: a run in three acts); and
`drake`, the ultimate win: Drake's circuit round the world."""

# Engine voyage-3's full rules: the seed's first world, the shore off, wages on a quiet day at
# sea only, the round's cheer only in a port other than the last.
FULL_3 = FULL_6.with_changes(
    world_rules="seed-000",
    fort_fire=False,
    banks=False,
    guam_islanders=False,
    island_folk=False,
    strike_colours=False,
    wages_wherever=False,
    round_every_visit=False,
    renown_privateers=False,
    town_walls=0,
)
VOYAGE_3 = stages(FULL_3, "balanced")
# voyage-3's `century`: its full rules with the shore in play in world-2's century
VOYAGE_3["century"] = FULL_3.with_changes(
    name="century",
    world_rules="century",
    fort_fire=True,
    banks=True,
    guam_islanders=True,
    island_folk=True,
    strike_colours=True,
)
# `classic` as engine voyage-2 played it: the seed's world as it first had it (world rules
# `seed-000`), where the captain kept to Europe's safe prizes and met no armada
CLASSIC_2 = VOYAGE_3["classic"].with_changes(world_rules="seed-000")

LEGACY_RULESETS: dict[str, dict[str, VoyageRules]] = {
    "voyage-1": {"full": VOYAGE_3["dilemmas"].with_changes(name="full"), "classic": CLASSIC_2},
    "voyage-2": {**VOYAGE_3, "classic": CLASSIC_2},
    "voyage-3": VOYAGE_3,
    "voyage-4": VOYAGE_4,
    "voyage-5": VOYAGE_5,
    "voyage-6": VOYAGE_6,
    "voyage-7": VOYAGE_7,
    "voyage-8": VOYAGE_8,
    "voyage-9": VOYAGE_9,
    "voyage-10": VOYAGE_10,
    "voyage-11": VOYAGE_12,  # voyage-12 changed the captain bots, not the rules
    "voyage-12": VOYAGE_12,
}
"""What a run's rules name meant under an earlier engine version: runs and saves of
`voyage-1` (before the late game) named `full` what is now `dilemmas`, under the name they
were played and hashed with; those of `voyage-2` played `classic` in the seed's first world
(`seed-000`), before the balance pass; those of `voyage-3` played in the seed's first world
(`classic` in the balanced one, `century` in world-2's century) with the shore off, wages paid
only on a quiet day at sea and a round's cheer once a port; those of `voyage-4` met a privateer
as her kind is, whatever their renown; those of `voyage-5` raided an open town of the card
engine's 14 hull; those of `voyage-6` were paid 30 for the first letter of marque; those of
`voyage-7` paid the crew's shares out of the purse, and without dilemmas never soured for
them; those of `voyage-8` had 270 days for the second letter of marque and 90 of grace; those
of `voyage-9` met no corsair come for them on the home stretch; those of `voyage-10` were
paid a bounty for an enemy privateer in `classic`; those of `voyage-11` and `voyage-12` bought
`classic`'s brigantine for 45 gold (voyage-12 changed only the captain bots)."""

WORLD_ENGINE_OF: dict[str, str] = {
    "voyage-1": "world-2",
    "voyage-2": "world-2",
    "voyage-3": "world-2",
}
"""The world engine whose world rules an earlier voyage engine's runs were played in (this
engine's own, the current world's)."""


KNOWN_RULESETS: tuple[str, ...] = tuple(
    dict.fromkeys([*RULESETS, *(name for table in LEGACY_RULESETS.values() for name in table)])
)
"""Every rules name a run or a save may carry."""


def find_voyage_rules(name: str, engine_version: str | None = None) -> VoyageRules:
    """The ruleset `name` as the engine `engine_version` played it (this engine's, by
    default), or a variant of it by name (`full[storm_days=60]`, a study's: engine/variants.py);
    RuleError naming those there are, or the change that is wrong."""
    table = LEGACY_RULESETS.get(engine_version or "", RULESETS)
    base, changes = split_variant(name)
    if base not in table:
        raise RuleError(f"no voyage rules {name!r}: one of {', '.join(table)}")
    return read_variant(table[base], changes) if changes else table[base]
