"""The scenario tasks of issue 15: a delivery of several different items, `hold` (Jump Start) and `survive` (Hold the
Line). Built positions and scripted dice (docs/RULES.md, "Scenario tasks")."""
import pytest

from game.content.defs import Task
from game.world import actions as A
from game.world.session import Impossible
from tests.arena import Inventory, arena, cell

ROWS = ["." * 14 for _ in range(14)]
TIES = [3] * 40         # no die scores: every melee and swarm is a tie, nobody is hurt, no complication


def board(*marks):
    rows = list(ROWS)
    for y, row in marks:
        rows[y] = row.ljust(14, ".")
    return rows


def carry(s, who, item):
    s.comp(who, Inventory).gear.append(s._new_gear(item, "objective"))


def end_round(s):
    s.submit(A.EndSurvivorPhase())
    s.run_director()


def counted(s):
    return [e.data.get("counted", True) for e in s.events if e.kind == "objective" and "step done" not in e.text]


# --- a delivery of several different items ------------------------------------------------------------------------
PARTS = Task("parts", "deliver", "Bring the parts", items=("car_battery", "gas_can"), count=2, zone="extract")
HOLD = Task("start", "hold", "Hold the van", zone="extract", rounds=2)


def test_each_listed_item_counts_once_and_nothing_else_is_taken():
    s = arena(board((5, "....de")), team=["mechanic"], tasks=(PARTS, HOLD))
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    s.submit(A.Move(who, cell(s, 5, 5)))
    carry(s, who, "supply_crate")
    with pytest.raises(Impossible, match="Car Battery or Gas Can"):
        s.submit(A.Deliver(who))
    carry(s, who, "gas_can")
    s.submit(A.Deliver(who))
    assert s.task_progress == 1 and s.task.id == "parts"
    carry(s, who, "car_battery")
    s.submit(A.Deliver(who))
    assert s.task.id == "start" and s.task_progress == 0 and s.result is None
    assert [g.gear_id for g in s.comp(who, Inventory).gear].count("supply_crate") == 1


# --- hold ------------------------------------------------------------------------------------------------------------
def test_a_hold_round_counts_only_with_a_standing_survivor_free_in_the_zone():
    s = arena(board((5, "....e..d")), team=["mechanic"], tasks=(HOLD,), faces=TIES * 3)
    who = s.survivors()[0]
    s.move_model(who, [cell(s, 4, 5)])
    z = s.place_zombie("shambler", cell(s, 5, 5), "test")
    end_round(s)                       # engaged all through the Director Phase: the engine does not catch
    assert s.task_progress == 0 and counted(s) == [False]
    s.kill_zombie(z)
    end_round(s)
    assert s.task_progress == 1 and counted(s) == [False, True]
    s.move_model(who, [cell(s, 8, 5)])  # out of the zone: nobody holds it
    end_round(s)
    assert s.task_progress == 1 and counted(s) == [False, True, False]
    s.move_model(who, [cell(s, 4, 5)])
    end_round(s)
    assert s.result == ("survivors", "objective") and s.round == 4


def test_one_free_survivor_in_the_zone_is_enough_but_a_downed_one_is_not():
    s = arena(board((5, "...ee..dd")), team=["mechanic", "doctor"], tasks=(HOLD,), faces=TIES * 3)
    a, b = s.survivors()
    s.move_model(a, [cell(s, 3, 5)])
    s.move_model(b, [cell(s, 4, 5)])
    s.place_zombie("shambler", cell(s, 5, 5), "test")     # engages b only
    assert s.holders() == [a]
    s.go_down(a)
    assert s.holders() == []
    end_round(s)
    assert counted(s) == [False]


def test_the_last_hold_round_wins_before_the_doom_finale_ends_the_game():
    s = arena(board((5, "....e..d")), team=["mechanic"], tasks=(HOLD,), faces=TIES * 2)
    who = s.survivors()[0]
    s.move_model(who, [cell(s, 4, 5)])
    s.task_progress = 1
    s.last_round = s.round             # this is the last round: the Director would win at its end
    end_round(s)
    assert s.result == ("survivors", "objective")


def test_unseeing_zombies_drift_to_the_zone_while_the_engine_turns_over():
    from game.world.horde import objective_cells
    s = arena(board((5, "....e..d")), team=["mechanic"], tasks=(HOLD,))
    assert objective_cells(s) == [cell(s, 4, 5)]


# --- survive -------------------------------------------------------------------------------------------------------
SURVIVE = Task("last", "survive", "Last two rounds", rounds=2, count=2)


def test_a_survive_round_counts_only_with_enough_survivors_standing():
    s = arena(board((5, "...dd.")), team=["mechanic", "doctor"], tasks=(SURVIVE,), faces=[5] * 8)
    a, b = s.survivors()
    s.go_down(b)
    end_round(s)                       # b passes its bleed-out save on the scripted 5s, but lies Downed
    assert s.task_progress == 0 and counted(s) == [False] and s.result is None
    s.revive(b, 1)
    end_round(s)
    end_round(s)
    assert s.result == ("survivors", "objective") and s.round == 3


def test_survive_is_lost_at_once_when_too_few_are_left_on_the_board():
    s = arena(board((5, "...ddd")), team=["mechanic", "doctor", "cook"], tasks=(SURVIVE,))
    s.eliminate(s.survivors()[2], "test")          # 1 of 3 lost: not over half, but 2 remain for a count of 2
    assert s.result is None
    s.eliminate(s.survivors()[1], "test")
    assert s.result == ("director", "casualties")


def test_the_count_is_capped_by_the_team_size():
    s = arena(board((5, "...d..")), team=["mechanic"], tasks=(Task("last", "survive", "Last", rounds=1, count=3),))
    assert s.must_stand() == 1
    end_round(s)
    assert s.result == ("survivors", "objective")
