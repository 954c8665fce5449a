"""The engine's exceptions are declared once (engine/errors.py), held by a test because a mode
that declares its own `IllegalActionError` hides the base class, and callers catching the base
then miss nothing only by luck: there is one class of that name in the code base, every class
named `Illegal...` that is an exception derives from it, and every exception the engine defines
elsewhere derives from a kind engine/errors.py declares."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import privateer
from privateer.engine import errors
from privateer.engine.errors import IllegalActionError

ROOT = Path(privateer.__file__).parent
LAYERS = ("engine", "db", "cli", "pipeline")
ERRORS = "privateer.engine.errors"

NOT_ERRORS: dict[str, str] = {}
"""Classes named Illegal... that are no exception, with why."""

OTHER_ENGINE_ERRORS: dict[str, str] = {}
"""Exceptions the engine defines outside engine/errors.py that derive from no kind declared
there, with why a caller needs no declared kind for them (none, today)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(("privateer", *parts)).removesuffix(".__init__")


def sources(layers: tuple[str, ...] = LAYERS) -> dict[str, ast.Module]:
    """Every module of the layers, parsed, by its dotted name."""
    return {
        module_name(path): ast.parse(path.read_text(encoding="utf-8"))
        for layer in layers
        for path in sorted((ROOT / layer).rglob("*.py"))
    }


def declared_as(name: str, trees: dict[str, ast.Module]) -> list[str]:
    """Where a class called `name` is declared (anywhere in a module, a function's too)."""
    return sorted(
        f"{module}:{node.lineno}"
        for module, tree in trees.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and node.name == name
    )


def classes_named(prefix: str, trees: dict[str, ast.Module]) -> list[tuple[str, str]]:
    """(module, name) of every class whose name starts with `prefix`."""
    return sorted(
        (module, node.name)
        for module, tree in trees.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and node.name.startswith(prefix)
    )


def defined_classes(module: str) -> list[type]:
    """The classes a module defines at its top level (not those it imports)."""
    loaded = importlib.import_module(module)
    return [
        value
        for value in vars(loaded).values()
        if isinstance(value, type) and value.__module__ == module
    ]


def declared_kinds() -> tuple[type[BaseException], ...]:
    return tuple(cls for cls in defined_classes(ERRORS) if issubclass(cls, BaseException))


def test_one_illegal_action_error() -> None:
    trees = sources()
    (only,) = declared_as("IllegalActionError", {ERRORS: trees[ERRORS]})
    assert declared_as("IllegalActionError", trees) == [only]


def test_a_mode_declaring_its_own_illegal_action_error_is_caught() -> None:
    """The check above fails if a mode declares the name again, as four once did."""
    trees = sources(("engine",))
    trees["privateer.engine.duel.actions"] = ast.parse(
        "from ..errors import IllegalActionError as Base\n"
        "class IllegalActionError(Base):\n    pass\n"
    )
    assert len(declared_as("IllegalActionError", trees)) == 2


def test_every_illegal_class_is_an_illegal_action() -> None:
    """Each mode names its refusal its own way (IllegalVoyageAction, ...), a subclass of the
    one IllegalActionError, declared at a module's top level where a caller can import it."""
    named = classes_named("Illegal", sources())
    assert len({name for _, name in named}) == len(named), named  # each its own name
    for module, name in named:
        cls = getattr(importlib.import_module(module), name, None)
        assert isinstance(cls, type), f"{module}.{name}: not at the module's top level"
        if f"{module}.{name}" in NOT_ERRORS:
            assert not issubclass(cls, BaseException), f"{module}.{name} is an exception"
            continue
        assert issubclass(cls, IllegalActionError), f"{module}.{name}"


def test_engine_exceptions_derive_from_a_declared_kind() -> None:
    kinds = declared_kinds()
    found = []
    for module in sources(("engine",)):
        if module == ERRORS:
            continue
        for cls in defined_classes(module):
            name = f"{module}.{cls.__name__}"
            if issubclass(cls, BaseException):
                found.append(name)
                assert issubclass(cls, kinds) or name in OTHER_ENGINE_ERRORS, name
    assert "privateer.engine.voyage.actions.IllegalVoyageAction" in found  # the walk sees them


def test_the_declared_kinds_say_who_raises_them() -> None:
    """Each kind is a ValueError (callers that take any bad value still catch it) and says in
    its docstring who raises it and what a caller does with it."""
    kinds = declared_kinds()
    assert IllegalActionError in kinds and errors.SaveError in kinds
    for kind in kinds:
        assert issubclass(kind, ValueError), kind
        assert kind.__doc__ and len(kind.__doc__.split()) > 15, kind
