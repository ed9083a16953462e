"""argparse types for the numbers the commands take: whole counts and a game's seed. Kept apart from the
commands so the command line can declare them without loading a simulator."""
from __future__ import annotations

import argparse

SEED_LIMIT = 2**63      # a save keeps the seed: the same bound as game.world.saves


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got '{text[:40]}'") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def positive_up_to(most: int, why: str):
    """argparse type: a whole number from 1 to `most` (a count past it is a typo, not a batch to run: `why`)."""
    def check(text: str) -> int:
        value = positive(text)
        if value > most:
            raise argparse.ArgumentTypeError(f"at most {most:,} ({why}), got {text[:40]}")
        return value
    return check


def seed(text: str) -> int:
    """argparse type: a game's seed, a whole number of at most 19 digits."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got '{text[:40]}'") from None
    if not -SEED_LIMIT <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"must be between -2**63 and 2**63 - 1, got {text[:40]}")
    return value
