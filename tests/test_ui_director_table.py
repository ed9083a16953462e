"""The desktop Director screen is the table's round tracker: the same RoundTracker the phones' Director page shows
(the Flask test client on the same store stands in for a phone). Driven by posted input through the App loop; the
escalation die is a real d6 entered on screen, so every phase is known in advance."""
from __future__ import annotations

import html

import pygame
import pytest

from game.content.loader import load_content
from game.tools import director_assistant as D
from game.tools import table_tools as T
from game.tools.round_tracker import noise_buttons
from game.tools.table_store import TableStore, default_db
from game.ui.launch import make_app
from game.ui.tools.tool_director import DirectorScreen
from game.web.app import create_app
from tests.test_ui_tools import button, click, frame, named, press, real_die
from tests.test_ui_tools_table import hub
from tests.ui_standin import StandInGameScene, stand_in_app  # noqa: F401  (the `app` fixture)
from tests.web_phone import phone as web_phone


@pytest.fixture(scope="module")
def content():
    return load_content()


def director(app, content) -> DirectorScreen:
    hub(app, content)
    press(app, pygame.K_2)
    assert isinstance(app.scene, DirectorScreen)
    return app.scene


def table_tracker(scene, content):
    return T.tracker(TableStore(default_db()), scene.table.code, content)[0]


def kept(tracker) -> dict:
    """A tracker's state without its own undo steps (on a table the store keeps those)."""
    return tracker.to_dict(with_history=False)


def phone(content):
    """A phone on the same database: the web app's test client, posting as the page's forms do."""
    return web_phone(create_app(default_db(), content))


def test_a_phase_run_on_the_desktop_is_the_tracker_the_phones_page_shows(app, content):
    scene = director(app, content)
    code = scene.table.code
    assert kept(table_tracker(scene, content)) == kept(scene.tracker)      # started on the table at once
    for label in ("+4 Frag Grenade", "+4 Frag Grenade", "+2 Pistol", "+1 natural 1"):
        click(app, button(app, label))
    assert scene.tracker.made == 11 and [n["label"] for n in scene.tracker.noise][-1] == "+1 natural 1"
    real_die(app, scene, 5)
    sid, facts = scene.scenario_id, scene.facts()
    press(app, pygame.K_RETURN)                         # the Director Phase
    t = scene.tracker
    assert t.phase == "director" and kept(t) == kept(table_tracker(scene, content))
    want = D.assist(content, sid, facts, heat=11, die=5, level=t.level)
    assert t.report["heat"] == want.heat and t.report["escalation"]["die"] == 5
    assert [p["what"] for p in t.report["purchases"]] == [D.describe(want, p) for p in want.purchases]
    assert t.report["orders"] == list(want.orders)
    page = phone(content).get(f"/t/{code}/director").get_data(as_text=True)
    assert "Round <b>1</b>" in page and "11</b>" in page
    for p in t.report["purchases"]:
        assert html.escape(p["what"]) in page or p["what"] in page
    assert html.escape(scene.names()[scene.survivors[0].uid]) in page         # the desktop's board, for the phones
    assert button(app, "End Phase")
    press(app, pygame.K_RETURN)                         # the End Phase
    assert scene.tracker.round == 2 and scene.tracker.phase == "survivors"
    assert kept(scene.tracker) == kept(table_tracker(scene, content))
    assert "Round <b>2</b>" in phone(content).get(f"/t/{code}/director").get_data(as_text=True)


def test_a_noise_tap_on_a_phone_shows_on_the_desktop_and_undo_takes_it_back(app, content):
    scene = director(app, content)
    code = scene.table.code
    client = phone(content)
    reply = client.post(f"/t/{code}/director", data={"action": "noise", "noise": "weapon:pistol"})
    assert reply.status_code == 303
    assert scene.tracker.made == 0                      # not read yet ...
    app.step(1.1)                                       # ... the screen looks once a second
    assert scene.tracker.made == 2 and scene.tracker.noise[-1]["label"] == "+2 Pistol"
    click(app, button(app, "+3 Molotov Cocktail"))      # and the desktop's tap on the phone's page
    assert "Heat <b class=\"heat-total\" id=\"heat-total\">5</b>" in \
        client.get(f"/t/{code}/director").get_data(as_text=True)
    press(app, pygame.K_z, pygame.KMOD_CTRL)            # undo: the table's last change
    assert scene.tracker.made == 2 and table_tracker(scene, content).made == 2
    assert scene.toast == "Undone: Noise: +3 Molotov Cocktail"
    press(app, pygame.K_c, pygame.KMOD_CTRL)
    assert "Noise this round: +2 Pistol" in pygame.scrap.get_text()
    # a phone starts another scenario: the desktop's board follows it
    client.post(f"/t/{code}/director", data={"action": "start", "scenario": "dead_air", "director": "ruthless"})
    app.step(1.1)
    frame(app)
    assert scene.scenario_id == "dead_air" and scene.tracker.level == "ruthless" and scene.tracker.made == 0
    assert len(scene.survivors) == len(content.scenarios["dead_air"].team)
    assert named(app, "Director").value == "ruthless"


def test_the_round_survives_leaving_tools_and_a_restart(app, content):
    scene = director(app, content)
    click(app, button(app, "+2 Shotgun"))
    click(app, button(app, "+ Add"))                    # a Shambler on the board
    real_die(app, scene, 3)
    press(app, pygame.K_RETURN)
    tracker, board = kept(scene.tracker), scene.board()
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert kept(director(app, content).tracker) == tracker
    pygame.quit()
    again = make_app((1280, 720), headless=True)
    scene = director(again, content)
    assert kept(scene.tracker) == tracker and scene.board() == board
    assert button(again, "End Phase")                   # the round goes on where it was


def test_without_a_database_the_tracker_runs_in_memory(app, content):
    db = default_db()
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(b"not a database at all " * 200)
    scene = director(app, content)
    assert not scene.table.online
    click(app, button(app, "+2 Pistol"))
    press(app, pygame.K_RETURN)
    assert scene.tracker.phase == "director" and scene.tracker.report["heat_made"] == 2
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.tracker.phase == "survivors" and scene.tracker.made == 2
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.tracker.made == 0


def test_a_second_phase_in_one_round_is_refused_with_a_message(app, content):
    scene = director(app, content)
    press(app, pygame.K_RETURN)
    phone(content).post(f"/t/{scene.table.code}/director", data={"action": "end"})      # a phone ends the round
    scene.run_phase()                                   # the desktop, not yet told, runs round 2's phase
    assert scene.tracker.round == 2 and scene.tracker.phase == "director"
    scene.run_phase()                                   # a second one: refused, nothing changed
    assert "has run" in scene.toast and kept(scene.tracker) == kept(table_tracker(scene, content))


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_round_panel_fits_at_every_size(size, tmp_path, monkeypatch, content):
    from tests.ui_standin import use_stand_in
    use_stand_in(monkeypatch, tmp_path)
    win = make_app(size, headless=True)
    try:
        scene = director(win, content)
        for phase in ("survivors", "director"):
            scene.ensure_layout()
            assert scene.tracker.phase == phase
            parts = [w for w in scene.widgets if w in scene.noise_buttons or w is scene.round_box]
            assert all(scene.right.contains(w.rect) for w in parts), phase
            assert all(a is b or not a.rect.colliderect(b.rect) for a in parts for b in parts)
            assert len(scene.noise_buttons) == (len(noise_buttons(content)) if phase == "survivors" else 0)
            press(win, pygame.K_RETURN)
    finally:
        pygame.quit()
