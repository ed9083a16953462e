"""Builds the Director's view (plain facts) from a Session."""
from __future__ import annotations

from game.ai.director import DirectorView, EventFact, ShamblerFact, SpawnFact, SurvivorFact, ZombieKind
from game.ai.director_levels import DirectorLevel
from game.ai.goals import carrying, goal_cells, rounds_needed, to_goal
from game.content.defs import Content
from game.rules.geometry import ORTHO_HALF
from game.world.board import INF
from game.world.components import Health, Inventory, Status, Zombie
from game.world.horde import visible_target
from game.world.intent import lunge_attack, lunge_pin_walk, pin_undone_by
from game.world.kept import kept_for
from game.world.memo import MapMemo
from game.world.purchases import spawn_points
from game.world.session import Session


def spawn_markers(s: Session) -> list[tuple[str, str, int]]:
    """(name, minor|major, cell) for every spawn point of the map, in map order."""
    return list(kept_for("spawn_markers", s.map, lambda: tuple(
        (m.name or f"spawn ({m.x}, {m.y})", m.kind[6:], s.board.idx(m.x, m.y)) for m in s.map.markers
        if m.kind in ("spawn_minor", "spawn_major"))))


def lunge_victim(s: Session, z: int, sees: int) -> int | None:
    """The survivor a Sudden Lunge by this Shambler would attack this phase, on the board as it is now, or None. The
    horde's own forecast answers (game.world.intent.lunge_attack: where the walk ends, whom the engagement system
    gives it to, a Downed survivor, a Shambler burning to death), so a reason that says "attacks" is never one the
    activation contradicts. `sees`: the survivor it sees, nearest of all, for the quick test first."""
    if s.dist(s.cell(z), s.cell(sees)) > s.rules.lunge_distance + 1.5:
        return None             # (the nearest it sees is out of a lunge's reach as the crow flies: no walk to plan)
    return lunge_attack(s, z)


def lunge_reaches(s: Session, z: int, target: int) -> bool:
    """Would a Sudden Lunge by this Shambler attack `target` this phase (lunge_victim)?"""
    return lunge_victim(s, z, target) == target


def route_ahead(s: Session, sv: int, inches: float) -> list[int]:
    """The cells a survivor will walk next on the cheapest path to their goal, up to `inches` (their own cell first)."""
    here = s.cell(sv)
    route = [here]
    goals = goal_cells(s, sv)
    if not goals or inches <= 0:
        return route
    field = s.board.field(tuple(goals))
    budget, cell = inches * ORTHO_HALF, here
    while budget > 0 and 0 < field[cell] < INF:
        step, half, low = -1, 0, INF + 1
        for n, h in s.board.neighbours(cell):       # the lowest (field, cell), as min() with a key would pick
            value = field[n]
            if value < low or (value == low and n < step):
                step, half, low = n, h, value
        if low >= field[cell]:
            break
        budget -= half
        cell = step
        route.append(cell)
    return route


def zombie_kinds(content: Content) -> tuple[ZombieKind, ...]:
    return kept_for("zombie_kinds", content, lambda: tuple(
        ZombieKind(zid, z.name, z.zclass, z.move, z.fight, z.wounds, tuple(z.specials), z.slots)
        for zid, z in sorted(content.zombies.items())))


def event_facts(content: Content, ids) -> tuple[EventFact, ...]:
    out = []
    for e in ids:
        ev = content.events[e]
        if ev.cost > 0:
            out.append(EventFact(e, ev.name, ev.cost, tuple((fx.kind, fx.amount) for fx in ev.effects)))
    return tuple(out)


def _scenario_events(s: Session) -> tuple[EventFact, ...]:
    """event_facts for this scenario's events, once per content and set of events."""
    per_content = kept_for("events", s.content, dict)
    found = per_content.get(s.scenario.events)
    if found is None:
        found = per_content[s.scenario.events] = event_facts(s.content, s.scenario.events)
    return found


def _gunners(s: Session, standing: list[int]) -> int:
    """Survivors with a loaded gun and a zombie in its range but beyond blackout sight."""
    count = 0
    near = s.rules.blackout_sight
    for sv in standing:
        here = s.cell(sv)
        ranges = [s.content.weapons[g.gear_id].range for g in s.comp(sv, Inventory).gear
                  if g.gear_id in s.content.weapons and s.content.weapons[g.gear_id].kind == "firearm" and g.ammo > 0]
        if ranges and any(near < s.dist(here, s.cell(z)) <= max(ranges) for z in s.zombies()):
            count += 1
    return count


_ROUTES_LIMIT = 1000       # route facts kept per map (a few hundred bytes each; 40 games on a map leave about 400)


def route_memo(s: Session) -> MapMemo:
    """The route facts kept for this map, shared by every game on it (see _route_facts)."""
    return kept_for("route facts", s.map, lambda: MapMemo(_ROUTES_LIMIT))


def _route_facts(s: Session, sv: int, level: DirectorLevel, markers, memo: MapMemo
                 ) -> tuple[tuple[int, ...], dict, float]:
    """(the doors on its route ahead, inches from each spawn point to the nearest cell of that route, inches to the
    goal) of one survivor: all three follow from its cell and its goal cells on the static map (the routes and
    distance fields take no account of doors being open), so `memo` keeps them by those for every game on the map: a
    survivor holding a cell finds them phase after phase, and the next game's survivors on the cells this one's
    stood on."""
    key = (s.cell(sv), tuple(goal_cells(s, sv)), level.route_ahead)
    found = memo.get(key)
    if found is None:
        fields = [(name, s.board.field(cell)) for name, _, cell in markers]     # (kept by the board)
        route = route_ahead(s, sv, level.route_ahead)
        found = memo.keep(key, (tuple(c for c in route if s.board.kind(c) == "door"),
                                {name: min(field[c] for c in route) / ORTHO_HALF for name, field in fields},
                                to_goal(s, sv)))
    return found


def view_of(s: Session, level: DirectorLevel, memo: MapMemo | None = None) -> DirectorView:
    """The Director's view of the board now. `memo`: where the facts that follow from where a survivor stands and
    where it heads are kept (by default the map's, route_memo; an empty MapMemo works them out afresh)."""
    memo = route_memo(s) if memo is None else memo
    markers = spawn_markers(s)
    active = set(spawn_points(s, "any"))
    spawns = tuple(SpawnFact(name, kind, cell in active) for name, kind, cell in markers)
    on_board = s.survivors()
    standing = [sv for sv in on_board if not s.comp(sv, Status).downed]
    cells = {sv: s.cell(sv) for sv in on_board}
    task = s.task
    wanted = task.wants if task else ()
    open_doors: set[int] = set()
    noise = s.noise
    survivors = []
    for sv in on_board:
        here = cells[sv]
        doors, spawn_distance, goal_inches = _route_facts(s, sv, level, markers, memo)
        open_doors.update(c for c in doors if not s.board.door_is_closed(c))
        survivors.append(SurvivorFact(
            id=sv, name=s.name(sv), standing=sv in standing,
            room=s.rules.engagement_slots - s.slots_used(sv), to_goal=goal_inches,
            noise=noise.get(here, 0),
            spawn_distance=dict(spawn_distance),
            neighbours={o: s.dist(here, cells[o]) for o in on_board if o != sv},
            wounds=s.comp(sv, Health).wounds, carrier=bool(wanted) and carrying(s, sv, wanted)))
    shamblers = []
    for z in s.zombies():
        zc = s.comp(z, Zombie)
        if zc.kind != "shambler" or zc.engaged is not None:
            continue
        target = visible_target(s, z)       # even from afar: a closing lunge is still a use for a last Heat
        if target is None:                  # (most of them: one that sees nobody cannot lunge, so it is left out)
            continue
        # A lunge that ends on someone attacks the survivor the engagement system gives it, not always the one seen.
        victim = lunge_victim(s, z, target)
        pin = lunge_pin_walk(s, z) if victim is None else None
        sees = victim if victim is not None else pin[0] if pin is not None else target
        shamblers.append(ShamblerFact(z, s.name(z), sees, victim is not None, s.comp(z, Status).stunned,
                                      pin is not None, pin_undone_by(s, z, *pin) if pin is not None else frozenset()))
    events = _scenario_events(s)
    # Only a Blackout's score reads the gunners, so they are counted only when one is on offer to a Director that
    # buys events (0 otherwise): the count looks at every zombie for every gun.
    blackout = level.events and any(kind == "blackout" for e in events for kind, _ in e.effects)
    return DirectorView(
        tuple(survivors), spawns, tuple(shamblers), s.removed_shamblers,
        events,
        dict(s.rules.costs), zombie_kinds(s.content), doom_left=max(0, s.scenario.doom_length - s.doom),
        rounds_needed=rounds_needed(s) or 0.0, open_doors=len(open_doors),
        gunners=_gunners(s, standing) if blackout else 0)
