"""The mission debrief: what a mission did to the band, as numbers read from the campaign itself. `snapshot` keeps
the band as it left (before `finish_mission` changes it); `debrief` compares that with the campaign after it and the
game's events, so what the debrief says is what the campaign now holds (docs/RULES.md, "The campaign")."""
from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field

from game.campaign import rules as R
from game.campaign.mission import Outcome
from game.campaign.state import Campaign, Member
from game.campaign.tables import campaign_rules
from game.content.defs import Content
from game.world.agendas import night_of
from game.world.session import Session

# a horror check's trigger, as a reason for the stress it cost (the event's `trigger`)
STRESS_WHY = {"ally_devoured": "saw a friend devoured", "witnessed_death": "saw a friend die",
              "feeding_frenzy": "watched the horde feed on a friend", "first_sight": "faced a new horror",
              "phobia": "faced the kind they fear"}


@dataclass(frozen=True)
class Snapshot:
    """The band as it set out: the team's members (copies), the supplies, how long the camp's log was."""
    team: tuple[Member, ...]
    supplies: int
    log_len: int


def snapshot(camp: Campaign) -> Snapshot:
    return Snapshot(tuple(copy.deepcopy(camp.member(i)) for i in camp.mission.team), camp.supplies, len(camp.log))


@dataclass
class SurvivorDebrief:
    id: int
    name: str
    archetype: str
    fell: str                                   # how they were lost ("" if they came home)
    wounds_before: int                          # wounds left as they set out
    wounds_after: int                           # wounds left now
    wounds_max: int
    wounds_taken: int                           # wounds the game dealt them
    kills: int
    stress_before: int
    stress_after: int
    stress_gained: int                          # what the horror checks cost
    stress_why: list[tuple[str, int]] = field(default_factory=list)     # (reason, stress), in order of size
    broke: str = ""                             # the Stressful Event waiting now, if they reached breaking point
    scars: list[str] = field(default_factory=list)          # scar names taken
    conditions: list[str] = field(default_factory=list)     # condition names taken
    finds: list[str] = field(default_factory=list)          # cards brought home that they did not set out with
    left: list[str] = field(default_factory=list)           # cards they set out with and did not bring home


@dataclass
class Debrief:
    scenario: str
    won: bool
    survivors: list[SurvivorDebrief]
    supplies_before: int
    supplies_after: int
    reward: int                                 # supplies the mission's end brought
    eaten: int                                  # supplies eaten on the way (a new day passed)
    notes: list[str]                            # the camp's log lines the homecoming wrote

    @property
    def fallen(self) -> list[SurvivorDebrief]:
        return [d for d in self.survivors if d.fell]


def _names(content: Content, counter: Counter) -> list[str]:
    return [content.gear_name(g) for g in sorted(counter.elements())]


def debrief(before: Snapshot, camp: Campaign, content: Content, s: Session, out: Outcome) -> Debrief:
    """The debrief of the mission just finished (`before` taken at its end, `camp` after finish_mission)."""
    cr = campaign_rules(content)
    seats = s.survivors(on_board=False)[:len(before.team)]
    night = night_of(s)
    why: dict[int, Counter] = {m.id: Counter() for m in before.team}
    entity = dict(zip(seats, (m.id for m in before.team), strict=True))
    for e in s.events:
        mid = entity.get(e.data.get("who"))
        if e.kind == "horror" and mid is not None and e.data.get("stress"):
            why[mid][STRESS_WHY.get(e.data.get("trigger"), "a horror check")] += e.data["stress"]
    rows = []
    for sv, old in zip(seats, before.team, strict=True):
        now = camp.member(old.id)
        scars = [cr.scar(sc.id).name for sc in now.scars[len(old.scars):]]
        gained = Counter(g.gear_id for g in now.gear) - Counter(g.gear_id for g in old.gear)
        left = Counter(g.gear_id for g in old.gear) - Counter(g.gear_id for g in now.gear)
        broke = [cr.event(e).name for e in now.pending if e not in old.pending]
        rows.append(SurvivorDebrief(
            old.id, now.name, now.archetype, now.fate if not now.alive else "", old.wounds, now.wounds if now.alive
            else 0, R.stats_of(content, now)["wounds"], night.wounds[sv], night.kills[sv], old.stress, now.stress,
            out.stress.get(old.id, 0), sorted(why[old.id].items(), key=lambda kv: (-kv[1], kv[0])),
            broke[0] if broke else "", scars,
            [cr.conditions[c].name for c in now.conditions if c not in old.conditions],
            _names(content, gained) if now.alive else [], _names(content, left)))
    reward = cr.supplies["mission_won" if out.won else "mission_lost"]
    return Debrief(s.scenario.name, out.won, rows, before.supplies, camp.supplies, reward,
                   before.supplies + reward - camp.supplies, camp.log[before.log_len:])
