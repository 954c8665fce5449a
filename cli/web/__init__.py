"""The web front end (`privateer serve`): a Starlette app over the same engine, sessions and
database as the terminal, with Jinja2 templates and plain JavaScript and SVG of its own. It
composes the other layers and holds no rules."""
