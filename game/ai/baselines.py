"""Scripted survivor baselines for `simulate`: does a scenario reward a dumb plan?

rush    Every survivor goes straight for its own goal along the cheapest path, opening closed doors on the way, and
        does the objective (escape, deliver, work the marker, pick up the item) as soon as it can. It never shoots,
        heals or searches. Engaged, it breaks away towards its goal, and strikes only when it cannot. The survivor
        nearest its goal goes first.
greedy  Each AP buys the most immediate objective progress: the objective whenever it can be done, a hand-off of the
        objective item to a fresh ally in contact when the carrier is spent or caught, else the rush's run (or
        break-away) for its goal. An AP that buys no progress shoots a zombie within CLOSE inches, if any. It never
        heals or searches.
turtle  The team holds together and shoots everything: shoot any zombie in range and sight with any loaded gun,
        reload empty guns, strike zombies in contact, treat a Downed ally in contact. It advances on one team goal,
        never ending a move more than LEASH inches (along the path) ahead of the rearmost standing member; the
        objective is done whenever someone is in place. It never searches. The rearmost goes first, so the team
        closes up.

None needs chance: the same seed gives the same game. Every answer is checked with is_legal (a refused one falls
back to ending the activation, or the phase), and every decision is logged with its reason, as the survivor AI does.
Every action spends AP, a free interact or the one free step back, so an activation always ends.
"""
from __future__ import annotations

from game.ai.goals import carrying, door_ahead, goal_cells, item_cells, objective_item, path_cost, task_cells
from game.rules.geometry import ORTHO_HALF
from game.world import actions as A
from game.world.board import INF
from game.world.components import Health, Inventory, Status, Turn
from game.world.legal import is_legal, refusal
from game.world.session import Session

LEASH = 4       # inches a turtle may end a move ahead of the team's rearmost member, along the path
CLOSE = 3       # inches: the greedy baseline shoots only a zombie this close


class _Scripted:
    """The frame the baselines share: who activates, the legality net and the decision log."""

    def __init__(self, seed: int = 0):
        self.seed = seed            # kept for the interface: the baselines need no chance

    def choose(self, s: Session):
        if s.phase != "survivor" or s.result:
            return None
        who = s.active
        if who is None or (s.comp(who, Turn).ap <= 0 and not s.may_withdraw(who)):
            waiting = [sv for sv in s.standing() if not s.comp(sv, Turn).activated]
            if not waiting:
                return self._say(s, A.EndSurvivorPhase(), "everyone has acted")
            action, reason = A.Activate(min(waiting, key=lambda sv: self._order(s, sv))), "goes next"
        elif s.comp(who, Turn).ap <= 0:
            action, reason = self._free_step(s, who) or (A.EndActivation(who), "is spent")
        else:
            action, reason = self._act(s, who) or (A.EndActivation(who), "has nothing that helps")
        why = refusal(s, action)
        if why is not None:         # a bug in the script, not a move: give the turn up rather than stall
            action, reason = ((A.EndActivation(s.active), f"ends: refused ({why})") if s.active is not None
                              else (A.EndSurvivorPhase(), f"ends the phase: refused ({why})"))
        return self._say(s, action, reason)

    def _say(self, s: Session, action, reason: str):
        who = getattr(action, "who", None)
        name = s.name(who) if who is not None and s.is_survivor(who) else "Team"
        s.emit("decision", f"{name}: {reason}", who=who, reason=reason)
        return action

    def _order(self, s: Session, sv: int):
        raise NotImplementedError

    def _act(self, s: Session, who: int):
        """(action, reason) for the active survivor with AP left, or None to end the activation."""
        raise NotImplementedError

    def _free_step(self, s: Session, who: int):
        """(action, reason) for a survivor out of AP who may still step back after a melee, or None."""
        return None


# --- what both do ------------------------------------------------------------------------------------------------
def objective_action(s: Session, who: int):
    """Escape, deliver, work the marker or pick up the objective item, whichever the rules allow now."""
    task = s.task
    if task is None:
        return None
    tries = {"extract": [(A.Escape(who), "escapes")],
             "deliver": [(A.Deliver(who), "delivers the objective item")],
             "interact": [(A.WorkObjective(who), f"works the {(task.marker or '').replace('_', ' ')}")]
             }.get(task.kind, [])
    wanted = objective_item(s)
    if wanted:
        tries += [(A.PickUp(who, g.uid), f"picks up the {s.content.gear_name(g.gear_id)}")
                  for c in item_cells(s, wanted) if A.token_in_reach(s, who, c)
                  for g in s.ground[c] if g.gear_id in wanted]
    return next(((a, why) for a, why in tries if is_legal(s, a)), None)


def step_toward(s: Session, who: int, goal, allowed=lambda cell: True, why: str = "moves on"):
    """Open the closed door ahead, or Move to the reachable cell furthest down the cheapest path to `goal` among the
    `allowed` ones; None when no cell gains ground."""
    if not goal:
        return None
    field = s.board.field(tuple(goal))
    here = s.cell(who)
    if field[here] == 0:
        return None
    door = door_ahead(s, who, field)
    if door is not None:
        return A.Door(who, door), "opens the door ahead"
    zcells = s.zombie_cells()
    cells = [c for c in A.reach_full(s, who, A.move_budget(s, who))
             if c != here and c not in s.occupant and field[c] < field[here] and allowed(c)]
    if not cells:
        return None
    # Out of base contact with any zombie when a cell that gains ground is, then furthest down the path.
    dest = min(cells, key=lambda c: (not zcells.isdisjoint(s.board.contact_cells(c)), field[c], c))
    return A.Move(who, dest), why


def shoot_within(s: Session, who: int, radius: float):
    """The shot with the most expected hits at a zombie within `radius` inches (and the gun's range), the nearest
    among equals; None if no loaded gun has one."""
    here = s.cell(who)
    best = None
    for g in s.comp(who, Inventory).gear:
        weapon = s.content.weapons.get(g.gear_id)
        if weapon is None or weapon.kind != "firearm" or g.ammo <= 0:
            continue
        for z in s.zombies():
            far = s.dist(here, s.cell(z))
            if far > min(weapon.range, radius) or not is_legal(s, A.Shoot(who, z, g.uid)):
                continue
            dice, need, _ = A.shot_odds_inputs(s, who, z, g.uid)
            key = (-dice * (7 - need), far, z, g.uid)
            if best is None or key < best[0]:
                best = (key, A.Shoot(who, z, g.uid), f"shoots {s.name(z)} with the {weapon.name}, {far:g}\" away")
    return best[1:] if best else None


def weakest(s: Session, zombies: list[int]) -> int:
    return min(zombies, key=lambda z: (s.fight_of(z), s.comp(z, Health).wounds, z))


def _heading(s: Session, goal) -> str:
    task = s.task
    if task is not None and set(goal) <= set(task_cells(s)):
        return {"extract": "runs for the exit", "deliver": "heads for the drop-off"}.get(task.kind,
                                                                                        "heads for the objective")
    return "goes for the objective item"


# --- rush --------------------------------------------------------------------------------------------------------
class Rush(_Scripted):
    """Straight for the goal, no shooting, no healing, no searching (`--level rush`)."""

    def _goal(self, s: Session, who: int) -> list[int]:
        # No goal of its own (someone else carries the item): where the task is finished.
        return goal_cells(s, who) or task_cells(s)

    def _order(self, s: Session, sv: int):
        return path_cost(s, sv, self._goal(s, sv)), sv

    def _free_step(self, s: Session, who: int):
        """The free step back after a melee, towards the goal, when it ends the engagement (no zombie in contact)."""
        if not s.may_withdraw(who) or not s.is_engaged(who):
            return None
        goal = self._goal(s, who)
        field = s.board.field(tuple(goal)) if goal else None
        zcells = s.zombie_cells()
        cells = [c for c in A.Withdraw(who, -1).cells(s) if zcells.isdisjoint(s.board.contact_cells(c))]
        if not cells:
            return None
        dest = min(cells, key=lambda c: (field[c] if field else 0, c))
        return A.Withdraw(who, dest), "steps back out of reach"

    def _act(self, s: Session, who: int):
        found = objective_action(s, who)
        if found is not None:
            return found
        goal = self._goal(s, who)
        if s.is_engaged(who):
            step = self._free_step(s, who)
            if step is not None:
                return step
            cells = A.Disengage(who, -1).cells(s)
            if cells:
                field = s.board.field(tuple(goal)) if goal else None
                zcells = s.zombie_cell_set()
                # Out of every zombie's reach if it can, then as far down the path as it can.
                dest = min(cells, key=lambda c: (not zcells.isdisjoint(s.board.contact_cells(c)),
                                                 field[c] if field else 0, c))
                return A.Disengage(who, dest), "breaks away towards its goal"
            foes = s.contact_zombies(who)
            if foes:
                z = weakest(s, foes)
                return A.Melee(who, z), f"cannot break away: strikes {s.name(z)}"
            return None
        return step_toward(s, who, goal, why=_heading(s, goal))


# --- greedy ------------------------------------------------------------------------------------------------------
class Greedy(Rush):
    """Each AP on the most immediate objective progress, shooting only close threats (`--level greedy`)."""

    def _act(self, s: Session, who: int):
        return (objective_action(s, who) or self._hand_on(s, who) or super()._act(s, who)
                or shoot_within(s, who, CLOSE))

    def _hand_on(self, s: Session, who: int):
        """The objective item to an ally in contact who has yet to act, when the carrier is caught or nearly spent:
        the ally carries it on this round."""
        item = objective_item(s)
        turn = s.comp(who, Turn)
        if not item or not carrying(s, who, item) or turn.handed_off or (turn.ap > 1 and not s.is_engaged(who)):
            return None
        gear = next(g for g in s.comp(who, Inventory).gear if g.gear_id in item)
        for ally in s.standing():
            if ally != who and not s.comp(ally, Turn).activated and not s.is_engaged(ally):
                action = A.HandOff(who, ally, gear.uid)
                if is_legal(s, action):
                    return action, (f"hands the {s.content.gear_name(gear.gear_id)} to {s.name(ally)}, "
                                    f"who has yet to act")
        return None


# --- turtle ------------------------------------------------------------------------------------------------------
class Turtle(_Scripted):
    """The team holds together and shoots everything (`--level turtle`)."""

    def _order(self, s: Session, sv: int):
        cost = path_cost(s, sv, self._team_goal(s))
        return -(cost if cost < INF else 0), sv

    def _team_goal(self, s: Session) -> tuple[int, ...]:
        """One goal for the whole team: the carrier's, else the item or place nearest the team as a whole."""
        team = s.standing()
        item = objective_item(s)
        carrier = next((sv for sv in team if item and carrying(s, sv, item)), None)
        if carrier is not None:
            return tuple(goal_cells(s, carrier))
        fetch = item_cells(s, item)
        choices = [(c,) for c in fetch] or [tuple(task_cells(s))]
        return min(choices, key=lambda cells: (sum(path_cost(s, sv, cells) for sv in team), cells))

    def _act(self, s: Session, who: int):
        for rule in (objective_action, self._shoot, self._reload, self._strike, self._triage, self._advance):
            found = rule(s, who)
            if found is not None:
                return found
        return None

    def _shoot(self, s: Session, who: int):
        return shoot_within(s, who, INF)

    def _reload(self, s: Session, who: int):
        for g in s.comp(who, Inventory).gear:
            action = A.Reload(who, g.uid)
            if g.ammo == 0 and is_legal(s, action):
                return action, f"reloads the {s.content.gear_name(g.gear_id)}"
        return None

    def _strike(self, s: Session, who: int):
        foes = s.contact_zombies(who)
        if not foes:
            return None
        z = weakest(s, foes)
        return A.Melee(who, z), f"strikes {s.name(z)}"

    def _triage(self, s: Session, who: int):
        for ally in s.survivors():
            if ally != who and s.comp(ally, Status).downed and is_legal(s, A.Triage(who, ally)):
                return A.Triage(who, ally), f"treats {s.name(ally)}"
        return None

    def _advance(self, s: Session, who: int):
        if s.is_engaged(who):
            return None
        goal = self._team_goal(s)
        if not goal:
            return None
        field = s.board.field(goal)
        behind = [field[s.cell(sv)] for sv in s.standing()]
        rear = max((c for c in behind if c < INF), default=INF)
        zcells = s.zombie_cells()

        def allowed(cell: int) -> bool:
            # Never into a fight, and never more than LEASH ahead of the rearmost, along the path: the rearmost
            # itself may always move, so the team never waits on itself.
            return zcells.isdisjoint(s.board.contact_cells(cell)) and field[cell] >= rear - LEASH * ORTHO_HALF
        return step_toward(s, who, goal, allowed, f"advances with the team: {_heading(s, goal)}")
