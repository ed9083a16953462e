"""Settings, Keys: the action bar's keys changed through the screen, kept in the settings, used by the board."""
from __future__ import annotations

import json

import pygame
import pytest

from game.content.loader import load_content
from game.ui.board.game_scene import GameScene
from game.ui.menus.keys_screen import KeysScene
from game.ui.menus.settings_screen import SettingsScene
from game.ui.widgets.app import App
from game.ui.widgets.keymap import DEFAULTS, assign, keys_problem, player_keys
from game.ui.widgets.settings import read_settings, settings_path
from game.world.saves import GameRecord


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step()


def test_a_key_taken_by_another_action_swaps_and_a_board_key_is_refused():
    keys = assign(dict(DEFAULTS), "melee", pygame.K_k)          # K is Work Objective's
    assert keys["melee"] == pygame.K_k and keys["work"] == DEFAULTS["melee"]
    with pytest.raises(ValueError, match="pans"):
        assign(keys, "melee", pygame.K_w)
    assert keys_problem({"melee": "w"}) and keys_problem({"dance": "q"}) and keys_problem({"melee": "nokey"})
    assert keys_problem({"melee": "k", "work": "f"}) is None
    assert keys_problem({"melee": "k"}) == "two actions share one key"


def test_keys_changed_on_the_screen_are_saved_and_the_board_answers_to_them(home):
    app = App((1280, 720), headless=True)
    app.push(SettingsScene())
    app.step()
    press(app, pygame.K_k)                                       # Settings: Keys
    screen = app.scene
    assert isinstance(screen, KeysScene)
    screen.list.selected = list(DEFAULTS).index("melee")
    press(app, pygame.K_RETURN)                                  # listen for Melee's new key
    assert screen.waiting == "melee"
    press(app, pygame.K_UP)                                      # the board pans with it: refused
    assert screen.note_bad and "pans" in screen.note and screen.keys["melee"] == DEFAULTS["melee"]
    press(app, pygame.K_RETURN)
    press(app, pygame.K_k)
    assert json.loads(settings_path().read_text())["keys"] == {"melee": "k", "work": "f"}
    assert read_settings()[0].keys == {"melee": "k", "work": "f"}
    content = load_content()
    board = GameScene(content, GameRecord("pharmacy_run", 3, tuple(content.scenarios["pharmacy_run"].team)))
    try:
        assert board.keymap == player_keys({"melee": "k", "work": "f"})
        assert next(b for b in board.hud.buttons if b.spec.key == "melee").key == pygame.K_k
        app.push(board)
        app.step()
        pressed = []
        board.on_action = pressed.append
        press(app, pygame.K_k)
        press(app, pygame.K_f)
        assert pressed == ["melee", "work"]
    finally:
        board.session.close()


def test_the_colour_blind_palette_and_the_text_size_apply_to_every_screen_at_once(home):
    from game.ui.widgets import theme
    from game.ui.widgets.controls import ui_scale
    from game.ui.widgets.settings import Settings, apply_look
    standard = (theme.DANGER, theme.GOOD)
    try:
        apply_look(Settings(palette="clear", text_size="large"))
        assert (theme.DANGER, theme.GOOD) != standard
        # danger and safety stay apart for red-green colour blindness: they differ in the blue channel, not only
        # in red against green
        assert abs(theme.DANGER[2] - theme.GOOD[2]) > 100
        assert ui_scale(1280, 720) > 1.0 and theme.scale(720) > 1.0
    finally:
        apply_look(Settings())
    assert (theme.DANGER, theme.GOOD) == standard and ui_scale(1280, 720) == 1.0
