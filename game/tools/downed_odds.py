"""Bleed-out and parting-swipe odds: two rolls a table often wants the chances of before it commits.

    bleed_out(content, archetype="paramedic", rounds=3)     # a Downed survivor's saves, round after round
    swipes(content, zombies="shambler,brute", wounds=2)     # breaking away from the zombies in contact

Both are computed exactly (game.tools.distributions) from the engine's own rule functions in game.rules.downed:
`bleed_out_saved` (one success in the Guts pool keeps a Downed survivor alive; the best Guts item carried is used
up on the first save, as game.world.guts does), `parting_swipes` (one die per figure in contact, at most the
engagement slots), `swipe_need` (a skill may make only 6s wound) and `swipe_wounds`. With `roll` (or entered
`faces`) the roll itself is made too.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.content.defs import Content
from game.rules.dice import ones
from game.rules.downed import bleed_out_saved, parting_swipes, swipe_need, swipe_wounds
from game.rules.heat import complications
from game.tools.common import Roller, ToolError, lookup, pct, zombies_or_slots
from game.tools.distributions import Dist, as_json, pool_dist, pool_joint
from game.tools.frenzy import guts_test

MAX_ROUNDS = 20


@dataclass(frozen=True)
class BleedOut:
    survivor: str
    dice: int                              # the first save's pool (with the Guts item)
    later_dice: int                        # every later save (the item is used up)
    parts: tuple[tuple[str, int], ...]
    item_used: str
    need: int
    p_first: Fraction                      # survives the first save
    p_later: Fraction                      # survives each later save
    alive_after: tuple[Fraction, ...]      # chance of being alive after 1, 2, ... rounds of saves
    heat: Dist                             # Heat from the first save's natural 1s
    roll: tuple[tuple[int, ...], bool] | None = None    # (faces, saved)
    notes: tuple[str, ...] = ()

    def as_text(self) -> str:
        parts = " + ".join(f"{label} {n}" for label, n in self.parts)
        lines = [f"Bleed-out saves for {self.survivor}: {self.dice} dice ({parts}), one success on "
                 f"{self.need}+ keeps them alive"]
        lines.append(f"  First save: {pct(self.p_first)}" + (
            f"   later saves ({self.later_dice} dice, {self.item_used and 'the item used up'}): {pct(self.p_later)}"
            if self.later_dice != self.dice else ""))
        lines += [f"  Alive after {k} save{'s' if k > 1 else ''}: {pct(p)}" for k, p in enumerate(self.alive_after, 1)]
        lines.append(f"  Expected Heat from natural 1s on the first save: {float(self.heat.mean()):.2f}")
        if self.roll is not None:
            faces, saved = self.roll
            lines.append(f"  Roll: {' '.join(map(str, faces))} - " + ("hangs on" if saved else "bleeds out"))
        lines += [f"  Note: {n}" for n in self.notes]
        return "\n".join(lines)


def bleed_out(content: Content, *, guts: int | None = None, archetype: str | None = None,
              items: Sequence[str] | str | None = None, rounds: int = 3, roll: bool = False,
              seed: int | None = None, faces: Sequence[int] | None = None) -> BleedOut:
    """The odds of a Downed survivor's bleed-out saves over `rounds` activations (and the first save rolled)."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise ToolError("--rounds", f"expected 1 to {MAX_ROUNDS} rounds, not {rounds}")
    need = content.rules.success
    first = guts_test(content, guts=guts, archetype=archetype, items=items)
    later = guts_test(content, guts=guts, archetype=archetype, items="none") if first.item_used else first

    def saved(dice: int) -> Fraction:
        return pool_joint(dice, need, lambda f: bleed_out_saved(f, need)).get(True, Fraction(0))
    p_first, p_later = saved(first.dice), saved(later.dice)
    alive = tuple(p_first * p_later ** k for k in range(rounds))
    heat = pool_dist(first.dice, need, lambda f: complications(ones(f), first.ignore_ones))
    rolled, notes = None, []
    if first.item_used:
        notes.append(f"{content.items[first.item_used].name} is used up on the first save")
    if roll or faces is not None:
        roller = Roller(seed=seed, faces=faces)
        got = roller.d6(first.dice, "the bleed-out save")
        rolled = (got, bleed_out_saved(got, need))
        if roller.entered and roller.left:
            notes.append(f"{len(roller.left)} entered face(s) not used: {' '.join(map(str, roller.left))}")
    name = first.archetype.name if first.archetype else "the survivor"
    return BleedOut(name, first.dice, later.dice, first.parts, first.item_used, need, p_first, p_later, alive, heat,
                    rolled, tuple(notes))


@dataclass(frozen=True)
class Swipes:
    survivor: str
    zombies: tuple[str, ...]               # names of the zombies in contact
    dice: int                              # swipes rolled
    need: int
    wounds: Dist                           # wounds the swipes deal
    wounds_left: int | None                # the survivor's wounds before the swipes
    p_downed: Fraction | None              # chance the swipes put them down (None: wounds not given)
    roll: tuple[tuple[int, ...], int] | None = None     # (faces, wounds)
    notes: tuple[str, ...] = ()

    def as_text(self) -> str:
        who = ", ".join(self.zombies) if self.zombies else f"{self.dice} figure{'s' if self.dice != 1 else ''}"
        lines = [f"Parting swipes at {self.survivor} breaking away from {who}: {self.dice} "
                 f"{'die' if self.dice == 1 else 'dice'}, each {self.need}+ is a wound"]
        lines += [f"  {w} wound{'s' if w != 1 else ''}: {pct(p)}" for w, p in self.wounds.items()]
        lines.append(f"  Expected wounds: {float(self.wounds.mean()):.2f}")
        if self.p_downed is not None:
            lines.append(f"  Downed (from {self.wounds_left} wounds left): {pct(self.p_downed)}")
        if self.roll is not None:
            faces, wounds = self.roll
            dice = ' '.join(map(str, faces)) or 'no dice'
            lines.append(f"  Roll: {dice} - {wounds} wound{'s' if wounds != 1 else ''}")
        lines += [f"  Note: {n}" for n in self.notes]
        return "\n".join(lines)


def swipes(content: Content, *, zombies: Sequence[str] | str = (), slots: int | None = None,
           archetype: str | None = None, wounds: int | None = None, roll: bool = False, seed: int | None = None,
           faces: Sequence[int] | None = None) -> Swipes:
    """The parting swipes at a survivor who Disengages from `zombies` in contact (or zombies filling `slots`);
    `archetype` for a skill that shrugs swipes off, `wounds` left for the chance of going down."""
    rules = content.rules
    zdefs, figures = zombies_or_slots(content, zombies, slots, "in contact")
    arch = lookup(content.archetypes, archetype, "--archetype", "archetype") if archetype else None
    immune = bool(arch and content.skills[arch.skill].effects.get("swipe_immune"))
    if wounds is not None and (isinstance(wounds, bool) or not 1 <= wounds <= 20):
        raise ToolError("--wounds", f"expected the survivor's wounds left, 1 to 20, not {wounds}")
    wounds = wounds if wounds is not None else (arch.wounds if arch else None)
    need = swipe_need(rules.parting_swipe, immune)
    dice = parting_swipes(figures, rules.engagement_slots)
    dist = pool_dist(dice, need, lambda f: swipe_wounds(f, need)) if dice else Dist.point(0)
    notes = []
    if immune:
        notes.append(f"{content.skills[arch.skill].name}: only a 6 wounds")
    rolled = None
    if roll or faces is not None:
        roller = Roller(seed=seed, faces=faces)
        got = roller.d6(dice, "the parting swipes")
        rolled = (got, swipe_wounds(got, need))
        if roller.entered and roller.left:
            notes.append(f"{len(roller.left)} entered face(s) not used: {' '.join(map(str, roller.left))}")
    return Swipes(arch.name if arch else "the survivor", tuple(z.name for z in zdefs), dice, need, dist, wounds,
                  dist.at_least(wounds) if wounds is not None else None, rolled, tuple(notes))


def bleed_json(b: BleedOut) -> dict:
    return {"survivor": b.survivor, "dice": b.dice, "later_dice": b.later_dice, "need": b.need,
            "parts": [[label, n] for label, n in b.parts], "item_used": b.item_used or None,
            "p_first": float(b.p_first), "p_later": float(b.p_later),
            "alive_after": [float(p) for p in b.alive_after], "heat": as_json(b.heat),
            "roll": None if b.roll is None else {"faces": list(b.roll[0]), "saved": b.roll[1]},
            "notes": list(b.notes)}


def swipes_json(s: Swipes) -> dict:
    return {"survivor": s.survivor, "zombies": list(s.zombies), "dice": s.dice, "need": s.need,
            "wounds": as_json(s.wounds), "wounds_left": s.wounds_left,
            "p_downed": None if s.p_downed is None else float(s.p_downed),
            "roll": None if s.roll is None else {"faces": list(s.roll[0]), "wounds": s.roll[1]},
            "notes": list(s.notes)}
