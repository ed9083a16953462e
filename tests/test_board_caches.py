"""Boards cache what they can: static data shared by every board on one terrain (pymunk spaces, sight, cover and
open-ground move answers) and zombie step costs kept per board. No cache may ever answer for a stale board."""
from __future__ import annotations

from game.world.board import Board
from tests.arena import arena_map

# A wall with a closed door between the two ends of the corridor.
ROWS = [
    "#######",
    "#..+..#",
    "#######",
]


def _ends(board: Board) -> tuple[int, int, int]:
    return board.idx(1, 1), board.idx(5, 1), board.idx(3, 1)


def test_two_live_boards_on_one_terrain_keep_their_own_doors():
    first, second = Board(arena_map(ROWS)), Board(arena_map(ROWS))
    a, b, door = _ends(first)
    assert not first.sees(a, b) and not second.sees(a, b)
    first.set_door(door, True)
    assert first.sees(a, b)
    assert not second.sees(a, b), "a door opened on one board must not open on another"
    second.set_door(door, True)
    first.set_door(door, False)
    assert second.sees(a, b) and not first.sees(a, b)


def test_a_released_space_is_reset_for_the_next_board():
    first = Board(arena_map(ROWS))
    a, b, door = _ends(first)
    first.set_door(door, True)
    assert first.sees(a, b)
    first.release()
    fresh = Board(arena_map(ROWS))           # takes the space the first board gave back, door shape and all
    fresh._sight.clear()                     # ask pymunk, not the shared answers
    assert not fresh.sees(a, b)


def test_a_released_board_still_answers_with_its_own_doors():
    first = Board(arena_map(ROWS))
    a, b, door = _ends(first)
    first.release()
    other = Board(arena_map(ROWS))           # now holds the released space
    first.set_door(door, True)               # must not touch the other board's door shape
    other._sight.clear()
    assert not other.sees(a, b)
    first._sight.clear()
    assert first.sees(a, b)                  # takes a space of its own again, with its door open


def test_sight_answers_are_shared_per_door_state():
    first, second = Board(arena_map(ROWS)), Board(arena_map(ROWS))
    a, b, door = _ends(first)
    assert first._sight is second._sight
    first.set_door(door, True)
    assert first._sight is not second._sight
    second.set_door(door, True)
    assert first._sight is second._sight


def test_zombie_step_costs_follow_doors_and_barricades_after_they_are_built():
    board = Board(arena_map(ROWS))
    _, _, door = _ends(board)
    shambler, brute = board.zombie_factors(False, False), board.zombie_factors(False, True)   # build the tables
    assert shambler[door] == 2                       # forcing a shut door costs double
    board.set_barricade(door, True)
    assert shambler[door] == 0                       # a barricade stops it
    assert brute[door] == 1                          # a Brute smashes through
    board.set_door(door, True)                                                          # opening drops the barricade
    assert door not in board.barricaded
    assert shambler[door] == 1 and brute[door] == 1
    assert Board(arena_map(ROWS)).zombie_factors(False, False)[door] == 2               # other boards untouched


def test_cached_move_answers_match_a_fresh_search_throughout_real_games():
    from game.ai.players import make_player
    from game.content.loader import load_content
    from game.sim.runner import play_game
    from game.world import actions as A
    content = load_content()
    checked = {"no zombie near": 0, "open answer despite zombies near": 0, "fresh search": 0}

    def compare(s):
        if s.phase != "survivor" or s.result:
            return
        for who in s.survivors():
            budget = A.move_budget(s, who)
            blocked, stops = A._zombie_cells(s)
            fresh = s.board.reach(s.cell(who), budget, blocked, stops)
            cached = A.reach_full(s, who, budget)
            assert list(cached.items()) == list(fresh.items())
            here = s.cell(who)
            kept = A.reachable(s, who, budget)
            assert list(kept.items()) == [(c, v) for c, v in fresh.items() if c not in s.occupant or c == here]
            if cached is not s.board.open_reach(s.cell(who), budget):
                checked["fresh search"] += 1
            elif s.zombie_within(s.cell(who), budget / 2 + 1.5):
                checked["open answer despite zombies near"] += 1
            else:
                checked["no zombie near"] += 1

    for seed in range(3):
        play_game(content, "pharmacy_run", seed, make_player("veteran", seed), after_step=compare).close()
    assert min(checked.values()) > 20, checked      # every kind of answer was exercised


def _heap_reach(board: Board, start: int, budget: int, blocked, stops) -> dict:
    """The plain heap Dijkstra that Board.reach replaced: the bucketed one must match it entry for entry."""
    import heapq
    best = {start: (0, -1)}
    frontier = [(0, start)]
    while frontier:
        spent, cell = heapq.heappop(frontier)
        if spent > best[cell][0] or (cell != start and cell in stops):
            continue
        for nxt, half in board.neighbours(cell):
            f = board.move_factor[nxt]
            total = spent + half * f
            if f and nxt not in blocked and total <= budget and (nxt not in best or total < best[nxt][0]):
                best[nxt] = (total, cell)
                heapq.heappush(frontier, (total, nxt))
    return best


def test_bucketed_move_search_gives_the_heap_search_answers_and_paths():
    import random

    from game.content.loader import load_content
    content = load_content()
    rng = random.Random(7)
    for map_id in sorted(content.maps):
        board = Board(content.maps[map_id])
        cells = [i for i in range(board.size) if board.walkable(i)]
        for _ in range(40):
            start = rng.choice(cells)
            blocked = set(rng.sample(cells, 30)) - {start}
            stops = {c for z in blocked for c in board.contact_cells(z)}
            budget = rng.choice([6, 10, 12, 14, 24])
            got = board.reach(start, budget, blocked, stops)
            assert list(got.items()) == list(_heap_reach(board, start, budget, blocked, stops).items())


def _heap_field(board: Board, sources: tuple[int, ...], ignores_difficult: bool, bulk: bool) -> list[int]:
    """The plain heap Dijkstra that the bucketed distance fields replaced (walking cost to the nearest source)."""
    import heapq

    from game.world.board import _DIFFICULT, _IMPASSABLE, INF
    enter = [INF if k in _IMPASSABLE else (1 if bulk else 2) if k == "door" else
             2 if k in _DIFFICULT and not ignores_difficult and not (bulk and k in ("light", "window")) else 1
             for k in board.terrain]
    dist = [INF] * board.size
    for cell in sources:
        dist[cell] = 0
    frontier = [(0, cell) for cell in sources]
    while frontier:
        d, cell = heapq.heappop(frontier)
        if d > dist[cell] or enter[cell] >= INF:
            continue
        for prev, half in board.neighbours(cell):
            total = d + half * enter[cell]
            if enter[prev] < INF and total < dist[prev]:
                dist[prev] = total
                heapq.heappush(frontier, (total, prev))
    return dist


def test_bucketed_distance_fields_match_the_heap_search():
    import random

    from game.content.loader import load_content
    content = load_content()
    rng = random.Random(11)
    for map_id in sorted(content.maps):
        board = Board(content.maps[map_id])
        cells = [i for i in range(board.size) if board.walkable(i)]
        for profile in ((False, False), (True, False), (False, True)):
            for n in (1, 1, 3, 9):
                sources = tuple(sorted(rng.sample(cells, n)))
                whole = board.new_field(sources, *profile)
                whole.settle()
                assert list(whole.dist) == _heap_field(board, sources, *profile)


def _dict_path_toward(board: Board, start: int, goals, factors, barred=(), max_nodes: int = 600) -> list[int]:
    """The A* with dicts that Board.path_toward's flat lists replaced: same heap order, so the same paths."""
    import heapq

    from game.world.board import INF
    goal_set, w = set(goals), board.width
    if not goal_set or start in goal_set:
        return []
    lo_x, hi_x = min(g % w for g in goal_set), max(g % w for g in goal_set)
    lo_y, hi_y = min(g // w for g in goal_set), max(g // w for g in goal_set)

    def h(cell: int) -> int:
        x, y = cell % w, cell // w
        dx = lo_x - x if x < lo_x else (x - hi_x if x > hi_x else 0)
        dy = lo_y - y if y < lo_y else (y - hi_y if y > hi_y else 0)
        return 2 * max(dx, dy) + min(dx, dy)

    came, g, frontier, expanded = {start: -1}, {start: 0}, [(h(start), 0, start)], 0
    while frontier and expanded < max_nodes:
        _, spent, cell = heapq.heappop(frontier)
        if spent > g[cell]:
            continue
        if cell in goal_set:
            path = []
            while cell != start:
                path.append(cell)
                cell = came[cell]
            return path[::-1]
        expanded += 1
        for nxt, half in board.neighbours(cell):
            if factors[nxt] and nxt not in barred and spent + half * factors[nxt] < g.get(nxt, INF):
                g[nxt] = spent + half * factors[nxt]
                came[nxt] = cell
                heapq.heappush(frontier, (g[nxt] + h(nxt), g[nxt], nxt))
    return []


def test_horde_paths_match_the_dict_search_they_replaced():
    import random

    from game.content.loader import load_content
    content = load_content()
    rng = random.Random(5)
    found = 0
    for map_id in sorted(content.maps):
        board = Board(content.maps[map_id])
        cells = [i for i in range(board.size) if board.walkable(i)]
        for profile in ((False, False), (True, False), (False, True)):
            factors = board.zombie_factors(*profile)
            for _ in range(15):
                start = rng.choice(cells)
                goals = rng.sample(cells, rng.choice([1, 2, 5]))
                barred = set(rng.sample(cells, 20)) - {start}
                limit = rng.choice([40, 600])
                got = board.path_toward(start, goals, factors, barred, limit)
                assert got == _dict_path_toward(board, start, goals, factors, barred, limit)
                found += bool(got)
    assert found > 50          # most searches find a path: the paths themselves were compared


def test_open_ground_answers_are_shared_only_while_the_doors_in_reach_agree():
    board, other = Board(arena_map(ROWS)), Board(arena_map(ROWS))
    a, _, door = _ends(board)
    short, far = board.open_reach(a, 2), board.open_reach(a, 8)     # one step; far enough to pass the door
    other.set_door(door, True)
    assert other.open_reach(a, 2) is short              # the door is out of a one-step search's reach: shared
    assert door not in far and door in other.open_reach(a, 8)       # within reach: each door state its own answer
    assert list(other.open_reach(a, 8).items()) == list(other.reach(a, 8).items())


def test_open_ground_answers_match_a_fresh_search_whatever_doors_are_open():
    import random

    from game.content.loader import load_content
    content = load_content()
    rng = random.Random(5)
    for map_id in sorted(content.maps):
        board = Board(content.maps[map_id])
        doors = [i for i in range(board.size) if board.kind(i) == "door"]
        if not doors:
            continue
        w = board.width
        # A few starts near doors, asked again and again as doors open and shut: the shared answers get reused.
        near = [i for i in range(board.size) if board.walkable(i)
                and any(max(abs(i % w - d % w), abs(i // w - d // w)) <= 6 for d in doors)]
        starts = rng.sample(near, min(8, len(near)))
        for _ in range(40):
            door = rng.choice(doors)
            board.set_door(door, not board.door_open[door])
            for start in starts:
                for budget in (6, 10, 12):
                    assert list(board.open_reach(start, budget).items()) == list(board.reach(start, budget).items())


def test_a_kept_open_ground_answer_is_only_looked_up_never_searched():
    board = Board(arena_map(ROWS))
    a, _, _ = _ends(board)
    board._static.reaches.clear()
    assert board.kept_open_reach(a, 6) is None
    found = board.open_reach(a, 6)
    assert board.kept_open_reach(a, 6) is found


def test_every_kept_open_ground_answer_is_the_open_search_in_real_games():
    """Open-ground answers are kept by the open search itself and, when no zombie touched it, by a search with the
    zombies (reach_full): each must be what a fresh open search gives, when kept and at every step after."""
    from game.ai.players import make_player
    from game.content.loader import load_content
    from game.sim.runner import play_game
    from game.world import actions as A
    from game.world import board as board_module
    content = load_content()
    seen = {"kept by a search with zombies": 0, "checked": 0}
    keep = Board.keep_open_reach

    def counted(board, start, budget, answer):
        assert list(answer.items()) == list(board.reach(start, budget).items())
        seen["kept by a search with zombies"] += 1
        keep(board, start, budget, answer)

    def compare(s):
        for who in s.survivors():
            for budget in (A.move_budget(s, who), A.half_move_budget(s, who)):
                kept = s.board.kept_open_reach(s.cell(who), budget)
                if kept is not None:
                    assert list(kept.items()) == list(s.board.reach(s.cell(who), budget).items())
                    seen["checked"] += 1

    Board.keep_open_reach = counted
    try:
        for scenario in ("pharmacy_run", "dead_air", "last_train_out", "cold_chain"):
            for seed in range(2):
                board_module._STATIC.clear()         # answers this game keeps, not earlier games' or tests'
                play_game(content, scenario, seed, make_player("veteran", seed), after_step=compare).close()
    finally:
        Board.keep_open_reach = keep
    assert min(seen.values()) > 10, seen
