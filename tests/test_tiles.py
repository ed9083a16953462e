"""Map tiles (maps/tiles) and the boards laid from them for quick play (game.content.tiles)."""
import time
from collections import deque

import pytest

from game.ai.random_bot import RandomSurvivors
from game.cli import main
from game.content.loader import load_content
from game.content.maps import load_legend
from game.content.tiles import (
    BOARD,
    TILE_DIR,
    TILE_SIZE,
    board_problems,
    generate_board,
    load_tiles,
    read_tile,
    rotate,
    tile_map,
)
from game.sim.runner import play_game
from game.tools import quickplay as Q

LEGEND = load_legend()
TILES, PROBLEMS = load_tiles(TILE_DIR, LEGEND)


def test_the_tiles_load_and_there_are_enough():
    assert PROBLEMS == []
    assert len(TILES) >= 12
    assert load_content().extra["tiles"].tiles.keys() == TILES.tiles.keys()
    ids = [obj for t in TILES.tiles.values() for obj in t.objectives.values()]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("turns", [1, 2, 3])
def test_turning_a_tile_takes_its_markers_and_doors_along(turns):
    def turned(x, y):
        for _ in range(turns):
            x, y = TILE_SIZE - 1 - y, x
        return x, y

    for tile in TILES.tiles.values():
        flat, turned_map = tile_map(tile), tile_map(tile, turns)
        assert {(m.kind, m.name, m.deck, turned(m.x, m.y)) for m in flat.markers} == \
            {(m.kind, m.name, m.deck, (m.x, m.y)) for m in turned_map.markers}
        n = TILE_SIZE
        assert {turned(i % n, i // n) for i in flat.doors_open} == {(i % n, i // n) for i in turned_map.doors_open}
        for i, kind in enumerate(flat.terrain):     # walls, windows, doors, cover: every cell goes with its turn
            x, y = turned(i % n, i // n)
            assert turned_map.kind_at(x, y) == kind
        assert rotate(rotate(tile.rows, turns), 4 - turns) == tile.rows


def reached_from_deploy(m):
    """The test's own flood fill (doors open, wall and heavy cover block), independent of check_map: the set of
    (x, y) reached."""
    w = m.width
    walk = [kind not in ("wall", "heavy") for kind in m.terrain]
    start = [m.index(k.x, k.y) for k in m.markers_of("deploy")]
    seen, todo = set(start), deque(start)
    while todo:
        i = todo.popleft()
        for j in (i - w, i + w, i - 1 if i % w else -1, i + 1 if (i + 1) % w else -1):
            if 0 <= j < len(walk) and walk[j] and j not in seen:
                seen.add(j)
                todo.append(j)
    return {(i % w, i // w) for i in seen}


def test_a_thousand_boards_all_validate():
    began = time.process_time()      # CPU time: the shared test machine's load does not count
    for seed in range(1, 1001):
        board = generate_board(TILES, seed, LEGEND)        # check_map has passed, or it raises
        m = board.map
        assert board.attempts == 1, f"seed {seed}: the tiles should never make a failing board"
        assert board_problems(m) == [], seed
        assert (m.id, m.width, m.height) == (f"board_{seed}", BOARD, BOARD)
        assert len({p.tile for p in board.placed}) == 9
        seen = reached_from_deploy(m)
        for k in m.markers:
            if k.kind in ("extract", "objective", "spawn_major", "spawn_minor"):
                assert (k.x, k.y) in seen, (seed, k)
            elif k.kind == "search":             # stood on or touched (a car's boot is touched)
                assert any((k.x + dx, k.y + dy) in seen for dx in (-1, 0, 1) for dy in (-1, 0, 1)), (seed, k)
            if k.kind.startswith("spawn"):
                assert m.styles[m.index(k.x, k.y)] != "floor"
                assert k.x in (0, BOARD - 1) or k.y in (0, BOARD - 1)
        walkable = sum(1 for kind in m.terrain if kind not in ("wall", "heavy"))
        assert len(seen) == walkable, f"seed {seed}: a sealed area"
    assert time.process_time() - began < 40


def test_the_same_seed_gives_the_same_board_and_seeds_differ():
    assert generate_board(TILES, 17, LEGEND) == generate_board(TILES, 17, LEGEND)
    assert generate_board(TILES, 17, LEGEND).map != generate_board(TILES, 18, LEGEND).map
    q1, q2 = Q.generate(load_content(), 17), Q.generate(load_content(), 17)
    assert q1.board.map == q2.board.map == generate_board(TILES, 17, LEGEND).map    # `map --board 17` agrees
    assert q1.scenario == q2.scenario


GOOD = (TILE_DIR / "clinic.yaml").read_text(encoding="utf-8")
BAD = [
    ("a wall on the ring", lambda t: t.replace('"................"', '"#..............."', 1), "row 1, column 1",
     "outer ring"),
    ("a short row", lambda t: t.replace('".:#__________#:."', '".:#_________#:."', 1), "row 4", "15 wide"),
    ("a spawn in a tile", lambda t: t.replace('".:;AAAA;;;;?;;:."', '".:;AAAA;;;;S;;:."'), "row 13, column 12",
     "spawn_minor"),
    ("an unknown key", lambda t: t.replace("name: Walk-in Clinic", "name: Walk-in Clinic\ncolour: red"), "colour",
     "unknown key"),
    ("a sealed room", lambda t: t.replace('".:##+##+###+##:."', '".:##+######+##:."'), "row 10, column 9",
     "walled in"),
    ("a sealed cell", lambda t: t.replace('".:;;;;;;;;;;;;:."', '".:;;;;;;;;###;:."').replace(
        '".:;AAAA;;;;?;;:."', '".:;AAAA;;;#;#;:."').replace('".:;AAAh;;;;;;;:."', '".:;AAAh;;;###;:."'),
     "row 13, column 12", "sealed area"),
    ("no objective slot", lambda t: t.replace('objectives: {"1": dispensary}\n', "").replace("#_1#", "#__#"),
     "objectives", "at least one objective slot"),
]


@pytest.mark.parametrize(("what", "change", "where", "says"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_tile_gives_one_clear_problem(tmp_path, what, change, where, says):
    path = tmp_path / "tiles" / "clinic.yaml"
    path.parent.mkdir()
    text = change(GOOD)
    assert text != GOOD
    path.write_text(text, encoding="utf-8")
    tile, problems = read_tile(path, LEGEND)
    assert tile is None
    assert len(problems) == 1, problems
    assert problems[0].file == str(path) and problems[0].where == where and says in problems[0].message


def test_validate_and_map_read_tiles(tmp_path, capsys):
    assert main(["validate", str(TILE_DIR / "plaza.yaml")]) == 0
    assert main(["map", str(TILE_DIR / "plaza.yaml")]) == 0
    assert "plaza: Plaza (16x16)" in capsys.readouterr().out
    bad = tmp_path / "tiles" / "plaza.yaml"
    bad.parent.mkdir()
    bad.write_text((TILE_DIR / "plaza.yaml").read_text().replace("id: plaza", "id: piazza"), encoding="utf-8")
    assert main(["map", str(bad)]) == 1
    assert "does not match the file name" in capsys.readouterr().err
    assert main(["map", "--board", "5"]) == 0
    out = capsys.readouterr().out
    assert "board_5: Generated board 5 (48x48)" in out and "tiles (seed 5)" in out
    assert main(["map"]) == 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_quick_play_on_a_generated_board_plays_to_the_end(seed):
    content = load_content()
    q = Q.generate(content, seed)
    s = play_game(Q.playable(content, q), q.scenario, seed, RandomSurvivors(seed))
    try:
        assert s.result is not None and s.map is q.board.map
    finally:
        s.close()


def test_run_takes_a_quickplay_id(capsys):
    assert main(["run", "--scenario", "quickplay_3", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("result: ")
    assert main(["run", "--scenario", "quickplay_nope", "--quiet"]) == 2
