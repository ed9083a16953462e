"""The survivor AI's levels, from game/data/survivor_ai.yaml (checked once at load with the rest of the content)."""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from game.content.defs import Content
from game.content.errors import ContentError, Problem
from game.content.validate import BAD, Ctx, body_of, flag, integer, keyed, number

SURVIVOR_LEVELS = ("novice", "veteran", "expert")


@dataclass(frozen=True)
class Prices:
    """What foresight (game.ai.lookahead) counts, in AP: each AP the team still has to act with this phase, each
    wound left, each survivor Downed and lost, each step of the scenario's progress, each space of Doom."""
    ap: float
    wound: float
    downed: float
    lost: float
    progress: float
    doom: float


@dataclass(frozen=True)
class Level:
    name: str
    fear: float             # weight of the horde's reach on a cell (half inches of detour per threatening die)
    cover: float            # half inches a cell in cover is worth when zombies are in sight
    heat_cost: float        # what one Heat of noise costs a shot's worth (the Director buys with it)
    doom_cost: float        # what one more Doom space costs, at full risk (0: never thinks of the clock)
    loud_slack: float       # fires loud guns at zombies still coming only with this many rounds to spare (99: never)
    escort: int             # stay within this many inches of the objective carrier (0 = does not escort)
    medic_moves: int        # goes to treat a Downed ally it can reach within this many Move actions
    search_slack: float     # searches only with this many rounds to spare on the Doom clock (0: whenever safe)
    weighs_melee: bool      # judges a fight by its odds both ways (else by dice counts)
    rescues: bool           # strikes, shoots and drags to save a Downed ally, not only treats
    aims: bool              # takes aim when it makes a shot much likelier to drop its target
    throws: bool            # throws grenades and bombs into groups
    shuts_doors: int        # shuts (and barricades) a door behind it on zombies following within this many inches
                            # of the door (0: never)
    hurries: bool           # reads the Doom clock: with little time to spare it fears less and shoots only to save
    agenda_slack: float     # plays for its Secret Agenda only with this many rounds to spare (-99: always)
    fortifies: int = 0      # holding out: barricades the stronghold's doors once zombies are this many inches away
    foresight: int = 0      # forks it plays an action on before doing it (game.ai.lookahead; 0: never looks ahead)
    foresight_veto: float = 99.0   # AP an action must cost the team, foreseen, before it looks for another
    prices: Prices | None = None   # what foresight counts, in AP


PRICE_CHECKS = {name: number(0, 200) for name in ("ap", "wound", "downed", "lost", "progress", "doom")}


def _prices(ctx: Ctx, v: object, where: str) -> object:
    vals = keyed(ctx, v, where, PRICE_CHECKS, {})
    return BAD if vals is None else Prices(**vals)


CHECKS = {"fear": number(0, 10), "cover": number(0, 10), "heat_cost": number(0, 10),
          "doom_cost": number(0, 50), "loud_slack": number(-99, 99), "escort": integer(0, 24),
          "medic_moves": integer(0, 6), "search_slack": number(0, 99), "weighs_melee": flag, "rescues": flag,
          "aims": flag, "throws": flag, "shuts_doors": integer(0, 48), "hurries": flag,
          "agenda_slack": number(-99, 99), "fortifies": integer(0, 48), "foresight": integer(0, 8),
          "foresight_veto": number(0, 99), "prices": _prices}
OPTIONAL = {"foresight": 0, "foresight_veto": 99.0, "prices": None}


def parse_tables(data: object, file: str, known, tables=None, maps=None) -> tuple[dict | None, list[Problem]]:
    """survivor_ai.yaml -> {level name: Level}, or None with the problems."""
    ctx = Ctx(file, known)
    body = body_of(ctx, data, "survivor_ai")
    if body is BAD:
        return None, ctx.problems

    def level(ctx: Ctx, v: object, where: str) -> object:
        vals = keyed(ctx, v, where, CHECKS, OPTIONAL)
        if vals is None:
            return BAD
        if vals.get("foresight") and vals.get("prices") is None:
            ctx.add(f"{where}.prices", "a level that looks ahead (foresight) needs its prices")
            return BAD
        return vals

    found = keyed(ctx, body, "survivor_ai", {name: level for name in SURVIVOR_LEVELS}, {})
    if found is None:
        return None, ctx.problems
    return MappingProxyType({name: Level(name=name, **vals) for name, vals in found.items()}), ctx.problems


def survivor_level(content: Content, name: str) -> Level:
    """The named level; a clear error if the data file is missing."""
    levels = content.extra.get("survivor_ai")
    if levels is None:
        raise ContentError([Problem("game/data/survivor_ai.yaml", "file", "missing: the survivor AI needs its levels")])
    return levels[name]
