"""What the Director can buy with Heat (rulebook 6.0, Step 3): each purchase checks itself against the board as it
is at the moment it is bought, and applies itself. Which ones to buy is a policy's choice (passed in)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.geometry import ORTHO_HALF
from game.world.components import Status, Zombie
from game.world.errors import Impossible, allowed
from game.world.horde import move_zombie, visible_target
from game.world.kept import kept_for

if TYPE_CHECKING:
    from game.world.session import Session


class _Await:
    """What a policy answers when its choice comes from outside (a human at the screen) and has not come yet."""

    def __repr__(self) -> str:
        return "AWAIT"


AWAIT = _Await()


def spawn_name(s: Session, cell: int) -> str:
    found = _spawn_index(s)[1].get(cell)
    if found is None:
        x, y = s.board.xy(cell)
        return f"({x}, {y})"
    return found


def spawn_cell(s: Session, name: str) -> int:
    """The cell of the spawn point with this name."""
    found = _spawn_index(s)[0].get(name)
    if found is None:
        raise Impossible(f"there is no spawn point called {name}")
    return found


def _spawn_index(s: Session) -> tuple[dict[str, int], dict[int, str]]:
    """(spawn point name -> cell, cell -> name) of this map, the first marker winning as a walk of the markers finds
    it: every purchase names its spawn point both ways several times."""
    return kept_for("spawn index", s.map, lambda: _index_spawns(s))


def _index_spawns(s: Session) -> tuple[dict[str, int], dict[int, str]]:
    by_name: dict[str, int] = {}
    by_cell: dict[int, str] = {}
    for m in s.map.markers:
        if m.kind.startswith("spawn"):
            cell, name = s.board.idx(m.x, m.y), m.name or f"spawn ({m.x}, {m.y})"
            by_name.setdefault(name, cell)
            by_cell.setdefault(cell, name)
    return by_name, by_cell


def spawn_points(s: Session, kind: str) -> list[int]:
    """Active spawn points of a kind ('minor', 'major' or 'any'): not held by a survivor within 1", with a free cell
    near enough to place a model."""
    memo = s.position_memo()
    found = memo.get(("spawn points", kind))
    if found is None:
        found = memo["spawn points", kind] = tuple(
            c for c in _unheld_points(s, kind) if s.free_cell_near(c, s.rules.spawn_radius) is not None)
    return list(found)


def _unheld_points(s: Session, kind: str) -> tuple[int, ...]:
    """The spawn points of a kind no survivor holds: kept until a survivor moves (every purchase places or moves a
    zombie, which empties the position memo, but leaves this be)."""
    memo = s.survivor_memo()
    found = memo.get(("unheld spawn points", kind))
    if found is None:
        kinds = ("spawn_minor", "spawn_major") if kind == "any" else (f"spawn_{kind}",)
        held = {c for sv in s.on_board() for c in [s.cell(sv), *s.board.contact_cells(s.cell(sv))]}
        found = memo["unheld spawn points", kind] = tuple(c for k in kinds for c in s.marker_cells(k) if c not in held)
    return found


@dataclass(frozen=True)
class Lunge:
    zombie: int
    cost_key = "lunge"

    def describe(self, s: Session) -> str:
        return f"Sudden Lunge by {s.name(self.zombie)}"

    def check(self, s: Session) -> None:
        if not s.is_zombie(self.zombie) or s.comp(self.zombie, Zombie).kind != "shambler":
            raise Impossible("only a Shambler can lunge")
        if s.comp(self.zombie, Zombie).engaged is not None:
            raise Impossible("an engaged Shambler cannot lunge")
        if s.comp(self.zombie, Status).stunned:
            raise Impossible("a stunned Shambler cannot lunge")
        if visible_target(s, self.zombie) is None:
            raise Impossible("the Shambler sees no survivor")

    def apply(self, s: Session) -> None:
        move_zombie(s, self.zombie, s.rules.lunge_distance * ORTHO_HALF, sight_only=True, verb="lunges")


@dataclass(frozen=True)
class Spawn:
    kind: str          # zombie id
    point: int         # spawn point cell

    def describe(self, s: Session) -> str:
        return f"Spawn {s.content.zombies[self.kind].name} at {spawn_name(s, self.point)}"

    def check(self, s: Session) -> None:
        if self.kind not in s.content.zombies:
            raise Impossible(f"there is no zombie called {self.kind}")
        # Hordes and Brutes come through major entryways; Shamblers and specials at any active point (6.0 Step 3).
        allowed = spawn_points(s, "major" if s.content.zombies[self.kind].zclass == "major" else "any")
        if self.point not in allowed:
            raise Impossible("that spawn point is not active")

    def apply(self, s: Session) -> None:
        cell = s.free_cell_near(self.point, s.rules.spawn_radius)
        s.place_zombie(self.kind, cell, f"spawned at {spawn_name(s, self.point)}", how="spawned")


# The price list entry of each class of zombie.
COST_KEYS = {"shambler": "shambler", "special": "special", "major": "major"}


@dataclass(frozen=True)
class Reanimate:
    point: int
    cost_key = "reanimate"

    def describe(self, s: Session) -> str:
        return f"Reanimate a Shambler at {spawn_name(s, self.point)}"

    def check(self, s: Session) -> None:
        if s.removed_shamblers <= 0:
            raise Impossible("no Shambler has fallen this round")
        if self.point not in spawn_points(s, "any"):
            raise Impossible("that spawn point is not active")

    def apply(self, s: Session) -> None:
        s.removed_shamblers -= 1
        cell = s.free_cell_near(self.point, s.rules.spawn_radius)
        s.place_zombie("shambler", cell, f"reanimated at {spawn_name(s, self.point)}", count=False,
                       how="reanimated")


@dataclass(frozen=True)
class BuyEvent:
    event: str

    def describe(self, s: Session) -> str:
        return f"Environmental event: {s.content.events[self.event].name}"

    def check(self, s: Session) -> None:
        if self.event not in s.scenario.events or s.content.events[self.event].cost <= 0:
            raise Impossible("this scenario does not offer that event")
        if self.event in s.events_bought:
            raise Impossible("already bought this phase")

    def apply(self, s: Session) -> None:
        s.events_bought.add(self.event)
        s.trigger_event(self.event, "The Director")


def price(s: Session, purchase) -> int:
    if isinstance(purchase, BuyEvent):
        return s.content.events[purchase.event].cost
    if isinstance(purchase, Spawn):
        return s.rules.costs[COST_KEYS[s.content.zombies[purchase.kind].zclass]]
    return s.rules.costs[purchase.cost_key]


def legal_purchases(s: Session, heat: int) -> list:
    """Every purchase the board allows now for at most `heat` Heat, dearest first (ties in a fixed order)."""
    costs, out = s.rules.costs, []
    if heat >= costs["lunge"]:
        out += [p for p in (Lunge(z) for z in s.zombies()) if allowed(s, p)]
    anywhere, majors = spawn_points(s, "any"), spawn_points(s, "major")
    for kind, zdef in sorted(s.content.zombies.items()):
        if costs[COST_KEYS[zdef.zclass]] <= heat:
            out += [Spawn(kind, p) for p in (majors if zdef.zclass == "major" else anywhere)]
    if s.removed_shamblers > 0 and costs["reanimate"] <= heat:
        out += [Reanimate(p) for p in anywhere]
    out += [BuyEvent(e) for e in s.scenario.events
            if 0 < s.content.events[e].cost <= heat and e not in s.events_bought]
    order = {Spawn: 0, Reanimate: 1, BuyEvent: 2, Lunge: 3}
    return sorted(out, key=lambda p: (-price(s, p), order[type(p)]))
