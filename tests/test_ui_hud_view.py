"""The HUD sees the game through a read-only view (board.hud_view) that the board screen builds each frame: it can
read what it draws and hand the player's clicks back to the scene, and nothing else."""
from __future__ import annotations

import pygame
import pytest

from game.content.loader import load_content
from game.ui.board.game_scene import GameScene
from game.ui.board.hud import Hud
from game.ui.board.hud_view import GameView, HudView
from game.ui.widgets.app import App
from game.world.components import Inventory, Turn
from game.world.saves import GameRecord
from game.world.session import Session


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture
def board(content):
    app = App((1280, 720), headless=True)
    scene = GameScene(content, GameRecord("pharmacy_run", 3, tuple(content.scenarios["pharmacy_run"].team)))
    app.push(scene)
    app.step()
    yield app, scene
    scene.session.close()


def test_the_view_answers_questions_and_offers_no_way_to_act(board):
    _, scene = board
    s = scene.session
    view = GameView(s)
    who = s.survivors()[0]
    assert view.name(who) == s.name(who) and view.heat == s.heat and view.survivors() == s.survivors()
    for power in ("submit", "board", "world", "place_zombie", "events", "dice", "close"):
        assert not hasattr(view, power), power
    with pytest.raises(AttributeError):
        view.heat = 99
    turn = view.comp(who, Turn)
    turn.ap = 99                                     # a copy: the game's own is untouched
    view.comp(who, Inventory).gear.clear()
    assert s.comp(who, Turn).ap != 99 and s.comp(who, Inventory).gear
    assert GameView(s) == view                      # kept layers key on it, frame after frame


def test_the_hud_is_handed_the_view_never_the_session_or_the_scene(board, monkeypatch):
    app, scene = board
    handed = []
    for name in ("draw_top", "draw_right", "add_roll"):
        real = getattr(Hud, name)
        monkeypatch.setattr(Hud, name, lambda self, *a, _real=real, **k: (handed.extend(a), _real(self, *a, **k))[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.view.cam.view.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(3):
        app.step()
    assert any(isinstance(a, HudView) for a in handed) and any(isinstance(a, GameView) for a in handed)
    assert not any(isinstance(a, (Session, GameScene)) for a in handed)


def test_a_click_on_the_team_strip_goes_back_through_the_scene(board):
    app, scene = board
    s = scene.session
    second = s.survivors()[1]
    rect = next(r for r, fn, tip in scene.hud.hotspots if fn is not None and tip.startswith(s.name(second) + ":"))
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        data = dict(pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)) if kind == pygame.MOUSEMOTION else \
            dict(pos=rect.center, button=1)
        pygame.event.post(pygame.event.Event(kind, **data))
    app.step()
    assert scene.selected == second and s.active == second        # the scene started their turn
