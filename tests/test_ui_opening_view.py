"""The board opens on the fight: in every scenario, at both window sizes, the first view shows the whole team and
the zombie nearest to it (clear of the minimap's corner), with a second when both fit at a tile a figure still reads;
and when the turn comes back after a Director Phase the view frames them again. The player's own zoom is the most
the framing zooms in."""
from __future__ import annotations

import pygame
import pytest

from game.content.loader import load_content
from game.ui.board.game_scene import GameScene
from game.ui.board.opening_view import nearest_threats
from game.ui.board.report_card import ReportCard
from game.ui.widgets.app import App
from game.ui.widgets.controls import Dialog
from game.world.saves import GameRecord
from tests.screen_player import press

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def content():
    return load_content()


def settle(app, board) -> None:
    for _ in range(600):
        if board.view.cam.goal is None and not board._tour:
            return
        app.step()
    raise AssertionError("the camera never came to rest")


def in_view(board, xy) -> bool:
    p = board.view.cam.centre_px(xy)
    return board.view.cam.view.collidepoint(p) and not board.minimap.rect.collidepoint(p)


def open_board(content, scenes, scenario, size):
    app = App(size, headless=True)
    board = GameScene(content, GameRecord(scenario, 1, tuple(content.scenarios[scenario].team)))
    scenes.append(board)
    app.push(board)
    app.step()
    settle(app, board)
    return app, board


def shown(board) -> int:
    """How many of the nearest zombies are in view, counted from the nearest (the team must all be)."""
    s = board.session
    assert all(in_view(board, s.xy(sv)) for sv in s.survivors())
    n = 0
    for xy in nearest_threats(s):
        if not in_view(board, xy):
            break
        n += 1
    return n


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scenario", sorted(load_content().scenarios))
def test_the_first_view_shows_the_team_and_the_nearest_threats(content, scenes, scenario, size):
    app, board = open_board(content, scenes, scenario, size)
    assert shown(board) >= 1
    if size == (1280, 720):          # at 720 px a 16 px figure still reads: two fit on every board
        assert shown(board) >= 2


def test_each_survivor_phase_opens_on_the_fight_again(content, scenes):
    app, board = open_board(content, scenes, "lost_and_found", (1280, 720))
    board.view.cam.centre_on(0, 0)               # the player looked elsewhere
    press(app, pygame.K_4)                       # the Director's turn at instant speed
    press(app, pygame.K_RETURN)                  # End Turn
    if isinstance(app.scene, Dialog):
        press(app, pygame.K_e)
    for _ in range(600):
        if board.session.round == 2 and board.session.phase == "survivor":
            break
        app.step()
    if isinstance(app.scene, ReportCard):
        press(app, pygame.K_SPACE)
    settle(app, board)
    assert board.session.round == 2 and shown(board) >= 1


def test_the_framing_never_zooms_in_past_the_players_choice(content, scenes):
    app, board = open_board(content, scenes, "cold_chain", (1920, 1080))
    press(app, pygame.K_MINUS)                   # the player zooms out
    chosen = board.view.cam.tile
    board.frame_fight()
    assert board.view.cam.tile <= chosen and board.own_tile == chosen
