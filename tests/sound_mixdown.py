"""A whole game's sound mixed offline the way the mixer would: the game's events through the same Planner the board
uses (takes, pans, gaps, thinning, headroom), every voice's samples summed with numpy over the ambience and both
music beds at full volume. `python tests/sound_mixdown.py` prints the peaks; tests/test_sound.py checks them.
"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from game.ai.survivor_ai import SurvivorAI  # noqa: E402
from game.content.loader import load_content  # noqa: E402
from game.sim.runner import play_game  # noqa: E402
from game.ui.audio.sound_mix import Planner, facts, where_on_board  # noqa: E402

RATE = 44100
VIEW = 36, 20           # cells a 1280x720 board view shows at the default zoom


def record(content, scenario: str, seed: int) -> list[list[tuple[str, dict, tuple | None]]]:
    """The game's events step by step: (kind, facts, (x, y) or None), as the board hears them."""
    steps: list[list] = []
    seen = [0]

    def after(s) -> None:
        def side(who):
            return "zombie" if s.is_zombie(who) else "survivor" if s.is_survivor(who) else None

        out = []
        for e in s.events[seen[0]:]:
            d = e.data
            cell = d.get("cell", (d.get("path") or [None])[-1])
            who = d.get("who")
            if cell is None and who is not None and (s.is_zombie(who) or who in s.survivors()):
                cell = s.cell(who)
            team = [s.board.xy(s.cell(sv)) for sv in s.survivors()] or [(24, 24)]
            centre = (sum(x for x, _ in team) / len(team), sum(y for _, y in team) / len(team))
            out.append((e.kind, dict(facts(e, side)), None if cell is None else s.board.xy(cell), centre))
        seen[0] = len(s.events)
        steps.append(out)

    s = play_game(content, scenario, seed, SurvivorAI("veteran", seed), after_step=after)
    s.close()
    return steps


class Takes:
    """Every file decoded by pygame's mixer (as the game holds it), as float stereo arrays."""

    def __init__(self):
        self.arrays: dict[Path, np.ndarray] = {}

    def array(self, path: Path) -> np.ndarray:
        if path not in self.arrays:
            if pygame.mixer.get_init() != (RATE, -16, 2):
                pygame.mixer.quit()
                pygame.mixer.init(frequency=RATE, size=-16, channels=2)
            raw = pygame.sndarray.array(pygame.mixer.Sound(str(path))).astype(np.float32) / 32768
            self.arrays[path] = raw if raw.ndim == 2 else np.stack([raw, raw], axis=1)
        return self.arrays[path]

    def measure(self, path: Path) -> tuple[float, float]:
        a = self.array(path)
        return len(a) / RATE, float(np.abs(a).max())


def mixdown(table, steps, takes: Takes, seconds_per_step: float, speed: float, scenario: str) -> tuple[float, int]:
    """(peak of the whole mix, voices played) at full volume, with tension 1 (both beds sounding)."""
    planner = Planner(table, takes.measure, random.Random(1))
    loops = [(name, 1.0) for name in table.ambience_of(scenario)] + [(table.music.calm, 0.5), (table.music.tense, 1.0)]
    planner.reserved = sum(table.cues[n].gain * lvl * takes.measure(table.cues[n].files[0])[1] for n, lvl in loops)
    voices, ends = [], {}
    for i, step in enumerate(steps):
        now = i * seconds_per_step
        for kind, data, xy, centre in step:
            cue = table.cue_for(kind, data)
            if cue is None:
                continue
            view = (centre[0] - VIEW[0] / 2, centre[1] - VIEW[1] / 2, centre[0] + VIEW[0] / 2, centre[1] + VIEW[1] / 2)
            where = where_on_board(xy, view, table)
            voice = planner.plan(cue, now, where, 1.0, speed)
            ends.update({stopped: now for stopped in planner.cut})      # stopped to make room: cut there
            planner.cut.clear()
            if voice is not None:
                voices.append(voice)
                if cue in table.sting_after and where.level < 1:
                    sting = planner.plan(table.sting, now, volume=1.0, speed=speed)
                    voices += [sting] if sting else []
                    ends.update({stopped: now for stopped in planner.cut})
                    planner.cut.clear()
    length = int((len(steps) * seconds_per_step + 8) * RATE)
    out = np.zeros((length, 2), dtype=np.float32)
    for name, lvl in loops:
        loop = (takes.array(table.cues[name].files[0]) * table.cues[name].gain * lvl).astype(np.float32)
        for at in range(0, length, len(loop)):
            n = min(len(loop), length - at)
            out[at:at + n] += loop[:n]
    for v in voices:
        a = takes.array(v.file)
        at = int(v.start * RATE)
        n = min(len(a), length - at, int((ends.get(v, v.end) - v.start) * RATE))
        out[at:at + n] += a[:n] * (v.left, v.right)
    return float(np.abs(out).max()), len(voices)


def main() -> None:
    content = load_content()
    table = content.extra["sounds"]
    takes = Takes()
    for scenario, seed in (("hold_the_line", 3), ("pharmacy_run", 5)):
        steps = record(content, scenario, seed)
        for label, per_step, speed in (("1x", 0.25, 1.0), ("instant", 1 / 60, 1000.0)):
            peak, count = mixdown(table, steps, takes, per_step, speed, scenario)
            print(f"{scenario} seed {seed} at {label}: {count} voices, peak {peak:.3f} "
                  f"({20 * np.log10(peak):.1f} dBFS)")


if __name__ == "__main__":
    main()
