"""How zombies act on the board: where each heads by the hierarchy (rulebook 6.0, Step 4), how it walks there, the
swarm attack (7.0) and the Bloater's burst (10.0). The Director Phase systems (game.world.systems) call these."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.combat import best_melee_choice, melee, melee_defence_pool, swarm_cap, swarm_pool
from game.rules.geometry import DIAG_HALF, ORTHO_HALF
from game.world.board import INF
from game.world.components import Engagement, Goal, Health, Inventory, Pos, Status, Survivor, Zombie
from game.world.guts import guts_dice

if TYPE_CHECKING:
    from game.world.session import Session


# --- where a zombie heads ------------------------------------------------------------------------------------------
def zombie_steps(s: Session, z: int) -> tuple[list[int], frozenset[int]]:
    """(step-cost factors, barred cells) for this zombie as the board is now: a step of `half` half inches into cell
    c costs half * factors[c]; it cannot step where the factor is 0 (a wall, a barricaded door) nor onto a survivor."""
    zdef = s.zdef(z)
    factors = s.board.zombie_factors(zdef.ignores_difficult, "bulk" in zdef.specials)
    return factors, s.survivor_cell_set()


def walk_inches(s: Session, cells) -> float:
    """Inches along a walk through these cells, in order (the straight measure cell to cell)."""
    return sum(s.dist(a, b) for a, b in zip(cells, cells[1:], strict=False))


def path_cost(s: Session, z: int, path: list[int]) -> int:
    """Half inches this zombie pays to walk `path` from where it stands (INF if it cannot)."""
    factors, barred = zombie_steps(s, z)
    board, total, prev = s.board, 0, s.cell(z)
    for cell in path:
        if not factors[cell] or cell in barred:
            return INF
        px, py = board.xy(prev)
        x, y = board.xy(cell)
        total += (DIAG_HALF if px != x and py != y else ORTHO_HALF) * factors[cell]
        prev = cell
    return total


def visible_target(s: Session, z: int) -> int | None:
    """The nearest survivor this zombie sees that has room for it (ties: seat). Kept per room, cell and sight range
    until a survivor moves, a door changes or a survivor's slots in use cross the room (the game's targets memo,
    game.world.memo): the Director's view asks it of every Shambler, then the same zombie asks again when it
    moves."""
    pos_of = s.index(Pos)       # (read as dicts: this runs for every zombie, every plan)
    zc = pos_of[z].cell
    room = s.rules.engagement_slots - s.zdef(z).slots
    sight_range = s.sight_range()
    targets = s.memos.targets[room]
    key = (zc, sight_range)
    if key in targets:
        return targets[key]
    w = s.board.width
    zx, zy = zc % w, zc // w
    near = []
    engagement_of = s.index(Engagement)
    for seat, sv in enumerate(s.on_board()):
        if engagement_of[sv].slots > room:
            continue
        cell = pos_of[sv].cell
        dx, dy = abs(cell % w - zx), abs(cell // w - zy)        # Session.dist, inlined
        d = dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx
        if sight_range is None or d <= sight_range:          # (Board.sees's own range test, done here)
            near.append((d, seat, sv, cell))
    # Nearest first (ties: seat), so sight is asked of as few survivors as can be: a sight answer not yet known costs
    # a pymunk query.
    near.sort()
    sees, best = s.board.sees, None
    for _, _, sv, cell in near:
        if sees(zc, cell):
            best = sv
            break
    targets[key] = best
    return best


def goal_cells(s: Session, z: int, centre: int, include_centre: bool) -> list[int]:
    """The free cells in contact with `centre` (and `centre` itself if asked) this zombie could stand on."""
    zdef = s.zdef(z)
    factors = s.board.zombie_factors(zdef.ignores_difficult, "bulk" in zdef.specials)   # 0: it cannot step there
    cells = s.board.contact_cells_sorted(centre) + ((centre,) if include_centre else ())
    occupant = s.occupant
    return [c for c in cells if occupant.get(c, z) == z and factors[c]]


def zombie_goal(s: Session, z: int, calls=None, advance: bool = True) -> Goal:
    """Where an unengaged zombie heads, by the hierarchy: a Screamer's call (its special rule overrides sight), a
    survivor in sight, the loudest noise, the objective, the patrol route. `calls`: the shrieks heard ((cell, reach)
    pairs; the ones of this activation by default). `advance`: a patroller that has reached its waypoint takes the
    next one for good (a forecast only looks)."""
    zc = s.cell(z)
    for call, reach in (s.calls if calls is None else calls):
        if call != zc and s.dist(zc, call) <= reach:
            return Goal(goal_cells(s, z, call, False), "answers the shriek", call)
    target = visible_target(s, z)
    if target is not None:
        cell = s.cell(target)
        return Goal(goal_cells(s, z, cell, False), f"sees {s.name(target)}", cell, target)
    noise = s.loudest_noise()
    if noise is not None:
        return Goal(goal_cells(s, z, noise, True), "heads for the noise", noise)
    objective = objective_cells(s)
    if objective:
        nearest = min(objective, key=lambda c: (s.dist(zc, c), c))
        return Goal(goal_cells(s, z, nearest, True), "drifts toward the objective", nearest)
    route = s.scenario.patrol
    if route:
        zomb = s.comp(z, Zombie)
        waypoint = zomb.waypoint % len(route)
        point = s.board.idx(*route[waypoint])
        if s.dist(zc, point) <= 1.5:
            waypoint = (waypoint + 1) % len(route)
            point = s.board.idx(*route[waypoint])
            if advance:
                zomb.waypoint = waypoint
        return Goal(goal_cells(s, z, point, True), "patrols", point)
    return Goal([], "waits", zc)


def sight_goal(s: Session, z: int) -> Goal | None:
    """A lunge's goal: the nearest survivor in sight, or None."""
    target = visible_target(s, z)
    if target is None:
        return None
    cell = s.cell(target)
    return Goal(goal_cells(s, z, cell, False), f"sees {s.name(target)}", cell, target)


def objective_cells(s: Session) -> list[int]:
    task = s.task
    cells = []
    if task is not None and task.kind == "interact":
        cells += s.marker_cells("objective", task.marker)
    if task is not None and task.kind == "hold":
        cells += s.marker_cells(task.zone)      # the engine turning over draws them in
    cells += [c for c, items in s.ground.items() if any(g.deck == "objective" for g in items)]
    return cells


# --- walking -----------------------------------------------------------------------------------------------------
# Goals this much beyond a zombie's move (inches) get an exact A* path; farther ones follow the cached field.
EXACT_PATH_MARGIN = 3


def move_zombie(s: Session, z: int, budget: int, sight_only: bool = False, verb: str = "moves") -> str:
    """Move a zombie up to `budget` half inches toward its goal; returns why it went where it did. The goal is kept
    on the zombie (its Goal component) for the screen to show."""
    goal = sight_goal(s, z) if sight_only else zombie_goal(s, z)
    if goal is None:
        return ""
    s.set_goal(z, goal)
    walked = plan_walk(s, z, goal, budget)
    if not walked:
        return goal.why
    board = s.board
    for cell in walked:
        if board.door_is_closed(cell):
            board.set_door(cell, True)
            x, y = board.xy(cell)
            s.emit("door", f"{s.name(z)} smashes through the door at ({x}, {y})", who=z, cell=cell, verb="smashes")
    s.move_model(z, walked, verb=verb)
    return goal.why


def engage_cells(s: Session, z: int) -> set[int]:
    """Cells in base contact with a survivor this zombie has room to engage: a walk stops at the first of them."""
    out: set[int] = set()
    room = s.rules.engagement_slots - s.zdef(z).slots
    engagement_of, pos_of, contact = s.index(Engagement), s.index(Pos), s.board.contact_cells
    for sv in s.on_board():
        if engagement_of[sv].slots <= room:
            out.update(contact(pos_of[sv].cell))
    return out


def plan_walk(s: Session, z: int, goal: Goal, budget: int) -> list[int]:
    """The cells this zombie walks toward `goal` with `budget` half inches, on the board as it is (changes nothing)."""
    if not goal.cells and goal.target is None:
        return []
    start, centre = s.cell(z), goal.centre
    factors, barred = zombie_steps(s, z)
    board = s.board
    near = s.dist(start, centre) * ORTHO_HALF <= budget + EXACT_PATH_MARGIN * ORTHO_HALF
    path = board.path_toward(start, goal.cells, factors, barred) if near and goal.cells else []
    if not path:
        # (also a survivor in sight whose every contact cell is taken: it still closes in as far as it can)
        path = _descend(s, z, centre, budget, factors, barred)
    if not path:
        return []
    # Most walks never come near a survivor: the engage cells are worked out only for one that does (they all lie
    # among the survivors' contact cells).
    near_any, engage_at = s.survivor_contact_set(), None
    spent, used, before, stop, ideal, engaged = 0, 0, 0, -1, -1, False
    prev, w = start, board.width
    for i, cell in enumerate(path):
        if not factors[cell] or cell in barred:
            break
        diagonal = prev % w != cell % w and prev // w != cell // w
        spent += (DIAG_HALF if diagonal else ORTHO_HALF) * factors[cell]
        if spent > budget:
            break
        prev, ideal, before, used = cell, i, used, spent     # (before: the cost up to the step before)
        if cell in s.occupant:
            continue
        stop = i
        if cell in near_any:
            engage_at = engage_cells(s, z) if engage_at is None else engage_at
            if cell in engage_at:
                engaged = True
                break
    walked = path[:stop + 1]
    if goal.target is not None and not engaged and stop == ideal and used < budget:
        # The route's next step toward the survivor in sight no longer fits (a diagonal with an inch left): the
        # rulebook wants the full Move toward them (6.0 Step 4), so its last step or two are chosen again to end
        # as near them as the whole Move allows.
        base = walked[-2] if len(walked) > 1 else start
        left = budget - before
        better = _better_end(s, base, left, factors, barred, centre, walked[-1] if walked else start)
        if better is not None:
            walked = [*walked[:-1], *better] if walked else better
    if stop < ideal and goal.target is not None:
        if engage_at is None and path[ideal] in near_any:
            engage_at = engage_cells(s, z)
        if engage_at is None or path[ideal] not in engage_at:
            # The spot a full Move reaches toward a survivor in sight is taken by another zombie: the rulebook wants
            # the full Move toward that survivor, so take the free cell within the budget nearest it (6.0 Step 4).
            walked = _nearest_free_end(s, z, walked, budget, factors, barred, engage_at, centre)
    return walked


def _better_end(s: Session, base: int, left: int, factors: list[int], barred: frozenset[int], centre: int,
                end: int) -> list[int] | None:
    """One or two steps from `base` within `left` half inches to a free cell nearer `centre` than `end`, the nearest
    such (ties: the steps that sort first), or None."""
    neighbours, occupant, w = s.board.neighbours, s.occupant, s.board.width
    cx, cy = centre % w, centre // w

    def dist(c: int) -> float:      # Session.dist to the centre, inlined
        dx, dy = abs(c % w - cx), abs(c // w - cy)
        return dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx
    best, best_d = None, dist(end)
    if best_d <= dist(base) - left / ORTHO_HALF:       # no step of `left` half inches gets nearer than that
        return None
    for first, half in neighbours(base):
        cost = half * factors[first]
        if not factors[first] or cost > left or first in barred:
            continue
        if first not in occupant:
            d = dist(first)
            if d < best_d or (d == best_d and best is not None and [first] < best):
                best, best_d = [first], d
        for second, half2 in neighbours(first):
            if not factors[second] or cost + half2 * factors[second] > left or second in barred or \
                    second in occupant:
                continue
            d = dist(second)
            if d < best_d or (d == best_d and best is not None and [first, second] < best):
                best, best_d = [first, second], d
    return best


def _nearest_free_end(s: Session, z: int, walked: list[int], budget: int, factors: list[int], barred: frozenset[int],
                      engage_at: set[int] | None, centre: int) -> list[int]:
    """The path to the free cell within `budget` that is nearest `centre` (a survivor in sight, so the straight
    measure is the walking one near enough), if it beats where `walked` ends; else `walked`."""
    board, start = s.board, s.cell(z)
    found = board.reach(start, budget, barred, engage_cells(s, z) if engage_at is None else engage_at, factors)
    end = walked[-1] if walked else start

    def key(c: int):
        return s.dist(c, centre), found[c][0], c
    free = [c for c in found if c not in s.occupant]
    if not free:
        return walked
    best = min(free, key=key)
    if s.dist(best, centre) >= s.dist(end, centre):
        return walked
    path = []
    while best != start:
        path.append(best)
        best = found[best][1]
    return path[::-1]


def _descend(s: Session, z: int, centre: int, budget: int, factors: list[int], barred: frozenset[int]) -> list[int]:
    """Walk downhill on the distance field of the goal's block, as far as the budget allows (steps as zombie_steps)."""
    zdef = s.zdef(z)
    board = s.board
    cur, spent, path = s.cell(z), 0, []
    field, downhill = board.descent(board.snap(centre), zdef.ignores_difficult, "bulk" in zdef.specials, cur)
    while spent <= budget and field[cur] > 0:
        best, best_cost = -1, 0          # the lowest (cost, cell), compared without building tuples
        for nxt, half, ahead in downhill[cur]:
            factor = factors[nxt]
            if not factor or nxt in barred:
                continue
            cost = ahead + half * factor
            if best < 0 or cost < best_cost or (cost == best_cost and nxt < best):
                best, best_cost = nxt, cost
        if best < 0:
            break
        cur = best
        spent += best_cost - field[cur]
        path.append(cur)
    return path


# --- fighting ----------------------------------------------------------------------------------------------------
def swarm_attack(s: Session, survivor: int, zombies: list[int], label: str = "swarm") -> None:
    """All zombies attacking a survivor roll one pool; the survivor defends with one pool (7.0)."""
    cell = s.cell(survivor)
    pool_z = swarm_pool((s.fight_of(z) for z in zombies), s.board.is_defensible(cell))
    slots = sum(s.zdef(z).slots for z in zombies)
    elite = any(s.zdef(z).elite for z in zombies)
    cap = swarm_cap(slots, elite, s.rules.swarm_caps, s.rules.elite_cap)
    names = ", ".join(s.name(z) for z in zombies)
    attackers = f"The {label} ({names})" if len(zombies) > 1 else names
    s.emit("attack", f"{attackers} attacks {s.name(survivor)}: damage capped at {cap}",
           who=survivor, zombies=list(zombies), cap=cap)
    z_faces = s.roll(pool_z, None, f"the {label}")
    surv = s.comp(survivor, Survivor)
    defence = melee_defence_pool(surv.fight, melee_bonus(s, best_melee(s, survivor)),
                                 s.effect(survivor, "melee_dice"))
    d_faces = s.roll(defence, survivor, "defence")
    result = melee(z_faces, d_faces, s.rules.success)
    if result.wounds_to_defender:
        dealt = min(result.wounds_to_defender, cap)
        s.wound_survivor(survivor, dealt, f"the {label}" + (f" (capped from {result.margin})"
                                                             if dealt < result.margin else ""))
    elif result.wounds_to_attacker:
        for _ in range(result.wounds_to_attacker):
            alive = [z for z in zombies if s.is_zombie(z)]
            if not alive:
                break
            victim = min(alive, key=lambda z: (s.comp(z, Health).wounds, z))
            s.wound_zombie(victim, 1, f"{s.name(survivor)}'s counterblow", by_survivors=False)
    else:
        s.emit("attack", f"{s.name(survivor)} holds the line: no one is hurt", who=survivor)


def melee_bonus(s: Session, gear) -> int:
    weapon = s.content.weapons.get(gear.gear_id) if gear is not None else None
    return weapon.melee_bonus if weapon else 0


def best_melee(s: Session, who: int):
    gear = s.comp(who, Inventory).gear
    best = best_melee_choice([melee_bonus(s, g) for g in gear])
    return None if best is None else gear[best]


def burst(s: Session, cell: int, zdef) -> None:
    """Explosive Demise: every model within the radius takes a Guts test or the wounds, walls or not (10.0 says all
    models within 3")."""
    radius = zdef.params.get("blast", 3)
    wounds = zdef.params.get("blast_wounds", 2)
    s.emit("blast", f"{zdef.name} bursts! Everyone within {radius}\" must pass a Guts test", cell=cell)
    s.add_heat(zdef.params.get("blast_heat", 3), cell, f"{zdef.name} bursting")
    for eid in s.models_within(cell, radius, through_walls=True):
        if s.is_survivor(eid):
            if s.comp(eid, Status).downed:
                continue
            if not s.hits(s.roll(guts_dice(s, eid), eid, "a Guts test against the burst")):
                s.wound_survivor(eid, wounds, "the burst")
        elif s.is_zombie(eid):
            if not s.hits(s.roll(s.zdef(eid).guts, None, f"{s.name(eid)}'s Guts test")):
                s.wound_zombie(eid, wounds, "the burst", by_survivors=False)
