"""The rulebook check of issue 32, each rule with scripted dice: a revive by a medical skill alone, a drag past
feeders, a find claimed with a full inventory, braving a molotov's fire (Guts, rulebook 9.0)."""
from game.world import actions as A
from tests.arena import Health, Inventory, Status, arena, cell, open_board


def _carried(s, who):
    return [g.gear_id for g in s.comp(who, Inventory).gear]


def _down(s, who):
    s.wound_survivor(who, s.comp(who, Health).wounds, "test")


def test_a_doctor_without_an_item_revives_with_one_wound_and_with_a_medkit_two():
    """Rulebook 5.0: the ally stands with 1 Wound, 2 if a Medkit is expended; the Doctor's skill adds nothing."""
    s = arena(open_board((5, "....dd")), team=["doctor", "cook"], faces=[4, 2, 2, 2])
    doc, cook = s.survivors()
    s.comp(doc, Inventory).gear.clear()
    _down(s, cook)
    s.submit(A.Activate(doc))
    s.submit(A.Triage(doc, cook))
    assert not s.comp(cook, Status).downed and s.comp(cook, Health).wounds == 1

    s = arena(open_board((5, "....dd")), team=["doctor", "cook"], faces=[4, 2, 2, 2])
    doc, cook = s.survivors()
    inv = s.comp(doc, Inventory)
    inv.gear[:] = [s._new_gear("medkit", "")]
    _down(s, cook)
    s.submit(A.Activate(doc))
    s.submit(A.Triage(doc, cook))
    assert s.comp(cook, Health).wounds == 2 and "medkit" not in _carried(s, doc)


def test_dragging_an_ally_away_from_feeders_takes_no_swipes():
    """Rulebook 5.0: Drag is 1 AP and half the Move; parting swipes belong to Disengage, which the dragger (not
    engaged) is not doing."""
    s = arena(open_board((4, "......="), (5, "...zdd....")), team=["cook", "firefighter"], faces=[6, 6, 6])
    cook, ff = s.survivors()          # cook at (4, 5) next to the Shambler; the firefighter drags her east, by a fence
    _down(s, cook)
    assert s.engagers(cook) and not s.is_engaged(ff)
    s.submit(A.Activate(ff))
    wounds = s.comp(ff, Health).wounds
    rolls = sum(e.kind == "roll" for e in s.events)
    s.submit(A.Drag(ff, cook, cell(s, 7, 5)))
    assert s.cell(ff) == cell(s, 7, 5) and s.cell(cook) == cell(s, 6, 5)
    assert s.comp(ff, Health).wounds == wounds and sum(e.kind == "roll" for e in s.events) == rolls


def _full_searcher():
    s = arena(open_board((5, "....d?")), team=["paramedic"], faces=[4, 2, 2])
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    s.comp(who, Inventory).gear += [s._new_gear("bandages", ""), s._new_gear("bandages", "")]
    draw = s.decks["core"]["draw"]
    uid = next(u for u in draw if s.gear[u].gear_id == "machete")
    draw.remove(uid)
    draw.append(uid)
    s.submit(A.Search(who, cell(s, 5, 5)))
    return s, who, uid


def test_a_full_survivor_drops_an_item_and_claims_the_find_at_no_cost():
    """Rulebook 5.0: 'if full, you must drop an item in base contact to claim a new one': the claim costs no AP."""
    s, who, machete = _full_searcher()
    turn = s.comp(who, A.Turn)
    assert turn.ap == 2 and "machete" not in _carried(s, who)
    bandage = next(g.uid for g in s.comp(who, Inventory).gear if g.gear_id == "bandages")
    s.submit(A.Drop(who, bandage))
    s.submit(A.PickUp(who, machete))
    assert "machete" in _carried(s, who) and turn.ap == 2
    s.submit(A.Drop(who, machete))
    s.submit(A.PickUp(who, machete))          # the claim is made: a second pick-up is an ordinary one
    assert turn.ap == 1


def test_picking_up_anything_else_still_costs_one_ap():
    s, who, _ = _full_searcher()
    bandage = next(g.uid for g in s.comp(who, Inventory).gear if g.gear_id == "bandages")
    s.submit(A.Drop(who, bandage))
    s.submit(A.PickUp(who, bandage))
    assert s.comp(who, A.Turn).ap == 1


def _molotov_on_an_ally(guts_face: int, ally: str = "cook"):
    s = arena(open_board((5, "....d....d")), team=["firefighter", ally])
    thrower, target = s.survivors()
    s.comp(thrower, Inventory).gear.append(s._new_gear("molotov", ""))
    s.submit(A.Activate(thrower))
    dice = s.content.weapons["molotov"].dice
    s.dice.faces[:] = [2] * dice + [guts_face] * 8        # the blast misses; then the Guts test
    uid = next(g.uid for g in s.comp(thrower, Inventory).gear if g.gear_id == "molotov")
    s.submit(A.Throw(thrower, s.cell(target), uid))
    return s, target


def test_a_survivor_in_a_molotov_blast_braves_the_fire_with_a_guts_test():
    s, target = _molotov_on_an_ally(6)
    assert not s.comp(target, Status).burning
    assert any("brave the fire" in e.text for e in s.events if e.kind == "roll")
    s, target = _molotov_on_an_ally(2)
    assert s.comp(target, Status).burning


def test_a_zombie_never_braves_the_fire_and_a_firefighter_needs_no_test():
    s = arena(open_board((5, "....d....z")), team=["firefighter"], faces=[2, 2])
    ff = s.survivors()[0]
    s.comp(ff, Inventory).gear.append(s._new_gear("molotov", ""))
    s.submit(A.Activate(ff))
    uid = next(g.uid for g in s.comp(ff, Inventory).gear if g.gear_id == "molotov")
    s.submit(A.Throw(ff, cell(s, 9, 5), uid))
    assert all(s.comp(z, Status).burning for z in s.zombies())
    assert not any("brave" in e.text for e in s.events)


def test_a_bought_security_alarm_shuts_the_doors_and_nothing_carries_into_next_round():
    """Rulebook 6.0 step 5: Heat cannot be hoarded; a bought event acts on this round's board only."""
    from game.world import purchases as D
    from tests.arena import director_until
    from tests.test_rules_director import Shopping

    s = arena(open_board((1, "d..............."), (5, "......./........"), (14, "S...............")),
              ambient_heat=2, events=("security_alarm",))
    door = cell(s, 7, 5)
    assert s.board.door_open[door]
    s.policy = Shopping(D.BuyEvent("security_alarm"))
    director_until(s, "purchase")
    assert not s.board.door_open[door] and s.carried_heat == 0
    while s.step_director() is not None:
        pass
    assert s.round == 2 and s.heat == 0          # nothing the Director paid for came back on the track
