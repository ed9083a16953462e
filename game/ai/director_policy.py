"""The Director AI as the game's policy. It reads the board once a phase and plans the shopping list, as the
tabletop assistant does, through the same loop (game.ai.director_shop.Shopping): each purchase is checked against the
board as it is when it is bought, and Heat the list has no use for still buys the dearest legal purchase (never an
event already bought this phase)."""
from __future__ import annotations

from game.ai.director import Decision
from game.ai.director_levels import DEFAULT_DIRECTOR, director_level
from game.ai.director_shop import FORCED_REASON, Shopping
from game.ai.director_view import lunge_reaches, view_of
from game.world.director_seat import DirectorSeat
from game.world.errors import allowed
from game.world.intent import lunge_pin
from game.world.purchases import BuyEvent, Lunge, Reanimate, Spawn, legal_purchases, spawn_cell
from game.world.session import Session


class DirectorAI:
    """The policy the Session's spending system calls, once per purchase."""

    def __init__(self, level: str = DEFAULT_DIRECTOR):
        self.level_name = level
        self._phase = None
        self._shopping: Shopping | None = None

    def choose(self, s: Session, left: int):
        phase = (id(s), s.round)
        if phase != self._phase or self._shopping is None:
            self._phase = phase
            self._shopping = Shopping(director_level(s.content, self.level_name))
        decision = self._shopping.next(_SessionBoard(s, self._shopping.level), left)
        if decision is not None:
            return to_purchase(s, decision), decision.reason
        forced = legal_purchases(s, left)      # never an event bought this phase (BuyEvent.check)
        if not forced:
            return None
        # nor one that could undo a pin bought before it, while anything else can be bought
        shopping = self._shopping
        forced = [p for p in forced if not (isinstance(p, BuyEvent) and shopping.undoes_a_pin(
            e.kind for e in s.content.events[p.event].effects))] or forced
        if isinstance(forced[0], BuyEvent):
            self._shopping.events_bought.add(forced[0].event)
        return forced[0], FORCED_REASON


class _SessionBoard:
    """The Session as a board the shopping loop reads (game.ai.director_shop.Board)."""

    def __init__(self, s: Session, level):
        self.s, self.level = s, level

    def view(self):
        return view_of(self.s, self.level)

    def fits(self, decision: Decision) -> bool:
        return still_good(self.s, to_purchase(self.s, decision), decision)


def still_good(s: Session, purchase, decision: Decision) -> bool:
    """Is this purchase allowed now, and (for a lunge bought to attack or to pin) does the forecast still say it
    attacks its survivor this phase, or ends the phase engaging them?"""
    if not allowed(s, purchase):
        return False
    if decision.engages is not None:
        return lunge_reaches(s, purchase.zombie, decision.engages)
    if decision.pins is not None:
        return lunge_pin(s, purchase.zombie) == decision.pins
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
