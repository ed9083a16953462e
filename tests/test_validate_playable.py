"""Issue #11, `validate` plays out what it checks: content that used to pass and then crashed `run` on every seed,
or could not be won, is refused with one line naming the file and the place."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.cli import main
from game.content.loader import REPO_ROOT, validate_paths
from game.content.maps import MAX_SIZE

DATA = REPO_ROOT / "game" / "data"
MAPS = REPO_ROOT / "maps"


def edited_scenarios(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA / "scenarios.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "scenarios.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def edited_map(tmp_path: Path, name: str, edit) -> Path:
    data = yaml.safe_load((MAPS / f"{name}.yaml").read_text(encoding="utf-8"))
    grid = [list(row) for row in data["rows"]]
    edit(grid)
    data["rows"] = ["".join(row) for row in grid]
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def wall_in(*chars: str):
    """Walls on every cell round the cells showing one of `chars`."""
    def edit(grid):
        cells = [(x, y) for y, row in enumerate(grid) for x, c in enumerate(row) if c in chars]
        for x, y in cells:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    nx, ny = x + dx, y + dy
                    if 0 <= ny < len(grid) and 0 <= nx < len(grid[0]) and grid[ny][nx] not in chars:
                        grid[ny][nx] = "#"
    return edit


def problems_of(path: Path) -> list[str]:
    return [f"{p.file}: {p.where}: {p.message}" for p in validate_paths([path])]


def test_validate_refuses_two_initial_zombies_on_one_cell(tmp_path):
    path = edited_scenarios(tmp_path, "{zombie: shambler, at: [22, 6]}", "{zombie: shambler, at: [21, 6]}")
    assert problems_of(path) == [f"{path}: scenarios.last_train_out.initial_zombies[2].at: (21, 6) is already "
                                 f"taken by initial_zombies[1]"]


def test_validate_refuses_an_initial_zombie_on_a_map_zombie(tmp_path):
    path = edited_scenarios(tmp_path, "{zombie: horde, at: [29, 6]}", "{zombie: horde, at: [29, 4]}")
    assert problems_of(path) == [f"{path}: scenarios.last_train_out.initial_zombies[0].at: (29, 4) is already "
                                 f"taken by a zombie the map places"]


def test_validate_refuses_a_zombie_on_a_deploy_cell(tmp_path):
    path = edited_scenarios(tmp_path, "{zombie: horde, at: [29, 6]}", "{zombie: horde, at: [2, 40]}")
    assert problems_of(path) == [f"{path}: scenarios.last_train_out.initial_zombies[0].at: (2, 40) is a "
                                 f"deployment cell: a survivor starts there"]


def test_validate_refuses_fewer_deploy_cells_than_survivors(tmp_path):
    def three_deploy_cells(grid):
        cells = [(x, y) for y, row in enumerate(grid) for x, c in enumerate(row) if c == "d"]
        for x, y in cells[3:]:
            grid[y][x] = "."
    path = edited_map(tmp_path, "last_train_out", three_deploy_cells)
    found = problems_of(path)
    assert len(found) == 1 and found[0].endswith("scenarios.last_train_out.team_max: 6 survivors, but map "
                                                 "'last_train_out' has only 3 deployment cells")


@pytest.mark.parametrize("name,chars,what", [
    ("last_train_out", "e", "no extraction cell can be reached"),
    ("pharmacy_run", "d", "no extraction cell can be reached"),
    ("dead_air", "1", "the objective 'generator' cannot be reached"),
    ("dead_air", "?", "the search token cannot be reached"),
], ids=["extraction walled in", "deploy zone walled in", "objective walled in", "search token walled in"])
def test_validate_refuses_what_is_walled_in(tmp_path, name, chars, what):
    path = edited_map(tmp_path, name, wall_in(chars))
    found = problems_of(path)
    assert found and all(line.startswith(f"{path}: row ") for line in found)
    assert any(what in line for line in found), found


def test_validate_refuses_a_map_larger_than_the_maximum(tmp_path, capsys):
    path = edited_map(tmp_path, "pharmacy_run", lambda grid: [row.extend("." * (MAX_SIZE + 1 - len(row)))
                                                              for row in grid])
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: rows: the map is {MAX_SIZE + 1}x48, at most {MAX_SIZE}x{MAX_SIZE} is allowed" in err
