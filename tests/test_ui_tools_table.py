"""The desktop tool screens on a table (game.tools.desk_table): the decks and the round's Heat total are kept in the
same SQLite store as `serve` and `--table`, through leaving Tools, a restart and a phone's change; a damaged or
locked database leaves the tools working in memory with a message. Driven by posted input through the App loop."""
from __future__ import annotations

import sqlite3

import pygame
import pytest

from game.content.loader import load_content
from game.tools import calculator as C
from game.tools import table_tools as T
from game.tools.attack_roll import roll_attack
from game.tools.common import Roller
from game.tools.table_store import TableStore, default_db
from game.ui.launch import make_app
from game.ui.menu import MainMenu
from game.ui.tools.tool_calc import CalculatorScreen
from game.ui.tools.tool_scavenge import ScavengeScreen
from game.ui.tools.tools_screen import ToolsScreen
from tests.test_ui_tools import click, frame, press, type_text
from tests.ui_standin import StandInGameScene, stand_in_app  # noqa: F401  (the `app` fixture)


@pytest.fixture(scope="module")
def content():
    return load_content()


def hub(app, content) -> ToolsScreen:
    """Tools opened from the main menu, as the player does (a new hub each time)."""
    app.push(MainMenu(content))
    screen = ToolsScreen(content)
    app.push(screen)
    frame(app)
    return screen


def decks(scene: ScavengeScreen) -> dict:
    return scene.state.to_dict(with_history=False)


def search_three_times(app) -> None:
    for _ in range(3):
        press(app, pygame.K_s)


def test_searches_survive_leaving_tools_and_a_restart(app, content):
    tools = hub(app, content)
    code = tools.table.code
    assert tools.table.online and len(code) == 12 and code.isdigit()
    press(app, pygame.K_3)
    assert isinstance(app.scene, ScavengeScreen)
    search_three_times(app)
    searched = decks(app.scene)
    assert app.scene.state.searches == 3        # a failed search draws no card, so count the searches
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)                 # out of Tools
    assert isinstance(app.scene, MainMenu)
    tools = hub(app, content)                   # back in: a new hub, the same table and decks
    assert tools.table.code == code
    press(app, pygame.K_3)
    assert decks(app.scene) == searched
    pygame.quit()
    again = make_app((1280, 720), headless=True)      # a restart on the same BT_HOME
    tools = hub(again, content)
    assert tools.table.code == code
    press(again, pygame.K_3)
    assert decks(again.scene) == searched
    press(again, pygame.K_s)                    # and the next search carries on from those decks
    assert decks(again.scene) != searched
    press(again, pygame.K_z, pygame.KMOD_CTRL)  # undo through the table
    assert decks(again.scene) == searched


def test_a_phones_search_on_the_table_shows_on_the_desktop(app, content):
    tools = hub(app, content)
    press(app, pygame.K_3)
    scene = app.scene
    before = decks(scene)
    store = TableStore(default_db())            # a phone at the same table, through the store
    T.search(store, tools.table.code, content, dice=3)
    assert decks(scene) == before               # not yet read ...
    app.step(1.1)                               # ... the screen looks once a second
    assert decks(scene) == T.decks(store, tools.table.code, content).to_dict(with_history=False)
    assert decks(scene) != before


def test_joining_a_phones_table_by_its_code_shares_its_decks_and_heat(app, content):
    store = TableStore(default_db())
    phones = store.new_table()
    T.search(store, phones, content, dice=4)
    T.add_heat(store, phones, 2, "pistol")
    tools = hub(app, content)
    own = tools.table.code
    assert own != phones
    click(app, tools.code_field)                # a wrong code first: a message, still at our own table
    type_text(app, "qqqq")
    press(app, pygame.K_RETURN)
    assert tools.table.code == own and "no table QQQQ" in tools.message
    click(app, tools.code_field)
    for _ in range(4):
        press(app, pygame.K_BACKSPACE)
    type_text(app, phones.lower())
    press(app, pygame.K_RETURN)
    assert tools.table.code == phones and not tools.message_bad
    press(app, pygame.K_3)
    assert decks(app.scene) == T.decks(store, phones, content).to_dict(with_history=False)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_1)
    assert isinstance(app.scene, CalculatorScreen) and app.scene.tally.total == 2
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert hub(app, content).table.code == phones       # kept for the next visit
    new = next(b for b in app.scene.widgets if getattr(b, "text", "") == "New table")
    click(app, new)
    assert app.scene.table.code not in (own, phones) and store.exists(app.scene.table.code)


def test_a_damaged_database_is_named_and_the_tools_work_in_memory(app, content):
    db = default_db()
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(b"not a database at all " * 200)
    tools = hub(app, content)
    assert not tools.table.online and "tables.db" in tools.table.problem
    assert "file is not a database" in tools.table.problem
    frame(app)                                  # drawn with the message, no traceback
    press(app, pygame.K_3)
    press(app, pygame.K_s)
    assert len(app.scene.history) == 1          # the search still happened, in memory
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.scene.history == []


def test_a_locked_database_falls_back_to_memory_with_a_message(app, content):
    tools = hub(app, content)
    press(app, pygame.K_3)
    scene = app.scene
    lock = sqlite3.connect(default_db(), isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")             # another program holds the database
    try:
        press(app, pygame.K_s)
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    assert len(scene.history) == 1              # searched all the same
    assert not tools.table.online and "locked" in tools.table.problem
    press(app, pygame.K_ESCAPE)
    frame(app)


def test_enter_my_dice_resolves_the_attack_and_adds_to_the_heat_total(app, content):
    tools = hub(app, content)
    press(app, pygame.K_1)
    scene = app.scene
    field = scene.named["My dice"]
    click(app, field)
    type_text(app, "6 4 1 1 2")
    press(app, pygame.K_RETURN)
    use = next(b for b in scene.widgets if getattr(b, "text", "") == "Use my dice")
    click(app, use)
    expected = roll_attack(C.calculate(content, scene.attack, **scene.options()), Roller(faces=[6, 4, 1, 1, 2]))
    assert scene.last_roll == expected and scene.last_roll.entered
    assert scene.tally.total == expected.heat > 0
    kept = T.heat(TableStore(default_db()), tools.table.code)       # on the table, for the phones
    assert kept.total == expected.heat
    # bad faces: one message, nothing added
    click(app, field)
    type_text(app, "9")
    press(app, pygame.K_RETURN)
    click(app, use)
    assert scene.tally.total == expected.heat and "9" in scene.toast
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.tally.total == 0 and T.heat(TableStore(default_db()), tools.table.code).total == 0


def test_the_director_board_survives_leaving_tools_and_a_restart(app, content):
    from game.ui.tools.tool_director import DirectorScreen
    from tests.test_ui_tools import button

    hub(app, content)
    press(app, pygame.K_2)
    scene = app.scene
    assert isinstance(scene, DirectorScreen)
    click(app, button(app, "+ Add"))                    # a Shambler
    click(app, scene.named["Shamblers killed"].plus)
    board = scene.board()
    assert len(board["shamblers"]) == 1 and board["removed"] == 1
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    hub(app, content)
    press(app, pygame.K_2)
    assert app.scene is not scene and app.scene.board() == board
    pygame.quit()
    again = make_app((1280, 720), headless=True)
    hub(again, content)
    press(again, pygame.K_2)
    assert again.scene.board() == board
    # a damaged board on the table: the scenario's own board and a message, never a traceback
    TableStore(default_db()).keep(again.scene.table.code, "desk_director", {"scenario": "atlantis"})
    press(again, pygame.K_ESCAPE)
    press(again, pygame.K_ESCAPE)
    hub(again, content)
    press(again, pygame.K_2)
    assert again.scene.shamblers == [] and "could not be read" in again.scene.toast
