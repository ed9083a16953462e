"""Melee, swarms, ranged fire, cover and Heat, each against the rulebook with scripted dice."""
import pytest

from game.rules.combat import ranged_target, swarm_cap
from game.world import actions as A
from game.world.horde import swarm_attack
from game.world.session import Impossible
from tests.arena import Health, Inventory, Status, arena, at, cell

OPEN = ["." * 14 for _ in range(14)]


def board(*rows_with_marks):
    rows = list(OPEN)
    for y, row in rows_with_marks:
        rows[y] = row
    return rows


def go(s, who=None):
    who = who if who is not None else s.survivors()[0]
    s.submit(A.Activate(who))
    return who


def weapon_uid(s, who, gear_id):
    return next(g.uid for g in s.comp(who, Inventory).gear if g.gear_id == gear_id)


# --- melee ---------------------------------------------------------------------------------------------------------
def test_melee_attacker_pool_is_fight_plus_weapon_and_margin_wounds_the_defender():
    # Paramedic: Fight 2 + knife 1 = 3 dice; a Shambler defends with Fight 2.
    s = arena(board((5, "....dz........")), team=["paramedic"], faces=[6, 5, 4, 1, 2])
    who = go(s)
    z = at(s, 5, 5)
    s.submit(A.Melee(who, z))
    rolls = [e for e in s.events if e.kind == "roll"]
    assert len(rolls[-2].data["faces"]) == 3 and len(rolls[-1].data["faces"]) == 2
    assert not s.is_zombie(z)             # 3 successes against 0: destroyed


def test_melee_defender_with_more_successes_wounds_the_attacker():
    s = arena(board((5, "....dz........")), team=["paramedic"], faces=[2, 2, 3, 5, 6])
    who = go(s)
    s.submit(A.Melee(who, at(s, 5, 5)))
    assert s.comp(who, Health).wounds == 1    # margin 2 against the paramedic's 3 wounds


def test_melee_tie_locks_weapons_and_no_one_is_hurt():
    s = arena(board((5, "....dz........")), team=["paramedic"], faces=[4, 2, 2, 5, 3])
    who = go(s)
    z = at(s, 5, 5)
    s.submit(A.Melee(who, z))
    assert s.comp(who, Health).wounds == 3 and s.is_zombie(z)
    assert s.withdraw_from == (who, z)       # a tie still lets the attacker step back


def test_withdrawal_step_back_after_a_melee_not_lost():
    s = arena(board((5, "....dz........")), team=["paramedic"], faces=[4, 2, 2, 5, 3])
    who = go(s)
    z = at(s, 5, 5)
    s.submit(A.Melee(who, z))
    with pytest.raises(Impossible):
        s.submit(A.Withdraw(who, cell(s, 4, 4)))     # still in contact with the foe (diagonal)
    s.submit(A.Withdraw(who, cell(s, 3, 5)))
    assert not s.is_engaged(who)
    assert s.comp(who, A.Turn).ap == 2                # the step back is free


def test_no_withdrawal_after_losing_a_melee():
    s = arena(board((5, "....dz........")), team=["firefighter"], faces=[1] * 6 + [5, 6])
    who = go(s)
    s.submit(A.Melee(who, at(s, 5, 5)))
    with pytest.raises(Impossible, match="did not lose"):
        s.submit(A.Withdraw(who, cell(s, 3, 5)))


def test_melee_cover_defender_in_a_doorway_costs_the_attacker_one_die():
    s = arena(board((4, "....##########"), (5, "....d/........"), (6, "....##########")), team=["paramedic"],
              faces=[2, 2, 2, 2])
    who = go(s)
    z = s.place_zombie("shambler", cell(s, 5, 5), "test")
    s.submit(A.Melee(who, z))
    rolls = [e for e in s.events if e.kind == "roll"]
    assert len(rolls[-2].data["faces"]) == 2     # 3 dice less 1 for the doorway


def test_noisy_melee_weapons_make_one_heat_quiet_ones_none():
    s = arena(board((5, "....dz........")), team=["security_guard"], faces=[2, 2, 2, 2, 2, 2])
    who = go(s)
    s.submit(A.Melee(who, at(s, 5, 5)))        # baseball bat
    assert s.heat == 1
    q = arena(board((5, "....dz........")), team=["paramedic"], faces=[2, 2, 2, 2, 2])
    qwho = go(q)
    q.submit(A.Melee(qwho, at(q, 5, 5)))        # knife
    assert q.heat == 0


def test_stun_trait_on_a_six_stuns_the_target():
    s = arena(board((5, "....d.........")), team=["security_guard"], faces=[6, 4, 2, 2, 2, 2, 2, 2])
    who = go(s)
    brute = s.place_zombie("brute", cell(s, 5, 5), "test")
    s.submit(A.Melee(who, brute))
    assert not s.comp(brute, Status).stunned          # Unstoppable Bulk: immune
    screamer = s.place_zombie("screamer", cell(s, 3, 5), "test")
    s.dice.push(6, 2, 2, 2, 2)          # one success against none: one wound, and it was a six
    s.submit(A.Melee(who, screamer))
    assert s.comp(screamer, Status).stunned


# --- swarms --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("slots,elite,cap", [(1, False, 1), (2, False, 2), (3, False, 3), (1, True, 3),
                                             (2, True, 3), (3, True, 3)])
def test_swarm_damage_caps_table(slots, elite, cap):
    assert swarm_cap(slots, elite, (0, 1, 2, 3), 3) == cap


def test_swarm_pool_combines_every_engaged_zombie():
    s = arena(board((4, "...zzz........"), (5, "....d.........")), team=["paramedic"],
              faces=[6] * 6 + [1, 1, 1])
    who = s.survivors()[0]
    engagers = s.engagers(who)
    swarm_attack(s, who, engagers)
    rolls = [e for e in s.events if e.kind == "roll"]
    assert len(rolls[-2].data["faces"]) == 6       # 3 Shamblers x Fight 2
    assert s.comp(who, Status).downed              # 6 successes, capped at 3 wounds: exactly 3


@pytest.mark.parametrize("n,cap", [(1, 1), (2, 2), (3, 3)])
def test_shambler_swarm_damage_is_capped_by_its_size(n, cap):
    row = "." * 3 + "z" * n + "." * (11 - n)
    s = arena(board((4, row), (5, "....d.........")), team=["firefighter"], faces=[6] * (2 * n) + [1] * 6)
    who = s.survivors()[0]
    swarm_attack(s, who, s.engagers(who))
    assert s.comp(who, Health).wounds == 4 - cap


def test_elite_swarm_is_capped_at_three():
    s = arena(board((5, "....d.........")), team=["firefighter"], faces=[6] * 4 + [1] * 6)
    who = s.survivors()[0]
    s.place_zombie("brute", cell(s, 5, 5), "test")
    swarm_attack(s, who, s.engagers(who))
    assert s.comp(who, Health).wounds == 1


def test_survivor_out_rolling_a_swarm_wounds_the_weakest_engager_first():
    s = arena(board((5, "....d.........")), team=["firefighter"], faces=[1] * 6 + [6, 6, 1, 1, 1, 1])
    who = s.survivors()[0]
    brute = s.place_zombie("brute", cell(s, 5, 5), "test")
    shambler = s.place_zombie("shambler", cell(s, 3, 5), "test")
    swarm_attack(s, who, s.engagers(who))   # 6 dice against the firefighter's 3 + axe
    assert not s.is_zombie(shambler)                # margin 2: the Shambler falls first
    assert s.comp(brute, Health).wounds == 3


def test_horde_fight_falls_with_its_wounds():
    s = arena(board((5, "....d.........")), team=["firefighter"])
    horde = s.place_zombie("horde", cell(s, 5, 5), "test")
    assert s.fight_of(horde) == 6
    s.wound_zombie(horde, 1, "test")
    assert s.fight_of(horde) == 4
    s.wound_zombie(horde, 1, "test")
    assert s.fight_of(horde) == 2


# --- ranged --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cover,aimed,hunker,need,lost", [
    ("none", False, False, 4, 0), ("light", False, False, 5, 0), ("heavy", False, False, 6, 0),
    ("light", True, False, 4, 0), ("heavy", True, False, 6, 0), ("none", False, True, 5, 0),
    ("light", False, True, 6, 0), ("heavy", False, True, 6, 1), ("light", True, True, 5, 0)])
def test_ranged_target_numbers_with_cover_aim_and_hunker_down(cover, aimed, hunker, need, lost):
    result = ranged_target(cover, aimed, hunker)
    assert (result.need, result.dice_lost) == (need, lost)


def test_ranged_pool_is_weapon_dice_plus_shoot_and_each_hit_wounds():
    # Officer: pistol 2 + Shoot 2 + Gunslinger 1 = 5 dice at 4+.
    s = arena(board((5, "....d......z..")), team=["police_officer"], faces=[4, 6, 3, 2, 2])
    who = go(s)
    z = at(s, 11, 5)
    s.submit(A.Shoot(who, z, weapon_uid(s, who, "pistol")))
    rolls = [e for e in s.events if e.kind == "roll"]
    assert len(rolls[-1].data["faces"]) == 5
    assert not s.is_zombie(z)
    assert s.heat == 2          # the pistol's own Heat


def test_aim_adds_a_die_and_ignores_light_cover():
    s = arena(board((5, "....d.....=z..")), team=["police_officer"], faces=[2] * 6)
    who = go(s)
    dice, need, cover = A.shot_odds_inputs(s, who, at(s, 11, 5), weapon_uid(s, who, "pistol"))
    assert (dice, need, cover) == (5, 5, "light")
    s.submit(A.Aim(who))
    dice, need, cover = A.shot_odds_inputs(s, who, at(s, 11, 5), weapon_uid(s, who, "pistol"))
    assert (dice, need) == (6, 4)


def test_heavy_cover_next_to_the_target_makes_it_six_plus():
    s = arena(board((5, "....d.....Hz..")), team=["police_officer"])
    who = go(s)
    _, need, cover = A.shot_odds_inputs(s, who, at(s, 11, 5), weapon_uid(s, who, "pistol"))
    assert (need, cover) == (6, "heavy")


def test_cover_far_from_the_target_does_not_count():
    s = arena(board((5, "....d=.....z..")), team=["police_officer"])
    who = go(s)
    _, need, cover = A.shot_odds_inputs(s, who, at(s, 11, 5), weapon_uid(s, who, "pistol"))
    assert (need, cover) == (4, "none")


def test_walls_block_line_of_sight_and_out_of_range_is_refused():
    s = arena(board((4, ".......#......"), (5, "....d..#...z.."), (6, ".......#......")), team=["police_officer"])
    who = go(s)
    with pytest.raises(Impossible, match="line of sight"):
        s.submit(A.Shoot(who, at(s, 11, 5), weapon_uid(s, who, "pistol")))
    far = arena(["d" + "." * 13] + ["." * 14] * 12 + ["." * 13 + "z"], team=["police_officer"])
    fwho = go(far)
    with pytest.raises(Impossible, match="out of range"):     # 13 + 6.5 = 19.5" > 12"
        far.submit(A.Shoot(fwho, at(far, 13, 13), weapon_uid(far, fwho, "pistol")))


def test_every_natural_one_adds_a_complication_heat():
    s = arena(board((5, "....d......z..")), team=["police_officer"], faces=[1, 1, 3, 2, 2])
    who = go(s)
    s.submit(A.Shoot(who, at(s, 11, 5), weapon_uid(s, who, "pistol")))
    assert s.heat == 2 + 2


def test_empty_firearm_must_reload_and_reload_spends_a_token():
    s = arena(board((5, "....d......z..")), team=["police_officer"], faces=[2] * 40)
    who = go(s)
    uid = weapon_uid(s, who, "pistol")
    gear = next(g for g in s.comp(who, Inventory).gear if g.uid == uid)
    gear.ammo = 0
    with pytest.raises(Impossible, match="Reload"):
        s.submit(A.Shoot(who, at(s, 11, 5), uid))
    s.submit(A.Reload(who, uid))
    assert gear.ammo == 6 and s.comp(who, Inventory).reloads == 1


def test_engaged_survivor_may_only_shoot_zombies_in_contact():
    s = arena(board((5, "...zd......z..")), team=["police_officer"], faces=[2] * 10)
    who = go(s)
    with pytest.raises(Impossible, match="in contact with you"):
        s.submit(A.Shoot(who, at(s, 11, 5), weapon_uid(s, who, "pistol")))
    s.submit(A.Shoot(who, at(s, 3, 5), weapon_uid(s, who, "pistol")))


def test_hunker_down_needs_cover_and_worsens_incoming_fire():
    s = arena(board((5, "....d.........")), team=["paramedic"])
    who = go(s)
    with pytest.raises(Impossible, match="cover"):
        s.submit(A.HunkerDown(who))
    t = arena(board((5, "....d=........")), team=["paramedic"])
    twho = go(t)
    t.submit(A.HunkerDown(twho))
    assert t.comp(twho, Status).hunkered


# --- thrown --------------------------------------------------------------------------------------------------------
def test_molotov_sets_everyone_in_the_blast_on_fire_and_makes_three_heat():
    s = arena(board((5, "....d.....zz..")), team=["cook"], faces=[2] * 10)
    who = go(s)
    s.submit(A.Throw(who, cell(s, 10, 5), weapon_uid(s, who, "molotov")))
    assert s.heat == 3
    assert all(s.comp(z, Status).burning for z in s.zombies())
    assert not any(g.gear_id == "molotov" for g in s.comp(who, Inventory).gear)


def test_burning_model_takes_a_wound_then_may_put_it_out():
    s = arena(board((5, "....dd........")), team=["firefighter", "paramedic"], faces=[6])
    _, other = s.survivors()
    s.comp(other, Status).burning = True
    s.submit(A.Activate(other))
    assert s.comp(other, Health).wounds == 2 and not s.comp(other, Status).burning
