"""The camp's modals, on the App's one stack (controls.Overlay): a choice among a few options (whom to treat,
what to trade, whom to take in) and typing a survivor's new name."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.widgets import theme
from game.ui.widgets.controls import (
    Button,
    Overlay,
    draw_panel,
    draw_text,
    draw_wrapped,
    ellipsize,
    line_height,
    ui_scale,
    wrapped_height,
)

KEYS = [getattr(pygame, f"K_{i}") for i in range(1, 10)]


class CampChoice(Overlay):
    """A titled list of options, each a label with a line of detail: a click or its number picks one; Esc cancels.
    `note` says what the order costs."""

    def __init__(self, title: str, note: str, options: list[tuple[str, str, Callable[[], None]]],
                 icons: list[pygame.Surface | None] | None = None):
        self.title, self.note = title, note
        self.icons = icons or []
        self.options = options[:len(KEYS)]
        self.buttons: list[Button] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._size: tuple[int, int] | None = None

    def _pick(self, i: int) -> None:
        self.close()
        self.options[i][2]()

    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size and self.buttons:
            return
        self._size = size
        w, h = size
        s = ui_scale(w, h)
        pad = int(22 * s)
        width = min(w - int(40 * s), int(620 * s))
        note_h = wrapped_height(self.note, int(17 * s), width - 2 * pad)
        row_h, gap = line_height(int(20 * s), True) + line_height(int(15 * s)) + int(14 * s), int(6 * s)
        cancel_h = int(38 * s)
        height = (pad + line_height(int(26 * s), True) + int(6 * s) + note_h + int(14 * s)
                  + len(self.options) * (row_h + gap) + int(8 * s) + cancel_h + pad)
        self.panel = pygame.Rect((w - width) // 2, max(0, (h - height) // 2), width, height)
        y = self.panel.y + pad + line_height(int(26 * s), True) + int(6 * s) + note_h + int(14 * s)
        self.buttons = []
        for i, (_label, detail, _) in enumerate(self.options):
            b = Button("", lambda i=i: self._pick(i), hotkey=KEYS[i], hint=str(i + 1), size=int(20 * s),
                       align="left", tooltip=detail)
            b.rect = pygame.Rect(self.panel.x + pad, y, width - 2 * pad, row_h)
            self.buttons.append(b)
            y += row_h + gap
        cancel = Button("Cancel", self.close, hotkey=pygame.K_ESCAPE, size=int(19 * s))
        cancel.rect = pygame.Rect(self.panel.right - pad - int(150 * s), self.panel.bottom - pad - cancel_h,
                                  int(150 * s), cancel_h)
        self.buttons.append(cancel)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        self.draw_below(surface)
        s = ui_scale(*surface.get_size())
        pad = int(22 * s)
        draw_panel(surface, self.panel, theme.PANEL, theme.ACCENT, radius=int(12 * s), width=2, shadow=True)
        r = draw_text(surface, self.title, (self.panel.x + pad, self.panel.y + pad), int(26 * s), theme.INK, True)
        draw_wrapped(surface, self.note, pygame.Rect(self.panel.x + pad, r.bottom + int(6 * s),
                                                     self.panel.width - 2 * pad, 0), int(17 * s), theme.INK_DIM)
        for i, (b, (label, detail, _)) in enumerate(zip(self.buttons, self.options, strict=False)):
            b.draw(surface)         # the label over the detail, an icon (a portrait) before them if given
            x = b.rect.x + int(14 * s)
            icon = self.icons[i] if i < len(self.icons) else None
            if icon is not None:
                surface.blit(icon, icon.get_rect(midleft=(x, b.rect.centery)))
                x += icon.get_width() + int(10 * s)
            room = b.rect.right - int(40 * s) - x
            draw_text(surface, ellipsize(label, int(20 * s), room, True), (x, b.rect.centery), int(20 * s),
                      theme.INK, True, anchor="bottomleft")
            draw_text(surface, ellipsize(detail, int(15 * s), room), (x, b.rect.centery + int(2 * s)), int(15 * s),
                      theme.INK_DIM, anchor="topleft")
        self.buttons[-1].draw(surface)


class RenameDialog(Overlay):
    """Type a survivor's new name; Enter keeps it (or shows why not), Esc leaves the old one."""

    def __init__(self, old: str, on_done: Callable[[str], str]):
        self.text = old
        self.old = old
        self.fresh = True               # the old name is shown selected: the first key typed replaces it
        self.on_done = on_done          # returns '' when the name was taken, else why not
        self.error = ""
        self.buttons: list[Button] = []
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = ui_scale(w, h)
        width = min(w - int(40 * s), int(520 * s))
        height = (2 * int(22 * s) + line_height(int(26 * s), True) + int(14 * s) + int(44 * s) + int(12 * s)
                  + 2 * line_height(int(17 * s)))
        self.panel = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def enter(self) -> None:
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            self.text = ("" if self.fresh else self.text) + "".join(c for c in event.text if c.isprintable())
            self.text, self.fresh, self.error = self.text[:16], False, ""
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_BACKSPACE:
                self.text = "" if self.fresh else self.text[:-1]
                self.fresh, self.error = False, ""
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.error = self.on_done(self.text)
                if not self.error:
                    self.close()

    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        self.draw_below(surface)
        s = ui_scale(*surface.get_size())
        pad = int(22 * s)
        p = self.panel
        draw_panel(surface, p, theme.PANEL, theme.ACCENT, radius=int(12 * s), width=2, shadow=True)
        r = draw_text(surface, f"A new name for {self.old}", (p.x + pad, p.y + pad), int(26 * s), theme.INK, True)
        field = pygame.Rect(p.x + pad, r.bottom + int(14 * s), p.width - 2 * pad, int(44 * s))
        pygame.draw.rect(surface, theme.BG, field, border_radius=int(6 * s))
        pygame.draw.rect(surface, theme.ACCENT, field, 2, border_radius=int(6 * s))
        t = pygame.Rect(field.x + int(10 * s), field.centery, 0, 0)
        if self.text:
            t = draw_text(surface, self.text, (field.x + int(10 * s), field.centery), int(26 * s),
                          theme.BG if self.fresh else theme.INK, True, anchor="midleft")
        if self.fresh and self.text:        # selected: typing replaces it
            pygame.draw.rect(surface, theme.ACCENT, t.inflate(int(6 * s), int(2 * s)), border_radius=int(3 * s))
            draw_text(surface, self.text, t.topleft, int(26 * s), theme.BG, True)
        pygame.draw.line(surface, theme.ACCENT, (t.right + int(3 * s), field.y + int(9 * s)),
                         (t.right + int(3 * s), field.bottom - int(9 * s)), 2)
        hint = self.error or "Type, then Enter to keep it; Esc leaves the name as it was."
        draw_wrapped(surface, hint, pygame.Rect(p.x + pad, field.bottom + int(12 * s), p.width - 2 * pad, 0),
                     int(17 * s), theme.DANGER if self.error else theme.INK_DIM, max_lines=2)
