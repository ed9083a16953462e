"""Map tiles (maps/tiles/*.yaml): 16x16 pieces of city, turned and laid 3x3 into a 48x48 board from a seed.

A tile is written like a map (id, name, rows, optional legend and objectives; see maps/tiles/README.md) with
three extra rules that make ANY layout of tiles playable, so a board never has to be thrown away:

- the outer ring of cells (first and last row and column) is plain street: open ground in the `street` style with
  no marker. Side by side, two tiles make a two-lane street with the rings of both, and the rings of all nine tiles
  make one street grid, whatever the rotations;
- every walkable cell, search token and objective slot can be reached from the ring (doors open, no sealed rooms);
- a tile holds only search tokens and objective slots (digits named in `objectives:`). The board places the
  deployment zone, the extraction zone and the spawn points on the ring streets, and turns two objective slots
  into the objective markers the quick-play tasks use (the other slots become plain floor).

The board is then put through game.content.maps.check_map, the same checks a hand-built map gets; a board that
failed them would be rolled again from the same random stream (at most MAX_ATTEMPTS times).

    tiles, problems = load_tiles(TILE_DIR, legend)      # once, with the content (Content.extra["tiles"])
    board = generate_board(tiles, seed=7)               # Board: .map is a MapDef with id "board_7"
"""
from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.content.defs import MapDef, Marker
from game.content.errors import ContentError, Problem
from game.content.maps import (
    BLOCKED,
    _cut_off,
    _fill_auto_styles,
    _misplaced,
    check_head,
    check_map,
)
from game.content.yamlio import read_yaml

TILE_SIZE = 16
GRID = 3                                  # tiles per side: 3 x 16 = 48, the smallest board (maps.MIN_SIZE)
BOARD = TILE_SIZE * GRID
TILE_KEYS = ("id", "name", "rows", "legend", "objectives")
TILE_MARKERS = ("search", "objective")    # the rest is placed by the board
RING_STYLE = "street"
TILE_DIR = Path(__file__).resolve().parents[2] / "maps" / "tiles"
MAX_ATTEMPTS = 8
SIDES = ("north", "east", "south", "west")
ZONE_FROM, ZONE_TO = 4, 12                # deploy / extraction cells: these offsets along one tile's ring
SPAWN_OFFSETS = (3, 15, 24, 32, 44)       # spawn candidates along each side: street mouths and block middles
SPAWN_MIN_DEPLOY = 16                     # inches from every deployment cell
SPAWN_MIN_EXTRACT = 6
SPAWN_SPACING = 8
MINOR_SPAWNS = 4
# where the streets between the tiles cross: the patrol route of zombies with nothing better to do
CROSSINGS = ((TILE_SIZE, TILE_SIZE), (2 * TILE_SIZE - 1, TILE_SIZE), (2 * TILE_SIZE - 1, 2 * TILE_SIZE - 1),
             (TILE_SIZE, 2 * TILE_SIZE - 1))


@dataclass(frozen=True, eq=False)         # compared by identity: loaded once, used as a cache key
class TileDef:
    id: str
    name: str
    rows: tuple[str, ...]
    legend: Mapping[str, dict]            # default legend and the tile's own, merged
    objectives: Mapping[str, str]         # slot character -> objective id
    source: str = ""

    @functools.cached_property
    def used(self) -> frozenset[str]:
        return frozenset("".join(self.rows))


@dataclass(frozen=True)
class TileSet:
    tiles: Mapping[str, TileDef]

    def __len__(self) -> int:
        return len(self.tiles)


@dataclass(frozen=True)
class Placed:
    tile: str
    col: int
    row: int
    turns: int                            # quarter turns clockwise


@dataclass(frozen=True)
class Board:
    seed: int
    map: MapDef
    placed: tuple[Placed, ...]
    patrol: tuple[tuple[int, int], ...]   # the inner street crossings, for zombies with nothing to do
    attempts: int = 1


# --- turning -------------------------------------------------------------------------------------------------

def rotate(rows: Sequence[str], turns: int) -> tuple[str, ...]:
    """The rows turned `turns` quarter turns clockwise: the cell at (x, y) goes to (n-1-y, x) per turn. Doors,
    windows and markers are characters, so they go with their cells."""
    out = tuple(rows)
    for _ in range(turns % 4):
        n = len(out)
        out = tuple("".join(out[n - 1 - x][y] for x in range(n)) for y in range(len(out[0])))
    return out


def ring(size: int = TILE_SIZE) -> list[tuple[int, int]]:
    """The outer cells of a size x size square, each once."""
    return [(x, y) for y in range(size) for x in range(size) if x in (0, size - 1) or y in (0, size - 1)]


# --- reading and checking tiles ---------------------------------------------------------------------------------

def check_tile(data: object, file: str, legend: Mapping[str, dict]) -> tuple[TileDef | None, list[Problem]]:
    """Validate one parsed tile file. Returns (TileDef or None, problems)."""
    if not isinstance(data, dict):
        return None, [Problem(file, "file", "a tile must be a mapping with id, name and rows")]
    problems: list[Problem] = []

    def add(where: str, message: str) -> None:
        problems.append(Problem(file, where, message))

    tile_id, name, legend = check_head(data, file, TILE_KEYS, legend, add)

    objectives = data.get("objectives")
    if not isinstance(objectives, dict) or not objectives:
        add("objectives", "missing: a tile needs at least one objective slot (a digit -> objective id)")
        objectives = {}
    objectives = {str(k): v for k, v in objectives.items()}
    for char, obj_id in objectives.items():
        if legend.get(char, {}).get("marker") != "objective":
            add(f"objectives {char!r}", "this character is not an objective marker")
        if not isinstance(obj_id, str) or not obj_id.replace("_", "").isalnum() or not obj_id.islower():
            add(f"objectives {char!r}", "the objective id must be lower-case letters, digits and _")

    rows = data.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        add("rows", f"must be a list of {TILE_SIZE} quoted strings")
        return None, problems
    if len(rows) != TILE_SIZE:
        add("rows", f"{len(rows)} rows, a tile has {TILE_SIZE}")
        return None, problems
    for i, row in enumerate(rows):
        if len(row) != TILE_SIZE:
            add(f"row {i + 1}", f"row {i + 1} is {len(row)} wide, a tile is {TILE_SIZE}")
    if problems:
        return None, problems
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char not in legend:
                add(f"row {y + 1}, column {x + 1}", f"unknown character {char!r}")
                return None, problems

    placed: dict[str, int] = {}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            marker = legend[char]["marker"]
            if marker and marker not in TILE_MARKERS:
                add(f"row {y + 1}, column {x + 1}", f"a tile holds only search tokens and objective slots, not a "
                                                    f"{marker} marker: the board places those")
            if marker and not (2 <= x < TILE_SIZE - 2 and 2 <= y < TILE_SIZE - 2):
                add(f"row {y + 1}, column {x + 1}", "markers stay two cells in from the tile edge: the board "
                                                    "puts its zones and spawns on the two outer rings")
            if marker == "objective":
                placed[char] = placed.get(char, 0) + 1
                if char not in objectives:
                    add(f"row {y + 1}, column {x + 1}", f"objective slot {char!r} has no entry in `objectives`")
    for char, obj_id in objectives.items():
        if placed.get(char, 0) != 1:
            add(f"objectives {char!r}", f"{obj_id!r} is on {placed.get(char, 0)} cells; a slot is one cell")
    for x, y in ring():
        entry = legend[rows[y][x]]
        if entry["terrain"] != "open" or entry["style"] != RING_STYLE or entry["marker"]:
            add(f"row {y + 1}, column {x + 1}", f"the outer ring must be plain street ('.'), found "
                                                f"{rows[y][x]!r}: tiles meet there, whatever way they are turned")
            break
    if problems:
        return None, problems
    tile = TileDef(tile_id, name, tuple(rows), legend, objectives, file)
    mapdef = tile_map(tile)
    # reachable from the ring, as check_map asks of a map from its deployment cells
    starts = [Marker("deploy", x, y) for x, y in ring()]
    markers, terrain = [*starts, *mapdef.markers], list(mapdef.terrain)
    found = _cut_off(markers, terrain, TILE_SIZE) or _misplaced(markers, terrain, list(mapdef.styles), TILE_SIZE)
    for where, message in found:        # (a walled-in marker is one problem, not also its sealed room)
        add(where, message.replace("deployment cells", "streets round the tile"))
    return (None if problems else tile), problems


def tile_map(tile: TileDef, turns: int = 0) -> MapDef:
    """A tile on its own as a small MapDef (for drawing it and checking it): objective slots are objective markers
    named by their ids."""
    rows = rotate(tile.rows, turns)
    terrain, styles, doors, markers = [], [], set(), []
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            e = tile.legend[char]
            terrain.append(e["terrain"])
            styles.append(e["style"])
            if e["open"]:
                doors.add(y * TILE_SIZE + x)
            if e["marker"]:
                markers.append(Marker(e["marker"], x, y, tile.objectives.get(char, e["name"]), e["deck"]))
    _fill_auto_styles(styles, terrain, TILE_SIZE, TILE_SIZE)
    return MapDef(tile.id, tile.name, TILE_SIZE, TILE_SIZE, tuple(terrain), frozenset(doors), tuple(markers),
                  tuple(styles), tile.source)


def read_tile(path: Path, legend: Mapping[str, dict]) -> tuple[TileDef | None, list[Problem]]:
    data, problems = read_yaml(path)
    if problems:
        return None, problems
    return check_tile(data, str(path), legend)


def load_tiles(paths: Sequence[Path] | Path, legend: Mapping[str, dict]) -> tuple[TileSet, list[Problem]]:
    """Every tile file (a folder's *.yaml, or a list of paths), with the problems of all of them. Objective ids
    must be unique across the tiles: a board's markers are told apart by name."""
    if isinstance(paths, Path):
        paths = sorted(paths.glob("*.yaml"))
    tiles: dict[str, TileDef] = {}
    problems: list[Problem] = []
    owner: dict[str, str] = {}
    for path in paths:
        tile, more = read_tile(path, legend)
        problems += more
        if tile is None:
            continue
        for char, obj_id in sorted(tile.objectives.items()):
            if obj_id in owner:
                problems.append(Problem(str(path), f"objectives {char!r}",
                                        f"objective id {obj_id!r} is used by tile {owner[obj_id]!r} too"))
            owner.setdefault(obj_id, tile.id)
        tiles[tile.id] = tile
    if paths and len(tiles) < GRID * GRID and not problems:
        problems.append(Problem(str(Path(paths[0]).parent), "tiles", f"{len(tiles)} tiles, a board needs "
                                                                     f"{GRID * GRID} different ones"))
    return TileSet(tiles), problems


def is_tile_file(path: Path) -> bool:
    """Tile files live in a folder named `tiles` (maps/tiles/)."""
    return Path(path).parent.name == "tiles"


# --- the board ---------------------------------------------------------------------------------------------------

class _Palette:
    """One character per distinct cell meaning, so tiles with clashing local legends can share a board: the default
    legend's characters where they mean the same, fresh ones otherwise (digits are kept for objectives)."""

    def __init__(self, legend: Mapping[str, dict]):
        self.legend: dict[str, dict] = {}
        self.chars: dict[tuple, str] = {}
        self.free = iter([chr(c) for c in range(33, 127) if chr(c) not in legend and not chr(c).isdigit()
                          and chr(c) not in "\"\\"] + [chr(c) for c in range(192, 592)])
        for char, entry in legend.items():
            if not char.isdigit():
                self.chars.setdefault(self.key(entry), char)
                self.legend[char] = entry

    @staticmethod
    def key(e: Mapping) -> tuple:
        return e["terrain"], e["style"], e["marker"], e["deck"], e["open"], e["name"]

    def char(self, entry: Mapping) -> str:
        k = self.key(entry)
        if k not in self.chars:
            c = next(self.free)
            self.chars[k] = c
            self.legend[c] = dict(entry)
        return self.chars[k]


def distance(ax: int, ay: int, bx: int, by: int) -> float:
    """Octile inches, as game.rules.geometry measures (content sits below rules, so it keeps its own copy)."""
    dx, dy = abs(ax - bx), abs(ay - by)
    return max(dx, dy) + 0.5 * min(dx, dy)


_SLOT_GROUND = {"terrain": "open", "style": "auto", "marker": "", "deck": "", "open": False, "name": ""}


@functools.lru_cache(maxsize=256)
def _turned(tile: TileDef, turns: int) -> tuple[str, ...]:
    return rotate(tile.rows, turns)


@functools.lru_cache(maxsize=256)
def _slots(tile: TileDef, turns: int) -> tuple[tuple[int, int, str], ...]:
    return tuple((x, y, tile.objectives[c]) for y, row in enumerate(_turned(tile, turns)) for x, c in enumerate(row)
                 if c in tile.objectives)


def _side_cell(side: int, offset: int, depth: int = 0) -> tuple[int, int]:
    """Cell `offset` along a board side, `depth` cells in from the edge."""
    last = BOARD - 1
    return {0: (offset, depth), 1: (last - depth, offset), 2: (offset, last - depth), 3: (depth, offset)}[side]


def generate_board(tiles: TileSet, seed: int, legend: Mapping[str, dict] | None = None) -> Board:
    """The board for a seed: nine different tiles, each turned at random, then the zones, spawns and objectives.
    Same seed, same board. Raises ContentError if MAX_ATTEMPTS boards in a row failed the map checks."""
    if len(tiles) < GRID * GRID:
        raise ContentError([Problem("maps/tiles", "tiles", f"{len(tiles)} tiles, a board needs {GRID * GRID}")])
    if legend is None:
        legend = next(iter(tiles.tiles.values())).legend
    rng = random.Random(f"board:{seed}")    # its own stream: `map --board N` and quick-play seed N agree
    problems: list[Problem] = []
    for attempt in range(1, MAX_ATTEMPTS + 1):
        mapdef, placed, problems = _roll_board(tiles, seed, rng, legend)
        if mapdef is not None:
            return Board(seed, mapdef, placed, CROSSINGS, attempt)
    raise ContentError(problems)


def _roll_board(tiles: TileSet, seed: int, rng: random.Random, legend: Mapping[str, dict]):
    ids = rng.sample(sorted(tiles.tiles), GRID * GRID)
    placed = tuple(Placed(tid, i % GRID, i // GRID, rng.randrange(4)) for i, tid in enumerate(ids))
    palette = _Palette(legend)
    grid: list[list[str]] = [[] for _ in range(BOARD)]
    slots: list[tuple[int, int, str, int]] = []        # x, y, objective id, band of tiles away from the start
    deploy_side = rng.randrange(4)
    for p in placed:
        tile = tiles.tiles[p.tile]
        # each character of the tile once through the palette (a slot is plain ground unless chosen below)
        chars = {c: palette.char(_SLOT_GROUND if c in tile.objectives else e) for c, e in tile.legend.items()
                 if c in tile.used}
        rows = _turned(tile, p.turns)
        for y, row in enumerate(rows):
            grid[p.row * TILE_SIZE + y] += [chars[c] for c in row]
        along = p.row if deploy_side in (0, 2) else p.col
        band = along if deploy_side in (0, 3) else GRID - 1 - along
        for x, y, obj_id in _slots(tile, p.turns):
            slots.append((p.col * TILE_SIZE + x, p.row * TILE_SIZE + y, obj_id, band))

    def mark(cells, kind: str) -> list[tuple[int, int]]:
        done = []
        for x, y in cells:
            e = palette.legend[grid[y][x]]
            if e["terrain"] == "open" and not e["marker"] and e["style"] != "auto":
                grid[y][x] = palette.char({**e, "marker": kind, "name": ""})
                done.append((x, y))
        return done

    # the team sets out from one side, the way out is on the far side
    start = rng.randrange(GRID) * TILE_SIZE
    along = [start + k for k in range(ZONE_FROM, ZONE_TO)]
    deploy = mark([_side_cell(deploy_side, o, d) for d in (0, 1) for o in along], "deploy")
    far_side = (deploy_side + 2) % 4
    start = rng.randrange(GRID) * TILE_SIZE
    out_along = [start + k for k in range(ZONE_FROM + 1, ZONE_TO - 1)]
    extract = mark([_side_cell(far_side, o) for o in out_along], "extract")

    # spawn points on the edge streets, away from the start: one major on the far side, minor ones round it
    def clear(cell, taken, gap):
        return all(distance(*cell, *t) >= gap for t in taken)
    candidates = [(s, _side_cell(s, o)) for s in range(4) if s != deploy_side for o in SPAWN_OFFSETS]
    candidates = [(s, c) for s, c in candidates if clear(c, deploy, SPAWN_MIN_DEPLOY)
                  and clear(c, extract, SPAWN_MIN_EXTRACT)]
    far = [c for s, c in candidates if s == far_side] or [c for _, c in candidates]
    major = rng.choice(far)
    spawns = [major]
    rest = [c for _, c in candidates if c != major]
    rng.shuffle(rest)
    for c in rest:
        if len(spawns) > MINOR_SPAWNS:
            break
        if clear(c, spawns, SPAWN_SPACING):
            spawns.append(c)
    mark([major], "spawn_major")
    mark(spawns[1:], "spawn_minor")

    # two objective markers: one on the middle band of tiles, one on the band farthest from the start
    objectives = {}
    slot = {"terrain": "open", "style": "auto", "marker": "objective", "deck": "", "open": False, "name": ""}
    for digit, band in (("1", 1), ("2", GRID - 1)):
        x, y, obj_id, _ = rng.choice(sorted(s for s in slots if s[3] == band))
        grid[y][x] = digit
        objectives[digit] = obj_id
    board_legend = {**palette.legend, "1": slot, "2": slot}
    board_id = f"board_{seed}"
    data = {"id": board_id, "name": f"Generated board {seed}", "rows": ["".join(r) for r in grid],
            "objectives": objectives}
    mapdef, problems = check_map(data, board_id, board_legend)
    return mapdef, placed, problems


def board_problems(mapdef: MapDef) -> list[str]:
    """What a generated board promises beyond check_map (for tests and `validate`): a deployment zone big enough
    for a team of six, an extraction zone, a major spawn point, two objective markers."""
    out = []
    if len(mapdef.markers_of("deploy")) < 6:
        out.append(f"{len(mapdef.markers_of('deploy'))} deployment cells")
    for kind, need in (("extract", 1), ("spawn_major", 1), ("objective", 2)):
        if len(mapdef.markers_of(kind)) < need:
            out.append(f"no {kind} marker" if need == 1 else f"fewer than {need} {kind} markers")
    if any(mapdef.terrain[m.y * mapdef.width + m.x] in BLOCKED for m in mapdef.markers if m.kind != "search"):
        out.append("a marker on blocked ground")      # (a search token may be a car's boot)
    return out


def describe(board: Board) -> str:
    """Which tile lies where, and how it is turned (for the designer and the quick-play text)."""
    names = ("North-west", "North", "North-east", "West", "Centre", "East", "South-west", "South", "South-east")
    lines = [f"  tiles (seed {board.seed}{f', attempt {board.attempts}' if board.attempts > 1 else ''}):"]
    for p in board.placed:
        lines.append(f"    {names[p.row * GRID + p.col]:<11} {p.tile} (turned {90 * p.turns})")
    return "\n".join(lines)
