"""The menu screens driven through the real App loop: events are posted (clicks at button centres, keys) and
app.step() runs a frame. Assertions are on state, never on pixels. The game board is a small stand-in with
GameScene's signature, so these tests do not depend on it."""
from __future__ import annotations

import json
import types
from collections import Counter

import pygame
import pytest

from game.ai.players import make_player
from game.ai.survivor_ai import SurvivorAI
from game.cli import main as cli_main
from game.content.loader import load_content
from game.sim.runner import play_game
from game.ui.board.end_screen import EndScreen, GameStats, game_stats, verdict
from game.ui.board.help import HelpOverlay
from game.ui.launch import make_app
from game.ui.menu import MainMenu
from game.ui.menus.saves_screen import SavesScene
from game.ui.menus.settings_screen import SettingsScene
from game.ui.menus.setup import QuickPlayScene, ScenarioSelect, TeamSelect
from game.ui.widgets.controls import Button, Dialog
from game.ui.widgets.settings import load_settings, settings_path
from game.world.components import Survivor
from game.world.saves import GameRecord, RecordingSession, save_dir, write_save
from tests.ui_standin import StandInGameScene, use_stand_in


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """BT_HOME in a temporary folder and the stand-in board in place of game.ui.board.game_scene."""
    use_stand_in(monkeypatch, tmp_path)
    return tmp_path


@pytest.fixture
def app(home):
    app = make_app((1280, 720), headless=True)
    yield app
    pygame.quit()


# --- driving the loop -----------------------------------------------------------------------------------------------

def frame(app, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)


def click(app, target) -> None:
    """A left click at the centre of a widget or rect (moving the mouse there first), then a frame."""
    pos = target.rect.center if hasattr(target, "rect") else pygame.Rect(target).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app)


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    frame(app)


def widgets_of(scene) -> list:
    out, todo = [], list(getattr(scene, "widgets", []))
    if isinstance(scene, Dialog):
        todo = list(scene.buttons)
    while todo:
        w = todo.pop(0)
        out.append(w)
        todo.extend(w.children())
    return out


def button(app, text: str) -> Button:
    app.scene.ensure_layout() if hasattr(app.scene, "ensure_layout") else None
    found = [w for w in widgets_of(app.scene) if isinstance(w, Button) and w.text == text]
    assert found, f"no button {text!r} on {type(app.scene).__name__}"
    return found[0]


def start_menu(app, content) -> MainMenu:
    menu = MainMenu(content)
    app.push(menu)
    frame(app)
    return menu


# --- the main menu ----------------------------------------------------------------------------------------------------

def test_the_menu_has_every_entry_and_all_are_enabled(app, content):
    start_menu(app, content)
    labels = [b.text for b in app.scene.menu.buttons]
    assert labels == ["Play a scenario", "Quick-Play", "Watch a demo", "Tutorial", "Sandbox", "Campaign", "Tools",
                      "Load", "Settings", "Quit"]
    assert all(b.enabled for b in app.scene.menu.buttons)


def test_keyboard_moves_through_the_menu(app, content):
    menu = start_menu(app, content)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert menu.menu.focused.text == "Watch a demo"
    press(app, pygame.K_DOWN)
    assert menu.menu.focused.text == "Tutorial"
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, QuickPlayScene)


def test_quit_closes_the_app(app, content):
    start_menu(app, content)
    click(app, button(app, "Quit"))
    assert not app.running


# --- scenario and team, into the game -------------------------------------------------------------------------

def test_a_game_starts_from_the_menu_with_the_chosen_scenario_and_cards(app, content):
    start_menu(app, content)
    click(app, button(app, "Play a scenario"))
    assert isinstance(app.scene, ScenarioSelect)
    select = app.scene
    ids = list(content.scenarios)
    click(app, select.list.row_rect(1))                 # the second scenario
    assert select.scenario.id == ids[1]
    click(app, button(app, "Choose team"))
    assert isinstance(app.scene, TeamSelect)
    team = app.scene
    scen = content.scenarios[ids[1]]
    assert team.team == list(scen.team)                 # the suggested team is chosen at the start
    cards = {c.arch.id: c for c in team.cards}
    assert all(cards[a].seat == i + 1 for i, a in enumerate(scen.team))
    # take the first suggested survivor out, put two others in
    extra = [a for a in content.archetypes if a not in scen.team][:2]
    click(app, cards[scen.team[0]])
    for a in extra:
        click(app, cards[a])
    chosen = [*scen.team[1:], *extra]
    assert team.team == chosen
    assert [cards[a].seat for a in chosen] == list(range(1, len(chosen) + 1))
    click(app, button(app, "Start game"))
    board = app.scene
    assert isinstance(board, StandInGameScene)
    assert board.record.scenario == ids[1] and board.record.team == tuple(chosen)
    assert board.demo_level is None and board.speed == 1.0
    s = board.game.session
    assert [s.comp(e, Survivor).archetype for e in s.survivors()] == chosen
    assert len(app.stack) == 2 and isinstance(app.stack[0], MainMenu)   # the setup screens are gone


def test_the_real_board_opens_from_the_team_screen(content, tmp_path, monkeypatch):
    """The same flow into the real GameScene (skipped while the board is not in the build)."""
    monkeypatch.setenv("BT_HOME", str(tmp_path))
    real = pytest.importorskip("game.ui.board.game_scene")
    app = make_app((1280, 720), headless=True)
    try:
        start_menu(app, content)
        scen = content.scenarios["dead_air"]
        app.push(TeamSelect(content, scen, seed=5))
        frame(app)
        click(app, button(app, "Start game"))
        assert isinstance(app.scene, real.GameScene)
        assert app.scene.record.team == scen.team and app.scene.record.seed == 5
        frame(app, 3)
        press(app, pygame.K_F1)
        assert isinstance(app.scene, HelpOverlay)
        press(app, pygame.K_F1)
        assert isinstance(app.scene, real.GameScene)
    finally:
        pygame.quit()


def test_the_team_size_is_kept_between_the_scenario_limits(app, content):
    start_menu(app, content)
    scen = content.scenarios["last_train_out"]
    app.push(TeamSelect(content, scen))
    frame(app)
    team = app.scene
    cards = {c.arch.id: c for c in team.cards}
    click(app, cards[scen.team[0]])                     # 3 of 4-6: too few
    assert len(team.team) == scen.team_min - 1
    start = button(app, "Start game")
    assert not start.enabled
    click(app, start)
    assert app.scene is team
    for a in [a for a in cards if a not in scen.team]:        # (the cards offered: no npc among them)
        click(app, cards[a])
    assert len(team.team) == scen.team_max              # a full team refuses more
    assert team.notice
    press(app, pygame.K_d)                              # back to the suggested team
    assert team.team == list(scen.team)
    # keyboard: arrows move the highlight, Space toggles it
    press(app, pygame.K_RIGHT)
    first = team.cards[team.focus].arch.id
    press(app, pygame.K_SPACE)
    assert (first in team.team) != (first in scen.team)


def test_keyboard_alone_starts_a_game(app, content):
    start_menu(app, content)
    press(app, pygame.K_RETURN)                         # Play a scenario
    press(app, pygame.K_DOWN)                           # the second scenario
    press(app, pygame.K_RETURN)                         # choose team
    assert isinstance(app.scene, TeamSelect)
    press(app, pygame.K_RETURN)                         # start with the suggested team
    assert isinstance(app.scene, StandInGameScene)
    scen = content.scenarios[list(content.scenarios)[1]]
    assert app.scene.record.scenario == scen.id and app.scene.record.team == scen.team


def test_quick_play_starts_a_rolled_scenario(app, content):
    start_menu(app, content)
    click(app, button(app, "Quick-Play"))
    quick = app.scene
    assert isinstance(quick, QuickPlayScene)
    first = quick.quick.scenario.id
    quick.roll(12345)
    assert quick.quick.scenario.id != first or quick.seed == 12345
    click(app, button(app, "Choose team"))
    click(app, button(app, "Start game"))
    board = app.scene
    assert isinstance(board, StandInGameScene)
    assert board.record.scenario == quick.quick.scenario.id
    assert board.game.session.scenario == quick.quick.scenario


def test_watch_a_demo_opens_an_ai_game(app, content):
    start_menu(app, content)
    click(app, button(app, "Watch a demo"))
    board = app.scene
    assert isinstance(board, StandInGameScene) and board.demo_level
    assert board.record.team == content.scenarios[board.record.scenario].team


def test_speed_setting_reaches_the_board(app, content):
    app.settings.speed = "4x"
    start_menu(app, content)
    app.push(TeamSelect(content, content.scenarios["pharmacy_run"]))
    frame(app)
    click(app, button(app, "Start game"))
    assert app.scene.speed == 4.0


# --- loading ----------------------------------------------------------------------------------------------------

def _played(content, scenario: str = "pharmacy_run", seed: int = 9, actions: int = 12) -> RecordingSession:
    game = RecordingSession(content, GameRecord(scenario, seed, content.scenarios[scenario].team))
    ai = SurvivorAI("expert", seed)
    while len(game.record.actions) < actions and game.session.result is None:
        if game.session.in_director:
            game.session.run_director()
            continue
        game.submit(ai.choose(game.session))
    return game


def test_load_lists_saves_and_loads_one_into_the_board(app, content, home):
    old = _played(content, "last_train_out", 3, 4)
    write_save(save_dir() / "a.json", old.record, old.session, "older")
    game = _played(content)
    write_save(save_dir() / "b.json", game.record, game.session, "before the stockroom")
    data = json.loads((save_dir() / "a.json").read_text())
    data["saved_at"] = "2000-01-01 00:00:00"
    (save_dir() / "a.json").write_text(json.dumps(data))
    (save_dir() / "broken.json").write_text("{ not json")
    start_menu(app, content)
    click(app, button(app, "Load"))
    saves = app.scene
    assert isinstance(saves, SavesScene)
    assert [e.path.name for e in saves.entries] == ["b.json", "a.json", "broken.json"]   # newest first
    rows = saves.list.rows
    assert rows[0].title == "before the stockroom" and "Pharmacy Run" in rows[0].detail and "round" in rows[0].detail
    assert rows[0].right                                                        # the time it was saved
    assert not rows[2].enabled and "not a save file" in rows[2].note           # greyed, with the reason
    click(app, saves.list.row_rect(2))
    assert not button(app, "Load").enabled
    click(app, saves.list.row_rect(0))
    click(app, button(app, "Load"))
    board = app.scene
    assert isinstance(board, StandInGameScene)
    assert board.record.scenario == "pharmacy_run" and board.record.team == game.record.team
    assert len(board.record.actions) == len(game.record.actions)
    assert board.game.session.log_lines() == [e.line() for e in game.session.events if e.kind != "decision"]
    assert len(app.stack) == 2 and isinstance(app.stack[0], MainMenu)


def test_a_save_that_fails_to_load_is_shown_in_a_dialog(app, content, home):
    game = _played(content)
    path = save_dir() / "slot.json"
    write_save(path, game.record, game.session, "tampered")
    data = json.loads(path.read_text())
    data["rng_state"][1][0] += 1                        # reads fine, does not replay to the saved state
    path.write_text(json.dumps(data))
    start_menu(app, content)
    app.push(SavesScene(content))
    frame(app)
    press(app, pygame.K_RETURN)
    dialog = app.scene
    assert isinstance(dialog, Dialog) and "rng_state" in dialog.message
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SavesScene)


def test_a_quick_play_game_can_be_saved_and_loaded(app, content, home):
    start_menu(app, content)
    app.push(QuickPlayScene(content, seed=77))
    frame(app)
    click(app, button(app, "Choose team"))
    click(app, button(app, "Start game"))
    board = app.scene
    write_save(save_dir() / "quick.json", board.record, board.game.session, "quick")
    app.push(SavesScene(content))
    frame(app)
    assert app.scene.entries[0].ok
    press(app, pygame.K_RETURN)
    loaded = app.scene
    assert isinstance(loaded, StandInGameScene) and loaded is not board
    assert loaded.record.scenario == "quickplay_77" and loaded.game.session.scenario == board.game.session.scenario
    assert loaded.game.session.map.id == "board_77" and loaded.game.session.map == board.game.session.map


def test_load_with_no_saves_says_so(app, content):
    start_menu(app, content)
    app.push(SavesScene(content))
    frame(app)
    assert app.scene.entries == [] and not button(app, "Load").enabled
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


# --- settings ---------------------------------------------------------------------------------------------------

def test_settings_are_saved_and_read_back(app, content, home):
    start_menu(app, content)
    click(app, button(app, "Settings"))
    assert isinstance(app.scene, SettingsScene)
    click(app, button(app, "2x"))
    click(app, button(app, "Off"))
    click(app, button(app, "Ruthless"))
    click(app, button(app, "1600 x 900"))
    assert app.screen.get_size() == (1600, 900)
    assert settings_path() == home / "settings.json"
    saved = json.loads(settings_path().read_text())
    assert saved == {"window": "1600x900", "speed": "2x", "tooltips": False, "director": "ruthless",
                     "palette": "standard", "text_size": "normal", "keys": {}, "master": 80, "effects": 100,
                     "ambience": 60, "music": 40, "muted": False}
    again = load_settings()
    assert (again.window, again.speed, again.tooltips, again.director) == ("1600x900", "2x", False, "ruthless")
    assert again.window_size == (1600, 900) and again.speed_value == 2.0
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu) and not app.scene.tips.enabled
    # the next start opens at the saved size, with the saved settings
    pygame.quit()
    second = make_app(headless=True)
    assert second.screen.get_size() == (1600, 900) and second.settings.speed == "2x"


def test_a_damaged_settings_file_gives_the_defaults(home):
    settings_path().write_text("{ nonsense")
    assert load_settings().window == "1280x720"
    settings_path().write_text(json.dumps({"window": "9x9", "speed": "4x", "tooltips": "yes"}))
    s = load_settings()
    assert (s.window, s.speed, s.tooltips) == ("1280x720", "4x", True)


# --- help -------------------------------------------------------------------------------------------------------

def test_f1_opens_and_closes_the_help_over_any_screen(app, content):
    start_menu(app, content)
    press(app, pygame.K_F1)
    help_ = app.scene
    assert isinstance(help_, HelpOverlay) and len(app.stack) == 2
    press(app, pygame.K_DOWN)
    assert help_.section == 1
    click(app, help_.menu.buttons[5])
    assert help_.section == 5
    press(app, pygame.K_F1)
    assert isinstance(app.scene, MainMenu) and len(app.stack) == 1
    # from a deeper screen, closed with Esc (which must not also leave that screen)
    app.push(ScenarioSelect(content))
    frame(app)
    press(app, pygame.K_F1)
    assert isinstance(app.scene, HelpOverlay)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ScenarioSelect)


def test_the_help_covers_the_topics_in_short_sections():
    from game.ui.board.help import SECTIONS

    names = [name for name, _ in SECTIONS]
    for topic in ("Actions", "Combat", "Heat", "The Director", "Downed"):
        assert topic in names
    for _, entries in SECTIONS:
        words = sum(len(" ".join(e[1:]).split()) for e in entries)
        assert words < 400
    actions = SECTIONS[names.index("Actions")][1]
    assert any(e[1].startswith("Move") and e[2].startswith("1 AP") for e in actions if e[0] == "k")


# --- the end of a game ------------------------------------------------------------------------------------------

def _finished(content, scenario: str, winner: str):
    for seed in range(1, 60):
        s = play_game(content, scenario, seed, make_player("veteran", seed))
        if s.result[0] == winner:
            return s
        s.close()
    raise AssertionError(f"no {winner} win on {scenario} in 60 seeds")


def test_the_end_screen_shows_the_result_and_the_night_in_numbers(app, content):
    s = _finished(content, "last_train_out", "survivors")
    record = GameRecord(s.scenario.id, s.seed, s.scenario.team)
    start_menu(app, content)
    app.push(EndScreen(content, s, record))
    frame(app)
    end = app.scene
    assert end.headline == "The survivors win"
    assert s.result[1] == "extraction" and "escape quota" in end.cause_text
    st = end.stats
    assert st.rounds == s.round and st.doom == s.doom and st.doom_length == s.scenario.doom_length
    assert st.escalations == s.escalations
    assert st.spawned == Counter(s.spawned)
    assert sum(st.destroyed.values()) == sum(1 for e in s.events if e.kind == "killed")
    assert len(st.escaped) >= s.quota() and not st.lost
    for rnd, heat in enumerate(s.heat_history, 1):
        assert st.heat[rnd] >= heat
    # the job, the survivors' own numbers and the night's turns
    assert st.objective == "complete"
    assert sum(f.kills for f in st.team) <= sum(st.destroyed.values())
    assert sum(f.wounds for f in st.team) == sum(e.data.get("amount", 1) for e in s.events
                                                 if e.kind == "wound" and s.is_survivor(e.data.get("who")))
    assert sum(f.searches for f in st.team) == sum(1 for e in s.events if e.kind == "search")
    escapes = [m for m in st.moments if m[1] == "good" and "escape" in m[2].lower()]
    assert len(escapes) == len(st.escaped)
    assert [m[0] for m in st.moments] == sorted(m[0] for m in st.moments)
    click(app, button(app, "Same seed"))
    board = app.scene
    assert isinstance(board, StandInGameScene) and board.record.seed == s.seed
    app.replace(EndScreen(content, s, record))
    frame(app)
    click(app, button(app, "Play again"))
    board = app.scene
    assert isinstance(board, StandInGameScene)
    assert board.record.scenario == record.scenario and board.record.team == record.team
    assert len(app.stack) == 2


def test_the_end_screen_names_a_defeat_and_goes_back_to_the_menu(app, content):
    s = _finished(content, "dead_air", "director")
    game = types.SimpleNamespace(session=s)           # the board may hand over its RecordingSession
    start_menu(app, content)
    app.push(StandInGameScene(content, GameRecord(s.scenario.id, 1, s.scenario.team)))
    app.replace(EndScreen(content, game, GameRecord(s.scenario.id, s.seed, s.scenario.team)))
    frame(app)
    end = app.scene
    assert end.headline == "The Director wins"
    expected = {"casualties": "lost", "doom": "Time ran out", "no survivors left": "No survivor"}[s.result[1]]
    assert expected in end.cause_text
    assert len(end.stats.lost) == sum(1 for e in s.events if e.kind == "eliminated")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu) and len(app.stack) == 1


def test_every_cause_has_words():
    base = dict(scenario="x", seed=1, rounds=9, doom=8, doom_length=8)
    assert "Time ran out" in verdict(GameStats(winner="director", cause="doom", **base))[1]
    assert "No survivor" in verdict(GameStats(winner="director", cause="no survivors left", **base))[1]
    assert "unfinished" in verdict(GameStats(winner=None, cause=None, **base))[0]
    assert "quota" in verdict(GameStats(winner="survivors", cause="extraction", **base))[1]


def test_game_stats_of_a_game_in_progress(content):
    game = _played(content, actions=6)
    st = game_stats(game)
    assert st.winner is None and st.rounds == game.session.round and sum(st.at_start.values()) > 0


# --- the command line -------------------------------------------------------------------------------------------

def test_cli_screenshots_of_the_menu_and_a_demo(home, tmp_path, capsys):
    menu_png = tmp_path / "menu.png"
    assert cli_main(["--screenshot", str(menu_png), "--size", "1280x720"]) == 0
    assert menu_png.stat().st_size > 1000
    demo_png = tmp_path / "demo.png"
    assert cli_main(["demo", "--scenario", "dead_air", "--seed", "3", "--screenshot", str(demo_png)]) == 0
    assert demo_png.exists()
    assert StandInGameScene.instances[-1].demo_level and StandInGameScene.instances[-1].record.seed == 3


def test_cli_unknown_scenario_is_one_line_and_exit_2(home, capsys):
    assert cli_main(["play", "--scenario", "moon_base", "--screenshot", "x.png"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown scenario 'moon_base'" in err[0]
    assert cli_main(["demo", "--scenario", "moon_base"]) == 2


# --- the widgets on their own ----------------------------------------------------------------------------------------

def test_widgets_answer_events(app):
    from game.ui.widgets.controls import Block, Label, ListBox, Panel, Row, ScrollBox

    def ev(kind, **kw):
        return pygame.event.Event(kind, **kw)

    hits = []
    b = Button("Go", lambda: hits.append(1), hotkey=pygame.K_g, rect=(10, 10, 100, 40))
    assert b.handle(ev(pygame.MOUSEMOTION, pos=(20, 20), rel=(0, 0), buttons=(0, 0, 0))) is False and b.hovered
    b.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    assert b.pressed
    b.handle(ev(pygame.MOUSEBUTTONUP, pos=(300, 300), button=1))      # released outside: no click
    assert hits == [] and not b.pressed
    b.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    b.handle(ev(pygame.MOUSEBUTTONUP, pos=(20, 20), button=1))
    b.handle(ev(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0))
    assert hits == [1, 1]
    b.enabled = False
    b.handle(ev(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0))
    assert hits == [1, 1]

    box = ScrollBox([Block("h", "Title")] + [Block("p", "word " * 60)] * 10, rect=(0, 0, 300, 200))
    surf = pygame.Surface((400, 300))
    box.draw(surf)
    assert box.content_h > 200
    box.handle(ev(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
    assert box.offset > 0
    box.handle(ev(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
    assert box.offset == box.max_offset
    box.handle(ev(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    assert box.offset == 0

    chosen = []
    lb = ListBox([Row("a"), Row("b", enabled=False)], on_activate=chosen.append, rect=(0, 0, 300, 300))
    lb.handle(ev(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    lb.handle(ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    assert lb.current.title == "b" and chosen == []
    lb.handle(ev(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="", scancode=0))
    lb.handle(ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    assert [r.title for r in chosen] == ["a"]

    label = Label("A long line of text that wraps", wrap_text=True, rect=(0, 0, 80, 100))
    assert label.height_for(80) > label.height_for(1000)
    label.draw(surf)
    panel = Panel((0, 0, 200, 100), title="Team")
    assert panel.inner(10).top > 10
    panel.draw(surf)
