"""Memory in long runs (issues 11 and 33): the map memos that games on one map share (sight answers per door state,
move answers, distance fields, the Director's route facts) keep to fixed budgets, and a game's own memos go with it,
so a process playing game after game levels off. The long measurement (resident memory over half an hour) is
`python main.py soak`; here the budgets are made small so that a few dozen games reach them."""
from __future__ import annotations

from game.ai.players import make_player
from game.ai.random_bot import RandomSurvivors
from game.content.loader import load_content
from game.sim.runner import play_game
from game.sim.soak import memory_mb
from game.world import board, kept
from game.world.board import Board
from game.world.memo import MapMemo, map_memo_census


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
    content = load_content()
    peak = {"sights": 0, "reaches": 0, "fields": 0}
    for seed in range(45):
        play_game(content, list(content.scenarios)[seed % 3], seed, RandomSurvivors(seed), rounds=3).close()
        for static in board._STATIC.values():
            peak["sights"] = max(peak["sights"], sum(len(a) for a in static.sights.values()))
            peak["reaches"] = max(peak["reaches"], len(static.reaches))
            peak["fields"] = max(peak["fields"], len(static.fields))
    assert peak["sights"] <= 1000 + 200      # the budget, plus what one game adds before the next trim (< 150 here)
    assert peak["reaches"] <= 150 and peak["fields"] <= 15


def test_a_map_memo_past_its_limit_starts_afresh():
    memo = MapMemo(3)
    for i in range(7):
        assert memo.keep(i, i * i) == i * i
        assert len(memo) <= 3 and memo[i] == i * i
    assert memo == {6: 36}


def _small_budgets(monkeypatch) -> None:
    monkeypatch.setattr(board, "_STATIC", {})        # only what these games build (earlier tests leave caches)
    monkeypatch.setattr(kept, "_KEPT", MapMemo(64))
    for name, limit in (("_SIGHT_PAIRS_LIMIT", 2000), ("_SIGHT_STATES_LIMIT", 8), ("_COVER_LIMIT", 200),
                        ("_OPEN_REACH_LIMIT", 40), ("_NEAR_DOORS_LIMIT", 200), ("_FIELD_CACHE_LIMIT", 20)):
        monkeypatch.setattr(board, name, limit)


GAMES = 2400


def test_thousands_of_games_in_one_process_level_off(monkeypatch):
    """Thousands of short games in one process, over every map, by random, rushing and greedy players: the map memos
    never hold more than their limits, and once they have filled, the process's resident memory stays level: what a
    game leaves behind (a world, a listener, a memo that outlives it) would show here as growth."""
    _small_budgets(monkeypatch)
    content = load_content()
    scenarios = list(content.scenarios)
    players = (RandomSurvivors, lambda seed: make_player("rush", seed), lambda seed: make_player("greedy", seed))
    level = {}
    for n in range(GAMES):
        play_game(content, scenarios[n % len(scenarios)], n, players[n // len(scenarios) % 3](n), rounds=2).close()
        held, most = map_memo_census()
        assert held <= most
        for static in board._STATIC.values():
            # (the budget is kept as a board is set up and as a door changes: one game may add to it till then)
            assert sum(len(a) for a in static.sights.values()) <= board._SIGHT_PAIRS_LIMIT + 2000
        if n + 1 in (GAMES // 3, GAMES):
            level[n + 1] = memory_mb()
    warm, end = level[GAMES // 3], level[GAMES]
    assert end <= warm * 1.05 + 4, f"resident memory grew from {warm:.0f} MB to {end:.0f} MB after the warm-up"
