"""The Director AI: how the horde spends Heat. A fixed priority list a table could follow by hand.

The policy reads a `DirectorView` (plain facts about the board) and returns decisions with a one-line reason each.
The game builds the view from a Session; the tabletop assistant builds it from what the players type in. Ties are
always broken by name or id, never by chance, so one board gives one shopping list.

The priority list (docs/RULES.md, "The Director's shopping list"):
  1. Reanimate a fallen Shambler at the spawn point nearest the survivor the Director is pressing.
  2. Lunge a Shambler that can reach base contact with a survivor that has room (finish the engagement).
  3. With 5+ Heat and a major spawn point within 24" of the pressed survivor: a Horde there if 2+ survivors stand
     within 12" of it, otherwise a Brute.
  4. With 4+ Heat: a special at the active spawn point nearest its victim: a Hunter for a lone survivor (no ally
     within 6"), a Bloater for a huddle (two survivors within 2"), a Screamer for a group (two within 8").
  5. With 2+ Heat: a Shambler at the spawn point nearest the pressed survivor.
  6. With Heat left that no spawn can use: the dearest scenario event it can afford.
  7. A last 1 Heat: a Lunge for any Shambler in sight of a survivor, even if it falls short.
The pressed survivor is the one closest to finishing the objective (ties: the one who made the most noise, then
seat order); the Director always respects the limit of 3 engagement slots on a survivor.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class SurvivorFact:
    id: int
    name: str
    standing: bool
    room: int                  # engagement slots still free
    to_goal: float             # inches from finishing their part of the objective (smaller = closer)
    noise: int = 0             # Heat made where they stand this round
    spawn_distance: dict[str, float] = field(default_factory=dict)   # spawn point name -> inches
    neighbours: dict[int, float] = field(default_factory=dict)       # other survivor id -> inches


@dataclass(frozen=True)
class SpawnFact:
    name: str
    kind: str                  # minor | major
    active: bool = True


@dataclass(frozen=True)
class ShamblerFact:
    id: int
    name: str
    sees: int | None           # nearest survivor in sight with room, if any
    lunge_reaches: bool        # a 3" lunge ends in base contact with it
    stunned: bool = False


@dataclass(frozen=True)
class DirectorView:
    survivors: tuple[SurvivorFact, ...]
    spawns: tuple[SpawnFact, ...]
    shamblers: tuple[ShamblerFact, ...] = ()
    removed_shamblers: int = 0
    events: tuple[tuple[str, str, int], ...] = ()      # (event id, name, cost) the Director may buy
    costs: dict[str, int] = field(default_factory=lambda: {"lunge": 1, "shambler": 2, "reanimate": 3,
                                                           "special": 4, "major": 5})


@dataclass(frozen=True)
class Decision:
    kind: str                  # reanimate | lunge | spawn | event
    cost: int
    reason: str
    spawn: str = ""            # spawn point name
    zombie: str = ""           # zombie id to spawn
    shambler: int = 0          # shambler id to lunge
    event: str = ""
    engages: int | None = None  # a finishing lunge: the survivor it reaches


# A major spawn point farther than this from the pressed survivor is too slow to matter: buy smaller instead.
MAJOR_REACH = 24


def pressed(view: DirectorView) -> SurvivorFact | None:
    """The survivor the Director presses: closest to finishing the objective, then the noisiest, then seat."""
    standing = [s for s in view.survivors if s.standing]
    if not standing:
        return None
    return min(standing, key=lambda s: (s.to_goal, -s.noise, s.id))


def _nearest_spawn(view: DirectorView, target: SurvivorFact, kinds: tuple[str, ...]) -> SpawnFact | None:
    options = [sp for sp in view.spawns if sp.active and sp.kind in kinds and sp.name in target.spawn_distance]
    if not options:
        return None
    return min(options, key=lambda sp: (target.spawn_distance[sp.name], sp.name))


def _near_spawn(view: DirectorView, spawn: SpawnFact, radius: float) -> list[SurvivorFact]:
    return [s for s in view.survivors if s.standing and s.spawn_distance.get(spawn.name, 99) <= radius]


def _special_victim(view: DirectorView) -> tuple[str, SurvivorFact, str] | None:
    standing = sorted((s for s in view.survivors if s.standing), key=lambda s: (s.to_goal, s.id))
    ids = {s.id for s in standing}
    for s in standing:
        if s.room and not any(d <= 6 for o, d in s.neighbours.items() if o in ids):
            return "hunter", s, f"{s.name} is alone, no ally within 6\""
    for s in standing:
        close = [o for o, d in s.neighbours.items() if o in ids and d <= 2]
        if close:
            return "bloater", s, f"{s.name} huddles with {len(close)} ally(ies) within 2\""
    for s in standing:
        group = [o for o, d in s.neighbours.items() if o in ids and d <= 8]
        if group:
            return "screamer", s, f"{len(group) + 1} survivors within 8\" of {s.name}"
    return None


def decide(view: DirectorView, heat: int) -> Decision | None:
    """The next purchase for `heat` Heat on this board, or None if nothing useful can be bought."""
    costs = view.costs
    target = pressed(view)
    if view.removed_shamblers > 0 and heat >= costs["reanimate"] and target is not None:
        spawn = _nearest_spawn(view, target, ("minor", "major"))
        if spawn is not None:
            return Decision("reanimate", costs["reanimate"], f"a Shambler fell this round; {spawn.name} is "
                            f"{target.spawn_distance[spawn.name]:.0f}\" from {target.name}", spawn=spawn.name)
    if heat >= costs["lunge"]:
        rooms = {s.id: s.room for s in view.survivors}
        lungers = [z for z in view.shamblers if z.lunge_reaches and not z.stunned and z.sees is not None
                   and rooms.get(z.sees, 0) > 0]
        if lungers:
            z = min(lungers, key=lambda z: (z.sees != (target.id if target else None), z.id))
            victim = next(s for s in view.survivors if s.id == z.sees)
            return Decision("lunge", costs["lunge"], f"it reaches {victim.name} and engages", shambler=z.id,
                            engages=victim.id)
    if target is None:
        return None
    if heat >= costs["major"]:
        spawn = _nearest_spawn(view, target, ("major",))
        if spawn is not None and target.spawn_distance[spawn.name] <= MAJOR_REACH:
            crowd = _near_spawn(view, spawn, 12)
            if len(crowd) >= 2:
                return Decision("spawn", costs["major"], f"{len(crowd)} survivors within 12\"", spawn=spawn.name,
                                zombie="horde")
            return Decision("spawn", costs["major"], f"pressing {target.name}, "
                            f"{target.spawn_distance[spawn.name]:.0f}\" away", spawn=spawn.name, zombie="brute")
    if heat >= costs["special"]:
        found = _special_victim(view)
        if found is not None:
            kind, victim, why = found
            spawn = _nearest_spawn(view, victim, ("minor", "major"))
            if spawn is not None:
                return Decision("spawn", costs["special"], why, spawn=spawn.name, zombie=kind)
    if heat >= costs["shambler"]:
        spawn = _nearest_spawn(view, target, ("minor", "major"))
        if spawn is not None:
            return Decision("spawn", costs["shambler"], f"the spawn point nearest {target.name} "
                            f"({target.spawn_distance[spawn.name]:.0f}\")", spawn=spawn.name, zombie="shambler")
    affordable = [e for e in view.events if e[2] <= heat]
    if affordable and heat >= 3:
        event_id, name, cost = max(affordable, key=lambda e: (e[2], e[0]))
        return Decision("event", cost, f"{heat} Heat and no spawn point to spend it on", event=event_id)
    if heat >= costs["lunge"]:
        lungers = [z for z in view.shamblers if z.sees is not None and not z.stunned]
        if lungers:
            z = min(lungers, key=lambda z: z.id)
            return Decision("lunge", costs["lunge"], "the last Heat: it closes in", shambler=z.id)
    return None


def plan(view: DirectorView, heat: int) -> list[Decision]:
    """The whole shopping list for a round on a board that does not change while buying (the assistant's view)."""
    out = []
    while heat > 0:
        choice = decide(view, heat)
        if choice is None:
            break
        out.append(choice)
        heat -= choice.cost
        view = _after(view, choice)
    return out


def _after(view: DirectorView, choice: Decision) -> DirectorView:
    """Book-keeping between purchases on a static view: spent Shamblers and used lunges."""
    if choice.kind == "reanimate":
        return replace(view, removed_shamblers=view.removed_shamblers - 1)
    if choice.kind == "lunge":
        shamblers = tuple(z for z in view.shamblers if z.id != choice.shambler)
        reached = next((z.sees for z in view.shamblers if z.id == choice.shambler and z.lunge_reaches), None)
        survivors = tuple(replace(s, room=s.room - 1) if s.id == reached else s for s in view.survivors)
        return replace(view, shamblers=shamblers, survivors=survivors)
    return view
