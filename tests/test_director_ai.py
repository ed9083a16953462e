"""The Director's scored shopping list, on small hand-made boards of facts, and its levels."""
import pytest

from game.ai.director import (
    DirectorView,
    EventFact,
    ShamblerFact,
    SpawnFact,
    SurvivorFact,
    ZombieKind,
    decide,
    plan,
    pressed,
    zombie_score,
)
from game.ai.director_levels import DIRECTOR_LEVELS, director_level
from game.content.loader import load_content

SPAWNS = (SpawnFact("North Gate", "major"), SpawnFact("Alley", "minor"), SpawnFact("Dock", "minor"))
KINDS = (ZombieKind("shambler", "Shambler", "shambler", 4, 2, 1), ZombieKind("brute", "Brute", "major", 4, 4, 4),
         ZombieKind("horde", "Horde", "major", 4, 6, 3, ("horde",)),
         ZombieKind("hunter", "Hunter", "special", 6, 3, 2, ("ambush_leap",)),
         ZombieKind("bloater", "Bloater", "special", 4, 2, 2, ("explosive_demise",)),
         ZombieKind("screamer", "Screamer", "special", 4, 1, 2, ("shriek",)))


@pytest.fixture(scope="module")
def levels():
    content = load_content()
    return {name: director_level(content, name) for name in DIRECTOR_LEVELS}


def survivor(i, to_goal=20.0, room=3, gate=30.0, alley=10.0, dock=25.0, neighbours=None, standing=True, noise=0,
             wounds=3):
    return SurvivorFact(i, f"S{i}", standing, room, to_goal, noise,
                        {"North Gate": gate, "Alley": alley, "Dock": dock}, neighbours or {}, wounds=wounds)


def view(*survivors, **kw):
    return DirectorView(tuple(survivors), kw.pop("spawns", SPAWNS), kinds=kw.pop("kinds", KINDS), **kw)


def test_pressed_survivor_is_the_one_closest_to_finishing():
    v = view(survivor(1, to_goal=30), survivor(2, to_goal=5), survivor(3, to_goal=5, noise=4))
    assert pressed(v).id == 3          # tie on the goal: the noisier one


def test_a_lunge_that_lands_comes_first(levels):
    v = view(survivor(1, room=1), shamblers=(ShamblerFact(7, "Z7", sees=1, lunge_reaches=True),))
    d = decide(v, 3, levels["standard"])
    assert (d.kind, d.shambler, d.engages) == ("lunge", 7, 1)
    assert "attacks this phase" in d.reason


def test_every_lunge_planned_at_a_survivor_counts_against_their_room(levels):
    # One free slot: a landing lunge takes it, so the closing one behind it is not planned (once the first has
    # landed it would see no one with room and could not lunge: its Heat lost). Two closing lunges at one free slot:
    # one is planned, as the first may yet end in contact.
    shut = tuple(SpawnFact(sp.name, sp.kind, active=False) for sp in SPAWNS)
    landing = view(survivor(1, room=1), spawns=shut, shamblers=(ShamblerFact(8, "Z8", sees=1, lunge_reaches=False),
                                                                 ShamblerFact(7, "Z7", sees=1, lunge_reaches=True)))
    assert [(d.shambler, d.engages) for d in plan(landing, 2, levels["standard"])] == [(7, 1)]
    closing = view(survivor(1, room=1), spawns=shut, shamblers=(ShamblerFact(8, "Z8", sees=1, lunge_reaches=False),
                                                                 ShamblerFact(9, "Z9", sees=1, lunge_reaches=False)))
    assert [d.shambler for d in plan(closing, 2, levels["standard"])] == [8]


def test_lunges_respect_the_three_slot_limit(levels):
    full = view(survivor(1, room=0), shamblers=(ShamblerFact(7, "Z7", sees=1, lunge_reaches=True),),
                spawns=tuple(SpawnFact(sp.name, sp.kind, active=False) for sp in SPAWNS))
    assert plan(full, 1, levels["standard"]) == []     # the only survivor it sees has no room: nothing to buy


def test_no_more_lunges_land_on_a_survivor_than_it_has_room_for(levels):
    # One free slot, two Shamblers whose lunges would reach: one lands; once it has, the survivor has no room and the
    # other could not lunge at all (it sees nobody with room), so it is not planned.
    v = view(survivor(1, room=1), shamblers=(ShamblerFact(7, "Z7", sees=1, lunge_reaches=True),
                                             ShamblerFact(8, "Z8", sees=1, lunge_reaches=True)),
             spawns=tuple(SpawnFact(sp.name, sp.kind, active=False) for sp in SPAWNS))
    assert [(d.shambler, d.engages) for d in plan(v, 2, levels["standard"])] == [(7, 1)]


def test_every_lunge_is_bought_before_any_event(levels):
    v = view(survivor(1), shamblers=(ShamblerFact(7, "Z7", sees=1, lunge_reaches=False),), gunners=2,
             events=(EventFact("blackout", "Blackout", 4, (("blackout", 1),)),),
             spawns=tuple(SpawnFact(sp.name, sp.kind, active=False) for sp in SPAWNS))
    assert [d.kind for d in plan(v, 5, levels["standard"])] == ["lunge", "event"]


def test_reanimate_is_never_bought_where_a_two_heat_shambler_does_the_same(levels):
    v = view(survivor(1), removed_shamblers=2)
    for heat in (2, 4, 5, 6, 7, 8):
        kinds = [d.kind for d in plan(v, heat, levels["standard"])]
        assert kinds.count("reanimate") <= heat % 2, (heat, kinds)     # only for an odd point nothing else uses


def test_reanimate_spends_the_third_heat_point_nothing_else_uses(levels):
    v = view(survivor(1), removed_shamblers=1, kinds=KINDS[:1])
    d = plan(v, 3, levels["standard"])
    assert [x.kind for x in d] == ["reanimate"] and d[0].spawn == "Alley"
    assert "third Heat point" in d[0].reason


def test_a_brute_when_the_major_point_is_close_and_a_horde_for_a_crowd(levels):
    lone = view(survivor(1, gate=4, alley=30, dock=30))
    assert decide(lone, 5, levels["standard"]).zombie == "brute"
    crowd = view(survivor(1, gate=4, alley=30, dock=30, neighbours={2: 3}),
                 survivor(2, gate=5, alley=30, dock=30, neighbours={1: 3}))
    assert decide(crowd, 5, levels["standard"]).zombie == "horde"


def test_no_major_spawn_that_cannot_arrive_before_doom(levels):
    v = view(survivor(1, gate=40, alley=6), doom_left=1)
    brute = next(k for k in KINDS if k.id == "brute")
    assert zombie_score(levels["standard"], v, brute, "North Gate")[0] == 0
    assert all(d.zombie not in ("brute", "horde") for d in plan(v, 10, levels["standard"]))


def test_specials_go_where_their_rule_bites(levels):
    lone = view(survivor(1, neighbours={2: 12}), survivor(2, neighbours={1: 12}, to_goal=40))
    assert decide(lone, 4, levels["standard"]).zombie == "hunter"
    huddle = view(survivor(1, neighbours={2: 1}, alley=5), survivor(2, neighbours={1: 1}, alley=5))
    assert decide(huddle, 4, levels["standard"]).zombie in ("bloater", "hunter")


def test_spawns_go_to_the_point_nearest_the_survivors_path(levels):
    v = view(survivor(1, alley=30, dock=6))
    d = decide(v, 2, levels["standard"])
    assert (d.zombie, d.spawn, d.cost) == ("shambler", "Dock", 2)


def test_an_event_when_no_spawn_point_is_active(levels):
    spawns = tuple(SpawnFact(sp.name, sp.kind, active=False) for sp in SPAWNS)
    v = view(survivor(1), spawns=spawns, open_doors=2, gunners=1,
             events=(EventFact("blackout", "Blackout", 4, (("blackout", 1),)),
                     EventFact("slamming_doors", "Slamming Doors", 2, (("close_doors", 0),))))
    d = plan(v, 6, levels["standard"])
    assert [x.event for x in d] == ["blackout", "slamming_doors"]      # each at most once, all 6 Heat spent
    doors = next(x for x in d if x.event == "slamming_doors")
    assert "2 open door(s)" in doors.reason and doors.score == 2 * levels["standard"].scores.open_door
    assert plan(v, 2, levels["standard"])[0].event == "slamming_doors"


def test_lost_time_when_the_survivors_would_just_make_it_and_never_on_the_last_space(levels):
    lost = EventFact("lost_time", "Lost Time", 6, (("doom", 1),))
    far = view(survivor(1, alley=40, dock=40, gate=40), events=(lost,), doom_left=3, rounds_needed=3)
    assert decide(far, 6, levels["ruthless"]).event == "lost_time"
    done = view(survivor(1, alley=40, dock=40, gate=40), events=(lost,), doom_left=0, rounds_needed=3)
    assert all(d.event != "lost_time" for d in plan(done, 6, levels["ruthless"]))


def test_on_a_tight_clock_the_ruthless_director_takes_a_round_away_and_the_standard_one_sends_the_dead(levels):
    # The survivors need all 3 rounds left; the dead it could send are slow to arrive (20" and more away).
    lost = EventFact("lost_time", "Lost Time", 6, (("doom", 1),))
    tight = view(survivor(1, alley=20, dock=25, gate=30), events=(lost,), doom_left=3, rounds_needed=3)
    assert [d.event for d in plan(tight, 6, levels["ruthless"])] == ["lost_time"]
    standard = plan(tight, 6, levels["standard"])
    assert standard and all(d.kind == "spawn" for d in standard)


def test_the_ruthless_director_sends_hunters_not_the_heavy_dead(levels):
    # Two survivors 5" from the North Gate, 4 Heat: the standard Director's best is a Hunter there; with 5 a Horde.
    # The ruthless one sends a Hunter either way (its 5th point finds nothing to buy: a level that does not send a
    # class never buys it just to spend a point).
    near = view(survivor(1, gate=5, alley=40, dock=40), survivor(2, gate=6, alley=40, dock=40, neighbours={1: 1}))
    assert [d.zombie for d in plan(near, 5, levels["standard"])] == ["horde"]
    for heat in (4, 5):
        assert [d.zombie for d in plan(near, heat, levels["ruthless"])] == ["hunter"]


def test_the_gentle_director_buys_no_events(levels):
    spawns = tuple(SpawnFact(sp.name, sp.kind, active=False) for sp in SPAWNS)
    v = view(survivor(1), spawns=spawns, open_doors=3,
             events=(EventFact("slamming_doors", "Slamming Doors", 2, (("close_doors", 0),)),))
    assert plan(v, 4, levels["gentle"]) == []
    assert plan(v, 4, levels["standard"])


def test_the_gentle_director_closes_in_where_the_others_strike_or_pin(levels):
    # One Heat, spawn points shut: Z1's lunge would land on S1 and attack this phase, Z2's would pin S2 (caught when
    # their turn comes), Z3's only closes in. The standard and ruthless Directors strike; without Z1 they pin. The
    # gentle one closes in while a lunge that only closes in is left.
    shut = tuple(SpawnFact(sp.name, sp.kind, active=False) for sp in SPAWNS)
    lands = ShamblerFact(1, "Z1", sees=1, lunge_reaches=True)
    pins = ShamblerFact(2, "Z2", sees=2, lunge_reaches=False, pins=True)
    closes = ShamblerFact(3, "Z3", sees=3, lunge_reaches=False)
    v = view(survivor(1), survivor(2), survivor(3), spawns=shut, shamblers=(lands, pins, closes))
    for level in ("standard", "ruthless"):
        assert decide(v, 1, levels[level]).shambler == 1
        assert decide(view(survivor(2), survivor(3), spawns=shut, shamblers=(pins, closes)), 1,
                      levels[level]).pins == 2
    assert decide(v, 1, levels["gentle"]).shambler == 3


def test_a_pin_is_never_bought_with_an_event_that_could_undo_it(levels):
    # Five Heat, spawn points shut: Z2 pins S2, and a Blackout scores for two gunners. Its walk comes in the
    # activation, after every purchase, so a Blackout bought with it may blind it: the list takes one or the other,
    # never both. Without the pin on offer the Blackout is bought.
    shut = tuple(SpawnFact(sp.name, sp.kind, active=False) for sp in SPAWNS)
    blackout = EventFact("blackout", "Blackout", 4, (("blackout", 1),))
    pins = ShamblerFact(2, "Z2", sees=2, lunge_reaches=False, pins=True)
    v = view(survivor(1), survivor(2), spawns=shut, shamblers=(pins,), events=(blackout,), gunners=2)
    bought = plan(v, 5, levels["standard"])
    assert sum(d.cost for d in bought) == 5
    assert not (any(d.pins for d in bought) and any(d.event == "blackout" for d in bought)), bought
    alone = view(survivor(1), survivor(2), spawns=shut, shamblers=(ShamblerFact(2, "Z2", sees=2, lunge_reaches=False),),
                 events=(blackout,), gunners=2)
    assert [d.event for d in plan(alone, 5, levels["standard"]) if d.kind == "event"] == ["blackout"]
    # A pin the dark cannot undo (its survivor within blackout sight) is bought with the Blackout: no clash.
    safe = view(survivor(1), survivor(2), spawns=shut, events=(blackout,), gunners=2,
                shamblers=(ShamblerFact(2, "Z2", sees=2, lunge_reaches=False, pins=True, undone_by=frozenset()),))
    both = plan(safe, 5, levels["standard"])
    assert [d.pins for d in both if d.kind == "lunge"] == [2] and [d.event for d in both if d.kind == "event"] == [
        "blackout"]


def test_stunned_shamblers_are_never_lunged(levels):
    v = view(survivor(1), shamblers=(ShamblerFact(9, "Z9", sees=1, lunge_reaches=True, stunned=True),))
    assert all(d.kind != "lunge" for d in plan(v, 1, levels["ruthless"]))


def test_all_the_heat_is_spent_before_anything_scores(levels):
    """4 Heat: a Hunter spends it all; a landing lunge and a Shambler would leave a point unspent."""
    v = view(survivor(1, room=1), shamblers=(ShamblerFact(7, "Z7", sees=1, lunge_reaches=True),))
    assert sum(d.cost for d in plan(v, 4, levels["standard"])) == 4


def test_every_heat_point_is_spent_when_anything_fits(levels):
    v = view(survivor(1), shamblers=(ShamblerFact(9, "Z9", sees=1, lunge_reaches=False),))
    for name, level in levels.items():
        for heat in range(1, 16):
            assert sum(d.cost for d in plan(v, heat, level)) == heat, (name, heat)


def test_the_same_board_gives_the_same_shopping_list(levels):
    v = view(survivor(1, gate=9, neighbours={2: 3}), survivor(2, gate=12, neighbours={1: 3}),
             shamblers=(ShamblerFact(4, "Z4", sees=2, lunge_reaches=True),), removed_shamblers=1)
    first = plan(v, 15, levels["standard"])
    assert first == plan(v, 15, levels["standard"])
    assert first[0].kind == "lunge" and sum(d.cost for d in first) == 15


def test_every_reason_gives_its_numbers(levels):
    v = view(survivor(1, gate=9, neighbours={2: 3}), survivor(2, gate=12, neighbours={1: 3}),
             shamblers=(ShamblerFact(4, "Z4", sees=2, lunge_reaches=True),))
    for d in plan(v, 15, levels["standard"]):
        assert any(ch.isdigit() for ch in d.reason), d.reason


def test_the_game_logs_every_purchase_with_its_reason():
    from game.ai.director_policy import DirectorAI
    from game.ai.survivor_ai import SurvivorAI
    from game.sim.runner import play_game
    s = play_game(load_content(), "pharmacy_run", 5, SurvivorAI("veteran", 5), policy=DirectorAI("standard"))
    purchases = [e for e in s.events if e.kind == "purchase" and "cost" in e.data]
    assert purchases and all(e.data["reason"] and ": " in e.text for e in purchases)
    s.close()


def test_the_director_ai_buys_an_event_once_a_phase_and_lets_the_rest_go():
    """Nothing to buy but Blackout (no spawn points, no Shamblers): it is bought once, the rest of the Heat is lost,
    never a second or third Blackout (the table assistant shops the same way, game.ai.director_shop)."""
    from game.ai.director_policy import DirectorAI
    from game.world.systems import SpendHeat
    from tests.arena import arena, open_board
    s = arena(open_board((5, "...d....")), policy=DirectorAI(), events=("blackout",))
    try:
        s.heat = 12
        list(SpendHeat().run(s))
        bought = [e for e in s.events if e.kind == "purchase" and "cost" in e.data]
        assert [e.data["what"] for e in bought] == ["Environmental event: Blackout"]
        assert [e.data["lost"] for e in s.events if e.kind == "purchase" and "lost" in e.data] == [8]
    finally:
        s.close()
