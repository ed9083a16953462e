"""ECS components: plain data attached to survivor and zombie entities."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Pos:
    cell: int


@dataclass
class Gear:
    """One physical card or starting item. `deck` is where it returns when spent ('' = starting, 'objective')."""
    uid: int
    gear_id: str
    deck: str
    ammo: int = 0
    free_for: int | None = None   # entity that carries it without using a slot (its starting owner)


@dataclass
class Survivor:
    archetype: str
    name: str
    move: int
    fight: int
    shoot: int
    wits: int
    guts: int
    skill: str
    seat: int                     # order in the team, for stable sorting and display


@dataclass
class Zombie:
    kind: str
    engaged: int | None = None    # survivor entity it engages
    waypoint: int = 0             # next patrol waypoint


@dataclass
class Health:
    wounds: int
    max_wounds: int


@dataclass
class Turn:
    """Per-activation bookkeeping for a survivor."""
    ap: int = 0
    activated: bool = False       # has had its activation this round
    searched: bool = False
    handed_off: bool = False
    free_interacts: int = 0
    aiming: bool = False


@dataclass
class Inventory:
    gear: list[Gear] = field(default_factory=list)
    reloads: int = 0


@dataclass
class Status:
    downed: bool = False
    hunkered: bool = False
    burning: bool = False
    stunned: bool = False
    eliminated: bool = False
    escaped: bool = False
