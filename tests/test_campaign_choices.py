"""What the camp chooses among (game.campaign.choices, docs/RULES.md "The campaign"): whom treatment can help, which
cards can be traded, who is met when the band looks for a recruit, and a survivor's new name."""
import pytest

from game.campaign import choices as C
from game.campaign import rules as R
from game.campaign.state import Carried, Scar
from game.rules.dice import ScriptedDice
from tests.campaign_fixtures import campaign_content, new_camp  # noqa: F401  (content, camp)


def test_only_the_injured_and_scars_that_treatment_closes_can_be_treated(content, camp):
    ada, bram, cleo, _ = camp.alive()
    assert C.patients(camp, content) == []
    assert C.why_no_treatment(camp, content).startswith("nobody needs treating")
    bram.scars.append(Scar("hobbled"))          # heals by treatment
    cleo.scars.append(Scar("eye"))              # heals by a long rest: treatment does nothing for it
    ada.conditions["injured"] = 0
    assert C.patients(camp, content) == [ada, bram] and C.why_no_treatment(camp, content) == ""
    with pytest.raises(R.CampaignError, match="nothing treatment can mend"):
        R.treat(camp, content, cleo, ScriptedDice([]))
    R.treat(camp, content, bram, ScriptedDice([]))
    assert C.patients(camp, content) == [ada] and not bram.scars[0].open


def test_nobody_can_treat_without_a_fit_medic_or_a_medical_card(content, camp):
    medic = next(m for m in camp.alive() if content.archetypes[m.archetype].skill in R.MEDICS)
    medic.conditions["injured"] = 0             # benched: cannot treat anyone, themselves included
    for m in camp.alive():
        m.gear = [g for g in m.gear if content.items.get(g.gear_id) is None
                  or content.items[g.gear_id].kind != "medical"]
    assert C.why_no_treatment(camp, content).startswith("nobody with medical skill is fit")


def test_own_starting_weapons_are_not_for_trade(content, camp):
    ada = camp.alive()[0]
    ada.gear = [Carried("pistol", 6, own=True), Carried("flashlight")]
    cards = [(m.name, m.gear[i].gear_id) for m, i in C.tradeable(camp, content)]
    assert (ada.name, "flashlight") in cards and (ada.name, "pistol") not in cards


def test_recruits_on_offer_are_a_few_people_not_in_the_band_and_the_same_after_a_reload(content, camp):
    offers = C.recruit_offers(camp, content)
    have = {m.archetype for m in camp.alive()}
    assert len(offers) == 3 == len(set(offers))
    assert not set(offers) & have and all(not content.archetypes[a].npc for a in offers)
    assert C.recruit_offers(camp, content) == offers            # a function of the seed and who has joined
    R.recruit(camp, content, offers[1], ScriptedDice([]))
    assert offers[1] not in C.recruit_offers(camp, content)     # now in the band: others come first


def test_recruiting_is_refused_with_a_reason_when_the_band_is_poor_or_full(content, camp):
    camp.supplies = 2
    assert C.why_no_recruit(camp, content) == "taking someone in costs 3 supplies, the band has 2"
    camp.supplies = 99
    for a in ("doctor", "cook"):
        R.recruit(camp, content, a, ScriptedDice([]))
    assert C.why_no_recruit(camp, content) == "the band is full (6)"


def test_a_survivor_can_be_renamed_but_not_to_nothing_or_a_friends_name(content, camp):
    ada, bram = camp.alive()[:2]
    C.rename(camp, ada, "  Tess O'Neil ")
    assert ada.name == "Tess O'Neil" and camp.log[-1].endswith("goes by Tess O'Neil now")
    for bad, why in (("", "a name is"), ("7even", "a name is"), ("x" * 17, "a name is"),
                     (bram.name.upper(), "already called")):
        with pytest.raises(R.CampaignError, match=why):
            C.rename(camp, ada, bad)
    assert ada.name == "Tess O'Neil"
