"""A sandbox position turned into a tutorial lesson, in the lessons' own format (game/data/tutorial/README.md).

    data = lesson_data(position, content, LessonGoal(...))  # the lesson file's data (a LessonError says why not)
    path = save_lesson(position, content, goal)             # written under lessons_dir(), checked, ready to play
    lessons = user_lessons(content)                          # the teachers' lessons, read like the built-in ones

The board is the position's map cell for cell (a local legend names every kind of cell it uses), the team stands on
the position's cells, the zombies where the position has them, wounds and gear through the lesson's `setup`. One
step asks one survivor to reach the goal (a cell, being free of every zombie, or a zombie destroyed) within their
3 AP; the teacher's hints are what the lesson says after a wrong try.
"""
from __future__ import annotations

import os
import string
from dataclasses import dataclass
from pathlib import Path

import yaml

from game.content.defs import Content
from game.content.errors import Problem
from game.content.files import atomic_write
from game.content.maps import load_legend
from game.tools.sandbox import Position, door_is_open, tokens
from game.tutorial.lessons import Lesson, check_lessons, parse_lesson
from game.world.action_registry import SAVE_NAMES

GOALS = ("reach", "break_free", "destroy")
# What the lesson's survivor may do toward the goal: everything but starting and ending turns.
_ACTS = tuple(k for k in SAVE_NAMES if k not in ("Activate", "EndActivation", "EndSurvivorPhase"))
_CHARS = [c for c in string.ascii_letters + string.digits + "!#$%&'()*+,-./:;<=>?@[]^_`{|}~"]


class LessonError(ValueError):
    """The position cannot be said in the lessons' format; the message says what to change."""


@dataclass(frozen=True)
class LessonGoal:
    title: str
    who: str                      # the survivor the lesson is about
    kind: str                     # reach | break_free | destroy
    text: str                     # the goal in the teacher's words
    cell: tuple[int, int] = (0, 0)    # reach: the cell to get to
    zombie: str = ""              # destroy: the zombie to destroy
    hints: tuple[str, ...] = ()


def lessons_dir() -> Path:
    """Where the teachers' lessons live: $BT_HOME/lessons, else ~/.borrowed_time/lessons."""
    return Path(os.environ.get("BT_HOME", Path.home() / ".borrowed_time")) / "lessons"


def lesson_data(p: Position, content: Content, goal: LessonGoal, lesson_id: str = "sandbox", order: int = 1) -> dict:
    if p.barricades or p.noise:
        raise LessonError("a lesson sets no barricades or noise: take them off the position first")
    who = p.model(goal.who)
    if who is None or who not in p.survivors:
        raise LessonError(f"{goal.who!r} is not a survivor of the position")
    if who.downed:
        raise LessonError(f"{who.name} is Downed and could do nothing in the lesson")
    if goal.kind not in GOALS:
        raise LessonError(f"the goal is one of {', '.join(GOALS)}")
    team = sorted(p.survivors, key=lambda m: (m.at[1], m.at[0]))      # lessons deploy in reading order
    setup: dict[str, dict] = {}
    for m in team:
        fix: dict = {}
        if m.downed or m.wounds is not None:
            fix["wounds"] = 0 if m.downed else m.wounds
        if m.gear is not None:
            arch = content.archetypes[m.archetype]
            own = list(arch.weapons) + list(arch.items)
            extra = list(m.gear)
            for g in own:
                if g not in extra:
                    raise LessonError(f"{m.name} has lost the {content.gear_name(g)} they start with: a lesson "
                                      f"can only add gear")
                extra.remove(g)
            if extra:
                fix["gear"] = extra
        if fix:
            setup[m.name] = fix
    for z in p.zombies:
        if z.wounds is not None:
            setup[z.name] = {"wounds": z.wounds}
    until: dict
    if goal.kind == "reach":
        until = {"at": {who.name: [list(goal.cell)]}}
    elif goal.kind == "break_free":
        until = {"not_engaged": [who.name]}
    else:
        if p.model(goal.zombie) is None or p.model(goal.zombie) not in p.zombies:
            raise LessonError(f"{goal.zombie!r} is not a zombie of the position")
        until = {"destroyed": [p.model(goal.zombie).name]}
    hint = " ".join(goal.hints) or f"Read what the board shows for {who.name} before you act."
    rows, legend = _board(p, content)
    shown = content.archetypes[who.archetype].name       # the lesson's board names survivors by archetype
    step = {"id": "goal", "text": f"{goal.text}\n\nStart the {shown}'s activation by clicking them.",
            "expect": {"action": list(_ACTS), "who": who.name}, "until": until, "max_actions": content.rules.ap,
            "hint": hint, "explain": f"Done: {goal.text} The log under this note shows what the engine did."}
    return {
        "id": lesson_id, "order": order, "title": goal.title, "goal": goal.text,
        "intro": f"A position set up at the teacher's table on {content.maps[p.map].name}. {goal.text}",
        "dice": "free", "director": "none" if p.director == "none" else "ai", "seed": p.seed,
        "board": {"rows": rows, "legend": legend},
        "team": [{"archetype": m.archetype, "label": m.name} for m in team],
        "zombies": [{"kind": z.kind, "at": list(z.at), "label": z.name} for z in p.zombies],
        **({"setup": setup} if setup else {}),
        "steps": [step],
        "summary": {"title": goal.title, "points": [goal.text, *goal.hints]},
    }


def _board(p: Position, content: Content) -> tuple[list[str], dict]:
    """The map's cells as rows, with a legend of every kind of cell they use (the team's cells as deployment)."""
    mapdef = content.maps[p.map]
    base = {ch: e for ch, e in load_legend().items()}
    kinds: dict[tuple, str] = {}
    legend: dict[str, dict] = {}
    free = iter(c for c in _CHARS if c not in base)
    markers = {(m.x, m.y): m for m in mapdef.markers if m.kind not in ("deploy", "zombie", "search")}
    searches = set(tokens(p, content))
    team = {m.at for m in p.survivors}
    rows = []
    for y in range(mapdef.height):
        row = []
        for x in range(mapdef.width):
            i = mapdef.index(x, y)
            entry = {"terrain": mapdef.terrain[i], "style": mapdef.styles[i] if mapdef.styles else "street"}
            if entry["terrain"] == "door" and door_is_open(p, content, (x, y)):
                entry["open"] = True
            marker = markers.get((x, y))
            if (x, y) in team:
                entry["marker"] = "deploy"
            elif (x, y) in searches:
                entry["marker"] = "search"
            elif marker is not None and marker.kind.startswith("spawn"):
                entry["marker"] = marker.kind
            key = tuple(sorted(entry.items()))
            if key not in kinds:
                kinds[key] = next(free)
                legend[kinds[key]] = entry
            row.append(kinds[key])
        rows.append("".join(row))
    return rows, legend


def lesson_text(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, default_flow_style=False, width=200)


def save_lesson(p: Position, content: Content, goal: LessonGoal, folder: Path | None = None) -> tuple[Path, Lesson]:
    """Write the lesson as the next file of the folder and read it back as the tutorial will (LessonError when the
    lesson's own checks refuse it)."""
    folder = folder or lessons_dir()
    folder.mkdir(parents=True, exist_ok=True)
    taken = sorted(folder.glob("*.yaml"))
    order = len(taken) + 1
    lesson_id = f"table{order}"
    data = lesson_data(p, content, goal, lesson_id, order)
    lesson, problems = parse_lesson(data, str(folder / f"{order:02d}_{lesson_id}.yaml"), content, load_legend())
    if problems:
        raise LessonError("; ".join(str(pr) for pr in problems))
    path = folder / f"{order:02d}_{lesson_id}.yaml"
    atomic_write(path, lesson_text(data).encode("utf-8"))
    return path, lesson


def user_lessons(content: Content, folder: Path | None = None) -> tuple[tuple[Lesson, ...], list[Problem]]:
    folder = folder or lessons_dir()
    if not folder.is_dir() or not any(folder.glob("*.yaml")):
        return (), []
    return check_lessons(content, folder)
