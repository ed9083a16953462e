"""The whole board in a corner: walls and ground, survivors, zombies, spawn points and the objective, the rectangle
the view shows, and a ping where the Director just acted. A click or drag on it moves the view there."""
from __future__ import annotations

import pygame

from game.ui.board.board_view import GROUND, Camera, StaticBoard
from game.ui.widgets import theme
from game.ui.widgets.controls import draw_panel
from game.world.horde import objective_cells

SPAWN = (176, 120, 214)          # spawn points: hollow purple squares (zombies are filled red dots)
PING_SECONDS = 1.6


class Minimap:
    def __init__(self, static: StaticBoard):
        self.static = static
        self.rect = pygame.Rect(0, 0, 0, 0)         # where it was last drawn (for clicks)
        self._ground: tuple[int, pygame.Surface] | None = None
        self.pings: list[list] = []                 # [cell xy, age, colour]
        self.cell = 1                               # pixels per board cell, as last placed
        self.inner = pygame.Rect(0, 0, 0, 0)        # the board's picture inside the frame
        self._kept: tuple | None = None             # (key, picture, where): the minimap as last drawn

    def ping(self, xy: tuple[int, int], colour=theme.DANGER) -> None:
        self.pings.append([xy, 0.0, colour])

    def update(self, dt: float) -> None:
        for p in self.pings:
            p[1] += dt
        self.pings = [p for p in self.pings if p[1] < PING_SECONDS]

    def place(self, board: pygame.Rect, s: float) -> pygame.Rect:
        """Top-right corner of the board area, at most about a fifth of its width."""
        m = self.static.map
        side = max(96, min(int(board.width * 0.19), int(board.height * 0.34), int(200 * s)))
        self.cell = max(1, side // max(m.width, m.height))
        pad = max(3, int(4 * s))
        self.inner = pygame.Rect(0, 0, self.cell * m.width, self.cell * m.height)
        self.inner.topright = (board.right - pad - int(8 * s), board.y + pad + int(8 * s))
        self.rect = self.inner.inflate(2 * pad, 2 * pad)
        return self.rect

    def _ground_image(self, cell: int) -> pygame.Surface:
        if self._ground is not None and self._ground[0] == cell:
            return self._ground[1]
        m = self.static.map
        img = pygame.Surface((m.width * cell, m.height * cell))
        for i, kind in enumerate(m.terrain):
            style = self.static.style(i)
            colour = GROUND.get(style, GROUND["street"])
            if kind == "wall":
                colour = (40, 36, 34)
            elif kind in ("heavy", "light"):
                colour = tuple(min(255, c + 18) for c in colour)
            img.fill(colour, (i % m.width * cell, i // m.width * cell, cell, cell))
        self._ground = (cell, img)
        return img

    def draw(self, surface: pygame.Surface, session, cam: Camera, board: pygame.Rect, s: float) -> None:
        r = self.place(board, s)
        # everything but the pings, kept while no model moves, no door changes and the view stays put
        key = (id(session), session.occupant.version, session.board.version, len(session.ground), cam.x, cam.y,
               cam.tile, tuple(cam.view), tuple(r), theme.palette)
        if self._kept is None or self._kept[0] != key:
            area = r.inflate(8, 8)                 # room for the panel's shadow
            picture = pygame.Surface(area.size, pygame.SRCALPHA)
            self.rect, self.inner = r.move(-area.x, -area.y), self.inner.move(-area.x, -area.y)
            self._draw(picture, session, cam, s)   # drawn at the picture's own origin, then put back in place
            self.rect, self.inner = r, self.inner.move(area.x, area.y)
            self._kept = (key, picture, area)
        surface.blit(self._kept[1], self._kept[2])
        self._draw_pings(surface)

    def _draw(self, surface: pygame.Surface, session, cam: Camera, s: float) -> None:
        r = self.rect
        m, cell, inner = self.static.map, self.cell, self.inner
        draw_panel(surface, r, (18, 20, 24), theme.PANEL_EDGE, radius=max(3, int(5 * s)), width=1, shadow=True)
        surface.blit(self._ground_image(cell), inner.topleft)

        def at(xy) -> tuple[int, int]:
            return inner.x + xy[0] * cell + cell // 2, inner.y + xy[1] * cell + cell // 2

        dot = max(2, cell)
        for mk in m.markers:
            if mk.kind in ("spawn_minor", "spawn_major"):
                box = pygame.Rect(0, 0, dot * 2 + 1, dot * 2 + 1)
                box.center = at((mk.x, mk.y))
                pygame.draw.rect(surface, SPAWN, box, 1 if mk.kind == "spawn_minor" else 2)
        for c in objective_cells(session):
            pygame.draw.circle(surface, theme.ACCENT, at(session.board.xy(c)), dot)
        for z in session.zombies():
            pygame.draw.circle(surface, theme.DANGER, at(session.xy(z)), max(1, dot - 1))
        for sv in session.survivors():
            pygame.draw.circle(surface, (12, 14, 16), at(session.xy(sv)), dot + 1)
            pygame.draw.circle(surface, theme.SURVIVOR, at(session.xy(sv)), dot)
        # the view: the part of the board the screen shows
        fx, fy = cam.x / cam.tile, cam.y / cam.tile
        view = pygame.Rect(inner.x + round(fx * cell), inner.y + round(fy * cell),
                           round(cam.view.width / cam.tile * cell), round(cam.view.height / cam.tile * cell))
        clip = surface.get_clip()
        surface.set_clip(inner)
        pygame.draw.rect(surface, theme.INK, view, 1)
        surface.set_clip(clip)

    def _draw_pings(self, surface: pygame.Surface) -> None:
        cell, inner = self.cell, self.inner
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for (x, y), age, colour in self.pings:
            u = age / PING_SECONDS
            centre = (inner.x + x * cell + cell // 2, inner.y + y * cell + cell // 2)
            pygame.draw.circle(surface, colour, centre, int(max(2, cell) * 2 + u * cell * 6),
                               max(1, int(2 * (1 - u)) + 1))
        surface.set_clip(clip)

    def cell_at(self, pos) -> tuple[float, float] | None:
        """The board point (in cells) under a screen position on the minimap, or None."""
        if not self.rect.collidepoint(pos):
            return None
        m = self.static.map
        x = (pos[0] - self.inner.x) / self.cell
        y = (pos[1] - self.inner.y) / self.cell
        return max(0.0, min(m.width - 0.01, x)), max(0.0, min(m.height - 0.01, y))
