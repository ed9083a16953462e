"""A balance sweep: a grid of cells (scenario x survivor level x Director level x team size x the values of the
swept rule numbers), each played for the same seeds S..S+N-1, so cells differ only by what the grid changes.

The sweep file (YAML, read through the guarded reader):

    scenarios: [pharmacy_run, dead_air]     # scenario ids
    survivors: [veteran]                     # survivor AI levels or baselines (default: veteran)
    directors: [standard, ruthless]          # Director levels (default: standard)
    team_size: [3, 4]                        # survivors on the team (default: each scenario's own team)
    vary:                                    # rule numbers of game/data, by name, and the values to try
      ambient_heat: [1, 2, 3]                #   a scenario's number: ambient_heat, doom_length
      escalation.0.need: [4, 5, 6]           #   a number of rules.yaml: heat_max, costs.shambler, ...
    games: 200                               # games per cell
    seed: 1                                  # seed of each cell's first game (default 1)

A swept number reaches the games as a content override (game.content.loader), checked like any content file: a value
that breaks the rules is refused before the first game.
"""
from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from game.ai.director_levels import DEFAULT_DIRECTOR, DIRECTOR_LEVELS
from game.ai.players import PLAYERS
from game.content.defs import Content
from game.content.errors import ContentError, Problem
from game.content.loader import REPO_ROOT, Override, load_content
from game.content.yamlio import read_yaml
from game.sim.arg_types import SEED_LIMIT  # the bound of simulate's --seed
from game.sim.batch import GameJob

FIELDS = ("scenarios", "survivors", "directors", "team_size", "vary", "games", "seed")
SCENARIO_NUMBERS = ("ambient_heat", "doom_length")      # a scenario's numbers a sweep may change (scenarios.yaml)
RULES_FILE = REPO_ROOT / "game" / "data" / "rules.yaml"
MAX_GAMES = 10**6           # per cell
MAX_CELLS = 10_000


class SweepError(Exception):
    """The sweep file's problems, one line each (file: field: what is wrong)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))


@dataclass(frozen=True)
class Param:
    """A swept number: its name in the sweep file and where it lives in the data files."""
    name: str
    path: tuple[str | int, ...]     # into rules.yaml's `rules`, or into a scenario's record

    @property
    def per_scenario(self) -> bool:
        return self.name in SCENARIO_NUMBERS

    def override(self, scenario: str, value: int) -> Override:
        if self.per_scenario:
            return ("scenarios", ("scenarios", scenario, *self.path), value)
        return ("rules", ("rules", *self.path), value)

    @property
    def words(self) -> str:
        """The number's name for a plot's axis."""
        if self.name in WORDS:
            return WORDS[self.name]
        head, *rest = self.path
        if head == "escalation" and len(rest) == 2 and rest[1] in ESCALATION_WORDS:
            return ESCALATION_WORDS[rest[1]].format(step=rest[0] + 1)
        if head == "costs" and len(rest) == 1:
            return f"Heat cost of a {str(rest[0]).replace('_', ' ')}"
        return self.name.replace(".", " ").replace("_", " ").capitalize()


WORDS = {"ambient_heat": "Ambient Heat per Director Phase", "doom_length": "Doom track length (spaces)",
         "heat_max": "Top of the Heat track", "engagement_slots": "Engagement slots per survivor"}
ESCALATION_WORDS = {"need": "d6 roll that pushes Doom on, escalation step {step}",
                    "low": "Lowest Heat of escalation step {step}", "high": "Highest Heat of escalation step {step}"}


@dataclass(frozen=True)
class Cell:
    scenario: str
    survivors: str
    director: str
    team_size: int | None
    values: tuple[tuple[str, int], ...]       # swept number -> its value in this cell

    @property
    def key(self) -> str:
        """The cell's identity in the results file."""
        return json.dumps([self.scenario, self.survivors, self.director, self.team_size, self.values])

    def label(self, sweep: Sweep) -> str:
        """A short name: only what the sweep varies (and the scenario)."""
        parts = [self.scenario]
        if len(sweep.survivors) > 1:
            parts.append(f"{self.survivors} survivors")
        if len(sweep.directors) > 1:
            parts.append(f"{self.director} Director")
        if len(sweep.team_sizes) > 1:
            parts.append(f"team of {self.team_size}")
        parts += [f"{name} {value}" for name, value in self.values if len(sweep.values_of(name)) > 1]
        return ", ".join(parts)

    def as_row(self) -> dict:
        return {"scenario": self.scenario, "survivors": self.survivors, "director": self.director,
                "team_size": self.team_size, **dict(self.values)}


@dataclass(frozen=True)
class Sweep:
    source: str
    scenarios: tuple[str, ...]
    survivors: tuple[str, ...]
    directors: tuple[str, ...]
    team_sizes: tuple[int | None, ...]
    params: tuple[tuple[Param, tuple[int, ...]], ...]
    games: int
    seed: int

    def identity(self) -> str:
        """What the results depend on (not the file's name): a results file of another sweep is told apart by it."""
        return json.dumps({"scenarios": self.scenarios, "survivors": self.survivors, "directors": self.directors,
                           "team_size": self.team_sizes, "vary": [[p.name, list(v)] for p, v in self.params],
                           "games": self.games, "seed": self.seed}, sort_keys=True)

    def summary(self) -> str:
        """The grid in one line of words."""
        teams = ", ".join(map(str, self.team_sizes)) if self.team_sizes != (None,) else "each scenario's own"
        parts = [f"scenarios {', '.join(self.scenarios)}", f"survivor AI {', '.join(self.survivors)}",
                 f"Director {', '.join(self.directors)}", f"team size {teams}",
                 *(f"{p.name} {', '.join(map(str, values))}" for p, values in self.params)]
        return "; ".join(parts) + f"; {self.games} games a cell, seeds {self.seed}..{self.seed + self.games - 1}"

    def values_of(self, name: str) -> tuple[int, ...]:
        return next(values for p, values in self.params if p.name == name)

    def cells(self) -> list[Cell]:
        names = [p.name for p, _ in self.params]
        grid = itertools.product(self.scenarios, self.survivors, self.directors, self.team_sizes,
                                 itertools.product(*(values for _, values in self.params)))
        return [Cell(s, lv, d, t, tuple(zip(names, vs, strict=True))) for s, lv, d, t, vs in grid]

    def overrides(self, cell: Cell) -> tuple[Override, ...]:
        return tuple(p.override(cell.scenario, v) for (p, _), (_, v) in zip(self.params, cell.values, strict=True))

    def jobs(self, cell: Cell, content: Content, done: set[int]) -> Iterator[GameJob]:
        """The cell's games not yet in `done` (seeds), in seed order."""
        team = team_of(content, cell.scenario, cell.team_size)
        overrides = self.overrides(cell)
        for seed in range(self.seed, self.seed + self.games):
            if seed not in done:
                yield GameJob(cell.scenario, seed, cell.survivors, cell.director, team=team, overrides=overrides)


def team_of(content: Content, scenario: str, size: int | None) -> tuple[str, ...] | None:
    """A team of `size`: the scenario's own team, cut short or joined by the other archetypes in file order."""
    if size is None:
        return None
    own = content.scenarios[scenario].team
    others = [a for a, arch in content.archetypes.items() if not arch.npc and a not in own]
    return tuple([*own, *others][:size])


def load_sweep(path: Path | str, content: Content) -> Sweep:
    """The sweep file, checked whole (every cell's content override included); SweepError lists what is wrong."""
    file = str(path)
    data, problems = read_yaml(path)
    if problems:
        raise SweepError(problems)
    found: list[Problem] = []

    def bad(field: str, message: str) -> None:
        found.append(Problem(file, field, message))

    if not isinstance(data, dict):
        raise SweepError([Problem(file, "file", "a sweep file is a mapping of " + ", ".join(FIELDS))])
    for key in data:
        if key not in FIELDS:
            bad(str(key)[:40], f"unknown field; a sweep has {', '.join(FIELDS)}")
    scenarios = _names(data, "scenarios", None, [s for s in content.scenarios], bad)
    survivors = _names(data, "survivors", ["veteran"], PLAYERS, bad)
    directors = _names(data, "directors", [DEFAULT_DIRECTOR], DIRECTOR_LEVELS, bad)
    team_sizes = _team_sizes(data, content, scenarios or (), bad)
    params = _params(data.get("vary", {}), bad)
    games = _whole(data.get("games"), "games", 1, MAX_GAMES, bad)
    seed = _whole(data.get("seed", 1), "seed", -SEED_LIMIT, SEED_LIMIT - 1, bad)
    if found:
        raise SweepError(found)
    sweep = Sweep(file, scenarios, survivors, directors, team_sizes, params, games, seed)
    cells = len(scenarios) * len(survivors) * len(directors) * len(team_sizes)
    for _, values in params:
        cells *= len(values)
    if cells > MAX_CELLS:
        raise SweepError([Problem(file, "file", f"{cells} cells is more than {MAX_CELLS}: sweep fewer values")])
    _check_overrides(sweep, bad)
    if found:
        raise SweepError(found)
    return sweep


def _names(data: Mapping, field: str, default: list[str] | None, known, bad) -> tuple[str, ...]:
    value = data.get(field, default)
    if value is None:
        bad(field, "missing: list the " + field)
        return ()
    if not isinstance(value, list) or not value:
        bad(field, "must be a list of at least one name (an empty grid plays nothing)")
        return ()
    for i, name in enumerate(value):
        if name not in known:
            bad(f"{field}[{i}]", f"unknown name {str(name)[:40]!r}; known: {', '.join(known)}")
    if len(set(map(str, value))) < len(value):
        bad(field, "a name is written twice")
    return tuple(map(str, value))


def _whole(value: object, field: str, low: int, high: int, bad) -> int:
    if value is None:
        bad(field, "missing")
    elif not isinstance(value, int) or isinstance(value, bool):
        bad(field, f"must be a whole number, got {str(value)[:40]!r}")
    elif not low <= value <= high:
        bad(field, f"must be {low} to {high}, got {value}")
    else:
        return value
    return 0


def _team_sizes(data: Mapping, content: Content, scenarios: tuple[str, ...], bad) -> tuple[int | None, ...]:
    if "team_size" not in data:
        return (None,)
    value = data["team_size"]
    if not isinstance(value, list) or not value:
        bad("team_size", "must be a list of at least one number (an empty grid plays nothing)")
        return ()
    players = sum(not a.npc for a in content.archetypes.values())
    for i, size in enumerate(value):
        if _whole(size, f"team_size[{i}]", 1, players, bad):
            for sid in scenarios:
                if sid in content.scenarios and not content.scenarios[sid].team_min <= size <= \
                        content.scenarios[sid].team_max:
                    scen = content.scenarios[sid]
                    bad(f"team_size[{i}]", f"{sid} takes {scen.team_min} to {scen.team_max} survivors, not {size}")
    if len(set(map(str, value))) < len(value):
        bad("team_size", "a number is written twice")
    return tuple(value)


def _params(vary: object, bad) -> tuple[tuple[Param, tuple[int, ...]], ...]:
    if not isinstance(vary, dict):
        bad("vary", "must be a mapping: rule number -> list of values")
        return ()
    rules, _ = read_yaml(RULES_FILE)
    rules = rules.get("rules", {}) if isinstance(rules, dict) else {}
    out = []
    for name, values in vary.items():
        field = f"vary.{str(name)[:40]}"
        param = _param(str(name), rules)
        if param is None:
            numbers = sorted(k for k, v in rules.items() if isinstance(v, int))
            bad(field, f"unknown rule number; a sweep varies {', '.join(SCENARIO_NUMBERS)} (each scenario's) or a "
                       f"number of {RULES_FILE.relative_to(REPO_ROOT)} by its path ({', '.join(numbers[:6])}, "
                       f"costs.shambler, escalation.0.need, ...)")
            continue
        if not isinstance(values, list) or not values:
            bad(field, "must be a list of at least one value (an empty grid plays nothing)")
            continue
        for i, v in enumerate(values):
            if not isinstance(v, int) or isinstance(v, bool):
                bad(f"{field}[{i}]", f"must be a whole number, got {str(v)[:40]!r}")
        if len(set(map(str, values))) < len(values):
            bad(field, "a value is written twice")
        out.append((param, tuple(values)))
    return tuple(out)


def _param(name: str, rules: Mapping) -> Param | None:
    """The swept number called `name`, or None when no whole number of the data goes by it."""
    if name in SCENARIO_NUMBERS:
        return Param(name, (name,))
    path = tuple(int(k) if k.isdigit() else k for k in name.split("."))
    node: object = rules
    for key in path:
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and key < len(node):
            node = node[key]
        else:
            return None
    return Param(name, path) if isinstance(node, int) and not isinstance(node, bool) else None


def _check_overrides(sweep: Sweep, bad) -> None:
    """Each distinct content override of the grid loaded and validated once, before any game."""
    seen: set[tuple] = set()
    for cell in sweep.cells():
        overrides = sweep.overrides(cell)
        if overrides in seen:
            continue
        seen.add(overrides)
        try:
            load_content(overrides=overrides)
        except ContentError as exc:
            names = ",".join(name for name, _ in cell.values)
            values = ", ".join(str(value) for _, value in cell.values)
            bad(f"vary.{names}", f"{values} on {cell.scenario} breaks the content: {exc.problems[0]}")
            return
