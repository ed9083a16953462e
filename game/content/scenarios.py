"""Scenario records (game/data/scenarios.yaml): structure only.

Types, required and unknown keys, ranges, and what each task kind needs are checked here. Whether a
map, event, archetype, zombie, item or objective marker named by a scenario exists is for the loader's
cross-reference pass. The file holds a top-level `scenarios:` mapping of id -> record, like every other
data file; a bare id -> record mapping is accepted too.
"""
from __future__ import annotations

import re
from types import MappingProxyType

from game.content.defs import MARKER_KINDS, ObjectiveItem, ScenarioDef, Task
from game.content.errors import Problem

ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
REQUIRED = ("name", "blurb", "map", "ambient_heat", "doom_length", "finale", "tasks", "team", "team_min",
            "team_max")
OPTIONAL = ("doom_events", "events", "objective_items", "initial_zombies", "patrol", "search_deck", "sight",
            "noise_bonus")
TASK_KINDS = ("interact", "deliver", "extract", "hold", "survive")
TASK_REQUIRED = ("id", "kind", "text")
# fields each task kind may use besides id, kind and text
TASK_FIELDS = {
    "interact": ("marker", "times", "needs_item", "reveals"),
    "deliver": ("item", "items", "count", "zone"),
    "extract": ("count", "zone", "escort"),
    "hold": ("zone", "rounds"),
    "survive": ("rounds", "count"),
}
ALL_TASK_FIELDS = ("marker", "times", "needs_item", "item", "items", "count", "zone", "rounds", "reveals", "escort")
HOLD_ROUNDS = (1, 10)
DOOM_RANGE = (6, 20)
AMBIENT_RANGE = (0, 5)
TEAM_RANGE = (1, 8)
COORD_MAX = 200
SIGHT_RANGE = (1, 48)       # a scenario's `sight`: inches anyone sees all game (absent: as far as the walls allow)
NOISE_BONUS_RANGE = (0, 3)  # a scenario's `noise_bonus`: Heat added to every act that makes Heat somewhere


class _Ctx:
    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(Problem(self.file, where, message))

    def integer(self, value: object, where: str, low: int, high: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(where, f"must be a whole number from {low} to {high}, got {value!r}")
            return None
        if not low <= value <= high:
            self.add(where, f"{value} is out of range {low}..{high}")
            return None
        return value

    def text(self, value: object, where: str, one_line: bool = False) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.add(where, f"must be a non-empty string, got {value!r}")
            return None
        if one_line and "\n" in value.strip():
            self.add(where, "must be a single line")
            return None
        return value.strip()

    def ident(self, value: object, where: str) -> str | None:
        if not isinstance(value, str) or not ID_RE.match(value):
            self.add(where, f"must be an id (lower case letters, digits and _), got {value!r}")
            return None
        return value

    def id_list(self, value: object, where: str) -> list[str] | None:
        if not isinstance(value, list):
            self.add(where, f"must be a list of ids, got {value!r}")
            return None
        out = [self.ident(v, f"{where}[{i}]") for i, v in enumerate(value)]
        return None if None in out else out  # type: ignore[return-value]

    def cell(self, value: object, where: str) -> tuple[int, int] | None:
        if (not isinstance(value, list | tuple) or len(value) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
            self.add(where, f"must be a cell [x, y] of two whole numbers, got {value!r}")
            return None
        x, y = value
        if not (0 <= x < COORD_MAX and 0 <= y < COORD_MAX):
            self.add(where, f"cell {[x, y]} has a negative or absurd coordinate")
            return None
        return x, y

    def entries(self, data: dict, key: str, where: str, keys: tuple[str, str], shape: str) -> list[tuple[str, dict]]:
        """(where, entry) for each entry of the optional list data[key] that is a mapping with exactly `keys`; the
        list itself or any other entry is reported."""
        raw = data.get(key, [])
        if not isinstance(raw, list):
            self.add(f"{where}.{key}", f"must be a list of {shape}")
            return []
        out = []
        for i, entry in enumerate(raw):
            at = f"{where}.{key}[{i}]"
            if not isinstance(entry, dict) or set(entry) != set(keys):
                self.add(at, f"must be a mapping with exactly `{keys[0]}` and `{keys[1]}`, got {entry!r}")
                continue
            out.append((at, entry))
        return out

    def unknown(self, data: dict, known: tuple[str, ...], where: str) -> None:
        for key in data:
            if key not in known:
                self.add(f"{where}.{key}", f"unknown key (known: {', '.join(known)})")


def _task(ctx: _Ctx, data: object, where: str) -> Task | None:
    if not isinstance(data, dict):
        ctx.add(where, f"a task must be a mapping with id, kind and text, got {data!r}")
        return None
    n = len(ctx.problems)
    ctx.unknown(data, TASK_REQUIRED + ALL_TASK_FIELDS, where)
    for key in TASK_REQUIRED:
        if key not in data:
            ctx.add(f"{where}.{key}", "missing")
    kind = data.get("kind")
    if "kind" in data and kind not in TASK_KINDS:
        ctx.add(f"{where}.kind", f"{kind!r} is not one of {', '.join(TASK_KINDS)}")
        return None
    if ctx.problems[n:]:
        return None
    task_id = ctx.ident(data["id"], f"{where}.id")
    text = ctx.text(data["text"], f"{where}.text", one_line=True)
    for key in ALL_TASK_FIELDS:
        if key in data and key not in TASK_FIELDS[kind]:
            ctx.add(f"{where}.{key}", f"not used by {kind} tasks (they take {', '.join(TASK_FIELDS[kind])})")
    fields: dict[str, object] = {}
    if kind == "interact":
        if "marker" not in data:
            ctx.add(f"{where}.marker", "missing: an interact task names the objective marker to work")
        else:
            fields["marker"] = ctx.ident(data["marker"], f"{where}.marker")
        fields["times"] = ctx.integer(data.get("times", 1), f"{where}.times", 1, 10)
        if "needs_item" in data:
            fields["needs_item"] = ctx.ident(data["needs_item"], f"{where}.needs_item")
        if "reveals" in data:
            fields["reveals"] = ctx.ident(data["reveals"], f"{where}.reveals")
    elif kind == "deliver" and "items" in data:
        # several different items, one of each: the count is how many are named
        if "item" in data or "count" in data:
            ctx.add(f"{where}.items", "give either `item` (with `count`) or `items` (one of each), not both")
        items = ctx.id_list(data["items"], f"{where}.items")
        if items is not None and (not items or len(set(items)) != len(items)):
            ctx.add(f"{where}.items", f"must name at least one item, each once, got {data['items']!r}")
        elif items is not None:
            fields["items"], fields["count"] = tuple(items), len(items)
    elif kind == "deliver":
        if "item" not in data:
            ctx.add(f"{where}.item", "missing: a deliver task names the objective item to carry (or `items`)")
        else:
            fields["item"] = ctx.ident(data["item"], f"{where}.item")
    elif kind in ("hold", "survive"):
        if "rounds" not in data:
            ctx.add(f"{where}.rounds", f"missing: a {kind} task says how many rounds must count")
        else:
            high = HOLD_ROUNDS[1] if kind == "hold" else DOOM_RANGE[1]
            fields["rounds"] = ctx.integer(data["rounds"], f"{where}.rounds", 1, high)
    if kind in ("deliver", "extract", "survive") and "count" not in fields:
        fields["count"] = ctx.integer(data.get("count", 1), f"{where}.count", 1, 20)
    if kind in ("deliver", "extract", "hold"):
        zone = data.get("zone", "extract")
        if zone not in MARKER_KINDS:
            ctx.add(f"{where}.zone", f"{zone!r} is not a marker kind ({', '.join(MARKER_KINDS)})")
        fields["zone"] = zone
    if kind == "extract" and "escort" in data:
        fields["escort"] = ctx.ident(data["escort"], f"{where}.escort")
    if ctx.problems[n:]:
        return None
    return Task(id=task_id, kind=kind, text=text, **fields)  # type: ignore[arg-type]


def _scenario(ctx: _Ctx, sid: str, data: object, where: str) -> ScenarioDef | None:
    if not isinstance(data, dict):
        ctx.add(where, f"must be a mapping of scenario fields, got {data!r}")
        return None
    n = len(ctx.problems)
    ctx.unknown(data, REQUIRED + OPTIONAL, where)
    for key in REQUIRED:
        if key not in data:
            ctx.add(f"{where}.{key}", "missing")
    if ctx.problems[n:]:
        return None

    name = ctx.text(data["name"], f"{where}.name", one_line=True)
    blurb = ctx.text(data["blurb"], f"{where}.blurb", one_line=True)
    map_id = ctx.ident(data["map"], f"{where}.map")
    ambient = ctx.integer(data["ambient_heat"], f"{where}.ambient_heat", *AMBIENT_RANGE)
    doom = ctx.integer(data["doom_length"], f"{where}.doom_length", *DOOM_RANGE)
    finale = ctx.ident(data["finale"], f"{where}.finale")
    events = ctx.id_list(data.get("events", []), f"{where}.events")
    search_deck = data.get("search_deck", "core")
    sight = ctx.integer(data["sight"], f"{where}.sight", *SIGHT_RANGE) if "sight" in data else 0
    noise_bonus = ctx.integer(data.get("noise_bonus", 0), f"{where}.noise_bonus", *NOISE_BONUS_RANGE)
    if not isinstance(search_deck, str) or (search_deck and not ID_RE.match(search_deck)):
        ctx.add(f"{where}.search_deck", f"must be a deck id or \"\", got {search_deck!r}")

    doom_events: dict[int, str] = {}
    raw = data.get("doom_events", {})
    if not isinstance(raw, dict):
        ctx.add(f"{where}.doom_events", f"must be a mapping of Doom space -> event id, got {raw!r}")
    else:
        for space, event in raw.items():
            at = f"{where}.doom_events.{space}"
            if isinstance(space, str) and space.isdigit():
                space = int(space)
            if isinstance(space, bool) or not isinstance(space, int):
                ctx.add(at, "a Doom space must be a whole number")
                continue
            if doom is not None and not 2 <= space < doom:
                ctx.add(at, f"space {space} is off the track: events go on spaces 2..{doom - 1} "
                            f"(the track starts on 1; space {doom} is the finale)")
            event_id = ctx.ident(event, at)
            if event_id:
                doom_events[space] = event_id

    tasks: list[Task] = []
    raw = data["tasks"]
    if not isinstance(raw, list) or not raw:
        ctx.add(f"{where}.tasks", "must be a non-empty list of tasks")
    else:
        for i, entry in enumerate(raw):
            task = _task(ctx, entry, f"{where}.tasks[{i}]")
            if task is not None:
                tasks.append(task)
        ids = [t.id for t in tasks]
        for dup in sorted({t for t in ids if ids.count(t) > 1}):
            ctx.add(f"{where}.tasks", f"task id {dup!r} is used twice")

    items: list[ObjectiveItem] = []
    for at, entry in ctx.entries(data, "objective_items", where, ("item", "marker"), "{item, marker}"):
        item, marker = ctx.ident(entry["item"], f"{at}.item"), ctx.ident(entry["marker"], f"{at}.marker")
        if item and marker:
            items.append(ObjectiveItem(item=item, marker=marker))

    team_min = ctx.integer(data["team_min"], f"{where}.team_min", *TEAM_RANGE)
    team_max = ctx.integer(data["team_max"], f"{where}.team_max", *TEAM_RANGE)
    team = ctx.id_list(data["team"], f"{where}.team")
    if team_min is not None and team_max is not None:
        if team_min > team_max:
            ctx.add(f"{where}.team_min", f"team_min {team_min} is more than team_max {team_max}")
        elif team is not None and not team_min <= len(team) <= team_max:
            ctx.add(f"{where}.team", f"the default team has {len(team)} survivors, "
                                     f"outside team_min..team_max ({team_min}..{team_max})")

    zombies: list[tuple[str, int, int]] = []
    for at, entry in ctx.entries(data, "initial_zombies", where, ("zombie", "at"), "{zombie, at: [x, y]}"):
        zombie, cell = ctx.ident(entry["zombie"], f"{at}.zombie"), ctx.cell(entry["at"], f"{at}.at")
        if zombie and cell:
            zombies.append((zombie, *cell))

    patrol: list[tuple[int, int]] = []
    raw = data.get("patrol", [])
    if not isinstance(raw, list):
        ctx.add(f"{where}.patrol", "must be a list of cells [x, y]")
    else:
        for i, entry in enumerate(raw):
            cell = ctx.cell(entry, f"{where}.patrol[{i}]")
            if cell:
                patrol.append(cell)

    # quotas a team of the smallest allowed size could never meet
    for i, task in enumerate(tasks):
        if task.kind in ("extract", "survive") and team_min is not None and task.count > team_min:
            ctx.add(f"{where}.tasks[{i}].count", f"quota {task.count} is more than team_min {team_min}")
        if task.kind == "deliver" and task.items:
            for item in task.items:
                if not any(it.item == item for it in items):
                    ctx.add(f"{where}.tasks[{i}].items", f"needs {item}, but objective_items place none")
        elif task.kind == "deliver":
            lying = sum(1 for it in items if it.item == task.item)
            if lying < task.count:
                ctx.add(f"{where}.tasks[{i}].count", f"needs {task.count} {task.item}, but objective_items "
                                                     f"place {lying}")
        # the game lasts doom_length rounds at most: more rounds to count could never be reached
        if task.kind in ("hold", "survive") and doom is not None and task.rounds > doom:
            ctx.add(f"{where}.tasks[{i}].rounds", f"{task.rounds} rounds can never be reached: the game lasts "
                                                  f"{doom} rounds at most (doom_length)")

    if ctx.problems[n:]:
        return None
    return ScenarioDef(id=sid, name=name, blurb=blurb, map=map_id, ambient_heat=ambient, doom_length=doom,
                       doom_events=MappingProxyType(dict(sorted(doom_events.items()))), finale=finale,
                       events=tuple(events or ()), tasks=tuple(tasks), objective_items=tuple(items),
                       team=tuple(team or ()), team_min=team_min, team_max=team_max,
                       initial_zombies=tuple(zombies), patrol=tuple(patrol), search_deck=search_deck,
                       sight=sight, noise_bonus=noise_bonus)


def parse_scenarios(data: object, file: str) -> tuple[dict[str, ScenarioDef], list[Problem]]:
    """Check the parsed YAML of scenarios.yaml. Returns ({id: ScenarioDef} for the sound ones, problems)."""
    ctx = _Ctx(file)
    body = data
    if isinstance(data, dict) and "scenarios" in data:
        for key in data:
            if key != "scenarios":
                ctx.add(str(key), "unknown top-level key (the only one allowed is 'scenarios')")
        body = data["scenarios"]
    if not isinstance(body, dict) or not body:
        ctx.add("scenarios", f"must be a non-empty mapping of scenario id -> fields, got {body!r}")
        return {}, ctx.problems
    out: dict[str, ScenarioDef] = {}
    for sid, entry in body.items():
        where = f"scenarios.{sid}"
        if ctx.ident(sid, where) is None:
            continue
        scenario = _scenario(ctx, sid, entry, where)
        if scenario is not None:
            out[sid] = scenario
    return out, ctx.problems
