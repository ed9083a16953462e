"""The player's text size (Settings, theme.text_scale) reaches the board: name tags, the markers' names, the path's
label and the floaters grow with it, and the tags still never sit on each other. Driven through the real loop."""
from __future__ import annotations

import pytest

from game.content.loader import load_content
from game.ui.board import board_view, hud
from game.ui.board.board_view import BoardView
from game.ui.board.game_scene import GameScene
from game.ui.widgets import theme
from game.ui.widgets.app import App
from game.ui.widgets.settings import TEXT_SIZES
from game.world.saves import GameRecord

tag_img, text_img, tag = board_view._tag_img, hud._text_img, BoardView._tag      # before any test spies on them


@pytest.fixture(scope="module")
def content():
    return load_content()


def board_frame(content, monkeypatch, text_size: str) -> dict:
    """One frame of the start of Pharmacy Run (the team side by side) at this text size: what the tags, the
    floaters and the mat were drawn with."""
    monkeypatch.setattr(theme, "text_scale", TEXT_SIZES[text_size])
    seen = {"tags": {}, "placed": [], "floaters": []}

    def spy_tag(self, surface, centre, text, fill, placed):
        tag(self, surface, centre, text, fill, placed)
        seen["placed"] = placed
    monkeypatch.setattr(board_view, "_tag_img", lambda text, *a: seen["tags"].setdefault(text, tag_img(text, *a)))
    monkeypatch.setattr(hud, "_text_img", lambda *a: seen["floaters"].append(text_img(*a)) or seen["floaters"][-1])
    monkeypatch.setattr(BoardView, "_tag", spy_tag)
    app = App((1280, 720), headless=True)
    scene = GameScene(content, GameRecord("pharmacy_run", 3, tuple(content.scenarios["pharmacy_run"].team)))
    app.push(scene)
    s = scene.session
    scene._lay((1280, 720))                  # the opening view, then the tile at which the tags show
    scene.view.cam.tile = 32
    scene.view.cam.centre_on(*(v + 0.5 for v in s.xy(s.survivors()[0])))
    scene.hud.float_text(s.xy(s.survivors()[0]), "-1", theme.DANGER)
    app.step()
    seen["mat"] = scene.view.static.surface(scene.view.cam.tile)
    scene.session.close()
    return seen


def test_large_text_makes_the_boards_words_bigger(content, monkeypatch):
    normal = board_frame(content, monkeypatch, "normal")
    large = board_frame(content, monkeypatch, "large")
    assert normal["tags"] and large["tags"] and normal["floaters"] and large["floaters"]
    for text, img in normal["tags"].items():           # every name tag, wider and no shorter
        assert large["tags"][text].get_width() > img.get_width(), text
        assert large["tags"][text].get_height() >= img.get_height(), text
    assert large["floaters"][0].get_height() > normal["floaters"][0].get_height()
    assert large["mat"] is not normal["mat"]           # the markers' names are drawn again at the new size


def test_large_name_tags_never_sit_on_each_other(content, monkeypatch):
    placed = board_frame(content, monkeypatch, "large")["placed"]
    assert len(placed) >= 4                             # the team starts side by side
    assert not any(a.colliderect(b) for i, a in enumerate(placed) for b in placed[i + 1:])
