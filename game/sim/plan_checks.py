"""What a game's events say about the Director's plans: whether each lunge bought saying it "attacks X this phase"
did attack X before the next round began (benchmarks/director_plans.py over whole games, and the board tests).
The phrase is the one game.ai.director writes in a landing lunge's reason."""
from __future__ import annotations

from collections.abc import Sequence

from game.world.events import Event

CLAIM = " and attacks this phase"


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
