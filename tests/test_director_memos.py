"""The Director's plan keeps arrival answers across views (per level and Doom left), reads each survivor's nearest
ally once and remembers the knapsack's rounded sums: each must give what a fresh computation gives on the views of
real games, as Doom runs down."""
from __future__ import annotations

from game.ai.director import _best_set, _Facts, _options, _situation, arrival
from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from tests.director_views import director_views


def _situation_as_written_first(kind, view, sv, spawn) -> str:
    standing = [s for s in view.survivors if s.standing]
    allies = [d for o, d in sv.neighbours.items() if o in {s.id for s in standing}]
    for special in kind.specials:
        if special == "ambush_leap" and not any(d <= 6 for d in allies):
            return special
        if special == "explosive_demise" and any(d <= 2 for d in allies):
            return special
        if special == "shriek" and any(d <= 8 for d in allies):
            return special
        if special == "horde":
            near = sum(1 for x in standing if x.spawn_distance.get(spawn, 99) <= 12)
            return "horde" if near >= 2 else "lone_horde"
    return ""


def test_kept_arrivals_and_situations_match_fresh_ones_on_real_views():
    content = load_content()
    seen = {"views": 0, "situations": 0, "doom values": set()}

    def check(s):
        for level, view in director_views(s, content, ("gentle", "ruthless")):
            facts = _Facts(level, view)
            for sv in facts.standing:
                for spawn, inches in sv.spawn_distance.items():
                    for kind in view.kinds:
                        assert facts.arrival(inches, kind.move) == arrival(level, inches, kind.move, view.doom_left)
                        got = _situation(kind, facts, sv, spawn)
                        assert got == _situation_as_written_first(kind, view, sv, spawn)
                        seen["situations"] += got != ""
            seen["views"] += 1
            seen["doom values"].add(view.doom_left)

    for scenario, seed in (("pharmacy_run", 1), ("dead_air", 2)):
        play_game(content, scenario, seed, make_player("veteran", seed), after_step=check).close()
    assert seen["views"] > 20 and seen["situations"] > 20 and len(seen["doom values"]) > 3, seen


def _best_set_as_written_first(options, heat):
    """The knapsack before its rounded sums were remembered: every sum rounded afresh."""
    keep = set()
    for cost in {o.cost for o in options}:
        same = sorted((-o.score, i) for i, o in enumerate(options) if o.cost == cost)
        keep.update(i for _, i in same[:heat // cost])
    best = [(0, 0.0, 0)] * (heat + 1)
    for i, opt in enumerate(options):
        if i not in keep:
            continue
        for h in range(heat, opt.cost - 1, -1):
            spent, score, chosen = best[h - opt.cost]
            spent, score = spent + opt.cost, round(score + opt.score, 6)
            if spent > best[h][0] or (spent == best[h][0] and score > best[h][1]):
                best[h] = (spent, score, chosen | 1 << i)
    top = max(best, key=lambda b: b[:2])[2]
    return [opt for i, opt in enumerate(options) if top >> i & 1]


def test_the_knapsack_buys_what_a_plain_one_buys_on_real_views():
    content = load_content()
    seen = {"sets": 0, "heat": set()}

    def check(s):
        for level, view in director_views(s, content, ("gentle", "ruthless")):
            for heat in (3, 8, 15):
                options = sorted(_options(level, view, heat), key=lambda o: o.sort)
                assert _best_set(options, heat) == _best_set_as_written_first(options, heat)
                seen["sets"] += 1
                seen["heat"].add(sum(o.cost for o in _best_set(options, heat)))

    for scenario, seed in (("pharmacy_run", 1), ("dead_air", 2)):
        play_game(content, scenario, seed, make_player("veteran", seed), after_step=check).close()
    assert seen["sets"] > 100 and len(seen["heat"]) >= 4, seen
