"""The Director AI's Heat purchases: a deterministic priority list (docs/RULES.md, "The Director's shopping list").

For a given board the same purchases come out every time: every choice is ranked by a key that ends in cell
indexes or entity ids, never by set order or chance.
"""
from __future__ import annotations

from game.rules.geometry import ORTHO_HALF
from game.world.components import Zombie
from game.world.director import Lunge, Reanimate, Spawn, spawn_name, spawn_points, visible_target
from game.world.session import Session


def _nearest_survivor_dist(s: Session, cell: int) -> float:
    return min((s.dist(cell, s.cell(sv)) for sv in s.survivors()), default=99.0)


def _best_point(s: Session, kind: str) -> int | None:
    points = spawn_points(s, kind)
    if not points:
        return None
    return min(points, key=lambda c: (_nearest_survivor_dist(s, c), c))


class DirectorAI:
    """Baseline priority list; each purchase comes with the reason it was made."""

    def choose(self, s: Session, left: int):
        costs = s.rules.costs
        if s.removed_shamblers > 0 and left >= costs["reanimate"]:
            point = _best_point(s, "any")
            if point is not None:
                return Reanimate(point), "a Shambler fell this round: it gets back up"
        lunge = self._completing_lunge(s) if left >= costs["lunge"] else None
        if lunge is not None:
            z, target = lunge
            return Lunge(z), f"{s.name(z)} can reach {s.name(target)} with a lunge"
        if left >= costs["major"]:
            point = _best_point(s, "major")
            if point is not None:
                kind = "horde" if len(s.survivors()) >= 3 else "brute"
                return Spawn(kind, point), f"{_count_near(s, point)} survivor(s) within 12\" of " \
                                           f"{spawn_name(s, point)}"
        if left >= costs["special"]:
            point = _best_point(s, "minor")
            if point is not None:
                return Spawn(self._special_for(s), point), "a special to break the survivors' formation"
        if left >= costs["shambler"]:
            point = _best_point(s, "any")
            if point is not None:
                return Spawn("shambler", point), f"{spawn_name(s, point)} is the spawn point nearest a survivor"
        if left >= costs["lunge"]:
            for z in s.zombies():
                if s.comp(z, Zombie).kind == "shambler" and s.comp(z, Zombie).engaged is None \
                        and visible_target(s, z) is not None:
                    return Lunge(z), "closing the distance"
        return None

    def _completing_lunge(self, s: Session):
        reach = s.rules.lunge_distance * ORTHO_HALF
        for z in s.zombies():
            if s.comp(z, Zombie).kind != "shambler" or s.comp(z, Zombie).engaged is not None:
                continue
            target = visible_target(s, z)
            if target is not None and s.dist(s.cell(z), s.cell(target)) * 2 <= reach + 3:
                return z, target
        return None

    def _special_for(self, s: Session) -> str:
        standing = s.standing()
        if len(standing) >= 3:
            return "screamer" if s.heat < 8 else "bloater"
        return "hunter"


def _count_near(s: Session, cell: int) -> int:
    return sum(1 for sv in s.survivors() if s.dist(cell, s.cell(sv)) <= 12)
