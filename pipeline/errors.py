"""Errors the world build and the chart raise for the user: each message is one line naming
what is wrong."""


class WorldBuildError(ValueError):
    """The build cannot go on; nothing has been written."""


class SourceError(WorldBuildError):
    """The land source is missing, unreadable, or holds no usable polygons."""


class DataFileError(WorldBuildError):
    """A hand-authored file in data/ is malformed: the message names the file, row and reason."""


class ChartError(WorldBuildError):
    """A picture cannot be drawn as asked: no such picture to make (a run that cannot be
    replayed here, a day past her end, nothing logged to count)."""
