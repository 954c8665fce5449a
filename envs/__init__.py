"""Every game as a learning environment, written once over the one protocol
(engine/protocol.py): `GameEnv`, a Gymnasium environment for a game one agent plays (the
voyage, a card fight, the hex duel against a CPU captain), and `TableEnv`, a PettingZoo AEC
environment for a game of several sides taking turns (the tabletop's 2-4 seats, the duel's
two captains). A mode brings its encoding (engine/encoding.py: its fog-filtered view as
numbers, and the most actions it offers at once) and its bots; nothing here knows a mode.

An optional extra (`pip install 'privateer[envs]'`): Gymnasium and PettingZoo are imported
only by the modules that build on them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .single import GameEnv
    from .table import TableEnv

__all__ = ["GameEnv", "TableEnv"]
_HOME = {"GameEnv": ".single", "TableEnv": ".table"}


def __getattr__(name: str) -> Any:
    """`from privateer.envs import GameEnv`: its module imported when first asked for (so
    importing the package needs neither library)."""
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOME[name], __name__), name)
