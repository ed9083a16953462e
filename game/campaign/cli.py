"""`python main.py campaign`: start a campaign (--new NAME), show one (--show NAME), or play many AI-vs-AI
(--simulate) and print the report for tuning the layer."""
from __future__ import annotations

import argparse
import sys

from game.ai.survivor_levels import SURVIVOR_LEVELS
from game.campaign import rules as R
from game.campaign import simulate
from game.campaign.saves import SaveError, campaign_path, load_campaign, name_taken, write_campaign
from game.campaign.state import name
from game.campaign.view import camp_text
from game.content.loader import load_content_or_report
from game.sim.arg_types import positive, positive_up_to, seed
from game.sim.simulate_cli import cores


def register(sub) -> None:
    p = sub.add_parser("campaign", help="a campaign of linked scenarios: start one, show one, or simulate many",
                       description="A band of survivors across many days: scars, stress, supplies, rests and a "
                                   "choice of missions (docs/RULES.md, The campaign).")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--new", type=name, metavar="NAME", help="start a campaign, save it and print the camp")
    what.add_argument("--show", type=name, metavar="NAME", help="print the camp of a saved campaign")
    what.add_argument("--simulate", action="store_true", help="play whole campaigns AI against AI and report")
    p.add_argument("--seed", type=seed, default=1, help="the campaign's seed (--simulate: of the first; default 1)")
    p.add_argument("--games", type=positive_up_to(simulate.MAX_CAMPAIGNS, "a campaign takes seconds"), default=50,
                   help=f"--simulate: how many campaigns (default 50, at most {simulate.MAX_CAMPAIGNS:,})")
    p.add_argument("--level", choices=SURVIVOR_LEVELS, default="veteran", help="--simulate: the survivor AI's level")
    p.add_argument("--jobs", type=positive, default=1, help="--simulate: worker processes (default 1)")
    p.add_argument("--no-progress", action="store_true", help="--simulate: no progress bar")
    p.set_defaults(func=cmd_campaign)


def cmd_campaign(args: argparse.Namespace) -> int:
    content = load_content_or_report()
    if content is None:
        return 1
    if args.simulate:
        return _simulate(args)
    path = campaign_path(args.new or args.show)
    if args.new:
        if name_taken(args.new):      # damaged or not, with its backup: never written over
            print(f"error: --new: a campaign named {args.new!r} already exists ({path}, or its backup)",
                  file=sys.stderr)
            return 2
        camp = R.new_campaign(content, args.new, args.seed)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_campaign(path, camp)
        except (OSError, SaveError) as exc:
            print(f"error: cannot write {path}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
            return 1
        print(camp_text(camp, content))
        print(f"\nsaved to {path}")
        return 0
    try:
        camp, session = load_campaign(path, content)       # a mission under way is replayed and checked too
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if session is not None:
        session.close()
    print(camp_text(camp, content))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    jobs = min(args.jobs, cores())
    if jobs < args.jobs:
        print(f"note: --jobs {args.jobs} is more than the {jobs} cores here; using {jobs}", file=sys.stderr)
    records = simulate.stream(simulate.jobs_for(args.games, args.seed, args.level), jobs)
    if not args.no_progress:
        from tqdm import tqdm
        records = tqdm(records, total=args.games, desc="campaigns", unit="campaign", file=sys.stderr)
    print(simulate.report(records, args.level, args.seed))
    return 0
