"""Whether the Director's plans hold over whole games (issue #28), one line per scenario:

    python benchmarks/director_plans.py [--games N] [--level L] [--director D] [--jobs J]

- heat_lost: Heat the Director paid for a purchase that then did nothing (a lunge by a Shambler that could not
  move, as when an event bought before it blinded it), summed over the games;
- claims: lunges whose reason says the Shambler "attacks X this phase", and the share of them that did attack X in
  that Director Phase (the issue asks for at least 98%).

Benchmarks are not tests: this measures and prints; the rules behind it are tested on scripted boards
(tests/test_director_plans.py).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai.director_policy import DirectorAI  # noqa: E402
from game.content.loader import load_content  # noqa: E402
from game.sim import batch  # noqa: E402
from game.sim.runner import play_game  # noqa: E402

CLAIM = " and attacks this phase"


def claims_in(events) -> tuple[int, int]:
    """(claims, claims that held): each lunge bought saying it attacks X this phase, and whether that Shambler's
    attack on X follows before the next round begins."""
    made = held = 0
    for i, e in enumerate(events):
        if e.kind != "purchase" or CLAIM not in e.data.get("reason", ""):
            continue
        made += 1
        shambler = e.data["what"].removeprefix("Sudden Lunge by ")
        target = e.data["reason"].split(" lands on ", 1)[1].split(CLAIM, 1)[0]
        for later in events[i + 1:]:
            if later.kind == "round":
                break
            if later.kind == "attack" and f" attacks {target}:" in later.text and shambler in _attackers(later.text):
                held += 1
                break
    return made, held


def _attackers(text: str) -> list[str]:
    """The zombies named in a horde attack's line: "Shambler 3 attacks ..." or "The swarm (A, B) attacks ..."."""
    who = text.split(" attacks ", 1)[0]
    return who.split("(", 1)[1].rstrip(")").split(", ") if "(" in who else [who]


def run_plans(job: batch.GameJob) -> dict:
    """One game's Heat lost and claims (module level: it goes to the pool's workers by name)."""
    content = load_content()
    s = play_game(content, job.scenario, job.seed, batch.make_player(job.level, job.seed),
                  policy=DirectorAI(job.director))
    made, held = claims_in(s.events)
    lost = sum(e.data.get("lost", 0) for e in s.events if e.kind == "purchase")
    s.close()
    return {"heat_lost": lost, "claims": made, "held": held}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="veteran")
    parser.add_argument("--director", default="standard")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    totals = {"heat_lost": 0, "claims": 0, "held": 0}
    for scenario in load_content().scenarios:
        jobs = batch.jobs_for(scenario, args.games, 1, args.level, args.director)
        got = {"heat_lost": 0, "claims": 0, "held": 0}
        for record in batch.stream_batch(jobs, workers=args.jobs, run=run_plans):
            for name in got:
                got[name] += record[name]
        for name in got:
            totals[name] += got[name]
        share = got["held"] / got["claims"] if got["claims"] else 1.0
        print(f"{scenario}: heat_lost {got['heat_lost']}, claims {got['claims']}, held {share:.1%}", flush=True)
    share = totals["held"] / totals["claims"] if totals["claims"] else 1.0
    print(f"all: heat_lost {totals['heat_lost']}, claims {totals['claims']}, held {share:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
