"""Saves replay to exactly the saved game; damaged saves are refused with the file and field named; undo."""
import json

import pytest

from game.ai.survivor_ai import SurvivorAI
from game.content.loader import load_content
from game.world import actions as A
from game.world.saves import GameRecord, RecordingSession, SaveError, list_saves, load_game, write_save


def _played(rounds: int = 2, scenario: str = "pharmacy_run", seed: int = 9) -> RecordingSession:
    content = load_content()
    team = content.scenarios[scenario].team
    game = RecordingSession(content, GameRecord(scenario, seed, team))
    ai = SurvivorAI("expert", seed)
    while game.session.round <= rounds and game.session.result is None:
        if game.session.in_director:
            game.session.run_director()
            continue
        game.submit(ai.choose(game.session))
    return game


def test_a_loaded_game_continues_exactly_where_it_was(tmp_path):
    game = _played()
    path = tmp_path / "slot1.json"
    write_save(path, game.record, game.session, "test")
    loaded = load_game(path, load_content())
    assert loaded.session.log_lines() == [line for line in game.session.log_lines()
                                          if not line.startswith("[decision]")]
    assert loaded.session.rng.getstate() == game.session.rng.getstate()
    # and both go on identically
    for g in (game, loaded):
        g.submit(A.EndSurvivorPhase()) if not g.session.in_director else None
        g.session.run_director()
    assert loaded.session.log_lines()[-20:] == game.session.log_lines()[-20:]


def test_saving_is_atomic_and_keeps_the_previous_file_on_failure(tmp_path, monkeypatch):
    game = _played(1)
    path = tmp_path / "slot.json"
    write_save(path, game.record, game.session, "first")
    before = path.read_text()

    def boom(*args, **kwargs):
        raise OSError("disk full")
    monkeypatch.setattr("game.content.files.os.replace", boom)   # where every save is written
    with pytest.raises(OSError):
        write_save(path, game.record, game.session, "second")
    assert path.read_text() == before


@pytest.mark.parametrize("damage,field", [
    (lambda d: "{not json", "not valid JSON"),
    (lambda d: json.dumps({**d, "scenario": "atlantis"}), "scenario"),
    (lambda d: json.dumps({**d, "seed": "x"}), "seed"),
    (lambda d: json.dumps({**d, "team": ["ghost"]}), "team"),
    (lambda d: json.dumps({**d, "actions": [{"type": "Teleport"}]}), "actions[0]"),
    (lambda d: json.dumps({**d, "format": 99}), "format"),
    (lambda d: json.dumps({**d, "rng_state": [3, [1, 2], None]}), "rng_state"),
])
def test_damaged_saves_are_refused_with_the_file_and_field_named(tmp_path, damage, field):
    game = _played(1)
    path = tmp_path / "slot.json"
    write_save(path, game.record, game.session)
    path.write_text(damage(json.loads(path.read_text())))
    with pytest.raises(SaveError) as err:
        load_game(path, load_content())
    assert str(path) in str(err.value) and field in str(err.value)


def test_list_saves_shows_slots_newest_first(tmp_path):
    game = _played(1)
    write_save(tmp_path / "a.json", game.record, game.session, "first")
    (tmp_path / "junk.json").write_text("nonsense")
    saves = list_saves(tmp_path)
    assert [f.path.name for f in saves] == ["a.json", "junk.json"]
    assert saves[0].data["label"] == "first" and saves[0].data["scenario"] == "pharmacy_run"
    assert saves[1].data is None and "not valid JSON" in saves[1].problem


def test_undo_takes_back_a_move_but_not_a_roll():
    content = load_content()
    game = RecordingSession(content, GameRecord("last_train_out", 3, content.scenarios["last_train_out"].team))
    s = game.session
    who = s.survivors()[0]
    game.submit(A.Activate(who))
    start = s.cell(who)
    dest = next(c for c in A.reachable(s, who, A.move_budget(s, who)) if c != start)
    game.submit(A.Move(who, dest))
    assert game.can_undo()
    s = game.undo()
    assert s.cell(who) == start and s.comp(who, A.Turn).ap == 3
    game.submit(A.Move(who, dest))
    s.emit("roll", "a die rolled during that action", who=who, faces=[3])   # as a search or attack would
    assert not game.can_undo()
    game.submit(A.EndActivation(who))
    assert game.can_undo()          # ending an activation rolls nothing
