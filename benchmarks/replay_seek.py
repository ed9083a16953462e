"""How fast the replay screen moves through a long game, one `name: value unit` per line.

    python benchmarks/replay_seek.py [--rounds 14]

A headless game of the veteran survivor AI (it comments on every choice, as a demo does) on Lost and Found that
lasts at least --rounds rounds (the first such seed from 1) is kept as a replay and opened as the player opens it.
Measured, each the best of 5 in a fresh state:
  replay_first_open   the first opening in this process (reading the file, one pass through the game)
  replay_open         the same again
  jump_to_round_12    from the start to the start of round 12 (the ReplayPlayer alone)
  step_back           one step back from there (a fresh Session and the steps up to it)
  screen_jump         the same jump on the replay screen, with its log and HUD reset and a frame drawn (1280x720)
  screen_step_back    the screen's step back, with a frame drawn
The issue's budget is 0.5 s for a jump to round 12 and a step back on a 14-round game. Benchmarks are not tests:
they measure and print, they never fail on a number.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ai.survivor_ai import SurvivorAI  # noqa: E402
from game.content.loader import load_content  # noqa: E402
from game.sim.runner import play_game  # noqa: E402
from game.ui.board.replay_files import open_replay_file  # noqa: E402
from game.world.replays import write_replay  # noqa: E402
from game.world.saves import GameRecord  # noqa: E402

SCENARIO = "lost_and_found"


def long_game(content, rounds: int, folder: Path) -> tuple[Path, int]:
    for seed in range(1, 200):
        actions: list = []
        s = play_game(content, SCENARIO, seed, SurvivorAI("veteran", seed), record=actions)
        if s.round >= rounds:
            path = folder / f"{SCENARIO}-{seed}.json"
            write_replay(path, GameRecord(SCENARIO, seed, s.scenario.team, actions), s, content)
            played = s.round
            s.close()
            return path, played
        s.close()
    raise SystemExit(f"no game of {rounds} rounds on {SCENARIO} in 200 seeds")


def best(fn, setup=None, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        if setup is not None:
            setup()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=14)
    args = parser.parse_args()
    content = load_content()
    with tempfile.TemporaryDirectory() as tmp:
        path, rounds = long_game(content, args.rounds, Path(tmp))
        target = min(12, rounds)
        start = time.perf_counter()
        opened = open_replay_file(path, content)
        player = opened.player()
        first = time.perf_counter() - start
        print(f"game: {SCENARIO}, {rounds} rounds, {player.end} steps, {len(opened.record.actions)} actions")
        print(f"replay_first_open: {first:.3f} s")
        print(f"replay_open: {best(lambda: open_replay_file(path, content).player().close()):.3f} s")
        at = player.round_starts[target]
        print(f"jump_to_round_{target}: {best(lambda: player.seek(at), lambda: player.seek(0)):.3f} s")
        print(f"step_back: {best(player.back, lambda: player.seek(at)):.3f} s")
        player.close()

        from game.ui.board.replay_scene import ReplayScene
        from game.ui.launch import make_app
        app = make_app((1280, 720), headless=True)
        scene = ReplayScene(content, path)
        app.push(scene)
        app.step(1 / 60)

        def jump() -> None:
            scene.seek(at)
            app.step(1 / 60)

        def back() -> None:
            scene.step_back()
            app.step(1 / 60)
        print(f"screen_jump: {best(jump, lambda: scene.seek(0)):.3f} s")
        print(f"screen_step_back: {best(back, lambda: scene.seek(at)):.3f} s")


if __name__ == "__main__":
    main()
