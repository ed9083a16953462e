"""A night on screen (board.night): the mat goes dark beyond what the survivors can see, and only where the rules
limit sight (a night scenario, a blackout)."""
from __future__ import annotations

import pygame
import pytest

from game.content.loader import load_content
from game.rules.geometry import distance_half
from game.ui.board.game_scene import GameScene
from game.ui.board.night import NightLayer, lit_cells
from game.ui.widgets.app import App
from game.world.saves import GameRecord


@pytest.fixture(scope="module")
def content():
    return load_content()


def open_board(content, scenario: str, scenes):
    app = App((1280, 720), headless=True)
    scene = GameScene(content, GameRecord(scenario, 3, tuple(content.scenarios[scenario].team)))
    scenes.append(scene)
    app.push(scene)
    app.step()
    return scene


def test_lit_cells_are_those_in_range_and_sight_of_a_survivor(content, scenes):
    s = open_board(content, "night_shift", scenes).session
    sight = s.sight_range()
    assert sight == content.scenarios["night_shift"].sight
    lit = lit_cells(s, sight)
    eyes = [s.cell(w) for w in s.survivors()]
    board = s.board
    for cell in range(board.size):
        x, y = board.xy(cell)
        seen = any(distance_half(*board.xy(e), x, y) <= 2 * sight and board.sees(e, cell, sight) for e in eyes)
        assert (cell in lit) == seen, board.xy(cell)
    assert 0 < len(lit) < board.size // 4


def test_the_dark_covers_unseen_cells_and_spares_the_seen(content, scenes):
    scene = open_board(content, "night_shift", scenes)
    s, cam = scene.session, scene.view.cam
    lit = lit_cells(s, s.sight_range())
    w = s.board.width
    on_screen = [c for c in range(w, s.board.size - w) if 0 < c % w < w - 1
                 and cam.view.contains(cam.cell_rect(c % w, c // w))]
    # a seen cell whose eight neighbours are seen too (the fade reaches one cell in), and an unseen one likewise
    inner = next(c for c in on_screen if all(c + d in lit for d in (-1, 1, -w, w)))
    dark = next(c for c in on_screen if all(c + d not in lit for d in (0, -1, 1, -w, w)))
    canvas = pygame.Surface(scene.app.screen.get_size())
    canvas.fill((255, 255, 255))
    NightLayer().draw(canvas, cam, s)

    def shade(cell):
        r = cam.cell_rect(cell % w, cell // w)
        return canvas.get_at((int(r.centerx), int(r.centery)))[:3]

    assert shade(inner) == (255, 255, 255)
    assert sum(shade(dark)) < 3 * 120


def test_no_dark_where_sight_is_not_limited(content, scenes):
    scene = open_board(content, "pharmacy_run", scenes)
    canvas = pygame.Surface(scene.app.screen.get_size())
    canvas.fill((255, 255, 255))
    NightLayer().draw(canvas, scene.view.cam, scene.session)
    assert pygame.transform.average_color(canvas)[:3] == (255, 255, 255)
