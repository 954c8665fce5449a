"""What each CPU personality weighs, and the posture it takes as the fight develops.

Posture comes from the balance of the two ships' standing (the share of hull and crew left,
sails counting less) and the personality's thresholds: a cautious captain turns defensive as
soon as she is behind, a steady one when clearly losing, a bold one only in serious danger.
A cautious captain also tires: past her `patience` (round 20) a fight she is not winning is
one she breaks off. Defensive, she opens the range and flees once the 16-hex rule is met.

>>> me = {"hull": 6, "sails": 4, "crew": 4, "max": {"hull": 6, "sails": 4, "crew": 4}}
>>> hurt = {**me, "hull": 3}
>>> [posture_of(TEMPERS[p], me, hurt) for p in ("cautious", "steady", "bold")]
['balanced', 'offensive', 'offensive']
>>> [posture_of(TEMPERS[p], hurt, me) for p in ("cautious", "steady", "bold")]
['defensive', 'defensive', 'offensive']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

POSTURES = ("defensive", "balanced", "offensive")
STANDING_HULL = 100  # standing: points for the whole hull, by the share left
STANDING_CREW = 100  # the whole crew
STANDING_SAILS = 40  # all sails (they win no fight, but decide who can get away)


@dataclass(frozen=True, slots=True)
class Temper:
    """What a personality weighs."""

    defensive_below: int  # balance (standing points) under which she turns defensive
    offensive_from: int  # balance from which she turns offensive
    danger_hull: int  # hull at or below this is serious danger: defensive, whatever the balance
    danger_crew: int  # likewise crew
    repair_hull_at: int  # she repairs hull at or below this
    repair_sails_at: int  # she repairs sails at or below this
    keep_range: int  # the range she holds when balanced (and judges her load by)
    exposure: int  # points it costs her to end in the enemy's broadside within his reach
    reload_swap: int  # points it costs her to throw out a loaded shot for another
    patience: int  # after this round, unless ahead, she breaks off (0: she never tires)
    hunger: int  # per cent: how much a shot she could fire next time counts with her
    care: int  # per cent: how much a point of her own repaired counts with her


TEMPERS: dict[str, Temper] = {
    # keeps range (4, the ball's longest), repairs early, breaks off as soon as she is behind
    "cautious": Temper(
        defensive_below=0,
        offensive_from=90,
        danger_hull=3,
        danger_crew=2,
        repair_hull_at=5,
        repair_sails_at=3,
        keep_range=4,
        exposure=60,
        reload_swap=40,
        patience=20,
        hunger=80,
        care=130,
    ),
    # trades shots at the ball's middle range while it is fair, withdraws when clearly losing
    "steady": Temper(
        defensive_below=-40,
        offensive_from=40,
        danger_hull=2,
        danger_crew=1,
        repair_hull_at=3,
        repair_sails_at=2,
        keep_range=3,
        exposure=30,
        reload_swap=40,
        patience=0,
        hunger=100,
        care=100,
    ),
    # closes in and hunts damage; defensive (and away, if she can) only in serious danger
    "bold": Temper(
        defensive_below=-1000,
        offensive_from=-60,
        danger_hull=1,
        danger_crew=1,
        repair_hull_at=2,
        repair_sails_at=1,
        keep_range=2,
        exposure=10,
        reload_swap=40,
        patience=0,
        hunger=150,
        care=100,
    ),
}


def standing(ship: dict[str, Any]) -> int:
    """How much of a ship is left, in points (as `observe` shows a ship)."""
    top = ship["max"]
    return int(
        STANDING_HULL * ship["hull"] // top["hull"]
        + STANDING_CREW * ship["crew"] // top["crew"]
        + STANDING_SAILS * ship["sails"] // top["sails"]
    )


def posture_of(temper: Temper, me: dict[str, Any], enemy: dict[str, Any], round_: int = 1) -> str:
    """Defensive in danger or behind her threshold, offensive ahead of hers, else balanced;
    past her patience, balanced turns defensive (she breaks off a fight that goes nowhere)."""
    balance = standing(me) - standing(enemy)
    danger = me["hull"] <= temper.danger_hull or me["crew"] <= temper.danger_crew
    if danger or balance < temper.defensive_below:
        return "defensive"
    if balance >= temper.offensive_from:
        return "offensive"
    if temper.patience and round_ > temper.patience:
        return "defensive"
    return "balanced"


def posture(view: dict[str, Any], personality: str) -> str:
    """Her posture now, from what `observe` shows her side and her personality."""
    return posture_of(TEMPERS[personality], view["you"], view["enemy"], view["round"])
