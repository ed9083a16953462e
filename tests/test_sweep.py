"""Issue #29, `sweep FILE.yaml`: the grid's rule numbers reach the games as checked content overrides, every bad
sweep file gets one line naming the file and the field, a results file of another sweep is refused and left as it is,
a sweep killed halfway resumes without playing a stored game again and ends with the same table, and the plots are
drawn headless."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.content.errors import ContentError
from game.content.loader import REPO_ROOT, load_content
from game.sim import batch
from game.sim.sweep import load_sweep, team_of

SMALL = """scenarios: [pharmacy_run]
survivors: [random]
vary:
  ambient_heat: [1, 4]
games: 3
seed: 7
"""


def _sweep_file(tmp_path: Path, text: str = SMALL, name: str = "grid.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_an_override_changes_that_number_only_and_is_checked_like_content():
    content = load_content(overrides=(("scenarios", ("scenarios", "dead_air", "ambient_heat"), 5),
                                      ("rules", ("rules", "lunge_distance"), 4)))
    base = load_content()
    assert content.scenarios["dead_air"].ambient_heat == 5 and content.rules.lunge_distance == 4
    assert content.scenarios["pharmacy_run"] == base.scenarios["pharmacy_run"]
    assert base.scenarios["dead_air"].ambient_heat != 5 and base.rules.lunge_distance != 4
    with pytest.raises(ContentError, match="doom_length"):
        load_content(overrides=(("scenarios", ("scenarios", "dead_air", "doom_length"), 1),))


def test_a_cells_games_play_its_numbers(tmp_path):
    sweep = load_sweep(_sweep_file(tmp_path), load_content())
    low, high = sweep.cells()
    records = [batch.run_one(job) for cell in (low, high) for job in sweep.jobs(cell, load_content(), set())]
    mean_heat = [sum(sum(r["heat"]) / len(r["heat"]) for r in records[i:i + 3]) / 3 for i in (0, 3)]
    assert mean_heat[0] < mean_heat[1]      # three more Heat a Director Phase shows on the track


def test_an_override_of_the_survivor_ais_levels_reaches_the_player_a_batch_fields():
    """A veteran that never searches (search_slack far beyond any Doom track) plays other games than the shipped one,
    which searches with a round to spare: the batch's player reads the game's content, overrides and all."""
    never = (("survivor_ai", ("survivor_ai", "veteran", "search_slack"), 99),)
    jobs = [batch.GameJob("pharmacy_run", seed, "veteran", overrides=o) for seed in (1, 2, 3) for o in ((), never)]
    shipped, shy = ([batch.run_one(j) for j in jobs[i::2]] for i in (0, 1))
    assert [r["rounds"] for r in shipped] != [r["rounds"] for r in shy] or \
        [r["heat"] for r in shipped] != [r["heat"] for r in shy]


@pytest.mark.parametrize("text,field", [
    ("scenarios: [pharmacy_run]\nvary: {ambient_hat: [1, 2]}\ngames: 2\n", "vary.ambient_hat: unknown rule number"),
    ("scenarios: [pharmacy_run]\nvary: {ambient_heat: [1, two]}\ngames: 2\n", "vary.ambient_heat[1]: must be a whole"),
    ("scenarios: [pharmacy_run]\ngames: 0\n", "games: must be 1 to"),
    ("scenarios: []\ngames: 2\n", "scenarios: must be a list of at least one"),
    ("scenarios: [pharmacy_run]\nvary: {ambient_heat: []}\ngames: 2\n", "vary.ambient_heat: must be a list of at "),
    ("scenarios: [pharmacy_run]\ndirectors: [tyrant]\ngames: 2\n", "directors[0]: unknown name 'tyrant'"),
    ("scenarios: [pharmacy_run]\nteam_size: [9]\ngames: 2\n", "team_size[0]: pharmacy_run takes 2 to 6"),
    ("scenarios: [pharmacy_run]\ngames: 2\nrepeats: 3\n", "repeats: unknown field"),
    ("scenarios: [pharmacy_run]\nvary: {engagement_slots: [1]}\ngames: 2\n",
     "vary.engagement_slots: 1 on pharmacy_run breaks the content"),
    ("scenarios: [pharmacy_run]\nvary: {escalation.0.need: [9]}\ngames: 2\n",
     "vary.escalation.0.need: 9 on pharmacy_run breaks the content"),
])
def test_a_bad_sweep_file_gets_one_line_naming_the_file_and_the_field(tmp_path, capsys, text, field):
    path = _sweep_file(tmp_path, text)
    assert main(["sweep", str(path), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: {field}") and err.count("\n") == 1
    assert not path.with_suffix(".sqlite").exists()         # refused before a results file is made


def test_a_results_file_of_another_sweep_or_damaged_is_refused_and_left_as_it_is(tmp_path, capsys):
    first = _sweep_file(tmp_path)
    assert main(["sweep", str(first), "--no-progress"]) == 0
    results = first.with_suffix(".sqlite")
    kept = results.read_bytes()
    other = _sweep_file(tmp_path, SMALL.replace("games: 3", "games: 4"), "other.yaml")
    capsys.readouterr()
    assert main(["sweep", str(other), "--results", str(results), "--resume", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "holds the results of another sweep" in err and err.count("\n") == 1
    assert results.read_bytes() == kept
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"not a database at all" * 100)
    assert main(["sweep", str(first), "--results", str(damaged), "--no-progress"]) == 2
    assert "damaged" in capsys.readouterr().err and damaged.read_bytes() == b"not a database at all" * 100


def test_a_sweep_killed_halfway_resumes_without_replaying_and_ends_with_the_same_table(tmp_path, capsys,
                                                                                      monkeypatch):
    text = SMALL.replace("games: 3", "games: 24")       # 48 games, three chunks of 16: killed after the first
    whole = _sweep_file(tmp_path, text, "whole.yaml")
    assert main(["sweep", str(whole), "--no-progress"]) == 0
    table = capsys.readouterr().out

    killed = _sweep_file(tmp_path, text, "killed.yaml")
    results = killed.with_suffix(".sqlite")
    run = subprocess.Popen([sys.executable, str(REPO_ROOT / "main.py"), "sweep", str(killed), "--no-progress"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stored = 0
    deadline = time.monotonic() + 120
    while stored == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
        stored = _stored(results)
    run.kill()
    run.wait()
    stored = _stored(results)
    assert 0 < stored < 48

    played = []
    real = batch.run_chunk
    monkeypatch.setattr(batch, "run_chunk", lambda jobs, run=batch.run_one: played.extend(jobs) or real(jobs, run))
    assert main(["sweep", str(killed), "--no-progress"]) == 2        # part of a sweep: --resume says go on
    assert "--resume plays the rest" in capsys.readouterr().err
    assert main(["sweep", str(killed), "--resume", "--no-progress"]) == 0
    assert capsys.readouterr().out == table
    assert len(played) == 48 - stored                     # no stored game played again
    assert _stored(results) == 48


def _stored(results: Path) -> int:
    try:
        with sqlite3.connect(f"file:{results}?mode=ro", uri=True) as db:
            return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.Error:       # not made yet
        return 0


def test_the_report_and_the_plots_are_drawn_headless_and_not_blank(tmp_path, capsys):
    image = pytest.importorskip("PIL.Image", reason="needs the designer extra: pip install -e '.[designer]'")
    pytest.importorskip("matplotlib")
    sweep = _sweep_file(tmp_path, SMALL.replace("survivors: [random]", "survivors: [random, rush]"))
    out = tmp_path / "report"
    assert main(["sweep", str(sweep), "--report", str(out), "--no-progress"]) == 0
    names = {p.name for p in out.iterdir()}
    assert {"table.csv", "table.json", "index.html", "rounds.png", "causes_of_defeat.png",
            "win_rate_by_ambient_heat.png"} <= names
    page = (out / "index.html").read_text()
    pictures = sorted(n for n in names if n.endswith(".png"))
    assert all(f'src="{n}"' in page for n in pictures)
    assert len((out / "table.csv").read_text().splitlines()) == 1 + 4      # a header and four cells
    one = tmp_path / "batch.png"
    assert main(["simulate", "--scenario", "pharmacy_run", "--games", "3", "--level", "random", "--no-progress",
                 "--plot", str(one)]) == 0
    for path in [one, *(out / n for n in pictures)]:
        with image.open(path) as picture:
            assert picture.width >= 600 and picture.height >= 300
            colours = picture.convert("RGB").getcolors(maxcolors=1 << 20)
            assert len(colours) > 50          # lines, bands, bars and words, not a blank page
            assert max(count for count, _ in colours) < 0.95 * picture.width * picture.height


def test_a_team_size_cuts_the_scenarios_team_or_fills_it_with_other_archetypes():
    content = load_content()
    own = content.scenarios["pharmacy_run"].team
    assert team_of(content, "pharmacy_run", None) is None
    assert team_of(content, "pharmacy_run", 2) == own[:2]
    six = team_of(content, "pharmacy_run", 6)
    assert six[:len(own)] == own and len(set(six)) == 6 and not any(content.archetypes[a].npc for a in six)
