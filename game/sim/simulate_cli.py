"""`python main.py simulate`: AI-vs-AI batches with a progress bar and the balance report."""
from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from pathlib import Path

from game.ai.director_levels import DEFAULT_DIRECTOR, DIRECTOR_LEVELS
from game.ai.players import PLAYERS
from game.content.files import atomic_write, writable_problem
from game.sim import batch


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got '{text}'") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


SEED_LIMIT = 2**63      # a save keeps the seed: the same bound as game.world.saves


def seed(text: str) -> int:
    """argparse type: a game's seed, a whole number of at most 19 digits."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got '{text[:40]}'") from None
    if not -SEED_LIMIT <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"must be between -2**63 and 2**63 - 1, got {text[:40]}")
    return value


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
    p.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate, content_with_scenario=content_with_scenario, scenario_content=scenario_content)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:      # not on Linux
        return os.cpu_count() or 1


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.json is not None:       # checked before the batch, not after hours of it
        problem = writable_problem(args.json)
        if problem:
            print(f"error: --json: {problem}", file=sys.stderr)
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
    if jobs < args.jobs:
        print(f"note: --jobs {args.jobs} is more than the {jobs} cores here; using {jobs}", file=sys.stderr)
    records = batch.stream_batch(batch.jobs_for(args.scenario, args.games, args.seed, args.level, args.director,
                                                args.agendas, scenario_content), jobs)
    if not args.no_progress:
        from tqdm import tqdm
        records = tqdm(records, total=args.games, desc=args.scenario, unit="game", file=sys.stderr)
    tally = batch.Tally()
    for record in records:
        tally.add(record)
    rep = tally.report(args.scenario if args.map is None else f"{args.scenario} on {args.map}", args.level, args.seed,
                       args.director)
    print(batch.format_report(rep))
    if args.json is not None:
        try:
            atomic_write(Path(args.json), (json.dumps(rep, indent=2) + "\n").encode("utf-8"))
        except OSError as exc:
            print(f"error: --json: cannot write {args.json}: {exc.strerror or exc}", file=sys.stderr)
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

