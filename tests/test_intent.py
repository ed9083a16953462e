"""The horde's telegraph (game.world.intent): what the screen promises a zombie will do must be what it then does."""
from __future__ import annotations

import pytest

from game.ai.players import make_player
from game.content.loader import load_content
from game.world import systems
from game.world.actions import EndSurvivorPhase
from game.world.intent import cell_danger, intent_text, walks_into_contact, zombie_intent, zombie_intents
from game.world.session import Session
from tests.arena import NoPurchases, Status, Zombie, arena, at, cell, director_until, open_board


def test_a_zombie_in_sight_is_forecast_to_reach_the_survivor_it_then_engages():
    s = arena(open_board((1, "d....z..........")), ambient_heat=0)
    z, who = at(s, 5, 1), s.survivors()[0]
    intent = zombie_intent(s, z)
    assert intent.action == "move" and intent.end == cell(s, 1, 1) and intent.engages == who
    assert intent_text(s, intent).startswith(f"Reaches {s.name(who)} next phase")
    director_until(s, "zombie")
    assert s.cell(z) == intent.end and s.comp(z, Zombie).engaged == who


def test_a_far_zombie_walks_its_move_and_reaches_no_one():
    s = arena(open_board((1, "d..........z....")), ambient_heat=0)
    z = at(s, 11, 1)
    intent = zombie_intent(s, z)
    assert intent.end == cell(s, 7, 1) and intent.engages is None
    assert intent_text(s, intent) == f"Walks 4\" next phase: sees {s.name(s.survivors()[0])}."


def test_engaged_stunned_and_called_zombies():
    rows = open_board((7, "######.#########"), (1, "dz.............."), (12, "..............z."))
    s = arena(rows, ambient_heat=0)
    biter, far = at(s, 1, 1), at(s, 14, 12)
    screamer = s.place_zombie("screamer", cell(s, 6, 9), "test")
    assert zombie_intent(s, biter).action == "attack"
    assert zombie_intent(s, biter).target == s.survivors()[0]
    # the Screamer has not shrieked yet this round: the forecast hears the shriek the activation will make
    assert zombie_intent(s, far).why == "answers the shriek"
    s.comp(far, Status).stunned = True
    assert zombie_intent(s, far).action == "stunned"
    assert screamer in zombie_intents(s)


def test_a_hunter_that_will_leap_is_forecast_with_the_leap():
    rows = ["....#..........." for _ in range(10)] + ["." * 16 for _ in range(6)]
    rows[7] = "....#..d........"
    s = arena(rows, ambient_heat=0, team=["paramedic"])
    who = s.survivors()[0]
    hunter = s.place_zombie("hunter", cell(s, 3, 8), "test")
    s.add_heat(1, s.cell(who), "a creak")
    intent = zombie_intent(s, hunter)
    assert intent.leaps and intent.engages == who
    assert "ambush leap" in intent_text(s, intent)


def test_the_forecast_changes_nothing():
    s = arena(open_board((1, "d....z.........."), (9, "..............z.")), ambient_heat=0,
              patrol=((14, 9), (2, 14)))
    before = (s.log_lines(), {z: (s.cell(z), s.comp(z, Zombie).waypoint) for z in s.zombies()},
              s.occupant.version, s.board.version)
    zombie_intents(s)
    after = (s.log_lines(), {z: (s.cell(z), s.comp(z, Zombie).waypoint) for z in s.zombies()},
             s.occupant.version, s.board.version)
    assert before == after


@pytest.mark.parametrize("scenario", ["last_train_out", "pharmacy_run", "dead_air", "night_shift"])
def test_the_first_zombie_to_move_goes_where_it_was_forecast(scenario):
    """Real games, the Director buying nothing: the forecast the player sees when they end their turn holds for the
    first zombie of the activation (no other zombie has moved before it), unless something in between changed the
    board (a spawn, a model lost or Downed)."""
    content = load_content()
    checked = 0
    for seed in range(30):
        s = Session(content, scenario, seed=seed, policy=NoPurchases())
        player = make_player("veteran", seed)
        while s.result is None and s.round <= 6:
            action = player.choose(s) or EndSurvivorPhase()
            if not isinstance(action, EndSurvivorPhase):
                s.submit(action)
                continue
            order = [z for z in systems.activation_order(s) if not s.comp(z, Status).stunned]
            intent = zombie_intent(s, order[0]) if order else None
            mark = len(s.events)
            s.submit(action)
            while s.in_director and s.step_director() not in ("zombie", None):
                pass
            upset = any(e.kind in ("spawn", "downed", "killed", "eliminated", "escape") for e in s.events[mark:])
            if intent is not None and intent.action == "move" and not upset and not s.result:
                assert s.cell(order[0]) == intent.end, (seed, s.round, s.name(order[0]))
                checked += 1
            while s.in_director:
                s.step_director()
        s.close()
    assert checked >= 30


def test_the_danger_of_a_cell_counts_contact_sight_and_reach():
    rows = open_board((1, "d..............."), (4, "......#........."), (3, "..........z....."))
    s = arena(rows, ambient_heat=0)
    z = at(s, 10, 3)
    touching = cell_danger(s, cell(s, 9, 3))
    assert touching.contact == 1 and "in contact with 1" in touching.words()
    near = cell_danger(s, cell(s, 6, 3))          # 4" away, in its sight, within its Move and base contact
    assert (near.contact, near.seen_by, near.reach) == (0, 1, 1) and "1 can reach it" in near.words()
    far = cell_danger(s, cell(s, 0, 3))
    assert (far.seen_by, far.reach) == (1, 0) and "out of reach" in far.words()
    behind = cell_danger(s, cell(s, 5, 4))        # next to the wall: cover
    assert behind.cover and behind.words().startswith("cover")
    s.comp(z, Status).stunned = True
    assert cell_danger(s, cell(s, 6, 3)).reach == 0   # a stunned zombie loses its next activation


def _across_a_door(state: str):
    """A survivor and a shambler 4" apart with a brick wall between them and one door in it, 2" off the straight
    line: the walk round through the door is 5.5" while it is open (within the shambler's 4" Move and 2" more) and
    6.5" when it must be forced shut (a door costs double); a barricade stops it."""
    rows = open_board((4, "#####+##########"), (2, "...d"), (6, "...z"))
    s = arena(rows, ambient_heat=0)
    door = cell(s, 5, 4)
    s.board.set_door(door, state != "shut")
    if state == "barricaded":
        s.board.set_door(door, False)
        s.board.set_barricade(door, True)
    return s, at(s, 3, 6)


@pytest.mark.parametrize("state, walks", [("open", True), ("shut", False), ("barricaded", False)])
def test_walks_into_contact_pays_the_zombies_own_step_costs(state, walks):
    s, z = _across_a_door(state)
    assert s.dist(s.cell(z), s.cell(s.survivors()[0])) <= 4       # as the crow flies it is well within reach
    assert walks_into_contact(s, z, 6, s.survivors()) is walks


def test_a_brute_walks_through_a_barricade_the_shambler_cannot():
    s, shambler = _across_a_door("barricaded")
    brute = s.place_zombie("brute", cell(s, 4, 6), "test")
    assert not walks_into_contact(s, shambler, 8, s.survivors())
    assert walks_into_contact(s, brute, s.zdef(brute).move + 2, s.survivors())
