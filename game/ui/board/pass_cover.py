"""The cover between two people's turns at one screen (hot-seat): the whole window goes dark and says who takes it
next, so nobody sees another player's secret agenda. A modal on the App's stack over the board (GameScene.modal).

    app.push(PassCover("Ann", cards=[("Doc", agenda)], on_ready=lambda: ...))

The first page asks the next player to take the screen; Space, Enter or a click shows their Secret Agenda cards (a
second page, only when they hold any), and the next press hides them and hands the board over (`on_ready`).
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.widgets import theme
from game.ui.widgets.controls import Overlay, draw_panel, draw_text, draw_wrapped, line_height, wrapped_height

GO_KEYS = {pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE}


class PassCover(Overlay):
    """Covers the whole window (nothing of the board shows through). Escape does not lift it (it would show the
    board to the wrong person); the next player's press does."""

    def __init__(self, player: str, cards: list[tuple[str, object]], on_ready: Callable[[], None],
                 role: str = ""):
        self.player = player
        self.role = role                  # "the Director", or "" for survivors
        self.cards = cards                # (survivor name, AgendaDef) the player holds
        self.on_ready = on_ready
        self.page = 0                     # 0: pass the screen; 1: your agendas

    def handle(self, event) -> None:
        go = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or \
            (event.type == pygame.KEYDOWN and event.key in GO_KEYS)
        if not go:
            return
        if self.page == 0 and self.cards:
            self.page = 1
            return
        self.close()
        self.on_ready()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.scale(h)
        surface.fill((16, 17, 20))
        px = lambda n: int(round(n * s))       # noqa: E731
        width = min(w - px(80), px(760))
        x = (w - width) // 2
        if self.page == 0:
            role = f" ({self.role})" if self.role else ""
            y = h // 2 - px(110)
            draw_text(surface, "PASS THE SCREEN", (w // 2, y), px(18), theme.INK_FAINT, True, anchor="midtop")
            y += line_height(px(18), True) + px(10)
            draw_text(surface, f"{self.player}{role}", (w // 2, y), px(58), theme.ACCENT, True, anchor="midtop")
            y += line_height(px(58), True) + px(14)
            text = (f"{self.player}, take the screen. Press Space or click when only you can see it"
                    + (": your secret agenda comes first." if self.cards else "."))
            draw_wrapped(surface, text, pygame.Rect(x, y, width, 10), px(22), theme.INK, align="center")
            return
        y = px(60)
        draw_text(surface, f"{self.player}: your secret agenda", (w // 2, y), px(34), theme.ACCENT, True,
                  anchor="midtop")
        y += line_height(px(34), True) + px(18)
        pad = px(16)
        for name, agenda in self.cards:
            body = f"{agenda.text}"
            card_h = 2 * pad + line_height(px(22), True) + px(6) + wrapped_height(body, px(19), width - 2 * pad)
            rect = pygame.Rect(x, y, width, card_h)
            draw_panel(surface, rect, (34, 36, 42), theme.ACCENT, radius=px(10), width=2)
            draw_text(surface, f"{name}: {agenda.name}", (x + pad, y + pad), px(22), theme.INK, True)
            draw_wrapped(surface, body, pygame.Rect(x + pad, y + pad + line_height(px(22), True) + px(6),
                                                    width - 2 * pad, 10), px(19), theme.INK_DIM)
            y += card_h + px(12)
        draw_wrapped(surface, "Keep it to yourself: it is scored at the end. Press Space or click to hide it and "
                              "play.", pygame.Rect(x, y + px(10), width, 10), px(19), theme.INK_FAINT, align="center")
