"""Whole campaigns played by the AI: the survivor AI plays each mission against the Director AI, and a simple camp
policy chooses rests, treatment, trades, recruits and the next mission (docs/RULES.md, "The campaign")."""
from __future__ import annotations

from collections.abc import Callable

from game.ai.director_policy import DirectorAI
from game.ai.players import make_player
from game.campaign import choices as C
from game.campaign import rules as R
from game.campaign.mission import finish_mission, open_mission, start_mission
from game.campaign.state import Campaign
from game.campaign.tables import campaign_rules
from game.content.defs import Content
from game.rules.dice import Dice
from game.sim.runner import MAX_ACTIONS_PER_ROUND
from game.world.actions import EndSurvivorPhase
from game.world.session import Session

MAX_DAYS = 60          # a band that only ever rests is stopped here (the report counts it as stalled)


def play_mission(camp: Campaign, s: Session, player, after: Callable[[Session], bool] | None = None) -> bool:
    """Play the mission under way to its end with `player`, recording each action in the campaign (so it can be
    saved mid-mission). `after(s)` may stop it early by returning True; returns whether the game is over."""
    record = camp.mission
    while s.result is None:
        if s.in_director:
            s.run_director()
            continue
        actions = 0
        while s.phase == "survivor" and s.result is None:
            action = player.choose(s) if actions < MAX_ACTIONS_PER_ROUND else None
            action = action if action is not None else EndSurvivorPhase()
            s.submit(action)
            record.actions.append(action)
            actions += 1
            if after is not None and after(s):
                return False
    return True


def camp_turn(camp: Campaign, content: Content, dice: Dice) -> str | None:
    """One camp decision, taken: 'treat', 'trade', 'recruit', 'rest', or a scenario id to go out on (the mission
    is then under way: camp.mission). None when the campaign is over."""
    if camp.over:
        return None
    cr = campaign_rules(content)
    alive = camp.alive()
    injured = [m for m in alive if "injured" in m.conditions]
    if injured and not R.can_treat(camp, content):
        R.treat(camp, content, injured[0], dice)
        return "treat"
    hungry_soon = camp.supplies < 2 * len(alive) * cr.supplies["eaten_per_survivor"]
    spare = [(m, i) for m in alive for i, g in enumerate(m.gear)
             if not g.own and (content.items.get(g.gear_id) is None or content.items[g.gear_id].kind != "medical")]
    if hungry_soon and spare:
        R.trade(camp, content, spare[0][0], spare[0][1], dice)
        return "trade"
    start = cr.band["start"]
    if len(alive) < len(start) and camp.supplies >= cr.supplies["recruit"] + 2 * len(alive):
        met = C.recruit_offers(camp, content)
        healers = [a for a in met if content.archetypes[a].skill in R.MEDICS]
        has_healer = any(content.archetypes[m.archetype].skill in R.MEDICS for m in alive)
        pool = healers if healers and not has_healer else met
        tough = max(pool, key=lambda a: sum(getattr(content.archetypes[a], s) for s in ("wounds", "fight", "guts")))
        R.recruit(camp, content, tough, dice)          # a healer if the band has none, else the toughest met
        return "recruit"
    fit = R.fit(camp, content)
    rested = [m for m in fit if "deprived" not in m.conditions]        # a rest does nothing for the hungry
    worn = any(m.wounds < R.stats_of(content, m)["wounds"] or m.stress >= cr.breaking_point - 2 for m in rested)
    tired = camp.since_long_rest >= cr.infection["exhausted_after"] - 2
    offers = R.offers(camp, content)
    if worn or tired or not offers or not fit:
        R.rest(camp, content, "long", dice)
        return "rest"
    known = [sid for sid in offers if sid in content.scenarios]     # known ground first; quick-play when none is left
    scenario = camp.rng.choice(known or offers)
    try:
        start_mission(camp, content, scenario)
    except R.CampaignError:
        R.rest(camp, content, "long", dice)
        return "rest"
    return scenario


def run_campaign(content: Content, seed: int, level: str, director: str = "standard",
                 observe: Callable[[Session], None] | None = None) -> Campaign:
    """A whole campaign, AI against AI, to its end (or MAX_DAYS); `observe(session)` sees each mission once it ends."""
    camp = R.new_campaign(content, f"Band {seed}", seed)
    dice = Dice(camp.rng)
    while not camp.over and camp.day <= MAX_DAYS:
        if camp_turn(camp, content, dice) is None or camp.mission is None:
            continue
        s = open_mission(camp, content, DirectorAI(director))
        play_mission(camp, s, make_player(level, camp.mission.seed, s.content))
        if observe is not None:
            observe(s)
        finish_mission(camp, content, s, dice)
        s.close()
    return camp
