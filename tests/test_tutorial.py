"""The Tutorial: lesson files load and validate, the runner judges actions on the real engine, progress persists,
and every lesson can be finished (and a wrong move put right) through posted input events driving the real
App / TutorialScene / LessonScene loop. Headless: tests/conftest.py picks SDL's dummy drivers."""
from __future__ import annotations

import json
import types
from pathlib import Path

import pygame
import pytest

from game.content.errors import ContentError
from game.content.loader import load_content
from game.tutorial.lessons import BUTTONS, check_lessons, load_lessons, odds_line
from game.tutorial.runner import LessonRunner, Progress, progress_path
from game.world import actions as A
from game.world.components import Health, Inventory, Status, Turn

LESSON_IDS = ["moving", "difficult_ground", "engagement", "disengage", "melee", "swarms", "sight_and_cover",
              "noise", "downed"]


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def lessons(content):
    return {ls.id: ls for ls in load_lessons(content)}


# --- the lesson files ------------------------------------------------------------------------------------------

def test_every_lesson_loads_and_validates(content, lessons):
    assert list(lessons) == LESSON_IDS
    assert [ls.order for ls in lessons.values()] == list(range(1, 10))
    for ls in lessons.values():
        assert ls.steps and not ls.steps[-1].info and ls.summary and ls.summary_title
        for step in ls.steps:
            assert step.text
            if not step.info:
                assert step.hint and step.explain and step.expect is not None
            for spec in step.odds:
                assert "%" in odds_line(content, spec)


def test_button_keys_match_the_action_bar():
    from game.ui.board.hud import ACTIONS
    assert set(BUTTONS) - {"continue"} == {a.key for a in ACTIONS}


def test_broken_lesson_file_gives_clear_problems(content, tmp_path):
    good = Path("game/data/tutorial/03_engagement.yaml").read_text(encoding="utf-8")
    bad = good.replace("archetype: courier", "archetype: postman").replace("label: z2", "label: z1") \
        .replace("action: Move, who: medic, cells: [[6, 2]", "action: Teleport, who: medic, cells: [[60, 2]")
    (tmp_path / "03_engagement.yaml").write_text(bad, encoding="utf-8")
    found, problems = check_lessons(content, tmp_path)
    assert not found
    text = "\n".join(str(p) for p in problems)
    assert "unknown archetype 'postman'" in text
    assert "'z1' is used twice" in text
    assert "Teleport" in text and "off the 13x11 board" in text
    assert all(p.file.endswith("03_engagement.yaml") for p in problems)
    with pytest.raises(ContentError):
        load_lessons(content, tmp_path)


# --- the runner on its own (no screen) ------------------------------------------------------------------------

def _gun(r: LessonRunner, who: int, gear_id: str | None) -> int:
    s = r.session
    for g in s.comp(who, Inventory).gear:
        w = s.content.weapons.get(g.gear_id)
        if w is not None and (g.gear_id == gear_id if gear_id else w.kind == "firearm"):
            return g.uid
    raise AssertionError("no such gun")


def _actions_for(r: LessonRunner) -> list:
    """The actions that do the current step (the step's own cells, or a route for the steps that only say where
    to end up)."""
    step, s = r.step, r.session
    routes = {"two_moves": ("medic", [(8, 4), (10, 4)]), "route": ("medic", [(5, 2), (8, 4)]),
              "to_exit": ("medic", [(10, 4)]), "try_leaving": ("medic", [(2, 3)])}
    e = step.expect
    who = r.labels.get(e.who) if e.who else s.active
    out = [A.Activate(who)] if who is not None and s.active != who and e.actions[0] != "EndSurvivorPhase" else []
    if step.id == "corner":
        return [A.EndActivation(r.labels["medic"]), A.Activate(who), A.Move(who, s.board.idx(5, 7))]
    if step.id in routes:
        return out + [A.Move(r.labels[routes[step.id][0]], s.board.idx(x, y)) for x, y in routes[step.id][1]]
    cell = s.board.idx(*e.cells[0]) if e.cells else None
    if step.id == "step_back":
        cell = s.board.idx(2, 3)
    make = {"Activate": lambda: A.Activate(who), "Move": lambda: A.Move(who, cell),
            "Disengage": lambda: A.Disengage(who, cell if cell is not None else s.board.idx(6, 4)),
            "Withdraw": lambda: A.Withdraw(who, cell), "Melee": lambda: A.Melee(who, r.labels[e.target]),
            "Shoot": lambda: A.Shoot(who, r.labels[e.target], _gun(r, who, e.weapon or None)),
            "Aim": lambda: A.Aim(who), "HunkerDown": lambda: A.HunkerDown(who), "Escape": lambda: A.Escape(who),
            "Triage": lambda: A.Triage(who, r.labels[e.ally]), "EndSurvivorPhase": lambda: A.EndSurvivorPhase()}
    if e.actions[0] == "Activate":
        return [A.Activate(who)]
    return out + [make[e.actions[0]]()]


def _wounds(r: LessonRunner, label: str) -> int:
    return r.session.comp(r.labels[label], Health).wounds


# What the scripted steps' explanations say happened, checked on the engine (so a rules change shows up here).
TOLD = {
    ("disengage", "break_away"): lambda r: _wounds(r, "medic") == 2,
    ("melee", "win"): lambda r: _wounds(r, "hunter") == 1 and _wounds(r, "scrapper") == 3,
    ("melee", "lose"): lambda r: _wounds(r, "hunter") == 1 and _wounds(r, "scrapper") == 2,
    ("melee", "tie"): lambda r: _wounds(r, "hunter") == 1 and _wounds(r, "scrapper") == 2,
    ("melee", "doorway"): lambda r: r.eid("door") is None,
    ("swarms", "swarm"): lambda r: _wounds(r, "ff") == 1,
    ("noise", "quiet"): lambda r: r.session.heat == 0 and r.eid("z1") is None,
    ("noise", "loud"): lambda r: r.session.heat == 3 and r.eid("z2") is None,
    ("downed", "frenzy"): lambda r: r.session.comp(r.labels["courier"], Status).downed,
    ("downed", "triage"): lambda r: _wounds(r, "courier") == 1,
}


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_runner_plays_each_lesson_on_the_engine(content, lessons, lesson_id, home):
    progress = Progress()
    r = LessonRunner(lessons[lesson_id], content, progress=progress)
    try:
        while not r.finished:
            if r.step.info:
                r.proceed()
                continue
            for action in _actions_for(r):
                out = r.submit(action)
                assert out.kind in ("ok", "step_done"), (r.step.id, action, out)
            assert r.state == "explain", r.step.id
            assert TOLD.get((lesson_id, r.step.id), lambda r: True)(r), r.step.id
            r.proceed()
        assert r.retries == 0 and r.leftover == {}, "every scripted face is used by its own step"
        assert progress.status(lesson_id) == "done"
        if lesson_id == "noise":       # the explanation tells what the Director bought: keep it true
            bought = [e.data["purchase"] for e in r.session.events if e.kind == "purchase" and "cost" in e.data]
            assert bought == ["Spawn", "Reanimate"], [e.text for e in r.session.events if e.kind == "purchase"]
    finally:
        r.close()


def test_runner_rewinds_a_wrong_action_with_the_same_dice(content, lessons):
    r = LessonRunner(lessons["melee"], content)
    s = r.session
    scrapper, hunter = r.labels["scrapper"], r.labels["hunter"]
    assert r.submit(A.Activate(scrapper)).kind == "ok"
    assert r.submit(A.Melee(scrapper, hunter)).kind == "step_done"
    r.proceed()                                               # step "lose"
    out = r.submit(A.EndActivation(scrapper))                 # throws his last AP away: wrong
    assert out.kind == "wrong" and out.message == r.hint == r.step.hint
    assert r.session is not s and r.step.id == "lose" and r.retries == 1
    s = r.session
    assert s.active == scrapper and s.comp(scrapper, Turn).ap == 2          # back where the step began
    assert s.comp(r.labels["hunter"], Health).wounds == 1                    # the first melee replayed the same
    assert r.submit(A.Melee(scrapper, r.labels["hunter"])).kind == "step_done"
    assert s.comp(scrapper, Health).wounds == 2
    r.close()


def test_runner_refusals_change_nothing_unless_they_are_the_point(content, lessons):
    r = LessonRunner(lessons["engagement"], content)
    medic = r.labels["medic"]
    out = r.submit(A.Escape(medic))
    assert out.kind == "refused" and "not the active survivor" in out.message
    assert r.retries == 0 and r.step.id == "walk_up"
    for action in _actions_for(r):
        r.submit(action)
    r.proceed()
    out = r.submit(A.Move(medic, r.session.board.idx(2, 3)))   # the step asks to try it
    assert out.kind == "step_done" and "engaged" in r.explanation.engine_said
    r.close()


def test_an_allowed_action_that_leaves_the_step_undoable_is_rewound(content, lessons):
    r = LessonRunner(lessons["engagement"], content)
    for _ in range(2):
        for action in _actions_for(r):
            r.submit(action)
        r.proceed()
    medic, courier = r.labels["medic"], r.labels["courier"]
    assert r.step.id == "corner"
    assert r.submit(A.EndActivation(medic)).kind == "ok"             # the step says to
    assert r.submit(A.Activate(courier)).kind == "ok"
    out = r.submit(A.EndActivation(courier))                         # allowed kind, but now he cannot move
    assert out.kind == "wrong" and r.session.active == medic and r.session.comp(medic, Turn).ap == 2
    r.close()


def test_progress_persists(home):
    p = Progress()
    assert p.path == progress_path() == home / "tutorial.json"
    assert p.status("moving") == "new"
    p.mark_started("moving")
    p.mark_done("moving", retries=2)
    p.mark_skipped("melee")
    p.mark_skipped("moving")                                  # done stays done
    again = Progress()
    assert again.status("moving") == "done" and again.status("melee") == "skipped"
    assert again.lessons["moving"]["fewest_retries"] == 2 and again.last == "moving"
    assert json.loads((home / "tutorial.json").read_text())["version"] == 1
    (home / "tutorial.json").write_text("{broken", encoding="utf-8")
    assert Progress().status("moving") == "new"               # a damaged file is ignored, not a crash
    again.reset()
    assert Progress().lessons == {}


# --- through the screen: posted events, the real App loop ----------------------------------------------------

def _post(kind, **data) -> None:
    pygame.event.post(pygame.event.Event(kind, **data))


def _step(app, n: int = 1) -> None:
    for _ in range(n):
        app.step()


def click(app, pos) -> None:
    _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step()


def press(app, key: int) -> None:
    _post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    _post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
    app.step()


def lesson_scene(app):
    from game.ui.board.tutorial_scene import LessonScene
    return next(sc for sc in reversed(app.stack) if isinstance(sc, LessonScene))


def cell(app, x: int, y: int) -> None:
    """Click the centre of board cell (x, y) of the open lesson."""
    sc = lesson_scene(app)
    click(app, sc.screen_pos(sc.session.board.idx(x, y)))


def model(app, label: str) -> None:
    sc = lesson_scene(app)
    click(app, sc.screen_pos(sc.session.cell(sc.runner.eid(label))))


def wait_director(app) -> None:
    sc = lesson_scene(app)
    for _ in range(600):
        if sc.runner.state != "director" and not sc.session.in_director:
            return
        app.step()
    raise AssertionError("the Director's turn did not end")


def end_turn(app) -> None:
    """Enter ends the turn; if a box asks to confirm (someone could still act), E (Enter there keeps playing)."""
    from game.ui.widgets.controls import Dialog
    press(app, pygame.K_RETURN)
    if isinstance(app.scene, Dialog):
        press(app, pygame.K_e)
    wait_director(app)


K = pygame
NEXT = ("key", K.K_RETURN)                # Continue, after a step's explanation or an info page
# Per lesson, per step: the gestures a player makes. ("cell", x, y) clicks a board cell, ("model", label) clicks a
# model, ("key", k) presses a key, ("end_turn",) presses Enter (and confirms) and lets the Director play.
SOLUTIONS: dict[str, list[list[tuple]]] = {
    "moving": [[("model", "medic")], [("cell", 5, 2)], [("cell", 10, 4)], [("end_turn",)],
               [("model", "medic"), ("key", K.K_x)]],
    "difficult_ground": [[], [("cell", 8, 4)], [("key", K.K_x)]],
    "engagement": [[("cell", 6, 3)], [("cell", 2, 3)], [("key", K.K_SPACE), ("model", "courier"), ("cell", 5, 7)]],
    "disengage": [[], [("key", K.K_c), ("cell", 6, 4)], [("cell", 10, 4)], [("key", K.K_x)]],
    "melee": [[("key", K.K_f), ("model", "hunter")], [("key", K.K_f), ("model", "hunter")],
              [("key", K.K_f), ("model", "hunter")], [("cell", 2, 3)],
              [("model", "medic"), ("key", K.K_f), ("model", "door")]],
    "swarms": [[], [("key", K.K_f), ("model", "z1")], [("end_turn",)]],
    "sight_and_cover": [[], [("key", K.K_t), ("model", "hidden")], [("key", K.K_t), ("model", "car")],
                        [("key", K.K_i)], [("key", K.K_t), ("model", "fence")],
                        [("model", "medic"), ("key", K.K_h)]],
    "noise": [[("key", K.K_t), ("key", K.K_t), ("model", "z1")], [("key", K.K_t), ("key", K.K_t), ("model", "z2")],
              [("end_turn",)]],
    "downed": [[], [("key", K.K_t), ("model", "f1")], [("end_turn",)], [("model", "medic"), ("cell", 7, 6)],
               [("key", K.K_u)]],
}


def gesture(app, g: tuple) -> None:
    if g[0] == "cell":
        cell(app, g[1], g[2])
    elif g[0] == "model":
        model(app, g[1])
    elif g[0] == "key":
        press(app, g[1])
    elif g[0] == "end_turn":
        end_turn(app)


def open_app(content, size=(1280, 720)):
    from game.ui.board.tutorial_scene import TutorialScene
    from game.ui.widgets.app import App
    app = App(size, headless=True)
    app.settings = types.SimpleNamespace(speed_value=1000.0, tooltips=False)
    listing = TutorialScene(content)
    app.push(listing)
    app.step()
    return app, listing


def choose_in_list(app, listing, lesson_id: str) -> None:
    """Pick a lesson in the list with the keyboard, then Enter starts it."""
    target = next(i for i, ls in enumerate(listing.lessons) if ls.id == lesson_id)
    while listing.selected != target:
        press(app, K.K_DOWN if listing.selected < target else K.K_UP)
    press(app, K.K_RETURN)


def play_step(app, gestures: list[tuple]) -> None:
    sc = lesson_scene(app)
    before = (sc.runner.index, sc.runner.state)
    for g in gestures:
        gesture(app, g)
    assert sc.runner.state == "explain" or sc.runner.step.info, (before, sc.runner.state, sc.runner.hint,
                                                                  sc.runner.refusal)
    assert sc.runner.retries == 0, sc.runner.hint
    gesture(app, NEXT)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_each_lesson_completes_through_the_screen(content, lesson_id, home):
    from game.ui.board.tutorial_scene import LessonSummary, TutorialScene
    app, listing = open_app(content)
    choose_in_list(app, listing, lesson_id)
    sc = lesson_scene(app)
    assert sc.lesson.id == lesson_id
    for gestures in SOLUTIONS[lesson_id]:
        play_step(app, gestures)
    assert sc.runner.finished and isinstance(app.scene, LessonSummary)
    assert Progress().status(lesson_id) == "done"
    _step(app, 2)
    press(app, K.K_ESCAPE)                                    # All lessons
    assert isinstance(app.scene, TutorialScene)
    assert app.scene.list.rows[app.scene.lessons.index(sc.lesson)].right == "Done"
    pygame.quit()


def _wrong_then_right(app, wrong: list[tuple], right: list[tuple], check) -> None:
    sc = lesson_scene(app)
    step = sc.runner.step.id
    for g in wrong:
        gesture(app, g)
    assert sc.runner.retries == 1 and sc.runner.hint, "a wrong action is answered with a hint"
    assert sc.runner.step.id == step and sc.runner.state == "act", "and the same step is tried again"
    check(sc)
    _step(app, 2)                                             # the panel draws the hint
    for g in right:
        gesture(app, g)
    assert sc.runner.state == "explain" and sc.runner.step.id == step


def _at(label, x, y, ap=None):
    def check(sc):
        s = sc.session
        eid = sc.runner.eid(label)
        assert s.board.xy(s.cell(eid)) == (x, y)
        if ap is not None:
            assert s.comp(eid, Turn).ap == ap
    return check


def _zombie_alive(label):
    def check(sc):
        assert sc.runner.eid(label) is not None
    return check


# lesson: (steps to play first, the wrong gestures, the right gestures, what the rewound board must look like)
WRONG = {
    "moving": (1, [("cell", 3, 4)], [("cell", 5, 2)], _at("medic", 1, 4, ap=3)),
    "difficult_ground": (1, [("cell", 4, 4), ("cell", 8, 4)], [("cell", 8, 4)], _at("medic", 2, 4)),
    "engagement": (0, [("cell", 4, 3)], [("cell", 6, 3)], _at("medic", 2, 3)),
    "disengage": (1, [("key", K.K_f), ("model", "z1")], [("key", K.K_c), ("cell", 6, 4)],
                  lambda sc: sc.session.comp(sc.runner.eid("medic"), Health).wounds == 3 and
                  _zombie_alive("z1")(sc)),
    "melee": (0, [("model", "medic")], [("key", K.K_f), ("model", "hunter")],
              lambda sc: not sc.session.comp(sc.runner.eid("medic"), Turn).activated),
    "swarms": (1, [("key", K.K_f), ("model", "z2")], [("key", K.K_f), ("model", "z1")], _zombie_alive("z2")),
    "sight_and_cover": (2, [("key", K.K_t), ("model", "fence")], [("key", K.K_t), ("model", "car")],
                        _zombie_alive("fence")),
    "noise": (0, [("key", K.K_t), ("model", "z1")], [("key", K.K_t), ("key", K.K_t), ("model", "z1")],
              lambda sc: sc.session.heat == 0 and _zombie_alive("z1")(sc)),
    "downed": (1, [("end_turn",)], [("key", K.K_t), ("model", "f1")],
               lambda sc: sc.session.round == 1 and sc.session.comp(sc.runner.eid("courier"), Status).downed),
}


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_a_wrong_action_gets_a_hint_and_a_retry(content, lesson_id, home):
    app, listing = open_app(content)
    choose_in_list(app, listing, lesson_id)
    first, wrong, right, check = WRONG[lesson_id]
    for gestures in SOLUTIONS[lesson_id][:first]:
        play_step(app, gestures)
    _wrong_then_right(app, wrong, right, check)
    pygame.quit()


def test_retry_skip_and_progress_through_the_screen(content, home):
    from game.ui.board.tutorial_scene import LessonSummary, TutorialScene
    app, listing = open_app(content)
    choose_in_list(app, listing, "moving")
    sc = lesson_scene(app)
    play_step(app, SOLUTIONS["moving"][0])
    cell(app, 3, 4)                                           # a Move, but not to the marked cell: wrong
    assert sc.runner.retries == 1
    press(app, K.K_BACKSPACE)                                 # Retry step: fine at any time
    assert sc.session.comp(sc.runner.eid("medic"), Turn).ap == 3
    click(app, sc.panel_buttons[1].rect.center)               # Skip lesson
    assert isinstance(app.scene, LessonSummary) and Progress().status("moving") == "skipped"
    press(app, K.K_RETURN)                                    # Next: lesson 2
    sc2 = lesson_scene(app)
    assert sc2.lesson.id == "difficult_ground" and sc2 is not sc
    press(app, K.K_ESCAPE)                                    # back to the list
    assert isinstance(app.scene, TutorialScene)
    assert app.scene.current.id == "difficult_ground"         # where the player left off
    assert Progress().status("difficult_ground") == "started"
    pygame.quit()


def test_menu_and_command_line_reach_the_tutorial(content, home, tmp_path, monkeypatch):
    from game.cli import build_parser, main
    from game.ui.board import tutorial_scene
    from game.ui.widgets.app import App
    from game.ui.widgets.controls import Dialog
    app = App((1280, 720), headless=True)
    assert isinstance(tutorial_scene.open_tutorial(app, content), tutorial_scene.TutorialScene)   # the menu's route
    monkeypatch.setattr("game.tutorial.lessons.TUTORIAL_DIR", tmp_path / "nowhere")
    assert tutorial_scene.open_tutorial(app, content) is None and isinstance(app.scene, Dialog)
    assert "holds no lesson files" in app.scene.message
    pygame.quit()
    monkeypatch.undo()
    monkeypatch.setenv("BT_HOME", str(home))
    args = build_parser().parse_args(["tutorial", "--lesson", "3"])
    assert args.command == "tutorial" and args.lesson == 3
    shot = tmp_path / "lesson3.png"
    assert main(["tutorial", "--lesson", "3", "--screenshot", str(shot)]) == 0
    assert shot.exists() and shot.stat().st_size > 0
    assert main(["tutorial", "--lesson", "42", "--screenshot", str(shot)]) == 2


def test_a_damaged_progress_file_is_no_progress_not_a_crash(tmp_path):
    path = tmp_path / "tutorial.json"
    damaged = ("[" * 100_000, "\xff\xfe not text", '{"version": 1, "lessons": {"a": {"status": "done"}}, "last": []}')
    for damage in damaged:
        path.write_text(damage, encoding="utf-8", errors="surrogateescape")
        progress = Progress(path)
        assert progress.last == ""
    progress.mark_done("moving")
    assert Progress(path).status("moving") == "done"
