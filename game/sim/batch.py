"""Batches of AI-vs-AI games and the designer's balance report.

The batch is a plain map over seeds (game i uses seed S+i): `run_one` is a pure function of its arguments, so any
executor (a process pool here, a cluster later) can take the map over without a rewrite.
"""
from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from game.ai.survivor_ai import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world.components import Status


@dataclass(frozen=True)
class GameJob:
    scenario: str
    seed: int
    level: str


def run_one(job: GameJob) -> dict:
    """Play one AI-vs-AI game; a small record of how it went."""
    s = play_game(load_content(), job.scenario, job.seed, make_player(job.level, job.seed))
    winner, cause = s.result
    lost = sum(1 for sv in s.survivors(on_board=False) if s.comp(sv, Status).eliminated)
    record = {
        "seed": job.seed, "winner": winner, "cause": cause, "rounds": s.round, "doom": s.doom,
        "survivors_lost": lost, "heat": list(s.heat_history), "escalations": s.escalations,
        "spawned": dict(sorted(s.spawned.items())),
    }
    s.close()
    return record


def jobs_for(scenario: str, games: int, seed: int, level: str) -> list[GameJob]:
    return [GameJob(scenario, seed + i, level) for i in range(games)]


def run_batch(jobs: list[GameJob], workers: int = 1,
              progress: Callable[[Iterable], Iterator] | None = None) -> list[dict]:
    """Records in job order, whatever the number of workers."""
    if workers <= 1:
        results: Iterable = map(run_one, jobs)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=workers)
        results = pool.map(run_one, jobs, chunksize=max(1, len(jobs) // (workers * 8)))
    try:
        wrapped = progress(results) if progress else results
        return list(wrapped)
    finally:
        if pool is not None:
            pool.shutdown()


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def report(records: list[dict], scenario: str, level: str, seed: int) -> dict:
    """The balance report (its keys are documented in the README)."""
    n = len(records)
    wins = sum(1 for r in records if r["winner"] == "survivors")
    low, high = wilson(wins, n)
    endings = Counter(r["cause"] for r in records)
    defeats = Counter(r["cause"] for r in records if r["winner"] == "director")
    heat = [h for r in records for h in r["heat"]]
    spawned: Counter = Counter()
    for r in records:
        spawned.update(r["spawned"])
    rounds = [r["rounds"] for r in records]
    return {
        "scenario": scenario, "level": level, "seed": seed, "games": n,
        "survivor_win_rate": round(wins / n, 4) if n else 0.0,
        "win_rate_95": [round(low, 4), round(high, 4)],
        "endings": dict(sorted(endings.items())),
        "rounds": {"mean": round(statistics.mean(rounds), 2), "median": statistics.median(rounds),
                   "min": min(rounds), "max": max(rounds)} if n else {},
        "doom_at_end": round(statistics.mean(r["doom"] for r in records), 2) if n else 0.0,
        "survivors_lost": round(statistics.mean(r["survivors_lost"] for r in records), 2) if n else 0.0,
        "heat_per_round": round(statistics.mean(heat), 2) if heat else 0.0,
        "escalations_per_game": round(statistics.mean(r["escalations"] for r in records), 2) if n else 0.0,
        "spawned_per_game": {k: round(v / n, 2) for k, v in sorted(spawned.items())},
        "commonest_defeat": defeats.most_common(1)[0][0] if defeats else None,
    }


def format_report(rep: dict) -> str:
    lo, hi = rep["win_rate_95"]
    lines = [
        f"{rep['scenario']} - {rep['games']} games, survivor AI {rep['level']}, seeds {rep['seed']}.."
        f"{rep['seed'] + rep['games'] - 1}",
        f"survivor win rate: {rep['survivor_win_rate']:.1%} (95% interval {lo:.1%} - {hi:.1%})",
        "endings: " + ", ".join(f"{k} {v}" for k, v in rep["endings"].items()),
        f"rounds: mean {rep['rounds']['mean']}, median {rep['rounds']['median']}, "
        f"range {rep['rounds']['min']}-{rep['rounds']['max']}",
        f"Doom at the end: {rep['doom_at_end']}",
        f"survivors lost per game: {rep['survivors_lost']}",
        f"Heat per round: {rep['heat_per_round']}",
        f"escalations per game: {rep['escalations_per_game']}",
        "zombies spawned per game: " + (", ".join(f"{k} {v}" for k, v in rep["spawned_per_game"].items()) or "none"),
        f"commonest cause of defeat: {rep['commonest_defeat'] or 'none'}",
    ]
    return "\n".join(lines)
