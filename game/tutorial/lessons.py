"""Tutorial lessons: one YAML file per lesson in game/data/tutorial/, read and checked into frozen dataclasses.

    load_lessons(content=None, folder=None) -> tuple[Lesson, ...]   (sorted by `order`; ContentError on problems)
    check_lessons(content, folder)          -> (lessons, problems)   every problem of every file, never raises

A lesson file holds the board (ASCII rows in the game's own legend, plus an optional local legend), the team and
zombies with labels the steps refer to, small setup changes (wounds, extra gear), the steps and the end summary.
Nothing here is a rule: a lesson only says what to set up and what the player is asked to do; the rules are the
engine's (game.world), which the runner plays the lesson on. See docs in game/data/tutorial/README.md.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from game.content.defs import Content, MapDef, Marker
from game.content.errors import ContentError, Problem
from game.content.loader import load_content, read_yaml
from game.content.maps import BLOCKED, _cut_off, _reached, check_legend, load_legend
from game.tools import calculator as C
from game.tools.distributions import success_dist
from game.world.action_registry import BAR, SAVE_NAMES

TUTORIAL_DIR = Path(__file__).resolve().parents[1] / "data" / "tutorial"

# The actions a step may expect, by save name, and the buttons it may highlight: the board's action bar and the
# lesson panel's own (game.world.action_registry).
ACTIONS = SAVE_NAMES
BUTTONS = (*(k.id for k in BAR), "continue")
# Conditions a step's `until` may test once its action is done (all must hold).
CONDITIONS = ("at", "engaged", "not_engaged", "escaped", "destroyed", "alive", "downed", "standing", "aiming",
              "hunkered", "event", "round", "phase", "engagers", "heat_at_least", "heat_at_most", "wounds")
LESSON_KEYS = ("id", "order", "title", "goal", "intro", "dice", "board", "team", "zombies", "setup", "director",
               "ambient_heat", "seed", "steps", "summary")
STEP_KEYS = ("id", "text", "continue", "expect", "until", "allow", "max_actions", "faces", "hint", "hints",
             "explain", "highlight", "odds")
EXPECT_KEYS = ("action", "who", "target", "ally", "cells", "weapon", "refused")
ODDS_KINDS = ("swipes", "melee", "swarm", "ranged", "test")
DICE_KINDS = ("scripted", "free", "mixed", "none")
STANDABLE = ("open", "difficult", "light", "barricade", "window", "door")
MAX_ORDER = 999             # a lesson's place in the list


@dataclass(frozen=True)
class Expect:
    """What the player should do in a step: an action of one of these kinds, with these details."""
    actions: tuple[str, ...]
    who: str = ""                                  # label of the acting survivor
    target: str = ""                               # label of the zombie attacked (Melee, Shoot)
    ally: str = ""                                 # label of the ally (Triage, Drag, HandOff)
    cells: tuple[tuple[int, int], ...] = ()        # where it goes (Move, Disengage, Withdraw, Drag) or lands (Throw)
    weapon: str = ""                               # gear id used (Shoot, Throw, Melee)
    refused: bool = False                          # the point is to try it and see the engine refuse it


@dataclass(frozen=True)
class Highlight:
    cells: tuple[tuple[int, int], ...] = ()
    models: tuple[str, ...] = ()
    buttons: tuple[str, ...] = ()


@dataclass(frozen=True)
class OddsSpec:
    """One line of exact odds shown with a step (computed by game.tools.calculator / distributions)."""
    label: str
    kind: str                                      # swipes | melee | swarm | ranged | test
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Step:
    id: str
    text: str
    info: bool = False                             # a page to read: Continue, no action
    expect: Expect | None = None
    until: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    allow: tuple[str, ...] = ()                    # other action kinds that are fine here (do not complete it)
    max_actions: int | None = None                 # expected actions allowed before `until` must hold
    faces: tuple[int, ...] = ()                    # scripted dice for this step, in the order they are rolled
    hint: str = ""
    hints: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))   # action kind -> hint
    explain: str = ""
    highlight: Highlight = Highlight()
    odds: tuple[OddsSpec, ...] = ()

    @property
    def scripted(self) -> bool:
        return bool(self.faces)


@dataclass(frozen=True)
class TeamMember:
    archetype: str
    label: str


@dataclass(frozen=True)
class ZombieSpec:
    kind: str
    x: int
    y: int
    label: str


@dataclass(frozen=True)
class Lesson:
    id: str
    order: int
    title: str
    goal: str
    intro: str
    dice: str                                      # scripted | free | mixed | none: what the list tells the player
    map_def: MapDef
    team: tuple[TeamMember, ...]
    zombies: tuple[ZombieSpec, ...]
    setup: Mapping[str, Mapping[str, object]]
    director: str                                  # none (buys nothing) | ai (the game's Director AI)
    ambient_heat: int
    seed: int
    steps: tuple[Step, ...]
    summary_title: str
    summary: tuple[str, ...]
    source: str = ""

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(m.label for m in self.team) + tuple(z.label for z in self.zombies)

    def step_number(self, index: int) -> tuple[int, int]:
        """(n, of) counting only the steps the player acts in or reads, 1-based."""
        return index + 1, len(self.steps)


# --- reading -----------------------------------------------------------------------------------------------------

def load_lessons(content: Content | None = None, folder: Path | None = None) -> tuple[Lesson, ...]:
    """Every lesson, checked against the content, by `order`. Raises ContentError listing every problem."""
    if content is None:
        content = load_content()
    lessons, problems = check_lessons(content, folder)
    if problems:
        raise ContentError(problems)
    return lessons


def check_lessons(content: Content, folder: Path | None = None) -> tuple[tuple[Lesson, ...], list[Problem]]:
    folder = Path(folder) if folder is not None else TUTORIAL_DIR
    files = sorted(folder.glob("*.yaml"))
    if not files:
        return (), [Problem(str(folder), "directory", "holds no lesson files (*.yaml)")]
    legend = load_legend()
    lessons: list[Lesson] = []
    problems: list[Problem] = []
    for path in files:
        data, more = read_yaml(path)
        problems += more
        if more:
            continue
        lesson, more = parse_lesson(data, _shown(path), content, legend)
        problems += more
        if lesson is not None:
            lessons.append(lesson)
    seen: dict[str, str] = {}
    orders: dict[int, str] = {}
    for lesson in lessons:
        if lesson.id in seen:
            problems.append(Problem(lesson.source, "id", f"{lesson.id!r} is also the id of {seen[lesson.id]}"))
        seen[lesson.id] = lesson.source
        if lesson.order in orders:
            problems.append(Problem(lesson.source, "order", f"{lesson.order} is also the order of "
                                                             f"{orders[lesson.order]}"))
        orders[lesson.order] = lesson.source
    return tuple(sorted(lessons, key=lambda ls: ls.order)), problems


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class _Checker:
    """Collects problems for one file; small typed getters that report instead of raising."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def bad(self, where: str, message: str) -> None:
        self.problems.append(Problem(self.file, where, message))

    def keys(self, data: Mapping, known: tuple[str, ...], where: str) -> None:
        for key in data:
            if key not in known:
                self.bad(f"{where}.{key}" if where else str(key), f"unknown key (known: {', '.join(known)})")

    def text(self, data: Mapping, key: str, where: str, required: bool = True) -> str:
        value = data.get(key)
        if value is None:
            if required:
                self.bad(where, "missing")
            return ""
        if not isinstance(value, str) or (required and not value.strip()):
            self.bad(where, "must be text")
            return ""
        return " ".join(value.split()) if "\n\n" not in value else _paragraphs(value)

    def whole(self, data: Mapping, key: str, where: str, default: int | None = None, low: int = 0,
              high: int | None = None) -> int | None:
        value = data.get(key, default)
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
            span = f"{low} to {high}" if high is not None else f"{low} or more"
            self.bad(where, f"must be a whole number, {span}, not {value!r}")
            return default
        return value

    def cell(self, value: object, where: str, mapdef: MapDef | None) -> tuple[int, int] | None:
        if not (isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)):
            self.bad(where, f"a cell is [x, y], not {value!r}")
            return None
        x, y = int(value[0]), int(value[1])
        if mapdef is not None and not (0 <= x < mapdef.width and 0 <= y < mapdef.height):
            self.bad(where, f"({x}, {y}) is off the {mapdef.width}x{mapdef.height} board")
            return None
        return x, y

    def cells(self, value: object, where: str, mapdef: MapDef | None) -> tuple[tuple[int, int], ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.bad(where, "must be a list of cells [[x, y], ...]")
            return ()
        out = []
        for i, v in enumerate(value):
            c = self.cell(v, f"{where}[{i}]", mapdef)
            if c is not None:
                out.append(c)
        return tuple(out)

    def labels(self, value: object, where: str, known: set[str]) -> tuple[str, ...]:
        if value is None:
            return ()
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
            self.bad(where, "must be a label or a list of labels")
            return ()
        for v in items:
            if v not in known:
                self.bad(where, f"unknown label {v!r} (known: {', '.join(sorted(known))})")
        return tuple(items)


def _paragraphs(text: str) -> str:
    """Folded YAML text keeps its blank-line paragraph breaks; single line breaks become spaces."""
    return "\n\n".join(" ".join(p.split()) for p in text.strip().split("\n\n") if p.strip())


def parse_lesson(data: object, file: str, content: Content, legend: Mapping[str, dict]
                 ) -> tuple[Lesson | None, list[Problem]]:
    """One lesson file: (Lesson or None, problems)."""
    ck = _Checker(file)
    if not isinstance(data, dict):
        ck.bad("file", "a lesson must be a mapping with id, title, board, team, steps and summary")
        return None, ck.problems
    ck.keys(data, LESSON_KEYS, "")
    lesson_id = ck.text(data, "id", "id")
    if lesson_id and Path(file).stem.split("_", 1)[-1] != lesson_id:
        ck.bad("id", f"{lesson_id!r} does not match the file name {Path(file).name!r} (NN_{lesson_id}.yaml)")
    order = ck.whole(data, "order", "order", low=1, high=MAX_ORDER)
    if "order" not in data:
        ck.bad("order", "missing: the lesson's place in the list (1, 2, ...)")
    title = ck.text(data, "title", "title")
    goal = ck.text(data, "goal", "goal")
    intro = ck.text(data, "intro", "intro")
    dice = data.get("dice", "scripted")
    if dice not in DICE_KINDS:
        ck.bad("dice", f"{dice!r} is not one of {', '.join(DICE_KINDS)}")
    director = data.get("director", "none")
    if director not in ("none", "ai"):
        ck.bad("director", f"{director!r} is not 'none' (buys nothing) or 'ai' (the game's Director)")
    ambient = ck.whole(data, "ambient_heat", "ambient_heat", default=0, high=content.rules.heat_max)
    seed = ck.whole(data, "seed", "seed", default=1)

    mapdef = _board(data.get("board"), ck, legend, lesson_id or Path(file).stem)
    team = _team(data.get("team"), ck, content, mapdef)
    zombies = _zombies(data.get("zombies"), ck, content, mapdef, team)
    labels = {m.label for m in team} | {z.label for z in zombies}
    setup = _setup(data.get("setup"), ck, content, labels, team)
    if director == "ai" and mapdef is not None and not any(m.kind.startswith("spawn") for m in mapdef.markers):
        ck.bad("director", "the Director AI needs a spawn point (S or M) on the board")
    steps = _steps(data.get("steps"), ck, content, mapdef, labels, {m.label for m in team})
    if mapdef is not None and not ck.problems:
        _check_reachable(ck, mapdef, steps)
    summary = data.get("summary")
    summary_title, points = "", ()
    if not isinstance(summary, dict):
        ck.bad("summary", "missing: {title, points: [...]} for the end-of-lesson card")
    else:
        ck.keys(summary, ("title", "points"), "summary")
        summary_title = ck.text(summary, "title", "summary.title")
        raw = summary.get("points")
        if not isinstance(raw, list) or not raw or not all(isinstance(p, str) and p.strip() for p in raw):
            ck.bad("summary.points", "must be a non-empty list of sentences")
        else:
            points = tuple(" ".join(p.split()) for p in raw)
    if ck.problems or mapdef is None:
        return None, ck.problems
    return Lesson(lesson_id, order, title, goal, intro, dice, mapdef, team, zombies,
                  MappingProxyType(setup), director, ambient, seed, steps, summary_title, points, file), []


def _board(data: object, ck: _Checker, legend: Mapping[str, dict], lesson_id: str) -> MapDef | None:
    if not isinstance(data, dict):
        ck.bad("board", "missing: {rows: [...]} (and an optional legend)")
        return None
    ck.keys(data, ("rows", "legend"), "board")
    local, more = check_legend(data.get("legend"), ck.file, "board.legend")
    ck.problems += more
    chars = {**legend, **local}
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        ck.bad("board.rows", "must be a non-empty list of quoted strings")
        return None
    width = len(rows[0])
    ok = True
    for i, row in enumerate(rows):
        if len(row) != width:
            ck.bad(f"board.rows[{i}]", f"is {len(row)} wide, the first row is {width}")
            ok = False
        for x, ch in enumerate(row):
            if ch not in chars:
                ck.bad(f"board.rows[{i}], column {x + 1}", f"unknown character {ch!r}")
                ok = False
    if not ok:
        return None
    terrain, styles, markers, doors_open = [], [], [], set()
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            entry = chars[ch]
            terrain.append(entry["terrain"])
            styles.append(entry.get("style") or entry["terrain"])
            if entry.get("open"):
                doors_open.add(y * width + x)
            if entry.get("marker"):
                kind = entry["marker"]
                name = entry.get("name") or ""
                if kind.startswith("spawn"):
                    name = f"{'Major' if kind == 'spawn_major' else 'Minor'} spawn ({x}, {y})"
                markers.append(Marker(kind, x, y, name, entry.get("deck") or ""))
    for i, st in enumerate(styles):          # markers take the look of the ground around them
        if st == "auto":
            x, y = i % width, i // width
            around = [styles[ny * width + nx] for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
                      if 0 <= nx < width and 0 <= ny < len(rows) and styles[ny * width + nx] != "auto"
                      and terrain[ny * width + nx] in ("open", "difficult")]
            styles[i] = max(set(around), key=around.count) if around else "street"
    if not any(m.kind == "deploy" for m in markers):
        ck.bad("board.rows", "no deployment cell (d): the team has nowhere to start")
    return MapDef(f"tutorial_{lesson_id}", "Tutorial", width, len(rows), tuple(terrain), frozenset(doors_open),
                  tuple(markers), tuple(styles), ck.file)


def _team(data: object, ck: _Checker, content: Content, mapdef: MapDef | None) -> tuple[TeamMember, ...]:
    if not isinstance(data, list) or not data:
        ck.bad("team", "must be a list of {archetype, label}")
        return ()
    out: list[TeamMember] = []
    for i, entry in enumerate(data):
        where = f"team[{i}]"
        if not isinstance(entry, dict):
            ck.bad(where, "must be {archetype, label}")
            continue
        ck.keys(entry, ("archetype", "label"), where)
        arch, label = entry.get("archetype"), entry.get("label")
        if not isinstance(arch, str) or arch not in content.archetypes:
            ck.bad(f"{where}.archetype", f"unknown archetype {arch!r} (known: {', '.join(content.archetypes)})")
            continue
        if not isinstance(label, str) or not label:
            ck.bad(f"{where}.label", "missing: the name the steps use for this survivor")
            continue
        if any(m.label == label for m in out):
            ck.bad(f"{where}.label", f"{label!r} is used twice")
        out.append(TeamMember(arch, label))
    if mapdef is not None:
        deploys = len(mapdef.markers_of("deploy"))
        if deploys < len(out):
            ck.bad("team", f"{len(out)} survivors but the board has {deploys} deployment cells (d)")
    return tuple(out)


def _zombies(data: object, ck: _Checker, content: Content, mapdef: MapDef | None,
             team: tuple[TeamMember, ...]) -> tuple[ZombieSpec, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        ck.bad("zombies", "must be a list of {kind, at: [x, y], label}")
        return ()
    out: list[ZombieSpec] = []
    taken: set[tuple[int, int]] = set()
    if mapdef is not None:
        taken = {(m.x, m.y) for m in mapdef.markers if m.kind in ("deploy", "zombie")}
    for i, entry in enumerate(data):
        where = f"zombies[{i}]"
        if not isinstance(entry, dict):
            ck.bad(where, "must be {kind, at: [x, y], label}")
            continue
        ck.keys(entry, ("kind", "at", "label"), where)
        kind, label = entry.get("kind"), entry.get("label")
        if not isinstance(kind, str) or kind not in content.zombies:
            ck.bad(f"{where}.kind", f"unknown zombie {kind!r} (known: {', '.join(content.zombies)})")
            continue
        if not isinstance(label, str) or not label:
            ck.bad(f"{where}.label", "missing: the name the steps use for this zombie")
            continue
        if label in {m.label for m in team} or any(z.label == label for z in out):
            ck.bad(f"{where}.label", f"{label!r} is used twice")
        cell = ck.cell(entry.get("at"), f"{where}.at", mapdef)
        if cell is None:
            continue
        if mapdef is not None:
            kind_at = mapdef.kind_at(*cell)
            if kind_at not in STANDABLE or (kind_at == "door" and mapdef.index(*cell) not in mapdef.doors_open):
                ck.bad(f"{where}.at", f"({cell[0]}, {cell[1]}) is {kind_at}: no model can stand there")
            if cell in taken:
                ck.bad(f"{where}.at", f"({cell[0]}, {cell[1]}) already holds a model")
            taken.add(cell)
        out.append(ZombieSpec(kind, cell[0], cell[1], label))
    return tuple(out)


def _setup(data: object, ck: _Checker, content: Content, labels: set[str],
           team: tuple[TeamMember, ...]) -> dict[str, Mapping[str, object]]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        ck.bad("setup", "must map a label to {wounds, gear, reloads}")
        return {}
    out: dict[str, Mapping[str, object]] = {}
    arch = {m.label: content.archetypes[m.archetype] for m in team}
    for label, entry in data.items():
        where = f"setup.{label}"
        if label not in labels:
            ck.bad(where, f"unknown label {label!r}")
            continue
        if not isinstance(entry, dict):
            ck.bad(where, "must be {wounds, gear, reloads}")
            continue
        ck.keys(entry, ("wounds", "gear", "reloads"), where)
        fixed: dict[str, object] = {}
        if "wounds" in entry:
            top = arch[label].wounds if label in arch else None
            fixed["wounds"] = ck.whole(entry, "wounds", f"{where}.wounds", high=top)
        if "gear" in entry:
            gear = entry["gear"]
            if label not in arch:
                ck.bad(f"{where}.gear", "only survivors carry gear")
            elif not isinstance(gear, list) or not all(isinstance(g, str) for g in gear):
                ck.bad(f"{where}.gear", "must be a list of weapon or item ids")
            else:
                for g in gear:
                    if g not in content.weapons and g not in content.items:
                        ck.bad(f"{where}.gear", f"unknown weapon or item {g!r}")
                fixed["gear"] = tuple(gear)
        if "reloads" in entry:
            fixed["reloads"] = ck.whole(entry, "reloads", f"{where}.reloads")
        out[label] = MappingProxyType(fixed)
    return out


def _steps(data: object, ck: _Checker, content: Content, mapdef: MapDef | None, labels: set[str],
           survivors: set[str]) -> tuple[Step, ...]:
    if not isinstance(data, list) or not data:
        ck.bad("steps", "must be a non-empty list of steps")
        return ()
    out: list[Step] = []
    ids: set[str] = set()
    for i, raw in enumerate(data):
        where = f"steps[{i}]"
        if not isinstance(raw, dict):
            ck.bad(where, "must be a mapping")
            continue
        ck.keys(raw, STEP_KEYS, where)
        sid = raw.get("id")
        if not isinstance(sid, str) or not sid:
            ck.bad(f"{where}.id", "missing")
            sid = f"step{i + 1}"
        if sid in ids:
            ck.bad(f"{where}.id", f"{sid!r} is used twice")
        ids.add(sid)
        where = f"steps[{i}] ({sid})"
        text = ck.text(raw, "text", f"{where}.text")
        info = raw.get("continue", False) is True
        expect = None
        if info and "expect" in raw:
            ck.bad(where, "a `continue` step is read, not played: it takes no `expect`")
        elif not info:
            expect = _expect(raw.get("expect"), ck, f"{where}.expect", mapdef, labels, survivors, content)
        until = _until(raw.get("until"), ck, f"{where}.until", mapdef, labels)
        allow = raw.get("allow", [])
        if not isinstance(allow, list) or any(a not in ACTIONS for a in allow):
            ck.bad(f"{where}.allow", f"must be a list of action kinds ({', '.join(ACTIONS)})")
            allow = []
        max_actions = ck.whole(raw, "max_actions", f"{where}.max_actions", low=1)
        faces = raw.get("faces", [])
        if not isinstance(faces, list) or not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6
                                                  for f in faces):
            ck.bad(f"{where}.faces", "must be a list of die faces 1..6")
            faces = []
        hint = ck.text(raw, "hint", f"{where}.hint", required=not info)
        hints = raw.get("hints", {})
        if not isinstance(hints, dict) or any(k not in ACTIONS or not isinstance(v, str) for k, v in hints.items()):
            ck.bad(f"{where}.hints", "must map an action kind to a hint")
            hints = {}
        explain = ck.text(raw, "explain", f"{where}.explain", required=not info)
        highlight = _highlight(raw.get("highlight"), ck, f"{where}.highlight", mapdef, labels)
        odds = _odds(raw.get("odds"), ck, f"{where}.odds", content)
        out.append(Step(sid, text, info, expect, MappingProxyType(until), tuple(allow), max_actions,
                        tuple(faces), hint, MappingProxyType({k: " ".join(v.split()) for k, v in hints.items()}),
                        explain, highlight, odds))
    if out and out[-1].info:
        ck.bad("steps", "the last step must be played, not only read (put its words in the summary)")
    return tuple(out)


def _check_reachable(ck: _Checker, mapdef: MapDef, steps: tuple[Step, ...]) -> None:
    """A lesson the player can finish: every cell a step sends a model to can be stood on and walked to from the
    deployment cells (doors can be opened), and a lesson that asks for an Escape has an exit the team can reach.
    The same walk as a map's check (game.content.maps), on the lesson's own board."""
    markers, terrain = list(mapdef.markers), list(mapdef.terrain)
    seen = _reached(markers, terrain, mapdef.width)
    for where, why in _cut_off(markers, terrain, mapdef.width, seen):
        ck.bad(f"board.rows, {where}", why)
    exits = [m for m in markers if m.kind == "extract"]
    for i, step in enumerate(steps):
        where = f"steps[{i}] ({step.id})"
        exp = step.expect
        goals = []
        if exp is not None and not exp.refused and set(exp.actions) - {"Throw"}:
            goals += [(f"{where}.expect.cells", cell) for cell in exp.cells]
        goals += [(f"{where}.until.at.{label}", cell) for label, cells in step.until.get("at", {}).items()
                  for cell in cells]
        for at, (x, y) in goals:
            kind = mapdef.kind_at(x, y)
            if kind in BLOCKED:
                ck.bad(at, f"({x}, {y}) is {kind}: no model can stand there, so the step cannot be finished")
            elif mapdef.index(x, y) not in seen:
                ck.bad(at, f"({x}, {y}) cannot be reached from the deployment cells, so the step cannot be finished")
        # a step that only an Escape can finish; one that allows any action (a sandbox lesson) asks for none
        escape = (exp is not None and not exp.refused and set(exp.actions) == {"Escape"}) or step.until.get("escaped")
        if escape and not exits:
            ck.bad(where, "asks for an Escape, but the board has no exit cell (e)")


def _expect(data: object, ck: _Checker, where: str, mapdef: MapDef | None, labels: set[str],
            survivors: set[str], content: Content) -> Expect | None:
    if not isinstance(data, dict):
        ck.bad(where, "missing: what the player should do ({action: Move, ...}), or `continue: true`")
        return None
    ck.keys(data, EXPECT_KEYS, where)
    action = data.get("action")
    actions = (action,) if isinstance(action, str) else tuple(action) if isinstance(action, list) else ()
    if not actions or any(a not in ACTIONS for a in actions):
        ck.bad(f"{where}.action", f"{action!r}: expected one or more of {', '.join(ACTIONS)}")
    who = data.get("who", "")
    if who and (not isinstance(who, str) or who not in survivors):
        ck.bad(f"{where}.who", f"{who!r} is not a survivor of this lesson ({', '.join(sorted(survivors))})")
    target, ally = data.get("target", ""), data.get("ally", "")
    for key, value in (("target", target), ("ally", ally)):
        if value and (not isinstance(value, str) or value not in labels):
            ck.bad(f"{where}.{key}", f"unknown label {value!r}")
    weapon = data.get("weapon", "")
    if weapon and (not isinstance(weapon, str) or weapon not in content.weapons):
        ck.bad(f"{where}.weapon", f"unknown weapon {weapon!r}")
    refused = data.get("refused", False)
    if not isinstance(refused, bool):
        ck.bad(f"{where}.refused", "must be true or false")
        refused = False
    cells = ck.cells(data.get("cells"), f"{where}.cells", mapdef)
    return Expect(actions, who or "", target or "", ally or "", cells, weapon or "", refused)


def _until(data: object, ck: _Checker, where: str, mapdef: MapDef | None, labels: set[str]) -> dict:
    if data is None:
        return {}
    if not isinstance(data, dict):
        ck.bad(where, f"must be a mapping of conditions ({', '.join(CONDITIONS)})")
        return {}
    out: dict[str, object] = {}
    for key, value in data.items():
        at = f"{where}.{key}"
        if key not in CONDITIONS:
            ck.bad(at, f"unknown condition (known: {', '.join(CONDITIONS)})")
        elif key == "at":
            if not isinstance(value, dict):
                ck.bad(at, "must map a label to a list of cells")
                continue
            out[key] = MappingProxyType({lb: ck.cells(cells, f"{at}.{lb}", mapdef)
                                         for lb in ck.labels(list(value), at, labels) for cells in [value[lb]]})
        elif key in ("engagers", "wounds"):
            if not isinstance(value, dict) or not all(isinstance(v, int) for v in value.values()):
                ck.bad(at, "must map a label to a whole number")
                continue
            ck.labels(list(value), at, labels)
            out[key] = MappingProxyType(dict(value))
        elif key == "event":
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
                ck.bad(at, "must be an event kind or a list of them")
                continue
            out[key] = tuple(items)
        elif key in ("round", "heat_at_least", "heat_at_most"):
            if not isinstance(value, int):
                ck.bad(at, "must be a whole number")
                continue
            out[key] = value
        elif key == "phase":
            if value not in ("survivor", "director"):
                ck.bad(at, "must be survivor or director")
                continue
            out[key] = value
        else:
            out[key] = ck.labels(value, at, labels)
    return out


def _highlight(data: object, ck: _Checker, where: str, mapdef: MapDef | None, labels: set[str]) -> Highlight:
    if data is None:
        return Highlight()
    if not isinstance(data, dict):
        ck.bad(where, "must be {cells, models, buttons}")
        return Highlight()
    ck.keys(data, ("cells", "models", "buttons"), where)
    buttons = data.get("buttons", [])
    if not isinstance(buttons, list) or any(b not in BUTTONS for b in buttons):
        ck.bad(f"{where}.buttons", f"must be a list of button keys ({', '.join(BUTTONS)})")
        buttons = []
    return Highlight(ck.cells(data.get("cells"), f"{where}.cells", mapdef),
                     ck.labels(data.get("models"), f"{where}.models", labels), tuple(buttons))


def _odds(data: object, ck: _Checker, where: str, content: Content) -> tuple[OddsSpec, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        ck.bad(where, "must be a list of {label, kind, ...}")
        return ()
    out = []
    for i, entry in enumerate(data):
        at = f"{where}[{i}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("label"), str):
            ck.bad(at, "must be {label, kind, ...}")
            continue
        kind = entry.get("kind")
        if kind not in ODDS_KINDS:
            ck.bad(f"{at}.kind", f"{kind!r} is not one of {', '.join(ODDS_KINDS)}")
            continue
        params = {k: v for k, v in entry.items() if k not in ("label", "kind")}
        spec = OddsSpec(entry["label"], kind, MappingProxyType(params))
        try:
            odds_line(content, spec)
        except Exception as exc:   # a bad parameter must become a problem, not a crash on screen
            ck.bad(at, f"cannot be worked out: {exc}")
            continue
        out.append(spec)
    return tuple(out)


# --- odds shown with a step ------------------------------------------------------------------------------------

def _pct(p) -> str:
    v = float(p) * 100
    if v <= 0:
        return "0%"
    if v >= 100:
        return "100%"
    if v < 1:
        return "<1%"
    return f"{v:.0f}%"


def odds_line(content: Content, spec: OddsSpec) -> str:
    """The exact odds of one spec, in a few words (the calculator and the engine's pools do the counting)."""
    p = dict(spec.params)
    if spec.kind == "swipes":
        dist = success_dist(int(p["dice"]), int(p.get("need", content.rules.parting_swipe)))
        return (f"no wound {_pct(dist[0])}, 1 wound {_pct(dist[1])}"
                + (f", 2+ wounds {_pct(dist.at_least(2))}" if dist.high >= 2 else ""))
    if spec.kind == "test":
        need = int(p.get("successes", 1))
        dist = success_dist(int(p["dice"]), content.rules.success)
        return f"{need}+ successes on {p['dice']} dice: {_pct(dist.at_least(need))}"
    if spec.kind == "melee":
        calc = C.melee_calc(content, **p)
        o = calc.outcome
        return f"win {_pct(o['win'])}, tie {_pct(o['tie'])}, lose {_pct(o['loss'])}"
    if spec.kind == "swarm":
        wounds_left = int(p.pop("wounds_left", 0))
        calc = C.swarm_calc(content, **p)
        text = f"you are hurt {_pct(calc.wounds_to_defender.at_least(1))}"
        if wounds_left:
            text += f", Downed {_pct(calc.wounds_to_defender.at_least(wounds_left))}"
        return text
    calc = C.ranged_calc(content, **p)
    pool = calc.attacker
    return f"{pool.dice} dice at {pool.need}+, at least one hit {_pct(calc.wounds_to_defender.at_least(1))}"
