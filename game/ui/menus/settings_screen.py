"""The settings screens: the Director, window, speed, tooltips, palette and text size, and the sound levels. Every
change is saved at once."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.ai.director_levels import DIRECTOR_LEVELS
from game.ui.audio import sound
from game.ui.menus.keys_screen import KeysScene
from game.ui.widgets import theme
from game.ui.widgets.controls import Button, Choice, UIScene, draw_panel, draw_text, line_height, wrap
from game.ui.widgets.settings import (
    PALETTE_LABELS,
    SPEED_LABELS,
    SPEEDS,
    TEXT_SIZES,
    VOLUMES,
    WINDOW_SIZES,
    apply_look,
    current,
    save_settings,
    settings_path,
)


class SettingsScene(UIScene):
    """The Director's level, window size, default animation speed and tooltips; each change is saved at once."""

    ROWS = (
        ("director", "Director", "How hard the horde plays in new games: ruthless hunts the wounded."),
        ("window", "Window size", "The size the window opens at. You can also drag its edges."),
        ("speed", "Animation speed", "How fast moves, rolls and the Director's turn play out on the board."),
        ("tooltips", "Tooltips", "Short explanations when the pointer rests on a button or a card."),
        ("palette", "Colours", "Colour-blind safe: no meaning rests on telling red from green."),
        ("text_size", "Text size", "Larger text and panels on every screen."),
    )

    TITLE = "Settings"

    def __init__(self) -> None:
        super().__init__()
        self.error = ""
        self.saved_to: Path | None = None
        self.focus = 0

    def enter(self) -> None:
        self.settings = current(self.app)
        super().enter()

    def layout(self, w: int, h: int) -> None:
        px = self.px
        pad = px(32)
        label_w = px(280)
        pad_top, bottom = px(112), h - px(96)          # under the header, above the Back button
        row_h = min(px(104), (bottom - pad_top - 2 * pad) // len(self.ROWS))
        self.panel = pygame.Rect(0, 0, min(w - px(80), px(880)), 2 * pad + row_h * len(self.ROWS))
        self.panel.midtop = (w // 2, pad_top)
        ctrl_h = px(44)
        options = self.options()
        self.choices: dict[str, Choice] = {}
        self.row_rects: list[pygame.Rect] = []
        for i, (key, _, tip) in enumerate(self.ROWS):
            opts, value = options[key]
            c = Choice(opts, value, lambda v, key=key: self.change(key, v), size=px(22), tooltip=tip)
            y = self.panel.y + pad + i * row_h
            self.row_rects.append(pygame.Rect(self.panel.x + pad, y, self.panel.width - 2 * pad, row_h))
            c.place(pygame.Rect(self.panel.x + pad + label_w, y + (row_h - ctrl_h) // 2,
                                self.panel.width - 2 * pad - label_w, ctrl_h))
            self.choices[key] = c
            self.widgets.append(c)
        self._focus_sync()
        self.back_button = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(24))
        self.back_button.rect = pygame.Rect(self.panel.x, self.panel.bottom + px(24), px(200), px(48))
        self.widgets.append(self.back_button)
        x = self.back_button.rect.right + px(16)
        for label, action, hotkey, tip in self.SCREENS:
            b = Button(label, getattr(self, action), hotkey=hotkey, size=px(24), tooltip=tip)
            b.rect = pygame.Rect(x, self.back_button.rect.y, px(200), px(48))
            self.widgets.append(b)
            x = b.rect.right + px(16)

    SCREENS = (("Keys", "open_keys", pygame.K_k, "Change the keys of the action bar."),
               ("Sound", "open_sound", pygame.K_o, "Volumes of the effects, the city around you and the music."))

    def options(self) -> dict[str, tuple[list, object]]:
        """Each row's choices (label, value) and its value now."""
        s = self.settings
        return {
            "window": ([(k.replace("x", " x "), k) for k in WINDOW_SIZES], s.window),
            "speed": ([(SPEED_LABELS[k], k) for k in SPEEDS], s.speed),
            "tooltips": ([("On", True), ("Off", False)], s.tooltips),
            "director": ([(k.capitalize(), k) for k in DIRECTOR_LEVELS], s.director),
            "palette": ([(PALETTE_LABELS[k], k) for k in theme.PALETTES], s.palette),
            "text_size": ([(k.capitalize(), k) for k in TEXT_SIZES], s.text_size),
        }

    def open_keys(self) -> None:
        self.app.push(KeysScene(self.settings, save_settings))

    def open_sound(self) -> None:
        self.app.push(SoundSettingsScene())

    def _focus_sync(self) -> None:
        for i, key in enumerate(self.choices):
            self.choices[key].focused = i == self.focus

    def change(self, key: str, value) -> None:
        setattr(self.settings, key, value)
        try:
            self.saved_to = save_settings(self.settings)
            self.error = ""
        except OSError as exc:
            self.error = f"Could not save the settings: {exc.strerror or exc}"
        if key == "window":
            self.app.resize(self.settings.window_size)
            self.relayout()
        if key == "tooltips":
            self.tips.enabled = bool(value)
        if key in ("palette", "text_size"):
            apply_look(self.settings)
            self.relayout()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + (-1 if event.key == pygame.K_UP else 1)) % len(self.choices)
            self._focus_sync()
            return
        super().on_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        self.draw_header(surface, self.TITLE, "Changes are saved as you make them.")
        draw_panel(surface, self.panel, radius=px(12), shadow=True)
        label_w = self.choices[self.ROWS[0][0]].rect.x - self.row_rects[0].x - px(24)
        for i, (key, title, tip) in enumerate(self.ROWS):
            r = self.row_rects[i]
            if i:
                pygame.draw.line(surface, theme.PANEL_EDGE, (r.x, r.y), (r.right, r.y))
            ctrl = self.choices[key].rect
            if self.choices[key].focused:
                pygame.draw.rect(surface, theme.ACCENT, (r.x - px(18), ctrl.y + px(4), px(4), ctrl.height - px(8)),
                                 border_radius=2)
            lines = wrap(tip, px(18), label_w)
            block = line_height(px(27)) + px(4) + len(lines) * line_height(px(18))
            y = r.centery - block // 2
            draw_text(surface, title, (r.x, y), px(27), theme.INK)
            y += line_height(px(27)) + px(4)
            for line in lines:
                draw_text(surface, line, (r.x, y), px(18), theme.INK_DIM)
                y += line_height(px(18))
        path = settings_path()
        where = self.error or (f"Saved in {path}" if path.exists() else f"Settings file: {path}")
        color = theme.DANGER if self.error else theme.INK_FAINT
        # under the help hint, on the right of the header: the buttons below the panel need the whole row
        draw_text(surface, where, (surface.get_width() - px(40), px(80)), px(19), color, anchor="topright")


class SoundSettingsScene(SettingsScene):
    """Settings, Sound: the master volume, the effects, the ambience and the music as shares of it, and mute."""

    TITLE = "Sound"
    ROWS = (
        ("master", "Master volume", "Everything the game plays."),
        ("effects", "Effects", "Dice, blows, shots and the horde, each from where it happens."),
        ("ambience", "Ambience", "The city around you: rain, wind, a siren far off."),
        ("music", "Music", "The low bed under the game, rising with the Heat and the Doom track."),
        ("muted", "Mute", "Silence everything at once. Ctrl+M does it on any screen."),
    )
    SCREENS = ()

    def options(self) -> dict[str, tuple[list, object]]:
        s = self.settings
        levels = [("Off" if v == 0 else f"{v}%", v) for v in VOLUMES]
        return {"master": (levels, s.master), "effects": (levels, s.effects), "ambience": (levels, s.ambience),
                "music": (levels, s.music), "muted": ([("Sound on", False), ("Muted", True)], s.muted)}

    def change(self, key: str, value) -> None:
        super().change(key, value)
        audio = sound.current()
        if audio is not None:
            audio.refresh()
