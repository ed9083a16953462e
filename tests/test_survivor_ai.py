"""The survivor AI on small boards: it revives, extracts, breaks off lost fights and gives reasons."""
from game.ai.players import make_player
from game.ai.survivor_ai import SurvivorAI
from game.world import actions as A
from game.world.components import Status, Turn
from tests.arena import arena, cell

ROWS = ["." * 16 for _ in range(16)]


def board(*marks):
    rows = list(ROWS)
    for y, row in marks:
        rows[y] = row.ljust(16, ".")
    return rows


def play_activation(s, ai, who):
    s.submit(A.Activate(who))
    actions = []
    while s.active == who and s.comp(who, Turn).ap > 0 and s.result is None:
        action = ai.choose(s)
        actions.append(action)
        s.submit(action)
    return actions


def test_a_medic_revives_a_downed_ally_in_reach():
    s = arena(board((5, "...dd")), team=["paramedic", "cook"], faces=[6] * 4)
    medic, cook = s.survivors()
    s.wound_survivor(cook, 9, "test")
    actions = play_activation(s, SurvivorAI("expert", 1), medic)
    assert isinstance(actions[0], A.Triage)
    assert not s.comp(cook, Status).downed


def test_a_medic_runs_to_a_downed_ally_then_treats_them():
    s = arena(board((5, "...d"), (5, "...d......d")), team=["paramedic", "cook"], faces=[6] * 9)
    medic, cook = s.survivors()
    s.wound_survivor(cook, 9, "test")
    actions = play_activation(s, SurvivorAI("expert", 1), medic)
    assert isinstance(actions[0], A.Move) and any(isinstance(a, A.Triage) for a in actions)


def test_the_team_heads_for_the_exit_and_escapes():
    s = arena(board((5, "..d........e")), team=["courier"])
    who = s.survivors()[0]
    actions = play_activation(s, SurvivorAI("veteran", 2), who)
    assert isinstance(actions[-1], A.Escape)
    assert s.result == ("survivors", "extraction")


def test_it_breaks_away_from_a_fight_it_cannot_win():
    s = arena(board((4, "...zzz"), (5, "....d")), team=["doctor"], faces=[6, 6, 6, 6])
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    action = SurvivorAI("expert", 3).choose(s)
    assert isinstance(action, A.Disengage)
    assert "breaks away" in s.events[-1].text and "from the swarm" in s.events[-1].text


def test_it_fights_a_lone_shambler_it_can_beat():
    s = arena(board((5, "....dz")), team=["firefighter"])
    who = s.survivors()[0]
    s.submit(A.Activate(who))
    assert isinstance(SurvivorAI("expert", 3).choose(s), A.Melee)


def test_every_decision_carries_a_reason_in_the_event_stream():
    s = arena(board((5, "..d........e")), team=["courier"])
    who = s.survivors()[0]
    play_activation(s, SurvivorAI("veteran", 2), who)
    decisions = [e for e in s.events if e.kind == "decision"]
    assert decisions and all(e.data["reason"] for e in decisions)


def test_levels_are_deterministic_for_a_seed():
    from game.content.loader import load_content
    from game.sim.runner import play_game
    logs = []
    for _ in range(2):
        s = play_game(load_content(), "last_train_out", 11, make_player("novice", 11))
        logs.append(s.log_lines())
        s.close()
    assert logs[0] == logs[1]


def test_a_survivor_never_ends_a_move_in_contact_by_accident():
    s = arena(board((5, "..d....z....e")), team=["courier"])
    who = s.survivors()[0]
    zombie = cell(s, 7, 5)
    play_activation(s, SurvivorAI("expert", 4), who)
    stops = [e.data["path"][-1] for e in s.events if e.kind == "move" and e.data["who"] == who]
    assert stops and not any(s.board.in_contact(c, zombie) for c in stops)
    assert s.comp(who, Status).escaped            # and it still got out, around the zombie
