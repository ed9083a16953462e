"""A replay's rounds as an animated GIF a player can share: each step of the game is drawn headless by the replay
screen itself (pygame), and the frames are handed to Pillow, which writes the GIF (pygame writes no animations).

    export_gif(app, scene, out, first_round, last_round) -> frames written
"""
from __future__ import annotations

import io
from pathlib import Path

import pygame
from PIL import Image

from game.content.files import atomic_write

# How long each kind of step stays in the clip (ms): a survivor's action long enough to read, the horde's walk
# quick, the Director's purchases and Doom as long as a banner needs.
FRAME_MS = {"action": 420, "zombie": 160, "director": 900}
END_HOLD_MS = 2500
SETTLE, TICK = 2.0, 1 / 20          # the longest wait for a step's walks and camera glide, in ticks of TICK s


def _frame(app, scene) -> Image.Image:
    """The screen once the step's walks are over and the camera has arrived (at most SETTLE seconds)."""
    for _ in range(int(SETTLE / TICK)):      # the screen's own motion, without drawing every tick
        if not scene.motion.busy and scene.view.cam.goal is None:
            break
        scene.animate(TICK)
    app.step(TICK)
    surface = app.screen
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def export_gif(app, scene, out: Path, first_round: int, last_round: int) -> int:
    """Write rounds first_round..last_round of the replay shown by `scene` (pushed on `app`) to `out`."""
    player = scene.player
    start = player.round_starts[first_round]
    stop = player.round_starts.get(last_round + 1, player.end)
    scene.seek(start)
    scene.paused = False              # the clip shows the replay playing, each step held until its frame is taken
    scene.hold()
    frames, durations = [_frame(app, scene)], [FRAME_MS["director"]]
    while scene.position < stop:
        step = player.steps[scene.position]
        scene.play_step(animate=True)
        scene.hold()
        frames.append(_frame(app, scene))
        durations.append(FRAME_MS["action"] if step.kind == "action" else
                         FRAME_MS["zombie"] if step.key == "zombie" else FRAME_MS["director"])
    durations[-1] = END_HOLD_MS
    clip = io.BytesIO()
    frames[0].save(clip, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=True)
    atomic_write(Path(out), clip.getvalue())      # a full disk leaves no half a GIF behind
    return len(frames)
