"""`python main.py sounds --play CUE`: one cue's take through the mixer, with no window."""
from __future__ import annotations

import sys
import time

import pygame

from game.content.sounds import SoundTable
from game.content.validate import hint
from game.ui.audio.sound import quietly


def play_cue(table: SoundTable, cue_id: str) -> int:
    cue = table.cues.get(cue_id)
    if cue is None:
        print(f"error: unknown cue {cue_id!r}{hint(cue_id, table.cues)}", file=sys.stderr)
        return 2
    try:
        quietly(lambda: pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=1024))
    except (pygame.error, NotImplementedError, OSError) as exc:
        print(f"error: no sound: {exc or 'no audio device'}", file=sys.stderr)
        return 1
    take = cue.files[0] if len(cue.files) == 1 else cue.files[int(time.time()) % len(cue.files)]
    snd = pygame.mixer.Sound(str(take))
    snd.set_volume(cue.gain)
    seconds = min(snd.get_length(), 6.0)         # a loop is heard for a few seconds
    snd.play(fade_ms=200 if cue.loop else 0)
    print(f"{cue_id}: {take.name}, {snd.get_length():.2f} s")
    time.sleep(seconds)
    if cue.loop:
        snd.fadeout(500)
        time.sleep(0.5)
    pygame.mixer.quit()
    return 0
