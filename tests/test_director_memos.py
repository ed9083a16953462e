"""The Director's plan keeps arrival answers across views (per level and Doom left) and reads each survivor's nearest
ally once: both must give what a fresh computation gives on the views of real games, as Doom runs down."""
from __future__ import annotations

from game.ai.director import _Facts, _situation, arrival
from game.ai.director_levels import director_level
from game.ai.director_view import view_of
from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game


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
        if not s.in_director or s.phase == "end" or s.result:
            return
        for name in ("gentle", "ruthless"):
            level = director_level(content, name)
            view = view_of(s, level)
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
