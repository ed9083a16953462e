"""The Director's view keeps the facts that follow from where each survivor stands and heads (its route ahead, the
spawn points' distances to it, its distance to the goal) across the plans of a phase: a view built with that memo
must equal one built afresh at every step of real games (spawns, lunges, moves, kills, doors)."""
from __future__ import annotations

from game.ai.director_levels import director_level
from game.ai.director_policy import DirectorAI
from game.ai.director_view import view_of
from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game


class _Compare:
    """An after_step hook: builds the view with a phase memo and afresh at every Director step, and counts."""

    def __init__(self, level):
        self.level, self.memo, self.phase = level, {}, None
        self.steps = self.from_memo = 0

    def __call__(self, s) -> None:
        if s.result or not s.in_director:
            return
        if self.phase != (s.round, s.board.version):
            self.phase = (s.round, s.board.version)
            self.memo.clear()
        before = len(self.memo)
        assert view_of(s, self.level, self.memo) == view_of(s, self.level)
        self.steps += 1
        self.from_memo += before > 0 and len(self.memo) == before


def test_a_view_with_the_phase_memo_equals_a_fresh_view_throughout_real_games():
    content = load_content()
    for level_name in ("gentle", "ruthless"):
        compare = _Compare(director_level(content, level_name))
        for scenario in ("pharmacy_run", "night_shift", "jump_start"):
            play_game(content, scenario, 3, make_player("veteran", 3), policy=DirectorAI(level_name),
                      after_step=compare).close()
        assert compare.steps > 50 and compare.from_memo > 50, (compare.steps, compare.from_memo)
