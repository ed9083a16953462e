"""`python main.py sweep FILE.yaml`: a balance sweep on the process pool or a Dask cluster, its games stored in
SQLite as they come back, then its table (and with --report DIR: CSV, JSON, plots and an HTML page)."""
from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path

from game.content.files import writable_problem
from game.content.loader import load_content_or_report
from game.sim import batch, cluster
from game.sim.arg_types import positive
from game.sim.simulate_cli import cores, executor_for, plots_missing, progress_bar


def register(sub) -> None:
    p = sub.add_parser("sweep", help="a grid of AI-vs-AI batches over scenarios, levels and rule numbers",
                       description="Play every cell of a sweep file's grid (scenarios, survivor and Director levels, "
                                   "team sizes, values of rule numbers) for the same seeds, store each game in a "
                                   "SQLite results file as it finishes, and print the table.")
    p.add_argument("file", metavar="FILE.yaml", help="the sweep file (see docs: README, Sweeps)")
    p.add_argument("--results", metavar="FILE", help="the results file (default: FILE.yaml's name with .sqlite)")
    p.add_argument("--resume", action="store_true", help="go on with a results file that holds part of the sweep")
    p.add_argument("--report", metavar="DIR", help="also write table.csv, table.json, the plots and index.html")
    p.add_argument("--jobs", type=positive, default=1, help="worker processes (default 1; at most the cores)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="play on a Dask cluster: a scheduler's address (tcp://HOST:8786) or local (--jobs workers)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_sweep)


def cmd_sweep(args: argparse.Namespace) -> int:
    from game.sim.sweep import SweepError, load_sweep  # here, not at start-up: the menu needs none of it
    from game.sim.sweep_store import StoreError, SweepStore
    content = load_content_or_report()
    if content is None:
        return 1
    try:
        sweep = load_sweep(args.file, content)
    except SweepError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        return 2
    if args.report is not None:
        problem = writable_problem(Path(args.report) / "index.html") or plots_missing()
        if problem:
            print(f"error: --report: {problem}", file=sys.stderr)
            return 2
    results = Path(args.results) if args.results else Path(args.file).with_suffix(".sqlite")
    try:
        store = SweepStore(results, sweep.identity())
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        return _run(args, content, sweep, store)
    finally:
        store.close()


def _run(args: argparse.Namespace, content, sweep, store) -> int:
    from game.sim import sweep_report
    total = len(sweep.cells()) * sweep.games
    stored = store.count()
    if 0 < stored < total and not args.resume:
        print(f"error: {store.path}: holds {stored} of the {total} games of this sweep: --resume plays the rest",
              file=sys.stderr)
        return 2
    if stored < total:
        jobs = min(args.jobs, cores())
        try:
            with executor_for(args.cluster, jobs) as executor, \
                    progress_bar(args, total - stored, "sweep") as done:
                executor = executor or (batch.PoolExecutor(jobs) if jobs > 1 else batch.InlineExecutor())
                keys = {}
                for _, part, records in batch.finished_chunks(_missing(sweep, content, store, keys), executor):
                    store.add((keys[dataclasses.replace(job, seed=0)], job.seed, record)
                              for job, record in zip(part, records, strict=True))
                    if done is not None:
                        done(len(records))
        except cluster.ClusterError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    rows = sweep_report.table(store, sweep)
    print(sweep_report.format_table(sweep, rows))
    if args.report is not None:
        try:
            written = sweep_report.write_report(Path(args.report), store, sweep, rows)
        except OSError as exc:
            print(f"error: --report: cannot write in {args.report}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        print(f"report: {written[-1]}")
    return 0


def _missing(sweep, content, store, keys: dict) -> Iterator[batch.GameJob]:
    """The games not stored yet, cell by cell; `keys` learns each cell's key by its jobs' shape (seed 0)."""
    for cell in sweep.cells():
        for job in sweep.jobs(cell, content, store.done(cell.key)):
            keys.setdefault(dataclasses.replace(job, seed=0), cell.key)
            yield job
