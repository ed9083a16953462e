"""game/data/sounds.yaml: which cue each kind of event plays, the ambience of each scenario, the music bed and the
mix, checked once with the other content (Content.extra["sounds"]). Only game/ui plays the sounds; this is the table.

An event's cue is an entry: a cue id, `silent`, or a Choice on one field of the event's data (see the file's
header). `side` is not in the data: the screen works it out from the event's `who` and hands it in with the data.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from game.content.errors import Problem
from game.content.event_kinds import EVENT_KINDS
from game.content.validate import BAD, Ctx, choice, describe, flag, hint, ident, integer, keyed, list_of, number

SILENT = "silent"
PLACES = ("board", "table")
SIDES = ("survivor", "zombie")
UI_SOUNDS = ("click",)
MAX_TAKES = 5


@dataclass(frozen=True)
class CueDef:
    id: str
    files: tuple[Path, ...]     # one per take
    gain: float
    place: str                  # board | table
    gap: float
    voices: int
    priority: int
    loop: bool


@dataclass(frozen=True)
class Choice:
    by: str
    cues: Mapping[str, object]  # value -> entry
    other: object
    missing: object


@dataclass(frozen=True)
class MusicDef:
    calm: str
    tense: str
    heat: float
    doom: float


@dataclass(frozen=True)
class MixDef:
    headroom: float
    off_screen: float
    far: float
    pan: float
    fast_speed: float
    fast_gap: float
    per_frame: int


@dataclass(frozen=True)
class SoundTable:
    cues: Mapping[str, CueDef]
    events: Mapping[str, object]        # event kind -> entry
    ui: Mapping[str, str]
    sting: str
    sting_after: tuple[str, ...]      # sorted: the content's fingerprint must not hang on hash order
    ambience_default: tuple[str, ...]
    ambience: Mapping[str, tuple[str, ...]]
    music: MusicDef
    mix: MixDef

    def cue_for(self, kind: str, facts: Mapping) -> str | None:
        """The cue an event of this kind with these facts (its data, and `side`) plays; None when silent or the
        kind has no entry."""
        entry = self.events.get(kind, SILENT)
        while isinstance(entry, Choice):
            if entry.by not in facts:
                entry = entry.missing
            else:
                value = facts[entry.by]
                entry = entry.cues.get(value, entry.other) if isinstance(value, str | int) else entry.other
        return None if entry == SILENT else entry

    def ambience_of(self, scenario: str) -> tuple[str, ...]:
        return self.ambience.get(scenario, self.ambience_default)


def describe_entry(entry: object) -> str:
    """An entry as `sounds` lists it: 'dice', 'silent', 'by side: survivor=steps, zombie=shuffle'."""
    if not isinstance(entry, Choice):
        return str(entry)
    parts = [f"{value}={describe_entry(sub)}" for value, sub in entry.cues.items()]
    if entry.other != SILENT or not entry.cues:
        parts.append(f"other={describe_entry(entry.other)}")
    if entry.missing != SILENT:
        parts.append(f"none={describe_entry(entry.missing)}")
    return f"by {entry.by}: " + ", ".join(parts) if len(parts) > 1 or isinstance(entry.other, Choice) else \
        f"by {entry.by}: {parts[0]}"


def sound_folder(file: str) -> Path:
    """sounds/ beside sprites/: at the root above game/data/<file>, else (a table checked on its own) this tree's."""
    path = Path(file).resolve()
    inside = path.parent.name == "data" and path.parent.parent.name == "game"
    return (path.parents[2] if inside else Path(__file__).resolve().parents[2]) / "sounds"


def parse_tables(data: object, file: str, known, tables=None, maps=None) -> tuple[SoundTable | None, list[Problem]]:
    ctx = Ctx(file, known)
    folder = sound_folder(file)
    later = lambda c, v, w: v      # noqa: E731  (checked below, once the cues are known)
    found = keyed(ctx, data, "sounds", {
        "cues": lambda c, v, w: _cues(c, v, "cues", folder), "events": later, "ui": later, "sting": later,
        "ambience": later, "music": later, "mix": lambda c, v, w: _mix(c, v, "mix")}, {})
    if found is None or found["cues"] is BAD:
        return None, ctx.problems
    cues = found["cues"]
    cue = _cue_ref(cues, loop=False)
    loop = _cue_ref(cues, loop=True)
    events = _events(ctx, found["events"], cue)
    ui = keyed(ctx, found["ui"], "ui", {name: cue for name in UI_SOUNDS}, {})
    sting = keyed(ctx, found["sting"], "sting", {"cue": cue, "after": list_of(cue, 1, unique=True)}, {})
    ambience = _ambience(ctx, found["ambience"], loop)
    music = keyed(ctx, found["music"], "music", {"calm": loop, "tense": loop, "heat": number(0, 1),
                                                 "doom": number(0, 1)}, {})
    if ctx.problems:
        return None, ctx.problems
    return SoundTable(MappingProxyType(cues), MappingProxyType(events), MappingProxyType(ui), sting["cue"],
                      tuple(sorted(sting["after"])), ambience[0], MappingProxyType(ambience[1]), MusicDef(**music),
                      found["mix"]), []


def _cues(ctx: Ctx, v: object, where: str, folder: Path) -> object:
    if not isinstance(v, dict) or not v:
        ctx.add(where, f"must be a mapping of cue id -> cue, got {describe(v)}")
        return BAD
    out = {}
    folder_there = folder.is_dir()
    if not folder_there:
        ctx.add(where, f"the folder {_shown(folder)} is missing (make the sounds with tools/make_sounds.py)")
    for cid, entry in v.items():
        at = f"{where}.{cid}"
        if ident(ctx, cid, at) is BAD or cid == SILENT:
            if cid == SILENT:
                ctx.add(at, "'silent' means no cue; name the cue something else")
            continue
        vals = keyed(ctx, entry, at, {"takes": integer(1, MAX_TAKES), "gain": number(0, 1),
                                      "place": choice(PLACES), "gap": number(0, 10), "voices": integer(1, 8),
                                      "priority": integer(1, 3), "loop": flag},
                     {"place": "board", "gap": 0.0, "voices": 1, "priority": 2, "loop": False})
        if vals is None:
            continue
        files = tuple(folder / f"{cid}_{n}.ogg" for n in range(1, vals.pop("takes") + 1))
        missing = [f for f in files if not f.is_file()]
        if missing and folder_there:
            ctx.add(f"{at}.takes", f"missing sound file {_shown(missing[0])} (make it with tools/make_sounds.py)")
        out[cid] = CueDef(cid, files, **vals)
    return out


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _cue_ref(cues: Mapping[str, CueDef], loop: bool):
    noun = "loop" if loop else "cue"

    def check(ctx: Ctx, v: object, where: str) -> object:
        if isinstance(v, str) and v in cues and cues[v].loop == loop:
            return v
        if isinstance(v, str) and v in cues:
            ctx.add(where, f"{v!r} is {'not ' if loop else ''}a loop; a {noun} is wanted here")
        else:
            named = f"{v!r}{hint(v, [c for c in cues if cues[c].loop == loop])}" if isinstance(v, str) else describe(v)
            ctx.add(where, f"unknown {noun} {named}")
        return BAD
    return check


def _events(ctx: Ctx, v: object, cue) -> dict:
    if not isinstance(v, dict):
        ctx.add("events", f"must be a mapping of event kind -> cue, got {describe(v)}")
        return {}
    out = {}
    for kind, entry in v.items():
        if kind not in EVENT_KINDS:
            ctx.add(f"events.{kind}", f"unknown event kind {kind!r}{hint(kind, EVENT_KINDS)}")
            continue
        made = _entry(ctx, entry, f"events.{kind}", cue)
        if made is not BAD:
            out[kind] = made
    return out


def _entry(ctx: Ctx, v: object, where: str, cue) -> object:
    """A cue id, `silent`, or a choice on one field of the event's data (checked all the way down)."""
    if v == SILENT:
        return SILENT
    if not isinstance(v, dict):
        return cue(ctx, v, where)
    vals = keyed(ctx, v, where, {"by": _field, "cues": lambda c, x, w: x, "other": lambda c, x, w: x,
                                 "missing": lambda c, x, w: x}, {"cues": {}, "other": SILENT, "missing": SILENT})
    if vals is None:
        return BAD
    if not isinstance(vals["cues"], dict):
        ctx.add(f"{where}.cues", f"must be a mapping of value -> cue, got {describe(vals['cues'])}")
        return BAD
    values = _values(ctx, vals["by"])
    cues = {}
    for value, sub in vals["cues"].items():
        if values is not None and value not in values:
            ctx.add(f"{where}.cues.{value}", f"no event has {vals['by']} {value!r}{hint(value, values)}")
            continue
        cues[value] = _entry(ctx, sub, f"{where}.cues.{value}", cue)
    other = _entry(ctx, vals["other"], f"{where}.other", cue)
    missing = _entry(ctx, vals["missing"], f"{where}.missing", cue)
    if BAD in (other, missing, *cues.values()):
        return BAD
    return Choice(vals["by"], MappingProxyType(cues), other, missing)


def _field(ctx: Ctx, v: object, where: str) -> object:
    if isinstance(v, str) and v.isidentifier():
        return v
    ctx.add(where, f"must be the name of a field of the event's data, got {describe(v)}")
    return BAD


def _values(ctx: Ctx, by: str) -> set[str] | None:
    """The values a field can take, where the content says (None: any value)."""
    if by == "side":
        return set(SIDES)
    if by == "weapon" and ctx.known.get("weapons") is not None:
        return {"unarmed", *ctx.known["weapons"]}
    if by == "kind" and ctx.known.get("zombies") is not None:
        return set(ctx.known["zombies"])
    return None


def _ambience(ctx: Ctx, v: object, loop) -> tuple[tuple[str, ...], dict]:
    vals = keyed(ctx, v, "ambience", {"default": list_of(loop, 0, unique=True),
                                      "scenarios": lambda c, x, w: x}, {"scenarios": {}})
    if vals is None:
        return (), {}
    scenarios = vals["scenarios"]
    if not isinstance(scenarios, dict):
        ctx.add("ambience.scenarios", f"must be a mapping of scenario id -> loops, got {describe(scenarios)}")
        return (), {}
    known = ctx.known.get("scenarios")
    out = {}
    for sid, loops in scenarios.items():
        at = f"ambience.scenarios.{sid}"
        if known is not None and sid not in known:
            ctx.add(at, f"unknown scenario {sid!r}{hint(sid, known)}")
            continue
        made = list_of(loop, 0, unique=True)(ctx, loops, at)
        if made is not BAD:
            out[sid] = tuple(made)
    return tuple(vals["default"]), out


def _mix(ctx: Ctx, v: object, where: str) -> object:
    vals = keyed(ctx, v, where, {"headroom": number(0.1, 1), "off_screen": number(0, 1), "far": number(0, 1),
                                 "pan": number(0, 1), "fast_speed": number(1, 1000), "fast_gap": number(1, 20),
                                 "per_frame": integer(1, 16)}, {})
    return BAD if vals is None else MixDef(**vals)
