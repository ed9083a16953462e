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


def best_melee_choice(bonuses) -> int | None:
    """Which carried weapon a survivor fights with: the first with the highest melee bonus; None = bare hands."""
    best, best_bonus = None, 0
    for i, bonus in enumerate(bonuses):
        if bonus > best_bonus:
            best, best_bonus = i, bonus
    return best


# --- pools: the dice each side rolls (before the one-die floor of game.rules.dice.pool) ------------------------
MELEE_COVER_DICE = 1   # a model in a window or open doorway makes its melee attacker roll this many dice fewer


def zombie_fight(fight: int, fight_per_wound: int, wounds_left: int) -> int:
    """A zombie's melee dice: its Fight, or for the Horde tray `fight_per_wound` per wound it has left."""
    return fight_per_wound * wounds_left if fight_per_wound else fight


def melee_attack_pool(fight: int, weapon_bonus: int, skill_dice: int, defensible: bool) -> int:
    """A survivor attacking in melee: Fight + weapon bonus + skill dice, one fewer against a defensible target."""
    return fight + weapon_bonus + skill_dice - (MELEE_COVER_DICE if defensible else 0)


def melee_defence_pool(fight: int, weapon_bonus: int, skill_dice: int) -> int:
    """A survivor defending against a swarm: Fight + best melee weapon bonus + skill dice."""
    return fight + weapon_bonus + skill_dice


def swarm_pool(fights, defensible: bool) -> int:
    """The combined pool of every zombie attacking one survivor: one die fewer if the survivor is defensible."""
    return sum(fights) - (MELEE_COVER_DICE if defensible else 0)


def ranged_pool(weapon_dice: int, shoot: int, skill_dice: int, aimed: bool, *, aim_dice: int = 1,
                aim_skill: int = 0, scoped: bool = False) -> int:
    """A shot's dice before cover: weapon dice + Shoot + skill, plus Aim (+ skill, + 1 for a scoped weapon)."""
    dice = weapon_dice + shoot + skill_dice
    if aimed:
        dice += aim_dice + aim_skill + (1 if scoped else 0)
    return dice


def after_dice_lost(dice: int, dice_lost: int) -> int:
    """A pool after the dice a target number past 6+ removes: never below one die."""
    return max(1, dice - dice_lost)

