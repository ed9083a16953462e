"""What the objective asks of each survivor right now: where to go. Shared by the Director, the survivor AI and the
scripted baselines."""
from __future__ import annotations

from game.world.board import INF
from game.world.components import Inventory, Survivor
from game.world.session import Session


def _ids(item: str | tuple[str, ...]) -> tuple[str, ...]:
    return (item,) if isinstance(item, str) else item


def escorted(s: Session, sv: int) -> bool:
    """Is this survivor the one an escort task is about (the civilian the team came for)?"""
    task = s.task
    return bool(task and task.escort) and s.comp(sv, Survivor).archetype == task.escort


def carrying(s: Session, sv: int, item: str | tuple[str, ...]) -> bool:
    """Does this survivor carry the item (or any of these items)?"""
    ids = (item,) if isinstance(item, str) else item       # (_ids, inlined: asked thousands of times a game)
    for g in s.comp(sv, Inventory).gear:
        if g.gear_id in ids:
            return True
    return False


def item_cells(s: Session, item: str | tuple[str, ...]) -> list[int]:
    """Cells where the item (or any of these items) lies on the ground."""
    ids = _ids(item)
    return sorted(c for c, gear in s.ground.items() if any(g.gear_id in ids for g in gear))


def objective_item(s: Session) -> tuple[str, ...]:
    """The items the current task needs carried (the crates to deliver, the part the marker takes); () if none."""
    task = s.task
    return task.wants if task is not None else ()


def goal_cells(s: Session, sv: int) -> list[int]:
    """Cells this survivor should make for to move the objective on (empty: escort the one who carries it). Kept per
    survivor until the task, the ground or the cards it carries change: nothing else moves them."""
    return list(_kept_goal(s, sv)[1])


def goal_walk(s: Session, sv: int) -> int:
    """path_cost(s, sv, goal_cells(s, sv)): half inches along the cheapest path to its nearest goal cell, INF if it
    has none (the goal's distance field is kept with its goal cells)."""
    found = _kept_goal(s, sv)
    if found[2] is None:
        if not found[1]:
            return INF
        found[2] = s.board.field(tuple(found[1]))
    return found[2][s.cell(sv)]


def _kept_goal(s: Session, sv: int) -> list:
    """[the cards it carried, goal cells, their distance field or None], kept per survivor in the game's goals memo
    (which the task and the ground's cards empty) while it carries the same cards."""
    cards = tuple([g.gear_id for g in s.comp(sv, Inventory).gear])
    found = s.memos.goals.get(sv)
    if found is None or found[0] != cards:
        found = s.memos.goals[sv] = [cards, _goal_cells(s, sv), None]
    return found


def _goal_cells(s: Session, sv: int) -> list[int]:
    task = s.task
    if task is None:
        return []
    if task.kind == "extract":
        # an escort: the civilian makes for the exit, the others keep with them (no goal cells of their own)
        return s.marker_cells(task.zone) if not task.escort or escorted(s, sv) else []
    if task.kind == "hold":
        return s.marker_cells(task.zone)
    if task.kind == "survive":
        return s.marker_cells("deploy")      # the stronghold the team starts in (an AI convention, not a rule)
    if task.kind == "deliver":
        if carrying(s, sv, task.wants):
            return s.marker_cells(task.zone)
        return item_cells(s, task.wants)
    if task.needs_item and not carrying(s, sv, task.needs_item):
        return item_cells(s, task.needs_item)
    return s.marker_cells("objective", task.marker)


def task_cells(s: Session) -> list[int]:
    """Where the current task is finished: the zone of an escape or a delivery, the marker of a work task."""
    task = s.task
    if task is None:
        return []
    if task.kind in ("extract", "deliver", "hold"):
        return s.marker_cells(task.zone)
    if task.kind == "survive":
        return s.marker_cells("deploy")
    return s.marker_cells("objective", task.marker)


def to_goal(s: Session, sv: int) -> float:
    """Inches (as the crow flies, in the game's measure) to this survivor's nearest goal cell; 99 if none."""
    here = s.cell(sv)
    cells = goal_cells(s, sv)
    return min((s.dist(here, c) for c in cells), default=99.0)


def path_cost(s: Session, sv: int, cells) -> int:
    """Half inches along the cheapest path (s.board.field) from this survivor to the nearest of `cells`; INF if none."""
    if not cells:
        return INF
    return s.board.field(tuple(cells))[s.cell(sv)]


def door_ahead(s: Session, who: int, field) -> int | None:
    """A closed, empty door in contact that leads down the field (closer to its sources), if any."""
    here = s.cell(who)
    for cell in sorted(s.board.contact_cells(here)):
        if s.board.door_is_closed(cell) and field[cell] < field[here] and cell not in s.occupant:
            return cell
    return None


# Half inches a survivor covers in a round, about: a 5" Move three times over.
WALK_PER_ROUND = 30
# Rounds each task after the current one is reckoned to take, once the survivors are on it.
ROUNDS_PER_LATER_TASK = 3


def rounds_needed(s: Session) -> float | None:
    """Rounds the objective still needs, roughly: the walk to the goal (of the slowest standing survivor in an
    extraction, which waits for everyone; else of the nearest), one round for this task and three for each later one.
    None when no standing survivor can reach their goal. Shared by the survivor AI (its spare rounds) and the Director
    (what a Doom space is worth)."""
    task = s.task
    later = len(s.scenario.tasks) - s.task_index - 1
    # a task that counts rounds takes the rounds it still needs, however the survivors walk
    this = task.rounds - s.task_progress if task is not None and task.kind in ("hold", "survive") else 1
    if task is not None and task.kind == "survive":
        return this + ROUNDS_PER_LATER_TASK * later
    walks = [goal_walk(s, sv) for sv in s.standing()
             if task is None or not task.escort or escorted(s, sv)]
    pick = max if task is not None and task.kind == "extract" else min
    walk = pick(walks, default=INF)
    if walk >= INF:
        return None
    return walk / WALK_PER_ROUND + ROUNDS_PER_LATER_TASK * later + this
