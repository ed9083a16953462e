"""Movement, engagement and disengaging, checked against the rulebook with dice we control."""
import pytest

from game.world import actions as A
from game.world.session import Impossible
from tests.arena import Status, Zombie, arena, at, cell

OPEN = ["." * 12 for _ in range(12)]


def board(*rows_with_marks):
    rows = list(OPEN)
    for y, row in rows_with_marks:
        rows[y] = row
    return rows


def activate(s, who=None):
    who = who if who is not None else s.survivors()[0]
    s.submit(A.Activate(who))
    return who


def test_survivor_has_three_action_points():
    s = arena(board((5, "....d.......")))
    who = activate(s)
    for step in (5, 6, 7):
        s.submit(A.Move(who, cell(s, step, 5)))
    with pytest.raises(Impossible, match="no AP"):
        s.submit(A.Move(who, cell(s, 8, 5)))


def test_move_costs_one_inch_per_straight_cell_and_one_and_a_half_per_diagonal():
    s = arena(board((5, "d...........")))
    who = activate(s)   # the Doctor moves 5"
    reach = A.reachable(s, who, A.move_budget(s, who))
    assert cell(s, 5, 5) in reach and cell(s, 6, 5) not in reach       # 5 straight, not 6
    assert cell(s, 3, 2) in reach        # 3 diagonal steps = 4.5"
    assert cell(s, 4, 1) not in reach    # 4 diagonal steps = 6"


def test_difficult_terrain_costs_double():
    s = arena(board((5, "d,,,........")))
    who = activate(s)
    reach = A.reachable(s, who, A.move_budget(s, who))
    assert reach[cell(s, 2, 5)][0] == 8      # two rubble cells = 4 inches (8 half inches)
    assert cell(s, 3, 5) not in reach or reach[cell(s, 3, 5)][0] <= 10


def test_walls_and_closed_doors_block_movement():
    s = arena(board((4, "..#########."), (5, ".d+........."), (6, "..#########.")))
    who = activate(s)
    reach = A.reachable(s, who, A.move_budget(s, who))
    assert cell(s, 3, 5) not in reach and cell(s, 2, 5) not in reach
    s.submit(A.Door(who, cell(s, 2, 5)))
    assert s.board.door_open[cell(s, 2, 5)]
    assert cell(s, 4, 5) in A.reachable(s, who, A.move_budget(s, who))


def test_diagonal_steps_cannot_cut_wall_corners():
    s = arena(board((4, "....#......."), (5, "...d#......."), (6, "....#.......")))
    who = activate(s)
    path = A.reachable(s, who, A.move_budget(s, who))
    # (5,4) is only reachable around the wall's end, never by squeezing diagonally past it
    assert cell(s, 4, 5) not in path and cell(s, 5, 5) not in path


def test_entering_base_contact_with_a_zombie_ends_the_move():
    s = arena(board((5, "d....z......")))
    who = activate(s)
    reach = A.reachable(s, who, A.move_budget(s, who))
    assert cell(s, 4, 5) in reach          # may stop next to the zombie
    assert cell(s, 6, 4) not in reach      # but not walk on past it
    s.submit(A.Move(who, cell(s, 4, 5)))
    assert s.is_engaged(who)


def test_engaged_survivor_cannot_move():
    s = arena(board((5, "....dz......")))
    who = activate(s)
    assert s.is_engaged(who)
    with pytest.raises(Impossible, match="Disengage"):
        s.submit(A.Move(who, cell(s, 1, 5)))


def test_disengage_moves_half_move_and_each_engaged_zombie_swipes_on_5_or_6():
    s = arena(board((4, ".....z......"), (5, "....dz......"), (6, ".....z......")),
              team=["paramedic"], faces=[5, 6, 4])
    who = activate(s)
    assert len(s.engagers(who)) == 3
    cells = A.Disengage(who, -1).cells(s)
    assert cell(s, 2, 5) in cells                      # 2" away: half of 5" rounds down to 2"
    assert cell(s, 1, 5) not in cells
    s.submit(A.Disengage(who, cell(s, 2, 5)))
    health = s.comp(who, A.Health)
    assert health.wounds == health.max_wounds - 2      # the 5 and the 6 wound, the 4 does not
    assert not s.is_engaged(who)


def test_parting_swipes_never_exceed_three_dice():
    s = arena(board((4, "....z......."), (5, "....d.......")), team=["paramedic"], faces=[1, 1, 1])
    who = s.survivors()[0]
    s.place_zombie("horde", cell(s, 5, 5), "test")
    activate(s, who)
    # the Horde has no room to attack her (the Shambler holds a slot), but in contact it engages her all the same
    assert s.slots_used(who) == 1 and len(s.contact_zombies(who)) == 2
    s.submit(A.Disengage(who, cell(s, 2, 5)))
    swipes = [e for e in s.events if e.data.get("purpose", "").startswith("parting swipes")]
    assert len(swipes[-1].data["faces"]) == 3


def test_no_more_than_three_zombies_engage_one_survivor():
    s = arena(board((4, "...zzz......"), (5, "...zd.......")))
    who = s.survivors()[0]
    assert len(s.engagers(who)) == 3
    unengaged = [z for z in s.zombies() if s.comp(z, Zombie).engaged is None]
    assert len(unengaged) == 1


def test_horde_tray_is_three_figures_and_fills_all_three_slots():
    s = arena(board((5, "....d.......")))
    who = s.survivors()[0]
    horde = s.place_zombie("horde", cell(s, 5, 5), "test")
    s.place_zombie("shambler", cell(s, 3, 5), "test")
    s.place_zombie("shambler", cell(s, 4, 4), "test")
    assert s.slots_used(who) == 3
    assert s.engagers(who) == [horde]           # no fourth figure: the Shamblers find no room to attack her
    assert len(s.contact_zombies(who)) == 3


def test_a_standing_survivor_draws_feeding_zombies_off_a_downed_ally():
    s = arena(board((5, "...dzd......")), team=["doctor", "paramedic"])
    downed, friend = s.survivors()
    z = at(s, 4, 5)
    assert s.comp(z, Zombie).engaged == downed       # fewest slots filled, then lowest id
    s.wound_survivor(downed, 9, "test")
    # the paramedic at (5,5) is in contact with the zombie too: it turns on the standing survivor
    assert s.comp(z, Zombie).engaged == friend
    assert s.comp(downed, Status).downed
