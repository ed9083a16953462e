"""One modal system: the board's pickers and dialogs and the App's dialogs are Overlays on the App's one stack.
Escape closes the top one only, and input never reaches the board under a modal. Driven through the real loop."""
from __future__ import annotations

import pygame
import pytest

from game.content.loader import load_content
from game.ui.board.board_modals import ExchangeDialog, Picker
from game.ui.board.game_scene import GameScene
from game.ui.board.report_card import ReportCard
from game.ui.widgets.app import App
from game.ui.widgets.controls import Dialog
from game.world.phase_report import phase_report
from game.world.saves import GameRecord
from tests.screen_player import click, press


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture
def board(content, tmp_path, monkeypatch):
    monkeypatch.setenv("BT_HOME", str(tmp_path))
    app = App((1280, 720), headless=True)
    scene = GameScene(content, GameRecord("pharmacy_run", 3, tuple(content.scenarios["pharmacy_run"].team)))
    app.push(scene)
    app.step()
    yield app, scene
    scene.session.close()


def test_escape_closes_the_top_modal_only(board):
    app, sc = board
    picked = []
    app.push(Picker("Pick up which?", [("Crowbar", lambda: picked.append(1))], (200, 200)))
    sc.ask_leave()                                    # an App dialog over the board's picker
    assert isinstance(app.scene, Dialog) and sc.modal is app.scene
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, Picker)              # the dialog went, the picker stayed
    press(app, pygame.K_ESCAPE)
    assert app.scene is sc and sc.modal is None and not picked
    assert app.running


def test_input_does_not_reach_the_board_under_a_modal(board):
    app, sc = board
    s = sc.session
    who = s.survivors()[1]
    picker = lambda: Picker("Reload which gun?", [("Pistol", lambda: None)], (200, 200))     # noqa: E731
    app.push(picker())
    selected = sc.selected
    press(app, pygame.K_TAB)                          # the board's key for the next survivor: the picker takes it
    assert app.scene is sc and sc.selected == selected
    app.push(picker())
    actions = len(sc.record.actions)
    click(app, sc.screen_pos(s.cell(who)))            # a click on a survivor: it puts the picker away, nothing else
    assert app.scene is sc and s.active is None and len(sc.record.actions) == actions
    click(app, sc.screen_pos(s.cell(who)))            # with no modal up the same click starts their turn
    assert s.active == who


def test_the_boards_own_modals_open_on_the_apps_stack(board):
    app, sc = board
    s = sc.session
    who, ally = s.survivors()[0], s.survivors()[1]
    click(app, sc.screen_pos(s.cell(who)))
    press(app, pygame.K_v)                            # Hand-Off: the exchange dialog
    if not isinstance(app.scene, ExchangeDialog):     # more than one ally in reach: click the one
        click(app, sc.screen_pos(s.cell(ally)))
    assert isinstance(app.scene, ExchangeDialog) and sc.modal is app.scene
    press(app, pygame.K_ESCAPE)
    assert app.scene is sc


def test_a_demos_report_card_puts_itself_away(board):
    app, sc = board
    s = sc.session
    sc.end_turn()
    for _ in range(20000):
        if not s.in_director:
            break
        app.step(1 / 60)
    if isinstance(app.scene, ReportCard):
        app.scene.close()
    app.push(ReportCard(phase_report(s), sc._card_area, seconds=0.5))
    for _ in range(20):
        app.step(1 / 60)
    assert isinstance(app.scene, ReportCard)
    for _ in range(20):
        app.step(1 / 60)
    assert app.scene is sc


def test_under_a_board_modal_the_board_animates_and_its_game_waits(board):
    app, sc = board
    s = sc.session
    sc.end_turn()                                      # the Director's turn plays over many frames at 1x
    app.step(1 / 60)
    assert s.in_director
    sc.hud.toast("Brief", seconds=0.2)
    app.push(Picker("Reload which gun?", [("Pistol", lambda: None)], (200, 200)))
    seen = len(s.events)
    for _ in range(60):
        app.step(1 / 60)
    assert not sc.hud.toasts                           # the toast ran out under the picker
    assert len(s.events) == seen and s.in_director     # the Director did not play on
    press(app, pygame.K_ESCAPE)
    for _ in range(600):
        app.step(1 / 60)
    assert len(s.events) > seen
