"""Issue 30, point 1 (headless): replay files, the ReplayPlayer that steps through them, and the commands.

A replay must give back the game's event log exactly (the survivor AI's commentary included), refuse content that
has changed with one line, list a damaged file as damaged, and stay bounded in number."""
from __future__ import annotations

import dataclasses
import json

import pytest

from game.ai.director_policy import DirectorAI
from game.ai.survivor_ai import SurvivorAI
from game.campaign import rules as R
from game.campaign.autoplay import play_mission
from game.campaign.mission import mission_game, start_mission
from game.campaign.saves import to_data
from game.cli import main
from game.content.loader import load_content
from game.sim.runner import play_game
from game.ui.board.replay_files import open_replay_file
from game.world import replays
from game.world.actions import EndSurvivorPhase
from game.world.replays import keep_replay, list_replays, prune
from game.world.saves import GameRecord, SaveError


@pytest.fixture(scope="module")
def content():
    return load_content()


def log_of(session) -> list[tuple]:
    return [(e.kind, e.text, e.data) for e in session.events]


def kept_game(content, folder, scenario="pharmacy_run", seed=3):
    """A whole game of the veteran survivor AI (it comments on every choice) kept as a replay: (path, its log)."""
    actions: list = []
    s = play_game(content, scenario, seed, SurvivorAI("veteran", seed), policy=DirectorAI("standard"),
                  record=actions)
    path = keep_replay(GameRecord(scenario, seed, s.scenario.team, actions), s, content, folder=folder)
    log = log_of(s)
    s.close()
    return path, log


def test_a_replay_gives_back_the_game_event_log_exactly(content, tmp_path):
    path, log = kept_game(content, tmp_path)
    assert any(k == "decision" for k, _, _ in log)       # the commentary is not actions: the notes bring it back
    player = open_replay_file(path, content).player()
    try:
        assert log_of(player.seek(player.end)) == log
        assert player.steps[-1].last == len(log)
        # back and forth: the same game wherever the replay went before
        player.seek(player.end // 2)
        player.back()
        player.seek(player.round_starts[2])
        assert log_of(player.seek(player.end)) == log
        halfway = player.end // 2
        assert log_of(player.seek(halfway)) == log[:player.steps[halfway - 1].last]
    finally:
        player.close()


def test_the_timeline_has_every_round_and_the_key_moments(content, tmp_path):
    path, log = kept_game(content, tmp_path, "dead_air", 5)
    player = open_replay_file(path, content).player()
    try:
        starts = [player.round_starts[r] for r in sorted(player.round_starts)]
        assert sorted(player.round_starts) == list(range(1, player.rounds + 1)) and starts == sorted(set(starts))
        for rnd, at in player.round_starts.items():
            assert player.round_at(at) == rnd
            if at:      # the step before a round's start is the End Phase's "next round" of the round before
                assert player.steps[at - 1].key == "round" and player.round_at(at - 1) == rnd - 1
        marked = {m.text for m in player.moments}
        for kind, text, _ in log:
            if kind in ("downed", "eliminated", "end", "event") or text.startswith("Objective step done"):
                assert text in marked
        for m in player.moments:        # each mark sits on the step whose events hold it
            step = player.steps[m.position - 1]
            assert m.text in [t for _, t, _ in log[step.first:step.last]] and m.round == step.round
    finally:
        player.close()


def test_a_campaign_mission_replays_with_its_band(content, tmp_path):
    camp = R.new_campaign(content, "Replayed", 7)
    scenario = R.offers(camp, content)[0]
    start_mission(camp, content, scenario)
    mcontent, record = mission_game(camp, content)
    s = record.replay(mcontent, policy=DirectorAI(record.director))
    play_mission(camp, s, SurvivorAI("veteran", 1))
    path = keep_replay(record, s, mcontent, campaign=to_data(camp, s.rng), folder=tmp_path)
    log = log_of(s)
    s.close()
    assert any(k == "campaign" for k, _, _ in log)        # the band's own survivors were set on the table
    player = open_replay_file(path, content).player()
    try:
        assert log_of(player.seek(player.end)) == log
    finally:
        player.close()


def test_changed_content_is_refused_with_one_line(content, tmp_path, capsys):
    path, _ = kept_game(content, tmp_path)
    changed = dataclasses.replace(content, rules=dataclasses.replace(content.rules, ap=content.rules.ap + 1))
    with pytest.raises(SaveError) as refused:
        open_replay_file(path, changed)
    said = str(refused.value)
    assert said.startswith(f"{path}: content:") and "changed" in said and "\n" not in said
    # the same from the command line: a replay recorded on other content
    data = json.loads(path.read_text())
    data["content"] = "0" * 16
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "content:" in err[0] and "cannot be replayed" in err[0]


def test_a_damaged_replay_is_listed_as_damaged_and_opens_nothing(content, tmp_path):
    path, _ = kept_game(content, tmp_path)
    cut = tmp_path / "cut.json"
    cut.write_bytes(path.read_bytes()[:500])
    edited = tmp_path / "edited.json"
    data = json.loads(path.read_text())
    data["seed"] = "three"
    edited.write_text(json.dumps(data))
    found = list_replays(tmp_path)
    assert found[0].path == path and found[0].problem == ""          # the readable one first, then the damaged
    why = {f.path: f.problem for f in found[1:]}
    assert set(why) == {cut, edited} and "not valid JSON" in why[cut] and "seed" in why[edited]
    for bad in (cut, edited):
        with pytest.raises(SaveError):
            open_replay_file(bad, content)


def test_finished_games_are_kept_bounded_and_damaged_files_stay(content, tmp_path, monkeypatch):
    monkeypatch.setattr(replays, "KEEP", 2)
    damaged = tmp_path / "damaged.json"
    damaged.write_text("{")
    first, _ = kept_game(content, tmp_path, seed=1)
    second, _ = kept_game(content, tmp_path, seed=2)
    third, _ = kept_game(content, tmp_path, seed=4)
    assert not first.exists() and second.exists() and third.exists() and damaged.exists()
    assert [f.path for f in list_replays(tmp_path)] == [third, second, damaged]
    assert prune(tmp_path, 1) == [second]


def test_run_save_keeps_a_headless_game_as_a_replay(content, tmp_path, capsys):
    out = tmp_path / "run.json"
    assert main(["run", "--scenario", "quickplay_4", "--seed", "4", "--save", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    opened = open_replay_file(out, content)
    player = opened.player()
    try:
        assert player.seek(player.end).log_lines() == printed[:-1]       # the log, then the result line
        assert opened.data["result"] == list(player.session.result)
    finally:
        player.close()


@pytest.mark.parametrize("args,code,said", [
    (["replay", "{missing}"], 1, "no such file"),
    (["replay", "{good}", "--round", "99"], 2, "--round: the game has rounds 1 to"),
    (["replay", "{good}", "--round", "two"], 2, "--round: expected a round number"),
    (["replay", "{good}", "--round", "0"], 2, "--round: expected a round number"),
    (["replay", "{good}", "--from-round", "2"], 2, "they need --export"),
    (["replay", "{good}", "--export", "{gif}", "--from-round", "3", "--to-round", "2"], 2, "comes before"),
    (["replay", "{good}", "--export", "/proc/clip.gif"], 2, "--export: cannot write in /proc"),
    (["run", "--save", "/proc/game.json"], 2, "--save: cannot write in /proc"),
])
def test_bad_replay_commands_are_one_line(content, tmp_path, capsys, args, code, said):
    good, _ = kept_game(content, tmp_path)
    names = {"missing": tmp_path / "nothing.json", "good": good, "gif": tmp_path / "clip.gif"}
    assert main([a.format(**names) for a in args]) == code
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and said in err[0]


def test_games_from_the_directors_seat_and_at_a_shared_screen_replay_too(content, tmp_path):
    from tests.test_director_seat import play
    game, _ = play("pharmacy_run", 3)            # a person's purchases, the survivor AI's moves
    hot = GameRecord("dead_air", 2, content.scenarios["dead_air"].team, players=("Ann", "Bob"),
                     owners=("Ann", "Bob", "Ann", "AI")[:len(content.scenarios["dead_air"].team)], agendas=True)
    shared = hot.start(content, DirectorAI(hot.director))
    ai = SurvivorAI("veteran", 2)
    while shared.result is None:
        if shared.in_director:
            shared.run_director()
        else:
            action = ai.choose(shared) or EndSurvivorPhase()
            shared.submit(action)
            hot.actions.append(action)
    for record, s in ((game.record, game.session), (hot, shared)):
        path = keep_replay(record, s, content, folder=tmp_path)
        log = log_of(s)
        s.close()
        player = open_replay_file(path, content).player()
        try:
            assert log_of(player.seek(player.end)) == log
        finally:
            player.close()


def test_a_replay_whose_moves_the_rules_refuse_says_where_in_one_line(content, tmp_path):
    path, _ = kept_game(content, tmp_path)
    data = json.loads(path.read_text())
    moves = [i for i, a in enumerate(data["actions"]) if a["type"] == "Move"]
    data["actions"][moves[0]]["dest"] = 0           # a corner of the map, far out of reach
    path.write_text(json.dumps(data))
    opened = open_replay_file(path, content)        # the file itself reads: the rules refuse it when played
    with pytest.raises(SaveError) as refused:
        opened.player()
    said = str(refused.value)
    assert said.startswith(f"{path}: actions[") and "does not replay" in said and "\n" not in said


def rolls_in_last_director_phase(log) -> bool:
    """Did the game's last Director Phase roll a die (so a replay without it leaves the RNG elsewhere)?"""
    start = max(i for i, (kind, text, _) in enumerate(log) if kind == "phase" and text == "Director Phase")
    return any(kind == "roll" for kind, _, _ in log[start:])


def test_a_replay_that_no_longer_ends_as_recorded_is_refused(content, tmp_path):
    # a game whose last Director Phase rolls dice: without it the dice generator stops elsewhere
    path = next(path for seed in range(3, 12) for path, log in [kept_game(content, tmp_path, seed=seed)]
                if rolls_in_last_director_phase(log))
    data = json.loads(path.read_text())
    last_phase = max(i for i, a in enumerate(data["actions"]) if a["type"] == "EndSurvivorPhase")
    data["actions"] = data["actions"][:last_phase]      # no last Director Phase: the dice generator stops elsewhere
    data["notes"] = []
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        open_replay_file(path, content).player()
    assert str(refused.value).startswith(f"{path}: rng_state:") and "\n" not in str(refused.value)


def test_a_replay_saved_by_one_process_plays_in_another_whatever_the_hash_seed(tmp_path):
    """The content's fingerprint is made from its frozen repr: a set in it would order by the process's hash seed
    and refuse every replay kept by another run of the game."""
    import os
    import subprocess
    import sys
    saved = tmp_path / "game.json"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

    def cli(seed: str, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "main.py", *args], capture_output=True, text=True, timeout=120,
                              env={**env, "PYTHONHASHSEED": seed})
    assert cli("1", "run", "--scenario", "last_train_out", "--seed", "2", "--quiet", "--save", str(saved)
               ).returncode == 0
    shown = cli("2", "replay", str(saved), "--screenshot", str(tmp_path / "shot.png"), "--size", "640x360")
    assert shown.returncode == 0, shown.stderr
    assert (tmp_path / "shot.png").stat().st_size > 0
