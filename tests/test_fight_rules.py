"""The card fight's rules object (engine/fight/rules.py): every number of the loop is a field
with a bound and a source; the seed's rules fight exactly as the fight always has (hashes
pinned before the rules object); a rule turned fights differently, and a fight by other rules
names them in its save and its hash and reads back by them."""

from __future__ import annotations

from dataclasses import fields

import pytest

from privateer.engine.bounds import RuleError, declared, source_of
from privateer.engine.events import Event
from privateer.engine.fight.bots import BALANCED
from privateer.engine.fight.encounter import Encounter, Termination, act, create_encounter
from privateer.engine.fight.mode import FightGame
from privateer.engine.fight.outfit import Outfit
from privateer.engine.fight.rules import FIGHT, FightRules, field_names, find_fight_rules
from privateer.engine.fight.settle import Settlement, settle
from privateer.engine.fight.ships import TARGETS, bounty_paid

# (target, how it ended, rounds, state hash) for a brigantine at seed 21 by the balanced bot,
# computed by the engine before the rules object: the seed's rules must fight to them exactly
PINNED = [
    (
        "merchant",
        "destroyed",
        7,
        "9e396858c7e192ef6c16fca462ddf0ab4b94143700f4e965653fc5b7d1aca05a",
    ),
    ("town", "destroyed", 9, "661d8958956d4ad042f653ac07c0cf4ecd735131f58d1aca160119e5e5788a3d"),
    ("armada", "got_away", 6, "0496ac343c4b7993e6c6e704201d38d8c959a6f5fe1f75b7f8bf97e67ff7172b"),
]


def fought(target: str, rules: FightRules = FIGHT) -> tuple[Encounter, list[Event]]:
    state, events = create_encounter(target, Outfit("brigantine"), 21, rules=rules)
    while state.result is None:
        events += act(state, BALANCED.choose(state))
    return state, events


def test_every_field_declares_a_bound_and_its_source() -> None:
    bounds = declared(FightRules)
    assert set(bounds) == {f.name for f in fields(FightRules)}
    for name in bounds:
        assert source_of(FightRules, name).startswith(("seed", "chosen")), name
    assert len(field_names()) == 12


def _sunk_both_ways(target: str, rules: FightRules) -> list[tuple[Settlement, Settlement]]:
    """A frigate with a master gunner against `target` over 40 seeds, each fight played the
    same by the seed's rules and by `rules`: the two settlements of every fight that sank her."""
    sunk = []
    for seed in range(40):
        state, _ = create_encounter(target, Outfit("frigate", ("master_gunner",)), seed)
        paid, _ = create_encounter(target, Outfit("frigate", ("master_gunner",)), seed, rules=rules)
        while state.result is None:
            keep = BALANCED.choose(state)
            act(state, keep)
            act(paid, keep)
        if state.result is Termination.DESTROYED:
            sunk.append((settle(state), settle(paid)))
    return sunk


def test_a_privateer_pays_the_bounty_her_rules_set_and_nothing_else_moves() -> None:
    """`classic`'s fights pay no bounty for an enemy privateer (engine voyage-11); the seed's
    rules pay her kind's 10, and every other kind pays its own either way."""
    stingy = find_fight_rules("seed-000[privateer_bounty=0]")
    assert FIGHT.privateer_bounty == TARGETS["privateer"].bounty == 10
    for key, target in TARGETS.items():
        assert bounty_paid(target, FIGHT) == target.bounty
        assert bounty_paid(target, stingy) == (0 if key == "privateer" else target.bounty)
    sunk_her = _sunk_both_ways("privateer", stingy)
    assert sunk_her  # the frigate sinks some of them
    for full, none in sunk_her:
        assert (full.bounty, none.bounty) == (10, 0)
        assert full.payout - none.payout == 10 and full.plunder == none.plunder


def test_a_sea_monster_pays_the_bounty_her_rules_set() -> None:
    """A sea monster's bounty is a dial (`fight.monster_bounty`): the seed's rules pay her
    kind's 20; turned down, killing her pays that much less, her plunder the same."""
    lean = find_fight_rules("seed-000[monster_bounty=8]")
    assert FIGHT.monster_bounty == TARGETS["sea_monster"].bounty == 20
    assert bounty_paid(TARGETS["sea_monster"], lean) == 8
    assert bounty_paid(TARGETS["merchant"], lean) == TARGETS["merchant"].bounty
    killed = _sunk_both_ways("sea_monster", lean)
    assert killed  # the frigate kills some of them
    for full, less in killed:
        assert (full.bounty, less.bounty) == (20, 8)
        assert full.payout - less.payout == 12 and full.plunder == less.plunder


@pytest.mark.parametrize(("target", "result", "rounds", "digest"), PINNED)
def test_the_seeds_rules_fight_to_the_pinned_hashes(
    target: str, result: str, rounds: int, digest: str
) -> None:
    state, _ = fought(target)
    assert (state.result and state.result.value, state.round) == (result, rounds)
    assert state.state_hash() == digest
    assert "rules" not in state.to_dict()["setup"]


@pytest.mark.parametrize(
    ("target", "change"),
    [
        ("armada", "away=4"),
        ("armada", "flee_way=1"),
        ("armada", "outgunned_ratio=3"),
        ("merchant", "leak_cost=4"),
        ("town", "raid_boats=0"),
        ("town", "relief_every=1"),
    ],
)
def test_a_rule_turned_fights_differently_and_is_named(target: str, change: str) -> None:
    rules = find_fight_rules(f"seed-000[{change}]")
    seed_state, seed_events = fought(target)
    state, events = fought(target, rules)
    assert [tuple(e) for e in events] != [tuple(e) for e in seed_events]
    assert state.state_hash() != seed_state.state_hash()
    saved = state.to_dict()
    assert saved["setup"]["rules"] == rules.name
    again = Encounter.from_dict(saved)
    assert again.setup.rules is rules and again.state_hash() == state.state_hash()


def test_what_is_settled_follows_the_rules() -> None:
    state, _ = fought("merchant", find_fight_rules("seed-000[laid_up_days=30]"))
    assert settle(state).laid_up_days == 30
    assert settle(fought("merchant")[0]).laid_up_days == 60


def test_the_game_carries_its_rules() -> None:
    rules = find_fight_rules("seed-000[away=4]")
    game = FightGame("armada", Outfit("brigantine"), rules=rules)
    state, _ = game.new_initial_state(5)
    assert state.setup.rules is rules
    assert game.deserialise(game.serialise(state)).setup.rules is rules
    with pytest.raises(ValueError, match="terms"):
        FightGame("armada", Outfit("brigantine")).deserialise(game.serialise(state))


def test_bad_rules_are_refused_in_one_line() -> None:
    for name, wanted in [
        ("seed-000[away=0]", "away 0 is outside 1..100"),
        ("seed-000[awy=4]", "no rule 'awy'"),
        ("seed-001", "no fight rules 'seed-001'"),
    ]:
        with pytest.raises(ValueError) as caught:
            find_fight_rules(name)
        assert wanted in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(RuleError, match="differ from the preset"):
        FightRules(away=4)
    saved = fought("merchant")[0].to_dict()
    saved["setup"]["rules"] = "seed-000[away=none]"
    with pytest.raises(ValueError, match=r"setup\.rules"):
        Encounter.from_dict(saved)
