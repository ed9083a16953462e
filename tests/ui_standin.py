"""A stand-in for the board screen, so menu and tool tests need not draw a whole game."""
from __future__ import annotations

import pygame
import pytest

from game.ui.launch import make_app
from game.ui.menus import setup
from game.ui.widgets.app import Scene
from game.world.saves import RecordingSession


class StandInGameScene(Scene):
    """GameScene's constructor with a real RecordingSession, nothing drawn."""
    instances: list = []

    def __init__(self, content, record, demo_level=None, speed=1.0):
        self.content, self.record, self.demo_level, self.speed = content, record, demo_level, speed
        self.game = RecordingSession(content, record)
        StandInGameScene.instances.append(self)


def use_stand_in(monkeypatch, home) -> None:
    """BT_HOME in `home` and the stand-in in place of the board where the setup screens open it."""
    monkeypatch.setenv("BT_HOME", str(home))
    monkeypatch.setattr(setup, "GameScene", StandInGameScene)
    StandInGameScene.instances = []


@pytest.fixture(name="app")
def stand_in_app(tmp_path, monkeypatch):
    """A headless window with the player's files in a temporary home and the stand-in board."""
    use_stand_in(monkeypatch, tmp_path)
    app = make_app((1280, 720), headless=True)
    yield app
    pygame.quit()
