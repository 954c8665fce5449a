"""Errors a world build raises for the user: each message is one line naming what is wrong."""


class WorldBuildError(ValueError):
    """The build cannot go on; nothing has been written."""


class SourceError(WorldBuildError):
    """The land source is missing, unreadable, or holds no usable polygons."""


class DataFileError(WorldBuildError):
    """A hand-authored file in data/ is malformed: the message names the file, row and reason."""
