"""The board: terrain, doors, line of sight and cover (pymunk), and movement costs.

Cells are addressed by index `y * width + x`. Sight and cover are answered by pymunk segment queries against static
shapes; answers are cached per cell pair until a door changes.
"""
from __future__ import annotations

import copy
import heapq
from array import array
from collections.abc import Container, Iterable

import pymunk

from game.content.defs import MapDef
from game.rules.geometry import DIAG_HALF, NEIGHBOUR_STEPS, ORTHO_HALF, distance_half
from game.world.memo import MapMemo

INF = 1 << 30
# The dearest step of a distance field, in half inches: a diagonal into ground entered at double cost.
_MAX_FIELD_STEP = 2 * DIAG_HALF

# Shape categories for segment queries.
CAT_WALL = 1
CAT_DOOR_CLOSED = 2
CAT_DOOR_OPEN = 4
CAT_LIGHT = 8
CAT_HEAVY = 16
SIGHT_MASK = CAT_WALL | CAT_DOOR_CLOSED
_SIGHT_FILTER = pymunk.ShapeFilter(mask=SIGHT_MASK)

# How far a sight line may pass from a wall edge and still count as grazing its corner (heavy cover).
GRAZE_RADIUS = 0.35
# Cover counts only when the blocking terrain is this close (in inches, per axis) to the target's centre.
COVER_REACH = 1.51   # a hair over 1.5 so float rounding never drops cover at the edge

# Terrain kinds a survivor cannot enter; doors are decided by their state.
_IMPASSABLE = frozenset({"wall", "heavy"})
# Barricades (concrete blocks, sandbag walls) are climbed over at double cost (rulebook 5.0) and give heavy cover.
_DIFFICULT = frozenset({"difficult", "light", "window", "barricade"})
# Kinds whose corners a diagonal step (or base contact) may not cut.
_CORNER_BLOCKERS = frozenset({"wall", "heavy", "door"})
# Kinds a survivor can Hunker Down against.
COVER_KINDS = frozenset({"light", "heavy", "barricade", "wall", "window"})
HEAVY_COVER_KINDS = frozenset({"heavy", "barricade"})
# Standing in these (a door only when open) is a defensible position against melee (rulebook 7.0).
DEFENSIBLE_KINDS = frozenset({"window", "door", "barricade"})


class Board:
    def __init__(self, map_def: MapDef):
        self.map = map_def
        self.width = map_def.width
        self.height = map_def.height
        self.terrain: list[str] = list(map_def.terrain)
        self.size = self.width * self.height
        self.barricaded: set[int] = set()   # change it through set_barricade (zombie step costs follow it)
        self.version = 0                  # bumped whenever a door or a barricade changes
        self.on_door_change = None        # and this is called (the Session empties its position memo)
        self._zombie_factors: dict[tuple[bool, bool], list[int]] = {}
        # Static data is shared by every board drawn from the same terrain (batches of games reuse it).
        self.terrain_key = (map_def.id, map_def.width, hash(map_def.terrain))
        static = _STATIC.pop(self.terrain_key, None)
        if static is None or static.terrain != map_def.terrain:     # (a hash can collide; the terrain cannot)
            if len(_STATIC) >= _STATIC_LIMIT:
                _STATIC.pop(next(iter(_STATIC)))        # the map used longest ago
            static = _Static(self)
        _STATIC[self.terrain_key] = static     # (re)inserted last: the dict is kept in order of use
        self._static = static
        self._neighbours, self._contact, self._cover_cells = static.neighbours, static.contact, static.cover_cells
        self.door_open: dict[int, bool] = {i: (i in map_def.doors_open) for i in static.doors}
        # Survivor move cost multiplier per cell: 0 = cannot enter, 1 open, 2 difficult. Doors update it.
        self.move_factor = list(static.closed_move_factor)
        for i, is_open in self.door_open.items():
            self.move_factor[i] = 1 if is_open else 0
        self._space = None
        self._take_space()
        self._closed_doors = frozenset(i for i, is_open in self.door_open.items() if not is_open)
        self._sight = static.sight_cache(self._closed_doors)
        self._cover = static.cover               # cover ignores doors: one answer per cell pair for the map

    def _take_space(self) -> pymunk.Space:
        self._space, self._door_shapes, self._cover_kind = self._static.take_space(self)
        for i, shape in self._door_shapes.items():
            shape.filter = pymunk.ShapeFilter(categories=CAT_DOOR_OPEN if self.door_open[i] else CAT_DOOR_CLOSED)
        return self._space

    def _live_space(self) -> pymunk.Space:
        return self._take_space() if self._space is None else self._space

    def fork(self) -> Board:
        """A copy for a fork of the game (game.world.fork): doors and barricades of its own, the map's static data
        and sight answers shared, and no pymunk space until a query needs one."""
        new = copy.copy(self)
        new.barricaded = set(self.barricaded)
        new.door_open = dict(self.door_open)
        new.move_factor = list(self.move_factor)
        new._zombie_factors = {}        # worked out again from the doors if the fork asks (foresight's rarely do)
        new._space = new._door_shapes = new._cover_kind = None
        new.on_door_change = None
        return new

    def release(self) -> None:
        """Hand the pymunk space back for the next board on this terrain (a later query takes one again)."""
        if self._space is not None:
            self._static.spaces.append((self._space, self._door_shapes, self._cover_kind))
            self._space = None

    # --- cells -------------------------------------------------------------------------------------------------
    def idx(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, i: int) -> tuple[int, int]:
        return i % self.width, i // self.width

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def kind(self, i: int) -> str:
        return self.terrain[i]

    def neighbours(self, i: int) -> list[tuple[int, int]]:
        """(cell, half-inch step length) for the 8 neighbours a step may reach, corners respected."""
        return self._neighbours[i]

    def _static_neighbours(self, i: int) -> list[tuple[int, int]]:
        x, y = self.xy(i)
        out = []
        for dx, dy in NEIGHBOUR_STEPS:
            nx, ny = x + dx, y + dy
            if not self.inside(nx, ny):
                continue
            if dx and dy and (self.terrain[self.idx(x + dx, y)] in _CORNER_BLOCKERS
                              or self.terrain[self.idx(x, y + dy)] in _CORNER_BLOCKERS):
                continue
            out.append((self.idx(nx, ny), DIAG_HALF if dx and dy else ORTHO_HALF))
        return out

    def in_contact(self, a: int, b: int) -> bool:
        """Base contact: neighbouring cells, not across a blocking corner."""
        return b in self._contact[a]

    def contact_cells(self, i: int) -> frozenset[int]:
        return self._contact[i]

    def contact_cells_sorted(self, i: int) -> tuple[int, ...]:
        return self._static.contact_sorted[i]

    def door_is_closed(self, i: int) -> bool:
        return self.terrain[i] == "door" and not self.door_open[i]

    def walkable(self, i: int) -> bool:
        """Can a survivor stand here?"""
        kind = self.terrain[i]
        if kind in _IMPASSABLE:
            return False
        return not (kind == "door" and not self.door_open[i])

    def step_cost(self, i: int, half: int) -> int:
        """Survivor cost (half inches) of a step of length `half` into cell i, or INF."""
        if not self.walkable(i):
            return INF
        return half * 2 if self.terrain[i] in _DIFFICULT else half

    def is_difficult(self, i: int) -> bool:
        """Does entering this cell cost double for a survivor?"""
        return self.terrain[i] in _DIFFICULT

    def cover_of_cell(self, i: int) -> str | None:
        """The cover a line of fire gets from crossing this cell: 'light', 'heavy' or None."""
        kind = self.terrain[i]
        return "heavy" if kind in HEAVY_COVER_KINDS else ("light" if kind in ("light", "window") else None)

    def zombie_factors(self, ignores_difficult: bool, bulk: bool) -> list[int]:
        """Per cell, what a zombie of this profile pays per half inch of step into it (0 = it cannot enter), for the
        doors and barricades as they are now (kept up to date by set_door and set_barricade)."""
        key = (ignores_difficult, bulk)
        found = self._zombie_factors.get(key)
        if found is None:
            found = self._zombie_factors[key] = list(self._static.closed_zombie_factors(key))
            for i in self.door_open:
                found[i] = self._zombie_factor(i, ignores_difficult, bulk)
        return found

    def _door_changed(self, i: int) -> None:
        self.version += 1
        if self.on_door_change is not None:
            self.on_door_change()
        for (ignores_difficult, bulk), factors in self._zombie_factors.items():
            factors[i] = self._zombie_factor(i, ignores_difficult, bulk)

    def _zombie_factor(self, i: int, ignores_difficult: bool, bulk: bool) -> int:
        closed = self.terrain[i] == "door" and not self.door_open[i]
        return zombie_factor(self.terrain[i], closed, i in self.barricaded, ignores_difficult, bulk)

    def is_defensible(self, i: int) -> bool:
        kind = self.terrain[i]
        return kind in DEFENSIBLE_KINDS and (kind != "door" or self.door_open[i])

    def next_to_cover(self, i: int) -> bool:
        """Standing in light cover or a window, or touching cover or a wall (terrain only: never changes)."""
        return self._cover_cells[i]

    def _touches_cover(self, i: int) -> bool:
        if self.terrain[i] in ("light", "window"):
            return True
        x, y = self.xy(i)
        for dx, dy in NEIGHBOUR_STEPS:
            nx, ny = x + dx, y + dy
            if self.inside(nx, ny) and self.terrain[self.idx(nx, ny)] in COVER_KINDS:
                return True
        return False

    # --- doors -------------------------------------------------------------------------------------------------
    def set_door(self, i: int, is_open: bool) -> None:
        if self.door_open[i] == is_open:
            return
        self.door_open[i] = is_open
        self.move_factor[i] = 1 if is_open else 0
        if is_open:
            self.barricaded.discard(i)
        self._door_changed(i)
        if self._space is not None:     # a released space is another board's now; a new one is set up on taking
            cat = CAT_DOOR_OPEN if is_open else CAT_DOOR_CLOSED
            self._door_shapes[i].filter = pymunk.ShapeFilter(categories=cat)
        self._closed_doors = self._closed_doors - {i} if is_open else self._closed_doors | {i}
        self._sight = self._static.sight_cache(self._closed_doors)

    def set_barricade(self, i: int, barricaded: bool) -> None:
        if (i in self.barricaded) != barricaded:
            (self.barricaded.add if barricaded else self.barricaded.discard)(i)
            self._door_changed(i)

    # --- sight and cover ---------------------------------------------------------------------------------------
    def _build_space(self) -> tuple[pymunk.Space, dict[int, pymunk.Shape], dict[pymunk.Shape, str]]:
        """A pymunk space of this terrain: wall runs, one box per door (its filter set per board) and cover boxes."""
        space = pymunk.Space()
        body = space.static_body
        shapes, door_shapes, cover_kind = [], {}, {}
        # Walls merged into horizontal runs: far fewer shapes to query.
        for y in range(self.height):
            x = 0
            while x < self.width:
                if self.terrain[self.idx(x, y)] != "wall":
                    x += 1
                    continue
                start = x
                while x < self.width and self.terrain[self.idx(x, y)] == "wall":
                    x += 1
                shapes.append(self._box(body, start, y, x - start, CAT_WALL))
        for i, kind in enumerate(self.terrain):
            x, y = self.xy(i)
            if kind == "door":
                door_shapes[i] = shape = self._box(body, x, y, 1, CAT_DOOR_CLOSED)
                shapes.append(shape)
            elif kind in ("light", "window") or kind in HEAVY_COVER_KINDS:
                heavy = kind in HEAVY_COVER_KINDS
                shape = self._box(body, x, y, 1, CAT_HEAVY if heavy else CAT_LIGHT)
                cover_kind[shape] = "heavy" if heavy else "light"
                shapes.append(shape)
        space.add(*shapes)
        return space, door_shapes, cover_kind

    @staticmethod
    def _box(body, x: int, y: int, w: int, category: int) -> pymunk.Poly:
        shape = pymunk.Poly(body, [(x, y), (x + w, y), (x + w, y + 1), (x, y + 1)])
        shape.filter = pymunk.ShapeFilter(categories=category)
        return shape

    def sees(self, a: int, b: int, max_range: float | None = None) -> bool:
        """Line of sight between two cell centres: walls and closed doors block, models do not."""
        if max_range is not None:
            ax, ay = self.xy(a)
            bx, by = self.xy(b)
            if distance_half(ax, ay, bx, by) > max_range * 2:
                return False
        if a == b:
            return True
        key = (a, b) if a < b else (b, a)
        hit = self._sight.get(key)
        if hit is None:
            ax, ay = self.xy(a)
            bx, by = self.xy(b)
            first = self._live_space().segment_query_first(
                (ax + 0.5, ay + 0.5), (bx + 0.5, by + 0.5), 0.05, _SIGHT_FILTER)
            hit = first is None
            self._sight[key] = hit
        return hit

    def cover(self, shooter: int, target: int) -> str:
        """'none', 'light' or 'heavy': the best cover the line of fire crosses close to the target."""
        key = (shooter, target)
        found = self._cover.get(key)
        if found is None:
            found = self._cover.keep(key, self._compute_cover(shooter, target))
        return found

    def _compute_cover(self, shooter: int, target: int) -> str:
        sx, sy = self.xy(shooter)
        tx, ty = self.xy(target)
        a, b = (sx + 0.5, sy + 0.5), (tx + 0.5, ty + 0.5)
        best = "none"
        space = self._live_space()
        if self.terrain[target] in ("light", "window"):
            best = "light"
        for info in space.segment_query(a, b, 0.0, pymunk.ShapeFilter(mask=CAT_LIGHT | CAT_HEAVY)):
            kind = self._cover_kind.get(info.shape)
            if kind and self._near(info.point, b) and not self._cell_of(info.shape, shooter):
                if kind == "heavy":
                    return "heavy"
                best = "light"
        for info in space.segment_query(a, b, GRAZE_RADIUS, pymunk.ShapeFilter(mask=CAT_WALL)):
            if self._near(info.point, b):
                return "heavy"
        return best

    def _cell_of(self, shape: pymunk.Shape, cell: int) -> bool:
        x, y = self.xy(cell)
        bb = shape.bb
        return bb.left <= x + 0.5 <= bb.right and bb.bottom <= y + 0.5 <= bb.top

    @staticmethod
    def _near(point, centre) -> bool:
        return abs(point.x - centre[0]) <= COVER_REACH and abs(point.y - centre[1]) <= COVER_REACH

    # --- movement ----------------------------------------------------------------------------------------------
    def reach(self, start: int, budget: int, blocked: set[int] | frozenset[int] = frozenset(),
              stops: set[int] | frozenset[int] = frozenset(), factors: list[int] | None = None
              ) -> dict[int, tuple[int, int]]:
        """Dijkstra for a survivor (or, with a zombie's step `factors`, a zombie) from `start` within `budget` half
        inches.

        Returns {cell: (cost, previous cell)}. `blocked` cells cannot be entered (zombies); `stops` cells may end a
        path but not continue it (base contact with a zombie).
        """
        # Dijkstra with a bucket per cost (costs are small whole numbers): each bucket is taken in cell order, which
        # is the order a heap of (cost, cell) would pop, so answers and paths are the same, for less work.
        # Costs and previous cells in flat lists (cheaper than a dict of tuples in the inner loop); `order` keeps
        # the cells in the order they were first reached, the order of the answer's keys.
        cost = [INF] * self.size
        for cell in blocked:
            cost[cell] = -1          # no path ever costs less: a blocked cell is never entered
        prev = [-1] * self.size
        cost[start] = 0
        order = [start]
        buckets: list[list[int]] = [[] for _ in range(budget + 1)]
        buckets[0].append(start)
        factor = self.move_factor if factors is None else factors
        neighbours = self._neighbours
        for spent, bucket in enumerate(buckets):
            bucket.sort()
            for cell in bucket:
                if spent > cost[cell] or (cell in stops and cell != start):
                    continue
                for nxt, half in neighbours[cell]:
                    f = factor[nxt]
                    if not f:
                        continue
                    total = spent + half * f
                    if total > budget:
                        continue
                    old = cost[nxt]
                    if total < old:
                        if old == INF:
                            order.append(nxt)
                        cost[nxt] = total
                        prev[nxt] = cell
                        buckets[total].append(nxt)
        return {c: (cost[c], prev[c]) for c in order}

    def open_reach(self, start: int, budget: int) -> dict[int, tuple[int, int]]:
        """reach() with no zombie on the board, shared by every board on this terrain whose doors within reach of
        start are in the same state: the caller must not change it."""
        return self._static.open_reach(self._closed_doors, start, budget, self)

    def kept_open_reach(self, start: int, budget: int) -> dict[int, tuple[int, int]] | None:
        """open_reach() if it is already kept, else None (nothing is searched)."""
        return self._static.reaches.get(self._static.reach_key(self._closed_doors, start, budget, self))

    def keep_open_reach(self, start: int, budget: int, answer: dict[int, tuple[int, int]]) -> None:
        """Keep as open_reach()'s answer a search with zombies that no zombie touched (no blocked cell next to a
        cell it reached, no stop among them): it made the very steps the open search makes, so it is that answer."""
        self._static.keep_reach(self._static.reach_key(self._closed_doors, start, budget, self), answer)

    def path_toward(self, start: int, goals: Iterable[int], factors: list[int], barred: Container[int] = (),
                    max_nodes: int = 600, limit: int = INF) -> list[int]:
        """A* from start to the nearest goal cell: the cells after start, [] if none found within max_nodes, or none
        costs `limit` half inches or less.

        A step of `half` half inches into cell c costs half * factors[c]; factor 0 and `barred` cells cannot be
        entered (see zombie_factors)."""
        goal_set = set(goals)
        if not goal_set or start in goal_set:
            return []
        w = self.width
        gx = [g % w for g in goal_set]
        gy = [g // w for g in goal_set]
        lo_x, hi_x, lo_y, hi_y = min(gx), max(gx), min(gy), max(gy)

        def h(cell: int) -> int:
            # Octile distance to the goals' bounding box: admissible and cheap.
            x, y = cell % w, cell // w
            dx = lo_x - x if x < lo_x else (x - hi_x if x > hi_x else 0)
            dy = lo_y - y if y < lo_y else (y - hi_y if y > hi_y else 0)
            return 2 * max(dx, dy) + min(dx, dy)

        came = [-1] * self.size              # flat lists, not dicts: this is the horde's hot loop
        g = [INF] * self.size
        for cell in barred:
            g[cell] = -1             # no path ever costs less: a barred cell is never entered
        g[start] = 0
        frontier = [(h(start), 0, start)]
        expanded = 0
        neighbours, push, pop = self._neighbours, heapq.heappush, heapq.heappop
        while frontier and expanded < max_nodes:
            _, spent, cell = pop(frontier)
            if spent > g[cell]:
                continue
            if cell in goal_set:
                path = []
                while cell != start:
                    path.append(cell)
                    cell = came[cell]
                return path[::-1]
            expanded += 1
            for nxt, half in neighbours[cell]:
                factor = factors[nxt]
                if not factor:
                    continue
                total = spent + half * factor
                if total < g[nxt]:
                    g[nxt] = total
                    came[nxt] = cell
                    x, y = nxt % w, nxt // w          # h(nxt), inlined: this is the hot loop
                    dx = lo_x - x if x < lo_x else (x - hi_x if x > hi_x else 0)
                    dy = lo_y - y if y < lo_y else (y - hi_y if y > hi_y else 0)
                    estimate = total + (2 * dx + dy if dx >= dy else 2 * dy + dx)
                    if estimate <= limit:
                        push(frontier, (estimate, total, nxt))
        return []

    # --- distance fields for the horde -----------------------------------------------------------------------
    def snap(self, cell: int) -> int:
        """The walkable cell nearest the centre of this cell's 3x3 block: fields are shared per block."""
        return self._static.snap[cell]

    def _block_centre(self, cell: int) -> int:
        x, y = self.xy(cell)
        cx, cy = x // 3 * 3 + 1, y // 3 * 3 + 1
        best = cell
        best_d = None
        for yy in range(cy - 1, cy + 2):
            for xx in range(cx - 1, cx + 2):
                if self.inside(xx, yy) and self.terrain[self.idx(xx, yy)] not in _IMPASSABLE:
                    d = abs(xx - cx) + abs(yy - cy)
                    if best_d is None or d < best_d:
                        best, best_d = self.idx(xx, yy), d
        return best

    def field(self, source: int | tuple[int, ...], ignores_difficult: bool = False, bulk: bool = False,
              below: int | None = None) -> list[int] | array:
        """Half-inch walking cost from every cell to the nearest `source` cell, on the static map. `below`: settled
        only that far from the sources (a cell nearer has its final value, every other cell a value of at least
        `below`: a question about cells near the sources does not pay for the far side of the map).

        Doors count as forced or opened (double cost, free for a Brute) whatever their state, so one field serves the
        whole game; fields are kept per terrain for the life of the process, which makes batches of games cheap.
        Survivors plan with the plain profile (difficult ground and doors doubled).
        """
        found = self._field(source, ignores_difficult, bulk)
        if found.buckets is not None:
            found.settle(below=below)
        return found.dist

    def descent(self, source: int | tuple[int, ...], ignores_difficult: bool, bulk: bool, start: int
                ) -> tuple[list[int] | array, _Downhill]:
        """field(), settled only as far from the sources as `start` lies, with its downhill steps: per cell,
        (neighbour, half inches of the step, the neighbour's field value) for the neighbours lower on the field, in
        neighbours() order. `start` and every cell nearer the sources have their final values, every other cell a
        value no lower than `start`'s, so a walk down from `start` reads the same steps the whole field gives, and a
        zombie near its goal does not pay for the far side of the map. The steps are worked out once per cell and kept
        with the field: a zombie walking down a field asks the same cells again and again."""
        found = self._field(source, ignores_difficult, bulk)
        if found.buckets is not None:
            found.settle(start)
        return found.dist, found.downhill

    def _field(self, source: int | tuple[int, ...], ignores_difficult: bool, bulk: bool) -> _Field:
        key = (source, ignores_difficult, bulk)
        fields = self._static.fields
        found = fields.get(key)
        if found is None:
            sources = (source,) if isinstance(source, int) else tuple(sorted(source))
            # One entry per set of cells, however the caller spelt it (an int, a 1-tuple, unsorted cells).
            canonical = (sources[0] if len(sources) == 1 else sources, ignores_difficult, bulk)
            found = fields.get(canonical)
            if found is None:
                found = fields.keep(canonical, self.new_field(sources, ignores_difficult, bulk))
            fields.keep(key, found)
        return found

    def new_field(self, sources: tuple[int, ...], ignores_difficult: bool, bulk: bool) -> _Field:
        """A distance field from these cells for one zombie profile, not yet settled beyond them (see _Field)."""
        return _Field(sources, self._static.field_edges(self, ignores_difficult, bulk), self._neighbours)


class _Field:
    """A distance field worked out on demand: Dijkstra backwards from the sources with a bucket per cost (steps cost
    2 to 6 half inches: the distances a heap finds, for a third of the work), stopped and resumed between asks.
    `dist` is final for every cell nearer the sources than `level`, and no lower than `level` for every other one.
    While part of it is settled it is a list (a third cheaper to search than an array); once all of it is, an array
    (9 KB instead of about 20 KB kept) and `buckets` is None. The terrain's fields memo bounds how many are kept."""
    __slots__ = ("dist", "buckets", "level", "edges", "downhill")

    def __init__(self, sources: tuple[int, ...], edges: list[tuple[tuple[int, int], ...]],
                 neighbours: list[list[tuple[int, int]]]):
        self.dist: list[int] | array = [INF] * len(edges)
        for cell in sources:
            self.dist[cell] = 0
        self.buckets: list[list[int] | None] | None = [list(sources)]
        self.level = 0
        self.edges = edges
        self.downhill = _Downhill(self.dist, neighbours)

    def settle(self, upto: int | None = None, below: int | None = None) -> None:
        """Settle every cell nearer the sources than `upto`, whose value is then final too, or nearer than `below`
        half inches (every cell, without either)."""
        dist, buckets, edges = self.dist, self.buckets, self.edges
        d = self.level
        while d < len(buckets) and (upto is None or d < dist[upto]) and (below is None or d < below):
            bucket = buckets[d]
            if bucket:
                # The buckets a step from this level can reach are made here, once a level, not at every step.
                while len(buckets) <= d + _MAX_FIELD_STEP:
                    buckets.append([])
                for cell in bucket:
                    if dist[cell] != d:
                        continue
                    for prev, cost in edges[cell]:
                        total = d + cost
                        if total < dist[prev]:
                            dist[prev] = total
                            buckets[total].append(prev)
                buckets[d] = None        # (done with: a field kept settled in part holds only its frontier)
            d += 1
        self.level = d
        if d >= len(buckets):
            self.dist = self.downhill.field = array("i", dist)
            self.buckets = self.edges = None


class _Downhill(dict):
    """cell -> its downhill steps on one field (see Board.descent), filled in as cells are asked for (only cells the
    field has settled are asked for)."""

    def __init__(self, field: list[int] | array, neighbours: list[list[tuple[int, int]]]):
        super().__init__()
        self.field, self.neighbours = field, neighbours

    def __missing__(self, cell: int) -> tuple[tuple[int, int, int], ...]:
        field = self.field
        here = field[cell]
        found = self[cell] = tuple((n, half, field[n]) for n, half in self.neighbours[cell] if field[n] < here)
        return found


def zombie_factor(kind: str, closed_door: bool, barricaded: bool, ignores_difficult: bool, bulk: bool) -> int:
    """What a zombie pays per half inch of a step into a cell of this kind (0 = it cannot enter)."""
    if kind in _IMPASSABLE:
        return 0
    if closed_door:
        if bulk:
            return 1
        return 0 if barricaded else 2      # the horde forces a closed door, not a barricade
    if kind in _DIFFICULT and not ignores_difficult and not (bulk and kind in ("light", "window")):
        return 2
    return 1


class _Static:
    """What never changes on one terrain, shared by every board drawn from it: neighbours, contact and cover cells,
    the 3x3 block centres, spare pymunk spaces, and sight answers per set of closed doors (and cover answers, which
    doors do not affect). Batches of games on one map pay for these once."""

    def __init__(self, board: Board):
        self.terrain = tuple(board.terrain)
        self.doors = tuple(i for i, kind in enumerate(self.terrain) if kind == "door")
        self.neighbours = [board._static_neighbours(i) for i in range(board.size)]
        self.contact = [frozenset(n for n, _ in nb) for nb in self.neighbours]
        self.contact_sorted = [tuple(sorted(c)) for c in self.contact]
        self.cover_cells = [board._touches_cover(i) for i in range(board.size)]
        self.snap = [board._block_centre(i) for i in range(board.size)]
        # Board.move_factor with every door shut (each board opens its own).
        self.closed_move_factor = [0 if k in _IMPASSABLE or k == "door" else (2 if k in _DIFFICULT else 1)
                                   for k in self.terrain]
        self.spaces: list[tuple] = []
        self.sights: dict[frozenset[int], dict[tuple[int, int], bool]] = {}
        self.cover = MapMemo(_COVER_LIMIT)                 # (shooter, target) -> cover
        self.reaches = MapMemo(_OPEN_REACH_LIMIT)          # (start, budget, closed doors near) -> open reach
        self.near_doors = MapMemo(_NEAR_DOORS_LIMIT)       # (start, budget) -> the doors it could enter
        self.fields = MapMemo(_FIELD_CACHE_LIMIT)          # (sources, profile) -> its distance field
        self.zombie_factors: dict[tuple[bool, bool], list[int]] = {}
        self.edges: dict[tuple[bool, bool], list[tuple[tuple[int, int], ...]]] = {}

    def reach_key(self, closed_doors: frozenset[int], start: int, budget: int, board: Board) -> tuple:
        # Only the doors a search this short could step into are part of the key: a step costs at least ORTHO_HALF,
        # so no cell farther than budget // ORTHO_HALF cells on either axis is ever entered, open or shut. Doors
        # opened across the rest of the map then leave the answer shared.
        near = self.near_doors.get((start, budget))
        if near is None:
            w, r = board.width, budget // ORTHO_HALF
            x, y = start % w, start // w
            near = self.near_doors.keep((start, budget), tuple(d for d in self.doors
                                                               if abs(d % w - x) <= r and abs(d // w - y) <= r))
        return start, budget, tuple(d for d in near if d in closed_doors)

    def open_reach(self, closed_doors: frozenset[int], start: int, budget: int, board: Board) -> dict:
        key = self.reach_key(closed_doors, start, budget, board)
        found = self.reaches.get(key)
        if found is None:
            found = board.reach(start, budget)
            self.keep_reach(key, found)
        return found

    def keep_reach(self, key: tuple, answer: dict) -> None:
        self.reaches.keep(key, answer)

    def field_edges(self, board: Board, ignores_difficult: bool, bulk: bool) -> list[tuple[tuple[int, int], ...]]:
        """Per cell, (neighbour, cost of the step from that neighbour into this cell) for the distance fields of one
        profile: doors count as forced (see Board.field), walls are never entered nor left."""
        key = (ignores_difficult, bulk)
        found = self.edges.get(key)
        if found is None:
            enter = []
            for kind in self.terrain:
                if kind in _IMPASSABLE:
                    enter.append(0)
                elif kind == "door":
                    enter.append(1 if bulk else 2)
                elif kind in _DIFFICULT and not ignores_difficult and not (bulk and kind in ("light", "window")):
                    enter.append(2)
                else:
                    enter.append(1)
            found = self.edges[key] = [
                tuple((prev, half * enter[cell]) for prev, half in self.neighbours[cell] if enter[prev])
                if enter[cell] else () for cell in range(board.size)]
        return found

    def closed_zombie_factors(self, key: tuple[bool, bool]) -> list[int]:
        """Board.zombie_factors with every door closed and none barricaded (each board patches its own doors)."""
        found = self.zombie_factors.get(key)
        if found is None:
            found = self.zombie_factors[key] = [zombie_factor(kind, kind == "door", False, *key)
                                                for kind in self.terrain]
        return found

    def take_space(self, board: Board) -> tuple:
        return self.spaces.pop() if self.spaces else board._build_space()

    def sight_cache(self, closed_doors: frozenset[int]) -> dict[tuple[int, int], bool]:
        """The sight answers for one door state. All door states of the terrain share one budget of answers: the
        states used longest ago go first (a long run meets thousands of door states)."""
        found = self.sights.pop(closed_doors, None)
        if found is None:
            found = {}
        self.sights[closed_doors] = found      # (re)inserted last: the dict is kept in order of use
        total = sum(len(answers) for answers in self.sights.values())
        while len(self.sights) > 1 and (total > _SIGHT_PAIRS_LIMIT or len(self.sights) > _SIGHT_STATES_LIMIT):
            total -= len(self.sights.pop(next(iter(self.sights))))
        if total > _SIGHT_PAIRS_LIMIT:
            found.clear()
        return found


_STATIC: dict[tuple, _Static] = {}
_STATIC_LIMIT = 9                 # terrains kept at once: the 8 hand-built maps (a campaign visits them all) + 1
# Small enough that a long run over every map fills them within minutes and then holds level (issue 33: a 30-minute
# soak over all eight maps at 188 MB at minute 5 and 197 MB at minute 30), large enough that a batch on one map keeps
# its working set (docs/ARCHITECTURE.md, Memos).
_SIGHT_STATES_LIMIT = 64          # door states kept per terrain
_SIGHT_PAIRS_LIMIT = 40_000       # sight answers kept per terrain, all door states together (~100 bytes each)
_COVER_LIMIT = 10_000             # cover answers kept per terrain (~100 bytes each)
_OPEN_REACH_LIMIT = 500           # open-ground move answers kept per terrain (about 10 KB each)
_NEAR_DOORS_LIMIT = 20_000        # (start, budget) -> the doors near: a short tuple each
_FIELD_CACHE_LIMIT = 250          # distance fields kept per terrain, under each spelling (9 KB each on a 48x48 map once
                                  # settled, about 25 KB while settled in part)
