"""The Director's shopping list, one priority at a time, on small hand-made boards of facts."""
from game.ai.director import DirectorView, ShamblerFact, SpawnFact, SurvivorFact, decide, plan, pressed

SPAWNS = (SpawnFact("North Gate", "major"), SpawnFact("Alley", "minor"), SpawnFact("Dock", "minor"))


def survivor(i, to_goal=20.0, room=3, gate=30.0, alley=10.0, dock=25.0, neighbours=None, standing=True, noise=0):
    return SurvivorFact(i, f"S{i}", standing, room, to_goal, noise,
                        {"North Gate": gate, "Alley": alley, "Dock": dock}, neighbours or {})


def test_pressed_survivor_is_the_one_closest_to_finishing():
    view = DirectorView((survivor(1, to_goal=30), survivor(2, to_goal=5), survivor(3, to_goal=5, noise=4)), SPAWNS)
    assert pressed(view).id == 3          # tie on the goal: the noisier one


def test_priority_1_reanimate_a_fallen_shambler_near_the_pressed_survivor():
    view = DirectorView((survivor(1),), SPAWNS, removed_shamblers=1)
    d = decide(view, 3)
    assert (d.kind, d.spawn, d.cost) == ("reanimate", "Alley", 3)
    assert "fell" in d.reason


def test_priority_2_lunge_that_completes_an_engagement():
    view = DirectorView((survivor(1, room=1),), SPAWNS,
                        shamblers=(ShamblerFact(7, "Z7", sees=1, lunge_reaches=True),))
    d = decide(view, 4)
    assert (d.kind, d.shambler) == ("lunge", 7)


def test_lunge_respects_the_three_slot_limit():
    full = DirectorView((survivor(1, room=0),), SPAWNS,
                        shamblers=(ShamblerFact(7, "Z7", sees=None, lunge_reaches=False),))
    assert decide(full, 1) is None                     # nobody with room in sight: no lunge at all
    view = DirectorView((survivor(1, room=0), survivor(2, room=2)), SPAWNS,
                        shamblers=(ShamblerFact(7, "Z7", sees=1, lunge_reaches=True),))
    assert "reaches" not in decide(view, 1).reason     # S1 is full: the lunge is not an engagement


def test_priority_3_horde_where_two_survivors_stand_near_the_major_spawn():
    view = DirectorView((survivor(1, gate=8), survivor(2, gate=11)), SPAWNS)
    d = decide(view, 5)
    assert (d.kind, d.zombie, d.spawn) == ("spawn", "horde", "North Gate")


def test_priority_3_brute_for_a_lone_survivor_near_the_major_spawn():
    view = DirectorView((survivor(1, gate=10), survivor(2, gate=40, to_goal=50)), SPAWNS)
    d = decide(view, 5)
    assert (d.zombie, d.spawn) == ("brute", "North Gate")


def test_no_major_spawn_when_it_is_too_far_to_matter():
    view = DirectorView((survivor(1, gate=40),), SPAWNS)
    d = decide(view, 5)
    assert d.zombie != "brute" and d.zombie != "horde"


def test_priority_4_hunter_for_a_lone_survivor():
    view = DirectorView((survivor(1, neighbours={2: 12}), survivor(2, neighbours={1: 12}, to_goal=40)), SPAWNS)
    d = decide(view, 4)
    assert (d.zombie, d.spawn) == ("hunter", "Alley")


def test_priority_4_bloater_into_a_huddle_and_screamer_near_a_group():
    huddle = DirectorView((survivor(1, neighbours={2: 1}), survivor(2, neighbours={1: 1})), SPAWNS)
    assert decide(huddle, 4).zombie == "bloater"
    group = DirectorView((survivor(1, neighbours={2: 5}), survivor(2, neighbours={1: 5})), SPAWNS)
    assert decide(group, 4).zombie == "screamer"


def test_priority_5_shamblers_at_the_spawn_nearest_the_pressed_survivor():
    view = DirectorView((survivor(1, alley=30, dock=6),), SPAWNS)
    d = decide(view, 3)
    assert (d.zombie, d.spawn, d.cost) == ("shambler", "Dock", 2)


def test_priority_6_scenario_event_when_no_spawn_point_is_active():
    spawns = tuple(SpawnFact(sp.name, sp.kind, active=False) for sp in SPAWNS)
    view = DirectorView((survivor(1),), spawns, events=(("security_alarm", "Security Alarm", 3),
                                                        ("blackout", "Blackout", 4)))
    d = decide(view, 4)
    assert (d.kind, d.event) == ("event", "blackout")


def test_priority_7_last_heat_lunges_any_shambler_in_sight():
    view = DirectorView((survivor(1),), SPAWNS, shamblers=(ShamblerFact(9, "Z9", sees=1, lunge_reaches=False),))
    d = decide(view, 1)
    assert (d.kind, d.shambler) == ("lunge", 9)


def test_stunned_shamblers_are_never_lunged():
    view = DirectorView((survivor(1),), SPAWNS,
                        shamblers=(ShamblerFact(9, "Z9", sees=1, lunge_reaches=True, stunned=True),))
    assert decide(view, 1) is None


def test_the_same_board_gives_the_same_shopping_list():
    view = DirectorView((survivor(1, gate=9, neighbours={2: 3}), survivor(2, gate=12, neighbours={1: 3})), SPAWNS,
                        shamblers=(ShamblerFact(4, "Z4", sees=2, lunge_reaches=True),), removed_shamblers=1)
    first = plan(view, 15)
    assert first == plan(view, 15)
    assert [d.kind for d in first][:3] == ["reanimate", "lunge", "spawn"]
    assert sum(d.cost for d in first) <= 15


def test_the_game_logs_every_purchase_with_its_reason():
    from game.ai.players import make_player
    from game.content.loader import load_content
    from game.sim.runner import play_game
    s = play_game(load_content(), "pharmacy_run", 5, make_player("veteran", 5))
    purchases = [e for e in s.events if e.kind == "purchase" and "cost" in e.data]
    assert purchases and all(e.data["reason"] and ": " in e.text for e in purchases)
    s.close()
