"""What the camp can choose among: who may be treated, which cards may be traded, who is met when the band looks for a
recruit, and a survivor's new name (docs/RULES.md, "The campaign"). The orders themselves are in game.campaign.rules;
the camp screen and the CLI offer these lists and pass the choice on."""
from __future__ import annotations

import random
import re

from game.campaign import rules as R
from game.campaign.state import Campaign, Member
from game.campaign.tables import campaign_rules
from game.content.defs import Content

NAME_RE = re.compile(r"^[A-Za-z][A-Za-z .'-]{0,15}$")


def patients(camp: Campaign, content: Content) -> list[Member]:
    return [m for m in camp.alive() if R.needs_treatment(content, m)]


def why_no_treatment(camp: Campaign, content: Content) -> str:
    """'' when someone can be treated now; else the reason, in words."""
    if not patients(camp, content):
        return "nobody needs treating (no Injured survivor, no scar that treatment closes)"
    return R.can_treat(camp, content)


def tradeable(camp: Campaign, content: Content) -> list[tuple[Member, int]]:
    """(survivor, card index) of every card that may be bartered: not a survivor's own starting weapon."""
    return [(m, i) for m in camp.alive() for i, g in enumerate(m.gear) if not g.own]


def recruit_offers(camp: Campaign, content: Content) -> list[str]:
    """The archetypes the band meets when it looks for someone: `band.recruit_offers` of them, rolled from the
    campaign's seed and the number of survivors it has ever had (so the same camp meets the same people, and a save
    reloaded offers the same), those not in the band first."""
    cr = campaign_rules(content)
    kinds = sorted(a for a, d in content.archetypes.items() if not d.npc)
    random.Random(camp.seed * 7907 + camp.next_id).shuffle(kinds)
    have = {m.archetype for m in camp.alive()}
    kinds.sort(key=lambda a: a in have)         # stable: the shuffle stays within each group
    return kinds[:cr.band["recruit_offers"]]


def why_no_recruit(camp: Campaign, content: Content) -> str:
    cr = campaign_rules(content)
    if len(camp.alive()) >= cr.band["size_max"]:
        return f"the band is full ({cr.band['size_max']})"
    if camp.supplies < cr.supplies["recruit"]:
        return f"taking someone in costs {cr.supplies['recruit']} supplies, the band has {camp.supplies}"
    return ""


def rename(camp: Campaign, member: Member, new: str) -> None:
    """A survivor takes a new name: 1 to 16 letters, spaces, dots, apostrophes or hyphens, starting with a letter, and
    not the name of someone else in the band."""
    new = new.strip()
    if not NAME_RE.match(new):
        raise R.CampaignError("a name is 1 to 16 letters (spaces, . ' - allowed), starting with a letter")
    if any(m.name.lower() == new.lower() for m in camp.members if m is not member):
        raise R.CampaignError(f"someone in the band is already called {new}")
    if new != member.name:
        camp.say(f"{member.name} goes by {new} now")
        member.name = new
