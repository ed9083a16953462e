"""Resolve one attack the calculator has worked out: "roll it" (the app's dice) or "enter my dice" (the faces rolled
at the table), and keep a running Heat total for the round.

    calc = calculate(content, "melee", archetype="firefighter", zombie="brute")
    result = roll_attack(calc, Roller(faces=[6, 4, 1, 2, 5]))       # or Roller(seed=...) to roll
    tally.add_roll(result)                                         # HeatTally: to_dict/from_dict/undo/as_text

The roll is read the engine's way: successes at the pool's target number (game.rules.dice.successes), the margin
and its wounds from MeleeResult, the caps the calculation worked out, Heat from the weapon plus the survivor's natural
1s (game.rules.heat.complications). The attacker's dice are rolled first, then the defender's, as the calculator
lists them.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from game.rules.combat import MeleeResult
from game.rules.dice import ones, successes
from game.rules.heat import complications
from game.tools.calculator import Calculation, Cap
from game.tools.common import Roller, ToolError, check_state_header, read_history, remember

TALLY_VERSION = 1
MAX_ENTRIES = 200
HISTORY = 20


def _capped(wounds: int, cap: Cap | None) -> int:
    return wounds if cap is None else min(wounds, cap.value)


@dataclass(frozen=True)
class AttackRoll:
    title: str
    attacker: str
    defender: str                        # who rolls against the attacker ("" for a shot)
    target: str                          # who takes wounds_to_defender
    attacker_faces: tuple[int, ...]
    defender_faces: tuple[int, ...]
    attacker_hits: int
    defender_hits: int
    wounds_to_defender: int
    wounds_to_attacker: int
    stunned: bool
    heat: int
    heat_parts: tuple[tuple[str, int], ...]
    entered: bool                        # the faces were typed in, not rolled by the app
    notes: tuple[str, ...] = ()

    def as_text(self) -> str:
        lines = [self.title + (" (dice entered)" if self.entered else " (rolled by the app)")]
        lines.append(f"  {self.attacker}: {' '.join(map(str, self.attacker_faces))} - {self.attacker_hits} "
                     f"success{'es' if self.attacker_hits != 1 else ''}")
        if self.defender:
            lines.append(f"  {self.defender}: {' '.join(map(str, self.defender_faces))} - {self.defender_hits} "
                         f"success{'es' if self.defender_hits != 1 else ''}")
        lines.append(f"  Wounds to {self.target}: {self.wounds_to_defender}" +
                     (f"   wounds to {self.attacker}: {self.wounds_to_attacker}" if self.defender else "") +
                     (f"   {self.target} is stunned" if self.stunned else ""))
        parts = ", ".join(f"{label} +{n}" for label, n in self.heat_parts)
        lines.append(f"  Heat: +{self.heat}" + (f" ({parts})" if parts else ""))
        lines += [f"  Note: {n}" for n in self.notes]
        return "\n".join(lines)


def roll_attack(calc: Calculation, roller: Roller) -> AttackRoll:
    """Roll (or read the entered faces of) the attack in `calc` and resolve it."""
    a_faces = roller.d6(calc.attacker.dice, f"{calc.attacker.side}'s {calc.attacker.dice} dice")
    d_faces = roller.d6(calc.defender.dice, f"{calc.defender.side}'s {calc.defender.dice} dice") \
        if calc.defender is not None else ()
    a_hits = successes(a_faces, calc.attacker.need)
    d_hits = successes(d_faces, calc.defender.need) if calc.defender is not None else 0
    if calc.defender is None:
        to_def, to_att = _capped(a_hits, calc.defender_cap), 0
    else:
        result = MeleeResult(a_hits, d_hits)
        to_def = _capped(result.wounds_to_defender, calc.defender_cap)
        to_att = _capped(result.wounds_to_attacker, calc.attacker_cap)
    # the stun the calculator offers: a 6 in a roll that wounds and leaves the target standing
    stun_offered = any(k.endswith("stunned") for k in calc.chances)
    survives = calc.defender_cap is None or to_def < calc.defender_cap.value
    stunned = stun_offered and 6 in a_faces and to_def > 0 and survives
    survivor_faces = d_faces if calc.attack == "swarm" else a_faces
    parts = []
    if calc.weapon_heat:
        parts.append(("the weapon", calc.weapon_heat))
    made = complications(ones(survivor_faces), calc.ignore_ones)
    if made:
        parts.append((f"natural 1{'s' if made != 1 else ''}", made))
    notes = []
    if roller.entered and roller.left:
        notes.append(f"{len(roller.left)} entered face(s) not used: {' '.join(map(str, roller.left))}")
    return AttackRoll(calc.title, calc.attacker.side, calc.defender.side if calc.defender else "", calc.target,
                      a_faces, d_faces, a_hits, d_hits, to_def, to_att, stunned, sum(n for _, n in parts),
                      tuple(parts), roller.entered, tuple(notes))


@dataclass
class HeatTally:
    """The round's running Heat total from the calculator's rolls (and any Heat typed in), with undo."""
    entries: list[dict] = field(default_factory=list)     # {"label", "heat"}
    history: list[dict] = field(default_factory=list)     # {"label", "state"}

    @property
    def total(self) -> int:
        return sum(e["heat"] for e in self.entries)

    def _remember(self, label: str) -> None:
        remember(self.history, label, self.to_dict(with_history=False), HISTORY)

    def add(self, label: str, heat: int) -> dict:
        if isinstance(heat, bool) or not isinstance(heat, int) or not 0 <= heat <= 99:
            raise ToolError("heat", f"expected 0 to 99 Heat, got {heat!r}")
        if len(self.entries) >= MAX_ENTRIES:
            raise ToolError("heat", f"the tally holds {MAX_ENTRIES} entries: start a new round")
        self._remember(f"+{heat} {label}")
        entry = {"label": str(label)[:80], "heat": heat}
        self.entries.append(entry)
        return entry

    def add_roll(self, roll: AttackRoll) -> dict:
        return self.add(roll.title, roll.heat)

    def new_round(self) -> None:
        self._remember("new round")
        self.entries = []

    def undo(self) -> str:
        if not self.history:
            raise ToolError("undo", "nothing to undo")
        last = self.history.pop()
        self.entries = self._fields(last["state"], "").entries
        return last["label"]

    def to_dict(self, with_history: bool = True) -> dict:
        d = {"version": TALLY_VERSION, "entries": copy.deepcopy(self.entries)}
        if with_history:
            d["history"] = copy.deepcopy(self.history)
        return d

    @classmethod
    def from_dict(cls, d: object) -> HeatTally:
        t = cls._fields(d, "")
        t.history = read_history(d, HISTORY, cls._fields)
        return t

    @classmethod
    def _fields(cls, d: object, where: str) -> HeatTally:
        check_state_header(d, where, TALLY_VERSION, "the tally's entries")
        entries = d.get("entries")
        if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
            raise ToolError(f"{where}entries", f"expected a list of at most {MAX_ENTRIES} entries")
        for i, e in enumerate(entries):
            if not (isinstance(e, dict) and isinstance(e.get("label"), str) and isinstance(e.get("heat"), int)
                    and not isinstance(e.get("heat"), bool) and 0 <= e["heat"] <= 99):
                raise ToolError(f"{where}entries[{i}]", "expected {label: text, heat: 0 to 99}")
        return cls(copy.deepcopy(entries))

    def as_text(self) -> str:
        lines = [f"Heat this round: {self.total}"]
        lines += [f"  +{e['heat']}  {e['label']}" for e in self.entries]
        return "\n".join(lines)
