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
    claim: int = -1               # uid of the card this activation's search left at their feet (picked up free)


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


@dataclass
class Agenda:
    """A survivor's Secret Agenda card (game.world.agendas), dealt face down at the start."""
    card: str


@dataclass
class Owner:
    """Who plays this survivor in a game of several people at one screen (hot-seat): a player's name, or the survivor
    AI. A game without owners is one person's: every survivor is theirs."""
    player: str
    ai: bool = False


@dataclass
class Engagement:
    """A survivor's swarm: the zombies whose attacks go to it and the engagement slots they fill (at most 3).
    Written by the engagement system (Session.update_engagement); any zombie in base contact engages it."""
    attackers: tuple[int, ...] = ()
    slots: int = 0


@dataclass
class Goal:
    """Where a zombie is heading this activation, by the hierarchy, and why (for the screen and the log)."""
    cells: list[int] = field(default_factory=list)   # the cells it would stop in
    why: str = ""
    centre: int = -1                                  # the survivor, noise or marker it heads for
    target: int | None = None                        # the survivor it saw, if that is why


@dataclass
class Noise:
    """Heat made at one cell this round: zombies with no one in sight head for the loudest."""
    cell: int
    amount: int


# --- the table: one entity holds the tracks and the round's bookkeeping ---------------------------------------------
@dataclass
class Clock:
    """Where the game stands: the round, the phase, the active survivor, the end."""
    round: int = 1
    phase: str = "survivor"                  # survivor | director | end | over
    active: int | None = None
    withdraw_from: tuple[int, int] | None = None   # (survivor, zombie) after a melee it did not lose
    last_round: int | None = None             # set by the Doom Finale
    blackout_until: int = 0                   # last round of a blackout (0 = none)
    result: tuple[str, str] | None = None     # (winner 'survivors'|'director', cause)


@dataclass
class Tracks:
    """The Heat and Doom tracks and what feeds them."""
    heat: int = 0
    heat_spent: int = 0
    carried_heat: int = 0                     # lands on the track at the start of next round
    ambient_bonus: int = 0
    doom: int = 1
    escalations: int = 0
    heat_history: list[int] = field(default_factory=list)   # Heat when the Director spends, round by round


@dataclass
class RoundLog:
    """What this round remembers for later steps: fallen Shamblers (Reanimate), disruption (the Feeding Frenzy),
    Screamers' calls (zombie goals), the events bought."""
    removed_shamblers: int = 0
    disruption: dict[int, int] = field(default_factory=dict)   # downed survivor -> wounds dealt to its attackers
    calls: list[tuple[int, int]] = field(default_factory=list)  # (cell, radius) of this phase's shrieks
    events_bought: set[str] = field(default_factory=set)        # events the Director bought this phase (once each)


@dataclass
class Mission:
    """Progress through the scenario's tasks."""
    task_index: int = 0
    task_progress: int = 0
    spawned: dict[str, int] = field(default_factory=dict)      # zombies bought or called in, by kind
