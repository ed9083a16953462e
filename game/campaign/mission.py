"""Into a scenario and back: a campaign mission is an ordinary Session whose survivors are the band's own (stats
changed by scars, conditions and Stressful Events; the cards they carry), with horror checks on, and what the city's
Doom adds. Afterwards the game is read back: who came home, who died, who was Downed by an exact blow, what they
carry, the stress the horror checks cost (docs/RULES.md, "The campaign")."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.campaign import rules as R
from game.campaign.state import Campaign, Carried, Member, MissionRecord
from game.campaign.tables import campaign_rules
from game.content.defs import Content, ScenarioDef
from game.rules.dice import Dice
from game.tools.quickplay import generate, playable
from game.world.components import Health, Inventory, Status, Survivor, Turn
from game.world.horror import HorrorRule, HorrorWatch, install
from game.world.saves import GameRecord
from game.world.session import Session

STATS = ("move", "fight", "shoot", "wits", "guts")


def mission_content(content: Content, scenario_id: str, team: tuple[str, ...]) -> tuple[Content, ScenarioDef]:
    """The content a mission plays on, and its scenario: a quick-play one is rolled from its seed for this team."""
    if scenario_id.startswith("quickplay_") and scenario_id[len("quickplay_"):].isdigit():
        q = generate(content, int(scenario_id[len("quickplay_"):]), team=team)
        return playable(content, q), q.scenario
    return content, content.scenarios[scenario_id]


def choose_team(camp: Campaign, content: Content, scenario_id: str) -> list[Member]:
    """Who goes: the fit survivors, least stressed first, as many as the scenario takes."""
    fit = sorted(R.fit(camp, content), key=lambda m: (m.stress + 3 * len(m.pending), m.id))
    if scenario_id in content.scenarios:
        most = content.scenarios[scenario_id].team_max
    else:
        most = campaign_rules(content).band["size_max"]
    return sorted(fit[:most], key=lambda m: m.id)


def start_mission(camp: Campaign, content: Content, scenario_id: str) -> MissionRecord:
    if camp.over:
        raise R.CampaignError(f"the campaign is over: {camp.over}")
    if scenario_id not in R.offers(camp, content):
        raise R.CampaignError(f"{scenario_id!r} is not on offer")
    team = choose_team(camp, content, scenario_id)
    _, scen = mission_content(content, scenario_id, tuple(m.archetype for m in team))
    if len(team) < scen.team_min:
        raise R.CampaignError(f"{scen.name} takes at least {scen.team_min} survivors, {len(team)} are fit")
    camp.mission = MissionRecord(scenario_id, camp.rng.randrange(2**31), [m.id for m in team])
    camp.say(f"Out to {scen.name} with {', '.join(m.name for m in team)}")
    return camp.mission


@dataclass
class Prepare:
    """What the band brings to the table: called by the Session once it is set up (Session's `prepare`)."""
    content: Content
    members: list[Member]
    stats: list[dict[str, int]]
    heat: int
    doom: int
    day: int
    turned: list[list[str]]
    horror: dict = field(default_factory=dict)

    def __call__(self, s: Session) -> None:
        cr = campaign_rules(self.content)
        watch = HorrorWatch({k: HorrorRule(h.need, h.stress) for k, h in cr.horror.items()}, cr.first_sight_kinds)
        install(s, watch)
        seats = s.survivors(on_board=False)
        for sv, m, stats in zip(seats, self.members, self.stats, strict=False):
            self._survivor(s, sv, m, stats)
            if m.phobia:
                watch.phobias[sv] = m.phobia
        for sv, m in zip(seats, self.members, strict=False):
            self._events(s, sv, m, seats)
        if self.heat:
            s.add_heat(self.heat, None, f"the city is restless (day {self.day})")
        for _ in range(self.doom):
            s.advance_doom("the city's Doom", cause="city")
        for name, kind in self.turned:
            points = s.marker_cells("spawn_major") or s.marker_cells("spawn_minor")
            cell = s.free_cell_near(points[0], s.rules.spawn_radius) if points else None
            if cell is not None:
                s.place_zombie(kind, cell, f"{name}, who turned", how="event")

    def _survivor(self, s: Session, sv: int, m: Member, stats: dict[str, int]) -> None:
        surv = s.comp(sv, Survivor)
        surv.name = m.name
        for stat in STATS:
            setattr(surv, stat, stats[stat])
        health = s.comp(sv, Health)
        health.max_wounds = stats["wounds"]
        health.wounds = max(1, min(m.wounds, stats["wounds"]))
        inv = s.comp(sv, Inventory)
        panicked = "panic" in m.pending
        inv.gear = []
        for card in m.gear:
            if panicked and not card.own:
                continue
            gear = s._new_gear(card.gear_id, "", free_for=sv if card.own else None)
            gear.ammo = card.ammo
            inv.gear.append(gear)
        inv.reloads = m.reloads
        cr = campaign_rules(self.content)
        notes = [cr.conditions[c].name for c in m.conditions] + [cr.scar(sc.id).name for sc in m.scars if sc.open]
        notes += [cr.event(e).name for e in m.pending]
        s.emit("campaign", f"{m.name} ({self.content.archetypes[m.archetype].name}): {stats['wounds']} wounds, "
               f"{health.wounds} left" + (f"; {', '.join(notes)}" if notes else ""), who=sv, member=m.id)

    def _events(self, s: Session, sv: int, m: Member, seats: list[int]) -> None:
        for event_id in m.pending:
            effect = campaign_rules(self.content).event(event_id).effect
            if effect == "frozen":
                s.comp(sv, Turn).activated = True
                s.emit("stress", f"{m.name} is frozen with fear: no activation in round 1", who=sv, event=event_id)
            elif effect == "lash_out":
                others = [o for o in seats[:len(self.members)] if o != sv and s.comp(o, Health).wounds > 1]
                if others:
                    hit = min(others, key=lambda o: (s.dist(s.cell(sv), s.cell(o)), o))
                    s.wound_survivor(hit, 1, f"{m.name} lashing out")
            elif effect == "panic":
                s.emit("stress", f"{m.name} panicked in camp and brought only their own weapons", who=sv,
                       event=event_id)


def prepare_for(camp: Campaign, content: Content) -> Prepare:
    """The band's side of the mission under way (reads the campaign, changes nothing)."""
    team = [camp.member(i) for i in camp.mission.team]
    heat, doom = R.city_pressure(camp, content)
    return Prepare(content, team, [R.stats_of(content, m) for m in team], heat, doom, camp.day,
                   [list(t) for t in camp.turned])


@dataclass
class MissionGame(GameRecord):
    """The mission under way as a game record (the board screen plays and undoes it like any game): its Session gets
    the band through `prepare`, and its actions are the campaign's own list, so a campaign save holds them."""
    prepare: Prepare | None = None

    def start(self, content: Content, policy=None) -> Session:
        return Session(content, self.scenario, seed=self.seed, team=self.team, policy=policy, prepare=self.prepare)


def mission_game(camp: Campaign, content: Content) -> tuple[Content, MissionGame]:
    """(the content the mission plays on, its record)."""
    record = camp.mission
    team = tuple(camp.member(i).archetype for i in record.team)
    mcontent, scen = mission_content(content, record.scenario, team)
    return mcontent, MissionGame(scen.id, record.seed, team, actions=record.actions, prepare=prepare_for(camp, content))


def open_mission(camp: Campaign, content: Content, policy=None) -> Session:
    """The Session of the mission under way, with the actions recorded so far replayed."""
    mcontent, game = mission_game(camp, content)
    return game.replay(mcontent, policy=policy)


@dataclass
class Outcome:
    won: bool
    home: list[int]                    # member ids
    lost: dict[int, str]               # member id -> how
    stress: dict[int, int]
    scars: dict[int, int]              # member id -> the exact blow's wounds
    downed: list[int]                  # came home after being Downed (infection risk)
    injured: list[int]                 # came home Downed


def read_back(s: Session, camp: Campaign) -> Outcome:
    team = camp.mission.team
    seats = s.survivors(on_board=False)[:len(team)]      # anyone a task revealed is not of the band
    by_entity = dict(zip(seats, team, strict=True))
    won = bool(s.result) and s.result[0] == "survivors"
    out = Outcome(won, [], {}, Counter(), {}, [], [])
    ever_downed = set()
    for e in s.events:
        who = by_entity.get(e.data.get("who"))
        if who is None:
            continue
        if e.kind == "horror":
            out.stress[who] += e.data["stress"]
        elif e.kind == "wound" and e.data.get("exact"):
            out.scars[who] = e.data["amount"]
        elif e.kind == "downed":
            ever_downed.add(who)
        elif e.kind == "eliminated":
            out.lost[who] = e.data["cause"]
    for sv, mid in by_entity.items():
        status = s.comp(sv, Status)
        if status.eliminated:
            continue
        if status.downed and not won:
            out.lost[mid] = "left behind, Downed, when the band fled"
            continue
        out.home.append(mid)
        if status.downed:
            out.injured.append(mid)
        if mid in ever_downed:
            out.downed.append(mid)
    return out


def finish_mission(camp: Campaign, content: Content, s: Session, dice: Dice) -> Outcome:
    """The mission is over: the band takes home what the game says, and time and supplies move on."""
    cr = campaign_rules(content)
    out = read_back(s, camp)
    name = s.scenario.name
    team = camp.mission.team
    inventories = dict(zip(team, s.survivors(on_board=False), strict=False))
    camp.say(f"{name}: {'won' if out.won else 'lost'} ({s.result[1] if s.result else 'unfinished'})")
    for mid in team:
        m = camp.member(mid)
        m.missions += 1
        if mid in out.lost:
            R.lose(camp, m, out.lost[mid])
            continue
        sv = inventories[mid]
        m.wounds = max(1, s.comp(sv, Health).wounds)
        kept = [c for c in m.gear if not c.own] if "panic" in m.pending else []
        inv = s.comp(sv, Inventory)
        m.gear = [Carried(g.gear_id, g.ammo, own=g.free_for == sv) for g in inv.gear
                  if content.items.get(g.gear_id) is None or content.items[g.gear_id].kind != "objective"] + kept
        m.reloads = inv.reloads
        m.pending = []
        if mid in out.injured:
            m.conditions.setdefault("injured", 0)
        if mid in out.scars:
            R.take_scar(camp, content, m, out.scars[mid], dice)
        if mid in out.downed and "infected" not in m.conditions and dice.d6(1)[0] <= cr.infection["on_downed"]:
            m.conditions["infected"] = 0
            camp.say(f"{m.name} was bitten: Infected")
        if out.stress.get(mid):
            R.add_stress(camp, content, m, out.stress[mid], dice)
    camp.turned = []
    camp.missions_played += 1
    if out.won:
        camp.missions_won += 1
        camp.won.append(camp.mission.scenario)
    camp.supplies += cr.supplies["mission_won" if out.won else "mission_lost"]
    camp.mission = None
    R.check_over(camp, content)
    R.pass_watches(camp, content, cr.time["travel_watches"] + cr.time["mission_watches"], dice)
    return out
