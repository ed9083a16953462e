"""Speed figures, one per line as `name: value unit` (or one JSON object with --json).

    python benchmarks/run.py [--json] [--games N]

Benchmarks are not tests: they measure and print, they never fail on a number.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.random_bot import RandomSurvivors  # noqa: E402
from game.content.loader import load_content  # noqa: E402
from game.sim.runner import play_game  # noqa: E402
from game.world import actions as A  # noqa: E402
from game.world.session import Session  # noqa: E402


def _per_call(fn, n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        fn(i)
    return (time.perf_counter() - start) / n


def bench_sight_and_cover(content) -> float:
    """A line-of-sight-with-cover query between two street cells, uncached (pymunk segment queries)."""
    s = Session(content, "last_train_out", seed=1)
    board = s.board
    cells = [i for i in range(board.size) if board.walkable(i)]
    pairs = [(cells[(i * 7919) % len(cells)], cells[(i * 104729 + 17) % len(cells)]) for i in range(2000)]

    def query(i: int) -> None:
        a, b = pairs[i % len(pairs)]
        board._sight.clear()
        board._cover.clear()
        if board.sees(a, b):
            board.cover(a, b)
    result = _per_call(query, 4000)
    s.close()
    return result


def bench_move_range(content) -> float:
    """Reachable cells for a 6" Move (the Courier) from the deployment zone."""
    s = Session(content, "last_train_out", seed=1, team=["courier", "soldier", "paramedic"])
    who = s.survivors()[0]
    result = _per_call(lambda i: A.reachable(s, who, A.move_budget(s, who)), 2000)
    s.close()
    return result


def bench_random_games(content, games: int) -> dict[str, float]:
    full, per_round, rounds = [], [], []
    play_game(content, "last_train_out", 0, RandomSurvivors(0)).close()   # warm the caches
    for seed in range(games):
        start = time.perf_counter()
        s = play_game(content, "last_train_out", seed, RandomSurvivors(seed))
        took = time.perf_counter() - start
        rounds.append(s.round)
        per_round.append(took / s.round)
        if s.round >= 12:
            full.append(took)
        s.close()
    return {
        "random_game_12_rounds": statistics.median(full) if full else float("nan"),
        "random_game_round": statistics.median(per_round),
        "random_game_mean_rounds": statistics.mean(rounds),
    }


def bench_ai_games(content, games: int) -> dict[str, float]:
    """Median AI-vs-AI game (veteran survivors against the Director) per scenario, warm caches, one core."""
    from game.ai.survivor_ai import make_player
    out = {}
    for scenario in content.scenarios:
        for seed in range(10_000, 10_000 + max(5, games // 4)):      # warm the per-map distance fields
            play_game(content, scenario, seed, make_player("veteran", seed)).close()
        times = []
        for seed in range(games):
            start = time.perf_counter()
            play_game(content, scenario, seed, make_player("veteran", seed)).close()
            times.append(time.perf_counter() - start)
        out[scenario] = statistics.median(times)
    return out


def bench_director_decisions(content) -> float:
    """One Director shopping list (15 Heat) on a board with 60 zombies, 4 survivors."""
    from game.ai.director import DirectorAI
    s = Session(content, "pharmacy_run", seed=3)
    free = [i for i in range(s.board.size) if s.board.walkable(i) and i not in s.occupant]
    for cell in free[::max(1, len(free) // 60)][:60 - len(s.zombies())]:
        s.place_zombie("shambler", cell, "benchmark", count=False)

    def decide(i: int) -> None:
        policy = DirectorAI()
        left = 15
        while left > 0:
            choice = policy.choose(s, left)
            if choice is None:
                break
            from game.world.director import price
            left -= price(s, choice[0])
    result = _per_call(decide, 20)
    s.close()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of lines")
    parser.add_argument("--games", type=int, default=60, help="random games to time (default 60)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    content = load_content()
    load_time = time.perf_counter() - start
    figures: dict[str, tuple[float, str]] = {"content_load": (load_time * 1000, "ms")}
    figures["sight_and_cover_query"] = (bench_sight_and_cover(content) * 1e6, "us")
    figures["move_range_6in"] = (bench_move_range(content) * 1e6, "us")
    games = bench_random_games(content, args.games)
    figures["random_game_12_rounds"] = (games["random_game_12_rounds"] * 1000, "ms")
    figures["random_game_round"] = (games["random_game_round"] * 1000, "ms")
    figures["random_game_mean_rounds"] = (games["random_game_mean_rounds"], "rounds")
    for scenario, seconds in bench_ai_games(content, max(10, args.games // 2)).items():
        figures[f"ai_game_{scenario}"] = (seconds * 1000, "ms")
    figures["director_decisions_60_zombies"] = (bench_director_decisions(content) * 1000, "ms")
    if args.json:
        print(json.dumps({k: {"value": round(v, 3), "unit": u} for k, (v, u) in figures.items()}))
    else:
        for name, (value, unit) in figures.items():
            print(f"{name}: {value:.3f} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
