"""Exporting runs for other engines: the run tables (runs, events, actions, checkpoints) as
Parquet, hive-partitioned by the run's mode, and the world tables beside them, so Spark,
polars or DuckDB elsewhere reads a study without privateer.

```
DIR/runs/mode=sim/part-0.parquet        DIR/world/nodes.parquet   (GeoParquet)
DIR/events/mode=sim/part-0.parquet      DIR/world/ports.parquet   (plain Parquet)
DIR/actions/mode=voyage/part-0.parquet  ...
```

DuckDB writes every file itself (`COPY (SELECT ...) TO ... (FORMAT parquet, PARTITION_BY
(mode))`) on the read-only connection it is given: the rows never pass through Python.
Columns keep their names and order in the database; the partition column `mode` lives in the
folder names (`mode=sim`), where hive readers find it. JSON columns (runs.options,
events.payload, world_build.params) are written as text, which every engine reads (DuckDB's
JSON type would reach polars as bytes). Geometry columns are written by DuckDB's spatial
writer as GeoParquet 1.0 (WKB, with the `geo` metadata key and the CRS, EPSG:4326 as
`privateer world export` gives it); a table with no geometry is plain Parquet. Events,
actions and checkpoints take their run's mode by a join with runs, so a run table never holds
rows of a run the export left out. Rows are written in key order (run_id, seq), so the same
database gives the same files.

The files are written into a hidden folder beside DIR and moved into place at the end: an
export that fails or is interrupted leaves DIR as it was. The folders an earlier export wrote
(`EXPORT_FOLDERS`) are the only things an export replaces; any other file in DIR stays.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from .errors import DatabaseError
from .tables import WORLD_TABLES, metadata, world_build

RUN_EXPORT_TABLES = ("runs", "events", "actions", "checkpoints")
WORLD_FOLDER = "world"
EXPORT_FOLDERS = (*RUN_EXPORT_TABLES, WORLD_FOLDER)
WORLD_EXPORT_TABLES = tuple(t.name for t in (world_build, *WORLD_TABLES))
PARTITION = "mode"
FILE_PATTERN = "part-{i}"  # DuckDB fills in {i}: part-0.parquet, part-1.parquet, ...
CRS = "EPSG:4326"  # lon/lat on WGS 84, as `privateer world export` writes it

OnStep = Callable[[int, int, str], None]  # (index from 1, how many, what)


class ExportError(DatabaseError):
    """An export refused before anything was written: a bad folder, nothing to export."""


@dataclass(frozen=True, slots=True)
class Written:
    """One table as exported: where, how many rows, in how many files of how many bytes."""

    table: str
    rows: int
    files: int
    bytes: int
    path: Path


@dataclass(frozen=True, slots=True)
class Exported:
    """What an export wrote: each table, and the exported runs counted by mode."""

    folder: Path
    tables: tuple[Written, ...]
    runs_by_mode: Mapping[str, int]
    world: bool  # whether the database held a world to write beside the runs


# --- the folder -------------------------------------------------------------------------------


def check_destination(folder: Path, *, force: bool) -> None:
    """Refuse, touching nothing, a DIR the export cannot write as asked: a file, one in a
    folder that does not exist or cannot be written, or one that holds files already (unless
    `force`, and then only if its export folders hold nothing but an earlier export's files)."""
    try:
        str(folder).encode("utf-8")
    except UnicodeEncodeError:
        raise ExportError(f"cannot write {folder}: its name is not UTF-8") from None
    parent = folder.parent
    if folder.exists() and not folder.is_dir():
        raise ExportError(f"cannot export to {folder}: it is a file, not a folder")
    if not parent.is_dir():
        raise ExportError(f"cannot export to {folder}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ExportError(f"cannot export to {folder}: folder {parent} is not writable")
    if not folder.exists():
        return
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ExportError(f"cannot export to {folder}: it is not writable")
    if not force and any(folder.iterdir()):
        raise ExportError(
            f"{folder} is not empty; --force replaces the folders an earlier export wrote "
            f"there ({', '.join(EXPORT_FOLDERS)}) and keeps every other file"
        )
    for name in EXPORT_FOLDERS:
        stray = _not_exported(folder / name, partitioned=name != WORLD_FOLDER)
        if stray is not None:
            raise ExportError(
                f"cannot replace {folder / name}: {stray} is not a file an export wrote; "
                "move it away or export elsewhere"
            )


def _not_exported(path: Path, *, partitioned: bool) -> Path | None:
    """The first thing under `path` an export would not have written there, or None (nothing
    there, or only an earlier export's Parquet files)."""
    if not path.exists() and not path.is_symlink():
        return None
    if path.is_symlink() or not path.is_dir():
        return path
    for entry in sorted(path.iterdir()):
        if partitioned and entry.is_dir() and not entry.is_symlink():
            if not entry.name.startswith(f"{PARTITION}="):
                return entry
            inner = [f for f in sorted(entry.iterdir()) if not _is_parquet(f)]
            if inner:
                return inner[0]
        elif partitioned or not _is_parquet(entry):
            return entry
    return None


def _is_parquet(path: Path) -> bool:
    return path.suffix == ".parquet" and path.is_file() and not path.is_symlink()


def _install(built: Path, folder: Path) -> None:
    """Move the finished export into place: the whole folder when DIR does not exist yet,
    else each export folder in turn (an earlier export's removed first), other files kept."""
    if not folder.exists():
        os.rename(built, folder)
        return
    for name in EXPORT_FOLDERS:
        if (folder / name).exists():
            shutil.rmtree(folder / name)
        if (built / name).exists():
            shutil.move(built / name, folder / name)  # a rename; a copy across devices
    shutil.rmtree(built)


# --- the SQL ----------------------------------------------------------------------------------


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _name(column: str) -> str:
    return '"' + column.replace('"', '""') + '"'


def _columns(
    conn: sa.Connection, table: str, alias: str, instead: Mapping[str, str] | None = None
) -> str:
    """The table's columns in their order, as other engines should read them: JSON as text,
    geometry with its CRS (so the `geo` metadata names it); `instead`: a column's expression
    in place of its value."""
    rows = conn.execute(
        sa.text(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = 'main' AND table_name = :t ORDER BY ordinal_position"
        ),
        {"t": table},
    ).all()
    out = []
    for column, kind in rows:
        name = f"{alias}.{_name(column)}"
        if instead and column in instead:
            out.append(f"{instead[column]} AS {_name(column)}")
        elif kind == "JSON":
            out.append(f"CAST({name} AS VARCHAR) AS {_name(column)}")
        elif str(kind).startswith("GEOMETRY"):
            out.append(f"CAST({name} AS GEOMETRY({_literal(CRS)})) AS {_name(column)}")
        else:
            out.append(name)
    return ", ".join(out)


def _where(mode: str | None, since: int | None) -> str:
    """The runs asked for, as a condition on `r` (runs)."""
    terms = ["TRUE"]
    if mode is not None:
        terms.append(f"r.mode = {_literal(mode)}")
    if since is not None:
        terms.append(f"r.run_id >= {int(since)}")
    return " AND ".join(terms)


def _copy(conn: sa.Connection, query: str, target: Path, options: str) -> tuple[int, int, int]:
    """COPY one query to `target`; returns (rows, files, bytes) from DuckDB's own count."""
    stats = conn.exec_driver_sql(
        f"COPY ({query}) TO {_literal(str(target))} "
        f"(FORMAT parquet, COMPRESSION zstd, RETURN_STATS{options})"
    ).all()
    return sum(int(s[1]) for s in stats), len(stats), sum(int(s[2]) for s in stats)


def select_runs(conn: sa.Connection, mode: str | None, since: int | None) -> dict[str, int]:
    """The runs an export with these filters takes, counted by mode."""
    rows = conn.exec_driver_sql(
        f"SELECT r.mode, count(*) FROM runs r WHERE {_where(mode, since)} "
        "GROUP BY r.mode ORDER BY r.mode"
    ).all()
    return {str(m): int(n) for m, n in rows}


def captain_named(alias: str) -> str:
    """The bot of a run, in SQL, as its command's flag names it: a voyage's captain bot as
    `--captain` takes it. The run log names ours `captain` and another `captain-NAME`, and a
    study's every run `captain`: its captain is the one its changes name, else its ruleset's
    own (engine/voyage/captain.py's RULES_CAPTAINS). Every other bot as logged."""
    from privateer.engine.voyage import MODE as VOYAGE
    from privateer.engine.voyage import RULES_CAPTAINS

    bot = f"{alias}.bot"

    def option(path: str) -> str:
        return f"json_extract_string({alias}.options, {_literal(path)})"

    voyage = f"{alias}.mode IN ({', '.join(map(_literal, VOYAGE.run_modes))})"
    by_rules = " ".join(
        f"WHEN {_literal(rules)} THEN {_literal(name)}" for rules, name in RULES_CAPTAINS.items()
    )
    default = f"CASE {option('$.rules')} {by_rules} ELSE 'ours' END"
    studied = f"coalesce({option('$.changes.captain')}, {default})"
    return (
        f"CASE WHEN NOT {voyage} THEN {bot} "
        f"WHEN {bot} = 'captain' AND {option('$.sweep')} IS NOT NULL THEN {studied} "
        f"WHEN {bot} = 'captain' THEN 'ours' "
        f"WHEN {bot} LIKE 'captain-%' THEN substr({bot}, {len('captain-') + 1}) "
        f"ELSE {bot} END"
    )


def _run_table(conn: sa.Connection, table: str, where: str, into: Path, first_mode: str) -> Written:
    alias = "r" if table == "runs" else "t"
    columns = _columns(conn, table, alias)
    if table == "runs":
        named = _columns(conn, table, alias, {"bot": captain_named(alias)})
        rules = f"json_extract_string({alias}.options, '$.rules') AS rules"
        columns = f"{named}, {rules}"  # the ruleset, a column of its own
        query = f"SELECT {columns} FROM runs r WHERE {where} ORDER BY r.run_id"
    else:
        query = (
            f"SELECT r.mode AS {PARTITION}, {columns} FROM {_name(table)} t "
            f"JOIN runs r ON r.run_id = t.run_id WHERE {where} ORDER BY t.run_id, t.seq"
        )
    target = into / table
    rows, files, size = _copy(
        conn,
        query,
        target,
        f", PARTITION_BY ({PARTITION}), FILENAME_PATTERN {_literal(FILE_PATTERN)}",
    )
    if files == 0:
        # nothing of the exported runs in this table (fights log no checkpoints, say): one
        # empty file in an exported mode's partition, so readers find the table and its columns
        empty = target / f"{PARTITION}={first_mode}"
        empty.mkdir(parents=True)
        rows, files, size = _copy(
            conn,
            f"SELECT {columns} FROM {_name(table)} {alias} WHERE FALSE",
            empty / f"{FILE_PATTERN.format(i=0)}.parquet",
            "",
        )
    return Written(table, rows, files, size, target)


def _world_table(conn: sa.Connection, table: str, into: Path) -> Written:
    keys = ", ".join(f"t.{_name(c.name)}" for c in metadata.tables[table].primary_key.columns)
    target = into / WORLD_FOLDER / f"{table}.parquet"
    rows, files, size = _copy(
        conn,
        f"SELECT {_columns(conn, table, 't')} FROM {_name(table)} t ORDER BY {keys}",
        target,
        "",
    )
    return Written(table, rows, files, size, target)


# --- the export -------------------------------------------------------------------------------


def export_runs(
    conn: sa.Connection,
    folder: Path,
    *,
    mode: str | None = None,
    since: int | None = None,
    force: bool = False,
    on_step: OnStep = lambda index, count, what: None,
) -> Exported:
    """Export the runs of `mode` (every mode if None) whose run_id is at least `since`, their
    events, actions and checkpoints, and the world tables, into `folder` (see the module's
    docstring for the layout). Refused with ExportError, writing nothing, if the folder cannot
    be written as asked (check_destination) or no run matches."""
    folder = Path(os.path.abspath(folder))
    check_destination(folder, force=force)
    runs_by_mode = select_runs(conn, mode, since)
    if not runs_by_mode:
        asked = (f" of mode {mode}" if mode else "") + (f" from run {since} on" if since else "")
        raise ExportError(f"no runs{asked} to export (see `privateer runs list`)")
    has_world = bool(conn.exec_driver_sql("SELECT count(*) FROM world_build").scalar_one())
    world_tables = WORLD_EXPORT_TABLES if has_world else ()
    steps = len(RUN_EXPORT_TABLES) + len(world_tables) + 1
    where = _where(mode, since)
    built = Path(tempfile.mkdtemp(prefix=f".{folder.name or 'export'}.", dir=folder.parent))
    umask = os.umask(0)
    os.umask(umask)
    built.chmod(0o777 & ~umask)  # mkdtemp's folder is private; DIR is made as mkdir makes one
    try:
        written = []
        for index, table in enumerate(RUN_EXPORT_TABLES, start=1):
            on_step(index, steps, f"writing {table}")
            written.append(_run_table(conn, table, where, built, next(iter(runs_by_mode))))
        if world_tables:
            (built / WORLD_FOLDER).mkdir()
        for index, table in enumerate(world_tables, start=len(RUN_EXPORT_TABLES) + 1):
            on_step(index, steps, f"writing world/{table}")
            written.append(_world_table(conn, table, built))
        on_step(steps, steps, f"moving into {folder}")
        _install(built, folder)
    finally:
        if built.exists():
            shutil.rmtree(built, ignore_errors=True)
    return Exported(
        folder,
        tuple(
            Written(w.table, w.rows, w.files, w.bytes, folder / w.path.relative_to(built))
            for w in written
        ),
        runs_by_mode,
        has_world,
    )
