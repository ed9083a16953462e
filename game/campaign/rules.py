"""The campaign's rules as functions of the campaign, its tables and the dice (docs/RULES.md, "The campaign").

Every die is a d6 from a Dice (game.rules.dice), so tests script the faces; the campaign's own seeded RNG rolls them in
play. Nothing here touches a scenario: game.campaign.mission takes the band into one and reads it back.
"""
from __future__ import annotations

import random

from game.campaign.state import Campaign, Carried, Member, Scar
from game.campaign.tables import STATS, StressEvent, campaign_rules
from game.content.defs import Content
from game.rules.dice import Dice, successes

FLOORS = {"move": 2, "fight": 0, "shoot": 0, "wits": 0, "guts": 0, "wounds": 1}
MEDICS = ("doctor", "medic")                  # skills that treat without using up a medical card


class CampaignError(Exception):
    """A camp order the rules refuse, with the reason in words for the player."""


# --- the band ------------------------------------------------------------------------------------------------------

def new_campaign(content: Content, name: str, seed: int) -> Campaign:
    cr = campaign_rules(content)
    camp = Campaign(name=name, seed=seed, rng=random.Random(seed), members=[], supplies=cr.supplies["start"])
    for arch in cr.band["start"]:
        add_member(camp, content, arch)
    camp.say(f"The band of {name} sets out: {', '.join(m.name for m in camp.members)}")
    return camp


def add_member(camp: Campaign, content: Content, archetype: str) -> Member:
    """A new survivor with the archetype's starting kit, the first free name and a Personal item."""
    cr = campaign_rules(content)
    arch = content.archetypes[archetype]
    used = {m.name for m in camp.members}
    name = next((n for n in cr.band["names"] if n not in used), f"Survivor {camp.next_id}")
    gear = [Carried(w, content.weapons[w].ammo, own=True) for w in arch.weapons]
    gear += [Carried(i) for i in arch.items]
    member = Member(camp.next_id, name, archetype, arch.wounds, camp.rng.choice(cr.band["personal_items"]), gear,
                    arch.reloads)
    camp.next_id += 1
    camp.members.append(member)
    return member


def base_stat(content: Content, member: Member, stat: str) -> int:
    return getattr(content.archetypes[member.archetype], stat) + member.gains.get(stat, 0)


def stats_of(content: Content, member: Member) -> dict[str, int]:
    """A survivor's stats for the next scenario: the archetype's, lasting gains, open scars, conditions and the
    Stressful Events waiting for it, each never below its floor."""
    cr = campaign_rules(content)
    out = {s: base_stat(content, member, s) for s in STATS}
    changes = [cr.scar(sc.id).stats for sc in member.scars if sc.open]
    changes += [cr.conditions[c].stats for c in member.conditions]
    changes += [cr.event(e).stats for e in member.pending if cr.event(e).effect == "stats"]
    for change in changes:
        for stat, n in change.items():
            out[stat] += n
    return {s: max(FLOORS[s], n) for s, n in out.items()}


def benched(content: Content, member: Member) -> bool:
    cr = campaign_rules(content)
    return any(cr.conditions[c].benched for c in member.conditions)


def fit(camp: Campaign, content: Content) -> list[Member]:
    """Who can go on a mission: alive and not benched (Injured)."""
    return [m for m in camp.alive() if not benched(content, m)]


def lose(camp: Campaign, member: Member, fate: str) -> None:
    member.alive, member.fate = False, fate
    camp.say(f"{member.name} is lost for good: {fate}")


# --- time ----------------------------------------------------------------------------------------------------------

def pass_watches(camp: Campaign, content: Content, n: int, dice: Dice) -> None:
    """The clock moves on; each new morning the band eats, the city's Doom rises and the sick are tested."""
    cr = campaign_rules(content)
    for _ in range(n):
        camp.watch += 1
        camp.since_long_rest += 1
        if camp.watch >= cr.time["watches_per_day"]:
            camp.watch = 0
            camp.day += 1
            new_day(camp, content, dice)


def new_day(camp: Campaign, content: Content, dice: Dice) -> None:
    cr = campaign_rules(content)
    camp.city_doom = min(cr.city["max"], camp.city_doom + cr.city["doom_per_day"])
    eat(camp, content)
    for m in camp.alive():
        if "infected" in m.conditions:
            infection_save(camp, content, m, dice)
        if m.alive and "injured" in m.conditions:
            m.conditions["injured"] += 1
            if m.conditions["injured"] >= cr.infection["injured_days"]:
                lose(camp, m, "died of wounds nobody treated")
        if m.alive and not m.personal:
            m.personal_days += 1
            if m.personal_days >= cr.band["new_personal_days"]:
                m.personal, m.personal_days = camp.rng.choice(cr.band["personal_items"]), 0
                camp.say(f"{m.name} takes to {m.personal} as their Personal item")
    if camp.since_long_rest >= cr.infection["exhausted_after"]:
        for m in camp.alive():
            m.conditions.setdefault("exhausted", 0)
    check_over(camp, content)


def eat(camp: Campaign, content: Content) -> None:
    """Each survivor eats their share, in band order, while the supplies last; who goes without is Deprived."""
    cr = campaign_rules(content)
    share = cr.supplies["eaten_per_survivor"]
    hungry = []
    for m in camp.alive():
        if camp.supplies >= share:
            camp.supplies -= share
            m.conditions.pop("deprived", None)
        else:
            m.conditions.setdefault("deprived", 0)
            hungry.append(m.name)
    if hungry:
        camp.say(f"Not enough food: {', '.join(hungry)} go hungry (Deprived)")


def infection_save(camp: Campaign, content: Content, member: Member, dice: Dice) -> bool:
    """The daily save: the stat's dice, one die at save_need or more passes. Enough fails and they turn; enough
    passes and the fever breaks."""
    cr = campaign_rules(content)
    inf = cr.infection
    faces = dice.d6(max(1, stats_of(content, member)[inf["save_stat"]]))
    if successes(faces, inf["save_need"]):
        member.infection_passes += 1
        if member.infection_passes >= inf["clear_after"]:
            member.conditions.pop("infected")
            member.infection_passes = 0
            camp.say(f"{member.name}'s fever breaks: no longer Infected")
        return True
    member.conditions["infected"] += 1
    if member.conditions["infected"] >= inf["turn_after"]:
        lose(camp, member, "turned")
        camp.turned.append([member.name, inf["turns_into"]])
    return False


def check_over(camp: Campaign, content: Content) -> None:
    cr = campaign_rules(content)
    if not camp.over and not camp.alive():
        camp.over = "wiped out"
        camp.say("Nobody is left: the band is wiped out")
    elif not camp.over and camp.missions_won >= cr.goal["missions"]:
        camp.over = "evacuated"
        camp.say("The band reaches the evacuation point")


# --- rests, treatment, trade, recruits -----------------------------------------------------------------------------

def rest(camp: Campaign, content: Content, kind: str, dice: Dice) -> None:
    """A short, long or full rest: the watches pass, then each survivor who is not Deprived heals by the rest's rule."""
    cr = campaign_rules(content)
    r = cr.rests[kind]
    if kind == "full":          # a safe place where the Injured are tended from the first day, not at the end
        for m in camp.alive():
            m.conditions.pop("injured", None)
    pass_watches(camp, content, r.watches, dice)
    if kind != "short":
        camp.since_long_rest = 0
    heals = {"short": (), "long": ("long_rest",), "full": ("long_rest", "treat", "full_rest")}[kind]
    for m in camp.alive():
        if any(cr.conditions[c].no_rest for c in m.conditions):
            continue
        if m.personal:
            m.stress = max(0, m.stress - r.stress)
        for c in [c for c in m.conditions if set(heals) & set(cr.conditions[c].cleared_by)]:
            del m.conditions[c]
        for sc in m.scars:
            sc.open = sc.open and cr.scar(sc.id).heals not in heals
        if kind == "full":
            m.phobia = ""
        m.wounds = min(stats_of(content, m)["wounds"], m.wounds + r.heal)
    camp.say(f"A {kind} rest")


def can_treat(camp: Campaign, content: Content) -> str:
    """'' when someone or something can treat; else why not."""
    if any(content.archetypes[m.archetype].skill in MEDICS for m in fit(camp, content)):
        return ""
    if _medical(camp, content) is not None:
        return ""
    return "nobody with medical skill is fit, and nobody carries a medical card"


def _medical(camp: Campaign, content: Content) -> tuple[Member, Carried] | None:
    for m in camp.alive():
        for g in m.gear:
            item = content.items.get(g.gear_id)
            if item is not None and item.kind == "medical":
                return m, g
    return None


def needs_treatment(content: Content, member: Member) -> bool:
    """Injured, or a scar open that treatment closes."""
    cr = campaign_rules(content)
    return member.alive and ("injured" in member.conditions
                             or any(s.open and cr.scar(s.id).heals == "treat" for s in member.scars))


def treat(camp: Campaign, content: Content, member: Member, dice: Dice) -> None:
    """Patching one survivor up closes their scars that heal by treatment and ends Injured. A Doctor or Medic who
    is fit does it with what is at hand; otherwise a medical card is used up."""
    cr = campaign_rules(content)
    if not needs_treatment(content, member):
        raise CampaignError(f"{member.name} has nothing treatment can mend")
    why = can_treat(camp, content)
    if why:
        raise CampaignError(why)
    if not any(content.archetypes[m.archetype].skill in MEDICS for m in fit(camp, content)):
        holder, card = _medical(camp, content)
        holder.gear.remove(card)
        camp.say(f"{holder.name}'s {content.gear_name(card.gear_id)} is used up")
    member.conditions.pop("injured", None)
    for sc in member.scars:
        sc.open = sc.open and cr.scar(sc.id).heals != "treat"
    member.wounds = min(member.wounds, stats_of(content, member)["wounds"])
    camp.say(f"{member.name} is treated")
    pass_watches(camp, content, cr.time["treat_watches"], dice)


def trade(camp: Campaign, content: Content, member: Member, index: int, dice: Dice) -> None:
    """Barter a card someone carries (not their own weapon) for food."""
    cr = campaign_rules(content)
    if not 0 <= index < len(member.gear) or member.gear[index].own:
        raise CampaignError(f"{member.name} has no card {index + 1} to trade (their own weapons are not for sale)")
    card = member.gear.pop(index)
    camp.supplies += cr.supplies["trade"]
    camp.say(f"{member.name} trades {content.gear_name(card.gear_id)} for {cr.supplies['trade']} supplies")
    pass_watches(camp, content, cr.time["trade_watches"], dice)


def recruit(camp: Campaign, content: Content, archetype: str, dice: Dice) -> Member:
    cr = campaign_rules(content)
    arch = content.archetypes.get(archetype)
    if arch is None or arch.npc:
        raise CampaignError(f"nobody of that kind to take in: {archetype!r}")
    if len(camp.alive()) >= cr.band["size_max"]:
        raise CampaignError(f"the band is full ({cr.band['size_max']})")
    if camp.supplies < cr.supplies["recruit"]:
        raise CampaignError(f"taking someone in costs {cr.supplies['recruit']} supplies, the band has "
                            f"{camp.supplies}")
    camp.supplies -= cr.supplies["recruit"]
    member = add_member(camp, content, archetype)
    camp.say(f"{member.name} ({arch.name}) joins the band")
    pass_watches(camp, content, cr.time["recruit_watches"], dice)
    return member


# --- scars and stress ----------------------------------------------------------------------------------------------

def take_scar(camp: Campaign, content: Content, member: Member, blow: int, dice: Dice) -> str:
    """A blow that took the last wound exactly: a d6 plus the blow's wounds less 1 on the scar table."""
    cr = campaign_rules(content)
    row = cr.scars[min(len(cr.scars), dice.d6(1)[0] + max(0, blow - 1)) - 1]
    member.scars.append(Scar(row.id))         # open until it heals ("never": for good)
    notes = [row.name]
    for _ in range(row.improve):
        stat = STATS[dice.d6(1)[0] - 1]
        if dice.d6(1)[0] > base_stat(content, member, stat):       # a die beating the stat raises it
            member.gains[stat] = member.gains.get(stat, 0) + 1
            notes.append(f"+1 {stat.capitalize()}")
    if row.condition:
        member.conditions.setdefault(row.condition, 0)
    if row.reroll:
        before = getattr(content.archetypes[member.archetype], row.reroll)
        member.gains[row.reroll] = (dice.d6(1)[0] + 1) // 2 - before
        notes.append(f"{row.reroll.capitalize()} is now {base_stat(content, member, row.reroll)}")
    camp.say(f"{member.name} takes a scar: {', '.join(notes)}")
    return row.id


def add_stress(camp: Campaign, content: Content, member: Member, amount: int, dice: Dice) -> StressEvent | None:
    """Stress from horror; at the breaking point a Stressful Event (a d6 on the table) waits for the next scenario."""
    cr = campaign_rules(content)
    member.stress += amount
    if member.stress < cr.breaking_point:
        return None
    event = cr.events[min(len(cr.events), dice.d6(1)[0]) - 1]
    member.stress = cr.after_break
    member.pending.append(event.id)
    if event.effect == "phobia":
        member.phobia = event.kinds[(dice.d6(1)[0] - 1) % len(event.kinds)]
    if event.effect == "panic" and member.personal:
        camp.say(f"{member.name} loses {member.personal} in the panic")
        member.personal, member.personal_days = "", 0
    what = f"{event.name} ({content.zombies[member.phobia].name})" if event.effect == "phobia" else event.name
    camp.say(f"{member.name} breaks: {what}")
    return event


# --- the city and the missions -------------------------------------------------------------------------------------

def city_pressure(camp: Campaign, content: Content) -> tuple[int, int]:
    """(Heat in round 1, Doom spaces the track starts on) that the city's Doom adds to the next mission."""
    cr = campaign_rules(content)
    return camp.city_doom // cr.city["heat_every"], camp.city_doom // cr.city["doom_every"]


def offers(camp: Campaign, content: Content) -> list[str]:
    """The missions the band may choose: the hand-built scenarios it has not done that it has people enough for,
    then quick-play ones rolled from the campaign's seed and the number of missions played."""
    cr = campaign_rules(content)
    able = len(fit(camp, content))
    out = [sid for sid, scen in content.scenarios.items() if sid not in camp.won and scen.team_min <= able]
    base = (camp.seed * 7919 + camp.missions_played * 101) % 10**9
    if able >= 1:
        out += [f"quickplay_{base + i}" for i in range(cr.goal["quickplay_offers"])]
    return out
