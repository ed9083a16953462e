"""The strip under the replay's board: the transport buttons and the timeline of the game.

The timeline is the game's steps from left to right: each round a segment (its Director and End Phases shaded
darker), the key moments as marks above it in their colour (a wound or a fall red, a Doom event purple, a zombie of
note pink, an objective green), and the playhead where the replay stands. A click on it jumps there; a click on a
mark jumps to just before that moment, to watch it happen.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.widgets import theme
from game.ui.widgets.controls import Button, draw_text, line_height, mix, text_size
from game.world.replay_player import Moment, ReplayPlayer

SPAWN_TONE = (226, 150, 140)


def tone_colour(tone: str) -> tuple[int, int, int]:
    return {"danger": theme.DANGER, "good": theme.GOOD, "doom": theme.DOOM, "spawn": SPAWN_TONE,
            "end": theme.ACCENT}.get(tone, theme.INK)


class IconButton(Button):
    """A transport button drawn as a shape (the game's font has no media symbols): `icon` is one of start, round_back,
    back, play, pause, forward, round_forward, end."""

    def __init__(self, icon: str, on_click: Callable[[], None], tooltip: str):
        super().__init__("", on_click, tooltip=tooltip, hint="")
        self.icon = icon

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        _, ink, _ = self.colors()
        r = self.rect.move(0, 1) if self.pressed else self.rect
        u = max(3, r.height // 5)          # half the height of a triangle
        cx, cy = r.center

        def tri(x: int, pointing: int) -> None:     # a triangle with its base at x, pointing right (1) or left (-1)
            pygame.draw.polygon(surface, ink, [(x, cy - u), (x, cy + u), (x + pointing * int(1.6 * u), cy)])

        def bar(x: int) -> None:
            pygame.draw.rect(surface, ink, (x, cy - u, max(2, u // 2), 2 * u))

        w = int(1.6 * u)
        if self.icon == "play":
            tri(cx - w // 2, 1)
        elif self.icon == "pause":
            bar(cx - u // 2 - max(2, u // 2)), bar(cx + u // 2)
        elif self.icon == "forward":
            tri(cx - w // 2 - u // 3, 1), bar(cx + w // 2)
        elif self.icon == "back":
            tri(cx + w // 2 + u // 3, -1), bar(cx - w // 2 - max(2, u // 2))
        elif self.icon == "round_forward":
            tri(cx - w, 1), tri(cx, 1)
        elif self.icon == "round_back":
            tri(cx + w, -1), tri(cx, -1)
        elif self.icon == "end":
            tri(cx - w // 2 - u // 2, 1), tri(cx - u // 2, 1), bar(cx + w // 2 + u // 3)
        elif self.icon == "start":
            tri(cx + w // 2 + u // 2, -1), tri(cx + u // 2, -1), bar(cx - w // 2 - u // 3 - max(2, u // 2))


class Timeline:
    def __init__(self, player: ReplayPlayer):
        self.player = player
        self.rect = pygame.Rect(0, 0, 0, 0)          # the bar itself; marks above, round numbers below
        self.mark_h = 0
        self.label_size = 12                          # the round numbers under the bar

    # --- geometry ------------------------------------------------------------------------------------------------
    def x_of(self, position: int) -> int:
        end = max(1, self.player.end)
        return self.rect.x + round(self.rect.width * position / end)

    def position_at(self, x: int) -> int:
        end = self.player.end
        return max(0, min(end, round((x - self.rect.x) * end / max(1, self.rect.width))))

    def hit_area(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x - 4, self.rect.y - self.mark_h - 2, self.rect.width + 8,
                           self.rect.height + self.mark_h + 2 + line_height(self.label_size))

    def moment_at(self, pos: tuple[int, int]) -> Moment | None:
        """The mark under the pointer (the nearest within a few pixels, above the bar)."""
        if not (self.rect.y - self.mark_h - 2 <= pos[1] <= self.rect.bottom):
            return None
        near = [(abs(self.x_of(m.position) - pos[0]), i, m) for i, m in enumerate(self.player.moments)]
        near = [n for n in near if n[0] <= max(4, self.mark_h // 2)]
        return min(near)[2] if near else None

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, position: int, hover: Moment | None) -> None:
        p, r = self.player, self.rect
        pygame.draw.rect(surface, mix(theme.PANEL, theme.BG, 0.3), r, border_radius=3)
        starts = sorted(p.round_starts.items())
        ends = [at for _, at in starts[1:]] + [p.end]
        label = self.label_size
        for (rnd, first), last in zip(starts, ends, strict=True):
            seg = pygame.Rect(self.x_of(first), r.y, max(1, self.x_of(last) - self.x_of(first)), r.height)
            fill = theme.PANEL_EDGE if rnd % 2 else mix(theme.PANEL_EDGE, theme.PANEL, 0.45)
            pygame.draw.rect(surface, fill, seg)
            director = next((i for i in range(first, last) if p.steps[i].kind == "director"), None)
            if director is not None:      # the Director's part of the round, darker
                dark = pygame.Rect(self.x_of(director), r.y + r.height // 2, self.x_of(last) - self.x_of(director),
                                   r.height - r.height // 2)
                pygame.draw.rect(surface, mix(fill, theme.DOOM, 0.35), dark)
            pygame.draw.line(surface, theme.BG, (seg.x, r.y), (seg.x, r.bottom + 2))
            text = f"R{rnd}"
            if text_size(text, label)[0] + 4 <= seg.width:
                colour = theme.INK if p.round_at(position) == rnd else theme.INK_DIM
                draw_text(surface, text, (seg.centerx, r.bottom + 1), label, colour, anchor="midtop")
        for m in p.moments:
            x = self.x_of(m.position)
            top = r.y - self.mark_h
            big = m is hover
            half = max(2, self.mark_h // 3) + (2 if big else 0)
            pygame.draw.polygon(surface, tone_colour(m.tone), [(x - half, top), (x + half, top), (x, r.y - 1)])
        x = self.x_of(position)
        pygame.draw.line(surface, theme.ACCENT, (x, r.y - self.mark_h - 2), (x, r.bottom + 1), max(2, r.height // 5))
        pygame.draw.circle(surface, theme.ACCENT, (x, r.y - self.mark_h - 2), max(3, r.height // 3))


def status_text(player: ReplayPlayer, position: int, hover: Moment | None, speed: str, paused: bool) -> str:
    """The line under the timeline: the hovered mark's moment, else where the replay stands."""
    if hover is not None:
        return f"Round {hover.round}: {hover.text}"
    rnd = player.round_at(position)
    where = f"Round {rnd} of {player.rounds}, step {position} of {player.end}"
    if position == 0:
        return f"{where}: the table is set"
    step = player.steps[position - 1]
    state = "paused" if paused else speed
    return f"{where} ({state}): {step.label}"

