"""The campaign's tables, from game/data/campaign.yaml, checked once at load with the rest of the content (the loader
calls parse_tables; errors name the file and the field)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.content.defs import Content
from game.content.errors import ContentError, Problem
from game.content.validate import BAD, Ctx, body_of, choice, flag, integer, keyed, list_of, ref, text

STATS = ("move", "fight", "shoot", "wits", "guts", "wounds")
HORROR = ("ally_devoured", "witnessed_death", "feeding_frenzy", "first_sight", "phobia")
EVENT_EFFECTS = ("stats", "panic", "frozen", "phobia", "lash_out")
HEALS = ("never", "treat", "long_rest", "full_rest")
CONDITIONS = ("deprived", "exhausted", "infected", "injured", "blind", "deaf")
CLEARS = ("eat", "treat", "long_rest", "full_rest")
RESTS = ("short", "long", "full")
FILE = "game/data/campaign.yaml"


@dataclass(frozen=True)
class StressEvent:
    roll: int
    id: str
    name: str
    effect: str                         # one of EVENT_EFFECTS
    text: str
    stats: Mapping[str, int] = field(default_factory=dict)
    kinds: tuple[str, ...] = ()         # a phobia's zombie kinds, picked by a d6 read round the list


@dataclass(frozen=True)
class ScarDef:
    roll: int
    id: str
    name: str
    text: str
    heals: str                          # one of HEALS
    stats: Mapping[str, int] = field(default_factory=dict)    # while the scar is open
    improve: int = 0                    # stats tested for a lasting +1 when the scar is taken
    condition: str = ""                 # a condition the blow gives
    reroll: str = ""                    # a stat rolled again for good


@dataclass(frozen=True)
class ConditionDef:
    id: str
    name: str
    text: str
    cleared_by: tuple[str, ...]
    stats: Mapping[str, int] = field(default_factory=dict)
    no_rest: bool = False               # rests do nothing for them
    benched: bool = False               # cannot go on a mission


@dataclass(frozen=True)
class Rest:
    watches: int
    heal: int                           # wounds back
    stress: int                         # stress off, with the Personal item


@dataclass(frozen=True)
class Horror:
    need: int                           # successes the Guts test needs
    stress: int                         # stress taken when it fails


@dataclass(frozen=True)
class CampaignRules:
    time: Mapping[str, int]
    band: Mapping[str, object]
    supplies: Mapping[str, int]
    goal: Mapping[str, int]
    city: Mapping[str, int]
    horror: Mapping[str, Horror]
    first_sight_kinds: tuple[str, ...]
    breaking_point: int
    after_break: int
    events: tuple[StressEvent, ...]
    scars: tuple[ScarDef, ...]
    conditions: Mapping[str, ConditionDef]
    infection: Mapping[str, object]
    rests: Mapping[str, Rest]

    def event(self, event_id: str) -> StressEvent:
        return next(e for e in self.events if e.id == event_id)

    def scar(self, scar_id: str) -> ScarDef:
        return next(s for s in self.scars if s.id == scar_id)


def _stat_map(ctx: Ctx, v: object, where: str) -> object:
    found = keyed(ctx, v, where, {s: integer(-3, 3) for s in STATS}, {s: 0 for s in STATS})
    return BAD if found is None else MappingProxyType({k: n for k, n in found.items() if n})


def _numbers(spec: Mapping[str, tuple[int, int]]):
    def check(ctx: Ctx, v: object, where: str) -> object:
        found = keyed(ctx, v, where, {k: integer(lo, hi) for k, (lo, hi) in spec.items()}, {})
        return BAD if found is None else MappingProxyType(found)
    return check


def _rolled(cls, checks: dict, defaults: dict):
    """A table of rows numbered 1, 2, 3... in order (the die reads the row by its number)."""
    def row(ctx: Ctx, v: object, where: str) -> object:
        found = keyed(ctx, v, where, checks, defaults)
        return BAD if found is None else cls(**found)

    def check(ctx: Ctx, v: object, where: str) -> object:
        rows = list_of(row, min_len=1)(ctx, v, where)
        if rows is BAD:
            return BAD
        for i, r in enumerate(rows):
            if r.roll != i + 1:
                ctx.add(f"{where}[{i}].roll", f"rows are numbered 1, 2, 3... in order: expected {i + 1}, got {r.roll}")
                return BAD
        return rows
    return check


def _band(ctx: Ctx, v: object, where: str) -> object:
    words = list_of(text, min_len=1, unique=True)
    found = keyed(ctx, v, where, {"start": list_of(ref("archetypes", "archetype"), min_len=1),
                                  "size_max": integer(1, 8), "names": words, "personal_items": words,
                                  "new_personal_days": integer(1, 30), "recruit_offers": integer(1, 6)}, {})
    if found is None:
        return BAD
    if len(found["start"]) > found["size_max"]:
        ctx.add(f"{where}.start", f"{len(found['start'])} survivors, more than size_max ({found['size_max']})")
        return BAD
    if len(found["names"]) < 2 * found["size_max"]:
        ctx.add(f"{where}.names", f"needs at least {2 * found['size_max']} names (twice size_max)")
        return BAD
    return MappingProxyType(found)


def _horror(ctx: Ctx, v: object, where: str) -> object:
    one = _numbers({"need": (1, 6), "stress": (0, 10)})
    checks = {k: one for k in HORROR}
    checks["first_sight_kinds"] = list_of(ref("zombies", "zombie"), unique=True)
    return keyed(ctx, v, where, checks, {}) or BAD


def _stress(ctx: Ctx, v: object, where: str) -> object:
    event = _rolled(StressEvent, {"roll": integer(1, 20), "id": text, "name": text, "effect": choice(EVENT_EFFECTS),
                                  "text": text, "stats": _stat_map,
                                  "kinds": list_of(ref("zombies", "zombie"), unique=True)},
                    {"stats": MappingProxyType({}), "kinds": ()})
    found = keyed(ctx, v, where, {"breaking_point": integer(1, 30), "after_break": integer(0, 29), "events": event}, {})
    if found is None:
        return BAD
    for i, e in enumerate(found["events"]):
        if e.effect == "phobia" and not e.kinds:
            ctx.add(f"{where}.events[{i}].kinds", "a phobia needs the zombie kinds it can be of")
            return BAD
    if found["after_break"] >= found["breaking_point"]:
        ctx.add(f"{where}.after_break", "must be below breaking_point")
        return BAD
    return found


def _conditions(ctx: Ctx, v: object, where: str) -> object:
    def one(ctx: Ctx, c: object, at: str) -> object:
        return keyed(ctx, c, at, {"name": text, "text": text, "stats": _stat_map, "no_rest": flag, "benched": flag,
                                  "cleared_by": list_of(choice(CLEARS), unique=True)},
                     {"stats": MappingProxyType({}), "no_rest": False, "benched": False}) or BAD
    found = keyed(ctx, v, where, {c: one for c in CONDITIONS}, {})
    return BAD if found is None else MappingProxyType({k: ConditionDef(id=k, **c) for k, c in found.items()})


def _rests(ctx: Ctx, v: object, where: str) -> object:
    one = _numbers({"watches": (1, 40), "heal": (0, 99), "stress": (0, 99)})
    found = keyed(ctx, v, where, {r: one for r in RESTS}, {})
    return BAD if found is None else MappingProxyType({k: Rest(**r) for k, r in found.items()})


def parse_tables(data: object, file: str, known, tables=None, maps=None) -> tuple[CampaignRules | None, list[Problem]]:
    """campaign.yaml -> CampaignRules, or None with the problems."""
    ctx = Ctx(file, known)
    body = body_of(ctx, data, "campaign")
    if body is BAD:
        return None, ctx.problems
    scars = _rolled(ScarDef, {"roll": integer(1, 20), "id": text, "name": text, "text": text, "heals": choice(HEALS),
                              "stats": _stat_map, "improve": integer(0, 6), "condition": choice(("", *CONDITIONS)),
                              "reroll": choice(("", *STATS))},
                    {"stats": MappingProxyType({}), "improve": 0, "condition": "", "reroll": ""})
    found = keyed(ctx, body, "campaign", {
        "time": _numbers({"watches_per_day": (1, 12), "travel_watches": (0, 12), "mission_watches": (1, 12),
                          "recruit_watches": (0, 12), "treat_watches": (0, 12), "trade_watches": (0, 12)}),
        "band": _band,
        "supplies": _numbers({"start": (0, 999), "eaten_per_survivor": (0, 10), "mission_won": (0, 99),
                              "mission_lost": (0, 99), "trade": (0, 99), "recruit": (0, 99)}),
        "goal": _numbers({"missions": (1, 20), "quickplay_offers": (0, 6)}),
        "city": _numbers({"doom_per_day": (0, 5), "heat_every": (1, 20), "doom_every": (1, 20), "max": (0, 99)}),
        "horror": _horror, "stress": _stress, "scars": scars, "conditions": _conditions,
        "infection": _infection,
        "rests": _rests,
    }, {})
    if found is None:
        return None, ctx.problems
    horror, stress = dict(found.pop("horror")), found.pop("stress")
    kinds = horror.pop("first_sight_kinds")
    rules = CampaignRules(**found, horror=MappingProxyType({k: Horror(**h) for k, h in horror.items()}),
                          first_sight_kinds=kinds, breaking_point=stress["breaking_point"],
                          after_break=stress["after_break"], events=stress["events"])
    return rules, ctx.problems


def _infection(ctx: Ctx, v: object, where: str) -> object:
    limits = {"on_downed": (0, 6), "save_need": (2, 6), "turn_after": (1, 10), "clear_after": (1, 10),
              "injured_days": (1, 10), "exhausted_after": (1, 99)}
    checks = {"save_stat": choice(STATS), "turns_into": ref("zombies", "zombie"),
              **{k: integer(lo, hi) for k, (lo, hi) in limits.items()}}
    found = keyed(ctx, v, where, checks, {})
    return BAD if found is None else MappingProxyType(found)


def campaign_rules(content: Content) -> CampaignRules:
    """The campaign's tables; a clear error if the data file is missing."""
    rules = content.extra.get("campaign")
    if rules is None:
        raise ContentError([Problem(FILE, "file", "missing: the campaign needs its tables")])
    return rules
