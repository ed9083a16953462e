"""`python main.py soak --minutes M [--seed S]`: games in one process for M minutes, every invariant checked after
every step, to find what only long runs show (a crash on a rare seed, memory that keeps growing).

Games take turns over the scenarios and the players (each survivor AI level, then the baselines: random legal
actions, rush, greedy, turtle; game.ai.players.PLAYERS); game n uses seed S+n. A line every REPORT_EVERY seconds gives
games played, games per second and memory; a failure prints its scenario, player and seed with the one command that
plays that game again (`soak --game ID:LEVEL:SEED`). Exit 1 when any game failed.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.players import PLAYERS, make_player
from game.content.defs import Content
from game.content.loader import content_with_scenario, load_content_or_report
from game.sim.arg_types import seed
from game.sim.invariants import check_invariants
from game.sim.runner import play_game
from game.world.memo import map_memo_census

REPORT_EVERY = 30.0       # seconds between progress lines
MAX_MINUTES = 7 * 24 * 60


@dataclass(frozen=True)
class SoakGame:
    scenario: str
    level: str
    seed: int

    def command(self) -> str:
        return f"python main.py soak --game {self.scenario}:{self.level}:{self.seed}"


class _Broken(Exception):
    """An invariant broke: the game stops there."""


def play_checked(content: Content, game: SoakGame) -> str | None:
    """Play one game with the invariants checked after every action and Director step: None, or what went wrong."""
    census: dict[str, int] = {}

    def after(s) -> None:
        if not census:
            census.update(s.card_census())
        broken = check_invariants(s, census)
        if broken:
            raise _Broken(f"round {s.round}: {broken[0]}")

    try:
        player = make_player(game.level, game.seed, content)
        play_game(content, game.scenario, game.seed, player, after_step=after).close()
    except _Broken as exc:
        return f"invariant broken, {exc}"
    except Exception as exc:      # a crash is a finding, reported with its seed
        return f"{type(exc).__name__}: {exc}"
    return None


def memory_mb() -> float:
    """This process's resident memory now (Linux), else its peak."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def soak(content: Content, minutes: float, seed: int, say: Callable[[str], None] = print,
         clock: Callable[[], float] = time.monotonic) -> list[SoakGame]:
    """Play checked games until the time is up; the games that failed."""
    scenarios = list(content.scenarios)
    start = clock()
    deadline, next_line = start + minutes * 60, start + REPORT_EVERY
    first = memory_mb()
    failed: list[SoakGame] = []
    played = 0

    def status(word: str) -> str:
        seconds = max(clock() - start, 1e-9)
        held, most = map_memo_census()
        return (f"{word}: {played} games in {seconds:.0f} s ({played / seconds:.1f} games/s), memory {first:.0f} MB "
                f"at the start, {memory_mb():.0f} MB now (map memos: {held:,} of at most {most:,} answers), "
                f"{len(failed)} failed")

    while clock() < deadline:
        game = SoakGame(scenarios[played % len(scenarios)], PLAYERS[played // len(scenarios) % len(PLAYERS)],
                        seed + played)
        problem = play_checked(content, game)
        played += 1
        if problem:
            failed.append(game)
            say(f"FAILED {game.scenario} {game.level} seed {game.seed}: {problem}\n  again: {game.command()}")
        if clock() >= next_line:
            say(status("soak"))
            next_line += REPORT_EVERY
    say(status("done"))
    return failed


# --- the command ---------------------------------------------------------------------------------------------------

def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of minutes, got '{text}'") from None
    if not 0 < value <= MAX_MINUTES:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most {MAX_MINUTES} (a week), got {text}")
    return value


def _game(text: str) -> tuple[str, str, int]:
    parts = text.split(":")
    if len(parts) != 3 or parts[1] not in PLAYERS or not parts[2].lstrip("-").isdigit() or len(parts[2]) > 19:
        raise argparse.ArgumentTypeError(f"expected SCENARIO:PLAYER:SEED with PLAYER one of {', '.join(PLAYERS)}, "
                                         f"got '{text}'")
    return parts[0], parts[1], int(parts[2])


def register(sub) -> None:
    p = sub.add_parser("soak", help="play checked games for a while: invariants, crashes, speed and memory",
                       description="Play survivor-AI and baseline games in one process for M minutes, checking "
                                   "every invariant after every step. Prints games/s and memory as it goes, and "
                                   "each failure with its seed and the command that plays it again.")
    p.add_argument("--minutes", type=_minutes, default=1.0, help="how long to run (default 1)")
    p.add_argument("--seed", type=seed, default=1, help="seed of the first game (default 1)")
    p.add_argument("--game", type=_game, metavar="SCENARIO:PLAYER:SEED", help="play just this game again")
    p.set_defaults(func=cmd_soak)


def cmd_soak(args: argparse.Namespace) -> int:
    if args.game:
        content, code = content_with_scenario(args.game[0])
        if content is None:
            return code
        game = SoakGame(*args.game)
        problem = play_checked(content, game)
        print(f"{game.scenario} {game.level} seed {game.seed}: {problem or 'every invariant held'}")
        return 1 if problem else 0
    content = load_content_or_report()
    if content is None:
        return 1
    failed = soak(content, args.minutes, args.seed, say=lambda line: print(line, flush=True))
    if failed:
        print(f"{len(failed)} games failed", file=sys.stderr)
    return 1 if failed else 0
