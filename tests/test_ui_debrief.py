"""The mission debrief: a campaign mission played at the screen ends on the debrief, not straight in camp; what it
says of each survivor (wounds, stress, scars, conditions, cards, who fell) and of the supplies is what the campaign's
save on disk holds; Enter goes on to the camp. "Watch again" shows only with a replay opener. Both window sizes. And
the end screen's key moments keep the deaths when there is not room for them all."""
from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.ai.players import make_player
from game.ai.survivor_ai import SurvivorAI
from game.campaign import rules as R
from game.campaign.saves import campaign_dir, read_campaign, write_campaign
from game.campaign.tables import campaign_rules
from game.content.loader import load_content
from game.sim.runner import play_game
from game.ui.board.end_screen import game_stats, pick_moments
from game.ui.board.replay_scene import ReplayScene
from game.ui.camp.camp_screen import CampaignGameScene, CampScreen
from game.ui.camp.debrief_screen import DebriefScreen
from game.ui.widgets.app import App
from tests.screen_player import ScreenPlayer, click, press


@pytest.fixture(scope="module")
def content():
    return load_content()


def mission_to_debrief(content, size, seed=1, mission=pygame.K_2):
    camp = R.new_campaign(content, "Debrief", seed)
    for m in camp.members:
        m.stress = campaign_rules(content).breaking_point - 1     # one failed horror check breaks them
    path = campaign_dir() / "debrief.json"
    write_campaign(path, camp)
    app = App(size, headless=True)
    camp_screen = CampScreen(content, camp, path)
    app.push(camp_screen)
    app.step()
    press(app, mission)
    press(app, pygame.K_RETURN)
    board = app.scene
    assert isinstance(board, CampaignGameScene)
    before = {m.id: (m.stress, m.wounds, len(m.scars), Counter(g.gear_id for g in m.gear)) for m in camp.members}
    ScreenPlayer(app, board, SurvivorAI("veteran", seed, board.content)).play()
    return app, camp_screen, board, before


def test_the_debrief_tells_what_the_campaign_saved(content, home):
    app, camp_screen, board, before = mission_to_debrief(content, (1280, 720), seed=26)
    screen = app.scene
    assert isinstance(screen, DebriefScreen), "a mission ends on its debrief, not straight in camp"
    report = screen.report
    saved, _ = read_campaign(camp_screen.path, content)
    cr = campaign_rules(content)
    assert report.supplies_after == saved.supplies
    assert report.supplies_before + report.reward - report.eaten == saved.supplies
    stress = Counter()
    for e in board.session.events:
        if e.kind == "horror":
            stress[e.data["who"]] += e.data["stress"]
    seats = board.session.survivors(on_board=False)
    for sv, d in zip(seats, report.survivors, strict=False):
        m = saved.member(d.id)
        old_stress, old_wounds, old_scars, old_gear = before[d.id]
        assert (d.stress_before, d.wounds_before) == (old_stress, old_wounds)
        assert d.stress_gained == stress[sv] == sum(n for _, n in d.stress_why)
        assert bool(d.fell) == (not m.alive) and d.fell == m.fate
        assert d.stress_after == m.stress
        if m.alive:
            assert d.wounds_after == m.wounds
            assert d.scars == [cr.scar(s.id).name for s in m.scars[old_scars:]]
            assert sorted(d.finds) == sorted(content.gear_name(g) for g in
                                             (Counter(g.gear_id for g in m.gear) - old_gear).elements())
            assert bool(d.broke) == (old_stress + d.stress_gained >= cr.breaking_point)
    # the seed was chosen for a mission with horror, a scar and a find in it
    assert all(any(getattr(d, f) for d in report.survivors) for f in ("stress_gained", "broke", "scars", "finds"))
    press(app, pygame.K_RETURN)
    assert app.scene is camp_screen and camp_screen.camp.mission is None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_watch_again_opens_the_missions_replay_and_esc_comes_back(content, home, size):
    app, camp_screen, board, _ = mission_to_debrief(content, size, seed=1)     # a mission where one falls
    screen = app.scene
    assert isinstance(screen, DebriefScreen) and screen.report.fallen
    again = next(b for b in screen.widgets if getattr(b, "text", "").startswith("Watch again"))
    boxes = [w.rect for w in screen.widgets]
    assert all(app.screen.get_rect().contains(r) for r in boxes)
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    click(app, again.rect.center)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.path == camp_screen.mission_replay
    assert replay.player.rounds == board.session.round          # the mission just played, to its last round
    press(app, pygame.K_ESCAPE)
    assert app.scene is screen          # back on the debrief, which goes on to the camp
    press(app, pygame.K_RETURN)
    assert app.scene is camp_screen


def test_the_end_screens_key_moments_keep_the_deaths_when_room_is_short(content):
    s = play_game(content, "hold_the_line", 1, make_player("rush", 1))     # (the rush never bars a door: some fall)
    moments = game_stats(s).moments
    s.close()
    deaths = [m for m in moments if m[1] == "death"]
    assert deaths and all(m[2].endswith("devoured by the horde") or " is lost: " in m[2] for m in deaths)
    assert len(moments) > len(deaths) + 3
    shown = pick_moments(moments, len(deaths) + 1)
    assert set(deaths) <= set(shown) and len(shown) == len(deaths) + 1
    assert shown == [m for m in moments if m in shown]          # in the night's order
    assert pick_moments(moments, len(moments)) == moments
