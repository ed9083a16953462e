"""What the Director did in one Director Phase and End Phase, summed up from the event stream for the card the player
reads when their turn comes back: what it bought and why, how far Doom moved, who was hurt, Downed or lost."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.world.components import Zombie
from game.world.events import Event

if TYPE_CHECKING:
    from game.world.session import Session


_SCORE = re.compile(r"\s*\(score -?[\d.]+\)")
DOOM_CAUSES = {"escalation": "the escalation roll", "clatter": "Heat at 15", "event": "an event",
               "round": "the round's end"}


@dataclass(frozen=True)
class Purchase:
    what: str                  # "Spawn Hunter at Loading Bay"
    cost: int
    why: str                   # the Director's reason as the log gives it

    def plain_why(self) -> str:
        """The reason without what `what` already says and without the Director's internal score."""
        head, sep, rest = self.why.partition(": ")
        why = rest if sep and head and head in self.what else self.why
        return _SCORE.sub("", why)


@dataclass(frozen=True)
class PhaseReport:
    round: int                                   # the round whose Director Phase this was
    heat: int                                    # Heat the Director had to spend
    purchases: tuple[Purchase, ...]
    lost_heat: int                               # Heat nothing could buy
    doom_causes: tuple[str, ...]                 # what moved Doom: escalation, clatter, event, round
    doom: tuple[int, int]                        # Doom before and after
    fired: tuple[str, ...]                       # events that fired (environmental, Doom track, Finale)
    moved: int                                   # zombies that walked (lunges included)
    hurt: tuple[tuple[str, int], ...]            # (survivor, wounds taken), in the order first hurt
    downed: tuple[str, ...]
    lost: tuple[str, ...]
    destroyed: int                               # zombies destroyed (fire, a Bloater's burst, counterblows)

    def lines(self) -> list[tuple[str, str]]:
        """(tone, sentence) pairs for the screen, most important first; tone is danger, doom, buy or plain."""
        out: list[tuple[str, str]] = []
        for name in self.lost:
            out.append(("danger", f"{name} was lost."))
        for name in self.downed:
            out.append(("danger", f"{name} was Downed."))
        for name, wounds in self.hurt:
            if name not in self.downed and name not in self.lost:
                out.append(("danger", f"{name} took {wounds} wound{'s' if wounds != 1 else ''}."))
        before, after = self.doom
        if after > before:
            causes = ", ".join(DOOM_CAUSES.get(c, c) for c in self.doom_causes)
            out.append(("doom", f"Doom moved from {before} to {after}" + (f": {causes}." if causes else ".")))
        for name in self.fired:
            out.append(("doom", f"{name} struck."))
        if self.purchases:
            out.append(("plain", f"The Director spent {self.heat - self.lost_heat} of {self.heat} Heat:"))
            for p in self.purchases:
                out.append(("buy", f"{p.what} ({p.cost} Heat): {p.plain_why()}"))
        elif self.heat:
            out.append(("plain", f"The Director had {self.heat} Heat and found nothing to buy."))
        else:
            out.append(("plain", "The Director had no Heat to spend."))
        if self.lost_heat:
            out.append(("plain", f"{self.lost_heat} Heat went unspent."))
        if not (self.hurt or self.downed or self.lost):
            out.insert(0, ("plain", "Nobody was hurt."))
        if self.moved:
            out.append(("plain", f"{self.moved} zombie{'s' if self.moved != 1 else ''} moved."))
        if self.destroyed:
            out.append(("plain", f"{self.destroyed} zombie{'s' if self.destroyed != 1 else ''} fell."))
        return out


def phase_start(events: Sequence[Event]) -> int:
    """Index of the event that opened the last Director Phase (0 if none has)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind == "phase":
            return i
    return 0


def phase_report(s: Session, events: Sequence[Event] | None = None) -> PhaseReport:
    """The report of the last Director Phase (its End Phase included), or of the given events."""
    if events is None:
        events = s.events[phase_start(s.events):]
    round_no = next((e.data.get("round", s.round) for e in events if e.kind == "phase"), s.round)
    purchases, lost_heat, spent = [], 0, 0
    fired: list[str] = []
    moved: set[int] = set()
    hurt: dict[str, int] = {}
    downed, lost = [], []
    destroyed = 0
    doom_start = None
    doom_end = None
    causes: list[str] = []
    for e in events:
        k, d = e.kind, e.data
        if k == "purchase":
            if "lost" in d:
                lost_heat = d["lost"]
            else:
                cost = d.get("cost", 0)
                spent += cost
                what = d.get("what") or e.text.split(" (", 1)[0]
                purchases.append(Purchase(what, cost, d.get("reason", "")))
        elif k == "doom" and "doom" in d and not d.get("held"):
            doom_start = d["doom"] - 1 if doom_start is None else doom_start
            doom_end = d["doom"]
            causes.append(d.get("cause", "event"))
        elif k == "event" and d.get("name"):
            fired.append(d["name"])
        elif k == "move" and d.get("who") is not None and not s.is_survivor(d["who"]):
            moved.add(d["who"])       # a zombie (one destroyed since has left the world, but it moved)
        elif k == "wound" and d.get("who") is not None and s.is_survivor(d["who"]):
            name = s.name(d["who"])
            hurt[name] = hurt.get(name, 0) + d.get("amount", 1)
        elif k == "downed" and d.get("who") is not None:
            downed.append(s.name(d["who"]))
        elif k == "eliminated" and d.get("who") is not None:
            lost.append(s.name(d["who"]))
        elif k == "killed":
            destroyed += 1
    doom_now = s.doom if doom_end is None else doom_end
    return PhaseReport(
        round=round_no, heat=spent + lost_heat, purchases=tuple(purchases), lost_heat=lost_heat,
        doom_causes=tuple(causes), doom=(doom_now if doom_start is None else doom_start, doom_now), fired=tuple(fired),
        moved=len(moved), hurt=tuple(hurt.items()), downed=tuple(downed), lost=tuple(lost), destroyed=destroyed)


def step_sentence(s: Session, label: str, events: Sequence[Event]) -> str:
    """One sentence for one step of the Director Phase (a label of game.world.systems), made from its events."""
    by_kind: dict[str, list[Event]] = {}
    for e in events:
        by_kind.setdefault(e.kind, []).append(e)

    def first(kind: str) -> Event | None:
        found = by_kind.get(kind)
        return found[0] if found else None

    if label == "ambient":
        heat = first("heat")
        if heat is None:
            return "No ambient Heat this round."
        return f"The city's background noise adds {heat.data.get('amount', 0)} Heat: {s.heat} on the track."
    if label == "escalation":
        roll, doom = first("roll"), first("doom")
        if roll is None:
            if doom is not None:
                return f"Heat {s.heat} is a catastrophic clatter: Doom advances to {doom.data.get('doom')} " \
                       f"without a roll."
            return f"Heat {s.heat} is too low for an escalation roll (it takes 8 or more)."
        face, need = roll.data["faces"][0], roll.data["need"]
        outcome = f"Doom advances to {doom.data.get('doom')}" if doom is not None else "Doom holds"
        return f"Escalation at Heat {s.heat}: {need}+ needed, rolled {face}. {outcome}."
    if label == "purchase":
        buy = first("purchase")
        if buy is None:
            return "The Director buys nothing."
        if "lost" in buy.data:
            return f"{buy.data['lost']} Heat goes unspent: nothing it could buy."
        what = buy.data.get("what") or buy.text.split(" (", 1)[0]
        why = Purchase(what, buy.data.get("cost", 0), buy.data.get("reason", "")).plain_why()
        return f"{what} ({buy.data.get('cost', 0)} Heat): {why}."
    if label == "swarm":
        outcome = [e for e in events if e.kind in ("downed", "eliminated", "wound")]
        attack = first("attack")
        head = attack.text.split(":", 1)[0] if attack is not None else "The horde attacks"
        if outcome:
            return f"{head}: {outcome[-1].text}."
        tail = [e.text for e in events if e.kind in ("attack", "killed") and e is not attack]
        return f"{head}: {tail[-1]}." if tail else f"{head}."
    if label == "zombie":
        move, order = first("move"), first("order")
        who = (move or order).data.get("who") if (move or order) is not None else None
        if who is None:
            return "The horde shuffles."
        name = s.name(who)
        why = order.text.split(": ", 1)[1] if order is not None and ": " in order.text else "moves"
        hit = first("downed") or first("wound")
        tail = f" {hit.text}." if hit is not None else ""
        victim = s.comp(who, Zombie).engaged if s.is_zombie(who) else None
        if victim is not None and not tail:
            tail = f" It engages {s.name(victim)}."
        return f"{name} {why}.{tail}"
    if label == "horror":
        check = first("horror")
        return f"Horror check: {check.text}." if check is not None else "A horror check."
    if label == "doom":
        doom = first("doom")
        fired = [e.data["name"] for e in by_kind.get("event", []) if e.data.get("name")]
        text = doom.text if doom is not None else "The round ends."
        return text + (f" {', '.join(fired)} strikes." if fired else "")
    if label == "reset":
        return "Heat goes back to 0: the Director cannot save it for later."
    if label == "round":
        return f"Round {s.round} begins."
    said = [e.text for e in events if e.kind not in ("move", "decision", "roll", "door", "order")]
    return said[0] if said else label
