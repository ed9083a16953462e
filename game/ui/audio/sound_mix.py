"""The mix as plain arithmetic (no pygame): what an event sounds like, where it sits in the stereo field, which take
plays, and what gives way when too much happens at once. game.ui.audio.sound plays the voices this plans; the tests mix
them offline with numpy the same way, to measure that a whole game never clips.

Levels are linear gains. A voice's loudness on each side is its take's peak times its gains; the sum over every voice
sounding at one moment, plus what the ambience and the music bed hold, is kept under the table's headroom, so the
mixer's sum of the channels never reaches full scale.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from game.content.sounds import CueDef, SoundTable

Measure = Callable[[Path], tuple[float, float]]     # a file -> (seconds, peak 0-1)
LEAST_LEVEL = 0.3          # a cue squeezed to fit under the headroom below this share of its level is left out


@dataclass(frozen=True)
class Where:
    """Where a cue sounds: pan -1 (left) .. 1 (right), level 0-1 (1: in view)."""
    pan: float = 0.0
    level: float = 1.0


CENTRE = Where()


@dataclass(frozen=True)
class Voice:
    cue: str
    file: Path
    left: float            # gains on each side, the effects volume included
    right: float
    start: float           # seconds on the mix's clock
    end: float
    peak: float            # the take's own peak


def facts(event, side_of: Callable[[int], str | None]) -> Mapping:
    """The event's data plus `side` (survivor or zombie) of its `who`, which the table may choose on."""
    who = event.data.get("who")
    side = side_of(who) if who is not None else None
    return {**event.data, "side": side} if side else event.data


def where_on_board(xy: tuple[float, float] | None, view: tuple[float, float, float, float], table: SoundTable) -> Where:
    """Panned by x across the view (x0, y0, x1, y1 in cells); softened outside it down to `far` a view away."""
    if xy is None:
        return CENTRE
    mix = table.mix
    x0, y0, x1, y1 = view
    half_w, half_h = max(1.0, (x1 - x0) / 2), max(1.0, (y1 - y0) / 2)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    pan = max(-1.0, min(1.0, (xy[0] - cx) / half_w)) * mix.pan
    dx = max(0.0, abs(xy[0] - cx) - half_w) / (2 * half_w)
    dy = max(0.0, abs(xy[1] - cy) - half_h) / (2 * half_h)
    outside = math.hypot(dx, dy)             # 0 on the view's edge, 1 a whole view beyond it
    if outside == 0 and x0 <= xy[0] <= x1 and y0 <= xy[1] <= y1:
        return Where(pan, 1.0)
    level = mix.off_screen + (mix.far - mix.off_screen) * min(1.0, outside)
    return Where(pan, level)


def sides(where: Where) -> tuple[float, float]:
    """Equal-power pan, the centre at full level on both sides."""
    angle = (where.pan + 1) * math.pi / 4
    return min(1.0, math.sqrt(2) * math.cos(angle)), min(1.0, math.sqrt(2) * math.sin(angle))


class Planner:
    """Decides the voices: the take (never the same twice running), the gains, and the thinning (gaps, voices per
    cue, cues per frame at fast speeds, the headroom)."""

    def __init__(self, table: SoundTable, measure: Measure, rng: random.Random | None = None):
        self.table = table
        self.measure = measure
        self.rng = rng or random.Random()        # cosmetic: never the game's own dice
        self.playing: list[Voice] = []
        self.cut: list[Voice] = []               # voices stopped early to make room (the mixer stops them)
        self.last_start: dict[str, float] = {}
        self.last_take: dict[str, int] = {}
        self.reserved = 0.0                      # the ambience's and the music's share of the headroom
        self.frame_time = -1.0
        self.frame_count = 0

    def plan(self, cue_id: str, now: float, where: Where = CENTRE, volume: float = 1.0,
             speed: float = 1.0) -> Voice | None:
        cue = self.table.cues.get(cue_id)
        if cue is None or cue.loop or volume <= 0:
            return None
        self.playing = [v for v in self.playing if v.end > now]
        fast = speed >= self.table.mix.fast_speed
        if not self._room(cue, now, fast):
            return None
        take = self._take(cue)
        seconds, peak = self.measure(cue.files[take])
        left, right = sides(where if cue.place == "board" else CENTRE)
        level = cue.gain * volume * (where.level if cue.place == "board" else 1.0)
        level *= 10 ** (self.rng.uniform(-1.5, 1.5) / 20)          # no two hits quite alike
        room = self._headroom(peak * left * level, peak * right * level)
        if room < LEAST_LEVEL and cue.priority == 3:
            room = self._make_room(now, peak * left * level, peak * right * level)
        if room < 1:
            if room < LEAST_LEVEL:
                return None
            level *= room
        voice = Voice(cue_id, cue.files[take], left * level, right * level, now, now + seconds, peak)
        self.playing.append(voice)
        self.last_start[cue_id] = now
        self.last_take[cue_id] = take
        self.frame_count += 1
        return voice

    def _headroom(self, left: float, right: float) -> float:
        """How much of a voice this loud on each side fits under the headroom now (1: all of it)."""
        used_l = self.reserved + sum(v.peak * v.left for v in self.playing)
        used_r = self.reserved + sum(v.peak * v.right for v in self.playing)
        return min((self.table.mix.headroom - used_l) / max(1e-6, left),
                   (self.table.mix.headroom - used_r) / max(1e-6, right))

    def _make_room(self, now: float, left: float, right: float) -> float:
        """A cue that must be heard (priority 3: a death, the Doom bell) stops the quietest-priority voices, the
        oldest first, until it fits; they end now."""
        cues = self.table.cues
        for v in sorted(self.playing, key=lambda v: (cues[v.cue].priority, v.start)):
            if cues[v.cue].priority == 3 or self._headroom(left, right) >= 1:
                break
            self.playing.remove(v)
            self.cut.append(v)
        return self._headroom(left, right)

    def _room(self, cue: CueDef, now: float, fast: bool) -> bool:
        """Whether this cue may start now: its gap, its voices, and at fast speeds the cues of this frame."""
        gap = cue.gap * (self.table.mix.fast_gap if fast else 1.0)
        if now - self.last_start.get(cue.id, -1e9) < gap:
            return False
        if sum(v.cue == cue.id for v in self.playing) >= cue.voices:
            return False
        if now != self.frame_time:
            self.frame_time, self.frame_count = now, 0
        return not (fast and self.frame_count >= self.table.mix.per_frame and cue.priority < 3)

    def _take(self, cue: CueDef) -> int:
        takes = [i for i in range(len(cue.files)) if i != self.last_take.get(cue.id)] or [0]
        return self.rng.choice(takes)


def tension(table: SoundTable, heat: int, heat_max: int, doom: int, doom_length: int) -> float:
    """0-1: how much of the tense bed plays, from the Heat on the track and how far Doom has come."""
    music = table.music
    return min(1.0, music.heat * heat / max(1, heat_max) + music.doom * doom / max(1, doom_length))
