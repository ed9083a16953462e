"""The Director AI: how the horde spends Heat. A scored shopping list a table could follow by hand.

The policy reads a `DirectorView` (plain facts about the board) and returns decisions, each with a reason that gives
the numbers behind it. The game builds the view from a Session; the tabletop assistant from what the players type in.

How it buys (docs/RULES.md, "The Director's shopping list"):
  1. Score every purchase the board allows: a zombie by the Fight dice it brings against the survivor it is best
     placed for (tougher zombies count more, a special more in its situation), kept in full if it reaches them this
     round and cut by the level's `decay` for every further round; a lunge the horde's forecast says attacks this
     phase by the dice it attacks with (no more of them on a survivor than it has room for); an event by what it
     does now (a Doom space, Heat next round, doors slammed on the survivors' path, guns blinded). A lunge that only
     closes in scores as a Shambler spawned to arrive this round does when the forecast says it ends the phase
     engaging its survivor (it pins them), else the level's token `lunge_close`.
  2. Buy the combination that spends the most of the Heat on the track (the rulebook wants it all spent) and, among
     those, scores most. A Reanimate brings back the same Shambler a 2-Heat spawn places, so it is only bought for
     the third Heat point that nothing else would use.
  3. In order: lunges that land, closing lunges, Hordes and Brutes, specials, Shamblers, Reanimates, events (an
     event bought first could only undo a lunge after it: a Blackout blinds the Shambler).
Ties are broken by name or id, never by chance, so one board gives one shopping list. (A kind of zombie whose best
placement could not be among the options step 2 looks at is not scored at all: see _most.)
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from game.ai.director_levels import DirectorLevel
from game.content.defs import PIN_UNDOING_EFFECTS
from game.world.memo import MapMemo


@dataclass(frozen=True)
class SurvivorFact:
    id: int
    name: str
    standing: bool
    room: int                  # engagement slots still free
    to_goal: float             # inches from finishing their part of the objective (smaller = closer)
    noise: int = 0             # Heat made where they stand this round
    # spawn point name -> inches a zombie walks from it to this survivor, or to the nearest point of their path ahead
    spawn_distance: dict[str, float] = field(default_factory=dict)
    neighbours: dict[int, float] = field(default_factory=dict)       # other survivor id -> inches
    wounds: int = 3            # wounds left
    carrier: bool = False      # carries the objective item


@dataclass(frozen=True)
class SpawnFact:
    name: str
    kind: str                  # minor | major
    active: bool = True


@dataclass(frozen=True)
class ShamblerFact:
    id: int
    name: str
    sees: int | None           # the survivor its lunge attacks, if it lands; else the nearest in sight with room
    lunge_reaches: bool        # a 3" lunge attacks `sees` this phase (the game asks the horde's forecast)
    stunned: bool = False
    pins: bool = False         # the lunge and its walk this phase end engaging `sees`, which the walk alone would not
    # the kinds of event effect that could undo the pin if bought after it (intent.pin_undone_by; where no one has
    # looked, as for a pin ticked on the table, every kind that can)
    undone_by: frozenset[str] = PIN_UNDOING_EFFECTS


@dataclass(frozen=True)
class ZombieKind:
    id: str
    name: str
    zclass: str                # shambler | special | major
    move: int
    fight: int
    wounds: int
    specials: tuple[str, ...] = ()
    slots: int = 1             # engagement slots it fills on a survivor


@dataclass(frozen=True)
class EventFact:
    id: str
    name: str
    cost: int
    effects: tuple[tuple[str, int], ...] = ()    # (effect kind, amount)


@dataclass(frozen=True)
class DirectorView:
    survivors: tuple[SurvivorFact, ...]
    spawns: tuple[SpawnFact, ...]
    shamblers: tuple[ShamblerFact, ...] = ()       # unengaged Shamblers (the game's view: those that see someone)
    removed_shamblers: int = 0
    events: tuple[EventFact, ...] = ()               # events the Director may buy
    costs: dict[str, int] = field(default_factory=lambda: {"lunge": 1, "shambler": 2, "reanimate": 3,
                                                           "special": 4, "major": 5})
    kinds: tuple[ZombieKind, ...] = ()
    doom_left: int = 99        # Doom spaces before the last
    rounds_needed: float = 0   # the survivors' rough count of rounds to finish the objective
    open_doors: int = 0        # open doors on the survivors' paths ahead
    gunners: int = 0           # survivors with a loaded gun and a target beyond blackout sight (a Blackout reads it)


@dataclass(frozen=True)
class Decision:
    kind: str                  # reanimate | lunge | spawn | event
    cost: int
    reason: str
    spawn: str = ""            # spawn point name
    zombie: str = ""           # zombie id to spawn
    shambler: int = 0          # shambler id to lunge
    event: str = ""
    engages: int | None = None  # a landing lunge: the survivor it reaches
    pins: int | None = None     # a pinning lunge: the survivor it ends the phase engaged with
    score: float = 0.0
    fears: frozenset[str] = frozenset()   # a pinning lunge: the event effects that could undo it if bought after it


# The order bought purchases are placed in: a lunge lands before a spawn can take its spot, and every lunge comes
# before the events, which can only undo one (a Blackout blinds the Shambler, slammed doors bar its way).
_ORDER = {"lunge": 0, "closing": 1, "major": 2, "special": 3, "shambler": 4, "reanimate": 5, "event": 6}
_LUNGE, _CLOSING, _REANIMATE, _EVENT = _ORDER["lunge"], _ORDER["closing"], _ORDER["reanimate"], _ORDER["event"]
_SPAWNS = (_ORDER["major"], _ORDER["special"], _ORDER["shambler"])
_COPY_FADE = 0.85      # each further zombie from one spawn point scores a little less: they crowd one victim


def pressed(view: DirectorView) -> SurvivorFact | None:
    """The survivor the Director presses: closest to finishing the objective, then the noisiest, then seat."""
    standing = [s for s in view.survivors if s.standing]
    if not standing:
        return None
    return min(standing, key=lambda s: (s.to_goal, -s.noise, s.id))


class _Facts:
    """What every score on one view needs, worked out once: who stands, how near each survivor's nearest standing
    ally is, and how much the Director cares to hurt each of them."""

    def __init__(self, level: DirectorLevel, view: DirectorView):
        target = pressed(view)
        self.standing = [s for s in view.survivors if s.standing]
        ids = {s.id for s in self.standing}
        # The nearest standing ally of each survivor (inches; inf if none): the special rules ask "any ally within".
        self.nearest_ally = {s.id: min((d for o, d in s.neighbours.items() if o in ids), default=math.inf)
                             for s in view.survivors}
        self.weights = {s.id: weight(level, s, target) for s in view.survivors}
        # What _zombie_score reads per standing survivor, in one tuple each: it runs for every kind at every spawn.
        full = level.scores.full_survivor
        self.rows = [(sv, sv.spawn_distance, 1.0 if sv.room > 0 else full, self.weights[sv.id])
                     for sv in self.standing]
        self._hordes: dict[str, str] = {}
        # The bounds _most reads: the heaviest weight, the fewest inches from a spawn point to a standing survivor.
        self.heaviest = max(self.weights.values(), default=0.0)
        self.nearest = min((d for s in self.standing for d in s.spawn_distance.values()), default=math.inf)
        self.arrivals = _arrivals(level, view.doom_left)

    def arrival(self, inches: float, move: int) -> tuple[float, int]:
        """arrival() for this view's level and Doom, remembered: many kinds share a move, and many views a distance."""
        key = (inches, move)
        found = self.arrivals.get(key)
        if found is None:
            level, doom_left = self.arrivals.level_doom
            found = self.arrivals.keep(key, arrival(level, inches, move, doom_left))
        return found

    def horde(self, spawn: str) -> str:
        """A Horde's situation at this spawn point: two or more standing survivors within 12" of it, or alone."""
        found = self._hordes.get(spawn)
        if found is None:
            near = sum(1 for x in self.standing if x.spawn_distance.get(spawn, 99) <= 12)
            found = self._hordes[spawn] = "horde" if near >= 2 else "lone_horde"
        return found


class _Arrivals(MapMemo):
    """(inches, move) -> arrival(), for one level and Doom left (level_doom)."""
    __slots__ = ("level_doom",)

    def __init__(self, level_doom: tuple[DirectorLevel, int]):
        super().__init__(4096)
        self.level_doom = level_doom


_ARRIVALS = MapMemo(256)      # (id of a level, Doom left) -> its _Arrivals


def _arrivals(level: DirectorLevel, doom_left: int) -> _Arrivals:
    """The arrival answers kept for this level and Doom left, across views (the same distances come up every phase).
    Kept by the level's identity, with the level, so an id is never reused while its entry lives."""
    found = _ARRIVALS.get((id(level), doom_left))
    if found is None or found.level_doom[0] is not level:
        found = _ARRIVALS.keep((id(level), doom_left), _Arrivals((level, doom_left)))
    return found


def weight(level: DirectorLevel, sv: SurvivorFact, target: SurvivorFact | None) -> float:
    """How much the Director cares to hurt this survivor: more for the pressed one (`target`), the carrier, the last
    wound."""
    marked = (target is not None and sv.id == target.id) or sv.carrier
    return 1 + (level.focus - 1) * (marked + (sv.wounds <= 1))


def arrival(level: DirectorLevel, inches: float, move: int, doom_left: int) -> tuple[float, int]:
    """(share of its score a zombie keeps, rounds after this one it needs) for a walk of `inches`. It moves this
    very phase, so `move` inches (plus base contact) come free; one that only arrives after Doom runs out keeps 0."""
    later = max(0, math.ceil((inches - 1 - move) / max(1, move)))
    if later > doom_left:
        return 0.0, later
    return level.decay ** later, later


def _situation(kind: ZombieKind, facts: _Facts, sv: SurvivorFact, spawn: str) -> str:
    """The special rule of this zombie that would bite here, if any."""
    ally = facts.nearest_ally[sv.id]
    for special in kind.specials:
        if special == "ambush_leap" and not ally <= 6:
            return special
        if special == "explosive_demise" and ally <= 2:
            return special
        if special == "shriek" and ally <= 8:
            return special
        if special == "horde":
            return facts.horde(spawn)
    return ""


def zombie_score(level: DirectorLevel, view: DirectorView, kind: ZombieKind, spawn: str,
                 facts: _Facts | None = None) -> tuple[float, str]:
    """Score of a zombie of this kind placed at this spawn point, and why."""
    score, at = _zombie_score(level, view, kind, spawn, facts or _Facts(level, view))
    return score, _zombie_why(kind, at)


def _zombie_score(level: DirectorLevel, view: DirectorView, kind: ZombieKind, spawn: str,
                  facts: _Facts) -> tuple[float, tuple | None]:
    """zombie_score with, for its reason, only what _zombie_why needs to write it: most scores are never bought."""
    sc = level.scores
    best, best_at = 0.0, None
    base = kind.fight * (1 + sc.toughness * (kind.wounds - 1))
    plain = sc.situations.get("", 1.0)      # the factor of a zombie with no special rule that bites here
    arrivals, move = facts.arrivals, kind.move
    for sv, distances, room, weight_ in facts.rows:
        inches = distances.get(spawn)
        if inches is None:
            continue
        found = arrivals.get((inches, move))       # (facts.arrival, inlined: this runs for every kind at every spawn)
        keep, later = facts.arrival(inches, move) if found is None else found
        if keep == 0.0:
            continue
        if kind.specials:
            situation = _situation(kind, facts, sv, spawn)
            factor = sc.lone_horde if situation == "lone_horde" else sc.situations.get(situation, 1.0)
        else:
            situation, factor = "", plain
        score = base * factor * room * keep * weight_
        if score > best + 1e-9:
            best, best_at = score, (sv, inches, later, situation)
    return best, best_at


def _zombie_why(kind: ZombieKind, at: tuple | None) -> str:
    """The reason of a zombie's score, from what _zombie_score found (None: nobody it reaches)."""
    if at is None:
        return "no survivor it can reach before Doom runs out"
    sv, inches, later, situation = at
    when = "this round" if later == 0 else f"in {later + 1} rounds"
    why = f"{kind.fight} dice {inches_text(inches)} from {sv.name}, there {when}"
    if situation in ("ambush_leap", "explosive_demise", "shriek", "horde"):
        why += {"ambush_leap": f"; {sv.name} is alone", "explosive_demise": f"; {sv.name} huddles",
                "shriek": f"; a group around {sv.name}", "horde": "; a crowd to swamp"}[situation]
    return why


def inches_text(inches: float) -> str:
    """2.5 -> '2.5"', 3.0 -> '3"': a distance as measured, never rounded to a whole inch (2.5" is not 2")."""
    return f"{round(inches, 1):g}\""


def event_score(level: DirectorLevel, view: DirectorView, event: EventFact, doors: bool = True) -> tuple[float, str]:
    """What an event the Director may buy is worth now. `doors`: whether its slammed doors count (they count for
    one event a phase: a second one would shut doors that are already shut)."""
    sc = level.scores
    score, why = 0.0, []
    for kind, amount in event.effects:
        if kind == "doom" and view.doom_left > 0:      # on the last space Doom moves no further
            slack = view.doom_left - view.rounds_needed
            score += level.doom_space * min(amount, view.doom_left) / max(1.0, slack)
            why.append(f"Doom {view.doom_left} spaces from the end, the survivors need about "
                       f"{view.rounds_needed:.0f} rounds")
        elif kind == "close_doors" and view.open_doors and doors:
            score += sc.open_door * view.open_doors
            why.append(f"{view.open_doors} open door(s) on their path")
        elif kind == "blackout" and view.gunners:
            score += sc.blackout_gunner * view.gunners * amount
            why.append(f"{view.gunners} gun(s) with a target beyond blackout sight")
    return score, "; ".join(why) or "it does little now"


@dataclass(slots=True)
class _Option:     # (not frozen: a frozen dataclass is slow to build, and a plan builds hundreds)
    sort: tuple                # fixed order among options, so ties always go the same way
    cost: int
    score: float
    decision: Callable[[], Decision]   # written out only for the options bought: their reasons cost the most
    closing: _Option | None = None     # a pin: the same lunge as one that only closes in (plan() may need it)
    undone_by: frozenset[str] = frozenset()   # a pin: the event effects that could undo it (ShamblerFact.undone_by)
    undoes: frozenset[str] = frozenset()      # an event: its effects that can undo a pin bought before it


def _options(level: DirectorLevel, view: DirectorView, heat: int) -> list[_Option]:
    costs, out = view.costs, []
    facts = _Facts(level, view)
    rooms = {s.id: s.room for s in view.survivors}
    names = {s.id: s.name for s in view.survivors}
    kinds = {k.id: k for k in view.kinds}
    shambler = kinds.get("shambler")
    slots = shambler.slots if shambler else 1
    closing = []
    for z in view.shamblers:
        if z.stunned or z.sees is None or rooms.get(z.sees, 0) <= 0:
            continue
        # Only as many lunges land on a survivor as it has room for: once they have, it has none left, and a
        # Shambler that sees nobody with room cannot lunge at all (the test above).
        if z.lunge_reaches and rooms[z.sees] >= slots:
            rooms[z.sees] -= slots
            fight = shambler.fight if shambler else 2
            score = fight * level.lunge_attack * facts.weights[z.sees]
            out.append(_Option((_LUNGE, z.id), costs["lunge"], score, lambda z=z, fight=fight, score=score: Decision(
                "lunge", costs["lunge"], f"{z.name} lands on {names[z.sees]} and attacks this phase with {fight} "
                f"dice", shambler=z.id, engages=z.sees, score=score)))
        else:
            closing.append(z)
    for z in sorted(closing, key=lambda z: not z.pins):
        # A closing lunge counts against its survivor's room too: it may yet end in contact (the Shambler ahead of
        # it moved first), and one at a survivor the lunges before it fill finds no one to lunge at (its Heat lost).
        # A pinning one goes first: it does end the phase in contact, as a spawn that arrives this round would.
        if rooms[z.sees] >= slots:
            rooms[z.sees] -= slots
            close = level.lunge_close
            closes = _Option((_CLOSING, z.id), costs["lunge"], close, lambda z=z, score=close: Decision(
                "lunge", costs["lunge"], f"{z.name} closes 3\" on {names[z.sees]}", shambler=z.id, score=score))
            if z.pins:
                fight = shambler.fight if shambler else 2
                score = fight * level.lunge_pin * facts.weights[z.sees]
                out.append(_Option((_CLOSING, z.id), costs["lunge"], score, lambda z=z, score=score: Decision(
                    "lunge", costs["lunge"], f"{z.name} closes 3\" and can reach {names[z.sees]} this phase",
                    shambler=z.id, pins=z.sees, score=score, fears=z.undone_by), closing=closes,
                    undone_by=z.undone_by))
            else:
                out.append(closes)
    points = [sp for sp in view.spawns if sp.active]
    spawned: dict[int, list[float]] = {}        # price -> the scores of the spawns offered at it so far
    for kind in sorted(view.kinds, key=lambda k: k.id):
        cost = costs[kind.zclass]
        if cost > heat or kind.zclass not in level.buys:
            continue
        # A kind none of whose options could be among the heat // cost best of its price (the only ones the knapsack
        # looks at) is not scored at all. (Never the Shambler: the Reanimates' scores are its own.)
        rivals = spawned.setdefault(cost, [])
        if kind.id != "shambler" and len(rivals) >= heat // cost and \
                _most(level, kind, facts) < sorted(rivals, reverse=True)[heat // cost - 1]:
            continue
        allowed = [sp for sp in points if kind.zclass != "major" or sp.kind == "major"]
        scored = sorted(((*_zombie_score(level, view, kind, sp.name, facts), sp.name) for sp in allowed),
                        key=lambda t: (-t[0], t[2]))[:3]
        for rank, (score, at, name) in enumerate(scored):
            why = partial(_zombie_why, kind, at)
            for copy in range(heat // cost):
                s = score * _COPY_FADE ** copy
                rivals.append(s)
                out.append(_Option((_ORDER[kind.zclass], kind.id, rank, copy), cost, s,
                                   lambda kind=kind, name=name, why=why, s=s, cost=cost: Decision(
                    "spawn", cost, f"{kind.name} at {name}: {why()} (score {s:.1f})", spawn=name, zombie=kind.id,
                    score=s)))
            if kind.id == "shambler" and costs["reanimate"] <= heat:
                for copy in range(min(view.removed_shamblers, heat // costs["reanimate"])):
                    s = score * _COPY_FADE ** copy
                    out.append(_Option((_REANIMATE, rank, copy), costs["reanimate"], s,
                                       lambda name=name, why=why, s=s: Decision(
                        "reanimate", costs["reanimate"], f"a fallen Shambler rises at {name}: {why()}; it spends a "
                        f"third Heat point nothing else would use", spawn=name, score=s)))
    if level.events:
        closers = [e for e in view.events if e.cost <= heat and any(k == "close_doors" for k, _ in e.effects)]
        door_event = min(closers, key=lambda e: (e.cost, e.id)).id if closers else None
        for event in view.events:
            if event.cost <= heat:
                score, why = event_score(level, view, event, doors=event.id == door_event)
                out.append(_Option((_EVENT, event.id), event.cost, score,
                                   lambda event=event, why=why, score=score: Decision(
                    "event", event.cost, f"{event.name}: {why} (score {score:.1f})", event=event.id, score=score),
                    undoes=PIN_UNDOING_EFFECTS & {kind for kind, _ in event.effects}))
    return out


def _most(level: DirectorLevel, kind: ZombieKind, facts: _Facts) -> float:
    """No placement of this kind scores more: _zombie_score's product with each factor at its largest (its best
    situation, a free slot, the nearest any spawn point is to any standing survivor, the heaviest weight;
    director.yaml's shares are at most 1), so never below it, rounding included."""
    sc = level.scores
    factors = [sc.situations.get(special, 1.0) for special in ("", *kind.specials)]
    if "horde" in kind.specials:
        factors.append(sc.lone_horde)
    keep = facts.arrival(facts.nearest, kind.move)[0] if facts.nearest < math.inf else 0.0    # (no one to reach)
    return kind.fight * (1 + sc.toughness * (kind.wounds - 1)) * max(factors) * 1.0 * keep * facts.heaviest


def _best_set(options: list[_Option], heat: int) -> list[_Option]:
    """The options (each at most once) that spend the most of `heat` (the rulebook wants every point spent) and,
    among those, score most. A knapsack over at most 15 Heat: small enough to be exact. The chosen options of each
    entry are a bit mask over `options`."""
    # No set holds more than heat // cost options of one cost, so only that many of the best of each cost can be in
    # the answer (ties kept in list order, as the knapsack breaks them).
    keep: set[int] = set()
    for cost in {o.cost for o in options}:
        same = sorted((-o.score, i) for i, o in enumerate(options) if o.cost == cost)
        keep.update(i for _, i in same[:heat // cost])
    best: list[tuple[int, float, int]] = [(0, 0.0, 0)] * (heat + 1)
    # Sums rounded to 6 places, remembered: round() is the dearest step here, and a knapsack meets the same sums
    # again and again (about 70 a plan, 13 of them different).
    rounded: dict[float, float] = {}
    for i, opt in enumerate(options):
        if i not in keep:
            continue
        cost, gain, bit = opt.cost, opt.score, 1 << i
        for h in range(heat, cost - 1, -1):
            spent, score, chosen = best[h - cost]
            spent += cost
            held = best[h]
            if spent < held[0]:         # (decided without the score)
                continue
            total = score + gain
            score = rounded.get(total)
            if score is None:
                score = rounded[total] = round(total, 6)
            if spent > held[0] or score > held[1]:
                best[h] = (spent, score, chosen | bit)
    top = max(best, key=lambda b: b[:2])[2]
    return [opt for i, opt in enumerate(options) if top >> i & 1]


def plan(view: DirectorView, heat: int, level: DirectorLevel) -> list[Decision]:
    """The whole shopping list for `heat` Heat on this board, in the order it is bought."""
    if heat <= 0:
        return []
    options = sorted(_options(level, view, heat), key=lambda o: o.sort)
    chosen = _spend(options, heat)
    if _undone(chosen):
        # A pin and an event bought after it that could undo it: never both. The better of the list without the
        # events any pin fears and the list whose feared pins only close in (the first on a tie).
        feared = frozenset().union(*(o.undone_by for o in options if o.closing))
        undoing = frozenset().union(*(o.undoes for o in options))
        plans = (_spend([o for o in options if not o.undoes & feared], heat),
                 _spend([o.closing if o.closing and o.undone_by & undoing else o for o in options], heat))
        chosen = max(plans, key=lambda p: (sum(o.cost for o in p), round(sum(o.score for o in p), 6)))
    return [o.decision() for o in sorted(chosen, key=lambda o: o.sort)]


def _undone(chosen: list[_Option]) -> bool:
    """Does an event on this list undo a pin on it?"""
    undoing = frozenset().union(*(o.undoes for o in chosen))
    return bool(undoing) and any(o.closing and o.undone_by & undoing for o in chosen)


def _spend(options: list[_Option], heat: int) -> list[_Option]:
    """_best_set, with a Reanimate only for Heat nothing else would spend: it places the Shambler a cheaper spawn
    would."""
    chosen = _best_set([o for o in options if o.sort[0] != _REANIMATE], heat)
    if sum(o.cost for o in chosen) < heat:
        fuller = _best_set(options, heat)
        if sum(o.cost for o in fuller) > sum(o.cost for o in chosen):
            chosen = fuller
    return chosen


def decide(view: DirectorView, heat: int, level: DirectorLevel) -> Decision | None:
    """The first purchase of the shopping list, or None if nothing can be bought."""
    found = plan(view, heat, level)
    return found[0] if found else None
