"""A stand-in for the board screen, so menu and tool tests need not draw a whole game."""
from __future__ import annotations

from game.ui import setup
from game.ui.app import Scene
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
