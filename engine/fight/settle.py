"""Afterwards it is settled (the Privateer design document): the payout goes in the purse, your hull
is kept as it came out, each prisoner questioned gives a rumor, a ship destroyed is laid up at home
for 60 days, a ship parted from leaves you be for 5 (the fight's rules: laid_up_days,
leaves_you_be_days), and if you're sunk the run is over."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event, RawEvent
from .cards import YOU
from .encounter import OUTCOME_INDEX, Encounter, Termination
from .ships import bounty_paid


@dataclass(frozen=True, slots=True)
class Settlement:
    outcome: Termination
    payout: int  # gold into the purse: plunder, plus the bounty for destroying her
    plunder: int
    bounty: int
    hull: int  # your hull as it came out
    rumors: int  # one per prisoner questioned (lost if you sink)
    laid_up_days: int  # the target's ship, destroyed, is laid up at home this long
    leaves_you_be_days: int  # parted: she leaves you be this long
    run_over: bool

    def events(self, round_: int) -> list[Event]:
        """The settlement as events, in the fight's last round: the purse, and one 'rumor'
        per prisoner questioned, for the world to turn into news."""
        return [Event._make(e) for e in self.raw_events(round_)]

    def raw_events(self, round_: int) -> list[RawEvent]:
        """`events` as plain tuples, for a record of the fight."""
        values = (OUTCOME_INDEX[self.outcome], self.payout, self.plunder, self.bounty, self.hull)
        out: list[RawEvent] = [("settled", round_, (*values, int(self.run_over)))]
        out += [("rumor", round_, (0, i + 1)) for i in range(self.rumors)]  # 0: a prisoner
        return out


def settle(state: Encounter) -> Settlement:
    result, payout, plunder, bounty, hull, rumors, sunk = _terms(state)
    town = state.setup.target_kind().town
    rules = state.setup.rules
    return Settlement(
        outcome=result,
        payout=payout,
        plunder=plunder,
        bounty=bounty,
        hull=hull,
        rumors=rumors,
        laid_up_days=rules.laid_up_days if result is Termination.DESTROYED and not town else 0,
        leaves_you_be_days=rules.leaves_you_be_days if result is Termination.PARTED else 0,
        run_over=sunk,
    )


def payout(state: Encounter) -> int:
    """`settle(state).payout`, without making the Settlement: every logged fight's score."""
    return _terms(state)[1]


def settled_events(state: Encounter) -> list[RawEvent]:
    """`settle(state).raw_events(state.round)`, without making the Settlement: a logged
    simulation records these for every fight."""
    result, payout, plunder, bounty, hull, rumors, sunk = _terms(state)
    r = state.round
    out: list[RawEvent] = [
        ("settled", r, (OUTCOME_INDEX[result], payout, plunder, bounty, hull, int(sunk)))
    ]
    for i in range(rumors):
        out.append(("rumor", r, (0, i + 1)))  # 0: a prisoner
    return out


def _terms(state: Encounter) -> tuple[Termination, int, int, int, int, int, bool]:
    """How the fight settles: outcome, payout, plunder, bounty, hull, rumors, run over."""
    result = state.result
    if result is None:
        raise ValueError("the fight is not over")
    sunk = result is Termination.SUNK
    target = state.setup.target_kind()
    bounty = bounty_paid(target, state.setup.rules) if result is Termination.DESTROYED else 0
    if result is Termination.DESTROYED and target.town:
        bounty = state.hold  # a sack takes everything left in the treasury
    plunder = 0 if sunk else state.plunder
    payout = 0 if sunk else plunder + bounty
    return result, payout, plunder, bounty, state.hull[YOU], 0 if sunk else state.prisoners, sunk
