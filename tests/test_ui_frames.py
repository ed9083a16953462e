"""The board screen's kept layers (widgets.layer_cache): a frame that reuses them, putting back only what the last
frame drew over, must show the same pixels as a frame drawn from nothing; and a still board must not be drawn again
every frame. Pixels are compared here because the pixels are what these caches promise."""
from __future__ import annotations

import pygame
import pytest

from game.content.loader import load_content
from game.ui.board.board_view import BoardView
from game.ui.board.game_scene import GameScene
from game.ui.widgets.app import App
from game.ui.widgets.layer_cache import Snapshot
from game.world.saves import GameRecord


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture
def board(content):
    app = App((1280, 720), headless=True)
    scene = GameScene(content, GameRecord("pharmacy_run", 3, tuple(content.scenarios["pharmacy_run"].team)))
    app.push(scene)
    for _ in range(3):
        app.step()
    yield app, scene
    scene.session.close()


def fresh(scene: GameScene, screen: pygame.Surface) -> bytes:
    """The same frame drawn from nothing: every kept layer dropped, drawn onto another surface."""
    for owner in (scene, scene.hud, scene.view):
        for layer in vars(owner).values():
            if isinstance(layer, Snapshot):
                layer._surf = None
    other = screen.copy()
    other.fill((255, 0, 255))
    scene.draw(other)
    return pygame.image.tobytes(other, "RGB")


def settle(app, frames: int = 4) -> None:
    for _ in range(frames):
        app.step()


def move(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    settle(app)


def test_frames_that_put_back_only_what_was_drawn_over_match_a_fresh_frame(board):
    app, scene = board
    s = scene.session
    cam = scene.view.cam
    steps = []
    zombie = s.zombies()[0]
    steps.append(lambda: move(app, cam.centre_px(s.xy(zombie))))                  # a zombie's forecast, its tip
    steps.append(lambda: move(app, cam.view.center))                              # the path under the pointer
    steps.append(lambda: (scene.hud.toast("A toast over the board"), settle(app)))
    steps.append(lambda: (scene.hud.float_text(s.xy(s.survivors()[0]), "-1", (200, 60, 60)), settle(app)))
    steps.append(lambda: settle(app, 200))                                        # the toast and floater gone
    steps.append(lambda: move(app, scene.hud.buttons[0].rect.center))             # an action button's tooltip
    steps.append(lambda: settle(app, 40))
    steps.append(lambda: move(app, (app.screen.get_width() - 40, app.screen.get_height() // 2)))   # the log
    for step in steps:
        step()
        shown = pygame.image.tobytes(app.screen, "RGB")
        assert shown == fresh(scene, app.screen)
        settle(app, 3)                    # back to frames that reuse the layers


def test_a_still_board_is_drawn_once_then_reused(board, monkeypatch):
    app, scene = board
    drawn = []
    real = BoardView.draw_models
    monkeypatch.setattr(BoardView, "draw_models", lambda self, *a, **k: (drawn.append(1), real(self, *a, **k)))
    scene.selected = None              # no pulsing ring round an active survivor
    settle(app, 30)
    assert len(drawn) <= 2             # drawn, then drawn once more while its picture is taken
