"""Whole campaigns AI against AI: seeded campaigns finish, supplies never go negative, the dead stay dead and never go
out again, stress stays within its track; the same seed plays the same campaign; the CLI reports."""
from game.ai.director_policy import DirectorAI
from game.ai.players import make_player
from game.campaign import rules as R
from game.campaign.autoplay import MAX_DAYS, camp_turn, play_mission
from game.campaign.mission import finish_mission, open_mission
from game.campaign.saves import to_data
from game.campaign.simulate import CampaignJob, run_one
from game.campaign.tables import campaign_rules
from game.cli import main
from game.content.loader import load_content
from game.rules.dice import Dice


def checked_campaign(content, seed):
    cr = campaign_rules(content)
    camp = R.new_campaign(content, f"Band {seed}", seed)
    dice = Dice(camp.rng)
    dead: set[int] = set()
    while not camp.over and camp.day <= MAX_DAYS:
        camp_turn(camp, content, dice)
        if camp.mission is not None:
            assert not dead & set(camp.mission.team), "the dead went out on a mission"
            s = open_mission(camp, content, DirectorAI())
            play_mission(camp, s, make_player("expert", camp.mission.seed))
            finish_mission(camp, content, s, dice)
            s.close()
        assert camp.supplies >= 0
        now_dead = {m.id for m in camp.members if not m.alive}
        assert dead <= now_dead, "someone came back from the dead"
        dead = now_dead
        assert all(0 <= m.stress < cr.breaking_point for m in camp.alive())
        assert len(camp.alive()) <= cr.band["size_max"]
    return camp


def test_twenty_seeded_campaigns_finish_and_keep_their_invariants():
    content = load_content()
    ends = [checked_campaign(content, seed).over for seed in range(20)]
    assert all(end in ("evacuated", "wiped out") for end in ends), ends


def test_the_same_seed_plays_the_same_campaign():
    content = load_content()
    assert to_data(checked_campaign(content, 3)) == to_data(checked_campaign(content, 3))
    assert run_one(CampaignJob(3, "expert")) == run_one(CampaignJob(3, "expert"))


def test_the_simulate_command_reports(capsys):
    assert main(["campaign", "--simulate", "--games", "2", "--level", "expert", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 campaigns, survivor AI expert" in out and "what killed them" in out and "scars per band" in out
