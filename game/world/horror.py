"""Horror checks (campaign missions only): a Guts test when a survivor sees an ally devoured or die, a Feeding Frenzy
on an ally, a kind of zombie for the first time, or the kind it has a phobia of. A failed test costs stress, which the
campaign reads back from the "horror" events (docs/RULES.md, "Horror checks").

A HorrorWatch listens to the event stream and only notes what happened and where; the dice are rolled by
run_checks, at fixed points of the Director Phase (game.world.systems), so the order of rolls never depends on who
listens. A game without a watch (every non-campaign game) rolls nothing here.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from game.rules.downed import guts_pool
from game.world.components import Status, Survivor, Zombie

if TYPE_CHECKING:
    from game.world.events import Event
    from game.world.session import Session


@dataclass(frozen=True)
class HorrorRule:
    need: int           # successes the Guts test needs
    stress: int         # stress a failed test costs


@dataclass
class HorrorWatch:
    rules: Mapping[str, HorrorRule]                # trigger -> its test
    first_sight: tuple[str, ...] = ()              # zombie kinds whose first sight is a horror
    phobias: dict[int, str] = field(default_factory=dict)   # survivor -> zombie kind it fears
    pending: list[tuple[str, int, int]] = field(default_factory=list)    # (trigger, cell, subject)
    seen: set[tuple[int, str]] = field(default_factory=set)             # (survivor, kind) already faced

    def copy(self) -> HorrorWatch:
        """A copy for a fork of the game (game.world.fork): what it has seen and what is pending are its own."""
        return replace(self, phobias=dict(self.phobias), pending=list(self.pending), seen=set(self.seen))

    def hear(self, s: Session, event: Event) -> None:
        data = event.data
        if event.kind == "frenzy" and data.get("lethality"):
            self.pending.append(("feeding_frenzy", s.cell(data["who"]), data["who"]))
        elif event.kind == "eliminated" and "cell" in data:
            trigger = "ally_devoured" if data.get("cause") == "devoured by the horde" else "witnessed_death"
            self.pending.append((trigger, data["cell"], data["who"]))


def install(s: Session, watch: HorrorWatch) -> None:
    s.horror = watch
    s.listeners.append(lambda event: watch.hear(s, event))


def run_checks(s: Session) -> Iterator[str]:
    """Roll every horror check that is due: what was seen since the last checks, then sights of the board as it is."""
    watch = s.horror
    if watch is None:
        return
    pending, watch.pending = watch.pending, []
    for trigger, cell, subject in pending:
        for sv in s.standing():
            if sv != subject and s.can_see(s.cell(sv), cell):
                _check(s, sv, trigger, f"{trigger.replace('_', ' ')}: {s.name(subject)}")
                yield "horror"
    for sv in s.standing():
        kinds = sorted({s.comp(z, Zombie).kind for z in s.zombies() if s.can_see(s.cell(sv), s.cell(z))})
        for kind in kinds:
            name = s.content.zombies[kind].name
            if kind in watch.first_sight and (sv, kind) not in watch.seen:
                watch.seen.add((sv, kind))
                _check(s, sv, "first_sight", f"the first {name}")
                yield "horror"
            if watch.phobias.get(sv) == kind and not s.comp(sv, Status).downed:
                _check(s, sv, "phobia", f"phobia of the {name}")
                yield "horror"


def _check(s: Session, sv: int, trigger: str, why: str) -> None:
    rule = s.horror.rules[trigger]
    dice = guts_pool(s.comp(sv, Survivor).guts, s.effect(sv, "guts_dice"), 0)
    got = s.hits(s.roll(dice, sv, f"a horror check ({why}, needs {rule.need})"))
    stress = 0 if got >= rule.need else rule.stress
    verdict = "keeps it together" if not stress else f"is shaken: +{stress} stress"
    s.emit("horror", f"{s.name(sv)} {verdict} ({why})", who=sv, trigger=trigger, stress=stress)
