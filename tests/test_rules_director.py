"""The Director Phase step by step: frenzy, ambient Heat, escalation, purchases, activation, reset, End Phase."""
import pytest

from game.world import actions as A
from game.world import horde, systems
from game.world import purchases as D
from game.world.session import Impossible
from tests.arena import Health, Status, Zombie, arena, at, cell, director_until, open_board


class Shopping:
    """A policy that buys a fixed list, for testing each purchase directly (then declines, as a test device)."""
    may_decline = True

    def __init__(self, *purchases):
        self.queue = list(purchases)

    def choose(self, s, left):
        return (self.queue.pop(0), "test") if self.queue else None


# --- Heat and escalation -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("heat,need", [(0, None), (7, None), (8, 5), (9, 5), (10, 4), (11, 4), (12, 3),
                                       (13, 3), (14, 3), (15, 0)])
def test_escalation_table(heat, need):
    from game.content.loader import load_content
    from game.rules.heat import escalation_need
    assert escalation_need(heat, load_content().rules.escalation) == need


@pytest.mark.parametrize("heat,face,advances", [(6, 6, False), (8, 4, False), (8, 5, True), (10, 3, False),
                                                (10, 4, True), (12, 2, False), (12, 3, True), (15, 1, True)])
def test_escalation_roll_advances_doom(heat, face, advances):
    s = arena(open_board((1, "d..............."), (2, "S..............."), (3, "M...............")),
              ambient_heat=0, faces=[face])
    s.add_heat(heat, None, "test")
    director_until(s, "escalation")
    assert s.doom == (2 if advances else 1)


def test_heat_never_passes_fifteen():
    s = arena(open_board((1, "d...............")))
    s.add_heat(12, None, "test")
    s.add_heat(9, None, "test")
    assert s.heat == 15


def test_ambient_heat_is_added_at_the_start_of_the_director_phase():
    s = arena(open_board((1, "d...............")), ambient_heat=3)
    director_until(s, "ambient")
    assert s.heat == 3


def test_heat_resets_to_zero_and_unspent_heat_is_lost():
    s = arena(open_board((1, "d...............")), ambient_heat=3)
    director_until(s, "reset")
    assert s.heat == 0
    assert any("unspent is lost" in e.text for e in s.events)


# --- purchases -----------------------------------------------------------------------------------------------------
def test_spawn_shambler_at_a_spawn_point_costs_two():
    s = arena(open_board((1, "d..............."), (14, "...............S")), ambient_heat=3)
    s.policy = Shopping(D.Spawn("shambler", cell(s, 15, 14)))
    director_until(s, "purchase")
    assert s.heat_spent == 2
    assert s.comp(at(s, 15, 14), Zombie).kind == "shambler"


def test_spawn_point_held_by_a_survivor_is_inactive():
    s = arena(open_board((13, "..............d."), (14, "...............S")), ambient_heat=3)
    assert cell(s, 15, 14) not in D.spawn_points(s, "any")
    with pytest.raises(Impossible):
        D.Spawn("shambler", cell(s, 15, 14)).check(s)


def test_special_infected_cost_four_at_a_minor_spawn_and_majors_five_at_a_major_one():
    s = arena(open_board((1, "d..............."), (14, "S.............M.")), ambient_heat=0)
    s.add_heat(9, None, "test")
    s.policy = Shopping(D.Spawn("screamer", cell(s, 0, 14)), D.Spawn("brute", cell(s, 14, 14)))
    s.dice = type(s.dice)([1])    # escalation roll at 9 Heat fails
    director_until(s, "activation-not-a-step")
    kinds = sorted(e.data["kind"] for e in s.events if e.kind == "spawn")
    assert kinds == ["brute", "screamer"]
    with pytest.raises(Impossible):
        D.Spawn("brute", cell(s, 0, 14)).check(s)       # a Brute needs a major spawn point


def test_reanimate_needs_a_shambler_removed_this_round():
    s = arena(open_board((1, "d..............."), (14, "S...............")), ambient_heat=3)
    with pytest.raises(Impossible):
        D.Reanimate(cell(s, 0, 14)).check(s)
    z = s.place_zombie("shambler", cell(s, 8, 8), "test")
    s.wound_zombie(z, 1, "test")
    assert s.removed_shamblers == 1
    s.policy = Shopping(D.Reanimate(cell(s, 0, 14)))
    director_until(s, "purchase")
    assert s.heat_spent == 3 and s.removed_shamblers == 0
    assert s.comp(at(s, 0, 14), Zombie).kind == "shambler"


def test_sudden_lunge_moves_a_shambler_three_inches_toward_a_visible_survivor():
    s = arena(open_board((1, "d..............."), (14, "S...............")), ambient_heat=1)
    z = s.place_zombie("shambler", cell(s, 8, 1), "test")
    s.policy = Shopping(D.Lunge(z))
    director_until(s, "purchase")
    assert s.cell(z) == cell(s, 5, 1)


def test_scenario_event_purchase_applies_its_effects():
    s = arena(open_board((1, "d..............."), (14, "S...............")), ambient_heat=5,
              events=("security_alarm",))
    cost = s.content.events["security_alarm"].cost
    s.policy = Shopping(D.BuyEvent("security_alarm"))
    director_until(s, "purchase")
    assert s.heat_spent == cost
    assert any(e.kind == "event" for e in s.events)


def test_a_purchase_the_director_cannot_afford_is_refused():
    s = arena(open_board((1, "d..............."), (14, "S.............M.")), ambient_heat=2)
    s.policy = Shopping(D.Spawn("brute", cell(s, 14, 14)))
    with pytest.raises(Impossible, match="costs 5"):
        director_until(s, "purchase")


# --- activation hierarchy --------------------------------------------------------------------------------------------
def test_engaged_zombies_attack_as_one_swarm():
    s = arena(open_board((1, "..zz............"), (2, "..d.............")), team=["firefighter"], ambient_heat=0,
              faces=[2, 2, 2, 2, 6, 6, 6, 6, 6, 6])
    director_until(s, "swarm")
    swarm = [e for e in s.events if e.kind == "attack" and "swarm" in e.text]
    assert len(swarm) == 1 and len(swarm[0].data["zombies"]) == 2


def test_zombies_in_sight_move_their_full_move_toward_the_nearest_survivor():
    s = arena(open_board((1, "d..............."), (12, "d..............."), (1, "d..........z....")),
              team=["firefighter", "paramedic"], ambient_heat=0)
    z = at(s, 11, 1)
    director_until(s, "zombie")
    assert s.cell(z) == cell(s, 7, 1)        # 4" along the row toward the survivor at (0, 1)


def test_a_zombie_in_sight_off_the_diagonal_still_walks_its_full_move():
    """6.0 Step 4: the full Move toward the survivor in sight. From (6, 7), 10" from the survivor, two diagonals
    (3") leave an inch that a third diagonal (1.5") does not fit, but a straight step does: all 4" are walked, and
    it ends 6" from the survivor."""
    s = arena(open_board((0, "d"), (7, "......z")), ambient_heat=0)
    survivor, z = s.survivors()[0], at(s, 6, 7)
    assert s.dist(s.cell(z), s.cell(survivor)) == 10.0
    director_until(s, "zombie")
    assert s.dist(cell(s, 6, 7), s.cell(z)) == 4.0
    assert s.dist(s.cell(z), s.cell(survivor)) == 6.0


def test_a_zombie_in_sight_closes_in_when_every_cell_by_the_survivor_is_taken():
    """The survivor stands in a gap in a wall with a Shambler on either side (two of three places taken); a third,
    in sight 5" down the gap, still closes in as far as the ground lets it: next to the one in its way."""
    rows = open_board((4, ".......z"), (5, "#######d########"), (6, ".......z"), (11, ".......z"))
    s = arena(rows, ambient_heat=0, faces=[1] * 12)
    third = at(s, 7, 11)
    assert not horde.goal_cells(s, third, s.cell(s.survivors()[0]), False)     # no free cell in contact
    director_until(s, "reset")
    assert s.cell(third) == cell(s, 7, 7)


def test_zombie_stops_in_base_contact_and_engages():
    s = arena(open_board((1, "d....z..........")), ambient_heat=0)
    z = at(s, 5, 1)
    director_until(s, "zombie")
    assert s.cell(z) == cell(s, 1, 1)
    assert s.comp(z, Zombie).engaged == s.survivors()[0]


def test_zombie_without_sight_heads_for_the_loudest_noise():
    rows = open_board((7, "################"), (1, "d..............."), (12, ".......z........"))
    s = arena(rows, ambient_heat=0)
    z = at(s, 7, 12)
    s.add_heat(2, cell(s, 14, 12), "a gunshot")
    s.add_heat(1, cell(s, 0, 12), "a clatter")
    director_until(s, "zombie")
    assert s.cell(z) == cell(s, 11, 12)


def test_fourth_zombie_seeks_another_target():
    rows = open_board((4, "...zzz.........."), (5, "...zd..........."), (5, "...zd........d.."))
    s = arena(rows, team=["firefighter", "paramedic"], ambient_heat=0, faces=[1] * 40)
    first, second = s.survivors()
    spare = [z for z in s.zombies() if s.comp(z, Zombie).engaged is None]
    assert len(spare) == 1
    goal = horde.zombie_goal(s, spare[0])
    assert goal.target == second and s.name(second) in goal.why


def test_zombies_do_not_attack_a_downed_survivor_again():
    s = arena(open_board((1, "..z............."), (2, "..d.............")), team=["firefighter"], ambient_heat=0,
              faces=[6, 2, 2] * 2)     # the bleed-out save, then the frenzy check
    s.wound_survivor(s.survivors()[0], 4, "test")
    director_until(s, "reset")
    assert not any(e.kind == "attack" for e in s.events)


def test_stunned_zombie_loses_its_next_activation():
    s = arena(open_board((1, "d..........z....")), ambient_heat=0)
    z = at(s, 11, 1)
    s.comp(z, Status).stunned = True
    director_until(s, "reset")
    assert s.cell(z) == cell(s, 11, 1) and not s.comp(z, Status).stunned


# --- specials ----------------------------------------------------------------------------------------------
def test_screamer_shriek_adds_three_heat_next_round_and_calls_zombies():
    rows = open_board((7, "######.#########"), (1, "d..............."), (12, "..............z."))
    s = arena(rows, ambient_heat=0)
    screamer = s.place_zombie("screamer", cell(s, 6, 9), "test")
    shambler = at(s, 14, 12)
    director_until(s, "round")
    assert s.heat == 3                 # carried into the new round
    assert s.dist(s.cell(shambler), cell(s, 6, 9)) < s.dist(cell(s, 14, 12), cell(s, 6, 9))
    assert screamer in s.zombies()


def test_brute_smashes_through_closed_and_barricaded_doors():
    rows = open_board((7, "#######+########"), (1, "d..............."))
    s = arena(rows, ambient_heat=0)
    s.board.set_barricade(cell(s, 7, 7), True)
    brute = s.place_zombie("brute", cell(s, 7, 10), "test")
    shambler = s.place_zombie("shambler", cell(s, 3, 10), "test")
    s.add_heat(2, cell(s, 0, 1), "a gunshot beyond the wall")
    director_until(s, "round")
    assert s.board.door_open[cell(s, 7, 7)]
    assert s.board.xy(s.cell(brute))[1] < 7
    assert s.board.xy(s.cell(shambler))[1] > 7     # a barricade stops a Shambler


def test_hunter_ambush_leap_moves_three_more_and_attacks_on_contact():
    rows = ["....#..........." for _ in range(10)] + ["." * 16 for _ in range(6)]
    rows[7] = "....#..d........"
    s = arena(rows, ambient_heat=0, team=["paramedic"], faces=[6, 6, 6, 1, 1, 1])
    who = s.survivors()[0]
    hunter = s.place_zombie("hunter", cell(s, 3, 8), "test")     # behind the wall, in cover, unseen
    s.add_heat(1, s.cell(who), "a creak")
    assert systems.ambush_ready(s, hunter)
    director_until(s, "zombie")
    assert s.board.in_contact(s.cell(hunter), s.cell(who))      # 6.5" of path: only with the leap
    assert s.comp(who, Health).wounds == 2                        # free attack, one zombie: capped at 1


def test_bloater_explosive_demise_forces_guts_tests_and_makes_heat():
    s = arena(open_board((5, "....dd........")), team=["paramedic", "doctor"], faces=[6, 6, 2, 1, 1, 1])
    bloater = s.place_zombie("bloater", cell(s, 6, 5), "test")
    s.comp(bloater, Health).wounds = 1
    medic, doctor = s.survivors()
    s.wound_zombie(bloater, 1, "test")
    assert s.heat >= 3
    assert s.comp(medic, Health).wounds == 3      # 6,6,2: passed
    assert s.comp(doctor, Health).wounds == 1     # 1,1: failed, 2 wounds


# --- Downed, frenzy and the end phase ---------------------------------------------------------------------
def test_downed_survivor_drops_objectives_and_cannot_act():
    s = arena(open_board((5, "....dd........")), team=["paramedic", "doctor"])
    medic, doctor = s.survivors()
    crate = s._new_gear("supply_crate", "objective")
    s.comp(medic, A.Inventory).gear.append(crate)
    s.wound_survivor(medic, 3, "test")
    assert crate in s.ground[s.cell(medic)]
    with pytest.raises(Impossible):
        s.submit(A.Activate(medic)) if False else A.Move(medic, cell(s, 3, 5)).check(s)


def test_bleed_out_save_at_the_downed_survivors_activation():
    s = arena(open_board((5, "....dd........")), team=["paramedic", "doctor"], faces=[1, 2, 3])
    medic, _ = s.survivors()
    s.wound_survivor(medic, 3, "test")
    s.submit(A.Activate(medic))
    assert s.comp(medic, Status).eliminated


def test_feeding_frenzy_lethality_drops_by_disruption_hits():
    s = arena(open_board((5, "....d........."), (9, "..d...........")), team=["paramedic", "police_officer"],
              ambient_heat=0, faces=[6, 2, 2, 2, 2])
    medic, officer = s.survivors()
    horde = s.place_zombie("horde", cell(s, 5, 5), "test")
    s.wound_survivor(medic, 3, "test")
    assert s.slots_used(medic) == 3                  # a Horde tray is three figures
    s.submit(A.Activate(officer))
    uid = next(g.uid for g in s.comp(officer, A.Inventory).gear if g.gear_id == "pistol")
    s.submit(A.Shoot(officer, horde, uid))           # one hit: the Horde keeps 2 wounds
    assert s.disruption[medic] == 1
    s.dice.push(6, 2, 2, 6, 6, 2)                     # bleed-out save, then the frenzy check
    director_until(s, "frenzy")
    frenzy = next(e for e in s.events if e.kind == "frenzy")
    assert frenzy.data["lethality"] == 2             # 3 slots - 1 disruption hit
    assert not s.comp(medic, Status).eliminated      # two successes are enough


def test_feeding_frenzy_without_disruption_can_devour():
    s = arena(open_board((5, "...zdz........"), (9, "..d...........")), team=["paramedic", "police_officer"],
              ambient_heat=0, faces=[6, 2, 2, 6, 2, 2])
    medic, _ = s.survivors()
    s.wound_survivor(medic, 3, "test")
    director_until(s, "frenzy")
    assert s.comp(medic, Status).eliminated     # lethality 2, only one success


def test_end_phase_advances_doom_and_fires_doom_events_and_the_finale():
    s = arena(open_board((1, "d..............."), (14, "S...............")), ambient_heat=0, doom_length=3,
              doom_events={2: "sirens"}, finale="reinforcements")
    director_until(s, "round")
    assert s.doom == 2 and s.ambient_bonus == s.content.events["sirens"].effects[0].amount
    director_until(s, "doom")
    assert s.doom == 3 and s.last_round == 3
    assert any(e.kind == "spawn" and "Reinforcements" in e.text or e.kind == "event" and "Finale" in e.text
               for e in s.events)
    s.run_director()
    assert s.result is None and s.round == 3
    director_until(s, "round")
    assert s.result == ("director", "doom")


def test_more_than_half_the_team_lost_ends_the_game():
    s = arena(open_board((5, "....ddd......."), (9, "..............")), team=["paramedic", "doctor", "cook"])
    a, b, _ = s.survivors()
    s.wound_survivor(a, 9, "test")
    s.eliminate(a, "test")
    assert s.result is None
    s.eliminate(b, "test")
    assert s.result == ("director", "casualties")


def test_extraction_quota_reached_wins():
    rows = open_board((5, "....de........"))
    s = arena(rows, team=["paramedic"])
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    s.submit(A.Move(who, cell(s, 5, 5)))
    s.submit(A.Escape(who))
    assert s.result == ("survivors", "extraction")


def test_an_event_is_on_the_menu_once_a_phase_for_every_buyer():
    """Our reading of 'trigger a hazard': one bought this phase is off the menu (the seat, the AI and the engine's
    last resort alike), and back on it next round."""
    from game.world.purchases import BuyEvent, legal_purchases
    from tests.arena import arena, open_board
    s = arena(open_board((5, "...d....")), events=("blackout",))
    try:
        s.heat = 12
        assert BuyEvent("blackout") in legal_purchases(s, 12)
        BuyEvent("blackout").check(s)
        BuyEvent("blackout").apply(s)
        assert BuyEvent("blackout") not in legal_purchases(s, 8)
        with pytest.raises(Impossible, match="already bought this phase"):
            BuyEvent("blackout").check(s)
        s.start_round()
        assert BuyEvent("blackout") in legal_purchases(s, 12)
    finally:
        s.close()
