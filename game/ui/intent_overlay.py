"""The horde's telegraph on the board: where each zombie will walk in the next Director Phase and whom it will reach
(game.world.intent). One zombie's intent shows while the pointer is on it; Z shows every zombie's."""
from __future__ import annotations

import math

import pygame

from game.ui import theme
from game.ui.board_view import Camera
from game.ui.overlays import dashed_line
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
