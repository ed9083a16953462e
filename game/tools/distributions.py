"""Exact dice distributions for the tools: every probability is a Fraction found by counting, never by sampling.

A pool of d6 is summarised by how many dice land in each class of face that a rule can tell apart for one target
number `need`: natural 1s, other misses, hits other than a 6, and natural 6s. Every function the engine applies to
faces (`game.rules.dice.successes` at that target number, `ones`, "a 6 in the roll" for jackpots and stuns) depends
on those four counts only. So the tools call the engine's own function on one representative roll per combination
of counts and weight it by the multinomial probability of that combination: the result is exact, and the rule is
the engine's, not a copy.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from math import comb, factorial

from game.rules.dice import ones, pool, successes

SIXTH = Fraction(1, 6)


class Dist(Mapping):
    """A distribution over whole numbers with exact probabilities; values that cannot happen are left out."""

    __slots__ = ("_p",)

    def __init__(self, probs: Mapping[int, Fraction] | Iterable[tuple[int, Fraction]] = ()):
        merged: dict[int, Fraction] = {}
        for value, p in (probs.items() if isinstance(probs, Mapping) else probs):
            merged[value] = merged.get(value, Fraction(0)) + Fraction(p)
        self._p = {v: merged[v] for v in sorted(merged) if merged[v]}

    @classmethod
    def point(cls, value: int) -> Dist:
        return cls({value: Fraction(1)})

    def __getitem__(self, value: int) -> Fraction:
        return self._p.get(value, Fraction(0))

    def __contains__(self, value: object) -> bool:
        return value in self._p

    def __iter__(self) -> Iterator[int]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __repr__(self) -> str:
        return "Dist({" + ", ".join(f"{v}: {p}" for v, p in self._p.items()) + "})"

    @property
    def low(self) -> int:
        return min(self._p)

    @property
    def high(self) -> int:
        return max(self._p)

    def total(self) -> Fraction:
        return sum(self._p.values(), Fraction(0))

    def mean(self) -> Fraction:
        return sum((v * p for v, p in self._p.items()), Fraction(0))

    def at_least(self, k: int) -> Fraction:
        return sum((p for v, p in self._p.items() if v >= k), Fraction(0))

    def at_most(self, k: int) -> Fraction:
        return sum((p for v, p in self._p.items() if v <= k), Fraction(0))

    def map(self, f: Callable[[int], int]) -> Dist:
        return Dist((f(v), p) for v, p in self._p.items())

    def floats(self) -> dict[int, float]:
        return {v: float(p) for v, p in self._p.items()}


def binomial(n: int, p: Fraction) -> Dist:
    """Successes among n independent trials that each succeed with probability p."""
    p = Fraction(p)
    return Dist((k, comb(n, k) * p ** k * (1 - p) ** (n - k)) for k in range(n + 1))


def combine(a: Mapping, b: Mapping, f: Callable) -> Dist:
    """The distribution of f(x, y) for independent x ~ a and y ~ b."""
    return Dist((f(x, y), pa * pb) for x, pa in a.items() for y, pb in b.items())


def convolve(a: Mapping, b: Mapping) -> Dist:
    """The sum of two independent values."""
    return combine(a, b, lambda x, y: x + y)


# --- pools of d6 ----------------------------------------------------------------------------------------------------

def face_classes(need: int) -> tuple[tuple[int, Fraction], ...]:
    """(representative face, probability) of each class of face a rule can tell apart at target number `need`:
    a natural 1, any other miss, any hit below 6, a natural 6. Empty classes are left out."""
    need = min(max(need, 2), 6)
    classes = ((1, SIXTH), (2, Fraction(need - 2, 6)), (need, Fraction(6 - need, 6)), (6, SIXTH))
    return tuple((face, p) for face, p in classes if p)


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


def pool_rolls(dice: int, need: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every distinguishable roll of a pool (at least one die, as the engine rolls it) with its exact probability:
    (representative faces, probability). The probabilities sum to 1."""
    n = pool(dice)
    classes = face_classes(need)
    for counts in _compositions(n, len(classes)):
        ways = factorial(n)
        p = Fraction(1)
        faces: list[int] = []
        for count, (face, chance) in zip(counts, classes, strict=True):
            ways //= factorial(count)
            p *= chance ** count
            faces += [face] * count
        yield tuple(faces), ways * p


def pool_joint(dice: int, need: int, f: Callable[[tuple[int, ...]], Hashable]) -> dict:
    """{f(faces): probability} over every roll of the pool; f may return a tuple to keep several things together."""
    out: dict = {}
    for faces, p in pool_rolls(dice, need):
        key = f(faces)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def pool_dist(dice: int, need: int, f: Callable[[tuple[int, ...]], int]) -> Dist:
    """The distribution of a whole-number function of a pool's faces."""
    return Dist(pool_joint(dice, need, f))


def success_dist(dice: int, need: int) -> Dist:
    """Successes of a pool at a target number, counted by the engine's own `successes`."""
    return pool_dist(dice, need, lambda faces: successes(faces, need))


def ones_dist(dice: int, need: int = 4) -> Dist:
    """Natural 1s in a pool (the complications of a survivor's roll)."""
    return pool_dist(dice, need, ones)


def as_json(dist: Mapping) -> dict[str, float]:
    """{value: probability} with string keys, ready for json.dumps."""
    return {str(v): float(p) for v, p in dist.items()}
