"""The application: one window, a stack of scenes, one loop. Headless with SDL_VIDEODRIVER=dummy.

A scene is any object with handle(event), update(dt) and draw(surface); the App owns the window and the stack.
"""
from __future__ import annotations

import io
import os
import random
from collections.abc import Callable
from pathlib import Path

import pygame

from game.content.files import atomic_write
from game.ui.audio.sound import close_mixer
from game.ui.widgets import theme

DEFAULT_SIZE = (1280, 720)


class Scene:
    """Base scene: override what you need. `self.app` is set when pushed."""
    app: App

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance animations by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)

    def exit(self) -> None:
        """Called once when the scene leaves the stack for good (popped, replaced or cleared away): a scene that
        owns a game closes it here."""


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, headless: bool = False):
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # The display and the fonts only: the mixer opens for a window that plays sound (game.ui.audio.sound.start),
        # and opening it here to close it again took a fifth of a headless start-up (the device's thread joined).
        close_mixer()               # one a window before this one opened
        pygame.display.init()
        pygame.font.init()
        theme._fonts.clear()        # fonts made before an earlier pygame.quit() are dead (tests open many apps)
        pygame.display.set_caption("Borrowed Time")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.running = True
        self.frames = 0
        self.drawn_by: Scene | None = None     # the scene that drew the last frame, all of it
        self.settings = None               # game.ui.widgets.settings.Settings, set by the launcher
        # Keys the app answers before the scene does, whatever the scene (F1: the rules help).
        self.global_keys: dict[int, Callable[[], None]] = {}
        self.ctrl_keys: dict[int, Callable[[], None]] = {}     # the same with Ctrl held (Ctrl+M: mute)

    # --- scenes ------------------------------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        scene.app = self
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> None:
        self.stack.pop().exit()
        if self.stack:
            self.stack[-1].enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def clear_to(self, keep: int) -> None:
        """Take every scene above the first `keep` off the stack (each one's exit is called), top first."""
        while len(self.stack) > keep:
            self.stack.pop().exit()

    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    # --- the loop ----------------------------------------------------------------------------------------------
    def step(self, dt: float = 1 / 60) -> None:
        """One frame: events, update, draw. Tests call this directly after posting events."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
                self.screenshot(Path("screenshots") / f"borrowed-time-{self.frames:06d}.png")
                continue
            if event.type == pygame.VIDEORESIZE:
                self.screen = pygame.display.get_surface()
            if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL and event.key in self.ctrl_keys:
                self.ctrl_keys[event.key]()
                continue
            if event.type == pygame.KEYDOWN and event.key in self.global_keys:
                self.global_keys[event.key]()
                continue
            self.scene.handle(event)
            if not self.running or not self.stack:
                return
        self.scene.update(dt)
        self.scene.draw(self.screen)
        self.drawn_by = self.scene
        pygame.display.flip()
        self.frames += 1

    def run(self, fps: int = 60) -> None:
        while self.running and self.stack:
            dt = self.clock.tick(fps) / 1000
            self.step(dt)
        pygame.quit()

    def resize(self, size: tuple[int, int]) -> None:
        """Set the window size (a settings change); the scenes lay themselves out again on their next frame."""
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def screenshot(self, path: Path) -> Path:
        """Save the screen as a PNG; OSError when it did not reach the disk (a full disk, /proc/version...)."""
        write_png(self.screen, path)
        return path


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def write_png(surface: pygame.Surface, path: Path) -> None:
    """Encode in memory, check it is a whole PNG, then write it atomically (files.atomic_write): a full disk or an
    unwritable place is an OSError and leaves no file, never an empty or cut-short PNG."""
    png = io.BytesIO()
    pygame.image.save(surface, png, "png")
    data = png.getvalue()
    if not data.startswith(PNG_SIGNATURE) or not data.endswith(b"IEND\xaeB`\x82"):
        raise OSError(f"the PNG encoder gave {len(data)} bytes that are not a whole PNG")
    atomic_write(Path(path), data)


def new_seed() -> int:
    """A fresh seed for a new game (the game's own dice come from its seeded RNG, never from here)."""
    return random.SystemRandom().randrange(1, 1_000_000)
