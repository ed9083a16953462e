"""Salvage deck handling: drawing from the top and reshuffling the discards (the RNG is passed in)."""
from __future__ import annotations

import random


def draw_from(draw: list, discard: list, rng: random.Random) -> tuple[object | None, bool]:
    """Take the top card (the end of `draw`). An empty draw pile first takes the discards, shuffled.
    Returns (card or None when both piles are empty, whether a reshuffle happened). Mutates both lists."""
    reshuffled = False
    if not draw:
        if not discard:
            return None, False
        draw.extend(discard)
        discard.clear()
        rng.shuffle(draw)
        reshuffled = True
    return draw.pop(), reshuffled
