"""Dice: every d6 the rules roll comes from here, so tests can script the faces."""
from __future__ import annotations

import random
from collections.abc import Iterable


class Dice:
    """Rolls d6 from the game's seeded RNG."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def d6(self, n: int) -> tuple[int, ...]:
        return tuple(self.rng.randint(1, 6) for _ in range(n))


class ScriptedDice(Dice):
    """Hands out pre-set faces in order; for tests and scripted tutorial moments."""

    def __init__(self, faces: Iterable[int], fallback: random.Random | None = None):
        super().__init__(fallback or random.Random(0))
        self.faces = list(faces)
        self.strict = fallback is None

    def push(self, *faces: int) -> None:
        self.faces.extend(faces)

    def d6(self, n: int) -> tuple[int, ...]:
        if len(self.faces) < n:
            if self.strict:
                raise AssertionError(f"scripted dice ran out: wanted {n}, have {self.faces}")
            # The scripted faces that are left come first, the seeded RNG rolls the rest.
            out, self.faces = tuple(self.faces), []
            return out + super().d6(n - len(out))
        out, self.faces = tuple(self.faces[:n]), self.faces[n:]
        return out


def successes(faces: Iterable[int], need: int = 4) -> int:
    return sum(1 for f in faces if f >= need)


def ones(faces: Iterable[int]) -> int:
    return sum(1 for f in faces if f == 1)


def pool(n: int) -> int:
    """A pool is never smaller than one die."""
    return max(1, n)
