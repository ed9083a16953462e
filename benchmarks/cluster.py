"""Cluster and sweep figures (issue #29), one per line as `name: value unit`; they need the cluster extra.

    python benchmarks/cluster.py [--games N] [--repeats R] [--sweep-games N] [--skip-batches] [--skip-sweep]

- the same N-game batch (veteran, pharmacy_run) through the process pool of 2 and a 2-worker LocalCluster, in one run,
  and the cluster's time over the pool's (the issue asks for at most 1.05), wall-clock and CPU (all processes, the
  workers' start-up included), with the reports compared. The wall-clock time of the cluster's batch runs from its
  workers being up, the game imported and its content loaded on each (as a pool's forked worker finds them); the
  start of the cluster itself is printed apart (`local_cluster_N_workers_start`);
- the LocalCluster with 1 worker and with 2: the speed-up (the issue asks for at least 1.8 on two free cores);
- each of these R times over (3 by default), the three batches one after the other in each round: a figure is the
  median of the rounds, NAME_spread their range (max - min), and the two ratios are printed round by round;
- benchmarks/sweep_3x3.yaml (3 x 3 cells, N games a cell) played uninterrupted, and again killed halfway and resumed:
  the client's memory (resident set) a quarter of the way, halfway and at the end of the uninterrupted run, and
  whether the two final tables are the same.

Wall-clock ratios need the two cores to themselves: on a machine shared with other work they are noisy, so the load
average is printed with them. Benchmarks are not tests: they measure and print, they never fail on a number.
"""
from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.sim import batch, cluster  # noqa: E402


def _timed_report(games: int, **how) -> tuple[float, dict]:
    start = time.perf_counter()
    records = batch.stream_batch(batch.jobs_for("pharmacy_run", games, 1, "veteran"), **how)
    rep = batch.report(records, "pharmacy_run", "veteran", 1)
    return time.perf_counter() - start, rep


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's and the local cluster's workers, counted
    once they have been shut down): a figure other work on the machine inflates far less than wall-clock time."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _one_round(games: int) -> dict[str, float]:
    """One round of the three batches: the pool of 2, a 2-worker and a 1-worker LocalCluster."""
    out: dict[str, float] = {}
    cpu = _cpu()
    out["pool"], reports = _timed_report(games, workers=2)
    out["pool_cpu"] = _cpu() - cpu
    for workers in (2, 1):
        cpu, start = _cpu(), time.perf_counter()
        with cluster.connect(cluster.LOCAL, workers) as executor:
            # the batch is timed from the workers being up (the game loaded): their start is a figure of its own
            out[f"start_{workers}"] = time.perf_counter() - start
            out[f"cluster_{workers}"], report = _timed_report(games, executor=executor)
        out[f"cluster_{workers}_cpu"] = _cpu() - cpu
        out["same_reports"] = float(out.get("same_reports", 1.0) and report == reports)
    out["cluster_over_pool"] = out["cluster_2"] / out["pool"]
    out["cluster_over_pool_cpu"] = out["cluster_2_cpu"] / out["pool_cpu"]
    out["two_workers_speed_up"] = out["cluster_1"] / out["cluster_2"]
    return out


def bench_batches(games: int, repeats: int) -> dict[str, tuple[float | str, str]]:
    """The median over `repeats` rounds of each figure and, as NAME_spread, its range (max - min): the three batches
    of a round are played one after the other, so a change in the machine's load between rounds moves the ratios
    less than the times."""
    out: dict[str, tuple[float | str, str]] = {"load_average_before": (os.getloadavg()[0], "")}
    rounds = [_one_round(games) for _ in range(repeats)]
    names = {"pool": (f"pool_2_jobs_{games}_games", "s"), "pool_cpu": (f"pool_2_jobs_{games}_games_cpu", "s")}
    for workers in (2, 1):
        names[f"start_{workers}"] = (f"local_cluster_{workers}_workers_start", "s")
        names[f"cluster_{workers}"] = (f"local_cluster_{workers}_workers_{games}_games", "s")
        names[f"cluster_{workers}_cpu"] = (f"local_cluster_{workers}_workers_{games}_games_cpu", "s")
    names.update(cluster_over_pool=("cluster_over_pool", "x"), cluster_over_pool_cpu=("cluster_over_pool_cpu", "x"),
                 two_workers_speed_up=("two_workers_speed_up", "x"))
    for key, (name, unit) in names.items():
        values = [r[key] for r in rounds]
        out[name] = (statistics.median(values), unit)
        if repeats > 1:
            out[f"{name}_spread"] = (max(values) - min(values), unit)
    if repeats > 1:
        for key in ("cluster_over_pool", "two_workers_speed_up"):
            out[f"{key}_each_round"] = (" ".join(f"{r[key]:.3f}" for r in rounds), "x")
    out["cluster_reports_same_as_pool"] = (min(r["same_reports"] for r in rounds), "(1 = yes, every round)")
    out["load_average_after"] = (os.getloadavg()[0], "")
    return out


def _sweep(file: Path, results: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), "sweep", str(file), "--results", str(results),
                             "--jobs", "2", "--no-progress", *extra], stdout=subprocess.PIPE, text=True)


def _stored(results: Path) -> int:
    try:
        with sqlite3.connect(f"file:{results}?mode=ro", uri=True) as db:
            return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.Error:
        return 0


def bench_sweep(games: int) -> dict[str, tuple[float, str]]:
    import psutil
    out: dict[str, tuple[float, str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "sweep.yaml"
        text = (ROOT / "benchmarks" / "sweep_3x3.yaml").read_text()
        file.write_text(text.replace("games: 200", f"games: {games}"))
        total = 9 * games
        whole = Path(tmp) / "whole.sqlite"
        start = time.perf_counter()
        run = _sweep(file, whole)
        client = psutil.Process(run.pid)
        marks: dict[str, float] = {}
        while run.poll() is None:
            stored = _stored(whole)
            for name, share in (("quarter", 0.25), ("half", 0.5)):
                if name not in marks and stored >= share * total:
                    marks[name] = client.memory_info().rss / 2**20
            try:
                marks["last"] = client.memory_info().rss / 2**20
            except psutil.NoSuchProcess:
                break
            time.sleep(0.2)
        table, _ = run.communicate()
        out[f"sweep_3x3_{games}_games_a_cell"] = (time.perf_counter() - start, "s")
        for name in ("quarter", "half", "last"):
            out[f"sweep_client_memory_{name}"] = (marks.get(name, float("nan")), "MB")

        killed = Path(tmp) / "killed.sqlite"
        run = _sweep(file, killed)
        while run.poll() is None and _stored(killed) < total // 2:
            time.sleep(0.1)
        try:
            workers = psutil.Process(run.pid).children(recursive=True)   # its pool, orphaned by a kill -9
        except psutil.NoSuchProcess:        # done before halfway (a tiny sweep)
            workers = []
        run.kill()
        run.wait()
        for worker in workers:
            worker.kill()
        out["sweep_stored_when_killed"] = (_stored(killed), "games")
        resumed, _ = _sweep(file, killed, "--resume").communicate()
        out["sweep_resumed_table_same"] = (float(resumed == table and bool(table)), "(1 = yes)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games in each batch (default 1000)")
    parser.add_argument("--repeats", type=int, default=3, help="rounds of the three batches (default 3)")
    parser.add_argument("--sweep-games", type=int, default=200, help="games a sweep cell (default 200)")
    parser.add_argument("--skip-batches", action="store_true")
    parser.add_argument("--skip-sweep", action="store_true")
    args = parser.parse_args(argv)
    figures: dict[str, tuple[float | str, str]] = {}
    if not args.skip_batches:
        figures.update(bench_batches(args.games, args.repeats))
    if not args.skip_sweep:
        figures.update(bench_sweep(args.sweep_games))
    for name, (value, unit) in figures.items():
        shown = value if isinstance(value, str) else f"{value:.3f}"
        print(f"{name}: {shown} {unit}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
