"""Issue #29, `simulate --cluster`: a Dask LocalCluster gives the process pool's report, a worker killed mid-batch
changes nothing, a batch stopped early leaves no task and no local worker, and the failures are one line each.
The tests that start a cluster need the cluster extra (the test extra includes it) and skip without it."""
from __future__ import annotations

import itertools
import os
import signal
import sys
import time

import pytest

from game.cli import main
from game.content.loader import _load_root
from game.sim import batch, cluster, version

GAMES = dict(scenario="pharmacy_run", games=12, seed=40, level="random")
CHUNK = 2           # six tasks for 12 games: enough to be spread over two workers and killed between


def _jobs():
    return batch.jobs_for(GAMES["scenario"], GAMES["games"], GAMES["seed"], GAMES["level"])


def _report(records):
    return batch.report(records, GAMES["scenario"], GAMES["level"], GAMES["seed"])


@pytest.fixture(scope="module")
def local():
    pytest.importorskip("distributed", reason="needs the cluster extra: pip install -e '.[cluster]'")
    with cluster.connect(cluster.LOCAL, 2) as executor:
        yield executor


@pytest.fixture(scope="module")
def pool_report():
    return _report(batch.stream_batch(_jobs(), 2, chunk=CHUNK))


def test_a_local_cluster_gives_the_pools_report(local, pool_report):
    ready = local.client.run(lambda: _load_root.cache_info().currsize)
    assert set(ready.values()) == {1}       # each worker loaded the content when it joined, before any game
    finished = []
    records = batch.stream_batch(_jobs(), executor=local, chunk=CHUNK, done=finished.append)
    assert _report(records) == pool_report
    assert finished == [CHUNK] * (GAMES["games"] // CHUNK)      # the bar heard of every task as it finished
    loads = local.client.run(lambda: _load_root.cache_info().misses)
    assert set(loads.values()) == {1}                           # content loaded once per worker, not per game


def test_a_worker_killed_mid_batch_changes_nothing(local, pool_report):
    records = batch.stream_batch(_jobs(), executor=local, chunk=CHUNK)
    first = list(itertools.islice(records, 1))                # the batch is under way on both workers
    pids = local.client.run(os.getpid)
    os.kill(next(iter(pids.values())), signal.SIGKILL)
    assert _report([*first, *records]) == pool_report
    assert len(local.client.run(os.getpid)) >= 1


def test_a_batch_stopped_early_leaves_no_task_and_no_local_worker():
    psutil = pytest.importorskip("psutil")
    pytest.importorskip("distributed")
    with cluster.connect(cluster.LOCAL, 2) as executor:
        pids = list(executor.client.run(os.getpid).values())
        records = batch.stream_batch(batch.jobs_for("pharmacy_run", 10**6, 1, "random"), executor=executor,
                                     chunk=CHUNK)
        next(records)
        records.close()             # what Ctrl+C does to the loop reading the records
        deadline = time.monotonic() + 10
        while executor.client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) \
                and time.monotonic() < deadline:
            time.sleep(0.1)
        assert executor.client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0
    time.sleep(0.5)
    assert not [pid for pid in pids if psutil.pid_exists(pid) and psutil.Process(pid).status() != "zombie"]


def test_simulate_on_a_scheduler_prints_the_pools_report(local, capsys):
    args = ["simulate", "--scenario", "pharmacy_run", "--games", "4", "--seed", "3", "--level", "random",
            "--no-progress"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    assert main([*args, "--cluster", local.client.scheduler.address]) == 0     # the address of a running one
    assert capsys.readouterr().out == alone


def test_a_sweep_on_a_cluster_ends_with_the_pools_table(local, tmp_path, capsys):
    sweep = tmp_path / "grid.yaml"
    sweep.write_text("scenarios: [pharmacy_run]\nsurvivors: [random]\nvary: {ambient_heat: [1, 4]}\ngames: 3\n")
    assert main(["sweep", str(sweep), "--results", str(tmp_path / "pool.sqlite"), "--no-progress"]) == 0
    pool = capsys.readouterr().out
    assert main(["sweep", str(sweep), "--results", str(tmp_path / "dask.sqlite"), "--cluster",
                 local.client.scheduler.address, "--no-progress"]) == 0
    assert capsys.readouterr().out == pool


def test_an_unreachable_scheduler_fails_within_10_s_in_one_line(capsys):
    pytest.importorskip("distributed")
    started = time.monotonic()
    assert main(["simulate", "--scenario", "pharmacy_run", "--games", "1", "--no-progress",
                 "--cluster", "tcp://127.0.0.1:9"]) == 2
    assert time.monotonic() - started < 10
    err = capsys.readouterr().err
    assert err.startswith("error: --cluster tcp://127.0.0.1:9: no Dask scheduler answered") and err.count("\n") == 1


def test_without_the_extra_cluster_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)        # import distributed now fails
    assert main(["simulate", "--scenario", "pharmacy_run", "--games", "1", "--no-progress",
                 "--cluster", "local"]) == 2
    err = capsys.readouterr().err
    assert "pip install -e '.[cluster]'" in err and err.count("\n") == 1


def test_a_worker_running_another_version_of_the_game_is_refused_in_one_line(local, pool_report):
    other = "0" * 16
    with pytest.raises(cluster.ClusterError, match=r"^--cluster: workers tcp://\S+, tcp://\S+ run another version"):
        cluster.check_versions(local.client, other)
    wanted, local.version = local.version, other         # the tasks of a client of another version
    try:
        with pytest.raises(cluster.ClusterError, match=r"^--cluster: worker tcp://\S+ runs another version"):
            list(batch.stream_batch(_jobs(), executor=local, chunk=CHUNK))
    finally:
        local.version = wanted
    assert _report(batch.stream_batch(_jobs(), executor=local, chunk=CHUNK)) == pool_report


def test_the_game_version_follows_every_code_data_and_map_file(tmp_path, monkeypatch):
    (tmp_path / "game" / "data").mkdir(parents=True)
    (tmp_path / "game" / "__pycache__").mkdir()
    (tmp_path / "maps").mkdir()
    files = {"game/rules.py": "x = 1\n", "game/data/rules.yaml": "heat_max: 15\n", "maps/a.yaml": "id: a\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(version, "REPO_ROOT", tmp_path)
    first = version.game_version.__wrapped__()
    (tmp_path / "game" / "__pycache__" / "rules.cpython-311.pyc").write_bytes(b"\0")
    (tmp_path / "notes.txt").write_text("not the game")
    assert version.game_version.__wrapped__() == first           # bytecode and other files are not the game
    for name, text in files.items():
        (tmp_path / name).write_text(text + "# changed\n")
        assert version.game_version.__wrapped__() != first, name
        (tmp_path / name).write_text(text)
    assert version.game_version.__wrapped__() == first
