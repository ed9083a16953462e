"""The Director's difficulty levels and scoring numbers, from game/data/director.yaml (checked once at load)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.content.defs import Content, kept_whole
from game.content.errors import ContentError, Problem
from game.content.validate import BAD, Ctx, body_of, choice, flag, keyed, list_of, number, text

DIRECTOR_LEVELS = ("gentle", "standard", "ruthless")
DEFAULT_DIRECTOR = "standard"
SITUATIONS = ("ambush_leap", "explosive_demise", "shriek", "horde")
ZOMBIE_CLASSES = ("shambler", "special", "major")


@kept_whole
@dataclass(frozen=True)
class Scores:
    toughness: float
    open_door: float
    blackout_gunner: float
    full_survivor: float
    situations: Mapping[str, float]
    lone_horde: float


@kept_whole
@dataclass(frozen=True)
class DirectorLevel:
    name: str
    text: str
    route_ahead: float
    decay: float
    lunge_attack: float
    lunge_pin: float           # a lunge that pins its survivor (it ends the phase engaging them): score per Fight die
    lunge_close: float         # a lunge that only closes in: its whole score
    focus: float
    events: bool
    doom_space: float
    buys: tuple[str, ...]      # the classes of zombie it spawns: shambler, special, major
    scores: Scores


def parse_tables(data: object, file: str, known, tables=None, maps=None) -> tuple[dict | None, list[Problem]]:
    """director.yaml -> {level name: DirectorLevel}, or None with the problems."""
    ctx = Ctx(file, known)
    body = body_of(ctx, data, "director")
    if body is BAD:
        return None, ctx.problems
    share, big = number(0, 1), number(0, 50)

    def situations(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, {k: number(0, 5) for k in SITUATIONS}, {})
        return BAD if vals is None else MappingProxyType(vals)

    def scores(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, {"toughness": share,
                                     "open_door": big, "blackout_gunner": big, "full_survivor": share,
                                     "situations": situations, "lone_horde": number(0, 5)}, {})
        return BAD if vals is None else Scores(**vals)

    def level(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, {"text": text, "route_ahead": number(0, 48), "decay": share,
                                     "lunge_attack": number(0, 10), "lunge_pin": number(0, 10),
                                     "lunge_close": number(0, 10),
                                     "focus": number(1, 5), "events": flag,
                                     "doom_space": number(0, 50),
                                     "buys": list_of(choice(ZOMBIE_CLASSES), min_len=1, unique=True)},
                     {"buys": list(ZOMBIE_CLASSES)})
        return BAD if vals is None else {**vals, "buys": tuple(vals["buys"])}

    def levels(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, {name: level for name in DIRECTOR_LEVELS}, {})
        return BAD if vals is None else vals

    found = keyed(ctx, body, "director", {"scores": scores, "levels": levels}, {})
    if found is None:
        return None, ctx.problems
    out = {name: DirectorLevel(name=name, scores=found["scores"], **fields)
           for name, fields in found["levels"].items()}
    return MappingProxyType(out), ctx.problems


def director_level(content: Content, name: str = DEFAULT_DIRECTOR) -> DirectorLevel:
    """The named level; a clear error if the data file is missing."""
    levels = content.extra.get("director")
    if levels is None:
        raise ContentError([Problem("game/data/director.yaml", "file", "missing: the Director AI needs its levels")])
    return levels[name]
