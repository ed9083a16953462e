"""Issue #11, settings: a wrongly typed or damaged settings.json never stops the game from starting; each bad value
falls back to its default with one warning naming the file and the field."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.content.loader import REPO_ROOT
from game.ui.widgets.settings import Settings, read_settings

BAD = {   # test id: (file text, the field the warning names)
    "window as a list": (json.dumps({"window": [1280, 720]}), "window"),
    "speed as a dict": (json.dumps({"speed": {}}), "speed"),
    "tooltips as a number": (json.dumps({"tooltips": 1}), "tooltips"),
    "deep nesting": ("[" * 100_000 + "]" * 100_000, "nested more than"),
    "a JSON list": ("[1, 2]", "expected a JSON object"),
    "not JSON": ("{ nonsense", "not valid JSON"),
    "an unknown key": (json.dumps({"zoom": 3}), "zoom"),
}


@pytest.mark.parametrize("text,field", BAD.values(), ids=BAD.keys())
def test_a_bad_settings_value_falls_back_to_its_default_with_a_warning(tmp_path, text, field):
    path = tmp_path / "settings.json"
    path.write_text(text)
    settings, warnings = read_settings(path)
    assert settings == Settings()
    assert len(warnings) == 1 and warnings[0].startswith(str(path)) and field in warnings[0]


def test_good_values_are_kept_beside_a_bad_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window": "1920x1080", "speed": [], "tooltips": False}))
    settings, warnings = read_settings(path)
    assert (settings.window, settings.speed, settings.tooltips) == ("1920x1080", "1x", False)
    assert len(warnings) == 1 and "speed" in warnings[0]


def test_no_settings_file_is_no_warning(tmp_path):
    assert read_settings(tmp_path / "settings.json") == (Settings(), [])


@pytest.mark.parametrize("name", ["window as a list", "deep nesting"])
def test_the_game_starts_with_a_wrongly_typed_settings_file(tmp_path, name):
    (tmp_path / "settings.json").write_text(BAD[name][0])
    out = subprocess.run([sys.executable, "main.py", "--screenshot", str(tmp_path / "menu.png")], cwd=REPO_ROOT,
                         env={"BT_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                              "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and (tmp_path / "menu.png").exists()
    assert out.stderr.startswith("warning: ") and "Traceback" not in out.stderr
