"""Combat arithmetic as pure functions of dice faces and modifiers (no state, no RNG)."""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import successes


@dataclass(frozen=True)
class MeleeResult:
    attacker_hits: int
    defender_hits: int

    @property
    def margin(self) -> int:
        return self.attacker_hits - self.defender_hits

    @property
    def wounds_to_defender(self) -> int:
        return max(0, self.margin)

    @property
    def wounds_to_attacker(self) -> int:
        return max(0, -self.margin)

    @property
    def tie(self) -> bool:
        return self.margin == 0

    @property
    def may_withdraw(self) -> bool:
        """The attacker may step back when it scored at least as many successes."""
        return self.margin >= 0


def melee(attacker_faces, defender_faces, need: int = 4) -> MeleeResult:
    return MeleeResult(successes(attacker_faces, need), successes(defender_faces, need))


def swarm_cap(slots: int, has_elite: bool, caps: tuple[int, ...], elite_cap: int) -> int:
    """Most wounds a swarm may deal: by the slots it fills, or the elite cap if an elite is in it."""
    if has_elite:
        return elite_cap
    return caps[min(max(slots, 0), len(caps) - 1)]


@dataclass(frozen=True)
class RangedTarget:
    need: int          # the die face needed to hit (4..6)
    dice_lost: int     # dice removed because the penalty went past 6+


def ranged_target(cover: str, aimed: bool, hunkered: bool, *, base: int = 4, light: int = 1, heavy: int = 2,
                  hunker: int = 1, scoped_ignores_light: bool = False) -> RangedTarget:
    """Target number for a shot. Aim ignores light cover. Past 6+ each step costs a die instead."""
    penalty = 0
    if cover == "heavy":
        penalty += heavy
    elif cover == "light" and not aimed:
        penalty += light
    if hunkered:
        penalty += hunker
    need = base + penalty
    if need > 6:
        return RangedTarget(6, need - 6)
    return RangedTarget(need, 0)
