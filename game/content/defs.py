"""Frozen definitions: what the YAML content becomes once it has been validated.

Everything here is immutable and keyed by string id. The rules engine reads these; it never reads YAML.
Distances are in inches (one grid cell is one inch).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

EMPTY: Mapping = MappingProxyType({})


def kept_whole(cls):
    """A frozen definition is never copied: a copy of the game (game.world.fork) shares it, as it shares the
    content (and copy.deepcopy could not copy its read-only tables anyway)."""
    cls.__copy__ = lambda self: self
    cls.__deepcopy__ = lambda self, memo: self
    return cls


def _empty() -> Mapping:
    """Default for mapping fields: dataclasses refuse an unhashable default such as a mappingproxy."""
    return EMPTY

# --- terrain ------------------------------------------------------------------------------------------------

TERRAIN_KINDS = ("open", "difficult", "light", "heavy", "barricade", "wall", "door", "window")
MARKER_KINDS = ("spawn_minor", "spawn_major", "search", "objective", "deploy", "extract", "zombie")

# Keys a skill's `effects` may use, with the type of their value. The engine reads nothing else.
SKILL_EFFECTS: Mapping[str, type] = MappingProxyType({
    "medical": bool,            # may triage without a medical item
    "triage_dice": int,         # extra dice on triage Wits tests
    "search_dice": int,         # extra dice on Search Wits tests
    "aim_dice": int,            # extra dice from Aim, on top of the usual +1
    "melee_dice": int,          # extra dice in every melee pool (attacking and defending)
    "shoot_dice": int,          # extra dice on every ranged attack
    "guts_dice": int,           # extra dice on Guts tests (bleed out, frenzy, blasts)
    "ignore_complications": int,  # natural 1s per test that make no Heat
    "free_interact": int,       # Interact actions per turn that cost no AP
    "swipe_immune": int,        # parting swipes only wound on a 6 instead of 5-6 (1 = on)
    "fire_immune": bool,        # never Burning
    "disengage_full": bool,     # Disengage moves the full Move, not half
    "noncombatant": bool,       # never attacks (no melee, shot or throw): a civilian to rescue
    "panics": bool,             # tests their nerve when an activation starts under high Heat (rules: panic_heat)
})

WEAPON_KINDS = ("melee", "firearm", "thrown")
WEAPON_TRAITS = ("quiet", "stun", "burning", "pry", "scoped", "single_use", "cleave")
ITEM_KINDS = ("medical", "ammo", "backpack", "tool", "objective", "consumable")
ZOMBIE_SPECIALS = ("shriek", "bulk", "ambush_leap", "explosive_demise", "horde")
ZOMBIE_CLASSES = ("shambler", "special", "major")
EVENT_EFFECTS = ("spawn", "heat_next_round", "ambient_heat", "close_doors", "blackout", "doom")
# The effects that can undo a Sudden Lunge's pin bought before them in the same Director Phase: the pinned
# Shambler's walk comes in the horde's activation, after every purchase (the dark may hide its survivor, a shut door
# bar its way).
PIN_UNDOING_EFFECTS = frozenset({"blackout", "close_doors"})
HAZARD_EFFECTS = ("heat", "wound_test", "spawn_adjacent", "nothing")


@dataclass(frozen=True)
class SkillDef:
    id: str
    name: str
    text: str                      # our own words, shown in tooltips
    effects: Mapping[str, int | bool] = field(default_factory=_empty)


@dataclass(frozen=True)
class ArchetypeDef:
    id: str
    name: str
    blurb: str
    move: int       # inches per Move action
    fight: int      # melee dice
    shoot: int      # dice added to a firearm's dice
    wits: int       # dice for Search and triage
    guts: int       # dice for bleed out, frenzy and blast saves
    wounds: int
    weapons: tuple[str, ...]   # starting weapons (free of the inventory limit while their owner keeps them)
    items: tuple[str, ...]     # starting items (count toward the limit)
    reloads: int
    skill: str
    npc: bool = False          # not on the team screen: a model a scenario brings in (the civilian of a rescue)


@dataclass(frozen=True)
class WeaponDef:
    id: str
    name: str
    kind: str            # melee | firearm | thrown
    text: str
    dice: int = 0        # firearm dice (the shooter's Shoot is added) / thrown: dice rolled on each model hit
    range: int = 0       # inches, 0 for melee
    ammo: int = 0        # shots before a Reload, 0 = no ammo
    heat: int = 0        # Heat when used (melee: on each attack; firearm: each shot; thrown: on the blast)
    melee_bonus: int = 0  # dice added to Fight when used in melee
    blast: int = 0       # blast radius in inches for thrown weapons
    traits: tuple[str, ...] = ()


@dataclass(frozen=True)
class ItemDef:
    id: str
    name: str
    kind: str            # medical | ammo | backpack | tool | objective | consumable
    text: str
    revive_wounds: int = 0   # medical: wounds an ally stands up with (Bandages 1, Medkit 2)
    reloads: int = 0         # ammo: Reload tokens gained at once (the card is then discarded)
    capacity: int = 0        # backpack: extra inventory slots
    interact_dice: int = 0   # tool: extra dice on Search tests (the best tool carried counts)
    guts_dice: int = 0       # consumable (painkillers): spent for extra dice on one Guts test
    slows: int = 0           # any kind: inches off the carrier's Move while carried (the vaccine case)


@dataclass(frozen=True)
class HazardDef:
    id: str
    name: str
    text: str
    effect: str            # heat | wound_test | spawn_adjacent | nothing
    amount: int = 0        # Heat gained, wounds on a failed test, or zombies placed
    zombie: str = ""       # for spawn_adjacent


@dataclass(frozen=True)
class DeckDef:
    id: str                # core | armory | clinic | garage
    name: str
    cards: tuple[str, ...]  # expanded: one entry per physical card; each a weapon, item or hazard id


@dataclass(frozen=True)
class ZombieDef:
    id: str
    name: str
    text: str
    zclass: str           # shambler | special | major: which Director purchase places it
    move: int
    fight: int
    wounds: int
    guts: int = 1         # dice on Guts tests forced on it (blasts)
    slots: int = 1        # engagement slots it fills on a survivor (3 at most per survivor)
    elite: bool = False   # a swarm holding an elite is capped at 3 wounds, whatever its size
    fight_per_wound: int = 0  # >0: Fight = this x wounds left (the Horde tray)
    ignores_difficult: bool = False
    specials: tuple[str, ...] = ()
    # numbers for the specials (shriek_heat, shriek_radius, leap, blast, ...)
    params: Mapping[str, int] = field(default_factory=_empty)


@dataclass(frozen=True)
class EventEffect:
    kind: str              # one of EVENT_EFFECTS
    amount: int = 0
    zombie: str = ""       # for spawn
    where: str = "minor"   # spawn: minor | major | all (each active point) | nearest (the one nearest a survivor)


@dataclass(frozen=True)
class EventDef:
    id: str
    name: str
    text: str
    cost: int              # Heat price as a Director purchase; 0 = only from the Doom track
    effects: tuple[EventEffect, ...]


@dataclass(frozen=True)
class EscalationBand:
    low: int
    high: int
    need: int              # d6 result needed; 0 = automatic


@dataclass(frozen=True)
class RulesDef:
    """Every balance number of the core rules, from game/data/rules.yaml."""
    ap: int
    success: int                       # a die succeeds on this or more
    heat_max: int
    inventory: int
    engagement_slots: int
    swarm_caps: tuple[int, ...]        # cap by slots used: index 1..3
    elite_cap: int
    parting_swipe: int                 # swipe wounds on this or more
    light_cover: int
    heavy_cover: int
    hunker: int
    aim_dice: int
    triage_need: int                   # successes needed to revive
    skill_revive: int                  # wounds on standing after a triage by a medical skill alone
    escalation: tuple[EscalationBand, ...]
    costs: Mapping[str, int]           # lunge, shambler, reanimate, special, major
    lunge_distance: int
    spawn_radius: int                  # a spawn goes on the point or the nearest free cell this close
    burning_out: int                   # d6 result that puts a fire out
    blackout_sight: int                # sight range in inches during a blackout
    panic_heat: int = 6                # Heat on the track at which a panicky civilian tests their nerve
    min_move: int = 1                  # a survivor's Move never drops below this, however much they carry


@dataclass(frozen=True)
class Marker:
    kind: str              # one of MARKER_KINDS
    x: int
    y: int
    name: str = ""         # spawn point name, objective id
    deck: str = ""         # search token's location deck ("" = core only)


@dataclass(frozen=True)
class MapDef:
    id: str
    name: str
    width: int
    height: int
    terrain: tuple[str, ...]        # terrain kind per cell, row-major: terrain[y * width + x]
    doors_open: frozenset[int]      # door cells that start open (cell index)
    markers: tuple[Marker, ...]
    styles: tuple[str, ...] = ()    # cosmetic style per cell (street, floor, rubble, car...), drawing only
    source: str = ""                # file it came from, for messages

    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def kind_at(self, x: int, y: int) -> str:
        return self.terrain[y * self.width + x]

    def markers_of(self, kind: str) -> tuple[Marker, ...]:
        return tuple(m for m in self.markers if m.kind == kind)


@dataclass(frozen=True)
class Task:
    """One step of a scenario's primary objective. All tasks done (in order) = objective complete."""
    id: str
    kind: str                  # interact | deliver | extract | hold | survive
    text: str
    marker: str = ""           # interact: objective marker id
    times: int = 1             # interact: how many Interact actions it takes
    needs_item: str = ""       # interact: an item the survivor must carry (it is used up)
    item: str = ""             # deliver: objective item id carried to the zone (`count` of them)
    count: int = 1             # deliver: how many; extract: the quota of survivors; survive: survivors standing
    zone: str = "extract"      # deliver / extract / hold: marker kind of the zone
    items: tuple[str, ...] = ()  # deliver: several different items, one of each (instead of `item`)
    rounds: int = 0            # hold / survive: End Phases that must count
    reveals: str = ""          # interact: an archetype (an npc) who steps out and joins the team when it is done
    escort: str = ""           # extract: only this archetype's escape counts, and the others wait for it

    @property
    def wants(self) -> tuple[str, ...]:
        """The objective items this task takes: a delivery's item(s), a work task's part; () for the rest."""
        if self.kind == "deliver":
            return self.items or (self.item,)
        return (self.needs_item,) if self.needs_item else ()


@dataclass(frozen=True)
class ObjectiveItem:
    item: str                  # objective item id
    marker: str                # objective marker where it lies at the start


@dataclass(frozen=True)
class ScenarioDef:
    id: str
    name: str
    blurb: str
    map: str
    ambient_heat: int
    doom_length: int
    doom_events: Mapping[int, str]     # doom space -> event id
    finale: str                        # event id triggered when Doom reaches its final space
    events: tuple[str, ...]            # environmental events the Director may buy
    tasks: tuple[Task, ...]
    objective_items: tuple[ObjectiveItem, ...]
    team: tuple[str, ...]              # default team, archetype ids
    team_min: int
    team_max: int
    initial_zombies: tuple[tuple[str, int, int], ...]   # (zombie id, x, y), besides the map's zombie markers
    patrol: tuple[tuple[int, int], ...]                 # waypoints zombies with nowhere to go walk between
    # deck a plain search token's jackpot uses ("" = draw 2 keep 1)
    search_deck: str = "core"
    sight: int = 0                     # inches anyone sees all game (0 = as far as the walls allow): night
    noise_bonus: int = 0               # extra Heat each act that makes Heat at a place on the board makes


@dataclass(frozen=True)
class Content:
    """Every definition the game knows, validated together."""
    rules: RulesDef
    skills: Mapping[str, SkillDef]
    archetypes: Mapping[str, ArchetypeDef]
    weapons: Mapping[str, WeaponDef]
    items: Mapping[str, ItemDef]
    hazards: Mapping[str, HazardDef]
    decks: Mapping[str, DeckDef]
    zombies: Mapping[str, ZombieDef]
    events: Mapping[str, EventDef]
    scenarios: Mapping[str, ScenarioDef]
    maps: Mapping[str, MapDef]
    # tables for tools (quick-play generator), by file
    extra: Mapping[str, object] = field(default_factory=_empty)

    def gear_name(self, gear_id: str) -> str:
        for table in (self.weapons, self.items, self.hazards):
            if gear_id in table:
                return table[gear_id].name
        return gear_id


for _cls in list(globals().values()):
    if isinstance(_cls, type) and _cls.__module__ == __name__ and getattr(_cls, "__dataclass_params__", None) \
            and _cls.__dataclass_params__.frozen:
        kept_whole(_cls)
