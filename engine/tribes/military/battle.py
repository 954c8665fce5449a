"""Power and battles (the Tribes design document, "Military"): what a warband and a settlement are
worth in a fight, and one battle's outcome with the PRNG's variance and the loss formulas. Every
battle of the game (field, raid, siege, storm, camp, caravan, and the threat raids of phase 11) goes
through `fight`, so the variance is drawn in one place.

- Power = size x (10 + armed 10 + armorRatio/100 + veterancy/100 + situational), plus 3 per
  soldier per age (the Ages: ages.age_power). Chosen: the per-soldier terms are summed in
  hundredths and divided once, size x (100 x (20 + situational) + armorRatio + veterancy)
  div 100, where armorRatio = armor x 1000 div size (per mille); warbands are always armed (a
  muster takes 1 weapon a soldier, hard).
- Situational applies to the defender only: its tile's terrain (forest +2, hills +3,
  mountain/volcano +4, swamp -2), and wall level x 5 when defending a settlement (a garrison
  at its settlement).
- The war rite adds 100 per mille to its warband's next battle (before the variance) and is
  consumed by it.
- Variance: power x (950 + rng(101)) div 1000, attacker drawn before defender, from
  `state.rng` (splitmix32). Higher wins, a tie to the defender. r = winner x 1000 div loser
  (chosen: the loser's power floored at 1, and r at 1); the loser loses min(500, 150 + r/5)
  per mille, the winner min(300, max(50, 350000/r)) per mille.
- A settlement's defense (raids, storms, threat raids) = pop/10 militia + walls x 100 +
  towers x 50 + its garrisons' power (each with the wall bonus).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..constants import PERMILLE
from ..economy.ages import age_power
from ..orders import chebyshev
from ..rng import SplitMix32
from ..rules import SEED, TribesRules
from ..state import Settlement, TribesState, Warband


def base_power(
    warband: Warband, situational: int = 0, age_bonus: int = 0, rules: TribesRules = SEED
) -> int:
    """The seed's power of a warband with `situational` per soldier and `age_bonus` per soldier
    from its tribe's age (see the module)."""
    size = warband.size
    if size <= 0:
        return 0
    armor_ratio = warband.armor * PERMILLE // size
    per_soldier = 100 * (rules.soldier_base + rules.armed_bonus + situational) + armor_ratio
    power = size * (per_soldier + warband.veterancy) // 100
    return max(0, power + size * age_bonus)


def terrain_bonus(state: TribesState, x: int, y: int) -> int:
    """The defender's terrain term per soldier (forest +2, hills +3, mountain/volcano +4,
    swamp -2, else 0)."""
    return state.rules.terrain_power.get(state.rows[y][x], 0)


def garrisons(state: TribesState, settlement: Settlement) -> list[Warband]:
    """The warbands garrisoning `settlement`: its own tribe's, ordered to garrison it, not
    routing and within 1 tile (Chebyshev) of it; ascending id."""
    return [
        w
        for w in state.warbands
        if w.tribe == settlement.tribe
        and not w.routing
        and w.order.get("kind") == "garrison"
        and w.order.get("settlement") == settlement.id
        and chebyshev(w.x, w.y, settlement.x, settlement.y) <= 1
    ]


def garrisoned_at(state: TribesState, warband: Warband) -> Settlement | None:
    """The own settlement the warband garrisons (and stands by), if any."""
    if warband.routing or warband.order.get("kind") != "garrison":
        return None
    settlement = state.settlement(int(warband.order.get("settlement", -1)))
    if settlement is None or settlement.tribe != warband.tribe:
        return None
    if chebyshev(warband.x, warband.y, settlement.x, settlement.y) > 1:
        return None
    return settlement


def warband_power(state: TribesState, warband: Warband) -> int:
    """Power as an attacker (or in the score): no situational term."""
    rules = state.rules
    return base_power(warband, 0, age_power(state.tribes[warband.tribe], rules), rules)


def defending_power(state: TribesState, warband: Warband) -> int:
    """Power as a defender: its tile's terrain, and the wall bonus when it garrisons an own
    settlement."""
    rules = state.rules
    situational = terrain_bonus(state, warband.x, warband.y)
    post = garrisoned_at(state, warband)
    if post is not None:
        situational += rules.wall_power_per_level * post.count("walls")
    age = age_power(state.tribes[warband.tribe], rules)
    return base_power(warband, situational, age, rules)


def settlement_defense(state: TribesState, settlement: Settlement) -> int:
    """The seed's raid defense: pop/10 militia + walls x 100 + towers x 50 + the power of its
    garrisons (each a defender with the wall bonus). Threat raids (phase 11) and storms use it
    too."""
    rules = state.rules
    defense = (
        settlement.pop // rules.militia_divisor
        + rules.wall_defense * settlement.count("walls")
        + rules.tower_defense * settlement.count("tower")
    )
    for garrison in garrisons(state, settlement):
        defense += defending_power(state, garrison)
    return defense


def war_rite(state: TribesState, warband: Warband, power: int) -> int:
    """`power` with the war rite's +100 per mille if one is in force on the warband, the rite
    consumed (its effect removed)."""
    tick = state.tick
    for effect in state.effects:
        if effect.kind == "war" and effect.target == warband.id and effect.expires > tick:
            state.effects.remove(effect)
            return power * (PERMILLE + state.rules.war_rite_bonus) // PERMILLE
    return power


@dataclass(frozen=True, slots=True)
class Outcome:
    """A battle's result: who won ("attacker" or "defender"), the per-mille losses of each
    side, and the powers as fought (after the variance)."""

    winner: str
    attacker_losses: int  # per mille
    defender_losses: int  # per mille
    attacker_power: int
    defender_power: int

    @property
    def attacker_won(self) -> bool:
        return self.winner == "attacker"


def loss_permilles(
    winner_power: int, loser_power: int, rules: TribesRules = SEED
) -> tuple[int, int]:
    """(winner's, loser's) losses per mille by the seed's formulas."""
    r = max(1, winner_power * PERMILLE // max(1, loser_power))
    loser = min(rules.loser_loss_max, rules.loser_loss_base + r // rules.loser_loss_divisor)
    winner = min(
        rules.winner_loss_max, max(rules.winner_loss_min, rules.winner_loss_numerator // r)
    )
    return winner, loser


def fight(state: TribesState, attacker_power: int, defender_power: int) -> Outcome:
    """One battle: both powers varied +-5% by the PRNG (attacker drawn first), higher wins,
    a tie to the defender; the losses by the seed's formulas."""
    rules = state.rules
    base, span = rules.variance_base, rules.variance_span
    r = SplitMix32(state.rng)
    attack = attacker_power * (base + r.rng(span)) // PERMILLE
    defend = defender_power * (base + r.rng(span)) // PERMILLE
    state.rng = r.state
    if attack > defend:
        won, lost = loss_permilles(attack, defend, rules)
        return Outcome("attacker", won, lost, attack, defend)
    won, lost = loss_permilles(defend, attack, rules)
    return Outcome("defender", lost, won, attack, defend)


def battle(state: TribesState, attacker_power: int, defender_power: int) -> tuple[str, int, int]:
    """`fight` as (winner, attacker's losses per mille, defender's losses per mille), for
    callers that need no more (the threat raids)."""
    outcome = fight(state, attacker_power, defender_power)
    return outcome.winner, outcome.attacker_losses, outcome.defender_losses


def casualties(size: int, permille: int, lost: bool) -> int:
    """Soldiers lost out of `size` at `permille`: the loser at least 1 (seed: "min 1")."""
    dead = size * permille // PERMILLE
    if lost:
        dead = max(1, dead)
    return min(size, dead)
