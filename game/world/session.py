"""The Session: one game. A thin facade over the game's esper world: the content, the seed and its RNG, the event
stream and the schedule of the Director Phase systems (game.world.systems).

The state of the models lives in esper components (game.world.components); the Session's methods query them.
Actions (game.world.actions) and the systems change the game only through the methods here, so every change is
logged as an event and the invariants are kept in one place.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import partial
from operator import attrgetter

import esper

from game.content.defs import Content, MapDef, ScenarioDef
from game.rules.combat import zombie_fight
from game.rules.decks import draw_from
from game.rules.dice import Dice, ones, pool, successes
from game.rules.downed import parting_swipes
from game.rules.heat import complications
from game.world import systems
from game.world.agendas import deal
from game.world.board import Board
from game.world.components import (
    Agenda,
    Clock,
    Engagement,
    Gear,
    Goal,
    Health,
    Inventory,
    Mission,
    Noise,
    Owner,
    Pos,
    RoundLog,
    Status,
    Survivor,
    Tracks,
    Turn,
    Zombie,
)
from game.world.errors import GameOver, Impossible
from game.world.events import Event, roll_text
from game.world.fork import fork
from game.world.horde import burst
from game.world.memo import (
    DOORS,
    GROUND,
    NOISE,
    PLACES,
    SURVIVOR_MOVED,
    TASK,
    ZOMBIE_MOVED,
    ZOMBIE_ROSTER,
    GameMemos,
    slots_crossed,
)
from game.world.scenario_events import apply_event

__all__ = ["GameOver", "Impossible", "Session"]


class Occupancy(dict):
    """cell -> model standing there. The one index kept beside the components, because "who stands in this cell?"
    is the hottest question of the game: it is changed only by place_zombie, move_model, kill_zombie and
    remove_from_board. It counts its changes (`version`) and reports each to the game's memos (game.world.memo): a
    survivor's or a zombie's move."""

    def __init__(self, memos: GameMemos):
        super().__init__()
        self.memos = memos
        self.version = 0
        self.survivor_ids: set[int] = set()     # the survivor entities (entities are never deleted)

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, value)
        self.version += 1
        self.memos.changed(SURVIVOR_MOVED if value in self.survivor_ids else ZOMBIE_MOVED)

    def __delitem__(self, key) -> None:
        kind = SURVIVOR_MOVED if self[key] in self.survivor_ids else ZOMBIE_MOVED
        super().__delitem__(key)
        self.version += 1
        self.memos.changed(kind)

    def move(self, start: int, end: int) -> None:
        """The model in `start` steps to `end`: one change (not a leaving and an arrival)."""
        eid = self.pop(start)
        dict.__setitem__(self, end, eid)
        self.version += 1
        self.memos.changed(SURVIVOR_MOVED if eid in self.survivor_ids else ZOMBIE_MOVED)


_world_ids = itertools.count(1)

AI_OWNER = "AI"           # the owner of a survivor the survivor AI plays in a hot-seat game
_ON_BOARD, _ALL_SURVIVORS = ("survivors", True), ("survivors", False)     # position memo keys


def _through(component: str, name: str) -> property:
    """A Session attribute that is a field of one of the table's components (read by a C attrgetter: s.phase and
    s.round are read on every rules check)."""
    def put(self, value) -> None:
        setattr(getattr(self, component), name, value)
    return property(attrgetter(f"{component}.{name}"), put, doc=f"{component}.{name}")



class Session:
    round = _through("clock", "round")
    phase = _through("clock", "phase")
    active = _through("clock", "active")
    withdraw_from = _through("clock", "withdraw_from")
    last_round = _through("clock", "last_round")
    blackout_until = _through("clock", "blackout_until")
    result = _through("clock", "result")
    heat = _through("tracks", "heat")
    heat_spent = _through("tracks", "heat_spent")
    carried_heat = _through("tracks", "carried_heat")
    ambient_bonus = _through("tracks", "ambient_bonus")
    doom = _through("tracks", "doom")
    escalations = _through("tracks", "escalations")
    heat_history = _through("tracks", "heat_history")
    removed_shamblers = _through("round_log", "removed_shamblers")
    disruption = _through("round_log", "disruption")
    calls = _through("round_log", "calls")
    events_bought = _through("round_log", "events_bought")

    @property
    def task_index(self) -> int:
        return self.mission.task_index

    @task_index.setter
    def task_index(self, value: int) -> None:
        self.mission.task_index = value
        self.memos.changed(TASK)

    task_progress = _through("mission", "task_progress")
    spawned = _through("mission", "spawned")

    def __init__(self, content: Content, scenario: str | ScenarioDef, seed: int = 0,
                 team: Sequence[str] | None = None, dice: Dice | None = None, map_def: MapDef | None = None,
                 policy=None, agendas: bool = False, owners: Sequence[str] = (), prepare=None):
        """`policy` chooses the Director's purchases (game.ai.director.DirectorAI, a script, a human's choices);
        without one the Director buys by the engine's must-spend order (game.world.purchases.legal_purchases).
        `agendas`: deal each survivor a Secret Agenda card (game.world.agendas). `owners`: who plays each survivor,
        in team order, in a hot-seat game: a player's name, or AI_OWNER for the survivor AI. `prepare(session)` runs
        once the table is set: a campaign mission puts the band's own survivors in (game.campaign.mission)."""
        self.content = content
        self.rules = content.rules
        self.scenario = content.scenarios[scenario] if isinstance(scenario, str) else scenario
        self.seed = seed
        self.rng = random.Random(seed)
        self.dice = dice or Dice(self.rng)
        self.world = self.new_world_name()
        self.entities_made = 0             # esper numbers entities 1, 2...: the last number used (a fork needs it)
        esper.switch_world(self.world)     # every read and write goes through esper's functions, in this world
        # component type -> {entity: component}: esper's get_component read once into a dict (index()). Every write
        # that adds or removes a component is the Session's, and puts it in or takes it out (_added, _removed).
        self._index: dict[type, dict[int, object]] = {}
        self.map = map_def or content.maps[self.scenario.map]
        self.board = Board(self.map)
        self.events: list[Event] = []
        self.listeners: list = []          # callables(event), e.g. the UI's animator
        self.policy = policy
        self.horror = None                 # a campaign mission's HorrorWatch (game.world.horror)

        # The table's state lives in components of one entity; the Session keeps handles to them (the objects
        # esper holds), and the properties below read and write through them.
        self.clock, self.tracks, self.round_log, self.mission = Clock(), Tracks(), RoundLog(), Mission()
        # The game's memos (game.world.memo), with one for the targets of each room a zombie can have.
        cap = self.rules.engagement_slots
        self.memos = GameMemos(sorted({cap - z.slots for z in content.zombies.values()}))
        self.occupant: Occupancy = Occupancy(self.memos)
        self.board.on_door_change = partial(self.memos.changed, DOORS)
        self._zombie_names: dict[int, str] = {}              # name() of each zombie entity, once made
        self._markers: dict[tuple[str, str | None], tuple[int, ...]] = {}   # map markers never move
        self._uids = itertools.count(1)
        self.gear: dict[int, Gear] = {}    # every deck card, by uid (one in a draw pile is never changed in place)
        self.decks: dict[str, dict[str, list[int]]] = {}
        self.ground: dict[int, list[Gear]] = {}
        self.search_tokens: dict[int, str] = {}
        self._director = None
        self._last_step: str | None = None
        self._roster: list[int] = []      # every survivor entity, on the board or not (entities are never deleted)
        self._slows = {i: d.slows for i, d in content.items.items() if d.slows}   # item id -> inches off Move

        self._setup(team or self.scenario.team)
        if agendas:
            for sv, card in deal(content, self.scenario, self.survivors(), seed).items():
                self.add_component(sv, Agenda(card.id))
        if owners:
            for sv, owner in zip(self.survivors(on_board=False), owners, strict=True):
                self.add_component(sv, Owner(owner, ai=owner == AI_OWNER))
        # The table entity comes after the models, so that survivors keep the first entity ids.
        self.table = self._create_entity(self.clock, self.tracks, self.round_log, self.mission)
        self._added(self.table, self.clock, self.tracks, self.round_log, self.mission)
        if prepare is not None:
            prepare(self)

    # --- world access ------------------------------------------------------------------------------------------
    def use(self) -> None:
        """Make this session's esper world current (esper keeps one global current world, and its functions read
        and write that one): every method that calls esper calls it first. Reads through the indexes need no world,
        so a screen may hold two sessions (a game and its preview) and read either."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)

    @staticmethod
    def new_world_name() -> str:
        """A name for a new game's esper world, never used before in this process."""
        return f"session-{next(_world_ids)}"

    def _create_entity(self, *components) -> int:
        """esper's create_entity in this world (current already), counted."""
        self.entities_made += 1
        return esper.create_entity(*components)

    def fork(self, seed: int, *, director: bool = True) -> Session:
        """This game as it is now, to play on without touching it, with dice of its own (game.world.fork).
        `director=False`: a fork that ends before the Director Phase, without a copy of the Director's policy."""
        return fork(self, seed, director=director)

    def close(self) -> None:
        self.board.release()
        if esper.current_world == self.world:
            esper.switch_world("default")
        if self.world in esper.list_worlds():
            esper.delete_world(self.world)

    def comp(self, eid: int, ctype):
        """A model's component of this type (held by reference: change it in place). KeyError if it has none."""
        try:
            return self._index[ctype][eid]      # index(), inlined: this is the game's commonest read
        except KeyError:                        # no index kept (or no such component: index() raises again)
            return self.index(ctype)[eid]

    def try_comp(self, eid: int, ctype):
        """A model's component of this type, or None when it has none (or is no longer in the world)."""
        return self.index(ctype).get(eid)

    def index(self, ctype) -> dict[int, object]:
        """{entity: its component} for every entity with a component of this type, read through esper's
        get_component once and kept up to date by the Session's writes (for lookups: its order is not esper's; the
        caller must not change it)."""
        found = self._index.get(ctype)
        if found is None:
            self.use()
            found = self._index[ctype] = dict(esper.get_component(ctype))
        return found

    def add_component(self, eid: int, component) -> None:
        """Give an entity a component (esper's add_component), in the index of its type too."""
        self.use()
        esper.add_component(eid, component)
        self._added(eid, component)

    def _added(self, eid: int, *components) -> None:
        """These components of an entity came (through esper): put them in the indexes kept."""
        for component in components:
            found = self._index.get(type(component))
            if found is not None:
                found[eid] = component

    def _removed(self, eid: int, *ctypes) -> None:
        """The entity's components of these types went (through esper): take them out of the indexes kept."""
        for ctype in ctypes:
            found = self._index.get(ctype)
            if found is not None:
                found.pop(eid, None)

    def survivors(self, *, on_board: bool = True) -> list[int]:
        """Survivor entities by seat; on_board=False includes the eliminated and escaped (who have no Pos)."""
        memo = self.memos.survivors
        key = _ON_BOARD if on_board else _ALL_SURVIVORS  # who is on the table changes only when someone leaves it
        found = memo.get(key)
        if found is None:
            placed = self.index(Pos)    # the roster is in seat order; the board holds those with a Pos
            found = memo[key] = [eid for eid in self._roster if eid in placed] if on_board else self._roster
        return list(found)

    def on_board(self) -> list[int]:
        """survivors(), without the copy: for hot loops that only read it (the caller must not change it)."""
        memo = self.memos.survivors
        found = memo.get(_ON_BOARD)
        if found is None:
            placed = self.index(Pos)
            found = memo[_ON_BOARD] = [eid for eid in self._roster if eid in placed]
        return found

    def survivor_cell_set(self) -> frozenset[int]:
        """The cells survivors stand in (kept until a survivor moves: zombies walk around them)."""
        memo = self.memos.survivors
        found = memo.get("cell set")
        if found is None:
            found = memo["cell set"] = frozenset(self.cells_of(Survivor))
        return found

    def owner(self, sv: int) -> Owner | None:
        """Who plays this survivor in a hot-seat game (None in one person's game: they play every survivor)."""
        return self.try_comp(sv, Owner)

    def standing(self) -> list[int]:
        return [s for s in self.survivors() if not self.comp(s, Status).downed]

    def zombies(self) -> list[int]:
        memo = self.memos.roster
        found = memo.get("ids")
        if found is None:
            self.use()
            found = memo["ids"] = sorted(eid for eid, _ in esper.get_component(Zombie))
        return list(found)

    def cell(self, eid: int) -> int:
        try:
            return self._index[Pos][eid].cell   # index(), inlined: the second commonest read
        except KeyError:
            return self.index(Pos)[eid].cell

    def xy(self, eid: int) -> tuple[int, int]:
        return self.board.xy(self.cell(eid))

    def name(self, eid: int) -> str:
        survivor = self.index(Survivor).get(eid)
        if survivor is not None:
            return survivor.name
        zombie = self.index(Zombie).get(eid)
        if zombie is None:
            return f"#{eid}"
        # A zombie's kind never changes and a world never hands out an entity id twice: its name is made once.
        named = self._zombie_names.get(eid)
        if named is None:
            named = self._zombie_names[eid] = f"{self.content.zombies[zombie.kind].name} #{eid}"
        return named

    def rename(self, eid: int, name: str) -> None:
        """Give a model the name a hand-set position calls it by (game.tools.sandbox): the log and the screen use it."""
        survivor = self.index(Survivor).get(eid)
        if survivor is not None:
            survivor.name = name
        else:
            self._zombie_names[eid] = name

    def may_withdraw(self, who: int) -> bool:
        """Has this survivor just won or tied a melee, so that a free Withdrawal step is open to it?"""
        return self.withdraw_from is not None and self.withdraw_from[0] == who

    @property
    def survivor_ids(self) -> set[int]:
        """Every survivor entity (read only)."""
        return set(self.index(Survivor))

    def is_survivor(self, eid: int) -> bool:
        return eid in self.index(Survivor)

    def is_zombie(self, eid: int) -> bool:
        return eid in self.index(Zombie)

    def zdef(self, eid: int):
        return self.content.zombies[self.comp(eid, Zombie).kind]

    def effect(self, eid: int, key: str) -> int:
        """A skill effect of a survivor (0/False when its skill does not have it)."""
        skill = self.content.skills[self.comp(eid, Survivor).skill]
        return int(skill.effects.get(key, 0))

    def move_of(self, eid: int) -> int:
        """A survivor's Move as it stands: the stat less what slows them among the cards they carry (the vaccine
        case), never below rules.min_move. Every Move, Disengage and Drag measures from this."""
        slows = sum(self._slows.get(g.gear_id, 0) for g in self.comp(eid, Inventory).gear)
        move = self.comp(eid, Survivor).move
        return max(min(move, self.rules.min_move), move - slows) if slows else move

    def dist(self, a: int, b: int) -> float:
        """Inches between two cells (the octile measure of game.rules.geometry.distance, inlined: a hot path)."""
        w = self.board.width
        dx, dy = abs(a % w - b % w), abs(a // w - b // w)
        return dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx

    def cells_of(self, ctype) -> list[int]:
        """The cells of every model that has this component and stands on the board (until someone moves)."""
        memos = self.memos
        memo = memos.survivors if ctype is Survivor else memos.zombies if ctype is Zombie else memos.position
        found = memo.get(("cells", ctype))
        if found is None:
            self.use()
            found = memo["cells", ctype] = [pos.cell for _, (pos, _) in esper.get_components(Pos, ctype)]
        return found

    def zombie_within(self, cell: int, radius: float) -> bool:
        """Is any zombie within `radius` inches (the straight octile measure) of this cell?"""
        return self._any_within(cell, radius, self.cells_of(Zombie))

    def nearest_zombie(self, cell: int) -> float:
        """Inches (the straight octile measure) from this cell to the nearest zombie, inf if none: zombie_within(cell,
        r) is nearest_zombie(cell) <= r. Kept per cell until a zombie moves, comes or goes (for the survivor AI, which
        asks several radii of the same cell while only survivors move)."""
        memo = self.memos.zombies
        found = memo.get(("nearest", cell))
        if found is None:
            w = self.board.width
            spots = memo.get("zombie xy")
            if spots is None:
                spots = memo["zombie xy"] = [(c % w, c // w) for c in self.cells_of(Zombie)]
            x, y = cell % w, cell // w
            found = float("inf")
            for zx, zy in spots:
                dx = x - zx if x >= zx else zx - x
                dy = y - zy if y >= zy else zy - y
                d = dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx
                if d < found:
                    found = d
            memo["nearest", cell] = found
        return found

    def zombie_cells(self) -> set[int]:
        """The cells zombies stand in."""
        return set(self.cells_of(Zombie))

    def zombie_cell_set(self) -> frozenset[int]:
        """zombie_cells(), kept until a zombie moves, comes or goes (the caller must not change it)."""
        memo = self.memos.zombies
        found = memo.get("zombie cell set")
        if found is None:
            found = memo["zombie cell set"] = frozenset(self.cells_of(Zombie))
        return found

    def zombie_cells_within(self, cell: int, radius: float) -> list[int]:
        """The cells of the zombies within `radius` inches (the straight octile measure) of this cell."""
        return self._within(cell, radius, self.cells_of(Zombie))

    def survivor_within(self, cell: int, radius: float) -> bool:
        """Is any survivor on the board within `radius` inches (the straight octile measure) of this cell?"""
        return self._any_within(cell, radius, self.cells_of(Survivor))

    def _any_within(self, cell: int, radius: float, cells: list[int]) -> bool:
        w = self.board.width
        x, y = cell % w, cell // w
        for c in cells:
            dx, dy = abs(x - c % w), abs(y - c // w)
            if (dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx) <= radius:
                return True
        return False

    def _within(self, cell: int, radius: float, cells: list[int]) -> list[int]:
        w = self.board.width
        x, y = cell % w, cell // w
        out = []
        for c in cells:
            dx, dy = abs(x - c % w), abs(y - c // w)
            if (dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx) <= radius:
                out.append(c)
        return out

    def survivor_memo(self) -> dict:
        """A dict for answers that depend only on where the survivors stand (and whatever else their key holds): it
        is emptied whenever a survivor moves, comes or goes; the zombies' moves leave it be."""
        return self.memos.survivors

    def survivor_contact_set(self) -> frozenset[int]:
        """The cells in base contact with a survivor (kept until a survivor moves)."""
        memo = self.memos.survivors
        found = memo.get("contact set")
        if found is None:
            contact = self.board.contact_cells
            found = memo["contact set"] = frozenset().union(*(contact(c) for c in self.cells_of(Survivor)))
        return found

    def position_memo(self) -> dict:
        """A dict for answers that depend only on where the models stand and on the doors (move reach, active spawn
        points): it is emptied whenever a model moves or a door or barricade changes."""
        return self.memos.position

    def sight_range(self) -> float | None:
        """How far anyone sees this round, in inches (None: as far as the walls allow): the scenario's own limit (a
        night) and a blackout's, whichever is shorter."""
        limit = self.scenario.sight or None
        if self.clock.round <= self.clock.blackout_until:
            blackout = self.rules.blackout_sight
            limit = blackout if limit is None or blackout < limit else limit
        return limit

    def can_see(self, a: int, b: int) -> bool:
        return self.board.sees(a, b, self.sight_range())

    # --- events ------------------------------------------------------------------------------------------------
    def emit(self, event_kind: str, text: str, **data) -> Event:
        event = Event(event_kind, text, data)
        self.events.append(event)
        for listener in self.listeners:
            listener(event)
        return event

    def log_lines(self) -> list[str]:
        return [e.line() for e in self.events]

    # --- setup -------------------------------------------------------------------------------------------------
    def _setup(self, team: Sequence[str]) -> None:
        self.emit("setup", f"{self.scenario.name}: seed {self.seed}, Doom track {self.scenario.doom_length} spaces",
                  scenario=self.scenario.id, seed=self.seed)
        for deck_id, deck in self.content.decks.items():
            uids = []
            for card in deck.cards:
                gear = self._new_gear(card, deck_id)
                self.gear[gear.uid] = gear
                uids.append(gear.uid)
            self.rng.shuffle(uids)
            self.decks[deck_id] = {"draw": uids, "discard": []}
        if not self.scenario.team_min <= len(team) <= self.scenario.team_max:
            raise ValueError(f"{self.scenario.name} takes {self.scenario.team_min} to {self.scenario.team_max} "
                             f"survivors, not {len(team)}")
        deploy = [self.board.idx(m.x, m.y) for m in self.map.markers_of("deploy")]
        if len(team) > len(deploy):
            raise ValueError(f"{len(team)} survivors but only {len(deploy)} deployment cells")
        for seat, (arch_id, cell) in enumerate(zip(team, deploy, strict=False)):
            self._add_survivor(arch_id, seat, cell)
        self.starting_team = len(team)
        for m in self.map.markers_of("zombie"):
            self.place_zombie("shambler", self.board.idx(m.x, m.y), reason="starts here", count=False)
        for kind, x, y in self.scenario.initial_zombies:
            self.place_zombie(kind, self.board.idx(x, y), reason="starts here", count=False)
        for m in self.map.markers_of("search"):
            self.search_tokens[self.board.idx(m.x, m.y)] = m.deck
        objectives = {m.name: self.board.idx(m.x, m.y) for m in self.map.markers_of("objective")}
        for obj in self.scenario.objective_items:
            self.drop(self._new_gear(obj.item, "objective"), objectives[obj.marker])
        self.start_round()

    def _new_gear(self, gear_id: str, deck: str, free_for: int | None = None) -> Gear:
        weapon = self.content.weapons.get(gear_id)
        return Gear(next(self._uids), gear_id, deck, ammo=weapon.ammo if weapon else 0, free_for=free_for)

    def _add_survivor(self, arch_id: str, seat: int, cell: int) -> int:
        arch = self.content.archetypes[arch_id]
        self.use()
        eid = self._create_entity()
        self.add_component(eid, Survivor(arch.id, arch.name, arch.move, arch.fight, arch.shoot, arch.wits,
                                          arch.guts, arch.skill, seat))
        pos = Pos(cell)
        self.add_component(eid, pos)
        self.add_component(eid, Health(arch.wounds, arch.wounds))
        self.add_component(eid, Status())
        self.add_component(eid, Turn())
        self.add_component(eid, Engagement())
        inv = Inventory(reloads=arch.reloads)
        inv.gear += [self._new_gear(w, "", free_for=eid) for w in arch.weapons]
        inv.gear += [self._new_gear(i, "") for i in arch.items]
        self.add_component(eid, inv)
        self.occupant.survivor_ids.add(eid)
        self.occupant[cell] = eid
        self.memos.changed(PLACES)
        self._roster.append(eid)
        self._roster.sort(key=lambda e: (self.comp(e, Survivor).seat, e))
        return eid

    # --- rounds ------------------------------------------------------------------------------------------------
    def start_round(self) -> None:
        self.phase = "survivor"
        self.use()
        for eid, _ in list(esper.get_component(Noise)):
            esper.delete_entity(eid, immediate=True)
            self._removed(eid, Noise)
        self.memos.changed(NOISE)
        self.removed_shamblers = 0
        self.disruption.clear()
        self.events_bought.clear()
        self.heat = 0
        self.heat_spent = 0
        for s in self.survivors(on_board=False):
            turn = self.comp(s, Turn)
            turn.activated = False
            turn.ap = 0
        self.emit("round", f"Round {self.round} begins (Doom {self.doom}/{self.scenario.doom_length})",
                  round=self.round, doom=self.doom)
        if self.carried_heat:
            carried, self.carried_heat = self.carried_heat, 0
            self.add_heat(carried, None, "the city still rings from last round")

    # --- Heat and Doom -----------------------------------------------------------------------------------------
    def noise_heat(self, amount: int) -> int:
        """Heat an act that makes `amount` at a place on the board really makes: a scenario's noise_bonus (sound
        carries at night) is added to every such act, and nothing is added to a silent one."""
        return amount + self.scenario.noise_bonus if amount > 0 else amount

    def add_heat(self, amount: int, cell: int | None, reason: str) -> None:
        if amount <= 0:
            return
        if cell is not None and self.scenario.noise_bonus:
            amount = self.noise_heat(amount)
            reason += f" (+{self.scenario.noise_bonus}: sound carries)"
        before = self.heat
        self.heat = min(self.rules.heat_max, self.heat + amount)
        if cell is not None:
            self._make_noise(cell, amount)
        lost = amount - (self.heat - before)
        tail = f" ({lost} lost above {self.rules.heat_max})" if lost else ""
        self.emit("heat", f"+{amount} Heat: {reason} -> {self.heat}{tail}", amount=amount, heat=self.heat,
                  cell=cell)

    def lay_noise(self, cell: int, amount: int) -> None:
        """Heat already made at a cell this round, as a hand-set position says (no bonus, no event): on the track and
        on the board."""
        self.heat = min(self.rules.heat_max, self.heat + amount)
        self._make_noise(cell, amount)

    def _make_noise(self, cell: int, amount: int) -> None:
        """Remember where this round's Heat was made (zombies without sight head for the loudest spot)."""
        self.use()
        self.memos.changed(NOISE)
        for _, noise in esper.get_component(Noise):
            if noise.cell == cell:
                noise.amount += amount
                return
        noise = Noise(cell, amount)
        self._added(self._create_entity(noise), noise)

    def _noise_facts(self) -> tuple[dict[int, int], int | None]:
        """(cell -> Heat made there, the loudest cell), read from the Noise components and kept until noise is made
        or the round starts: every zombie without a survivor in sight asks."""
        memo = self.memos.noise
        found = memo.get("facts")
        if found is None:
            self.use()
            noise = {n.cell: n.amount for _, n in esper.get_component(Noise)}
            found = memo["facts"] = (noise, min(noise, key=lambda c: (-noise[c], c)) if noise else None)
        return found

    @property
    def noise(self) -> dict[int, int]:
        """cell -> Heat made there this round (a copy: the Noise components hold it)."""
        return dict(self._noise_facts()[0])

    def loudest_noise(self) -> int | None:
        return self._noise_facts()[1]

    def advance_doom(self, reason: str, cause: str = "event") -> None:
        """Move the Doom marker on; `cause` (round, escalation, clatter, event) is kept for the records."""
        length = self.scenario.doom_length
        if self.doom >= length:
            self.emit("doom", f"Doom is already on its final space ({reason})", doom=self.doom, cause=cause,
                      held=True)
            return
        self.doom += 1
        self.emit("doom", f"Doom advances to {self.doom}/{length}: {reason}", doom=self.doom, cause=cause)
        event_id = self.scenario.doom_events.get(self.doom)
        if event_id:
            self.trigger_event(event_id, "Doom event")
        if self.doom >= length and self.last_round is None:
            self.last_round = self.round + 1
            self.emit("doom", f"Doom Finale! The survivors have until the end of round {self.last_round}",
                      last_round=self.last_round)
            self.trigger_event(self.scenario.finale, "Doom Finale")

    def trigger_event(self, event_id: str, why: str) -> None:
        apply_event(self, self.content.events[event_id], why)

    # --- dice --------------------------------------------------------------------------------------------------
    def roll(self, n: int, who: int | None, purpose: str, need: int | None = None, *, at_least_one: bool = True,
             complications_count: bool = True) -> tuple[int, ...]:
        """Every die of the game is rolled here, and logged with who rolled, for what, how many dice, the face each
        die needed and every face. A pool never drops below one die (7.0) unless `at_least_one` is off (a roll of
        zero swipes is no roll). A survivor's natural 1s make Heat where it stands."""
        need = need or self.rules.success
        faces = self.dice.d6(pool(n) if at_least_one else n)
        hits = successes(faces, need)
        label = self.name(who) if who is not None else "Director"
        data = dict(who=who, roller=label, purpose=purpose, dice=len(faces), need=need, faces=list(faces),
                    successes=hits)
        self.emit("roll", roll_text(data), **data)
        if who is not None and complications_count and self.is_survivor(who):
            made = complications(ones(faces), self.effect(who, "ignore_complications"))
            if made:
                self.add_heat(made, self.cell(who), f"{made} complication(s) on {purpose}")
        return faces

    def hits(self, faces: Sequence[int], need: int | None = None) -> int:
        return successes(faces, need or self.rules.success)

    # --- models ------------------------------------------------------------------------------------------------
    def move_model(self, eid: int, path: Sequence[int], verb: str = "moves") -> None:
        if not path:
            return
        pos = self.comp(eid, Pos)
        start = pos.cell
        pos.cell = path[-1]
        self.occupant.move(start, pos.cell)
        x, y = self.board.xy(pos.cell)
        self.emit("move", f"{self.name(eid)} {verb} to ({x}, {y})", who=eid, path=[start, *path], verb=verb)
        if self.is_zombie(eid) and not self._near_survivors(start) and not self._near_survivors(pos.cell):
            return      # a zombie moving far from every survivor cannot change who engages whom
        self.update_engagement()

    def _near_survivors(self, cell: int) -> bool:
        return cell in self.survivor_contact_set()         # (contact is symmetric: a survivor's contact cells)

    def place_zombie(self, kind: str, cell: int, reason: str, count: bool = True, how: str = "start") -> int:
        """Put a zombie on the board; `how` says why for the records: start, spawned, reanimated or event."""
        zdef = self.content.zombies[kind]
        self.use()
        made = (Pos(cell), Zombie(kind), Health(zdef.wounds, zdef.wounds), Status(), Goal())
        eid = self._create_entity(*made)
        self._added(eid, *made)
        self.memos.changed(ZOMBIE_ROSTER)
        self.occupant[cell] = eid
        if count:
            self.spawned[kind] = self.spawned.get(kind, 0) + 1
        x, y = self.board.xy(cell)
        self.emit("spawn", f"{zdef.name} appears at ({x}, {y}): {reason}", who=eid, kind=kind, cell=cell, how=how)
        if self._near_survivors(cell):      # a zombie out of everyone's reach changes no engagement
            self.update_engagement()
        return eid

    def free_cell_near(self, cell: int, radius: int) -> int | None:
        """The cell itself or the nearest free standable cell within `radius` inches of walking (never through a
        wall), ties to the lowest index."""
        if cell not in self.occupant and self.board.walkable(cell):
            return cell
        found = self.board.open_reach(cell, radius * 2)     # walking distances: shared by every game on the map
        free = [(cost, i) for i, (cost, _) in found.items() if i not in self.occupant and self.board.walkable(i)]
        return min(free)[1] if free else None

    def fight_of(self, zombie: int) -> int:
        zdef = self.zdef(zombie)
        return zombie_fight(zdef.fight, zdef.fight_per_wound, self.comp(zombie, Health).wounds)

    # --- engagement --------------------------------------------------------------------------------------------
    def engagers(self, survivor: int) -> list[int]:
        """Zombies whose attacks go to this survivor, by id: its swarm (its Engagement component)."""
        return list(self.comp(survivor, Engagement).attackers)

    def slots_used(self, survivor: int) -> int:
        return self.comp(survivor, Engagement).slots

    def contact_zombies(self, survivor: int) -> list[int]:
        """Zombies in base contact with a survivor, by id. Each of them holds it engaged (rulebook 5.0: entering
        base contact engages), even one whose own attacks go to another survivor."""
        return list(self._contact(survivor))

    def _contact(self, survivor: int) -> tuple[int, ...]:
        memo = self.position_memo()      # contact depends only on where the models stand
        key = ("contact", survivor)
        found = memo.get(key)
        if found is None:
            occupant = self.occupant
            found = memo[key] = tuple(sorted(eid for c in self.board.contact_cells(self.cell(survivor))
                                             if (eid := occupant.get(c)) is not None and self.is_zombie(eid)))
        return found

    def is_engaged(self, survivor: int) -> bool:
        """Engaged: in base contact with a zombie. It cannot Move, and leaves only by Disengaging."""
        # The zombies' cells, when kept (they are while survivors move), answer without listing the zombies; while
        # the horde walks they are not worth working out afresh after every step.
        zombie_cells = self.memos.zombies.get("zombie cell set")
        if zombie_cells is None:
            return bool(self._contact(survivor))
        return not self.board.contact_cells(self.cell(survivor)).isdisjoint(zombie_cells)

    def swipes(self, zombies: Sequence[int]) -> int:
        """Parting Swipes these zombies make: one per figure, 3 at most."""
        return parting_swipes(sum(self.zdef(z).slots for z in zombies), self.rules.engagement_slots)

    def room_for(self, survivor: int, zombie: int) -> bool:
        return self.slots_used(survivor) + self.zdef(zombie).slots <= self.rules.engagement_slots

    def update_engagement(self) -> None:
        """The engagement system: work out whose attacks go where from positions (see docs/RULES.md, Engagement)
        and write it into the Zombie and Engagement components.

        Only zombies in contact with a survivor (or attacking one a moment ago) can be engaged, so only those are
        looked at. Each zombie attacks one survivor; at most 3 figures attack one survivor (No Clown Cars).
        """
        board, cap, zombies_def = self.board, self.rules.engagement_slots, self.content.zombies
        pos_of, zombie_of, engagement_of = self.index(Pos), self.index(Zombie), self.index(Engagement)
        status_of = self.index(Status)
        scell, downed, engagement = {}, {}, {}
        candidates = set()
        before = []                # the slots in use, to tell whether the zombies' targets may have changed
        for s in self._roster:
            eng = engagement_of[s]
            if s in pos_of:
                scell[s], downed[s], engagement[s] = pos_of[s].cell, status_of[s].downed, eng
                candidates.update(z for z in eng.attackers if z in zombie_of)
            before.append(eng.slots)
            eng.attackers, eng.slots = (), 0
        near: set[int] = set()
        for c in scell.values():
            near.update(board.contact_cells(c))
        occupant = self.occupant
        candidates.update(eid for c in near if (eid := occupant.get(c)) is not None and eid in zombie_of)
        if not candidates:          # the common case: nobody is or comes into contact
            if any(before):
                self._slots_changed(before)
            return
        slots = dict.fromkeys(scell, 0)
        free = []
        for z in sorted(candidates):
            zc = zombie_of[z]
            need = zombies_def[zc.kind].slots
            zcell = pos_of[z].cell
            t = zc.engaged
            if t in scell and board.in_contact(zcell, scell[t]) and slots[t] + need <= cap:
                # Feeding zombies are drawn off by a standing survivor who comes into contact.
                if downed[t] and any(not downed[o] and board.in_contact(zcell, scell[o]) and slots[o] + need <= cap
                                     for o in scell):
                    zc.engaged = None
                    free.append((zc, need, zcell))
                    continue
                slots[t] += need
            else:
                zc.engaged = None
                free.append((zc, need, zcell))
        for zc, need, zcell in free:
            options = [o for o in scell if slots[o] + need <= cap and board.in_contact(zcell, scell[o])]
            if options:
                target = min(options, key=lambda o: (downed[o], slots[o], o))
                zc.engaged = target
                slots[target] += need
        attackers: dict[int, list[int]] = {}
        for z in sorted(candidates):
            t = zombie_of[z].engaged
            if t is not None:
                attackers.setdefault(t, []).append(z)
        for t, group in attackers.items():
            engagement[t].attackers, engagement[t].slots = tuple(group), slots[t]
        if before != [engagement_of[s].slots for s in self._roster]:
            self._slots_changed(before)

    def _slots_changed(self, before: list[int]) -> None:
        """A zombie with room r sees past the survivors with more than r slots in use: forget the targets of every
        room a survivor's slots crossed (from `before`, in roster order, to now)."""
        engagement_of, changed = self.index(Engagement), self.memos.changed
        for s, was in zip(self._roster, before, strict=True):
            now = engagement_of[s].slots
            for room in range(min(was, now), max(was, now)):
                changed(slots_crossed(room))

    # --- wounds ------------------------------------------------------------------------------------------------
    def wound_survivor(self, s: int, amount: int, source: str) -> None:
        if amount <= 0:
            return
        health = self.comp(s, Health)
        status = self.comp(s, Status)
        if status.downed:
            return
        before = health.wounds
        health.wounds = max(0, health.wounds - amount)
        # exact: the blow took the last wound with none to spare (a campaign scar, game.campaign.mission)
        self.emit("wound", f"{self.name(s)} takes {amount} wound{'s' if amount > 1 else ''} from {source} "
                  f"({health.wounds}/{health.max_wounds} left)", who=s, amount=amount, exact=amount == before)
        if health.wounds == 0:
            self.go_down(s)

    def go_down(self, s: int) -> None:
        status = self.comp(s, Status)
        status.downed = True
        status.hunkered = False
        turn = self.comp(s, Turn)
        turn.aiming = False
        inv = self.comp(s, Inventory)
        dropped = [g for g in inv.gear if self.content.items.get(g.gear_id) and
                   self.content.items[g.gear_id].kind == "objective"]
        for g in dropped:
            inv.gear.remove(g)
            self.drop(g, self.cell(s))
        names = ", ".join(self.content.gear_name(g.gear_id) for g in dropped)
        self.emit("downed", f"{self.name(s)} is Downed!" + (f" Drops {names}." if dropped else ""), who=s)
        if self.active == s:
            self.active = None
        self.update_engagement()

    def eliminate(self, s: int, cause: str) -> None:
        status = self.comp(s, Status)
        if status.eliminated:
            return
        cell = self.cell(s)
        inv = self.comp(s, Inventory)
        for g in inv.gear:
            g.free_for = None
            self.drop(g, cell)
        inv.gear.clear()
        status.eliminated = True
        status.downed = False
        self.remove_from_board(s)
        self.emit("eliminated", f"{self.name(s)} is lost: {cause}", who=s, cause=cause, cell=cell)
        self.update_engagement()
        self.check_end()

    def remove_from_board(self, s: int) -> None:
        """A survivor leaves the table (eliminated or escaped); its entity stays for the records."""
        self.use()
        del self.occupant[esper.remove_component(s, Pos).cell]
        self._removed(s, Pos)
        self.memos.changed(PLACES)
        eng = esper.component_for_entity(s, Engagement)
        eng.attackers, eng.slots = (), 0
        if self.active == s:
            self.active = None

    def revive(self, s: int, wounds: int) -> None:
        status = self.comp(s, Status)
        health = self.comp(s, Health)
        status.downed = False
        status.burning = False
        health.wounds = min(health.max_wounds, max(1, wounds))
        self.emit("revive", f"{self.name(s)} is back on their feet with {health.wounds} wound(s)", who=s)
        self.update_engagement()

    def wound_zombie(self, z: int, amount: int, source: str, by_survivors: bool = True) -> None:
        if amount <= 0 or not self.is_zombie(z):
            return
        health = self.comp(z, Health)
        dealt = min(amount, health.wounds)
        zomb = self.comp(z, Zombie)
        if by_survivors and self.phase == "survivor" and zomb.engaged is not None \
                and self.comp(zomb.engaged, Status).downed:
            self.disruption[zomb.engaged] = self.disruption.get(zomb.engaged, 0) + dealt
        health.wounds -= dealt
        self.emit("wound", f"{self.name(z)} takes {dealt} wound{'s' if dealt > 1 else ''} from {source} "
                  f"({health.wounds}/{health.max_wounds} left)", who=z, amount=dealt)
        if health.wounds <= 0:
            self.kill_zombie(z)

    def kill_zombie(self, z: int) -> None:
        zdef = self.zdef(z)
        cell = self.cell(z)
        name = self.name(z)
        self.use()
        held = tuple(map(type, esper.components_for_entity(z)))
        esper.delete_entity(z, immediate=True)
        self._removed(z, *held)
        self.memos.changed(ZOMBIE_ROSTER)
        del self.occupant[cell]
        if zdef.zclass == "shambler":
            self.removed_shamblers += 1
        self.emit("killed", f"{name} is destroyed", who=z, kind=zdef.id, cell=cell)
        self.update_engagement()
        if "explosive_demise" in zdef.specials:
            burst(self, cell, zdef)

    def models_within(self, cell: int, radius: float, through_walls: bool = False) -> list[int]:
        """Models within `radius` inches of a cell (and in sight of it, unless `through_walls`), by entity id."""
        out = []
        for c, eid in self.occupant.items():
            if self.dist(cell, c) <= radius and (through_walls or self.board.sees(cell, c)):
                out.append(eid)
        return sorted(out)

    def set_goal(self, zombie: int, goal: Goal) -> None:
        """Where a zombie is heading this activation (shown on the board). Written in place: adding a component
        would empty esper's query caches for every later query."""
        mine = self.comp(zombie, Goal)
        mine.cells, mine.why, mine.centre, mine.target = goal.cells, goal.why, goal.centre, goal.target

    # --- gear --------------------------------------------------------------------------------------------------
    def drop(self, gear: Gear, cell: int) -> None:
        gear.free_for = None
        self.ground.setdefault(cell, []).append(gear)
        self.memos.changed(GROUND)

    def pick_up(self, gear: Gear, cell: int) -> None:
        """Take a card off the ground (the one who takes it gains it: game.world.actions.gain)."""
        here = self.ground[cell]
        here.remove(gear)
        if not here:
            del self.ground[cell]
        self.memos.changed(GROUND)

    def spend(self, gear: Gear) -> None:
        """A used-up card goes to its deck's discard pile; starting and objective gear leaves play."""
        if gear.deck in self.decks:
            self.decks[gear.deck]["discard"].append(gear.uid)
            gear.ammo = self.content.weapons[gear.gear_id].ammo if gear.gear_id in self.content.weapons else 0

    def capacity(self, s: int, gear: Sequence[Gear] | None = None) -> int:
        """Cards a survivor may carry with this gear (default: what it carries now). Only the best container counts:
        the rulebook gives 4 items with a Backpack, not one more per Backpack."""
        items = self.comp(s, Inventory).gear if gear is None else gear
        extra = max((self.content.items[g.gear_id].capacity for g in items if g.gear_id in self.content.items),
                    default=0)
        return self.rules.inventory + extra

    def slots_taken(self, s: int, gear: Sequence[Gear] | None = None) -> int:
        """Slots in use: starting weapons on their owner and containers (the Backpack) take none."""
        items = self.comp(s, Inventory).gear if gear is None else gear
        return sum(1 for g in items if g.free_for != s and not self._is_container(g))

    def _is_container(self, gear: Gear) -> bool:
        item = self.content.items.get(gear.gear_id)
        return bool(item and item.capacity)

    def has_room(self, s: int, extra: int = 1) -> bool:
        return self.slots_taken(s) + extra <= self.capacity(s)

    def draw(self, deck_id: str) -> Gear | None:
        deck = self.decks[deck_id]
        uid, reshuffled = draw_from(deck["draw"], deck["discard"], self.rng)
        if uid is None:
            return None
        if reshuffled:
            self.emit("card", f"The {self.content.decks[deck_id].name} is reshuffled", deck=deck_id)
        # The card in hand is a fresh copy: a card in a draw pile is then never changed in place, and a fork of the
        # game shares the draw piles' cards instead of copying them (game.world.fork)
        gear = self.gear[uid] = replace(self.gear[uid])
        self.emit("card", f"Drew {self.content.gear_name(gear.gear_id)} from the "
                  f"{self.content.decks[deck_id].name}", deck=deck_id, card=gear.gear_id, uid=gear.uid)
        return gear

    def card_census(self) -> dict[str, int]:
        """How many cards of each deck are anywhere in the game (must never change)."""
        counts: dict[str, int] = {d: len(v["draw"]) + len(v["discard"]) for d, v in self.decks.items()}
        pools = [self.comp(s, Inventory).gear for s in self.survivors(on_board=False)] + list(self.ground.values())
        for gear_list in pools:
            for g in gear_list:
                if g.deck in counts:
                    counts[g.deck] += 1
        return counts

    # --- objective ---------------------------------------------------------------------------------------------
    @property
    def task(self):
        tasks, index = self.scenario.tasks, self.mission.task_index
        return tasks[index] if index < len(tasks) else None

    def quota(self) -> int:
        task = self.task
        if not task or task.kind != "extract":
            return 0
        return 1 if task.escort else min(task.count, self.starting_team)

    def task_need(self) -> int:
        """How many the current task takes: survivors out, items delivered, times worked or rounds counted."""
        task = self.task
        if task.kind == "extract":
            return self.quota()
        if task.kind in ("hold", "survive"):
            return task.rounds
        return task.count if task.kind == "deliver" else task.times

    def must_stand(self) -> int:
        """A survive task: survivors who must be standing for a round to count (capped by the team's size)."""
        task = self.task
        return min(task.count, self.starting_team) if task and task.kind == "survive" else 0

    def holders(self) -> list[int]:
        """A hold task: the standing survivors in its zone who are not engaged (anyone else's round is spent
        fighting, not holding)."""
        task = self.task
        if task is None or task.kind != "hold":
            return []
        zone = set(self.marker_cells(task.zone))
        return [sv for sv in self.standing() if self.cell(sv) in zone and not self.is_engaged(sv)]

    def round_counts(self) -> bool | None:
        """Does the round that is ending count toward a hold or survive task? None for any other task."""
        task = self.task
        if task is None or task.kind not in ("hold", "survive"):
            return None
        if task.kind == "hold":
            return bool(self.holders())
        return len(self.standing()) >= self.must_stand()

    def progress_task(self, amount: int = 1) -> None:
        task = self.task
        self.task_progress += amount
        need = self.task_need()
        self.emit("objective", f"{task.text.rstrip('.')}: {min(self.task_progress, need)}/{need}", task=task.id)
        if self.task_progress >= need:
            self.task_index += 1
            self.task_progress = 0
            nxt = self.task
            self.emit("objective", f"Objective step done: {task.text.rstrip('.')}" +
                      (f". Next: {nxt.text}" if nxt else ""), task=task.id, done=True)
            if task.reveals:
                self.reveal(task.reveals, task.marker)
        self.check_end()

    def reveal(self, archetype: str, marker: str) -> int | None:
        """The one a task found (a scenario's npc) steps out next to its marker and joins the team: the next seat,
        and they act from the next round. None when there is no room to stand."""
        point = self.marker_cells("objective", marker)[0]
        cell = self.free_cell_near(point, self.rules.spawn_radius)
        if cell is None:
            return None
        seat = 1 + max((self.comp(sv, Survivor).seat for sv in self.survivors(on_board=False)), default=-1)
        eid = self._add_survivor(archetype, seat, cell)
        self.comp(eid, Turn).activated = True
        self.emit("joins", f"{self.name(eid)} is found and joins the team", who=eid, cell=cell)
        self.update_engagement()
        return eid

    def marker_cells(self, kind: str, name: str | None = None) -> list[int]:
        found = self._markers.get((kind, name))
        if found is None:      # markers never move: look each kind up once
            found = self._markers[kind, name] = tuple(
                self.board.idx(m.x, m.y) for m in self.map.markers_of(kind) if name is None or m.name == name)
        return list(found)

    # --- the end -----------------------------------------------------------------------------------------------
    def check_end(self) -> None:
        if self.result:
            return
        # What the verdict reads (who is lost, escaped or on the board; the task) changes only with the occupancy
        # or the task, the end memo's dependencies: while it holds "goes on", the game still does.
        memo = self.memos.end
        if memo:
            return
        ended = self.end_verdict()
        if ended is None:
            memo["goes on"] = True
        else:
            self.finish(*ended)

    def end_verdict(self) -> tuple[str, str] | None:
        """(winner, cause) if either side has won now, else None."""
        status_of, survivor_of, pos_of = self.index(Status), self.index(Survivor), self.index(Pos)
        archetypes = self.content.archetypes
        escort = next((t.escort for t in self.scenario.tasks[self.task_index:] if t.escort), "")
        lost = escaped = on_board = 0
        escort_lost = False
        for s in self._roster:
            status, archetype = status_of[s], survivor_of[s].archetype
            # the rulebook's casualties are the team's: a civilian found on the way is not one of them
            npc = archetypes[archetype].npc
            lost += 1 if status.eliminated and not npc else 0
            escort_lost |= bool(escort) and status.eliminated and archetype == escort
            escaped += 1 if status.escaped else 0
            on_board += 1 if s in pos_of else 0
        if self.task is None:
            return "survivors", "extraction" if self.scenario.tasks[-1].kind == "extract" else "objective"
        if escort_lost:
            return "director", f"{archetypes[escort].name} was lost"
        if lost * 2 > self.starting_team:
            return "director", "casualties"
        if self.task.kind == "extract" and escaped + on_board < self.quota():
            return "director", "casualties"
        if self.task.kind == "survive" and on_board < self.must_stand():
            return "director", "casualties"
        if not on_board:
            return "director", "no survivors left"
        return None

    def finish(self, winner: str, cause: str) -> None:
        self.result = (winner, cause)
        self.phase = "over"
        self.active = None
        side = "The survivors win" if winner == "survivors" else "The Director wins"
        self.emit("end", f"{side}: {cause} (round {self.round})", winner=winner, cause=cause)

    # --- the flow ----------------------------------------------------------------------------------------------
    def submit(self, action) -> list[Event]:
        """Check and perform an action; returns the events it produced. Raises Impossible with a reason."""
        if self.result:
            raise GameOver("the game is over")
        self.use()
        action.check(self)
        first = len(self.events)
        action.perform(self)
        if not getattr(action, "keeps_withdraw", False):
            self.withdraw_from = None
        self.check_end()
        return self.events[first:]

    def director_steps(self) -> Iterator[str]:
        """The Director and End Phases as steps; the screen plays one per frame, a batch runs them through."""
        return systems.director_phase(self)

    def begin_director(self) -> None:
        self._director = self.director_steps()

    def step_director(self) -> str | None:
        """Run one Director step; None when the round is over, "await" while a human Director's choice is due."""
        if self._director is None:
            return None
        try:
            self._last_step = next(self._director)
        except StopIteration:
            self._director = self._last_step = None
        return self._last_step

    def run_director(self) -> None:
        """Run the Director and End Phases through, or up to a choice a human Director has still to make."""
        while self.step_director() not in (None, "await"):
            pass

    @property
    def awaiting_director(self) -> bool:
        """Is the game waiting for a human Director's next purchase?"""
        return self._director is not None and self._last_step == "await"

    @property
    def heat_left(self) -> int:
        """Heat still to spend in Step 3 of this Director Phase (Heat on the track before then)."""
        return self.heat - self.heat_spent

    @property
    def in_director(self) -> bool:
        return self._director is not None

