"""Every number of the living world, named, with where it comes from.

Figures quoted by the Privateer design document say so; the rest are chosen here (the seed gives
none), and `privateer world sim` measures what they do.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..bounds import NAME, PER_MILLE, SPAN_DAYS, Float, Name, Tup, check_rules, rule
from ..errors import RuleError
from ..schema import Bool, Int
from ..variants import read_variant, split_variant

# What a rule may be (engine/bounds.py), each bound declared beside its field below.
SPAN = Int(0, SPAN_DAYS)  # how long a thing lasts from today: a port's sack, a ship's rest
REACH_DAYS = 10_000  # far past the widest sea (the day graph's longest way is under 400 days)
REACH = Int(0, REACH_DAYS)  # how far, in days' sail
PAY = Int(0, 10_000)  # gold paid or held at once (the voyage's PAY)
STRAIN = Int(0, "strain_war")  # strain on a peace: at strain_war, war
STANDING = Int(0, 100)  # standing lost at once (standing itself stays in its floor and ceiling)
PLACES = Tup(Name(100), 0, 100)  # ports by name (the world says which it has)
LATITUDE = Float(0.0, 90.0)  # degrees from the equator, north or south
# a route's extra days for a step (routes.HighSeas): a weight below nothing is no route at all
ROUTE_DAYS = Float(0.0, 100.0)
RINGS = Tup(Int(0, 20), 1, 10)  # how many steps off a report is
WAKE_AGES = 13  # a ship's wake is kept 13 days (world/state.py's WAKE_DAYS): the bar's ages


@dataclass(frozen=True, slots=True)
class WorldRules:
    name: str = rule("seed-000", NAME)

    # --- wars (the Privateer design document, "Who's at war with whom") ---------------------------
    season_days: int = rule(91, Int(1, SPAN_DAYS // 4))  # "Seasons are 91 days."
    # each season a pair at war makes peace 12% of the time
    peace_per_mille: int = rule(120, PER_MILLE)
    war_per_mille: int = rule(30, PER_MILLE)  # and a pair at peace falls out 3%
    # "The corsairs make peace hard": chosen, a quarter
    corsair_peace_per_mille: int = rule(30, PER_MILLE)
    corsair_war_per_mille: int = rule(120, PER_MILLE)  # "and break it easily": chosen, four times
    # --- strain on a peace with England, and standing (the Privateer design document) -------------
    strain_fire: int = rule(1, STRAIN)  # "1 for firing on a ship"
    strain_take: int = rule(1, STRAIN)  # "1 more for taking her"
    strain_raid: int = rule(3, STRAIN)  # "3 for a raid"
    strain_sack: int = rule(2, STRAIN)  # "2 more for a sack"
    strain_war: int = rule(6, Int(1, 100))  # "At 6, England and that nation are at war."
    # "one for landing damage or taking plunder"
    standing_damage: int = rule(1, Int(0, "standing_sink"))
    standing_sink: int = rule(2, STANDING)  # "two for a sinking"
    # "A raid costs three times a ship: -3 ... when you go in,
    standing_raid: int = rule(3, STANDING)
    standing_sack: int = rule(2, STANDING)  # -2 more if you sack it"
    # "Standing drifts a point back toward zero every 60 days"
    drift_days: int = rule(60, Int(1, SPAN_DAYS))
    standing_floor: int = rule(-20, Int(-100, 0))  # bounds, chosen: far past anything a run reaches
    standing_ceiling: int = rule(20, Int(0, 100))
    # "England wants you, at least -3"
    pirate_standing: int = rule(-3, Int("standing_floor", "standing_ceiling"))
    # --- ships ---------------------------------------------------------------------------------
    laid_up_days: int = rule(60, SPAN)  # "a ship destroyed is laid up at home for 60 days"
    # days a merchant lies in port between voyages: chosen
    merchant_rest_min: int = rule(2, Int(0, "merchant_rest_max"))
    merchant_rest_max: int = rule(6, SPAN)
    # a merchant trades with ports this many days from home
    merchant_range_days: int = rule(45, REACH)
    # one merchant out of every trading port (not islanders)
    merchants_per_port: int = rule(1, Int(0, 10))
    # A merchant never draws the port she lies in for her next voyage: chosen, a fix. Off (as
    # before), one that draws it is bound where she is, never arrives, and lies there for good:
    # by day 1,000 of `world sim` about 100 of the 111 merchants lie stalled so.
    merchant_sails_on: bool = rule(False, Bool())
    # a treasure fleet lies this long at each port of its course
    treasure_rest_days: int = rule(20, SPAN)
    # a guard ship hunts this far (the alarm doubles it: the Privateer design document)
    guard_range_days: int = rule(25, REACH)
    # and otherwise keeps within her nation's waters, this far out
    guard_patrol_days: int = rule(4, REACH)
    # a guard ship's or privateer's beat: this many places, spread out
    patrol_points: int = rule(3, Int(1, 50))
    # days a guard ship or privateer rests at each place of her beat:
    beat_rest_min: int = rule(2, Int(0, "beat_rest_max"))
    beat_rest_max: int = rule(5, SPAN)  # chosen
    privateer_range_days: int = rule(20, REACH)  # "they come for you, within 20 days of home"
    # pirate hunters come this far for a captain England wants
    hunter_range_days: int = rule(40, REACH)
    # "guard ships hunt twice as far" while a town is alarmed
    alarm_reach_factor: int = rule(2, Int(1, 100))
    privateer_cruise_days: int = rule(10, REACH)  # without you, they cruise this far from home
    # "an open town of an enemy ... within 45 days of home"
    corsair_range_days: int = rule(45, REACH)
    # The Atlantic corsairs' reach (issue 21), 0: no farther than the rest. The seed: "Baltimore
    # is in reach, and Reykjavik when the Danes are at war with them"; by our sea Reykjavik lies
    # 53 days from Sale (63 from Algiers), past 45. Sale's rovers were ocean raiders, and the
    # 1627 raid on Iceland sailed from Sale: turned on, a corsair out of an `ocean_corsairs`
    # port reaches this far. Chosen: 75 (over 40 world seeds of 730 days, 7 raids on Reykjavik,
    # against 1 at 60 and 11 at 90: "the nearer the likelier" weighs a far town lightly).
    corsair_ocean_range_days: int = rule(0, REACH)
    # the corsair ports on the open Atlantic
    ocean_corsairs: tuple[str, ...] = rule(("Salé",), PLACES)
    corsair_strip_days: int = rule(60, SPAN)  # "It strips the town for 60 days"
    corsair_lie_days: int = rule(20, SPAN)  # "lies 20 days before going out again"
    # no open town in reach: she lies this long more, chosen
    corsair_idle_days: int = rule(10, SPAN)
    monster_range_days: int = rule(12, REACH)  # "turns for home once it's more than 12 days out"
    # slacker water than this: it wanders to a neighbour
    monster_drift_knots: float = rule(0.3, Float(0.0, 100.0))
    # A monster "attacks whoever it meets" (the Privateer design document): off (as in seed-000),
    # it attacks only you; on, a ship of the world under way on the node it drifts to is set on
    # too, and sunk this often per mille (chosen: a quarter; the rest beat it off), laid up at home
    # as any ship destroyed
    monsters_attack_ships: bool = rule(False, Bool())
    monster_sink_per_mille: int = rule(250, PER_MILLE)
    # "its bounty pays (ambergris, and a story for the bar)": a monster that has sunk a ship in
    # the last twelve days (the bar's ages) is talked of this many times as much (chosen: as a
    # treasure fleet is, five)
    monster_tale_talk: int = rule(5, Int(1, 100))
    armada_rest_days: int = rule(10, SPAN)  # an armada lies this long at each port of her patrol
    # An armada's patrol keeps to one sea (issue 21): the ports of her box within this many days
    # of the port with the most of them within reach. 0, as before: every fortified port of her
    # nation in her box, so the Indies' armada (its box takes in Panama and Acapulco) and the
    # South Sea's (Portobelo) spend most of their days going round the Horn between the two
    # seas, 250 days a passage, and no captain ever met one. Chosen: 70 (the Caribbean's
    # fortified ports lie 8-39 days apart, Panama and Callao 34, Goa 48 from Malacca and 67
    # from Mozambique; the two seas of the isthmus 250 apart).
    armada_reach_days: int = rule(0, REACH)
    # Spain's armada in home waters (issue 21; the Privateer design document: "The armadas are
    # exempt, keeping their patrols round their own empire's ports"): the Armada del Mar Océano
    # round Cádiz, Lisbon and the Azores, where the flota came home (under the crowns' union,
    # 1580-1640, Lisbon and the Azores were her empire's ports: she flies Spain's flag, her first
    # port's, round all three). Off, as before: armadas only in the Indies, the South Sea and India,
    # where a captain out of Plymouth seldom goes.
    home_armada: bool = rule(False, Bool())
    home_armada_ports: tuple[str, ...] = rule(("Cádiz", "Lisbon", "Angra"), PLACES)
    # An armada attacks on sight (the Privateer design document: "a guard ship or armada of a nation
    # that wants you, or that's at war with England, attacks on sight"; the armadas sank 13 of the
    # seed's 100 captains, "which attack on sight now that Spain is at war with you"): a hostile
    # armada that has you within this many days of where she is turns from her course and bears down
    # on you, and goes back to it (the nearest port of it) once you are out of her sight or in port.
    # 0, as before: she keeps her course, and meets you only on the node she comes to. Chosen to
    # turn on: 2, the lookout's two steps past the water a step out (scout.py).
    armada_sight_days: int = rule(0, REACH)
    # "Banks keep deep keels off" the world's ships too: the deep-keeled kinds (kinds.py: a
    # treasure fleet's galleons, an armada) route round the banks. Off (as before): only your
    # own keel keeps off them (the voyage's `banks`).
    deep_keels_off_banks: bool = rule(False, Bool())
    # How a route weighs the high latitudes (routes.HighSeas), so that the square-riggers keep
    # to the century's latitudes (the Manila galleon's return at about 35-42N, not the 54N the
    # westerlies alone give): a day's step past `route_storm_latitude` costs `route_storm_days`
    # more ("storms ... twice as often past forty degrees": a day's risk of a storm doubled,
    # weighed as days lost), and past `route_ice_latitude` `route_ice_days_per_degree` more a
    # degree (cold and ice beyond). 0, as before: the wind and current alone. Chosen values
    # to turn on: route_storm_days=0.5 and route_ice_days_per_degree=1 (docs/world.md, "Routes").
    route_storm_latitude: float = rule(40.0, LATITUDE)
    route_storm_days: float = rule(0.0, ROUTE_DAYS)
    route_ice_latitude: float = rule(45.0, LATITUDE)
    route_ice_days_per_degree: float = rule(0.0, ROUTE_DAYS)
    # --- ports (the Privateer design document, "Raiding a port") ----------------------------------
    treasury: int = rule(25, PAY)  # a town's treasury when full: the seed's balanced figure
    treasury_refill: int = rule(1, PAY)  # "fills again 1 a day, up to the usual"
    # a colonial town's treasury when full (outside Europe and the Mediterranean: where the
    # silver was); 0: as any town's, the seed's one figure. Chosen: a dial (world/treasury.py)
    indies_treasury: int = rule(0, PAY)
    sacked_days: int = rule(120, SPAN)  # "the town has nothing for anybody ... for 120 days"
    guard_days: int = rule(90, SPAN)  # a raid turned out "puts the town on its guard for 90 days"
    # "for the first 14 the boats would never get ashore"
    guard_no_raid_days: int = rule(14, Int(0, "guard_days"))
    # "guard ships hunt twice as far, 50 days out, for the next 30 days"
    alarm_days: int = rule(30, SPAN)
    # --- uncharted islands (the Privateer design document) ----------------------------------------
    islands: int = rule(8, Int(0, 100))  # "Every run hides eight out in open ocean"
    # "far from ports": at least this many days from any port
    island_port_days: int = rule(12, REACH)
    island_apart_days: int = rule(15, REACH)  # "and from each other"
    island_charting_pay: int = rule(15, PAY)  # "the Crown pays 15 for charting it"
    # --- the bar (the Privateer design document, "Rumors are bought by the round"); its gold is
    # the voyage's ------------------------------------------------------------------------------
    # "ships whose wake came within 30 days of the port"
    talk_days: int = rule(30, Int(1, REACH_DAYS))
    # By round (the last for every round after): "The first round of the night hears something
    # nearly nine times in ten, at about 0.75 reliable; the fifth, under four in ten, at about
    # 0.5" (reliability before the distance's garbling).
    hear_per_mille: tuple[int, ...] = rule((880, 750, 620, 490, 360), Tup(PER_MILLE, 1, 100))
    reliability_per_mille: tuple[int, ...] = rule((780, 715, 655, 590, 530), Tup(PER_MILLE, 1, 100))
    reliability_spread: int = rule(100, PER_MILLE)  # +- this, per mille: chosen
    # "news from far off is garbled": per mille lost over talk_days
    far_garble: int = rule(100, PER_MILLE)
    # no rumor is told surer or vaguer than these, per mille
    reliability_floor: int = rule(50, Int(0, "reliability_ceiling"))
    reliability_ceiling: int = rule(990, PER_MILLE)
    # How stale, by age in days 0..12: "up to twelve days old, mostly recent; about five on
    # average" (weights 20 - age).
    stale_weights: tuple[int, ...] = rule(
        (20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8), Tup(Int(1, 1000), WAKE_AGES, 100)
    )
    # "each prisoner ... a rumor about a ship seen in the last few days"
    prisoner_days: int = rule(3, Int(0, WAKE_AGES - 1))
    # near the fight: within this many days of it, chosen
    prisoner_range_days: int = rule(10, REACH)
    prisoner_reliability: int = rule(800, PER_MILLE)  # chosen
    # --- rumors (the Privateer design document, "A rumor says a ship was at a node") --------------
    # "a marker, which loses a fifth of its strength each day"
    fade: tuple[int, int] = rule((4, 5), Tup(Int(1, 1000), 2, 2))
    gone_per_mille: int = rule(100, PER_MILLE)  # "and is gone below a tenth"
    # a report this reliable is a good source's: chosen
    good_source_per_mille: int = rule(600, PER_MILLE)
    good_source_rings: tuple[int, ...] = rule((1,), RINGS)  # "off by up to one step (good sources),
    bad_source_rings: tuple[int, ...] = rule((2, 3), RINGS)  # two or three (bad ones)"
    search_share: float = rule(0.7, Float(0.0, 1.0))  # "the fewest nodes holding 70% of the cloud"
    # a guard ship or privateer rests on her beat, wherever: chosen
    patrol_linger: float = rule(0.25, Float(0.0, 1.0))
    # A rumor's cloud follows her voyages: where she is bound she lies her kind's rest and sails
    # on (a merchant to another port, a fleet to the next of her course, a guard ship or
    # privateer round her beat), and she lingers nowhere else but the port she was seen in.
    # Off (as before), the cloud keeps her where she was bound and lingers at every port it
    # passes, so it falls behind her and loses her once she sails on: chosen, so that the
    # search area holds her `search_share` of the time (`privateer rumors`).
    cloud_voyages: bool = rule(False, Bool())
    # With cloud_voyages, a merchant's cloud weighs each port she may be bound for by the
    # voyages to it that pass where she was seen, within this many days of the shortest way
    # (routes run with the wind, not always the shortest): chosen.
    cloud_route_slack: int = rule(2, REACH)

    def __post_init__(self) -> None:
        check_rules(self)

    def with_changes(self, **changes: object) -> WorldRules:
        return replace(self, **changes)  # type: ignore[arg-type]


SEED_000 = WorldRules()
# The century's world as engine world-2 had it (its runs and saves play on in it)
CENTURY_2 = SEED_000.with_changes(
    name="century",
    merchant_sails_on=True,
    cloud_voyages=True,
    route_storm_days=0.5,
    route_ice_days_per_degree=1.0,
    corsair_ocean_range_days=75,
    armada_reach_days=70,
)
# The century's world since world-3, every ruleset's: world-2's, with Spain's armada in home
# waters and armadas that attack on sight (the seed's words, which the balance pass turned on
# for `balanced` only), monsters that attack whoever they meet (and whose kills the bars talk
# of), and banks that keep every deep keel off, the world's galleons too.
CENTURY = CENTURY_2.with_changes(
    home_armada=True,
    armada_sight_days=2,
    monsters_attack_ships=True,
    deep_keels_off_banks=True,
)
# The seed's world balanced for the seed's outcomes (issue 21's balance pass, measured over 200
# `classic` runs of its captain, docs/voyage.md): Spain's armada in home waters,
# armadas that attack on sight (2 days), and a town's treasury of 20, not the seed's 25. At 25
# our towns pay their raiders home by day 419 after 7.4 raids (the seed's bot: about 525,
# after about eleven); at 20, day 487 after 8.9. (The seed found 20 a cliff, wins from 39% to
# 9%; in this card engine they go from 43.5% to 40%: the raider sinks on its first raids,
# before it has a gunner, whatever the towns hold.)
BALANCED = SEED_000.with_changes(
    name="balanced", home_armada=True, armada_sight_days=2, treasury=20
)
DEFAULT_WORLD = CENTURY.name
"""The world every ruleset plays in, and `world sim`'s, unless another is named."""
RULESETS: dict[str, WorldRules] = {
    SEED_000.name: SEED_000,
    CENTURY.name: CENTURY,
    BALANCED.name: BALANCED,
}
"""`century`: the world, every voyage ruleset's since engine voyage-4: what round the world
found wrong put right (a merchant never draws the port she lies in as her next, where under
`seed-000` most lie in port for good after a year; a rumor's cloud follows her onward
voyages; routes weigh the high latitudes' storms and ice, so the tornaviaje keeps under 45N;
Salé's corsairs reach 75 days, as far as Reykjavik, raided from Salé in 1627; the armadas keep
to one sea each, Spain's home armada among them, and attack on sight; monsters attack whoever
they meet; banks keep every deep keel off). `seed-000`: the world as the seed's rules first
had it, kept to compare and for the runs and saves made in it. `balanced`: the seed's world
with Spain's armada in home waters, armadas that attack on sight and poorer towns, in which
engine voyage-3's `classic` captain's figures landed in the seed's bands (issue 21)."""

LEGACY_RULESETS: dict[str, dict[str, WorldRules]] = {
    "world-2": {**RULESETS, CENTURY_2.name: CENTURY_2},
}
"""What a world rules name meant under an earlier world engine: `century` before world-3 was
world-2's (no home armada, no attack on sight, monsters that set on you alone, banks that
stop only you)."""


def find_world_rules(name: str, engine_version: str | None = None) -> WorldRules:
    """A preset by name as the world engine `engine_version` had it (this engine's, by
    default), or a variant of one (`seed-000[treasury=20]`, a study's: engine/variants.py).

    >>> find_world_rules("seed-000").treasury, find_world_rules("seed-000[treasury=20]").treasury
    (25, 20)
    >>> find_world_rules("century").home_armada, find_world_rules("century", "world-2").home_armada
    (True, False)
    """
    table = LEGACY_RULESETS.get(engine_version or "", RULESETS)
    if name in table:
        return table[name]
    base, changes = split_variant(name)
    if base not in table or not changes:
        raise RuleError(f"no world rules named {name!r}; choose from {', '.join(table)}")
    return read_variant(table[base], changes)


def register_world_rules(rules: WorldRules) -> WorldRules:
    """Make a ruleset findable by its name (a sweep's variant of the rules)."""
    RULESETS[rules.name] = rules
    return rules
