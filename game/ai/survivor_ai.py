"""The survivor AI: plays the scenario's objective for the whole team, one action at a time.

It decides with a short list of rules of thumb, in order (docs/RULES.md, "How the survivor AI plays"):
  1. Engaged: fight a fight it can win, break away from one it cannot.
  2. Revive a Downed ally in reach; otherwise go to them if it can treat them.
  3. Do the objective: escape, deliver, work the marker, pick up the objective item, hand it to a better-placed ally.
  4. Deal with threats: shoot (quiet weapons first; loud ones when a zombie is about to reach someone) or strike.
  5. Reload an empty gun when zombies are about; search a token in reach when it is safe.
  6. Move: toward its goal along the cheapest path, preferring cells out of the horde's reach and in cover, and
     staying near the objective carrier when it has no goal of its own.
  7. Hunker down in cover when zombies are near, else end the activation.
The three levels differ in how much they fear the horde, mind noise and keep together, and in how often they slip.
Every decision is logged with its reason as a 'decision' event.
"""
from __future__ import annotations

import heapq
import random
from dataclasses import dataclass

from game.ai.goals import carrying, door_ahead, goal_cells, path_cost
from game.world import actions as A
from game.world.board import INF
from game.world.components import Health, Inventory, Status, Survivor, Turn, Zombie
from game.world.legal import is_legal, option
from game.world.session import Session


@dataclass(frozen=True)
class Level:
    name: str
    slip: float             # chance a decision is a random legal action instead
    fear: float             # weight of the horde's reach on a cell (half inches of detour per threatening die)
    cover: float            # half inches a cell in cover is worth when zombies are in sight
    loud: str               # when loud guns fire at any zombie in range: always | slack (Doom to spare) | never
    escort: int             # stay within this many inches of the objective carrier (0 = does not escort)
    medic_range: int        # goes to a Downed ally this far away to treat them
    search: bool            # searches tokens it passes


LEVELS = {
    "novice": Level("novice", slip=0.25, fear=0.5, cover=0, loud="always", escort=0, medic_range=4, search=True),
    "veteran": Level("veteran", slip=0.06, fear=1.5, cover=2, loud="never", escort=6, medic_range=10,
                     search=True),
    "expert": Level("expert", slip=0.0, fear=1.0, cover=1, loud="slack", escort=5, medic_range=16, search=False),
}


class SurvivorAI:
    """The survivor team's player. `choose(session)` returns the next action (same interface as the random bot)."""

    def __init__(self, level: str = "veteran", seed: int = 0):
        self.level = LEVELS[level]
        self.rng = random.Random(seed * 104729 + 3)   # its own RNG: never shifts the game's dice
        self._danger: list[tuple[int, int, float, int]] = []
        self._threat_key = -1
        self._assign_key = None
        self._assignment: dict[int, int] = {}
        self._threats_seen: list[tuple[int, int]] = []
        self._danger_key = None
        self._danger_cells: dict[int, float] = {}     # _danger_at answers for the current danger map

    # --- the entry point ------------------------------------------------------------------------------------------
    def choose(self, s: Session):
        if s.phase != "survivor" or s.result:
            return None
        if s.active is None or (s.comp(s.active, Turn).ap <= 0 and not s.may_withdraw(s.active)):
            return self._next_activation(s)
        if self.level.slip and self.rng.random() < self.level.slip:
            slip = self._slip(s, s.active)
            if slip is not None:
                return self._say(s, slip, "acts on impulse")
        action, reason = self._act(s, s.active)
        return self._say(s, action, reason)

    def _slip(self, s: Session, who: int):
        """A poor move within the activation (never giving up the turn): a step somewhere at random."""
        if s.comp(who, Turn).ap <= 0:
            return None
        kind = "disengage" if s.is_engaged(who) else "move"
        cells = sorted(option(s, who, kind).cells)
        if not cells:
            return None
        return (A.Disengage if kind == "disengage" else A.Move)(who, self.rng.choice(cells))

    def _say(self, s: Session, action, reason: str):
        who = getattr(action, "who", None)
        name = s.name(who) if who is not None and s.is_survivor(who) else "Team"
        s.emit("decision", f"{name}: {reason}", who=who, reason=reason)
        return action

    # --- who goes next ----------------------------------------------------------------------------------------
    def _next_activation(self, s: Session):
        waiting = [sv for sv in s.survivors() if not s.comp(sv, Turn).activated]
        standing = [sv for sv in waiting if not s.comp(sv, Status).downed]
        if not standing:
            return self._say(s, A.EndSurvivorPhase(), "everyone has acted")

        def priority(sv: int):
            medic_job = any(s.comp(o, Status).downed for o in s.survivors()
                            if o != sv and s.board.in_contact(s.cell(sv), s.cell(o))) and self._can_treat(s, sv)
            return (not medic_job, not s.is_engaged(sv), not self._carries_objective(s, sv),
                    self._goal_distance(s, sv), s.comp(sv, Survivor).seat)
        who = min(standing, key=priority)
        return self._say(s, A.Activate(who), "goes next")

    # --- one action -------------------------------------------------------------------------------------------
    def _act(self, s: Session, who: int):
        turn = s.comp(who, Turn)
        key = (who, s.round, tuple(s.zombies()))
        if self._danger_key != key:      # zombies only appear or fall during the Survivor Phase
            self._danger = self._danger_map(s, who)
            self._danger_key = key
            self._danger_cells = {}
        if s.may_withdraw(who):
            step = self._withdraw(s, who)
            if step is not None:
                return step
        if turn.ap <= 0:
            return A.EndActivation(who), "is spent"
        for rule in (self._engaged, self._revive, self._objective, self._threats, self._upkeep, self._move):
            found = rule(s, who)
            if found is not None and is_legal(s, found[0]):
                return found
        if s.board.next_to_cover(s.cell(who)) and self._zombies_near(s, who, 10) and \
                not s.comp(who, Status).hunkered:
            return A.HunkerDown(who), "hunkers down in cover"
        return A.EndActivation(who), "holds position"

    # 1. engaged
    def _engaged(self, s: Session, who: int):
        engagers = s.contact_zombies(who)
        if not engagers:
            return None
        mine = self._melee_pool(s, who)
        weakest = min(engagers, key=lambda z: (s.fight_of(z), s.comp(z, Health).wounds, z))
        swarm = sum(s.fight_of(z) for z in engagers)
        slots = sum(s.zdef(z).slots for z in engagers)
        wounds = s.comp(who, Health).wounds
        losing = swarm >= mine + 2 and (slots >= 2 or s.fight_of(weakest) >= mine)
        if losing and (wounds > 1 or slots >= 2):
            dest = self._best_cell(s, who, option(s, who, "disengage").cells)
            if dest is not None:
                return A.Disengage(who, dest), f"breaks away from a losing fight ({swarm} dice against {mine})"
        return A.Melee(who, weakest), f"strikes {s.name(weakest)} ({mine} dice against {s.fight_of(weakest)})"

    def _withdraw(self, s: Session, who: int):
        cells = option(s, who, "withdraw").cells
        if not cells or not s.is_engaged(who) or len(s.contact_zombies(who)) > 1:
            return None
        best = self._best_cell(s, who, {c: (0, -1) for c in cells})
        return (A.Withdraw(who, best), "steps back out of reach") if best is not None else None

    # 2. medics
    def _revive(self, s: Session, who: int):
        if s.is_engaged(who):
            return None
        downed = [o for o in s.survivors() if o != who and s.comp(o, Status).downed]
        if not downed:
            return None
        treat = self._can_treat(s, who)
        here = s.cell(who)
        for ally in downed:
            if s.board.in_contact(here, s.cell(ally)):
                if treat:
                    return A.Triage(who, ally), f"treats {s.name(ally)}"
                if s.engagers(ally):
                    continue
        if not treat:
            return None
        near = [o for o in downed if s.dist(here, s.cell(o)) <= self.level.medic_range]
        if not near:
            return None
        ally = min(near, key=lambda o: (s.dist(here, s.cell(o)), o))
        if s.board.in_contact(here, s.cell(ally)):
            return None
        cells = A.reachable(s, who, A.move_budget(s, who))
        targets = [c for c in cells if s.board.in_contact(c, s.cell(ally))]
        if targets:
            dest = min(targets, key=lambda c: (self._danger_at(s, c), cells[c][0], c))
            return A.Move(who, dest), f"runs to treat {s.name(ally)}"
        return self._move_toward(s, who, (s.board.snap(s.cell(ally)),), f"heads for {s.name(ally)}, Downed")

    # 3. objective
    def _objective(self, s: Session, who: int):
        task = s.task
        if task is None:
            return None
        here = s.cell(who)
        if task.kind == "extract" and A.in_zone(s, who, task.zone) and not s.is_engaged(who):
            return A.Escape(who), "escapes"
        if task.kind == "deliver" and carrying(s, who, task.item) and A.in_zone(s, who, task.zone):
            return A.Deliver(who), f"delivers the {s.content.gear_name(task.item)}"
        if task.kind == "interact" and is_legal(s, A.WorkObjective(who)):
            return A.WorkObjective(who), f"works the {task.marker.replace('_', ' ')}"
        wanted = task.item if task.kind == "deliver" else task.needs_item
        if wanted:
            for cell, items in s.ground.items():
                if cell == here or s.board.in_contact(here, cell):
                    for g in items:
                        if g.gear_id == wanted and is_legal(s, A.PickUp(who, g.uid)):
                            return A.PickUp(who, g.uid), f"picks up the {s.content.gear_name(wanted)}"
            handoff = self._objective_handoff(s, who, wanted)
            if handoff is not None:
                return handoff
        return None

    def _objective_handoff(self, s: Session, who: int, item: str):
        """Pass the objective item to a fresh ally in contact when this survivor is spent or pinned."""
        if s.comp(who, Turn).handed_off or not carrying(s, who, item) or self.level.escort == 0:
            return None
        if s.comp(who, Turn).ap > 1 and not s.is_engaged(who):
            return None
        for ally in s.survivors():
            if ally == who or s.comp(ally, Status).downed or s.comp(ally, Turn).activated:
                continue
            if s.board.in_contact(s.cell(who), s.cell(ally)) and s.has_room(ally):
                uid = next(g.uid for g in s.comp(who, Inventory).gear if g.gear_id == item)
                return A.HandOff(who, ally, uid), f"passes the {s.content.gear_name(item)} to {s.name(ally)}"
        return None

    # 4. threats
    def _threats(self, s: Session, who: int):
        if s.is_engaged(who):
            return None
        inv = s.comp(who, Inventory).gear
        guns = [g for g in inv if g.gear_id in s.content.weapons and s.content.weapons[g.gear_id].kind == "firearm"
                and g.ammo > 0]
        if not guns:
            return None                 # nothing to shoot with: no need to weigh the threats
        here = s.cell(who)
        threats = self._threatening(s)
        if not threats:
            return None
        loud_ok = self._loud_ok(s)
        best = None
        for z, urgency in threats:
            zc = s.cell(z)
            for g in guns:
                weapon = s.content.weapons[g.gear_id]
                if weapon.heat and not (loud_ok or urgency >= 2):
                    continue
                if s.dist(here, zc) > weapon.range or not s.can_see(here, zc):
                    continue
                dice, need, _ = A.shot_odds_inputs(s, who, z, g.uid)
                hits = dice * (7 - need) / 6
                value = urgency * 10 + hits * 3 - weapon.heat * (1 if loud_ok else 2)
                if best is None or value > best[0]:
                    best = (value, z, g, hits)
        if best is not None and best[3] >= 0.6:
            _, z, g, _ = best
            return A.Shoot(who, z, g.uid), f"shoots {s.name(z)} with the {s.content.gear_name(g.gear_id)}"
        return None

    def _loud_ok(self, s: Session) -> bool:
        """May loud guns fire at zombies that are not about to reach anyone? 'slack': only with Doom to spare."""
        if self.level.loud != "slack":
            return self.level.loud == "always"
        left = s.scenario.doom_length - s.doom
        distances = [self._goal_distance(s, sv) for sv in s.standing()]
        # An extraction waits for the slowest survivor; other objectives for the nearest.
        pick = max if s.task is not None and s.task.kind == "extract" else min
        best = pick(distances, default=INF)
        if best >= INF:
            return False
        later = len(s.scenario.tasks) - s.task_index - 1
        needed = best / 30 + 3 * later + 1       # a 5" survivor covers about 30 half inches a turn
        return left > needed + 4

    def _threatening(self, s: Session) -> list[tuple[int, int]]:
        """(zombie, urgency): 3 = engaging an ally, 2 = can reach a survivor next phase, 1 = in the area."""
        if self._threat_key == s.occupant.version:
            return self._threats_seen
        self._threat_key = s.occupant.version
        self._threats_seen = out = []
        w = s.board.width
        spots = [(c % w, c // w) for c in (s.cell(sv) for sv in s.standing())]
        for z in s.zombies():
            if s.comp(z, Zombie).engaged is not None:
                out.append((z, 3))
                continue
            zc = s.cell(z)
            zx, zy = zc % w, zc // w
            reach = s.zdef(z).move + 2
            near = 99.0
            for x, y in spots:
                dx, dy = abs(x - zx), abs(y - zy)
                near = min(near, dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx)
            if near <= reach:
                out.append((z, 2))
            elif near <= reach + 6:
                out.append((z, 1))
        return out

    # 5. upkeep
    def _upkeep(self, s: Session, who: int):
        turn = s.comp(who, Turn)
        inv = s.comp(who, Inventory)
        near = self._zombies_near(s, who, 12)
        for g in inv.gear:
            weapon = s.content.weapons.get(g.gear_id)
            if weapon and weapon.kind == "firearm" and g.ammo == 0 and inv.reloads > 0 and near:
                return A.Reload(who, g.uid), f"reloads the {weapon.name}"
        if self.level.search and not turn.searched and not self._zombies_near(s, who, 6) and s.has_room(who):
            here = s.cell(who)
            at_hand = [c for c in (here, *s.board.contact_cells(here)) if c in s.search_tokens]
            if at_hand:      # the lowest cell, as a scan of the sorted tokens would find first
                return A.Search(who, min(at_hand)), "searches the cache at hand"
        return None

    # 6. movement
    def _move(self, s: Session, who: int):
        if s.is_engaged(who):
            return None
        sources, why = self._goal(s, who)
        if not sources:
            return None
        return self._move_toward(s, who, sources, why)

    def _goal(self, s: Session, who: int) -> tuple[tuple[int, ...], str]:
        cells = goal_cells(s, who)
        task = s.task
        if len(cells) > 1 and task is not None and task.kind != "extract" and self.level.escort:
            cells = self._assigned(s, who, cells)
        if cells:
            verb = {"extract": "makes for the exit", "deliver": "goes for the supplies",
                    "interact": "heads for the objective"}.get(task.kind if task else "", "moves on")
            if task and task.kind == "deliver" and carrying(s, who, task.item):
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
            return A.Door(who, door), "opens the door ahead"
        # Standing still never wins the race against Doom; _best_cell passes over occupied cells itself.
        dest = self._best_cell(s, who, A.reach_full(s, who, A.move_budget(s, who)), field, stay=False)
        if dest is None or field[dest] >= field[here] + 4:
            return None
        return A.Move(who, dest), why

    def _best_cell(self, s: Session, who: int, cells: dict, field=None, stay: bool = True) -> int | None:
        """The cell that gets closest to the goal, weighed against the horde's reach and cover.

        Cells are tried from the most progress down; once progress alone (less the cover bonus) cannot beat the best
        score found, the rest are skipped: danger only ever adds.
        """
        here = s.cell(who)
        cover_bonus = self.level.cover if self.level.cover and self._zombies_near(s, who, 14) else 0
        zcells = s.zombie_cells()
        occupant, board = s.occupant, s.board
        # A heap, not a sort: the search stops after a few cells, most of the time.
        ranked = [(field[c], c) for c in cells] if field is not None else [(0, c) for c in cells]
        heapq.heapify(ranked)
        best = None
        while ranked:
            progress, cell = heapq.heappop(ranked)
            if progress >= INF or (best is not None and progress - cover_bonus > best[0]):
                break
            if (cell in occupant and cell != here) or (cell == here and not stay):
                continue
            if not zcells.isdisjoint(board.contact_cells(cell)):
                continue            # never walk into contact by accident
            score = progress + self.level.fear * self._danger_at(s, cell)
            if cover_bonus and board.next_to_cover(cell):
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
        total = 0.0
        for zx, zy, reach, fight in self._danger:
            dx, dy = abs(x - zx), abs(y - zy)
            if (dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx) <= reach:
                total += fight
        return total

    def _danger_map(self, s: Session, who: int) -> list[tuple[int, int, float, int]]:
        """The zombies that could matter to the cells this survivor can reach this turn: (x, y, reach, fight)."""
        board = s.board
        here = s.cell(who)
        horizon = s.comp(who, Survivor).move * 3 + 1
        out = []
        for z in s.zombies():
            zcell = s.cell(z)
            reach = s.zdef(z).move + 2
            if s.dist(here, zcell) <= horizon + reach:
                zx, zy = board.xy(zcell)
                out.append((zx, zy, reach, s.fight_of(z)))
        return out

    def _zombies_near(self, s: Session, who: int, radius: float) -> bool:
        return s.zombie_within(s.cell(who), radius)

    def _melee_pool(self, s: Session, who: int) -> int:
        return s.comp(who, Survivor).fight + A.melee_bonus(s, A.best_melee(s, who)) + s.effect(who, "melee_dice")

    def _can_treat(self, s: Session, who: int) -> bool:
        if s.effect(who, "medical"):
            return True
        return any(s.content.items.get(g.gear_id) and s.content.items[g.gear_id].kind == "medical"
                   for g in s.comp(who, Inventory).gear)

    def _carrier(self, s: Session) -> int | None:
        for sv in s.survivors():
            if self._carries_objective(s, sv):
                return sv
        return None

    def _carries_objective(self, s: Session, who: int) -> bool:
        task = s.task
        if task is None:
            return False
        item = task.item if task.kind == "deliver" else task.needs_item
        return bool(item) and carrying(s, who, item)

    def _goal_distance(self, s: Session, who: int) -> int:
        return path_cost(s, who, goal_cells(s, who))
