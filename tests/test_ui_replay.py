"""Issue 30, point 1 (on screen): the replay screen driven by posted keys and clicks, "Watch again" on the end screen
of a game played on the real board, the Load screen's Replays, and a GIF clip."""
from __future__ import annotations

import pygame
import pytest
from PIL import Image

from game.ai.survivor_ai import SurvivorAI
from game.campaign import rules as R
from game.campaign.saves import campaign_dir, write_campaign
from game.cli import main
from game.content.loader import load_content
from game.ui.board.end_screen import EndScreen
from game.ui.board.game_scene import GameScene
from game.ui.board.replay_scene import ReplayScene, open_replay
from game.ui.camp.camp_screen import CampaignGameScene, CampScreen
from game.ui.camp.debrief_screen import DebriefScreen
from game.ui.launch import make_app
from game.ui.menu import MainMenu
from game.ui.menus.replays_screen import ReplaysScene
from game.ui.menus.saves_screen import SavesScene
from game.ui.widgets.app import App
from game.ui.widgets.controls import Dialog
from game.world.replays import list_replays, replay_dir
from game.world.saves import GameRecord
from tests.screen_player import ScreenPlayer
from tests.test_replays import kept_game, log_of
from tests.test_ui_flow import button, click, frame, press


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture
def app(home, content):
    app = make_app((1280, 720), headless=True)
    app.push(MainMenu(content))
    yield app
    pygame.quit()


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frame(app)


def until(app, done, frames: int = 3000) -> None:
    for _ in range(frames):
        if done():
            return
        frame(app)
    raise AssertionError("the screen never got there")


def test_the_replay_screen_answers_keys_and_clicks(app, content, home):
    path, log = kept_game(content, replay_dir())
    assert open_replay(app, content, path)
    sc = app.scene
    assert isinstance(sc, ReplayScene) and sc.paused and sc.position == 0
    frame(app, 2)
    key(app, pygame.K_SPACE)                       # play: the steps come one after another, animated
    until(app, lambda: sc.position >= 3)
    key(app, pygame.K_SPACE)
    here = sc.position
    frame(app, 30)
    assert sc.paused and sc.position == here
    key(app, pygame.K_RIGHT)                       # one step forward, then back
    until(app, lambda: sc.position == here + 1)
    key(app, pygame.K_LEFT)
    assert sc.position == here and log_of(sc.session) == log[:sc.player.steps[here - 1].last]
    key(app, pygame.K_PAGEDOWN)                    # the next round, and back to its start
    assert sc.position == sc.player.round_starts[2] and sc.session.round == 2
    key(app, pygame.K_END)
    assert sc.position == sc.player.end and log_of(sc.session) == log
    key(app, pygame.K_LEFT)
    assert sc.position == sc.player.end - 1
    key(app, pygame.K_HOME)
    assert sc.position == 0 and sc.session.round == 1
    key(app, pygame.K_RIGHTBRACKET)                 # the next key moment, played
    first = sc.player.moments[0]
    until(app, lambda: sc.position == first.position)
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)      # Shift+Right: the next round
    assert sc.position == sc.player.round_starts[first.round + 1]
    here = sc.position
    before = [m for m in sc.player.moments if m.position < here][-1]
    key(app, pygame.K_LEFTBRACKET)                   # back to the last moment before here
    until(app, lambda: sc.position == before.position)
    # a click on the timeline at round 3's start jumps there; a click on a mark plays that moment
    tl = sc.timeline
    third = sc.player.round_starts[3]
    click(app, pygame.Rect(tl.x_of(third) - 1, tl.rect.centery, 3, 1))
    assert abs(sc.position - third) <= 1 and sc.player.round_at(sc.position) in (2, 3)
    moment = sc.player.moments[len(sc.player.moments) // 2]
    click(app, pygame.Rect(tl.x_of(moment.position) - 1, tl.rect.y - tl.mark_h // 2, 3, 1))
    until(app, lambda: sc.position == moment.position)
    assert moment.text in [e.text for e in sc.session.events[sc.player.steps[moment.position - 1].first:]]
    # the transport buttons do what their keys do
    click(app, sc.transport[0])
    assert sc.position == 0
    click(app, sc.transport[-1])
    assert sc.position == sc.player.end
    key(app, pygame.K_ESCAPE)                       # back where it was opened from
    assert isinstance(app.scene, MainMenu)


def test_watch_again_after_a_game_on_the_real_board(app, content, home):
    record = GameRecord("pharmacy_run", 3, content.scenarios["pharmacy_run"].team)
    board = GameScene(content, record, demo_level="veteran", speed=1000.0)
    app.push(board)
    until(app, lambda: isinstance(app.scene, EndScreen), frames=20000)
    end = app.scene
    played = log_of(end.session)
    kept = list_replays(replay_dir())
    assert [f.path for f in kept] == [end.replay]
    click(app, button(app, "Watch again"))
    sc = app.scene
    assert isinstance(sc, ReplayScene) and sc.path == end.replay
    sc.seek(sc.player.end)
    assert log_of(sc.session) == played
    key(app, pygame.K_ESCAPE)
    assert app.scene is end
    # a game whose replay could not be written: the button says so and does nothing
    app.replace(EndScreen(content, end.session, record, replay=None))
    frame(app)
    assert not button(app, "Watch again").enabled


def test_the_load_screen_leads_to_the_replays_and_a_damaged_one_opens_nothing(app, content, home):
    path, _ = kept_game(content, replay_dir())
    damaged = replay_dir() / "damaged.json"
    damaged.write_text('{"format": 2')
    app.scene.load()                               # the main menu's Load
    assert isinstance(app.scene, SavesScene)
    press(app, pygame.K_r)
    listing = app.scene
    assert isinstance(listing, ReplaysScene)
    assert [e.ok for e in listing.entries] == [True, False] and listing.entries[1].path == damaged
    listing.selected = 1
    listing.relayout()
    assert not button(app, "Watch").enabled
    assert not open_replay(app, content, damaged)          # opened directly, it says why and opens nothing
    assert isinstance(app.scene, Dialog) and not any(isinstance(s, ReplayScene) for s in app.stack)
    app.pop()
    listing.selected = 0
    listing.relayout()
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene) and app.scene.path == path


def test_the_replay_command_draws_a_frame_and_writes_a_clip(content, home, tmp_path, capsys):
    path, _ = kept_game(content, tmp_path)
    png = tmp_path / "round2.png"
    assert main(["replay", str(path), "--round", "2", "--screenshot", str(png), "--size", "640x360"]) == 0
    assert png.stat().st_size > 1000
    gif = tmp_path / "clip.gif"
    assert main(["replay", str(path), "--export", str(gif), "--from-round", "2", "--to-round", "2",
                 "--size", "640x360"]) == 0
    assert f"clip: {gif}" in capsys.readouterr().out
    with Image.open(gif) as clip:
        assert clip.format == "GIF" and clip.size == (640, 360) and clip.n_frames > 5


def test_a_campaign_mission_played_on_the_board_is_kept_for_the_debrief(content, home):
    camp = R.new_campaign(content, "Kept", 5)
    path = campaign_dir() / "kept.json"
    write_campaign(path, camp)
    app = App((1280, 720), headless=True)
    app.push(MainMenu(content))
    camp_screen = CampScreen(content, camp, path)
    app.push(camp_screen)
    app.step()
    camp_screen.go()
    board = app.scene
    assert isinstance(board, CampaignGameScene)
    ScreenPlayer(app, board, SurvivorAI("veteran", 5, board.content)).play()
    until(app, lambda: isinstance(app.scene, DebriefScreen))         # the mission's debrief comes first
    kept = camp_screen.mission_replay
    assert kept is not None and [f.path for f in list_replays(replay_dir())] == [kept]
    assert open_replay(app, content, kept)            # what the debrief calls: the mission on its board again
    replay = app.scene
    replay.seek(replay.player.end)
    assert log_of(replay.session) == log_of(board.session)
