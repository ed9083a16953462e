"""Survivor Phase actions. Clicks, the survivor AI, the tutorial and tests all submit these.

Each action has `check(session)` (raises Impossible with a reason a player understands) and `perform(session)`.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from game.rules.combat import (
    after_dice_lost,
    melee,
    melee_attack_pool,
    ranged_pool,
    ranged_target,
)
from game.rules.downed import bleed_out_saved, swipe_need, swipe_wounds
from game.rules.geometry import ORTHO_HALF
from game.world.components import Gear, Health, Inventory, Status, Survivor, Turn
from game.world.errors import Impossible
from game.world.guts import guts_dice
from game.world.horde import best_melee, melee_bonus
from game.world.scavenge import gain, resolve_search
from game.world.session import Session
from game.world.systems import burn


# --- shared checks -----------------------------------------------------------------------------------------------
def _active(s: Session, who: int, ap: int = 1) -> None:
    if s.phase != "survivor":
        raise Impossible("it is not the Survivor Phase")
    if s.active != who:
        raise Impossible(f"{s.name(who)} is not the active survivor")
    if s.comp(who, Status).downed:
        raise Impossible(f"{s.name(who)} is Downed and cannot act")
    if s.comp(who, Turn).ap < ap:
        raise Impossible(f"{s.name(who)} has no AP left")


def ready(s: Session, who: int, ap: int = 1) -> None:
    """The checks every survivor action makes first: the query of game.world.legal asks them on their own."""
    _active(s, who, ap)


def _spend(s: Session, who: int, ap: int = 1) -> None:
    s.comp(who, Turn).ap -= ap


def _gear(s: Session, who: int, uid: int) -> Gear:
    for g in s.comp(who, Inventory).gear:
        if g.uid == uid:
            return g
    raise Impossible(f"{s.name(who)} does not carry that item")


def _contact(s: Session, a: int, b: int) -> None:
    if not s.board.in_contact(s.cell(a), s.cell(b)):
        raise Impossible(f"{s.name(a)} is not in base contact with {s.name(b)}")


def _zombie_cells(s: Session, ignore: frozenset[int] = frozenset()) -> tuple[set[int], set[int]]:
    """(cells holding zombies, cells in base contact with a zombie not in `ignore`): walls and stops for a move."""
    blocked, near = set(), set()
    for cell, eid in s.occupant.items():
        if s.is_zombie(eid):
            blocked.add(cell)
            if eid not in ignore:
                near.update(s.board.contact_cells(cell))
    return blocked, near


def _zombie_walls(s: Session) -> tuple[set[int], set[int]]:
    """_zombie_cells(s), kept until a zombie moves, comes or goes (the caller must not change them)."""
    memo = s.memos.zombies
    found = memo.get("walls")
    if found is None:
        found = memo["walls"] = _zombie_cells(s)
    return found


def reach_full(s: Session, who: int, budget_half: int, ignore: frozenset[int] = frozenset()) -> dict[int, tuple]:
    """{cell: (cost, previous)} for every cell a move passes through or ends in (cached until something moves;
    the caller must not change it)."""
    memo = s.position_memo()
    key = (who, budget_half, ignore)
    found = memo.get(key)
    if found is None:
        start = s.cell(who)
        board = s.board
        # A zombie farther than this cannot stand on, nor touch, a path this short. A nearer one matters only if
        # its cell or a cell it touches is among those open ground would reach: a zombie adds cost, never removes it.
        # So the search with the zombies always gives the answer; the open-ground one, when kept or when no zombie
        # is near, saves that search if no near zombie touches it (and is then the same answer, entry for entry).
        radius = budget_half / ORTHO_HALF + 1.5
        near = s.zombie_cells_within(start, radius) if s.nearest_zombie(start) <= radius else ()
        found = board.kept_open_reach(start, budget_half) if near else board.open_reach(start, budget_half)
        if found is None or any(z in found or len(board.contact_cells(z) & found.keys()) >
                                (start in board.contact_cells(z)) for z in near):
            # (a zombie touching only the start cell does not stop the move)
            blocked, stops = _zombie_cells(s, ignore) if ignore else _zombie_walls(s)
            kept = found is not None
            found = board.reach(start, budget_half, blocked, stops)
            if not kept and not any(c in found for z in near for c in board.contact_cells(z)):
                board.keep_open_reach(start, budget_half, found)    # no zombie touched it: the open answer too
        memo[key] = found
    return found


def reachable(s: Session, who: int, budget_half: int, ignore: frozenset[int] = frozenset()) -> dict[int, tuple]:
    """The empty cells a survivor can end a move in (plus its own cell), as {cell: (cost, previous)} (kept until
    something moves, as reach_full is; the caller must not change it)."""
    memo = s.position_memo()
    key = ("reachable", who, budget_half, ignore)
    found = memo.get(key)
    if found is None:
        start, occupant = s.cell(who), s.occupant
        found = memo[key] = {c: v for c, v in reach_full(s, who, budget_half, ignore).items()
                             if c not in occupant or c == start}
    return found


def path_to(found: dict[int, tuple], dest: int) -> list[int]:
    path = []
    while found[dest][1] != -1:
        path.append(dest)
        dest = found[dest][1]
    return path[::-1]


def move_budget(s: Session, who: int) -> int:
    """A Move in half inches (as it stands: a slowing load takes its inches off first)."""
    return s.move_of(who) * ORTHO_HALF


def half_move_budget(s: Session, who: int) -> int:
    """Half a Move, in half inches (Disengage and Drag): Move 5 reaches 2.5", not 2" (rulebook 5.0)."""
    return max(ORTHO_HALF, s.move_of(who) * ORTHO_HALF // 2)


# --- the activation ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Activate:
    who: int

    def check(self, s: Session) -> None:
        if s.phase != "survivor":
            raise Impossible("it is not the Survivor Phase")
        if s.active is not None and s.comp(s.active, Turn).ap > 0:
            raise Impossible(f"{s.name(s.active)} must finish their activation first")
        if self.who not in s.survivors():
            raise Impossible("that survivor is not on the board")
        if s.comp(self.who, Turn).activated:
            raise Impossible(f"{s.name(self.who)} has already activated this round")

    def perform(self, s: Session) -> None:
        if s.active is not None:
            end_activation(s)
        start_activation(s, self.who)


def start_activation(s: Session, who: int) -> None:
    turn = s.comp(who, Turn)
    status = s.comp(who, Status)
    turn.activated = True
    _open_turn(s, who)
    s.emit("activate", f"{s.name(who)} activates", who=who)
    if status.downed:
        bleed_out(s, who)
        return
    status.hunkered = False
    if status.burning:
        burn(s, who)
        if status.downed or status.eliminated:
            return
    turn.ap = opening_ap(s, who)
    if status.stunned:
        status.stunned = False
        s.emit("status", f"{s.name(who)} is still reeling: 1 AP fewer", who=who)
    s.active = who
    if s.effect(who, "panics") and s.heat >= s.rules.panic_heat:
        nerve(s, who)


def nerve(s: Session, who: int) -> None:
    """A civilian starting an activation with the Heat at panic_heat or more tests their nerve (a Guts test). On a
    failure they panic: the activation is lost, and unless engaged they run their full Move to the cell they can
    reach that lies farthest from the nearest zombie (ties: the first cell in reading order)."""
    if s.hits(s.roll(guts_dice(s, who), who, f"nerve at Heat {s.heat}")):
        s.emit("status", f"{s.name(who)} keeps their nerve", who=who)
        return
    s.comp(who, Turn).ap = 0
    if s.is_engaged(who):
        s.emit("status", f"{s.name(who)} panics and cowers where they stand", who=who)
        return
    zombies = [s.cell(z) for z in s.zombies()]
    here = s.cell(who)
    found = reach_full(s, who, move_budget(s, who))
    cells = [c for c in found if c == here or c not in s.occupant]
    safest = max(cells, key=lambda c: (min((s.dist(c, z) for z in zombies), default=99.0), -c))
    s.emit("status", f"{s.name(who)} panics and runs", who=who)
    if safest != here:
        s.move_model(who, path_to(found, safest), verb="flees")


def _fighter(s: Session, who: int) -> None:
    """Only those who can fight attack: a civilian (skill effect `noncombatant`) never does."""
    if s.effect(who, "noncombatant"):
        raise Impossible(f"{s.name(who)} cannot fight")


def _open_turn(s: Session, who: int) -> None:
    turn = s.comp(who, Turn)
    turn.searched = turn.handed_off = turn.aiming = False
    turn.free_interacts = s.effect(who, "free_interact")
    turn.claim = -1


def opening_ap(s: Session, who: int) -> int:
    """The AP an activation starts with: a Stunned survivor is still reeling and has one fewer."""
    return s.rules.ap - (1 if s.comp(who, Status).stunned else 0)


@contextmanager
def activation_preview(s: Session, who: int) -> Iterator[None]:
    """The board as `who`'s activation would open it (no die rolled, no event; a burn is not foreseen), put back
    afterwards: the query of game.world.legal uses it to say what they could do before they commit."""
    turn, status = s.comp(who, Turn), s.comp(who, Status)
    saved = (s.active, s.withdraw_from, status.hunkered, turn.ap, turn.searched, turn.handed_off, turn.aiming,
             turn.free_interacts, turn.claim)
    try:
        s.active, s.withdraw_from = who, None
        _open_turn(s, who)
        if not status.downed:
            status.hunkered = False
            turn.ap = opening_ap(s, who)
        yield
    finally:
        (s.active, s.withdraw_from, status.hunkered, turn.ap, turn.searched, turn.handed_off, turn.aiming,
         turn.free_interacts, turn.claim) = saved


def end_activation(s: Session) -> None:
    who = s.active
    if who is None:
        return
    turn = s.comp(who, Turn)
    turn.ap = 0
    turn.aiming = False
    s.active = None
    s.emit("activate", f"{s.name(who)} ends their activation", who=who)


def bleed_out(s: Session, who: int) -> None:
    if bleed_out_saved(s.roll(guts_dice(s, who), who, "a bleed-out save"), s.rules.success):
        s.emit("status", f"{s.name(who)} hangs on", who=who)
    else:
        s.eliminate(who, "bled out")


@dataclass(frozen=True)
class EndActivation:
    who: int

    def check(self, s: Session) -> None:
        if s.active != self.who:
            raise Impossible(f"{s.name(self.who)} is not the active survivor")

    def perform(self, s: Session) -> None:
        end_activation(s)


@dataclass(frozen=True)
class EndSurvivorPhase:
    """Ends the phase: unactivated Downed survivors make their bleed-out saves, then the Director Phase starts."""

    def check(self, s: Session) -> None:
        if s.phase != "survivor":
            raise Impossible("it is not the Survivor Phase")

    def perform(self, s: Session) -> None:
        end_activation(s)
        for who in s.survivors():
            turn = s.comp(who, Turn)
            if not turn.activated:
                turn.activated = True
                status = s.comp(who, Status)
                if status.downed:
                    s.emit("activate", f"{s.name(who)} lies Downed", who=who)
                    bleed_out(s, who)
                elif status.burning:
                    burn(s, who)
        if not s.result:
            s.phase = "director"
            s.emit("phase", "Director Phase", round=s.round)
            s.begin_director()


# --- moving ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    who: int
    dest: int

    def check(self, s: Session) -> None:
        # Move.destinations asked of one cell: no set of every destination is built to answer for one
        _active(s, self.who)
        if s.is_engaged(self.who):
            raise Impossible(f"{s.name(self.who)} is engaged: Disengage first")
        if self.dest in s.occupant or self.dest not in reach_full(s, self.who, move_budget(s, self.who)):
            raise Impossible("that cell is out of reach this Move")     # (its own cell is taken: by itself)

    @staticmethod
    def destinations(s: Session, who: int) -> frozenset[int]:
        """Every cell a Move of `who` may end in now, or Impossible with the reason none may (Move.check asks the
        same of one cell: tests/test_move_check.py). Remembered until someone moves or the turn changes hands."""
        turn = s.comp(who, Turn)
        # the budget is part of the key: picking up a slowing load changes it without anyone moving
        key = ("move", who, s.phase, s.active, turn.ap > 0, s.comp(who, Status).downed, move_budget(s, who))
        memo = s.position_memo()
        found = memo.get(key)
        if found is None:
            try:
                _active(s, who)
                if s.is_engaged(who):
                    raise Impossible(f"{s.name(who)} is engaged: Disengage first")
                # every cell reached but the taken ones (its own among them)
                found = frozenset(reach_full(s, who, move_budget(s, who)).keys() - s.occupant.keys() - {s.cell(who)})
            except Impossible as exc:
                found = exc
            memo[key] = found
        if isinstance(found, Impossible):
            raise Impossible(str(found))
        return found

    def perform(self, s: Session) -> None:
        found = reach_full(s, self.who, move_budget(s, self.who))
        _spend(s, self.who)
        s.comp(self.who, Status).hunkered = False
        s.move_model(self.who, path_to(found, self.dest))


@dataclass(frozen=True)
class Disengage:
    who: int
    dest: int

    def _budget(self, s: Session) -> int:
        if s.effect(self.who, "disengage_full"):
            return move_budget(s, self.who)
        return half_move_budget(s, self.who)

    def cells(self, s: Session) -> dict[int, tuple]:
        """Where a Disengage may end (remembered until someone moves; the caller must not change it)."""
        memo = s.position_memo()
        key = ("disengage", self.who, self._budget(s))
        found = memo.get(key)
        if found is None:
            engagers = s.contact_zombies(self.who)
            reach = reachable(s, self.who, self._budget(s), ignore=frozenset(engagers))
            zcells = [s.cell(z) for z in engagers]
            found = memo[key] = {c: v for c, v in reach.items() if not any(s.board.in_contact(c, z) for z in zcells)}
        return found

    def check(self, s: Session) -> None:
        _active(s, self.who)
        if not s.is_engaged(self.who):
            raise Impossible(f"{s.name(self.who)} is not engaged: use Move")
        if self.dest not in self.cells(s):
            raise Impossible("Disengage reaches half your Move, and must end out of contact")

    def perform(self, s: Session) -> None:
        engagers = s.contact_zombies(self.who)
        found = reach_full(s, self.who, self._budget(s), ignore=frozenset(engagers))
        _spend(s, self.who)
        s.comp(self.who, Status).hunkered = False
        swipes = s.swipes(engagers)
        need = swipe_need(s.rules.parting_swipe, bool(s.effect(self.who, "swipe_immune")))
        faces = s.roll(swipes, None, f"parting swipes at {s.name(self.who)}", need, at_least_one=False)
        wounds = swipe_wounds(faces, need)
        s.wound_survivor(self.who, wounds, "parting swipes")
        if s.comp(self.who, Status).downed:
            return
        s.move_model(self.who, path_to(found, self.dest), verb="breaks away")


@dataclass(frozen=True)
class Withdraw:
    """The free 1" step back after a melee attack that was not lost."""
    who: int
    dest: int
    keeps_withdraw = False

    def cells(self, s: Session) -> list[int]:
        if not s.may_withdraw(self.who):
            return []
        foe = s.withdraw_from[1]
        here = s.cell(self.who)
        out = []
        for cell, half in s.board.neighbours(here):
            if half != ORTHO_HALF or cell in s.occupant or s.board.step_cost(cell, half) != ORTHO_HALF:
                continue
            if s.is_zombie(foe) and s.board.in_contact(cell, s.cell(foe)):
                continue
            out.append(cell)
        return out

    def check(self, s: Session) -> None:
        if s.active != self.who:
            raise Impossible(f"{s.name(self.who)} is not the active survivor")
        if not s.may_withdraw(self.who):
            raise Impossible("you may only step back straight after a melee attack you did not lose")
        if self.dest not in self.cells(s):
            raise Impossible("step back 1\" onto open ground, out of your foe's reach")

    def perform(self, s: Session) -> None:
        s.comp(self.who, Status).hunkered = False
        s.move_model(self.who, [self.dest], verb="steps back")


# --- fighting ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Melee:
    who: int
    target: int
    weapon: int | None = None      # gear uid; None = the best melee weapon carried
    keeps_withdraw = True

    def check(self, s: Session) -> None:
        _active(s, self.who)
        _fighter(s, self.who)
        if not s.is_zombie(self.target):
            raise Impossible("there is no zombie there")
        _contact(s, self.who, self.target)
        if self.weapon is not None:
            _gear(s, self.who, self.weapon)

    def perform(self, s: Session) -> None:
        s.withdraw_from = None
        _spend(s, self.who)
        gear = _gear(s, self.who, self.weapon) if self.weapon is not None else best_melee(s, self.who)
        weapon = s.content.weapons.get(gear.gear_id) if gear else None
        surv = s.comp(self.who, Survivor)
        att = melee_attack_pool(surv.fight, melee_bonus(s, gear), s.effect(self.who, "melee_dice"),
                                s.board.is_defensible(s.cell(self.target)))
        wname = weapon.name if weapon else "bare hands"
        s.emit("attack", f"{s.name(self.who)} attacks {s.name(self.target)} with {wname}", who=self.who,
               target=self.target, weapon=weapon.id if weapon else "unarmed")
        a_faces = s.roll(att, self.who, "a melee attack")
        d_faces = s.roll(s.fight_of(self.target), None, f"{s.name(self.target)}'s defence")
        if weapon and weapon.kind == "melee" and weapon.heat:
            s.add_heat(weapon.heat, s.cell(self.who), f"{weapon.name} in melee")
        result = melee(a_faces, d_faces, s.rules.success)
        target = self.target
        if result.wounds_to_defender:
            left = s.comp(target, Health).wounds
            stunned = weapon and weapon.kind == "melee" and "stun" in weapon.traits and 6 in a_faces
            s.wound_zombie(target, result.wounds_to_defender, s.name(self.who))
            spill = result.wounds_to_defender - left
            if weapon and "cleave" in weapon.traits and spill > 0:
                others = [z for z in s.contact_zombies(self.who) if z != target]
                if others:
                    victim = min(others, key=lambda z: (s.comp(z, Health).wounds, z))
                    s.wound_zombie(victim, spill, f"{s.name(self.who)}'s follow-through")
            if stunned and s.is_zombie(target):
                stun(s, target)
        elif result.wounds_to_attacker:
            s.wound_survivor(self.who, result.wounds_to_attacker, s.name(target))
        else:
            s.emit("attack", "Weapons lock: no one is hurt", who=self.who)
        if result.may_withdraw and not s.comp(self.who, Status).downed:
            s.withdraw_from = (self.who, target)


def stun(s: Session, zombie: int) -> None:
    if "bulk" in s.zdef(zombie).specials:
        s.emit("status", f"{s.name(zombie)} shrugs off the blow", who=zombie)
        return
    s.comp(zombie, Status).stunned = True
    s.emit("status", f"{s.name(zombie)} is Stunned", who=zombie)


def _ranged_pool(s: Session, who: int, gear: Gear, aimed: bool) -> int:
    weapon = s.content.weapons[gear.gear_id]
    return ranged_pool(weapon.dice, s.comp(who, Survivor).shoot, s.effect(who, "shoot_dice"), aimed,
                       aim_dice=s.rules.aim_dice, aim_skill=s.effect(who, "aim_dice"),
                       scoped="scoped" in weapon.traits)


def shot_odds_inputs(s: Session, who: int, target: int, uid: int) -> tuple[int, int, str]:
    """(dice, face needed, cover) for a shot, as the rules give them; used by the UI preview and the tools."""
    gear = _gear(s, who, uid)
    aimed = s.comp(who, Turn).aiming
    cover = s.board.cover(s.cell(who), s.cell(target))
    tgt = ranged_target(cover, aimed, False, base=s.rules.success, light=s.rules.light_cover,
                        heavy=s.rules.heavy_cover, hunker=s.rules.hunker)
    return after_dice_lost(_ranged_pool(s, who, gear, aimed), tgt.dice_lost), tgt.need, cover


def _weapon(s: Session, who: int, uid: int, kind: str, refusal: str):
    """The carried weapon with this uid, if it is of the kind the action needs."""
    gear = _gear(s, who, uid)
    weapon = s.content.weapons.get(gear.gear_id)
    if weapon is None or weapon.kind != kind:
        raise Impossible(f"{s.content.gear_name(gear.gear_id)} {refusal}")
    return gear, weapon


def _range_and_sight(s: Session, who: int, cell: int, weapon) -> None:
    if s.dist(s.cell(who), cell) > weapon.range:
        raise Impossible(f"out of range: {weapon.name} reaches {weapon.range}\"")
    if not s.can_see(s.cell(who), cell):
        raise Impossible("no line of sight")


@dataclass(frozen=True)
class Shoot:
    who: int
    target: int
    weapon: int

    def check(self, s: Session) -> None:
        _active(s, self.who)
        _fighter(s, self.who)
        gear, weapon = _weapon(s, self.who, self.weapon, "firearm", "is not a firearm")
        if gear.ammo <= 0:
            raise Impossible(f"{weapon.name} is empty: Reload")
        if not s.is_zombie(self.target):
            raise Impossible("there is no zombie there")
        if s.is_engaged(self.who) and not s.board.in_contact(s.cell(self.who), s.cell(self.target)):
            raise Impossible("while engaged you can only shoot a zombie in contact with you")
        _range_and_sight(s, self.who, s.cell(self.target), weapon)

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        gear = _gear(s, self.who, self.weapon)
        weapon = s.content.weapons[gear.gear_id]
        dice, need, cover = shot_odds_inputs(s, self.who, self.target, self.weapon)
        gear.ammo -= 1
        s.comp(self.who, Turn).aiming = False
        s.emit("attack", f"{s.name(self.who)} fires {weapon.name} at {s.name(self.target)} "
               f"({cover} cover, hits on {need}+)", who=self.who, target=self.target, cover=cover, need=need,
               weapon=weapon.id)
        faces = s.roll(dice, self.who, f"a shot at {s.name(self.target)}", need)
        s.add_heat(weapon.heat, s.cell(self.who), weapon.name)
        hits = s.hits(faces, need)
        if hits:
            stunned = "stun" in weapon.traits and 6 in faces
            s.wound_zombie(self.target, hits, s.name(self.who))
            if stunned and s.is_zombie(self.target):
                stun(s, self.target)
        else:
            s.emit("attack", "All shots miss", who=self.who)


@dataclass(frozen=True)
class Throw:
    who: int
    cell: int
    weapon: int

    def check(self, s: Session) -> None:
        _active(s, self.who)
        _fighter(s, self.who)
        _, weapon = _weapon(s, self.who, self.weapon, "thrown", "cannot be thrown")
        if s.is_engaged(self.who):
            raise Impossible("no room to throw while engaged")
        if not (0 <= self.cell < s.board.size) or s.board.kind(self.cell) == "wall":
            raise Impossible("throw at open ground")
        _range_and_sight(s, self.who, self.cell, weapon)

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        gear = _gear(s, self.who, self.weapon)
        weapon = s.content.weapons[gear.gear_id]
        s.comp(self.who, Inventory).gear.remove(gear)
        s.spend(gear)
        x, y = s.board.xy(self.cell)
        s.emit("attack", f"{s.name(self.who)} throws {weapon.name} at ({x}, {y})", who=self.who, cell=self.cell,
               weapon=weapon.id)
        s.add_heat(weapon.heat, self.cell, weapon.name)
        for eid in s.models_within(self.cell, weapon.blast):
            if not (s.is_zombie(eid) or s.is_survivor(eid)):
                continue
            status = s.comp(eid, Status)
            cover = s.board.cover(self.cell, s.cell(eid)) if s.cell(eid) != self.cell else "none"
            tgt = ranged_target(cover, False, status.hunkered, base=s.rules.success, light=s.rules.light_cover,
                                heavy=s.rules.heavy_cover, hunker=s.rules.hunker)
            faces = s.roll(after_dice_lost(weapon.dice, tgt.dice_lost), self.who, f"the blast on {s.name(eid)}",
                           tgt.need)
            hits = s.hits(faces, tgt.need)
            if "burning" in weapon.traits and not status.burning and not _braves_fire(s, eid):
                status.burning = True
                s.emit("status", f"{s.name(eid)} catches fire", who=eid)
            if s.is_zombie(eid):
                s.wound_zombie(eid, hits, weapon.name)
            else:
                s.wound_survivor(eid, hits, weapon.name)


def _braves_fire(s: Session, eid: int) -> bool:
    """Whether a model in a fire's blast keeps from catching fire: a Firefighter always does, another standing
    survivor braves the flames with a Guts test (rulebook 9.0), a zombie or a Downed survivor never does."""
    if not s.is_survivor(eid):
        return False
    if s.effect(eid, "fire_immune"):
        return True
    if s.comp(eid, Status).downed:
        return False
    braved = s.hits(s.roll(guts_dice(s, eid), eid, f"a Guts test to brave the fire ({s.name(eid)})")) > 0
    if braved:
        s.emit("status", f"{s.name(eid)} braves the flames and does not catch fire", who=eid)
    return braved


@dataclass(frozen=True)
class Aim:
    who: int

    def check(self, s: Session) -> None:
        _active(s, self.who)
        if s.comp(self.who, Turn).aiming:
            raise Impossible("already aiming")
        if not any(s.content.weapons.get(g.gear_id) and s.content.weapons[g.gear_id].kind == "firearm"
                   for g in s.comp(self.who, Inventory).gear):
            raise Impossible("no firearm to aim")

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        s.comp(self.who, Turn).aiming = True
        s.emit("status", f"{s.name(self.who)} takes aim", who=self.who)


@dataclass(frozen=True)
class HunkerDown:
    who: int

    def check(self, s: Session) -> None:
        _active(s, self.who)
        if s.comp(self.who, Status).hunkered:
            raise Impossible("already hunkered down")
        if not s.board.next_to_cover(s.cell(self.who)):
            raise Impossible("hunker down needs cover in contact")

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        s.comp(self.who, Status).hunkered = True
        s.emit("status", f"{s.name(self.who)} hunkers down", who=self.who)


@dataclass(frozen=True)
class Reload:
    who: int
    weapon: int

    def check(self, s: Session) -> None:
        _active(s, self.who)
        gear = _gear(s, self.who, self.weapon)
        weapon = s.content.weapons.get(gear.gear_id)
        if weapon is None or weapon.kind != "firearm":
            raise Impossible("only firearms are reloaded")
        if gear.ammo >= weapon.ammo:
            raise Impossible(f"{weapon.name} is already full")
        if s.comp(self.who, Inventory).reloads <= 0:
            raise Impossible("no Reload tokens left")

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        gear = _gear(s, self.who, self.weapon)
        inv = s.comp(self.who, Inventory)
        inv.reloads -= 1
        gear.ammo = s.content.weapons[gear.gear_id].ammo
        s.emit("item", f"{s.name(self.who)} reloads {s.content.gear_name(gear.gear_id)} "
               f"({inv.reloads} Reload tokens left)", who=self.who)


# --- searching and items -----------------------------------------------------------------------------------------
def token_in_reach(s: Session, who: int, cell: int) -> bool:
    here = s.cell(who)
    return cell == here or s.board.in_contact(here, cell)


@dataclass(frozen=True)
class Search:
    who: int
    cell: int

    def check(self, s: Session) -> None:
        _active(s, self.who)
        if self.cell not in s.search_tokens:
            raise Impossible("there is no search token there")
        if not token_in_reach(s, self.who, self.cell):
            raise Impossible("stand on or next to the search token")
        if s.comp(self.who, Turn).searched:
            raise Impossible("only one Search per turn")

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        s.comp(self.who, Turn).searched = True
        resolve_search(s, self.who, self.cell)


def _carry_check(s: Session, who: int, gear: Gear) -> None:
    item = s.content.items.get(gear.gear_id)
    if not s.has_room(who) and not (item and (item.capacity or item.kind == "ammo")):
        raise Impossible(f"{s.name(who)} has no room (inventory {s.slots_taken(who)}/{s.capacity(who)})")


def _interact_cost(s: Session, who: int) -> int:
    return 0 if s.comp(who, Turn).free_interacts > 0 else 1


def _pay_interact(s: Session, who: int) -> None:
    turn = s.comp(who, Turn)
    if turn.free_interacts > 0:
        turn.free_interacts -= 1
    else:
        turn.ap -= 1


@dataclass(frozen=True)
class PickUp:
    """1 AP; free for the card your own search this activation left at your feet for want of room: the rulebook
    lets a full survivor drop an item to claim the find, at no further cost."""
    who: int
    uid: int

    def cost(self, s: Session) -> int:
        return 0 if s.comp(self.who, Turn).claim == self.uid else 1

    def _find(self, s: Session) -> tuple[int, Gear] | None:
        for cell, items in s.ground.items():
            for g in items:
                if g.uid == self.uid:
                    return cell, g
        return None

    def check(self, s: Session) -> None:
        _active(s, self.who, self.cost(s))
        found = self._find(s)
        if not found:
            raise Impossible("nothing like that lies here")
        if not token_in_reach(s, self.who, found[0]):
            raise Impossible("stand on or next to it to pick it up")
        _carry_check(s, self.who, found[1])

    def perform(self, s: Session) -> None:
        _spend(s, self.who, self.cost(s))
        s.comp(self.who, Turn).claim = -1
        cell, gear = self._find(s)
        s.pick_up(gear, cell)
        gain(s, self.who, gear)


@dataclass(frozen=True)
class Drop:
    """Put an item down (free): to make room, or to leave it for someone else."""
    who: int
    uid: int

    def check(self, s: Session) -> None:
        _active(s, self.who, 0)
        _gear(s, self.who, self.uid)

    def perform(self, s: Session) -> None:
        gear = _gear(s, self.who, self.uid)
        s.comp(self.who, Inventory).gear.remove(gear)
        s.drop(gear, s.cell(self.who))
        s.emit("item", f"{s.name(self.who)} drops {s.content.gear_name(gear.gear_id)}", who=self.who)


@dataclass(frozen=True)
class Door:
    """Open or close a door in contact; a closed door can also be barricaded, or its barricade pulled down."""
    who: int
    cell: int
    mode: str = "toggle"      # toggle | barricade

    def check(self, s: Session) -> None:
        _active(s, self.who, _interact_cost(s, self.who))
        b = s.board
        if not (0 <= self.cell < b.size) or b.kind(self.cell) != "door":
            raise Impossible("there is no door there")
        if not b.in_contact(s.cell(self.who), self.cell) and s.cell(self.who) != self.cell:
            raise Impossible("move next to the door first")
        if self.cell in s.occupant:
            raise Impossible("someone is standing in the doorway")
        if self.mode == "barricade" and (b.door_open[self.cell] or self.cell in b.barricaded):
            raise Impossible("only a closed, unbarricaded door can be barricaded")

    def perform(self, s: Session) -> None:
        _pay_interact(s, self.who)
        b = s.board
        x, y = b.xy(self.cell)
        if self.mode == "barricade":
            b.set_barricade(self.cell, True)
            verb = "barricades"
        elif self.cell in b.barricaded:
            b.set_barricade(self.cell, False)
            verb = "pulls down the barricade at"
        else:
            b.set_door(self.cell, not b.door_open[self.cell])
            verb = "opens" if b.door_open[self.cell] else "closes"
        s.emit("door", f"{s.name(self.who)} {verb} the door at ({x}, {y})", who=self.who, cell=self.cell, verb=verb)


@dataclass(frozen=True)
class WorkObjective:
    """Interact with the current objective marker (refuel, repair, transmit...)."""
    who: int

    def check(self, s: Session) -> None:
        _active(s, self.who, _interact_cost(s, self.who))
        task = s.task
        if task is None or task.kind != "interact":
            raise Impossible("there is no objective to work here now")
        cells = s.marker_cells("objective", task.marker)
        if not any(token_in_reach(s, self.who, c) for c in cells):
            raise Impossible(f"go to the {task.marker.replace('_', ' ')} first")
        if task.needs_item and not any(g.gear_id == task.needs_item for g in s.comp(self.who, Inventory).gear):
            raise Impossible(f"this needs {s.content.gear_name(task.needs_item)}")

    def perform(self, s: Session) -> None:
        _pay_interact(s, self.who)
        task = s.task
        if task.needs_item:
            inv = s.comp(self.who, Inventory)
            gear = next(g for g in inv.gear if g.gear_id == task.needs_item)
            inv.gear.remove(gear)
            s.spend(gear)
            s.emit("item", f"{s.name(self.who)} uses {s.content.gear_name(gear.gear_id)}", who=self.who)
        s.emit("interact", f"{s.name(self.who)} works on the {task.marker.replace('_', ' ')}", who=self.who)
        s.progress_task()


def in_zone(s: Session, who: int, zone: str) -> bool:
    return s.cell(who) in set(s.marker_cells(zone))


@dataclass(frozen=True)
class Deliver:
    who: int

    def check(self, s: Session) -> None:
        _active(s, self.who, _interact_cost(s, self.who))
        task = s.task
        if task is None or task.kind != "deliver":
            raise Impossible("nothing needs delivering now")
        if not in_zone(s, self.who, task.zone):
            raise Impossible("stand in the drop-off zone")
        if not any(g.gear_id in task.wants for g in s.comp(self.who, Inventory).gear):
            names = " or ".join(s.content.gear_name(i) for i in task.wants)
            raise Impossible(f"you are not carrying {names}")

    def perform(self, s: Session) -> None:
        _pay_interact(s, self.who)
        inv = s.comp(self.who, Inventory)
        gear = next(g for g in inv.gear if g.gear_id in s.task.wants)
        inv.gear.remove(gear)
        s.spend(gear)
        s.emit("interact", f"{s.name(self.who)} delivers {s.content.gear_name(gear.gear_id)}", who=self.who)
        s.progress_task()


@dataclass(frozen=True)
class Escape:
    who: int

    def check(self, s: Session) -> None:
        _active(s, self.who)
        if s.is_engaged(self.who):
            raise Impossible("you cannot escape while engaged: Disengage first")
        task = s.task
        if task is None or task.kind != "extract":
            raise Impossible("it is not time to leave yet")
        if task.escort and s.comp(self.who, Survivor).archetype != task.escort:
            raise Impossible(f"nobody leaves before the {s.content.archetypes[task.escort].name}: get them out first")
        if not in_zone(s, self.who, task.zone):
            raise Impossible("stand in the extraction zone")

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        s.comp(self.who, Status).escaped = True
        s.remove_from_board(self.who)
        s.emit("escape", f"{s.name(self.who)} escapes the map!", who=self.who)
        s.update_engagement()
        s.progress_task()


@dataclass(frozen=True)
class Triage:
    who: int
    ally: int
    item: int | None = None       # medical item uid; None = the best carried, or none with a medical skill

    def _item(self, s: Session) -> Gear | None:
        inv = s.comp(self.who, Inventory)
        if self.item is not None:
            gear = _gear(s, self.who, self.item)
            if s.content.items.get(gear.gear_id) is None or s.content.items[gear.gear_id].kind != "medical":
                raise Impossible("that is not a medical item")
            return gear
        meds = [g for g in inv.gear if s.content.items.get(g.gear_id) and
                s.content.items[g.gear_id].kind == "medical"]
        return max(meds, key=lambda g: (s.content.items[g.gear_id].revive_wounds, -g.uid), default=None)

    def check(self, s: Session) -> None:
        _active(s, self.who)
        if not s.is_survivor(self.ally) or not s.comp(self.ally, Status).downed \
                or s.comp(self.ally, Status).eliminated:
            raise Impossible("triage is for a Downed ally")
        _contact(s, self.who, self.ally)
        if self._item(s) is None and not s.effect(self.who, "medical"):
            raise Impossible("triage needs a medical skill or a medical item: Drag them instead")

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        gear = self._item(s)
        dice = s.comp(self.who, Survivor).wits + s.effect(self.who, "triage_dice")
        faces = s.roll(dice, self.who, f"triage on {s.name(self.ally)}")
        if s.hits(faces) >= s.rules.triage_need:
            wounds = s.content.items[gear.gear_id].revive_wounds if gear else s.rules.skill_revive
            if gear:
                s.comp(self.who, Inventory).gear.remove(gear)
                s.spend(gear)
                s.emit("item", f"{s.name(self.who)} uses {s.content.gear_name(gear.gear_id)}", who=self.who)
            s.revive(self.ally, wounds)
        else:
            s.emit("status", f"Triage fails: {s.name(self.ally)} is still Downed", who=self.ally)


@dataclass(frozen=True)
class Drag:
    who: int
    ally: int
    dest: int

    def _budget(self, s: Session) -> int:
        return half_move_budget(s, self.who)

    def _laid(self, s: Session) -> dict[int, tuple[int, tuple]]:
        """Every end within half the dragger's Move -> (the cell the ally is laid in: the one just before, which must
        be free; the way there)."""
        here = s.cell(self.who)
        out = {}
        for c, v in reachable(s, self.who, self._budget(s)).items():
            before = v[1] if v[1] != -1 else here
            if c != here and (before == here or s.occupant.get(before, self.ally) == self.ally):
                out[c] = before, v
        return out

    def cells(self, s: Session) -> dict[int, tuple]:
        """Where the dragger may end: the ally is dragged into cover (rulebook 5.0), so the cell they are laid in must
        be in contact with cover, as a Hunker Down's is."""
        return {c: v for c, (laid, v) in self._laid(s).items() if s.board.next_to_cover(laid)}

    def check(self, s: Session) -> None:
        _active(s, self.who)
        if not s.is_survivor(self.ally) or not s.comp(self.ally, Status).downed:
            raise Impossible("you can only drag a Downed ally")
        _contact(s, self.who, self.ally)
        if s.is_engaged(self.who):
            raise Impossible("you are engaged: Disengage first")
        laid = self._laid(s).get(self.dest)
        if laid is None:
            raise Impossible("Drag reaches half your Move")
        if not s.board.next_to_cover(laid[0]):
            raise Impossible("a drag lays the ally in cover: no cover next to the cell they would be laid in")

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        s.comp(self.who, Status).hunkered = False
        path = path_to(reach_full(s, self.who, self._budget(s)), self.dest)
        start = s.cell(self.who)
        trail = [start, *path]
        s.move_model(self.who, path, verb="drags an ally to")
        ally_to = trail[-2]
        if ally_to != s.cell(self.ally):
            s.move_model(self.ally, [ally_to], verb="is dragged to")


@dataclass(frozen=True)
class HandOff:
    """Free once per turn: the active survivor gives one item to, or takes one from, an ally in contact."""
    who: int
    ally: int
    uid: int

    def check(self, s: Session) -> None:
        _active(s, self.who, 0)
        if s.comp(self.who, Turn).handed_off:
            raise Impossible("one free hand-off per turn")
        if not s.is_survivor(self.ally) or self.ally not in s.survivors() or self.ally == self.who:
            raise Impossible("hand off to an ally on the board")
        _contact(s, self.who, self.ally)
        giver, taker = self._sides(s)
        _carry_check(s, taker, _gear(s, giver, self.uid))

    def _sides(self, s: Session) -> tuple[int, int]:
        mine = any(g.uid == self.uid for g in s.comp(self.who, Inventory).gear)
        if not mine and not any(g.uid == self.uid for g in s.comp(self.ally, Inventory).gear):
            raise Impossible("neither of you carries that")
        return (self.who, self.ally) if mine else (self.ally, self.who)

    def perform(self, s: Session) -> None:
        giver, taker = self._sides(s)
        gear = _gear(s, giver, self.uid)
        s.comp(giver, Inventory).gear.remove(gear)
        s.comp(taker, Inventory).gear.append(gear)
        s.comp(self.who, Turn).handed_off = True
        s.emit("item", f"{s.name(giver)} hands {s.content.gear_name(gear.gear_id)} to {s.name(taker)}",
               who=giver, to=taker)


@dataclass(frozen=True)
class GearExchange:
    """1 AP: any re-arrangement of both inventories; `mine` is the uids the active survivor ends up with."""
    who: int
    ally: int
    mine: tuple[int, ...]

    def check(self, s: Session) -> None:
        _active(s, self.who)
        if not s.is_survivor(self.ally) or self.ally not in s.survivors() or self.ally == self.who:
            raise Impossible("exchange with an ally on the board")
        _contact(s, self.who, self.ally)
        pool_ = {g.uid: g for g in s.comp(self.who, Inventory).gear + s.comp(self.ally, Inventory).gear}
        if not set(self.mine) <= set(pool_) or len(set(self.mine)) != len(self.mine):
            raise Impossible("you can only share out what the two of you carry")
        mine = [pool_[u] for u in self.mine]
        theirs = [g for u, g in pool_.items() if u not in set(self.mine)]
        for who, gear in ((self.who, mine), (self.ally, theirs)):
            if s.slots_taken(who, gear) > s.capacity(who, gear):
                raise Impossible(f"{s.name(who)} cannot carry that much")

    def perform(self, s: Session) -> None:
        _spend(s, self.who)
        a, b = s.comp(self.who, Inventory), s.comp(self.ally, Inventory)
        pool_ = {g.uid: g for g in a.gear + b.gear}
        a.gear = [pool_[u] for u in self.mine]
        b.gear = [g for u, g in sorted(pool_.items()) if u not in set(self.mine)]
        s.emit("item", f"{s.name(self.who)} and {s.name(self.ally)} swap gear", who=self.who, to=self.ally)

