"""Downed survivors: the Guts pool for their saves and the Feeding Frenzy's lethality (no state, no RNG)."""
from __future__ import annotations

from collections.abc import Iterable

from game.rules.dice import successes


def best_guts_item(item_dice: Iterable[int]) -> int:
    """Of the Guts items carried (painkillers, energy drink), the one with the most dice is used: its dice."""
    return max((d for d in item_dice if d > 0), default=0)


def guts_pool(guts: int, skill_dice: int, item_dice: int) -> int:
    """Dice for a survivor's Guts test: Guts + skill dice + the Guts item used up for it."""
    return guts + skill_dice + item_dice


def frenzy_lethality(slots: int, disruption: int) -> int:
    """Feeding Frenzy: the feeders' engagement slots minus the disruption hits allies dealt, never below 0."""
    return max(0, slots - disruption)


def bleed_out_saved(faces: Iterable[int], need: int) -> bool:
    """A Downed survivor's bleed-out save: one success in the Guts pool keeps them alive."""
    return successes(faces, need) >= 1


def parting_swipes(figures: int, most: int) -> int:
    """Dice the zombies on a survivor who breaks away roll: one per figure in contact, `most` at the most (the
    engagement slots)."""
    return max(0, min(most, figures))


def swipe_need(base: int, swipe_immune: bool) -> int:
    """The face a swipe wounds on: the rules' number, only a 6 for a survivor whose skill shrugs swipes off."""
    return 6 if swipe_immune else base


def swipe_wounds(faces: Iterable[int], need: int) -> int:
    """Wounds from the parting swipes: one per die at `need` or higher."""
    return successes(faces, need)
