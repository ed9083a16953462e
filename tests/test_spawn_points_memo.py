"""The active spawn points keep the points no survivor holds until a survivor moves (the purchases of a Director Phase
place and move zombies, which empties the position memo, but leave that be): spawn_points must agree with a fresh
look at the board after every step of real games. The spawn points' names and cells are kept per map: they must be
the ones a walk of the map's markers finds."""
from __future__ import annotations

import pytest

from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world.errors import Impossible
from game.world.purchases import spawn_cell, spawn_name, spawn_points
from game.world.session import Session
from tests.arena import arena, cell, open_board


def _fresh(s, kind: str) -> list[int]:
    kinds = ("spawn_minor", "spawn_major") if kind == "any" else (f"spawn_{kind}",)
    held = {c for sv in s.survivors() for c in [s.cell(sv), *s.board.contact_cells(s.cell(sv))]}
    return [c for k in kinds for m in s.map.markers if m.kind == k and (c := s.board.idx(m.x, m.y)) not in held
            and s.free_cell_near(c, s.rules.spawn_radius) is not None]


def test_spawn_points_agree_with_a_fresh_look_after_every_step_of_real_games():
    content = load_content()
    seen = {"steps": 0, "kept over a zombie's move": 0}
    last = {}

    def compare(s):
        if s.result:
            return
        for kind in ("any", "major", "minor"):
            assert spawn_points(s, kind) == _fresh(s, kind), kind
        seen["steps"] += 1
        memo = s.memos.survivors
        if last.get("memo") is memo and last["version"] != s.occupant.version:
            seen["kept over a zombie's move"] += 1
        last.update(memo=memo, version=s.occupant.version)

    for scenario in ("pharmacy_run", "hold_the_line", "dead_air"):
        for seed in range(2):
            last.clear()
            play_game(content, scenario, seed, make_player("veteran", seed), after_step=compare).close()
    assert min(seen.values()) > 20, seen


def test_a_held_spawn_point_stays_held_while_zombies_come_and_frees_when_the_survivor_steps_away():
    # (the AI's survivors never stand by a spawn point in the games above: this board puts one there)
    s = arena(open_board((13, "..............d."), (14, "S..............S")))
    held, free = cell(s, 15, 14), cell(s, 0, 14)
    assert spawn_points(s, "any") == _fresh(s, "any") == [free]
    s.place_zombie("shambler", cell(s, 5, 5), "test")           # empties the position memo, not the survivor memo
    assert spawn_points(s, "any") == _fresh(s, "any") == [free]
    s.move_model(s.survivors()[0], [cell(s, 13, 12), cell(s, 12, 11)])
    assert spawn_points(s, "any") == _fresh(s, "any") == [free, held]


def _name_as_walked(s, cell: int) -> str:
    for m in s.map.markers:
        if m.kind.startswith("spawn") and s.board.idx(m.x, m.y) == cell:
            return m.name or f"spawn ({m.x}, {m.y})"
    x, y = s.board.xy(cell)
    return f"({x}, {y})"


def test_spawn_names_and_cells_kept_per_map_are_the_ones_a_walk_of_its_markers_finds():
    content = load_content()
    for scenario in sorted(content.scenarios):
        s = Session(content, scenario, seed=1)
        try:
            spawns = [m for m in s.map.markers if m.kind.startswith("spawn")]
            assert spawns
            for m in spawns:
                name = m.name or f"spawn ({m.x}, {m.y})"
                assert spawn_cell(s, name) == next(s.board.idx(o.x, o.y) for o in spawns
                                                   if (o.name or f"spawn ({o.x}, {o.y})") == name)
            for c in range(0, s.board.size, 7):
                assert spawn_name(s, c) == _name_as_walked(s, c)
            with pytest.raises(Impossible):
                spawn_cell(s, "nowhere at all")
        finally:
            s.close()
    # another map is never answered from this one's index, even under a reused id
    other = arena(open_board((13, "..............d."), (14, "S..............S")))
    assert spawn_cell(other, "spawn_minor 0,14") == cell(other, 0, 14)
    assert spawn_name(other, cell(other, 15, 14)) == "spawn_minor 15,14"
