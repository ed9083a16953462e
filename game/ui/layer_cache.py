"""Snapshots: a rectangle of the screen kept as a frame drew it, blitted back on later frames while nothing it
shows has changed.

The board screen redraws the same panels, tracks and city mat sixty times a second. A layer is drawn straight onto
the screen as before, then the finished rectangle is copied aside; while its key (everything the drawing read)
stays the same, the next frames blit the copy instead of drawing again. Copying what the drawing code made keeps
the pixels exactly the same (same pixel format, same blending) and leaves one way of drawing each thing.

A key is kept only once it has held for two frames running, so a layer that changes every frame (a pan, a glide)
costs no copies at all.
"""
from __future__ import annotations

from typing import Any

import pygame


class Snapshot:
    """One layer's kept pixels, the key they were drawn for, and whatever else the drawing left behind (hotspots,
    tooltips) to hand back on the frames that reuse it."""

    def __init__(self) -> None:
        self.key: Any = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.extra: Any = None
        self._surf: pygame.Surface | None = None
        self._last: Any = None          # the key of the previous frame

    def blit(self, surface: pygame.Surface, key: Any) -> bool:
        """Put the kept pixels back if they were drawn for `key`; False when the layer must be drawn."""
        if key is None or self._surf is None or key != self.key:
            return False
        surface.blit(self._surf, self.rect)
        self._last = key
        return True

    def keep(self, surface: pygame.Surface, rect: pygame.Rect, key: Any, extra: Any = None) -> None:
        """Call right after drawing the layer into `rect`: keeps a copy once `key` has held for two frames."""
        steady = key is not None and key == self._last
        self._last = key
        if not steady:
            return
        rect = pygame.Rect(rect).clip(surface.get_rect())
        if rect.width <= 0 or rect.height <= 0:
            return
        self._surf = surface.subsurface(rect).copy()
        self.rect, self.key, self.extra = rect, key, extra


def button_look(b) -> tuple:
    """Everything a Button (or an ActionButton) reads when it draws: part of the key of a layer that holds it."""
    return (b.visible, b.text, tuple(b.rect), b.size, b.style, b.align, b.hint, b.enabled, b.hovered, b.pressed,
            b.focused, b.selected, getattr(b, "available", None), getattr(b, "active_mode", None),
            getattr(b, "spec", None))
