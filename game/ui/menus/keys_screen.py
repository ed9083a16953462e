"""Settings, Keys: the action bar's keys, changed one at a time. Choose an action (click it, or Up/Down and Enter),
then press its new key; a key another action had goes to that action's old one, and the keys the board keeps for
itself are refused with the reason. Every change is saved at once; Defaults puts them all back."""
from __future__ import annotations

import pygame

from game.ui.widgets import theme
from game.ui.widgets.controls import Button, ListBox, Row, UIScene, draw_text
from game.ui.widgets.keymap import COSTS, DEFAULTS, LABELS, assign, changed_names, key_name, player_keys


class KeysScene(UIScene):
    """Opened from the Settings screen, which hands over the settings and how to save them."""

    def __init__(self, settings, save) -> None:
        super().__init__()
        self.settings = settings
        self.save = save
        self.keys = player_keys(settings.keys)
        self.waiting: str | None = None       # the action whose new key the next key press is
        self.note = ""
        self.note_bad = False

    def _rows(self) -> list[Row]:
        rows = []
        for a in DEFAULTS:
            detail = COSTS[a] or "free"
            if self.keys[a] != DEFAULTS[a]:
                detail += f"  -  first key {key_name(DEFAULTS[a]).upper()}"
            rows.append(Row(LABELS[a], detail, key_name(self.keys[a]).upper(), data=a))
        return rows

    def layout(self, w: int, h: int) -> None:
        px = self.px
        margin = px(40)
        selected = self.list.selected if hasattr(self, "list") else 0
        self.list = ListBox(self._rows(), on_activate=self._listen, rect=pygame.Rect(margin, px(120), w - 2 * margin,
                                                                                      h - px(220)), scale=self.s)
        self.list.row_h = px(52)
        self.list.selected = min(selected, len(self.list.rows) - 1)
        back = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(24))
        back.rect = pygame.Rect(margin, h - px(80), px(200), px(50))
        reset = Button("Defaults", self.reset, size=px(24), tooltip="Every action back on its first key.")
        reset.rect = pygame.Rect(w - margin - px(220), h - px(80), px(220), px(50))
        self.widgets += [self.list, back, reset]

    def _listen(self, row: Row) -> None:
        self.waiting = row.data
        self.note, self.note_bad = f"Press the new key for {LABELS[row.data]} (Esc keeps the old one).", False

    def handle(self, event: pygame.event.Event) -> None:
        if self.waiting is not None and event.type == pygame.KEYDOWN:
            action, self.waiting = self.waiting, None
            if event.key == pygame.K_ESCAPE:
                self.note = ""
                return
            try:
                self.keys = assign(self.keys, action, event.key)
            except ValueError as exc:
                self.note, self.note_bad = f"Not {key_name(event.key).upper()}: {exc}.", True
                return
            self._save(f"{LABELS[action]} is now on {key_name(event.key).upper()}.")
            return
        super().handle(event)

    def reset(self) -> None:
        self.keys = dict(DEFAULTS)
        self._save("Every action is back on its default key.")

    def _save(self, said: str) -> None:
        self.settings.keys = changed_names(self.keys)
        try:
            self.save(self.settings)
            self.note, self.note_bad = said, False
        except OSError as exc:
            self.note, self.note_bad = f"Could not save the keys: {exc.strerror or exc}", True
        self.relayout()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, "Keys", "Choose an action, then press its new key. The board keeps Esc, Tab, "
                                          "WASD, the arrows, 1-4, N, Z, J, + and - for itself.")

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.note:
            px = self.px
            colour = theme.DANGER if self.note_bad else (theme.ACCENT if self.waiting else theme.GOOD)
            draw_text(surface, self.note, (surface.get_width() // 2, surface.get_height() - px(55)), px(21),
                      colour, True, anchor="center")
