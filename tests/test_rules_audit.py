"""The rules the audit of issue #10 found the engine bending, each checked against the rulebook with dice we control.

Test names give the rulebook section first.
"""
import pytest

from game.ai.director_policy import DirectorAI
from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world import actions as A
from game.world import purchases as P
from game.world.session import Impossible
from tests.arena import Inventory, Status, Zombie, arena, at, cell, director_until, open_board


# --- 5.0 Movement & engagement --------------------------------------------------------------------------------------
def test_5_0_entering_contact_with_a_zombie_busy_with_someone_else_still_engages():
    s = arena(open_board((5, "...dzd..")), team=["doctor", "paramedic"], faces=[6])
    doctor, medic = s.survivors()
    z = at(s, 4, 5)
    assert s.comp(z, Zombie).engaged == doctor         # its attacks go to the doctor ...
    assert s.is_engaged(medic)                          # ... yet the medic touches it: she is engaged too
    s.submit(A.Activate(medic))
    with pytest.raises(Impossible, match="engaged"):
        s.submit(A.Move(medic, cell(s, 9, 5)))
    s.submit(A.Disengage(medic, cell(s, 7, 5)))        # leaving costs a Parting Swipe: the 6 wounds her
    swipe = [e for e in s.events if e.kind == "roll" and e.data["purpose"].startswith("parting swipes")][-1]
    assert swipe.data["dice"] == 1 and swipe.data["need"] == 5
    assert s.comp(medic, A.Health).wounds == s.comp(medic, A.Health).max_wounds - 1


def test_5_0_disengage_and_drag_reach_half_the_move_in_half_inches():
    # Move 5: half is 2.5", so one straight step and one diagonal (1" + 1.5") are in reach; 2" would not allow it.
    s = arena(open_board((5, "...zd...")), team=["doctor"], faces=[1])
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    assert s.swipes(s.contact_zombies(who)) == 1
    s.submit(A.Disengage(who, cell(s, 6, 4)))
    assert s.cell(who) == cell(s, 6, 4)


def test_5_0_drag_reaches_two_and_a_half_inches_for_move_5():
    s = arena(open_board((4, ".....="), (5, "...dd...")), team=["doctor", "paramedic"])    # a fence: cover
    doctor, medic = s.survivors()
    s.wound_survivor(doctor, 9, "test")
    s.submit(A.Activate(medic))
    s.submit(A.Drag(medic, doctor, cell(s, 6, 6)))     # 1" east then a 1.5" diagonal: 2.5"
    assert s.cell(medic) == cell(s, 6, 6) and s.cell(doctor) == cell(s, 5, 5)


def test_5_0_barricades_are_difficult_ground_not_walls():
    s = arena(open_board((5, "...dX.......")), team=["firefighter"])     # Move 4, a concrete barricade east of her
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    reach = A.reachable(s, who, A.move_budget(s, who))
    assert reach[cell(s, 4, 5)][0] == 4                 # 1" of barricade costs 2"
    assert cell(s, 6, 5) in reach and cell(s, 7, 5) not in reach     # 2 + 1 + 1 = 4", not 5"


def test_5_0_one_backpack_gives_four_slots_and_a_second_adds_nothing():
    s = arena(open_board((5, "...d....")), team=["doctor"])
    who = s.survivors()[0]
    inv = s.comp(who, Inventory)
    inv.gear.append(s._new_gear("backpack", ""))
    assert s.capacity(who) == s.rules.inventory + 1 == 4
    inv.gear.append(s._new_gear("backpack", ""))
    assert s.capacity(who) == 4


# --- 6.0 / 7.0 The Horde tray ---------------------------------------------------------------------------------------
def test_6_0_7_0_a_horde_tray_and_a_shambler_never_put_four_figures_on_one_survivor():
    s = arena(open_board((5, "...zd...")), team=["doctor"], ambient_heat=0, faces=[1] * 12)
    who = s.survivors()[0]
    horde = s.place_zombie("horde", cell(s, 5, 5), "test")
    shambler = at(s, 3, 5)
    assert s.engagers(who) == [shambler] and not s.room_for(who, horde)
    director_until(s, "swarm")
    attack = next(e for e in s.events if e.kind == "attack" and "zombies" in e.data)
    assert attack.data["zombies"] == [shambler]          # the tray has no room to attack her


# --- 6.0 Step 3 purchases -------------------------------------------------------------------------------------------
def test_6_0_special_infected_spawn_at_any_active_point_major_included():
    s = arena(open_board((1, "d..............."), (14, "M...............")), ambient_heat=0)
    P.Spawn("hunter", cell(s, 0, 14)).check(s)            # no error: a major point is an active spawn point


class Declines:
    """A Director that never wants to buy anything."""

    def choose(self, s, left):
        return None


def test_6_0_all_heat_must_be_spent_while_a_purchase_fits():
    s = arena(open_board((1, "d..............."), (14, "S...............")), ambient_heat=6, policy=Declines())
    director_until(s, "reset")
    assert s.heat_spent == 6                             # a special (4) and a Shambler (2)
    assert not any("unspent" in e.text for e in s.events)


def test_6_0_all_heat_is_spent_even_when_every_survivor_is_downed():
    s = arena(open_board((1, "d..............."), (14, "S...............")), ambient_heat=4, policy=DirectorAI(),
              faces=[6] * 10)
    s.wound_survivor(s.survivors()[0], 9, "test")
    director_until(s, "reset")
    assert s.heat_spent == 4


def test_6_0_heat_that_nothing_can_buy_is_lost():
    s = arena(open_board((1, "d...............")), ambient_heat=3, policy=Declines(), events=())   # nothing to buy
    director_until(s, "reset")
    assert s.heat_spent == 0 and any("unspent" in e.text for e in s.events)


# --- 6.0 Step 4 activation ------------------------------------------------------------------------------------------
def test_6_0_a_zombie_in_sight_moves_its_full_move_round_a_zombie_on_its_spot():
    s = arena(open_board((1, "d..............."), (2, "..........z.....")), ambient_heat=0)
    target = s.survivors()[0]
    runner = at(s, 10, 2)
    blocker = s.place_zombie("shambler", cell(s, 7, 1), "test")    # stands where a straight 4" ends
    s.comp(blocker, Status).stunned = True
    director_until(s, "reset")
    # 4" (8 half inches) from (10, 2): the best free cell is 7.5" from the survivor, not the 8" a step back gives
    assert s.dist(s.cell(runner), s.cell(target)) <= 7.5


def test_6_0_lunges_are_checked_against_the_board_as_each_is_bought():
    """Every lunge bought because "it lands on X and attacks this phase" ends in base contact, seen right after."""
    content = load_content()
    seen = {"checked": 0, "missed": 0, "upto": 0}

    def after_step(s):
        events, start = s.events, seen["upto"]
        seen["upto"] = len(events)
        for i in range(start, len(events)):
            e = events[i]
            if e.kind != "purchase" or "attacks this phase" not in e.data.get("reason", ""):
                continue
            seen["checked"] += 1
            move = next((m for m in events[i + 1:] if m.kind in ("move", "purchase")), None)
            z = move.data["who"] if move is not None and move.kind == "move" else None
            if z is None or not any(s.board.in_contact(s.cell(z), s.cell(sv)) for sv in s.survivors()):
                seen["missed"] += 1

    for scenario in ("pharmacy_run", "dead_air"):
        for seed in range(10):
            seen["upto"] = 0
            play_game(content, scenario, seed, make_player("veteran", seed), after_step=after_step,
                      rounds=8).close()
    assert seen["checked"] > 5 and seen["missed"] == 0


# --- 7.0 Melee cover ------------------------------------------------------------------------------------------------
def test_7_0_standing_on_a_barricade_is_a_defensible_position():
    s = arena(open_board((5, "...zX..d")), team=["doctor"], ambient_heat=0, faces=[1] * 12)
    who = s.survivors()[0]
    s.move_model(who, [cell(s, 4, 5)])
    assert s.board.is_defensible(cell(s, 4, 5))
    director_until(s, "swarm")
    swarm_roll = next(e for e in s.events if e.kind == "roll" and e.data["who"] is None
                      and e.data["purpose"].startswith("the "))
    assert swarm_roll.data["dice"] == 1                 # a Shambler's 2 dice, less 1 for the defensible position


# --- 10.0 Specials --------------------------------------------------------------------------------------------------
def test_10_0_the_shriek_calls_zombies_that_can_see_a_survivor_too():
    s = arena(open_board((1, "d..............."), (12, "..........z.....")), ambient_heat=0)
    shambler = at(s, 10, 12)
    assert s.can_see(s.cell(shambler), s.cell(s.survivors()[0]))
    screamer = s.place_zombie("screamer", cell(s, 14, 14), "test")
    director_until(s, "reset")
    assert s.dist(s.cell(shambler), s.cell(screamer)) < s.dist(cell(s, 10, 12), cell(s, 14, 14))


def test_10_0_shriek_heat_lands_next_round_once_however_many_scream():
    s = arena(open_board((1, "d..............."), (14, "S...............")), ambient_heat=0)
    s.place_zombie("screamer", cell(s, 10, 10), "test")
    s.place_zombie("screamer", cell(s, 12, 10), "test")
    director_until(s, "round")
    assert s.heat == 3                                   # not 6: the carried Heat cannot snowball


def test_10_0_the_bloater_burst_reaches_through_walls():
    s = arena(open_board((5, "....d#........")), team=["doctor"], faces=[1, 1, 1, 1])
    who = s.survivors()[0]
    bloater = s.place_zombie("bloater", cell(s, 6, 5), "test")      # behind the wall, 2" away
    assert not s.can_see(s.cell(who), s.cell(bloater))
    s.wound_zombie(bloater, 9, "test")
    assert s.comp(who, A.Health).wounds == s.comp(who, A.Health).max_wounds - 2
