"""privateer: a card-based privateering roguelike round the world in 16XX.

The import root. Its subpackages are the top-level folders of the repository:
``privateer.pipeline`` (Natural Earth to the sea graph), ``privateer.engine`` (the pure rules),
``privateer.db`` (DuckDB through SQLAlchemy), ``privateer.migrations`` (alembic),
``privateer.cli`` (the typer app) and ``privateer.data`` (hand-authored world inputs).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("privateer")
except PackageNotFoundError:  # running from a tree that was never installed
    __version__ = "0.0.0+unknown"
