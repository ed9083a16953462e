"""What the objective asks of each survivor right now: where to go. Shared by the Director and the survivor AI."""
from __future__ import annotations

from game.world.components import Inventory
from game.world.session import Session


def carrying(s: Session, sv: int, item: str) -> bool:
    return any(g.gear_id == item for g in s.comp(sv, Inventory).gear)


def item_cells(s: Session, item: str) -> list[int]:
    """Cells where the item lies on the ground."""
    return sorted(c for c, gear in s.ground.items() if any(g.gear_id == item for g in gear))


def goal_cells(s: Session, sv: int) -> list[int]:
    """Cells this survivor should make for to move the objective on (empty: escort the one who carries it)."""
    task = s.task
    if task is None:
        return []
    if task.kind == "extract":
        return s.marker_cells(task.zone)
    if task.kind == "deliver":
        if carrying(s, sv, task.item):
            return s.marker_cells(task.zone)
        return item_cells(s, task.item)
    if task.needs_item and not carrying(s, sv, task.needs_item):
        return item_cells(s, task.needs_item)
    return s.marker_cells("objective", task.marker)


def to_goal(s: Session, sv: int) -> float:
    """Inches (as the crow flies, in the game's measure) to this survivor's nearest goal cell; 99 if none."""
    here = s.cell(sv)
    cells = goal_cells(s, sv)
    return min((s.dist(here, c) for c in cells), default=99.0)
