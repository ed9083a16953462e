"""Command line: `python main.py [COMMAND]`. Each subcommand is one small function returning an exit code.

    validate [PATH ...]   check content files (no paths: everything); exit 1 with one line per problem
    scenarios             list the playable scenarios
    run                   play one game headless (random survivors against the Director) and print its log
    (nothing)             start the game - see run_default()
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.content.errors import ContentError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="borrowed-time",
                                     description="Borrowed Time: zombie survival against the Director AI.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    check = sub.add_parser("validate", help="check content files (all of them when no path is given)",
                           description="Check data, map and scenario files and report every problem found.")
    check.add_argument("paths", nargs="*", metavar="PATH",
                       help="a data file (checked by its name), a map file, or a directory")
    check.set_defaults(func=cmd_validate)
    listing = sub.add_parser("scenarios", help="list the scenarios",
                             description="List the playable scenarios.")
    listing.set_defaults(func=cmd_scenarios)
    run = sub.add_parser("run", help="play one game headless and print its event log",
                         description="Play one whole game with no display: the baseline random survivor player "
                                     "against the Director AI. Prints every event, then the result.")
    run.add_argument("--scenario", default="last_train_out", help="scenario id (see `scenarios`)")
    run.add_argument("--seed", type=int, default=1, help="the game's seed (same seed, same game)")
    run.add_argument("--quiet", action="store_true", help="print only the result")
    run.set_defaults(func=cmd_run)
    return parser


def _content():
    """The validated content, or None after printing one line per problem."""
    from game.content.loader import load_content

    try:
        return load_content()
    except ContentError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return None


def cmd_run(args: argparse.Namespace) -> int:
    from game.ai.random_bot import RandomSurvivors
    from game.sim.runner import play_game

    content = _content()
    if content is None:
        return 1
    if args.scenario not in content.scenarios:
        print(f"error: unknown scenario '{args.scenario}' (known: {', '.join(content.scenarios)})", file=sys.stderr)
        return 2
    session = play_game(content, args.scenario, args.seed, RandomSurvivors(args.seed))
    if not args.quiet:
        for line in session.log_lines():
            print(line)
    winner, cause = session.result
    print(f"result: {winner} ({cause}) after {session.round} rounds, Doom {session.doom}/"
          f"{session.scenario.doom_length}")
    session.close()
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from game.content.loader import validate_report

    try:
        problems, count = validate_report(args.paths)
    except Exception as exc:  # a validator bug must still end in one readable line, not a traceback
        print(f"error: the validator failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"ok: {count} file{'s' if count != 1 else ''} checked")
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    content = _content()
    if content is None:
        return 1
    width = max((len(sid) for sid in content.scenarios), default=0)
    for sid, scen in content.scenarios.items():
        print(f"{sid:<{width}}  {scen.name}: {' '.join(scen.blurb.split())}")
    return 0


def run_default(parser: argparse.ArgumentParser) -> int:
    """What `python main.py` does with no command. Placeholder until the UI exists: show the help."""
    parser.print_help()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has already printed usage and the error (or the help)
        return exc.code if isinstance(exc.code, int) else 2
    if args.command is None:
        return run_default(parser)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
