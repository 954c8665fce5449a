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
