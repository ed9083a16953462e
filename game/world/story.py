"""The game's log told as a story: the event stream turned into entries grouped by round and phase, one line per
zombie activation, places named by their landmarks instead of grid coordinates, each entry tagged with whose it is
(team, horde, dice, or the table: rounds, Doom, objectives, the fallen) so that a screen can filter and colour them.
`folded` gathers the horde's entries of one phase that did the same kind of thing (zombies of one kind walking, or
appearing, the same purchase made again) into one line that opens to the single ones; what they did is read from the
events' data, and the event stream stays as it is.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.world.events import Event
from game.world.horde import walk_inches
from game.world.kept import kept_for
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
    fold: tuple = ()    # what kind of thing happened, from the event's data: entries of one phase alike fold together
    where: str = ""     # where it happened ("by North Gate"), for the folded line


@dataclass(frozen=True)
class Fold:
    """Several horde entries of one phase that did the same kind of thing, told in one line."""
    text: str
    entries: tuple[Entry, ...]

    @property
    def group(self) -> str:
        return self.entries[0].group

    @property
    def tone(self) -> str:
        return "danger" if any(e.tone == "danger" for e in self.entries) else self.entries[0].tone


VERBS = {"moves": "move", "lunges": "lunge", "leaps": "leap", "flees": "flee"}     # a walk's verb, for many


def fold_text(key: tuple, entries: list[Entry]) -> str:
    """The line of entries alike: "6 Shamblers move, now by North Gate", "3 Hunters appear: 2 at Canal Road, 1 in
    the east", "2 buys: Spawn Hunter at Canal Road (4 Heat each)"."""
    n = len(entries)
    if key[0] == "buy":
        return f"{n} buys: {key[1]} ({key[2]} Heat each)"
    head = f"{n} {key[1]} " + (VERBS.get(key[2], key[2]) if key[0] == "walk" else "appear")
    places = Counter(e.where for e in entries).most_common()
    if len(places) == 1:
        return f"{head}, now {places[0][0]}" if key[0] == "walk" else f"{head} {places[0][0]}"
    shown = ", ".join(f"{k} {where}" for where, k in places[:3])
    return f"{head}: {shown}" + (f", {sum(k for _, k in places[3:])} elsewhere" if len(places) > 3 else "")


def folded(entries: list[Entry]) -> list[Entry | Fold]:
    """The log with the horde's entries alike gathered, phase by phase (a header starts a phase): each gathering of
    two or more stands where its first entry stood. Dice, the team's own lines and the table's stay one line each."""
    out: list[Entry | Fold] = []
    groups: dict[tuple, list[Entry]] = {}
    where: dict[tuple, int] = {}
    for e in entries:
        if e.tone == "header":
            groups, where = {}, {}
        if not e.fold:
            out.append(e)
            continue
        if e.fold not in groups:
            groups[e.fold] = []
            where[e.fold] = len(out)
            out.append(e)
        groups[e.fold].append(e)
        if len(groups[e.fold]) > 1:
            out[where[e.fold]] = Fold(fold_text(e.fold, groups[e.fold]), tuple(groups[e.fold]))
    return out


def plural(name: str) -> str:
    return name if name.endswith("s") else name + "s"


@dataclass(frozen=True)
class Landmark:
    x: float
    y: float
    name: str


def landmarks(map_def: MapDef) -> tuple[Landmark, ...]:
    """The named places of a map: its spawn points, objectives, the way out and where the team set out (kept for
    the map)."""
    return kept_for("landmarks", map_def, lambda: _find_landmarks(map_def))


def _find_landmarks(map_def: MapDef) -> tuple[Landmark, ...]:
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
        self.kinds: dict[int, str] = {}      # zombie -> its kind's name, from the spawn events seen

    def feed(self, s: Session, events: Iterable[Event]) -> list[Entry]:
        out: list[Entry] = []
        pending: Event | None = None         # a zombie's walk, waiting for the reason that follows it
        for e in events:
            if e.kind == "spawn" and "kind" in e.data:
                zdef = s.content.zombies.get(e.data["kind"])
                self.kinds[e.data.get("who")] = zdef.name if zdef else e.data["kind"]
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
        kind = self.kinds.get(move.data.get("who"))
        fold = ("walk", plural(kind), move.data.get("verb", "moves")) if kind and where else ()
        if order is not None and ": " in order.text:
            why = order.text.split(": ", 1)[1]
            return Entry("horde", "plain", f"{who} {why}: {inches:g}\" to a spot {where}", fold, where)
        return Entry("horde", "danger" if verb == "lunges" else "plain", f"{who} {verb} {inches:g}\", now {where}",
                     fold, where)

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
            kind = self.kinds.get(d.get("who"))
            at = place(s.map, *s.board.xy(d["cell"])) if "cell" in d else ""
            return Entry("horde", "plain", text.split(": spawned at ", 1)[0], ("spawn", plural(kind)) if kind and at
                         else (), at)
        if k == "purchase" and "what" in d:
            why = Purchase(d["what"], d.get("cost", 0), d.get("reason", "")).plain_why()
            return Entry("horde", "plain", f"{d['what']} ({d.get('cost', 0)} Heat): {why}",
                         ("buy", d["what"], d.get("cost", 0)))
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
