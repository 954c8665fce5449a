"""What the living world tells (the Privateer design document, "The living world"): each event kind
it emits and the fields its payload carries, declared once. The run log stores these payloads as
they are; the renderers, the SQL helpers and the pictures read fields by these names, and the
conformance test holds every event played to its declaration.
"""

from __future__ import annotations

from typing import TypedDict


class WorldStart(TypedDict):
    seed: int
    rules: str
    england_at_war_with: str | None
    ships: int
    islands: int


class Nations(TypedDict, total=False):
    """A war declared or a peace made between two nations (`why`: what drove a war on you;
    `stop`: news a voyage heaves to for)."""

    nations: list[str]
    why: str
    stop: bool


class _Raid(TypedDict):
    corsair: str  # her home port
    town: str
    nation: str


class CorsairRaid(_Raid, total=False):
    """A town stripped for captives (`stop`: an English town, news a voyage heaves to for in
    the late game)."""

    stop: bool


class CorsairHome(TypedDict):
    corsair: str


class FleetArrived(TypedDict):
    fleet: str
    port: str


class DrivenOff(TypedDict):
    flag: str  # the guard ship's nation
    by: str  # whose waters she was in
    node: int


class MonsterAttack(TypedDict):
    """A monster set on a ship of the world it met (by world rules with
    `monsters_attack_ships`): `sunk`, laid up at home; else she beat it off."""

    monster: int  # the monster, a ship of the world
    ship: int
    kind: str
    flag: str | None
    node: int
    sunk: bool


WORLD_EVENTS: dict[str, type] = {
    "world_start": WorldStart,
    "war": Nations,
    "peace": Nations,
    "corsair_raid": CorsairRaid,
    "corsair_home": CorsairHome,
    "fleet_arrived": FleetArrived,
    "driven_off": DrivenOff,
    "monster_attack": MonsterAttack,
}
"""Every event kind of the world, by name: its payload's declared fields."""
