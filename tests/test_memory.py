"""Issue #11, memory in long runs: the per-terrain caches that games on one map share (sight answers per door state,
move answers, distance fields) keep to fixed budgets, so a process playing game after game levels off. The long
measurement (resident memory over thousands of games) is `python main.py soak`; here the budgets are made small so a
few dozen games reach them."""
from __future__ import annotations

from game.ai.random_bot import RandomSurvivors
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world import board
from game.world.board import Board


def test_sight_answers_of_all_door_states_share_one_budget(monkeypatch):
    monkeypatch.setattr(board, "_SIGHT_PAIRS_LIMIT", 100)
    static = Board(load_content().maps["dead_air"])._static
    static.sights.clear()
    for state in range(50):        # fifty door states, ten answers each: five times the budget
        answers = static.sight_cache(frozenset({-state}))
        answers.update({(state, j): True for j in range(10)})
        assert sum(len(a) for a in static.sights.values()) <= 100 + 10
    assert frozenset({-49}) in static.sights and frozenset({0}) not in static.sights    # the oldest went first


def test_a_long_run_keeps_the_shared_caches_within_their_budgets(monkeypatch):
    monkeypatch.setattr(board, "_STATIC", {})        # only what these games build (earlier tests leave caches)
    monkeypatch.setattr(board, "_SIGHT_PAIRS_LIMIT", 1000)
    monkeypatch.setattr(board, "_OPEN_REACH_LIMIT", 150)
    monkeypatch.setattr(board, "_FIELD_CACHE_LIMIT", 15)
    monkeypatch.setattr(board, "_PARTIAL_LIMIT", 4)
    content = load_content()
    peak = {"sights": 0, "reaches": 0, "fields": 0, "partial": 0}
    for seed in range(45):
        play_game(content, list(content.scenarios)[seed % 3], seed, RandomSurvivors(seed), rounds=3).close()
        for static in board._STATIC.values():
            peak["sights"] = max(peak["sights"], sum(len(a) for a in static.sights.values()))
            peak["reaches"] = max(peak["reaches"], len(static.reaches))
            peak["fields"] = max(peak["fields"], len(static.fields))
            peak["partial"] = max(peak["partial"], len(static.partial))      # settled in part: kept as lists
    assert peak["sights"] <= 1000 + 200      # the budget, plus what one game adds before the next trim (< 150 here)
    assert peak["reaches"] <= 150 and peak["fields"] <= 15 + 2 and 0 < peak["partial"] <= 4
