"""Combat & Opposed Dice Pool Calculator: the pools the rules give for a fight, and the exact odds of every result.

Three attack types, each a plain function returning a `Calculation` (frozen dataclasses: a screen renders them,
`render` turns one into a text table, `to_json` into plain JSON):

    melee_calc   a survivor attacks one zombie in melee (opposed Fight roll)
    swarm_calc   the zombies engaging a survivor attack together in the Director Phase (opposed, capped)
    ranged_calc  a shot with a firearm, or one model caught in a thrown weapon's blast

Every number comes from the engine: pools from game.rules.combat, target numbers from `ranged_target`, the cap from
`swarm_cap`, wins and wounds from `MeleeResult`, Heat from `game.rules.heat.complications`, and the stats from the
content (archetypes, weapons, skills, zombies, rules.yaml). The odds are exact fractions (game.tools.distributions).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from game.content.defs import ArchetypeDef, Content, WeaponDef, ZombieDef
from game.rules.combat import (
    MeleeResult,
    after_dice_lost,
    best_melee_choice,
    melee_attack_pool,
    melee_defence_pool,
    ranged_pool,
    ranged_target,
    swarm_cap,
    swarm_pool,
    zombie_fight,
)
from game.rules.dice import ones, pool, successes
from game.rules.heat import complications
from game.tools.common import ToolError, check_dice, id_list, lookup, pct
from game.tools.distributions import Dist, as_json, combine, pool_dist, pool_joint, success_dist

ATTACKS = ("melee", "swarm", "ranged")
COVERS = ("none", "light", "heavy")


@dataclass(frozen=True)
class Pool:
    """One side's roll: how many dice, what they need, and where the dice came from."""
    side: str                                  # who rolls: "Firefighter", "Brute", "the swarm", "attacker"
    dice: int                                  # dice rolled (never fewer than one)
    need: int                                  # a die scores on this face or higher
    parts: tuple[tuple[str, int], ...] = ()    # how the pool was built: ("Fight", 3), ("melee cover", -1)
    survivor: bool = False                     # a survivor's roll: its natural 1s make Heat
    dice_lost: int = 0                         # dice removed because the target number went past 6+

    def describe(self) -> str:
        text = ""
        for i, (label, n) in enumerate(self.parts):
            sign = ("- " if n < 0 else "+ ") if i else ("-" if n < 0 else "")
            text += f"{' ' if i else ''}{sign}{label} {abs(n)}"
        return f"{self.dice} {'die' if self.dice == 1 else 'dice'}, hits on {self.need}+" + \
            (f"  ({text})" if text else "")


@dataclass(frozen=True)
class Cap:
    """The most wounds one side can take from this attack, and why."""
    value: int
    reason: str


@dataclass(frozen=True)
class Calculation:
    attack: str                          # melee | swarm | ranged
    title: str
    target: str                          # who takes `wounds_to_defender`: the zombie, the survivor, the target
    attacker: Pool
    defender: Pool | None                # None for ranged fire: the target does not roll
    attacker_successes: Dist
    defender_successes: Dist | None
    wounds_to_defender: Dist             # after the caps (swarm cap, wounds left)
    wounds_to_attacker: Dist
    defender_cap: Cap | None
    attacker_cap: Cap | None
    weapon_heat: int                     # Heat the weapon makes, hit or miss
    heat: Dist                           # weapon Heat + the survivor's complications
    heat_from: str                       # whose natural 1s make the Heat
    outcome: Mapping[str, Fraction] = field(default_factory=dict)   # win / tie / loss, for the survivor
    chances: Mapping[str, Fraction] = field(default_factory=dict)   # named odds: destroyed, Downed, stunned
    notes: tuple[str, ...] = ()
    ignore_ones: int = 0                 # natural 1s per roll that make no Heat (a skill)

    def as_text(self) -> str:
        return render(self)

    def expected(self) -> dict[str, Fraction]:
        out = {"attacker_successes": self.attacker_successes.mean()}
        if self.defender_successes is not None:
            out["defender_successes"] = self.defender_successes.mean()
        out["wounds_to_defender"] = self.wounds_to_defender.mean()
        out["wounds_to_attacker"] = self.wounds_to_attacker.mean()
        out["heat"] = self.heat.mean()
        return out


# --- inputs from the content ---------------------------------------------------------------------------------------

def _skill(content: Content, arch: ArchetypeDef | None, key: str) -> tuple[str, int]:
    """(skill name, value of one of its effects) for an archetype; ('', 0) without one."""
    if arch is None:
        return "", 0
    skill = content.skills[arch.skill]
    return skill.name, int(skill.effects.get(key, 0))


def _archetype(content: Content, archetype: str | None) -> ArchetypeDef | None:
    return lookup(content.archetypes, archetype, "--archetype", "archetype") if archetype else None


def _weapon(content: Content, weapon: str | None, kinds: Sequence[str], use: str) -> WeaponDef | None:
    if not weapon:
        return None
    wdef = lookup(content.weapons, weapon, "--weapon", "weapon")
    if wdef.kind not in kinds:
        fits = [w for w, d in content.weapons.items() if d.kind in kinds]
        raise ToolError("--weapon", f"{wdef.name} is a {wdef.kind} weapon; {use} uses {' or '.join(kinds)} "
                                    f"weapons: {', '.join(fits)}")
    return wdef


def _melee_weapon(content: Content, arch: ArchetypeDef | None, weapon: str | None) -> WeaponDef | None:
    """The named melee weapon, else the archetype's best one (as the engine picks it), else bare hands."""
    named = _weapon(content, weapon, ("melee",), "melee")
    if named is not None or arch is None:
        return named
    gear = [*arch.weapons, *arch.items]
    best = best_melee_choice([content.weapons[g].melee_bonus if g in content.weapons else 0 for g in gear])
    return None if best is None else content.weapons[gear[best]]


def _zombies(content: Content, ids: Sequence[str], flag: str) -> list[ZombieDef]:
    if not ids:
        raise ToolError(flag, "name at least one zombie")
    return [lookup(content.zombies, z, flag, "zombie") for z in ids]


def _wounds_cap(cap: int | None, zdef, wounds_left: int | None) -> Cap | None:
    """The cap on wounds dealt to the defender: --cap if given, else what the zombie has left, else none."""
    if cap is not None:
        return Cap(cap, "--cap")
    if zdef is not None:
        return Cap(wounds_left, f"the {zdef.name} has {wounds_left} wound{'s' if wounds_left != 1 else ''} left; "
                                f"damage beyond is lost")
    return None


def _wounds_left(zdef: ZombieDef, taken: int) -> int:
    if not 0 <= taken < zdef.wounds:
        raise ToolError("--wounds-taken", f"a {zdef.name} has {zdef.wounds} wound{'s' if zdef.wounds > 1 else ''}: "
                                          f"wounds taken must be 0 to {zdef.wounds - 1}, not {taken}")
    return zdef.wounds - taken


def _count(value: int | None, flag: str, low: int = 0) -> int | None:
    if value is not None and value < low:
        raise ToolError(flag, f"must be {low} or more, not {value}")
    return value


def _fight_or_dice(fight: int | None, dice: int | None, dice_flag: str) -> None:
    """--fight (the stat, the weapon added) and a whole pool of dice cannot both be given."""
    check_dice(fight, "--fight")
    if fight is not None and dice is not None:
        raise ToolError("--fight", f"give the survivor's Fight (the weapon's bonus is added) or {dice_flag} (the "
                                   f"whole pool), not both")


def _heat_dist(dice: int, need: int, weapon_heat: int, ignored: int) -> Dist:
    return pool_dist(dice, need, lambda faces: weapon_heat + complications(ones(faces), ignored))


def _capped(wounds: int, cap: Cap | None) -> int:
    return wounds if cap is None else min(wounds, cap.value)


def _ignored(content: Content, arch: ArchetypeDef | None, notes: list[str]) -> int:
    name, ignored = _skill(content, arch, "ignore_complications")
    if ignored:
        notes.append(f"{name}: {ignored} natural 1 per roll makes no Heat")
    return ignored


# --- melee -----------------------------------------------------------------------------------------------------------

def melee_calc(content: Content, *, attacker_dice: int | None = None, defender_dice: int | None = None,
               archetype: str | None = None, weapon: str | None = None, zombie: str | None = None,
               melee_cover: bool = False, wounds_taken: int = 0, cap: int | None = None,
               attacker_cap: int | None = None, fight: int | None = None) -> Calculation:
    """A survivor attacks one zombie in melee. Numbers given (`attacker_dice`, `defender_dice`) take the place of
    the archetype's Fight + weapon + skill and the zombie's Fight: `attacker_dice` is the whole pool as counted at
    the table, so a weapon named with it adds its Heat and traits but not its bonus. `fight` is the survivor's Fight
    alone: the weapon's bonus (and the archetype's skill) is added to it. `melee_cover` (the zombie stands in a
    window or open doorway) still takes a die off the attacker. `cap` limits the wounds the defender can take
    (default: the zombie's wounds left), `attacker_cap` the attacker's."""
    need = content.rules.success
    check_dice(attacker_dice, "--attacker-dice")
    _fight_or_dice(fight, attacker_dice, "--attacker-dice")
    check_dice(defender_dice, "--defender-dice")
    _count(cap, "--cap")
    _count(attacker_cap, "--attacker-cap")
    notes: list[str] = []
    arch = _archetype(content, archetype)
    wdef = _melee_weapon(content, arch, weapon)
    if attacker_dice is None and arch is None and fight is None:
        raise ToolError("--attacker-dice", "give the attacker's dice, their --fight, or an --archetype to take "
                                           "them from")
    zdef = lookup(content.zombies, zombie, "--zombie", "zombie") if zombie else None
    if defender_dice is None and zdef is None:
        raise ToolError("--defender-dice", "give the defender's dice, or a --zombie to take them from")

    # the attacker: a survivor
    skill_name, skill_dice = _skill(content, arch, "melee_dice")
    bonus = wdef.melee_bonus if wdef else 0
    if attacker_dice is not None:
        raw = melee_attack_pool(attacker_dice, 0, 0, melee_cover)
        parts = [("dice", attacker_dice)]
        if bonus:
            notes.append(f"--attacker-dice is the whole pool: the {wdef.name}'s +{bonus} is not added to it "
                         f"(give --fight instead to add it)")
    else:
        base = fight if fight is not None else arch.fight
        raw = melee_attack_pool(base, bonus, skill_dice, melee_cover)
        parts = [("Fight", base)] + ([(wdef.name, bonus)] if bonus else []) + \
            ([(skill_name, skill_dice)] if skill_dice else [])
    if melee_cover:
        parts.append(("melee cover", raw - sum(n for _, n in parts)))
    att_name = arch.name if arch else "attacker"
    attacker = Pool(att_name, pool(raw), need, tuple(parts), survivor=True)
    if raw < 1:
        notes.append(f"the pool came to {raw}: a pool is never smaller than one die")

    # the defender: a zombie
    wounds_left = _wounds_left(zdef, wounds_taken) if zdef else None
    if defender_dice is not None:
        d_raw, d_parts = defender_dice, (("dice", defender_dice),)
    else:
        d_raw = zombie_fight(zdef.fight, zdef.fight_per_wound, wounds_left)
        d_parts = ((f"Fight ({zdef.fight_per_wound} per wound x {wounds_left} left)", d_raw),) \
            if zdef.fight_per_wound else (("Fight", d_raw),)
    def_name = zdef.name if zdef else "defender"
    defender = Pool(def_name, pool(d_raw), need, d_parts)

    d_cap = _wounds_cap(cap, zdef, wounds_left)
    a_cap = Cap(attacker_cap, "--attacker-cap") if attacker_cap is not None else None

    weapon_heat = wdef.heat if wdef and wdef.kind == "melee" else 0
    ignored = _ignored(content, arch, notes)
    stun = bool(wdef and wdef.kind == "melee" and "stun" in wdef.traits and not (zdef and "bulk" in zdef.specials))

    # attacker rolls keep (successes, a natural 6) together: a winning roll with a 6 stuns
    a_joint = pool_joint(attacker.dice, need, lambda faces: (successes(faces, need), 6 in faces))
    a_succ = Dist((s, p) for (s, _), p in a_joint.items())
    d_succ = success_dist(defender.dice, need)
    to_def = combine(a_succ, d_succ, lambda a, d: _capped(MeleeResult(a, d).wounds_to_defender, d_cap))
    to_att = combine(a_succ, d_succ, lambda a, d: _capped(MeleeResult(a, d).wounds_to_attacker, a_cap))
    margin = combine(a_succ, d_succ, lambda a, d: MeleeResult(a, d).margin)
    outcome = {"win": margin.at_least(1), "tie": margin[0], "loss": margin.at_most(-1)}

    chances: dict[str, Fraction] = {}
    if d_cap is not None and zdef is not None:
        chances[f"{zdef.name} destroyed"] = to_def.at_least(d_cap.value)
    if stun:
        survives = (lambda w: w < d_cap.value) if d_cap else (lambda w: True)
        chances[f"{def_name} stunned"] = sum(
            (pa * pd for (a, six), pa in a_joint.items() if six for d, pd in d_succ.items()
             if MeleeResult(a, d).wounds_to_defender and survives(_capped(MeleeResult(a, d).wounds_to_defender,
                                                                           d_cap))), Fraction(0))
    if arch is not None:
        chances[f"{arch.name} Downed (from full health)"] = to_att.at_least(arch.wounds)
    if wdef is not None and zdef is not None and "stun" in wdef.traits and "bulk" in zdef.specials:
        notes.append(f"the {zdef.name} cannot be stunned")

    wname = f" with {wdef.name}" if wdef else (" bare-handed" if arch else "")
    title = f"Melee: {att_name}{wname} attacks {def_name}" + (" (in a window or doorway)" if melee_cover else "")
    return Calculation("melee", title, def_name, attacker, defender, a_succ, d_succ, to_def, to_att, d_cap, a_cap,
                       weapon_heat, _heat_dist(attacker.dice, need, weapon_heat, ignored), att_name,
                       outcome, chances, tuple(notes), ignored)


# --- swarm -----------------------------------------------------------------------------------------------------------

def swarm_calc(content: Content, *, zombies: Sequence[str] | str = (), attacker_dice: int | None = None,
               slots: int | None = None, elite: bool = False, defender_dice: int | None = None,
               archetype: str | None = None, weapon: str | None = None, melee_cover: bool = False,
               wounds_taken: int = 0, cap: int | None = None, fight: int | None = None) -> Calculation:
    """The zombies engaging one survivor attack as a swarm. The swarm's pool is the sum of their Fight (a Horde:
    per wound left, after `wounds_taken`), or `attacker_dice`; one die fewer with `melee_cover` (the survivor stands
    in a window or open doorway). The survivor defends with Fight + best melee weapon + skill, or `defender_dice`.
    The wounds the survivor can take are capped by `swarm_cap` (from the zombies, or `slots`/`elite`, or `cap`).
    `fight` is the survivor's Fight alone (the weapon's bonus and the skill are added to it), `defender_dice` the
    whole defence pool. `slots` with named zombies must agree with the slots they fill."""
    rules, need = content.rules, content.rules.success
    check_dice(attacker_dice, "--attacker-dice")
    check_dice(defender_dice, "--defender-dice")
    _fight_or_dice(fight, defender_dice, "--defender-dice")
    if slots is not None and not 1 <= slots <= rules.engagement_slots:
        raise ToolError("--slots", f"a swarm fills 1 to {rules.engagement_slots} engagement slots, not {slots}")
    _count(cap, "--cap")
    notes: list[str] = []
    ids = id_list(zombies)
    zdefs = _zombies(content, ids, "--zombies") if ids else []
    if not zdefs and attacker_dice is None:
        raise ToolError("--zombies", "name the swarm's zombies, or give its --attacker-dice")
    arch = _archetype(content, archetype)
    if defender_dice is None and arch is None and fight is None:
        raise ToolError("--defender-dice", "give the survivor's defence dice, their --fight, or an --archetype to "
                                           "take them from")
    wdef = _melee_weapon(content, arch, weapon)

    fights, parts = [], []
    lefts = []
    for z in zdefs:
        left = _wounds_left(z, wounds_taken) if z.fight_per_wound else z.wounds
        lefts.append(left)
        fights.append(zombie_fight(z.fight, z.fight_per_wound, left))
        parts.append((f"{z.name} ({z.fight_per_wound} per wound x {left} left)" if z.fight_per_wound else z.name,
                      fights[-1]))
    if zdefs and wounds_taken and not any(z.fight_per_wound for z in zdefs):
        raise ToolError("--wounds-taken", "in a swarm, wounds taken count for a Horde only, and none is named")
    used = sum(z.slots for z in zdefs)
    names = ", ".join(z.name for z in zdefs)
    if used > rules.engagement_slots:
        raise ToolError("--zombies", f"{names} fill {used} engagement slots; a survivor has only "
                                     f"{rules.engagement_slots}")
    if zdefs and slots is not None and slots != used:
        raise ToolError("--slots", f"{names} fill {used} engagement slot{'s' if used != 1 else ''}, not "
                                   f"{slots}: leave --slots out when the zombies are named")
    if zdefs and elite and not any(z.elite for z in zdefs):
        raise ToolError("--elite", f"none of {names} is a Brute or a Horde: leave --elite out when the "
                                   f"zombies are named")
    if attacker_dice is not None:
        raw = swarm_pool([attacker_dice], melee_cover)
        parts = [("dice", attacker_dice)]
    else:
        raw = swarm_pool(fights, melee_cover)
    if melee_cover:
        parts.append(("melee cover", raw - sum(n for _, n in parts)))
    swarm = Pool("the swarm" if len(zdefs) != 1 else zdefs[0].name, pool(raw), need, tuple(parts))

    if cap is not None:
        d_cap = Cap(cap, "--cap")
    elif zdefs:
        has_elite = any(z.elite for z in zdefs)
        value = swarm_cap(used, has_elite, rules.swarm_caps, rules.elite_cap)
        d_cap = Cap(value, "an elite in the swarm" if has_elite else f"{used} engagement slot{'s' if used > 1 else ''}"
                                                                     f" filled")
    elif slots is not None:
        value = swarm_cap(slots, elite, rules.swarm_caps, rules.elite_cap)
        d_cap = Cap(value, "an elite in the swarm" if elite else f"{slots} engagement slot{'s' if slots > 1 else ''}"
                                                                 f" filled")
    else:
        d_cap = None
        notes.append("no cap: name the --zombies, or give --slots or --cap")
    a_cap = Cap(sum(lefts), "wounds beyond the whole swarm are lost") if zdefs else None

    skill_name, skill_dice = _skill(content, arch, "melee_dice")
    if defender_dice is not None:
        d_raw, d_parts = defender_dice, (("dice", defender_dice),)
    else:
        bonus = wdef.melee_bonus if wdef else 0
        base = fight if fight is not None else arch.fight
        d_raw = melee_defence_pool(base, bonus, skill_dice)
        d_parts = (("Fight", base),) + (((wdef.name, bonus),) if bonus else ()) + \
            (((skill_name, skill_dice),) if skill_dice else ())
    survivor = Pool(arch.name if arch else "survivor", pool(d_raw), need, d_parts, survivor=True)
    ignored = _ignored(content, arch, notes)

    s_succ = success_dist(swarm.dice, need)
    d_succ = success_dist(survivor.dice, need)
    # the swarm is the attacker: MeleeResult(swarm hits, survivor hits)
    to_surv = combine(s_succ, d_succ, lambda a, d: _capped(MeleeResult(a, d).wounds_to_defender, d_cap))
    to_swarm = combine(s_succ, d_succ, lambda a, d: _capped(MeleeResult(a, d).wounds_to_attacker, a_cap))
    margin = combine(s_succ, d_succ, lambda a, d: MeleeResult(a, d).margin)
    outcome = {"win": margin.at_most(-1), "tie": margin[0], "loss": margin.at_least(1)}
    chances: dict[str, Fraction] = {}
    if arch is not None:
        chances[f"{arch.name} Downed (from full health)"] = to_surv.at_least(arch.wounds)
    if a_cap is not None:
        chances["whole swarm destroyed"] = to_swarm.at_least(a_cap.value)
    if len(zdefs) > 1:
        notes.append("the survivor's counterblows go one wound at a time to the zombie with the fewest wounds left")

    names = ", ".join(z.name for z in zdefs) if zdefs else f"a swarm of {attacker_dice} dice"
    title = f"Swarm: {names} attack{'s' if len(zdefs) == 1 else ''} {survivor.side}" + \
        (" (in a window or doorway)" if melee_cover else "")
    return Calculation("swarm", title, survivor.side, swarm, survivor, s_succ, d_succ, to_surv, to_swarm, d_cap,
                       a_cap, 0, _heat_dist(survivor.dice, need, 0, ignored), survivor.side, outcome, chances,
                       tuple(notes), ignored)


# --- ranged ----------------------------------------------------------------------------------------------------------

def _ranged_weapon(content: Content, arch: ArchetypeDef | None, weapon: str | None) -> WeaponDef | None:
    named = _weapon(content, weapon, ("firearm", "thrown"), "ranged fire")
    if named is not None or arch is None:
        return named
    carried = [content.weapons[w] for w in arch.weapons]
    for kind in ("firearm", "thrown"):
        for w in carried:
            if w.kind == kind:
                return w
    return None


def ranged_calc(content: Content, *, dice: int | None = None, archetype: str | None = None,
                weapon: str | None = None, cover: str = "none", aim: bool = False, hunker: bool = False,
                zombie: str | None = None, wounds_taken: int = 0, cap: int | None = None) -> Calculation:
    """A shot (firearm) or one model caught in a blast (thrown weapon). `dice` takes the place of the weapon's dice
    plus Shoot plus skill; Aim then adds its dice (more for a scoped weapon or the Marksman skill). The target number
    and the dice lost past 6+ come from `ranged_target`. `cap` limits the wounds dealt (default: the zombie's wounds
    left)."""
    rules, need0 = content.rules, content.rules.success
    if cover not in COVERS:
        raise ToolError("--cover", f"{cover!r} is not one of {', '.join(COVERS)}")
    check_dice(dice, "--dice")
    _count(cap, "--cap")
    notes: list[str] = []
    arch = _archetype(content, archetype)
    wdef = _ranged_weapon(content, arch, weapon)
    if dice is None and wdef is None:
        if arch is not None:
            raise ToolError("--weapon", f"the {arch.name} carries no firearm or thrown weapon; name one")
        raise ToolError("--dice", "give the dice, or a --weapon (and --archetype) to take them from")
    zdef = lookup(content.zombies, zombie, "--zombie", "zombie") if zombie else None
    thrown = wdef is not None and wdef.kind == "thrown"
    if aim and thrown:
        notes.append("Aim does nothing for thrown weapons")
    aimed = aim and not thrown

    tgt = ranged_target(cover, aimed, hunker, base=need0, light=rules.light_cover, heavy=rules.heavy_cover,
                        hunker=rules.hunker)
    parts: list[tuple[str, int]] = []
    if thrown:
        base = dice if dice is not None else wdef.dice
        raw = base
        parts.append(("dice" if dice is not None else f"{wdef.name} blast", base))
        notes.append("a blast rolls against every model in it separately; Shoot is not added")
    else:
        skill_name, skill_dice = _skill(content, arch, "shoot_dice")
        aim_name, aim_skill = _skill(content, arch, "aim_dice")
        scoped = bool(wdef and "scoped" in wdef.traits)
        if dice is not None:
            raw = ranged_pool(dice, 0, 0, aimed, aim_dice=rules.aim_dice, aim_skill=aim_skill, scoped=scoped)
            parts.append(("dice", dice))
        else:
            shoot = arch.shoot if arch else 0
            raw = ranged_pool(wdef.dice, shoot, skill_dice, aimed, aim_dice=rules.aim_dice, aim_skill=aim_skill,
                              scoped=scoped)
            parts.append((wdef.name, wdef.dice))
            if arch is not None:
                parts.append(("Shoot", shoot))
                if skill_dice:
                    parts.append((skill_name, skill_dice))
            else:
                notes.append("no Shoot added: give --archetype, or --dice for the whole pool")
        if aimed:
            parts.append(("Aim", rules.aim_dice))
            if scoped:
                parts.append(("scope", 1))
            if aim_skill:
                parts.append((aim_name, aim_skill))
    final = after_dice_lost(raw, tgt.dice_lost)
    if tgt.dice_lost:
        parts.append(("past 6+", final - raw))
        notes.append(f"the target number went {tgt.dice_lost} past 6+: one die fewer for each step")
    if aimed and cover == "light":
        notes.append("Aim ignores light cover")
    shooter_name = arch.name if arch else "shooter"
    shooter = Pool(shooter_name, final, tgt.need, tuple(parts), survivor=True, dice_lost=tgt.dice_lost)

    wounds_left = _wounds_left(zdef, wounds_taken) if zdef else None
    d_cap = _wounds_cap(cap, zdef, wounds_left)
    weapon_heat = wdef.heat if wdef else 0
    ignored = _ignored(content, arch, notes)

    joint = pool_joint(final, tgt.need, lambda faces: (successes(faces, tgt.need), 6 in faces))
    hits = Dist((h, p) for (h, _), p in joint.items())
    wounds = hits.map(lambda h: _capped(h, d_cap))
    chances: dict[str, Fraction] = {"at least one hit": hits.at_least(1)}
    target_name = zdef.name if zdef else "the target"
    if d_cap is not None and zdef is not None:
        chances[f"{zdef.name} destroyed"] = wounds.at_least(d_cap.value)
    if wdef is not None and "stun" in wdef.traits:
        if zdef is not None and "bulk" in zdef.specials:
            notes.append(f"the {zdef.name} cannot be stunned")
        else:
            chances[f"{target_name} stunned"] = sum(
                (p for (h, six), p in joint.items() if six and (d_cap is None or _capped(h, d_cap) < d_cap.value)),
                Fraction(0))

    cover_text = {"none": "in the open", "light": "in light cover", "heavy": "in heavy cover"}[cover]
    verb = "throws" if thrown else "fires"
    wname = f" {wdef.name}" if wdef else ""
    title = f"Ranged: {shooter_name}{(' ' + verb + wname) if wdef else ' shoots'}" + \
        (" (aimed)" if aimed else "") + f" at {target_name} {cover_text}" + (", hunkered down" if hunker else "")
    return Calculation("ranged", title, target_name, shooter, None, hits, None, wounds, Dist.point(0), d_cap, None,
                       weapon_heat, _heat_dist(final, tgt.need, weapon_heat, ignored), shooter_name, {}, chances,
                       tuple(notes), ignored)


def calculate(content: Content, attack: str, **options) -> Calculation:
    """One entry point for the three attack types."""
    fn = {"melee": melee_calc, "swarm": swarm_calc, "ranged": ranged_calc}.get(attack)
    if fn is None:
        raise ToolError("attack", f"unknown attack type {attack!r}; known: {', '.join(ATTACKS)}")
    return fn(content, **options)


# --- output ----------------------------------------------------------------------------------------------------------

def _pool_json(p: Pool | None) -> dict | None:
    if p is None:
        return None
    return {"side": p.side, "dice": p.dice, "need": p.need, "parts": [[label, n] for label, n in p.parts],
            "survivor": p.survivor, "dice_lost": p.dice_lost}


def to_json(calc: Calculation) -> dict:
    """Plain JSON: pools, caps and every distribution as {value: probability} (floats)."""
    dists = {"attacker_successes": calc.attacker_successes, "defender_successes": calc.defender_successes,
             "wounds_to_defender": calc.wounds_to_defender, "wounds_to_attacker": calc.wounds_to_attacker,
             "heat": calc.heat}
    return {
        "attack": calc.attack,
        "title": calc.title,
        "target": calc.target,
        "pools": {"attacker": _pool_json(calc.attacker), "defender": _pool_json(calc.defender)},
        "caps": {side: ({"value": cap.value, "reason": cap.reason} if cap else None)
                 for side, cap in (("defender", calc.defender_cap), ("attacker", calc.attacker_cap))},
        "weapon_heat": calc.weapon_heat,
        "distributions": {k: (as_json(d) if d is not None else None) for k, d in dists.items()},
        "expected": {k: float(v) for k, v in calc.expected().items()},
        "outcome": {k: float(v) for k, v in calc.outcome.items()},
        "chances": {k: float(v) for k, v in calc.chances.items()},
        "notes": list(calc.notes),
    }


def dist_table(columns: Sequence[tuple[str, str, Dist]], first: str = "result") -> list[str]:
    """Rows of probabilities, one column per distribution, one row per value, then the means."""
    low = min(d.low for _, _, d in columns)
    high = max(d.high for _, _, d in columns)
    widths = [max(9, len(h1) + 1, len(h2) + 1) for h1, h2, _ in columns]
    head1 = f"  {'':<6}" + "".join(f"{h1:>{w}}" for (h1, _, _), w in zip(columns, widths, strict=True))
    head2 = f"  {first:<6}" + "".join(f"{h2:>{w}}" for (_, h2, _), w in zip(columns, widths, strict=True))
    lines = [head1, head2]
    for v in range(low, high + 1):
        cells = [f"{pct(d[v]) if v in d else '-':>{w}}" for (_, _, d), w in zip(columns, widths, strict=True)]
        lines.append(f"  {v:<6}" + "".join(cells))
    lines.append(f"  {'mean':<6}" + "".join(f"{float(d.mean()):>{w}.2f}"
                                           for (_, _, d), w in zip(columns, widths, strict=True)))
    return lines


def render(calc: Calculation) -> str:
    """A readable text table for the terminal."""
    lines = [calc.title]
    pools = [calc.attacker] + ([calc.defender] if calc.defender else [])
    width = max(len(p.side) for p in pools)
    for p in pools:
        lines.append(f"  {p.side:<{width}}  {p.describe()}")
    target = calc.target
    attacker = calc.attacker.side
    if calc.defender_cap:
        lines.append(f"  Wounds to {target} capped at {calc.defender_cap.value}: {calc.defender_cap.reason}")
    if calc.attacker_cap:
        lines.append(f"  Wounds to {attacker} capped at {calc.attacker_cap.value}: {calc.attacker_cap.reason}")
    heat = f"{calc.weapon_heat} from the weapon + " if calc.weapon_heat else ""
    lines.append(f"  Heat: {heat}1 per natural 1 rolled by {calc.heat_from}")
    for note in calc.notes:
        lines.append(f"  Note: {note}")
    lines.append("")
    if calc.outcome:
        survivor = calc.defender.side if calc.attack == "swarm" else attacker
        lines.append(f"  {survivor} wins {pct(calc.outcome['win'])}   tie {pct(calc.outcome['tie'])}   "
                     f"{survivor} loses {pct(calc.outcome['loss'])}")
    if calc.chances:
        lines.append("  " + "   ".join(f"{k}: {pct(v)}" for k, v in calc.chances.items()))
    lines.append("")
    columns = [(attacker[:14], "successes", calc.attacker_successes)]
    if calc.defender is not None:
        columns.append((calc.defender.side[:14], "successes", calc.defender_successes))
    columns.append(("wounds to", target[:14], calc.wounds_to_defender))
    if calc.defender is not None:
        columns.append(("wounds to", attacker[:14], calc.wounds_to_attacker))
    columns.append(("", "Heat", calc.heat))
    lines += dist_table(columns)
    return "\n".join(lines)
