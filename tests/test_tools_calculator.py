"""The combat calculator: exact odds checked by hand, and against 20,000 real engine attacks per case."""
import math
import random
from fractions import Fraction
from math import comb

import pytest

from game.content.loader import load_content
from game.rules.dice import Dice
from game.tools.calculator import melee_calc, ranged_calc, render, swarm_calc, to_json
from game.tools.common import ToolError
from game.tools.distributions import Dist, binomial, face_classes, ones_dist, pool_rolls, success_dist
from game.world import actions as A
from game.world.horde import swarm_attack
from tests.arena import Health, Inventory, Status, Turn, arena, at, cell

C = load_content()
F = Fraction
N = 20_000


# --- distributions -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("need", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("dice", [1, 2, 5, 9])
def test_pool_enumeration_is_exact(dice, need):
    rolls = list(pool_rolls(dice, need))
    assert sum(p for _, p in rolls) == 1
    assert success_dist(dice, need) == binomial(dice, F(7 - need, 6))
    assert ones_dist(dice, need) == binomial(dice, F(1, 6))
    assert sum(p for _, p in face_classes(need)) == 1


def test_a_pool_is_never_smaller_than_one_die():
    assert success_dist(0, 4) == binomial(1, F(1, 2))


def test_dist_basics():
    d = Dist({0: F(1, 4), 1: F(1, 2), 2: F(1, 4), 3: 0})
    assert list(d) == [0, 1, 2] and 3 not in d and d[3] == 0
    assert d.mean() == 1 and d.at_least(1) == F(3, 4) and d.at_most(0) == F(1, 4)
    assert d.map(lambda v: min(v, 1)) == Dist({0: F(1, 4), 1: F(3, 4)})


# --- hand-computed cases -------------------------------------------------------------------------------------------
def test_three_dice_against_light_cover_hit_on_5_plus():
    calc = ranged_calc(C, dice=3, cover="light")
    assert calc.attacker.dice == 3 and calc.attacker.need == 5
    for k in range(4):
        assert calc.attacker_successes[k] == comb(3, k) * F(1, 3) ** k * F(2, 3) ** (3 - k)


def test_aim_ignores_light_cover_and_adds_a_die():
    calc = ranged_calc(C, dice=3, cover="light", aim=True)
    assert (calc.attacker.dice, calc.attacker.need) == (4, 4)


def test_heavy_cover_and_hunkered_loses_a_die_past_six():
    calc = ranged_calc(C, dice=3, cover="heavy", hunker=True)
    assert (calc.attacker.dice, calc.attacker.need, calc.attacker.dice_lost) == (2, 6, 1)
    assert calc.attacker_successes == binomial(2, F(1, 6))


def test_one_die_each_in_melee():
    calc = melee_calc(C, attacker_dice=1, defender_dice=1)
    assert calc.outcome == {"win": F(1, 4), "tie": F(1, 2), "loss": F(1, 4)}
    assert calc.wounds_to_defender == Dist({0: F(3, 4), 1: F(1, 4)})
    assert calc.heat == Dist({0: F(5, 6), 1: F(1, 6)})


def test_melee_tie_probability_two_against_two():
    calc = melee_calc(C, attacker_dice=2, defender_dice=2)
    # both sides 0, 1 or 2 successes with 1/4, 1/2, 1/4
    assert calc.outcome["tie"] == F(1, 16) + F(1, 4) + F(1, 16)
    assert calc.outcome["win"] == calc.outcome["loss"] == F(5, 16)


def test_heat_is_weapon_heat_plus_binomial_ones():
    calc = ranged_calc(C, archetype="soldier", weapon="smg")
    n = calc.attacker.dice
    assert n == 4 + 3                         # SMG 4 + Shoot 3
    assert calc.heat == binomial(n, F(1, 6)).map(lambda k: 3 + k)
    assert calc.expected()["heat"] == 3 + F(n, 6)


def test_steady_hands_lets_one_natural_one_pass():
    calc = melee_calc(C, archetype="security_guard", zombie="shambler")   # bat: Heat 1
    n = calc.attacker.dice
    assert calc.heat == binomial(n, F(1, 6)).map(lambda k: 1 + max(0, k - 1))


def test_swarm_of_three_shamblers_is_capped_at_three_and_brute_swarm_by_the_elite_cap():
    three = swarm_calc(C, zombies="shambler,shambler,shambler", defender_dice=1)
    assert three.attacker.dice == 6 and three.defender_cap.value == 3
    assert three.wounds_to_defender.high == 3
    one = swarm_calc(C, zombies="shambler", defender_dice=1)
    assert one.defender_cap.value == 1
    assert one.wounds_to_defender == Dist({0: 1 - one.wounds_to_defender[1], 1: one.wounds_to_defender[1]})
    # a lone Shambler (2 dice) against 1 die: it wounds whenever its margin is positive, but only once
    win = sum(F(comb(2, a), 4) * F(1, 2) for a in range(3) for d in range(2) if a > d)
    assert one.wounds_to_defender[1] == win
    brute = swarm_calc(C, zombies="brute", defender_dice=1)
    assert brute.defender_cap.value == 3 and brute.wounds_to_defender.high == 3


def test_generic_swarm_cap_from_slots_and_elite():
    assert swarm_calc(C, attacker_dice=4, slots=2, defender_dice=2).defender_cap.value == 2
    assert swarm_calc(C, attacker_dice=4, slots=1, elite=True, defender_dice=2).defender_cap.value == 3


def test_horde_fight_falls_with_wounds_taken_and_melee_cover_takes_one_die():
    calc = swarm_calc(C, zombies="horde", archetype="courier", wounds_taken=1, melee_cover=True)
    assert calc.attacker.dice == 2 * 2 - 1
    assert calc.defender.dice == 2 + 1                     # courier: Fight 2 + knife
    assert calc.attacker_cap.value == 2                     # wounds left in the swarm


def test_melee_pool_from_archetype_and_zombie():
    calc = melee_calc(C, archetype="cook", zombie="brute")
    assert calc.attacker.dice == 3 + 1 + 1                  # Fight 3 + knife 1 + Brawler 1
    assert calc.defender.dice == 4 and calc.defender_cap.value == 4
    horde = melee_calc(C, archetype="firefighter", zombie="horde", wounds_taken=2, melee_cover=True)
    assert horde.defender.dice == 2 and horde.attacker.dice == 3 + 3 - 1
    assert horde.wounds_to_defender.high == 1               # one wound left


def test_ranged_pool_hunter_aimed_scoped_marksman():
    calc = ranged_calc(C, archetype="hunter", aim=True, cover="light")
    assert calc.attacker.dice == 2 + 3 + 1 + 1 + 1 and calc.attacker.need == 4


def test_thrown_weapon_rolls_its_own_dice_and_ignores_aim():
    calc = ranged_calc(C, archetype="cook", weapon="molotov", aim=True)
    assert calc.attacker.dice == 2 and calc.weapon_heat == 3
    assert any("Aim does nothing" in n for n in calc.notes)


def test_stun_chance_for_the_shotgun_against_a_brute_is_not_offered():
    calc = ranged_calc(C, archetype="prepper", zombie="brute")
    assert not any("stunned" in k for k in calc.chances)
    calc = ranged_calc(C, archetype="prepper", zombie="bloater")
    n = calc.attacker.dice
    # stunned: a natural 6 and the Bloater (3 wounds) survives, i.e. at most 2 hits, at least one of them a 6
    want = sum(comb(n, h) * F(1, 2) ** n * (1 - F(2, 3) ** h) for h in range(1, 3))
    assert calc.chances["Bloater stunned"] == want


def test_render_and_json_are_plain():
    calc = melee_calc(C, archetype="firefighter", zombie="brute")
    text = render(calc)
    assert "Firefighter" in text and "Brute" in text and "mean" in text
    data = to_json(calc)
    assert data["pools"]["attacker"]["dice"] == 6
    assert math.isclose(sum(data["distributions"]["wounds_to_defender"].values()), 1.0)


@pytest.mark.parametrize(("call", "flag"), [
    (lambda: melee_calc(C, archetype="wizard", zombie="brute"), "--archetype"),
    (lambda: melee_calc(C, archetype="firefighter", zombie="dragon"), "--zombie"),
    (lambda: melee_calc(C, archetype="firefighter", weapon="pistol", zombie="brute"), "--weapon"),
    (lambda: melee_calc(C, zombie="brute"), "--attacker-dice"),
    (lambda: swarm_calc(C, zombies="horde,brute,shambler", defender_dice=2), "--zombies"),
    (lambda: swarm_calc(C, zombies="shambler", defender_dice=2, wounds_taken=1), "--wounds-taken"),
    (lambda: ranged_calc(C, archetype="doctor"), "--weapon"),
    (lambda: ranged_calc(C, dice=3, zombie="horde", wounds_taken=3), "--wounds-taken"),
    (lambda: swarm_calc(C, zombies="shambler,shambler", slots=5, defender_dice=2), "--slots"),
    (lambda: swarm_calc(C, zombies="shambler,shambler", slots=3, defender_dice=2), "--slots"),
    (lambda: swarm_calc(C, attacker_dice=4, slots=0, defender_dice=2), "--slots"),
    (lambda: swarm_calc(C, zombies="shambler", elite=True, defender_dice=2), "--elite"),
    (lambda: melee_calc(C, fight=2, attacker_dice=3, zombie="brute"), "--fight"),
    (lambda: swarm_calc(C, zombies="shambler", fight=2, defender_dice=3), "--fight"),
    (lambda: melee_calc(C, fight=99, zombie="brute"), "--fight"),
])
def test_bad_inputs_name_their_flag(call, flag):
    with pytest.raises(ToolError) as err:
        call()
    assert err.value.flag == flag


def test_unknown_id_lists_the_known_ones():
    with pytest.raises(ToolError, match="known: shambler, horde, brute"):
        melee_calc(C, attacker_dice=2, zombie="shambeler")


# --- agreement with the engine -------------------------------------------------------------------------------------
def assert_agrees(counts: dict, dist: Dist, n: int, what: str) -> None:
    """Every value's frequency within 4 standard errors of the exact probability (and nothing impossible seen)."""
    for value in set(counts) | set(dist):
        p = float(dist[value])
        freq = counts.get(value, 0) / n
        tolerance = 4 * math.sqrt(max(p * (1 - p), 1 / n) / n)
        assert abs(freq - p) <= tolerance, f"{what}: P({value}) = {p:.4f}, engine {freq:.4f} over {n}"


def tally(values) -> dict:
    out: dict = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def live_dice(s, seed):
    s.dice = Dice(random.Random(seed))


OPEN = ["." * 12 for _ in range(12)]


def test_engine_melee_agrees_firefighter_against_brute():
    s = arena([*OPEN[:5], "....d.......", *OPEN[6:]], team=["firefighter"])
    live_dice(s, 11)
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    spot = cell(s, 5, 5)
    brute = s.place_zombie("brute", spot, "test")
    calc = melee_calc(C, archetype="firefighter", zombie="brute")
    to_def, to_att, heat = [], [], []
    for i in range(N):
        if not s.is_zombie(brute):
            brute = s.place_zombie("brute", spot, "test")
        s.comp(brute, Health).wounds = 4
        s.comp(who, Health).wounds = 4
        s.comp(who, Status).downed = False
        s.active, s.comp(who, Turn).ap, s.heat = who, 3, 0
        s.submit(A.Melee(who, brute))
        to_def.append(4 - (s.comp(brute, Health).wounds if s.is_zombie(brute) else 0))
        to_att.append(4 - s.comp(who, Health).wounds)
        heat.append(s.heat)
        if i % 500 == 0:
            s.events.clear()
    assert_agrees(tally(to_def), calc.wounds_to_defender, N, "wounds to the Brute")
    assert_agrees(tally(to_att), calc.wounds_to_attacker, N, "wounds to the Firefighter")
    assert_agrees(tally(heat), calc.heat, N, "Heat")


def test_engine_melee_agrees_watchman_bat_against_a_shambler_in_a_window():
    rows = [*OPEN[:5], "....dW......", *OPEN[6:]]
    s = arena(rows, team=["security_guard"])
    live_dice(s, 12)
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    # the Shambler is given wounds to spare, so every stun shows: the calculator is told the same with --cap
    calc = melee_calc(C, archetype="security_guard", zombie="shambler", melee_cover=True, cap=99)
    assert calc.attacker.dice == 2 + 2 - 1
    z = s.place_zombie("shambler", cell(s, 5, 5), "test")
    to_def, heat, stunned = [], [], 0
    for i in range(N):
        s.comp(z, Status).stunned = False
        s.comp(z, Health).wounds = 99
        s.comp(who, Health).wounds = 3
        s.comp(who, Status).downed = False
        s.active, s.comp(who, Turn).ap, s.heat = who, 3, 0
        s.submit(A.Melee(who, z))
        to_def.append(99 - s.comp(z, Health).wounds)
        stunned += s.comp(z, Status).stunned
        heat.append(s.heat)
        if i % 500 == 0:
            s.events.clear()
    assert_agrees(tally(to_def), calc.wounds_to_defender, N, "wounds to the Shambler")
    assert_agrees(tally(heat), calc.heat, N, "Heat with Steady Hands")
    p = calc.chances["Shambler stunned"]
    assert p > 0
    assert_agrees({1: stunned, 0: N - stunned}, Dist({1: p, 0: 1 - p}), N, "stunned")
    # the real Shambler has one wound: it never survives a winning blow, so it is never left stunned
    assert melee_calc(C, archetype="security_guard", zombie="shambler").chances["Shambler stunned"] == 0


@pytest.mark.parametrize(("team", "aim", "zombie", "taken", "deep"), [
    ("police_officer", False, "brute", 0, False),   # 5 dice on 5+ behind the fence, the Brute's 4 wounds cap it
    ("hunter", True, "horde", 1, False),            # aimed: 8 dice on 4+, the Horde has 2 wounds left
    ("hunter", True, "brute", 0, True),             # the same shot at a Brute with wounds to spare: every hit
])
def test_engine_shots_agree(team, aim, zombie, taken, deep):
    rows = [*OPEN[:5], ".d.....=z...", *OPEN[6:]]
    s = arena(rows, team=[team])
    live_dice(s, 13)
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    spot = cell(s, 8, 5)
    z = at(s, 8, 5)
    s.kill_zombie(z)
    z = s.place_zombie(zombie, spot, "test")
    gun = next(g for g in s.comp(who, Inventory).gear if C.weapons[g.gear_id].kind == "firearm")
    calc = ranged_calc(C, archetype=team, weapon=gun.gear_id, cover="light", aim=aim, zombie=zombie,
                       wounds_taken=taken)
    left = 99 if deep else C.zombies[zombie].wounds - taken
    assert A.shot_odds_inputs(s, who, z, gun.uid)[2] == "light"
    wounds, heat = [], []
    for i in range(N if not (aim and not deep) else N // 4):
        if not s.is_zombie(z):
            z = s.place_zombie(zombie, spot, "test")
        s.comp(z, Health).wounds = left
        s.comp(z, Status).stunned = False
        s.active, s.comp(who, Turn).ap, s.heat = who, 3, 0
        gun.ammo = 6
        if aim:
            s.submit(A.Aim(who))
        s.submit(A.Shoot(who, z, gun.uid))
        wounds.append(left - (s.comp(z, Health).wounds if s.is_zombie(z) else 0))
        heat.append(s.heat)
        if i % 500 == 0:
            s.events.clear()
    n = len(wounds)
    assert_agrees(tally(wounds), calc.attacker_successes if deep else calc.wounds_to_defender, n, "wounds")
    assert_agrees(tally(heat), calc.heat, n, "Heat of the shot")


@pytest.mark.parametrize(("rows", "swarm", "team", "taken", "doorway"), [
    ([*OPEN[:4], "....z.......", "...zdz......", *OPEN[6:]], ("shambler", "shambler", "brute"), "paramedic", 0,
     False),
    ([*OPEN[:4], "###z########", "###/########", "###z########", *OPEN[7:]], ("horde",), "courier", 1,
     True),
])
def test_engine_swarm_attacks_agree(rows, swarm, team, taken, doorway):
    if doorway:
        rows = [r.replace("z", ".") for r in rows]
        rows[3] = "...d........"
    s = arena(rows, team=[team])
    live_dice(s, 14)
    who = s.survivors()[0]
    for z in s.zombies():
        s.kill_zombie(z)
    if doorway:
        s.move_model(who, [cell(s, 3, 5)])
        spots = [cell(s, 3, 4), cell(s, 3, 6)][:len(swarm)]
    else:
        spots = [cell(s, 3, 5), cell(s, 5, 5), cell(s, 4, 4)]
    wounds = C.rules and [C.zombies[k].wounds - (taken if C.zombies[k].fight_per_wound else 0) for k in swarm]
    zs = [s.place_zombie(k, c, "test") for k, c in zip(swarm, spots, strict=True)]
    calc = swarm_calc(C, zombies=",".join(swarm), archetype=team, wounds_taken=taken, melee_cover=doorway)
    full = C.archetypes[team].wounds
    to_surv, to_swarm, heat = [], [], []
    for i in range(N):
        for j, (k, c) in enumerate(zip(swarm, spots, strict=True)):
            if not s.is_zombie(zs[j]):
                zs[j] = s.place_zombie(k, c, "test")
            s.comp(zs[j], Health).wounds = wounds[j]
        s.comp(who, Health).wounds = full
        s.comp(who, Status).downed = False
        s.heat = 0
        swarm_attack(s, who, list(zs))
        to_surv.append(full - s.comp(who, Health).wounds)
        to_swarm.append(sum(w - (s.comp(z, Health).wounds if s.is_zombie(z) else 0) for z, w in zip(zs, wounds,
                                                                                                      strict=True)))
        heat.append(s.heat)
        if i % 500 == 0:
            s.events.clear()
    # the survivor can lose no more than their wounds: compare with the cap folded in
    assert_agrees(tally(to_surv), calc.wounds_to_defender.map(lambda w: min(w, full)), N, "wounds to the survivor")
    assert_agrees(tally(to_swarm), calc.wounds_to_attacker, N, "wounds to the swarm")
    assert_agrees(tally(heat), calc.heat, N, "Heat of the defence")


def test_fight_adds_the_weapons_bonus_and_raw_dice_do_not():
    """--fight is the stat: Fire Axe +3 goes on top. --attacker-dice is the whole pool: the axe adds only its
    Heat, and a note says so."""
    with_fight = melee_calc(C, fight=2, weapon="fire_axe", zombie="shambler")
    assert with_fight.attacker.dice == 5 and ("Fire Axe", 3) in with_fight.attacker.parts
    assert with_fight.weapon_heat == 1
    raw = melee_calc(C, attacker_dice=2, weapon="fire_axe", zombie="shambler")
    assert raw.attacker.dice == 2 and raw.weapon_heat == 1
    assert any("not added" in n and "--fight" in n for n in raw.notes)
    swarm = swarm_calc(C, zombies="shambler", fight=1, weapon="fire_axe")
    assert swarm.defender.dice == 4


def test_slots_agreeing_with_the_named_zombies_are_accepted():
    calc = swarm_calc(C, zombies="shambler,shambler", slots=2, defender_dice=2)
    assert calc.defender_cap.value == swarm_calc(C, zombies="shambler,shambler", defender_dice=2).defender_cap.value
