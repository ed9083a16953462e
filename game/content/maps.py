"""Map files: ASCII rows read through a legend into a frozen MapDef.

A map is a YAML file with `id`, `name` and `rows` (row 0 is the north edge, one character per one-inch cell),
plus optional `spawn_names`, `objectives` and a per-map `legend` that adds to or overrides the default legend
(game/data/legend.yaml).
Messages count rows and columns from 1, the way a person reads the file; MapDef coordinates count from 0.

    python -m game.content.maps maps/harbor_road.yaml      # print a map with its markers, to eyeball it
"""
from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from game.content.defs import MARKER_KINDS, TERRAIN_KINDS, MapDef, Marker
from game.content.errors import ContentError, Problem
from game.content.yamlio import read_yaml

MIN_SIZE = 48
MAX_SIZE = 128           # a game's time and memory grow with the cells squared: 1000x1000 took 89 s and 2 GB
BLOCKED = ("wall", "heavy")     # no model can stand there; every other cell can be walked to (doors open)
CORNER_BLOCKERS = (*BLOCKED, "door")    # base contact never reaches round their corners
MAP_KEYS = ("id", "name", "rows", "spawn_names", "objectives", "legend")
LEGEND_KEYS = ("terrain", "style", "marker", "deck", "open", "name")
SPAWN_KINDS = ("spawn_minor", "spawn_major")
AUTO_STYLE = "auto"     # a legend style meaning "look like the ground around it" (markers on any ground)
DEFAULT_LEGEND = Path(__file__).resolve().parent.parent / "data" / "legend.yaml"

_COMPASS = (("North-west", "North", "North-east"),
            ("West", "Centre", "East"),
            ("South-west", "South", "South-east"))


def check_legend(data: object, file: str, where: str = "legend") -> tuple[dict[str, dict], list[Problem]]:
    """Validate legend entries (char -> fields). Returns the entries with every field filled in."""
    problems: list[Problem] = []

    def add(at: str, message: str) -> None:
        problems.append(Problem(file, at, message))

    if data is None:
        return {}, problems
    if not isinstance(data, dict):
        return {}, [Problem(file, where, "must be a mapping of character -> {terrain, style, ...}")]
    legend: dict[str, dict] = {}
    for char, entry in data.items():
        at = f"{where} {char!r}"
        if not isinstance(char, str) or len(char) != 1:
            add(at, "a legend key must be a single character (quote it)")
            continue
        if char in "\" \t\\":
            add(at, "this character cannot be used on a map")
            continue
        if not isinstance(entry, dict):
            add(at, "must be a mapping with at least `terrain`")
            continue
        for key in entry:
            if key not in LEGEND_KEYS:
                add(at, f"unknown key {key!r} (known: {', '.join(LEGEND_KEYS)})")
        terrain = entry.get("terrain")
        if terrain not in TERRAIN_KINDS:
            add(at, f"terrain {terrain!r} is not one of {', '.join(TERRAIN_KINDS)}")
        marker = entry.get("marker", "")
        if marker and marker not in MARKER_KINDS:
            add(at, f"marker {marker!r} is not one of {', '.join(MARKER_KINDS)}")
        allowed = ("open", "difficult", "heavy") if marker == "search" else ("open", "difficult")
        if marker and terrain not in allowed:
            add(at, f"a {marker} marker cannot stand on {terrain} terrain")
        for key in ("style", "deck", "name"):
            if not isinstance(entry.get(key, ""), str):
                add(at, f"{key} must be a string")
        if entry.get("deck") and marker != "search":
            add(at, "deck is only for search markers")
        is_open = entry.get("open", False)
        if not isinstance(is_open, bool):
            add(at, "open must be true or false")
        elif is_open and terrain != "door":
            add(at, "open is only for doors")
        legend[char] = {
            "terrain": terrain,
            "style": str(entry.get("style") or terrain),
            "marker": marker or "",
            "deck": str(entry.get("deck") or ""),
            "open": is_open is True,
            "name": str(entry.get("name") or ""),
        }
    return legend, problems


def load_legend(path: Path = DEFAULT_LEGEND) -> dict[str, dict]:
    """Read and validate the default legend; raises ContentError listing every problem."""
    data, problems = read_yaml(path)
    legend: dict[str, dict] = {}
    if not problems:
        legend, problems = check_legend(data, str(path))
        if not legend and not problems:
            problems = [Problem(str(path), "legend", "the legend is empty")]
    if problems:
        raise ContentError(problems)
    return legend


# --- maps ---------------------------------------------------------------------------------------------------

def compass_name(x: int, y: int, width: int, height: int) -> str:
    """Which ninth of the board a cell lies in: 'North-west', 'Centre', ..."""
    col = 0 if 3 * x < width else (2 if 3 * x >= 2 * width else 1)
    row = 0 if 3 * y < height else (2 if 3 * y >= 2 * height else 1)
    return _COMPASS[row][col]


def _default_spawn_names(cells: list[tuple[int, int, str]], width: int, height: int) -> list[str]:
    names = [f"{compass_name(x, y, width, height)} {'major ' if kind == 'spawn_major' else ''}spawn"
             for x, y, kind in cells]
    counts = Counter(names)
    seen: Counter = Counter()
    out = []
    for name in names:
        if counts[name] > 1:
            seen[name] += 1
            name = f"{name} {seen[name]}"
        out.append(name)
    return out


def _fill_auto_styles(styles: list[str], terrain: list[str], width: int, height: int) -> None:
    """`style: auto` cells (markers) take the look of the ground around them: the commonest style among
    their open or difficult neighbours that are not auto themselves (first seen wins a tie), else floor (open
    ground walled in all round is a small room) or their terrain kind."""
    for i, style in enumerate(styles):
        if style != AUTO_STYLE:
            continue
        x, y = i % width, i // width
        around: Counter = Counter()
        for dy, dx in ((-1, 0), (0, -1), (0, 1), (1, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height:
                j = ny * width + nx
                if styles[j] != AUTO_STYLE and terrain[j] in ("open", "difficult"):
                    around[styles[j]] += 1
        # nothing open around it: a one-cell room (a kiosk, a booth), so it is indoors
        styles[i] = around.most_common(1)[0][0] if around else ("floor" if terrain[i] == "open" else terrain[i])


def check_head(data: dict, file: str, keys: Sequence[str], legend: dict[str, dict], add
               ) -> tuple[object, object, dict[str, dict]]:
    """The head of a map or tile file: its keys, an id matching the file name, a name, and its own legend entries
    over the shared one. Returns (id, name, legend); problems go to `add(where, message)`."""
    for key in data:
        if key not in keys:
            add(str(key), f"unknown key (known: {', '.join(keys)})")
    file_id, name = data.get("id"), data.get("name")
    if not isinstance(file_id, str) or not file_id:
        add("id", "missing or not a string")
    elif file_id != Path(file).stem:
        add("id", f"{file_id!r} does not match the file name {Path(file).name!r}")
    if not isinstance(name, str) or not name:
        add("name", "missing or not a string")
    local, more = check_legend(data.get("legend"), file)
    for p in more:
        add(p.where, p.message)
    return file_id, name, {**legend, **local}


def check_map(data: object, file: str, legend: dict[str, dict]) -> tuple[MapDef | None, list[Problem]]:
    """Validate parsed map YAML against a legend. Returns (MapDef or None, problems)."""
    if not isinstance(data, dict):
        return None, [Problem(file, "file", "a map must be a mapping with id, name and rows")]
    problems: list[Problem] = []

    def add(where: str, message: str) -> None:
        problems.append(Problem(file, where, message))

    map_id, name, legend = check_head(data, file, MAP_KEYS, legend, add)

    objectives = data.get("objectives") or {}
    if not isinstance(objectives, dict):
        add("objectives", "must be a mapping of character -> objective marker id")
        objectives = {}
    objectives = {str(k): v for k, v in objectives.items()}
    for char, obj_id in objectives.items():
        if legend.get(char, {}).get("marker") != "objective":
            add(f"objectives {char!r}", "this character is not an objective marker")
        if not isinstance(obj_id, str) or not obj_id:
            add(f"objectives {char!r}", "the objective id must be a non-empty string")
    ids = [v for v in objectives.values() if isinstance(v, str)]
    for dup in sorted({v for v in ids if ids.count(v) > 1}):
        add("objectives", f"objective id {dup!r} is given to more than one character")

    rows = data.get("rows")
    if rows is None:
        add("rows", "missing: the map needs a list of rows")
        return None, problems
    if not isinstance(rows, list) or not rows:
        add("rows", "must be a non-empty list of strings")
        return None, problems
    bad = [i for i, row in enumerate(rows) if not isinstance(row, str)]
    for i in bad:
        add(f"row {i + 1}", "is not a string (quote every row)")
    if bad:
        return None, problems

    width = Counter(len(row) for row in rows).most_common(1)[0][0]
    height = len(rows)
    ragged = False
    for i, row in enumerate(rows):
        if len(row) != width:
            ragged = True
            add(f"row {i + 1}", f"row {i + 1} is {len(row)} wide, expected {width}")
    if width < MIN_SIZE or height < MIN_SIZE:
        add("rows", f"the map is {width}x{height}, at least {MIN_SIZE}x{MIN_SIZE} needed")
    if width > MAX_SIZE or height > MAX_SIZE:
        add("rows", f"the map is {width}x{height}, at most {MAX_SIZE}x{MAX_SIZE} is allowed")
        return None, problems

    unknown: dict[str, list[tuple[int, int]]] = {}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char not in legend:
                unknown.setdefault(char, []).append((x, y))
    for char, cells in unknown.items():
        x, y = cells[0]
        more_text = f" ({len(cells) - 1} more cells use it)" if len(cells) > 1 else ""
        add(f"row {y + 1}, column {x + 1}", f"unknown character {char!r}{more_text}")
    if ragged or unknown:
        return None, problems

    terrain: list[str] = []
    styles: list[str] = []
    doors_open: set[int] = set()
    found: list[tuple[int, int, dict, str]] = []
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            entry = legend[char]
            terrain.append(entry["terrain"])
            styles.append(entry["style"])
            if entry["open"]:
                doors_open.add(y * width + x)
            if entry["marker"]:
                found.append((x, y, entry, char))

    placed: Counter = Counter(char for _, _, e, char in found if e["marker"] == "objective")
    for x, y, entry, char in found:
        if entry["marker"] == "objective" and char not in objectives:
            add(f"row {y + 1}, column {x + 1}", f"objective marker {char!r} has no entry in `objectives`")
    for char, obj_id in objectives.items():
        if placed[char] == 0:
            add(f"objectives {char!r}", f"{obj_id!r} is not placed on the map")
        elif placed[char] > 1:
            add(f"objectives {char!r}", f"{obj_id!r} is on {placed[char]} cells; an objective is one cell")

    spawns = [(x, y, e["marker"]) for x, y, e, _ in found if e["marker"] in SPAWN_KINDS]
    spawn_names = data.get("spawn_names")
    if spawn_names is None:
        spawn_names = _default_spawn_names(spawns, width, height)
    elif not isinstance(spawn_names, list) or not all(isinstance(n, str) and n for n in spawn_names):
        add("spawn_names", "must be a list of non-empty strings")
        spawn_names = []
    elif len(spawn_names) != len(spawns):
        add("spawn_names", f"{len(spawn_names)} names for {len(spawns)} spawns (S and M, in reading order)")
    else:
        for dup in sorted({n for n in spawn_names if spawn_names.count(n) > 1}):
            add("spawn_names", f"{dup!r} names more than one spawn point")

    if not any(e["marker"] == "deploy" for _, _, e, _ in found):
        add("rows", "no deployment cells (d): survivors have nowhere to start")
    if not spawns:
        add("rows", "no spawn point (S or M): the Director has nowhere to place zombies")
    if problems:
        return None, problems

    markers: list[Marker] = []
    spawn_iter = iter(spawn_names)
    for x, y, entry, char in found:
        kind = entry["marker"]
        if kind in SPAWN_KINDS:
            marker_name = next(spawn_iter)
        elif kind == "objective":
            marker_name = objectives[char]
        else:
            marker_name = entry["name"]
        markers.append(Marker(kind=kind, x=x, y=y, name=marker_name, deck=entry["deck"]))

    seen = _reached(markers, terrain, width)
    problems += [Problem(file, where, message) for where, message in _cut_off(markers, terrain, width, seen)]
    if problems:
        return None, problems
    _fill_auto_styles(styles, terrain, width, height)
    problems += [Problem(file, where, message)
                 for where, message in _misplaced(markers, terrain, styles, width, seen)]
    if problems:
        return None, problems
    return MapDef(id=map_id, name=name, width=width, height=height, terrain=tuple(terrain),
                  doors_open=frozenset(doors_open), markers=tuple(markers), styles=tuple(styles),
                  source=file), []


def _cut_off(markers: list[Marker], terrain: list[str], width: int,
             seen: set[int] | None = None) -> list[tuple[str, str]]:
    """(where, why) for each marker a survivor could never use: walking from the deployment cells through every
    cell that is not wall or heavy cover (doors can be opened), an extraction zone must be reached, and each
    objective and search token stood on or touched."""
    height = len(terrain) // width
    if seen is None:
        seen = _reached(markers, terrain, width)

    def touched(m: Marker) -> bool:
        """Reached, or in base contact with a reached cell (not across the corner of a wall, cover or door)."""
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                x, y = m.x + dx, m.y + dy
                if not (0 <= x < width and 0 <= y < height) or y * width + x not in seen:
                    continue
                if not (dx and dy) or (terrain[m.y * width + x] not in CORNER_BLOCKERS
                                       and terrain[y * width + m.x] not in CORNER_BLOCKERS):
                    return True
        return False

    out = []
    extracts = [m for m in markers if m.kind == "extract"]
    if extracts and not any(m.y * width + m.x in seen for m in extracts):
        m = extracts[0]
        out.append((f"row {m.y + 1}, column {m.x + 1}", "no extraction cell can be reached from the deployment "
                                                        "cells: the zone is walled in"))
    for m in markers:
        if m.kind in ("objective", "search") and not touched(m):
            what = f"objective {m.name!r}" if m.kind == "objective" else "search token"
            out.append((f"row {m.y + 1}, column {m.x + 1}", f"the {what} cannot be reached from the deployment "
                                                            "cells: it is walled in"))
    return out


def _reached(markers: list[Marker], terrain: list[str], width: int) -> set[int]:
    """Every cell a survivor could walk to from the deployment cells (doors can be opened)."""
    size = len(terrain)
    walk = [t not in BLOCKED for t in terrain]
    seen = {m.y * width + m.x for m in markers if m.kind == "deploy"}
    todo = list(seen)
    while todo:     # flat indices, not (x, y) pairs: generated boards run this thousands of times
        i = todo.pop()
        x = i % width
        for j in (i - width, i + width, i - 1 if x else -1, i + 1 if x + 1 < width else -1):
            if 0 <= j < size and walk[j] and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def _misplaced(markers: list[Marker], terrain: list[str], styles: list[str], width: int,
               seen: set[int] | None = None) -> list[tuple[str, str]]:
    """(where, why) for what a designer put in the wrong place: a marker inside a wall, a spawn point inside a
    building (on floor), and walkable ground sealed off from the deployment cells (one line per sealed area)."""
    out = []
    for m in markers:
        i = m.y * width + m.x
        where = f"row {m.y + 1}, column {m.x + 1}"
        if terrain[i] == "wall":
            what = {"search": "search token", "objective": f"objective {m.name!r}"}.get(m.kind, f"{m.kind} marker")
            out.append((where, f"the {what} is inside a wall"))
        elif m.kind in SPAWN_KINDS and styles[i] == "floor":
            out.append((where, f"spawn point {m.name!r} is inside a building (on floor): zombies come in from "
                               f"the streets and the edges"))
    seen = set(_reached(markers, terrain, width) if seen is None else seen)
    for i in range(len(terrain)):
        if terrain[i] in BLOCKED or i in seen:
            continue
        area = _reached([Marker("deploy", i % width, i // width)], terrain, width)
        seen |= area
        out.append((f"row {i // width + 1}, column {i % width + 1}",
                    f"{len(area)} walkable cell{'s' if len(area) != 1 else ''} here cannot be reached from the "
                    f"deployment cells (a sealed area): give it a door or make it solid"))
    return out


def read_map(path: Path, legend: dict[str, dict]) -> tuple[MapDef | None, list[Problem]]:
    """Read one map file without raising: (MapDef or None, problems)."""
    data, problems = read_yaml(path)
    if problems:
        return None, problems
    return check_map(data, str(path), legend)


def parse_map(path: Path, legend: dict[str, dict]) -> MapDef:
    """Read one map file; raises ContentError listing every problem found."""
    mapdef, problems = read_map(path, legend)
    if problems or mapdef is None:
        raise ContentError(problems)
    return mapdef


def load_maps(directory: Path, legend: dict[str, dict]) -> tuple[dict[str, MapDef], list[Problem]]:
    """Every maps/*.yaml, keyed by id, with the problems of all files together."""
    maps: dict[str, MapDef] = {}
    problems: list[Problem] = []
    for path in sorted(Path(directory).glob("*.yaml")):
        mapdef, more = read_map(path, legend)
        problems += more
        if mapdef is not None:
            maps[mapdef.id] = mapdef
    return maps, problems


# --- looking at a map ---------------------------------------------------------------------------------------

_GLYPH = {"open": ".", "difficult": ",", "light": "=", "heavy": "H", "barricade": "X", "wall": "#", "door": "+",
          "window": "W"}
_MARK_GLYPH = {"spawn_minor": "S", "spawn_major": "M", "search": "?", "objective": "O", "deploy": "d",
               "extract": "e", "zombie": "z"}


def render(mapdef: MapDef) -> str:
    """The map as text from its terrain and markers (not its source characters), with a key of the markers."""
    grid = [[_GLYPH[mapdef.kind_at(x, y)] for x in range(mapdef.width)] for y in range(mapdef.height)]
    for i in mapdef.doors_open:
        grid[i // mapdef.width][i % mapdef.width] = "/"
    for m in mapdef.markers:
        grid[m.y][m.x] = _MARK_GLYPH[m.kind]
    lines = [f"{mapdef.id}: {mapdef.name} ({mapdef.width}x{mapdef.height})",
             "    " + "".join(str(x // 10) if x % 10 == 0 else " " for x in range(mapdef.width))]
    lines += [f"{y:3d} " + "".join(row) for y, row in enumerate(grid)]
    for m in mapdef.markers:
        if m.kind not in ("deploy", "extract"):
            lines.append(f"  {m.kind:<12} ({m.x:2d},{m.y:2d}) {m.name}{'  deck=' + m.deck if m.deck else ''}")
    for kind in ("deploy", "extract"):
        cells = mapdef.markers_of(kind)
        if cells:
            lines.append(f"  {kind:<12} {len(cells)} cells")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    legend = load_legend()
    paths = [Path(a) for a in argv] or sorted(Path("maps").glob("*.yaml"))
    status = 0
    for path in paths:
        mapdef, problems = read_map(path, legend)
        for p in problems:
            print(f"{p.file}: {p.where}: {p.message}")
            status = 1
        if mapdef is not None:
            print(render(mapdef))
            print()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
