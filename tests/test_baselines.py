"""The scripted baselines (rush, greedy, turtle): whole games to an end with legal actions only, the same game for a
seed, the plan each one stands for, and `simulate --level rush` through the CLI."""
from functools import cache

import pytest

from game.ai.baselines import Greedy, Rush, Turtle
from game.ai.players import PLAYERS, make_player
from game.cli import main
from game.content.defs import Task
from game.content.loader import load_content
from game.sim.runner import MAX_ACTIONS_PER_ROUND, play_game
from game.world import actions as A
from game.world.components import Inventory
from game.world.legal import refusal
from tests.arena import arena, at, cell, open_board

SCENARIOS = ("last_train_out", "pharmacy_run", "dead_air", "cold_chain", "night_shift")
SEED = 4


class Referee:
    """Wraps a player: every answer must be legal, and a Survivor Phase must end well within the runner's cap."""

    def __init__(self, player):
        self.player = player
        self.refused: list[str] = []
        self.most = 0
        self._phase = (None, 0)

    def choose(self, s):
        action = self.player.choose(s)
        count = self._phase[1] + 1 if self._phase[0] == s.round else 1
        self._phase = (s.round, count)
        self.most = max(self.most, count)
        why = refusal(s, action) if action is not None else "no answer"
        if why is not None:
            self.refused.append(f"round {s.round}: {action}: {why}")
        return action


@cache
def played(level: str, scenario: str, seed: int = SEED):
    """(result, the event log, the referee) of one whole game; each game is played once for the whole module."""
    referee = Referee(make_player(level, seed))
    s = play_game(load_content(), scenario, seed, referee)
    found = (s.result, tuple(s.events), referee)
    s.close()
    return found


def test_the_players_are_the_levels_then_the_baselines():
    assert PLAYERS == ("novice", "veteran", "expert", "random", "rush", "greedy", "turtle")
    assert isinstance(make_player("rush", 1), Rush) and isinstance(make_player("turtle", 1), Turtle)
    assert isinstance(make_player("greedy", 1), Greedy)
    with pytest.raises(KeyError):
        make_player("godlike", 1)


@pytest.mark.parametrize("level", ["rush", "greedy", "turtle"])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_baseline_plays_a_whole_game_with_legal_actions_only(level, scenario):
    result, events, referee = played(level, scenario)
    assert result is not None
    assert referee.refused == []
    assert referee.most < MAX_ACTIONS_PER_ROUND // 4          # far from the cap: no player stalls
    decisions = [e for e in events if e.kind == "decision"]
    assert decisions and all(e.data["reason"] and "refused" not in e.data["reason"] for e in decisions)


@pytest.mark.parametrize("level", ["rush", "greedy", "turtle"])
def test_same_seed_same_game(level):
    logs = []
    for _ in range(2):
        s = play_game(load_content(), "pharmacy_run", 9, make_player(level, 9))
        logs.append(s.log_lines())
        s.close()
    assert logs[0] == logs[1]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_rush_never_shoots_nor_searches(scenario):
    _, events, _ = played("rush", scenario)
    assert not [e for e in events if e.kind == "search" or e.kind == "attack" and " fires " in e.text]
    assert not [e for e in events if e.kind == "roll" and e.data.get("purpose", "").startswith("a shot")]
    assert any(e.kind == "move" for e in events)


def activate(s, who):
    s.submit(A.Activate(who))
    return who


def test_rush_walks_past_a_zombie_in_range_of_its_gun():
    s = arena(open_board((5, "..d.........e"), (9, "..z")), team=["police_officer"])
    activate(s, s.survivors()[0])
    action = Rush(1).choose(s)
    assert isinstance(action, A.Move) and s.board.xy(action.dest)[0] > 2
    assert s.events[-1].kind == "decision" and s.events[-1].data["reason"]


def test_rush_breaks_away_towards_its_goal_and_strikes_only_when_boxed_in():
    s = arena(open_board((4, "...z"), (5, "...d.......e")), team=["doctor"])
    activate(s, s.survivors()[0])
    action = Rush(1).choose(s)
    assert isinstance(action, A.Disengage) and s.board.xy(action.dest)[0] > 3
    boxed = arena(open_board((4, "zzz"), (5, "zdz"), (6, "zzz"), (8, "...e")), team=["doctor"])
    activate(boxed, boxed.survivors()[0])
    assert isinstance(Rush(1).choose(boxed), A.Melee)


def test_rush_runs_past_a_zombie_rather_than_into_its_reach():
    # The straight line east passes next to the zombie at (6, 5); a cell just as far along one row down does not.
    s = arena(open_board((4, "......z"), (5, "..d..........e")), team=["doctor"])
    activate(s, s.survivors()[0])
    action = Rush(1).choose(s)
    zombie = cell(s, 6, 4)
    assert isinstance(action, A.Move) and s.board.xy(action.dest)[0] > 2
    assert zombie not in s.board.contact_cells(action.dest)


def test_rush_breaks_away_out_of_every_zombies_reach():
    # Caught at (3, 5): the cells furthest east touch a second zombie at (6, 5); it breaks away clear of both.
    s = arena(open_board((4, "...z"), (5, "...d..z.....e")), team=["doctor"])
    activate(s, s.survivors()[0])
    action = Rush(1).choose(s)
    assert isinstance(action, A.Disengage)
    assert s.zombie_cell_set().isdisjoint(s.board.contact_cells(action.dest))


def test_rush_steps_into_the_zone_and_escapes():
    s = arena(open_board((5, "..d.e")), team=["courier"])
    who = activate(s, s.survivors()[0])
    for _ in range(3):
        if s.result is None:
            s.submit(Rush(1).choose(s))
    assert s.result == ("survivors", "extraction") and not s.survivors()
    assert any(e.kind == "decision" and e.data["reason"] == "escapes" and e.data["who"] == who for e in s.events)


def test_greedy_moves_on_rather_than_shoot_a_zombie_in_range():
    s = arena(open_board((5, "..d.........e"), (9, "..z")), team=["police_officer"])
    activate(s, s.survivors()[0])
    assert isinstance(Greedy(1).choose(s), A.Move)


def test_greedy_shoots_a_close_zombie_when_no_step_gains_ground():
    # Walled in with a zombie 2" away and no way to the exit: the one AP that buys anything is a shot.
    walled = arena(["#####", "#d.z#", "#####", "....e"], team=["police_officer"])
    shooter = activate(walled, walled.survivors()[0])
    action = Greedy(1).choose(walled)
    assert isinstance(action, A.Shoot) and action.who == shooter and action.target == at(walled, 3, 1)
    far = arena(["#######", "#d...z#", "#######", "......e"], team=["police_officer"])
    activate(far, far.survivors()[0])
    assert not isinstance(Greedy(1).choose(far), A.Shoot)       # 4" away: not a close threat


def test_greedy_hands_the_objective_on_to_a_fresh_ally_when_caught():
    tasks = (Task("load", "deliver", "Carry the crate to the van", item="supply_crate", count=1, zone="extract"),)
    s = arena(open_board((4, "..z"), (5, "...dd.......e")), team=["courier", "doctor"], tasks=tasks)
    carrier = next(sv for sv in s.survivors() if s.xy(sv) == (3, 5))
    ally = next(sv for sv in s.survivors() if sv != carrier)
    crate = s._new_gear("supply_crate", "objective")
    s.comp(carrier, Inventory).gear.append(crate)
    activate(s, carrier)
    assert Greedy(1).choose(s) == A.HandOff(carrier, ally, crate.uid)


def test_turtle_shoots_a_zombie_in_range_loud_gun_or_not():
    s = arena(open_board((5, "..d"), (9, "..z"), (12, "..........e")), team=["police_officer"])
    who = activate(s, s.survivors()[0])
    action = Turtle(1).choose(s)
    assert isinstance(action, A.Shoot) and action.who == who and action.target == s.occupant[cell(s, 2, 9)]
    assert s.events[-1].data["reason"].startswith("shoots Shambler")


def test_turtle_waits_for_the_rearmost_rather_than_run_ahead():
    s = arena(open_board((2, "d"), (8, "............d"), (14, "..............e")), team=["courier", "doctor"])
    ahead = next(sv for sv in s.survivors() if s.xy(sv) == (12, 8))
    activate(s, ahead)
    assert Turtle(1).choose(s) == A.EndActivation(ahead)       # already more than LEASH ahead: it holds
    s.submit(A.EndActivation(ahead))
    rear = activate(s, next(sv for sv in s.survivors() if sv != ahead))
    field = s.board.field(tuple(s.marker_cells("extract")))
    action = Turtle(1).choose(s)
    assert isinstance(action, A.Move) and action.who == rear and field[action.dest] < field[cell(s, 0, 2)]


def test_simulate_rush_through_the_cli(capsys):
    assert main(["simulate", "--scenario", "last_train_out", "--games", "3", "--level", "rush", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "3 games, survivor AI rush" in out and "survivor win rate" in out
