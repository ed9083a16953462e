"""Schema checks for the data files in game/data: raw YAML in, frozen defs out, every problem collected.

Each data file has one top-level key named like the file (`weapons:` in weapons.yaml) holding id -> record
(rules.yaml holds a single record). A check is a function (ctx, value, where) -> converted value or BAD; it
reports its own problem, so callers only need to know whether it failed. Required fields and defaults come
from the dataclasses in defs.py, so the contract stays the single source of truth.
"""
from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from game.content.defs import (
    EVENT_EFFECTS,
    HAZARD_EFFECTS,
    ITEM_KINDS,
    SKILL_EFFECTS,
    WEAPON_KINDS,
    WEAPON_TRAITS,
    ZOMBIE_CLASSES,
    ZOMBIE_SPECIALS,
    ArchetypeDef,
    DeckDef,
    EscalationBand,
    EventDef,
    EventEffect,
    HazardDef,
    ItemDef,
    RulesDef,
    SkillDef,
    WeaponDef,
    ZombieDef,
)
from game.content.errors import Problem

BAD = object()  # a check failed (and has already said why)
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
CORE_DECK_SIZE = 36   # the rulebook's Core Scavenge Deck
COST_KEYS = ("lunge", "shambler", "reanimate", "special", "major")
SPAWN_WHERE = ("minor", "major", "all", "nearest")
# numbers each zombie special reads from `params`
SPECIAL_PARAMS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "shriek": ("shriek_heat", "shriek_radius"),
    "ambush_leap": ("leap",),
    "explosive_demise": ("blast", "blast_wounds", "blast_heat"),
    "bulk": (),
    "horde": (),
})
# the one number field each item kind uses (None: objective items carry no numbers)
ITEM_FIELD: Mapping[str, str | None] = MappingProxyType({
    "medical": "revive_wounds", "ammo": "reloads", "backpack": "capacity",
    "tool": "interact_dice", "consumable": "guts_dice", "objective": None,
})
ITEM_NUMBERS = ("revive_wounds", "reloads", "capacity", "interact_dice", "guts_dice")
# (low, high) amount per effect; spawn also needs a zombie
EVENT_AMOUNTS: Mapping[str, tuple[int, int]] = MappingProxyType({
    "spawn": (1, 5), "heat_next_round": (1, 6), "ambient_heat": (1, 5),
    "close_doors": (0, 0), "blackout": (1, 3), "doom": (1, 3),
})
HAZARD_AMOUNTS: Mapping[str, tuple[int, int]] = MappingProxyType({
    "heat": (1, 5), "wound_test": (1, 3), "spawn_adjacent": (1, 3), "nothing": (0, 0),
})

Check = Callable[["Ctx", object, str], object]


class Ctx:
    """Where problems go while one file is checked, and which ids other files declare."""

    def __init__(self, file: str, known: Mapping[str, set[str] | None]):
        self.file = file
        self.known = known          # table -> declared ids; None = that file is unreadable, skip the check
        self.problems: list[Problem] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(Problem(self.file, where, message))


def describe(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"
    return {list: "a list", dict: "a mapping"}.get(type(value), type(value).__name__)


def hint(word: object, options: Iterable[str]) -> str:
    close = difflib.get_close_matches(str(word), sorted(options), n=1)  # sorted: same hint every run
    return f" (did you mean {close[0]!r}?)" if close else ""


# --- value checks ------------------------------------------------------------------------------------------

def integer(low: int, high: int) -> Check:
    def check(ctx: Ctx, v: object, where: str) -> object:
        if isinstance(v, bool) or not isinstance(v, int):
            ctx.add(where, f"must be a whole number, got {describe(v)}")
            return BAD
        if not low <= v <= high:
            ctx.add(where, f"must be between {low} and {high}, got {v}")
            return BAD
        return v
    return check


def number(low: float, high: float) -> Check:
    def check(ctx: Ctx, v: object, where: str) -> object:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            ctx.add(where, f"must be a number, got {describe(v)}")
            return BAD
        if not low <= v <= high:
            ctx.add(where, f"must be between {low} and {high}, got {v}")
            return BAD
        return float(v)
    return check


def text(ctx: Ctx, v: object, where: str) -> object:
    if not isinstance(v, str) or not v.strip():
        ctx.add(where, f"must be some text, got {describe(v)}")
        return BAD
    return " ".join(v.split())


def flag(ctx: Ctx, v: object, where: str) -> object:
    if not isinstance(v, bool):
        ctx.add(where, f"must be true or false, got {describe(v)}")
        return BAD
    return v


def choice(options: Iterable[str]) -> Check:
    options = tuple(options)

    def check(ctx: Ctx, v: object, where: str) -> object:
        if v not in options:
            ctx.add(where, f"{describe(v)} is not one of: {', '.join(options)}{hint(v, options)}")
            return BAD
        return v
    return check


def ident(ctx: Ctx, v: object, where: str) -> object:
    if not isinstance(v, str) or not ID_RE.match(v):
        ctx.add(where, f"an id must be lowercase letters, digits and _, got {describe(v)}")
        return BAD
    return v


def ref(table: str, noun: str) -> Check:
    """An id that must be declared in another table (skipped when that table could not be read)."""
    def check(ctx: Ctx, v: object, where: str) -> object:
        if ident(ctx, v, where) is BAD:
            return BAD
        ids = ctx.known.get(table)
        if ids is not None and v not in ids:
            ctx.add(where, f"unknown {noun} {v!r}{hint(v, ids)}")
            return BAD
        return v
    return check


def list_of(item: Check, min_len: int = 0, unique: bool = False) -> Check:
    def check(ctx: Ctx, v: object, where: str) -> object:
        if not isinstance(v, list):
            ctx.add(where, f"must be a list, got {describe(v)}")
            return BAD
        if len(v) < min_len:
            ctx.add(where, f"needs at least {min_len} entr{'y' if min_len == 1 else 'ies'}")
            return BAD
        out = [item(ctx, x, f"{where}[{i}]") for i, x in enumerate(v)]
        if BAD in out:
            return BAD
        if unique:
            for dup in sorted({str(x) for x in out if out.count(x) > 1}):
                ctx.add(where, f"{dup!r} is listed twice")
                return BAD
        return tuple(out)
    return check


def keyed(ctx: Ctx, data: object, where: str, checks: Mapping[str, Check],
          defaults: Mapping[str, object]) -> dict | None:
    """Check a mapping's keys against `checks`; keys not in `defaults` are required. None on any failure."""
    if not isinstance(data, dict):
        ctx.add(where, f"must be a mapping of keys to values, got {describe(data)}")
        return None
    unknown = [key for key in data if key not in checks]
    for key in unknown:
        ctx.add(f"{where}.{key}", f"unknown key {key!r}{hint(key, checks)}")
    # a typo is one mistake: "did you mean 'move'?" already covers the missing `move`
    guessed = {m for key in unknown for m in difflib.get_close_matches(str(key), sorted(checks), n=1)}
    ok = not unknown
    values: dict = {}
    for key, check in checks.items():
        if key not in data:
            if key in defaults:
                values[key] = defaults[key]
            else:
                if key not in guessed:
                    ctx.add(f"{where}.{key}", "missing (required)")
                ok = False
            continue
        value = check(ctx, data[key], f"{where}.{key}")
        if value is BAD:
            ok = False
        values[key] = value
    return values if ok else None


def record(ctx: Ctx, data: object, where: str, cls: type, checks: Mapping[str, Check]) -> dict | None:
    """`keyed` with required fields and defaults taken from a defs dataclass."""
    defaults = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            defaults[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            defaults[f.name] = f.default_factory()
    return keyed(ctx, data, where, checks, defaults)


def number_map(low: int, high: int) -> Check:
    """A mapping of name -> whole number (zombie params, heat weights)."""
    def check(ctx: Ctx, v: object, where: str) -> object:
        if not isinstance(v, dict):
            ctx.add(where, f"must be a mapping of name: number, got {describe(v)}")
            return BAD
        out = {k: integer(low, high)(ctx, n, f"{where}.{k}") for k, n in v.items()}
        bad_keys = [k for k in out if ident(ctx, k, f"{where}.{k}") is BAD]
        return BAD if bad_keys or BAD in out.values() else MappingProxyType(out)
    return check


def require(ctx: Ctx, ok: bool, where: str, message: str) -> bool:
    """Report `message` unless ok; returns ok so callers can chain `fine &= require(...)`."""
    if not ok:
        ctx.add(where, message)
    return ok


# --- file structure ----------------------------------------------------------------------------------------

def body_of(ctx: Ctx, data: object, name: str) -> object:
    """The value under the file's single top-level key, or BAD."""
    if data is None:
        ctx.add("file", f"the file is empty; it must hold a top-level `{name}:` mapping")
        return BAD
    if not isinstance(data, dict):
        ctx.add("top level", f"must be a mapping with the key `{name}:`, got {describe(data)}")
        return BAD
    for key in data:
        if key != name:
            ctx.add(str(key), f"unknown top-level key {key!r} (the only one allowed is {name!r})")
    if name not in data:
        ctx.add(name, f"missing: the file must start with `{name}:`")
        return BAD
    return data[name]


def declared_ids(data: object, name: str) -> set[str] | None:
    """Ids a table declares, read before anything is checked so cross references can be tested in one pass."""
    if isinstance(data, dict) and isinstance(data.get(name), dict):
        return {k for k in data[name] if isinstance(k, str)}
    return None


def table(ctx: Ctx, data: object, name: str, one: Callable[[Ctx, str, object, str], object]) -> dict:
    body = body_of(ctx, data, name)
    if body is BAD:
        return {}
    if not isinstance(body, dict) or not body:
        ctx.add(name, f"must be a non-empty mapping of id -> definition, got {describe(body)}")
        return {}
    out = {}
    for key, entry in body.items():
        where = f"{name}.{key}"
        if ident(ctx, key, where) is BAD:
            continue
        made = one(ctx, key, entry, where)
        if made is not None:
            out[key] = made
    return out


# --- rules.yaml --------------------------------------------------------------------------------------------

def _band(ctx: Ctx, v: object, where: str) -> object:
    checks = {"low": integer(0, 99), "high": integer(0, 99), "need": integer(0, 6)}
    vals = record(ctx, v, where, EscalationBand, checks)
    if vals is None or not require(ctx, vals["low"] <= vals["high"], where, "low must not be above high"):
        return BAD
    return EscalationBand(**vals)


def _costs(ctx: Ctx, v: object, where: str) -> object:
    vals = keyed(ctx, v, where, {k: integer(1, 30) for k in COST_KEYS}, {})
    return BAD if vals is None else MappingProxyType(vals)


RULE_CHECKS: Mapping[str, Check] = {
    "ap": integer(1, 6), "success": integer(2, 6), "heat_max": integer(1, 30), "inventory": integer(1, 10),
    "engagement_slots": integer(1, 6), "swarm_caps": list_of(integer(0, 10), min_len=2),
    "elite_cap": integer(1, 10), "parting_swipe": integer(2, 6), "light_cover": integer(0, 3),
    "heavy_cover": integer(0, 4), "hunker": integer(0, 3), "aim_dice": integer(0, 3),
    "triage_need": integer(1, 3),
    "skill_revive": integer(1, 3),
    "escalation": list_of(_band, min_len=1), "costs": _costs, "lunge_distance": integer(1, 12),
    "spawn_radius": integer(0, 6), "burning_out": integer(2, 6), "blackout_sight": integer(1, 48),
    "panic_heat": integer(1, 15),
    "min_move": integer(1, 4),
}


def parse_rules(data: object, file: str,
                known: Mapping[str, set[str] | None]) -> tuple[RulesDef | None, list[Problem]]:
    ctx = Ctx(file, known)
    body = body_of(ctx, data, "rules")
    vals = None if body is BAD else record(ctx, body, "rules", RulesDef, RULE_CHECKS)
    if vals is None:
        return None, ctx.problems
    fine = require(ctx, len(vals["swarm_caps"]) == vals["engagement_slots"] + 1, "rules.swarm_caps",
                   "needs one cap per number of filled slots, from 0 to engagement_slots")
    caps = list(vals["swarm_caps"])
    fine &= require(ctx, caps[0] == 0 and caps == sorted(caps), "rules.swarm_caps",
                    "must start at 0, never go down")
    bands = vals["escalation"]
    for i, band in enumerate(bands):
        fine &= require(ctx, band.high <= vals["heat_max"], f"rules.escalation[{i}].high",
                        f"is above heat_max ({vals['heat_max']})")
        if i:
            fine &= require(ctx, band.low > bands[i - 1].high, f"rules.escalation[{i}].low",
                            "bands must go up in order without overlapping")
    for key, cost in vals["costs"].items():
        fine &= require(ctx, cost <= vals["heat_max"], f"rules.costs.{key}",
                        "is more than the Heat track holds")
    return (RulesDef(**vals) if fine else None), ctx.problems


# --- skills.yaml -------------------------------------------------------------------------------------------

def _effects(ctx: Ctx, v: object, where: str) -> object:
    if not isinstance(v, dict) or not v:
        ctx.add(where, f"must be a non-empty mapping of effect: value, got {describe(v)}")
        return BAD
    ok = True
    for key, value in v.items():
        at = f"{where}.{key}"
        kind = SKILL_EFFECTS.get(key)
        if kind is None:
            ctx.add(at, f"unknown skill effect {key!r}{hint(key, SKILL_EFFECTS)}")
            ok = False
        elif kind is bool:
            ok &= require(ctx, value is True, at,
                          f"is a switch: write true or leave it out, got {describe(value)}")
        else:
            ok &= integer(1, 3)(ctx, value, at) is not BAD
    return MappingProxyType(dict(v)) if ok else BAD


def _skill(ctx: Ctx, sid: str, data: object, where: str) -> SkillDef | None:
    vals = record(ctx, data, where, SkillDef, {"name": text, "text": text, "effects": _effects})
    return None if vals is None else SkillDef(id=sid, **vals)


# --- archetypes.yaml ---------------------------------------------------------------------------------------

ARCHETYPE_CHECKS: Mapping[str, Check] = {
    "name": text, "blurb": text,
    "move": integer(4, 6), "fight": integer(0, 4), "shoot": integer(0, 3),
    "wits": integer(1, 4), "guts": integer(1, 4), "wounds": integer(2, 4),
    "weapons": list_of(ref("weapons", "weapon"), unique=True),
    "items": list_of(ref("items", "item")),
    "reloads": integer(0, 3),
    "skill": ref("skills", "skill"),
    "npc": flag,
}


def _archetype(ctx: Ctx, aid: str, data: object, where: str) -> ArchetypeDef | None:
    vals = record(ctx, data, where, ArchetypeDef, ARCHETYPE_CHECKS)
    if vals is None:
        return None
    # a playable survivor fights and carries a weapon; only a scenario's npc (a civilian) may have neither
    if not vals["npc"]:
        if not require(ctx, vals["fight"] >= 1, f"{where}.fight", "a playable survivor has Fight 1 or more") or \
                not require(ctx, bool(vals["weapons"]), f"{where}.weapons", "a playable survivor starts with a weapon"):
            return None
    return ArchetypeDef(id=aid, **vals)


# --- weapons.yaml ------------------------------------------------------------------------------------------

WEAPON_CHECKS: Mapping[str, Check] = {
    "name": text, "kind": choice(WEAPON_KINDS), "text": text,
    "dice": integer(0, 6), "range": integer(0, 48), "ammo": integer(0, 30), "heat": integer(0, 15),
    "melee_bonus": integer(0, 3), "blast": integer(0, 6),
    "traits": list_of(choice(WEAPON_TRAITS), unique=True),
}
# per kind: fields that must be at least 1, and fields that must stay 0
WEAPON_SHAPE = {
    "firearm": (("dice", "range", "ammo"), ("melee_bonus", "blast")),
    "melee": (("melee_bonus",), ("dice", "range", "ammo", "blast")),
    "thrown": (("dice", "range", "blast"), ("ammo", "melee_bonus")),
}


def _weapon(ctx: Ctx, wid: str, data: object, where: str) -> WeaponDef | None:
    vals = record(ctx, data, where, WeaponDef, WEAPON_CHECKS)
    if vals is None:
        return None
    kind, traits = vals["kind"], vals["traits"]
    needed, unused = WEAPON_SHAPE[kind]
    fine = True
    for key in needed:
        fine &= require(ctx, vals[key] >= 1, f"{where}.{key}", f"a {kind} weapon needs {key} of at least 1")
    for key in unused:
        fine &= require(ctx, vals[key] == 0, f"{where}.{key}",
                        f"means nothing for a {kind} weapon, leave it out")
    # Heat is what makes a weapon loud; the quiet trait only labels it, so they must agree
    fine &= require(ctx, ("quiet" in traits) == (vals["heat"] == 0), f"{where}.traits",
                    "a weapon has the quiet trait exactly when its heat is 0")
    fine &= require(ctx, ("single_use" in traits) == (kind == "thrown"), f"{where}.traits",
                    "thrown weapons, and only they, are single_use")
    fine &= require(ctx, "scoped" not in traits or kind == "firearm", f"{where}.traits",
                    "only firearms can be scoped")
    return WeaponDef(id=wid, **vals) if fine else None


# --- items.yaml --------------------------------------------------------------------------------------------

ITEM_CHECKS: Mapping[str, Check] = {
    "name": text, "kind": choice(ITEM_KINDS), "text": text,
    **{key: integer(0, 5) for key in ITEM_NUMBERS},
    "slows": integer(0, 3),
}


def _item(ctx: Ctx, iid: str, data: object, where: str) -> ItemDef | None:
    vals = record(ctx, data, where, ItemDef, ITEM_CHECKS)
    if vals is None:
        return None
    kind = vals["kind"]
    own = ITEM_FIELD[kind]
    fine = True
    for key in ITEM_NUMBERS:
        if key != own:
            fine &= require(ctx, vals[key] == 0, f"{where}.{key}", f"means nothing for a {kind} item")
        elif kind != "tool":   # a tool may be needed by a task and give no dice
            fine &= require(ctx, vals[key] >= 1, f"{where}.{key}", f"a {kind} item needs {key} of at least 1")
    return ItemDef(id=iid, **vals) if fine else None


# --- hazards.yaml ------------------------------------------------------------------------------------------

def _hazard(ctx: Ctx, hid: str, data: object, where: str) -> HazardDef | None:
    checks = {"name": text, "text": text, "effect": choice(HAZARD_EFFECTS), "amount": integer(0, 5),
              "zombie": ref("zombies", "zombie")}
    vals = record(ctx, data, where, HazardDef, checks)
    if vals is None:
        return None
    effect = vals["effect"]
    low, high = HAZARD_AMOUNTS[effect]
    fine = require(ctx, low <= vals["amount"] <= high, f"{where}.amount",
                   f"a {effect} hazard needs an amount from {low} to {high}")
    fine &= require(ctx, bool(vals["zombie"]) == (effect == "spawn_adjacent"), f"{where}.zombie",
                    "spawn_adjacent hazards, and only they, name a zombie")
    return HazardDef(id=hid, **vals) if fine else None


# --- decks.yaml --------------------------------------------------------------------------------------------

def _cards(ctx: Ctx, v: object, where: str) -> object:
    """{card id: copies} -> one entry per physical card, in file order."""
    if not isinstance(v, dict) or not v:
        ctx.add(where, f"must be a non-empty mapping of card id: copies, got {describe(v)}")
        return BAD
    card = ref("gear", "card (not a weapon, item or hazard id)")
    out: list[str] = []
    ok = True
    for cid, count in v.items():
        at = f"{where}.{cid}"
        good = card(ctx, cid, at) is not BAD
        good &= integer(1, 12)(ctx, count, at) is not BAD
        if good:
            out += [cid] * count
        ok &= good
    return tuple(out) if ok else BAD


def _deck(ctx: Ctx, did: str, data: object, where: str) -> DeckDef | None:
    vals = record(ctx, data, where, DeckDef, {"name": text, "cards": _cards})
    if vals is None:
        return None
    if did == "core" and not require(ctx, len(vals["cards"]) == CORE_DECK_SIZE, f"{where}.cards",
                                     f"the core deck must hold exactly {CORE_DECK_SIZE} cards, "
                                     f"it holds {len(vals['cards'])}"):
        return None
    return DeckDef(id=did, **vals)


# --- zombies.yaml ------------------------------------------------------------------------------------------

ZOMBIE_CHECKS: Mapping[str, Check] = {
    "name": text, "text": text, "zclass": choice(ZOMBIE_CLASSES),
    "move": integer(1, 12), "fight": integer(0, 12), "wounds": integer(1, 10), "guts": integer(0, 6),
    "slots": integer(1, 3), "elite": flag, "fight_per_wound": integer(0, 6), "ignores_difficult": flag,
    "specials": list_of(choice(ZOMBIE_SPECIALS), unique=True), "params": number_map(0, 48),
}


def _zombie(ctx: Ctx, zid: str, data: object, where: str) -> ZombieDef | None:
    vals = record(ctx, data, where, ZombieDef, ZOMBIE_CHECKS)
    if vals is None:
        return None
    wanted = {p for s in vals["specials"] for p in SPECIAL_PARAMS[s]}
    fine = True
    for name in sorted(wanted - set(vals["params"])):
        fine &= require(ctx, False, f"{where}.params.{name}", "missing: one of its specials needs it")
    for name in sorted(set(vals["params"]) - wanted):
        fine &= require(ctx, False, f"{where}.params.{name}", "no special of this zombie uses it")
    if vals["fight_per_wound"]:
        fine &= require(ctx, vals["fight"] == vals["fight_per_wound"] * vals["wounds"], f"{where}.fight",
                        "must equal fight_per_wound x wounds (its Fight when unhurt)")
    return ZombieDef(id=zid, **vals) if fine else None


# --- events.yaml -------------------------------------------------------------------------------------------

def _effect(ctx: Ctx, v: object, where: str) -> object:
    checks = {"kind": choice(EVENT_EFFECTS), "amount": integer(0, 10), "zombie": ref("zombies", "zombie"),
              "where": choice(SPAWN_WHERE)}
    vals = record(ctx, v, where, EventEffect, checks)
    if vals is None:
        return BAD
    kind = vals["kind"]
    low, high = EVENT_AMOUNTS[kind]
    spawn = kind == "spawn"
    fine = require(ctx, low <= vals["amount"] <= high, f"{where}.amount",
                   f"a {kind} effect needs an amount from {low} to {high}")
    fine &= require(ctx, bool(vals["zombie"]) == spawn, f"{where}.zombie",
                    "spawn effects, and only they, name a zombie")
    fine &= require(ctx, spawn or "where" not in v, f"{where}.where", "only spawn effects have a `where`")
    return EventEffect(**vals) if fine else BAD


def _event(ctx: Ctx, eid: str, data: object, where: str) -> EventDef | None:
    checks = {"name": text, "text": text, "cost": integer(0, 15), "effects": list_of(_effect, min_len=1)}
    vals = record(ctx, data, where, EventDef, checks)
    if vals is None:
        return None
    # Heat cannot be hoarded (rulebook 6.0 step 5): Heat the Director pays must not come back on next round's track.
    bought_carry = vals["cost"] and any(e.kind == "heat_next_round" for e in vals["effects"])
    if not require(ctx, not bought_carry, f"{where}.effects",
                   "an event the Director buys (cost above 0) cannot put Heat on next round's track"):
        return None
    return EventDef(id=eid, **vals)


# --- entry points ------------------------------------------------------------------------------------------

ONE = {"skills": _skill, "archetypes": _archetype, "weapons": _weapon, "items": _item, "hazards": _hazard,
       "decks": _deck, "zombies": _zombie, "events": _event}
TABLES = ("rules", *ONE)
REQUIRED_IDS = {"decks": ("core",), "zombies": ("shambler",)}   # ids the engine asks for by name


def parse_table(name: str, data: object, file: str,
                known: Mapping[str, set[str] | None]) -> tuple[object, list[Problem]]:
    """Check one data file's parsed YAML. Returns (RulesDef or {id: def}, problems)."""
    if name == "rules":
        return parse_rules(data, file, known)
    ctx = Ctx(file, known)
    out = table(ctx, data, name, ONE[name])
    ids = declared_ids(data, name)
    for needed in REQUIRED_IDS.get(name, ()) if ids is not None else ():
        if needed not in ids:
            ctx.add(f"{name}.{needed}", "missing: the rules engine needs this entry")
    return out, ctx.problems
