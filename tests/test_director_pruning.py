"""The Director skips scoring a kind of zombie whose best placement could not be among the options its knapsack looks
at: on the views of real games the plan must be the one it makes scoring every kind, and no placement may score more
than the bound the skip trusts."""
from __future__ import annotations

import math

from game.ai import director as D
from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from tests.director_views import director_views


def test_skipping_kinds_changes_no_plan_and_the_bound_holds_on_real_views(monkeypatch):
    content = load_content()
    seen = {"plans": 0, "scores skipped": 0, "placements": 0}
    pruning, scores = [True], [0]
    most, zombie_score = D._most, D._zombie_score

    def counted(*args):
        scores[0] += 1
        return zombie_score(*args)

    monkeypatch.setattr(D, "_most", lambda *args: most(*args) if pruning[0] else math.inf)
    monkeypatch.setattr(D, "_zombie_score", counted)

    def plan(view, heat, level, prune):
        pruning[0], scores[0] = prune, 0
        return D.plan(view, heat, level), scores[0]

    def check(s):
        for level, view in director_views(s, content, ("standard", "ruthless")):
            facts = D._Facts(level, view)
            for kind in view.kinds:
                for spawn in view.spawns:
                    assert zombie_score(level, view, kind, spawn.name, facts)[0] <= most(level, kind, facts)
                    seen["placements"] += 1
            for heat in (4, 9, 15):
                (pruned, fewer), (full, every) = plan(view, heat, level, True), plan(view, heat, level, False)
                assert pruned == full
                seen["plans"] += 1
                seen["scores skipped"] += every - fewer

    for scenario, seed in (("pharmacy_run", 1), ("hold_the_line", 2)):
        play_game(content, scenario, seed, make_player("veteran", seed), after_step=check).close()
    assert seen["plans"] > 100 and seen["scores skipped"] > 100 and seen["placements"] > 1000, seen
