"""The Director's views of a game as its policy would see them, for tests that compare its memos and shortcuts
with a fresh computation at every step of real games."""
from __future__ import annotations

from collections.abc import Iterator

from game.ai.director_levels import director_level
from game.ai.director_view import view_of


def director_views(s, content, levels: tuple[str, ...]) -> Iterator[tuple[object, object]]:
    """(level, view) for each named Director level, while the Director is about to buy (nothing otherwise)."""
    if not s.in_director or s.phase == "end" or s.result:
        return
    for name in levels:
        level = director_level(content, name)
        yield level, view_of(s, level)
