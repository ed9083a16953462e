"""The board on screen: a camera over the map, the static city mat (rendered once per zoom level), the pieces of
terrain that change (doors, search tokens, items on the ground, noise) and the miniatures on their round bases.

Cells are one inch. The camera works in board pixels (cell * tile); tile sizes are multiples of 16 px, and the whole
static board is one surface per tile size, so a frame blits one rectangle of it instead of 2,304 tiles.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path

import pygame

from game.ui.widgets import theme
from game.ui.widgets.layer_cache import Snapshot
from game.world.components import Health, Status, Survivor, Turn, Zombie

SPRITES_DIR = Path(__file__).resolve().parents[2] / "sprites"
TILE_SIZES = (16, 32, 48, 64)
DEFAULT_TILE = 32

# Base rims: survivors a solid teal ring, zombies a notched red ring (two cues, not only colour).
DONE_RIM = (70, 104, 108)

# Heavy-cover styles drawn as whole vehicles over their block of cells.
VEHICLES = {"car", "police_car", "van", "ambulance", "bus", "train", "wagon"}

# Fallback ground colours when a tile sprite is missing.
GROUND = {
    "street": (58, 61, 66), "tarmac": (52, 55, 62), "pavement": (96, 96, 92), "floor": (112, 94, 72),
    "grass": (70, 92, 56), "gravel": (104, 98, 88), "rail": (84, 78, 70), "platform": (128, 124, 112),
    "rubble": (110, 100, 88), "mud": (86, 68, 48), "fence": (70, 72, 74), "bushes": (58, 86, 50),
    "sandbags": (150, 130, 92), "concrete": (150, 150, 144), "brick": (118, 58, 46), "window": (118, 58, 46),
    "door": (112, 94, 72), "car": (84, 100, 120),
}
KIND_DEFAULT_STYLE = {"open": "street", "difficult": "rubble", "light": "fence", "heavy": "car",
                      "barricade": "concrete", "wall": "brick", "door": "door", "window": "window"}

TERRAIN_TEXT = {
    "open": "open ground",
    "difficult": "difficult ground: each step costs double",
    "light": "light cover: passable at double cost; shots at a model here need 5+",
    "heavy": "heavy cover: impassable; shots at a model behind it need 6+",
    "barricade": "barricade: climb over at double cost; heavy cover, and a defensible position to stand on",
    "wall": "wall: blocks movement and sight",
    "door": "door",
    "window": "window: climb through at double cost; light cover and a defensible position",
}

# Status tokens beside a base: (letter, fill colour).
STATUS_TOKENS = {
    "aiming": ("A", (86, 146, 226)),
    "hunkered": ("H", (150, 134, 98)),
    "burning": ("F", (236, 128, 44)),
    "stunned": ("S", (222, 196, 72)),
    "downed": ("D", (206, 70, 62)),
}
STATUS_NAMES = {"aiming": "Aiming", "hunkered": "Hunkered down", "burning": "Burning", "stunned": "Stunned",
                "downed": "Downed"}


def _cell_hash(i: int) -> int:
    h = (i * 2654435761) & 0xFFFFFFFF
    h ^= h >> 15
    return (h * 2246822519) & 0xFFFFFFFF


def shade(colour, f: float):
    return tuple(max(0, min(255, int(c * f))) for c in colour[:3])


# --- sprites ---------------------------------------------------------------------------------------------------------

class Sprites:
    """SVG sprites by content id, rendered crisply at each size they are asked for and cached per size.
    A missing or broken file answers None (the caller draws a plain shape instead)."""

    def __init__(self, folder: Path = SPRITES_DIR):
        self.folder = folder
        self._cache: dict[tuple[str, int, int], pygame.Surface | None] = {}
        self._exists: dict[str, bool] = {}

    def has(self, name: str) -> bool:
        if name not in self._exists:
            self._exists[name] = (self.folder / f"{name}.svg").is_file()
        return self._exists[name]

    def get(self, name: str, w: int, h: int | None = None) -> pygame.Surface | None:
        h = w if h is None else h
        key = (name, w, h)
        if key in self._cache:
            return self._cache[key]
        surf = None
        if w > 0 and h > 0 and self.has(name):
            try:
                surf = pygame.image.load_sized_svg(str(self.folder / f"{name}.svg"), (w, h))
                if surf.get_size() != (w, h):
                    surf = pygame.transform.smoothscale(surf, (w, h))
                if pygame.display.get_surface() is not None:
                    surf = surf.convert_alpha()
            except (pygame.error, OSError, ValueError):
                surf = None
        self._cache[key] = surf
        return surf

    def forget_missing(self) -> None:
        """Look again for files that were missing (the sprites are still being drawn)."""
        self._exists = {k: v for k, v in self._exists.items() if v}
        self._cache = {k: v for k, v in self._cache.items() if v is not None}


# --- the camera ------------------------------------------------------------------------------------------------------

class Camera:
    """Which part of the board the viewport shows. `x, y` is the board pixel at the viewport's top-left."""

    def __init__(self, cols: int, rows: int, tile: int = DEFAULT_TILE):
        self.cols, self.rows = cols, rows
        self.tile = tile
        self.x = 0.0
        self.y = 0.0
        self.view = pygame.Rect(0, 0, 640, 480)
        self.goal: tuple[float, float] | None = None     # a board point the camera glides to (cells)

    def glide_to(self, cx: float, cy: float) -> None:
        self.goal = (cx, cy)

    def update(self, dt: float) -> None:
        if self.goal is None:
            return
        gx = self.goal[0] * self.tile - self.view.width / 2
        gy = self.goal[1] * self.tile - self.view.height / 2
        k = min(1.0, dt * 8.0)
        self.x += (gx - self.x) * k
        self.y += (gy - self.y) * k
        before = (self.x, self.y)
        self.clamp()
        if abs(gx - self.x) + abs(gy - self.y) < 2 or (self.x, self.y) != before:
            self.goal = None

    def set_view(self, rect: pygame.Rect) -> None:
        if rect == self.view:
            return
        cx, cy = self.screen_to_cell(self.view.center)
        self.view = pygame.Rect(rect)
        self.centre_on(cx, cy)

    @property
    def world_w(self) -> int:
        return self.cols * self.tile

    @property
    def world_h(self) -> int:
        return self.rows * self.tile

    def clamp(self) -> None:
        for axis, world, span in (("x", self.world_w, self.view.width), ("y", self.world_h, self.view.height)):
            margin = min(span * 0.3, self.tile * 1.5)
            if world + 2 * margin <= span:
                setattr(self, axis, (world - span) / 2)
            else:
                lo, hi = -margin, world - span + margin
                setattr(self, axis, max(lo, min(hi, getattr(self, axis))))

    def board_area(self) -> tuple[pygame.Rect, list[int]]:
        """The part of a whole-board picture the view shows, and where on the screen it goes (past the board's
        top or left edge the view shows nothing of it)."""
        area = pygame.Rect(int(self.x), int(self.y), self.view.width, self.view.height)
        dest = [self.view.x, self.view.y]
        if area.x < 0:
            dest[0] -= area.x
            area.width += area.x
            area.x = 0
        if area.y < 0:
            dest[1] -= area.y
            area.height += area.y
            area.y = 0
        return area, dest

    def cell_to_screen(self, cx: float, cy: float) -> tuple[float, float]:
        """Screen position of a board point given in cells (0.5, 0.5 is the centre of cell 0)."""
        return self.view.x + cx * self.tile - self.x, self.view.y + cy * self.tile - self.y

    def centre_px(self, cell_xy: tuple[float, float]) -> tuple[float, float]:
        return self.cell_to_screen(cell_xy[0] + 0.5, cell_xy[1] + 0.5)

    def screen_to_cell(self, pos) -> tuple[float, float]:
        return (pos[0] - self.view.x + self.x) / self.tile, (pos[1] - self.view.y + self.y) / self.tile

    def cell_at(self, pos) -> tuple[int, int] | None:
        if not self.view.collidepoint(pos):
            return None
        fx, fy = self.screen_to_cell(pos)
        x, y = math.floor(fx), math.floor(fy)
        if 0 <= x < self.cols and 0 <= y < self.rows:
            return x, y
        return None

    def cell_rect(self, x: int, y: int) -> pygame.FRect:
        sx, sy = self.cell_to_screen(x, y)
        return pygame.FRect(sx, sy, self.tile, self.tile)

    def centre_on(self, cx: float, cy: float) -> None:
        self.goal = None
        self.x = cx * self.tile - self.view.width / 2
        self.y = cy * self.tile - self.view.height / 2
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.goal = None
        self.x += dx
        self.y += dy
        self.clamp()

    def zoom(self, step: int, pivot=None) -> bool:
        """Next tile size up (step > 0) or down, keeping the board point under `pivot` where it is."""
        i = TILE_SIZES.index(self.tile) if self.tile in TILE_SIZES else 1
        j = max(0, min(len(TILE_SIZES) - 1, i + (1 if step > 0 else -1)))
        if j == i:
            return False
        pivot = pivot if pivot is not None and self.view.collidepoint(pivot) else self.view.center
        cx, cy = self.screen_to_cell(pivot)
        self.tile = TILE_SIZES[j]
        self.x = cx * self.tile - (pivot[0] - self.view.x)
        self.y = cy * self.tile - (pivot[1] - self.view.y)
        self.clamp()
        return True

    def visible_cells(self) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1) cell range (inclusive-exclusive) the viewport shows."""
        x0 = max(0, int(self.x // self.tile))
        y0 = max(0, int(self.y // self.tile))
        x1 = min(self.cols, int((self.x + self.view.width) // self.tile) + 2)
        y1 = min(self.rows, int((self.y + self.view.height) // self.tile) + 2)
        return x0, y0, x1, y1


# --- the static board ------------------------------------------------------------------------------------------------

def hatch_tile(t: int, kind: str) -> pygame.Surface:
    """The colour-blind-safe mark of a terrain kind: single hatching (light cover), cross-hatching (heavy cover),
    dots (difficult ground)."""
    surf = pygame.Surface((t, t), pygame.SRCALPHA)
    step = max(4, t // 4)
    w = 1 if t < 48 else 2
    if kind in ("light", "heavy"):
        ink = (250, 244, 226, 70) if kind == "light" else (16, 16, 18, 96)
        for k in range(-t, t, step):
            pygame.draw.line(surf, ink, (k, t), (k + t, 0), w)
        if kind == "heavy":
            for k in range(-t, t, step):
                pygame.draw.line(surf, ink, (k, 0), (k + t, t), w)
    elif kind == "difficult":
        r = max(1, t // 20)
        for yy in range(step // 2, t, step):
            for xx in range((yy // step % 2) * step // 2 + step // 4, t, step):
                pygame.draw.circle(surf, (250, 240, 220, 80), (xx, yy), r)
    return surf


def _fallback_tile(style: str, t: int, variant: int) -> pygame.Surface:
    base = GROUND.get(style, (80, 80, 80))
    surf = pygame.Surface((t, t))
    surf.fill(shade(base, 0.96 + 0.08 * (variant % 3) / 2))
    line = shade(base, 0.8)
    if style == "brick":
        h = max(3, t // 4)
        for row, yy in enumerate(range(0, t, h)):
            pygame.draw.line(surf, line, (0, yy), (t, yy))
            off = (t // 4) if row % 2 else 0
            for xx in range(off, t, t // 2):
                pygame.draw.line(surf, line, (xx, yy), (xx, yy + h))
    elif style in ("floor", "platform"):
        for yy in range(0, t, max(3, t // 4)):
            pygame.draw.line(surf, line, (0, yy), (t, yy))
    elif style in ("pavement", "concrete"):
        pygame.draw.rect(surf, line, surf.get_rect(), 1)
    return surf


class StaticBoard:
    """The city mat at one tile size: ground, walls, windows, cover and markers that never change."""

    def __init__(self, map_def, sprites: Sprites):
        self.map = map_def
        self.sprites = sprites
        self._surfaces: dict[tuple[int, float], pygame.Surface] = {}
        self.vehicles = self._vehicle_blocks()
        self.door_ground = self._door_grounds()

    def surface(self, tile: int) -> pygame.Surface:
        key = (tile, theme.text_scale)         # the markers' names grow with the player's text size
        if key not in self._surfaces:
            if len(self._surfaces) >= 2:      # keep memory flat: the current zoom and one other
                self._surfaces.pop(next(iter(self._surfaces)))
            self._surfaces[key] = self._render(tile)
        return self._surfaces[key]

    def invalidate(self) -> None:
        self._surfaces.clear()

    def style(self, i: int) -> str:
        m = self.map
        s = m.styles[i] if i < len(m.styles) and m.styles[i] else ""
        return s or KIND_DEFAULT_STYLE.get(m.terrain[i], "street")

    def _door_grounds(self) -> dict[int, str]:
        m = self.map
        out = {}
        for i, kind in enumerate(m.terrain):
            if kind != "door":
                continue
            x, y = i % m.width, i // m.width
            around: dict[str, int] = {}
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < m.width and 0 <= ny < m.height:
                    j = ny * m.width + nx
                    if m.terrain[j] in ("open", "difficult"):
                        st = self.style(j)
                        around[st] = around.get(st, 0) + 1
            out[i] = max(sorted(around), key=lambda s: around[s]) if around else "floor"
        return out

    def _vehicle_blocks(self) -> list[tuple[str, int, int, int, int]]:
        """(style, x, y, w, h) for every rectangular block of one vehicle style."""
        m = self.map
        seen: set[int] = set()
        blocks = []
        for i in range(m.width * m.height):
            st = self.style(i)
            if i in seen or st not in VEHICLES or m.terrain[i] != "heavy":
                continue
            stack, cells = [i], []
            seen.add(i)
            while stack:
                c = stack.pop()
                cells.append(c)
                cx, cy = c % m.width, c // m.width
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nx, ny = cx + dx, cy + dy
                    j = ny * m.width + nx
                    if 0 <= nx < m.width and 0 <= ny < m.height and j not in seen and self.style(j) == st \
                            and m.terrain[j] == "heavy":
                        seen.add(j)
                        stack.append(j)
            xs = [c % m.width for c in cells]
            ys = [c // m.width for c in cells]
            x0, y0, x1, y1 = min(xs), min(ys), max(xs) + 1, max(ys) + 1
            if len(cells) == (x1 - x0) * (y1 - y0):
                blocks.extend(_split_vehicles(st, x0, y0, x1 - x0, y1 - y0))
            else:
                blocks.extend((st, c % m.width, c // m.width, 1, 1) for c in cells)
        return blocks

    def _tile(self, name: str, fallback_style: str, t: int, variant: int, cache: dict) -> pygame.Surface:
        key = (name, variant % 4)
        if key not in cache:
            spr = self.sprites.get(name, t)
            if spr is not None:
                tile = pygame.Surface((t, t))
                tile.fill(GROUND.get(fallback_style, (60, 60, 60)))
                tile.blit(spr, (0, 0))
                if variant % 4:      # quarter turns break up the repeat of seamless ground
                    tile = pygame.transform.rotate(tile, 90 * (variant % 4))
                cache[key] = tile
            else:
                cache[key] = _fallback_tile(fallback_style, t, variant)
        return cache[key]

    def _render(self, t: int) -> pygame.Surface:
        m = self.map
        surf = pygame.Surface((m.width * t, m.height * t))
        surf.fill(theme.BG)
        cache: dict = {}
        rotates = {"street", "tarmac", "grass", "gravel", "mud", "rubble", "concrete"}
        vehicle_cells = set()
        for _, x, y, w, h in self.vehicles:
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    vehicle_cells.add(yy * m.width + xx)
        for i, kind in enumerate(m.terrain):
            x, y = i % m.width, i // m.width
            st = self.style(i)
            if kind == "door":
                st = self.door_ground.get(i, "floor")
            elif i in vehicle_cells:
                st = self._ground_under(i)
            variant = _cell_hash(i) if st in rotates else 0
            surf.blit(self._tile(f"tile_{st}", st, t, variant, cache), (x * t, y * t))
        self._shadows(surf, t)
        for st, x, y, w, h in self.vehicles:
            draw_vehicle(surf, pygame.Rect(x * t, y * t, w * t, h * t), st, t, self.sprites)
        marks = {k: hatch_tile(t, k) for k in ("light", "heavy", "difficult")}
        for i, kind in enumerate(m.terrain):
            mark = marks.get({"window": "light", "barricade": "heavy"}.get(kind, kind))
            if mark is not None:
                surf.blit(mark, ((i % m.width) * t, (i // m.width) * t))
        if t >= 32:
            self._grid(surf, t)
        self._markers(surf, t)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        return surf

    def _ground_under(self, i: int) -> str:
        m = self.map
        x, y = i % m.width, i // m.width
        for r in range(1, 4):
            for dx, dy in ((0, r), (0, -r), (r, 0), (-r, 0)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < m.width and 0 <= ny < m.height and m.terrain[ny * m.width + nx] == "open":
                    return self.style(ny * m.width + nx)
        return "street"

    def _shadows(self, surf: pygame.Surface, t: int) -> None:
        """Walls cast a short shadow to the south-east: the buildings stand up from the mat."""
        m = self.map
        shadow = pygame.Surface((t, t), pygame.SRCALPHA)
        band = max(3, t // 5)
        for k in range(band):
            a = int(110 * (1 - k / band))
            pygame.draw.line(shadow, (0, 0, 0, a), (0, k), (t, k))
        side = pygame.transform.rotate(shadow, 90)
        side = pygame.transform.flip(side, True, False)
        for i, kind in enumerate(m.terrain):
            if kind in ("wall", "heavy"):
                continue
            x, y = i % m.width, i // m.width
            if y > 0 and m.terrain[i - m.width] == "wall":
                surf.blit(shadow, (x * t, y * t))
            if x > 0 and m.terrain[i - 1] == "wall":
                surf.blit(side, (x * t, y * t))

    def _grid(self, surf: pygame.Surface, t: int) -> None:
        m = self.map
        grid = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        ink = (0, 0, 0, 34)
        for x in range(0, m.width * t, t):
            pygame.draw.line(grid, ink, (x, 0), (x, m.height * t))
        for y in range(0, m.height * t, t):
            pygame.draw.line(grid, ink, (0, y), (m.width * t, y))
        surf.blit(grid, (0, 0))

    def _markers(self, surf: pygame.Surface, t: int) -> None:
        m = self.map
        zone = pygame.Surface((t, t), pygame.SRCALPHA)
        for marker in m.markers:
            r = pygame.Rect(marker.x * t, marker.y * t, t, t)
            if marker.kind == "deploy":
                zone.fill((74, 170, 176, 34))
                surf.blit(zone, r)
                _corner_ticks(surf, r, (120, 196, 200), max(2, t // 6))
            elif marker.kind == "extract":
                zone.fill((112, 184, 110, 60))
                surf.blit(zone, r)
                _chevron(surf, r, (206, 240, 200))
            elif marker.kind.startswith("spawn"):
                major = marker.kind == "spawn_major"
                spr = self.sprites.get(f"marker_{marker.kind}", t)
                if spr is not None:
                    surf.blit(spr, r)
                else:              # square, as the sprites are: zombies are round
                    c = theme.DOOM if major else theme.HEAT
                    box = r.inflate(-t // 8, -t // 8)
                    pygame.draw.rect(surf, shade(c, 0.45), box, border_radius=max(2, t // 10))
                    pygame.draw.rect(surf, c, box, max(2, t // 10), border_radius=max(2, t // 10))
                    if t >= 32:
                        _letter(surf, "M" if major else "S", r.center, int(t * 0.55), (250, 236, 226))
                if t >= 32 and marker.name:
                    label = theme.font(theme.board_px(max(11, t * 0.3)), True).render(marker.name, True,
                                                                                       (236, 222, 230))
                    tag = label.get_rect(midtop=(r.centerx, r.bottom + 1))
                    tag.clamp_ip(surf.get_rect())
                    pygame.draw.rect(surf, (40, 26, 44), tag.inflate(6, 2), border_radius=3)
                    surf.blit(label, tag)
            elif marker.kind == "objective":
                spr = self.sprites.get("marker_objective", t)
                if spr is not None:
                    surf.blit(spr, r)
                else:
                    _star(surf, r.center, t * 0.42, theme.ACCENT)


def _split_vehicles(style: str, x: int, y: int, w: int, h: int) -> list[tuple[str, int, int, int, int]]:
    """A long row of wagons or a car park block: split into vehicles of a sensible length."""
    length = {"car": 3, "police_car": 3, "van": 4, "ambulance": 4, "bus": 6, "train": 9, "wagon": 8}[style]
    out = []
    if w >= h:
        parts = max(1, round(w / length))
        edges = [x + round(k * w / parts) for k in range(parts + 1)]
        # each vehicle two cells deep at most: stack rows otherwise
        depth = 2 if style not in ("train", "wagon") else h
        for yy in range(y, y + h, depth):
            for a, b in zip(edges, edges[1:], strict=False):
                out.append((style, a, yy, b - a, min(depth, y + h - yy)))
    else:
        parts = max(1, round(h / length))
        edges = [y + round(k * h / parts) for k in range(parts + 1)]
        depth = 2 if style not in ("train", "wagon") else w
        for xx in range(x, x + w, depth):
            for a, b in zip(edges, edges[1:], strict=False):
                out.append((style, xx, a, min(depth, x + w - xx), b - a))
    return out


VEHICLE_COLOURS = {
    "car": ((82, 104, 128), (150, 180, 200)), "police_car": ((228, 230, 232), (40, 44, 60)),
    "van": ((196, 168, 112), (120, 150, 170)), "ambulance": ((236, 236, 230), (200, 60, 56)),
    "bus": ((214, 170, 48), (70, 90, 110)), "train": ((70, 86, 104), (150, 170, 186)),
    "wagon": ((128, 64, 48), (90, 46, 36)),
}


def draw_vehicle(surf: pygame.Surface, rect: pygame.Rect, style: str, t: int, sprites: Sprites | None = None) -> None:
    """One wrecked vehicle seen from above, filling its block of cells."""
    body, trim = VEHICLE_COLOURS.get(style, ((90, 96, 104), (150, 160, 170)))
    horizontal = rect.width >= rect.height
    inset = max(2, t // 10)
    r = rect.inflate(-inset * 2, -inset * 2)
    radius = max(3, min(r.width, r.height) // (3 if style in ("car", "police_car", "van", "ambulance") else 6))
    pygame.draw.rect(surf, (14, 14, 16), r.move(max(2, t // 12), max(2, t // 12)), border_radius=radius)
    pygame.draw.rect(surf, body, r, border_radius=radius)
    pygame.draw.rect(surf, shade(body, 0.55), r, max(1, t // 16), border_radius=radius)
    long_ = r.width if horizontal else r.height

    def band(a: float, b: float, across: float = 0.12) -> pygame.Rect:
        """A rectangle from a to b along the vehicle (0..1), inset `across` on the short side."""
        if horizontal:
            return pygame.Rect(r.x + a * r.width, r.y + across * r.height, (b - a) * r.width,
                               (1 - 2 * across) * r.height)
        return pygame.Rect(r.x + across * r.width, r.y + a * r.height, (1 - 2 * across) * r.width,
                           (b - a) * r.height)

    glass = (58, 74, 92)
    if style in ("car", "police_car", "van", "ambulance"):
        front = 0.2 if style in ("car", "police_car") else 0.14
        pygame.draw.rect(surf, glass, band(front, front + 0.14, 0.14), border_radius=max(2, t // 12))
        pygame.draw.rect(surf, glass, band(0.8, 0.88, 0.16), border_radius=max(2, t // 12))
        roof = band(front + 0.17, 0.77, 0.16)
        pygame.draw.rect(surf, shade(body, 0.9), roof, border_radius=max(2, t // 12))
        if style == "police_car":
            pygame.draw.rect(surf, (30, 34, 44), band(0.0, front - 0.02, 0.0))
            pygame.draw.rect(surf, (30, 34, 44), band(0.9, 1.0, 0.0))
            lb = band(0.44, 0.54, 0.22)
            half = pygame.Rect(lb)
            if horizontal:
                half.height //= 2
                pygame.draw.rect(surf, (70, 120, 230), half)
                pygame.draw.rect(surf, (220, 60, 60), half.move(0, half.height))
            else:
                half.width //= 2
                pygame.draw.rect(surf, (70, 120, 230), half)
                pygame.draw.rect(surf, (220, 60, 60), half.move(half.width, 0))
        elif style == "ambulance":
            stripe = band(0.0, 1.0, 0.44)
            pygame.draw.rect(surf, trim, stripe)
            c = roof.center
            a = max(3, int(min(r.width, r.height) * 0.18))
            pygame.draw.rect(surf, trim, (c[0] - a, c[1] - a // 3, 2 * a, 2 * (a // 3)))
            pygame.draw.rect(surf, trim, (c[0] - a // 3, c[1] - a, 2 * (a // 3), 2 * a))
        # a dent and a broken window: these are wrecks
        pygame.draw.line(surf, shade(body, 0.6), band(0.55, 0.56, 0.2).topleft, band(0.62, 0.63, 0.4).center, 1)
    elif style == "bus":
        n = max(3, int(long_ // max(1, t * 0.6)))
        for k in range(n):
            a = 0.06 + k * 0.88 / n
            pygame.draw.rect(surf, glass, band(a, a + 0.88 / n * 0.7, 0.08))
        pygame.draw.rect(surf, shade(body, 0.85), band(0.08, 0.92, 0.3))
    elif style in ("train", "wagon"):
        n = max(2, int(long_ // max(1, t)))
        for k in range(1, n):
            a = k / n
            if horizontal:
                x = r.x + a * r.width
                pygame.draw.line(surf, shade(body, 0.7), (x, r.y + 2), (x, r.bottom - 3), max(1, t // 16))
            else:
                y = r.y + a * r.height
                pygame.draw.line(surf, shade(body, 0.7), (r.x + 2, y), (r.right - 3, y), max(1, t // 16))
        pygame.draw.rect(surf, shade(body, 1.15), band(0.02, 0.98, 0.38), border_radius=max(2, t // 10))
        if style == "train":
            pygame.draw.rect(surf, glass, band(0.0, 0.05, 0.15))


def _corner_ticks(surf, r: pygame.Rect, colour, n: int) -> None:
    for (x, y), (dx, dy) in ((r.topleft, (1, 1)), (r.topright, (-1, 1)), (r.bottomleft, (1, -1)),
                             (r.bottomright, (-1, -1))):
        x -= 1 if dx < 0 else 0
        y -= 1 if dy < 0 else 0
        pygame.draw.line(surf, colour, (x, y), (x + dx * n, y))
        pygame.draw.line(surf, colour, (x, y), (x, y + dy * n))


def _chevron(surf, r: pygame.Rect, colour) -> None:
    w = max(1, r.width // 12)
    cx, cy = r.center
    a = r.width * 0.22
    for off in (-a * 0.7, a * 0.5):
        pts = [(cx - a + off, cy - a), (cx + off, cy), (cx - a + off, cy + a)]
        pygame.draw.lines(surf, colour, False, pts, w)


def _star(surf, centre, radius: float, colour, points: int = 5) -> None:
    cx, cy = centre
    pts = []
    for k in range(points * 2):
        ang = -math.pi / 2 + k * math.pi / points
        rr = radius if k % 2 == 0 else radius * 0.45
        pts.append((cx + rr * math.cos(ang), cy + rr * math.sin(ang)))
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, shade(colour, 0.5), pts, 1)


_letters: dict[tuple, pygame.Surface] = {}


def _letter(surf, text: str, centre, size: int, colour, bold: bool = True) -> None:
    key = (text, size, colour, bold)
    img = _letters.get(key)
    if img is None:
        if len(_letters) > 800:
            _letters.clear()
        img = _letters[key] = theme.font(max(8, size), bold).render(text, True, colour)
    surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]) + 1)))


# --- motion ----------------------------------------------------------------------------------------------------------

class Motion:
    """Models walking their paths: a zombie's move is animated along data['path'] before the next step plays."""

    def __init__(self):
        self.tracks: dict[int, tuple[list[tuple[int, int]], float, float]] = {}   # eid -> (cells xy, t, duration)

    def start(self, eid: int, path_xy: list[tuple[int, int]], seconds_per_step: float) -> None:
        if len(path_xy) < 2 or seconds_per_step <= 0:
            self.tracks.pop(eid, None)
            return
        self.tracks[eid] = (path_xy, 0.0, seconds_per_step * (len(path_xy) - 1))

    def update(self, dt: float) -> None:
        done = []
        for eid, (path, t, dur) in self.tracks.items():
            t += dt
            if t >= dur:
                done.append(eid)
            else:
                self.tracks[eid] = (path, t, dur)
        for eid in done:
            del self.tracks[eid]

    @property
    def busy(self) -> bool:
        return bool(self.tracks)

    def clear(self) -> None:
        self.tracks.clear()

    def pos(self, eid: int) -> tuple[float, float] | None:
        track = self.tracks.get(eid)
        if track is None:
            return None
        path, t, dur = track
        f = max(0.0, min(1.0, t / dur)) * (len(path) - 1)
        k = min(int(f), len(path) - 2)
        a, b = path[k], path[k + 1]
        u = f - k
        return a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u


# --- the view --------------------------------------------------------------------------------------------------------

class BoardView:
    """Draws the board and its models through a Camera."""

    def __init__(self, map_def, sprites: Sprites | None = None, tile: int = DEFAULT_TILE):
        self.map = map_def
        self.sprites = sprites or Sprites()
        self.cam = Camera(map_def.width, map_def.height, tile)
        self.static = StaticBoard(map_def, self.sprites)
        self.clock = 0.0
        self._terrain_layer = Snapshot()      # the viewport's mat, pieces and reach shading (see draw_terrain)

    # --- terrain ---------------------------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        self._draw_board(surface, self.cam.view)

    def _draw_board(self, surface: pygame.Surface, clip: pygame.Rect) -> None:
        """The city mat under `clip` (a part of the viewport); background colour where the board ends."""
        cam = self.cam
        bg = self.static.surface(cam.tile)
        old = surface.get_clip()
        surface.set_clip(clip)
        area, dest = cam.board_area()
        covered = pygame.Rect(dest, area.clip(bg.get_rect()).size)
        if not covered.contains(clip):      # the mat is opaque: only its margins need the background
            surface.fill(theme.BG, clip)
        surface.blit(bg, dest, area)
        surface.set_clip(old)

    def draw_terrain(self, surface: pygame.Surface, session, shade=None, shade_key=None) -> None:
        """draw_board and draw_dynamic_terrain in one, with `shade(surface, clip)` (the reach shading) over them,
        drawn inside the viewport only.

        The result is kept (a Snapshot of the viewport) while the camera, the pieces on the mat and `shade_key`
        stay the same, so a still board costs one blit. Noise rings pulse every frame: the patch of the viewport
        they can reach is redrawn in the same order (mat, pieces, noise, shade) over the kept picture."""
        cam = self.cam
        key = (tuple(cam.view), cam.tile, cam.x, cam.y, self.static.surface(cam.tile), self._pieces_key(session),
               shade_key)
        if not self._terrain_layer.blit(surface, key):
            self._draw_terrain(surface, session, cam.view, shade, noise=False)
            self._terrain_layer.keep(surface, cam.view, key)
        patch = self.noise_patch(session)
        if patch is not None:
            self._draw_terrain(surface, session, patch, shade, noise=True)

    def _draw_terrain(self, surface: pygame.Surface, session, clip: pygame.Rect, shade, noise: bool) -> None:
        self._draw_board(surface, clip)
        old = surface.get_clip()
        surface.set_clip(clip)
        self._draw_pieces(surface, session)
        if noise:
            self._draw_noise(surface, session)
        surface.set_clip(old)
        if shade is not None:
            shade(surface, clip)

    @staticmethod
    def _pieces_key(session) -> tuple:
        """Everything _draw_pieces reads from the session (doors, barricades, search tokens, items on the ground)."""
        board = session.board
        return (tuple(board.door_open.items()), frozenset(board.barricaded), tuple(session.search_tokens.items()),
                tuple((cell, tuple((g.gear_id, g.deck) for g in items)) for cell, items in session.ground.items()))

    def noise_patch(self, session) -> pygame.Rect | None:
        """The part of the viewport this frame's noise rings can reach (a tile around each noisy cell), or None."""
        if not session.noise:
            return None
        cam = self.cam
        t = cam.tile
        x0, y0, x1, y1 = cam.visible_cells()
        w = session.board.width
        boxes = []
        for cell in session.noise:
            x, y = cell % w, cell // w
            if x0 <= x < x1 and y0 <= y < y1:
                r = cam.cell_rect(x, y)
                boxes.append(pygame.Rect(math.floor(r.x) - t - 2, math.floor(r.y) - t - 2, 3 * t + 4, 3 * t + 4))
        if not boxes:
            return None
        patch = boxes[0].unionall(boxes[1:]).clip(cam.view)
        return patch if patch.width and patch.height else None

    def draw_dynamic_terrain(self, surface: pygame.Surface, session) -> None:
        """Doors (open, shut, barricaded), search tokens, items lying on the ground, and this round's noise."""
        self._draw_pieces(surface, session)
        self._draw_noise(surface, session)

    def _draw_pieces(self, surface: pygame.Surface, session) -> None:
        cam, board = self.cam, session.board
        x0, y0, x1, y1 = cam.visible_cells()
        w = board.width
        for cell, is_open in board.door_open.items():
            x, y = cell % w, cell // w
            if not (x0 <= x < x1 and y0 <= y < y1):
                continue
            r = cam.cell_rect(x, y)
            self._door(surface, r, cell, is_open, cell in board.barricaded, board)
        for cell, deck in session.search_tokens.items():
            x, y = cell % w, cell // w
            if x0 <= x < x1 and y0 <= y < y1:
                self._search_token(surface, cam.cell_rect(x, y), deck)
        for cell, items in session.ground.items():
            x, y = cell % w, cell // w
            if items and x0 <= x < x1 and y0 <= y < y1:
                self._ground_items(surface, cam.cell_rect(x, y), items, session)

    def _draw_noise(self, surface: pygame.Surface, session) -> None:
        cam = self.cam
        x0, y0, x1, y1 = cam.visible_cells()
        w = session.board.width
        for cell, amount in session.noise.items():
            x, y = cell % w, cell // w
            if x0 <= x < x1 and y0 <= y < y1:
                self._noise(surface, cam.cell_rect(x, y), amount, cell == session.loudest_noise())

    def _door(self, surface, r: pygame.FRect, cell: int, is_open: bool, barricaded: bool, board) -> None:
        t = int(r.width)
        name = "tile_door_open" if is_open else "tile_door"
        spr = self.sprites.get(name, t)
        # orient the door along its wall: walls left and right = a door in a horizontal wall
        w = board.width
        y = cell // w
        vertical = (y > 0 and board.kind(cell - w) == "wall") or (y < board.height - 1 and
                                                                   board.kind(cell + w) == "wall")
        if spr is not None:
            if vertical:
                spr = pygame.transform.rotate(spr, 90)
            surface.blit(spr, r.topleft)
        else:
            colour = (136, 98, 62)
            if is_open:
                leaf = pygame.FRect(r.x, r.y, r.width, max(3, t // 6)) if not vertical else \
                    pygame.FRect(r.x, r.y, max(3, t // 6), r.height)
                pygame.draw.rect(surface, colour, leaf)
            else:
                pygame.draw.rect(surface, colour, r.inflate(-2, -2))
                pygame.draw.rect(surface, shade(colour, 0.6), r.inflate(-2, -2), max(1, t // 16))
        if barricaded:
            plank = (170, 132, 84)
            wdt = max(2, t // 7)
            pygame.draw.line(surface, (30, 22, 14), r.topleft, r.bottomright, wdt + 2)
            pygame.draw.line(surface, (30, 22, 14), r.bottomleft, r.topright, wdt + 2)
            pygame.draw.line(surface, plank, r.topleft, r.bottomright, wdt)
            pygame.draw.line(surface, plank, r.bottomleft, r.topright, wdt)

    def _search_token(self, surface, r: pygame.FRect, deck: str) -> None:
        t = int(r.width)
        name = f"marker_search_{deck}" if deck else "marker_search"
        spr = self.sprites.get(name, t) or (self.sprites.get("marker_search", t) if deck else None)
        if spr is not None:
            surface.blit(spr, r.topleft)
            return
        colours = {"": (214, 196, 120), "armory": (120, 150, 196), "clinic": (226, 120, 116),
                   "garage": (200, 160, 96)}
        c = colours.get(deck, (214, 196, 120))
        rad = max(4, int(t * 0.3))
        centre = r.center
        pygame.draw.circle(surface, (20, 20, 22), (centre[0] + 1, centre[1] + 2), rad)
        pygame.draw.circle(surface, c, centre, rad)
        pygame.draw.circle(surface, shade(c, 0.5), centre, rad, max(1, t // 16))
        if t >= 24:
            _letter(surface, "?" if not deck else deck[0].upper(), centre, int(rad * 1.6), (28, 26, 24))

    def _ground_items(self, surface, r: pygame.FRect, items, session) -> None:
        t = int(r.width)
        objective = any(g.deck == "objective" for g in items)
        name = f"item_{items[0].gear_id}" if objective else "item_item"
        size = max(8, int(t * 0.6))
        spr = self.sprites.get(name, size) or self.sprites.get("item_item", size)
        pos = (r.x + t - size - 1, r.y + t - size - 1) if not objective else (r.centerx - size / 2,
                                                                              r.centery - size / 2)
        if spr is not None:
            surface.blit(spr, pos)
        else:
            card = pygame.FRect(pos[0], pos[1] + size * 0.1, size, size * 0.8)
            colour = theme.ACCENT if objective else (196, 188, 168)
            pygame.draw.rect(surface, (20, 20, 22), card.move(1, 2), border_radius=2)
            pygame.draw.rect(surface, colour, card, border_radius=2)
            pygame.draw.rect(surface, shade(colour, 0.5), card, 1, border_radius=2)
        if len(items) > 1 and t >= 32:
            _letter(surface, str(len(items)), (r.right - 5, r.y + 7), max(10, t // 3), theme.INK)

    def _noise(self, surface, r: pygame.FRect, amount: int, loudest: bool) -> None:
        t = r.width
        c = theme.HEAT
        phase = (self.clock * 1.2) % 1.0
        for k in range(2 if loudest else 1):
            rad = t * (0.35 + 0.4 * ((phase + k * 0.5) % 1.0))
            pygame.draw.circle(surface, c, r.center, rad, max(1, int(t // 24)))
        if t >= 32:
            _letter(surface, f"+{amount}", (r.x + t * 0.2, r.y + t * 0.18), max(11, int(t * 0.34)), c)

    # --- models ----------------------------------------------------------------------------------------------------
    def model_xy(self, session, eid: int, motion: Motion | None) -> tuple[float, float]:
        if motion is not None:
            p = motion.pos(eid)
            if p is not None:
                return p
        return session.board.xy(session.cell(eid))

    def draw_models(self, surface: pygame.Surface, session, motion: Motion | None = None,
                    selected: int | None = None, hovered: int | None = None, ap_max: int = 3,
                    highlight: Iterable[int] = ()) -> None:
        cam = self.cam
        t = cam.tile
        view = cam.view.inflate(t * 2, t * 2)
        clip = surface.get_clip()
        surface.set_clip(cam.view)
        highlight = set(highlight)
        tags: list[tuple] = []          # name tags, drawn after every base so no neighbour covers them
        for z in session.zombies():
            sx, sy = cam.centre_px(self.model_xy(session, z, motion))
            if not view.collidepoint(sx, sy):
                continue
            kind = session.comp(z, Zombie).kind
            health = session.comp(z, Health)
            status = session.comp(z, Status)
            self._base(surface, (sx, sy), f"zombie_{kind}", shade(theme.DANGER, 0.9), notched=True,
                       square=kind == "horde")
            if kind not in ("horde",) and not self.sprites.has(f"zombie_{kind}"):
                _letter(surface, kind[:2].title(), (sx, sy), max(9, int(t * 0.42)), (230, 236, 210))
            if kind != "shambler" and t >= 28:        # the specials carry their name: told apart at a glance
                tags.append(((sx, sy), session.content.zombies[kind].name, (120, 40, 36)))
            if health.max_wounds > 1:
                self._pips(surface, (sx, sy), health.wounds, health.max_wounds)
            tokens = [k for k in ("burning", "stunned") if getattr(status, k)]
            self._tokens(surface, (sx, sy), tokens)
            if z in highlight:
                pygame.draw.circle(surface, theme.ACCENT, (sx, sy), t * 0.56, max(2, t // 14))
            if z == hovered or z == selected:
                pygame.draw.circle(surface, theme.INK, (sx, sy), t * 0.56, max(1, t // 20))
        for s in session.survivors():
            sx, sy = cam.centre_px(self.model_xy(session, s, motion))
            if not view.collidepoint(sx, sy):
                continue
            surv = session.comp(s, Survivor)
            status = session.comp(s, Status)
            turn = session.comp(s, Turn)
            health = session.comp(s, Health)
            active = session.active == s
            rim = theme.SURVIVOR if not turn.activated or active else DONE_RIM
            if active:
                pygame.draw.circle(surface, theme.ACCENT, (sx, sy), self.glow(session), max(2, t // 12))
            self._base(surface, (sx, sy), f"survivor_{surv.archetype}", rim, downed=status.downed)
            if not self.sprites.has(f"survivor_{surv.archetype}"):
                _letter(surface, surv.name[:2], (sx, sy), max(9, int(t * 0.42)), theme.INK)
            self._pips(surface, (sx, sy), health.wounds, health.max_wounds)
            if t >= 28:
                tags.append(((sx, sy), short_name(surv.name), (28, 70, 76)))
            tokens = [k for k in ("downed", "burning", "stunned", "hunkered") if getattr(status, k)]
            if turn.aiming:
                tokens.insert(0, "aiming")
            self._tokens(surface, (sx, sy), tokens)
            if active:
                self._ap(surface, (sx, sy), turn.ap, ap_max)
            used = session.slots_used(s)
            if used or s == selected:
                self._slots(surface, (sx, sy), used, session.rules.engagement_slots)
            if s == selected and not active:
                pygame.draw.circle(surface, theme.ACCENT, (sx, sy), t * 0.58, max(1, t // 16))
            if s == hovered:
                pygame.draw.circle(surface, theme.INK, (sx, sy), t * 0.56, max(1, t // 20))
            if s in highlight:
                pygame.draw.circle(surface, theme.GOOD, (sx, sy), t * 0.6, max(2, t // 14))
        placed: list[pygame.Rect] = []
        for centre, text, fill in sorted(tags, key=lambda tag: (tag[0][1], tag[0][0])):
            self._tag(surface, centre, text, fill, placed)
        surface.set_clip(clip)

    def glow(self, session) -> int:
        """The radius of the active survivor's pulsing ring now, in pixels (0 when nobody is acting)."""
        if session.active is None:
            return 0
        return int(self.cam.tile * (0.6 + 0.05 * (0.5 + 0.5 * math.sin(self.clock * 4.0))))

    def _base(self, surface, centre, sprite: str, rim, notched: bool = False, square: bool = False,
              downed: bool = False) -> None:
        t = self.cam.tile
        cx, cy = centre
        rad = t * 0.46
        rim_w = max(2, t // 14)
        pygame.draw.circle(surface, (10, 10, 12), (cx + max(1, t // 20), cy + max(1, t // 14)), rad)
        size = int(t * 0.98)
        spr = self.sprites.get(sprite, size)
        if spr is None:
            fill = (52, 86, 92) if not notched else (70, 84, 56)
            if square:
                pygame.draw.rect(surface, fill, pygame.FRect(0, 0, rad * 2, rad * 2).move_to(center=(cx, cy)),
                                 border_radius=max(2, t // 8))
            else:
                pygame.draw.circle(surface, fill, (cx, cy), rad)
        else:
            if downed:
                spr = _downed_version(spr)
            surface.blit(spr, spr.get_rect(center=(round(cx), round(cy))))
        if square:
            box = pygame.FRect(0, 0, rad * 2, rad * 2).move_to(center=(cx, cy))
            pygame.draw.rect(surface, rim, box, rim_w, border_radius=max(2, t // 8))
        else:
            pygame.draw.circle(surface, rim, (cx, cy), rad, rim_w)
        if notched and t >= 32 and not square:
            gap = (30, 30, 34)
            for k in range(8):
                a = k * math.pi / 4 + math.pi / 8
                p = (cx + rad * math.cos(a) - rim_w * 0.5 * math.cos(a), cy + rad * math.sin(a) - rim_w * 0.5 *
                     math.sin(a))
                pygame.draw.circle(surface, gap, p, max(1, rim_w * 0.55))
        if downed:
            k = rad * 0.55
            pygame.draw.line(surface, (206, 70, 62), (cx - k, cy - k), (cx + k, cy + k), max(2, t // 10))
            pygame.draw.line(surface, (206, 70, 62), (cx - k, cy + k), (cx + k, cy - k), max(2, t // 10))

    def _tag(self, surface, centre, text: str, fill, placed: list[pygame.Rect]) -> None:
        """A name tag under a base (a survivor's name, a special zombie's kind); above it, or a row further down or up,
        when a neighbour's tag is there already (`placed`: the tags drawn so far). Large text makes wider tags: there
        are rows enough for a crowd of them."""
        t = self.cam.tile
        img = _tag_img(text, theme.board_px(max(11, t * 0.34)), fill)
        cx, cy = round(centre[0]), round(centre[1])
        below = img.get_rect(midtop=(cx, cy + round(t * 0.52)))
        above = img.get_rect(midbottom=(cx, cy - round(t * 0.55)))
        step = below.height + 1
        rows = [r for k in range(4) for r in (below.move(0, k * step), above.move(0, -k * step))]
        rect = next((r for r in rows if r.collidelist(placed) < 0), below)
        placed.append(rect)
        surface.blit(img, rect)

    def _pips(self, surface, centre, left: int, full: int) -> None:
        """Wounds as pips on the lower rim: bright for each wound left, dark for each taken."""
        t = self.cam.tile
        if t < 24 or full <= 0:
            return
        cx, cy = centre
        rad = t * 0.46
        pr = max(2.0, t * 0.065)
        spread = min(0.32, 1.6 / max(1, full))
        for k in range(full):
            a = math.pi / 2 + (k - (full - 1) / 2) * spread
            p = (cx + rad * math.cos(a), cy + rad * math.sin(a))
            if k < left:
                pygame.draw.circle(surface, (244, 236, 214), p, pr)
                pygame.draw.circle(surface, (20, 20, 22), p, pr, 1)
            else:
                pygame.draw.circle(surface, (40, 20, 20), p, pr)
                pygame.draw.circle(surface, theme.DANGER, p, pr, 1)

    def _tokens(self, surface, centre, tokens: list[str]) -> None:
        if not tokens:
            return
        t = self.cam.tile
        cx, cy = centre
        tr = max(6.0, t * 0.19)          # big enough for its letter: a status is never told by colour alone
        for k, name in enumerate(tokens):
            letter, colour = STATUS_TOKENS[name]
            a = -math.pi / 4 + k * (tr * 2.1) / (t * 0.62)
            p = (cx + t * 0.56 * math.cos(a), cy + t * 0.56 * math.sin(a))
            pygame.draw.circle(surface, (12, 12, 14), (p[0] + 1, p[1] + 1), tr + 1)
            pygame.draw.circle(surface, colour, p, tr)
            pygame.draw.circle(surface, (20, 20, 22), p, tr, 1)
            if tr >= 6:
                _letter(surface, letter, p, int(tr * 1.7), (20, 18, 16))

    def _ap(self, surface, centre, ap: int, ap_max: int) -> None:
        t = self.cam.tile
        cx, cy = centre
        d = max(3.0, t * 0.1)
        gap = d * 2.6
        y = cy - t * 0.62
        for k in range(ap_max):
            x = cx + (k - (ap_max - 1) / 2) * gap
            pts = [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
            if k < ap:
                pygame.draw.polygon(surface, theme.ACCENT, pts)
            pygame.draw.polygon(surface, (20, 20, 22) if k < ap else theme.ACCENT, pts, 1)

    def _slots(self, surface, centre, used: int, total: int) -> None:
        """The engagement slots under a survivor's base: filled squares for the slots zombies fill."""
        t = self.cam.tile
        if t < 32:
            return
        cx, cy = centre
        s = max(4.0, t * 0.12)
        y = cy + t * 0.5 + 1
        for k in range(total):
            x = cx + (k - (total - 1) / 2) * (s + 2) - s / 2
            box = pygame.FRect(x, y, s, s)
            if k < used:
                pygame.draw.rect(surface, theme.DANGER, box)
            else:
                pygame.draw.rect(surface, (30, 32, 36), box)
            pygame.draw.rect(surface, (236, 220, 210), box, 1)


_downed_cache: dict[int, pygame.Surface] = {}


def short_name(name: str) -> str:
    """What a table would call a survivor: the whole name when it is short ("Deer Hunter": the last word alone would
    read as the zombie kind), else its last word ("Patrol Officer" -> "Officer")."""
    return name if len(name) <= 12 or not name.split() else name.split()[-1][:12]


_tags: dict[tuple, pygame.Surface] = {}


def _tag_img(text: str, size: int, fill) -> pygame.Surface:
    key = (text, size, fill)
    img = _tags.get(key)
    if img is None:
        label = theme.font(size, True).render(text, True, (240, 236, 226))
        img = pygame.Surface((label.get_width() + 8, label.get_height() + 2), pygame.SRCALPHA)
        pygame.draw.rect(img, (*fill, 225), img.get_rect(), border_radius=4)
        img.blit(label, (4, 1))
        if len(_tags) > 256:
            _tags.clear()
        _tags[key] = img
    return img


def _downed_version(spr: pygame.Surface) -> pygame.Surface:
    """A figure lying down: turned on its side and greyed."""
    key = id(spr)
    out = _downed_cache.get(key)
    if out is None:
        if len(_downed_cache) > 64:
            _downed_cache.clear()
        out = pygame.transform.rotate(spr, 90)
        out = pygame.transform.grayscale(out)
        _downed_cache[key] = out
    return out
