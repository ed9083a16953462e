"""The view the board opens on, at the start and at each Survivor Phase: the team and the nearest threats together.
The largest tile (no larger than the player's own zoom, no smaller than one where a figure still reads) that shows the
survivors and the two zombies nearest to them (or one, and a third when it fits too), off the minimap's corner; when
not even the nearest fits beside the team, the camera pans over the nearest two first and comes back
(`FightView.tour`)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.board.board_view import TILE_SIZES, Camera

THREATS = 3             # the nearest zombies the view tries to show with the team, fewer when they do not fit
MARGIN = 1.5            # cells of air round what is shown
READABLE = 16           # the smallest tile (at a 720 px high window) at which a figure still reads


@dataclass(frozen=True)
class FightView:
    tile: int
    centre: tuple[float, float]                     # the board point (cells) in the middle of the view
    shown: int                                      # threats in view
    tour: tuple[tuple[float, float], ...] = ()      # board points to pan over first, when no threat fits


def nearest_threats(s) -> list[tuple[int, int]]:
    """The zombies' cells, nearest to any standing survivor first (the distance a figure counts on the table)."""
    team = [s.xy(sv) for sv in s.survivors()]
    if not team:
        return []
    cells = [s.xy(z) for z in s.zombies()]
    return sorted(cells, key=lambda c: (min(max(abs(c[0] - x), abs(c[1] - y)) for x, y in team), c))


def _shows(cols: int, rows: int, view: pygame.Rect, avoid: pygame.Rect, tile: int, cells) -> tuple[float, float] | None:
    """The centre that shows every cell at this tile, clear of the view's edge and of `avoid`; None if none does."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    if ((max(xs) - min(xs) + 1 + 2 * MARGIN) * tile > view.width or
            (max(ys) - min(ys) + 1 + 2 * MARGIN) * tile > view.height):
        return None
    centre = ((min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2)
    cam = Camera(cols, rows, tile)
    cam.view = pygame.Rect(view)
    inside = view.inflate(-tile, -tile)
    under = avoid.inflate(tile // 2, tile // 2)
    w, h = avoid.width / tile, avoid.height / tile
    # as it is, else with what is shown moved down or left of the minimap (top right)
    for at in (centre, (centre[0], centre[1] - h), (centre[0] + w, centre[1]), (centre[0] + w, centre[1] - h)):
        cam.centre_on(*at)
        seen = [cam.centre_px(c) for c in cells]
        if all(inside.collidepoint(p) and not under.collidepoint(p) for p in seen):
            return at
    return None


def fight_view(s, view: pygame.Rect, avoid: pygame.Rect, most_tile: int, scale: float = 1.0) -> FightView:
    """Where the camera should look when the survivors' turn begins (`avoid`: the minimap's rectangle; `scale`: the
    window's, theme.scale)."""
    team = [s.xy(sv) for sv in s.survivors()]
    cols, rows = s.board.width, s.board.height
    if not team:
        return FightView(most_tile, (cols / 2, rows / 2), 0)
    threats = nearest_threats(s)
    least = min((t for t in TILE_SIZES if t >= READABLE * scale), default=max(TILE_SIZES))
    tiles = [t for t in sorted(TILE_SIZES, reverse=True) if least <= t <= most_tile] or [most_tile]
    for need in sorted({min(2, len(threats)), min(1, len(threats))} - {0}, reverse=True):
        for tile in tiles:           # the largest tile that shows `need` of the nearest, with as many more as fit
            for n in range(min(THREATS, len(threats)), need - 1, -1):
                centre = _shows(cols, rows, view, avoid, tile, team + threats[:n])
                if centre is not None:
                    return FightView(tile, centre, n)
    tour = tuple(threats[:2])        # none fits beside the team: a look at the nearest two first
    for tile in tiles:
        centre = _shows(cols, rows, view, avoid, tile, team)
        if centre is not None:
            return FightView(tile, centre, 0, tour)
    xs = [x for x, _ in team]
    ys = [y for _, y in team]
    return FightView(tiles[-1], ((min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2), 0, tour)
