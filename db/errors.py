"""Errors the database layer raises for a user to read: each message is one line."""


class DatabaseError(Exception):
    """A database that cannot be opened or used as asked. The message is shown to the user."""


class NotADatabaseError(DatabaseError):
    """The path holds a file that is not a DuckDB database."""


class UnknownRevisionError(DatabaseError):
    """The database was migrated by code newer than this (or foreign to it)."""


class DatabaseLockedError(DatabaseError):
    """Another process holds DuckDB's write lock on the file."""


class WaitInterrupted(Exception):
    """Ctrl-C while a patient store waited for another process's lock. Nothing of the write
    in hand reached the database: the last save stands whole. Not a DatabaseError: it is no
    mistake of the user's, and a command says so in its own words."""
