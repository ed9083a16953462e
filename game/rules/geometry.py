"""Grid geometry in inches: one cell is one inch, diagonals cost 1.5 inches."""
from __future__ import annotations

# Half-inch units keep path costs exact integers: orthogonal step 2, diagonal step 3.
ORTHO_HALF = 2
DIAG_HALF = 3

NEIGHBOUR_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))


def distance(ax: int, ay: int, bx: int, by: int) -> float:
    """Octile distance in inches: the same measure movement uses."""
    dx, dy = abs(ax - bx), abs(ay - by)
    return max(dx, dy) + 0.5 * min(dx, dy)


def distance_half(ax: int, ay: int, bx: int, by: int) -> int:
    dx, dy = abs(ax - bx), abs(ay - by)
    return 2 * max(dx, dy) + min(dx, dy)


def chebyshev(ax: int, ay: int, bx: int, by: int) -> int:
    return max(abs(ax - bx), abs(ay - by))
