"""Whether the Director's plans hold over whole games (issue #28), one line per scenario:

    python benchmarks/director_plans.py [--games N] [--level L] [--director D] [--jobs J]

- heat_lost: Heat left unspent at the end of a Director Phase because nothing could be bought (the rulebook's
  rule), summed over the games; and of it, lost_to_plan: Heat lost in a phase whose first plan spent all of the
  Heat, so that the plan itself did not hold (an event bought before the lunge it blinds, a spawn that took the cell
  a later one needed);
- claims: lunges whose reason says the Shambler "attacks X this phase", and the share of them that held (it did
  attack X in that Director Phase; the issue asks for at least 98%);
- pins: lunges whose reason says the Shambler "can reach X this phase" (the forecast of its own walk, as if it moved
  alone), and the share of them that stood engaged with X when the phase was over. Other zombies moving first, and
  the Director's later spawns, can take its way or fill X's slots: a pin is the forecast, not a promise.

Benchmarks are not tests: this measures and prints; the rules behind it are tested on scripted boards
(tests/test_director_plans.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import per_scenario  # noqa: E402  (beside this file)

from game.ai.director import plan  # noqa: E402
from game.ai.director_levels import director_level  # noqa: E402
from game.ai.director_policy import DirectorAI  # noqa: E402
from game.ai.director_view import view_of  # noqa: E402
from game.content.loader import load_content  # noqa: E402
from game.sim import batch  # noqa: E402
from game.sim.plan_checks import lunge_claims, pin_claims  # noqa: E402
from game.sim.runner import play_game  # noqa: E402


class _PlanWatch(DirectorAI):
    """The Director AI, noting for each phase the Heat it had and what its first plan spends of it (the plan the
    policy makes itself on the same board: a pure function of the Director's view)."""

    def __init__(self, level: str):
        super().__init__(level)
        self.planned: dict[int, tuple[int, int]] = {}      # round -> (Heat to spend, the first plan's total)

    def choose(self, s, left: int):
        if (id(s), s.round) != self._phase:
            level = director_level(s.content, self.level_name)
            self.planned[s.round] = (left, sum(d.cost for d in plan(view_of(s, level), left, level)))
        return super().choose(s, left)


def run_plans(job: batch.GameJob) -> dict:
    """One game's Heat lost and claims (module level: it goes to the pool's workers by name)."""
    policy = _PlanWatch(job.director)
    pins: list[tuple[str, bool]] = []
    seen = [0, False]           # events read so far, and whether the Director Phase was on at the last step

    def after_step(s) -> None:
        if seen[1] and not s.in_director:       # a Director Phase has just ended: are its pins engaged?
            pins.extend(pin_claims(s, s.events[seen[0]:]))
            seen[0] = len(s.events)
        seen[1] = s.in_director

    s = play_game(load_content(), job.scenario, job.seed, batch.make_player(job.level, job.seed), policy=policy,
                  after_step=after_step)
    claims = lunge_claims(s.events)
    made, held = len(claims), sum(held for _, held in claims)
    lost = to_plan = 0
    game_round = 0
    for e in s.events:
        if e.kind == "round":
            game_round = e.data.get("round", game_round + 1)
        elif e.kind == "purchase" and "lost" in e.data:
            lost += e.data["lost"]
            heat, planned = policy.planned.get(game_round, (0, 0))
            to_plan += e.data["lost"] if planned >= heat > 0 else 0
    s.close()
    return {"heat_lost": lost, "lost_to_plan": to_plan, "claims": made, "held": held, "pins": len(pins),
            "pins_held": sum(held for _, held in pins)}


def main() -> int:
    args = per_scenario.parser(__doc__.splitlines()[0], "veteran").parse_args()
    totals = {"heat_lost": 0, "lost_to_plan": 0, "claims": 0, "held": 0, "pins": 0, "pins_held": 0}
    for scenario, got in per_scenario.totals(run_plans, args, tuple(totals)):
        for name in got:
            totals[name] += got[name]
        print(f"{scenario}: {_line(got)}", flush=True)
    print(f"all: {_line(totals)}")
    return 0


def _line(got: dict[str, int]) -> str:
    held = got["held"] / got["claims"] if got["claims"] else 1.0
    pins = got["pins_held"] / got["pins"] if got["pins"] else 1.0
    return (f"heat_lost {got['heat_lost']}, lost_to_plan {got['lost_to_plan']}, claims {got['claims']}, held "
            f"{held:.1%}, pins {got['pins']}, engaged at the end {pins:.1%}")


if __name__ == "__main__":
    sys.exit(main())
