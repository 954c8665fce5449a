"""The docs' pages of measured figures, each written by `privateer docs figures NAME`."""

from privateer.cli.figures.envs import ENVS
from privateer.cli.figures.fights import FIGHTS
from privateer.cli.figures.grounds import GROUNDS
from privateer.cli.figures.page import FigurePage
from privateer.cli.figures.speed import SPEED
from privateer.cli.figures.studies import STUDIES
from privateer.cli.figures.tables import DUEL, TABLETOP
from privateer.cli.figures.voyage import VOYAGE
from privateer.cli.figures.world import WORLD

PAGES: dict[str, FigurePage] = {
    each.name: each
    for each in (FIGHTS, DUEL, TABLETOP, VOYAGE, STUDIES, GROUNDS, WORLD, SPEED, ENVS)
}
"""Every page of figures, by name."""
