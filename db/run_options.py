"""A run's options as the log keeps them (JSON, keys sorted): light to import, so that a
simulation's process, which only makes its runs' rows, need not load what the log writer
needs to write them (Arrow, NumPy)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import orjson

from privateer.engine.fight import Outfit


def _fight_options(target: str, outfit: Outfit, bot: str | None, walls: int = 0) -> dict[str, Any]:
    walled = {"walls": walls} if walls else {}  # logged only when raised: as any fight was
    return {
        **walled,
        "target": target,
        "ship": outfit.ship,
        "crew": list(outfit.crew),
        "upgrades": list(outfit.upgrades),
        "prizes": list(outfit.prizes),
        "hull": outfit.hull,
        "bot": bot,
    }


def options_json(options: dict[str, Any]) -> str:
    return orjson.dumps(options, option=orjson.OPT_SORT_KEYS).decode()


@lru_cache(maxsize=64)
def fight_options_json(target: str, outfit: Outfit, bot: str | None, walls: int = 0) -> str:
    """A simulation logs thousands of fights with the same options: written once."""
    return options_json(_fight_options(target, outfit, bot, walls))
