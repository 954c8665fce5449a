"""privateer: a card-based privateering roguelike round the world in 16XX.

The import root. Its subpackages are the top-level folders of the repository:
``privateer.pipeline`` (Natural Earth to the sea graph), ``privateer.engine`` (the pure rules),
``privateer.db`` (DuckDB through SQLAlchemy), ``privateer.migrations`` (alembic),
``privateer.cli`` (the typer app) and ``privateer.data`` (hand-authored world inputs).
"""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """`__version__`, read from the installed distribution only when asked (reading package
    metadata costs a twentieth of a second that every other command would pay)."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("privateer")
        except PackageNotFoundError:  # running from a tree that was never installed
            return "0.0.0+unknown"
    raise AttributeError(f"module 'privateer' has no attribute {name!r}")
