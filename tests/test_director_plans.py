"""The Director's plans hold: no purchase undoes one planned after it in the same phase, and a lunge's reason says
"attacks X this phase" or "can reach X this phase" only when the horde's own forecast agrees (boards drawn by hand, dice
scripted)."""
from game.ai.director_policy import DirectorAI
from game.sim.plan_checks import lunge_claims, pin_claims
from game.world.components import Health, Status, Zombie
from game.world.intent import lunge_pin_walk, pin_undone_by
from game.world.systems import SpendHeat
from tests.arena import arena, at, director_until, open_board


def bought(s) -> list:
    return [e for e in s.events if e.kind == "purchase" and "cost" in e.data]


def lost(s) -> int:
    return sum(e.data["lost"] for e in s.events if e.kind == "purchase" and "lost" in e.data)


def test_a_blackout_never_blinds_the_lunge_planned_with_it():
    # The officer's pistol has a Shambler 8" away (beyond blackout sight): a Blackout scores, and that Shambler's
    # closing lunge takes the fifth Heat. Bought first, the Blackout would blind it and the lunge's Heat be lost.
    s = arena(open_board((8, "..d.......z")), team=["police_officer"], policy=DirectorAI("standard"),
              events=("blackout",))
    try:
        s.heat = 5
        list(SpendHeat().run(s))
        assert [e.data["purchase"] for e in bought(s)] == ["Lunge", "BuyEvent"]
        assert lost(s) == 0
    finally:
        s.close()


def _claims_hold(s) -> list[tuple[str, bool]]:
    """Each "attacks this phase" reason bought this phase, and whether that Shambler did attack that survivor."""
    director_until(s, "reset")
    return lunge_claims(s.events)


def test_a_lunge_claims_the_survivor_the_engagement_system_gives_it():
    # The Shambler at (3, 8) sees the Courier 3" off, already held by a stunned Shambler; its lunge ends at (2, 6),
    # touching the Doctor too, and the engagement system gives it to the survivor with the fewest slots in use: the
    # Doctor. That is whom the reason may say it attacks.
    s = arena(open_board((5, ".d.d"), (6, "...z#"), (8, "...z")), team=["doctor", "courier"],
              policy=DirectorAI("standard"), faces=[3] * 40, ambient_heat=1)
    doctor, holder = at(s, 1, 5), at(s, 3, 6)
    s.comp(holder, Status).stunned = True
    try:
        assert _claims_hold(s) == [(s.name(doctor), True)]
    finally:
        s.close()


def test_no_lunge_claims_an_attack_on_a_downed_survivor():
    # The Downed Doctor is the nearest the Shambler sees; the Courier stands far off, so the game goes on.
    s = arena(open_board((5, "..d"), (8, "..z"), (15, "..............d")), team=["doctor", "courier"],
              policy=DirectorAI("standard"), faces=[6] * 40, ambient_heat=1)     # (sixes: she survives bleeding)
    doctor = s.survivors()[0]
    s.comp(doctor, Status).downed = True
    try:
        assert _claims_hold(s) == []
        assert doctor in s.survivors()
        assert len(bought(s)) == 1 and lost(s) == 0     # the Heat is still spent: the lunge closes in
    finally:
        s.close()


def test_no_lunge_claims_an_attack_for_a_shambler_that_burns_to_death_first():
    s = arena(open_board((5, "..d"), (8, "..z")), team=["doctor"], policy=DirectorAI("standard"), faces=[3] * 40,
              ambient_heat=1)
    shambler = at(s, 2, 8)
    s.comp(shambler, Status).burning = True
    assert s.comp(shambler, Health).wounds == 1
    try:
        assert _claims_hold(s) == []
    finally:
        s.close()


def test_a_lunge_that_claims_an_attack_attacks():
    # The control: the same board, nothing in the way, and the claim is made and comes true.
    s = arena(open_board((5, "..d"), (8, "..z")), team=["doctor"], policy=DirectorAI("standard"), faces=[3] * 40,
              ambient_heat=1)
    try:
        assert _claims_hold(s) == [(s.name(s.survivors()[0]), True)]
    finally:
        s.close()


def test_no_closing_lunge_is_planned_at_a_survivor_the_landing_lunges_fill():
    # Three Shamblers 4" from the Doctor land on her and fill her three slots; a fourth, 5" off and first in the
    # Director's view, could only close on her. Planned with them, its lunge would find no one with room once they
    # had landed, and its Heat be lost: the plan spends that Heat on something that holds (here a spawn).
    s = arena(open_board((0, "........z"), (5, "....z...d...z"), (9, "........z"), (15, "S")), team=["doctor"],
              policy=DirectorAI("standard"))
    try:
        s.heat = 4
        list(SpendHeat().run(s))
        assert lost(s) == 0
        assert sum(e.data["cost"] for e in bought(s)) == 4
        assert not any("closes" in e.data["reason"] for e in bought(s))
    finally:
        s.close()


def _pins_hold(s) -> list[tuple[str, bool]]:
    """Each pinning lunge ("can reach X this phase") bought this phase, and whether that Shambler stands engaged with
    the survivor once the phase is over."""
    director_until(s, "reset")
    return pin_claims(s, s.events)


def test_a_lunge_that_pins_its_survivor_is_bought_before_one_that_only_closes_in():
    # One Heat, two Shamblers that see the Doctor. The one 12" off (first in id order, which a tie would favour) only
    # closes in; the one 7" off ends the phase on her: its lunge and its own 4" walk are one 7" walk, where the walk
    # alone leaves it 3" short. The Director buys the pin, and she starts her turn caught.
    s = arena(open_board((3, "..z"), (8, "..z"), (15, "..d")), team=["doctor"], policy=DirectorAI("standard"),
              faces=[3] * 40, ambient_heat=1)
    far, near, doctor = at(s, 2, 3), at(s, 2, 8), s.survivors()[0]
    try:
        assert _pins_hold(s) == [(s.name(doctor), True)]
        assert [e.data["what"] for e in bought(s)] == [f"Sudden Lunge by {s.name(near)}"]
        assert s.comp(near, Zombie).engaged == doctor and s.comp(far, Zombie).engaged is None
    finally:
        s.close()


def test_no_pin_is_claimed_for_a_shambler_whose_own_walk_reaches_the_survivor():
    # 5" off, its 4" walk alone ends in contact: a lunge adds nothing, so none says it pins (it lands, or closes in).
    s = arena(open_board((10, "..z"), (15, "..d")), team=["doctor"], policy=DirectorAI("standard"), faces=[3] * 40,
              ambient_heat=1)
    try:
        assert _pins_hold(s) == []
    finally:
        s.close()


def test_a_pin_fears_the_dark_only_beyond_blackout_sight_and_shut_doors_only_between_the_two():
    # What a Blackout or slammed doors bought after a pin could undo (its walk comes after every purchase): 7" off,
    # the Doctor is beyond blackout sight (6") and the dark may hide her; 6" off it is not; an open door on the
    # Shambler's way may be slammed in its face. Each board: the lunge and its walk pin her, the walk alone would not.
    boards = {"7 inches off": (((8, "..z"), (15, "..d")), {"blackout"}),
              "6 inches off": (((9, "..z"), (15, "..d")), set()),
              "6 inches off, through a door": (((9, "..z"), (12, "##/#############"), (15, "..d")), {"close_doors"})}
    for name, (marks, fears) in boards.items():
        s = arena(open_board(*marks), team=["doctor"], policy=DirectorAI("standard"), faces=[3] * 40)
        try:
            z, doctor = at(s, 2, marks[0][0]), s.survivors()[0]
            found = lunge_pin_walk(s, z)
            assert found is not None and found[0] == doctor, name
            assert pin_undone_by(s, z, *found) == fears, name
        finally:
            s.close()
