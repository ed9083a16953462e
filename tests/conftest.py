"""Shared test set-up. The UI tests run headless: SDL's dummy video and audio drivers, chosen before pygame is
imported anywhere."""
import atexit
import os
import shutil
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Whatever a test writes without the `home` fixture (a save, settings) goes to a folder of the test run's own, never
# the player's ~/.borrowed_time.
os.environ["BT_HOME"] = tempfile.mkdtemp(prefix="bt-tests-")
atexit.register(shutil.rmtree, os.environ["BT_HOME"], True)

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
