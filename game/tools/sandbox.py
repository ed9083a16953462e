"""The teacher's table: a hand-set position on any map, read from a plain YAML file and played on the real engine.

    position, problems = read_position(path, content)   # every problem as one line naming the file and the field
    session, names = build_session(position, content)   # a Session of that position; names -> entity ids
    write_position(path, position)                      # atomically, in the same format

A Position is frozen data: every edit (game.tools.sandbox.put_survivor, move_model, ...) returns a new one, so an
undo is the position before it, exactly. The file format (keys in POSITION_KEYS):

    map: pharmacy_run               # a map id (python main.py validate lists the maps)
    director: none                  # who buys the Heat in a Director Phase: none, gentle, standard or ruthless
    seed: 1                         # the dice of the position's game
    active: Doc                     # whose activation it is (optional), with `ap` left (default: a fresh 3)
    ap: 2
    activated: [Cop]                # who already had their activation this round
    survivors:                      # name, archetype, at [x, y]; optional wounds (left), downed, gear (ids)
      - {name: Doc, archetype: doctor, at: [10, 12], wounds: 2, gear: [first_aid_kit]}
    zombies:                        # name, kind, at [x, y]; optional wounds (left)
      - {name: Brute, kind: brute, at: [14, 12]}
    doors: {open: [[5, 5]], closed: [[6, 6]]}   # doors set otherwise than the map has them
    barricades: [[6, 6]]            # closed doors with a barricade
    search_tokens: [[3, 4]]         # where the search tokens lie (default: the map's own)
    noise: [{at: [3, 4], heat: 2}]  # Heat made this round, and where (the track is their sum, at most 15)

Nothing here is a rule: the position says where things stand; the engine (game.world) says what follows.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

from game.content.defs import Content, Marker
from game.content.errors import Problem
from game.content.files import atomic_write
from game.content.yamlio import read_yaml
from game.world import actions as A
from game.world.components import Health, Inventory, Turn
from game.world.session import Session

POSITION_KEYS = ("map", "director", "seed", "active", "ap", "activated", "survivors", "zombies", "doors",
                 "barricades", "search_tokens", "noise")
SURVIVOR_KEYS = ("name", "archetype", "at", "wounds", "downed", "gear")
ZOMBIE_KEYS = ("name", "kind", "at", "wounds")
DIRECTORS = ("none", "gentle", "standard", "ruthless")

Cell = tuple[int, int]


@dataclass(frozen=True)
class SurvivorSpec:
    name: str
    archetype: str
    at: Cell
    wounds: int | None = None            # wounds left; None: unhurt
    downed: bool = False
    gear: tuple[str, ...] | None = None  # what they carry; None: the archetype's own


@dataclass(frozen=True)
class ZombieSpec:
    name: str
    kind: str
    at: Cell
    wounds: int | None = None


@dataclass(frozen=True)
class Position:
    map: str
    survivors: tuple[SurvivorSpec, ...] = ()
    zombies: tuple[ZombieSpec, ...] = ()
    doors: tuple[tuple[Cell, bool], ...] = ()      # (door cell, open) where it differs from the map
    barricades: tuple[Cell, ...] = ()
    search_tokens: tuple[Cell, ...] | None = None  # None: the map's own
    noise: tuple[tuple[Cell, int], ...] = ()
    active: str = ""
    ap: int | None = None
    activated: tuple[str, ...] = ()
    director: str = "none"
    seed: int = 1

    def names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.survivors) + tuple(z.name for z in self.zombies)

    def model(self, name: str) -> SurvivorSpec | ZombieSpec | None:
        key = name.casefold()
        return next((m for m in (*self.survivors, *self.zombies) if m.name.casefold() == key), None)

    def at(self, cell: Cell) -> SurvivorSpec | ZombieSpec | None:
        return next((m for m in (*self.survivors, *self.zombies) if m.at == cell), None)


# --- reading and checking ------------------------------------------------------------------------------------------

def read_position(path: Path | str, content: Content) -> tuple[Position | None, list[Problem]]:
    """A position file, through the guarded reader, then checked against the content and its map."""
    data, problems = read_yaml(path)
    if problems:
        return None, problems
    return parse_position(data, str(path), content)


@dataclass
class _Check:
    file: str
    problems: list[Problem] = field(default_factory=list)

    def bad(self, where: str, message: str) -> None:
        self.problems.append(Problem(self.file, where, message))

    def keys(self, data: Mapping, known: tuple[str, ...], where: str) -> None:
        for key in data:
            if key not in known:
                self.bad(f"{where}.{key}" if where else str(key), f"unknown key (known: {', '.join(known)})")

    def cell(self, value: object, where: str) -> Cell | None:
        if not (isinstance(value, list | tuple) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            self.bad(where, f"a cell is [x, y], not {value!r}")
            return None
        return int(value[0]), int(value[1])

    def cells(self, value: object, where: str) -> tuple[Cell, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.bad(where, "must be a list of cells [[x, y], ...]")
            return ()
        return tuple(c for i, v in enumerate(value) if (c := self.cell(v, f"{where}[{i}]")) is not None)

    def whole(self, value: object, where: str, low: int, high: int) -> int | None:
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.bad(where, f"must be a whole number from {low} to {high}, not {value!r}")
            return None
        return value

    def name(self, value: object, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.bad(where, "missing: the name --explain and the screen call this model by")
            return ""
        return value.strip()


def parse_position(data: object, file: str, content: Content) -> tuple[Position | None, list[Problem]]:
    """(Position, []) or (None, every problem): unknown ids, cells off the map, in a wall or taken twice."""
    ck = _Check(file)
    if not isinstance(data, dict):
        ck.bad("file", "a position is a mapping with map, survivors and zombies")
        return None, ck.problems
    ck.keys(data, POSITION_KEYS, "")
    map_id = data.get("map")
    if not isinstance(map_id, str) or map_id not in content.maps:
        ck.bad("map", f"unknown map {map_id!r} (known: {', '.join(sorted(content.maps))})")
        return None, ck.problems
    survivors = tuple(s for i, e in enumerate(_list(ck, data, "survivors"))
                      if (s := _survivor(ck, e, f"survivors[{i}]", content)) is not None)
    zombies = tuple(z for i, e in enumerate(_list(ck, data, "zombies"))
                    if (z := _zombie(ck, e, f"zombies[{i}]", content)) is not None)
    doors = _doors(ck, data.get("doors"))
    director = data.get("director", "none")
    if director not in DIRECTORS:
        ck.bad("director", f"{director!r} is not one of {', '.join(DIRECTORS)}")
    noise = []
    for i, entry in enumerate(_list(ck, data, "noise")):
        where = f"noise[{i}]"
        if not isinstance(entry, dict):
            ck.bad(where, "must be {at: [x, y], heat: N}")
            continue
        ck.keys(entry, ("at", "heat"), where)
        cell, heat = ck.cell(entry.get("at"), f"{where}.at"), ck.whole(entry.get("heat"), f"{where}.heat", 1, 15)
        if cell is not None and heat is not None:
            noise.append((cell, heat))
    tokens = data.get("search_tokens")
    active = data.get("active") or ""
    if not isinstance(active, str):
        ck.bad("active", f"must be a survivor's name, not {active!r}")
        active = ""
    activated = data.get("activated") or []
    if not isinstance(activated, list) or not all(isinstance(a, str) for a in activated):
        ck.bad("activated", "must be a list of survivors' names")
        activated = []
    position = Position(
        map_id, survivors, zombies, doors, ck.cells(data.get("barricades"), "barricades"),
        None if tokens is None else ck.cells(tokens, "search_tokens"), tuple(noise), active,
        ck.whole(data.get("ap"), "ap", 0, content.rules.ap), tuple(activated),
        director if director in DIRECTORS else "none", ck.whole(data.get("seed", 1), "seed", 0, 2**31) or 0)
    if ck.problems:
        return None, ck.problems
    problems = check_position(position, content, file)
    return (None, problems) if problems else (position, [])


def _list(ck: _Check, data: Mapping, key: str) -> list:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        ck.bad(key, "must be a list")
        return []
    return value


def _model(ck: _Check, entry: object, where: str, keys, field: str, known: Mapping, what: str):
    """(name, its id in `known`, cell) of one model's entry, each checked; None when the entry can't be read."""
    if not isinstance(entry, dict):
        ck.bad(where, f"must be {{name, {field}, at: [x, y]}}")
        return None
    ck.keys(entry, keys, where)
    name = ck.name(entry.get("name"), f"{where}.name")
    kind = entry.get(field)
    if kind not in known:
        ck.bad(f"{where}.{field}", f"unknown {what} {kind!r} (known: {', '.join(known)})")
        return None
    return name, kind, ck.cell(entry.get("at"), f"{where}.at")


def _survivor(ck: _Check, entry: object, where: str, content: Content) -> SurvivorSpec | None:
    head = _model(ck, entry, where, SURVIVOR_KEYS, "archetype", content.archetypes, "archetype")
    if head is None:
        return None
    name, arch, cell = head
    wounds = ck.whole(entry.get("wounds"), f"{where}.wounds", 0, content.archetypes[arch].wounds)
    downed = entry.get("downed", False)
    if not isinstance(downed, bool):
        ck.bad(f"{where}.downed", f"must be true or false, not {downed!r}")
    gear = entry.get("gear")
    if gear is not None:
        if not isinstance(gear, list) or not all(isinstance(g, str) for g in gear):
            ck.bad(f"{where}.gear", "must be a list of weapon and item ids")
            gear = None
        else:
            for j, g in enumerate(gear):
                if g not in content.weapons and g not in content.items:
                    ck.bad(f"{where}.gear[{j}]", f"unknown weapon or item {g!r}")
            gear = tuple(gear)
    if not name or cell is None:
        return None
    return SurvivorSpec(name, arch, cell, wounds, downed is True or wounds == 0, gear)


def _zombie(ck: _Check, entry: object, where: str, content: Content) -> ZombieSpec | None:
    head = _model(ck, entry, where, ZOMBIE_KEYS, "kind", content.zombies, "zombie")
    if head is None:
        return None
    name, kind, cell = head
    wounds = ck.whole(entry.get("wounds"), f"{where}.wounds", 1, content.zombies[kind].wounds)
    if not name or cell is None:
        return None
    return ZombieSpec(name, kind, cell, wounds)


def _doors(ck: _Check, value: object) -> tuple[tuple[Cell, bool], ...]:
    if value is None:
        return ()
    if not isinstance(value, dict):
        ck.bad("doors", "must be {open: [[x, y], ...], closed: [[x, y], ...]}")
        return ()
    ck.keys(value, ("open", "closed"), "doors")
    return tuple((c, True) for c in ck.cells(value.get("open"), "doors.open")) + \
        tuple((c, False) for c in ck.cells(value.get("closed"), "doors.closed"))


def check_position(p: Position, content: Content, file: str = "position") -> list[Problem]:
    """What makes a position impossible on its map: one Problem per field (the screen asks before every edit)."""
    mapdef = content.maps[p.map]
    out: list[Problem] = []

    def bad(where: str, message: str) -> None:
        out.append(Problem(file, where, message))

    def on_map(cell: Cell, where: str) -> int | None:
        x, y = cell
        if not (0 <= x < mapdef.width and 0 <= y < mapdef.height):
            bad(where, f"({x}, {y}) is off the {mapdef.width}x{mapdef.height} map")
            return None
        return mapdef.index(x, y)

    door_open = dict(p.doors)
    taken: dict[Cell, str] = {}
    names: dict[str, str] = {}
    for group, models in (("survivors", p.survivors), ("zombies", p.zombies)):
        for i, m in enumerate(models):
            where = f"{group}[{i}]"
            if m.name.casefold() in names:
                bad(f"{where}.name", f"{m.name!r} is also the name of {names[m.name.casefold()]}")
            names[m.name.casefold()] = where
            i_cell = on_map(m.at, f"{where}.at")
            if i_cell is None:
                continue
            kind = mapdef.terrain[i_cell]
            shut = kind == "door" and not door_open.get(m.at, i_cell in mapdef.doors_open)
            if kind in ("wall", "heavy") or shut:
                what = {"wall": "inside a wall", "heavy": "inside heavy cover (a vehicle or a pillar)"}.get(
                    kind, "on a closed door")
                bad(f"{where}.at", f"({m.at[0]}, {m.at[1]}) is {what}: a model must stand on open ground")
            elif m.at in taken:
                bad(f"{where}.at", f"({m.at[0]}, {m.at[1]}) is already taken by {taken[m.at]}: one model a cell")
            taken.setdefault(m.at, f"{where} ({m.name})")
    for i, (cell, _) in enumerate(p.doors):
        c = on_map(cell, f"doors[{i}]")
        if c is not None and mapdef.terrain[c] != "door":
            bad(f"doors[{i}]", f"({cell[0]}, {cell[1]}) is not a door")
    for i, cell in enumerate(p.barricades):
        c = on_map(cell, f"barricades[{i}]")
        if c is not None and (mapdef.terrain[c] != "door" or door_open.get(cell, c in mapdef.doors_open)):
            bad(f"barricades[{i}]", f"({cell[0]}, {cell[1]}) is not a closed door: only closed doors take one")
    for i, cell in enumerate(p.search_tokens or ()):
        c = on_map(cell, f"search_tokens[{i}]")
        if c is not None and mapdef.terrain[c] in ("wall", "door"):
            bad(f"search_tokens[{i}]", f"({cell[0]}, {cell[1]}) is a {mapdef.terrain[c]}: a token lies on the ground "
                                       f"or a wreck")
    for i, (cell, _) in enumerate(p.noise):
        on_map(cell, f"noise[{i}].at")
    survivor_names = {m.name.casefold(): m for m in p.survivors}
    if p.active:
        who = survivor_names.get(p.active.casefold())
        if who is None:
            bad("active", f"{p.active!r} is not a survivor of this position")
        elif who.downed:
            bad("active", f"{who.name} is Downed: a Downed survivor's activation is only the bleed-out save")
    elif p.ap is not None:
        bad("ap", "AP left belong to the active survivor: name one with `active`")
    for i, name in enumerate(p.activated):
        if name.casefold() not in survivor_names:
            bad(f"activated[{i}]", f"{name!r} is not a survivor of this position")
    if not p.survivors:
        bad("survivors", "a position needs at least one survivor")
    return out


# --- writing -----------------------------------------------------------------------------------------------------

def position_data(p: Position) -> dict:
    """The position as the plain data of its file (leaving out what is as the map or the archetype has it)."""
    def survivor(m: SurvivorSpec) -> dict:
        out = {"name": m.name, "archetype": m.archetype, "at": list(m.at)}
        if m.wounds is not None:
            out["wounds"] = m.wounds
        if m.downed:
            out["downed"] = True
        if m.gear is not None:
            out["gear"] = list(m.gear)
        return out

    def zombie(z: ZombieSpec) -> dict:
        out = {"name": z.name, "kind": z.kind, "at": list(z.at)}
        if z.wounds is not None:
            out["wounds"] = z.wounds
        return out

    data: dict = {"map": p.map, "director": p.director, "seed": p.seed}
    if p.active:
        data["active"] = p.active
    if p.ap is not None:
        data["ap"] = p.ap
    if p.activated:
        data["activated"] = list(p.activated)
    data["survivors"] = [survivor(m) for m in p.survivors]
    data["zombies"] = [zombie(z) for z in p.zombies]
    opened = [list(c) for c, o in p.doors if o]
    shut = [list(c) for c, o in p.doors if not o]
    if opened or shut:
        data["doors"] = {k: v for k, v in (("open", opened), ("closed", shut)) if v}
    if p.barricades:
        data["barricades"] = [list(c) for c in p.barricades]
    if p.search_tokens is not None:
        data["search_tokens"] = [list(c) for c in p.search_tokens]
    if p.noise:
        data["noise"] = [{"at": list(c), "heat": h} for c, h in p.noise]
    return data


def position_text(p: Position) -> str:
    return yaml.safe_dump(position_data(p), sort_keys=False, default_flow_style=None, width=118)


def write_position(path: Path | str, p: Position) -> None:
    """Write atomically (the old file stays whole if the disk is full); OSError when it could not be written."""
    atomic_write(Path(path), position_text(p).encode("utf-8"))


# --- the position's game -----------------------------------------------------------------------------------------

def map_scenario(content: Content, map_id: str):
    """The scenario played on this map (its objective and patrols steer the unseeing zombies), else the first one."""
    return next((sc for sc in content.scenarios.values() if sc.map == map_id), next(iter(content.scenarios.values())))


def start_position(content: Content, map_id: str) -> Position:
    """A map as its scenario starts: the scenario's team on the deployment cells, its starting zombies (the
    teacher's blank page: an empty board cannot be a game)."""
    scenario = map_scenario(content, map_id)
    mapdef = content.maps[map_id]
    p = Position(map_id)
    for arch, m in zip(scenario.team if scenario.map == map_id else ("paramedic",), mapdef.markers_of("deploy"),
                       strict=False):
        p = put_survivor(p, content, arch, (m.x, m.y))
    for m in mapdef.markers_of("zombie"):
        p = put_zombie(p, content, m.name if m.name in content.zombies else "shambler", (m.x, m.y))
    if scenario.map == map_id:
        for kind, x, y in scenario.initial_zombies:
            p = put_zombie(p, content, kind, (x, y))
    return p


class KeepsTheBoard:
    """A Director that buys nothing (`director: none`): the position's street stays as the teacher set it."""
    may_decline = True

    def choose(self, s, left):
        return None


def build_session(p: Position, content: Content, dice=None) -> tuple[Session, dict[str, int]]:
    """A Session standing exactly as the position says, and each model's name -> its entity id. The map's own
    zombies and deployment cells give way to the position's models; its search tokens too, when the position
    lists them."""
    from game.ai.director_policy import DirectorAI

    base = content.maps[p.map]
    keep = ("deploy", "zombie") + (("search",) if p.search_tokens is not None else ())
    markers = [m for m in base.markers if m.kind not in keep]
    markers += [Marker("deploy", x, y, f"deploy {x},{y}") for x, y in (m.at for m in p.survivors)]
    markers += [Marker("search", x, y, f"search {x},{y}") for x, y in p.search_tokens or ()]
    door_open = set(base.doors_open)
    for (x, y), is_open in p.doors:
        (door_open.add if is_open else door_open.discard)(base.index(x, y))
    mapdef = replace(base, markers=tuple(markers), doors_open=frozenset(door_open))
    scenario = replace(map_scenario(content, p.map), team=tuple(m.archetype for m in p.survivors), team_min=1,
                       team_max=max(8, len(p.survivors)), initial_zombies=tuple((z.kind, *z.at) for z in p.zombies))
    policy = KeepsTheBoard() if p.director == "none" else DirectorAI(p.director)
    s = Session(content, scenario, seed=p.seed, dice=dice, map_def=mapdef, policy=policy)
    names: dict[str, int] = {}
    for spec, eid in zip(p.survivors, s.survivors(), strict=True):
        names[spec.name] = eid
        s.rename(eid, spec.name)
        if spec.gear is not None:
            inv = s.comp(eid, Inventory)
            inv.gear[:] = [s._new_gear(g, "", free_for=eid if g in content.archetypes[spec.archetype].weapons
                                       else None) for g in spec.gear]
        if spec.wounds is not None:
            s.comp(eid, Health).wounds = spec.wounds
        if spec.downed:
            s.comp(eid, Health).wounds = 0
            s.go_down(eid)
    for spec in p.zombies:
        eid = s.occupant[s.board.idx(*spec.at)]
        names[spec.name] = eid
        s.rename(eid, spec.name)
        if spec.wounds is not None:
            s.comp(eid, Health).wounds = spec.wounds
    for x, y in p.barricades:
        s.board.set_barricade(s.board.idx(x, y), True)
    for (x, y), heat in p.noise:
        s.lay_noise(s.board.idx(x, y), heat)
    for name in p.activated:
        s.comp(names[_named(p, name)], Turn).activated = True
    if p.active:
        who = names[_named(p, p.active)]
        A.start_activation(s, who)
        if p.ap is not None and s.active == who:
            s.comp(who, Turn).ap = p.ap
    s.update_engagement()
    return s, names


def _named(p: Position, name: str) -> str:
    """The position's own spelling of a name given in any case."""
    return p.model(name).name


# --- edits (each returns a new Position; the screen keeps the old ones for undo) ----------------------------------

def _unique(p: Position, stem: str) -> str:
    taken = {n.casefold() for n in p.names()}
    if stem.casefold() not in taken:
        return stem
    n = 2
    while f"{stem} {n}".casefold() in taken:
        n += 1
    return f"{stem} {n}"


def put_survivor(p: Position, content: Content, archetype: str, cell: Cell) -> Position:
    name = _unique(p, content.archetypes[archetype].name)
    return replace(p, survivors=(*p.survivors, SurvivorSpec(name, archetype, cell)))


def put_zombie(p: Position, content: Content, kind: str, cell: Cell) -> Position:
    name = _unique(p, content.zombies[kind].name)
    return replace(p, zombies=(*p.zombies, ZombieSpec(name, kind, cell)))


def move_model(p: Position, name: str, cell: Cell) -> Position:
    return _change(p, name, at=cell)


def edit_model(p: Position, name: str, **changes) -> Position:
    """wounds, downed or gear of a survivor; wounds of a zombie."""
    return _change(p, name, **changes)


def _change(p: Position, name: str, **changes) -> Position:
    return replace(p, survivors=tuple(replace(m, **changes) if m.name == name else m for m in p.survivors),
                   zombies=tuple(replace(z, **changes) if z.name == name else z for z in p.zombies))


def remove_model(p: Position, name: str) -> Position:
    return replace(p, survivors=tuple(m for m in p.survivors if m.name != name),
                   zombies=tuple(z for z in p.zombies if z.name != name),
                   active="" if p.active == name else p.active, ap=None if p.active == name else p.ap,
                   activated=tuple(a for a in p.activated if a != name))


def set_door(p: Position, content: Content, cell: Cell, is_open: bool) -> Position:
    """The door open or closed (an open door loses its barricade); recorded only where it differs from the map."""
    mapdef = content.maps[p.map]
    doors = tuple(d for d in p.doors if d[0] != cell)
    if is_open != (mapdef.index(*cell) in mapdef.doors_open):
        doors += ((cell, is_open),)
    barricades = tuple(b for b in p.barricades if b != cell or not is_open)
    return replace(p, doors=doors, barricades=barricades)


def door_is_open(p: Position, content: Content, cell: Cell) -> bool:
    mapdef = content.maps[p.map]
    return dict(p.doors).get(cell, mapdef.index(*cell) in mapdef.doors_open)


def toggle_barricade(p: Position, cell: Cell) -> Position:
    if cell in p.barricades:
        return replace(p, barricades=tuple(b for b in p.barricades if b != cell))
    return replace(p, barricades=(*p.barricades, cell))


def tokens(p: Position, content: Content) -> tuple[Cell, ...]:
    """Where the search tokens lie: the position's, else the map's."""
    if p.search_tokens is not None:
        return p.search_tokens
    return tuple((m.x, m.y) for m in content.maps[p.map].markers_of("search"))


def toggle_token(p: Position, content: Content, cell: Cell) -> Position:
    now = tokens(p, content)
    return replace(p, search_tokens=tuple(c for c in now if c != cell) if cell in now else (*now, cell))


def add_noise(p: Position, cell: Cell, heat: int) -> Position:
    """Heat made at a cell: added to what is there; 0 or less clears it."""
    before = dict(p.noise).get(cell, 0)
    rest = tuple(n for n in p.noise if n[0] != cell)
    return replace(p, noise=rest + (((cell, before + heat),) if before + heat > 0 else ()))


def set_active(p: Position, name: str) -> Position:
    """Whose activation it is (the same name again: nobody's)."""
    if p.active == name:
        return replace(p, active="", ap=None)
    return replace(p, active=name, ap=None, activated=tuple(a for a in p.activated if a != name))


class History:
    """Undo and redo over whole positions: each edit keeps the position it replaced, so undoing restores it
    exactly (positions are frozen: nothing can change one behind the history's back)."""

    def __init__(self, position: Position):
        self.position = position
        self._back: list[Position] = []
        self._ahead: list[Position] = []

    def apply(self, position: Position) -> bool:
        """Make `position` the current one (False and nothing kept when it is the same)."""
        if position == self.position:
            return False
        self._back.append(self.position)
        self._ahead.clear()
        self.position = position
        return True

    def undo(self) -> bool:
        if not self._back:
            return False
        self._ahead.append(self.position)
        self.position = self._back.pop()
        return True

    def redo(self) -> bool:
        if not self._ahead:
            return False
        self._back.append(self.position)
        self.position = self._ahead.pop()
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._back)

    @property
    def can_redo(self) -> bool:
        return bool(self._ahead)
