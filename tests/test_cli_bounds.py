"""Issue #11, command-line limits: --jobs capped at the cores, batches streamed, output paths checked before the work
starts, and a failed write reported as a failure."""
from __future__ import annotations

import errno
import itertools
import json
import multiprocessing

import pygame
import pytest

from game.cli import main
from game.content import files
from game.sim import batch
from game.sim.simulate_cli import cores


def _full_disk(monkeypatch) -> None:
    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files.os, "fsync", full)


def test_jobs_100000_is_capped_at_the_cores(monkeypatch, capsys):
    asked = []
    real = batch.stream_batch

    def spy(jobs, workers=1, **kw):
        asked.append(workers)
        return real(jobs, 1, **kw)
    monkeypatch.setattr(batch, "stream_batch", spy)
    assert main(["simulate", "--scenario", "pharmacy_run", "--games", "1", "--jobs", "100000", "--no-progress"]) == 0
    assert asked == [cores()] and f"using {cores()}" in capsys.readouterr().err


def test_games_10_to_the_23_is_streamed_and_no_worker_outlives_it():
    jobs = batch.jobs_for("pharmacy_run", 10**23, 1, "random")     # a list of these would not fit in memory
    records = batch.stream_batch(jobs, workers=2)
    first = list(itertools.islice(records, 3))
    assert [r["seed"] for r in first] == [1, 2, 3]
    records.close()
    assert multiprocessing.active_children() == []


def test_a_report_from_a_stream_matches_the_list():
    records = batch.run_batch(batch.jobs_for("pharmacy_run", 5, 3, "random"))
    assert batch.report(iter(records), "pharmacy_run", "random", 3) == batch.report(records, "pharmacy_run",
                                                                                      "random", 3)


@pytest.mark.parametrize("path,said", [("", "the file name is empty"), ("/proc/version", "cannot write in /proc")])
def test_simulate_json_path_is_checked_before_the_batch(monkeypatch, capsys, path, said):
    monkeypatch.setattr(batch, "stream_batch", lambda *a: pytest.fail("the batch ran"))
    assert main(["simulate", "--scenario", "pharmacy_run", "--games", "5", "--json", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --json: {said}") and err.count("\n") == 1


def test_simulate_json_failed_write_is_a_failure(tmp_path, monkeypatch, capsys):
    _full_disk(monkeypatch)
    out = tmp_path / "report.json"
    assert main(["simulate", "--scenario", "pharmacy_run", "--games", "1", "--no-progress", "--json", str(out)]) == 1
    assert "No space left on device" in capsys.readouterr().err and not out.exists()


def test_screenshot_to_proc_version_fails(capsys):
    assert main(["--screenshot", "/proc/version"]) == 2
    assert capsys.readouterr().err.startswith("error: --screenshot: cannot write in /proc")


def test_screenshot_on_a_full_disk_fails(tmp_path, monkeypatch, capsys):
    _full_disk(monkeypatch)
    try:
        assert main(["--screenshot", str(tmp_path / "menu.png")]) == 1
    finally:
        pygame.quit()
    assert "cannot write the screenshot" in capsys.readouterr().err and not (tmp_path / "menu.png").exists()


@pytest.mark.parametrize("command", [["run"], ["play", "--scenario", "dead_air"], ["demo"],
                                     ["simulate", "--scenario", "dead_air"], ["soak"]])
def test_a_seed_a_save_could_not_keep_is_refused(capsys, command):
    assert main([*command, "--seed", str(2**63)]) == 2
    assert "--seed: must be between -2**63 and 2**63 - 1" in capsys.readouterr().err


# --- issue #27 ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("team", [",", "", " , ", "doctor,,courier"])
def test_scenario_team_comma_is_refused(capsys, team):
    assert main(["scenario", "--team", team]) == 2
    assert "--team: expected archetype ids separated by commas, none empty" in capsys.readouterr().err


def test_map_screenshot_on_a_full_disk_fails_and_leaves_no_png(tmp_path, monkeypatch, capsys):
    _full_disk(monkeypatch)
    out = tmp_path / "pharmacy.png"
    try:
        assert main(["map", "maps/pharmacy_run.yaml", "--screenshot", str(out)]) == 1
    finally:
        pygame.quit()
    err = capsys.readouterr().err
    assert err == f"error: cannot write {out}: No space left on device\n" and not out.exists()
    assert list(tmp_path.iterdir()) == []          # no temporary file left either


def test_map_screenshot_refuses_a_png_the_encoder_cut_short(tmp_path, monkeypatch, capsys):
    """What SDL does on a full disk when it writes the file itself: a short PNG and no error."""
    real = pygame.image.save
    monkeypatch.setattr(pygame.image, "save", lambda surface, fh, hint=None: real(surface, fh, hint) or fh.truncate(64))
    out = tmp_path / "pharmacy.png"
    try:
        assert main(["map", "maps/pharmacy_run.yaml", "--screenshot", str(out)]) == 1
    finally:
        pygame.quit()
    assert "not a whole PNG" in capsys.readouterr().err and not out.exists()


def test_campaign_simulate_games_10_to_the_23_is_refused_in_one_line(capsys):
    assert main(["campaign", "--simulate", "--games", str(10**23)]) == 2
    assert "--games: at most 1,000,000 (a campaign takes seconds)" in capsys.readouterr().err


def test_campaign_simulate_streams_its_jobs_and_records(monkeypatch):
    """The jobs are made as the batch goes and the report reads the records once: nothing is a list of them all."""
    from game.campaign import simulate

    jobs = simulate.jobs_for(10**23, 1, "veteran")
    monkeypatch.setattr(simulate, "run_one", lambda job: {
        "seed": job.seed, "over": "evacuated", "days": 3, "missions": 2, "won": 2, "fates": {}, "recruited": 4,
        "scars": 0, "breaks": 0, "stress_left": 1, "survivors": 4, "supplies": 5, "turned": 0, "horror": {}})
    records = simulate.stream(jobs)
    text = simulate.report(itertools.islice(records, 1000), "veteran", 1)
    assert text.startswith("1000 campaigns, survivor AI veteran, seeds 1..1000")
    assert next(jobs).seed == 1001            # no job made before it was needed


def test_scavenge_searches_10_to_the_8_is_refused_in_one_line(capsys):
    assert main(["scavenge", "--wits", "3", "--searches", str(10**8)]) == 2
    assert capsys.readouterr().err == "error: --searches: must be 1 to 1,000 (each search is printed), not " \
                                      "100,000,000\n"


def test_scavenge_refuses_searches_a_kept_state_could_not_count(tmp_path, capsys):
    from game.tools import scavenge as S

    state = tmp_path / "decks.json"
    assert main(["scavenge", "--wits", "3", "--state", str(state)]) == 0
    data = json.loads(state.read_text())
    data["scavenge"]["searches"] = S.MAX_KEPT_SEARCHES
    state.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["scavenge", "--wits", "3", "--state", str(state)]) == 2
    assert "--state: these decks have had 1,000,000 searches" in capsys.readouterr().err
