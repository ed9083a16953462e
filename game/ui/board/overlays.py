"""What the board shows on top of the mat while the player decides: where a survivor can walk (shaded by how many
Moves it takes), the path under the cursor, who engages whom, the line of sight and the cover it crosses, the blast
of a thrown weapon, and the exact odds of an attack before it is made.

Legality always comes from the engine (game.world.actions); the reach and the odds are game.tools.previews (the
engine's inputs through game.tools.calculator, shared with the sandbox). Nothing here decides a rule.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pygame

from game.tools.previews import Preview, Reach
from game.ui.board.board_view import Camera, _letter, shade
from game.ui.widgets import theme
from game.ui.widgets.controls import draw_panel, draw_text, ellipsize, line_height, text_size, wrap
from game.world.components import Status

BAND_COLOURS = {1: (86, 170, 226), 2: (120, 128, 222), 3: (156, 112, 200)}
BAND_ALPHA = {1: 84, 2: 40, 3: 0}
SIGHT_OK = (236, 228, 200)
COVER_COLOURS = {"light": (120, 196, 236), "heavy": (236, 176, 80)}


# --- reach -----------------------------------------------------------------------------------------------------------

class ReachLayer:
    """The shaded reach of the selected survivor, drawn once into a surface and reused while nothing moves."""

    def __init__(self):
        self._key = None
        self._surf: pygame.Surface | None = None
        self._origin = (0, 0)

    def draw(self, surface: pygame.Surface, cam: Camera, reach: Reach, width: int, key,
             clip: pygame.Rect | None = None) -> None:
        """Blit the shading (rendered again only when `key` or the zoom changes), inside the viewport or the part
        of it given as `clip`."""
        t = cam.tile
        full_key = (key, t)
        if full_key != self._key:
            self._key = full_key
            self._surf, self._origin = _render_reach(reach, width, t)
        if self._surf is None:
            return
        sx, sy = cam.cell_to_screen(*self._origin)
        old = surface.get_clip()
        surface.set_clip(cam.view if clip is None else cam.view.clip(clip))
        surface.blit(self._surf, (round(sx), round(sy)))
        surface.set_clip(old)


def _render_reach(reach: Reach, width: int, t: int):
    if not reach.band:
        return None, (0, 0)
    xs = [c % width for c in reach.band]
    ys = [c // width for c in reach.band]
    x0, y0 = min(xs), min(ys)
    w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
    surf = pygame.Surface((w * t, h * t), pygame.SRCALPHA)
    tiles = {}
    for b, colour in BAND_COLOURS.items():
        tile = pygame.Surface((t, t), pygame.SRCALPHA)
        tile.fill((*colour, BAND_ALPHA[b]))
        tiles[b] = tile
    dots = pygame.Surface((t, t), pygame.SRCALPHA)
    step = max(4, t // 4)
    for yy in range(step // 2, t, step):
        for xx in range(step // 2, t, step):
            pygame.draw.circle(dots, (20, 24, 40, 120), (xx, yy), max(1, t // 16))
    shield = _shield_mark(t)
    for cell, b in reach.band.items():
        pos = ((cell % width - x0) * t, (cell // width - y0) * t)
        if BAND_ALPHA[b]:
            surf.blit(tiles[b], pos)
        if cell in reach.difficult and b == 1:
            surf.blit(dots, pos)
        if cell in reach.cover and shield is not None:
            surf.blit(shield, pos)
    # contour lines where the band changes: the edge of one Move is a solid line, further edges thinner
    lw = max(1, t // 16)
    for cell, b in reach.band.items():
        cx, cy = cell % width - x0, cell // width - y0
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = cell % width + dx, cell // width + dy
            other = reach.band.get(ny * width + nx) if 0 <= nx < width else None
            if nx < 0 or nx >= width:
                other = None
            if other is not None and other <= b:
                continue
            if other is None and (ny * width + nx) == reach.start:
                continue
            colour = (*shade(BAND_COLOURS[b], 1.35), 220 if b == 1 else 150)
            x, y = cx * t, cy * t
            if dx == 1:
                a, z = (x + t - 1, y), (x + t - 1, y + t)
            elif dx == -1:
                a, z = (x, y), (x, y + t)
            elif dy == 1:
                a, z = (x, y + t - 1), (x + t, y + t - 1)
            else:
                a, z = (x, y), (x + t, y)
            pygame.draw.line(surf, colour, a, z, lw + (1 if b == 1 else 0))
    return surf, (x0, y0)


def _shield_mark(t: int) -> pygame.Surface | None:
    """A small shield in a cell's top-left corner: standing here is standing next to cover."""
    if t < 20:
        return None
    mark = pygame.Surface((t, t), pygame.SRCALPHA)
    k = max(5, t // 4)
    x, y = max(2, t // 12), max(2, t // 12)
    points = [(x, y), (x + k, y), (x + k, y + k * 0.6), (x + k / 2, y + k * 1.1), (x, y + k * 0.6)]
    pygame.draw.polygon(mark, (236, 228, 200, 200), points)
    pygame.draw.polygon(mark, (20, 22, 28, 220), points, 1)
    return mark


def draw_cells(surface: pygame.Surface, cam: Camera, cells, width: int, colour, alpha: int = 80,
               outline: bool = True) -> None:
    """A plain highlight of some cells (disengage, drag and step-back destinations, throw targets)."""
    t = cam.tile
    tile = pygame.Surface((t, t), pygame.SRCALPHA)
    tile.fill((*colour, alpha))
    clip = surface.get_clip()
    surface.set_clip(cam.view)
    for c in cells:
        r = cam.cell_rect(c % width, c // width)
        surface.blit(tile, r.topleft)
        if outline:
            pygame.draw.rect(surface, colour, r, max(1, t // 16))
    surface.set_clip(clip)


# --- lines -----------------------------------------------------------------------------------------------------------

def dashed_line(surface, colour, a, b, width: int = 2, dash: float = 8, gap: float = 6) -> None:
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    d = 0.0
    while d < length:
        e = min(length, d + dash)
        pygame.draw.line(surface, colour, (ax + ux * d, ay + uy * d), (ax + ux * e, ay + uy * e), width)
        d = e + gap


def draw_path(surface: pygame.Surface, cam: Camera, start_xy, cells_xy: list[tuple[int, int]], breaks: list[int],
              label: str = "", colour=theme.INK, detail: str = "", detail_colour=theme.INK_DIM) -> None:
    """The path a Move would take: a line through the cell centres, a ring where each Move ends (and its label:
    the board draws that later, over the models, with draw_path_label)."""
    if not cells_xy:
        return
    t = cam.tile
    pts = [cam.centre_px(start_xy)] + [cam.centre_px(c) for c in cells_xy]
    clip = surface.get_clip()
    surface.set_clip(cam.view)
    pygame.draw.lines(surface, (14, 14, 16), False, pts, max(3, t // 8) + 2)
    pygame.draw.lines(surface, colour, False, pts, max(2, t // 8))
    for p in pts[1:-1]:
        pygame.draw.circle(surface, colour, p, max(2, t // 12))
    for i in breaks[:-1]:
        pygame.draw.circle(surface, theme.ACCENT, pts[i + 1], max(4, t // 5), max(2, t // 14))
    end = pts[-1]
    pygame.draw.circle(surface, colour, end, max(4, t // 4), max(2, t // 12))
    surface.set_clip(clip)
    if label:
        draw_path_label(surface, cam, cells_xy[-1], label, colour, detail, detail_colour)


def draw_path_label(surface: pygame.Surface, cam: Camera, end_xy, label: str, colour=theme.INK, detail: str = "",
                    detail_colour=theme.INK_DIM) -> pygame.Rect | None:
    """The label of a path's end: its cost, and under it what the destination means. Returns where it went."""
    t = cam.tile
    end = cam.centre_px(end_xy)
    if label:
        size = theme.board_px(max(15, t * 0.42))
        small = max(13, int(size * 0.82))
        tw, th = text_size(label, size, True)
        dw, dh = text_size(detail, small) if detail else (0, 0)
        box = pygame.Rect(0, 0, max(tw, dw) + 12, th + 6 + (dh + 2 if detail else 0))
        box.midbottom = (round(end[0]), round(end[1] - t * 0.45))
        box.clamp_ip(cam.view)
        draw_panel(surface, box, (22, 24, 28), colour, radius=5)
        draw_text(surface, label, (box.centerx, box.y + 3 + th // 2), size, colour, True, anchor="center")
        if detail:
            draw_text(surface, detail, (box.centerx, box.y + 5 + th + dh // 2), small, detail_colour,
                      anchor="center")
        return box
    return None


def draw_engagement(surface: pygame.Surface, cam: Camera, session, xy_of, marks: bool = False) -> None:
    """A line from every engaging zombie to its survivor (red; feeding zombies on a Downed survivor dashed).
    With `marks`, only a red diamond where the two bases meet (drawn over the models: neighbours' bases hide
    the line)."""
    t = cam.tile
    clip = surface.get_clip()
    surface.set_clip(cam.view)
    for s in session.survivors():
        engagers = session.engagers(s)
        if not engagers:
            continue
        downed = session.comp(s, Status).downed
        sp = cam.centre_px(xy_of(s))
        for z in engagers:
            zp = cam.centre_px(xy_of(z))
            if marks:
                mx, my = (sp[0] + zp[0]) / 2, (sp[1] + zp[1]) / 2
                k = max(4.0, t * 0.15)
                pts = [(mx, my - k), (mx + k, my), (mx, my + k), (mx - k, my)]
                pygame.draw.polygon(surface, (20, 10, 10), [(x + 1, y + 1) for x, y in pts])
                pygame.draw.polygon(surface, theme.DANGER if not downed else (150, 60, 60), pts)
                pygame.draw.polygon(surface, (250, 230, 220), pts, 1)
                continue
            if downed:
                dashed_line(surface, theme.DANGER, zp, sp, max(2, t // 12), t * 0.2, t * 0.12)
            else:
                pygame.draw.line(surface, (20, 10, 10), zp, sp, max(3, t // 8) + 2)
                pygame.draw.line(surface, theme.DANGER, zp, sp, max(2, t // 8))
    surface.set_clip(clip)


def line_cells(a: tuple[float, float], b: tuple[float, float], step: float = 0.05) -> list[tuple[int, int, float]]:
    """Cells a segment between two board points passes through, with the distance along it (sampled; drawing only)."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    n = max(1, int(length / step))
    out, seen = [], set()
    for k in range(n + 1):
        u = k / n
        x, y = ax + (bx - ax) * u, ay + (by - ay) * u
        c = (math.floor(x), math.floor(y))
        if c not in seen:
            seen.add(c)
            out.append((c[0], c[1], u * length))
    return out


def cover_cells(session, shooter: int, target: int) -> list[tuple[int, str]]:
    """Terrain cells to highlight as the cover a shot crosses next to the target (for the eye: the engine's
    Board.cover decides the cover itself)."""
    board = session.board
    w = board.width
    sx, sy = board.xy(shooter)
    tx, ty = board.xy(target)
    a, b = (sx + 0.5, sy + 0.5), (tx + 0.5, ty + 0.5)
    out = []
    if board.kind(target) in ("light", "window"):
        out.append((target, "light"))
    near = board.contact_cells(target) | {target}
    for x, y, _ in line_cells(a, b):
        c = y * w + x
        if c == shooter or c not in near or c == target:
            continue
        cover = board.cover_of_cell(c)
        if cover:
            out.append((c, cover))
    # a wall corner the line grazes close to the target
    for c in near:
        if board.kind(c) != "wall" or c == target:
            continue
        cx, cy = board.xy(c)
        if _segment_box_distance(a, b, cx, cy) <= 0.35:
            out.append((c, "heavy"))
    return out


def _segment_box_distance(a, b, x: int, y: int) -> float:
    best = 9.0
    for k in range(41):
        u = k / 40
        px, py = a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u
        if abs(px - b[0]) > 1.51 or abs(py - b[1]) > 1.51:
            continue
        dx = max(x - px, 0, px - (x + 1))
        dy = max(y - py, 0, py - (y + 1))
        best = min(best, math.hypot(dx, dy))
    return best


def draw_sight(surface: pygame.Surface, cam: Camera, session, shooter_cell: int, target_cell: int,
               reach_inches: float | None = None) -> str:
    """The line of sight from one cell to another, the cover it crosses near the target, and a short verdict.
    Returns the verdict ('clear', 'blocked', 'range')."""
    board = session.board
    t = cam.tile
    a = cam.centre_px(board.xy(shooter_cell))
    b = cam.centre_px(board.xy(target_cell))
    sees = session.can_see(shooter_cell, target_cell)
    far = reach_inches is not None and session.dist(shooter_cell, target_cell) > reach_inches
    clip = surface.get_clip()
    surface.set_clip(cam.view)
    if not sees:
        dashed_line(surface, (20, 10, 10), a, b, max(3, t // 10) + 2, t * 0.3, t * 0.2)
        dashed_line(surface, theme.DANGER, a, b, max(2, t // 10), t * 0.3, t * 0.2)
        verdict = "blocked"
    else:
        colour = SIGHT_OK if not far else theme.INK_FAINT
        pygame.draw.line(surface, (14, 14, 16), a, b, max(3, t // 12) + 2)
        pygame.draw.line(surface, colour, a, b, max(2, t // 12))
        verdict = "range" if far else "clear"
        for cell, kind in cover_cells(session, shooter_cell, target_cell):
            r = cam.cell_rect(*board.xy(cell))
            c = COVER_COLOURS[kind]
            pygame.draw.rect(surface, c, r.inflate(-2, -2), max(2, t // 10), border_radius=max(2, t // 8))
            if t >= 32:
                _letter(surface, "H" if kind == "heavy" else "L", (r.x + t * 0.22, r.y + t * 0.24),
                        max(11, int(t * 0.32)), c)
    surface.set_clip(clip)
    return verdict


def draw_blast(surface: pygame.Surface, cam: Camera, session, cell: int, radius: float, hits: list[int]) -> None:
    """A thrown weapon's blast: every cell within reach and sight of the landing cell, and the models it catches."""
    board = session.board
    w = board.width
    x, y = board.xy(cell)
    r = int(math.ceil(radius))
    cells = []
    for yy in range(y - r, y + r + 1):
        for xx in range(x - r, x + r + 1):
            if 0 <= xx < board.width and 0 <= yy < board.height:
                c = yy * w + xx
                if session.dist(cell, c) <= radius and board.sees(cell, c) and board.kind(c) != "wall":
                    cells.append(c)
    draw_cells(surface, cam, cells, w, theme.HEAT, 60, outline=False)
    t = cam.tile
    clip = surface.get_clip()
    surface.set_clip(cam.view)
    centre = cam.centre_px((x, y))
    pygame.draw.circle(surface, theme.HEAT, centre, max(5, t // 3), max(2, t // 10))
    for eid in hits:
        p = cam.centre_px(board.xy(session.cell(eid)))
        pygame.draw.circle(surface, theme.HEAT, p, t * 0.58, max(2, t // 12))
    surface.set_clip(clip)


# --- odds ------------------------------------------------------------------------------------------------------------

def pct(p) -> str:
    v = float(p) * 100
    if v <= 0:
        return "0%"
    if v < 0.1:
        return "<0.1%"
    if v > 99.9 and v < 100:
        return ">99.9%"
    if v >= 100:
        return "100%"
    return f"{v:.1f}%"


class OddsCard:
    """The floating card of an attack's exact odds, placed beside the target and kept inside the board."""

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._placed: tuple | None = None      # (what the place was found for, the place): kept while it holds

    def draw(self, surface: pygame.Surface, cam: Camera, preview: Preview, anchor: tuple[float, float],
             scale: float, avoid: tuple = ()) -> pygame.Rect:
        """`avoid`: screen points the card should not cover, the first being the attacker (the line from it to
        `anchor` is the line of fire)."""
        size = max(14, int(17 * scale))
        small = max(12, int(15 * scale))
        pad = int(10 * scale)
        lh = line_height(size)
        # wide enough for its title (a long gun's name), within reason
        width = max(int(300 * scale), min(int(440 * scale), text_size(preview.title, size, True)[0] + 2 * pad))
        lines = []
        for entry in self._lines(preview):
            if entry[0] in ("text", "small"):
                for part in wrap(entry[1], size if entry[0] == "text" else small, width - 2 * pad):
                    lines.append((entry[0], part, entry[2]))
            else:
                lines.append(entry)
        height = pad * 2 + line_height(size, True) + 4
        for kind, *_ in lines:
            height += {"text": lh, "small": line_height(small), "bar": lh + 2, "tri": lh * 2, "gap": lh // 2}[kind]
        key = (anchor, width, height, tuple(tuple(p) for p in avoid), tuple(cam.view), cam.tile)
        if self._placed is None or self._placed[0] != key:
            self._placed = (key, self._place(cam, anchor, width, height, avoid))
        rect = self._placed[1].copy()
        draw_panel(surface, rect, (30, 33, 38), theme.ACCENT, radius=8, shadow=True)
        y = rect.y + pad
        title = preview.title
        draw_text(surface, ellipsize(title, size, width - 2 * pad, True), (rect.x + pad, y), size, theme.INK, True)
        y += line_height(size, True) + 4
        bar_x = rect.x + pad + int(96 * scale)
        bar_w = rect.right - pad - bar_x - int(58 * scale)
        for kind, *args in lines:
            if kind == "text":
                text, colour = args
                draw_text(surface, ellipsize(text, size, width - 2 * pad), (rect.x + pad, y), size, colour)
                y += lh
            elif kind == "small":
                text, colour = args
                draw_text(surface, ellipsize(text, small, width - 2 * pad), (rect.x + pad, y), small, colour)
                y += line_height(small)
            elif kind == "bar":
                label, p, colour = args
                draw_text(surface, label, (rect.x + pad, y + 1), small, theme.INK_DIM)
                back = pygame.Rect(bar_x, y + lh // 4, bar_w, lh // 2)
                pygame.draw.rect(surface, (46, 50, 58), back, border_radius=3)
                fill = back.copy()
                fill.width = max(1 if p > 0 else 0, round(bar_w * float(p)))
                if fill.width:
                    pygame.draw.rect(surface, colour, fill, border_radius=3)
                draw_text(surface, pct(p), (rect.right - pad, y + 1), small, theme.INK, anchor="topright")
                y += lh + 2
            elif kind == "tri":
                win, tie, loss = args
                bar = pygame.Rect(rect.x + pad, y + 2, width - 2 * pad, lh - 4)
                x = bar.x
                for p, colour, letter in ((win, theme.GOOD, "W"), (tie, theme.INK_FAINT, "T"),
                                          (loss, theme.DANGER, "L")):
                    w = round(bar.width * float(p))
                    if w > 0:
                        seg = pygame.Rect(x, bar.y, w, bar.height)
                        pygame.draw.rect(surface, colour, seg)
                        if w > 14:
                            draw_text(surface, letter, seg.center, small, (18, 18, 20), True, anchor="center")
                        x += w
                pygame.draw.rect(surface, (14, 14, 16), bar, 1)
                y += lh
                text = f"Win {pct(win)}   Tie {pct(tie)}   Lose {pct(loss)}"
                draw_text(surface, text, (rect.x + pad, y), small, theme.INK)
                y += lh
            else:
                y += lh // 2
        self.rect = rect
        return rect

    @staticmethod
    def _place(cam: Camera, anchor, width: int, height: int, avoid) -> pygame.Rect:
        """The place nearest the target that covers none of `avoid` (the models and the line of fire the card
        explains, as points; the other panels over the board, as rectangles): right or left of it first, then
        anywhere on the view, nearest first; if nowhere is clear, the one that covers least."""
        ax, ay = anchor
        off = cam.tile * 0.9
        room = cam.view.inflate(-8, -8)
        points = [p for p in avoid if len(p) == 2] + [anchor]
        panels = [pygame.Rect(r).inflate(8, 8) for r in avoid if len(r) == 4]
        near = [(ax + off, ay - height / 2), (ax - off - width, ay - height / 2), (ax - width / 2, ay - off - height),
                (ax - width / 2, ay + off)]
        step = max(24, cam.tile)

        def grid():        # only when no place beside the target is clear
            yield from sorted(((x, y) for x in range(room.x, room.right - width + 1, step)
                               for y in range(room.y, room.bottom - height + 1, step)),
                              key=lambda p: (p[0] + width / 2 - ax) ** 2 + (p[1] + height / 2 - ay) ** 2)
        best = None
        for x, y in itertools.chain(near, grid()):
            rect = pygame.Rect(int(x), int(y), width, height)
            rect.clamp_ip(room)
            hits = sum(rect.collidepoint(p) for p in points) + 2 * len(rect.collidelistall(panels))
            if len(points) >= 2 and rect.clipline(points[0], points[-1]):
                hits += 1
            if hits == 0:
                return rect
            if best is None or hits < best[0]:
                best = (hits, rect)
        return best[1]

    def _lines(self, preview: Preview) -> list[tuple]:
        out = self._body(preview)
        if preview.warning:
            out.append(("small", preview.warning, theme.DANGER))
        return out

    def _body(self, preview: Preview) -> list[tuple]:
        out: list[tuple] = []
        calc = preview.calc
        if calc is None and preview.kind != "throw":
            return out
        if preview.kind == "swipes":
            for v in calc.dist:
                label = "no wound" if v == 0 else f"{v} wound{'s' if v > 1 else ''}"
                out.append(("bar", label, calc.dist[v], theme.INK_FAINT if v == 0 else theme.DANGER))
            down = calc.dist.at_least(calc.left)
            if down:
                out.append(("small", f"You go Downed and stay put: {pct(down)}", theme.DANGER))
            return out
        if preview.kind == "shoot":
            pool = calc.attacker
            cover = {"none": "in the open", "light": "light cover", "heavy": "heavy cover"}[preview.cover]
            out.append(("text", f"{pool.dice} dice, each {pool.need}+ is a wound ({cover})", theme.INK))
            parts = " + ".join(f"{label} {n}" for label, n in pool.parts)
            out.append(("small", parts, theme.INK_DIM))
            for v in calc.wounds_to_defender:
                label = "miss" if v == 0 else f"{v} wound{'s' if v > 1 else ''}"
                if preview.wounds_left and v >= preview.wounds_left:
                    label = f"{v} - destroyed" if v else label
                out.append(("bar", label, calc.wounds_to_defender[v], theme.GOOD if v else theme.INK_FAINT))
            for name, p in calc.chances.items():
                if name != "at least one hit":
                    out.append(("small", f"{name}: {pct(p)}", theme.ACCENT))
        elif preview.kind == "melee":
            a, d = calc.attacker, calc.defender
            out.append(("text", f"You roll {a.dice}, it rolls {d.dice}; {a.need}+ scores", theme.INK))
            parts = preview.parts or " + ".join(f"{label} {n}" for label, n in a.parts)
            out.append(("small", parts, theme.INK_DIM))
            out.append(("tri", calc.outcome["win"], calc.outcome["tie"], calc.outcome["loss"]))
            to_z = float(calc.wounds_to_defender.mean())
            to_s = float(calc.wounds_to_attacker.mean())
            out.append(("small", f"Expected wounds: to it {to_z:.2f}, to you {to_s:.2f}", theme.INK))
            destroyed = [(k, p) for k, p in calc.chances.items() if "destroyed" in k or "stunned" in k]
            for name, p in destroyed:
                out.append(("small", f"{name}: {pct(p)}", theme.ACCENT))
            if preview.attacker_left:
                down = calc.wounds_to_attacker.at_least(preview.attacker_left)
                if down:
                    out.append(("small", f"You go Downed: {pct(down)}", theme.DANGER))
        else:
            rows = preview.rows or []
            if not rows:
                out.append(("text", "Nobody is caught in the blast", theme.INK_DIM))
            for name, ally, calc_row, left in rows[:6]:
                if ally:
                    p = calc_row.wounds_to_defender.at_least(1)
                    out.append(("bar", ellipsize_name(name), p, theme.DANGER))
                else:
                    p = calc_row.wounds_to_defender.at_least(left)
                    out.append(("bar", ellipsize_name(name), p, theme.GOOD))
            if rows:
                out.append(("small", "bars: chance each zombie is destroyed, each ally is hurt", theme.INK_FAINT))
            out.append(("small", preview.heat_note + "; +1 per natural 1 you roll", theme.HEAT))
            return out
        heat = calc.heat
        noisy = ", ".join(f"+{v} {pct(p)}" for v, p in list(heat.items())[:4])
        weapon = f"{calc.weapon_heat} from the weapon, " if calc.weapon_heat else ""
        out.append(("gap",))
        out.append(("small", f"Heat ({weapon}+1 per natural 1):", theme.HEAT))
        out.append(("small", noisy, theme.HEAT))
        if preview.heat_note:
            out.append(("small", preview.heat_note, theme.HEAT))
        return out


def ellipsize_name(name: str) -> str:
    return name if len(name) <= 13 else name[:12] + "."


def mean_text(p: Fraction) -> str:
    return f"{float(p):.2f}"
