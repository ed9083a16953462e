"""`python main.py replay FILE [--round N] [--screenshot PNG] [--export OUT.gif --from-round A --to-round B]`:
the replay screen on a replay file, a frame of it, or a clip of some of its rounds. Every problem (a missing or
damaged file, changed content, a round the game did not reach) is one line on stderr and exit 2 or 1."""
from __future__ import annotations

import sys
from pathlib import Path

from game.content.loader import load_content_or_report
from game.ui.board.replay_scene import ReplayScene
from game.ui.launch import make_app, run_window
from game.ui.menu import MainMenu
from game.world.saves import SaveError


def run_replay(path: str, round_no: int | None = None, screenshot: str | None = None,
               size: tuple[int, int] | None = None, export: str | None = None, from_round: int | None = None,
               to_round: int | None = None) -> int:
    content = load_content_or_report()
    if content is None:
        return 1
    headless = screenshot is not None or export is not None
    app = make_app(size, headless=headless)
    app.push(MainMenu(content))          # under the replay: where Esc leads
    try:
        scene = ReplayScene(content, Path(path), round_no)
    except SaveError as exc:
        return _fail(f"error: {exc}", 1)
    except ValueError as exc:
        return _fail(f"error: --round: {exc}", 2)
    app.push(scene)
    if export is None:
        return run_window(app, screenshot)
    return _export(app, scene, Path(export), from_round, to_round)


def _export(app, scene: ReplayScene, out: Path, from_round: int | None, to_round: int | None) -> int:
    from game.ui.board.replay_export import export_gif  # Pillow, loaded only to write a clip

    rounds = scene.player.rounds
    first = 1 if from_round is None else from_round
    last = rounds if to_round is None else to_round
    for flag, value in (("--from-round", first), ("--to-round", last)):
        if not 1 <= value <= rounds:
            return _fail(f"error: {flag}: the game has rounds 1 to {rounds}, not {value}", 2)
    if first > last:
        return _fail(f"error: --to-round: round {last} comes before --from-round {first}", 2)
    try:
        frames = export_gif(app, scene, out, first, last)
    except OSError as exc:
        return _fail(f"error: --export: cannot write {out}: {exc.strerror or exc}", 1)
    print(f"clip: {out} (rounds {first} to {last}, {frames} frames)")
    return 0


def _fail(line: str, code: int) -> int:
    import pygame

    print(line, file=sys.stderr)
    pygame.quit()
    return code
