"""The survivor AI: plays the scenario's objective for the whole team, one action at a time.

It decides with a short list of rules of thumb, in order (docs/RULES.md, "How the survivor AI plays"):
  1. Engaged: fight a fight it can win, break away from one it cannot.
  2. Revive a Downed ally in reach; otherwise go to them if it can treat them.
  3. Do the objective: escape, deliver, work the marker, pick up the objective item, hand it to a better-placed ally.
     Then (a level that shuts doors) shut an open door behind it on zombies following, and barricade it against one
     that would force it next phase.
  4. Deal with threats: shoot (quiet weapons first; loud ones when a zombie is about to reach someone) or strike.
  5. Reload an empty gun when zombies are about; search a token in reach when it is safe.
  6. Move: toward its goal along the cheapest path, preferring cells out of the horde's reach and in cover, and
     staying near the objective carrier when it has no goal of its own.
  7. Hunker down in cover when zombies are near, else end the activation.
The three levels differ in how far ahead they think: how much they fear the horde, mind noise and keep together,
whether they rescue, shut doors behind them and look ahead on forks of the game. None of them blunders on purpose.
Every decision is logged with its reason as a 'decision' event.
"""
from __future__ import annotations

import heapq

from game.ai.goals import carrying, door_ahead, escorted, goal_cells, goal_walk, rounds_needed, task_cells
from game.ai.lookahead import UNFORESEEN, cost_of, what_changes
from game.ai.odds import at_least, escalation_chance, expected_hits, hit_chance, swarm_wounds
from game.ai.odds import melee as melee_odds
from game.ai.survivor_levels import SURVIVOR_LEVELS, Level, survivor_level
from game.content.defs import Content
from game.content.loader import load_content
from game.rules.combat import zombie_fight
from game.rules.heat import escalation_need
from game.world import actions as A
from game.world.action_registry import kind_of
from game.world.board import INF
from game.world.components import Agenda, Health, Inventory, Pos, Status, Survivor, Turn, Zombie
from game.world.intent import walks_into_contact
from game.world.legal import is_legal
from game.world.session import Session

# The level names, in order of skill; their numbers are in game/data/survivor_ai.yaml.
LEVELS = SURVIVOR_LEVELS


# What each kind of Secret Agenda check asks of the survivor AI (game.world.agendas): the cards it plays for.
AGENDA_WANTS = {
    "shots_at_most": frozenset({"holds_fire"}),         # Quiet Hands: no shots at all
    "searches_at_least": frozenset({"searches"}),       # Scavenger: searches whatever the clock says
    "carrying_at_end": frozenset({"hoards"}),           # The Hoarder: picks up what lies at hand, searches
    "never_helps_the_downed": frozenset({"no_rescue"}),  # Look After Number One: leaves the Downed be
    "reloads_at_end": frozenset({"no_reload"}),         # Last Bullets: keeps its Reload tokens
    "wounds_taken_at_most": frozenset({"careful"}),     # Not a Scratch: keeps twice as far from the horde's reach
    "healthier_than_an_ally": frozenset({"careful"}),   # Let Them Bleed
    "outlives_an_ally": frozenset({"careful"}),         # Last One Standing
}

def can_treat(s: Session, who: int) -> bool:
    """Could this survivor treat a Downed ally (Triage): a medical skill, or a medical item carried?"""
    if s.effect(who, "medical"):
        return True
    return any(s.content.items.get(g.gear_id) and s.content.items[g.gear_id].kind == "medical"
               for g in s.comp(who, Inventory).gear)


class SurvivorAI:
    """The survivor team's player. `choose(session)` returns the next action (same interface as the random bot)."""

    def __init__(self, level: str = "veteran", seed: int = 0, content: Content | None = None,
                 owner: str | None = None):
        """`owner`: in a hot-seat game, activate only the survivors this owner plays (game.world.components.Owner;
        the screen's AI teammates play AI_OWNER's); None plays the whole team."""
        self.level: Level = survivor_level(content or load_content(), level)
        self.owner = owner
        self.seed = seed              # seeds its forks (foresight): never the game's dice
        self._last_rule = None        # the rule of thumb the last action came from (foresight skips it)
        self._danger: list[tuple[int, int, int, int]] = []
        self._threat_key = -1
        self._assign_key = None
        self._assignment: dict[int, int] = {}
        self._threats_seen: list[tuple[int, int]] = []
        self._danger_key: tuple = ()
        self._danger_memo = None      # the zombie memo in force when the danger map's zombies were last compared
        self._danger_cells: dict[int, float] = {}     # _danger_at answers for the current danger map
        self._trail_key = None
        self._slack_key = None
        self._slack_now = 0.0
        self._trail: set[int] = set()
        self._shut: set[tuple[int, int, int]] = set()     # (survivor, round, door) it shut behind itself

    # --- the entry point ------------------------------------------------------------------------------------------
    def choose(self, s: Session):
        if s.phase != "survivor" or s.result:
            return None
        if s.active is None or (s.comp(s.active, Turn).ap <= 0 and not s.may_withdraw(s.active)):
            return self._next_activation(s)
        action, reason = self._act(s, s.active)
        if self.level.foresight and not isinstance(action, UNFORESEEN):
            action, reason = self._foresee(s, s.active, action, reason)
        if isinstance(action, (A.Move, A.Disengage, A.Withdraw)):
            self._left_cells(s, s.active).add(s.cell(s.active))
        return self._say(s, action, reason)

    def _left_cells(self, s: Session, who: int) -> set[int]:
        """Cells this survivor has left in its current activation: it never walks back into one (no dithering)."""
        key = (who, s.round)
        if self._trail_key != key:
            self._trail_key, self._trail = key, set()
        return self._trail

    def _say(self, s: Session, action, reason: str):
        who = getattr(action, "who", None)
        name = s.name(who) if who is not None and s.is_survivor(who) else "Team"
        s.emit("decision", f"{name}: {reason}", who=who, reason=reason)
        return action

    # --- who goes next ----------------------------------------------------------------------------------------
    def _next_activation(self, s: Session):
        waiting = [sv for sv in s.survivors() if not s.comp(sv, Turn).activated and
                   (self.owner is None or (o := s.owner(sv)) is not None and o.player == self.owner)]
        standing = [sv for sv in waiting if not s.comp(sv, Status).downed]
        if not standing:
            return self._say(s, A.EndSurvivorPhase(), f"everyone has acted ({len(s.standing())} standing)")

        downed = [s.cell(o) for o in s.on_board() if s.comp(o, Status).downed]

        def priority(sv: int):
            here = s.cell(sv)
            medic_job = bool(downed) and any(s.board.in_contact(here, c) for c in downed) and can_treat(s, sv)
            return (not medic_job, not s.is_engaged(sv), not self._carries_objective(s, sv),
                    self._goal_distance(s, sv), s.comp(sv, Survivor).seat)
        ranks = {sv: priority(sv) for sv in standing}
        who = min(standing, key=ranks.__getitem__)
        medic, free, _, goal, _ = ranks[who]
        if not medic:
            why = "a Downed ally lies in reach and they can treat"
        elif not free:
            why = f"engaged by {len(s.contact_zombies(who))}"
        elif self._carries_objective(s, who):
            why = "carries the objective"
        elif goal < INF:
            why = f"nearest their goal, {goal // 2}\" to walk"
        else:
            why = f"first of {len(standing)} still to act"
        return self._say(s, A.Activate(who), f"goes next: {why}")

    # --- foresight ---------------------------------------------------------------------------------------------
    def _foresee(self, s: Session, who: int, action, reason: str):
        """Play the deed on forks of the game first (game.ai.lookahead). When it costs the team foresight_veto AP or
        more beyond doing nothing, take what the next rule of thumb would do instead, if that costs less."""
        level = self.level
        # seeds from the game's moment and the AI's own seed: never the game's RNG, whose dice are still to come
        seeds = tuple((self.seed * 7919 + len(s.events) * 104729 + k) & 0x7FFFFFFF for k in range(level.foresight))
        cost, did, idle = cost_of(s, action, seeds, level.prices)
        if cost < level.foresight_veto:
            return action, reason
        rule = self._last_rule
        other, other_reason = self._act(s, who, skip=rule)
        other_cost = 0.0 if isinstance(other, UNFORESEEN) else cost_of(s, other, seeds, level.prices)[0]
        if other_cost > cost - level.foresight_veto:
            return action, reason
        return other, (f"{other_reason} (not {kind_of(action).label}: it foresees that would cost the rest of the "
                       f"team {cost:.1f} AP: {what_changes(idle, did, len(seeds))})")

    # --- one action -------------------------------------------------------------------------------------------
    def _act(self, s: Session, who: int, skip=None):
        turn = s.comp(who, Turn)
        # The danger map is kept through the activation while the same zombies are on the board (they only appear
        # or fall during the Survivor Phase). A zombie placed or destroyed always empties the zombie memo, so while
        # that memo is the one seen last, the list of zombies has not changed and need not be copied and compared.
        zmemo = s.memos.zombies
        if self._danger_memo is not zmemo or self._danger_key[:2] != (who, s.round):
            key = (who, s.round, tuple(s.zombies()))
            if self._danger_key != key:
                self._danger = self._danger_map(s, who)
                self._danger_key = key
                self._danger_cells = {}
            self._danger_memo = zmemo
        if s.may_withdraw(who):
            step = self._withdraw(s, who)
            if step is not None:
                return step
        if turn.ap <= 0:
            return A.EndActivation(who), "is spent: 0 AP left"
        for rule in (self._engaged, self._revive, self._objective, self._shut_door, self._threats, self._upkeep):
            if rule == skip:
                continue
            found = rule(s, who)
            if found is not None and is_legal(s, found[0]):
                self._last_rule = rule
                return found
        self._last_rule = None
        # The movement rule's Moves need no check here: each ends in a free cell of reach_full, for the active,
        # unengaged survivor with AP left, all that Move.check asks (tests/test_ai_shortcuts.py); submit checks it.
        found = self._move(s, who)
        if found is not None and (type(found[0]) is A.Move or is_legal(s, found[0])):
            return found
        if s.board.next_to_cover(s.cell(who)) and self._zombies_near(s, who, 10) and \
                not s.comp(who, Status).hunkered:
            return A.HunkerDown(who), (f"hunkers down in cover: {self._danger_at(s, s.cell(who)):.0f} dice of "
                                       f"zombies could reach this cell")
        return A.EndActivation(who), f"holds position: nothing worth its {turn.ap} AP left"

    # 1. engaged
    def _engaged(self, s: Session, who: int):
        if not s.is_engaged(who):         # (cheaper than listing the zombies in contact, asked every decision)
            return None
        engagers = s.contact_zombies(who)
        if s.effect(who, "noncombatant"):        # a civilian cannot strike back: it only ever breaks away
            dest = self._best_cell(s, who, A.Disengage(who, -1).cells(s))
            return (A.Disengage(who, dest), f"cannot fight: breaks away from {len(engagers)}") \
                if dest is not None else None
        mine = self._melee_pool(s, who)
        if not self.level.weighs_melee:
            weakest = min(engagers, key=lambda z: (s.fight_of(z), s.comp(z, Health).wounds, z))
            swarm = sum(s.fight_of(z) for z in engagers)
            if swarm >= mine + 3 and len(engagers) >= 2:
                dest = self._best_cell(s, who, A.Disengage(who, -1).cells(s))
                if dest is not None:
                    return A.Disengage(who, dest), f"breaks away: {swarm} dice against its {mine}"
            return A.Melee(who, weakest), f"strikes {s.name(weakest)} ({mine} dice against {s.fight_of(weakest)})"
        # The best blow: the likeliest kill, then the fewest wounds back.
        odds = {}
        for z in engagers:
            dice = mine - (1 if s.board.is_defensible(s.cell(z)) else 0)
            odds[z] = melee_odds(dice, s.fight_of(z), s.comp(z, Health).wounds)
        target = max(engagers, key=lambda z: (odds[z][0] - odds[z][1], -z))
        kill, back = odds[target]
        # Staying engaged means the whole swarm attacks in the Director Phase; breaking away costs the swipes.
        stays = self._swarm_expectation(s, who, [z for z in engagers if z != target or kill < 0.5])
        swipes = s.swipes(engagers) / 3           # swipes wound on 5+
        wounds = s.comp(who, Health).wounds
        if kill < 0.5 and swipes + 0.25 < stays and (len(engagers) > 1 or back > 0.4 or wounds <= stays + 0.5):
            dest = self._best_cell(s, who, A.Disengage(who, -1).cells(s))
            if dest is not None:
                return A.Disengage(who, dest), (f"breaks away: {swipes:.1f} wounds expected from the swipes "
                                                f"against {stays:.1f} from the swarm if it stays")
        return A.Melee(who, target), (f"strikes {s.name(target)}: {kill:.0%} to put it down, {back:.1f} wounds "
                                      f"back expected ({mine} dice against {s.fight_of(target)})")

    def _swarm_expectation(self, s: Session, who: int, zombies: list[int]) -> float:
        """Wounds this survivor expects from these zombies' swarm attack in the Director Phase."""
        if not zombies:
            return 0.0
        slots = min(s.rules.engagement_slots, sum(s.zdef(z).slots for z in zombies))
        cap = s.rules.elite_cap if any(s.zdef(z).elite for z in zombies) else s.rules.swarm_caps[slots]
        return swarm_wounds(sum(s.fight_of(z) for z in zombies), self._melee_pool(s, who), cap)

    def _withdraw(self, s: Session, who: int):
        cells = A.Withdraw(who, -1).cells(s)      # (the active survivor: the query would agree)
        if not cells or not s.is_engaged(who) or len(s.contact_zombies(who)) > 1:
            return None
        best = self._best_cell(s, who, {c: (0, -1) for c in cells})
        return (A.Withdraw(who, best), f"steps back out of reach: the blow landed, no swipe to pay, "
                                       f"{self._danger_at(s, best):.0f} dice could reach the cell") \
            if best is not None else None

    # 2. the Downed
    def _revive(self, s: Session, who: int):
        if s.is_engaged(who) or "no_rescue" in self._wants(s, who):
            return None
        downed = [o for o in s.survivors() if o != who and s.comp(o, Status).downed]
        if not downed:
            return None
        treat = can_treat(s, who)
        here = s.cell(who)
        # The most urgent first: one being fed on (the Feeding Frenzy is coming), then the nearest.
        downed.sort(key=lambda o: (not s.engagers(o), s.dist(here, s.cell(o)), o))
        for ally in downed:
            if s.board.in_contact(here, s.cell(ally)):
                if treat:
                    return A.Triage(who, ally), (f"treats {s.name(ally)}: needs {s.rules.triage_need} success on "
                                                 f"{s.comp(who, Survivor).wits} Wits dice")
                drag = self._drag(s, who, ally)
                if drag is not None:
                    return drag
        if self.level.rescues and not s.effect(who, "noncombatant"):     # (a civilian cannot strike a feeder)
            feeder = self._feeder_in_reach(s, who, downed)
            if feeder is not None:
                return feeder
        if not treat:
            return None
        budget = A.move_budget(s, who)
        cells = A.reachable(s, who, budget)
        left = self._left_cells(s, who)
        for ally in downed:
            touching = s.board.contact_cells(s.cell(ally))      # (contact is mutual)
            targets = [c for c in cells if c in touching and c not in left]
            if targets:
                dest = min(targets, key=lambda c: (self._danger_at(s, c), cells[c][0], c))
                return A.Move(who, dest), (f"runs to treat {s.name(ally)}, "
                                           f"{s.dist(here, s.cell(ally)):.0f}\" away")
        walk = budget * self.level.medic_moves
        treat_run = self._run_to_treat(s, who, downed, budget)
        if treat_run is not None:
            return treat_run
        for ally in downed:
            half = s.board.field((s.board.snap(s.cell(ally)),))[here]
            if half <= walk:
                return self._move_toward(s, who, (s.board.snap(s.cell(ally)),),
                                         f"heads for {s.name(ally)}, Downed {half // 2}\" away")
        return None

    def _run_to_treat(self, s: Session, who: int, downed: list[int], budget: int):
        """A Downed ally whose side it can reach by Moves this activation with an AP left to treat them: it goes
        straight there. The horde's reach near the ally does not turn it aside (the ally lies in it): each stop on
        the way is only kept out of base contact with a zombie, which would pin it before it arrives."""
        moves = s.comp(who, Turn).ap - 1
        if moves < 1 or moves > self.level.medic_moves:
            return None
        found = A.reach_full(s, who, moves * budget)
        zcells, occupant, contact = s.zombie_cell_set(), s.occupant, s.board.contact_cells
        left = self._left_cells(s, who)
        for ally in downed:
            sides = [c for c in contact(s.cell(ally)) if c in found and c not in occupant and c not in left]
            if not sides:
                continue
            side = min(sides, key=lambda c: (not zcells.isdisjoint(contact(c)), found[c][0], c))
            stops = [c for c in A.path_to(found, side) if found[c][0] <= budget and c not in occupant
                     and (c == side or zcells.isdisjoint(contact(c)))]
            if stops:
                return A.Move(who, stops[-1]), (f"runs to treat {s.name(ally)} this activation: "
                                                f"{found[side][0] // 2}\" in {moves} Moves, then treats")
        return None

    def _drag(self, s: Session, who: int, ally: int):
        """Drag an unfed Downed ally toward the team's medic, or out of the horde's reach."""
        if not self.level.rescues or s.engagers(ally) or s.comp(who, Turn).ap < 1:
            return None
        cells = A.Drag(who, ally, s.cell(who)).cells(s)
        if not cells:
            return None
        medics = [m for m in s.standing() if m != who and can_treat(s, m)]
        if medics:
            medic = min(medics, key=lambda m: (s.dist(s.cell(ally), s.cell(m)), m))
            goal = s.board.field((s.board.snap(s.cell(medic)),))
            here_cost = goal[s.cell(who)]
            dest = min(cells, key=lambda c: (goal[c], self._danger_at(s, c), c))
            if goal[dest] < here_cost:
                return A.Drag(who, ally, dest), (f"drags {s.name(ally)} toward {s.name(medic)}, who can treat them: "
                                                 f"{here_cost // 2}\" -> {goal[dest] // 2}\"")
        danger = self._danger_at(s, s.cell(ally))
        if danger > 0:
            dest = min(cells, key=lambda c: (self._danger_at(s, c), c))
            if self._danger_at(s, dest) < danger:
                return A.Drag(who, ally, dest), (f"drags {s.name(ally)} away from {danger:.0f} dice of zombies that "
                                                 f"could reach them")
        return None

    def _feeder_in_reach(self, s: Session, who: int, downed: list[int]):
        """Strike or shoot a zombie feeding on a Downed ally: every wound dealt eases the Feeding Frenzy."""
        here = s.cell(who)
        for ally in downed:
            feeders = s.engagers(ally)
            if not feeders:
                continue
            close = [z for z in feeders if s.board.in_contact(here, s.cell(z))]
            if close:
                z = min(close, key=lambda z: (s.comp(z, Health).wounds, z))
                kill, back = melee_odds(self._melee_pool(s, who), s.fight_of(z), s.comp(z, Health).wounds)
                return A.Melee(who, z), (f"strikes {s.name(z)}, feeding on {s.name(ally)}: {kill:.0%} to put it "
                                         f"down, {back:.1f} wounds back expected")
            shot = self._best_shot(s, who, [(z, 3) for z in feeders])
            if shot is not None:
                return shot
            cells = A.reachable(s, who, A.move_budget(s, who))
            touching = set().union(*(s.board.contact_cells(s.cell(z)) for z in feeders))   # (contact is mutual)
            left = self._left_cells(s, who)         # (never back into a cell it stepped out of this activation)
            spots = [c for c in cells if c not in s.occupant and c in touching and c not in left]
            if spots:
                dest = min(spots, key=lambda c: (cells[c][0], c))
                return A.Move(who, dest), (f"charges the {len(feeders)} zombie(s) feeding on {s.name(ally)}: each "
                                           f"wound dealt eases the Feeding Frenzy")
        return None

    # 3. objective
    def _objective(self, s: Session, who: int):
        task = s.task
        if task is None:
            return None
        here = s.cell(who)
        if task.kind == "extract" and A.in_zone(s, who, task.zone) and not s.is_engaged(who) and \
                (not task.escort or escorted(s, who)):
            return A.Escape(who), f"escapes ({s.task_progress + 1} of {s.quota()} needed)"
        if task.kind == "deliver" and carrying(s, who, task.wants) and A.in_zone(s, who, task.zone):
            item = next(g.gear_id for g in s.comp(who, Inventory).gear if g.gear_id in task.wants)
            return A.Deliver(who), (f"delivers the {s.content.gear_name(item)} "
                                    f"({s.task_progress + 1} of {task.count})")
        # (next to the marker first: a test of WorkObjective.check's own, cheap, and false at most decisions)
        if task.kind == "interact" and any(A.token_in_reach(s, who, c)
                                           for c in s.marker_cells("objective", task.marker)) \
                and is_legal(s, A.WorkObjective(who)):
            return A.WorkObjective(who), (f"works the {task.marker.replace('_', ' ')} "
                                          f"({s.task_progress + 1} of {task.times})")
        wanted = task.wants
        if wanted:
            for cell, items in s.ground.items():
                if cell == here or s.board.in_contact(here, cell):
                    for g in items:
                        if g.gear_id in wanted and is_legal(s, A.PickUp(who, g.uid)):
                            return A.PickUp(who, g.uid), (f"picks up the {s.content.gear_name(g.gear_id)} "
                                                          f"({len(s.comp(who, Inventory).gear)} cards carried)")
            handoff = self._objective_handoff(s, who, wanted)
            if handoff is not None:
                return handoff
        if task.kind == "survive":
            return self._fortify(s, who)
        return None

    def _fortify(self, s: Session, who: int):
        """Holding out (a survive task): barricade a shut door in contact, on the stronghold's side, once zombies
        are within the level's distance of it; shut an open one first. Every zombie but a Brute is kept out."""
        if not self.level.fortifies or s.is_engaged(who):
            return None
        here, board = s.cell(who), s.board
        home = board.field(tuple(s.marker_cells("deploy")))
        for door in sorted(board.contact_cells(here)):
            if board.kind(door) != "door" or door in s.occupant or door in board.barricaded:
                continue
            if home[here] > home[door]:
                continue                  # it stands outside this door: the door is its way in, not a wall
            if not s.zombie_within(door, self.level.fortifies):
                continue
            if not board.door_is_closed(door):
                return A.Door(who, door), "shuts the stronghold's door: zombies are coming"
            return A.Door(who, door, "barricade"), (f"barricades the stronghold's door: zombies within "
                                                    f"{self.level.fortifies}\"")
        return None

    def _objective_handoff(self, s: Session, who: int, item: tuple[str, ...]):
        """Pass the objective item to a fresh ally in contact when this survivor is spent or pinned."""
        if s.comp(who, Turn).handed_off or not carrying(s, who, item) or self.level.escort == 0:
            return None
        if s.comp(who, Turn).ap > 1 and not s.is_engaged(who):
            return None
        for ally in s.survivors():
            if ally == who or s.comp(ally, Status).downed or s.comp(ally, Turn).activated:
                continue
            if s.board.in_contact(s.cell(who), s.cell(ally)) and s.has_room(ally):
                gear = next(g for g in s.comp(who, Inventory).gear if g.gear_id in item)
                return A.HandOff(who, ally, gear.uid), (f"passes the {s.content.gear_name(gear.gear_id)} to "
                                                        f"{s.name(ally)}, who has not acted yet")
        return None

    # 3b. doors
    def _shut_door(self, s: Session, who: int):
        """Shut an open door behind this survivor when zombies on its far side are after it (they lose sight of it
        and must force the door), and barricade it when one of them could reach the door next phase."""
        if not self.level.shuts_doors or s.is_engaged(who):
            return None
        here = s.cell(who)
        board = s.board
        for door in sorted(board.contact_cells(here)):
            if board.kind(door) != "door" or door in s.occupant:
                continue
            if board.door_is_closed(door):
                found = self._barricade_behind(s, who, door)
                if found is not None:
                    return found
                continue
            chasers = self._beyond(s, who, door)
            if chasers:
                nearest = min(chasers.values())
                self._shut.add((who, s.round, door))
                return A.Door(who, door), (f"shuts the door behind it: {len(chasers)} zombie(s) on the far side, the "
                                           f"nearest {nearest // 2}\" from the door, lose sight of it and must force "
                                           f"the door")
        return None

    def _barricade_behind(self, s: Session, who: int, door: int):
        """Barricade a door this survivor has just shut when a zombie beyond could reach it next phase."""
        if s.board.door_is_closed(door) and door in s.board.barricaded:
            return None
        if (who, s.round, door) not in self._shut:
            return None
        chasers = self._beyond(s, who, door)
        close = {z: d for z, d in chasers.items() if d <= 2 * (s.zdef(z).move + 3)}
        if not close:
            return None
        z = min(close, key=lambda z: (close[z], z))
        return A.Door(who, door, "barricade"), (f"barricades the door it shut: {s.name(z)} is {close[z] // 2}\" "
                                                f"beyond it and would force it next phase")

    def _beyond(self, s: Session, who: int, door: int, here: int | None = None) -> dict[int, int]:
        """{zombie: half inches to the door} for the unengaged zombies whose way to this survivor (standing at
        `here`, else where it stands) runs through the door, within the level's distance of the door; empty if the
        door is ahead of the survivor or an ally is still on its far side."""
        here = s.cell(who) if here is None else here
        board = s.board
        for goal in (goal_cells(s, who), task_cells(s)):
            if goal:
                field = board.field(tuple(goal))
                if field[door] <= field[here]:
                    return {}                   # the door is on its way (now or to finish the task), not behind it
        horizon = 2 * self.level.shuts_doors
        # Only allies and zombies within the horizon of the door count, so both fields are settled only that far
        # (Board.field's `below`): to_door to the horizon, to_here to the horizon plus the way through the door. A
        # cell farther off reads at least that much, which settles each comparison below as its true value would.
        to_door = board.field(door, below=horizon + 1)
        door_to_here = board.descent(here, False, False, door)[0][door]
        to_here = board.field(here, below=horizon + door_to_here + 2)
        for ally in s.standing():
            if ally != who and to_door[s.cell(ally)] + to_here[door] <= to_here[s.cell(ally)] + 1 and \
                    to_door[s.cell(ally)] <= horizon:
                return {}                       # an ally still has to come through
        out = {}
        for z in s.zombies():
            zc = s.cell(z)
            if s.comp(z, Zombie).engaged is not None or to_door[zc] > horizon:
                continue
            if to_door[zc] + to_here[door] <= to_here[zc] + 1:
                out[z] = to_door[zc]
        return out

    # 4. threats
    def _threats(self, s: Session, who: int):
        if s.is_engaged(who) or not self._armed(s, who) or "holds_fire" in self._wants(s, who):
            return None
        threats = self._threatening(s)
        if not threats:
            return None
        if self.level.throws:
            throw = self._throw(s, who)
            if throw is not None:
                return throw
        return self._best_shot(s, who, threats, may_aim=self.level.aims)

    def _armed(self, s: Session, who: int) -> bool:
        """Has this survivor a loaded gun, or a grenade or bomb it would throw at this level?"""
        weapons = s.content.weapons
        for g in s.comp(who, Inventory).gear:
            weapon = weapons.get(g.gear_id)
            if weapon is not None and ((weapon.kind == "firearm" and g.ammo > 0)
                                       or (weapon.kind == "thrown" and self.level.throws)):
                return True
        return False

    def _guns(self, s: Session, who: int):
        return [g for g in s.comp(who, Inventory).gear if g.gear_id in s.content.weapons
                and s.content.weapons[g.gear_id].kind == "firearm" and g.ammo > 0]

    def _best_shot(self, s: Session, who: int, threats, may_aim: bool = False):
        """The shot worth most: the chance to drop the zombie times the harm it is about to do, less the Heat it
        makes (the Director buys with it) and the Doom it risks (a louder track rolls escalation more often)."""
        guns = self._guns(s, who)
        if not guns:
            return None
        here = s.cell(who)
        best = None
        distant_loud = self._slack(s) >= self.level.loud_slack
        noises: dict[float, tuple[float, str]] = {}
        for z, urgency in threats:
            zc = s.cell(z)
            threat = (2, 6, 10)[urgency - 1] + s.fight_of(z)
            wounds = s.comp(z, Health).wounds
            for g in guns:
                weapon = s.content.weapons[g.gear_id]
                if weapon.heat and urgency == 1 and not distant_loud:
                    continue
                if s.dist(here, zc) > weapon.range or not s.can_see(here, zc):
                    continue
                dice, need, _ = A.shot_odds_inputs(s, who, z, g.uid)
                p = hit_chance(need)
                kill = at_least(dice, p, wounds)
                heat = s.noise_heat(weapon.heat) + dice / 6
                noise = noises.get(heat)
                if noise is None:           # the same gun makes the same noise at every zombie
                    noise = noises[heat] = self._noise_cost(s, heat)
                value = kill * threat + (expected_hits(dice, p, wounds) / wounds) * threat * 0.3 - noise[0]
                if best is None or value > best[0]:
                    best = (value, z, g, kill, urgency, noise[1], dice, p, wounds)
        if best is None or best[0] < 1.5 + (4 * self._pressure(s) if best[4] < 3 else 0):
            return None
        value, z, g, kill, urgency, words, dice, p, wounds = best
        gun = s.content.gear_name(g.gear_id)
        why = {3: "off an ally", 2: "before it reaches someone", 1: "while it is still coming"}[urgency]
        if may_aim and urgency < 3 and kill < 0.6 and s.comp(who, Turn).ap >= 2 and not s.comp(who, Turn).aiming:
            aimed = at_least(dice + s.rules.aim_dice + s.effect(who, "aim_dice"), p, wounds)
            if aimed - kill >= 0.2:
                return A.Aim(who), f"takes aim: {kill:.0%} -> {aimed:.0%} to drop {s.name(z)} with the {gun}"
        return A.Shoot(who, z, g.uid), f"shoots {s.name(z)} {why} with the {gun}: {kill:.0%} to drop it; {words}"

    def _noise_cost(self, s: Session, heat: float) -> tuple[float, str]:
        """What making `heat` Heat costs now, and the words for it: the Heat itself, and the added chance that the
        escalation check pushes Doom on, weighed by how little time the survivors have to spare."""
        ambient = s.scenario.ambient_heat + s.ambient_bonus
        top = s.rules.heat_max
        now = min(top, s.heat + ambient)
        after = min(top, int(round(s.heat + heat)) + ambient)
        more = escalation_chance(after, s.rules.escalation) - escalation_chance(now, s.rules.escalation)
        slack = self._slack(s)
        risk = self.level.doom_cost * more * (1.0 if slack < 2 else 2 / slack)
        need = escalation_need(after, s.rules.escalation)
        words = f"Heat {s.heat} -> {int(round(s.heat + heat))}"
        if need is not None:
            words += ", escalation automatic" if need == 0 else f", escalation {need}+"
        return self.level.heat_cost * heat + risk, words

    def _pressure(self, s: Session) -> float:
        """0 with time to spare, 1 when the Doom clock leaves none (for a level that hurries; else always 0)."""
        if not self.level.hurries:
            return 0.0
        return min(1.0, max(0.0, 1 - self._slack(s) / 4))

    def _slack(self, s: Session) -> float:
        """Rounds to spare on the Doom clock: the rounds left less the rounds the objective still needs (kept until
        someone moves, picks up or drops something, or the clock or the task changes)."""
        key = (s.round, s.doom, s.task_index, s.task_progress, s.occupant.version, len(s.on_board()),
               sum(len(items) for items in s.ground.values()))
        if self._slack_key != key:
            self._slack_key, self._slack_now = key, self._count_slack(s)
        return self._slack_now

    def _count_slack(self, s: Session) -> float:
        needed = rounds_needed(s)
        return 0.0 if needed is None else s.scenario.doom_length - s.doom - needed

    def _throw(self, s: Session, who: int):
        """A grenade or bomb where it catches two or more zombies and no survivor."""
        here = s.cell(who)
        for g in s.comp(who, Inventory).gear:
            weapon = s.content.weapons.get(g.gear_id)
            if weapon is None or weapon.kind != "thrown":
                continue
            best = None
            for z in s.zombies():
                cell = s.cell(z)
                if s.dist(here, cell) > weapon.range or not s.can_see(here, cell):
                    continue
                caught = s.models_within(cell, weapon.blast)
                if any(s.is_survivor(m) for m in caught):
                    continue
                count = sum(1 for m in caught if s.is_zombie(m))
                if count >= 2 and (best is None or count > best[0]):
                    best = (count, cell)
            if best is not None:
                return A.Throw(who, best[1], g.uid), (f"throws the {weapon.name} into {best[0]} zombies "
                                                      f"({weapon.heat} Heat)")
        return None

    def _threatening(self, s: Session) -> list[tuple[int, int]]:
        """(zombie, urgency): 3 = engaging an ally, 2 = can walk to a survivor next phase, 1 = in the area."""
        key = (s.occupant.version, s.board.version)       # (a door shut or barricaded changes who can walk where)
        if self._threat_key == key:
            return self._threats_seen
        self._threat_key = key
        self._threats_seen = out = []
        w = s.board.width
        standing = s.standing()
        spots = [(c % w, c // w) for c in (s.cell(sv) for sv in standing)]
        # The box around the survivors: a zombie farther outside it than its reach + 6" is in nobody's area.
        lo_x, hi_x = min((x for x, _ in spots), default=0), max((x for x, _ in spots), default=-1)
        lo_y, hi_y = min((y for _, y in spots), default=0), max((y for _, y in spots), default=-1)
        zombie_of = s.index(Zombie)
        for z, zx, zy, reach in self._zombie_spots(s):
            if zombie_of[z].engaged is not None:
                out.append((z, 3))
                continue
            limit = reach + 6
            if not spots or zx < lo_x - limit or zx > hi_x + limit or zy < lo_y - limit or zy > hi_y + limit:
                continue            # (the distance is at least the larger of the two offsets)
            near = 99.0
            for x, y in spots:
                dx, dy = abs(x - zx), abs(y - zy)
                d = dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx
                if d < near:
                    near = d
            if near <= reach:
                # Within reach as the crow flies; the zombie's own walk (doors, barricades, walls, windows) decides
                # whether it can get to someone: one shut out of the station is no reason for a loud shot.
                out.append((z, 2 if walks_into_contact(s, z, reach, standing) else 1))
            elif near <= reach + 6:
                out.append((z, 1))
        return out

    # 5. upkeep
    def _upkeep(self, s: Session, who: int):
        turn = s.comp(who, Turn)
        inv = s.comp(who, Inventory)
        wants = self._wants(s, who)
        if inv.reloads > 0 and "no_reload" not in wants:
            for g in inv.gear:
                weapon = s.content.weapons.get(g.gear_id)
                if weapon and weapon.kind == "firearm" and g.ammo == 0 and self._zombies_near(s, who, 12):
                    return A.Reload(who, g.uid), f"reloads the {weapon.name}: zombies within 12\""
        if self._zombies_near(s, who, 6) or not s.has_room(who):
            return None
        if "hoards" in wants:
            grab = self._grab(s, who)
            if grab is not None:
                return grab
        if turn.searched:
            return None
        slack = self._slack(s) if self.level.search_slack else 99.0
        if slack >= self.level.search_slack or wants & {"searches", "hoards"}:
            here = s.cell(who)
            at_hand = [c for c in (here, *s.board.contact_cells(here)) if c in s.search_tokens]
            if at_hand:      # the lowest cell, as a scan of the sorted tokens would find first
                why = "searches the cache at hand: no zombie within 6\""
                if wants & {"searches", "hoards"} and slack < self.level.search_slack:
                    why += f", for its secret agenda ({self._agenda(s, who).name})"
                elif self.level.search_slack:
                    why += f", {slack:.0f} rounds to spare"
                return A.Search(who, min(at_hand)), why
        return None

    def _grab(self, s: Session, who: int):
        """A card lying at hand, picked up for a Hoarder's agenda (objective items are the team's business)."""
        here = s.cell(who)
        for c in (here, *s.board.contact_cells(here)):
            for g in s.ground.get(c, ()):
                action = A.PickUp(who, g.uid)
                if g.deck != "objective" and is_legal(s, action):
                    return action, (f"picks up the {s.content.gear_name(g.gear_id)}: its secret agenda "
                                    f"({self._agenda(s, who).name}) wants it, {self._slack(s):.0f} rounds to spare")
        return None

    # --- its secret agenda ------------------------------------------------------------------------------------
    def _agenda(self, s: Session, who: int):
        held = s.try_comp(who, Agenda)
        return s.content.extra.get("agendas", {}).get(held.card) if held is not None else None

    def _wants(self, s: Session, who: int) -> frozenset[str]:
        """What its Secret Agenda asks of it now: nothing without a card, and nothing when the Doom clock leaves
        fewer rounds to spare than its level needs before it puts itself before the team."""
        card = self._agenda(s, who)
        if card is None or self._slack(s) < self.level.agenda_slack:
            return frozenset()
        return AGENDA_WANTS.get(card.check, frozenset())

    # 6. movement
    def _move(self, s: Session, who: int):
        if s.is_engaged(who):
            return None
        sources, why = self._goal(s, who)
        if not sources:
            return self._lead(s, who)
        return self._move_toward(s, who, sources, why)

    def _lead(self, s: Session, who: int):
        """An escort already beside the carrier goes ahead of them toward where the carrier is going, never
        further than its escort distance from them: it opens the way, and the horde meets it first."""
        carrier = self._carrier(s)
        if carrier is None or carrier == who or not self.level.escort:
            return None
        ahead = goal_cells(s, carrier)
        if not ahead:
            return None
        field = s.board.field(tuple(ahead))
        here, there = s.cell(who), s.cell(carrier)
        if field[here] <= field[there]:
            return None              # already ahead of them
        w, escort = s.board.width, self.level.escort
        tx, ty = there % w, there // w
        near = {}
        for c, v in A.reach_full(s, who, A.move_budget(s, who)).items():
            dx, dy = abs(c % w - tx), abs(c // w - ty)          # Session.dist, inlined: every reachable cell
            if (dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx) <= escort:
                near[c] = v
        dest = self._best_cell(s, who, near, field, stay=False)
        if dest is None or field[dest] >= field[here]:
            return None
        return A.Move(who, dest), (f"goes ahead of {s.name(carrier)}: {field[here] // 2}\" -> {field[dest] // 2}\" "
                                   f"from where they are going, within {self.level.escort:g}\" of them")

    def _goal(self, s: Session, who: int) -> tuple[tuple[int, ...], str]:
        cells = goal_cells(s, who)
        task = s.task
        if len(cells) > 1 and task is not None and task.kind not in ("extract", "hold") and self.level.escort:
            cells = self._assigned(s, who, cells)
        if cells:
            verb = {"extract": "makes for the exit", "deliver": "goes for the supplies",
                    "interact": "heads for the objective", "hold": "makes for the zone it must hold",
                    "survive": "falls back to the stronghold"}.get(task.kind if task else "", "moves on")
            if task and task.kind == "deliver" and carrying(s, who, task.wants):
                verb = "carries the supplies to the drop-off"
            return tuple(cells), verb
        carrier = self._carrier(s)
        if carrier is not None and carrier != who and self.level.escort:
            if s.dist(s.cell(who), s.cell(carrier)) <= self.level.escort:
                return (), ""
            return (s.board.snap(s.cell(carrier)),), f"keeps close to {s.name(carrier)}"
        return (), ""

    def _assigned(self, s: Session, who: int, cells: list[int]) -> list[int]:
        """Split the team over several items to fetch: the nearest free survivor to each item goes for it."""
        key = (s.round, tuple(cells))
        if self._assign_key != key:
            self._assign_key = key
            team = [sv for sv in s.standing() if goal_cells(s, sv) == cells]
            pairs = sorted((s.board.field((c,))[s.cell(sv)], sv, c) for sv in team for c in cells)
            share = -(-len(team) // len(cells))
            taken: dict[int, int] = {}
            self._assignment = {}
            for _, sv, c in pairs:
                if sv not in self._assignment and taken.get(c, 0) < share:
                    self._assignment[sv] = c
                    taken[c] = taken.get(c, 0) + 1
        mine = self._assignment.get(who)
        return [mine] if mine is not None else cells

    def _move_toward(self, s: Session, who: int, sources: tuple[int, ...], why: str):
        here = s.cell(who)
        field = s.board.field(sources)
        if field[here] == 0:
            return None
        door = door_ahead(s, who, field)
        if door is not None:
            return A.Door(who, door), f"opens the door ahead: {field[here] // 2}\" to its goal"
        # Standing still never wins the race against Doom; _best_cell passes over occupied cells itself.
        dest = self._best_cell(s, who, A.reach_full(s, who, A.move_budget(s, who)), field, stay=False)
        if dest is None or field[dest] >= field[here] + 4:
            return None
        stop = self._stop_past_door(s, who, dest)
        if stop is not None:
            door, dest, chasers = stop
            return A.Move(who, dest), (f"{why}: stops just past the door to shut it on {chasers} zombie(s) behind, "
                                       f"{field[here] // 2}\" -> {field[dest] // 2}\" to go")
        danger = self._danger_at(s, dest)
        return A.Move(who, dest), (f"{why}: {field[here] // 2}\" -> {field[dest] // 2}\" to go"
                                   + (f", {danger:.0f} dice could reach the cell" if danger else ", out of reach"))

    def _stop_past_door(self, s: Session, who: int, dest: int):
        """(door, cell, chasers) when the move to dest goes through an open door with zombies after this survivor on
        the near side and it can afford to shut it after: the first free cell past the door, in contact with it."""
        if not self.level.shuts_doors:
            return None
        turn = s.comp(who, Turn)
        if turn.ap < 2 and not (turn.ap == 1 and turn.free_interacts > 0):
            return None
        found = A.reach_full(s, who, A.move_budget(s, who))
        path = A.path_to(found, dest)
        board = s.board
        zcells = s.zombie_cell_set()
        for i, door in enumerate(path[:-1]):
            if board.kind(door) != "door":
                continue
            for cell in path[i + 1:]:
                if not board.in_contact(cell, door):
                    break
                if cell in s.occupant or not zcells.isdisjoint(board.contact_cells(cell)):
                    continue
                chasers = self._beyond(s, who, door, cell)
                if chasers:
                    return door, cell, len(chasers)
            break
        return None

    def _best_cell(self, s: Session, who: int, cells: dict, field=None, stay: bool = True) -> int | None:
        """The cell that gets closest to the goal, weighed against the horde's reach and cover.

        Cells are tried from the most progress down; once progress alone (less the cover bonus) cannot beat the best
        score found, the rest are skipped: danger only ever adds.
        """
        here = s.cell(who)
        left = self._left_cells(s, who)
        fear = self.level.fear * (1 - 0.8 * self._pressure(s))
        if "careful" in self._wants(s, who):       # its secret agenda wants it unhurt
            fear *= 2
        cover_bonus = self.level.cover if self.level.cover and self._zombies_near(s, who, 14) else 0
        zcells = s.zombie_cell_set()
        occupant, contact, cover = s.occupant, s.board.contact_cells, s.board.next_to_cover
        danger = self._danger_cells              # (_danger_at, inlined: this runs for every cell tried)
        # A heap, not a sort: the search stops after a few cells, most of the time.
        ranked = [(field[c], c) for c in cells] if field is not None else [(0, c) for c in cells]
        heapq.heapify(ranked)
        pop = heapq.heappop
        best = None
        while ranked:
            progress, cell = pop(ranked)
            if progress >= INF or (best is not None and progress - cover_bonus > best[0]):
                break
            if (cell in occupant and cell != here) or (cell == here and not stay) or cell in left:
                continue
            if not zcells.isdisjoint(contact(cell)):
                continue            # never walk into contact by accident
            dice = danger.get(cell)
            if dice is None:
                dice = danger[cell] = self._count_danger(s, cell)
            score = progress + fear * dice
            if cover_bonus and cover(cell):
                score -= cover_bonus
            key = (score, cell)
            if best is None or key < best:
                best = key
        return best[1] if best else None

    # --- what it knows ----------------------------------------------------------------------------------------
    def _danger_at(self, s: Session, cell: int) -> float:
        """Fight dice of the zombies that could reach this cell in the next Director Phase."""
        found = self._danger_cells.get(cell)
        if found is None:
            found = self._danger_cells[cell] = self._count_danger(s, cell)
        return found

    def _count_danger(self, s: Session, cell: int) -> float:
        w = s.board.width
        x, y = cell % w, cell // w
        total = 0          # whole dice: the sum is exact, in any order
        for zx, zy, reach2, fight in self._danger:
            dx = x - zx if x >= zx else zx - x
            dy = y - zy if y >= zy else zy - y
            # Session.dist(...) <= reach, in half inches: whole numbers, no float
            if (dx + dx + dy if dx >= dy else dy + dy + dx) <= reach2:
                total += fight
        return float(total)

    def _danger_map(self, s: Session, who: int) -> list[tuple[int, int, int, int]]:
        """The zombies that could matter to the cells this survivor can reach this turn: (x, y, twice its reach in
        inches, fight)."""
        w = s.board.width
        here = s.cell(who)
        x, y = here % w, here // w
        horizon = s.move_of(who) * 3 + 1
        zombies, zombie_of, health_of = s.content.zombies, s.index(Zombie), s.index(Health)
        out = []
        for z, zx, zy, reach in self._zombie_spots(s):
            dx = x - zx if x >= zx else zx - x          # Session.dist, in half inches: this runs for every zombie
            dy = y - zy if y >= zy else zy - y
            if (dx + dx + dy if dx >= dy else dy + dy + dx) <= 2 * (horizon + reach):
                zdef = zombies[zombie_of[z].kind]
                out.append((zx, zy, 2 * reach, zombie_fight(zdef.fight, zdef.fight_per_wound, health_of[z].wounds)))
        return out

    def _zombie_spots(self, s: Session) -> list[tuple[int, int, int, int]]:
        """(zombie, x, y, reach in inches) for every zombie in id order, kept in the session's zombie memo until a
        zombie moves, comes or goes (the threat list and the danger map read it at every survivor's move)."""
        memo = s.memos.zombies
        found = memo.get("ai spots")
        if found is None:
            w, zombies, zombie_of, pos_of = s.board.width, s.content.zombies, s.index(Zombie), s.index(Pos)
            found = memo["ai spots"] = [(z, cell % w, cell // w, zombies[zombie_of[z].kind].move + 2)
                                        for z in s.zombies() for cell in (pos_of[z].cell,)]
        return found

    def _zombies_near(self, s: Session, who: int, radius: float) -> bool:
        return s.nearest_zombie(s.cell(who)) <= radius      # (one look answers every radius a decision asks)

    def _melee_pool(self, s: Session, who: int) -> int:
        return s.comp(who, Survivor).fight + A.melee_bonus(s, A.best_melee(s, who)) + s.effect(who, "melee_dice")

    def _carrier(self, s: Session) -> int | None:
        for sv in s.survivors():
            if self._carries_objective(s, sv):
                return sv
        return None

    def _carries_objective(self, s: Session, who: int) -> bool:
        task = s.task
        if task is None:
            return False
        if task.escort:                # the civilian is what the escorts keep close to
            return escorted(s, who)
        return bool(task.wants) and carrying(s, who, task.wants)

    def _goal_distance(self, s: Session, who: int) -> int:
        return goal_walk(s, who)
