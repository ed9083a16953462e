"""Downed survivors: the Guts pool for their saves and the Feeding Frenzy's lethality (no state, no RNG)."""
from __future__ import annotations

from collections.abc import Iterable


def best_guts_item(item_dice: Iterable[int]) -> int:
    """Of the Guts items carried (painkillers, energy drink), the one with the most dice is used: its dice."""
    return max((d for d in item_dice if d > 0), default=0)


def guts_pool(guts: int, skill_dice: int, item_dice: int) -> int:
    """Dice for a survivor's Guts test: Guts + skill dice + the Guts item used up for it."""
    return guts + skill_dice + item_dice


def frenzy_lethality(slots: int, disruption: int) -> int:
    """Feeding Frenzy: the feeders' engagement slots minus the disruption hits allies dealt, never below 0."""
    return max(0, slots - disruption)
