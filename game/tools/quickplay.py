"""Quick-Play Impromptu Scenario Generator: four dice tables (game/data/quickplay.yaml) make a ScenarioDef that
game.world.session.Session starts at once.

    qp = generate(content, seed=7)                 # or map_id="dead_air", or faces=[...] for real dice
    Session(playable(content, qp), qp.scenario)    # the content with the scenario and its board added

The board: a new one from the map tiles for every seed (game.content.tiles, id `board_<seed>`; the same seed gives
the same board), or a hand-built map when `map_id` names one (or when no tiles are loaded).
The rolls: objective (tasks on the map's objective markers and zones), environment (the name and the jackpot deck of
plain search tokens; on a hand-built map also the map), starting density (zombies placed on street cells away from
the deployment zone) and a hazard
twist (ambient Heat, the Doom track, Doom events, the Director's event menu, the finale). The tables are read and
checked with the rest of the content (the loader calls `parse_tables`; the result is content.extra["quickplay"]).
"""
from __future__ import annotations

import dataclasses
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from game.content.defs import Content, MapDef, ObjectiveItem, ScenarioDef, Task
from game.content.errors import ContentError, Problem
from game.content.tiles import Board, describe, generate_board
from game.content.validate import BAD, Ctx, body_of, choice, ident, integer, keyed, list_of, ref, text
from game.rules.geometry import distance
from game.tools.common import Roller, ToolError, lookup

DICE = {"d6": (1, 6), "2d6": (2, 12)}
ROLES = ("near", "far")
ZONES = ("extract", "deploy")
TASK_KINDS = ("interact", "deliver", "extract", "hold", "survive")
TASK_FIELDS = {       # fields each task kind may use besides id, kind and text
    "interact": ("marker", "times", "needs_item", "from"),
    "deliver": ("item", "from", "zone"),
    "extract": ("count", "zone"),
    "hold": ("zone", "rounds"),
    "survive": ("rounds", "count"),
}
NOISE_RANGE = (0, 3)        # a hazard's noise_bonus, as scenarios.yaml allows
AMBIENT_RANGE = (0, 5)      # as scenarios.yaml allows
DOOM_RANGE = (6, 20)
TABLE_ORDER = ("objective", "environment", "density", "hazard")


# --- the tables, frozen --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    low: int
    high: int
    id: str
    name: str
    text: str


@dataclass(frozen=True)
class TaskTemplate:
    id: str
    kind: str                       # interact | deliver | extract
    text: str                       # may hold {near} / {far}
    marker: str = ""                # interact: a role
    times: int = 1
    needs_item: str = ""
    item: str = ""                  # deliver: objective item
    sources: tuple[str, ...] = ()   # roles where the task's objective items lie (one item each)
    count: int = 1                  # extract: the quota; survive: survivors standing
    zone: str = "extract"           # deliver / extract / hold: marker kind
    rounds: int = 0                 # hold / survive: End Phases that must count


@dataclass(frozen=True)
class ObjectiveRow(Row):
    tasks: tuple[TaskTemplate, ...]
    doom_length_change: int = 0     # an objective that is quicker or slower to do gets a shorter or longer track
    variants: tuple[ObjectiveRow, ...] = ()   # the same story for a map that cannot host these tasks, in order

    def roles(self) -> set[str]:
        return {t.marker for t in self.tasks if t.marker} | {r for t in self.tasks for r in t.sources}

    def zones(self) -> set[str]:
        return {t.zone for t in self.tasks if t.kind in ("deliver", "extract", "hold")}

    def on(self, mapdef: MapDef) -> ObjectiveRow | None:
        """This row as played on a map: its own tasks, else its first variant the map can host, else None."""
        return next((r for r in (self, *self.variants) if can_host(r, mapdef)), None)


@dataclass(frozen=True)
class EnvironmentRow(Row):
    map: str                        # "" for the default environment
    search_deck: str


@dataclass(frozen=True)
class DensityRow(Row):
    zombies: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class HazardRow(Row):
    ambient_heat_change: int = 0
    doom_length_change: int = 0
    add_doom_events: Mapping[int, str] = field(default_factory=dict)
    add_events: tuple[str, ...] = ()
    finale: str = ""
    noise_bonus: int = 0            # Heat added to every noisy act (sound carries)


@dataclass(frozen=True)
class MapTuning:
    """A hand-built map's own adjustment (the `maps` table): its geometry makes quick-play easier or harder there
    than on the tile boards the other tables were tuned on."""
    ambient_heat_change: int = 0
    doom_length_change: int = 0
    zombies: tuple[tuple[str, int], ...] = ()      # placed at the start besides the density roll's
    why: str = ""


@dataclass(frozen=True)
class Table:
    name: str
    dice: str                       # d6 | 2d6
    rows: tuple[Row, ...]

    def row_for(self, total: int) -> int:
        return next(i for i, r in enumerate(self.rows) if r.low <= total <= r.high)


@dataclass(frozen=True)
class Base:
    ambient_heat: int
    doom_length: int
    doom_events: Mapping[int, str]
    finale: str
    events: tuple[str, ...]
    team: tuple[str, ...]
    team_min: int
    team_max: int


@dataclass(frozen=True)
class QuickPlayTables:
    base: Base
    objective: Table
    environment: Table
    default_environment: EnvironmentRow
    density: Table
    hazard: Table
    min_distance: int
    street_styles: tuple[str, ...]
    maps: Mapping[str, MapTuning] = field(default_factory=dict)

    def table(self, name: str) -> Table:
        return getattr(self, name)


# --- checking the YAML ---------------------------------------------------------------------------------------------

def _roll(ctx: Ctx, v: object, where: str) -> object:
    if isinstance(v, int) and not isinstance(v, bool):
        return (v, v)
    if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        if v[0] > v[1]:
            ctx.add(where, f"the range [{v[0]}, {v[1]}] runs backwards")
            return BAD
        return (v[0], v[1])
    ctx.add(where, f"must be a total or a range [low, high], got {v!r}")
    return BAD


def _line(ctx: Ctx, v: object, where: str) -> object:
    out = text(ctx, v, where)
    if out is not BAD and "\n" in str(v).strip():
        ctx.add(where, "must be a single line")
        return BAD
    return out


def _template_text(ctx: Ctx, v: object, where: str) -> object:
    out = _line(ctx, v, where)
    if out is BAD:
        return BAD
    try:
        fields = {name for _, name, _, _ in string.Formatter().parse(out) if name is not None}
    except ValueError as exc:
        ctx.add(where, f"has a stray brace: {exc}")
        return BAD
    bad = sorted(fields - set(ROLES))
    if bad:
        ctx.add(where, f"unknown placeholder {{{bad[0]}}}: only {{near}} and {{far}} are filled in")
        return BAD
    return out


def _roles(ctx: Ctx, v: object, where: str) -> object:
    if isinstance(v, str):
        v = [v]
    out = list_of(choice(ROLES), min_len=1)(ctx, v, where)
    return out


def _objective_item(tables: Mapping) -> object:
    def check(ctx: Ctx, v: object, where: str) -> object:
        item = ref("items", "item")(ctx, v, where)
        items = tables.get("items") or {}
        if item is not BAD and item in items and items[item].kind != "objective":
            ctx.add(where, f"{item!r} is not an objective item")
            return BAD
        return item
    return check


def _task(tables: Mapping):
    item_check = _objective_item(tables)
    checks = {"id": ident, "kind": choice(TASK_KINDS), "text": _template_text, "marker": choice(ROLES),
              "times": integer(1, 10), "needs_item": item_check, "item": item_check, "from": _roles,
              "count": integer(1, 20), "zone": choice(ZONES), "rounds": integer(1, 20)}

    def check(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, checks, {k: None for k in ("marker", "times", "needs_item", "item", "from",
                                                                "count", "zone", "rounds")})
        if vals is None:
            return BAD
        kind = vals["kind"]
        ok = True
        for key in sorted({k for fields in TASK_FIELDS.values() for k in fields}):
            if vals[key] is not None and key not in TASK_FIELDS[kind]:
                ctx.add(f"{where}.{key}", f"not used by {kind} tasks (they take {', '.join(TASK_FIELDS[kind])})")
                ok = False
        needed = {"interact": ("marker",), "deliver": ("item", "from"), "extract": (), "hold": ("rounds",),
                  "survive": ("rounds",)}[kind]
        for key in needed:
            if vals[key] is None:
                ctx.add(f"{where}.{key}", f"missing: a {kind} task needs it")
                ok = False
        if kind == "interact" and (vals["needs_item"] is None) != (vals["from"] is None):
            ctx.add(f"{where}.from" if vals["from"] is None else f"{where}.needs_item",
                    "needs_item and from go together: the item must lie somewhere")
            ok = False
        if not ok:
            return BAD
        item = vals["item"] or vals["needs_item"] or ""
        sources = tuple(vals["from"] or ())
        count = len(sources) if kind == "deliver" else (vals["count"] or 1)
        return TaskTemplate(vals["id"], kind, vals["text"], vals["marker"] or "", vals["times"] or 1,
                            vals["needs_item"] or "", item if kind == "deliver" else "", sources, count,
                            vals["zone"] or "extract", vals["rounds"] or 0)
    return check


def _space_events(ctx: Ctx, v: object, where: str) -> object:
    if not isinstance(v, dict):
        ctx.add(where, f"must be a mapping of Doom space -> event id, got {v!r}")
        return BAD
    out, ok = {}, True
    for space, event in v.items():
        at = f"{where}.{space}"
        if isinstance(space, str) and space.isdigit():
            space = int(space)
        if isinstance(space, bool) or not isinstance(space, int):
            ctx.add(at, "a Doom space must be a whole number")
            ok = False
            continue
        event = ref("events", "event")(ctx, event, at)
        if event is BAD:
            ok = False
        else:
            out[space] = event
    return MappingProxyType(dict(sorted(out.items()))) if ok else BAD


def _menu(tables: Mapping):
    def check(ctx: Ctx, v: object, where: str) -> object:
        out = list_of(ref("events", "event"), unique=True)(ctx, v, where)
        if out is BAD:
            return BAD
        events = tables.get("events") or {}
        for i, eid in enumerate(out):
            if eid in events and events[eid].cost <= 0:
                ctx.add(f"{where}[{i}]", f"{eid!r} costs 0: it can only sit on the Doom track")
                return BAD
        return out
    return check


def _row(cls, checks: Mapping, defaults: Mapping, make):
    def check(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, {"roll": _roll, "id": ident, "name": _line, "text": _line, **checks}, defaults)
        if vals is None:
            return BAD
        low, high = vals.pop("roll")
        return make(low, high, vals)
    return check


def _zombie_counts(ctx: Ctx, v: object, where: str) -> object:
    if not isinstance(v, dict) or not v:
        ctx.add(where, f"must be a non-empty mapping of zombie id -> how many, got {v!r}")
        return BAD
    out, ok = [], True
    for zid, n in v.items():
        z = ref("zombies", "zombie")(ctx, zid, f"{where}.{zid}")
        count = integer(1, 10)(ctx, n, f"{where}.{zid}")
        if z is BAD or count is BAD:
            ok = False
        else:
            out.append((z, count))
    return tuple(out) if ok else BAD


def _table(name: str, row_check, extra: Mapping | None = None):
    def check(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, {"dice": choice(DICE), "rows": list_of(row_check, min_len=1), **(extra or {})},
                     {})
        if vals is None:
            return BAD
        low, high = DICE[vals["dice"]]
        rows = vals["rows"]
        ok = True
        for i, row in enumerate(rows):
            if row.low < low or row.high > high:
                ctx.add(f"{where}.rows[{i}].roll", f"{vals['dice']} rolls {low} to {high}, not {row.low}..{row.high}")
                ok = False
        for total in range(low, high + 1):
            covering = [i for i, r in enumerate(rows) if r.low <= total <= r.high]
            if not covering:
                ctx.add(f"{where}.rows", f"no row for a roll of {total}")
                ok = False
            elif len(covering) > 1:
                ctx.add(f"{where}.rows[{covering[1]}].roll",
                        f"a roll of {total} is already read from rows[{covering[0]}]")
                ok = False
        ids = [r.id for r in rows]
        for dup in sorted({i for i in ids if ids.count(i) > 1}):
            ctx.add(f"{where}.rows", f"row id {dup!r} is used twice")
            ok = False
        if not ok:
            return BAD
        table = Table(name, vals["dice"], tuple(rows))
        return table if not extra else (table, {k: vals[k] for k in extra})
    return check


def parse_tables(data: object, file: str, known: Mapping[str, set[str] | None], tables: Mapping | None = None,
                 maps: Mapping[str, MapDef] | None = None) -> tuple[QuickPlayTables | None, list[Problem]]:
    """Check the parsed YAML of quickplay.yaml against the content it names. Returns (tables or None, problems)."""
    tables = tables or {}
    ctx = Ctx(file, known)
    body = body_of(ctx, data, "quickplay")
    if body is BAD:
        return None, ctx.problems
    base_checks = {"ambient_heat": integer(*AMBIENT_RANGE), "doom_length": integer(*DOOM_RANGE),
                   "doom_events": _space_events, "finale": ref("events", "event"), "events": _menu(tables),
                   "team": list_of(ref("archetypes", "archetype"), min_len=1), "team_min": integer(1, 8),
                   "team_max": integer(1, 8)}

    def base(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, base_checks, {"doom_events": MappingProxyType({}), "events": ()})
        return BAD if vals is None else Base(**vals)

    objective_checks = {"tasks": list_of(_task(tables), min_len=1), "doom_length_change": integer(-6, 6)}

    def variant(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, {"id": ident, "name": _line, "text": _line, **objective_checks},
                     {"doom_length_change": 0})
        return BAD if vals is None else ObjectiveRow(0, 0, vals["id"], vals["name"], vals["text"], vals["tasks"],
                                                     vals["doom_length_change"])
    objective_row = _row(ObjectiveRow, {**objective_checks, "variants": list_of(variant)},
                         {"doom_length_change": 0, "variants": ()},
                         lambda lo, hi, v: ObjectiveRow(lo, hi, v["id"], v["name"], v["text"], v["tasks"],
                                                        v["doom_length_change"], tuple(v["variants"])))
    env_checks = {"map": ref("maps", "map"), "search_deck": ref("decks", "deck")}
    environment_row = _row(EnvironmentRow, env_checks, {},
                           lambda lo, hi, v: EnvironmentRow(lo, hi, v["id"], v["name"], v["text"], v["map"],
                                                            v["search_deck"]))

    def default_environment(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, {"id": ident, "name": _line, "text": _line, "search_deck": env_checks[
            "search_deck"]}, {})
        return BAD if vals is None else EnvironmentRow(0, 0, vals["id"], vals["name"], vals["text"], "",
                                                       vals["search_deck"])

    density_row = _row(DensityRow, {"zombies": _zombie_counts}, {},
                       lambda lo, hi, v: DensityRow(lo, hi, v["id"], v["name"], v["text"], v["zombies"]))
    hazard_row = _row(HazardRow, {"ambient_heat_change": integer(-5, 5), "doom_length_change": integer(-10, 10),
                                  "add_doom_events": _space_events, "add_events": _menu(tables),
                                  "finale": ref("events", "event"), "noise_bonus": integer(*NOISE_RANGE)},
                      {"ambient_heat_change": 0, "doom_length_change": 0, "add_doom_events": MappingProxyType({}),
                       "add_events": (), "finale": "", "noise_bonus": 0},
                      lambda lo, hi, v: HazardRow(lo, hi, v["id"], v["name"], v["text"], v["ambient_heat_change"],
                                                  v["doom_length_change"], v["add_doom_events"], v["add_events"],
                                                  v["finale"], v["noise_bonus"]))

    def styles(ctx: Ctx, v: object, where: str) -> object:
        if not isinstance(v, list) or not v or not all(isinstance(s, str) and s.strip() for s in v):
            ctx.add(where, f"must be a non-empty list of map styles (street, tarmac...), got {v!r}")
            return BAD
        return tuple(v)

    def map_tunings(ctx: Ctx, v: object, where: str) -> object:
        if not isinstance(v, dict):
            ctx.add(where, f"must be a mapping of map id -> its adjustment, got {v!r}")
            return BAD
        out, ok = {}, True
        for map_id, row in v.items():
            at = f"{where}.{map_id}"
            known = ref("maps", "map")(ctx, map_id, at)
            vals = keyed(ctx, row, at, {"ambient_heat_change": integer(-5, 5), "doom_length_change": integer(-10, 10),
                                        "zombies": _zombie_counts, "why": _line},
                         {"ambient_heat_change": 0, "doom_length_change": 0, "zombies": ()})
            if known is BAD or vals is None:
                ok = False
            else:
                out[map_id] = MapTuning(**vals)
        return MappingProxyType(out) if ok else BAD

    checks = {"base": base, "objective": _table("objective", objective_row),
              "environment": _table("environment", environment_row), "default_environment": default_environment,
              "density": _table("density", density_row, {"min_distance": integer(0, 48), "street_styles": styles}),
              "hazard": _table("hazard", hazard_row), "maps": map_tunings}
    vals = keyed(ctx, body, "quickplay", checks, {"maps": MappingProxyType({})})
    if vals is None:
        return None, ctx.problems
    density, extra = vals["density"]
    out = QuickPlayTables(vals["base"], vals["objective"], vals["environment"], vals["default_environment"], density,
                          vals["hazard"], extra["min_distance"], extra["street_styles"], vals["maps"])
    _cross(ctx, out, maps or {})
    return (None if ctx.problems else out), ctx.problems


def _cross(ctx: Ctx, qp: QuickPlayTables, maps: Mapping[str, MapDef]) -> None:
    """Checks between tables, and against the maps."""
    base = qp.base
    if not base.team_min <= base.team_max:
        ctx.add("quickplay.base.team_min", f"team_min {base.team_min} is more than team_max {base.team_max}")
    elif not base.team_min <= len(base.team) <= base.team_max:
        ctx.add("quickplay.base.team", f"the default team has {len(base.team)} survivors, outside team_min.."
                                       f"team_max ({base.team_min}..{base.team_max})")
    for space in base.doom_events:
        if not 2 <= space < base.doom_length:
            ctx.add(f"quickplay.base.doom_events.{space}", f"space {space} is off the track: events go on spaces 2.."
                                                           f"{base.doom_length - 1}")
    for i, row in enumerate(qp.hazard.rows):
        at = f"quickplay.hazard.rows[{i}]"
        length = base.doom_length + row.doom_length_change
        ambient = base.ambient_heat + row.ambient_heat_change
        if not DOOM_RANGE[0] <= length <= DOOM_RANGE[1]:
            ctx.add(f"{at}.doom_length_change", f"makes the Doom track {length} spaces; it must be "
                                                f"{DOOM_RANGE[0]} to {DOOM_RANGE[1]}")
            continue
        if not AMBIENT_RANGE[0] <= ambient <= AMBIENT_RANGE[1]:
            ctx.add(f"{at}.ambient_heat_change", f"makes ambient Heat {ambient}; it must be {AMBIENT_RANGE[0]} to "
                                                 f"{AMBIENT_RANGE[1]}")
        for space in sorted({**base.doom_events, **row.add_doom_events}):
            if not 2 <= space < length:
                where = f"{at}.add_doom_events.{space}" if space in row.add_doom_events else \
                    f"{at}.doom_length_change"
                ctx.add(where, f"Doom space {space} is off a {length}-space track (events go on 2..{length - 1})")
    # A map no environment row names is rolled only with --map, which refuses it in one clear line when it can host
    # no objective (a map with no objective markers and no exit, if no variant fits): only the maps the rows name
    # must fit.
    named = {row.map for row in qp.environment.rows}
    for map_id, mapdef in sorted(maps.items()):
        if map_id in named and not any(row.on(mapdef) for row in qp.objective.rows):
            ctx.add("quickplay.objective.rows", f"map {map_id!r} can host none of these objectives (it has "
                                                f"{len(mapdef.markers_of('objective'))} objective markers and "
                                                f"{'an' if mapdef.markers_of('extract') else 'no'} extraction zone)")
    if ctx.problems:            # a track already wrong is reported once, from the hazard rows
        return
    _cross_maps(ctx, qp, maps)
    shortest = base.doom_length + min(r.doom_length_change for r in qp.hazard.rows)
    longest = base.doom_length + max(r.doom_length_change for r in qp.hazard.rows)
    for i, row in enumerate(qp.objective.rows):
        for k, form in enumerate((row, *row.variants)):
            at = f"quickplay.objective.rows[{i}]" + (f".variants[{k - 1}]" if k else "")
            for j, task in enumerate(form.tasks):
                if task.kind in ("extract", "survive") and task.count > base.team_min:
                    ctx.add(f"{at}.tasks[{j}].count",
                            f"quota {task.count} is more than the base team_min {base.team_min}")
            if not form.doom_length_change:        # the hazard rows' own check covers the base track
                continue
            for length in (shortest + form.doom_length_change, longest + form.doom_length_change):
                if not DOOM_RANGE[0] <= length <= DOOM_RANGE[1]:
                    ctx.add(f"{at}.doom_length_change", f"makes a Doom track of {length} spaces with a hazard; it "
                                                        f"must be {DOOM_RANGE[0]} to {DOOM_RANGE[1]}")
                    break


def _cross_maps(ctx: Ctx, qp: QuickPlayTables, maps: Mapping[str, MapDef]) -> None:
    """A map's adjustment keeps every scenario it can roll (with each hazard) at an ambient Heat that scenarios.yaml
    allows. Its Doom change needs no check: it stops at the shortest and longest tracks allowed (generate)."""
    base = qp.base
    for map_id, tune in qp.maps.items():
        if map_id not in maps:
            continue
        for hazard in qp.hazard.rows:
            ambient = base.ambient_heat + hazard.ambient_heat_change + tune.ambient_heat_change
            if not AMBIENT_RANGE[0] <= ambient <= AMBIENT_RANGE[1]:
                ctx.add(f"quickplay.maps.{map_id}.ambient_heat_change", f"makes ambient Heat {ambient} with "
                        f"{hazard.name}; it must be {AMBIENT_RANGE[0]} to {AMBIENT_RANGE[1]}")
                return


# --- the tables in play --------------------------------------------------------------------------------------------

def tables_of(content: Content) -> QuickPlayTables:
    qp = content.extra.get("quickplay") if content.extra else None
    if qp is None:
        raise ToolError("", "no quick-play tables were loaded (game/data/quickplay.yaml is missing)")
    return qp


def can_host(row: ObjectiveRow, mapdef: MapDef) -> bool:
    """Whether an objective can be played on a map: enough objective markers for its roles, and its zones."""
    markers = len(mapdef.markers_of("objective"))
    roles = row.roles()
    if roles and markers < len(roles):
        return False
    return all(mapdef.markers_of(zone) for zone in row.zones())


def role_markers(mapdef: MapDef) -> dict[str, str]:
    """{'near': marker name, 'far': marker name}: the objective markers nearest to and farthest from the deployment
    zone (distance to the closest deployment cell; ties by name)."""
    deploy = [(m.x, m.y) for m in mapdef.markers_of("deploy")]
    markers = mapdef.markers_of("objective")
    if not markers:
        return {}

    def reach(m) -> float:
        return min((distance(m.x, m.y, x, y) for x, y in deploy), default=0.0)
    ranked = sorted(markers, key=lambda m: (reach(m), m.name))
    return {"near": ranked[0].name, "far": ranked[-1].name}


def _shown(marker: str) -> str:
    return marker.replace("_", " ")


def start_cells(mapdef: MapDef, styles: Sequence[str], min_distance: float) -> list[tuple[int, int]]:
    """Cells where density zombies may start: open ground of a street style, at least `min_distance` from every
    deployment cell and not on or in contact with any marker. Row-major order."""
    deploy = [(m.x, m.y) for m in mapdef.markers_of("deploy")]
    near_marker = {(m.x + dx, m.y + dy) for m in mapdef.markers for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    out = []
    for y in range(mapdef.height):
        for x in range(mapdef.width):
            i = mapdef.index(x, y)
            if mapdef.terrain[i] != "open" or (mapdef.styles and mapdef.styles[i] not in styles):
                continue
            if (x, y) in near_marker:
                continue
            if all(distance(x, y, dx, dy) >= min_distance for dx, dy in deploy):
                out.append((x, y))
    return out


@dataclass(frozen=True)
class TableRoll:
    table: str                    # objective | environment | density | hazard
    dice: str                     # d6 | 2d6
    faces: tuple[int, ...]
    total: int
    rolled: Row                   # the row the dice gave
    row: Row                      # the row used (after reading down, if needed)
    note: str = ""                # why another row was used


@dataclass(frozen=True)
class QuickPlay:
    seed: int | None
    rolls: tuple[TableRoll, ...]
    scenario: ScenarioDef
    map_name: str
    notes: tuple[str, ...] = ()
    board: Board | None = None      # the board generated from tiles, when no hand-built map was asked for

    def as_text(self, content: Content) -> str:
        return render(self, content)

    def roll(self, table: str) -> TableRoll:
        return next(r for r in self.rolls if r.table == table)


def _read_down(table: Table, start: int, fits) -> tuple[int, int]:
    """(row index used, rows read past) from `start`, reading down and wrapping, to the first row that fits."""
    n = len(table.rows)
    for step in range(n):
        i = (start + step) % n
        if fits(table.rows[i]):
            return i, step
    return -1, n


def generate(content: Content, seed: int | None = 0, *, map_id: str | None = None,
             faces: Sequence[int] | None = None, team: Sequence[str] | None = None) -> QuickPlay:
    """Roll the four tables (seeded, or real dice entered as faces: objective d6, environment d6, density, hazard)
    and build the scenario. `map_id` fixes the map (the environment roll then reads down to a row for it)."""
    qp = tables_of(content)
    if map_id is not None:
        lookup(content.maps, map_id, "--map", "map")
    tiles = content.extra.get("tiles") if content.extra else None
    board = generate_board(tiles, seed if seed is not None else 0) if map_id is None and tiles else None
    # one seeded stream: the table rolls first (unless entered), then where the zombies stand
    roller = Roller(seed=seed if seed is not None else 0, faces=faces)
    rng = roller.rng
    raw = {}
    for name in TABLE_ORDER:
        table = qp.table(name)
        got = roller.d6(1 if table.dice == "d6" else 2, f"the {name} roll ({table.dice})")
        raw[name] = (got, sum(got))
    notes = []
    if roller.entered and roller.left:
        notes.append(f"{len(roller.left)} entered face(s) not used: {' '.join(map(str, roller.left))}")

    rolls: dict[str, TableRoll] = {}

    def record(name: str, fits, why: str) -> Row:
        table = qp.table(name)
        faces_, total = raw[name]
        start = table.row_for(total)
        used, skipped = _read_down(table, start, fits)
        if used < 0:
            return None
        note = f"{table.rows[start].name} {why}: read down to {table.rows[used].name}" if skipped else ""
        rolls[name] = TableRoll(name, table.dice, faces_, total, table.rows[start], table.rows[used], note)
        return table.rows[used]

    # environment first: it decides the map the objective must fit
    if map_id is None:
        env = record("environment", lambda r: True, "")
    else:
        env = record("environment", lambda r: r.map == map_id, f"is not on {map_id}")
        if env is None:
            faces_, total = raw["environment"]
            table = qp.environment
            env = qp.default_environment
            rolls["environment"] = TableRoll("environment", table.dice, faces_, total,
                                             table.rows[table.row_for(total)], env,
                                             f"no environment row is for {map_id}: {env.name}")
    mapdef = board.map if board else content.maps[map_id or env.map]
    rolled = record("objective", lambda r: r.on(mapdef) is not None, f"cannot be played on {mapdef.name}")
    if rolled is None:
        raise ToolError("--map", f"{mapdef.name} can host none of the quick-play objectives")
    objective = rolled.on(mapdef)
    if objective is not rolled:
        notes.append(f"{rolled.name} as played on {mapdef.name} (it lacks the markers or zone for the usual "
                     f"tasks): {objective.name}")
    density = record("density", lambda r: True, "")
    hazard = record("hazard", lambda r: True, "")
    tune = qp.maps.get(mapdef.id, MapTuning()) if board is None else MapTuning()
    if tune != MapTuning():
        notes.append(f"on {mapdef.name}: " + tune_text(tune, content))

    # the objective: tasks on the map's markers
    roles = role_markers(mapdef)
    names = {role: _shown(marker) for role, marker in roles.items()}
    tasks, items = [], []
    for t in objective.tasks:
        tasks.append(Task(t.id, t.kind, t.text.format(**names), marker=roles.get(t.marker, "") if t.marker else "",
                          times=t.times, needs_item=t.needs_item, item=t.item, count=t.count, zone=t.zone,
                          rounds=t.rounds))
        for role in t.sources:
            items.append(ObjectiveItem(t.item or t.needs_item, roles[role]))

    # density: zombies on street cells away from the deployment zone
    wanted = [kind for kind, n in (*density.zombies, *tune.zombies) for _ in range(n)]
    cells = start_cells(mapdef, qp.street_styles, qp.min_distance)
    if len(cells) < len(wanted):
        notes.append(f"only {len(cells)} street cells are far enough from the deployment zone: "
                     f"{len(wanted) - len(cells)} zombie(s) left out")
    picked = rng.sample(cells, min(len(cells), len(wanted)))
    zombies = tuple((kind, x, y) for kind, (x, y) in zip(wanted, picked, strict=False))

    # the hazard twist on the base
    base = qp.base
    doom_events = dict(base.doom_events)
    doom_events.update(hazard.add_doom_events)
    length = base.doom_length + hazard.doom_length_change + objective.doom_length_change
    if tune.doom_length_change:     # a map's change stops at the shortest and longest tracks a scenario may have
        length = min(max(length + tune.doom_length_change, DOOM_RANGE[0]), DOOM_RANGE[1])
    doom_events, moved = fit_track(doom_events, length)
    notes += [f"the {content.events[e].name} moves to Doom space {space}: the track is {length} spaces"
              for e, space in moved]
    events = tuple(dict.fromkeys([*base.events, *hazard.add_events]))
    home = next((s for s in content.scenarios.values() if s.map == mapdef.id), None)
    team_ids = tuple(team) if team else base.team
    for aid in team_ids:
        lookup(content.archetypes, aid, "--team", "archetype")
    scenario = ScenarioDef(
        id=f"quickplay_{seed}" if seed is not None else "quickplay",
        name=f"{objective.name}: {env.name}",
        blurb=f"{objective.text} {hazard.text}",
        map=mapdef.id,
        ambient_heat=base.ambient_heat + hazard.ambient_heat_change + tune.ambient_heat_change,
        doom_length=length,
        doom_events=MappingProxyType(dict(sorted(doom_events.items()))),
        finale=hazard.finale or base.finale,
        events=events,
        tasks=tuple(tasks),
        objective_items=tuple(items),
        team=team_ids,
        team_min=min(base.team_min, len(team_ids)),
        team_max=max(base.team_max, len(team_ids)),
        initial_zombies=zombies,
        patrol=board.patrol if board else (home.patrol if home else ()),
        search_deck=env.search_deck,
        noise_bonus=hazard.noise_bonus,
    )
    ordered = tuple(rolls[name] for name in TABLE_ORDER)
    return QuickPlay(seed, ordered, scenario, mapdef.name, tuple(notes), board)


def tune_text(tune: MapTuning, content: Content) -> str:
    """A map's adjustment in words, for the roll's notes."""
    parts = []
    if tune.doom_length_change:
        parts.append(f"Doom track {tune.doom_length_change:+d}")
    if tune.ambient_heat_change:
        parts.append(f"ambient Heat {tune.ambient_heat_change:+d}")
    if tune.zombies:
        parts.append(" and ".join(f"{n} {content.zombies[z].name}{'s' if n > 1 else ''}" for z, n in tune.zombies)
                     + " more at the start")
    return ", ".join(parts) + (f" ({tune.why})" if tune.why else "")


def fit_track(events: Mapping[int, str], length: int) -> tuple[dict[int, str], list[tuple[str, int]]]:
    """Doom events on a track of `length` spaces: an event past space length - 1 (a short track: a quick objective,
    Running Late) moves to the last free space before the end, so the track keeps all its events while there is
    room (events sit on spaces 2 .. length - 1). Returns (space -> event, [(event, new space)])."""
    kept = {space: e for space, e in events.items() if 2 <= space < length}
    moved = []
    for space, e in sorted(events.items()):
        if space < length:
            continue
        free = next((x for x in range(length - 1, 1, -1) if x not in kept), None)
        if free is not None:
            kept[free] = e
            moved.append((e, free))
    return dict(sorted(kept.items())), moved


def playable(content: Content, q: QuickPlay) -> Content:
    """The content with the quick-play scenario (and its generated board) added, so a Session, a save or the board
    screen can start it by id."""
    maps = {**content.maps, q.board.map.id: q.board.map} if q.board else content.maps
    return dataclasses.replace(content, scenarios=MappingProxyType({**content.scenarios, q.scenario.id: q.scenario}),
                               maps=MappingProxyType(dict(maps)))


def content_for(content: Content, scenario_id: object, map_id: str | None = None) -> Content:
    """The content a game of `scenario_id` needs: a quick-play id `quickplay_<seed>` is rolled again from its seed
    (the same scenario on the same board, or on the hand-built map `map_id`) and added; anything else leaves the
    content as it is."""
    prefix = "quickplay_"
    if not isinstance(scenario_id, str) or scenario_id in content.scenarios or not scenario_id.startswith(prefix):
        return content
    digits = scenario_id[len(prefix):]
    if not digits.isdigit() or len(digits) > 12:
        return content
    try:
        q = generate(content, int(digits), map_id=map_id)
    except (ToolError, ContentError, ValueError, KeyError):
        return content
    return playable(content, q) if q.scenario.id == scenario_id else content


# --- output ----------------------------------------------------------------------------------------------------------

def _roll_text(r: TableRoll) -> str:
    dice = f"{r.dice} = {r.total}" if len(r.faces) == 1 else f"{r.dice} = {'+'.join(map(str, r.faces))} = {r.total}"
    return dice


def render(q: QuickPlay, content: Content) -> str:
    s = q.scenario
    seed = f"seed {q.seed}" if q.seed is not None else "entered dice"
    lines = [f"Quick-play scenario ({seed})"]
    for r in q.rolls:
        extra = ""
        if r.table == "environment":
            extra = f" (board from tiles, seed {q.board.seed})" if q.board else f" (map: {q.map_name})"
        elif r.table == "density":
            extra = ": " + ", ".join(f"{n} {content.zombies[z].name}{'s' if n > 1 else ''}" for z, n in r.row.zombies)
        lines.append(f"  {r.table.capitalize():<12} {_roll_text(r):<16} {r.row.name}{extra}")
        if r.note:
            lines.append(f"  {'':<12} {'':<16} ({r.note})")
    lines.append("")
    lines.append(f"{s.name}   [id {s.id}]")
    lines.append(f"  {s.blurb}")
    team = ", ".join(content.archetypes[a].name for a in s.team)
    lines.append(f"  Map: {s.map} ({q.map_name})   Team: {team} ({s.team_min}-{s.team_max} survivors)")
    lines.append("  Objective:")
    for i, task in enumerate(s.tasks, 1):
        lines.append(f"    {i}. {task.text}")
    if s.objective_items:
        lines.append("  Objective items: " + ", ".join(f"{content.gear_name(o.item)} at the {_shown(o.marker)}"
                                                      for o in s.objective_items))
    if s.initial_zombies:
        lines.append("  Starting zombies, besides the map's own: " +
                     ", ".join(f"{content.zombies[k].name} ({x}, {y})" for k, x, y in s.initial_zombies))
    doom = ", ".join(f"{space}: {content.events[e].name}" for space, e in s.doom_events.items())
    lines.append(f"  Ambient Heat {s.ambient_heat}   Doom track {s.doom_length} spaces   Doom events: {doom}   "
                 f"Finale: {content.events[s.finale].name}")
    lines.append("  The Director may buy: " + ", ".join(content.events[e].name for e in s.events))
    jackpot = "draw two Core cards, keep one" if s.search_deck in ("", "core") else content.decks[s.search_deck].name
    lines.append(f"  Jackpot on a plain search token: {jackpot}")
    for note in q.notes:
        lines.append(f"  Note: {note}")
    if q.board:
        lines.append(describe(q.board))
    return "\n".join(lines)


def scenario_json(s: ScenarioDef) -> dict:
    return {
        "id": s.id, "name": s.name, "blurb": s.blurb, "map": s.map, "ambient_heat": s.ambient_heat,
        "doom_length": s.doom_length, "doom_events": {str(k): v for k, v in s.doom_events.items()},
        "finale": s.finale, "events": list(s.events),
        "tasks": [{k: v for k, v in vars(t).items() if v not in ("", None)} for t in s.tasks],
        "objective_items": [{"item": o.item, "marker": o.marker} for o in s.objective_items],
        "team": list(s.team), "team_min": s.team_min, "team_max": s.team_max,
        "initial_zombies": [{"zombie": k, "at": [x, y]} for k, x, y in s.initial_zombies],
        "patrol": [list(p) for p in s.patrol], "search_deck": s.search_deck,
    }


def to_json(q: QuickPlay) -> dict:
    return {
        "seed": q.seed,
        "rolls": [{"table": r.table, "dice": r.dice, "faces": list(r.faces), "total": r.total,
                   "rolled": r.rolled.id, "row": r.row.id, "name": r.row.name, "note": r.note or None}
                  for r in q.rolls],
        "scenario": scenario_json(q.scenario),
        "notes": list(q.notes),
        "board": ({"seed": q.board.seed, "tiles": [{"tile": p.tile, "col": p.col, "row": p.row,
                                                     "turned": 90 * p.turns} for p in q.board.placed]}
                  if q.board else None),
    }


def content_with_scenario(scenario: str):
    """The content and 0, with a quick-play id (quickplay_<seed>) rolled again from its seed; else None and an exit
    code after one clear line."""
    from game.content.loader import content_with_scenario as load
    from game.content.loader import load_content_or_report

    if scenario.startswith("quickplay_"):
        content = load_content_or_report()
        if content is None:
            return None, 1
        content = content_for(content, scenario)
        if scenario in content.scenarios:
            return content, 0
    return load(scenario)
