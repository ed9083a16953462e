"""Arrows on the edge of the board view for what just happened out of sight (a spawn, a swarm, a zombie arriving):
each points the way and names the fact, then fades. Things in view get none: the board shows them."""
from __future__ import annotations

import math

import pygame

from game.ui.board.board_view import Camera
from game.ui.widgets import theme
from game.ui.widgets.controls import draw_panel, draw_text, ellipsize, text_size

LIFE = 2.6          # seconds a marker stays at 1x (faster speeds age it faster)


class OffscreenMarkers:
    def __init__(self):
        self.items: list[list] = []          # [cell xy, label, colour, age]

    def add(self, xy: tuple[int, int], label: str, colour=theme.DANGER) -> None:
        self.items = [m for m in self.items if m[0] != xy]
        self.items.append([xy, label, colour, 0.0])
        del self.items[:-8]                  # the newest few: more would only clutter the edge

    def update(self, dt: float, speed: float) -> None:
        for m in self.items:
            m[3] += dt * max(1.0, min(speed, 4.0))
        self.items = [m for m in self.items if m[3] < LIFE]

    def clear(self) -> None:
        self.items.clear()

    def visible(self, cam: Camera, hidden: list[pygame.Rect] = ()) -> list[tuple[tuple[int, int], str, tuple]]:
        """(xy, label, colour) of the markers whose cell the view does not show (or shows under `hidden`)."""
        out = []
        for xy, label, colour, _ in self.items:
            p = cam.centre_px(xy)
            if not cam.view.collidepoint(p) or any(r.collidepoint(p) for r in hidden):
                out.append((xy, label, colour))
        return out

    def draw(self, surface: pygame.Surface, cam: Camera, s: float,
             hidden: list[pygame.Rect] = ()) -> list[pygame.Rect]:
        """Draws the markers; returns where."""
        view = cam.view.inflate(-int(28 * s), -int(28 * s))
        cx, cy = view.center
        size = int(14 * s)
        placed: list[pygame.Rect] = []
        drawn: list[pygame.Rect] = []
        for xy, label, colour, age in self.items:
            p = cam.centre_px(xy)
            if cam.view.collidepoint(p) and not any(r.collidepoint(p) for r in hidden):
                continue
            dx, dy = p[0] - cx, p[1] - cy
            if abs(dx) < 1e-6 and abs(dy) < 1e-6:
                continue
            # where the line from the centre toward the point leaves the inset view
            k = min((view.width / 2) / abs(dx) if dx else math.inf, (view.height / 2) / abs(dy) if dy else math.inf)
            ex, ey = cx + dx * k, cy + dy * k
            angle = math.atan2(dy, dx)
            alpha = 1.0 - max(0.0, (age - LIFE * 0.6) / (LIFE * 0.4))
            tip = (ex + math.cos(angle) * 10 * s, ey + math.sin(angle) * 10 * s)
            left = (ex + math.cos(angle + 2.5) * 12 * s, ey + math.sin(angle + 2.5) * 12 * s)
            right = (ex + math.cos(angle - 2.5) * 12 * s, ey + math.sin(angle - 2.5) * 12 * s)
            shade = tuple(int(c * alpha + 20 * (1 - alpha)) for c in colour)
            drawn.append(pygame.draw.polygon(surface, (14, 12, 12), [(x + 1, y + 2) for x, y in (tip, left, right)]))
            drawn.append(pygame.draw.polygon(surface, shade, (tip, left, right)))
            text = ellipsize(label, size, int(220 * s), True)
            tw, th = text_size(text, size, True)
            box = pygame.Rect(0, 0, tw + int(12 * s), th + int(6 * s))
            box.center = (ex - math.cos(angle) * (tw / 2 + 18 * s), ey - math.sin(angle) * (th / 2 + 16 * s))
            box.clamp_ip(cam.view)
            for other in placed:         # markers on the same side stack instead of overlapping
                if box.colliderect(other):
                    box.y = other.bottom + int(3 * s) if box.centery >= other.centery else other.y - box.height - 3
            box.clamp_ip(cam.view)
            placed.append(box)
            draw_panel(surface, box, (24, 22, 24), shade, radius=int(5 * s), width=1)
            draw_text(surface, text, box.center, size, theme.INK if alpha > 0.5 else theme.INK_DIM, True,
                      anchor="center")
        return placed + drawn
