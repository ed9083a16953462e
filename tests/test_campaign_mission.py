"""Into a scenario and back (docs/RULES.md, "The campaign"): the band's own survivors on the table, each Stressful
Event applied by the engine in the next scenario, the city's Doom, the turned; horror checks as real Guts tests with
scripted dice (and none in an ordinary game); the exact blow; what the campaign reads back."""
import pytest

from game.campaign import mission as M
from game.campaign import rules as R
from game.campaign.state import Carried, Scar
from game.rules.dice import ScriptedDice
from game.world import actions as A
from game.world.components import Health, Inventory, Survivor, Turn
from game.world.horror import HorrorRule, HorrorWatch, install, run_checks
from game.world.phase_report import step_sentence
from game.world.session import Impossible
from tests.arena import arena, cell, open_board
from tests.campaign_fixtures import campaign_content, new_camp  # noqa: F401  (content, camp)

RULES = {"ally_devoured": HorrorRule(2, 3), "witnessed_death": HorrorRule(1, 2), "feeding_frenzy": HorrorRule(1, 1),
         "first_sight": HorrorRule(1, 2), "phobia": HorrorRule(2, 1)}


def out_on(camp, content, scenario="pharmacy_run"):
    M.start_mission(camp, content, scenario)
    s = M.open_mission(camp, content)
    seats = dict(zip(camp.mission.team, s.survivors(on_board=False), strict=False))
    return s, seats


def horror_lines(s):
    return [e for e in s.events if e.kind == "horror"]


# --- the band on the table -----------------------------------------------------------------------------------------

def test_the_bands_survivors_play_with_their_names_changed_stats_wounds_and_carried_cards(content, camp):
    a, b = camp.alive()[0], camp.alive()[1]
    a.scars.append(Scar("hobbled"))
    a.pending.append("shaken")
    a.gear.append(Carried("shotgun", 1))
    a.wounds = 2
    b.pending.append("panic")
    b.gear.append(Carried("crowbar"))
    s, seats = out_on(camp, content)
    arch = content.archetypes[a.archetype]
    sa = s.comp(seats[a.id], Survivor)
    assert (sa.name, sa.move, sa.guts, sa.shoot) == (a.name, arch.move - 1, arch.guts - 1, max(0, arch.shoot - 1))
    assert s.comp(seats[a.id], Health).wounds == 2
    shotgun = [g for g in s.comp(seats[a.id], Inventory).gear if g.gear_id == "shotgun"]
    assert len(shotgun) == 1 and shotgun[0].ammo == 1 and shotgun[0].free_for is None
    carried = [g.gear_id for g in s.comp(seats[b.id], Inventory).gear]
    assert "crowbar" not in carried and all(w in carried for w in content.archetypes[b.archetype].weapons)
    s.close()


def test_frozen_loses_the_first_round(content, camp):
    m = camp.alive()[0]
    m.pending.append("frozen")
    s, seats = out_on(camp, content)
    assert s.comp(seats[m.id], Turn).activated
    with pytest.raises(Impossible):
        s.submit(A.Activate(seats[m.id]))
    s.close()


def test_lashing_out_wounds_the_nearest_friend_but_never_downs_them(content, camp):
    m = camp.alive()[0]
    m.pending.append("lashing_out")
    s, seats = out_on(camp, content)
    hits = [e for e in s.events if e.kind == "wound" and "lashing out" in e.text]
    assert len(hits) == 1 and hits[0].data["who"] != seats[m.id]
    health = s.comp(hits[0].data["who"], Health)
    assert health.wounds == health.max_wounds - 1
    s.close()


def test_a_phobia_and_steeled_nerves_go_into_the_next_scenario(content, camp):
    a, b = camp.alive()[0], camp.alive()[1]
    a.phobia = "hunter"
    b.pending.append("steeled")
    s, seats = out_on(camp, content)
    assert s.horror.phobias == {seats[a.id]: "hunter"}
    assert s.comp(seats[b.id], Survivor).guts == content.archetypes[b.archetype].guts + 1
    s.close()


def test_the_citys_doom_starts_a_mission_hotter_and_further_on(content, camp):
    camp.city_doom = 4
    s, _ = out_on(camp, content)
    assert any(e.kind == "heat" and "the city is restless" in e.text and e.data["amount"] == 2 for e in s.events)
    assert s.doom == 2
    s.close()


def test_a_survivor_who_turned_comes_back_for_the_band(content, camp):
    camp.turned = [["Zed", "shambler"]]
    s, _ = out_on(camp, content)
    assert any(e.kind == "spawn" and "Zed, who turned" in e.text for e in s.events)
    s.close()


# --- horror checks -------------------------------------------------------------------------------------------------

def watched(rows, faces, team=("doctor", "police_officer")):
    s = arena(rows, team=list(team), faces=list(faces))
    install(s, HorrorWatch(RULES, ("brute",)))
    return s


def test_an_ordinary_game_rolls_no_horror_checks(content):
    s = arena(open_board((2, "dd"), (5, "z")), team=["doctor", "police_officer"], faces=[])
    assert s.horror is None and list(run_checks(s)) == []
    s, _ = out_on(R.new_campaign(content, "T", 1), content)
    assert s.horror is not None
    s.close()


def test_the_first_brute_in_sight_is_a_horror_check_once(content):
    s = watched(open_board((2, "dd")), [1, 2, 6, 6])
    s.place_zombie("brute", cell(s, 6, 8), "test")
    list(run_checks(s))
    checks = horror_lines(s)
    assert [(e.data["who"], e.data["stress"]) for e in checks] == [(s.survivors()[0], 2), (s.survivors()[1], 0)]
    list(run_checks(s))
    assert len(horror_lines(s)) == 2
    assert step_sentence(s, "horror", s.events).startswith("Horror check: ")      # what the board's banner says


def test_seeing_an_ally_devoured_needs_two_successes(content):
    s = watched(open_board((2, "dd.d")), [4, 4, 4, 1], team=("doctor", "police_officer", "soldier"))
    victim = s.survivors()[2]
    s.eliminate(victim, "devoured by the horde")
    list(run_checks(s))
    assert [(e.data["trigger"], e.data["stress"]) for e in horror_lines(s)] == [("ally_devoured", 0),
                                                                               ("ally_devoured", 3)]


def test_a_death_out_of_sight_is_no_horror(content):
    rows = open_board((2, "dd"), (4, "##########"), (5, "...d"))
    s = watched(rows, [], team=("doctor", "police_officer", "soldier"))
    s.eliminate(s.survivors()[2], "bled out")
    assert list(run_checks(s)) == [] and not horror_lines(s)


def test_a_phobia_checks_every_time_its_kind_is_in_sight(content):
    s = watched(open_board((2, "d"), (6, "z")), [4, 1, 4, 4], team=("doctor",))
    s.horror.phobias[s.survivors()[0]] = "shambler"
    list(run_checks(s))
    list(run_checks(s))
    assert [(e.data["trigger"], e.data["stress"]) for e in horror_lines(s)] == [("phobia", 1), ("phobia", 0)]


# --- the exact blow and what comes home ----------------------------------------------------------------------------

def test_only_a_blow_that_takes_the_last_wound_exactly_is_exact(content):
    s = arena(open_board((2, "dd")), team=["doctor", "police_officer"], faces=[])
    a, b = s.survivors()
    s.wound_survivor(a, 1, "test")
    s.wound_survivor(a, 2, "test")
    s.wound_survivor(b, 5, "test")
    assert [e.data["exact"] for e in s.events if e.kind == "wound"] == [False, True, False]


def test_the_band_reads_back_deaths_scars_injuries_gear_and_supplies(content, camp):
    s, seats = out_on(camp, content)
    a, b, c = camp.alive()[:3]
    s.wound_survivor(seats[a.id], s.comp(seats[a.id], Health).wounds - 1, "a first blow")
    s.wound_survivor(seats[a.id], 1, "a last blow")                                          # exact: a scar
    s.wound_survivor(seats[c.id], 9, "a crushing blow")                                     # overkill: none
    s.eliminate(seats[b.id], "bled out")
    s.finish("survivors", "objective")
    day, supplies = camp.day, camp.supplies
    out = M.finish_mission(camp, content, s, ScriptedDice([3, 6, 6]))    # a's scar, a's and c's bite checks
    assert not b.alive and b.fate == "bled out"
    assert [sc.id for sc in a.scars] == ["hobbled"] and not c.scars
    assert "injured" in a.conditions and "injured" in c.conditions and "infected" not in a.conditions
    assert out.won and camp.missions_won == 1 and camp.supplies == supplies + 4 and camp.watch == 2
    assert camp.day == day and camp.mission is None
    s.close()


def test_a_lost_mission_leaves_the_downed_behind(content, camp):
    s, seats = out_on(camp, content)
    a = camp.alive()[0]
    s.wound_survivor(seats[a.id], 9, "test")
    s.finish("director", "doom")
    M.finish_mission(camp, content, s, ScriptedDice([]))
    assert not a.alive and "left behind" in a.fate and camp.missions_won == 0
    s.close()


def test_a_bitten_survivor_may_come_home_infected(content, camp):
    s, seats = out_on(camp, content)
    a = camp.alive()[0]
    s.wound_survivor(seats[a.id], 9, "test")
    s.revive(seats[a.id], 1)
    s.finish("survivors", "objective")
    M.finish_mission(camp, content, s, ScriptedDice([2]))
    assert "infected" in a.conditions and "injured" not in a.conditions
    s.close()


def test_horror_stress_is_carried_home_and_can_break_a_survivor(content, camp):
    s, seats = out_on(camp, content)
    a = camp.alive()[0]
    a.stress = 1
    s.emit("horror", "test", who=seats[a.id], trigger="ally_devoured", stress=3)
    s.finish("survivors", "objective")
    M.finish_mission(camp, content, s, ScriptedDice([4]))
    assert a.pending == ["frozen"] and a.stress == 1          # 1 + 3 reaches the point (4); 1 is left after
    s.close()
