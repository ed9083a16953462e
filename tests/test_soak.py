"""`python main.py soak`: checked games for a while, progress with games/s and memory, and each failure with its
seed and the one command that plays it again."""
from __future__ import annotations

import itertools

from game.cli import main
from game.content.loader import load_content
from game.sim import soak as soak_module
from game.sim.soak import SoakGame, play_checked, soak


def fake_clock(step: float):
    """A clock that moves `step` seconds each time it is read."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


def test_soak_plays_every_player_and_reports_speed_and_memory():
    lines = []
    failed = soak(load_content(), minutes=1, seed=3, say=lines.append, clock=fake_clock(1.0))
    assert failed == []
    assert lines[-1].startswith("done: ") and "games/s" in lines[-1] and "MB now" in lines[-1]
    assert any(line.startswith("soak: ") for line in lines[:-1])      # a progress line on the way


def test_a_broken_invariant_is_reported_with_its_seed_and_a_reproduction(monkeypatch, capsys):
    def broken(s, census):
        return ["Heat 99 outside 0..15"] if s.round >= 2 else []
    monkeypatch.setattr(soak_module, "check_invariants", broken)
    assert main(["soak", "--minutes", "0.001", "--seed", "40"]) == 1
    out = capsys.readouterr().out
    assert "FAILED last_train_out novice seed 40: invariant broken, round 2: Heat 99 outside 0..15" in out
    assert "again: python main.py soak --game last_train_out:novice:40" in out
    assert main(["soak", "--game", "last_train_out:novice:40"]) == 1


def test_a_crash_is_a_failure_not_a_traceback(monkeypatch):
    def crash(*args, **kwargs):
        raise KeyError("boom")
    monkeypatch.setattr(soak_module, "play_game", crash)
    assert play_checked(load_content(), SoakGame("dead_air", "veteran", 1)) == "KeyError: 'boom'"


def test_soak_game_replays_one_game(capsys):
    assert main(["soak", "--game", "dead_air:novice:12"]) == 0
    assert capsys.readouterr().out == "dead_air novice seed 12: every invariant held\n"
