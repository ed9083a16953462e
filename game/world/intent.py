"""What each zombie will do in the next Director Phase, read off the board as it is now (Into the Breach's telegraph).

The forecast runs the same hierarchy the ZombieActivation system runs (game.world.horde) without changing anything:
a stunned zombie loses its activation, an engaged one attacks the survivor it is engaged with, the rest walk toward
their goal, Screamers' shrieks and a Hunter's leap included. Each zombie is read as if it acted alone: the Director's
purchases and the zombies that move before it can still change where it ends. The screen reads it, and so does the
Director AI before it says a lunge attacks (lunge_attack); the rules themselves never act on it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.geometry import ORTHO_HALF
from game.world.components import Health, Status, Zombie
from game.world.horde import plan_walk, sight_goal, walk_inches, zombie_goal, zombie_steps
from game.world.systems import ambush_ready

if TYPE_CHECKING:
    from game.world.session import Session


@dataclass(frozen=True)
class Intent:
    zombie: int
    action: str                     # attack | move | stunned | wait
    why: str                        # the hierarchy's reason, as the log gives it ("sees Doc", "heads for the noise")
    path: tuple[int, ...] = ()      # the cells it would walk, in order
    target: int | None = None       # the survivor it attacks or walks toward, if any
    engages: int | None = None      # the survivor it would end in base contact with
    leaps: bool = False             # a Hunter's ambush leap adds to its move

    @property
    def end(self) -> int | None:
        return self.path[-1] if self.path else None


def shriek_calls(s: Session) -> list[tuple[int, float]]:
    """The shrieks the next activation will hear: every Screamer that is not stunned (game.world.systems)."""
    calls = []
    for z in s.zombies():
        zdef = s.zdef(z)
        if "shriek" in zdef.specials and not s.comp(z, Status).stunned:
            calls.append((s.cell(z), zdef.params.get("shriek_radius", 12)))
    return calls


def zombie_intent(s: Session, z: int, calls: list[tuple[int, float]] | None = None) -> Intent:
    """One zombie's next activation, as far as the board now tells."""
    zomb = s.comp(z, Zombie)
    if s.comp(z, Status).stunned:
        return Intent(z, "stunned", "is stunned and loses its next activation")
    if zomb.engaged is not None and s.is_survivor(zomb.engaged):
        victim = zomb.engaged
        verb = "feeds on" if s.comp(victim, Status).downed else "attacks"
        return Intent(z, "attack", f"{verb} {s.name(victim)}", target=victim, engages=victim)
    goal = zombie_goal(s, z, shriek_calls(s) if calls is None else calls, advance=False)
    zdef = s.zdef(z)
    leaps = "ambush_leap" in zdef.specials and ambush_ready(s, z)
    budget = (zdef.move + (zdef.params.get("leap", 3) if leaps else 0)) * ORTHO_HALF
    path = tuple(plan_walk(s, z, goal, budget))
    engages = _engaged_at(s, z, path[-1]) if path else None
    return Intent(z, "move" if path else "wait", goal.why, path, goal.target, engages, leaps)


def zombie_intents(s: Session) -> dict[int, Intent]:
    """Every zombie's next activation (see zombie_intent)."""
    calls = shriek_calls(s)
    return {z: zombie_intent(s, z, calls) for z in s.zombies()}


def walks_into_contact(s: Session, z: int, inches: float, survivors: list[int]) -> bool:
    """Could this zombie walk into base contact with one of these survivors for `inches` of walking, the board as
    it is now: its own step costs (shut doors forced, barricades and walls in the way, windows climbed), whatever goal
    its hierarchy would pick. The survivor AI's "about to reach someone" reads it: a straight measure sees through
    walls, and a zombie shut out of the station is no reason for a loud shot."""
    board, start, dist = s.board, s.cell(z), s.dist
    # A walk costs at least the straight measure, and a contact cell lies within 1.5" of its survivor: the survivors
    # farther off are out of reach, and so are the cells of those farther than `inches` (the only ones that could
    # stand in its way). The answer depends on those cells, its own cell and kind and the doors (the memo's own).
    near = frozenset(cell for cell in map(s.cell, survivors) if dist(start, cell) <= inches + 1.5)
    blocking = frozenset(cell for cell in s.survivor_cell_set() if dist(start, cell) <= inches)
    key = (start, s.comp(z, Zombie).kind, inches, near, blocking)
    memo = s.memos.walks
    found = memo.get(key)
    if found is None:
        factors, barred = zombie_steps(s, z)
        goals = {c for cell in near for c in board.contact_cells(cell) if factors[c] and c not in barred}
        if not goals or start in goals:
            found = bool(goals)
        else:
            found = bool(board.path_toward(start, goals, factors, barred, limit=int(inches * ORTHO_HALF)))
        memo[key] = found
    return found


def _engaged_at(s: Session, z: int, cell: int) -> int | None:
    """The survivor a zombie arriving at `cell` would engage, as the engagement system picks for a zombie that comes
    into contact (Session.update_engagement): among the survivors in contact with room for it, a standing one before
    the Downed, then the one with the fewest slots in use, then the lowest id: not necessarily the one it went for."""
    room = s.rules.engagement_slots - s.zdef(z).slots
    touching = [sv for sv in s.survivors() if s.board.in_contact(cell, s.cell(sv)) and s.slots_used(sv) <= room]
    if not touching:
        return None
    return min(touching, key=lambda sv: (s.comp(sv, Status).downed, s.slots_used(sv), sv))


def intent_text(s: Session, intent: Intent) -> str:
    """One sentence for the screen: what this zombie does next phase."""
    if intent.action in ("stunned", "attack"):
        return intent.why[0].upper() + intent.why[1:] + " next phase."
    if intent.action == "wait":
        return f"Stays put next phase ({intent.why})."
    inches = f"{walk_inches(s, [s.cell(intent.zombie), *intent.path]):g}"
    leap = " with an ambush leap" if intent.leaps else ""
    if intent.engages is not None:
        return f"Reaches {s.name(intent.engages)} next phase{leap} ({inches}\"): {intent.why}."
    return f"Walks {inches}\"{leap} next phase: {intent.why}."



@dataclass(frozen=True)
class CellDanger:
    """What standing on a cell would mean when the Director Phase comes (the move preview reads it)."""
    cover: bool              # next to cover: shots from across it need more, and a Hunker Down is possible
    seen_by: int             # zombies that see the cell now
    reach: int               # zombies close enough to walk into base contact with it next phase (straight measure)
    contact: int             # zombies already touching it: stepping there engages them

    def words(self) -> str:
        parts = ["cover" if self.cover else "no cover"]
        if self.contact:
            parts.append(f"in contact with {self.contact}")
        if self.seen_by:
            parts.append(f"seen by {self.seen_by}")
        if self.reach:
            parts.append(f"{self.reach} can reach it")
        elif not self.contact:
            parts.append("out of reach")
        return ", ".join(parts)


def cell_danger(s: Session, cell: int) -> CellDanger:
    """The danger of standing on `cell` when the Director Phase comes, as the board is now."""
    board = s.board
    sight = s.sight_range()
    seen = reach = contact = 0
    for z in s.zombies():
        zc = s.cell(z)
        if board.in_contact(zc, cell):
            contact += 1
            continue
        if board.sees(zc, cell, sight):
            seen += 1
        if s.dist(zc, cell) <= s.zdef(z).move + 1.5 and not s.comp(z, Status).stunned:
            reach += 1
    return CellDanger(board.next_to_cover(cell), seen, reach, contact)


def lunge_intent(s: Session, z: int) -> Intent:
    """Where a Sudden Lunge would take this Shambler now (the Director's preview): up to the lunge distance toward
    the nearest survivor it sees."""
    goal = sight_goal(s, z)
    if goal is None:
        return Intent(z, "wait", "sees no survivor")
    path = tuple(plan_walk(s, z, goal, s.rules.lunge_distance * ORTHO_HALF))
    engages = _engaged_at(s, z, path[-1]) if path else None
    return Intent(z, "move" if path else "wait", goal.why, path, goal.target, engages)


def lunge_attack(s: Session, z: int) -> int | None:
    """The survivor a Sudden Lunge by this Shambler would attack this very phase, by the forecast: the one the lunge
    leaves it engaged with, unless that survivor is Downed (a swarm passes the Downed by: the Feeding Frenzy is theirs)
    or the Shambler burns to death first (the burning take their wound before the swarms attack). None if it would
    attack nobody."""
    if s.comp(z, Status).stunned:
        return None
    victim = lunge_intent(s, z).engages
    if victim is None or s.comp(victim, Status).downed:
        return None
    if s.comp(z, Status).burning and s.comp(z, Health).wounds <= 1:
        return None
    return victim


def lunge_pin(s: Session, z: int) -> int | None:
    """The survivor this Shambler would end the Director Phase engaged with if it lunged now, where its activation
    alone would leave it short of everyone: the lunge and the walk that follows it in the same phase, as one walk
    toward the nearest survivor it sees. That survivor starts their next turn caught (a Disengage and its swipes, or a
    fight). None if the lunge pins nobody: it lands (lunge_attack), its walk reaches someone anyway, a shriek will
    call it elsewhere, or the fire kills it first."""
    found = lunge_pin_walk(s, z)
    return found[0] if found else None


def lunge_pin_walk(s: Session, z: int) -> tuple[int, list[int]] | None:
    """lunge_pin's survivor and the walk (lunge and activation as one) that reaches them; None if it pins nobody."""
    status = s.comp(z, Status)
    if status.stunned or (status.burning and s.comp(z, Health).wounds <= 1):
        return None
    goal = sight_goal(s, z)
    if goal is None:
        return None
    budget = (s.rules.lunge_distance + s.zdef(z).move) * ORTHO_HALF
    if s.dist(s.cell(z), goal.centre) * ORTHO_HALF > budget + 3 * ORTHO_HALF:
        return None             # (out of reach as the crow flies: no walk to plan)
    calls = shriek_calls(s)
    alone = zombie_intent(s, z, calls)
    if alone.engages is not None or alone.why == "answers the shriek" or lunge_intent(s, z).engages is not None:
        return None
    path = plan_walk(s, z, goal, budget)
    victim = _engaged_at(s, z, path[-1]) if path else None
    return (victim, path) if victim is not None else None


def pin_undone_by(s: Session, z: int, victim: int, path: list[int]) -> frozenset[str]:
    """Which of PIN_UNDOING_EFFECTS could undo this pin if bought after it: a blackout, where the survivor stands beyond
    blackout sight of the Shambler (it may lose them); shut doors, where an open door lies on its walk or between the
    two (it may bar the way or the view). Cautious: it may name an event that would in fact leave the pin alone."""
    undone = set()
    a, b = s.cell(z), s.cell(victim)
    limit = s.sight_range()
    if (limit is None or limit > s.rules.blackout_sight) and s.dist(a, b) > s.rules.blackout_sight:
        undone.add("blackout")
    w = s.board.width
    x0, x1 = sorted((a % w, b % w))
    y0, y1 = sorted((a // w, b // w))
    walk = set(path)
    for cell, is_open in s.board.door_open.items():
        if is_open and cell not in s.occupant and (
                cell in walk or (x0 - 1 <= cell % w <= x1 + 1 and y0 - 1 <= cell // w <= y1 + 1)):
            undone.add("close_doors")
            break
    return frozenset(undone)


@dataclass(frozen=True)
class SpawnPreview:
    """What a zombie placed at a spawn point now would face: its cell, the nearest survivor and how far."""
    cell: int
    nearest: int | None
    inches: float
    reaches: bool           # close enough to walk into base contact this phase (straight measure, as cell_danger)

    def words(self, s: Session) -> str:
        if self.nearest is None:
            return "no survivor on the board"
        tail = "in reach this phase" if self.reaches else "out of reach this phase"
        return f"{s.name(self.nearest)} {self.inches:g}\" away, {tail}"


def spawn_preview(s: Session, kind: str, point: int) -> SpawnPreview | None:
    """Where a zombie of this kind bought at this spawn point would stand and whom it would go for (None: no room)."""
    cell = s.free_cell_near(point, s.rules.spawn_radius)
    if cell is None:
        return None
    survivors = s.survivors()
    if not survivors:
        return SpawnPreview(cell, None, 0.0, False)
    nearest = min(survivors, key=lambda sv: (s.dist(cell, s.cell(sv)), sv))
    inches = round(s.dist(cell, s.cell(nearest)), 1)
    return SpawnPreview(cell, nearest, inches, inches <= s.content.zombies[kind].move + 1.5)
