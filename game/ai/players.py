"""Every survivor player `simulate` and `soak` can field, by name: the survivor AI's levels, then the baselines."""
from __future__ import annotations

from game.ai.baselines import Greedy, Rush, Turtle
from game.ai.random_bot import RandomSurvivors
from game.ai.survivor_ai import LEVELS, SurvivorAI
from game.content.defs import Content

BASELINES = {"random": RandomSurvivors, "rush": Rush, "greedy": Greedy, "turtle": Turtle}
PLAYERS = (*LEVELS, *BASELINES)


def make_player(level: str, seed: int, content: Content | None = None):
    """The survivor player for a name of PLAYERS (KeyError for any other), seeded with the game's seed. `content`:
    the game's own (a sweep's overrides reach the AI's levels through it); None loads the shipped files."""
    if level in LEVELS:
        return SurvivorAI(level, seed, content)
    return BASELINES[level](seed)
