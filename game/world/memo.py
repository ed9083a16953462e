"""The engine's memos, under one discipline: each says what it depends on, and nothing empties one by hand.

A game's memos (GameMemos, one per Session) keep answers that hold until something in the game changes. Each names,
in DEPENDS_ON, the kinds of change it depends on. The Session's writes report every change (GameMemos.changed), which
counts it and gives each memo that depends on it a fresh, empty dict. (A fresh dict rather than clearing the old
one: a caller still holding the old one can then never store a stale answer in the new.) A reader that keeps an
answer outside a memo keys it on the counts instead (GameMemos.count).

A map's memos (MapMemo) keep answers that never change for one terrain or map, shared by every game on it: their key
holds everything the answer depends on, so they are never emptied for being stale, only for their size. Each has a
fixed limit: past it, it starts afresh, so a process that plays game after game levels off instead of growing.
"""
from __future__ import annotations

import weakref
from collections.abc import Hashable, Iterable

# The kinds of change the Session's writes report.
SURVIVOR_MOVED = "a survivor moved, came or went"
ZOMBIE_MOVED = "a zombie moved, came or went"
ZOMBIE_ROSTER = "a zombie was placed or destroyed"
PLACES = "a model took or left its place on the board"    # (esper's order of the models with a Pos follows it)
DOORS = "a door opened or shut, a barricade went up or came down"
GROUND = "a card was put on the ground or taken from it"
TASK = "the scenario moved on to its next task"
NOISE = "noise was made, or the round's noise died away"


def slots_crossed(room: int) -> tuple[str, int]:
    """The kind of change: a survivor's engagement slots in use went past `room` (up or down)."""
    return "a survivor's slots in use crossed", room


# memo -> the kinds of change it depends on (docs/ARCHITECTURE.md shows this table with what each memo holds).
DEPENDS_ON: dict[str, tuple[str, ...]] = {
    "position": (SURVIVOR_MOVED, ZOMBIE_MOVED, DOORS),     # move reach, contact, active spawn points
    "survivors": (SURVIVOR_MOVED,),                        # who is on the board, their cells, held spawn points
    "zombies": (ZOMBIE_MOVED, PLACES),                     # the zombies' cells (in esper's order), walls for a move
    "roster": (ZOMBIE_ROSTER,),                            # the zombies' ids
    "noise": (NOISE,),                                     # the round's noise and its loudest cell
    "end": (SURVIVOR_MOVED, ZOMBIE_MOVED, TASK),           # "the game goes on", from the last end check
    "goals": (TASK, GROUND),                               # each survivor's goal cells (keyed by the cards it holds)
    "walks": (DOORS,),                                     # whether a zombie can walk to a survivor (keyed by cells)
}
# targets[room]: the survivor each zombie cell sees, for zombies with that much room left to engage a survivor
TARGETS_DEPEND_ON = (SURVIVOR_MOVED, DOORS)                 # ... and slots_crossed(room)


class GameMemos:
    """One game's memos, as attributes named in DEPENDS_ON, plus `targets` (room -> its memo, for each room a zombie
    can have), and the count of each kind of change so far."""

    def __init__(self, rooms: Iterable[int], counts: dict[Hashable, int] | None = None):
        """`counts`: the counts to go on from (a fork's memos, game.world.fork: a key taken on the game's counts
        never matches one of the fork's)."""
        self.count: dict[Hashable, int] = dict(counts or {})
        # kind -> (the dict that holds a memo, the memo's key in it): what a change of that kind empties
        self._empties: dict[Hashable, list[tuple[dict, Hashable]]] = {}
        for name, kinds in DEPENDS_ON.items():
            setattr(self, name, {})
            self._depend(vars(self), name, kinds)
        self.targets: dict[int, dict] = {}
        for room in rooms:
            self.targets[room] = {}
            self._depend(self.targets, room, (*TARGETS_DEPEND_ON, slots_crossed(room)))

    def _depend(self, holder: dict, key: Hashable, kinds) -> None:
        for kind in kinds:
            self.count.setdefault(kind, 0)
            self._empties.setdefault(kind, []).append((holder, key))

    def changed(self, kind: Hashable) -> None:
        """Something of this kind changed: count it and give each memo that depends on it a fresh dict."""
        count = self.count
        count[kind] = count.get(kind, 0) + 1
        for holder, key in self._empties.get(kind, ()):
            holder[key] = {}


class MapMemo(dict):
    """Answers that never change for one terrain or map, keyed by everything they depend on, at most `limit` of
    them: the one that would go past it starts the memo afresh (no bookkeeping on a hit, which is nearly every
    ask)."""
    __slots__ = ("limit", "__weakref__")

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit
        _MAP_MEMOS[id(self)] = self

    def keep(self, key: Hashable, answer):
        """Store an answer (and return it). Storing again under a key it holds never starts it afresh."""
        if len(self) >= self.limit and key not in self:
            self.clear()
        self[key] = answer
        return answer


_MAP_MEMOS: weakref.WeakValueDictionary[int, MapMemo] = weakref.WeakValueDictionary()     # every one alive


def map_memo_census() -> tuple[int, int]:
    """(answers held, the most they may hold) over every map memo alive: what a long run's memory test reads."""
    memos = list(_MAP_MEMOS.values())
    return sum(len(m) for m in memos), sum(m.limit for m in memos)
