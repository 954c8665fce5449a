"""A raid sized up before it starts (issue 35): the town's walls, guns, relief and treasury
against your hull and deck, off the card engine's tables (scout.py's read of a ship), and the
odds of the fight on exactly its terms (engine/fight/odds.py: played out as the captain bot
fights, on seeds of its own).

It reads the encounter a raid would begin, as a dry run of the engine's own act made it (the
front end does that on a copy of the state), so walls raised by the raid guard, relief come
sooner and the treasury as it stands are the raid's. Pure: it draws nothing of the game.
"""

from __future__ import annotations

from typing import Any

from ..fight.encounter import Encounter
from ..fight.odds import odds
from .scout import deck_read, read_target


def raid_read(fight: Encounter, own_walls: int = 0) -> dict[str, Any]:
    """What a raid on `fight`'s terms would be: her read (walls as her hull, guns, relief),
    the walls the raid guard raised (those past `own_walls`, the town's own: an open town's
    `town_walls`), the treasury to take, your hull and deck (the boats a raiding party falls
    back to among its cards), and the odds (`Odds`) played out."""
    setup = fight.setup
    her = read_target(setup.target, setup.walls, setup.relief_sooner, fight=setup.rules)
    yours = deck_read(setup.your_cards())
    return {
        **her,
        "guard_walls": setup.walls - own_walls,
        "treasury": fight.hold,
        "your_hull": fight.hull[0],
        "your_max_hull": fight.max_hull[0],
        "your_hurt": yours["hurt"],
        "your_wounds": yours["wounds"],
        "your_cards": len(setup.your_cards()),
        "your_flee": yours["flee"],
        "odds": odds(setup),
    }
