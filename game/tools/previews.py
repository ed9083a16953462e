"""The answers a board shows about a survivor before an action is taken: where it can walk and in how many Moves,
the exact odds of each attack it could make, the parting swipes a Disengage would take and the swarm's odds on it.
They are the engine's own inputs (game.world.actions) put through the calculator (game.tools.calculator, which counts
every roll exactly),
shared by the game board (game.ui.board.overlays) and the sandbox (game.tools.sandbox_explain). Nothing here decides a
rule: the 2nd and 3rd Move bands are a guide (each Move is checked by the engine when it is submitted).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from game.rules.combat import melee_attack_pool, melee_defence_pool
from game.rules.downed import swipe_need
from game.tools.calculator import melee_calc, ranged_calc, swarm_calc
from game.tools.common import ToolError
from game.tools.distributions import success_dist
from game.world import actions as A
from game.world.actions import best_melee, path_to, shot_odds_inputs
from game.world.components import Health, Inventory, Status, Survivor, Turn, Zombie


@dataclass
class Reach:
    """Cells a survivor can end in, by the number of Move actions it takes, with the way there."""
    who: int
    start: int
    band: dict[int, int]                    # cell -> Moves needed (1..3)
    prev: dict[int, int]                    # cell -> previous cell on the way
    first: dict[int, tuple]                 # the engine's own answer for one Move: {cell: (cost, previous)}
    difficult: set[int]
    new_move: dict[int, bool]               # cell -> a new Move starts with the step into it
    full: dict[int, tuple] | None = None    # every cell one Move passes through (paths cross allies' cells)
    cover: frozenset[int] = frozenset()     # cells next to cover: marked, so the player sees where to stand

    def path(self, dest: int) -> tuple[list[int], list[int]]:
        """(cells after the start, indexes in it where each Move ends) to reach `dest`."""
        if dest in self.first and dest != self.start:
            cells = path_to(self.full if self.full is not None else self.first, dest)
            return cells, [len(cells) - 1] if cells else []
        cells = []
        c = dest
        while c != self.start and c in self.prev:
            cells.append(c)
            c = self.prev[c]
        cells.reverse()
        breaks = [i - 1 for i, c in enumerate(cells) if i > 0 and self.new_move.get(c)]
        return cells, breaks + [len(cells) - 1]


def move_reach(session, who: int, moves: int) -> Reach:
    """Where `who` can stand after 1, 2 or 3 Move actions. The first band is the engine's `reachable`; further
    bands chain whole Moves (each at most the survivor's Move in inches, each ending on an empty cell)."""
    board = session.board
    start = session.cell(who)
    budget = A.move_budget(session, who)
    first = A.reachable(session, who, budget)
    full = A.reach_full(session, who, budget)
    band: dict[int, int] = {c: 1 for c in first if c != start}
    prev: dict[int, int] = {c: (v[1] if v[1] != -1 else start) for c, v in full.items() if c != start}
    new_move: dict[int, bool] = {}
    if moves >= 2 and not session.is_engaged(who):
        blocked, stops = set(), set()
        for cell, eid in session.occupant.items():
            if session.is_zombie(eid):
                blocked.add(cell)
                stops.update(board.contact_cells(cell))
        best: dict[int, tuple[int, int]] = {start: (0, budget)}
        back: dict[int, tuple[int, bool]] = {}
        frontier = [(0, budget, start)]
        factor = board.move_factor
        occupant = session.occupant
        while frontier:
            m, spent, cell = heapq.heappop(frontier)
            if (m, spent) > best[cell]:
                continue
            if cell != start and cell in stops:
                continue
            for nxt, half in board.neighbours(cell):
                f = factor[nxt]
                if not f or nxt in blocked:
                    continue
                cost = half * f
                if cost > budget:
                    continue
                if spent + cost <= budget and m > 0:
                    nm, ns, starts = m, spent + cost, False
                else:
                    if m > 0 and cell != start and cell in occupant:
                        continue        # a Move cannot end on another model
                    nm, ns, starts = m + 1, cost, True
                if nm > moves:
                    continue
                if nxt not in best or (nm, ns) < best[nxt]:
                    best[nxt] = (nm, ns)
                    back[nxt] = (cell, starts)
                    heapq.heappush(frontier, (nm, ns, nxt))
        keep = set()
        for cell, (m, _) in best.items():
            if cell == start or cell in band or cell in occupant or m < 2:
                continue
            band[cell] = m
            keep.add(cell)
        # the way to each further cell, and where its Moves start
        for cell in keep:
            c = cell
            while c != start and c in back and c not in prev:
                p, starts = back[c]
                prev[c] = p
                new_move[c] = starts and p != start
                c = p
        for c in list(prev):
            if c in back and c not in first:
                new_move[c] = back[c][1] and back[c][0] != start
                prev[c] = back[c][0]
    difficult = {c for c in band if board.is_difficult(c)}
    cover = frozenset(c for c, b in band.items() if b == 1 and board.next_to_cover(c))   # this Move's, not later
    return Reach(who, start, band, prev, first, difficult, new_move, full, cover)


@dataclass
class Preview:
    """An attack about to be made: the engine's calculation of it, and what to call things."""
    kind: str                   # shoot | melee | throw
    title: str
    calc: object | None         # game.tools.calculator.Calculation (None for a throw: see rows)
    cover: str = "none"
    wounds_left: int = 0        # of the target
    attacker_left: int = 0      # of the survivor (melee: the chance of going Downed)
    rows: list | None = None    # throw: (name, ally?, Calculation) per model caught
    heat_note: str = ""
    warning: str = ""           # why it cannot be done right now (shown in red under the odds)
    parts: str = ""             # how the attacker's pool is made, when the calculation's own words do not fit


def shot_preview(session, who: int, target: int, uid: int) -> Preview:
    content = session.content
    gear = next(g for g in session.comp(who, Inventory).gear if g.uid == uid)
    arch = session.comp(who, Survivor).archetype
    kind = session.comp(target, Zombie).kind
    health = session.comp(target, Health)
    dice, need, cover = shot_odds_inputs(session, who, target, uid)
    calc = ranged_calc(content, archetype=arch, weapon=gear.gear_id, cover=cover,
                       aim=session.comp(who, Turn).aiming, zombie=kind,
                       wounds_taken=health.max_wounds - health.wounds)
    assert calc.attacker.dice == dice and calc.attacker.need == need, "calculator and engine disagree"
    weapon = content.weapons[gear.gear_id]
    return Preview("shoot", f"Shoot {session.name(target)} with the {weapon.name}", calc, cover, health.wounds,
                   heat_note=carries(session))


def carries(session) -> str:
    """The scenario's noise bonus (a night), for the Heat lines of a preview: the calculator knows nothing of it."""
    bonus = session.scenario.noise_bonus
    return f"Sound carries here: +{bonus} Heat on every noisy act" if bonus else ""


def melee_preview(session, who: int, target: int, uid: int | None = None) -> Preview:
    content = session.content
    surv = session.comp(who, Survivor)
    gear = None
    if uid is not None:
        gear = next((g for g in session.comp(who, Inventory).gear if g.uid == uid), None)
    gear = gear or best_melee(session, who)
    weapon = content.weapons.get(gear.gear_id) if gear else None
    kind = session.comp(target, Zombie).kind
    health = session.comp(target, Health)
    cover = session.board.is_defensible(session.cell(target))
    taken = health.max_wounds - health.wounds
    if weapon is not None and weapon.kind == "melee":
        calc = melee_calc(content, archetype=surv.archetype, weapon=weapon.id, zombie=kind, melee_cover=cover,
                          wounds_taken=taken)
        parts = ""
    else:      # bare hands, or a gun swung as a club: no dice from the weapon
        skill = session.effect(who, "melee_dice")
        calc = melee_calc(content, attacker_dice=melee_attack_pool(surv.fight, 0, skill, False),
                          zombie=kind, melee_cover=cover, wounds_taken=taken)
        parts = f"Fight {surv.fight}, bare hands" + (f" + skill {skill}" if skill else "") + \
            (" - 1 (it stands in a doorway or window)" if cover else "")
    wname = weapon.name if weapon else "bare hands"
    own = session.comp(who, Health).wounds
    return Preview("melee", f"Melee: {wname} against {session.name(target)}", calc, "door" if cover else "none",
                   health.wounds, own, parts=parts, heat_note=carries(session))


def throw_preview(session, who: int, cell: int, uid: int) -> Preview:
    content = session.content
    gear = next(g for g in session.comp(who, Inventory).gear if g.uid == uid)
    weapon = content.weapons[gear.gear_id]
    arch = session.comp(who, Survivor).archetype
    rows = []
    for eid in session.models_within(cell, weapon.blast):
        status = session.comp(eid, Status)
        cover = session.board.cover(cell, session.cell(eid)) if session.cell(eid) != cell else "none"
        health = session.comp(eid, Health)
        if session.is_zombie(eid):
            kind = session.comp(eid, Zombie).kind
            calc = ranged_calc(content, archetype=arch, weapon=weapon.id, cover=cover, hunker=status.hunkered,
                               zombie=kind, wounds_taken=health.max_wounds - health.wounds)
            rows.append((session.name(eid), False, calc, health.wounds))
        elif not status.downed:
            calc = ranged_calc(content, archetype=arch, weapon=weapon.id, cover=cover, hunker=status.hunkered)
            rows.append((session.name(eid), True, calc, health.wounds))
    x, y = session.board.xy(cell)
    fire = ", sets everyone caught alight" if "burning" in weapon.traits else ""
    note = f"+{session.noise_heat(weapon.heat)} Heat at the blast" + fire
    return Preview("throw", f"Throw the {weapon.name} at ({x}, {y})", None, rows=rows, heat_note=note)


@dataclass(frozen=True)
class SwipeOdds:
    """The parting swipes a Disengage would take now: one die per figure in base contact (3 at most), each die at
    `need` or more a wound, and the chance of each number of wounds."""
    dice: int
    need: int
    dist: dict          # wounds -> probability (Fraction)


def swipe_odds(s, who: int) -> SwipeOdds:
    """The engine's own count (Disengage.perform: every zombie in contact swipes, game.world.session.swipes)."""
    dice = s.swipes(s.contact_zombies(who))
    need = swipe_need(s.rules.parting_swipe, bool(s.effect(who, "swipe_immune")))
    return SwipeOdds(dice, need, success_dist(dice, need))


def swarm_odds(s, who: int, joining: tuple[str, ...] = ()) -> tuple[float, float] | None:
    """The chances (hurt, Downed) of the swarm on this survivor when it attacks, with zombies of the `joining`
    kinds added (a Director's lunge preview); None when no swarm would attack."""
    zombies = [z for z in s.engagers(who) if not s.comp(z, Status).stunned]
    if not (zombies or joining) or s.comp(who, Status).downed:
        return None
    kinds = [s.comp(z, Zombie).kind for z in zombies] + list(joining)
    taken = 0
    for z in zombies:
        if s.zdef(z).fight_per_wound:
            h = s.comp(z, Health)
            taken = h.max_wounds - h.wounds
    surv = s.comp(who, Survivor)
    gear = A.best_melee(s, who)
    weapon = s.content.weapons.get(gear.gear_id) if gear else None
    try:
        if weapon is not None and weapon.kind == "melee":
            calc = swarm_calc(s.content, zombies=kinds, archetype=surv.archetype, weapon=weapon.id,
                              melee_cover=s.board.is_defensible(s.cell(who)), wounds_taken=taken)
        else:
            calc = swarm_calc(s.content, zombies=kinds, defender_dice=melee_defence_pool(
                surv.fight, 0, s.effect(who, "melee_dice")), melee_cover=s.board.is_defensible(s.cell(who)),
                wounds_taken=taken)
    except ToolError:
        return None
    left = s.comp(who, Health).wounds
    return calc.wounds_to_defender.at_least(1), calc.wounds_to_defender.at_least(left)
