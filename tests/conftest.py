"""Shared test set-up. The UI tests run headless: SDL's dummy video and audio drivers, chosen before pygame is
imported anywhere."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402  (after the drivers are chosen)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Settings and saves in a temporary folder (BT_HOME), never the player's own."""
    monkeypatch.setenv("BT_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def scenes():
    """Every board a test opens, closed afterwards (each game's session owns an esper world)."""
    opened: list = []
    yield opened
    for sc in opened:
        sc.session.close()
