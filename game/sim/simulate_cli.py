"""`python main.py simulate`: AI-vs-AI batches with a progress bar and the balance report."""
from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from game.ai.director_levels import DEFAULT_DIRECTOR, DIRECTOR_LEVELS
from game.ai.players import PLAYERS
from game.content.files import atomic_write, writable_problem
from game.sim import batch, cluster
from game.sim.arg_types import positive, seed


def register(sub, content_with_scenario, scenario_content: batch.ScenarioContent) -> None:
    """The `simulate` command. The command line hands down how a scenario id is checked and loaded
    (`content_with_scenario`: (content, 0), or (None, exit code) after one clear line) and how a game finds a
    generated scenario (`scenario_content`): quick play is rolled by the tools, a layer above this one."""
    p = sub.add_parser("simulate", help="play many AI-vs-AI games headless and print a balance report",
                       description="Play N games of the survivor AI against the Director AI (game i uses seed "
                                   "S+i) and report win rate, endings, rounds, Doom, losses, Heat and spawns.")
    p.add_argument("--scenario", required=True,
                   help="scenario id (see `scenarios`), quickplay_SEED for one quick-play scenario, or quickplay: "
                        "each game plays the quick-play scenario rolled from its own seed")
    p.add_argument("--games", type=positive, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=seed, default=1, help="seed of the first game (default 1)")
    p.add_argument("--jobs", type=positive, default=1, help="worker processes (default 1; at most the cores)")
    p.add_argument("--level", choices=PLAYERS, default="veteran",
                   help="survivor player: an AI level (default veteran) or a baseline: random = uniform legal "
                        "actions, rush = straight for the goal, greedy = the most immediate objective progress, "
                        "shooting only close threats, turtle = the team holds together and shoots")
    p.add_argument("--director", choices=DIRECTOR_LEVELS, default=DEFAULT_DIRECTOR,
                   help=f"the Director AI's level (default {DEFAULT_DIRECTOR})")
    p.add_argument("--map", metavar="ID",
                   help="with --scenario quickplay: roll every game's scenario on this hand-built map (see `map`)")
    p.add_argument("--agendas", action="store_true",
                   help="deal Secret Agenda cards and report how often each is kept")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="play the games on a Dask cluster: the address of a running scheduler (tcp://HOST:8786), "
                        "or local for a cluster of --jobs workers on this machine (needs the cluster extra)")
    p.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")
    p.add_argument("--plot", metavar="FILE.png",
                   help="also draw the report to a PNG: win rate, rounds played, causes of defeat")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate, content_with_scenario=content_with_scenario, scenario_content=scenario_content)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:      # not on Linux
        return os.cpu_count() or 1


def cmd_simulate(args: argparse.Namespace) -> int:
    for flag, path in (("--json", args.json), ("--plot", args.plot)):   # checked before the batch, not after hours
        problem = path is not None and writable_problem(path)
        if flag == "--plot" and path is not None and not problem:
            problem = plots_missing()
        if problem:
            print(f"error: {flag}: {problem}", file=sys.stderr)
            return 2
    checked = args.scenario
    if args.scenario == batch.QUICKPLAY:         # a new scenario per game: quickplay_<game seed>, seeds S..S+N-1
        if args.seed < 0:
            print(f"error: --seed: quickplay rolls each game's scenario from its seed, which must be 0 or more, "
                  f"not {args.seed}", file=sys.stderr)
            return 2
        checked = f"{batch.QUICKPLAY}_{args.seed}"
    content, code = args.content_with_scenario(checked)
    if content is None:
        return code
    del content             # checked only: each game loads its own (a quick-play id rolled again from its seed)
    scenario_content = args.scenario_content
    if args.map is not None:
        scenario_content = map_content(args, checked)
        if scenario_content is None:
            return 2
    jobs = min(args.jobs, cores())
    if jobs < args.jobs and args.cluster in (None, cluster.LOCAL):
        print(f"note: --jobs {args.jobs} is more than the {jobs} cores here; using {jobs}", file=sys.stderr)
    games = batch.jobs_for(args.scenario, args.games, args.seed, args.level, args.director, args.agendas,
                           scenario_content)
    tally = batch.Tally()
    try:
        with executor_for(args.cluster, jobs) as executor, progress_bar(args, args.games, args.scenario) as done:
            for record in batch.stream_batch(games, jobs, done=done, executor=executor):
                tally.add(record)
    except cluster.ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rep = tally.report(args.scenario if args.map is None else f"{args.scenario} on {args.map}", args.level, args.seed,
                       args.director)
    print(batch.format_report(rep))
    if args.json is not None:
        try:
            atomic_write(Path(args.json), (json.dumps(rep, indent=2) + "\n").encode("utf-8"))
        except OSError as exc:
            print(f"error: --json: cannot write {args.json}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    if args.plot is not None:
        return draw_plot(args.plot, rep)
    return 0


@contextlib.contextmanager
def executor_for(address: str | None, jobs: int) -> Iterator[batch.Executor | None]:
    """The Dask cluster at `address` (or a local one of `jobs` workers), or None for the process pool. Within it, a
    SIGTERM (`kill`) stops the batch as Ctrl+C does, so no worker process or task outlives it."""
    previous = signal.signal(signal.SIGTERM, _interrupt) if threading.current_thread() is threading.main_thread() \
        else None
    try:
        if address is None:
            yield None
        else:
            with cluster.connect(address, jobs) as executor:
                yield executor
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def progress_bar(args: argparse.Namespace, total: int, desc: str) -> Iterator[Callable[[int], object] | None]:
    """done(n) for a batch: the bar moves as games finish, wherever they were played (None with --no-progress)."""
    if args.no_progress:
        yield None
        return
    from tqdm import tqdm
    with tqdm(total=total, desc=desc, unit="game", file=sys.stderr) as bar:
        yield bar.update


def plots_missing() -> str | None:
    """Why --plot / --report cannot draw (one line), or None when matplotlib is there."""
    try:
        from game.sim import plots  # noqa: F401
    except ImportError:
        return f"needs matplotlib, which is not installed: {PLOTS_INSTALL}"
    return None


PLOTS_INSTALL = "pip install -e '.[designer]'"


def draw_plot(path: str, rep: dict) -> int:
    """`--plot`: the report's pictures in one PNG."""
    from game.sim import plots
    try:
        plots.batch_figure(rep, Path(path))
    except OSError as exc:
        print(f"error: --plot: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def map_content(args: argparse.Namespace, first: str) -> batch.ScenarioContent | None:
    """`--map`: how each game's quick-play scenario is rolled on that map (a partial still pickles to a worker); None
    after one clear line when the map is unknown, the scenario is not `quickplay`, or the map hosts no objective."""
    if args.scenario != batch.QUICKPLAY:
        print(f"error: --map: only with --scenario {batch.QUICKPLAY} (a scenario id brings its own map)",
              file=sys.stderr)
        return None
    base = batch.load_content()
    if args.map not in base.maps:
        print(f"error: --map: unknown map {args.map[:40]!r}; known: {', '.join(sorted(base.maps))}", file=sys.stderr)
        return None
    rolled = functools.partial(args.scenario_content, map_id=args.map)
    if first not in rolled(base, first).scenarios:
        print(f"error: --map: {args.map} can host none of the quick-play objectives", file=sys.stderr)
        return None
    return rolled

