"""The dark of a night (a scenario's own sight limit) or a blackout: the mat goes dark but for the cells some
survivor can see, so the player reads at a glance how short sight is and what lies beyond it."""
from __future__ import annotations

import pygame

from game.rules.geometry import distance_half

DARK = (6, 10, 26)
DARK_ALPHA = 170


def lit_cells(session, sight: float) -> frozenset[int]:
    """Every cell some survivor on the board sees tonight: within `sight` inches and not behind a wall."""
    board = session.board
    reach = int(sight)
    lit = set()
    for who in session.survivors():
        eye = session.cell(who)
        ex, ey = board.xy(eye)
        for y in range(max(0, ey - reach), min(board.height, ey + reach + 1)):
            for x in range(max(0, ex - reach), min(board.width, ex + reach + 1)):
                cell = y * board.width + x
                if cell not in lit and distance_half(ex, ey, x, y) <= sight * 2 and board.sees(eye, cell, sight):
                    lit.add(cell)
    return frozenset(lit)


class NightLayer:
    """The darkness over the mat, kept as one picture of the whole board while the lit cells and the zoom stay."""

    def __init__(self):
        self._key: tuple | None = None
        self._picture: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, cam, session) -> None:
        sight = session.sight_range()
        if sight is None:
            return
        board = session.board
        # what the lit cells follow from: where the survivors stand, the doors, the sight (a walk redraws every frame)
        key = (tuple(session.cell(w) for w in session.survivors()), board.version, sight, cam.tile)
        if key != self._key:
            lit = lit_cells(session, sight)
            self._picture = self._render(lit, board.width, board.height, cam.tile)
            self._key = key
        area, dest = cam.board_area()
        surface.blit(self._picture, dest, area)

    @staticmethod
    def _render(lit: frozenset[int], width: int, height: int, tile: int) -> pygame.Surface:
        """One pixel a cell, then smoothly scaled up: the edge of the light fades over a cell instead of stepping."""
        cells = pygame.Surface((width, height), pygame.SRCALPHA)
        cells.fill((*DARK, DARK_ALPHA))
        for cell in lit:
            cells.set_at((cell % width, cell // width), (*DARK, 0))
        return pygame.transform.smoothscale(cells, (width * tile, height * tile))
