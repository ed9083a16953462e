"""Scenario rules of our own (docs/RULES.md, section 12): a load that slows its carrier (Cold Chain's vaccine case),
and a night (Night Shift) where nobody sees far and every sound carries. Dice we control, boards we draw."""
from pathlib import Path

import pytest

from game.content.loader import REPO_ROOT, load_content, validate_paths
from game.world import actions as A
from game.world import horde
from game.world.components import Inventory, Status
from game.world.session import Impossible, Session
from tests.arena import arena, at, cell, director_until, open_board

CASE = "vaccine_case"


def go(s, who=None):
    who = who if who is not None else s.survivors()[0]
    s.submit(A.Activate(who))
    return who


def give(s, who, item=CASE):
    gear = s._new_gear(item, "objective")
    s.comp(who, Inventory).gear.append(gear)
    return gear


def slows() -> int:
    return load_content().items[CASE].slows


# --- the vaccine case ----------------------------------------------------------------------------------------
def test_the_case_is_a_slowing_objective_item():
    item = load_content().items[CASE]
    assert item.kind == "objective" and item.slows >= 1


def test_carrying_the_case_takes_its_inches_off_every_move():
    s = arena(open_board((5, "d")), team=["doctor"])            # the Doctor moves 5"
    who = go(s)
    give(s, who)
    move = 5 - slows()
    assert s.move_of(who) == move
    reach = A.reachable(s, who, A.move_budget(s, who))
    assert cell(s, move, 5) in reach and cell(s, move + 1, 5) not in reach


def test_picking_the_case_up_slows_the_next_move_of_the_same_activation():
    s = arena(open_board((5, "d")), team=["doctor"])
    who = go(s)
    assert cell(s, 5, 5) in A.Move.destinations(s, who)        # asked before the pick-up: a full 5"
    case = s._new_gear(CASE, "objective")
    s.drop(case, cell(s, 1, 5))
    s.submit(A.PickUp(who, case.uid))                          # nobody moved: the answer must not be reused
    with pytest.raises(Impossible):
        s.submit(A.Move(who, cell(s, 5, 5)))
    s.submit(A.Move(who, cell(s, 5 - slows(), 5)))


def test_handing_the_case_over_hands_the_slowness_with_it():
    s = arena(open_board((5, "dd")), team=["doctor", "courier"])
    doctor, courier = s.survivors()
    case = give(s, doctor)
    go(s, doctor)
    s.submit(A.HandOff(doctor, courier, case.uid))              # free, once per turn, as for any objective item
    assert s.move_of(doctor) == 5 and s.move_of(courier) == 6 - slows()


def test_dropping_the_case_gives_the_move_back():
    s = arena(open_board((5, "d")), team=["doctor"])
    who = go(s)
    case = give(s, who)
    s.submit(A.Drop(who, case.uid))
    assert s.move_of(who) == 5
    assert A.reachable(s, who, A.move_budget(s, who)).keys() >= {cell(s, 5, 5)}


def test_a_downed_carrier_drops_the_case_where_they_fall():
    s = arena(open_board((5, "d")), team=["doctor"])
    who = s.survivors()[0]
    give(s, who)
    s.wound_survivor(who, 10, "a test")
    assert s.comp(who, Status).downed
    assert [g.gear_id for g in s.ground[s.cell(who)]] == [CASE]


def test_disengage_takes_half_of_the_slowed_move():
    s = arena(open_board((5, "zd")), team=["doctor"])             # Move 5, slowed to 3: half is 1.5"
    who = go(s)
    give(s, who)
    cells = A.Disengage(who, -1).cells(s)
    assert 5 - slows() == 3, "the numbers below are for a slowing of 2"
    assert cell(s, 2, 5) in cells and cell(s, 3, 5) not in cells    # 1" away from contact, not 2"


def test_drag_takes_half_of_the_slowed_move():
    s = arena(open_board((4, "====="), (5, "dd")), team=["paramedic", "doctor"])     # fences: cover for the ally
    medic, ally = s.survivors()
    s.wound_survivor(ally, 10, "a test")
    who = go(s, medic)
    give(s, who)
    assert 5 - slows() == 3, "the numbers below are for a slowing of 2"
    cells = A.Drag(who, ally, -1).cells(s)
    assert cells and all(s.dist(s.cell(who), c) <= 1.5 for c in cells)
    give(s, who, "bandages")
    s.comp(who, Inventory).gear = [g for g in s.comp(who, Inventory).gear if g.gear_id != CASE]
    assert any(s.dist(s.cell(who), c) >= 2 for c in A.Drag(who, ally, -1).cells(s))    # unladen: 2.5"


def test_a_slippery_survivor_disengages_with_the_whole_slowed_move():
    s = arena(open_board((5, "zd")), team=["courier"])            # Move 6, slowed to 4, Disengage at full Move
    who = go(s)
    give(s, who)
    cells = A.Disengage(who, -1).cells(s)
    reach = 6 - slows()
    assert cell(s, 1 + reach, 5) in cells and cell(s, 2 + reach, 5) not in cells


def test_loads_add_up_but_never_stop_a_survivor():
    s = arena(open_board((5, "d")), team=["doctor"])
    who = go(s)
    for _ in range(3):
        give(s, who)
    assert s.move_of(who) == s.rules.min_move >= 1
    assert cell(s, 1, 5) in A.reachable(s, who, A.move_budget(s, who))


def test_the_scenario_lays_the_case_in_the_clinic_and_searches_there_draw_the_clinic_deck():
    content = load_content()
    s = Session(content, "cold_chain", seed=1)
    try:
        [cold_room] = s.marker_cells("objective", "cold_room")
        assert [g.gear_id for g in s.ground[cold_room]] == [CASE]
        assert s.scenario.tasks[-1].item == CASE and s.scenario.search_deck == "clinic"
        decks = {deck or s.scenario.search_deck for deck in s.search_tokens.values()}
        assert "clinic" in decks and decks <= {"clinic", "armory", "garage"}
    finally:
        s.close()


# --- the night ------------------------------------------------------------------------------------------------
def night(rows, **fields):
    fields.setdefault("sight", 8)
    return arena(rows, ambient_heat=0, **fields)


def test_at_night_a_zombie_sees_no_survivor_beyond_the_scenarios_sight():
    rows = open_board((1, "d.........z....."), (3, "d.......z......."))
    s = night(rows, team=["doctor", "paramedic"])
    far, near = at(s, 10, 1), at(s, 8, 3)                  # 10" and 8" from the survivors on the west edge
    assert horde.visible_target(s, far) is None
    assert horde.visible_target(s, near) == s.survivors()[1]
    day = arena(rows, ambient_heat=0, team=["doctor", "paramedic"])
    assert horde.visible_target(day, at(day, 10, 1)) is not None       # the same board by day


def test_at_night_an_unseeing_zombie_walks_to_the_noise_instead():
    rows = open_board((1, "d..........z...."))
    s = night(rows)
    z = at(s, 11, 1)
    shot = cell(s, 11, 10)
    s.add_heat(2, shot, "a gunshot")
    assert horde.zombie_goal(s, z, advance=False).why == "heads for the noise"
    director_until(s, "zombie")
    assert s.dist(s.cell(z), shot) <= 9 - 2.5              # walked toward the shot (the way round its area)
    assert s.dist(s.cell(z), s.cell(s.survivors()[0])) > 11


def test_at_night_a_target_beyond_sight_cannot_be_shot():
    s = night(open_board((1, "d........z......")), team=["police_officer"])
    who = go(s)
    pistol = next(g for g in s.comp(who, Inventory).gear if g.gear_id == "pistol")
    with pytest.raises(Impossible):
        s.submit(A.Shoot(who, at(s, 9, 1), pistol.uid))


def test_a_blackout_at_night_cuts_sight_further_but_never_lengthens_it():
    s = night(open_board((1, "d")))
    assert s.sight_range() == 8
    s.blackout_until = s.round
    assert s.sight_range() == min(8, s.rules.blackout_sight)
    wide = night(open_board((1, "d")), sight=20)
    wide.blackout_until = wide.round
    assert wide.sight_range() == wide.rules.blackout_sight


def test_sound_carries_every_noisy_act_makes_more_heat_where_it_is_made():
    s = night(open_board((1, "d.....z.........")), team=["police_officer"], noise_bonus=1, faces=[6] * 8)
    who = go(s)
    pistol = next(g for g in s.comp(who, Inventory).gear if g.gear_id == "pistol")
    s.submit(A.Shoot(who, at(s, 6, 1), pistol.uid))
    made = s.content.weapons["pistol"].heat + 1
    assert s.heat == made and s.noise == {s.cell(who): made}


def test_sound_carries_a_complication_makes_one_more_and_a_silent_act_stays_silent():
    s = night(open_board((1, "dz")), team=["paramedic"], noise_bonus=1, faces=[1, 5, 6, 6, 4, 4, 4])
    who = go(s)
    s.submit(A.Melee(who, at(s, 1, 1)))                 # a knife: no weapon Heat, but one natural 1
    assert s.content.weapons["knife"].heat == 0
    assert s.heat == 1 + 1


def test_sound_carries_not_the_citys_ambient_heat():
    s = arena(open_board((1, "d")), noise_bonus=2, ambient_heat=3)
    director_until(s, "escalation")
    assert s.heat == 3


def test_scenarios_without_a_night_see_as_far_as_the_walls_and_add_no_heat():
    s = arena(open_board((1, "d")))
    assert s.sight_range() is None
    s.add_heat(2, cell(s, 5, 5), "a gunshot")
    assert s.heat == 2


def test_night_shift_is_a_night():
    scenario = load_content().scenarios["night_shift"]
    assert scenario.sight >= 1 and scenario.noise_bonus >= 1


# --- the data is checked -------------------------------------------------------------------------------------
DATA = REPO_ROOT / "game" / "data"


def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    source = (DATA / name).read_text(encoding="utf-8")
    assert source.count(old) == 1, f"{old!r} must occur once in {name}"
    path = tmp_path / name
    path.write_text(source.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.parametrize(("name", "old", "new", "where", "words"), [
    ("items.yaml", "    slows: 2\n", "    slows: -1\n", "items.vaccine_case.slows", "between 0 and 3"),
    ("items.yaml", "    slows: 2\n", "    slows: heavy\n", "items.vaccine_case.slows", "whole number"),
    ("scenarios.yaml", "    sight: 8\n", "    sight: 0\n", "scenarios.night_shift.sight", "out of range 1..48"),
    ("scenarios.yaml", "    noise_bonus: 1\n", "    noise_bonus: 9\n", "scenarios.night_shift.noise_bonus",
     "out of range 0..3"),
    ("scenarios.yaml", "    noise_bonus: 1\n", "    noise_bonus: loud\n", "scenarios.night_shift.noise_bonus",
     "whole number"),
    ("rules.yaml", "  min_move: 1 ", "  min_move: 0 ", "rules.min_move", "between 1 and 4"),
])
def test_bad_scenario_rule_data_is_named_by_file_and_field(tmp_path, name, old, new, where, words):
    path = broken(tmp_path, name, old, new)
    problems = validate_paths([path])
    assert [(p.file, p.where) for p in problems] == [(str(path), where)], problems
    assert words in problems[0].message
