"""The content hash of the world tables: a SHA-256 over each table's columns in a canonical
byte form, so equal tables hash equal whatever their Arrow chunking."""

from __future__ import annotations

import hashlib

import numpy as np
import pyarrow as pa


def _column_bytes(column: pa.ChunkedArray) -> bytes:
    kind = column.type
    if pa.types.is_integer(kind):
        return np.asarray(column.to_numpy(), dtype="<i8").tobytes()
    if pa.types.is_floating(kind):
        return np.asarray(column.to_numpy(), dtype="<f8").tobytes()
    if pa.types.is_boolean(kind):
        return np.asarray(column.to_numpy(zero_copy_only=False), dtype=np.uint8).tobytes()
    values = column.to_pylist()
    parts = []
    for value in values:
        raw = value if isinstance(value, bytes) else str(value).encode("utf-8")
        parts.append(len(raw).to_bytes(8, "little") + raw)
    return b"".join(parts)


def content_hash(tables: dict[str, pa.Table]) -> str:
    digest = hashlib.sha256()
    for name in sorted(tables):
        table = tables[name]
        digest.update(f"table {name} {table.num_rows}\n".encode())
        for column_name in table.column_names:
            digest.update(f"column {column_name} {table.schema.field(column_name).type}\n".encode())
            digest.update(_column_bytes(table.column(column_name)))
    return digest.hexdigest()
