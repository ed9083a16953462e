"""What the command line calls to open a window: the menu, a game, or a demo.

    run_menu(screenshot=None, size=None)        python main.py [--screenshot FILE] [--size WxH]
    run_play(scenario, seed, screenshot=None)   python main.py play --scenario ID [--seed S] [--screenshot FILE]
    run_demo(scenario, seed, screenshot=None)   python main.py demo [--scenario ID] [--seed S] [--screenshot FILE]

Each returns an exit code. With a screenshot path the window is headless (SDL dummy driver): a few frames are drawn,
the last one is saved as a PNG, and the function returns 0. Problems (broken content, an unknown scenario, no game
board in this build) are one line on stderr and a non-zero code, never a traceback.

BT_EXIT_AFTER_FIRST_FRAME=1 makes run_menu print `first_frame_at: <epoch seconds>` after its first frame and exit
(benchmarks/run.py times start-up with it).
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from game.content.errors import ContentError
from game.content.loader import load_content, load_content_or_report
from game.ui.audio import sound
from game.ui.board import help as help_overlay
from game.ui.menu import MainMenu
from game.ui.widgets.app import App, new_seed
from game.ui.widgets.keymap import key_from_name
from game.ui.widgets.settings import apply_look, load_settings, save_settings

SCREENSHOT_FRAMES = 4

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def make_app(size: tuple[int, int] | None = None, headless: bool = False):
    """An App with the player's settings and the F1 help installed."""
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    settings = load_settings()
    apply_look(settings)
    app = App(size or settings.window_size, headless=headless)
    app.settings = settings
    help_overlay.install(app)
    if not headless:                 # a screenshot or a timing run makes no sound
        start_sound(app, load_content())
    return app


def start_sound(app, content) -> None:
    """The mixer for this window (or one line saying the game is silent), and Ctrl+M to mute it."""
    if sound.start(app, content) is not None:
        app.ctrl_keys[key_from_name("m")] = lambda: toggle_mute(app)


def toggle_mute(app) -> None:
    audio = sound.current()
    if audio is not None:
        audio.toggle_mute()
    try:
        save_settings(app.settings)
    except OSError as exc:
        print(f"warning: could not save the settings: {exc.strerror or exc}", file=sys.stderr)



def run_sandbox(content, position, path=None, select: str | None = None, screenshot: str | Path | None = None,
                size: tuple[int, int] | None = None) -> int:
    """`python main.py sandbox [--map ID] [--position FILE] [--select NAME]`: the teacher's table."""
    from game.ui.tools.sandbox_scene import SandboxScene

    app = make_app(size, headless=screenshot is not None)
    app.push(MainMenu(content))
    app.push(SandboxScene(content, position, path, select))
    return run_window(app, screenshot)


def run_window(app, screenshot: str | Path | None) -> int:
    """Run the window until it closes, or draw a few frames and save the last one."""
    import pygame

    if screenshot is not None:
        for _ in range(SCREENSHOT_FRAMES):
            if not app.running or not app.stack:
                break
            app.step(1 / 60)
        path = Path(screenshot)
        try:
            app.screenshot(path)
        except (pygame.error, OSError) as exc:
            print(f"error: cannot write the screenshot {path}: {exc}", file=sys.stderr)
            pygame.quit()
            return 1
        pygame.quit()
        print(f"screenshot: {path}")
        return 0
    if os.environ.get("BT_EXIT_AFTER_FIRST_FRAME"):
        app.step(1 / 60)
        print(f"first_frame_at: {time.time():.6f}", flush=True)
        pygame.quit()
        return 0
    app.run()
    return 0


def run_menu(screenshot: str | Path | None = None, size: tuple[int, int] | None = None) -> int:
    content = load_content_or_report()
    if content is None:
        return 1
    app = make_app(size, headless=screenshot is not None or bool(os.environ.get("BT_EXIT_AFTER_FIRST_FRAME")))
    app.push(MainMenu(content))
    return run_window(app, screenshot)


def run_camp(name: str | None = None, screenshot: str | Path | None = None,
             size: tuple[int, int] | None = None) -> int:
    """The camp screen of the named campaign (one line and exit 1 when it is damaged), else what Main menu ->
    Campaign opens (camp_list.open_campaign), over the main menu."""
    from game.campaign.saves import SaveError, campaign_path
    from game.ui.camp.camp_list import open_campaign, with_list
    from game.ui.camp.camp_screen import camp_for
    content = load_content_or_report()
    if content is None:
        return 1
    screen = None
    if name is not None:
        try:
            screen = with_list(camp_for(content, campaign_path(name)), content)
        except SaveError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    app = make_app(size, headless=screenshot is not None)
    app.push(MainMenu(content))
    if screen is None:
        open_campaign(app, content)
    else:
        app.push(screen)
    return run_window(app, screenshot)


def _game(scenario: str | None, seed: int | None, screenshot, demo_level: str | None,
          size: tuple[int, int] | None = None, director: str | None = None, agendas: bool = False,
          side: str = "survivors", survivor_level: str = "veteran", players: tuple[str, ...] = (),
          director_player: str = "") -> int:
    content = load_content_or_report()
    if content is None:
        return 1
    if scenario is not None:
        from game.tools.quickplay import content_for
        content = content_for(content, scenario)      # quickplay_<seed>: rolled again, board and all
    if scenario is not None and scenario not in content.scenarios:
        print(f"error: unknown scenario '{scenario}' (known: {', '.join(content.scenarios)})", file=sys.stderr)
        return 2
    if seed is None:
        seed = 1 if screenshot is not None else new_seed()
    if scenario is None:
        ids = list(content.scenarios)
        scenario = ids[seed % len(ids)]
    from game.ui.menus.setup import new_game  # loaded with the board, not for the menu (start-up time)

    app = make_app(size, headless=screenshot is not None)
    app.push(MainMenu(content))          # under the board: where "back to menu" leads
    new_game(app, content, scenario, seed, content.scenarios[scenario].team, demo_level=demo_level, director=director,
             agendas=agendas, side=side, survivor_level=survivor_level, players=players,
             director_player=director_player)
    return run_window(app, screenshot)


def run_play(scenario: str, seed: int | None = None, screenshot: str | Path | None = None,
             size: tuple[int, int] | None = None, director: str | None = None, agendas: bool = False,
             side: str = "survivors", survivor_level: str = "veteran", players: tuple[str, ...] = (),
             director_player: str = "") -> int:
    """`--as director`: the person plays the horde against the survivor AI at `survivor_level`; `players`: a
    hot-seat game of several people, `director_player` one of them in the Director's chair."""
    return _game(scenario, seed, screenshot, None, size, director, agendas, side, survivor_level, players,
                 director_player)


def run_demo(scenario: str | None = None, seed: int | None = None, screenshot: str | Path | None = None,
             size: tuple[int, int] | None = None, level: str = "veteran", director: str | None = None,
             agendas: bool = False) -> int:
    return _game(scenario, seed, screenshot, level, size, director, agendas)


def run_tutorial(lesson: int | None = None, screenshot: str | Path | None = None,
                 size: tuple[int, int] | None = None) -> int:
    """`python main.py tutorial [--lesson N] [--screenshot FILE] [--size WxH]`: the lesson list, or lesson N."""
    from game.tutorial.lessons import load_lessons  # loaded with the tutorial, not for the menu
    from game.ui.board.tutorial_scene import TutorialScene

    try:
        content = load_content()
        lessons = load_lessons(content)
    except ContentError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    chosen = None
    if lesson is not None:
        chosen = next((ls for ls in lessons if ls.order == lesson), None)
        if chosen is None:
            print(f"error: there is no lesson {lesson} (lessons 1 to {len(lessons)})", file=sys.stderr)
            return 2
    app = make_app(size, headless=screenshot is not None)
    app.push(MainMenu(content))
    listing = TutorialScene(content, lessons)
    app.push(listing)
    if chosen is not None:
        listing.start(chosen)
    return run_window(app, screenshot)
