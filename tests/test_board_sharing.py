"""Boards on one terrain share their static data (pymunk spaces, sight and cover answers): sharing must never let one
game's doors leak into another's sight lines."""
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
