"""Snapshots: a rectangle of the screen kept as a frame drew it, blitted back on later frames while nothing it
shows has changed.

The board screen redraws the same panels, tracks and city mat sixty times a second. A layer is drawn straight onto
the screen as before, then the finished rectangle is copied aside; while its key (everything the drawing read)
stays the same, the next frames blit the copy instead of drawing again. Copying what the drawing code made keeps
the pixels exactly the same (same pixel format, same blending) and leaves one way of drawing each thing.

A key is kept only once it has held for two frames running, so a layer that changes every frame (a pan, a glide)
costs no copies at all.

The screen keeps its pixels from one frame to the next. When a scene tells its layers what it drew over them last
frame (an Overdraw), a layer whose key still holds puts back only those rectangles instead of all of itself.
"""
from __future__ import annotations

from typing import Any

import pygame


class Overdraw:
    """What a scene drew over its kept layers in the last frame, while the same scene draws frame after frame on the
    same screen; None when that is not known (the first frame, another scene drew, a modal dimmed everything)."""

    def __init__(self) -> None:
        self.last: list[pygame.Rect] | None = None
        self._now: list[pygame.Rect] | None = None
        self._seen: tuple | None = None          # (screen, frame number) of the frame being drawn

    def begin(self, surface: pygame.Surface, frame: int, drew_last: bool) -> None:
        """Start a frame: `drew_last` is True when this scene drew the whole of the previous frame."""
        same = self._seen is not None and self._seen[0] is surface and self._seen[1] == frame - 1
        self.last = self._now if same and drew_last else None
        self._now, self._seen = [], (surface, frame)

    def add(self, rect, margin: int = 0) -> None:
        """Something was drawn in `rect` (grown by `margin` for shadows and rims) over the kept layers."""
        if self._now is not None and rect is not None:
            self._now.append(pygame.Rect(rect).inflate(2 * margin, 2 * margin))

    def everything(self) -> None:
        """Drawn over anywhere: the next frame puts every layer back whole."""
        self._now = None


class Snapshot:
    """One layer's kept pixels, the key they were drawn for, and whatever else the drawing left behind (hotspots,
    tooltips) to hand back on the frames that reuse it."""

    def __init__(self, overdraw: Overdraw | None = None) -> None:
        self.key: Any = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.extra: Any = None
        self.overdraw = overdraw
        self._surf: pygame.Surface | None = None
        self._last: Any = None          # the key of the previous frame
        self._shown_on: pygame.Surface | None = None    # the screen that holds these pixels now

    def blit(self, surface: pygame.Surface, key: Any) -> bool:
        """Put the kept pixels back if they were drawn for `key` (only where the last frame drew over them, when
        that is known); False when the layer must be drawn."""
        if key is None or self._surf is None or key != self.key:
            self._shown_on = None
            return False
        damage = self.overdraw.last if self.overdraw is not None else None
        if damage is None or self._shown_on is not surface:
            surface.blit(self._surf, self.rect)
        else:
            for r in damage:
                part = r.clip(self.rect)
                if part.width and part.height:
                    surface.blit(self._surf, part, part.move(-self.rect.x, -self.rect.y))
        self._shown_on = surface
        self._last = key
        return True

    def keep(self, surface: pygame.Surface, rect: pygame.Rect, key: Any, extra: Any = None) -> None:
        """Call right after drawing the layer into `rect`: keeps a copy once `key` has held for two frames."""
        steady = key is not None and key == self._last
        self._last = key
        self._shown_on = None
        if not steady:
            return
        rect = pygame.Rect(rect).clip(surface.get_rect())
        if rect.width <= 0 or rect.height <= 0:
            return
        self._surf = surface.subsurface(rect).copy()
        self.rect, self.key, self.extra = rect, key, extra
        self._shown_on = surface


def button_look(b) -> tuple:
    """Everything a Button (or an ActionButton) reads when it draws: part of the key of a layer that holds it."""
    return (b.visible, b.text, tuple(b.rect), b.size, b.style, b.align, b.hint, b.enabled, b.hovered, b.pressed,
            b.focused, b.selected, getattr(b, "available", None), getattr(b, "active_mode", None),
            getattr(b, "spec", None))
