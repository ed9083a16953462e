"""Properties over thousands of seeded games of random legal actions (run on every core)."""
import os
from concurrent.futures import ProcessPoolExecutor

from game.content.loader import load_content
from game.sim.property_run import checked_game

GAMES = int(os.environ.get("BT_PROPERTY_GAMES", "2000"))


def _job(args):
    return checked_game(*args)


def test_invariants_hold_over_thousands_of_random_games():
    scenarios = sorted(load_content().scenarios)
    jobs = [(scenarios[i % len(scenarios)], 10_000 + i) for i in range(GAMES)]
    with ProcessPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        results = list(pool.map(_job, jobs, chunksize=25))
    problems = [p for found, _ in results for p in found]
    assert not problems, "\n".join(problems[:20])
    summaries = [summary for _, summary in results]
    assert len(summaries) == GAMES
    assert all(s["result"] is not None for s in summaries)        # every game reached an end
    assert min(s["smallest_pool"] for s in summaries) >= 1         # no pool below one die
    assert max(s["max_slots"] for s in summaries) <= 3
