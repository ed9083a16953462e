"""The horde's telegraph on the board: where each zombie will walk in the next Director Phase and whom it will reach
(game.world.intent). One zombie's intent shows while the pointer is on it; Z shows every zombie's. While they show, a
legend says what each line and mark means, the engagement lines to a survivor too."""
from __future__ import annotations

import math

import pygame

from game.ui.board.board_view import Camera
from game.ui.board.overlays import dashed_line
from game.ui.widgets import theme
from game.ui.widgets.controls import draw_panel, draw_text, line_height, text_size
from game.world.intent import Intent

WALKS = (214, 150, 96)               # a walk that reaches no one (one that does is in theme.DANGER)


def draw_intents(surface: pygame.Surface, cam: Camera, session, intents: list[Intent], xy_of,
                 strong: bool = False) -> None:
    """Each intent as a trail to where the zombie stops, an arrowhead there, and a ring round the survivor it
    reaches. `strong`: the hovered zombie's, dashed and bolder; the others are plain thin lines (every zombie's at
    once must stay cheap to draw)."""
    t = cam.tile
    clip = surface.get_clip()
    surface.set_clip(cam.view)
    width = max(2, t // (7 if strong else 14))
    board_xy = session.board.xy
    for intent in intents:
        if intent.action != "move" or not intent.path:
            continue
        colour = theme.DANGER if intent.engages is not None else WALKS
        start, end = cam.centre_px(xy_of(intent.zombie)), cam.centre_px(board_xy(intent.path[-1]))
        if not strong and not (cam.view.collidepoint(start) or cam.view.collidepoint(end)):
            continue
        pts = [start] + [cam.centre_px(board_xy(c)) for c in intent.path]
        if strong:
            for a, b in zip(pts, pts[1:], strict=False):
                dashed_line(surface, (16, 12, 12), (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), width,
                            t * 0.22, t * 0.12)
                dashed_line(surface, colour, a, b, width, t * 0.22, t * 0.12)
        else:
            pygame.draw.lines(surface, (16, 12, 12), False, [(x + 1, y + 1) for x, y in pts], width + 1)
            pygame.draw.lines(surface, colour, False, pts, width)
        _arrowhead(surface, pts[-2], pts[-1], colour, t * (0.34 if strong else 0.24))
        if intent.engages is not None:
            pygame.draw.circle(surface, theme.DANGER, cam.centre_px(xy_of(intent.engages)), t * 0.62,
                               max(2, t // 10))
    surface.set_clip(clip)


def _arrowhead(surface, a, b, colour, size: float) -> None:
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    left = (b[0] - size * math.cos(angle - 0.5), b[1] - size * math.sin(angle - 0.5))
    right = (b[0] - size * math.cos(angle + 0.5), b[1] - size * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, (16, 12, 12), [(x + 1, y + 1) for x, y in (b, left, right)])
    pygame.draw.polygon(surface, colour, (b, left, right))


# --- the legend: every line and mark the horde's telegraph draws, in our words --------------------------------------

LEGEND = {
    "walk": "Where it walks next Director Phase",
    "reach": "A walk that ends on a survivor: it attacks them",
    "ring": "The survivor that walk reaches",
    "hovered": "Dashed: the zombie under the pointer",
    "engaged": "Engaged now: it attacks this survivor next phase",
    "feeding": "Dashed red: feeding on a Downed survivor",
}


def legend_rows(intents: list[Intent], strong: bool, engaged: bool, feeding: bool) -> list[str]:
    """The legend's rows for what is drawn: the intents on show (`strong`: one is the hovered zombie's) and the
    engagement lines on the board (`feeding`: one of them to a Downed survivor)."""
    walks = [i for i in intents if i.action == "move" and i.path]
    if not walks and not intents:
        return []
    rows = ["walk"] if any(i.engages is None for i in walks) else []
    rows += ["reach", "ring"] if any(i.engages is not None for i in walks) else []
    rows += ["hovered"] if strong and walks else []
    rows += ["engaged"] if engaged else []
    rows += ["feeding"] if feeding else []
    return rows


def _sample(surface: pygame.Surface, row: str, rect: pygame.Rect, s: float) -> None:
    """The mark itself, small, as the board draws it."""
    a, b = (rect.x + 2, rect.centery), (rect.right - 4, rect.centery)
    w = max(2, int(2 * s))
    if row in ("walk", "reach"):
        colour = WALKS if row == "walk" else theme.DANGER
        pygame.draw.line(surface, colour, a, b, w)
        _arrowhead(surface, a, b, colour, 8 * s)
    elif row == "ring":
        pygame.draw.circle(surface, theme.DANGER, rect.center, rect.height // 2 - 1, max(2, int(2 * s)))
    elif row == "hovered":
        dashed_line(surface, WALKS, a, b, w + 1, 6 * s, 4 * s)
    elif row == "engaged":
        pygame.draw.line(surface, theme.DANGER, a, b, w + 1)
        k = 4 * s
        mx, my = rect.center
        pygame.draw.polygon(surface, theme.DANGER, [(mx, my - k), (mx + k, my), (mx, my + k), (mx - k, my)])
        pygame.draw.polygon(surface, (250, 230, 220), [(mx, my - k), (mx + k, my), (mx, my + k), (mx - k, my)], 1)
    elif row == "feeding":
        dashed_line(surface, theme.DANGER, a, b, w, 6 * s, 4 * s)


_legends: dict[tuple, pygame.Surface] = {}       # the legend's picture per (rows, scale, palette, text size)


def draw_legend(surface: pygame.Surface, panels, rows: list[str], s: float) -> pygame.Rect:
    """The legend of the rows given, in a small panel where `panels` (game.ui.board.board_panels) finds room."""
    key = (tuple(rows), s, theme.palette, theme.text_scale)
    picture = _legends.get(key)
    if picture is None:
        if len(_legends) > 16:
            _legends.clear()
        picture = _legends[key] = _legend_picture(rows, s)
    b = panels.board
    w, h = picture.get_size()
    rect = panels.place("legend", (w, h), [(b.x + int(10 * s), b.bottom - h - int(12 * s)),
                                           (b.x + int(10 * s), b.y + int(10 * s))], down=False)
    surface.blit(picture, rect)
    return rect


def _legend_picture(rows: list[str], s: float) -> pygame.Surface:
    size = max(12, int(13 * s))
    pad = int(8 * s)
    mark = int(30 * s)
    lh = line_height(size) + int(3 * s)
    title = "THE HORDE'S NEXT MOVES"
    w = pad * 2 + max(text_size(title, size - 1, True)[0], mark + int(6 * s) + max(text_size(LEGEND[r], size)[0]
                                                                                  for r in rows))
    picture = pygame.Surface((w, pad * 2 + lh * (len(rows) + 1)), pygame.SRCALPHA)
    rect = picture.get_rect()
    draw_panel(picture, rect, (24, 26, 30), theme.PANEL_EDGE, radius=int(6 * s))
    draw_text(picture, title, (pad, pad), size - 1, theme.INK_FAINT, True)
    y = pad + lh
    for row in rows:
        _sample(picture, row, pygame.Rect(pad, y, mark, lh - int(3 * s)), s)
        draw_text(picture, LEGEND[row], (pad + mark + int(6 * s), y), size, theme.INK_DIM)
        y += lh
    return picture
