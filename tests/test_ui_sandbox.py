"""The Sandbox screen driven through the real event loop: edits by click and drag, undo and redo to the exact
position, playing an action out and stepping back, a lesson made from the position."""
import os
from pathlib import Path

import pygame
import pytest

from game.content.loader import load_content
from game.tools import sandbox as SB
from game.ui.tools.sandbox_scene import SandboxScene
from game.ui.widgets.app import App
from game.world import actions as A

EXAMPLE = Path(__file__).resolve().parents[1] / "positions" / "street_corner.yaml"


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture
def table(content, tmp_path, monkeypatch):
    monkeypatch.setenv("BT_HOME", str(tmp_path))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    position, _ = SB.read_position(EXAMPLE, content)
    app = App((1280, 720), headless=True)
    scene = SandboxScene(content, position, select="Doc")
    app.push(scene)
    app.step()
    yield app, scene
    scene.exit()


def post(kind, **data) -> None:
    pygame.event.post(pygame.event.Event(kind, **data))


def click(app, pos, button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step()


def drag(app, a, b) -> None:
    post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    post(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    app.step()


def press(app, key: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
    app.step()


def at(scene, x, y):
    return scene.screen_pos(scene.session.board.idx(x, y))


def test_edits_by_mouse_and_undo_redo_restore_the_exact_position(table):
    app, scene = table
    start = scene.position
    drag(app, at(scene, 13, 16), at(scene, 12, 19))                 # the Cop to another cell
    assert scene.position.model("Cop").at == (12, 19)
    press(app, pygame.K_2)
    click(app, at(scene, 18, 21))                                    # a Shambler (the first kind)
    assert scene.position.at((18, 21)).kind == list(scene.content.zombies)[0]
    press(app, pygame.K_6)
    click(app, at(scene, 20, 20))
    click(app, at(scene, 20, 20))                                    # 2 Heat of noise there
    assert dict(scene.position.noise)[(20, 20)] == 2 and scene.session.heat == 5
    press(app, pygame.K_0)
    click(app, at(scene, 27, 17))
    press(app, pygame.K_DELETE)                                      # the Brute goes
    assert scene.position.model("Brute") is None
    edited = scene.position
    for _ in range(5):
        press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.position == start
    s = scene.session
    assert {s.name(e): s.xy(e) for e in (*s.survivors(), *s.zombies())} == \
        {m.name: m.at for m in (*start.survivors, *start.zombies)}
    for _ in range(5):
        press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.position == edited


def test_an_edit_the_rules_forbid_is_refused_and_changes_nothing(table):
    app, scene = table
    start = scene.position
    drag(app, at(scene, 13, 16), at(scene, 12, 15))                 # into a wall
    assert scene.position == start
    assert any("wall" in t.text for t in scene.hud.toasts)


def test_play_it_out_then_step_back_and_go_back_to_the_position(table):
    app, scene = table
    press(app, pygame.K_TAB)
    assert not scene.editing
    doc = scene.table.names["Doc"]
    cells = A.Disengage(doc, -1).cells(scene.session)
    press(app, pygame.K_f)
    press(app, pygame.K_6)                                           # the swipe is set to a 6
    assert scene.submit(A.Disengage(doc, min(cells)))
    s = scene.session
    assert s.comp(doc, A.Health).wounds == s.comp(doc, A.Health).max_wounds - 1
    press(app, pygame.K_z, pygame.KMOD_CTRL)                         # step back
    assert scene.session.xy(scene.table.names["Doc"]) == (14, 17) and not scene.table.actions
    press(app, pygame.K_TAB)
    assert scene.editing and scene.position.model("Doc").at == (14, 17)


def test_the_panel_gives_the_engines_answers_for_the_selection(table):
    app, scene = table
    facts = scene._facts()
    lines = [text for _, text in scene._panel_lines(facts)]
    assert all(a.summary in lines for a in facts.answers)
    click(app, at(scene, 21, 20))                                    # the Hunter
    lines = [text for _, text in scene._panel_lines(scene._facts())]
    assert any(text.startswith("Next Director Phase Hunter walks") for text in lines)


def test_the_position_saves_and_loads(table, tmp_path):
    app, scene = table
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    saved = tmp_path / "positions" / "position.yaml"
    back, problems = SB.read_position(saved, scene.content)
    assert not problems and back == scene.position


def test_the_main_menu_opens_the_sandbox(content, monkeypatch, tmp_path):
    monkeypatch.setenv("BT_HOME", str(tmp_path))
    from game.ui.menu import MainMenu
    app = App((1280, 720), headless=True)
    menu = MainMenu(content)
    app.push(menu)
    app.step()
    menu.sandbox()
    app.step()
    assert isinstance(app.scene, SandboxScene) and app.scene.editing
    app.scene.exit()


def test_l_turns_the_position_into_a_lesson_that_opens_in_the_tutorial(table, tmp_path):
    from game.ui.board.tutorial_scene import LessonScene
    app, scene = table
    press(app, pygame.K_6)
    click(app, at(scene, 13, 16), button=3)
    click(app, at(scene, 13, 16), button=3)
    click(app, at(scene, 13, 16), button=3)                         # the noise is gone: a lesson sets none
    press(app, pygame.K_0)
    click(app, at(scene, 14, 17))                                    # Doc
    press(app, pygame.K_l)
    press(app, pygame.K_1)                                           # the first goal: break free
    assert isinstance(app.scene, LessonScene)
    assert (tmp_path / "lessons" / "01_table1.yaml").exists()
    app.scene.exit()
    from game.ui.board.tutorial_scene import open_tutorial
    listing = open_tutorial(app, scene.content)
    assert listing.lessons[-1].title == "The ER Doctor breaks free" and listing.lessons[-1].order == \
        len(listing.lessons)


def test_g_gives_the_selected_survivor_gear(table):
    app, scene = table
    press(app, pygame.K_g)                                           # Doc is selected
    press(app, pygame.K_2)                                           # Add an item
    press(app, pygame.K_3)                                           # the third item
    third = list(scene.content.items)[2]
    arch = scene.content.archetypes["doctor"]
    assert scene.position.model("Doc").gear == (*arch.weapons, *arch.items, third)
    doc = scene.table.names["Doc"]
    assert third in [g.gear_id for g in scene.session.comp(doc, A.Inventory).gear]


def test_the_director_phase_plays_one_step_at_each_n(table):
    app, scene = table
    press(app, pygame.K_TAB)
    s = scene.session
    scene.submit(A.EndActivation(scene.table.names["Doc"]))
    assert scene.submit(A.EndSurvivorPhase()) and s.in_director and scene.paused
    for _ in range(30):
        app.step(1 / 30)
    before = len(s.events)
    assert s.in_director and len(s.events) == before         # paused: nothing moves on by itself
    steps = 0
    while s.in_director and steps < 40:
        press(app, pygame.K_n)
        for _ in range(90):
            app.step(1 / 30)
        steps += 1
    assert not s.in_director and s.round == 2 and steps > 3
