"""Search & Salvage arithmetic: the Wits pool and what a roll finds (no state, no RNG)."""
from __future__ import annotations

from collections.abc import Iterable

JACKPOT_FACE = 6   # a natural 6 in a successful search draws from the location deck


def search_outcome(faces: Iterable[int], need: int = 4) -> str:
    """'failure' (no success), 'jackpot' (a success and a natural 6) or 'success'."""
    faces = tuple(faces)
    if not any(f >= need for f in faces):
        return "failure"
    return "jackpot" if JACKPOT_FACE in faces else "success"


def tool_dice(gear_ids: Iterable[str], content) -> int:
    """The best search tool carried: a prying weapon gives 1 die, an item its interact_dice."""
    best = 0
    for gear_id in gear_ids:
        if gear_id in content.weapons and "pry" in content.weapons[gear_id].traits:
            best = max(best, 1)
        elif gear_id in content.items:
            best = max(best, content.items[gear_id].interact_dice)
    return best


def search_pool(wits: int, skill_dice: int, tool: int) -> int:
    """Dice for a Search: Wits + skill dice + the best tool."""
    return wits + skill_dice + tool
