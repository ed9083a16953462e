"""The campaign's rules between scenarios (docs/RULES.md, "The campaign"), each with dice we control: time and
watches, supplies and Deprived, each condition, each rest, treatment, trade, recruits, scars, stress and the
Stressful Events, the missions on offer."""
import pytest

from game.campaign import rules as R
from game.campaign.state import Carried, Scar
from game.campaign.tables import campaign_rules
from game.rules.dice import ScriptedDice
from tests.campaign_fixtures import campaign_content, new_camp  # noqa: F401  (content, camp)


def member(camp, i=0):
    return camp.alive()[i]


# --- time and supplies ---------------------------------------------------------------------------------------------

def test_a_day_is_four_watches_and_each_morning_the_band_eats_and_the_city_darkens(content, camp):
    assert (camp.day, camp.watch, camp.city_doom, camp.supplies) == (1, 0, 0, 10)
    R.pass_watches(camp, content, 3, ScriptedDice([]))
    assert (camp.day, camp.watch, camp.supplies) == (1, 3, 10)
    R.pass_watches(camp, content, 1, ScriptedDice([]))
    assert (camp.day, camp.watch, camp.city_doom, camp.supplies) == (2, 0, 1, 6)     # four survivors eat one each


def test_the_citys_doom_adds_heat_and_doom_to_missions(content, camp):
    camp.city_doom = 5
    assert R.city_pressure(camp, content) == (2, 1)      # +1 Heat per 2 city Doom, a Doom space per 4


def test_who_goes_without_food_is_deprived_until_they_eat(content, camp):
    camp.supplies = 2
    R.eat(camp, content)
    hungry = [m.name for m in camp.alive() if "deprived" in m.conditions]
    assert hungry == [m.name for m in camp.alive()[2:]] and camp.supplies == 0
    m = camp.alive()[3]
    assert R.stats_of(content, m)["fight"] == content.archetypes[m.archetype].fight - 1
    camp.supplies = 10
    R.eat(camp, content)
    assert not any("deprived" in x.conditions for x in camp.alive())


def test_a_deprived_survivor_gets_nothing_from_a_rest(content, camp):
    m = member(camp)
    m.wounds, m.stress = 1, 4
    m.conditions["deprived"] = 0
    camp.supplies = 0            # and nobody eats on the way: the rest ends no better
    R.rest(camp, content, "long", ScriptedDice([]))
    assert (m.wounds, m.stress) == (1, 4)


# --- rests ---------------------------------------------------------------------------------------------------------

def test_a_short_rest_heals_one_wound_in_one_watch(content, camp):
    m = member(camp)
    m.wounds = 1
    R.rest(camp, content, "short", ScriptedDice([]))
    assert m.wounds == 2 and camp.watch == 1


def test_a_long_rest_heals_every_wound_clears_exhaustion_and_eases_stress_only_with_the_personal_item(content, camp):
    a, b = member(camp, 0), member(camp, 1)
    for m in (a, b):
        m.wounds, m.stress = 1, 5
        m.conditions["exhausted"] = 0
    b.personal = ""
    camp.since_long_rest = 6
    R.rest(camp, content, "long", ScriptedDice([]))
    assert a.wounds == R.stats_of(content, a)["wounds"] and b.wounds == R.stats_of(content, b)["wounds"]
    assert (a.stress, b.stress) == (3, 5)
    assert "exhausted" not in a.conditions and camp.since_long_rest == 0 and camp.watch == 2


def test_a_full_rest_takes_days_and_clears_stress_phobias_injuries_and_open_scars(content, camp):
    m = member(camp)
    m.stress, m.phobia = 5, "brute"
    m.conditions["injured"] = 0
    m.scars = [Scar("hobbled"), Scar("maimed", open=False)]
    camp.supplies = 99
    R.rest(camp, content, "full", ScriptedDice([]))
    assert camp.day == 4 and (m.stress, m.phobia) == (0, "")
    assert "injured" not in m.conditions and not m.scars[0].open


def test_infection_is_not_cured_by_rest(content, camp):
    m = member(camp)
    m.conditions["infected"] = 0
    camp.supplies = 99
    fight = R.stats_of(content, m)["fight"]
    R.rest(camp, content, "full", ScriptedDice([6] * fight * 3))     # three mornings, three passed saves
    assert "infected" not in m.conditions                            # the fever broke, not the rest
    m.conditions["infected"] = 0
    R.rest(camp, content, "long", ScriptedDice([]))
    assert "infected" in m.conditions


# --- conditions ----------------------------------------------------------------------------------------------------

def test_two_days_without_a_long_rest_exhaust_the_band(content, camp):
    camp.supplies = 99
    R.pass_watches(camp, content, 7, ScriptedDice([]))
    assert not any("exhausted" in m.conditions for m in camp.alive())
    R.pass_watches(camp, content, 1, ScriptedDice([]))
    m = member(camp)
    assert "exhausted" in m.conditions
    assert R.stats_of(content, m)["guts"] == content.archetypes[m.archetype].guts - 1


def test_infected_makes_a_daily_save_and_turns_after_three_failures(content, camp):
    m = member(camp)
    m.conditions["infected"] = 0
    dice = R.stats_of(content, m)["fight"]
    fails = ScriptedDice([4] * dice * 3)           # 4s: the save needs a 5
    for _ in range(2):
        assert not R.infection_save(camp, content, m, fails)
    assert m.alive and m.conditions["infected"] == 2
    R.infection_save(camp, content, m, fails)
    assert not m.alive and m.fate == "turned" and camp.turned == [[m.name, "shambler"]]


def test_three_passed_saves_end_an_infection(content, camp):
    m = member(camp)
    m.conditions["infected"] = 1
    dice = R.stats_of(content, m)["fight"]
    for _ in range(3):
        assert R.infection_save(camp, content, m, ScriptedDice([5] + [1] * (dice - 1)))
    assert "infected" not in m.conditions and m.alive


def test_the_injured_sit_out_missions_and_die_after_two_untreated_days(content, camp):
    m = member(camp)
    m.conditions["injured"] = 0
    assert m not in R.fit(camp, content)
    camp.supplies = 99
    R.pass_watches(camp, content, 4, ScriptedDice([]))
    assert m.alive
    R.pass_watches(camp, content, 4, ScriptedDice([]))
    assert not m.alive and "nobody treated" in m.fate


def test_blind_and_deaf_cost_stats_until_a_long_rest(content, camp):
    m = member(camp)
    base = R.stats_of(content, m)
    m.conditions.update(blind=0, deaf=0)
    st = R.stats_of(content, m)
    assert st["shoot"] == max(0, base["shoot"] - 2) and st["wits"] == base["wits"] - 2
    R.rest(camp, content, "long", ScriptedDice([]))
    assert not m.conditions


# --- treatment, trade, recruits ------------------------------------------------------------------------------------

def test_a_fit_medic_treats_without_using_up_a_card(content, camp):
    patient = member(camp, 0)
    medic = next(m for m in camp.alive() if content.archetypes[m.archetype].skill in R.MEDICS)
    cards = list(medic.gear)
    patient.conditions["injured"] = 1
    patient.scars = [Scar("hobbled"), Scar("rattled")]
    R.treat(camp, content, patient, ScriptedDice([]))
    assert "injured" not in patient.conditions and medic.gear == cards
    assert [s.open for s in patient.scars] == [False, True]       # a rattled mind heals by a long rest, not stitches


def test_without_a_medic_treatment_uses_up_a_medical_card_and_without_either_it_is_refused(content, camp):
    for m in camp.alive():
        if content.archetypes[m.archetype].skill in R.MEDICS:
            R.lose(camp, m, "test")
    patient = member(camp)
    patient.conditions["injured"] = 0
    patient.gear.append(Carried("bandages"))
    R.treat(camp, content, patient, ScriptedDice([]))
    assert all(g.gear_id != "bandages" for m in camp.alive() for g in m.gear)
    patient.conditions["injured"] = 0
    with pytest.raises(R.CampaignError):
        R.treat(camp, content, patient, ScriptedDice([]))


def test_trading_a_card_buys_supplies_but_not_a_survivors_own_weapon(content, camp):
    m = member(camp)
    own = next(i for i, g in enumerate(m.gear) if g.own)
    with pytest.raises(R.CampaignError):
        R.trade(camp, content, m, own, ScriptedDice([]))
    m.gear.append(Carried("shotgun", 2))
    R.trade(camp, content, m, len(m.gear) - 1, ScriptedDice([]))
    assert camp.supplies == 12 and camp.watch == 1


def test_a_recruit_costs_supplies_and_a_watch_and_the_band_has_a_ceiling(content, camp):
    new = R.recruit(camp, content, "cook", ScriptedDice([]))
    assert new.name not in [m.name for m in camp.members[:-1]] and new.personal
    assert camp.supplies == 7 and camp.watch == 1
    assert [g.gear_id for g in new.gear if g.own] == list(content.archetypes["cook"].weapons)
    with pytest.raises(R.CampaignError):
        R.recruit(camp, content, "nurse", ScriptedDice([]))          # not someone the band can take in
    R.recruit(camp, content, "hunter", ScriptedDice([]))
    with pytest.raises(R.CampaignError):
        R.recruit(camp, content, "hunter", ScriptedDice([]))         # six is the most


# --- scars ---------------------------------------------------------------------------------------------------------

def test_a_heavier_blow_reads_further_down_the_scar_table(content, camp):
    m = member(camp)
    assert R.take_scar(camp, content, m, 1, ScriptedDice([3])) == "hobbled"
    assert R.take_scar(camp, content, m, 3, ScriptedDice([5])) == "maimed"       # 5 + 3 - 1 = 7
    st = R.stats_of(content, m)
    arch = content.archetypes[m.archetype]
    assert st["move"] == arch.move - 1 and st["fight"] == arch.fight - 1


def test_a_scar_may_improve_a_stat_when_a_die_beats_it(content, camp):
    m = member(camp)
    fight = content.archetypes[m.archetype].fight
    R.take_scar(camp, content, m, 1, ScriptedDice([1, 2, 6]))     # row 1; stat 2 = Fight; 6 beats it
    assert m.gains == {"fight": 1} and R.stats_of(content, m)["fight"] == fight + 1
    R.take_scar(camp, content, m, 1, ScriptedDice([1, 2, 1]))     # a 1 does not
    assert m.gains == {"fight": 1}


def test_a_cracked_skull_rolls_guts_again(content, camp):
    m = member(camp)
    R.take_scar(camp, content, m, 3, ScriptedDice([6, 1]))        # 6 + 2 = 8; guts = (1 + 1) // 2
    assert R.stats_of(content, m)["guts"] == 1


def test_a_scar_that_gives_a_condition(content, camp):
    m = member(camp)
    R.take_scar(camp, content, m, 1, ScriptedDice([4]))
    assert "deaf" in m.conditions


# --- stress --------------------------------------------------------------------------------------------------------

def test_stress_below_the_breaking_point_is_only_kept(content, camp):
    m = member(camp)
    assert R.add_stress(camp, content, m, 3, ScriptedDice([])) is None and m.stress == 3       # the point is 4


@pytest.mark.parametrize("face,event", [(1, "steeled"), (2, "shaken"), (3, "panic"), (4, "frozen"), (5, "phobia"),
                                        (6, "lashing_out")])
def test_the_breaking_point_rolls_a_stressful_event_for_the_next_scenario(content, camp, face, event):
    m = member(camp)
    m.stress = 2
    got = R.add_stress(camp, content, m, 2, ScriptedDice([face, 2]))
    assert got.id == event and m.pending == [event] and m.stress == campaign_rules(content).after_break
    if event == "phobia":
        assert m.phobia == "brute"                # the second d6 reads the kinds list
    if event == "panic":
        assert m.personal == ""
    if event == "shaken":
        assert R.stats_of(content, m)["guts"] == content.archetypes[m.archetype].guts - 1


# --- missions on offer ---------------------------------------------------------------------------------------------

def test_missions_on_offer_leave_out_done_ones_and_those_the_band_is_too_few_for(content, camp):
    offered = R.offers(camp, content)
    assert set(content.scenarios) <= set(offered) and sum(o.startswith("quickplay_") for o in offered) == 2
    camp.won.append("pharmacy_run")
    R.lose(camp, camp.alive()[0], "test")
    offered = R.offers(camp, content)
    assert "pharmacy_run" not in offered
    assert all(content.scenarios[o].team_min <= 3 for o in offered if o in content.scenarios)
    assert "last_train_out" not in offered                         # takes four


def test_the_campaign_ends_when_the_band_is_gone_or_home(content, camp):
    camp.missions_won = campaign_rules(content).goal["missions"]
    R.check_over(camp, content)
    assert camp.over == "evacuated"
    other = R.new_campaign(content, "Other", 1)
    for m in other.alive():
        R.lose(other, m, "test")
    R.check_over(other, content)
    assert other.over == "wiped out"
