"""The Director's view keeps the facts that follow from where each survivor stands and heads (its route ahead, the
spawn points' distances to it, its distance to the goal) across the plans and phases of a game: a view built with that
memo must equal one built afresh at every step of real games (spawns, lunges, moves, kills, doors)."""
from __future__ import annotations

from game.ai.director_levels import director_level
from game.ai.director_policy import DirectorAI
from game.ai.director_view import view_of
from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game


class _Compare:
    """An after_step hook: builds the view with the memo a DirectorAI keeps for the game and afresh at every Director
    step, and counts the views that found all their facts kept (and those of a later round)."""

    def __init__(self, level):
        self.level, self.policy = level, DirectorAI()
        self.steps = self.from_memo = self.later_round = 0
        self.first_round: dict = {}

    def __call__(self, s) -> None:
        if s.result or not s.in_director:
            return
        memo = self.policy._memo(s)
        before = len(memo)
        assert view_of(s, self.level, memo) == view_of(s, self.level)
        self.steps += 1
        if before > 0 and len(memo) == before:
            self.from_memo += 1
            self.later_round += any(self.first_round.get(key, s.round) < s.round for key in memo)
        for key in memo:
            self.first_round.setdefault(key, s.round)


def test_a_view_with_the_game_memo_equals_a_fresh_view_throughout_real_games():
    content = load_content()
    for level_name in ("gentle", "ruthless"):
        compare = _Compare(director_level(content, level_name))
        for scenario in ("pharmacy_run", "night_shift", "jump_start", "hold_the_line"):
            play_game(content, scenario, 3, make_player("veteran", 3), policy=DirectorAI(level_name),
                      after_step=compare).close()
        assert compare.steps > 50 and compare.from_memo > 50 and compare.later_round > 10, vars(compare)
