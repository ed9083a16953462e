"""Small themed widgets every screen shares: text helpers, Button, Label, Panel, MenuList, Choice, Tooltips,
ScrollBox (rich text) and ListBox (selectable rows), a modal Dialog, and UIScene, the base of the menu screens.

Conventions:
- A widget has a `rect`, `handle(event) -> bool` (True = the event is used up), `update(dt)` and `draw(surface)`.
  Screens place widgets in `UIScene.layout(w, h)`, which runs again whenever the window changes size.
- Sizes are given in pixels for a 1280x720 window; screens multiply by `ui_scale(w, h)` (see `UIScene.px`).
- Input is read from events only (hover from MOUSEMOTION positions), so posted events drive everything in tests.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.audio import sound
from game.ui.widgets import theme
from game.ui.widgets.app import Scene

# A few shades derived from the theme palette, for widget states.
HOVER = (48, 52, 60)
PRESSED = (30, 32, 37)
SHADOW = (12, 13, 16)
DIM_OVERLAY = (10, 11, 14, 170)
ACCENT_DARK = (190, 138, 62)
ACCENT_TEXT = (30, 24, 16)


def ui_scale(w: int, h: int) -> float:
    """theme.scale by the height, held back by the width in narrow windows (4:3 and the like)."""
    return min(theme.scale(h), max(0.75, w / 1280) * theme.text_scale)


def mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    """Blend two colours: t=0 gives a, t=1 gives b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=False))  # type: ignore[return-value]


# --- text ------------------------------------------------------------------------------------------------------------

_text_cache: dict[tuple, pygame.Surface] = {}


def text_surface(text: str, size: int, color=theme.INK, bold: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: the screens redraw the same words every frame)."""
    font = theme.font(max(8, size), bold)
    key = (text, size, color, bold, id(font))
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 3000:
            _text_cache.clear()
        surf = font.render(text, True, color)
        _text_cache[key] = surf
    return surf


# Text measures are pure functions of (text, size, bold, width): every frame measures the same words again, and
# Font.size is slow next to a dict look-up. Kept apart from the rendered surfaces; cleared when it grows large.
_measures: dict[tuple, Any] = {}


def _keep_measure(key: tuple, value):
    if len(_measures) > 6000:
        _measures.clear()
    _measures[key] = value
    return value


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    key = ("size", text, size, bold)
    hit = _measures.get(key)
    if hit is None:
        hit = _keep_measure(key, theme.font(max(8, size), bold).size(text))
    return hit


def line_height(size: int, bold: bool = False) -> int:
    return theme.font(max(8, size), bold).get_linesize()


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break text into lines no wider than `width`; blank lines in the text start new paragraphs."""
    key = ("wrap", text, size, width, bold)
    hit = _measures.get(key)
    if hit is None:
        hit = _keep_measure(key, tuple(_wrap(text, size, width, bold)))
    return list(hit)      # a fresh list: callers may cut it


def _wrap(text: str, size: int, width: int, bold: bool) -> list[str]:
    font = theme.font(max(8, size), bold)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            trial = f"{line} {word}"
            if font.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def ellipsize(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut with an ellipsis if it would be wider than `width`."""
    key = ("ellipsize", text, size, width, bold)
    hit = _measures.get(key)
    if hit is None:
        hit = _keep_measure(key, _ellipsize(text, size, width, bold))
    return hit


def _ellipsize(text: str, size: int, width: int, bold: bool) -> str:
    font = theme.font(max(8, size), bold)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text.rstrip() + "..."


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, color=theme.INK,
              bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    surf = text_surface(text, size, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def draw_wrapped(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, color=theme.INK,
                 bold: bool = False, align: str = "left", max_lines: int | None = None) -> int:
    """Draw wrapped text from the top of `rect`; returns the height used."""
    lines = wrap(text, size, rect.width, bold)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + " ...", size, rect.width, bold)
    lh = line_height(size, bold)
    y = rect.y
    for line in lines:
        if line:
            surf = text_surface(line, size, color, bold)
            if align == "center":
                x = rect.centerx - surf.get_width() // 2
            elif align == "right":
                x = rect.right - surf.get_width()
            else:
                x = rect.x
            surface.blit(surf, (x, y))
        y += lh
    return y - rect.y


def wrapped_height(text: str, size: int, width: int, bold: bool = False) -> int:
    return len(wrap(text, size, width, bold)) * line_height(size, bold)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, fill=theme.PANEL, edge=theme.PANEL_EDGE,
               radius: int = 8, width: int = 1, shadow: bool = False) -> None:
    if shadow:
        pygame.draw.rect(surface, SHADOW, rect.move(0, max(2, radius // 2)), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None and width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def key_name(key: int) -> str:
    names = {pygame.K_RETURN: "Enter", pygame.K_ESCAPE: "Esc", pygame.K_SPACE: "Space", pygame.K_DELETE: "Del",
             pygame.K_BACKSPACE: "Backspace", pygame.K_TAB: "Tab"}
    return names.get(key, pygame.key.name(key).upper())


# --- widgets ---------------------------------------------------------------------------------------------------------

class Widget:
    """Base widget: a rectangle that may show a tooltip."""

    def __init__(self, rect: pygame.Rect | Sequence[int] | None = None, tooltip: str = ""):
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.tooltip = tooltip
        self.visible = True

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def children(self) -> list[Widget]:
        """Widgets inside this one (for tooltips)."""
        return []

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class Label(Widget):
    """Text in a rectangle: one line, or wrapped to the rectangle's width when `wrap_text` is set."""

    def __init__(self, text: str, size: int = 22, color=theme.INK, bold: bool = False, align: str = "left",
                 wrap_text: bool = False, rect=None, tooltip: str = ""):
        super().__init__(rect, tooltip)
        self.text, self.size, self.color, self.bold = text, size, color, bold
        self.align, self.wrap_text = align, wrap_text

    def height_for(self, width: int) -> int:
        if self.wrap_text:
            return wrapped_height(self.text, self.size, width, self.bold)
        return line_height(self.size, self.bold)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text:
            return
        if self.wrap_text:
            draw_wrapped(surface, self.text, self.rect, self.size, self.color, self.bold, self.align)
            return
        text = ellipsize(self.text, self.size, self.rect.width, self.bold) if self.rect.width else self.text
        anchor = {"left": "midleft", "center": "center", "right": "midright"}[self.align]
        pos = {"left": self.rect.midleft, "center": self.rect.center, "right": self.rect.midright}[self.align]
        draw_text(surface, text, pos, self.size, self.color, self.bold, anchor)


class Panel(Widget):
    """A raised card with an optional small heading."""

    def __init__(self, rect=None, title: str = "", title_size: int = 18, fill=theme.PANEL, edge=theme.PANEL_EDGE,
                 radius: int = 10, shadow: bool = True):
        super().__init__(rect)
        self.title, self.title_size, self.fill, self.edge = title, title_size, fill, edge
        self.radius, self.shadow = radius, shadow

    def inner(self, pad: int) -> pygame.Rect:
        """The area inside the padding (below the heading, if there is one)."""
        top = pad + (line_height(self.title_size, True) + pad // 2 if self.title else 0)
        return pygame.Rect(self.rect.x + pad, self.rect.y + top, self.rect.width - 2 * pad,
                           self.rect.height - top - pad)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        draw_panel(surface, self.rect, self.fill, self.edge, self.radius, shadow=self.shadow)
        if self.title:
            pad = max(10, self.rect.height // 40, self.title_size // 2 + 4)
            draw_text(surface, self.title.upper(), (self.rect.x + pad, self.rect.y + pad), self.title_size,
                      theme.INK_DIM, True)


class Button(Widget):
    """A button with hover, pressed, focused and disabled looks, an optional hotkey (shown as a hint) and a tooltip.

    A click is a left press and release inside the button; the hotkey clicks it too. Disabled buttons ignore both
    but still show their tooltip (so "coming soon" can say why).
    """

    def __init__(self, text: str, on_click: Callable[[], None] | None = None, *, hotkey: int | Sequence[int] | None
                 = None, tooltip: str = "", enabled: bool = True, style: str = "normal", size: int = 24,
                 hint: str | None = None, rect=None, align: str = "center"):
        super().__init__(rect, tooltip)
        self.text = text
        self.on_click = on_click
        self.hotkeys: tuple[int, ...] = (() if hotkey is None else (hotkey,) if isinstance(hotkey, int)
                                         else tuple(hotkey))
        self.hint = hint if hint is not None else (key_name(self.hotkeys[0]) if self.hotkeys else "")
        self.enabled = enabled
        self.style = style            # primary | normal | quiet | danger | segment (a Choice option)
        self.size = size
        self.align = align
        self.hovered = False
        self.pressed = False
        self.focused = False
        self.selected = False          # a toggle or a chosen option: drawn like focus, in the accent colour
        self.clicks = 0

    def click(self) -> None:
        if not self.enabled:
            return
        self.clicks += 1
        sound.click()
        if self.on_click:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.hovered = self.rect.collidepoint(event.pos)
            if self.hovered and self.enabled:
                self.pressed = True
                return True
            return self.hovered
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.click()
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in self.hotkeys and self.enabled:
            self.click()
            return True
        return False

    def colors(self) -> tuple[tuple, tuple, tuple | None]:
        """(fill, text, edge) for the current state."""
        if not self.enabled:
            if self.style == "quiet":
                return None, theme.INK_FAINT, None
            return (mix(theme.PANEL, theme.BG, 0.4), theme.INK_FAINT, mix(theme.PANEL_EDGE, theme.BG, 0.5))
        hot = self.hovered or self.focused
        if self.style == "primary":
            fill = ACCENT_DARK if self.pressed else (mix(theme.ACCENT, theme.INK, 0.18) if hot else theme.ACCENT)
            return fill, ACCENT_TEXT, None
        if self.style == "danger":
            fill = mix(theme.DANGER, theme.BG, 0.45 if self.pressed else (0.15 if hot else 0.3))
            return fill, theme.INK, None
        if self.style == "quiet":
            fill = PRESSED if self.pressed else (HOVER if hot else None)
            return fill, theme.INK if hot else theme.INK_DIM, None
        if self.selected:
            fill = mix(theme.PANEL, theme.ACCENT, 0.30 if hot else 0.22)
            return fill, theme.INK, theme.ACCENT
        fill = PRESSED if self.pressed else (HOVER if hot else theme.PANEL)
        edge = mix(theme.PANEL_EDGE, theme.INK, 0.25) if hot else theme.PANEL_EDGE
        dim = self.style == "segment" and not hot
        return fill, theme.INK_DIM if dim else theme.INK, edge

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        fill, ink, edge = self.colors()
        radius = max(4, self.rect.height // 5)
        rect = self.rect.move(0, 1) if self.pressed else self.rect
        if fill is not None:
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if edge is not None:
            pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)
        if self.focused and self.enabled:
            pygame.draw.rect(surface, theme.ACCENT if self.style != "primary" else theme.INK, rect.inflate(6, 6),
                             2, border_radius=radius + 3)
        pad = max(8, self.rect.height // 3)
        hint_w = 0
        if self.hint and self.rect.width > text_size(self.text, self.size)[0] + 3 * pad + 30:
            hint_size = max(12, int(self.size * 0.68))
            hint_color = mix(ink, fill or theme.BG, 0.45)
            hr = draw_text(surface, self.hint, (rect.right - pad, rect.centery + 1), hint_size, hint_color,
                           anchor="midright")
            hint_w = hr.width + pad // 2
        room = rect.width - 2 * pad - 2 * hint_w
        label = ellipsize(self.text, self.size, max(10, room))
        if self.align == "left":
            draw_text(surface, label, (rect.x + pad, rect.centery + 1), self.size, ink, anchor="midleft")
        else:
            draw_text(surface, label, (rect.centerx, rect.centery + 1), self.size, ink, anchor="center")


class MenuList(Widget):
    """A vertical list of buttons with keyboard navigation: Up/Down (or W/S) move the focus over enabled entries,
    Enter or Space presses the focused one; the mouse moves the focus too."""

    def __init__(self, buttons: Iterable[Button], rect=None):
        super().__init__(rect)
        self.buttons = list(buttons)
        self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)
        self._sync()

    def place(self, x: int, y: int, width: int, item_h: int, gap: int) -> None:
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(x, y + i * (item_h + gap), width, item_h)
        height = len(self.buttons) * (item_h + gap) - gap
        self.rect = pygame.Rect(x, y, width, max(0, height))

    def _sync(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus

    def move(self, step: int) -> None:
        n = len(self.buttons)
        i = self.focus
        for _ in range(n):
            i = (i + step) % n
            if self.buttons[i].enabled:
                self.focus = i
                break
        self._sync()

    @property
    def focused(self) -> Button:
        return self.buttons[self.focus]

    def children(self) -> list[Widget]:
        return list(self.buttons)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.move(-1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.move(1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.focused.click()
                return True
        for i, b in enumerate(self.buttons):
            used = b.handle(event)
            if event.type == pygame.MOUSEMOTION and b.hovered and b.enabled and self.focus != i:
                self.focus = i
                self._sync()
            if used:
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)


class Choice(Widget):
    """A row of segments, exactly one chosen (a setting with a few values). Left/Right change it when focused."""

    def __init__(self, options: Sequence[tuple[str, object]], value: object,
                 on_change: Callable[[object], None] | None = None, size: int = 22, rect=None, tooltip: str = ""):
        super().__init__(rect, tooltip)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.size = size
        self.focused = False
        self.buttons = [Button(label, lambda v=v: self.set(v), size=size, style="segment")
                        for label, v in self.options]
        self._sync()

    def place(self, rect: pygame.Rect, gap: int = 6) -> None:
        self.rect = pygame.Rect(rect)
        n = len(self.buttons)
        w = (rect.width - gap * (n - 1)) // n
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.height)
            b.size = self.size

    def set(self, value: object) -> None:
        if value == self.value:
            return
        self.value = value
        self._sync()
        if self.on_change:
            self.on_change(value)

    def _sync(self) -> None:
        for (_, v), b in zip(self.options, self.buttons, strict=True):
            b.selected = v == self.value

    def children(self) -> list[Widget]:
        return list(self.buttons)

    def step(self, delta: int) -> None:
        values = [v for _, v in self.options]
        i = values.index(self.value) if self.value in values else 0
        self.set(values[max(0, min(len(values) - 1, i + delta))])

    def handle(self, event: pygame.event.Event) -> bool:
        if self.focused and event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)


class Tooltips:
    """Shows the tooltip of the widget under the mouse after a short delay, in a box kept inside the window."""

    def __init__(self, delay: float = 0.45):
        self.delay = delay
        self.enabled = True
        self.pos = (-1, -1)
        self.target: Widget | None = None
        self.text = ""
        self.timer = 0.0

    def track(self, widgets: Iterable[Widget], pos: tuple[int, int]) -> None:
        self.pos = pos
        found = None
        stack = list(widgets)
        while stack:
            w = stack.pop(0)
            if not w.visible:
                continue
            if w.hit(pos) and w.tooltip:
                found = w
            stack.extend(w.children())
        if found is not self.target:
            self.target = found
            self.timer = 0.0
        self.text = found.tooltip if found else ""

    def hide(self) -> None:
        self.target = None
        self.text = ""

    def update(self, dt: float) -> None:
        if self.target is not None:
            self.timer += dt

    @property
    def showing(self) -> bool:
        return self.enabled and bool(self.text) and self.timer >= self.delay

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> pygame.Rect | None:
        """Where the tip was drawn, if it was."""
        if not self.showing:
            return None
        return draw_tooltip(surface, self.text, self.pos, scale)


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int], scale: float = 1.0) -> pygame.Rect:
    size = int(20 * scale)
    pad = int(10 * scale)
    max_w = int(360 * scale)
    lines = wrap(text, size, max_w)
    width = max(text_size(line, size)[0] for line in lines) + 2 * pad
    lh = line_height(size)
    height = len(lines) * lh + 2 * pad
    sw, sh = surface.get_size()
    x = pos[0] + int(16 * scale)
    y = pos[1] + int(22 * scale)
    if x + width > sw - 4:
        x = max(4, pos[0] - width - int(8 * scale))
    if y + height > sh - 4:
        y = max(4, pos[1] - height - int(8 * scale))
    rect = pygame.Rect(x, y, width, height)
    draw_panel(surface, rect, (44, 47, 54), theme.ACCENT, radius=6, shadow=True)
    for i, line in enumerate(lines):
        draw_text(surface, line, (x + pad, y + pad + i * lh), size, theme.INK)
    return rect


# --- scrolling -------------------------------------------------------------------------------------------------------

@dataclass
class Block:
    """One piece of a ScrollBox: kind is 'h' (heading), 'p' (paragraph), 'b' (bullet), 'k' (key: text) or 'gap'."""
    kind: str
    text: str = ""
    key: str = ""


class _Scrolling(Widget):
    """Shared scrolling: wheel, PgUp/PgDn, Home/End, and a draggable scrollbar."""

    def __init__(self, rect=None, scale: float = 1.0):
        super().__init__(rect)
        self.scale = scale
        self.offset = 0
        self.content_h = 0
        self._drag: int | None = None
        self._hover = False

    @property
    def max_offset(self) -> int:
        return max(0, self.content_h - self.rect.height)

    def scroll_to(self, offset: int) -> None:
        self.offset = max(0, min(self.max_offset, int(offset)))

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        if self.content_h <= self.rect.height or self.rect.height <= 0:
            return None
        w = max(6, int(8 * self.scale))
        track = pygame.Rect(self.rect.right - w, self.rect.y, w, self.rect.height)
        h = max(int(30 * self.scale), self.rect.height * self.rect.height // self.content_h)
        y = track.y + (track.height - h) * self.offset // max(1, self.max_offset)
        return track, pygame.Rect(track.x, y, w, h)

    def handle_scroll(self, event: pygame.event.Event, keys: bool = True) -> bool:
        step = int(48 * self.scale)
        if event.type == pygame.MOUSEMOTION:
            self._hover = self.rect.collidepoint(event.pos)
            if self._drag is not None:
                bar = self._bar()
                if bar:
                    track, thumb = bar
                    span = max(1, track.height - thumb.height)
                    self.scroll_to((event.pos[1] - self._drag - track.y) * self.max_offset / span)
                return True
        elif event.type == pygame.MOUSEWHEEL and self._hover:
            self.scroll_to(self.offset - event.y * step)
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self._bar()
            if bar and bar[0].inflate(8, 0).collidepoint(event.pos):
                track, thumb = bar
                if thumb.collidepoint(event.pos):
                    self._drag = event.pos[1] - thumb.y
                else:
                    self.scroll_to(self.offset + (self.rect.height if event.pos[1] > thumb.y else -self.rect.height))
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        elif event.type == pygame.KEYDOWN and keys:
            page = self.rect.height - step
            moves = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_HOME: -10 ** 9,
                     pygame.K_END: 10 ** 9}
            if event.key in moves:
                self.scroll_to(self.offset + moves[event.key])
                return True
        return False

    def draw_bar(self, surface: pygame.Surface) -> None:
        bar = self._bar()
        if bar:
            track, thumb = bar
            pygame.draw.rect(surface, mix(theme.PANEL, theme.BG, 0.5), track, border_radius=track.width // 2)
            color = theme.INK_DIM if (self._drag is not None or self._hover) else theme.PANEL_EDGE
            pygame.draw.rect(surface, color, thumb, border_radius=thumb.width // 2)


class ScrollBox(_Scrolling):
    """Scrollable rich text: headings, paragraphs, bullets and key/description pairs. Up/Down/PgUp/PgDn scroll."""

    def __init__(self, blocks: Sequence[Block] = (), rect=None, size: int = 22, scale: float = 1.0):
        super().__init__(rect, scale)
        self.blocks = list(blocks)
        self.size = size
        self._laid: list[tuple] = []      # (y, text, kind, x, bold, color, size)
        self._laid_for: tuple | None = None

    def set_blocks(self, blocks: Sequence[Block]) -> None:
        self.blocks = list(blocks)
        self._laid_for = None
        self.offset = 0

    def _layout(self) -> None:
        key = (self.rect.size, self.size, id(self.blocks), len(self.blocks))
        if self._laid_for == key:
            return
        self._laid_for = key
        s = self.size
        width = self.rect.width - int(20 * self.scale)
        hs = int(s * 1.25)
        lh = line_height(s) + max(1, int(3 * self.scale))
        gap = int(lh * 0.6)
        bullet = int(s * 1.0)
        keys = [text_size(b.key, s, True)[0] for b in self.blocks if b.kind == "k"]
        key_w = min(int(width * 0.34), max(keys, default=0) + int(22 * self.scale))
        out = []
        y = 0
        for b in self.blocks:
            if b.kind == "h":
                y += gap if y else 0
                y += gap // 2 if y else 0
                for line in wrap(b.text, hs, width, True):
                    out.append((y, line, "h", 0, True, theme.ACCENT, hs))
                    y += line_height(hs, True)
                y += gap // 2
            elif b.kind == "p":
                for line in wrap(b.text, s, width):
                    out.append((y, line, "p", 0, False, theme.INK, s))
                    y += lh
                y += gap
            elif b.kind == "b":
                first = True
                for line in wrap(b.text, s, width - bullet):
                    out.append((y, line, "b" if first else "p", bullet, False, theme.INK, s))
                    first = False
                    y += lh
                y += gap // 2
            elif b.kind == "k":
                out.append((y, b.key, "p", 0, True, theme.ACCENT, s))
                lines = wrap(b.text, s, width - key_w)
                for line in lines:
                    out.append((y, line, "p", key_w, False, theme.INK, s))
                    y += lh
                y += gap // 2
            else:
                y += gap
        self._laid = out
        self.content_h = y
        self.scroll_to(self.offset)

    def handle(self, event: pygame.event.Event) -> bool:
        self._layout()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll_to(self.offset + (-1 if event.key == pygame.K_UP else 1) * line_height(self.size) * 2)
            return True
        return self.handle_scroll(event)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        top = self.rect.y - self.offset
        for y, text, kind, x, bold, color, size in self._laid:
            if top + y + 40 < self.rect.y or top + y > self.rect.bottom:
                continue
            if kind == "b":
                r = max(2, size // 8)
                pygame.draw.circle(surface, theme.ACCENT, (self.rect.x + x // 2 - r // 2,
                                                           top + y + line_height(size) // 2 - 1), r)
            draw_text(surface, text, (self.rect.x + x, top + y), size, color, bold)
        surface.set_clip(clip)
        self.draw_bar(surface)


@dataclass
class Row:
    """One ListBox row: a title, a line under it, text on the right, and whether it can be chosen."""
    title: str
    detail: str = ""
    right: str = ""
    enabled: bool = True
    note: str = ""          # shown in place of the detail when the row is disabled (why it cannot be chosen)
    data: object = None


class ListBox(_Scrolling):
    """Selectable rows, scrolling when they do not fit. Up/Down select, Enter activates, a click selects and a
    second click (or double click) on the selected row activates it. Disabled rows can be selected to read why,
    never activated."""

    def __init__(self, rows: Sequence[Row] = (), on_activate: Callable[[Row], None] | None = None,
                 on_select: Callable[[Row], None] | None = None, rect=None, scale: float = 1.0):
        super().__init__(rect, scale)
        self.rows = list(rows)
        self.on_activate = on_activate
        self.on_select = on_select
        self.selected = 0 if self.rows else -1
        self.hovered = -1
        self.row_h = int(64 * scale)
        self.gap = int(8 * scale)

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.rows = list(rows)
        self.selected = 0 if self.rows else -1
        self.offset = 0

    @property
    def current(self) -> Row | None:
        return self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None

    def row_rect(self, i: int) -> pygame.Rect:
        bar = int(16 * self.scale) if self.content_h > self.rect.height else 0
        return pygame.Rect(self.rect.x, self.rect.y + i * (self.row_h + self.gap) - self.offset,
                           self.rect.width - bar, self.row_h)

    def _measure(self) -> None:
        self.content_h = max(0, len(self.rows) * (self.row_h + self.gap) - self.gap)

    def select(self, i: int) -> None:
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, i))
        r = self.row_rect(self.selected)
        if r.top < self.rect.top:
            self.scroll_to(self.offset - (self.rect.top - r.top))
        elif r.bottom > self.rect.bottom:
            self.scroll_to(self.offset + (r.bottom - self.rect.bottom))
        if self.on_select:
            self.on_select(self.rows[self.selected])

    def activate(self) -> None:
        row = self.current
        if row is not None and row.enabled and self.on_activate:
            self.on_activate(row)

    def _row_at(self, pos) -> int:
        if not self.rect.collidepoint(pos):
            return -1
        for i in range(len(self.rows)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return -1

    def handle(self, event: pygame.event.Event) -> bool:
        self._measure()
        if self.handle_scroll(event, keys=False):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self._row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self._row_at(event.pos)
            if i >= 0:
                again = i == self.selected
                self.select(i)
                if again:
                    self.activate()
                return True
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.select(self.selected - 1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_s):
                self.select(self.selected + 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self._measure()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        s = self.scale
        title_size, detail_size = int(25 * s), int(20 * s)
        pad = int(14 * s)
        for i, row in enumerate(self.rows):
            r = self.row_rect(i)
            if r.bottom < self.rect.top or r.top > self.rect.bottom:
                continue
            chosen = i == self.selected
            fill = HOVER if (chosen or i == self.hovered) else theme.PANEL
            if not row.enabled:
                fill = mix(fill, theme.BG, 0.45)
            edge = theme.ACCENT if chosen else theme.PANEL_EDGE
            draw_panel(surface, r, fill, edge, radius=int(8 * s), width=2 if chosen else 1)
            ink = theme.INK if row.enabled else theme.INK_FAINT
            sub = theme.INK_DIM if row.enabled else mix(theme.DANGER, theme.INK_FAINT, 0.45)
            right_w = text_size(row.right, detail_size)[0] + pad if row.right else 0
            text_w = r.width - 2 * pad - right_w
            mid = r.y + r.height // 2
            draw_text(surface, ellipsize(row.title, title_size, text_w), (r.x + pad, mid - int(2 * s)),
                      title_size, ink, anchor="bottomleft")
            detail = row.detail if row.enabled else (row.note or row.detail)
            draw_text(surface, ellipsize(detail, detail_size, text_w), (r.x + pad, mid + int(4 * s)), detail_size,
                      sub, anchor="topleft")
            if row.right:
                draw_text(surface, row.right, (r.right - pad, mid), detail_size,
                          theme.INK_DIM if row.enabled else theme.INK_FAINT, anchor="midright")
        surface.set_clip(clip)
        self.draw_bar(surface)


# --- scenes ----------------------------------------------------------------------------------------------------------

class UIScene(Scene):
    """A menu screen: owns a list of widgets, lays them out again when the window size changes, shows tooltips
    and sends Esc to `back()`. Subclasses fill `layout(w, h)` and may override `on_event` and `draw_content`."""

    background = theme.BG

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self.tips = Tooltips()
        self._size: tuple[int, int] | None = None
        self.s = 1.0

    # sizes
    def px(self, n: float) -> int:
        """n pixels at 720 px high, in this window."""
        return int(round(n * self.s))

    def ensure_layout(self, size: tuple[int, int] | None = None) -> None:
        if size is None:
            surf = pygame.display.get_surface()
            size = surf.get_size() if surf is not None else (1280, 720)
        if size != self._size:
            self._size = size
            self.s = ui_scale(*size)
            self.widgets = []
            self.layout(*size)

    def relayout(self) -> None:
        self._size = None
        self.ensure_layout()

    def layout(self, w: int, h: int) -> None:
        """Create or place the widgets for a w x h window (fill self.widgets)."""

    # the Scene protocol
    def enter(self) -> None:
        self.tips.enabled = show_tooltips(getattr(self, "app", None))
        self.relayout()
        self.tips.track(self.widgets, pygame.mouse.get_pos())

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.VIDEORESIZE:
            self.ensure_layout((event.w, event.h))
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.tips.track(self.widgets, event.pos)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.tips.timer = min(self.tips.timer, 0.0)
        for w in list(reversed(self.widgets)):
            if w.visible and w.handle(event):
                return
            if getattr(self, "app", None) is not None and self.app.stack and self.app.scene is not self:
                return      # a widget opened another screen
        self.on_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        self.tips.update(dt)
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout(surface.get_size())
        surface.fill(self.background)
        self.draw_content(surface)
        for w in self.widgets:
            w.draw(surface)
        self.draw_over(surface)
        self.tips.draw(surface, self.s)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Drawn before the widgets (backgrounds, panels, text that is not a widget)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Drawn after the widgets, before the tooltip."""

    # common pieces
    def draw_header(self, surface: pygame.Surface, title: str, subtitle: str = "") -> int:
        """A screen title at the top left; returns the y below it."""
        w = surface.get_width()
        margin = self.px(40)
        y = self.px(28)
        r = draw_text(surface, title, (margin, y), self.px(46), theme.INK, True)
        if subtitle:
            draw_text(surface, subtitle, (margin, r.bottom + self.px(6)), self.px(22), theme.INK_DIM)
            y = r.bottom + self.px(6) + line_height(self.px(22))
        else:
            y = r.bottom
        draw_text(surface, "F1  Rules help", (w - margin, self.px(38)), self.px(19), theme.INK_FAINT,
                  anchor="topright")
        y += self.px(14)
        pygame.draw.line(surface, theme.PANEL_EDGE, (margin, y), (w - margin, y), 1)
        return y + self.px(18)


def show_tooltips(app) -> bool:
    settings = getattr(app, "settings", None)
    return bool(getattr(settings, "tooltips", True))


_shades: dict[tuple[int, int], pygame.Surface] = {}


class Overlay(Scene):
    """A modal: a scene drawn over the one below it (dimmed unless DIM is False). Every modal of the game is one,
    dialogs and the help screen as much as the board's pickers: they share the App's one stack, so input reaches
    the top one only; app.push opens one, close() puts it away, and Escape closes the top one.

    Subclasses lay themselves out in `_layout(size)` and keep their buttons in `buttons`; the default `handle` lays
    out for the current window and offers the event to each button, then closes on Escape."""
    buttons: Sequence[Button] = ()
    DIM = True

    def _layout(self, size: tuple[int, int]) -> None:
        pass

    def layout_for_display(self) -> None:
        surf = pygame.display.get_surface()
        self._layout(surf.get_size() if surf else (1280, 720))

    def handle(self, event: pygame.event.Event) -> None:
        self.layout_for_display()
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def close(self) -> None:
        """Leave the screen, if it is still the one on top."""
        if self.app.stack and self.app.scene is self:
            self.app.pop()

    def below(self) -> Scene | None:
        stack = self.app.stack
        if self in stack:
            i = stack.index(self)
            return stack[i - 1] if i > 0 else None
        return None

    def draw_below(self, surface: pygame.Surface) -> None:
        under = self.below()
        if under is not None:
            under.draw(surface)
        else:
            surface.fill(theme.BG)
        if not self.DIM:
            return
        shade = _shades.get(surface.get_size())
        if shade is None:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill(DIM_OVERLAY)
            _shades.clear()
            _shades[surface.get_size()] = shade
        surface.blit(shade, (0, 0))


class BoardModal(Overlay):
    """A modal over the board, drawn at the board's scale: subclasses say whether an event leaves them open
    (`stays`) and draw themselves with `draw_modal(surface, scale)`. The board shows through, undimmed."""
    DIM = False

    def handle(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) or not self.stays(event):
            self.close()

    def stays(self, event: pygame.event.Event) -> bool:
        return True

    def update(self, dt: float) -> None:
        """The board underneath keeps animating; its game waits."""
        animate = getattr(self.below(), "animate", None)
        if animate is not None:
            animate(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_below(surface)
        self.draw_modal(surface, theme.scale(surface.get_height()))

    def draw_modal(self, surface: pygame.Surface, s: float) -> None:
        """The modal itself, over the board."""


class Dialog(Overlay):
    """A modal message with one or more buttons. The first button is the default (Enter); Esc presses the last.

    buttons: (label, callback or None[, hotkey]). The dialog closes itself before calling the callback. `default`: the
    button Enter presses (the first unless said), so that a dialog asking to confirm something that cannot be taken
    back can make Enter the safe answer.
    """

    def __init__(self, title: str, message: str, buttons: Sequence[tuple] = (("OK", None),), tone: str = "normal",
                 default: int = 0):
        self.default = default
        self.title = title
        self.message = message
        self.tone = tone            # normal | danger
        self.specs = list(buttons) or [("OK", None)]
        self.buttons: list[Button] = []
        self._size: tuple[int, int] | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.closed_with: str | None = None

    def _choose(self, label: str, callback) -> None:
        self.closed_with = label
        self.close()
        if callback:
            callback()

    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size and self.buttons:
            return
        self._size = size
        w, h = size
        s = ui_scale(w, h)
        width = min(w - int(40 * s), int(560 * s))
        pad = int(28 * s)
        body_h = wrapped_height(self.message, int(23 * s), width - 2 * pad)
        btn_h = int(44 * s)
        height = pad + line_height(int(32 * s), True) + int(14 * s) + body_h + int(26 * s) + btn_h + pad
        self.panel = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        n = len(self.specs)
        bw = min(int(200 * s), (width - 2 * pad - (n - 1) * int(12 * s)) // n)
        x = self.panel.right - pad - n * bw - (n - 1) * int(12 * s)
        self.buttons = []
        for i, (label, cb, *extra) in enumerate(self.specs):
            keys: list[int] = list(extra[:1])
            default = i == min(self.default, n - 1)
            if default:
                keys += [pygame.K_RETURN, pygame.K_KP_ENTER]
            if i == n - 1:
                keys.append(pygame.K_ESCAPE)
            hint = "Enter" if default else ("Esc" if i == n - 1 else "")
            if default and i == n - 1:
                hint = "Enter / Esc"
            if extra:
                hint = pygame.key.name(extra[0]).upper()
            style = ("danger" if self.tone == "danger" else "primary") if default else "normal"
            b = Button(label, lambda label=label, cb=cb: self._choose(label, cb), hotkey=keys or None, hint=hint,
                       style=style, size=int(23 * s))
            b.rect = pygame.Rect(x + i * (bw + int(12 * s)), self.panel.bottom - pad - btn_h, bw, btn_h)
            self.buttons.append(b)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        self.draw_below(surface)
        s = ui_scale(*surface.get_size())
        draw_panel(surface, self.panel, theme.PANEL, theme.DANGER if self.tone == "danger" else theme.PANEL_EDGE,
                   radius=int(12 * s), width=2, shadow=True)
        pad = int(28 * s)
        r = draw_text(surface, self.title, (self.panel.x + pad, self.panel.y + pad), int(32 * s),
                      theme.DANGER if self.tone == "danger" else theme.INK, True)
        body = pygame.Rect(self.panel.x + pad, r.bottom + int(14 * s), self.panel.width - 2 * pad, 10)
        draw_wrapped(surface, self.message, body, int(23 * s), theme.INK_DIM)
        for b in self.buttons:
            b.draw(surface)


def confirm(app, title: str, message: str, yes: str, on_yes: Callable[[], None], no: str = "Cancel",
            tone: str = "normal") -> Dialog:
    dialog = Dialog(title, message, [(yes, on_yes), (no, None)], tone)
    app.push(dialog)
    return dialog


def message(app, title: str, text: str, tone: str = "normal") -> Dialog:
    dialog = Dialog(title, text, [("OK", None)], tone)
    app.push(dialog)
    return dialog
