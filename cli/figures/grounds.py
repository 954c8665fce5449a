"""The grounds' page: why a captain without letters of marque keeps to Europe, as the captain
that picks its ground reckons each water's best on the day it sets out."""

from __future__ import annotations

from privateer.cli.figures.page import FigurePage, Table

_COLUMNS = ("water", "port", "nation", "days_out", "days_home", "gold_a_day", "worth")
# a seed for each enemy the run may open with (England at war with one of Spain, France or the
# Dutch Republic, chosen by the run): seed 0 France, 1 Spain, 8 the Dutch
_WARS = (("1", "Spain"), ("0", "France"), ("8", "the Dutch Republic"))


def _grounds(rules: str, ship: str | None = None) -> tuple[tuple[str, ...], ...]:
    shipped = ("--ship", ship) if ship else ()
    return tuple(
        ("grounds", "--rules", rules, "--seed", seed, *shipped, "--json") for seed, _ in _WARS
    )


GROUNDS = FigurePage(
    name="grounds",
    title="Where the gold is, as a captain without letters reckons it",
    about=(
        "The Privateer design document sends its captains round the world with letters of"
        " marque, the plate ship and Drake; a captain without letters goes where the gold"
        " is. `privateer grounds` reckons each water's best ground (the water round an enemy"
        " port) on the day she sets out: the days' sail out and home, the gold a day it pays"
        " (its merchants, and the towns her ship could carry) and what it is worth over the"
        " days she would work it (the days she has, less the passage out and home and those"
        " kept in hand). `classic`'s captain (raider10) sails to the one worth most; `late`"
        " and `lookout` reckon the same waters (their rules add nothing to a ground's gold)."
        " The run's first war decides whose ports are enemy, so each table is three runs:"
        " England at war with Spain (seed 1), France (seed 0) and the Dutch Republic (seed"
        " 8). What moves them: where each nation's ports and merchants are (the world's"
        " routes), the passage at the century's pace (the world page's passages), and what a"
        " town pays (its treasury, 25; a colonial town's the same unless `indies_treasury`"
        " says otherwise)."
    ),
    needs_world=True,
    sections=(
        Table(
            heading="`classic`, in her pinnace",
            about=(
                "Where the water near home pays as much a day as the best colonial ground,"
                " the colonial ground's passage out and home is days not worked: `worth` is"
                " what decides, and the captain sails to the most of it."
            ),
            commands=_grounds("classic"),
            columns=_COLUMNS,
            labels=tuple(f"at war with {enemy}" for _, enemy in _WARS),
        ),
        Table(
            heading="`classic`, in a brigantine",
            about=(
                "Her kind's hull decides which towns she could carry: a bigger ship carries"
                " more of them, in every water alike."
            ),
            commands=_grounds("classic", "brigantine"),
            columns=_COLUMNS,
            labels=tuple(f"at war with {enemy}" for _, enemy in _WARS),
        ),
    ),
)
