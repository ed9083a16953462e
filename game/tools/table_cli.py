"""`--table CODE [--db FILE]` on the command-line tools: the same tables `serve` keeps (game.tools.table_store), so a
terminal and the phones share one table's decks, Heat total, round tracker and history.

Each `cmd_*` in game.cli reads its flags as usual and, when a table is named, hands what it built to one of the
functions here; `run` opens the table (made if new), runs it and prints the results, one ToolError being one line.
"""
from __future__ import annotations

import argparse
import json
import sys

from game.content.defs import Content
from game.tools import scavenge as S
from game.tools import table_tools as T
from game.tools.common import ToolError
from game.tools.table_store import Change, TableStore, default_db


def add_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--table", metavar="CODE", help="play on this table (its 12 digits, made if new; an old "
                                                        "table's letters): the same decks, Heat, round tracker and "
                                                        "history as `serve`")
    parser.add_argument("--db", metavar="FILE", help="the tables' database (default: tables.db in BT_HOME)")


def used(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "table", None) or getattr(args, "db", None))


def run(args: argparse.Namespace, act) -> int:
    """Open the table and run `act(content, store, code) -> [Change]`; print their texts (or JSON)."""
    from game.content.loader import load_content_or_report

    content = load_content_or_report()
    if content is None:
        return 1
    try:
        if not args.table:
            raise ToolError("--db", "needs --table CODE (the table to play on)")
        if getattr(args, "state", None):
            raise ToolError("--table", "give --state FILE or --table CODE, not both")
        store = TableStore(args.db or default_db())
        code = store.ensure(args.table)
        changes = act(content, store, code)
    except ToolError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"table": code, "results": [{"summary": c.summary, "text": c.text} for c in changes]},
                         indent=2))
    else:
        print("\n\n".join(c.text for c in changes) + f"\n(table {code})")
    return 0


def undo(store: TableStore, code: str, tool: str) -> list[Change]:
    entry = store.undo(code, tool)
    if entry is None:
        raise ToolError("--undo", f"nothing to undo on table {code}")
    return [Change(None, f"Undone: {entry.summary}", f"Undone: {entry.summary}")]


def scavenge(args: argparse.Namespace, content: Content, store: TableStore, code: str) -> list[Change]:
    if args.undo:
        return undo(store, code, "scavenge")
    if not 1 <= args.searches <= S.MAX_SEARCHES:
        raise ToolError("--searches", f"must be 1 to {S.MAX_SEARCHES:,} (each is a change on the table), "
                                      f"not {args.searches:,}")
    if args.wits is None and args.archetype is None:
        raise ToolError("--wits", "give the Wits dice, or an --archetype to take them from")
    faces = list(args.faces) if args.faces is not None else None
    changes = []
    for _ in range(args.searches):      # each search is one change on the table (undone one at a time)
        changes.append(T.search(store, code, content, dice=args.wits, archetype=args.archetype,
                                location=args.location, guts=args.guts, faces=faces))
        if faces is not None:
            faces = list(changes[-1].result.faces_left)
    return changes


def calc(args: argparse.Namespace, options: dict, content: Content, store: TableStore, code: str) -> list[Change]:
    if args.undo:
        return undo(store, code, "calc")
    if not (args.roll or args.faces is not None):
        raise ToolError("--table", "the table's running Heat total grows with rolls: add --roll or --faces")
    return [T.roll_attack(store, code, content, args.attack, options, faces=args.faces, seed=args.seed)]


def director(args: argparse.Namespace, content: Content, store: TableStore, code: str) -> list[Change]:
    """The table's round tracker, changed by the flags in the order a round runs (as `director --state`)."""
    if args.heat is not None:
        raise ToolError("--heat", "the tracker adds up the noise log: use --noise or --add-heat")
    if args.undo:
        if args.noise or args.add_heat is not None or args.phase or args.end:
            raise ToolError("--undo", "undo on its own: it takes back the last action")
        return undo(store, code, "director")
    t, _ = T.tracker(store, code, content)
    changes = []
    if t is None or (args.scenario and args.scenario != t.scenario):
        if not args.scenario:
            raise ToolError("--scenario", f"table {code} has no round tracker yet: name the scenario to start one")
        changes.append(T.start_tracker(store, code, content, args.scenario, args.director))
    changes += [T.tracker_noise(store, code, content, key) for key in args.noise]
    if args.add_heat is not None:
        changes.append(T.tracker_heat(store, code, content, args.add_heat))
    if args.phase:
        if not args.facts:
            raise ToolError("--facts", "the Director Phase needs the board facts (try --example)")
        from game.content.files import read_text
        text, problems = read_text(args.facts)
        if problems:
            raise ToolError("--facts", str(problems[0]))
        changes.append(T.tracker_director(store, code, content, text, die=args.die))
    if args.end:
        changes.append(T.tracker_end(store, code, content))
    if not changes:
        t, _ = T.tracker(store, code, content)
        return [Change(None, "", t.as_text(content))]
    return changes[-1:]             # the tracker as it stands after the last action


def scenario(args: argparse.Namespace, team, content: Content, store: TableStore, code: str) -> list[Change]:
    if args.play:
        raise ToolError("--play", "plays a scenario headless: leave out --table")
    return [T.roll_scenario(store, code, content, seed=args.seed, map_id=args.map, faces=args.faces, team=team)]


def frenzy(options: dict, content: Content, store: TableStore, code: str) -> list[Change]:
    return [T.roll_frenzy(store, code, content, **options)]
