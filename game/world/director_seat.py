"""The Director's seat when a person (or a script) plays the horde: the Heat purchases come from outside.

    seat = DirectorSeat()                 # DirectorSeat(purchases) replays the purchases of a save first
    s = Session(content, scenario, policy=seat)
    s.step_director() == "await"          # Step 3 waits: the screen shows the menu (game.world.purchases)
    seat.buy(s, Spawn("shambler", point))  # checked and bought at once

Only the purchases are the player's: the rest of the Director Phase (the escalation roll, the zombies' activation by
the hierarchy) is the rules and runs by itself. The rulebook lets no Heat go unspent while anything can be bought, so
the seat cannot pass: Step 3 asks again until the Heat is spent or nothing fits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.world.errors import Impossible
from game.world.purchases import AWAIT, COST_KEYS, BuyEvent, Lunge, Reanimate, Spawn, legal_purchases, price

if TYPE_CHECKING:
    from game.world.session import Session

REASON = "the Director's choice"


class DirectorSeat:
    """A Director policy whose choices are queued from outside. `purchases` is every purchase of the game in order
    (a save keeps it): a replay buys them again, then the seat waits for new ones."""

    def __init__(self, purchases: list | None = None):
        self.purchases = purchases if purchases is not None else []
        self._session = None
        self._next = 0

    def choose(self, s: Session, left: int):
        if s is not self._session:          # a new game (or the same one rebuilt by a replay) starts at the first
            self._session, self._next = s, 0
        # With nothing left that the Heat can buy, there is no choice to wait for: the phase goes on (a replay too:
        # the next purchase recorded was made in a later phase).
        if not legal_purchases(s, left):
            return None
        if self._next < len(self.purchases):
            purchase = self.purchases[self._next]
            self._next += 1
            return purchase, REASON
        return AWAIT

    def buy(self, s: Session, purchase) -> None:
        """Buy it now, in the phase that waits (its events are the session's newest); Impossible (with the reason)
        if the rules refuse it. The next Director step asks again or, with the Heat spent, goes on."""
        if not s.awaiting_director:
            raise Impossible("the Director buys only in Step 3 of the Director Phase")
        purchase.check(s)
        cost, left = price(s, purchase), s.heat_left
        if cost > left:
            raise Impossible(f"{purchase.describe(s)} costs {cost} Heat; {left} Heat is left")
        self.purchases.append(purchase)
        s.step_director()


def menu(s: Session) -> list:
    """What the waiting Director can buy now with the Heat left (dearest first): the menu on the screen."""
    return legal_purchases(s, s.heat_left) if s.awaiting_director else []


@dataclass(frozen=True)
class MenuRow:
    """One line of the Director's price list as it stands now: what it is, its price, the purchases it allows (each
    with its own target) and, when it allows none, why."""
    key: tuple                  # ("lunge",) ("spawn", zombie id) ("reanimate",) ("event", event id)
    label: str
    cost: int
    purchases: tuple
    why_not: str = ""
    text: str = ""              # what it does

    @property
    def open(self) -> bool:
        return bool(self.purchases)

    @property
    def targeted(self) -> bool:
        """Is a target chosen on the board (a Shambler, a spawn point)? Events have none."""
        return self.key[0] != "event"


def menu_rows(s: Session) -> list[MenuRow]:
    """The whole price list of rulebook 6.0 Step 3 for this board and this Heat, cheapest first, unaffordable and
    impossible lines included with their reason (the menu shows them greyed)."""
    left = s.heat_left
    legal = legal_purchases(s, 10_000)          # what the board allows, whatever the Heat
    costs = s.rules.costs
    rows = []

    def row(key, label, cost, found, none_why, text):
        found = tuple(found)
        why = "" if found and cost <= left else (none_why if not found else f"needs {cost} Heat, {left} left")
        rows.append(MenuRow(key, label, cost, found if cost <= left else (), why, text))

    row(("lunge",), "Sudden Lunge", costs["lunge"], [p for p in legal if isinstance(p, Lunge)],
        "no free Shambler sees a survivor", f"A Shambler that sees a survivor moves up to {s.rules.lunge_distance}\" "
                                            f"toward the nearest one.")
    for kind, zdef in sorted(s.content.zombies.items(), key=lambda kv: (costs[COST_KEYS[kv[1].zclass]], kv[1].name)):
        where = "a major entryway" if zdef.zclass == "major" else "an active spawn point"
        row(("spawn", kind), f"Spawn {zdef.name}", costs[COST_KEYS[zdef.zclass]],
            [p for p in legal if isinstance(p, Spawn) and p.kind == kind],
            f"no {'major entryway' if zdef.zclass == 'major' else 'spawn point'} is free",
            f"Places a {zdef.name} at {where} (Move {zdef.move}\", Fight {zdef.fight}, {zdef.wounds} wound"
            f"{'s' if zdef.wounds != 1 else ''}).")
    row(("reanimate",), "Reanimate", costs["reanimate"], [p for p in legal if isinstance(p, Reanimate)],
        "no Shambler has fallen this round" if s.removed_shamblers <= 0 else "no spawn point is free",
        "A Shambler destroyed this round rises again at a spawn point.")
    for event in s.scenario.events:
        edef = s.content.events[event]
        if edef.cost > 0:
            row(("event", event), edef.name, edef.cost, [p for p in legal if p == BuyEvent(event)],
                "bought already this phase" if event in s.events_bought else "not on offer", edef.text)
    return sorted(rows, key=lambda r: (r.cost, r.key[0] == "event", r.label))
