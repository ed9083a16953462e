"""A campaign played at the screen through posted input: the main menu's Campaign entry; a chosen survivor treated, a
chosen archetype recruited, a survivor renamed by clicking the name and typing; a mission chosen from the list and
played on the real board to its end, home to the camp, a long rest by its key, a second mission; the camp's save on
disk is the campaign on screen. Orders the rules refuse say why. Renders at both window sizes, large text too."""
from __future__ import annotations

import pygame
import pytest

from game.ai.survivor_ai import SurvivorAI
from game.campaign import choices as C
from game.campaign import rules as R
from game.campaign.saves import campaign_dir, read_campaign, to_data, write_campaign
from game.campaign.state import Scar
from game.content.loader import load_content
from game.rules.dice import Dice
from game.ui.camp.camp_modals import CampChoice, RenameDialog
from game.ui.camp.camp_screen import CampaignGameScene, CampScreen
from game.ui.camp.debrief_screen import DebriefScreen
from game.ui.menu import MainMenu
from game.ui.widgets import theme
from game.ui.widgets.app import App
from tests.screen_player import ScreenPlayer, click, post, press


@pytest.fixture(scope="module")
def content():
    return load_content()


def play_out(app, content, seed):
    board = app.scene
    assert isinstance(board, CampaignGameScene)
    player = ScreenPlayer(app, board, SurvivorAI("veteran", seed, board.content))
    player.play()
    assert board.session.result is not None and player.by_hand >= 20
    assert isinstance(app.scene, DebriefScreen)
    press(app, pygame.K_RETURN)                   # read the debrief, on to the camp


def type_text(app, text: str) -> None:
    post(pygame.TEXTINPUT, text=text)
    app.step()


def test_a_campaign_played_at_the_screen_choices_two_missions_and_a_rest(content, home):
    start = R.new_campaign(content, "Test", 5)
    _, _, cleo, dev = start.alive()
    cleo.scars.append(Scar("hobbled"))           # two who need treating; the player treats the second
    dev.conditions["injured"] = 0
    write_campaign(campaign_dir() / "test.json", start)
    app = App((1280, 720), headless=True)
    app.push(MainMenu(content))
    app.step()
    entry = next(b for b in app.scene.menu.buttons if b.key == "campaign")
    click(app, entry.rect.center)
    camp_screen = app.scene
    assert isinstance(camp_screen, CampScreen)
    camp = camp_screen.camp
    cleo, dev = camp.members[2], camp.members[3]

    press(app, pygame.K_t)                        # treat: whom?
    assert isinstance(app.scene, CampChoice) and [o[0] for o in app.scene.options] == [cleo.name, dev.name]
    press(app, pygame.K_2)
    assert app.scene is camp_screen and "injured" not in dev.conditions and cleo.scars[0].open
    assert camp_screen.message == f"{dev.name} is treated." and (camp.day, camp.watch) == (1, 1)

    offered = C.recruit_offers(camp, content)
    supplies = camp.supplies
    press(app, pygame.K_c)                        # recruit: whom, among those met?
    assert isinstance(app.scene, CampChoice) and len(app.scene.options) == 3
    press(app, pygame.K_2)
    newcomer = camp.members[-1]
    assert newcomer.archetype == offered[1] and camp.supplies == supplies - 3 and len(camp.alive()) == 5

    app.step()
    click(app, camp_screen.cards[0].name_rect.center)    # rename: click the name, type, Enter
    assert isinstance(app.scene, RenameDialog)
    type_text(app, "Tess")
    press(app, pygame.K_RETURN)
    assert app.scene is camp_screen and camp.members[0].name == "Tess" and camp.log[-1].endswith("goes by Tess now")

    offers = R.offers(camp, content)
    press(app, pygame.K_2)                        # the second mission on the list, chosen; Enter goes
    assert camp.mission is None and camp_screen.missions.selected == 1
    press(app, pygame.K_RETURN)
    assert camp.mission is not None and camp.mission.scenario == offers[1] == "pharmacy_run"
    assert camp.members[0].name in [n for n in camp.log[-1].split("with ")[1].split(", ")]
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
    press(app, pygame.K_RETURN)
    assert camp.mission is not None and camp.mission.scenario == offers[0]
    play_out(app, content, 2)
    assert app.scene is camp_screen and camp.missions_played == 2

    again, _ = read_campaign(camp_screen.path, content)
    assert to_data(again) == to_data(camp)


def test_orders_the_rules_refuse_say_why_and_a_trade_is_chosen(content, home):
    camp = R.new_campaign(content, "Poor", 4)
    camp.supplies = 0
    app = App((1280, 720), headless=True)
    screen = CampScreen(content, camp, campaign_dir() / "poor.json")
    app.push(screen)
    app.step()
    press(app, pygame.K_t)
    assert app.scene is screen and screen.message.startswith("Cannot: nobody needs treating")
    press(app, pygame.K_c)
    assert app.scene is screen and screen.message == "Cannot: taking someone in costs 3 supplies, the band has 0"
    assert len(camp.members) == 4

    spare = C.tradeable(camp, content)
    assert spare, "a starting band carries some card that is not a weapon of its own"
    holder, index = spare[0]
    card = holder.gear[index]
    press(app, pygame.K_r)                        # trade: what?
    assert isinstance(app.scene, CampChoice)
    press(app, pygame.K_1)
    assert camp.supplies == 2 and card not in holder.gear

    app.step()
    first, second = camp.members[:2]
    click(app, screen.cards[0].name_rect.center)
    type_text(app, second.name)                   # a friend's name: refused, the dialog stays and says why
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, RenameDialog) and "already called" in app.scene.error
    press(app, pygame.K_ESCAPE)
    assert app.scene is screen and first.name != second.name

    again, _ = read_campaign(screen.path, content)
    assert to_data(again) == to_data(camp)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("text", [1.0, 1.15])
def test_the_camp_screen_draws_at_both_sizes_without_overlaps(content, home, size, text, monkeypatch):
    monkeypatch.setattr(theme, "text_scale", text)
    camp = R.new_campaign(content, "Sizes", 3)
    R.recruit(camp, content, "doctor", Dice(camp.rng))
    camp.members[1].scars += [Scar("hobbled"), Scar("maimed")]
    camp.members[1].conditions.update(deaf=0, exhausted=0, infected=1)
    camp.members[1].pending.append("phobia")
    R.lose(camp, camp.members[2], "devoured by the horde")
    app = App(size, headless=True)
    screen = CampScreen(content, camp, campaign_dir() / "sizes.json")
    app.push(screen)
    app.step()
    boxes = [w.rect for w in screen.widgets if w.rect.width]
    assert all(app.screen.get_rect().contains(r) for r in boxes)
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert all(not c.visible or card.rect.contains(c.rect) for card in screen.cards for c in card.chips)
    assert screen.log_rect.height >= 40 * screen.s and not screen.log_rect.colliderect(screen.memorial)
    labels = [w.text.split("  ")[0] for w in screen.widgets if hasattr(w, "text")]
    for order in ("Short rest", "Long rest", "Full rest", "Treat...", "Trade...", "Recruit..."):
        assert order in labels
