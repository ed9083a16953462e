"""The AIs' judgement over real games and built positions: the Director spends all its Heat and buys nothing
dominated; every survivor level rescues the Downed, never dithers, and says why with numbers."""

import pytest

from game.ai.director_levels import DIRECTOR_LEVELS
from game.ai.director_policy import DirectorAI
from game.ai.survivor_ai import LEVELS, SurvivorAI
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world import actions as A
from game.world.components import Status, Turn
from game.world.purchases import Reanimate, legal_purchases
from tests.arena import arena

SCENARIOS = ("last_train_out", "pharmacy_run", "dead_air")


class SpyDirector(DirectorAI):
    """The real Director, noting the Heat left before each purchase, and whether anything could still be bought
    whenever Heat went unspent."""

    def __init__(self, level):
        super().__init__(level)
        self.bought: list[tuple[int, object, str]] = []
        self.lost: list[list] = []
        self._watched = None

    def choose(self, s, left):
        if self._watched is not s:
            self._watched = s
            s.listeners.append(lambda e: self.lost.append(legal_purchases(s, e.data["lost"]))
                               if e.kind == "purchase" and "lost" in e.data else None)
        found = super().choose(s, left)
        if found is not None:
            self.bought.append((left, found[0], found[1]))
        return found


def spied_games(level: str, games: int = 6, rounds: int = 8):
    content = load_content()
    for i in range(games):
        spy = SpyDirector(level)
        s = play_game(content, SCENARIOS[i % 3], 100 + i, SurvivorAI("veteran", 100 + i), policy=spy, rounds=rounds)
        yield s, spy
        s.close()


@pytest.mark.parametrize("level", DIRECTOR_LEVELS)
def test_the_director_plans_every_heat_point_it_can_use(level):
    purchases = 0
    for _s, spy in spied_games(level):
        purchases += len(spy.bought)
        fallbacks = [b for b in spy.bought if b[2].startswith("the Heat must be spent")]
        assert not fallbacks, fallbacks          # its own plan spent the Heat, not the engine's fallback
        assert all(found == [] for found in spy.lost)     # Heat went unspent only when nothing fitted
    assert purchases > 20


@pytest.mark.parametrize("level", DIRECTOR_LEVELS)
def test_a_reanimate_only_ever_fills_an_odd_heat_point(level):
    for _s, spy in spied_games(level):
        for left, purchase, _why in spy.bought:
            if isinstance(purchase, Reanimate):
                assert left % 2 == 1, left      # with an even count, Shamblers at 2 each do the same for less


def _board(*marks):
    rows = ["." * 16 for _ in range(16)]
    for y, row in marks:
        rows[y] = row.ljust(16, ".")
    return rows


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_goes_to_treat_a_downed_ally_in_reach(level):
    s = arena(_board((5, "..d....d")), team=["paramedic", "cook"], faces=[6] * 12)
    medic, cook = s.survivors()
    s.wound_survivor(cook, 9, "test")
    s.submit(A.Activate(medic))
    action = SurvivorAI(level).choose(s)
    assert isinstance(action, A.Move) and s.board.in_contact(action.dest, s.cell(cook)), action
    assert "treat" in s.events[-1].data["reason"]


@pytest.mark.parametrize("level", ["veteran", "expert"])
def test_a_fighter_strikes_the_zombie_feeding_on_a_downed_ally(level):
    s = arena(_board((5, "...dd"), (6, ".....z")), team=["soldier", "cook"], faces=[6] * 12)
    soldier, cook = s.survivors()
    s.wound_survivor(cook, 9, "test")
    s.update_engagement()
    feeder = s.zombies()[0]
    assert feeder in s.engagers(cook)
    s.submit(A.Activate(soldier))
    action = SurvivorAI(level).choose(s)
    if s.board.in_contact(s.cell(soldier), s.cell(feeder)):
        assert isinstance(action, (A.Melee, A.Shoot)) and action.target == feeder, action
    else:
        assert isinstance(action, (A.Shoot, A.Move)), action
    assert "feeding" in s.events[-1].data["reason"] or "off an ally" in s.events[-1].data["reason"]


@pytest.mark.parametrize("level", ["veteran", "expert"])
def test_a_medic_who_can_reach_a_downed_ally_this_activation_is_not_turned_aside_by_the_hordes_reach(level):
    """Ten inches off, two Moves and a Triage: a line of zombies four inches past the ally puts every cell near them
    in the horde's reach. Weighing that reach as on any walk, the medic stopped an inch short and the ally stayed
    Downed; it goes straight there and treats them in the same activation."""
    s = arena(_board((5, "d.........d"), (9, "zzzzzzzzzzzz")), team=["paramedic", "cook"], faces=[6] * 30)
    medic, cook = s.survivors()
    s.wound_survivor(cook, 9, "test")
    s.submit(A.Activate(medic))
    ai = SurvivorAI(level)
    first = ai.choose(s)
    assert "runs to treat" in s.events[-1].data["reason"] and "this activation" in s.events[-1].data["reason"]
    s.submit(first)
    while s.active == medic and s.comp(medic, Turn).ap > 0:
        s.submit(ai.choose(s))
    assert not s.comp(cook, Status).downed


@pytest.mark.parametrize("level", ["veteran", "expert"])
def test_a_civilian_never_charges_the_zombies_feeding_on_a_downed_ally(level):
    """She cannot strike them (noncombatant): walking into their contact only buys her parting swipes."""
    s = arena(_board((5, "..d.d"), (6, ".....z")), team=["nurse", "cook"], faces=[6] * 12)
    nurse, cook = s.survivors()
    s.wound_survivor(cook, 9, "test")
    s.update_engagement()
    feeder = s.zombies()[0]
    assert feeder in s.engagers(cook)
    s.submit(A.Activate(nurse))
    action = SurvivorAI(level).choose(s)
    assert "feeding" not in s.events[-1].data["reason"], s.events[-1].text
    assert not (isinstance(action, A.Move) and s.board.in_contact(action.dest, s.cell(feeder))), action


def test_a_non_medic_drags_a_downed_ally_toward_the_medic():
    s = arena(_board((4, "..==========="), (5, "..dd........d")), team=["cook", "courier", "paramedic"],
              faces=[6] * 12)        # a fence along the street: cover to drag her into
    cook, courier, _medic = s.survivors()
    s.wound_survivor(cook, 9, "test")
    s.submit(A.Activate(courier))
    action = SurvivorAI("veteran").choose(s)
    assert isinstance(action, A.Drag) and action.ally == cook, action
    assert "toward" in s.events[-1].data["reason"]


@pytest.mark.parametrize("level", ["veteran", "expert"])
def test_no_survivor_walks_back_into_a_cell_it_left_in_the_same_activation(level):
    content = load_content()
    moves = 0
    for seed in range(6):
        s = play_game(content, SCENARIOS[seed % 3], seed, SurvivorAI(level, seed), rounds=5)
        left: dict[tuple, set] = {}
        active_turn = {}
        for e in s.events:
            if e.kind == "activate":
                active_turn[e.data.get("who")] = e
            if e.kind != "move" or not s.is_survivor(e.data["who"]) or e.data["who"] not in active_turn:
                continue
            key = (e.data["who"], id(active_turn[e.data["who"]]))
            path = e.data["path"]
            gone = left.setdefault(key, set())
            assert path[-1] not in gone, (seed, e.text)
            gone.add(path[0])
            moves += 1
        s.close()
    assert moves > 50


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_decision_gives_the_numbers_behind_it(level):
    content = load_content()
    decisions = 0
    for seed in range(3):
        s = play_game(content, SCENARIOS[seed], seed, SurvivorAI(level, seed), rounds=4)
        for e in s.events:
            if e.kind == "decision":
                decisions += 1
                assert any(ch.isdigit() for ch in e.data["reason"]), e.text
        s.close()
    assert decisions > 30


def test_a_loud_shot_names_the_heat_it_makes_and_the_escalation_band_it_reaches():
    s = arena(_board((5, "..d...z")), team=["soldier"], faces=[6] * 12)
    who = s.survivors()[0]
    s.heat = 6
    s.submit(A.Activate(who))
    action = SurvivorAI("veteran").choose(s)
    reason = s.events[-1].data["reason"]
    assert isinstance(action, A.Shoot), reason
    assert "Heat 6 ->" in reason and "% to drop it" in reason


def _chased_through_a_door(level: str):
    """A survivor just through a door in a wall, the exit ahead of it, a shambler following 3" behind the door."""
    rows = _board((3, "...z"), (6, "######/#########"), (7, "......d"), (14, "eeeeeeeeeeeeeeee"))
    s = arena(rows, team=["cook"], faces=[6] * 12)
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    return s, who, SurvivorAI(level)


def test_the_expert_shuts_and_barricades_a_door_behind_itself_when_a_zombie_follows():
    s, who, ai = _chased_through_a_door("expert")
    door = s.board.idx(6, 6)
    action = ai.choose(s)
    assert isinstance(action, A.Door) and action.cell == door and action.mode == "toggle", action
    assert "shuts the door behind it" in s.events[-1].data["reason"]
    s.submit(action)
    assert s.board.door_is_closed(door)
    action = ai.choose(s)
    assert isinstance(action, A.Door) and action.cell == door and action.mode == "barricade", action
    assert "barricades" in s.events[-1].data["reason"]


def test_the_expert_leaves_a_door_open_with_nobody_behind_it_or_the_way_ahead_through_it():
    s, who, ai = _chased_through_a_door("expert")
    s.kill_zombie(s.zombies()[0])
    action = ai.choose(s)
    assert not isinstance(action, A.Door), action
    # The exit behind the door: the door is on its way, so it stays open.
    rows = _board((1, "eeeeeeeeeeeeeeee"), (3, "...z"), (6, "######/#########"), (7, "......d"))
    s = arena(rows, team=["cook"], faces=[6] * 12)
    s.submit(A.Activate(s.survivors()[0]))
    action = SurvivorAI("expert").choose(s)
    assert not isinstance(action, A.Door), action


def test_the_veteran_leaves_doors_open():
    s, who, ai = _chased_through_a_door("veteran")
    action = ai.choose(s)
    assert not isinstance(action, A.Door), action


@pytest.mark.parametrize("level", ["veteran", "expert"])
def test_an_escort_beside_the_carrier_goes_ahead_of_them_and_stays_within_reach(level):
    from game.content.defs import Task
    from game.world.components import Inventory
    tasks = (Task("load", "deliver", "Carry the crate to the van", item="supply_crate", count=1, zone="extract"),)
    # the escort a step behind the carrier, the van at the far side
    s = arena(_board((2, "..d"), (3, "...d"), (14, "eeeeeeeeeeeeeeee")), team=["cook", "doctor"], tasks=tasks,
              faces=[6] * 12)
    escort, carrier = s.survivors()
    s.comp(carrier, Inventory).gear.append(s._new_gear("supply_crate", "objective"))
    s.submit(A.Activate(escort))
    before = s.board.field(tuple(s.marker_cells("extract")))[s.cell(escort)]
    action = SurvivorAI(level).choose(s)
    assert isinstance(action, A.Move), action
    assert "goes ahead of" in s.events[-1].data["reason"]
    field = s.board.field(tuple(s.marker_cells("extract")))
    assert field[action.dest] < before                                  # toward where the crate is going
    assert s.dist(action.dest, s.cell(carrier)) <= SurvivorAI(level).level.escort   # and never out of reach


def _with_card(s, who, card: str):
    from game.world.components import Agenda
    s.add_component(who, Agenda(card))


@pytest.mark.parametrize("level", list(LEVELS))
def test_quiet_hands_holds_its_fire_while_the_clock_allows_its_level_to_put_itself_first(level):
    s = arena(_board((5, "..d...z"), (14, "eeeeeeeeeeeeeeee")), team=["soldier"], faces=[6] * 12, doom_length=30)
    who = s.survivors()[0]
    s.heat = 6
    _with_card(s, who, "quiet_hands")
    s.submit(A.Activate(who))
    ai = SurvivorAI(level)
    assert ai._slack(s) >= ai.level.agenda_slack          # a long clock: every level can afford its agenda
    assert not isinstance(ai.choose(s), A.Shoot)


def test_the_expert_drops_its_agenda_when_the_clock_runs_short_and_the_novice_does_not():
    def short_clock(card: str | None):
        s = arena(_board((5, "..d...z"), (14, "eeeeeeeeeeeeeeee")), team=["soldier"], faces=[6] * 12, doom_length=4)
        who = s.survivors()[0]
        s.heat = 6
        if card:
            _with_card(s, who, card)
        s.submit(A.Activate(who))
        return s
    for level in ("expert", "novice"):
        ai = SurvivorAI(level)
        s = short_clock(None)
        plain = ai.choose(s)
        s = short_clock("quiet_hands")
        assert ai._slack(s) < SurvivorAI("expert").level.agenda_slack
        dealt = SurvivorAI(level).choose(s)
        if level == "expert":
            assert dealt == plain            # no rounds to spare: the team's goal first, as if it had no card
        else:
            assert isinstance(plain, A.Shoot) and not isinstance(dealt, A.Shoot)    # the card, whatever it costs


def test_the_hoarder_picks_up_what_lies_at_hand():
    s = arena(_board((5, "..d"), (14, "eeeeeeeeeeeeeeee")), team=["cook"], faces=[6] * 12, doom_length=30)
    who = s.survivors()[0]
    _with_card(s, who, "hoarder")
    s.drop(s._new_gear("crowbar", "core"), s.cell(who))
    s.submit(A.Activate(who))
    action = SurvivorAI("veteran").choose(s)
    assert isinstance(action, A.PickUp), action
    assert "secret agenda (The Hoarder)" in s.events[-1].data["reason"]


def _smg_across(wall: str):
    """A soldier with a loud SMG, a shambler 5" away in plain sight; column 4 is `wall` from edge to edge."""
    rows = _board(*[(y, f"....{wall}") for y in range(16)])
    rows[5] = "..d." + wall + "..z" + rows[5][8:]
    s = arena(rows, team=["soldier"], faces=[6] * 12)
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    return s, SurvivorAI("veteran").choose(s)


def test_a_zombie_the_horde_forecast_shuts_out_is_no_reason_for_a_loud_shot():
    s, action = _smg_across(".")
    assert isinstance(action, A.Shoot) and "before it reaches someone" in s.events[-1].data["reason"]
    s, action = _smg_across("H")          # a row of wrecked cars: it sees the survivor and cannot walk to it
    assert s.can_see(s.cell(s.survivors()[0]), s.cell(s.zombies()[0]))
    assert not isinstance(action, A.Shoot), s.events[-1].data["reason"]
