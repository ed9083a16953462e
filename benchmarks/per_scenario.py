"""What the issue-check benchmarks share: their flags, and a batch per scenario whose records are summed."""
from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator

from game.content.loader import load_content
from game.sim import batch


def parser(description: str, level: str) -> argparse.ArgumentParser:
    """--games N a scenario, the survivors' --level, the --director's level, --jobs processes."""
    flags = argparse.ArgumentParser(description=description)
    flags.add_argument("--games", type=int, default=200)
    flags.add_argument("--level", default=level)
    flags.add_argument("--director", default="standard")
    flags.add_argument("--jobs", type=int, default=2)
    return flags


def totals(run: Callable[[batch.GameJob], dict], args: argparse.Namespace,
           fields: tuple[str, ...]) -> Iterator[tuple[str, dict[str, int]]]:
    """(scenario, each field summed over its games), scenario by scenario as each batch ends. `run` plays one game
    and returns its record (module level: the pool's workers find it by name)."""
    for scenario in load_content().scenarios:
        jobs = batch.jobs_for(scenario, args.games, 1, args.level, args.director)
        got = dict.fromkeys(fields, 0)
        for record in batch.stream_batch(jobs, workers=args.jobs, run=run):
            for name in fields:
                got[name] += record[name]
        yield scenario, got
