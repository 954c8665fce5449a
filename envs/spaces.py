"""What an environment's observations and actions are, from a mode's encoding
(engine/encoding.py): the view as a flat row of float32 (or a dict of its features by name),
the legal actions as a mask over the action space, an action an index into the state's
legal actions in their fixed order."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from gymnasium import spaces

from privateer.engine.encoding import Encoding, View

Form = Literal["flat", "dict"]
FORMS: tuple[Form, ...] = ("flat", "dict")


def check_form(form: str) -> Form:
    if form not in FORMS:
        raise ValueError(f"observation {form!r}: one of {', '.join(FORMS)}")
    return form


def observation_space(encoding: Encoding, form: Form) -> spaces.Space[Any]:
    """The view's space: a Box of every number, or a Dict of one Box a feature."""
    lows, highs = encoding.bounds()
    if form == "flat":
        return spaces.Box(np.array(lows, np.float32), np.array(highs, np.float32), dtype=np.float32)
    boxes: dict[str, spaces.Space[Any]] = {}
    at = 0
    for feature in encoding.features:
        size = len(feature.labels)
        boxes[feature.name] = spaces.Box(
            np.array(lows[at : at + size], np.float32),
            np.array(highs[at : at + size], np.float32),
            dtype=np.float32,
        )
        at += size
    return spaces.Dict(boxes)


def encode(encoding: Encoding, view: View, form: Form) -> Any:
    """The view as the space holds it."""
    row = encoding.encode(view)
    if form == "flat":
        return np.array(row, np.float32)
    return {name: np.array(part, np.float32) for name, part in encoding.split(row).items()}


def action_space(actions: int) -> spaces.Discrete:
    return spaces.Discrete(actions)


def mask_space(actions: int) -> spaces.Box:
    return spaces.Box(0, 1, (actions,), np.int8)
