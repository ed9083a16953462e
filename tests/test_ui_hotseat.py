"""Hot-seat (issue 14, part 2): several people at one screen, each with their own survivors and Secret Agendas, the
screen covered whenever it passes from one to another; the survivor AI as a teammate; a person in the Director's
chair; saves that keep who owns what."""
from __future__ import annotations

import json

import pygame
import pytest

from game.ai.director_policy import policy_for
from game.ai.survivor_ai import SurvivorAI
from game.content.loader import load_content
from game.ui.board.game_scene import GameScene
from game.ui.board.pass_cover import PassCover
from game.ui.widgets.app import App
from game.world.components import Agenda, Status, Turn
from game.world.saves import GameRecord, RecordingSession, SaveError, load_game, save_dir, seats_for, write_save
from game.world.session import AI_OWNER
from tests.screen_player import ScreenPlayer, click, press

CONTENT = load_content()
PLAYERS = ("Ann", "Ben", "Cy")


def start(scenes, record: GameRecord, size=(1280, 720)):
    app = App(size, headless=True)
    sc = GameScene(CONTENT, record)
    scenes.append(sc)
    app.push(sc)
    app.step()
    return app, sc


def hotseat(scenario="last_train_out", seed=5, players=PLAYERS, agendas=True, chair="") -> GameRecord:
    team = CONTENT.scenarios[scenario].team
    return GameRecord(scenario, seed, team, agendas=agendas, players=players,
                      owners=seats_for(len(team), players, chair, agendas), director_player=chair)


def owned(sc, player):
    s = sc.session
    return [sv for sv in s.survivors() if s.owner(sv).player == player]


def test_a_survivor_of_another_player_covers_the_screen_until_they_take_it(home, scenes):
    app, sc = start(scenes, hotseat())
    s = sc.session
    ben = owned(sc, "Ben")[0]
    click(app, sc.screen_pos(s.cell(ben)))
    cover = sc.modal
    assert isinstance(cover, PassCover) and cover.player == "Ben"
    assert s.active is None                               # nothing happens behind the cover
    press(app, pygame.K_ESCAPE)                           # Esc does not lift it: it would show the board
    assert sc.modal is cover and sc in app.stack
    # Ben's own cards, and only his, are on the second page
    assert [name for name, _ in cover.cards] == [s.name(sv) for sv in owned(sc, "Ben")]
    press(app, pygame.K_SPACE)
    assert sc.modal is cover and cover.page == 1
    press(app, pygame.K_SPACE)
    assert sc.modal is None and sc.current_player == "Ben" and s.active == ben
    # Ben sees his agendas on the survivor card, not Ann's
    assert sc.agenda_of(ben) is not None and sc.agenda_of(owned(sc, "Ann")[0]) is None


def test_three_players_with_agendas_play_to_the_end_through_the_cover_saved_and_loaded_mid_round(home, scenes):
    """The whole game at the screen: the veteran AI decides for each person, the clicks and keys are theirs; the
    screen is covered every time it passes; a save in the middle of a round keeps the owners and the cards."""
    record = hotseat(seed=6)
    app, sc = start(scenes, record)
    player = ScreenPlayer(app, sc, SurvivorAI("veteran", 6, CONTENT))
    press(app, pygame.K_4)
    # play into round 2 until someone is mid-activation, then save and load
    while not (sc.session.round == 2 and sc.session.active is not None):
        if isinstance(sc.modal, PassCover):
            player.take_the_screen()
        elif sc.session.phase == "survivor" and not sc.session.in_director and sc.modal is None:
            player.decide()
        else:
            if sc.modal is not None:
                press(app, pygame.K_SPACE)
            app.step(1 / 60)
    path = sc.save("hotseat")
    assert path == save_dir() / "hotseat.json"
    loaded = load_game(path, CONTENT, policy_for=policy_for)
    try:
        t, s = loaded.session, sc.session
        assert loaded.record.players == PLAYERS and loaded.record.owners == record.owners and loaded.record.agendas
        assert [t.owner(sv).player for sv in t.survivors()] == [s.owner(sv).player for sv in s.survivors()]
        assert [t.comp(sv, Agenda).card for sv in t.survivors()] == [s.comp(sv, Agenda).card for sv in s.survivors()]
        assert t.active == s.active and t.rng.getstate() == s.rng.getstate()
    finally:
        loaded.session.close()
    player.play()
    assert type(app.scene).__name__ == "EndScreen"
    passed_to = [who for who, _ in player.covers]
    assert set(passed_to) == set(PLAYERS) and len(passed_to) >= 6
    assert all(cards > 0 for _, cards in player.covers)          # each saw their own agenda before playing
    assert player.handed <= player.by_hand // 20


def test_one_person_with_agendas_plays_one_survivor_beside_ai_teammates_who_go_first(home, scenes):
    team = CONTENT.scenarios["pharmacy_run"].team
    record = GameRecord("pharmacy_run", 3, team, agendas=True, players=("You",),
                        owners=seats_for(len(team), ("You",), "", True))
    assert record.owners[0] == "You" and set(record.owners[1:]) == {AI_OWNER}
    app, sc = start(scenes, record)
    s = sc.session
    mine = owned(sc, "You")[0]
    assert sc.modal is None and sc.current_player == "You"            # one person: no cover to pass
    assert sc.agenda_of(mine) is not None and all(sc.agenda_of(sv) is None for sv in s.survivors() if sv != mine)
    press(app, pygame.K_4)
    for _ in range(3000):                                         # the AI's survivors take their turns first
        if not sc._teammates_due():
            break
        app.step(1 / 60)
    assert all(s.comp(sv, Turn).activated for sv in s.survivors() if sv != mine and not s.comp(sv, Status).downed)
    click(app, sc.screen_pos(s.cell(mine)))
    assert s.active == mine                                       # then the person plays theirs


def test_a_person_in_the_directors_chair_gets_the_screen_for_the_spending(home, scenes):
    record = hotseat(scenario="pharmacy_run", seed=4, players=("Dee", "Ann", "Ben"), agendas=False, chair="Dee")
    assert "Dee" not in record.owners
    app, sc = start(scenes, record)
    player = ScreenPlayer(app, sc, SurvivorAI("veteran", 4, CONTENT))
    press(app, pygame.K_4)
    for _ in range(3000):
        if isinstance(sc.modal, PassCover) and sc.modal.role:
            break
        if isinstance(sc.modal, PassCover):
            player.take_the_screen()
        elif sc.session.phase == "survivor" and sc.modal is None:
            player.decide()
        else:
            app.step(1 / 60)
    assert sc.modal.player == "Dee" and sc.session.awaiting_director
    press(app, pygame.K_SPACE)
    assert sc.current_player == "Dee" and sc.modal is None
    app.step()
    assert sc.desk.rows()                                         # Dee's menu is up


@pytest.mark.parametrize("damage,field", [
    (lambda d: {**d, "owners": ["Ann", "Zed", "Cy", "Ann"]}, "owners[1]"),
    (lambda d: {**d, "owners": ["Ann"]}, "owners"),
    (lambda d: {**d, "players": ["Ann", "Ann", "Cy"]}, "players"),
    (lambda d: {**d, "director_player": "Ann"}, "director_player"),
])
def test_a_damaged_hotseat_save_names_the_field(home, damage, field):
    record = hotseat()
    game = RecordingSession(CONTENT, record)
    path = home / "h.json"
    write_save(path, record, game.session)
    game.session.close()
    path.write_text(json.dumps(damage(json.loads(path.read_text()))))
    with pytest.raises(SaveError, match=field.replace("[", r"\[").replace("]", r"\]")):
        load_game(path, CONTENT)


def test_the_team_screen_seats_three_people_and_starts_a_hotseat_game(home, scenes):
    from game.ui.menus.setup import TeamSelect
    app = App((1280, 720), headless=True)
    app.push(TeamSelect(CONTENT, CONTENT.scenarios["last_train_out"]))
    app.step()
    team_screen = app.scene
    press(app, pygame.K_g)                                   # agendas on
    press(app, pygame.K_p)                                   # the players screen
    players = app.scene
    plus = players.named["How many"].plus
    click(app, plus.rect.center)                             # 2 -> 3 people
    assert players.names == ["Player 1", "Player 2", "Player 3"] and not players.error
    press(app, pygame.K_RETURN)                              # Done
    assert app.scene is team_screen and team_screen.players == ("Player 1", "Player 2", "Player 3")
    press(app, pygame.K_RETURN)                              # Start game
    board = app.scene
    scenes.append(board)
    assert isinstance(board, GameScene) and board.seated and board.record.agendas
    assert set(board.record.owners) == {"Player 1", "Player 2", "Player 3"}
