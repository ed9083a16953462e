"""How often a Downed ally who could be helped this round is helped (issue #28), one line per scenario:

    python benchmarks/downed_help.py [--games N] [--level L] [--director D] [--jobs J]

A case is a Downed survivor, in a round's Survivor Phase, the first time an ally who can treat them (a medical skill
or a medical item) stands free with the AP to reach base contact with them by Move actions and still treat them: not
Downed, not engaged, not yet done this round, and with a free cell in contact within its reach. One case per Downed
survivor a round. It is helped when, before that round's Survivor Phase ends, anyone treats them (Triage), drags
them, or strikes or shoots a zombie engaging them (a hit on a feeder disrupts the Feeding Frenzy). The issue asks
for at least 75% (expert).

Benchmarks are not tests: this measures and prints.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import per_scenario  # noqa: E402  (beside this file)

from game.ai.director_policy import DirectorAI  # noqa: E402
from game.ai.survivor_ai import can_treat  # noqa: E402
from game.content.loader import load_content  # noqa: E402
from game.sim import batch  # noqa: E402
from game.sim.runner import play_game  # noqa: E402
from game.world import actions as A  # noqa: E402
from game.world.components import Status, Turn  # noqa: E402


def within_reach(s, helper: int, downed: int) -> bool:
    """Can `helper` reach base contact with `downed` and treat them with the AP it has this round?"""
    turn = s.comp(helper, Turn)
    ap = turn.ap if s.active == helper else (0 if turn.activated else A.opening_ap(s, helper))
    target = s.cell(downed)
    if s.board.in_contact(s.cell(helper), target):
        return ap >= 1
    if ap < 2:
        return False
    reach = A.reach_full(s, helper, (ap - 1) * A.move_budget(s, helper))
    return any(c in reach and c not in s.occupant for c in s.board.contact_cells(target))


class _Watch:
    """After each step: note each new case; the player's actions note the help."""

    def __init__(self):
        self.cases: dict[tuple[int, int], bool] = {}      # (round, downed) -> helped

    def step(self, s) -> None:
        if s.phase != "survivor" or s.result is not None:
            return
        for downed in s.on_board():
            if not s.comp(downed, Status).downed or (s.round, downed) in self.cases:
                continue
            if any(sv != downed and not s.comp(sv, Status).downed and not s.is_engaged(sv) and can_treat(s, sv)
                   and within_reach(s, sv, downed) for sv in s.on_board()):
                self.cases[(s.round, downed)] = False

    def acted(self, s, action) -> None:
        if isinstance(action, (A.Triage, A.Drag)):
            helped = [action.ally]
        elif isinstance(action, (A.Melee, A.Shoot)) and s.is_zombie(action.target):
            # a feeder: in base contact with the Downed ally (its attacks may go to whoever else it touches)
            helped = [d for r, d in self.cases if r == s.round and s.board.in_contact(s.cell(d), s.cell(action.target))]
        else:
            return
        for downed in helped:
            if (s.round, downed) in self.cases:
                self.cases[(s.round, downed)] = True


class _Player:
    def __init__(self, player, watch: _Watch):
        self.player, self.watch = player, watch

    def choose(self, s):
        self.watch.step(s)
        action = self.player.choose(s)
        self.watch.acted(s, action)
        return action


def run_help(job: batch.GameJob) -> dict:
    """One game's cases and how many were helped (module level: it goes to the pool's workers by name)."""
    watch = _Watch()
    player = _Player(batch.make_player(job.level, job.seed), watch)
    s = play_game(load_content(), job.scenario, job.seed, player, policy=DirectorAI(job.director))
    s.close()
    return {"cases": len(watch.cases), "helped": sum(watch.cases.values())}


def main() -> int:
    args = per_scenario.parser(__doc__.splitlines()[0], "expert").parse_args()
    cases = helped = 0
    for scenario, got in per_scenario.totals(run_help, args, ("cases", "helped")):
        cases, helped = cases + got["cases"], helped + got["helped"]
        share = got["helped"] / got["cases"] if got["cases"] else 1.0
        print(f"{scenario}: cases {got['cases']}, helped {got['helped']} ({share:.1%})", flush=True)
    print(f"all: cases {cases}, helped {helped} ({helped / cases if cases else 1.0:.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
