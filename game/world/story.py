"""The game's log told as a story: the event stream turned into entries grouped by round and phase, one line per
zombie activation, places named by their landmarks instead of grid coordinates, each entry tagged with whose it is
(team, horde, dice, or the table: rounds, Doom, objectives, the fallen) so that a screen can filter and colour them.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.world.events import Event
from game.world.horde import walk_inches
from game.world.phase_report import Purchase

if TYPE_CHECKING:
    from game.content.defs import MapDef
    from game.world.session import Session

GROUPS = ("team", "horde", "dice")          # the filters; "table" entries always show
_AT = re.compile(r"\b(at|to) \((\d+), (\d+)\)")
_MOVE = re.compile(r"^(.*?) (\w+) to \((\d+), (\d+)\)$")
NEAR = 7.0          # inches within which a landmark names a place
COMPASS = (("north-west", "north", "north-east"), ("west", "middle", "east"),
           ("south-west", "south", "south-east"))


@dataclass(frozen=True)
class Entry:
    group: str          # team | horde | dice | table
    tone: str           # header | plain | quiet | danger | good | doom | heat | ai
    text: str


@dataclass(frozen=True)
class Landmark:
    x: float
    y: float
    name: str


_LANDMARKS: dict[int, tuple[MapDef, tuple[Landmark, ...]]] = {}


def landmarks(map_def: MapDef) -> tuple[Landmark, ...]:
    """The named places of a map: its spawn points, objectives, the way out and where the team set out."""
    kept = _LANDMARKS.get(id(map_def))
    if kept is not None and kept[0] is map_def:
        return kept[1]
    out: list[Landmark] = []
    groups: dict[str, list[tuple[int, int]]] = {}
    for m in map_def.markers:
        if m.kind in ("spawn_minor", "spawn_major") and m.name:
            out.append(Landmark(m.x, m.y, m.name))
        elif m.kind == "objective" and m.name:
            out.append(Landmark(m.x, m.y, "the " + m.name.replace("_", " ")))
        elif m.kind in ("extract", "deploy"):
            groups.setdefault(m.kind, []).append((m.x, m.y))
    for kind, name in (("extract", "the way out"), ("deploy", "the starting point")):
        cells = groups.get(kind)
        if cells:
            out.append(Landmark(sum(x for x, _ in cells) / len(cells), sum(y for _, y in cells) / len(cells), name))
    if len(_LANDMARKS) > 32:
        _LANDMARKS.clear()
    _LANDMARKS[id(map_def)] = (map_def, tuple(out))
    return tuple(out)


def place(map_def: MapDef, x: int, y: int) -> str:
    """A place for people: "by Loading Bay" near a landmark, else the part of the map ("in the north-east")."""
    best = None
    for lm in landmarks(map_def):
        dx, dy = abs(lm.x - x), abs(lm.y - y)
        d = max(dx, dy) + 0.5 * min(dx, dy)
        if d <= NEAR and (best is None or d < best[0]):
            best = (d, lm.name)
    if best is not None:
        return f"at {best[1]}" if best[0] <= 1.5 else f"by {best[1]}"
    row = min(2, y * 3 // map_def.height)
    col = min(2, x * 3 // map_def.width)
    return f"in the {COMPASS[row][col]}"


def name_places(map_def: MapDef, text: str) -> str:
    """Grid coordinates in a log line replaced by places."""
    return _AT.sub(lambda m: place(map_def, int(m.group(2)), int(m.group(3))), text)


class Story:
    """Turns events into entries, a batch at a time (a zombie's walk and its reason arrive in one batch)."""

    def __init__(self):
        self.round = 0

    def feed(self, s: Session, events: Iterable[Event]) -> list[Entry]:
        out: list[Entry] = []
        pending: Event | None = None         # a zombie's walk, waiting for the reason that follows it
        for e in events:
            if pending is not None:
                if e.kind == "order" and e.data.get("who") == pending.data.get("who"):
                    out.append(self._walk(s, pending, e))
                    pending = None
                    continue
                out.append(self._walk(s, pending, None))
                pending = None
            if e.kind == "move" and e.data.get("who") is not None and not s.is_survivor(e.data["who"]):
                pending = e
                continue
            entry = self._entry(s, e)
            if entry is not None:
                out.append(entry)
        if pending is not None:
            out.append(self._walk(s, pending, None))
        return out

    def _walk(self, s: Session, move: Event, order: Event | None) -> Entry:
        """One line per zombie activation: who, why, how far, where it ends."""
        path = move.data.get("path") or []
        inches = walk_inches(s, path)
        end = s.board.xy(path[-1]) if path else None
        where = place(s.map, *end) if end is not None else ""
        found = _MOVE.match(move.text)
        who, verb = (found.group(1), found.group(2)) if found else (s.name(move.data["who"]), "moves")
        if order is not None and ": " in order.text:
            why = order.text.split(": ", 1)[1]
            return Entry("horde", "plain", f"{who} {why}: {inches:g}\" to a spot {where}")
        return Entry("horde", "danger" if verb == "lunges" else "plain", f"{who} {verb} {inches:g}\", now {where}")

    def _entry(self, s: Session, e: Event) -> Entry | None:
        k, d = e.kind, e.data
        text = name_places(s.map, e.text)
        if k == "setup":
            return None
        if k == "round":
            self.round = d.get("round", self.round + 1)
            doom = f" (Doom {d['doom']}/{s.scenario.doom_length})" if "doom" in d else ""
            return Entry("table", "header", f"Round {self.round}: the survivors{doom}")
        if k == "phase":
            return Entry("table", "header", f"Round {d.get('round', self.round)}: the Director")
        if k == "roll":
            return Entry("dice", "quiet", text)
        who = d.get("who")
        team = who is not None and s.is_survivor(who)
        if k in ("downed", "eliminated"):
            return Entry("table", "danger", text)
        if k in ("objective", "escape", "end"):
            return Entry("table", "good", text)
        if k in ("doom", "event"):
            return Entry("table", "doom", text)
        if k == "wound":
            return Entry("table", "danger", text) if team else Entry("team", "plain", text)
        if k == "killed":
            return Entry("team", "good", text)
        if k == "decision":
            return Entry("team", "ai", text)
        if k == "heat":
            return Entry("team" if d.get("cell") is not None else "horde", "heat", text)
        if k == "spawn":
            return Entry("horde", "plain", text.split(": spawned at ", 1)[0])
        if k == "purchase" and "what" in d:
            why = Purchase(d["what"], d.get("cost", 0), d.get("reason", "")).plain_why()
            return Entry("horde", "plain", f"{d['what']} ({d.get('cost', 0)} Heat): {why}")
        if k in ("purchase", "frenzy", "shriek"):
            return Entry("horde", "danger" if k == "frenzy" else "plain", text)
        if k == "attack":
            return Entry("horde" if "zombies" in d else "team", "plain", text)
        if k in ("activate", "order"):
            return Entry("team" if team else "horde", "quiet", text)
        if k == "move":
            found = _MOVE.match(e.text)
            if found:
                path = d.get("path") or []
                inches = walk_inches(s, path)
                x, y = int(found.group(3)), int(found.group(4))
                return Entry("team", "plain", f"{found.group(1)} {found.group(2)} {inches:g}\", now "
                                              f"{place(s.map, x, y)}")
        return Entry("team" if team else "horde", "plain", text)
