"""A mode's public face (`engine/<mode>/__init__.py`), read as it is asked for.

A face shows what front ends may use of its mode, and nothing else: it imports each name from
the module that defines it, for the type checker (`if TYPE_CHECKING: from .game import
VoyageGame`), lists them in `__all__`, and hands its `__getattr__` to `shown`, which imports a
name's module the first time the name is asked for (`from privateer.engine.voyage import
VoyageGame` imports game.py and what it needs, not the whole mode). So the face's imports are
declared once, where the type checker and tests/test_layers.py read them, and importing one
module of a mode costs what that module costs: `privateer runs list` starts as fast as
`--version` though the command line's help reads a mode's rules. Nothing runs when a face is
imported, so a face is never part of an import cycle at run time.

A name shown is its module's own name or an alias (`from .location import location as
location_of`): a package may not bind a name one of its modules has (pytest's importlib mode
would put the module in its place).
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Callable


def declared(package: str, source: str) -> dict[str, tuple[str, str | None]]:
    """What a face's source imports for the type checker: each name it shows, by the module
    it comes from and its name there (None: the name is a module of the package).

    >>> declared("p.m", "if TYPE_CHECKING:\\n    from .a import X, y as z\\n    from . import b")
    {'X': ('p.m.a', 'X'), 'z': ('p.m.a', 'y'), 'b': ('p.m.b', None)}
    >>> declared("p.m", "if TYPE_CHECKING:\\n    from ..e import E")
    {'E': ('p.e', 'E')}
    """
    found: dict[str, tuple[str, str | None]] = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"):
            continue
        for inner in node.body:
            if isinstance(inner, ast.ImportFrom) and inner.level:
                base = package.rsplit(".", inner.level - 1)[0]
                for alias in inner.names:
                    name = alias.asname or alias.name
                    if inner.module is None:  # a module of the package itself
                        found[name] = (f"{base}.{alias.name}", None)
                    else:
                        found[name] = (f"{base}.{inner.module}", alias.name)
    return found


def shown(package: str) -> Callable[[str], object]:
    """The face `package`'s `__getattr__`: a name it declares (`declared`), imported from its
    module when first asked for and kept on the face; any other is an AttributeError."""
    table: dict[str, tuple[str, str | None]] = {}

    def __getattr__(name: str) -> object:
        face = sys.modules[package]
        if not table:
            with open(str(face.__file__), encoding="utf-8") as source:
                table.update(declared(package, source.read()))
        if name not in table:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, attribute = table[name]
        found = importlib.import_module(module)
        value = found if attribute is None else getattr(found, attribute)
        setattr(face, name, value)
        return value

    return __getattr__
