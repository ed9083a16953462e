"""The camp as text: the band's roster cards, supplies, the clock, the city and the missions on offer (the CLI prints
it; the camp screen draws the same lines)."""
from __future__ import annotations

from game.campaign import rules as R
from game.campaign.state import Campaign, Member
from game.campaign.tables import campaign_rules
from game.content.defs import Content
from game.tools.quickplay import generate


def member_lines(camp: Campaign, content: Content, m: Member) -> list[str]:
    cr = campaign_rules(content)
    arch = content.archetypes[m.archetype]
    if not m.alive:
        return [f"{m.name} ({arch.name}): lost - {m.fate}"]
    st = R.stats_of(content, m)
    lines = [f"{m.name} ({arch.name})",
             f"  Move {st['move']}  Fight {st['fight']}  Shoot {st['shoot']}  Wits {st['wits']}  Guts {st['guts']}  "
             f"-  wounds {m.wounds}/{st['wounds']}, stress {m.stress}/{cr.breaking_point}"]
    scars = [cr.scar(s.id).name + ("" if s.open else " (healed)") for s in m.scars]
    if scars:
        lines.append("  scars: " + ", ".join(scars))
    conditions = [cr.conditions[c].name for c in m.conditions]
    if m.phobia:
        conditions.append(f"phobia of the {content.zombies[m.phobia].name}")
    conditions += [f"next scenario: {cr.event(e).name}" for e in m.pending]
    if conditions:
        lines.append("  " + ", ".join(conditions))
    gear = [content.gear_name(g.gear_id) + (f" ({g.ammo} shots)" if g.gear_id in content.weapons and
                                            content.weapons[g.gear_id].ammo else "") for g in m.gear]
    lines.append(f"  carries: {', '.join(gear) or 'nothing'}; reloads {m.reloads}")
    lines.append(f"  Personal item: {m.personal or 'lost'}")
    return lines


def mission_name(content: Content, scenario_id: str) -> str:
    if scenario_id in content.scenarios:
        return content.scenarios[scenario_id].name
    return f"Quick-play: {generate(content, int(scenario_id.split('_')[1])).scenario.name}"


def camp_text(camp: Campaign, content: Content) -> str:
    cr = campaign_rules(content)
    heat, doom = R.city_pressure(camp, content)
    lines = [f"Campaign {camp.name} (seed {camp.seed}): day {camp.day}, watch {camp.watch + 1} of "
             f"{cr.time['watches_per_day']}",
             f"Supplies {camp.supplies} (the band eats {len(camp.alive()) * cr.supplies['eaten_per_survivor']} a "
             f"day); missions won {camp.missions_won} of {cr.goal['missions']}",
             f"City Doom {camp.city_doom}: missions start with +{heat} Heat and {doom} Doom space(s) on"]
    if camp.over:
        lines.append(f"The campaign is over: {camp.over}")
    lines.append("")
    lines += [line for m in camp.members for line in member_lines(camp, content, m)]
    if not camp.over and camp.mission is None:
        lines += ["", "Missions on offer:"]
        lines += [f"  {sid}: {mission_name(content, sid)}" for sid in R.offers(camp, content)]
    return "\n".join(lines)
