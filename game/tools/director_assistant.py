"""Director AI Assistant & Heat Spender: the solo Director for a group at a real table.

The players describe the board (a small YAML file of facts, or a Session when the game itself asks); the assistant
adds ambient Heat, makes the escalation roll (or takes a real die), and gives the purchases with their reasons and the
activation order in words. The purchases come from game.ai.director.plan: the very policy the digital Director uses.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.ai.director import Decision, DirectorView, ShamblerFact, SpawnFact, SurvivorFact
from game.ai.director_levels import DEFAULT_DIRECTOR, director_level
from game.ai.director_shop import FORCED_REASON, Shopping
from game.ai.director_view import event_facts, zombie_kinds
from game.content.defs import Content
from game.content.yamlio import read_yaml
from game.rules.downed import frenzy_lethality
from game.rules.heat import clamp_heat, escalation_need
from game.tools.common import ToolError, lookup

MAX_HEAT_MADE = 99     # Heat made in one round, far past anything the track can hold

EXAMPLE = """\
# Board facts for `python main.py director --scenario pharmacy_run --facts FILE`.
# Distances are in inches (measure base to base). Leave out what does not apply.
heat: 5                     # Heat the survivors made this round (before ambient Heat)
shamblers_removed: 1        # Shamblers destroyed this round (for Reanimate)
doom_left: 6                # Doom spaces before the last one
rounds_needed: 4            # rounds the survivors still need to finish, roughly
open_doors: 1               # open doors on the survivors' paths ahead
gunners: 1                  # survivors with a loaded gun and a zombie in range farther than 6"
held_spawns: [Mill Lane]    # spawn points a survivor stands on or touches
noise_at: the pharmacy door # where the loudest noise was made (words, for the orders)
survivors:
  - name: Doc
    to_goal: 12             # inches from finishing their part of the objective
    slots_used: 1           # engagement slots filled on them (a Horde fills 2)
    spawn_distance: {Ring Road: 14, Loading Bay: 20, Mill Lane: 30}   # walking, to them or their path ahead
    wounds: 2               # wounds left
    carrier: true           # carries the objective item
    allies: {Cop: 3}        # distance to each other survivor
  - name: Cop
    to_goal: 18
    spawn_distance: {Ring Road: 17, Loading Bay: 22}
    allies: {Doc: 3}
shamblers:                  # each unengaged Shambler that sees a survivor (sees: the nearest it sees)
  - {name: Shambler A, sees: Doc, lunge_reaches: true}    # a 3" lunge ends in contact: it attacks this phase
  - {name: Shambler B, sees: Cop, lunge_pins: true}       # the lunge and its own 4" walk reach them, the walk alone not
"""


@dataclass(frozen=True)
class Assist:
    scenario: str
    made: int
    ambient: int
    heat: int                  # on the track after ambient Heat (the ceiling applied)
    need: int | None           # escalation: d6 needed (0 = automatic, None = no roll)
    die: int | None
    escalates: bool
    purchases: tuple[Decision, ...]
    lost: int                  # Heat left unspent
    orders: tuple[str, ...]
    shamblers: dict            # shambler id -> its name, for the lunges
    events: dict               # event id -> its name
    frenzies: tuple[dict, ...] = ()   # the Feeding Frenzies due first in the phase (feeding_frenzies)
    zombies: tuple[tuple[str, str], ...] = ()   # (zombie id, its name)

    def as_text(self) -> str:
        return render(self)


def _number(value, where: str, low: int = 0, high: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ToolError("--facts", f"{where}: expected a number from {low} to {high}, got {value!r}")
    return int(value)


def _inches(value, where: str, high: float = 999) -> float:
    """A distance as the players measured it, fractions kept (2.5" is not 2")."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= high:
        raise ToolError("--facts", f"{where}: expected inches from 0 to {high:g}, got {value!r}")
    return float(value)


def view_from_facts(content: Content, scenario_id: str, facts: dict) -> DirectorView:
    """A DirectorView from the players' facts, every field checked."""
    scenario = content.scenarios[scenario_id]
    game_map = content.maps[scenario.map]
    spawn_kinds = {m.name: m.kind[6:] for m in game_map.markers if m.kind in ("spawn_minor", "spawn_major")}
    held = facts.get("held_spawns") or []
    if not isinstance(held, list):
        raise ToolError("--facts", "held_spawns: expected a list of spawn point names")
    for name in held:
        lookup(spawn_kinds, name, "--facts", "spawn point (held_spawns)")
    raw = facts.get("survivors") or []
    if not isinstance(raw, list) or not raw:
        raise ToolError("--facts", "survivors: list at least one survivor (name, to_goal, spawn_distance)")
    names = [s.get("name") if isinstance(s, dict) else None for s in raw]
    survivors = []
    for i, entry in enumerate(raw):
        where = f"survivors[{i}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ToolError("--facts", f"{where}: expected a mapping with a name")
        distances = entry.get("spawn_distance") or {}
        if not isinstance(distances, dict):
            raise ToolError("--facts", f"{where}.spawn_distance: expected {{spawn point: inches}}")
        for name in distances:
            lookup(spawn_kinds, name, "--facts", f"spawn point ({where}.spawn_distance)")
        allies = entry.get("allies") or {}
        if not isinstance(allies, dict) or any(a not in names for a in allies):
            raise ToolError("--facts", f"{where}.allies: name other survivors from this file, with inches")
        slots = _number(entry.get("slots_used", 0), f"{where}.slots_used", 0, content.rules.engagement_slots)
        survivors.append(SurvivorFact(
            id=i + 1, name=entry["name"], standing=not entry.get("downed", False),
            room=content.rules.engagement_slots - slots,
            to_goal=_inches(entry.get("to_goal", 99), f"{where}.to_goal"),
            noise=_number(entry.get("noise", 0), f"{where}.noise", 0, 15),
            spawn_distance={name: _inches(d, f"{where}.spawn_distance.{name}") for name, d in distances.items()},
            neighbours={names.index(a) + 1: _inches(d, f"{where}.allies.{a}") for a, d in allies.items()},
            wounds=_number(entry.get("wounds", 3), f"{where}.wounds", 0, 20), carrier=bool(entry.get("carrier"))))
    shamblers = []
    for i, entry in enumerate(facts.get("shamblers") or []):
        where = f"shamblers[{i}]"
        if not isinstance(entry, dict):
            raise ToolError("--facts", f"{where}: expected a mapping (name, sees, lunge_reaches, lunge_pins)")
        sees = entry.get("sees")
        if sees is not None and sees not in names:
            raise ToolError("--facts", f"{where}.sees: {sees!r} is not a survivor in this file")
        shamblers.append(ShamblerFact(100 + i, str(entry.get("name", f"Shambler {i + 1}")),
                                      names.index(sees) + 1 if sees else None,
                                      bool(entry.get("lunge_reaches", False)), bool(entry.get("stunned", False)),
                                      bool(entry.get("lunge_pins", False)) and not entry.get("lunge_reaches")))
    spawns = tuple(SpawnFact(name, kind, name not in held) for name, kind in spawn_kinds.items())
    doom_left = _number(facts.get("doom_left", scenario.doom_length), "doom_left", 0, scenario.doom_length)
    return DirectorView(tuple(survivors), spawns, tuple(shamblers),
                        _number(facts.get("shamblers_removed", 0), "shamblers_removed", 0, 60),
                        event_facts(content, scenario.events), dict(content.rules.costs), zombie_kinds(content),
                        doom_left=doom_left,
                        rounds_needed=_inches(facts.get("rounds_needed", 0), "rounds_needed", 99),
                        open_doors=_number(facts.get("open_doors", 0), "open_doors", 0, 99),
                        gunners=_number(facts.get("gunners", 0), "gunners", 0, 8))


class TableBoard:
    """The players' facts as a board the Director's shopping loop reads (game.ai.director_shop.Board), kept up to
    date as purchases are made: a lunge that lands fills a slot on its survivor (and the Shambler is engaged), a
    Reanimate uses up a fallen Shambler, slammed doors are shut, a blackout blinds the guns. Where the facts cannot
    say what a purchase changed (where a closing lunge ends), the Shambler lunges no more this phase."""

    def __init__(self, view: DirectorView):
        self._view = view
        self.lunged: set[int] = set()

    def view(self) -> DirectorView:
        return self._view

    def _shambler(self, zid: int) -> ShamblerFact | None:
        return next((z for z in self._view.shamblers if z.id == zid and z.id not in self.lunged), None)

    def _room(self, sid: int | None) -> int:
        return next((s.room for s in self._view.survivors if s.id == sid and s.standing), 0)

    def _spawn_ok(self, name: str, zombie: str = "") -> bool:
        kinds = {k.id: k.zclass for k in self._view.kinds}
        return any(sp.name == name and sp.active and (kinds.get(zombie) != "major" or sp.kind == "major")
                   for sp in self._view.spawns)

    def fits(self, d: Decision) -> bool:
        if d.kind == "lunge":
            z = self._shambler(d.shambler)
            return z is not None and not z.stunned and self._room(z.sees) > 0
        if d.kind == "spawn":
            return self._spawn_ok(d.spawn, d.zombie)
        if d.kind == "reanimate":
            return self._view.removed_shamblers > 0 and self._spawn_ok(d.spawn)
        return any(e.id == d.event for e in self._view.events)

    def apply(self, d: Decision) -> None:
        v = self._view
        if d.kind == "lunge":
            self.lunged.add(d.shambler)
            if d.engages is not None:
                survivors = tuple(replace(s, room=s.room - 1) if s.id == d.engages else s for s in v.survivors)
                v = replace(v, survivors=survivors)
            v = replace(v, shamblers=tuple(z for z in v.shamblers if z.id != d.shambler))
        elif d.kind == "reanimate":
            v = replace(v, removed_shamblers=v.removed_shamblers - 1)
        elif d.kind == "event":
            event = next(e for e in v.events if e.id == d.event)
            for kind, _ in event.effects:
                if kind == "close_doors":
                    v = replace(v, open_doors=0)
                elif kind == "blackout":
                    v = replace(v, gunners=0)
        self._view = v

    def forced(self, left: int, events_bought: set[str]) -> Decision | None:
        """The dearest purchase the board allows for `left` Heat, in the engine's order (game.world.purchases.
        legal_purchases): spawns, then a Reanimate, then events, then lunges; never an event bought this phase."""
        v, costs, out = self._view, self._view.costs, []
        for kind in sorted(v.kinds, key=lambda k: k.id):
            if costs[kind.zclass] <= left:
                out += [(costs[kind.zclass], 0, Decision("spawn", costs[kind.zclass], "", spawn=sp.name,
                                                          zombie=kind.id))
                        for sp in v.spawns if self._spawn_ok(sp.name, kind.id)]
        if v.removed_shamblers > 0 and costs["reanimate"] <= left:
            out += [(costs["reanimate"], 1, Decision("reanimate", costs["reanimate"], "", spawn=sp.name))
                    for sp in v.spawns if sp.active]
        out += [(e.cost, 2, Decision("event", e.cost, "", event=e.id))
                for e in v.events if e.cost <= left and e.id not in events_bought]
        if costs["lunge"] <= left:
            out += [(costs["lunge"], 3, Decision("lunge", costs["lunge"], "", shambler=z.id))
                    for z in v.shamblers if self.fits(Decision("lunge", 1, "", shambler=z.id))]
        if not out:
            return None
        _, _, best = min(out, key=lambda t: (-t[0], t[1]))
        return replace(best, reason=FORCED_REASON)


def spend(view: DirectorView, heat: int, level) -> tuple[Decision, ...]:
    """Every purchase for `heat` Heat on the players' board, bought the way the game's Director buys them
    (game.ai.director_shop.Shopping), one at a time until the Heat is spent or nothing more can be bought."""
    board, shopping, out, left = TableBoard(view), Shopping(level), [], heat
    while left > 0:
        d = shopping.next(board, left)
        if d is None:
            d = board.forced(left, shopping.events_bought)
            if d is None:
                break
            if d.kind == "event":
                shopping.events_bought.add(d.event)
        board.apply(d)
        out.append(d)
        left -= d.cost
    return tuple(out)


def assist(content: Content, scenario_id: str, facts: dict, heat: int | None = None, die: int | None = None,
           seed: int | None = None, level: str = DEFAULT_DIRECTOR, ambient_bonus: int = 0) -> Assist:
    """The whole Director Phase for a real table, in the rulebook's order: the Feeding Frenzies due, ambient Heat
    (the scenario's plus `ambient_bonus` from Doom events), escalation, purchases, orders."""
    lookup(content.scenarios, scenario_id, "--scenario", "scenario")
    if not isinstance(facts, dict):
        raise ToolError("--facts", "expected a mapping of board facts (see --example)")
    scenario = content.scenarios[scenario_id]
    if heat is not None and not 0 <= heat <= MAX_HEAT_MADE:
        raise ToolError("--heat", f"Heat made this round is 0 to {MAX_HEAT_MADE} (noise never takes Heat away), "
                                  f"not {heat}")
    made = heat if heat is not None else _number(facts.get("heat", 0), "heat", 0, MAX_HEAT_MADE)
    view = view_from_facts(content, scenario_id, facts)
    frenzies = feeding_frenzies(content, facts)
    ambient = scenario.ambient_heat + ambient_bonus
    track = clamp_heat(made + ambient, content.rules.heat_max)
    need = escalation_need(track, content.rules.escalation)
    rolled = None
    if need:
        if die is not None and not 1 <= die <= 6:
            raise ToolError("--die", f"{die} is not a face of a six-sided die")
        rolled = die if die is not None else random.Random(seed).randint(1, 6)
    escalates = need == 0 or (need is not None and rolled is not None and rolled >= need)
    purchases = spend(view, track, director_level(content, level))
    lost = track - sum(p.cost for p in purchases)
    return Assist(scenario_id, made, ambient, track, need, rolled, escalates, purchases, lost,
                  activation_orders(facts.get("noise_at")), {z.id: z.name for z in view.shamblers},
                  {e.id: e.name for e in view.events}, tuple(frenzies), tuple((k.id, k.name) for k in view.kinds))


def feeding_frenzies(content: Content, facts: dict) -> list[dict]:
    """The frenzies due first in the phase: each Downed survivor in the facts with feeders on them (slots_used),
    the lethality from the engine's rule (frenzy_lethality) after the allies' `disruption` hits."""
    out = []
    for i, s in enumerate(facts.get("survivors") or []):
        if not isinstance(s, dict) or not s.get("downed") or not s.get("slots_used"):
            continue
        where = f"survivors[{i}]"
        slots = _number(s.get("slots_used"), f"{where}.slots_used", 0, content.rules.engagement_slots)
        hits = _number(s.get("disruption", 0), f"{where}.disruption", 0, 20)
        out.append({"survivor": str(s.get("name")), "slots": slots, "disruption": hits,
                    "lethality": frenzy_lethality(slots, hits)})
    return out


def frenzy_text(f: dict) -> str:
    need = f["lethality"]
    verdict = "safe, no roll" if not need else f"a Guts test needing {need} success{'es' if need != 1 else ''}"
    return (f"the Feeding Frenzy on {f['survivor']}: {f['slots']} slots - {f['disruption']} disruption = {need}: "
            f"{verdict}")


def describe(a: Assist, p: Decision) -> str:
    """A purchase in words, by name (never an id)."""
    return {"reanimate": f"Reanimate a Shambler at {p.spawn}",
            "lunge": f"Sudden Lunge by {a.shamblers.get(p.shambler, 'a Shambler')}",
            "spawn": f"Spawn {dict(a.zombies).get(p.zombie, p.zombie)} at {p.spawn}",
            "event": f"Event: {a.events.get(p.event, p.event)}"}[p.kind]


def activation_orders(noise_at: str | None = None) -> tuple[str, ...]:
    """The official hierarchy in the order the game activates it."""
    noise = f" (this round: {noise_at})" if noise_at else ""
    return (
        "Burning zombies take their wound first; Stunned zombies skip this activation and recover.",
        "Screamers shriek: +3 Heat lands on next round's track, and zombies within 12\" that see no survivor "
        "head for the Screamer.",
        "Every survivor held by zombies (in seat order) is attacked once by all of them together: one swarm pool, "
        "damage capped by how many slots they fill (any Brute or Horde: 3). Zombies on a Downed survivor feed "
        "instead of attacking.",
        "Then every other zombie moves, the one nearest a survivor first (ties: the older zombie): with a survivor "
        "in sight it walks its full Move toward the nearest one with room and stops on contact; without, toward "
        f"the Screamer's call, else the loudest noise made this round{noise}, else the objective, else its patrol.",
        "A Hunter starting in cover and unseen leaps 3\" further and strikes at once if it reaches contact.",
        "Heat resets to 0.",
    )


def render(a: Assist) -> str:
    lines = [f"Director Phase - {a.scenario}"]
    lines += ["  First, " + frenzy_text(f) for f in a.frenzies]
    lines.append(f"  Heat made {a.made} + ambient {a.ambient} = {a.heat} on the track")
    if a.need is None:
        lines.append("  Escalation: no roll below 8 Heat")
    elif a.need == 0:
        lines.append("  Escalation: automatic at 15 Heat - Doom advances one space")
    else:
        verdict = "Doom advances one space" if a.escalates else "no escalation"
        lines.append(f"  Escalation: d6 = {a.die}, needs {a.need}+: {verdict}")
    lines.append("  Purchases:")
    for p in a.purchases:
        lines.append(f"    {p.cost} Heat  {describe(a, p)} - {p.reason}")
    if not a.purchases:
        lines.append("    nothing useful to buy")
    if a.lost:
        lines.append(f"  {a.lost} Heat unspent is lost")
    lines.append("  Activation, in order:")
    lines += [f"    {i}. {text}" for i, text in enumerate(a.orders, 1)]
    return "\n".join(lines)


def to_json(a: Assist) -> dict:
    return {"scenario": a.scenario, "heat_made": a.made, "ambient": a.ambient, "heat": a.heat,
            "escalation": {"need": a.need, "die": a.die, "doom_advances": a.escalates},
            "purchases": [{"kind": p.kind, "cost": p.cost, "spawn": p.spawn, "zombie": p.zombie,
                           "shambler": a.shamblers.get(p.shambler, ""), "event": p.event,
                           "event_name": a.events.get(p.event, "") if p.event else "", "what": describe(a, p),
                           "reason": p.reason}
                          for p in a.purchases],
            "heat_lost": a.lost, "orders": list(a.orders), "frenzy": list(a.frenzies)}


def read_facts(path: str) -> dict:
    """The facts file through the game's guarded YAML reader: any refusal is one ToolError naming the file."""
    data, problems = read_yaml(path)
    if problems:
        raise ToolError("--facts", str(problems[0]))
    return data if data is not None else {}
