"""Loading the game's content: every YAML file read, checked and cross-checked once, then frozen.

    load_content()          -> Content (cached), or ContentError listing every problem found
    load_content(overrides=((stem, path, value), ...))  -> the same with numbers of the data files changed first
                               (a balance sweep), validated like any content
    validate_paths(paths)   -> problems of the named files (a map, or a data file by its name) or of all

Data files live in <root>/game/data, maps in <root>/maps, map tiles in <root>/maps/tiles (game.content.tiles;
loaded into Content.extra["tiles"] for the quick-play boards). Maps and the legend are parsed by game.content.maps,
the scenario file's structure by game.content.scenarios; this module checks how the files refer to each other.
"""
from __future__ import annotations

import copy
import functools
import importlib
import importlib.util
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType, ModuleType

from game.content import cache as content_cache
from game.content.defs import MARKER_KINDS, Content, MapDef, ScenarioDef
from game.content.errors import ContentError, Problem
from game.content.maps import BLOCKED, load_legend
from game.content.tiles import TileSet, generate_board, is_tile_file, load_tiles, tile_map
from game.content.validate import ONE, TABLES, declared_ids, hint, parse_table
from game.content.yamlio import read_yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
# data files checked by the module that uses them (the tabletop tools, the Director AI): file stem -> module whose
# parse_tables checks it; a sound file ends up in Content.extra under its stem
TOOL_TABLES = {"quickplay": "game.tools.quickplay", "director": "game.ai.director_levels",
               "survivor_ai": "game.ai.survivor_levels", "agendas": "game.world.agendas",
               "campaign": "game.campaign.tables", "sounds": "game.content.sounds"}
DATA_NAMES = (*TABLES, "legend", "scenarios", *TOOL_TABLES)   # file stems in game/data, each with its own schema


def _shown(path: Path) -> Path:
    """The path as messages show it: relative to the working directory when it lies below it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return path


def _module(name: str, file: str, problems: list[Problem]) -> ModuleType | None:
    """A sibling module written by another engineer; absent is fine, broken is a problem."""
    if importlib.util.find_spec(name) is None:
        return None
    try:
        return importlib.import_module(name)
    except Exception as exc:  # a broken module must not crash the validator
        problems.append(Problem(file, "file", f"cannot be checked, {name} fails to import: {exc}"))
        return None


def _guarded(file: str, problems: list[Problem], fn, *args):
    """Call another module's parser, turning its ContentError (or a crash) into problems."""
    try:
        return fn(*args)
    except ContentError as exc:
        problems.extend(exc.problems)
    except Exception as exc:  # report, never a traceback
        problems.append(Problem(file, "file", f"could not be checked: {type(exc).__name__}: {exc}"))
    return None


# --- one full check ----------------------------------------------------------------------------------------

# A change to a data file before it is checked: (file stem, path of keys and list indexes into its YAML, new value).
Override = tuple[str, tuple[str | int, ...], object]


def _read(sources: Mapping[str, Path], name: str, overrides: Iterable[Override]) -> tuple[object, list[Problem]]:
    """One data file's YAML with the overrides of that file applied (on a copy: nothing is written back)."""
    data, problems = read_yaml(sources[name])
    mine = [(path, value) for stem, path, value in overrides if stem == name]
    if problems or not mine:
        return data, problems
    data = copy.deepcopy(data)
    for path, value in mine:
        node = data
        for key in path[:-1]:
            node = _child(node, key)
        if _child(node, path[-1]) is _MISSING:
            return None, [Problem(str(sources[name]), ".".join(map(str, path)), "no such field to override")]
        node[path[-1]] = value
    return data, []


_MISSING = object()


def _child(node: object, key: str | int) -> object:
    if isinstance(node, dict) and key in node:
        return node[key]
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        return node[key]
    return _MISSING


def _check(sources: Mapping[str, Path], map_paths: Iterable[Path],
           overrides: tuple[Override, ...] = ()) -> tuple[Content | None, list[Problem]]:
    """Read, check and cross-check everything; Content only when there were no problems at all."""
    problems: list[Problem] = []
    raw: dict[str, object] = {}
    readable: set[str] = set()
    for name in TABLES:
        data, more = _read(sources, name, overrides)
        problems += more
        raw[name] = data
        if not more:
            readable.add(name)

    # declared ids first, so references are checked in the same pass (and a broken record does not
    # also turn every mention of it into an "unknown id" problem)
    known: dict[str, set[str] | None] = {name: declared_ids(raw[name], name) for name in ONE}
    gear = [known["weapons"], known["items"], known["hazards"]]
    known["gear"] = None if None in gear else set().union(*gear)

    tables: dict[str, object] = {}
    for name in TABLES:
        if name in readable:
            tables[name], more = parse_table(name, raw[name], str(sources[name]), known)
            problems += more

    map_paths = list(map_paths)
    tile_paths = [p for p in map_paths if is_tile_file(p)]
    maps, map_ids = _load_maps(sources["legend"], [p for p in map_paths if not is_tile_file(p)], problems)
    scenarios, known["scenarios"] = _load_scenarios(sources, overrides, problems)
    known["maps"] = map_ids

    problems += _cross(tables, known, maps, scenarios, {n: str(p) for n, p in sources.items()})
    extra = _load_tool_tables(sources, known, tables, maps, problems, overrides)
    if tile_paths:
        tiles = _load_tiles(sources["legend"], tile_paths, known, problems)
        if tiles is not None:
            extra["tiles"] = tiles
    if problems:
        return None, problems
    frozen = {name: MappingProxyType(dict(tables[name])) for name in ONE}
    return Content(rules=tables["rules"], scenarios=MappingProxyType(scenarios), maps=MappingProxyType(maps),
                   extra=MappingProxyType(extra), **frozen), []


def _load_maps(legend_path: Path, map_paths: list[Path],
               problems: list[Problem]) -> tuple[dict[str, MapDef], set[str]]:
    maps: dict[str, MapDef] = {}
    map_ids = {p.stem for p in map_paths}   # a map's id is its file name, even when the map is broken
    mod = _module("game.content.maps", str(legend_path), problems)
    if mod is None:
        if map_paths and importlib.util.find_spec("game.content.maps") is None:
            problems.append(Problem(str(map_paths[0]), "file", "cannot be checked without game.content.maps"))
        return maps, map_ids
    legend = _guarded(str(legend_path), problems, mod.load_legend, legend_path)
    if legend is None:
        return maps, map_ids
    for path in map_paths:
        mapdef = _guarded(str(path), problems, mod.parse_map, path, legend)
        if mapdef is None:
            continue
        if mapdef.id in maps:
            problems.append(Problem(str(path), "id", f"map id {mapdef.id!r} is used by another map file too"))
        maps[mapdef.id] = mapdef
    return maps, map_ids


def _load_tiles(legend_path: Path, paths: list[Path], known: Mapping[str, set[str] | None],
                problems: list[Problem]) -> TileSet | None:
    """The map tiles (maps/tiles/*.yaml) for generated boards, checked once here; one board is built as a check
    that the tiles still fit together."""
    legend = _guarded(str(legend_path), [], load_legend, legend_path)
    if legend is None:
        return None
    tiles, more = load_tiles(paths, legend)
    decks = known.get("decks")
    for tile in tiles.tiles.values():
        for m in tile_map(tile).markers:
            if m.deck and decks is not None and m.deck not in decks:
                more.append(Problem(tile.source, f"row {m.y + 1}, column {m.x + 1}",
                                    f"unknown deck {m.deck!r}{hint(m.deck, decks)}"))
    problems += more
    if more:
        return None
    board = _guarded(str(paths[0].parent), problems, generate_board, tiles, 1, legend)
    return tiles if board is not None else None


def _load_tool_tables(sources: Mapping[str, Path], known: Mapping[str, set[str] | None],
                      tables: Mapping[str, object], maps: Mapping[str, MapDef],
                      problems: list[Problem], overrides: tuple[Override, ...]) -> dict[str, object]:
    """The tools' own tables: optional files, each checked by its tool's parse_tables against the content."""
    out: dict[str, object] = {}
    for name, module in TOOL_TABLES.items():
        path = sources[name]
        if not Path(path).exists():
            continue
        mod = _module(module, str(path), problems)
        if mod is None:
            continue
        data, more = _read(sources, name, overrides)
        problems += more
        found = None if more else _guarded(str(path), problems, mod.parse_tables, data, str(path), known, tables,
                                           maps)
        if found is None:
            continue
        table, more = found
        problems += more
        if table is not None:
            out[name] = table
    return out


def _load_scenarios(sources: Mapping[str, Path], overrides: tuple[Override, ...],
                    problems: list[Problem]) -> tuple[dict[str, ScenarioDef], set[str] | None]:
    """The scenarios, and the ids the file declares (a broken scenario's id too). Structure is
    game.content.scenarios' job; the cross references are checked in _cross."""
    path = sources["scenarios"]
    mod = _module("game.content.scenarios", str(path), problems)
    if mod is None:
        return {}, None
    data, more = _read(sources, "scenarios", overrides)
    problems += more
    declared = declared_ids(data, "scenarios")
    found = None if more else _guarded(str(path), problems, mod.parse_scenarios, data, str(path))
    if found is None:
        return {}, declared
    scenarios, more = found
    problems += more
    return dict(scenarios), declared


# --- cross checks between files ----------------------------------------------------------------------------

def _cross(tables: Mapping[str, object], known: Mapping[str, set[str] | None], maps: Mapping[str, MapDef],
           scenarios: Mapping[str, ScenarioDef], files: Mapping[str, str]) -> list[Problem]:
    """Checks that need finished records of two files. Records that failed their own checks are skipped."""
    out: list[Problem] = []
    rules = tables.get("rules")
    get = {name: tables.get(name) or {} for name in ONE}
    items, zombies, events = get["items"], get["zombies"], get["events"]

    def bad(name: str, where: str, message: str) -> None:
        out.append(Problem(files[name], where, message))

    for a, b in (("weapons", "items"), ("weapons", "hazards"), ("items", "hazards")):
        for gid in sorted((known[a] or set()) & (known[b] or set())):
            bad(b, f"{b}.{gid}", f"{gid!r} is also a {a[:-1]} id; decks could not tell the cards apart")

    objective = {i for i, d in items.items() if d.kind == "objective"}
    for aid, arch in get["archetypes"].items():
        at = f"archetypes.{aid}"
        for i, iid in enumerate(arch.items):
            if iid in objective:
                bad("archetypes", f"{at}.items[{i}]", f"{iid!r} is an objective item; scenarios place those")
        # numbers of records that failed their own checks are unknown: skip rather than guess
        if rules is not None and all(i in items for i in arch.items):
            room = rules.inventory + sum(items[i].capacity for i in arch.items)
            if len(arch.items) > room:
                bad("archetypes", f"{at}.items", f"{len(arch.items)} items do not fit in {room} slots")
        weapons = get["weapons"]
        if arch.reloads and all(w in weapons for w in arch.weapons) \
                and not any(weapons[w].kind == "firearm" for w in arch.weapons):
            bad("archetypes", f"{at}.reloads", "Reload tokens are useless without a starting firearm")

    for did, deck in get["decks"].items():
        for cid in sorted(set(deck.cards) & objective):
            bad("decks", f"decks.{did}.cards.{cid}", "objective items are placed by scenarios, not in decks")

    if rules is not None:
        for zid, z in zombies.items():
            if z.slots > rules.engagement_slots:
                bad("zombies", f"zombies.{zid}.slots",
                    f"more than the {rules.engagement_slots} a survivor has")
        for eid, ev in events.items():
            if ev.cost > rules.heat_max:
                bad("events", f"events.{eid}.cost", f"more than the Heat track holds ({rules.heat_max})")
    for eid, ev in events.items():
        for i, eff in enumerate(ev.effects):
            z = zombies.get(eff.zombie)
            if eff.kind == "spawn" and z is not None and z.zclass == "major" and eff.where != "major":
                bad("events", f"events.{eid}.effects[{i}].where",
                    f"a {z.name} only enters at major spawn points")

    for mapdef in maps.values():
        for m in mapdef.markers:
            where = f"row {m.y + 1}, column {m.x + 1}"
            if m.kind == "search" and m.deck and known["decks"] is not None and m.deck not in known["decks"]:
                message = f"unknown deck {m.deck!r}{hint(m.deck, known['decks'])}"
                out.append(Problem(mapdef.source, where, message))
            if m.kind == "zombie" and known["zombies"] is not None and m.name not in known["zombies"]:
                out.append(Problem(mapdef.source, where, f"unknown zombie {m.name!r}"))

    for sid, scen in scenarios.items():
        out += _cross_scenario(scen, f"scenarios.{sid}", files["scenarios"], known, maps, items, events)
    return out


def _cross_scenario(scen: ScenarioDef, at: str, file: str, known: Mapping[str, set[str] | None],
                    maps: Mapping[str, MapDef], items: Mapping, events: Mapping) -> list[Problem]:
    out: list[Problem] = []

    def ref(table: str, value: str, where: str, noun: str) -> bool:
        ids = known.get(table)
        if ids is None or value in ids:
            return True
        out.append(Problem(file, where, f"unknown {noun} {value!r}{hint(value, ids)}"))
        return False

    mapdef = maps.get(scen.map) if ref("maps", scen.map, f"{at}.map", "map") else None
    objectives = {m.name for m in mapdef.markers_of("objective")} if mapdef else None

    def marker(name: str, where: str) -> None:
        if objectives is not None and name not in objectives:
            out.append(Problem(file, where, f"map {scen.map!r} has no objective marker {name!r}"
                                            f"{hint(name, objectives)}"))

    def cell(x: int, y: int, where: str) -> None:
        if mapdef is None:
            return
        if not (0 <= x < mapdef.width and 0 <= y < mapdef.height):
            out.append(Problem(file, where, f"({x}, {y}) is off the {mapdef.width}x{mapdef.height} map"))
        elif mapdef.kind_at(x, y) in BLOCKED:
            out.append(Problem(file, where, f"({x}, {y}) is {mapdef.kind_at(x, y)}, nothing can stand there"))

    for space, eid in scen.doom_events.items():
        ref("events", eid, f"{at}.doom_events.{space}", "event")
    ref("events", scen.finale, f"{at}.finale", "event")
    for i, eid in enumerate(scen.events):
        if ref("events", eid, f"{at}.events[{i}]", "event") and eid in events and events[eid].cost == 0:
            out.append(Problem(file, f"{at}.events[{i}]",
                               f"{eid!r} costs 0: it can only sit on the Doom track"))
    for i, task in enumerate(scen.tasks):
        where = f"{at}.tasks[{i}]"
        if task.marker:
            marker(task.marker, f"{where}.marker")
        if task.needs_item:
            ref("items", task.needs_item, f"{where}.needs_item", "item")
        for item in task.wants if task.kind == "deliver" else ():
            field_at = f"{where}.items" if task.items else f"{where}.item"
            if ref("items", item, field_at, "item") and item in items and items[item].kind != "objective":
                out.append(Problem(file, field_at, f"{item!r} is not an objective item"))
        if task.reveals:
            ref("archetypes", task.reveals, f"{where}.reveals", "archetype")
        revealed = {t.reveals for t in scen.tasks[:i] if t.reveals}
        archetype_ids = known.get("archetypes")
        sound = archetype_ids is None or revealed <= archetype_ids      # (a bad reveal is reported once, above)
        if task.escort and ref("archetypes", task.escort, f"{where}.escort", "archetype") and sound and \
                task.escort not in scen.team and task.escort not in revealed:
            out.append(Problem(file, f"{where}.escort", f"{task.escort!r} is neither on the team nor revealed by an "
                                                        f"earlier task"))
        if task.kind in ("deliver", "extract", "hold"):
            if task.zone not in MARKER_KINDS:
                out.append(Problem(file, f"{where}.zone", f"{task.zone!r} is not a marker kind"))
            elif mapdef is not None and not mapdef.markers_of(task.zone):
                out.append(Problem(file, f"{where}.zone", f"map {scen.map!r} has no {task.zone} cells"))
    for i, obj in enumerate(scen.objective_items):
        where = f"{at}.objective_items[{i}]"
        if ref("items", obj.item, f"{where}.item", "item") and obj.item in items \
                and items[obj.item].kind != "objective":
            out.append(Problem(file, f"{where}.item", f"{obj.item!r} is not an objective item"))
        marker(obj.marker, f"{where}.marker")
    for i, aid in enumerate(scen.team):
        ref("archetypes", aid, f"{at}.team[{i}]", "archetype")
    for i, (zid, x, y) in enumerate(scen.initial_zombies):
        ref("zombies", zid, f"{at}.initial_zombies[{i}].zombie", "zombie")
        cell(x, y, f"{at}.initial_zombies[{i}].at")
    if mapdef is not None:
        out += [Problem(file, f"{at}.{where}", message) for where, message in _placements(scen, mapdef)]
    for i, (x, y) in enumerate(scen.patrol):
        cell(x, y, f"{at}.patrol[{i}]")
    if scen.search_deck:
        ref("decks", scen.search_deck, f"{at}.search_deck", "deck")
    return out


def _placements(scen: ScenarioDef, mapdef: MapDef) -> list[tuple[str, str]]:
    """(where, why) for set-ups the game could not lay out: more survivors than deployment cells, a starting
    zombie on a deployment cell or on a cell another model already holds."""
    out = []
    deploy = {(m.x, m.y) for m in mapdef.markers_of("deploy")}
    if scen.team_max > len(deploy):
        out.append(("team_max", f"{scen.team_max} survivors, but map {scen.map!r} has only {len(deploy)} "
                                f"deployment cells"))
    held = {(m.x, m.y): "a zombie the map places" for m in mapdef.markers_of("zombie")}
    for i, (_, x, y) in enumerate(scen.initial_zombies):
        if (x, y) in deploy:
            out.append((f"initial_zombies[{i}].at", f"({x}, {y}) is a deployment cell: a survivor starts there"))
        elif (x, y) in held:
            out.append((f"initial_zombies[{i}].at", f"({x}, {y}) is already taken by {held[x, y]}"))
        held[x, y] = f"initial_zombies[{i}]"
    return out


# --- public entry points -----------------------------------------------------------------------------------

def _root_sources(root: Path) -> tuple[dict[str, Path], list[Path]]:
    data = root / "game" / "data"
    sources = {name: _shown(data / f"{name}.yaml") for name in DATA_NAMES}
    maps = sorted((root / "maps").glob("*.yaml")) + sorted((root / "maps" / "tiles").glob("*.yaml"))
    return sources, [_shown(p) for p in maps]


def load_content(root: Path | None = None, overrides: tuple[Override, ...] = ()) -> Content:
    """Everything, validated and frozen, with the overrides applied to the data files first. Raises ContentError
    with every problem found."""
    return _load_root((Path(root) if root is not None else REPO_ROOT).resolve(), tuple(overrides))


def load_content_or_report() -> Content | None:
    """The validated content, or None after printing one line per problem on stderr (for the commands)."""
    try:
        return load_content()
    except ContentError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return None


def content_with_scenario(scenario: str) -> tuple[Content | None, int]:
    """(content, 0) when the content loads and knows the scenario; else (None, exit code) after one clear line."""
    content = load_content_or_report()
    if content is None:
        return None, 1
    if scenario not in content.scenarios:
        print(f"error: unknown scenario '{scenario}' (known: {', '.join(content.scenarios)})", file=sys.stderr)
        return None, 2
    return content, 0


@functools.lru_cache(maxsize=16)     # a sweep's worker takes cells one after the other, a few contents at a time
def _load_root(root: Path, overrides: tuple[Override, ...]) -> Content:
    # only successes are cached: a failed load raises and is retried after the files are fixed
    kept = root == REPO_ROOT and not overrides      # the game's own files, as shipped: kept between runs
    if kept and (content := content_cache.read(root)) is not None:
        return content
    content, problems = _check(*_root_sources(root), overrides)
    if problems:
        raise ContentError(problems)
    assert content is not None
    if kept:
        content_cache.write(root, content)
    return content


def validate_report(paths: Iterable[Path | str] = (), check_lessons=None) -> tuple[list[Problem], int]:
    """(problems, number of files checked) for `validate_paths`. `check_lessons(content, folder)` checks the
    tutorial's lessons too (the tutorial sits above content, so the caller hands it in)."""
    given = [str(p) for p in paths]
    problems: list[Problem] = [Problem(repr(p), "path", "is empty: name a file or a folder (no path at all checks "
                                                         "everything)") for p in given if not p.strip()]
    paths = [Path(p) for p in given if p.strip()]
    if not given:
        paths = [REPO_ROOT]
    named: list[Path] = []
    count = 0
    for path in paths:
        if check_lessons is not None and _holds_lessons(path):
            found, checked = _lesson_problems(path, check_lessons)
            problems += found
            count += checked
        elif path.is_dir() and (path / "game" / "data").is_dir():
            sources, maps = _root_sources(path)
            content, found = _check(sources, maps)
            problems += found
            count += sum(p.exists() for p in sources.values()) + len(maps)
            lessons = path / "game" / "data" / "tutorial"
            if content is not None and lessons.is_dir() and check_lessons is not None:   # lessons are content too
                problems += check_lessons(content, lessons)[1]
                count += len(list(lessons.glob("*.yaml")))
        elif path.is_dir():
            files = sorted(path.glob("*.yaml"))
            if not files:
                problems.append(Problem(str(path), "directory", "holds no .yaml files"))
            named += files
        elif not path.exists():
            problems.append(Problem(str(path), "file", "missing: no such file"))
        else:
            named.append(path)
    if named:
        problems += _check_named(named)
        count += len(named)
    return problems, count


def _holds_lessons(path: Path) -> bool:
    """A tutorial folder, or a lesson file in one (game/data/tutorial/NN_id.yaml)."""
    return path.name == "tutorial" and path.is_dir() or path.parent.name == "tutorial" and path.suffix == ".yaml"


def _lesson_problems(path: Path, check_lessons) -> tuple[list[Problem], int]:
    """The problems of a lesson file (checked with the others of its folder, which it must not clash with), or of
    every lesson of a tutorial folder, against the repo's content; and how many files that was."""
    content, problems = _check(*_root_sources(REPO_ROOT))
    if content is None:
        return problems, 0
    folder = path if path.is_dir() else path.parent
    problems = check_lessons(content, folder)[1]
    if path.is_dir():
        return problems, len(list(folder.glob("*.yaml")))
    if not path.exists():
        return [Problem(str(path), "file", "missing: no such file")], 0
    return [p for p in problems if Path(p.file).resolve() == path.resolve()], 1


def validate_paths(paths: Iterable[Path | str] = ()) -> list[Problem]:
    """Problems of the named files (a data file by its name's schema, anything else as a map), checked
    together with the repo's other content. A directory holding game/data, or no paths, checks everything."""
    return validate_report(paths)[0]


def _check_named(named: list[Path]) -> list[Problem]:
    """Swap the named files in for the repo's own, then report their problems and any they cause elsewhere."""
    sources, maps = _root_sources(REPO_ROOT)
    before = set(_check(sources, maps)[1])
    shown = {str(p) for p in named}
    for path in named:
        if path.stem in DATA_NAMES:
            sources[path.stem] = path
        else:
            maps = [m for m in maps if (m.stem, is_tile_file(m)) != (path.stem, is_tile_file(path))] + [path]
    return [p for p in _check(sources, maps)[1] if p.file in shown or p not in before]
