"""Search, triage, drag, hand-offs, gear exchange, doors, objectives and the other Survivor Phase actions."""
import pytest

from game.world import actions as A
from game.world.legal import option
from game.world.session import Impossible
from tests.arena import Health, Inventory, Status, Turn, arena, at, cell

ROWS = ["." * 14 for _ in range(14)]


def board(*marks):
    rows = list(ROWS)
    for y, row in marks:
        rows[y] = row.ljust(14, ".")
    return rows


def go(s, who=None):
    who = who if who is not None else s.survivors()[0]
    s.submit(A.Activate(who))
    return who


def stack(s, deck, gear_id):
    """Put a card of this kind on top of a deck (draws come off the end of the list)."""
    draw = s.decks[deck]["draw"]
    uid = next(u for u in draw if s.gear[u].gear_id == gear_id)
    draw.remove(uid)
    draw.append(uid)
    return uid


def carried(s, who):
    return [g.gear_id for g in s.comp(who, Inventory).gear]


# --- search --------------------------------------------------------------------------------------------------------
def test_search_failure_finds_nothing_and_leaves_the_token():
    s = arena(board((5, "....d?")), team=["doctor"], faces=[2, 3, 2, 3])
    who = go(s)
    s.submit(A.Search(who, cell(s, 5, 5)))
    assert cell(s, 5, 5) in s.search_tokens and carried(s, who) == ["scalpel", "first_aid_kit"]


def test_search_standard_success_draws_one_core_card_and_removes_the_token():
    s = arena(board((5, "....d?")), team=["doctor"], faces=[4, 5, 2, 3])
    who = go(s)
    stack(s, "core", "knife")
    s.submit(A.Search(who, cell(s, 5, 5)))
    assert cell(s, 5, 5) not in s.search_tokens
    assert carried(s, who)[-1] == "knife"


def test_search_jackpot_draws_from_the_locations_specialty_deck():
    s = arena(board((5, "....dc")), team=["doctor"], faces=[6, 2, 2, 2])
    who = go(s)
    stack(s, "clinic", "medkit")
    s.submit(A.Search(who, cell(s, 5, 5)))
    assert carried(s, who)[-1] == "medkit"


def test_jackpot_without_a_location_deck_draws_two_core_cards_and_keeps_one():
    s = arena(board((5, "....d?")), team=["doctor"], faces=[6, 2, 2, 2], search_deck="")
    who = go(s)
    stack(s, "core", "bandages")
    stack(s, "core", "pistol")
    discard_before = len(s.decks["core"]["discard"])
    s.submit(A.Search(who, cell(s, 5, 5)))
    assert carried(s, who)[-1] == "pistol"                 # a firearm ranks above bandages
    assert len(s.decks["core"]["discard"]) == discard_before + 1


def test_only_one_search_per_turn():
    s = arena(board((5, "....d?"), (6, "....?.")), team=["doctor"], faces=[2, 2, 2, 2])
    who = go(s)
    s.submit(A.Search(who, cell(s, 5, 5)))
    with pytest.raises(Impossible, match="one Search"):
        s.submit(A.Search(who, cell(s, 4, 6)))


def test_search_complications_make_heat():
    s = arena(board((5, "....d?")), team=["doctor"], faces=[1, 1, 2, 3])
    who = go(s)
    s.submit(A.Search(who, cell(s, 5, 5)))
    assert s.heat == 2


def test_hazard_cards_resolve_at_once_and_go_to_the_discard():
    s = arena(board((5, "....d?")), team=["doctor"], faces=[4, 2, 2, 2])
    who = go(s)
    uid = stack(s, "core", "tripped_alarm")
    s.submit(A.Search(who, cell(s, 5, 5)))
    assert s.heat == 3 and uid in s.decks["core"]["discard"]


def test_inventory_holds_three_items_and_a_full_survivor_leaves_the_find_at_their_feet():
    s = arena(board((5, "....d?")), team=["paramedic"], faces=[4, 2, 2])
    who = go(s)
    inv = s.comp(who, Inventory)
    inv.gear += [s._new_gear("bandages", ""), s._new_gear("bandages", "")]
    assert s.slots_taken(who) == 3                           # knife is free, bandages x3 are not
    stack(s, "core", "machete")
    s.submit(A.Search(who, cell(s, 5, 5)))
    assert "machete" not in carried(s, who)
    assert any(g.gear_id == "machete" for g in s.ground[s.cell(who)])


def test_a_backpack_adds_a_slot_and_takes_none_itself():
    s = arena(board((5, "....d.")), team=["courier"])
    who = s.survivors()[0]
    assert "backpack" in carried(s, who)
    assert s.capacity(who) == 4 and s.slots_taken(who) == 0


def test_reshuffle_when_a_deck_runs_out():
    s = arena(board((5, "....d.")), team=["doctor"])
    deck = s.decks["armory"]
    deck["discard"], deck["draw"] = deck["draw"], []
    assert s.draw("armory") is not None
    assert any("reshuffled" in e.text for e in s.events)


# --- triage and drag -----------------------------------------------------------------------------------------------
def test_triage_with_a_medical_skill_revives_with_one_wound():
    s = arena(board((5, "....dd")), team=["paramedic", "cook"], faces=[4, 2, 2, 2])
    medic, cook = s.survivors()
    s.wound_survivor(cook, 3, "test")
    go(s, medic)
    s.submit(A.Triage(medic, cook))
    assert not s.comp(cook, Status).downed
    assert s.comp(cook, Health).wounds == 1                  # the Medic spent the bandages: 1 wound


def test_triage_with_a_medkit_stands_the_ally_up_with_two_wounds():
    s = arena(board((5, "....dd")), team=["cook", "firefighter"], faces=[4, 2])
    cook, ff = s.survivors()
    s.comp(cook, Inventory).gear.append(s._new_gear("medkit", ""))
    s.wound_survivor(ff, 4, "test")
    go(s, cook)
    s.submit(A.Triage(cook, ff))
    assert s.comp(ff, Health).wounds == 2
    assert "medkit" not in carried(s, cook)


def test_untrained_survivor_without_supplies_cannot_triage_but_can_drag():
    s = arena(board((4, "...="), (5, "....dd")), team=["cook", "firefighter"])
    cook, ff = s.survivors()
    s.wound_survivor(ff, 4, "test")
    go(s, cook)
    with pytest.raises(Impossible, match="Drag"):
        s.submit(A.Triage(cook, ff))
    s.submit(A.Drag(cook, ff, cell(s, 2, 5)))           # half of 5": 2", the ally laid beside the fence
    assert s.cell(cook) == cell(s, 2, 5) and s.cell(ff) == cell(s, 3, 5)


def test_a_drag_lays_the_ally_in_cover():
    """Rulebook 5.0: the drag is "into cover". The ally is laid in the cell the dragger leaves last, which must touch
    cover (a Hunker Down's test); a way out into the open street is refused, with the reason."""
    s = arena(board((4, "...="), (5, "....dd")), team=["cook", "firefighter"])
    cook, ff = s.survivors()
    s.wound_survivor(ff, 4, "test")
    go(s, cook)
    ends = A.Drag(cook, ff, -1).cells(s)
    assert ends and all(s.board.next_to_cover(ends[c][1] if ends[c][1] != -1 else s.cell(cook)) for c in ends)
    with pytest.raises(Impossible, match="cover"):
        s.submit(A.Drag(cook, ff, cell(s, 4, 7)))      # the ally would lie in the open at (4, 6)
    assert s.cell(ff) == cell(s, 5, 5) and s.comp(cook, Turn).ap == 3


def test_with_no_cover_in_reach_there_is_no_drag():
    s = arena(board((5, "....dd")), team=["cook", "firefighter"])
    cook, ff = s.survivors()
    s.wound_survivor(ff, 4, "test")
    go(s, cook)
    assert A.Drag(cook, ff, -1).cells(s) == {}
    drag = option(s, cook, "drag")
    assert not drag.ok and "cover" in drag.reason                # the greyed button says why
    with pytest.raises(Impossible, match="cover"):
        s.submit(A.Drag(cook, ff, cell(s, 2, 5)))


def test_drag_never_lays_the_ally_on_someone_else():
    s = arena(board((5, "...ddd")), team=["paramedic", "cook", "firefighter"])
    medic, cook, ff = s.survivors()
    s.wound_survivor(medic, 3, "test")
    go(s, cook)
    # dragging west would lay the medic... on the cook's own start cell, fine; dragging east through the
    # firefighter's cell would lay the medic on the firefighter: refused
    cells = A.Drag(cook, medic, -1).cells(s)
    for dest in cells:
        before = cells[dest][1]
        assert before == s.cell(cook) or s.occupant.get(before, medic) == medic


def test_failed_triage_spends_nothing():
    s = arena(board((5, "....dd")), team=["doctor", "cook"], faces=[1, 2, 3, 2])
    doc, cook = s.survivors()
    s.wound_survivor(cook, 3, "test")
    go(s, doc)
    s.submit(A.Triage(doc, cook))
    assert s.comp(cook, Status).downed and "first_aid_kit" in carried(s, doc)


def test_guts_items_are_used_up_on_a_guts_test():
    s = arena(board((5, "....dd")), team=["prepper", "cook"], faces=[1, 1, 1, 1, 6])
    prepper, _ = s.survivors()
    s.wound_survivor(prepper, 9, "test")
    s.submit(A.Activate(prepper))         # bleed-out save: Guts 2 + Survivalist 1 + Painkillers 2 = 5 dice
    rolls = [e for e in s.events if e.kind == "roll"]
    assert len(rolls[-1].data["faces"]) == 5
    assert not s.comp(prepper, Status).eliminated and "painkillers" not in carried(s, prepper)


# --- hand-offs -------------------------------------------------------------------------------------------------------
def test_quick_hand_off_is_free_once_per_turn():
    s = arena(board((5, "....dd")), team=["doctor", "paramedic"])
    doc, medic = s.survivors()
    go(s, doc)
    kit = next(g.uid for g in s.comp(doc, Inventory).gear if g.gear_id == "first_aid_kit")
    s.submit(A.HandOff(doc, medic, kit))
    assert "first_aid_kit" in carried(s, medic) and s.comp(doc, A.Turn).ap == 3
    bandage = next(g.uid for g in s.comp(medic, Inventory).gear if g.gear_id == "bandages")
    with pytest.raises(Impossible, match="one free hand-off"):
        s.submit(A.HandOff(doc, medic, bandage))


def test_full_gear_exchange_costs_one_ap_and_respects_capacity():
    s = arena(board((5, "....dd")), team=["doctor", "paramedic"])
    doc, medic = s.survivors()
    go(s, doc)
    everything = tuple(g.uid for g in s.comp(doc, Inventory).gear + s.comp(medic, Inventory).gear)
    s.submit(A.GearExchange(doc, medic, everything))
    assert len(carried(s, doc)) == 4 and carried(s, medic) == [] and s.comp(doc, A.Turn).ap == 2


# --- doors, objectives, escape ----------------------------------------------------------------------------------------
def test_barricaded_door_stays_shut_until_pulled_down():
    s = arena(board((4, "#####"), (5, "....d+"), (6, "#####")), team=["doctor"])
    who = go(s)
    s.submit(A.Door(who, cell(s, 5, 5), "barricade"))
    assert cell(s, 5, 5) in s.board.barricaded and not s.board.door_open[cell(s, 5, 5)]
    s.submit(A.Door(who, cell(s, 5, 5)))
    assert cell(s, 5, 5) not in s.board.barricaded


def test_work_objective_needs_the_item_and_completes_the_task():
    from game.content.defs import Task
    tasks = (Task("fuel", "interact", "Refuel", marker="generator", needs_item="gas_can"),)
    s = arena(board((5, "....d1")), team=["mechanic"], tasks=tasks, objectives={"1": "generator"})
    who = go(s)
    with pytest.raises(Impossible, match="needs"):
        s.submit(A.WorkObjective(who))
    s.comp(who, Inventory).gear.append(s._new_gear("gas_can", "objective"))
    s.submit(A.WorkObjective(who))
    assert s.result == ("survivors", "objective")


def test_engaged_survivor_cannot_escape():
    s = arena(board((5, "....de")), team=["doctor"])
    who = go(s)
    s.submit(A.Move(who, cell(s, 5, 5)))
    s.place_zombie("shambler", cell(s, 6, 5), "test")
    with pytest.raises(Impossible, match="engaged"):
        s.submit(A.Escape(who))


def test_ammo_turns_into_reload_tokens_without_needing_a_slot():
    s = arena(board((5, "....d.")), team=["police_officer"])
    who = go(s)
    inv = s.comp(who, Inventory)
    inv.gear += [s._new_gear("bandages", "") for _ in range(2)]
    assert not s.has_room(who)
    box = s._new_gear("ammo_box", "core")
    s.drop(box, s.cell(who))
    s.submit(A.PickUp(who, box.uid))
    assert inv.reloads == 2 + s.content.items["ammo_box"].reloads


def test_blackout_from_the_end_phase_darkens_the_next_rounds():
    s = arena(board((5, "....d.")), team=["doctor"], doom_events={2: "power_failure"})
    s.submit(A.EndSurvivorPhase())
    s.run_director()
    amount = s.content.events["power_failure"].effects[0].amount
    assert s.round == 2 and s.blackout_until == 1 + amount
    far = cell(s, 13, 5)
    assert not s.can_see(s.cell(s.survivors()[0]), far)


def test_withdrawal_is_lost_after_a_later_melee_defeat():
    s = arena(board((5, "...zdz")), team=["paramedic"], faces=[6, 6, 6, 2, 2, 1, 1, 1, 6, 6])
    who = go(s)
    s.submit(A.Melee(who, at(s, 5, 5)))          # won: may step back
    s.submit(A.Melee(who, at(s, 3, 5)))          # lost
    assert s.withdraw_from is None
