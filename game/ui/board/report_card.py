"""The card the player reads when their turn comes back: what the Director bought and why, how far Doom moved, who
was hurt (game.world.phase_report). A board modal: a click or any of its keys puts it away; J brings it back."""
from __future__ import annotations

import pygame

from game.ui.widgets import theme
from game.ui.widgets.controls import BoardModal, draw_panel, draw_text, draw_wrapped, line_height, wrapped_height
from game.world.phase_report import PhaseReport

TONES = {"danger": "DANGER", "doom": "DOOM", "buy": "INK", "plain": "INK_DIM"}     # theme colours, read when drawn
CLOSE_KEYS = {pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_j}


class ReportCard(BoardModal):
    """`seconds`: a demo's card puts itself away after that long."""

    def __init__(self, report: PhaseReport, board_rect, title: str | None = None, seconds: float | None = None):
        self.report = report
        self.board_rect = board_rect            # callable giving the board's rectangle now (the window can resize)
        self.title = title or f"Round {report.round}: what the Director did"
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.seconds = seconds

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.seconds is not None:
            self.seconds -= dt
            if self.seconds <= 0:
                self.close()

    def stays(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return False
        if event.type == pygame.KEYDOWN:
            return event.key not in CLOSE_KEYS
        return True

    def draw_modal(self, surface: pygame.Surface, s: float) -> None:
        board = self.board_rect()
        size, head = int(17 * s), int(24 * s)
        pad = int(18 * s)
        width = min(board.width - int(40 * s), int(620 * s))
        inner = width - 2 * pad
        foot = "Click or press any of Enter, Space, Esc to play on.   J shows this card again."
        lines = self.report.lines()
        room = board.height - int(60 * s) - 2 * pad - line_height(head, True) - line_height(int(14 * s)) - int(20 * s)
        shown, used = [], 0
        for tone, text in lines:
            h = wrapped_height(text, size, inner - int(14 * s)) + int(4 * s)
            if used + h > room - line_height(size):
                break
            shown.append((tone, text, h))
            used += h
        rest = len(lines) - len(shown)
        height = 2 * pad + line_height(head, True) + int(10 * s) + used + int(12 * s) + line_height(int(14 * s)) + (
            line_height(size) if rest else 0)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.midtop = (board.centerx, board.y + int(12 * s))     # the camera centres the team below it
        draw_panel(surface, self.panel, (30, 32, 38), theme.DANGER, radius=int(10 * s), width=2, shadow=True)
        x, y = self.panel.x + pad, self.panel.y + pad
        draw_text(surface, self.title, (x, y), head, theme.INK, True)
        y += line_height(head, True) + int(10 * s)
        for tone, text, h in shown:
            colour = getattr(theme, TONES.get(tone, "INK"))
            indent = int(14 * s) if tone == "buy" else 0
            if tone == "buy":
                pygame.draw.circle(surface, theme.HEAT, (x + int(5 * s), y + line_height(size) // 2), int(3 * s))
            draw_wrapped(surface, text, pygame.Rect(x + indent, y, inner - indent, h), size, colour)
            y += h
        if rest:
            draw_text(surface, f"... and {rest} more in the log.", (x, y), size, theme.INK_FAINT)
            y += line_height(size)
        draw_text(surface, foot, (x, self.panel.bottom - pad - line_height(int(14 * s))), int(14 * s),
                  theme.INK_FAINT)
