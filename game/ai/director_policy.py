"""The Director AI as the game's policy. It reads the board once a phase and plans the shopping list, as the
tabletop assistant does, then checks each purchase against the board as it is when it is bought: a purchase the board
no longer allows, or a lunge that would no longer reach its survivor (an earlier purchase took the spot), sends it
back to plan afresh. Heat the list has no use for still buys something, because the rulebook lets no Heat go unspent
while a purchase is possible: with Heat left and nothing planned, it looks once more before the engine's rule
(the dearest legal purchase) takes over."""
from __future__ import annotations

from dataclasses import replace

from game.ai.director import Decision, plan
from game.ai.director_levels import DEFAULT_DIRECTOR, director_level
from game.ai.director_view import lunge_reaches, view_of
from game.world.director_seat import DirectorSeat
from game.world.errors import allowed
from game.world.horde import visible_target
from game.world.purchases import BuyEvent, Lunge, Reanimate, Spawn, legal_purchases, spawn_cell
from game.world.session import Session


class DirectorAI:
    """The policy the Session's spending system calls, once per purchase."""

    def __init__(self, level: str = DEFAULT_DIRECTOR):
        self.level_name = level
        self._queue: list[Decision] = []
        self._phase = None
        self._events_bought: set[str] = set()
        self._facts: dict = {}                 # view_of's memo: kept for one phase while the doors stay as they are
        self._facts_key = None

    def _plan(self, s: Session, left: int) -> list[Decision]:
        level = director_level(s.content, self.level_name)
        key = (id(s), s.board.terrain_key, s.round, s.board.version)
        if key != self._facts_key:
            self._facts_key, self._facts = key, {}
        view = view_of(s, level, self._facts)
        if self._events_bought:        # an event is bought at most once a phase
            view = replace(view, events=tuple(e for e in view.events if e.id not in self._events_bought))
        return plan(view, left, level)

    def choose(self, s: Session, left: int):
        phase = (id(s), s.round)
        if phase != self._phase:
            self._phase = phase
            self._events_bought = set()
            self._queue = self._plan(s, left)
        fresh = False
        while True:
            if not self._queue:
                if fresh:
                    break
                # The board has moved on (a lunge brought a Shambler into sight, a door slammed): look again, once.
                self._queue, fresh = self._plan(s, left), True
                continue
            decision = self._queue.pop(0)
            if decision.cost > left:
                continue
            purchase = to_purchase(s, decision)
            if still_good(s, purchase, decision):
                if decision.kind == "event":
                    self._events_bought.add(decision.event)
                return purchase, decision.reason
            if not fresh:
                self._queue, fresh = self._plan(s, left), True
        forced = legal_purchases(s, left)
        return (forced[0], "the Heat must be spent, and this is the dearest buy left") if forced else None


def still_good(s: Session, purchase, decision: Decision) -> bool:
    """Is this purchase allowed now, and (for a lunge bought to engage) does it still reach its survivor?"""
    if not allowed(s, purchase):
        return False
    if decision.engages is not None:
        return visible_target(s, purchase.zombie) == decision.engages and \
            lunge_reaches(s, purchase.zombie, decision.engages)
    return True


def to_purchase(s: Session, decision: Decision):
    if decision.kind == "reanimate":
        return Reanimate(spawn_cell(s, decision.spawn))
    if decision.kind == "lunge":
        return Lunge(decision.shambler)
    if decision.kind == "spawn":
        return Spawn(decision.zombie, spawn_cell(s, decision.spawn))
    return BuyEvent(decision.event)


def policy_for(record):
    """The Director of a recorded game (game.world.saves.GameRecord): the seat of the person who plays it (solo, or
    one of the people at a hot-seat screen), replaying their purchases so far, or the Director AI at the game's
    level."""
    return DirectorSeat(record.purchases) if record.human_director else DirectorAI(record.director)
