"""The rescue's rules (issue 15, Lost and Found): finding the civilian, who joins the team; a civilian never
attacks; their nerve under high Heat, with dice we control; the escort task (only the civilian's escape counts,
nobody leaves before them, losing them loses the game; they are not one of the team's casualties)."""
import pytest

from game.content.defs import Task
from game.world import actions as A
from game.world.components import Inventory, Survivor, Turn
from game.world.session import Impossible
from tests.arena import arena, cell

FIND = Task("find", "interact", "Find the nurse", marker="hideout", reveals="nurse")
OUT = Task("out", "extract", "Bring her out", zone="extract", escort="nurse")


def board(*marks, size=16):
    rows = ["." * size for _ in range(size)]
    for y, row in marks:
        rows[y] = row.ljust(size, ".")
    return rows


def nurse_of(s):
    return next(sv for sv in s.survivors(on_board=False) if s.comp(sv, Survivor).archetype == "nurse")


def found(rows, faces=(), team=("doctor", "police_officer"), **kw):
    """A session whose first task is already done: the nurse stands beside the hideout, in the team."""
    s = arena(rows, team=list(team), faces=list(faces), tasks=(FIND, OUT), objectives={"1": "hideout"}, **kw)
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    s.submit(A.WorkObjective(who))
    return s, who


def next_round(s):
    s.submit(A.EndSurvivorPhase())
    s.run_director()


def test_working_the_hideout_brings_the_civilian_out_beside_it_and_into_the_team():
    s, who = found(board((5, "...d1d")))
    nurse = nurse_of(s)
    assert nurse in s.survivors() and s.board.in_contact(s.cell(nurse), cell(s, 5, 5)) or \
        s.dist(s.cell(nurse), cell(s, 5, 5)) <= s.rules.spawn_radius
    assert s.comp(nurse, Survivor).seat == 2 and s.task.id == "out"
    assert s.comp(nurse, Turn).activated                         # she acts from the next round
    with pytest.raises(Impossible):
        s.submit(A.Activate(nurse))
    s.submit(A.EndActivation(who))
    next_round(s)
    s.submit(A.Activate(nurse))
    assert s.active == nurse and s.comp(nurse, Turn).ap == s.rules.ap


def test_a_civilian_never_attacks_even_with_a_gun_in_hand():
    s, who = found(board((5, "...d1d"), (7, ".....z")))
    nurse = nurse_of(s)
    s.submit(A.EndActivation(who))
    next_round(s)
    pistol = next(g for g in s.comp(s.survivors()[1], Inventory).gear if g.gear_id == "pistol")
    s.comp(s.survivors()[1], Inventory).gear.remove(pistol)
    s.comp(nurse, Inventory).gear.append(pistol)
    s.heat = 0
    s.submit(A.Activate(nurse))
    zombie = s.zombies()[0]
    with pytest.raises(Impossible, match="cannot fight"):
        s.submit(A.Shoot(nurse, zombie, pistol.uid))


def _nerve_test(faces, heat, zombie_row=(7, "..z"), engaged=False):
    """The nurse starts an activation with this much Heat on the track; the first face is her Guts die."""
    rows = board((5, "...d1d"), zombie_row) if not engaged else board((5, "...d1d"))
    s, who = found(rows)
    nurse = nurse_of(s)
    s.submit(A.EndActivation(who))
    next_round(s)
    if engaged:
        z = s.place_zombie("shambler", next(c for c in s.board.contact_cells(s.cell(nurse))
                                            if c not in s.occupant and s.board.walkable(c)), "test")
        s.update_engagement()
        assert s.is_engaged(nurse), z
    s.heat = heat
    s.dice.faces = list(faces) + [3] * 10
    before = s.cell(nurse)
    _nerve_test.reach = [c for c in A.reach_full(s, nurse, A.move_budget(s, nurse))
                         if c == before or c not in s.occupant]          # where a Move could take her
    s.submit(A.Activate(nurse))
    return s, nurse, before


def test_below_the_panic_heat_there_is_no_test_of_nerve():
    s, nurse, before = _nerve_test([1], heat=5)
    assert s.comp(nurse, Turn).ap == s.rules.ap and s.cell(nurse) == before
    assert not [e for e in s.events if e.kind == "roll" and "nerve" in e.data.get("purpose", "")]


def test_a_held_nerve_leaves_the_activation_whole():
    s, nurse, before = _nerve_test([4], heat=6)
    rolls = [e for e in s.events if e.kind == "roll" and "nerve" in e.data.get("purpose", "")]
    assert len(rolls) == 1 and rolls[0].data["dice"] == 1          # Guts 1
    assert s.comp(nurse, Turn).ap == s.rules.ap and s.cell(nurse) == before


def test_a_lost_nerve_spends_the_activation_running_from_the_nearest_zombie():
    s, nurse, before = _nerve_test([3], heat=9)
    zombie = s.cell(s.zombies()[0])
    assert s.comp(nurse, Turn).ap == 0
    after = s.cell(nurse)
    assert s.dist(after, zombie) > s.dist(before, zombie)
    # as far from it as a Move reaches: no cell she could have run to lies farther from the zombie
    assert after in _nerve_test.reach
    assert max(s.dist(c, zombie) for c in _nerve_test.reach) == s.dist(after, zombie)


def test_an_engaged_civilian_who_panics_cowers_in_place():
    s, nurse, before = _nerve_test([2], heat=12, engaged=True)
    assert s.comp(nurse, Turn).ap == 0 and s.cell(nurse) == before


def test_nobody_leaves_before_the_civilian_and_her_escape_wins():
    rows = board((5, "...d1d"), (6, "...eee"), (7, "....ee"))
    s, who = found(rows)
    nurse = nurse_of(s)
    with pytest.raises(Impossible, match="Nurse Okafor"):
        s.submit(A.Escape(who))
    s.submit(A.EndActivation(who))
    next_round(s)
    s.heat = 0
    s.submit(A.Activate(nurse))
    if not A.in_zone(s, nurse, "extract"):
        dest = next(c for c in s.marker_cells("extract") if c not in s.occupant)
        s.submit(A.Move(nurse, dest))
    s.submit(A.Escape(nurse))
    assert s.result == ("survivors", "extraction")


def test_losing_the_civilian_loses_the_game_but_is_no_casualty_of_the_team():
    s, who = found(board((5, "..d1dd")), team=("doctor", "police_officer", "soldier"))
    nurse = nurse_of(s)
    s.eliminate(nurse, "devoured")
    assert s.result == ("director", "Nurse Okafor was lost")
    # a team of three losing the nurse and one of its own has lost one of three, not two
    s2, who2 = found(board((5, "..d1dd")), team=("doctor", "police_officer", "soldier"))
    lost = [e for e in s2.events if e.kind == "eliminated"]
    assert not lost
    s2.eliminate(s2.survivors()[1], "devoured")
    assert s2.result is None
