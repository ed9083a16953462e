"""Issue #11, damaged saves: each is refused by load_game with the file and the field named (a SaveError, never a
RecursionError, ValueError or TypeError), and the Load screen lists it as damaged next to the good ones."""
from __future__ import annotations

import dataclasses
import json

import pygame
import pytest

from game.content.loader import load_content
from game.ui.launch import make_app
from game.ui.menus.saves_screen import SavesScene, scan_saves
from game.ui.widgets.controls import Dialog
from game.world.saves import (
    ACTIONS,
    FIELD_CHECKS,
    GameRecord,
    RecordingSession,
    SaveError,
    load_game,
    save_dir,
    write_save,
)
from tests.ui_standin import stand_in_app, use_stand_in  # noqa: F401  (stand_in_app: the `app` fixture)


@pytest.fixture(scope="module")
def good_save() -> dict:
    content = load_content()
    game = RecordingSession(content, GameRecord("pharmacy_run", 9, content.scenarios["pharmacy_run"].team))
    who = game.session.survivors()[0]
    from game.world import actions as A
    game.submit(A.Activate(who))
    game.submit(A.EndActivation(who))
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "slot.json"
        write_save(path, game.record, game.session, "good")
        data = json.loads(path.read_text())
    game.session.close()
    return data


DAMAGE = {   # test id: (what is written, the field the message names)
    "deeply nested JSON": (lambda d: "[" * 100_000 + "]" * 100_000, "nested more than"),
    "a 5000-digit seed": (lambda d: json.dumps(d).replace('"seed": 9', '"seed": ' + "9" * 5000), "5000 digits"),
    "team as a list of lists": (lambda d: json.dumps({**d, "team": [["doctor"]]}), "team[0]"),
    "team as a dict": (lambda d: json.dumps({**d, "team": {"doctor": 1}}), "team"),
    "scenario as a list": (lambda d: json.dumps({**d, "scenario": ["pharmacy_run"]}), "scenario"),
    "scenario as a dict": (lambda d: json.dumps({**d, "scenario": {"id": 1}}), "scenario"),
    "format 1.0": (lambda d: json.dumps({**d, "format": 1.0}), "format"),
    "format true": (lambda d: json.dumps({**d, "format": True}), "format"),
    "an empty team": (lambda d: json.dumps({**d, "team": []}), "team"),
    "a team too large for the scenario": (lambda d: json.dumps({**d, "team": ["doctor"] * 7}), "team"),
    "no rng_state and no actions": (lambda d: json.dumps({k: v for k, v in d.items() if k != "rng_state"}
                                                         | {"actions": []}), "rng_state"),
    "an action type as a list": (lambda d: json.dumps({**d, "actions": [{"type": ["Move"]}]}), "actions[0]"),
    "an action field as a dict": (lambda d: json.dumps({**d, "actions": [{"type": "Activate", "who": {}}]}),
                                  "actions[0].who"),
    "a label as a dict": (lambda d: json.dumps({**d, "label": {"x": 1}}), "label"),
    "the saved position as a list": (lambda d: json.dumps({**d, "board": [1, 2]}), "board"),
    "a zombie's place as text": (lambda d: json.dumps({**d, "board": {**d["board"], "zombies": [["a", 1]]}}),
                                 "board: zombies[0]"),
    "a JSON list": (lambda d: "[1, 2]", "expected a JSON object"),
}


@pytest.mark.parametrize("damage,field", DAMAGE.values(), ids=DAMAGE.keys())
def test_load_game_refuses_a_damaged_save_naming_file_and_field(tmp_path, good_save, damage, field):
    path = tmp_path / "slot.json"
    path.write_text(damage(good_save))
    with pytest.raises(SaveError) as err:
        load_game(path, load_content())
    assert str(err.value).startswith(f"{path}: ") and field in str(err.value)
    assert "\n" not in str(err.value)


def test_a_save_keeps_where_everyone_stood(good_save):
    board = good_save["board"]
    assert len(board["survivors"]) == 4 and not board["downed"] and len(board["zombies"]) >= 1
    assert all(len(spot) == 2 and all(isinstance(v, int) for v in spot) for spot in board["zombies"])


def test_the_undamaged_save_loads(tmp_path, good_save):
    path = tmp_path / "slot.json"
    path.write_text(json.dumps(good_save))
    load_game(path, load_content()).session.close()


def test_every_action_field_has_a_schema_check():
    kinds = {str(f.type) for cls in ACTIONS.values() for f in dataclasses.fields(cls)}
    assert kinds <= set(FIELD_CHECKS)


def test_one_bad_file_in_the_saves_folder_never_hides_the_others(tmp_path, good_save):
    for name, (damage, _) in DAMAGE.items():
        (tmp_path / f"{name}.json").write_text(damage(good_save))
    (tmp_path / "good.json").write_text(json.dumps(good_save))
    (tmp_path / "folder.json").mkdir()
    entries = scan_saves(load_content(), tmp_path)
    assert [e.path.name for e in entries if e.ok] == ["good.json"]
    assert len(entries) == len(DAMAGE) + 2 and all(e.problem for e in entries if not e.ok)


# --- edited saves that loaded before issue #27: each consistent enough to replay, each a lie --------------------------
def refused(tmp_path, text: str) -> str:
    path = tmp_path / "slot.json"
    path.write_text(text)
    with pytest.raises(SaveError) as err:
        load_game(path, load_content())
    message = str(err.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message[len(f"{path}: "):]


def test_an_edited_save_with_a_key_written_twice_is_refused(tmp_path, good_save):
    """json.loads keeps the last of two: the first could show one thing, the game play another."""
    text = json.dumps(good_save)
    assert "'seed' is written twice" in refused(tmp_path, text[:-1] + ', "seed": 9}')


@pytest.mark.parametrize("edit,field", [
    (lambda d: {**d, "cheat": True}, "cheat: not a field"),
    (lambda d: {**d, "actions": [{**d["actions"][0], "ap": 9}, *d["actions"][1:]]}, "actions[0].ap: Activate has no"),
    (lambda d: {**d, "board": {**d["board"], "pets": []}}, "board: 'pets'"),
], ids=["at the top", "in an action", "in the board"])
def test_an_edited_save_with_a_field_the_game_never_writes_is_refused(tmp_path, good_save, edit, field):
    assert field in refused(tmp_path, json.dumps(edit(good_save)))


def test_an_edited_save_with_the_same_survivor_twice_is_refused(tmp_path, good_save):
    team = [good_save["team"][0]] * len(good_save["team"])
    assert "team[1]: ER Doctor is in the team twice" in refused(tmp_path, json.dumps({**good_save, "team": team}))


@pytest.mark.parametrize("field,value", [("round", 7), ("doom", 12), ("board", {"survivors": [[1, 1]]})])
def test_an_edited_save_whose_preview_the_replay_contradicts_is_refused(tmp_path, good_save, field, value):
    """The Load screen shows round, Doom and where everyone stood from the file: an edit there is a lie it would
    tell, so the replay checks it."""
    assert refused(tmp_path, json.dumps({**good_save, field: value})).startswith(f"{field}: the replay gives")


def test_an_edited_save_with_purchases_in_a_game_the_director_ai_played_is_refused(tmp_path, good_save):
    edit = {**good_save, "purchases": [{"type": "lunge", "zombie": 1}]}
    assert refused(tmp_path, json.dumps(edit)).startswith("purchases: the Director AI played this game")


def test_an_edited_save_with_a_nul_in_its_label_is_refused_and_the_load_screen_lists_it(tmp_path, good_save):
    """A NUL stops the text renderer: the Load screen would fail drawing it."""
    assert "label: a control character" in refused(tmp_path, json.dumps({**good_save, "label": "a\u0000b"}))
    entries = scan_saves(load_content(), tmp_path)
    assert [(e.ok, e.problem[:6]) for e in entries] == [(False, "label:")]


def test_an_edited_save_with_a_dice_index_out_of_range_is_refused(tmp_path, good_save):
    words = list(good_save["rng_state"][1])
    words[624] = 625
    edit = {**good_save, "rng_state": [3, words, None]}
    assert "rng_state[1][624]: the dice generator's index must be 0 to 624" in refused(tmp_path, json.dumps(edit))


# --- the Load screen --------------------------------------------------------------------------------------------



def _press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def _fill(folder, good_save) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "good.json").write_text(json.dumps(good_save))
    (folder / "deep.json").write_text(DAMAGE["deeply nested JSON"][0](good_save))
    (folder / "seed.json").write_text(DAMAGE["a 5000-digit seed"][0](good_save))
    (folder / "team.json").write_text(DAMAGE["team as a dict"][0](good_save))


def test_the_load_screen_lists_damaged_saves_with_why_and_deletes_them(app, good_save):
    _fill(save_dir(), good_save)
    app.push(SavesScene(load_content()))
    app.step(1 / 60)
    scene = app.scene
    rows = scene.list.rows
    assert [r.title for r in rows][0] == "good" and rows[0].enabled
    assert all(not r.enabled and r.note.startswith("Damaged: ") for r in rows[1:]) and len(rows) == 4
    scene.list.selected = scene.selected = 1
    scene._sync()
    doomed = scene.current.path
    _press(app, pygame.K_DELETE)
    assert isinstance(app.scene, Dialog) and doomed.name in app.scene.message
    _press(app, pygame.K_RETURN)              # the dialog's first button: Delete
    assert app.scene is scene and not doomed.exists()
    assert len(scene.entries) == 3 and doomed not in [e.path for e in scene.entries]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_load_screen_with_damaged_saves_renders(tmp_path, monkeypatch, good_save, size):
    """Drawn headless at both window sizes (the PNGs are what a person checks by eye)."""
    use_stand_in(monkeypatch, tmp_path)
    app = make_app(size, headless=True)
    try:
        _fill(save_dir(), good_save)
        app.push(SavesScene(load_content()))
        app.step(1 / 60)
        scene = app.scene
        scene.list.selected = scene.selected = 1
        scene._sync()
        app.step(1 / 60)
        assert scene.delete_button.enabled and not scene.load_button.enabled
        assert not scene.delete_button.rect.colliderect(scene.load_button.rect)
        pygame.image.save(app.screen, str(tmp_path / f"load_{size[0]}.png"))
    finally:
        pygame.quit()
