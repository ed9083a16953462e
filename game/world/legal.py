"""Every legal action for the side to act: for the random baseline, the survivor AI and property tests."""
from __future__ import annotations

from game.world import actions as A
from game.world.components import Inventory, Status, Turn
from game.world.session import Impossible, Session


def legal_actions(s: Session) -> list:
    if s.phase != "survivor" or s.result:
        return []
    if s.active is None or s.comp(s.active, Turn).ap <= 0 and not s.may_withdraw(s.active):
        choices = [A.Activate(sv) for sv in s.survivors() if not s.comp(sv, Turn).activated]
        return choices + [A.EndSurvivorPhase()]
    return activation_actions(s, s.active)


def is_legal(s: Session, action) -> bool:
    try:
        action.check(s)
    except Impossible:
        return False
    return True


def activation_actions(s: Session, who: int) -> list:
    out: list = [A.EndActivation(who)]
    if s.may_withdraw(who):
        out += [A.Withdraw(who, c) for c in A.Withdraw(who, -1).cells(s)]
    turn = s.comp(who, Turn)
    if turn.ap <= 0:
        return out
    here = s.cell(who)
    board = s.board
    gear = s.comp(who, Inventory).gear
    engaged = s.is_engaged(who)
    if engaged:
        out += [A.Disengage(who, c) for c in A.Disengage(who, -1)._cells(s)]
    else:
        out += [A.Move(who, c) for c in A.reachable(s, who, A.move_budget(s, who)) if c != here]
    contacts = [s.occupant[c] for c in sorted(board.contact_cells(here)) if c in s.occupant]
    for other in contacts:
        if s.is_zombie(other):
            out.append(A.Melee(who, other))
        elif s.comp(other, Status).downed:
            out += [a for a in (A.Triage(who, other),) if is_legal(s, a)]
            if not engaged:
                out += [A.Drag(who, other, c) for c in A.Drag(who, other, -1)._cells(s)]
    zombies = s.zombies()
    for g in gear:
        weapon = s.content.weapons.get(g.gear_id)
        if weapon is None:
            continue
        if weapon.kind == "firearm":
            out += [a for a in (A.Shoot(who, z, g.uid) for z in zombies) if is_legal(s, a)]
            out += [a for a in (A.Reload(who, g.uid),) if is_legal(s, a)]
        elif weapon.kind == "thrown":
            out += [a for a in (A.Throw(who, s.cell(z), g.uid) for z in zombies) if is_legal(s, a)]
    out += [a for a in (A.Aim(who), A.HunkerDown(who), A.WorkObjective(who), A.Deliver(who), A.Escape(who))
            if is_legal(s, a)]
    out += [a for a in (A.Search(who, c) for c in s.search_tokens) if is_legal(s, a)]
    for cell, items in s.ground.items():
        if cell == here or board.in_contact(here, cell):
            out += [a for a in (A.PickUp(who, g.uid) for g in items) if is_legal(s, a)]
    for cell in sorted(board.contact_cells(here)):
        if board.kind(cell) == "door":
            out += [a for a in (A.Door(who, cell), A.Door(who, cell, "barricade")) if is_legal(s, a)]
    for other in contacts:
        if s.is_survivor(other) and not turn.handed_off:
            uids = [g.uid for g in gear] + [g.uid for g in s.comp(other, Inventory).gear]
            out += [a for a in (A.HandOff(who, other, u) for u in uids) if is_legal(s, a)]
    return out
