"""The newest schema revision this code writes, known without importing alembic.

Opening a database compares its stored revision with this first, so a database already at
head never pays for alembic's import and script scan. A test checks it is alembic's head.
"""

SCHEMA_HEAD = "0006"
