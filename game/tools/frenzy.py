"""Feeding Frenzy & Swarm Disruption Resolver: how deadly the feeding is after the allies' disruption, the Downed
survivor's exact odds of fighting them off, and (optionally) the roll itself.

The arithmetic is the engine's: `frenzy_lethality` (game.rules.downed) is what game.world.systems.FeedingFrenzy
calls, the Guts pool is `guts_pool` with the best Guts item carried (`best_guts_item`, used up as in a game), and the
survivor needs at least `lethality` successes. Lethality 0 means no roll at all.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.content.defs import Content
from game.rules.dice import ones, pool, successes
from game.rules.downed import best_guts_item, frenzy_lethality, guts_pool
from game.rules.heat import complications
from game.tools.common import Roller, ToolError, check_dice, id_list, lookup, pct, zombies_or_slots
from game.tools.distributions import Dist, as_json, pool_dist, success_dist


@dataclass(frozen=True)
class FrenzyRoll:
    faces: tuple[int, ...]
    successes: int
    survived: bool
    heat: int


@dataclass(frozen=True)
class Frenzy:
    survivor: str
    zombies: tuple[str, ...]               # zombie names
    slots: int                             # engagement slots the feeders fill
    disruption: int                        # wounds allies dealt to the feeders this Survivor Phase
    lethality: int                         # successes the survivor needs (0: safe, no roll)
    guts_dice: int                         # the Guts pool
    parts: tuple[tuple[str, int], ...]     # how the pool was built
    item_used: str                         # Guts item used up for the test ("" none)
    need: int                              # a die scores on this face or higher
    successes: Dist | None                 # the pool's successes (None when no roll is made)
    p_survive: Fraction
    heat: Dist                             # Heat from the roll's natural 1s
    roll: FrenzyRoll | None = None
    notes: tuple[str, ...] = ()

    def as_text(self) -> str:
        return render(self)


@dataclass(frozen=True)
class GutsTest:
    """A survivor's Guts pool for one test, built as the engine builds it (game.world.guts)."""
    dice: int
    parts: tuple[tuple[str, int], ...]
    item_used: str                 # the Guts item used up on the test ("" none)
    ignore_ones: int               # natural 1s that make no Heat (a skill)
    archetype: object = None       # the ArchetypeDef, when one was named


def guts_test(content: Content, *, guts: int | None = None, archetype: str | None = None,
              items: Sequence[str] | str | None = None) -> GutsTest:
    """Guts dice given (`guts`, the whole pool before items) or an archetype's (Guts + skill); `items` carried (the
    archetype's starting items by default; 'none' for none): the best Guts item is used up for its dice."""
    if guts is None and archetype is None:
        raise ToolError("--guts", "give the Guts dice, or an --archetype to take them from")
    check_dice(guts, "--guts")
    arch = lookup(content.archetypes, archetype, "--archetype", "archetype") if archetype else None
    skill = content.skills[arch.skill] if arch else None
    skill_dice = int(skill.effects.get("guts_dice", 0)) if skill else 0
    base = guts if guts is not None else arch.guts
    if items is None:
        carried = list(arch.items) if arch else []
    else:
        carried = [i for i in id_list(items) if i != "none"]
        for i in carried:
            lookup(content.items, i, "--items", "item")
    guts_items = [i for i in carried if content.items[i].guts_dice]
    item_dice = best_guts_item(content.items[i].guts_dice for i in guts_items)
    item_used = next((i for i in guts_items if content.items[i].guts_dice == item_dice), "") if item_dice else ""
    dice = pool(guts_pool(base, skill_dice if guts is None else 0, item_dice))
    parts = [("Guts", base)]
    if skill_dice and guts is None:
        parts.append((skill.name, skill_dice))
    if item_used:
        parts.append((content.items[item_used].name, item_dice))
    ignored = int(skill.effects.get("ignore_complications", 0)) if skill else 0
    return GutsTest(dice, tuple(parts), item_used, ignored, arch)


def resolve(content: Content, *, guts: int | None = None, archetype: str | None = None,
            items: Sequence[str] | str | None = None, zombies: Sequence[str] | str = (), slots: int | None = None,
            disruption: int = 0, roll: bool = False, seed: int | None = None,
            faces: Sequence[int] | None = None) -> Frenzy:
    """The Feeding Frenzy on one Downed survivor. Give the Guts dice (`guts`) or an `archetype` (Guts + skill);
    `items` are the Guts items carried (default: the archetype's starting items; the best is used up on the test);
    the feeders as zombie ids (`zombies`) or their engagement `slots`; `disruption` hits by allies this round.
    With `roll` (or entered `faces`) the test is also rolled."""
    rules = content.rules
    need = rules.success
    if guts is None and archetype is None:
        raise ToolError("--guts", "give the Guts dice, or an --archetype to take them from")
    if disruption < 0:
        raise ToolError("--disruption", f"must be 0 or more, not {disruption}")
    zdefs, used = zombies_or_slots(content, zombies, slots, "feeding")

    g = guts_test(content, guts=guts, archetype=archetype, items=items)
    dice, parts, item_used, ignored, arch = g.dice, list(g.parts), g.item_used, g.ignore_ones, g.archetype

    lethality = frenzy_lethality(used, disruption)
    notes = []
    standing = sum(z.wounds - 1 for z in zdefs)     # the most wounds the named feeders can carry and still feed
    if zdefs and disruption > standing:
        notes.append(f"{disruption} disruption hit{'s are' if disruption != 1 else ' is'} more than the named feeders "
                     f"could take and still stand ({standing}): at least one feeder (a Shambler dies to one hit) "
                     f"was destroyed. Name only the feeders still there; the hits that destroyed the others still "
                     f"count")
    if lethality == 0:
        dist, p_survive, heat = None, Fraction(1), Dist.point(0)
        notes.append("lethality 0: the allies drove the feeders off, no roll is made")
    else:
        dist = success_dist(dice, need)
        p_survive = dist.at_least(lethality)
        heat = pool_dist(dice, need, lambda f: complications(ones(f), ignored))
        if item_used:
            notes.append(f"{content.items[item_used].name} is used up on this test")
    rolled = None
    if (roll or faces is not None) and lethality > 0:
        roller = Roller(seed=seed, faces=faces)
        got = roller.d6(dice, "the Guts test against the frenzy")
        hits = successes(got, need)
        rolled = FrenzyRoll(got, hits, hits >= lethality, complications(ones(got), ignored))
        if roller.entered and roller.left:
            notes.append(f"{len(roller.left)} entered face(s) not used: {' '.join(map(str, roller.left))}")
    name = arch.name if arch else "the survivor"
    return Frenzy(name, tuple(z.name for z in zdefs), used, disruption, lethality, dice, tuple(parts), item_used,
                  need, dist, p_survive, heat, rolled, tuple(notes))


def render(fz: Frenzy) -> str:
    feeders = ", ".join(fz.zombies) if fz.zombies else f"zombies filling {fz.slots} slot{'s' if fz.slots > 1 else ''}"
    lines = [f"Feeding Frenzy on {fz.survivor}: {feeders}"]
    lines.append(f"  Lethality: {fz.slots} slot{'s' if fz.slots != 1 else ''} - {fz.disruption} disruption "
                 f"hit{'s' if fz.disruption != 1 else ''} = {fz.lethality}")
    parts = " + ".join(f"{label} {n}" for label, n in fz.parts)
    if fz.lethality:
        lines.append(f"  Guts test: {fz.guts_dice} dice ({parts}), hits on {fz.need}+, needs {fz.lethality} "
                     f"success{'es' if fz.lethality != 1 else ''}")
    else:
        lines.append(f"  Guts test: none needed ({fz.guts_dice} dice: {parts})")
    lines.append(f"  Survives: {pct(fz.p_survive)}   devoured: {pct(1 - fz.p_survive)}   "
                 f"expected Heat from 1s: {float(fz.heat.mean()):.2f}")
    for note in fz.notes:
        lines.append(f"  Note: {note}")
    if fz.successes is not None:
        lines.append("")
        lines.append(f"  {'successes':<10}{'chance':>9}{'at least':>10}")
        for k, p in fz.successes.items():
            lines.append(f"  {k:<10}{pct(p):>9}{pct(fz.successes.at_least(k)):>10}")
    if fz.roll is not None:
        r = fz.roll
        lines.append("")
        hits = f"{r.successes} success{'es' if r.successes != 1 else ''}"
        lines.append(f"  Roll: {' '.join(map(str, r.faces))} - {hits}: "
                     + ("fights them off!" if r.survived else "devoured."))
        if r.heat:
            lines.append(f"  Heat: +{r.heat} from natural 1s")
    return "\n".join(lines)


def to_json(fz: Frenzy) -> dict:
    return {
        "survivor": fz.survivor, "zombies": list(fz.zombies), "slots": fz.slots, "disruption": fz.disruption,
        "lethality": fz.lethality, "guts_dice": fz.guts_dice, "parts": [[label, n] for label, n in fz.parts],
        "item_used": fz.item_used or None, "need": fz.need,
        "successes": as_json(fz.successes) if fz.successes is not None else None,
        "p_survive": float(fz.p_survive), "heat": as_json(fz.heat),
        "roll": None if fz.roll is None else {"faces": list(fz.roll.faces), "successes": fz.roll.successes,
                                              "survived": fz.roll.survived, "heat": fz.roll.heat},
        "notes": list(fz.notes),
    }
