"""Move.check answers for one cell what Move.destinations (the set the legal-move query offers) holds, without
building that set: at every step of real games, for every survivor, both must agree with a fresh search."""
from __future__ import annotations

from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world import actions as A
from game.world.errors import Impossible
from game.world.legal import refusal


def _plain(s, who: int, cell: int) -> str | None:
    try:
        A._active(s, who)
    except Impossible as exc:
        return str(exc)
    if s.is_engaged(who):
        return f"{s.name(who)} is engaged: Disengage first"
    blocked, stops = A._zombie_cells(s)
    fresh = s.board.reach(s.cell(who), A.move_budget(s, who), blocked, stops)
    return None if cell in fresh and cell not in s.occupant else "that cell is out of reach this Move"


def test_a_move_is_refused_exactly_when_a_fresh_search_refuses_it_in_real_games():
    content = load_content()
    seen = {"allowed": 0, "taken or out of reach": 0, "not active or engaged": 0}

    def compare(s):
        if s.result:
            return
        for who in s.survivors():
            here = s.cell(who)
            near = s.board.reach(here, A.move_budget(s, who) + 4)      # a little past reach, occupied cells too
            try:
                offered = A.Move.destinations(s, who)
            except Impossible:
                offered = frozenset()
            for cell in near:
                want = _plain(s, who, cell)
                assert refusal(s, A.Move(who, cell)) == want
                assert (cell in offered) == (want is None)
                seen["allowed" if want is None else "taken or out of reach" if want.startswith("that cell")
                     else "not active or engaged"] += 1

    for scenario in ("hold_the_line", "pharmacy_run"):
        play_game(content, scenario, 3, make_player("veteran", 3), after_step=compare).close()
    assert min(seen.values()) > 50, seen
