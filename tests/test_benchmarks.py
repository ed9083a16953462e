"""The benchmark scripts still run against today's code. They measure, so no figure is checked against a speed here:
each panel runs once at its smallest and must give a real, positive number (a panel once broke unseen when a
function it imports moved)."""
from __future__ import annotations

import importlib.util
import math
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def speed():
    spec = importlib.util.spec_from_file_location("benchmark_run", ROOT / "benchmarks" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_panel_of_the_speed_figures_runs(speed):
    content = speed.load_content()
    figures = {
        "sight_and_cover_query": speed.bench_sight_and_cover(content),
        "move_range": speed.bench_move_range(content),
        **speed.bench_random_games(content, 2),
        **{f"ai_game_{name}": median for name, (median, _) in speed.bench_ai_games(content, 1, 1).items()},
        "expert_decision": speed.bench_expert_decisions(content, games=1)[0],
        "director_decisions": speed.bench_director_decisions(content),
        "content_load": speed.bench_content_load(1)[0],
        "ui_frame_full_board": speed.bench_ui_frame(content, frames=2),
    }
    assert len(figures) == 3 + len(content.scenarios) + 6
    assert {name for name, value in figures.items() if not (math.isfinite(value) and value > 0)} == set()


@pytest.mark.parametrize("script, flags, last", [
    ("director_plans.py", ("--games", "1", "--jobs", "1"), "all: heat_lost"),
    ("downed_help.py", ("--games", "1", "--jobs", "1"), "all: cases"),
    ("replay_seek.py", ("--rounds", "3"), "screen_step_back: "),
])
def test_the_issue_check_benchmarks_run(script, flags, last):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *flags], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1].startswith(last)
