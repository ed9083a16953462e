"""One Director Phase's shopping, one purchase at a time, on any board that can answer three questions.

The game's Director AI (game.ai.director_policy, on a Session) and the table assistant (game.tools.director_assistant,
on the facts the players typed in) both spend Heat through `Shopping`, so they follow one policy:

  1. plan the whole list once (game.ai.director.plan);
  2. check each purchase against the board as it is when it is bought (an earlier purchase may have filled the last
     engagement slot on a survivor or shut the doors); one that no longer fits sends it back to plan afresh, once;
  3. an event is bought at most once a phase (a second Blackout darkens nothing more), and never after a pin it could
     undo (a list planned afresh knows nothing of the pins bought before it);
  4. Heat the list has no use for still buys the dearest purchase the board allows, because the rulebook lets no
     Heat go unspent while something can be bought.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from game.ai.director import Decision, DirectorView, plan
from game.ai.director_levels import DirectorLevel

FORCED_REASON = "the Heat must be spent, and this is the dearest buy left"


class Board(Protocol):
    def view(self) -> DirectorView:
        """The Director's facts about the board as it is now."""

    def fits(self, decision: Decision) -> bool:
        """May this purchase be made now (and does a lunge bought to engage still reach its survivor)?"""


class Shopping:
    """The purchases of one phase. `next` gives the next one, or None when the plan has nothing left that fits (the
    caller then buys the dearest legal purchase, leaving out `events_bought`)."""

    def __init__(self, level: DirectorLevel):
        self.level = level
        self.queue: list[Decision] = []
        self.events_bought: set[str] = set()
        self.feared: set[str] = set()       # the event effects the pins bought so far could be undone by
        self.started = False

    def _plan(self, board: Board, left: int) -> list[Decision]:
        view = board.view()
        if self.events_bought or self.feared:
            view = replace(view, events=tuple(e for e in view.events if e.id not in self.events_bought and
                                              not self.undoes_a_pin(kind for kind, _ in e.effects)))
        return plan(view, left, self.level)

    def undoes_a_pin(self, effect_kinds) -> bool:
        """Could an event with these effects undo a pin bought earlier this phase?"""
        return any(kind in self.feared for kind in effect_kinds)

    def next(self, board: Board, left: int) -> Decision | None:
        fresh = False
        if not self.started:
            self.started = True
            self.queue = self._plan(board, left)
        while True:
            if not self.queue:
                if fresh:
                    return None
                # The board has moved on (a lunge brought a Shambler into sight, a door slammed): look again, once.
                self.queue, fresh = self._plan(board, left), True
                continue
            decision = self.queue.pop(0)
            if decision.cost > left:
                continue
            if board.fits(decision):
                if decision.kind == "event":
                    self.events_bought.add(decision.event)
                self.feared |= decision.fears
                return decision
            if not fresh:
                self.queue, fresh = self._plan(board, left), True
