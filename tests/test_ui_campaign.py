"""A campaign played at the screen through posted input: the main menu's Campaign entry, a mission chosen by its key
and played on the real board to its end, home to the camp, a long rest by its key, a second mission; the camp's
save on disk is the campaign on screen. Renders at both window sizes."""
from __future__ import annotations

import pygame
import pytest

from game.ai.survivor_ai import SurvivorAI
from game.campaign import rules as R
from game.campaign.saves import campaign_dir, read_campaign, to_data, write_campaign
from game.content.loader import load_content
from game.ui.app import App
from game.ui.camp_screen import CampaignGameScene, CampScreen
from game.ui.menu import MainMenu
from tests.screen_player import ScreenPlayer, click, press


@pytest.fixture(scope="module")
def content():
    return load_content()


def play_out(app, content, seed):
    board = app.scene
    assert isinstance(board, CampaignGameScene)
    player = ScreenPlayer(app, board, SurvivorAI("veteran", seed, board.content))
    player.play()
    assert board.session.result is not None and player.by_hand >= 20


def test_a_campaign_played_at_the_screen_two_missions_and_a_rest(content, home):
    write_campaign(campaign_dir() / "test.json", R.new_campaign(content, "Test", 5))
    app = App((1280, 720), headless=True)
    app.push(MainMenu(content))
    app.step()
    entry = next(b for b in app.scene.menu.buttons if b.key == "campaign")
    click(app, entry.rect.center)
    camp_screen = app.scene
    assert isinstance(camp_screen, CampScreen)
    camp = camp_screen.camp

    press(app, pygame.K_2)                        # the second mission on offer: Pharmacy Run
    assert camp.mission is not None and camp.mission.scenario == "pharmacy_run"
    play_out(app, content, 1)
    assert app.scene is camp_screen and camp.mission is None and camp.missions_played == 1
    assert any(line.endswith(("Pharmacy Run: won (objective)", "Pharmacy Run: lost (doom)",
                              "Pharmacy Run: lost (casualties)")) for line in camp.log)

    before = (camp.day, camp.watch)
    press(app, pygame.K_l)                        # a long rest
    assert camp.log[-1].endswith("A long rest") and camp_screen.message == "The band takes a long rest."
    assert (camp.day, camp.watch) != before and camp.since_long_rest == 0

    offers = R.offers(camp, content)
    press(app, pygame.K_1)
    assert camp.mission is not None and camp.mission.scenario == offers[0]
    play_out(app, content, 2)
    assert app.scene is camp_screen and camp.missions_played == 2

    again, _ = read_campaign(camp_screen.path, content)
    assert to_data(again) == to_data(camp)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_camp_screen_draws_at_both_sizes(content, home, size):
    camp = R.new_campaign(content, "Sizes", 3)
    app = App(size, headless=True)
    screen = CampScreen(content, camp, campaign_dir() / "sizes.json")
    app.push(screen)
    app.step()
    buttons = [w for w in screen.widgets if hasattr(w, "rect")]
    assert all(app.screen.get_rect().contains(b.rect) for b in buttons)
    assert len([b for b in buttons if b.text in ("Short rest", "Long rest", "Full rest", "Treat", "Trade",
                                                 "Recruit")]) == 6
