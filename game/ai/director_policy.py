"""The Director AI as the game's policy: each purchase is decided on a fresh view of the board as it is at that
moment (a lunge bought after a spawn sees the spawn), and Heat the priority list has no use for still buys something,
because the rulebook lets no Heat go unspent while a purchase is possible."""
from __future__ import annotations

from game.ai.director import Decision, decide
from game.ai.director_view import view_of
from game.world.errors import Impossible
from game.world.purchases import BuyEvent, Lunge, Reanimate, Spawn, legal_purchases, spawn_cell
from game.world.session import Session


class DirectorAI:
    """The policy the Session's spending system calls, once per purchase."""

    def choose(self, s: Session, left: int):
        decision = decide(view_of(s), left)
        if decision is not None and decision.cost <= left:
            purchase = to_purchase(s, decision)
            try:
                purchase.check(s)
                return purchase, decision.reason
            except Impossible:
                pass
        forced = legal_purchases(s, left)
        return (forced[0], "the Heat must be spent, and this is the dearest buy left") if forced else None


def to_purchase(s: Session, decision: Decision):
    if decision.kind == "reanimate":
        return Reanimate(spawn_cell(s, decision.spawn))
    if decision.kind == "lunge":
        return Lunge(decision.shambler)
    if decision.kind == "spawn":
        return Spawn(decision.zombie, spawn_cell(s, decision.spawn))
    return BuyEvent(decision.event)
