"""Quick odds for the survivor AI's judgement: binomial pools in floats, cached (the exact fractions for the
player live in the calculator, game.tools.distributions; the AI only needs to rank its options)."""
from __future__ import annotations

from functools import lru_cache
from math import comb

from game.rules.heat import escalation_need


@lru_cache(maxsize=512)
def pmf(dice: int, p: float) -> tuple[float, ...]:
    """P(exactly k successes) for k = 0..dice."""
    return tuple(comb(dice, k) * p ** k * (1 - p) ** (dice - k) for k in range(dice + 1))


def at_least(dice: int, p: float, k: int) -> float:
    """P(k or more successes from `dice` dice that each succeed with p)."""
    if k <= 0:
        return 1.0
    return sum(pmf(dice, p)[k:])


def hit_chance(need: int) -> float:
    """A d6 scoring `need` or more (a natural 6 always counts, a 7+ is impossible otherwise)."""
    return max(1, 7 - need) / 6


@lru_cache(maxsize=512)
def melee(attack: int, defend: int, wounds: int, p: float = 0.5) -> tuple[float, float]:
    """(chance the attacker deals `wounds` or more, expected wounds the attacker takes) for one opposed melee."""
    a, d = pmf(max(1, attack), p), pmf(max(1, defend), p)
    kill = back = 0.0
    for i, pa in enumerate(a):
        for j, pd in enumerate(d):
            if i - j >= wounds:
                kill += pa * pd
            elif j > i:
                back += pa * pd * (j - i)
    return kill, back


@lru_cache(maxsize=512)
def expected_hits(dice: int, p: float, cap: int) -> float:
    """Expected hits from `dice` dice, never more than `cap`."""
    return sum(min(k, cap) * q for k, q in enumerate(pmf(dice, p)))


@lru_cache(maxsize=512)
def swarm_wounds(swarm: int, defend: int, cap: int, p: float = 0.5) -> float:
    """Expected wounds a swarm of `swarm` dice deals to a survivor defending with `defend` dice, at most `cap`."""
    a, d = pmf(max(1, swarm), p), pmf(max(1, defend), p)
    return sum(pa * pd * min(i - j, cap) for i, pa in enumerate(a) for j, pd in enumerate(d) if i > j)


def escalation_chance(heat: int, bands) -> float:
    """The chance the escalation check at this Heat pushes Doom on."""
    need = escalation_need(heat, bands)
    return 0.0 if need is None else 1.0 if need == 0 else hit_chance(need)
