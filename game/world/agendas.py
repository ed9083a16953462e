"""The Secret Agenda deck (optional): hidden personal objectives, one dealt face down to each survivor at the start,
checked and revealed at the end (docs/RULES.md, "Secret agendas"). The cards are data (game/data/agendas.yaml);
what each kind of check means is here, read from the game's event stream and final state.

The deal has its own random generator, made from the game's seed: it never moves the game's dice, and the same seed
deals the same cards.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from game.content.errors import Problem
from game.content.validate import BAD, Ctx, integer, keyed, table, text
from game.world.components import Agenda, Health, Inventory, Status, Survivor

if TYPE_CHECKING:
    from game.content.defs import Content, ScenarioDef
    from game.world.session import Session

NEEDS = ("extract", "deliver")        # scenario features a card can need (a task of that kind)


@dataclass(frozen=True)
class AgendaDef:
    id: str
    name: str
    text: str
    check: str              # a key of CHECKS
    count: int = 0          # the number the check takes, where it takes one
    needs: str = ""         # "" or one of NEEDS


@dataclass(frozen=True)
class Verdict:
    survivor: int
    agenda: AgendaDef
    kept: bool
    why: str                # what decided it, in numbers


# --- the story a check reads ---------------------------------------------------------------------------------------

@dataclass
class Night:
    """What each survivor did, gathered once from the event stream."""
    kills: Counter
    specials: Counter       # zombies other than Shamblers destroyed
    wounds: Counter
    shots: Counter
    searches: Counter
    helped: Counter         # Triage attempts and Drags of a Downed ally
    first_out: int | None
    first_kill: tuple[int, int, str] | None     # (round, survivor, zombie kind) of the first zombie destroyed


def night_of(s: Session) -> Night:
    kills, specials, wounds, shots, searches, helped = (Counter() for _ in range(6))
    first_out = first_kill = None
    striker = None            # the survivor whose attack (or defence) the latest events belong to
    rnd = 0
    for e in s.events:
        k, d = e.kind, e.data
        who = d.get("who")
        if k in ("phase", "round"):
            striker = None
            rnd = d.get("round", rnd) if k == "round" else rnd
        elif k == "attack" and who is not None and s.is_survivor(who):
            striker = who
            if "cover" in d:
                shots[who] += 1
        elif k == "killed" and striker is not None:
            kills[striker] += 1
            if first_kill is None:
                first_kill = (rnd, striker, d.get("kind", ""))
            if d.get("kind") != "shambler":
                specials[striker] += 1
        elif k == "wound" and who is not None and s.is_survivor(who):
            wounds[who] += d.get("amount", 1)
        elif k == "search" and who is not None:
            searches[who] += 1
        elif k == "roll" and who is not None and str(d.get("purpose", "")).startswith("triage on"):
            helped[who] += 1
        elif k == "move" and d.get("verb") == "drags an ally to":
            helped[who] += 1
        elif k == "escape" and first_out is None:
            first_out = who
    return Night(kills, specials, wounds, shots, searches, helped, first_out, first_kill)


def _lost(s: Session, sv: int) -> bool:
    return s.comp(sv, Status).eliminated


def _allies(s: Session, sv: int) -> list[int]:
    return [o for o in s.survivors(on_board=False) if o != sv]


# each check: (session, survivor, night, count) -> (kept?, why)
def _carrying(s, sv, night, count):
    held = len(s.comp(sv, Inventory).gear)
    return held >= count and not _lost(s, sv), f"carries {held} card{'s' if held != 1 else ''} (needs {count})"


def _reloads(s, sv, night, count):
    left = s.comp(sv, Inventory).reloads
    return left >= count and not _lost(s, sv), f"{left} Reload token{'s' if left != 1 else ''} left (needs {count})"


def _first_out(s, sv, night, count):
    if night.first_out is None:
        return False, "nobody escaped"
    return night.first_out == sv, f"{s.name(night.first_out)} escaped first"


def _wounds_at_most(s, sv, night, count):
    taken = night.wounds[sv]
    return taken <= count, f"took {taken} wound{'s' if taken != 1 else ''}"


def _healthier(s, sv, night, count):
    mine = 0 if _lost(s, sv) else s.comp(sv, Health).wounds
    worse = [o for o in _allies(s, sv) if (0 if _lost(s, o) else s.comp(o, Health).wounds) < mine]
    if worse:
        return True, f"{mine} wounds left; {s.name(worse[0])} has fewer"
    return False, f"{mine} wounds left; no ally has fewer"


def _most_kills(s, sv, night, count):
    mine = night.kills[sv]
    best = max((night.kills[o] for o in _allies(s, sv)), default=0)
    return mine >= count and mine > best, f"destroyed {mine} (the most of any ally: {best}; needs {count})"


def _special(s, sv, night, count):
    got = night.specials[sv]
    return got > 0, f"{got} kill{'s' if got != 1 else ''} besides Shamblers"


def _shots_at_most(s, sv, night, count):
    fired = night.shots[sv]
    return fired <= count, f"fired {fired} shot{'s' if fired != 1 else ''}"


def _searches(s, sv, night, count):
    done = night.searches[sv]
    return done >= count, f"searched {done} time{'s' if done != 1 else ''} (needs {count})"


def _never_helps(s, sv, night, count):
    done = night.helped[sv]
    return done == 0, "never treated nor dragged a Downed ally" if done == 0 else \
        f"treated or dragged a Downed ally {done} time{'s' if done != 1 else ''}"


def _outlives(s, sv, night, count):
    lost = [o for o in _allies(s, sv) if _lost(s, o)]
    if _lost(s, sv):
        return False, "was lost"
    return bool(lost), (f"came through; {s.name(lost[0])} did not" if lost else "came through, and so did everyone")


def _holds_objective(s, sv, night, count):
    held = [g for g in s.comp(sv, Inventory).gear if g.deck == "objective"]
    if _lost(s, sv):
        return False, "was lost"
    return bool(held), (f"holds the {s.content.gear_name(held[0].gear_id)}" if held else "holds no objective item")


def _job_fails(s, sv, night, count):
    if _lost(s, sv):
        return False, "was lost"
    failed = not (s.result and s.result[0] == "survivors")
    return failed, "the job failed and they came through" if failed else "the job was done"


CHECKS: dict[str, Callable] = {
    "carrying_at_end": _carrying, "reloads_at_end": _reloads, "first_to_escape": _first_out,
    "wounds_taken_at_most": _wounds_at_most, "healthier_than_an_ally": _healthier, "most_kills": _most_kills,
    "destroys_a_special": _special, "shots_at_most": _shots_at_most, "searches_at_least": _searches,
    "never_helps_the_downed": _never_helps, "outlives_an_ally": _outlives, "job_fails_you_live": _job_fails,
    "holds_objective_at_end": _holds_objective,
}


# --- the deck --------------------------------------------------------------------------------------------------------

def fits(card: AgendaDef, scenario: ScenarioDef) -> bool:
    """Does the card make sense in this scenario (a card about escaping needs an escape)?"""
    return not card.needs or any(task.kind == card.needs for task in scenario.tasks)


def deal(content: Content, scenario: ScenarioDef, survivors: list[int], seed: int) -> dict[int, AgendaDef]:
    """One card each, face down, no card twice: survivor entity -> card. Its own generator, from the seed."""
    deck = [c for _, c in sorted(agendas(content).items()) if fits(c, scenario)]
    rng = random.Random(seed * 7_919 + 17)
    rng.shuffle(deck)
    return {sv: deck[i % len(deck)] for i, sv in enumerate(survivors)} if deck else {}


def agendas(content: Content) -> MappingProxyType:
    return content.extra.get("agendas", MappingProxyType({}))


def verdicts(s: Session) -> list[Verdict]:
    """Every dealt card, checked against the night so far (final once the game is over), in seat order."""
    cards = agendas(s.content)
    held = {sv: a.card for sv in s.survivors(on_board=False)
            if (a := s.try_comp(sv, Agenda)) is not None and a.card in cards}
    if not held:
        return []
    night = night_of(s)
    out = []
    for sv, card_id in held.items():
        card = cards[card_id]
        kept, why = CHECKS[card.check](s, sv, night, card.count)
        out.append(Verdict(sv, card, bool(kept), why))
    return sorted(out, key=lambda v: s.comp(v.survivor, Survivor).seat)


# --- the data file ---------------------------------------------------------------------------------------------------

def parse_tables(data: object, file: str, known, tables=None, maps=None) -> tuple[object, list[Problem]]:
    """agendas.yaml -> {id: AgendaDef}, or None with the problems."""
    ctx = Ctx(file, known)

    def check(ctx: Ctx, v: object, where: str) -> object:
        found = keyed(ctx, v, where, {"kind": _kind, "count": integer(0, 99)}, {"count": 0})
        return BAD if found is None else found

    def one(ctx: Ctx, aid: str, entry: object, where: str):
        found = keyed(ctx, entry, where, {"name": text, "text": text, "check": check, "needs": _needs},
                      {"needs": ""})
        if found is None:
            return None
        return AgendaDef(aid, found["name"], found["text"], found["check"]["kind"], found["check"]["count"],
                         found["needs"])

    cards = table(ctx, data, "agendas", one)
    if ctx.problems:
        return None, ctx.problems
    if len(cards) < 12:
        return None, [Problem(file, "agendas", f"the deck needs at least 12 cards, has {len(cards)}")]
    return MappingProxyType(cards), ctx.problems


def _kind(ctx: Ctx, v: object, where: str) -> object:
    if v not in CHECKS:
        ctx.add(where, f"unknown check {v!r} (known: {', '.join(CHECKS)})")
        return BAD
    return v


def _needs(ctx: Ctx, v: object, where: str) -> object:
    if v not in ("", *NEEDS):
        ctx.add(where, f"unknown need {v!r} (known: {', '.join(NEEDS)})")
        return BAD
    return v
