"""The baseline survivor player: picks uniformly among the legal actions (`--level random`)."""
from __future__ import annotations

import random

from game.world.legal import legal_actions
from game.world.session import Session


class RandomSurvivors:
    def __init__(self, seed: int):
        # Its own RNG: the bot's choices must never shift the game's dice.
        self.rng = random.Random(seed * 7919 + 1)

    def choose(self, s: Session):
        options = legal_actions(s)
        return self.rng.choice(options) if options else None
