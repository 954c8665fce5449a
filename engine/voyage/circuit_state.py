"""What a voyage keeps of Drake's circuit (engine/voyage/circuit.py): how many of his places
there are, the day each was touched, in his order (the next to touch is the one after the last
touched), and the nation his commission makes fair game (-1 none). A voyage by rules without
the circuit keeps none of it (`VoyageState.circuit` is None), so its saves and state hashes are
what they always were.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import SaveError
from ..schema import Int, Limits, Seq, read_fields, saved

MAX_PLACES = 1_000  # far more than Drake touched (data/drake.csv: 25)


@dataclass(slots=True)
class CircuitState:
    places: int = field(metadata=saved(Int(1, MAX_PLACES)))  # his places in this world
    touched: list[int] = field(metadata=saved(Seq(Int(0, "day"))))  # the day each was touched
    licence: int = field(default=-1, metadata=saved(Int(-1, "nation")))

    @property
    def next(self) -> int:
        """The index of the next place to touch (`places` once the circuit is made)."""
        return len(self.touched)

    @property
    def made(self) -> bool:
        return len(self.touched) >= self.places

    def to_dict(self) -> dict[str, Any]:
        return {"places": self.places, "touched": list(self.touched), "licence": self.licence}

    def copy(self) -> CircuitState:
        return CircuitState(self.places, list(self.touched), self.licence)

    @classmethod
    def read(cls, data: Any, path: str, limits: Limits) -> CircuitState:
        values, _ = read_fields(cls, data, path, limits)
        state = cls(**values)
        if len(state.touched) > state.places or state.touched != sorted(state.touched):
            where = f"{path}.touched" if path else "touched"
            raise SaveError(f"{where}: more days than places, or out of order")
        return state
