"""Issue #27, nothing lost: a campaign save damaged in twenty ways is one line in `campaign --show` and `camp --name`,
is listed as damaged with why on Main menu -> Campaign next to the others, and is never written over (its bytes are
the same afterwards, a new band takes another name); every write keeps the state it replaces as a backup, and a
writer killed with SIGKILL mid-write leaves a campaign and a backup that both read."""
from __future__ import annotations

import json
import multiprocessing
import os
import signal
import time
from pathlib import Path

import pygame
import pytest

from game.campaign import rules as R
from game.campaign.saves import (
    SaveError,
    backup_path,
    campaign_dir,
    campaign_path,
    fresh_name,
    list_campaigns,
    read_campaign,
    restore_backup,
    to_data,
    write_campaign,
)
from game.cli import main
from game.content.loader import load_content
from game.rules.dice import Dice
from game.ui.camp.camp_list import CampaignsScene, open_campaign
from game.ui.camp.camp_screen import CampScreen
from game.ui.menu import MainMenu
from game.ui.widgets.app import App
from tests.screen_player import click, press


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture
def app(home):
    window = App((1280, 720), headless=True)
    window.push(MainMenu(load_content()))
    yield window
    pygame.quit()


def good_data(content, name="First Band", seed=4) -> dict:
    camp = R.new_campaign(content, name, seed)
    R.rest(camp, content, "short", Dice(camp.rng))
    return to_data(camp)


def edited(edit):
    """A damage made by editing the good campaign's data: the text written."""
    def make(data: dict) -> str:
        edit(data)
        return json.dumps(data)
    return make


def _symlink_loop(path: Path) -> None:
    os.symlink(path.name, path)


DAMAGE = {    # id: (what is put at first_band.json - text, or a function making it - and a word the reason says)
    "truncated": (lambda d: json.dumps(d)[:500], "not valid JSON"),
    "empty": (lambda d: "", "not valid JSON"),
    "not JSON": (lambda d: "day: 3\nsupplies: 12\n", "not valid JSON"),
    "a JSON list": (lambda d: json.dumps([d]), "expected a JSON object"),
    "null": (lambda d: "null", "expected a JSON object"),
    "NUL bytes": (lambda d: "\x00" * 64, "not valid JSON"),
    "NUL inside a name": (edited(lambda d: d.update(name="First\x00Band")), "name"),
    "not UTF-8": (lambda d: b"\xff\xfe" + json.dumps(d).encode("utf-16-le"), "UTF-8"),
    "supplies as text": (edited(lambda d: d.update(supplies="12")), "supplies"),
    "a survivor as a list": (edited(lambda d: d["members"].__setitem__(0, [1, 2])), "members[0]"),
    "an extra key on a survivor": (edited(lambda d: d["members"][0].update(nickname="Doc")),
                                   "members[0].nickname"),
    "an extra key on gear": (edited(lambda d: d["members"][0]["gear"][0].update(shiny=True)),
                             "members[0].gear[0].shiny"),
    "an extra key on a scar": (edited(lambda d: d["members"][0]["scars"].append({"id": "hobbled", "open": True,
                                                                                  "deep": 1})),
                               "members[0].scars[0].deep"),
    "an extra key at the top": (edited(lambda d: d.update(cheats=True)), "cheats"),
    "a bad dice-state index": (edited(lambda d: d["rng_state"][1].__setitem__(624, 10**6)), "rng_state[1][624]"),
    "a dice state of another version": (edited(lambda d: d["rng_state"].__setitem__(0, 2)), "rng_state"),
    "a huge number": (lambda d: json.dumps(d).replace('"supplies": ', '"supplies": ' + "9" * 5000 + ", \"x\": "),
                      "5000 digits"),
    "a day of 10**30": (edited(lambda d: d.update(day=10**30)), "day"),
    "a key written twice": (lambda d: json.dumps(d)[:-1] + ', "supplies": 99}', "written twice"),
    "two survivors with one id": (edited(lambda d: d["members"][1].update(id=d["members"][0]["id"])), "share an id"),
    "next_id behind the band": (edited(lambda d: d.update(next_id=1)), "next_id"),
    "a watch past the day": (edited(lambda d: d.update(watch=9)), "watch"),
    "a turned survivor as an unknown zombie": (edited(lambda d: d.update(turned=[["Ada", "dragon"]])), "turned[0][1]"),
    "a mission on an unknown scenario": (edited(lambda d: d.update(mission={
        "scenario": "moon_base", "seed": 1, "team": [1], "actions": [], "rng_state": d["rng_state"]})),
        "mission.scenario"),
    "a directory": (lambda d: Path.mkdir, "is a directory"),
    "a FIFO": (lambda d: os.mkfifo, "named pipe"),
    "a symlink loop": (lambda d: _symlink_loop, "cannot be read"),
    "a symlink to a device": (lambda d: lambda p: os.symlink("/dev/zero", p), "is a device"),
    "larger than the cap": (lambda d: " " * (5 << 20), "larger than"),
}


def put(path: Path, made) -> None:
    if callable(made):
        made(path)
    elif isinstance(made, bytes):
        path.write_bytes(made)
    else:
        path.write_text(made, encoding="utf-8")


def fingerprint(path: Path) -> tuple:
    """What is at `path`, to compare before and after: its kind and, for a file, its bytes."""
    st = path.lstat()
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_dir():
        return ("dir", sorted(p.name for p in path.iterdir()))
    if not path.is_file():
        return ("other", st.st_mode)
    return ("file", path.read_bytes())


def damaged_folder(content, damage: str) -> tuple[Path, tuple]:
    """Two good campaigns and a damaged First Band, the newest: its path and what is there."""
    folder = campaign_dir()
    folder.mkdir(parents=True)
    for name, seed in (("Night Crew", 3), ("Old Guard", 5)):
        write_campaign(campaign_path(name), read_back(content, good_data(content, name, seed)))
    bad = campaign_path("First Band")
    make, _ = DAMAGE[damage]
    put(bad, make(good_data(content)))
    for age, name in ((100, "Night Crew"), (200, "Old Guard")):
        os.utime(campaign_path(name), (time.time() - age, time.time() - age))
    return bad, fingerprint(bad)


def read_back(content, data: dict):
    path = Path(campaign_dir()) / ".scratch.json"
    path.write_text(json.dumps(data))
    camp, _ = read_campaign(path, content)
    path.unlink()
    return camp


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_campaign_is_one_line_listed_with_why_and_never_written_over(content, home, app, capsys, damage):
    bad, before = damaged_folder(content, damage)
    said = DAMAGE[damage][1]
    for command in (["campaign", "--show", "First Band"], ["camp", "--name", "First Band"]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"error: {bad}: ") and said in err and err.count("\n") == 1, err
    # Main menu -> Campaign: the list, the damaged one first (newest) with why, the others readable
    open_campaign(app, content)
    app.step(1 / 60)
    listed = app.scene
    assert isinstance(listed, CampaignsScene)
    assert [(e.path.name, e.ok) for e in listed.entries] == [("first_band.json", False), ("night_crew.json", True),
                                                            ("old_guard.json", True)]
    assert said in listed.entries[0].problem and listed.current.ok           # a good one is chosen
    listed.list.select(0)
    press(app, pygame.K_RETURN)             # Enter on the damaged row opens nothing
    assert app.scene is listed
    # a new band, and an order in it: another file, and the damaged one as it was
    press(app, pygame.K_n)
    camp = app.scene
    assert isinstance(camp, CampScreen) and camp.path.name == "new_band.json"
    camp.rest("short")
    assert camp.path.exists() and fingerprint(bad) == before
    assert not backup_path(bad).exists()


def test_a_new_band_never_takes_a_damaged_campaigns_name(content, home, app):
    """Only a damaged first_band.json: Main menu -> Campaign lists it instead of starting a First Band over it."""
    bad = campaign_path("First Band")
    bad.parent.mkdir(parents=True)
    bad.write_text('{"format": 1, "name": "First Band", "da')
    before = bad.read_bytes()
    open_campaign(app, content)
    assert isinstance(app.scene, CampaignsScene)
    assert fresh_name("First Band") == "First Band 2"
    app.scene.new_band()
    app.scene.rest("long")
    assert bad.read_bytes() == before and campaign_path("New Band").exists()


def test_a_lone_backup_keeps_its_name_too(home):
    campaign_dir().mkdir(parents=True)
    backup_path(campaign_path("First Band")).write_text("{}")
    assert fresh_name("First Band") == "First Band 2"
    assert main(["campaign", "--new", "First Band"]) == 2


def test_every_write_keeps_the_state_it_replaces_and_the_backup_opens_as_a_campaign_of_its_own(content, home, app):
    path = campaign_path("First Band")
    camp = R.new_campaign(content, "First Band", 4)
    write_campaign(path, camp)
    assert not backup_path(path).exists()       # nothing to keep yet
    first = path.read_bytes()
    R.rest(camp, content, "short", Dice(camp.rng))
    write_campaign(path, camp)
    assert backup_path(path).read_bytes() == first
    path.write_bytes(path.read_bytes()[:100])        # damaged: the backup is offered
    before = path.read_bytes()
    open_campaign(app, content)
    listed = app.scene
    assert isinstance(listed, CampaignsScene) and listed.entries[0].backup is not None
    assert listed.backup_button.enabled
    click(app, listed.backup_button.rect.center)
    restored = app.scene
    assert isinstance(restored, CampScreen) and restored.camp.name == "First Band restored"
    assert restored.camp.day == 1 and restored.camp.watch == 0       # the state before the short rest
    assert path.read_bytes() == before and restored.path == campaign_path("First Band restored")
    assert restore_backup(path, content) == campaign_path("First Band restored 2")


def test_a_write_refuses_to_replace_a_file_that_is_not_a_campaign(content, home):
    path = campaign_path("First Band")
    path.parent.mkdir(parents=True)
    path.write_text("my notes")
    with pytest.raises(SaveError, match="not written over"):
        write_campaign(path, R.new_campaign(content, "First Band", 1))
    assert path.read_text() == "my notes"


def test_a_camp_whose_file_is_damaged_from_outside_saves_under_a_fresh_name(content, home):
    path = campaign_path("First Band")
    camp = R.new_campaign(content, "First Band", 4)
    write_campaign(path, camp)
    screen = CampScreen(content, camp, path)
    path.write_text("overwritten by another program")
    assert screen.save() == campaign_path("First Band 2")
    assert path.read_text() == "overwritten by another program"
    assert "saved as first_band_2.json" in screen.message
    assert read_campaign(campaign_path("First Band 2"), content)[0].name == "First Band 2"


def test_a_newest_campaign_whose_mission_does_not_replay_is_listed_as_damaged(content, home, app):
    from game.campaign import mission as M

    camp = R.new_campaign(content, "First Band", 4)
    M.start_mission(camp, content, "dead_air")
    s = M.open_mission(camp, content)
    path = campaign_path("First Band")
    write_campaign(path, camp, s.rng)
    s.close()
    data = json.loads(path.read_text())
    data["mission"]["seed"] += 1
    path.write_text(json.dumps(data))
    open_campaign(app, content)
    listed = app.scene
    assert isinstance(listed, CampaignsScene) and not listed.entries[0].ok
    assert "mission" in listed.entries[0].problem
    assert main(["campaign", "--show", "First Band"]) == 1


def write_for_ever(path: Path, camp, ready) -> None:
    """A writer that saves the campaign again and again, each time a little different, until it is killed."""
    write_campaign(path, camp)
    write_campaign(path, camp)          # a backup from here on
    ready.set()
    while True:
        camp.supplies = (camp.supplies + 1) % 1000
        camp.log.append("x" * 200)
        del camp.log[:-300]
        write_campaign(path, camp)


def test_a_campaign_writer_killed_mid_write_leaves_a_campaign_and_a_backup_that_read(content, home):
    path = campaign_path("First Band")
    path.parent.mkdir(parents=True)
    fork = multiprocessing.get_context("fork")       # the child has the content loaded already: a kill every 50 ms
    for kill in range(20):
        ready = fork.Event()
        writer = fork.Process(target=write_for_ever, args=(path, R.new_campaign(content, "First Band", kill), ready))
        writer.start()
        assert ready.wait(10)
        time.sleep(0.02 + 0.007 * kill)
        os.kill(writer.pid, signal.SIGKILL)
        writer.join()
        assert writer.exitcode == -signal.SIGKILL
        for file in (path, backup_path(path)):
            camp, _ = read_campaign(file, content)        # raises if torn
            assert camp.name == "First Band"
    assert list(path.parent.glob(".*.tmp"))           # some kills did land mid-write: their temporary files are left
    assert [f.ok for f in list_campaigns(content)] == [True]


def test_delete_removes_a_damaged_campaign_after_a_confirmation_and_keeps_its_backup(content, home, app):
    path = campaign_path("First Band")
    camp = R.new_campaign(content, "First Band", 4)
    write_campaign(path, camp)
    write_campaign(path, camp)
    path.write_text("{")
    open_campaign(app, content)
    listed = app.scene
    press(app, pygame.K_DELETE)
    assert type(app.scene).__name__ == "Dialog" and path.exists()        # asked first
    press(app, pygame.K_RETURN)
    assert app.scene is listed and listed.entries == [] and not path.exists()
    assert backup_path(path).exists() and fresh_name("First Band") == "First Band 2"


def test_the_camp_leads_to_every_campaign(content, home, app):
    for name in ("Night Crew", "Old Guard"):
        write_campaign(campaign_path(name), R.new_campaign(content, name, 3))
    open_campaign(app, content)
    camp = app.scene
    assert isinstance(camp, CampScreen) and camp.campaigns_button is not None
    click(app, camp.campaigns_button.rect.center)
    listed = app.scene
    assert isinstance(listed, CampaignsScene) and sorted(e.camp.name for e in listed.entries) == ["Night Crew",
                                                                                                  "Old Guard"]
    other = next(i for i, e in enumerate(listed.entries) if e.camp.name != camp.camp.name)
    listed.list.select(other)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, CampScreen) and app.scene.camp.name == listed.entries[other].camp.name
    assert app.scene.campaigns_button is not None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("text", [1.0, 1.15])
def test_the_campaigns_list_and_the_camp_button_draw_at_both_sizes_without_overlaps(content, home, size, text,
                                                                                    monkeypatch):
    from game.ui.widgets import theme

    monkeypatch.setattr(theme, "text_scale", text)
    damaged_folder(content, "an extra key on a survivor")
    window = App(size, headless=True)
    window.push(MainMenu(content))
    open_campaign(window, content)
    for scene in (window.scene, None):
        if scene is None:         # the camp of a good one, with its button back to the list
            window.scene.list.select(1)
            press(window, pygame.K_RETURN)
            scene = window.scene
            assert isinstance(scene, CampScreen)
        window.step(1 / 60)
        assert all(window.screen.get_rect().contains(w.rect) for w in scene.widgets if w.rect.width)
        buttons = [w.rect for w in scene.widgets if type(w).__name__ == "Button"]
        assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    pygame.quit()
