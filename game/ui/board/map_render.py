"""A map file drawn for its designer: the city mat as the board draws it, every marker on it (search tokens and the
zombies on the board at the start included, which the board draws only in a game), a title and a key.

    python main.py map maps/pharmacy_run.yaml --screenshot pharmacy.png [--tile 24]
"""
from __future__ import annotations

import os
from pathlib import Path

from game.content.defs import MapDef

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.ui.board.board_view import Sprites, StaticBoard  # noqa: E402
from game.ui.widgets import theme  # noqa: E402
from game.ui.widgets.app import write_png  # noqa: E402
from game.ui.widgets.controls import draw_text, text_size  # noqa: E402

KEY = (("Start", "SURVIVOR"), ("Exit", "GOOD"), ("Objective", "ACCENT"), ("Search", "INK"),
       ("Spawn (S minor, M major)", "HEAT"), ("Zombie at the start", "ZOMBIE"))


def render_map(mapdef: MapDef, tile: int = 24) -> pygame.Surface:
    """The map at `tile` pixels per inch under a title strip, with a key below."""
    board = StaticBoard(mapdef, Sprites()).surface(tile)
    head, foot = max(34, tile + 10), max(30, tile + 6)
    small = max(12, tile // 2)
    key_w = 8 + sum(small + text_size(word, small)[0] + small for word, _ in KEY)
    # a 16x16 tile is narrower than the key: widen the picture rather than cut the key off
    out = pygame.Surface((max(board.get_width(), key_w), board.get_height() + head + foot))
    out.fill(theme.BG)
    size = max(14, tile // 2 + 4)
    draw_text(out, f"{mapdef.name}  ({mapdef.id}, {mapdef.width}x{mapdef.height})", (8, head // 2), size,
              theme.INK, True, anchor="midleft")
    out.blit(board, (0, head))
    for m in mapdef.markers:           # what a game draws itself: the search tokens and the starting zombies
        r = pygame.Rect(m.x * tile, head + m.y * tile, tile, tile)
        if m.kind == "search":
            pygame.draw.rect(out, theme.INK, r.inflate(-tile // 3, -tile // 3), max(1, tile // 10))
            draw_text(out, "?", r.center, max(10, tile // 2), theme.INK, True, anchor="center")
        elif m.kind == "zombie":
            pygame.draw.circle(out, theme.ZOMBIE, r.center, tile // 3)
    x, y = 8, head + board.get_height() + foot // 2
    for word, colour in KEY:
        pygame.draw.rect(out, getattr(theme, colour), pygame.Rect(x, y - small // 3, small // 1.5, small // 1.5))
        x = draw_text(out, word, (x + small, y), small, theme.INK_DIM, anchor="midleft").right + small
    return out


def save_map_png(mapdef: MapDef, path: Path, tile: int = 24) -> None:
    """Render headless (the SDL dummy driver) and write a PNG (app.write_png: atomically; OSError when it did not
    reach the disk)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    write_png(render_map(mapdef, tile), path)
