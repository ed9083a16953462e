"""What a game's events say about the Director's plans: whether each lunge bought saying it "attacks X this phase"
did attack X before the next round began, and whether each one saying it "can reach X this phase" (a pin: the
forecast of its walk, as if it moved alone) stands engaged with X once the phase is over (benchmarks/director_plans.py
over whole games, and the board tests). The phrases are the ones game.ai.director writes in a landing and a pinning
lunge's reason."""
from __future__ import annotations

from collections.abc import Sequence

from game.world.components import Zombie
from game.world.events import Event
from game.world.session import Session

CLAIM = " and attacks this phase"
PIN = " and can reach "


def lunge_claims(events: Sequence[Event]) -> list[tuple[str, bool]]:
    """(the survivor claimed, whether that Shambler's attack on them followed) for each such lunge, in order."""
    out = []
    for i, e in enumerate(events):
        if e.kind != "purchase" or CLAIM not in e.data.get("reason", ""):
            continue
        shambler = e.data["what"].removeprefix("Sudden Lunge by ")
        target = e.data["reason"].split(" lands on ", 1)[1].split(CLAIM, 1)[0]
        held = False
        for later in events[i + 1:]:
            if later.kind == "round":
                break
            if later.kind == "attack" and f" attacks {target}:" in later.text and shambler in _attackers(later.text):
                held = True
                break
        out.append((target, held))
    return out


def _attackers(text: str) -> list[str]:
    """The zombies named in a horde attack's line: "Shambler 3 attacks ..." or "The swarm (A, B) attacks ..."."""
    who = text.split(" attacks ", 1)[0]
    return who.split("(", 1)[1].rstrip(")").split(", ") if "(" in who else [who]


def pin_claims(s: Session, events: Sequence[Event]) -> list[tuple[str, bool]]:
    """(the survivor claimed, whether that Shambler stands engaged with them now) for each lunge among `events` whose
    reason says it can reach someone this phase (a pin): ask when that Director Phase is over. A Shambler destroyed
    since does not hold its claim."""
    engaged_with = {s.name(z): s.comp(z, Zombie).engaged for z in s.zombies()}
    out = []
    for e in events:
        if e.kind != "purchase" or PIN not in e.data.get("reason", ""):
            continue
        shambler = e.data["what"].removeprefix("Sudden Lunge by ")
        target = e.data["reason"].split(PIN, 1)[1].removesuffix(" this phase")
        victim = engaged_with.get(shambler)
        out.append((target, victim is not None and s.name(victim) == target))
    return out
