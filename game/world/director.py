"""The Director Phase (five steps, plus the Feeding Frenzy before them) and the End Phase, as a generator.

Each `yield` is one thing a spectator should see: the screen animates one per frame, a batch runs straight through.
Which purchases are made is the policy's choice (game.ai.director); what each purchase does is here.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.rules.combat import melee, melee_defence_pool, swarm_cap, swarm_pool
from game.rules.downed import frenzy_lethality
from game.rules.geometry import DIAG_HALF, ORTHO_HALF
from game.rules.heat import escalation_need
from game.world.actions import best_melee, burn, guts_dice, melee_bonus
from game.world.board import INF
from game.world.components import Health, Status, Survivor, Zombie
from game.world.session import Impossible, Session


# --- purchases -----------------------------------------------------------------------------------------------------
def spawn_name(s: Session, cell: int) -> str:
    for m in s.map.markers:
        if m.kind.startswith("spawn") and s.board.idx(m.x, m.y) == cell:
            return m.name or f"spawn ({m.x}, {m.y})"
    x, y = s.board.xy(cell)
    return f"({x}, {y})"


def spawn_cell(s: Session, name: str) -> int:
    """The cell of the spawn point with this name."""
    for m in s.map.markers:
        if m.kind.startswith("spawn") and (m.name or f"spawn ({m.x}, {m.y})") == name:
            return s.board.idx(m.x, m.y)
    raise Impossible(f"there is no spawn point called {name}")


def spawn_points(s: Session, kind: str) -> list[int]:
    """Active spawn points of a kind ('minor', 'major' or 'any'): not held by a survivor within 1"."""
    memo = s.position_memo()
    found = memo.get(("spawn points", kind))
    if found is None:
        kinds = ("spawn_minor", "spawn_major") if kind == "any" else (f"spawn_{kind}",)
        held = {c for sv in s.survivors() for c in [s.cell(sv), *s.board.contact_cells(s.cell(sv))]}
        points = [c for k in kinds for c in s.marker_cells(k)]
        found = memo["spawn points", kind] = tuple(
            c for c in points if c not in held and s.free_cell_near(c, s.rules.spawn_radius) is not None)
    return list(found)


@dataclass(frozen=True)
class Lunge:
    zombie: int
    cost_key = "lunge"

    def describe(self, s: Session) -> str:
        return f"Sudden Lunge by {s.name(self.zombie)}"

    def check(self, s: Session) -> None:
        if not s.is_zombie(self.zombie) or s.comp(self.zombie, Zombie).kind != "shambler":
            raise Impossible("only a Shambler can lunge")
        if s.comp(self.zombie, Zombie).engaged is not None:
            raise Impossible("an engaged Shambler cannot lunge")
        if s.comp(self.zombie, Status).stunned:
            raise Impossible("a stunned Shambler cannot lunge")
        if visible_target(s, self.zombie) is None:
            raise Impossible("the Shambler sees no survivor")

    def apply(self, s: Session) -> None:
        move_zombie(s, self.zombie, s.rules.lunge_distance * ORTHO_HALF, sight_only=True, verb="lunges")


@dataclass(frozen=True)
class Spawn:
    kind: str          # zombie id
    point: int         # spawn point cell

    @property
    def cost_key(self) -> str:
        return {"shambler": "shambler", "special": "special", "major": "major"}[_zclass(self.kind)]

    def describe(self, s: Session) -> str:
        return f"Spawn {s.content.zombies[self.kind].name} at {spawn_name(s, self.point)}"

    def check(self, s: Session) -> None:
        zclass = _zclass(self.kind)
        allowed = spawn_points(s, "major" if zclass == "major" else ("minor" if zclass == "special" else "any"))
        if self.point not in allowed:
            raise Impossible("that spawn point is not active")

    def apply(self, s: Session) -> None:
        cell = s.free_cell_near(self.point, s.rules.spawn_radius)
        s.place_zombie(self.kind, cell, f"spawned at {spawn_name(s, self.point)}")


_ZCLASS_CACHE: dict[str, str] = {}


def _zclass(kind: str) -> str:
    return _ZCLASS_CACHE[kind]


@dataclass(frozen=True)
class Reanimate:
    point: int
    cost_key = "reanimate"

    def describe(self, s: Session) -> str:
        return f"Reanimate a Shambler at {spawn_name(s, self.point)}"

    def check(self, s: Session) -> None:
        if s.removed_shamblers <= 0:
            raise Impossible("no Shambler has fallen this round")
        if self.point not in spawn_points(s, "any"):
            raise Impossible("that spawn point is not active")

    def apply(self, s: Session) -> None:
        s.removed_shamblers -= 1
        cell = s.free_cell_near(self.point, s.rules.spawn_radius)
        s.place_zombie("shambler", cell, f"reanimated at {spawn_name(s, self.point)}", count=False)


@dataclass(frozen=True)
class BuyEvent:
    event: str

    def describe(self, s: Session) -> str:
        return f"Environmental event: {s.content.events[self.event].name}"

    def check(self, s: Session) -> None:
        if self.event not in s.scenario.events or s.content.events[self.event].cost <= 0:
            raise Impossible("this scenario does not offer that event")

    def apply(self, s: Session) -> None:
        s.trigger_event(self.event, "The Director")


def price(s: Session, purchase) -> int:
    if isinstance(purchase, BuyEvent):
        return s.content.events[purchase.event].cost
    return s.rules.costs[purchase.cost_key]


# --- zombie movement ---------------------------------------------------------------------------------------------
def zombie_steps(s: Session, z: int) -> tuple[list[int], set[int]]:
    """(step-cost factors, barred cells) for this zombie as the board is now: a step of `half` half inches into cell
    c costs half * factors[c]; it cannot step where the factor is 0 (a wall, a barricade) nor onto a survivor."""
    zdef = s.zdef(z)
    factors = s.board.zombie_factors(zdef.ignores_difficult, "bulk" in zdef.specials)
    return factors, {s.cell(sv) for sv in s.survivors()}


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
    """The nearest survivor this zombie sees that has room for it (ties: seat)."""
    zc = s.cell(z)
    room = s.rules.engagement_slots - s.zdef(z).slots
    sees, sight_range = s.board.sees, s.sight_range()
    best = None
    for sv in s.survivors():
        cell = s.cell(sv)
        if s.slots_used(sv) <= room and sees(zc, cell, sight_range):
            key = (s.dist(zc, cell), s.comp(sv, Survivor).seat, sv)
            if best is None or key < best:
                best = key
    return None if best is None else best[2]


def _goal_cells(s: Session, z: int, centre: int, include_centre: bool) -> list[int]:
    zdef = s.zdef(z)
    factors = s.board.zombie_factors(zdef.ignores_difficult, "bulk" in zdef.specials)   # 0: it cannot step there
    cells = s.board.contact_cells_sorted(centre) + ((centre,) if include_centre else ())
    occupant = s.occupant
    return [c for c in cells if occupant.get(c, z) == z and factors[c]]


def zombie_goal(s: Session, z: int) -> tuple[list[int], str, int]:
    """Where a zombie heads, by the hierarchy: a survivor in sight, a Shriek, the loudest noise, the objective,
    the patrol route. Returns (goal cells, why, the cell at the heart of the goal)."""
    target = visible_target(s, z)
    zc = s.cell(z)
    if target is not None:
        return _goal_cells(s, z, s.cell(target), False), f"sees {s.name(target)}", s.cell(target)
    for call, reach in s.calls:
        if call != zc and s.dist(zc, call) <= reach:
            return _goal_cells(s, z, call, False), "answers the shriek", call
    noise = s.loudest_noise()
    if noise is not None:
        return _goal_cells(s, z, noise, True), "heads for the noise", noise
    objective = objective_cells(s)
    if objective:
        nearest = min(objective, key=lambda c: (s.dist(zc, c), c))
        return _goal_cells(s, z, nearest, True), "drifts toward the objective", nearest
    route = s.scenario.patrol
    if route:
        zomb = s.comp(z, Zombie)
        wx, wy = route[zomb.waypoint % len(route)]
        point = s.board.idx(wx, wy)
        if s.dist(zc, point) <= 1.5:
            zomb.waypoint = (zomb.waypoint + 1) % len(route)
            wx, wy = route[zomb.waypoint]
            point = s.board.idx(wx, wy)
        return _goal_cells(s, z, point, True), "patrols", point
    return [], "waits", zc


def objective_cells(s: Session) -> list[int]:
    task = s.task
    cells = []
    if task is not None and task.kind == "interact":
        cells += s.marker_cells("objective", task.marker)
    cells += [c for c, items in s.ground.items() if any(g.deck == "objective" for g in items)]
    return cells


# Goals this much beyond a zombie's move (inches) get an exact A* path; farther ones follow the cached field.
EXACT_PATH_MARGIN = 3


def move_zombie(s: Session, z: int, budget: int, sight_only: bool = False, verb: str = "moves") -> str:
    """Move a zombie up to `budget` half inches toward its goal; returns why it went where it did."""
    if sight_only:
        target = visible_target(s, z)
        if target is None:
            return ""
        goals, why, centre = _goal_cells(s, z, s.cell(target), False), f"sees {s.name(target)}", s.cell(target)
    else:
        goals, why, centre = zombie_goal(s, z)
    if not goals:
        return why
    start = s.cell(z)
    factors, barred = zombie_steps(s, z)
    near = s.dist(start, centre) * ORTHO_HALF <= budget + EXACT_PATH_MARGIN * ORTHO_HALF
    path = s.board.path_toward(start, goals, factors, barred) if near else []
    if not path:
        path = _descend(s, z, centre, budget, factors, barred)
    if not path:
        return why
    # Survivor cells this zombie would engage on contact: it stops there.
    engage_at = set()
    for sv in s.survivors():
        if s.room_for(sv, z):
            engage_at.update(s.board.contact_cells(s.cell(sv)))
    spent, stop = 0, -1
    prev = start
    for i, cell in enumerate(path):
        px, py = s.board.xy(prev)
        x, y = s.board.xy(cell)
        if not factors[cell] or cell in barred:
            break
        spent += (DIAG_HALF if px != x and py != y else ORTHO_HALF) * factors[cell]
        if spent > budget:
            break
        prev = cell
        if cell in s.occupant:
            continue
        stop = i
        if cell in engage_at:
            break
    if stop < 0:
        return why
    walked = path[:stop + 1]
    for cell in walked:
        if s.board.door_is_closed(cell):
            s.board.set_door(cell, True)
            x, y = s.board.xy(cell)
            s.emit("door", f"{s.name(z)} smashes through the door at ({x}, {y})", who=z, cell=cell)
    s.move_model(z, walked, verb=f"{verb}")
    return why


def _descend(s: Session, z: int, centre: int, budget: int, factors: list[int], barred: set[int]) -> list[int]:
    """Walk downhill on the distance field of the goal's block, as far as the budget allows (steps as zombie_steps)."""
    zdef = s.zdef(z)
    bulk = "bulk" in zdef.specials
    board = s.board
    field = board.field(board.snap(centre), zdef.ignores_difficult, bulk)
    cur, spent, path = s.cell(z), 0, []
    while spent <= budget and field[cur] > 0:
        best = None
        here = field[cur]
        for nxt, half in board.neighbours(cur):
            ahead = field[nxt]
            if ahead >= here:
                continue
            factor = factors[nxt]
            if not factor or nxt in barred:
                continue
            key = (ahead + half * factor, nxt)
            if best is None or key < best:
                best = key
        if best is None:
            break
        cur = best[1]
        spent += best[0] - field[cur]
        path.append(cur)
    return path


# --- combat ------------------------------------------------------------------------------------------------------
def swarm_attack(s: Session, survivor: int, zombies: list[int], label: str = "swarm") -> None:
    """All zombies engaging a survivor roll one pool; the survivor defends with one pool."""
    cell = s.cell(survivor)
    pool_z = swarm_pool((s.fight_of(z) for z in zombies), s.board.is_defensible(cell))
    slots = sum(s.zdef(z).slots for z in zombies)
    elite = any(s.zdef(z).elite for z in zombies)
    cap = swarm_cap(slots, elite, s.rules.swarm_caps, s.rules.elite_cap)
    names = ", ".join(s.name(z) for z in zombies)
    s.emit("attack", f"The {label} ({names}) attacks {s.name(survivor)}: damage capped at {cap}",
           who=survivor, zombies=list(zombies), cap=cap)
    z_faces = s.roll(pool_z, None, f"the {label}")
    surv = s.comp(survivor, Survivor)
    defence = melee_defence_pool(surv.fight, melee_bonus(s, survivor, best_melee(s, survivor)),
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


# --- the phase ---------------------------------------------------------------------------------------------------
def director_phase(s: Session) -> Iterator[str]:
    _ZCLASS_CACHE.update({k: z.zclass for k, z in s.content.zombies.items()})
    s.calls = []
    yield from feeding_frenzy(s)
    if s.result:
        return
    ambient = s.scenario.ambient_heat + s.ambient_bonus
    s.add_heat(ambient, None, "ambient pressure")
    yield "ambient"
    need = escalation_need(s.heat, s.rules.escalation)
    if need == 0:
        s.escalations += 1
        s.advance_doom(f"Heat {s.heat}: catastrophic clatter")
    elif need is not None:
        face = s.dice.d6(1)[0]
        s.emit("roll", f"Escalation roll at Heat {s.heat}: {face} (needs {need}+)", who=None, faces=[face],
               purpose="escalation")
        if face >= need:
            s.escalations += 1
            s.advance_doom(f"escalation at Heat {s.heat}")
    yield "escalation"
    s.heat_history.append(s.heat)
    if s.result:
        return
    yield from spend_heat(s)
    if s.result:
        return
    yield from activate_zombies(s)
    if s.result:
        return
    s.heat = 0
    s.emit("heat", "Heat resets to 0", heat=0)
    yield "reset"
    yield from end_phase(s)


def feeding_frenzy(s: Session) -> Iterator[str]:
    for sv in s.survivors():
        if not s.comp(sv, Status).downed:
            continue
        engagers = s.engagers(sv)
        if not engagers:
            continue
        slots = sum(s.zdef(z).slots for z in engagers)
        disrupted = s.disruption.get(sv, 0)
        lethality = frenzy_lethality(slots, disrupted)
        s.emit("frenzy", f"Feeding Frenzy on {s.name(sv)}: lethality {slots} - {disrupted} disruption = "
               f"{lethality}", who=sv, lethality=lethality)
        if lethality == 0:
            s.emit("frenzy", f"The allies drove them off: {s.name(sv)} is safe this round", who=sv)
        else:
            got = s.hits(s.roll(guts_dice(s, sv), sv, f"survival against the frenzy (needs {lethality} successes)"))
            if got >= lethality:
                s.emit("frenzy", f"{s.name(sv)} fights them off", who=sv)
            else:
                s.eliminate(sv, "devoured by the horde")
        yield "frenzy"
    s.disruption.clear()


def spend_heat(s: Session) -> Iterator[str]:
    left = s.heat
    while left > 0 and not s.result:
        choice = s.policy.choose(s, left)
        if choice is None:
            break
        purchase, reason = choice
        cost = price(s, purchase)
        purchase.check(s)
        if cost > left:
            raise Impossible(f"{purchase.describe(s)} costs {cost} Heat, only {left} left")
        left -= cost
        s.heat_spent += cost
        s.emit("purchase", f"{purchase.describe(s)} ({cost} Heat): {reason}", cost=cost, reason=reason,
               purchase=type(purchase).__name__)
        purchase.apply(s)
        yield "purchase"
    if left > 0:
        s.emit("purchase", f"{left} Heat unspent is lost", lost=left)


def activation_order(s: Session) -> list[int]:
    """Unengaged zombies by distance to the nearest survivor on the board (nearest first), then entity id."""
    w = s.board.width
    spots = [(c % w, c // w) for c in (s.cell(sv) for sv in s.survivors())]

    def key(z: int):
        zc = s.cell(z)
        x, y = zc % w, zc // w
        near = None
        for sx, sy in spots:     # Session.dist inlined: this runs for every zombie every round
            dx, dy = abs(x - sx), abs(y - sy)
            d = dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx
            if near is None or d < near:
                near = d
        return (0.0 if near is None else near, z)
    return sorted((z for z in s.zombies() if s.comp(z, Zombie).engaged is None), key=key)


def activate_zombies(s: Session) -> Iterator[str]:
    # A zombie stunned when the activations begin loses this whole activation, then recovers.
    stunned = {z for z in s.zombies() if s.comp(z, Status).stunned}
    for z in stunned:
        s.emit("status", f"{s.name(z)} is stunned and loses its activation", who=z)
    for z in s.zombies():
        if s.is_zombie(z) and s.comp(z, Status).burning:
            burn(s, z)
    for z in s.zombies():
        zdef = s.zdef(z)
        if "shriek" in zdef.specials and z not in stunned:
            heat = zdef.params.get("shriek_heat", 3)
            s.carried_heat += heat
            s.calls.append((s.cell(z), zdef.params.get("shriek_radius", 12)))
            s.emit("shriek", f"{s.name(z)} shrieks! +{heat} Heat next round; zombies within "
                   f"{zdef.params.get('shriek_radius', 12)}\" come running", who=z, heat=heat)
            yield "shriek"
    for sv in s.survivors():
        if s.result:
            break
        if s.comp(sv, Status).downed:
            continue
        ready = [z for z in s.engagers(sv) if z not in stunned]
        if ready:
            swarm_attack(s, sv, ready, "swarm" if len(ready) > 1 else s.name(ready[0]))
            yield "swarm"
    for z in activation_order(s):
        if s.result:
            break
        if not s.is_zombie(z) or s.comp(z, Zombie).engaged is not None or z in stunned:
            continue
        zdef = s.zdef(z)
        budget = zdef.move * ORTHO_HALF
        leap = "ambush_leap" in zdef.specials and _ambush_ready(s, z)
        if leap:
            budget += zdef.params.get("leap", 3) * ORTHO_HALF
            s.emit("status", f"{s.name(z)} leaps from hiding!", who=z)
        why = move_zombie(s, z, budget)
        if why:
            s.emit("order", f"{s.name(z)}: {why}", who=z)
        target = s.comp(z, Zombie).engaged if s.is_zombie(z) else None
        if leap and target is not None and not s.comp(target, Status).downed:
            swarm_attack(s, target, [z], s.name(z))
        yield "zombie"
    for z in stunned:
        if s.is_zombie(z):
            s.comp(z, Status).stunned = False


def _ambush_ready(s: Session, z: int) -> bool:
    zc = s.cell(z)
    return s.board.next_to_cover(zc) and not any(s.can_see(s.cell(sv), zc) for sv in s.standing())


def end_phase(s: Session) -> Iterator[str]:
    s.phase = "end"
    s.advance_doom("the end of the round")
    yield "doom"
    s.check_end()
    if not s.result and s.last_round is not None and s.round >= s.last_round:
        s.finish("director", "doom")
    if s.result:
        return
    s.round += 1
    s.start_round()
    yield "round"

