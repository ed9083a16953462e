"""`python main.py simulate`: AI-vs-AI batches with a progress bar and the balance report."""
from __future__ import annotations

import argparse
import json
import sys

from game.ai.survivor_ai import LEVELS
from game.content.loader import load_content_or_report
from game.sim.batch import format_report, jobs_for, report, run_batch


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got '{text}'") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def register(sub) -> None:
    p = sub.add_parser("simulate", help="play many AI-vs-AI games headless and print a balance report",
                       description="Play N games of the survivor AI against the Director AI (game i uses seed "
                                   "S+i) and report win rate, endings, rounds, Doom, losses, Heat and spawns.")
    p.add_argument("--scenario", required=True, help="scenario id (see `scenarios`)")
    p.add_argument("--games", type=positive, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument("--jobs", type=positive, default=1, help="worker processes (default 1)")
    p.add_argument("--level", choices=["random", *LEVELS], default="veteran",
                   help="survivor AI level (default veteran; random = uniform legal actions)")
    p.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)


def cmd_simulate(args: argparse.Namespace) -> int:
    content = load_content_or_report()
    if content is None:
        return 1
    if args.scenario not in content.scenarios:
        print(f"error: unknown scenario '{args.scenario}' (known: {', '.join(content.scenarios)})", file=sys.stderr)
        return 2
    progress = None
    if not args.no_progress:
        from tqdm import tqdm

        def progress(it):
            return tqdm(it, total=args.games, desc=args.scenario, unit="game", file=sys.stderr)
    jobs = jobs_for(args.scenario, args.games, args.seed, args.level)
    rep = report(run_batch(jobs, args.jobs, progress), args.scenario, args.level, args.seed)
    print(format_report(rep))
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(rep, fh, indent=2)
        except OSError as exc:
            print(f"error: cannot write {args.json}: {exc.strerror}", file=sys.stderr)
            return 1
    return 0
