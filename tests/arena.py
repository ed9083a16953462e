"""Small hand-drawn boards for rule tests: ASCII rows in the game's own legend, real content otherwise."""
from __future__ import annotations

from dataclasses import replace

from game.content.defs import MapDef, Marker, ScenarioDef, Task
from game.content.loader import load_content
from game.content.maps import load_legend
from game.rules.dice import ScriptedDice
from game.world.actions import EndSurvivorPhase
from game.world.components import Health, Inventory, Pos, Status, Survivor, Turn, Zombie
from game.world.session import Session


def arena_map(rows: list[str], objectives: dict[str, str] | None = None) -> MapDef:
    legend = load_legend()
    assert len({len(r) for r in rows}) == 1, "arena rows must all be the same width"
    terrain, styles, markers, doors_open = [], [], [], set()
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            entry = legend[ch]
            terrain.append(entry["terrain"])
            styles.append(entry.get("style", ""))
            if entry.get("open"):
                doors_open.add(y * len(row) + x)
            if entry.get("marker"):
                name = (objectives or {}).get(ch, "") or f"{entry['marker']} {x},{y}"
                markers.append(Marker(entry["marker"], x, y, name, entry.get("deck", "") or ""))
    return MapDef("arena", "Arena", len(rows[0]), len(rows), tuple(terrain), frozenset(doors_open),
                  tuple(markers), tuple(styles), "test arena")


def arena(rows: list[str], team: list[str] | None = None, faces: list[int] | None = None,
          tasks: tuple[Task, ...] | None = None, objectives: dict[str, str] | None = None,
          policy=None, seed: int = 1, **scenario_fields) -> Session:
    """A session on a hand-drawn board. Survivors deploy on 'd' cells in reading order, shamblers on 'z'."""
    content = load_content()
    map_def = arena_map(rows, objectives)
    base = next(iter(content.scenarios.values()))
    fields = dict(id="arena", name="Arena", map="arena", initial_zombies=(), patrol=(), doom_events={},
                  objective_items=(), tasks=tasks or (Task("out", "extract", "Get out", count=1),),
                  team=tuple(team or ["doctor"]), team_min=1, team_max=8)
    fields.update(scenario_fields)
    scenario: ScenarioDef = replace(base, **fields)
    dice = ScriptedDice(faces or [])
    return Session(content, scenario, seed=seed, dice=dice, map_def=map_def, policy=policy or NoPurchases())


class NoPurchases:
    """Leaves the board as drawn: rule tests look at one rule at a time (a real Director must spend its Heat)."""
    may_decline = True

    def choose(self, s, left):
        return None


def open_board(*marks: tuple[int, str], size: int = 16) -> list[str]:
    """A size x size street with the given rows (y, text) drawn in, padded with open ground."""
    rows = ["." * size for _ in range(size)]
    for y, row in marks:
        rows[y] = row.ljust(size, ".")
    return rows


def director_until(s: Session, label: str) -> str | None:
    """End the Survivor Phase and run the Director's steps up to the first step called `label` (or the round's end)."""
    s.submit(EndSurvivorPhase())
    while True:
        step = s.step_director()
        if step is None or step == label:
            return step


def at(s: Session, x: int, y: int) -> int:
    return s.occupant[s.board.idx(x, y)]


def cell(s: Session, x: int, y: int) -> int:
    return s.board.idx(x, y)


__all__ = ["arena", "arena_map", "at", "cell", "director_until", "open_board", "NoPurchases", "Health", "Inventory",
           "Pos", "Status", "Survivor", "Turn", "Zombie"]
