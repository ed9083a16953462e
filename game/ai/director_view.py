"""Builds the Director's view (plain facts) from a Session."""
from __future__ import annotations

from game.ai.director import DirectorView, ShamblerFact, SpawnFact, SurvivorFact
from game.ai.goals import to_goal
from game.rules.geometry import ORTHO_HALF
from game.world.components import Status, Zombie
from game.world.horde import goal_cells, path_cost, visible_target, zombie_steps
from game.world.purchases import spawn_points
from game.world.session import Session

# Shamblers farther than this from every survivor are left out of the view (a lunge from there is pointless).
SIGHT_HORIZON = 24


def spawn_markers(s: Session) -> list[tuple[str, str, int]]:
    """(name, minor|major, cell) for every spawn point of the map, in map order."""
    out = []
    for m in s.map.markers:
        if m.kind in ("spawn_minor", "spawn_major"):
            out.append((m.name or f"spawn ({m.x}, {m.y})", m.kind[6:], s.board.idx(m.x, m.y)))
    return out


def lunge_reaches(s: Session, z: int, target: int) -> bool:
    """Does a Sudden Lunge take this Shambler into base contact with `target`, on the board as it is now?"""
    zcell, tcell = s.cell(z), s.cell(target)
    if s.dist(zcell, tcell) > s.rules.lunge_distance + 1.5:
        return False
    path = s.board.path_toward(zcell, goal_cells(s, z, tcell, False), *zombie_steps(s, z), 40)
    return bool(path) and path_cost(s, z, path) <= s.rules.lunge_distance * ORTHO_HALF


def view_of(s: Session) -> DirectorView:
    markers = spawn_markers(s)
    active = set(spawn_points(s, "any"))
    spawns = tuple(SpawnFact(name, kind, cell in active) for name, kind, cell in markers)
    on_board = s.survivors()
    cells = {sv: s.cell(sv) for sv in on_board}
    survivors = []
    for sv in on_board:
        here = cells[sv]
        survivors.append(SurvivorFact(
            id=sv, name=s.name(sv), standing=not s.comp(sv, Status).downed,
            room=s.rules.engagement_slots - s.slots_used(sv), to_goal=to_goal(s, sv),
            noise=s.noise.get(here, 0),
            spawn_distance={name: s.dist(here, cell) for name, _, cell in markers},
            neighbours={o: s.dist(here, cells[o]) for o in on_board if o != sv}))
    shamblers = []
    for z in s.zombies():
        zc = s.comp(z, Zombie)
        if zc.kind != "shambler" or zc.engaged is not None:
            continue
        zcell = s.cell(z)
        if not s.survivor_within(zcell, SIGHT_HORIZON):
            continue      # too far to matter this round: spares the sight checks
        target = visible_target(s, z)
        reaches = target is not None and lunge_reaches(s, z, target)
        shamblers.append(ShamblerFact(z, s.name(z), target, reaches, s.comp(z, Status).stunned))
    events = tuple((e, s.content.events[e].name, s.content.events[e].cost) for e in s.scenario.events
                   if s.content.events[e].cost > 0)
    return DirectorView(tuple(survivors), spawns, tuple(shamblers), s.removed_shamblers, events,
                        dict(s.rules.costs))
