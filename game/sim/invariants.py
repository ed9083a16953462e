"""Checks that must hold at every moment of every game; property tests and the designer's batches call them."""
from __future__ import annotations

from game.world.components import Health, Pos, Status
from game.world.session import Session


def check_invariants(s: Session, census: dict[str, int]) -> list[str]:
    problems = []
    if not 0 <= s.heat <= s.rules.heat_max:
        problems.append(f"Heat {s.heat} outside 0..{s.rules.heat_max}")
    for sv in s.survivors():
        used = s.slots_used(sv)
        if used > s.rules.engagement_slots:
            problems.append(f"{s.name(sv)} has {used} engagement slots filled")
        if len(s.engagers(sv)) > 3:
            problems.append(f"{s.name(sv)} is engaged by more than 3 zombies")
    models = s.survivors() + s.zombies()
    for eid in models:
        cell = s.comp(eid, Pos).cell
        if not s.board.walkable(cell) and not (s.board.kind(cell) == "door"):
            problems.append(f"{s.name(eid)} stands in a {s.board.kind(cell)} cell")
        if s.occupant.get(cell) != eid:
            problems.append(f"occupancy out of step for {s.name(eid)}")
        health = s.comp(eid, Health)
        if health.wounds < 0 or health.wounds > health.max_wounds:
            problems.append(f"{s.name(eid)} has {health.wounds} wounds")
    if len(s.occupant) != len(models):
        problems.append("a cell holds a model that is not on the board")
    for sv in s.survivors(on_board=False):
        st = s.comp(sv, Status)
        if st.downed and (st.eliminated or st.escaped):
            problems.append(f"{s.name(sv)} is both Downed and off the board")
    if s.card_census() != census:
        problems.append(f"cards created or lost: {s.card_census()} != {census}")
    return problems
