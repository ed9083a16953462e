"""Issue #27, `validate` on tutorial lessons the player could never finish: the cells a step sends a survivor to must
be ground a model can stand on and reach from the deployment cells, an Escape needs an exit the team can reach, and a
lesson's place in the list is a sane number. Each is one line naming the file and the place."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.cli import main
from game.content.loader import REPO_ROOT, load_content
from game.tutorial.lessons import MAX_ORDER, check_lessons

LESSON = REPO_ROOT / "game" / "data" / "tutorial" / "02_difficult_ground.yaml"
EXIT = (8, 4)        # the exit cell of that lesson, and where its second step asks the Paramedic to go


def lesson_with(tmp_path: Path, edit) -> Path:
    """The difficult-ground lesson, edited, alone in a tutorial folder of its own."""
    data = yaml.safe_load(LESSON.read_text(encoding="utf-8"))
    grid = [list(row) for row in data["board"]["rows"]]
    edit(data, grid)
    data["board"]["rows"] = ["".join(row) for row in grid]
    folder = tmp_path / "tutorial"
    folder.mkdir()
    path = folder / LESSON.name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    return [f"{p.where}: {p.message}" for p in check_lessons(load_content(), path.parent)[1]]


def goal(data: dict, cell: list[int]) -> None:
    data["steps"][1]["until"] = {"at": {"medic": [cell]}}


def test_the_lessons_as_shipped_can_all_be_finished():
    assert check_lessons(load_content())[1] == []


def test_validate_refuses_a_lesson_whose_exit_is_walled_in(tmp_path):
    def wall_round_the_exit(data, grid):
        x, y = EXIT
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    grid[y + dy][x + dx] = "#"
    found = problems(lesson_with(tmp_path, wall_round_the_exit))
    assert "board.rows, row 5, column 9: no extraction cell can be reached from the deployment cells: the zone is " \
           "walled in" in found
    assert "steps[1] (route).until.at.medic: (8, 4) cannot be reached from the deployment cells, so the step " \
           "cannot be finished" in found


def test_validate_refuses_a_wall_on_a_step_cell(tmp_path):
    found = problems(lesson_with(tmp_path, lambda data, grid: goal(data, [5, 3])))
    assert found == ["steps[1] (route).until.at.medic: (5, 3) is wall: no model can stand there, so the step "
                     "cannot be finished"]


def test_validate_refuses_heavy_ground_on_the_goal_cells(tmp_path):
    def car_on_the_goal(data, grid):
        grid[4][10] = "H"
        goal(data, [10, 4])
        data["steps"][1]["expect"]["cells"] = [[10, 4]]
    found = problems(lesson_with(tmp_path, car_on_the_goal))
    assert found == [f"steps[1] (route).{field}: (10, 4) is heavy: no model can stand there, so the step cannot be "
                     f"finished" for field in ("expect.cells", "until.at.medic")]


def test_validate_refuses_a_goal_in_a_sealed_room(tmp_path):
    def seal_the_top_row(data, grid):
        grid[2] = list("#" * len(grid[2]))
        goal(data, [5, 1])
    found = problems(lesson_with(tmp_path, seal_the_top_row))
    assert found == ["steps[1] (route).until.at.medic: (5, 1) cannot be reached from the deployment cells, so the "
                     "step cannot be finished"]


def test_validate_refuses_an_escape_on_a_board_without_an_exit(tmp_path):
    found = problems(lesson_with(tmp_path, lambda data, grid: grid[4].__setitem__(8, ".")))
    assert found == ["steps[2] (escape): asks for an Escape, but the board has no exit cell (e)"]


@pytest.mark.parametrize("order", [10**24, MAX_ORDER + 1, 0])
def test_validate_refuses_a_lesson_order_of_10_to_the_24(tmp_path, order):
    found = problems(lesson_with(tmp_path, lambda data, grid: data.update(order=order)))
    assert found == [f"order: must be a whole number, 1 to {MAX_ORDER}, not {order!r}"]


def test_validate_checks_a_lesson_file_or_a_tutorial_folder_as_lessons(tmp_path, capsys):
    path = lesson_with(tmp_path, lambda data, grid: goal(data, [5, 3]))
    for target in (path, path.parent):
        assert main(["validate", str(target)]) == 1
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 1 and err[0].endswith("(5, 3) is wall: no model can stand there, so the step cannot be "
                                                 "finished")
    assert main(["validate", str(LESSON)]) == 0
    assert capsys.readouterr().out == "ok: 1 file checked\n"


@pytest.mark.parametrize("paths", [[""], ["  "], ["", str(LESSON)]], ids=["empty", "blank", "empty and a file"])
def test_validate_with_an_empty_path_is_an_error(capsys, paths):
    assert main(["validate", *paths]) == 1
    captured = capsys.readouterr()
    assert "path: is empty" in captured.err and "ok" not in captured.out
