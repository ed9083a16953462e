"""Every survivor player `simulate` and `soak` can field, by name: the survivor AI's levels, then the baselines."""
from __future__ import annotations

from game.ai.baselines import Greedy, Rush, Turtle
from game.ai.random_bot import RandomSurvivors
from game.ai.survivor_ai import LEVELS, SurvivorAI

BASELINES = {"random": RandomSurvivors, "rush": Rush, "greedy": Greedy, "turtle": Turtle}
PLAYERS = (*LEVELS, *BASELINES)


def make_player(level: str, seed: int):
    """The survivor player for a name of PLAYERS (KeyError for any other), seeded with the game's seed."""
    if level in LEVELS:
        return SurvivorAI(level, seed)
    return BASELINES[level](seed)
