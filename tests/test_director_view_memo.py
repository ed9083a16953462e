"""The Director's view keeps the facts that follow from where each survivor stands and heads (the doors on its route
ahead, the spawn points' distances to that route, its distance to the goal) for every game on the map: a view built
with that memo must equal one built afresh at every step of real games (spawns, lunges, moves, kills, doors)."""
from __future__ import annotations

from game.ai.director_levels import director_level
from game.ai.director_policy import DirectorAI
from game.ai.director_view import route_memo, view_of
from game.ai.goals import goal_cells
from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world.memo import MapMemo


class _Compare:
    """An after_step hook: builds the view with the map's memo and afresh at every Director step, and counts the
    views that found all their facts kept, those that found facts of an earlier round and of an earlier game."""

    def __init__(self, level):
        self.level = level
        self.game = self.steps = self.from_memo = self.later_round = self.later_game = 0
        self.first_seen: dict = {}

    def __call__(self, s) -> None:
        if s.result or not s.in_director:
            return
        memo = route_memo(s)
        keys = [(s.cell(sv), tuple(goal_cells(s, sv)), self.level.route_ahead) for sv in s.survivors()]
        kept = [self.first_seen[key] for key in keys if key in memo and key in self.first_seen]
        assert view_of(s, self.level) == view_of(s, self.level, MapMemo(10))
        self.steps += 1
        self.from_memo += bool(keys) and len(kept) == len(keys)
        self.later_round += any(seen < (self.game, s.round) for seen in kept)
        self.later_game += any(seen[0] < self.game for seen in kept)
        for key in keys:
            self.first_seen.setdefault(key, (self.game, s.round))


def test_a_view_with_the_map_memo_equals_a_fresh_view_throughout_real_games():
    content = load_content()
    for level_name in ("gentle", "ruthless"):
        compare = _Compare(director_level(content, level_name))
        for scenario in ("pharmacy_run", "night_shift", "jump_start", "hold_the_line"):
            for seed in (3, 4):
                play_game(content, scenario, seed, make_player("veteran", seed), policy=DirectorAI(level_name),
                          after_step=compare).close()
                compare.game += 1
    assert compare.steps > 100 and compare.from_memo > 50 and compare.later_round > 10 and \
            compare.later_game > 10, vars(compare) | {"first_seen": len(compare.first_seen)}
