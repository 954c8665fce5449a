"""The learning environments' page: a random agent and each mode's bot played through every
environment, and the bot's games outside it on the same seeds."""

from __future__ import annotations

from privateer.cli.figures.page import FigurePage, Table

EPISODES = 100

ENVS = FigurePage(
    name="envs",
    title="The learning environments, measured",
    about=(
        f"`privateer envs bench`: {EPISODES} episodes an agent (seeds 0-{EPISODES - 1}), a"
        " random agent (uniform over the indices the mask opens) and the mode's own bot choosing"
        " through the environment, side 0's share won and mean reward (+1 a win, -1 a loss, 0"
        " nobody), and for the bot its games played outside the environment on the same seeds:"
        " `same_games` counts the seeds whose last state hash is the same both ways. What moves"
        " them: the games' own rules and bots (their pages); the environments add nothing to a"
        " game, which `same_games` shows. A random voyage is cut at 2,000 actions (its captain"
        " sets course after course and the days hardly pass). Steps a second are this"
        " machine's, in the hour named."
    ),
    sections=(
        Table(
            heading="Random agents and the bots, through the environments and outside",
            about=(
                "`won` and `outside_won` are side 0's: the voyage's captain, the fight's ship,"
                " the duel's Red, the tabletop's first seat (Spain, first to play)."
            ),
            commands=(("envs", "bench", "--episodes", str(EPISODES), "--json"),),
            columns=(
                "env",
                "kind",
                "agent",
                "episodes",
                "won",
                "outside_won",
                "same_games",
                "mean_reward",
                "steps",
                "steps_per_s",
            ),
            rates=frozenset({"won", "outside_won"}),
        ),
    ),
    needs_world=True,
    timed=True,
)
