"""The game's sound: pygame's mixer playing the voices sound_mix plans, the ambience loops and the music bed.

    start(app, content)     opens the mixer once per window; with no audio device it says so in one line and the
                            game plays on silent (every call below is then a no-op)
    current()               the running Audio, or None
    BoardSound(scene)       one game board's ears: its events, its ambience, its music

Only windows start it: batches, `run`, `simulate` and the web tools never import this module.
"""
from __future__ import annotations

import os
import sys
import time
from array import array
from pathlib import Path

import pygame

from game.content.sounds import SoundTable
from game.ui.audio.sound_mix import CENTRE, Planner, Voice, Where, facts, tension, where_on_board

CHANNELS = 32
LOOP_CHANNELS = 5           # the ambience's loops and the two music beds, kept apart from the effects
FADE_MS = 1500
_current: Audio | None = None


def current() -> Audio | None:
    """The running Audio; None when there is none, or its mixer has been closed since (the window quit)."""
    return _current if _current is not None and _mixer_on() else None


def _mixer_on() -> bool:
    try:
        return bool(pygame.mixer.get_init())
    except NotImplementedError:     # a pygame built without its mixer
        return False


def start(app, content) -> Audio | None:
    """The window's Audio, opened on first call; None (after one line on stderr) when there is no sound to be had."""
    global _current
    table = content.extra.get("sounds")
    if current() is not None and _current.app is app:
        return _current
    _current = None
    if table is None:
        return None
    try:
        if not _mixer_on():
            quietly(lambda: pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=1024))
        pygame.mixer.set_num_channels(CHANNELS)
        pygame.mixer.set_reserved(LOOP_CHANNELS)
    except (pygame.error, NotImplementedError, OSError) as exc:   # no device, or a pygame built without a mixer
        print(f"sound: off ({exc or 'no audio device'}); the game plays silent", file=sys.stderr)
        return None
    _current = Audio(table, app)
    return _current


def close_mixer() -> None:
    try:
        pygame.mixer.quit()
    except NotImplementedError:     # a pygame built without its mixer
        pass


def quietly(fn) -> None:
    """Run fn with the C libraries' own stderr out of sight (ALSA prints a dozen lines for a missing sound card):
    the one line the player sees is ours."""
    sys.stderr.flush()
    saved, null = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    try:
        fn()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def stop() -> None:
    global _current
    if current() is not None:
        _current.quiet()
    _current = None


def click() -> None:
    """A button or a choice pressed anywhere."""
    audio = current()
    if audio is not None:
        audio.ui("click")


class Audio:
    """The mixer with the player's volumes (Settings: master, effects, ambience, music, mute)."""

    def __init__(self, table: SoundTable, app):
        self.table = table
        self.app = app
        self.sounds: dict[Path, pygame.mixer.Sound] = {}
        self.measured: dict[Path, tuple[float, float]] = {}
        self.channels: dict[Voice, pygame.mixer.Channel] = {}     # the effects sounding, to stop one early
        self.planner = Planner(table, self.measure)
        self.loops: dict[str, pygame.mixer.Channel] = {}
        self.loop_levels: dict[str, float] = {}       # loop -> 0-1 before the volumes (the beds' share)

    # --- volumes ---------------------------------------------------------------------------------------------------
    def volume(self, part: str) -> float:
        s = self.app.settings
        if s is None:
            return 1.0
        return 0.0 if s.muted else s.master / 100 * getattr(s, part) / 100

    def toggle_mute(self) -> bool:
        s = self.app.settings
        s.muted = not s.muted
        self.refresh()
        return s.muted

    def refresh(self) -> None:
        """The loops' levels again after a volume changed (the effects read it as they start)."""
        reserved = 0.0
        for name, channel in self.loops.items():
            cue = self.table.cues[name]
            part = "music" if name in (self.table.music.calm, self.table.music.tense) else "ambience"
            level = cue.gain * self.loop_levels.get(name, 1.0) * self.volume(part)
            channel.set_volume(level)
            reserved += level * self.measure(cue.files[0])[1]
        self.planner.reserved = reserved

    # --- the sounds --------------------------------------------------------------------------------------------
    def sound(self, path: Path) -> pygame.mixer.Sound:
        if path not in self.sounds:
            self.sounds[path] = pygame.mixer.Sound(str(path))
        return self.sounds[path]

    def measure(self, path: Path) -> tuple[float, float]:
        """(seconds, peak) of a file as the mixer holds it."""
        if path not in self.measured:
            self.measured[path] = self._measure(path)
        return self.measured[path]

    def _measure(self, path: Path) -> tuple[float, float]:
        snd = self.sound(path)
        size = pygame.mixer.get_init()[1]
        samples = array("h" if abs(size) == 16 else "f", snd.get_raw()) if abs(size) in (16, 32) else None
        if samples is None or not samples:
            return snd.get_length(), 1.0
        full = 32768 if abs(size) == 16 else 1.0
        return snd.get_length(), max(max(samples), -min(samples)) / full

    def play(self, cue: str, where: Where = CENTRE, speed: float = 1.0, now: float | None = None) -> Voice | None:
        """Start a cue (if the planner lets it); `now` is the frame's time, shared by the cues of one frame."""
        now = time.monotonic() if now is None else now
        voice = self.planner.plan(cue, now, where, self.volume("effects"), speed)
        for stopped in self.planner.cut:
            channel = self.channels.pop(stopped, None)
            if channel is not None and channel.get_sound() is self.sounds.get(stopped.file):
                channel.fadeout(30)
        self.planner.cut.clear()
        if voice is not None:
            channel = self.sound(voice.file).play()
            if channel is not None:
                channel.set_volume(voice.left, voice.right)
                self.channels[voice] = channel
            self.channels = {v: c for v, c in self.channels.items() if v.end > now}
        return voice

    def ui(self, name: str) -> None:
        cue = self.table.ui.get(name)
        if cue:
            self.play(cue)

    def set_loops(self, names: tuple[str, ...]) -> None:
        """These loops sounding (faded in), every other faded out."""
        for name in [n for n in self.loops if n not in names]:
            self.loops.pop(name).fadeout(FADE_MS)
        for name in names:
            if name in self.loops or len(self.loops) >= LOOP_CHANNELS:
                continue
            channel = pygame.mixer.Channel(len(self.loops))
            for i in range(LOOP_CHANNELS):          # the first reserved channel no loop holds
                if all(c != pygame.mixer.Channel(i) for c in self.loops.values()):
                    channel = pygame.mixer.Channel(i)
                    break
            channel.play(self.sound(self.table.cues[name].files[0]), loops=-1, fade_ms=FADE_MS)
            self.loops[name] = channel
        self.refresh()

    def quiet(self) -> None:
        self.set_loops(())


class BoardSound:
    """One board's ears: each new event's cue where it happened, the scenario's ambience, the music bed."""

    def __init__(self, scene):
        self.scene = scene
        self.tension = 0.0

    @property
    def audio(self) -> Audio | None:
        return current()

    def enter(self) -> None:
        audio = self.audio
        if audio is None:
            return
        table = audio.table
        audio.loop_levels.update({table.music.calm: 1.0 - 0.5 * self.tension, table.music.tense: self.tension})
        audio.set_loops((*table.ambience_of(self.scene.session.scenario.id), table.music.calm, table.music.tense))

    def exit(self) -> None:
        if self.audio is not None:
            self.audio.quiet()

    def hear(self, events) -> None:
        audio = self.audio
        if audio is None:
            return
        s, table = self.scene.session, audio.table
        horde_turn = s.phase != "survivor"
        now = time.monotonic()
        for event in events:
            cue = table.cue_for(event.kind, facts(event, self._side))
            if cue is None:
                continue
            where = where_on_board(self._xy(event), self._view(), table)
            voice = audio.play(cue, where, self.scene.speed, now)
            if voice is not None and cue in table.sting_after and horde_turn and where.level < 1:
                audio.play(table.sting, CENTRE, self.scene.speed, now)

    def update(self, dt: float) -> None:
        """The tense bed follows the Heat and the Doom track, gliding rather than jumping."""
        audio = self.audio
        if audio is None:
            return
        s, music = self.scene.session, audio.table.music
        goal = tension(audio.table, s.heat, s.rules.heat_max, s.doom, s.scenario.doom_length)
        step = min(1.0, dt / 3.0)
        new = self.tension + (goal - self.tension) * step
        if abs(new - self.tension) > 0.002 or (goal != self.tension and abs(goal - new) < 0.002):
            self.tension = goal if abs(goal - new) < 0.002 else new
            audio.loop_levels.update({music.calm: 1.0 - 0.5 * self.tension, music.tense: self.tension})
            audio.refresh()

    def _side(self, who: int) -> str | None:
        s = self.scene.session
        return "zombie" if s.is_zombie(who) else "survivor" if s.is_survivor(who) else None

    def _xy(self, event) -> tuple[float, float] | None:
        s, d = self.scene.session, event.data
        cell = d.get("cell")
        if cell is None and d.get("path"):
            cell = d["path"][-1]
        if cell is None and d.get("who") is not None and (s.is_zombie(d["who"]) or d["who"] in s.survivors()):
            cell = s.cell(d["who"])
        return None if cell is None else s.board.xy(cell)

    def _view(self) -> tuple[float, float, float, float]:
        cam = self.scene.view.cam
        x0, y0 = cam.screen_to_cell(cam.view.topleft)
        x1, y1 = cam.screen_to_cell(cam.view.bottomright)
        return x0, y0, x1, y1
