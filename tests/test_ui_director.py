"""Playing the Director at the screen (issue 14, part 1): the menu on the right, targets ringed on the board, a whole
game against the veteran survivor AI played to the end screen through posted clicks and keys."""
from __future__ import annotations

import pygame
import pytest

from game.content.loader import load_content
from game.ui.board.game_scene import GameScene
from game.ui.board.report_card import ReportCard
from game.ui.widgets.app import App
from game.world.saves import GameRecord, load_game, save_dir
from tests.screen_player import click, press

CONTENT = load_content()


def start(scenes, scenario="pharmacy_run", seed=4, size=(1280, 720)):
    app = App(size, headless=True)
    record = GameRecord(scenario, seed, CONTENT.scenarios[scenario].team, side="director")
    sc = GameScene(CONTENT, record)
    scenes.append(sc)
    app.push(sc)
    app.step()
    return app, sc


def to_the_menu(app, sc, frames: int = 20_000) -> None:
    """Play on (the survivor AI at instant speed) until the Director's seat is asked to buy."""
    if sc.speed < 100:
        press(app, pygame.K_4)
    for _ in range(frames):
        if sc.session.awaiting_director or sc.session.result:
            app.step()           # one frame to draw the menu (its rows are placed when drawn)
            return
        if isinstance(sc.modal, ReportCard):
            press(app, pygame.K_SPACE)
        app.step(1 / 60)
    raise AssertionError("the Director's seat was never asked")


def row_rect(sc, key):
    return next(rect for rect, row in sc.desk._rows if row.key == key)


def button_rect(sc, action):
    return next(rect for rect, act, _ in sc.desk._buttons if act == action)


def target_pos(sc, cell: int):
    """Where to click a target cell: on the board, not under the minimap."""
    pos = sc.screen_pos(cell)
    if sc.minimap.rect.collidepoint(pos):
        x, y = sc.session.board.xy(cell)
        sc.view.cam.centre_on(x + 0.5, y + 0.5)
        pos = sc.screen_pos(cell)
    return pos


def test_the_menu_buys_a_spawn_at_the_clicked_point_and_a_greyed_line_says_why(home, scenes):
    app, sc = start(scenes, scenario="dead_air", seed=4)      # 2 Heat in round 1: the dearer lines are greyed
    to_the_menu(app, sc)
    s, desk = sc.session, sc.desk
    left = s.heat_left
    closed = next(r for r in desk.rows() if not r.open)
    click(app, row_rect(sc, closed.key).center)
    assert desk.chosen is None and closed.why_not in sc.hud.toasts[-1].text
    click(app, row_rect(sc, ("spawn", "shambler")).center)
    assert desk.chosen == ("spawn", "shambler")
    cell = next(iter(desk.targets()))
    before = len(s.zombies())
    click(app, target_pos(sc, cell))
    assert sc.record.purchases[-1].point == cell and len(s.zombies()) == before + 1
    paid = [e.data["cost"] for e in s.events if e.kind == "purchase" and "cost" in e.data]
    assert paid == [s.rules.costs["shambler"]] == [left]      # all 2 Heat went on the one Shambler
    assert desk.chosen is None


def test_escape_drops_the_choice_and_h_then_enter_buys_the_ai_suggestion(home, scenes):
    app, sc = start(scenes, seed=6)
    to_the_menu(app, sc)
    desk = sc.desk
    click(app, row_rect(sc, ("spawn", "shambler")).center)
    press(app, pygame.K_ESCAPE)
    assert desk.chosen is None and sc.app is app and app.scene is sc       # Esc dropped the choice, not the game
    press(app, pygame.K_h)
    suggested = desk.suggestion[0]
    bought = len(sc.record.purchases)
    press(app, pygame.K_RETURN)
    assert sc.record.purchases[bought] == suggested


def test_letting_the_ai_spend_the_rest_ends_the_spending(home, scenes):
    app, sc = start(scenes, scenario="dead_air", seed=5)
    to_the_menu(app, sc)
    click(app, button_rect(sc, "rest").center)
    for _ in range(600):
        if not sc.session.awaiting_director and sc.session.heat_left == 0 or not sc.session.in_director:
            break
        app.step(1 / 60)
    assert sc.record.purchases and not sc.session.awaiting_director


def test_a_save_made_at_the_menu_loads_back_into_the_directors_seat(home, scenes):
    app, sc = start(scenes, seed=7)
    to_the_menu(app, sc)
    sc.save("mine")
    path = save_dir() / "mine.json"
    game = load_game(path, CONTENT)
    try:
        assert game.record.side == "director" and game.session.awaiting_director
        assert game.session.heat_left == sc.session.heat_left
    finally:
        game.session.close()


@pytest.mark.parametrize("scenario,seed", [("pharmacy_run", 11)])
def test_a_whole_game_as_the_director_is_played_to_the_end_screen_by_clicks(home, scenes, scenario, seed):
    """Each purchase the way a person makes it: a line of the menu, then its target on the board (or Buy for an
    event); the lines are taken in turn so that lunges, spawns and events all get bought."""
    app, sc = start(scenes, scenario=scenario, seed=seed)
    by_hand = kinds = 0
    seen = set()
    for _ in range(400):
        to_the_menu(app, sc)
        if sc.session.result:
            break
        rows = [r for r in sc.desk.rows() if r.open]
        row = rows[by_hand % len(rows)]
        click(app, row_rect(sc, row.key).center)
        bought = len(sc.record.purchases)
        if row.targeted:
            click(app, target_pos(sc, next(iter(sc.desk.targets()))))
        else:
            click(app, button_rect(sc, "buy").center)
        assert len(sc.record.purchases) == bought + 1, row.label
        by_hand += 1
        seen.add(row.key[0])
    for _ in range(2000):
        if type(app.scene).__name__ == "EndScreen":
            break
        app.step(1 / 60)
    assert type(app.scene).__name__ == "EndScreen" and sc.session.result is not None
    assert by_hand >= 10 and {"spawn", "lunge"} <= seen, (by_hand, seen, kinds)
