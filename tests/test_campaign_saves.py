"""Campaign saves: save, quit and load mid-campaign and mid-mission give the same state (and the same game from there
on); a damaged save is named by file and field; the CLI starts and shows a campaign."""
import json

import pytest

from game.ai.director_policy import DirectorAI
from game.ai.players import make_player
from game.campaign import mission as M
from game.campaign import rules as R
from game.campaign.autoplay import play_mission
from game.campaign.saves import SaveError, load_campaign, read_campaign, to_data, write_campaign
from game.campaign.state import Scar
from game.cli import main
from game.content.loader import load_content
from game.rules.dice import Dice


@pytest.fixture(scope="module")
def content():
    return load_content()


def game_log(s):
    """The game's events (the AI's "decision" notes are its own thinking aloud, not replayed from a save)."""
    return [e.line() for e in s.events if e.kind != "decision"]


def worn_camp(content):
    """A campaign some days in, with a scar, a condition, stress, a pending event and a turned survivor."""
    camp = R.new_campaign(content, "Saved", 11)
    dice = Dice(camp.rng)
    R.rest(camp, content, "short", dice)
    a, b = camp.alive()[:2]
    a.scars.append(Scar("hobbled"))
    a.conditions["infected"] = 1
    a.stress, a.pending, a.phobia = 3, ["frozen"], "hunter"
    R.lose(camp, b, "turned")
    camp.turned.append([b.name, "shambler"])
    return camp


def test_save_and_load_mid_campaign_gives_the_same_state_and_the_same_dice(content, tmp_path):
    camp = worn_camp(content)
    path = tmp_path / "c.json"
    write_campaign(path, camp)
    again, session = load_campaign(path, content)
    assert session is None and to_data(again) == to_data(camp)
    R.rest(camp, content, "full", Dice(camp.rng))
    R.rest(again, content, "full", Dice(again.rng))
    assert to_data(again) == to_data(camp)           # the campaign's own dice carry on the same


def test_save_and_load_mid_mission_gives_the_same_game_and_the_same_end(content, tmp_path):
    camp = worn_camp(content)
    camp.members[0].pending = []
    M.start_mission(camp, content, "dead_air")
    s = M.open_mission(camp, content, DirectorAI())
    player = make_player("veteran", camp.mission.seed)
    assert not play_mission(camp, s, player, after=lambda s: s.round >= 3)
    path = tmp_path / "mid.json"
    write_campaign(path, camp, s.rng)
    again, loaded = load_campaign(path, content, DirectorAI())
    assert game_log(loaded) == game_log(s) and to_data(again, loaded.rng) == to_data(camp, s.rng)
    play_mission(camp, s, make_player("veteran", 5))
    play_mission(again, loaded, make_player("veteran", 5))
    assert game_log(loaded) == game_log(s)
    M.finish_mission(camp, content, s, Dice(camp.rng))
    M.finish_mission(again, content, loaded, Dice(again.rng))
    assert to_data(again) == to_data(camp)
    s.close()
    loaded.close()


def damaged(tmp_path, content, edit):
    camp = worn_camp(content)
    data = to_data(camp)
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        read_campaign(path, content)
    return str(err.value)


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.update(supplies=-1), "supplies"),
    (lambda d: d["members"][0].update(stress="a lot"), "members[0].stress"),
    (lambda d: d["members"][0].update(archetype="pirate"), "members[0].archetype"),
    (lambda d: d["members"][0]["scars"].append({"id": "nope", "open": True}), "members[0].scars[1].id"),
    (lambda d: d["members"][0]["conditions"].update(cursed=1), "members[0].conditions.cursed"),
    (lambda d: d.update(format=True), "format"),
    (lambda d: d.pop("day"), "day"),
])
def test_a_damaged_save_is_named_by_its_field(content, tmp_path, edit, field):
    message = damaged(tmp_path, content, edit)
    assert "bad.json" in message and field in message


def test_a_mission_save_that_does_not_replay_is_refused(content, tmp_path):
    camp = worn_camp(content)
    camp.members[0].pending = []
    M.start_mission(camp, content, "dead_air")
    s = M.open_mission(camp, content, DirectorAI())
    play_mission(camp, s, make_player("veteran", 1), after=lambda s: s.round >= 2)
    path = tmp_path / "mid.json"
    write_campaign(path, camp, s.rng)
    data = json.loads(path.read_text())
    data["mission"]["seed"] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="mission"):
        load_campaign(path, content, DirectorAI())
    s.close()


def test_the_cli_starts_a_campaign_and_shows_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BT_HOME", str(tmp_path))
    assert main(["campaign", "--new", "Night Crew", "--seed", "3"]) == 0
    shown = capsys.readouterr().out
    assert "day 1, watch 1" in shown and "Missions on offer" in shown
    assert (tmp_path / "campaigns" / "night_crew.json").exists()
    assert main(["campaign", "--new", "Night Crew"]) == 2
    assert main(["campaign", "--show", "Night Crew"]) == 0
    assert main(["campaign", "--new", "../x"]) == 2
    assert "already exists" in capsys.readouterr().err
