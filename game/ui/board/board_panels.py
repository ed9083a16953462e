"""Where the panels over the board go, decided in one place each frame: the minimap holds the top-right corner, the
words of a move's preview stand where the path ends, and the rest - toasts, the dice tray, search cards, the status
line, the intent legend, the odds card - each take the first of their places that no panel already holds, so no
panel is drawn over another (tests/test_ui_panels.py)."""
from __future__ import annotations

import pygame


class BoardPanels:
    def __init__(self, board: pygame.Rect, gap: int = 6):
        self.board = pygame.Rect(board)
        self.gap = gap
        self.taken: list[tuple[str, pygame.Rect]] = []      # (which panel, where), in the order they were placed

    def take(self, name: str, rect) -> pygame.Rect:
        """A panel whose place is fixed (the minimap, the path's words): the others keep clear of it."""
        rect = pygame.Rect(rect)
        if rect.width and rect.height:
            self.taken.append((name, rect))
        return rect

    def clear(self, rect: pygame.Rect) -> bool:
        room = rect.inflate(2 * self.gap, 2 * self.gap)
        return self.board.contains(rect) and not any(room.colliderect(r) for _, r in self.taken)

    def place(self, name: str, size: tuple[int, int], spots: list[tuple[int, int]], step: int = 0,
              down: bool = True) -> pygame.Rect:
        """The first of `spots` (top-left corners) clear of every panel placed; failing that, each spot moved past
        the panels in its way, by `step` pixels (down, or up when not `down`) while on the board; failing that, the
        first spot."""
        w, h = size
        tries = [pygame.Rect(x, y, w, h) for x, y in spots]
        for rect in tries:
            rect.clamp_ip(self.board)
            if self.clear(rect):
                return self.take(name, rect)
        step = step or max(8, h // 4)
        for rect in tries:
            moved = rect.copy()
            while self.board.contains(moved):
                moved.y += step if down else -step
                if self.clear(moved):
                    return self.take(name, moved)
        return self.take(name, tries[0])

    def free_area(self) -> pygame.Rect:
        """The board left of the minimap's column: where centred panels (toasts, cards) go."""
        area = self.board.copy()
        mini = next((r for n, r in self.taken if n == "minimap"), None)
        if mini is not None and mini.left > area.centerx:
            area.width = mini.left - self.gap - area.x
        return area
