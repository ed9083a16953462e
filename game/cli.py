"""Command line: `python main.py [COMMAND]`. Each subcommand is one small function returning an exit code.

    validate [PATH ...]   check content files (no paths: everything); exit 1 with one line per problem
    scenarios             list the playable scenarios
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
    return parser


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
    from game.content.loader import load_content

    try:
        content = load_content()
    except ContentError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
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
