"""Small inputs and result pieces the five tool screens share, and ToolScene, their common base.

Inputs (each a widgets.Widget; state lives in the screen, the widget calls `on_change(value)`):
    Stepper     [-] 3 [+]: clicks, mouse wheel, Left/Right or -/+ when focused, digits typed when focused
    Cycle       [<] Firefighter [>]: a picker over ids; click the name for the next one, right-click for the last
    Toggle      a check box with a label; Space/Enter when focused
    DiceRow     real dice entered by hand: click a die to turn it up, right-click down, or type faces 1-6
    TextField   a short name; click and type
    Chip        a removable member of a list (a zombie in a swarm): click to remove it
Results:
    BarChart    a bar per value of an exact distribution; hover a bar for its exact chance and "at least" chance
    draw_split_bar, draw_figure, draw_die: a win/tie/loss bar, a big number with its label, a die with pips

ToolScene lays a screen out as a header, an input panel on the left (filled through a Form), a result panel on the
right and a button bar at the bottom. Tab / Shift+Tab (or Up/Down) move the keyboard focus over the inputs; the
focused input takes Left/Right, digits and Space. Esc goes back (or ends typing in a text field first).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

import pygame

from game.ui.widgets import theme
from game.ui.widgets.controls import (
    HOVER,
    Button,
    Choice,
    Label,
    UIScene,
    Widget,
    draw_panel,
    draw_text,
    draw_wrapped,
    ellipsize,
    line_height,
    mix,
    text_size,
)

FIELD = mix(theme.PANEL, theme.BG, 0.55)        # the inside of an input box
FIELD_EDGE = mix(theme.PANEL_EDGE, theme.BG, 0.2)
DIGITS = {**{getattr(pygame, f"K_{i}"): i for i in range(10)}, **{getattr(pygame, f"K_KP{i}"): i for i in range(10)}}


def short_pct(p: Fraction | float) -> str:
    """A chance for a chart label: '37%', '4.2%', '<0.1%', never a misleading 0% or 100%."""
    v = float(p) * 100
    if v <= 0:
        return "0%"
    if v >= 100:
        return "100%"
    if v < 0.1:
        return "<0.1%"
    if v > 99.9:
        return ">99.9%"
    if v < 9.95 or v > 99:
        return f"{v:.1f}%"
    return f"{v:.0f}%"


def exact_pct(p: Fraction | float) -> str:
    v = float(p) * 100
    if 0 < v < 0.005:
        return "<0.01%"
    return f"{v:.2f}%"


# --- inputs ----------------------------------------------------------------------------------------------------------

class _Small(Button):
    """The -/+ and </> buttons inside a stepper or a picker: no hint, never focused on their own."""

    def __init__(self, text: str, on_click: Callable[[], None], size: int, tooltip: str = ""):
        super().__init__(text, on_click, size=size, hint="", tooltip=tooltip)


class Stepper(Widget):
    """A whole number between `lo` and `hi`: [-] value [+]."""

    focusable = True

    def __init__(self, value: int, lo: int, hi: int, on_change: Callable[[int], None] | None = None, *,
                 step: int = 1, unit: str = "", size: int = 22, tooltip: str = "", enabled: bool = True,
                 fmt: Callable[[int], str] | None = None, rect=None):
        super().__init__(rect, tooltip)
        self.value, self.lo, self.hi, self.step = value, lo, hi, step
        self.on_change = on_change
        self.unit, self.size, self.fmt = unit, size, fmt
        self.enabled = enabled
        self.focused = False
        self._hover = False
        self._typed = ""
        self.minus = _Small("-", lambda: self.add(-self.step), size)
        self.plus = _Small("+", lambda: self.add(self.step), size)
        self._sync()
        if rect is not None:
            self.place(pygame.Rect(rect))

    def place(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        side = min(rect.height, max(12, int(rect.width * 0.27)))      # narrow steppers keep room for the value
        self.minus.rect = pygame.Rect(rect.x, rect.y, side, side)
        self.plus.rect = pygame.Rect(rect.right - side, rect.y, side, side)

    def children(self) -> list[Widget]:
        return [self.minus, self.plus]

    def _sync(self) -> None:
        self.minus.enabled = self.enabled and self.value > self.lo
        self.plus.enabled = self.enabled and self.value < self.hi

    def set(self, value: int) -> None:
        value = max(self.lo, min(self.hi, int(value)))
        if value == self.value or not self.enabled:
            return
        self.value = value
        self._sync()
        if self.on_change:
            self.on_change(value)

    def add(self, delta: int) -> None:
        self._typed = ""
        self.set(self.value + delta)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self._hover and self.enabled:
            self.add(self.step if event.y > 0 else -self.step)
            return True
        if self.minus.handle(event) or self.plus.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.rect.collidepoint(event.pos):
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused: Left/Right and -/+ step, digits type a number, Backspace rubs one out."""
        k = event.key
        if k in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.add(-self.step)
            return True
        if k in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.add(self.step)
            return True
        if k in DIGITS:
            typed = self._typed + str(DIGITS[k])
            if int(typed) > self.hi:
                typed = str(DIGITS[k])
            self._typed = typed
            self.set(int(typed))
            return True
        if k == pygame.K_BACKSPACE:
            self._typed = self._typed[:-1]
            self.set(int(self._typed) if self._typed else self.lo)
            return True
        return False

    def blur(self) -> None:
        self.focused = False
        self._typed = ""

    def text(self) -> str:
        if self.fmt:
            return self.fmt(self.value)
        return f"{self.value}{self.unit}"

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        mid = pygame.Rect(self.minus.rect.right - 2, self.rect.y, self.plus.rect.x - self.minus.rect.right + 4,
                          self.rect.height)
        edge = theme.ACCENT if self.focused else (mix(FIELD_EDGE, theme.INK, 0.2) if self._hover else FIELD_EDGE)
        pygame.draw.rect(surface, FIELD, mid)
        pygame.draw.line(surface, edge, mid.topleft, mid.topright)
        pygame.draw.line(surface, edge, mid.bottomleft, mid.bottomright)
        self.minus.draw(surface)
        self.plus.draw(surface)
        ink = theme.INK if self.enabled else theme.INK_FAINT
        draw_text(surface, ellipsize(self.text(), self.size, mid.width - 4, True), mid.center, self.size, ink, True,
                  anchor="center")


class InchStepper(Stepper):
    """A distance in half-inch steps, kept as measured (2.5" stays 2.5"): [-] 2.5" [+]. Typed digits are whole
    inches and '.' adds the half; `on_change` gets inches."""

    def __init__(self, inches: float, lo: float, hi: float, on_change: Callable[[float], None] | None = None,
                 **kwargs):
        self.on_inches = on_change
        super().__init__(round(inches * 2), round(lo * 2), round(hi * 2), self._halves,
                         fmt=lambda halves: f"{halves / 2:g}\"", **kwargs)

    @property
    def inches(self) -> float:
        return self.value / 2

    def _halves(self, halves: int) -> None:
        if self.on_inches:
            self.on_inches(halves / 2)

    def key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k in DIGITS:
            typed = self._typed + str(DIGITS[k])
            if int(typed) * 2 > self.hi:
                typed = str(DIGITS[k])
            self._typed = typed
            self.set(int(typed) * 2)
            return True
        if k in (pygame.K_PERIOD, pygame.K_KP_PERIOD):
            self.set(self.value // 2 * 2 + 1)
            return True
        if k == pygame.K_BACKSPACE:
            self._typed = self._typed[:-1]
            self.set(int(self._typed) * 2 if self._typed else self.lo)
            return True
        return super().key(event)


class Cycle(Widget):
    """One of a list of options: [<] name [>]. Click the name for the next, right-click it for the one before."""

    focusable = True

    def __init__(self, options: Sequence[tuple[str, object]], value: object,
                 on_change: Callable[[object], None] | None = None, *, size: int = 22, tooltip: str = "", rect=None):
        super().__init__(rect, tooltip)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.size = size
        self.focused = False
        self._hover = False
        self._pressed = False
        self.prev = _Small("<", lambda: self.step(-1), size)
        self.next = _Small(">", lambda: self.step(1), size)
        if rect is not None:
            self.place(pygame.Rect(rect))

    def place(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        side = rect.height
        self.prev.rect = pygame.Rect(rect.x, rect.y, side, side)
        self.next.rect = pygame.Rect(rect.right - side, rect.y, side, side)

    def children(self) -> list[Widget]:
        return [self.prev, self.next]

    @property
    def index(self) -> int:
        values = [v for _, v in self.options]
        return values.index(self.value) if self.value in values else 0

    @property
    def label(self) -> str:
        return self.options[self.index][0] if self.options else ""

    def set(self, value: object) -> None:
        if value == self.value:
            return
        self.value = value
        if self.on_change:
            self.on_change(value)

    def step(self, delta: int) -> None:
        if self.options:
            self.set(self.options[(self.index + delta) % len(self.options)][1])

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self._hover:
            self.step(-1 if event.y > 0 else 1)
            return True
        if self.prev.handle(event) or self.next.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3) and self._pressed:
            self._pressed = False
            if self.rect.collidepoint(event.pos):
                self.step(1 if event.button == 1 else -1)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        if event.key == pygame.K_SPACE:
            self.step(1)
            return True
        return False

    def blur(self) -> None:
        self.focused = False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        mid = pygame.Rect(self.prev.rect.right - 2, self.rect.y, self.next.rect.x - self.prev.rect.right + 4,
                          self.rect.height)
        fill = HOVER if self._hover else FIELD
        edge = theme.ACCENT if self.focused else FIELD_EDGE
        pygame.draw.rect(surface, fill, mid)
        pygame.draw.line(surface, edge, mid.topleft, mid.topright)
        pygame.draw.line(surface, edge, mid.bottomleft, mid.bottomright)
        self.prev.draw(surface)
        self.next.draw(surface)
        draw_text(surface, ellipsize(self.label, self.size, mid.width - 8), mid.center, self.size, theme.INK,
                  anchor="center")


class Toggle(Button):
    """A check box and its label: on or off."""

    focusable = True

    def __init__(self, text: str, value: bool, on_change: Callable[[bool], None] | None = None, *, size: int = 22,
                 tooltip: str = ""):
        super().__init__(text, self.flip, size=size, hint="", tooltip=tooltip, style="segment", align="left")
        self.value = value
        self.selected = value
        self.on_change = on_change

    def flip(self) -> None:
        self.value = not self.value
        self.selected = self.value
        if self.on_change:
            self.on_change(self.value)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_SPACE:
            self.click()
            return True
        return False

    def blur(self) -> None:
        self.focused = False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        hot = self.hovered or self.focused
        if hot:
            pygame.draw.rect(surface, HOVER, r, border_radius=max(3, r.height // 5))
        box = min(r.height - 8, int(self.size * 0.9))
        b = pygame.Rect(r.x + 6, r.centery - box // 2, box, box)
        if not self.text:
            b.centerx = r.centerx               # a bare check box sits in the middle of its cell
        on = self.value
        pygame.draw.rect(surface, theme.ACCENT if on else FIELD, b, border_radius=max(2, box // 5))
        pygame.draw.rect(surface, theme.ACCENT if (on or self.focused) else mix(FIELD_EDGE, theme.INK, 0.25), b, 1,
                         border_radius=max(2, box // 5))
        if on:
            w = max(2, box // 7)
            pts = [(b.x + box * 0.22, b.y + box * 0.52), (b.x + box * 0.42, b.y + box * 0.72),
                   (b.x + box * 0.78, b.y + box * 0.28)]
            pygame.draw.lines(surface, (30, 24, 16), False, pts, w)
        ink = theme.INK if (on or hot) else theme.INK_DIM
        if not self.enabled:
            ink = theme.INK_FAINT
        room = r.right - b.right - 10
        if self.text and room > 0:
            draw_text(surface, ellipsize(self.text, self.size, room), (b.right + 8, r.centery + 1), self.size, ink,
                      anchor="midleft")


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int, fill=theme.INK, pip=(30, 30, 34),
             edge=None) -> None:
    """A die showing `face` with pips (a blank die for 0)."""
    radius = max(3, rect.width // 6)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, max(2, rect.width // 14), border_radius=radius)
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
             5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    inner = rect.inflate(-rect.width * 0.44, -rect.height * 0.44)
    r = max(2, rect.width // 10)
    for cx, cy in spots.get(face, []):
        pygame.draw.circle(surface, pip, (inner.x + inner.width * cx // 2, inner.y + inner.height * cy // 2), r)


class DiceRow(Widget):
    """Real dice entered by hand, in order. Click a die for the next face, right-click for the one before, the wheel
    turns it; with the row focused, type faces 1-6 (the cursor moves on) and Left/Right move the cursor."""

    focusable = True

    def __init__(self, faces: list[int], on_change: Callable[[list[int]], None] | None = None, *,
                 labels: Sequence[str] = (), size: int = 20, tooltip: str = "", max_side: int = 44):
        super().__init__(None, tooltip)
        self.faces = faces
        self.on_change = on_change
        self.labels = list(labels)
        self.size = size
        self.max_side = max_side
        self.focused = False
        self.cursor = 0
        self._hover = -1

    def place(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def die_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.faces))
        label_h = line_height(self.size) if self.labels else 0
        gap = max(4, self.rect.height // 6)
        side = min(self.rect.height - label_h, (self.rect.width - gap * (n - 1)) // n, self.max_side)
        side = max(8, side)
        return [pygame.Rect(self.rect.x + i * (side + gap), self.rect.y, side, side) for i in range(len(self.faces))]

    def _at(self, pos) -> int:
        for i, r in enumerate(self.die_rects()):
            if r.collidepoint(pos):
                return i
        return -1

    def turn(self, i: int, delta: int) -> None:
        if 0 <= i < len(self.faces):
            self.faces[i] = (self.faces[i] - 1 + delta) % 6 + 1
            self.cursor = i
            if self.on_change:
                self.on_change(self.faces)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover = self._at(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self._hover >= 0:
            self.turn(self._hover, 1 if event.y > 0 else -1)
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            i = self._at(event.pos)
            if i >= 0:
                self.turn(i, 1 if event.button == 1 else -1)
                return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k in DIGITS and 1 <= DIGITS[k] <= 6 and self.faces:
            i = min(self.cursor, len(self.faces) - 1)
            self.faces[i] = DIGITS[k]
            self.cursor = (i + 1) % len(self.faces)
            if self.on_change:
                self.on_change(self.faces)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.faces:
            self.cursor = (self.cursor + (1 if k == pygame.K_RIGHT else -1)) % len(self.faces)
            return True
        return False

    def blur(self) -> None:
        self.focused = False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        for i, (r, face) in enumerate(zip(self.die_rects(), self.faces, strict=False)):
            cur = self.focused and i == self.cursor
            fill = theme.INK if i != self._hover else mix(theme.INK, theme.ACCENT, 0.3)
            draw_die(surface, r, face, fill, edge=theme.ACCENT if cur else None)
            if i < len(self.labels):
                draw_text(surface, self.labels[i], (r.centerx, r.bottom + 2), self.size, theme.INK_FAINT,
                          anchor="midtop")


class TextField(Widget):
    """A short line of text (a survivor's name). Click it and type; Enter, Esc or Tab end the typing."""

    focusable = True

    def __init__(self, text: str, on_change: Callable[[str], None] | None = None, *, size: int = 22,
                 max_len: int = 18, placeholder: str = "", tooltip: str = ""):
        super().__init__(None, tooltip)
        self.text = text
        self.on_change = on_change
        self.size, self.max_len, self.placeholder = size, max_len, placeholder
        self.focused = False
        self._hover = False
        self._blink = 0.0

    def place(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def _set(self, text: str) -> None:
        if text != self.text:
            self.text = text
            if self.on_change:
                self.on_change(text)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self._set(self.text[:-1])
            return True
        if event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_ESCAPE, pygame.K_RETURN,
                         pygame.K_KP_ENTER):
            return False            # the scene ends the typing / moves the focus
        return True                 # letters arrive as TEXTINPUT; no hotkey fires while typing

    def text_input(self, event: pygame.event.Event) -> bool:
        text = "".join(ch for ch in event.text if ch.isprintable())
        if text:
            self._set((self.text + text)[:self.max_len])
        return True

    def blur(self) -> None:
        self.focused = False

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        pygame.draw.rect(surface, FIELD if not self._hover or self.focused else HOVER, r, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT if self.focused else FIELD_EDGE, r, 1, border_radius=4)
        pad = max(6, r.height // 5)
        shown = self.text or ("" if self.focused else self.placeholder)
        color = theme.INK if self.text else theme.INK_FAINT
        label = ellipsize(shown, self.size, r.width - 2 * pad - 4)
        tr = draw_text(surface, label, (r.x + pad, r.centery + 1), self.size, color, anchor="midleft")
        if self.focused and self._blink < 0.6:
            x = (tr.right if self.text else r.x + pad) + 2
            pygame.draw.line(surface, theme.ACCENT, (x, r.y + pad - 2), (x, r.bottom - pad + 2), 2)


class Chip(Button):
    """A member of a small list (a zombie in a swarm) as a pill; clicking it removes it."""

    def __init__(self, text: str, on_remove: Callable[[], None], *, size: int = 20, tooltip: str = "",
                 color=theme.ZOMBIE):
        super().__init__(text, on_remove, size=size, hint="", tooltip=tooltip or f"Remove the {text}")
        self.color = color

    def width_for(self) -> int:
        h = int(self.size * 1.5)
        return text_size(self.text, self.size)[0] + text_size("x", self.size, True)[0] + h + int(self.size * 0.6)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        fill = mix(theme.PANEL, self.color, 0.45 if self.hovered else 0.28)
        pygame.draw.rect(surface, fill, r, border_radius=r.height // 2)
        pygame.draw.rect(surface, self.color, r, 1, border_radius=r.height // 2)
        pad = r.height // 2
        draw_text(surface, self.text, (r.x + pad, r.centery + 1), self.size, theme.INK, anchor="midleft")
        draw_text(surface, "x", (r.right - pad, r.centery), self.size, theme.DANGER if self.hovered else
                  theme.INK_DIM, True, anchor="midright")


# --- result pieces -------------------------------------------------------------------------------------------------

class BarChart(Widget):
    """An exact distribution as bars: one per value from the lowest to the highest, the chance over each bar and
    the value under it. `color_of(value)` colours a bar; hovering one shows its exact chance and the chance of at
    least that much (as a tooltip)."""

    def __init__(self, title: str = "", color=theme.ACCENT, *, s: float = 1.0, unit: str = "",
                 color_of: Callable[[int], tuple] | None = None, note: str = ""):
        super().__init__(None)
        self.title, self.color, self.s, self.unit = title, color, s, unit
        self.color_of = color_of
        self.note = note
        self.dist: Mapping[int, Fraction] | None = None
        self.hover = -10 ** 9

    def place(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def values(self) -> list[int]:
        if not self.dist:
            return []
        keys = list(self.dist)
        return list(range(min(keys), max(keys) + 1))

    def least_height(self) -> int:
        """The height below which the bars have no room to be read (title, chances and values take the rest)."""
        s = self.s
        return (line_height(int(18 * s), True) + int(6 * s) + line_height(int(16 * s)) + line_height(int(18 * s))
                + int(4 * s) + max(16, int(40 * s)))

    def _plot(self) -> pygame.Rect:
        s = self.s
        top = line_height(int(18 * s), True) + int(6 * s)
        pct_h = line_height(int(16 * s))
        val_h = line_height(int(18 * s)) + int(4 * s)
        return pygame.Rect(self.rect.x, self.rect.y + top + pct_h, self.rect.width, self.rect.height - top - pct_h -
                           val_h)

    def bar_rects(self) -> list[tuple[int, pygame.Rect]]:
        values = self.values()
        if not values:
            return []
        plot = self._plot()
        n = len(values)
        slot = plot.width / n
        bw = max(3, min(int(slot * 0.72), int(64 * self.s)))
        peak = max(float(self.dist.get(v, 0)) for v in values) or 1.0
        out = []
        for i, v in enumerate(values):
            p = float(self.dist.get(v, 0))
            h = max(1 if p else 0, round(plot.height * p / peak))
            x = plot.x + int(slot * i + (slot - bw) / 2)
            out.append((v, pygame.Rect(x, plot.bottom - h, bw, h)))
        return out

    def hit(self, pos) -> bool:
        if not (self.visible and self.rect.collidepoint(pos) and self.dist):
            self.tooltip = ""
            return False
        plot = self._plot()
        values = self.values()
        slot = plot.width / max(1, len(values))
        i = int((pos[0] - plot.x) // slot) if slot else -1
        if 0 <= i < len(values):
            v = values[i]
            self.hover = v
            p = self.dist.get(v, Fraction(0))
            at_least = sum((q for k, q in self.dist.items() if k >= v), Fraction(0))
            unit = f" {self.unit}" if self.unit else ""
            self.tooltip = f"{self.title}: exactly {v}{unit}: {exact_pct(p)}"
            if v > min(values):
                self.tooltip += f";  {v} or more: {exact_pct(at_least)}"
            self.tooltip += f".  Average {self.mean():.2f}."
        else:
            self.tooltip = ""
        return bool(self.tooltip)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION and not self.rect.collidepoint(event.pos):
            self.hover = -10 ** 9
        return False

    def mean(self) -> float:
        return float(sum((v * p for v, p in self.dist.items()), Fraction(0))) if self.dist else 0.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        s = self.s
        ts = int(18 * s)
        title = self.title.upper()
        avg = f"avg {self.mean():.2f}" if self.dist else ""
        room = self.rect.width - text_size(title, ts, True)[0] - int(16 * s)
        if avg and text_size(avg, int(17 * s))[0] <= room:
            draw_text(surface, avg, (self.rect.right, self.rect.y + 1), int(17 * s), theme.INK_FAINT,
                      anchor="topright")
        draw_text(surface, ellipsize(title, ts, self.rect.width, True), (self.rect.x, self.rect.y), ts,
                  theme.INK_DIM, True)
        if not self.dist:
            return
        plot = self._plot()
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, plot.bottom), (plot.right, plot.bottom), 1)
        bars = self.bar_rects()
        taken: list[pygame.Rect] = []
        ps, vs = int(16 * s), int(18 * s)
        for v, r in bars:
            color = self.color_of(v) if self.color_of else self.color
            if v == self.hover:
                color = mix(color, theme.INK, 0.3)
            if r.height:
                pygame.draw.rect(surface, color, r, border_top_left_radius=max(2, r.width // 8),
                                 border_top_right_radius=max(2, r.width // 8))
        # chances over the bars, the likeliest first, each only where it does not run into another
        for v, r in sorted(bars, key=lambda b: (-(b[0] == self.hover), -float(self.dist.get(b[0], 0)), b[0])):
            p = self.dist.get(v, 0)
            if not p:
                continue
            text = short_pct(p)
            tw, th = text_size(text, ps)
            box = pygame.Rect(0, 0, tw + int(4 * s), th)
            box.midbottom = (r.centerx, r.top - int(2 * s))
            if box.collidelist(taken) == -1:
                taken.append(box)
                draw_text(surface, text, box.midbottom, ps, theme.INK, anchor="midbottom")
        # values under the axis, left to right, skipping any that would touch the one before
        last = -10 ** 9
        for v, r in bars:
            tw = text_size(str(v), vs)[0]
            if r.centerx - tw // 2 >= last + int(6 * s) or v == self.hover:
                draw_text(surface, str(v), (r.centerx, plot.bottom + int(4 * s)), vs, theme.INK_DIM,
                          anchor="midtop")
                last = r.centerx + tw // 2


def draw_split_bar(surface: pygame.Surface, rect: pygame.Rect, parts: Sequence[tuple[str, Fraction, tuple]],
                   s: float) -> None:
    """One horizontal bar split into parts (win / tie / loss), with each part's label and chance under it."""
    total = sum(float(p) for _, p, _ in parts) or 1.0
    bar = pygame.Rect(rect.x, rect.y, rect.width, max(8, int(14 * s)))
    pygame.draw.rect(surface, FIELD, bar, border_radius=bar.height // 2)
    x = bar.x
    spans = []
    for i, (_, p, color) in enumerate(parts):
        w = round(bar.width * float(p) / total) if i < len(parts) - 1 else bar.right - x
        if w > 0:
            pygame.draw.rect(surface, color, (x, bar.y, w, bar.height))
        spans.append((x, w))
        x += w
    # the labels: the first at the left end, the last at the right end, the middle ones centred on their part
    # but pushed clear of their neighbours (down to the bare chance when there is no room for the word)
    y = bar.bottom + int(6 * s)
    size = int(20 * s)
    gap = int(12 * s)
    n = len(parts)
    texts = [f"{label} {short_pct(p)}" for label, p, _ in parts]
    widths = [text_size(t, size, True)[0] for t in texts]
    left_edge = bar.x + widths[0] + gap
    right_edge = bar.right - widths[-1] - gap
    for i, ((_, p, color), (px_, w)) in enumerate(zip(parts, spans, strict=True)):
        ink = mix(color, theme.INK, 0.35)
        if i == 0:
            draw_text(surface, texts[i], (bar.x, y), size, ink, True)
        elif i == n - 1:
            draw_text(surface, texts[i], (bar.right, y), size, ink, True, anchor="topright")
        else:
            text = texts[i]
            tw = widths[i]
            if tw > right_edge - left_edge:
                text = short_pct(p)
                tw = text_size(text, size, True)[0]
            if tw > right_edge - left_edge:
                continue
            x = min(max(px_ + w // 2 - tw // 2, left_edge), right_edge - tw)
            draw_text(surface, text, (x, y), size, ink, True)


def draw_figure(surface: pygame.Surface, rect: pygame.Rect, label: str, value: str, color, s: float,
                sub: str = "") -> None:
    """A key number: a small caps label over it, the number big, an optional line under it."""
    draw_panel(surface, rect, mix(theme.PANEL, theme.BG, 0.35), mix(theme.PANEL_EDGE, color, 0.35),
               radius=int(8 * s))
    pad = int(10 * s)
    ls = int(16 * s)
    while ls > int(12 * s) and text_size(label.upper(), ls, True)[0] > rect.width - 2 * pad:
        ls -= 1
    draw_text(surface, ellipsize(label.upper(), ls, rect.width - 2 * pad, True), (rect.x + pad, rect.y + pad), ls,
              theme.INK_DIM, True)
    ls = int(16 * s)
    vs = int(40 * s)
    vy = rect.y + pad + line_height(ls, True)
    draw_text(surface, value, (rect.x + pad, vy), vs, color, True)
    if sub:
        draw_text(surface, ellipsize(sub, int(16 * s), rect.width - 2 * pad), (rect.x + pad, rect.bottom - pad),
                  int(16 * s), theme.INK_FAINT, anchor="bottomleft")


def draw_caps(surface: pygame.Surface, text: str, pos: tuple[int, int], s: float, color=theme.INK_FAINT,
              anchor: str = "topleft") -> pygame.Rect:
    """A small-caps section label."""
    return draw_text(surface, text.upper(), pos, int(16 * s), color, True, anchor=anchor)


# --- the form on the left ------------------------------------------------------------------------------------------

class Form:
    """Places labelled inputs one row under another in the input panel and registers them with the scene."""

    def __init__(self, scene: ToolScene, rect: pygame.Rect, squeeze: float = 1.0):
        self.scene = scene
        self.rect = pygame.Rect(rect)
        self.squeeze = squeeze
        s = scene.s
        self.y = rect.y
        # `squeeze` < 1: a small window whose inputs would not fit otherwise (ToolScene.layout tries smaller rows)
        self.row_h = int(max(26, 34 * s) * squeeze)
        self.gap = max(2, int(max(4, 7 * s) * squeeze))
        self.label_w = int(rect.width * 0.40)
        self.size = int(20 * s)

    @property
    def room(self) -> int:
        return self.rect.bottom - self.y

    def add(self, widget: Widget, rect: pygame.Rect) -> Widget:
        if hasattr(widget, "place"):
            widget.place(rect)
        else:
            widget.rect = pygame.Rect(rect)
        self.scene.add_input(widget)
        return widget

    def heading(self, text: str, right: Widget | None = None, right_w: int | None = None) -> None:
        """A small-caps heading across the panel, with an optional widget (a mode switch) at its right end."""
        s = self.scene.s
        if self.y > self.rect.y:
            self.y += int(6 * s)
        h = self.row_h if right is not None else line_height(int(16 * s), True) + int(4 * s)
        label = Label(text.upper(), int(16 * s), theme.INK_FAINT, True,
                      rect=(self.rect.x, self.y, self.rect.width // 2, h))
        self.scene.widgets.append(label)
        if right is not None:
            w = right_w or int(self.rect.width * 0.58)
            self.add(right, pygame.Rect(self.rect.right - w, self.y, w, self.row_h))
            self.scene.named[text] = right
        self.y += h + self.gap

    def row(self, label: str, widget: Widget, *, width: int | None = None, tooltip: str = "",
            height: int | None = None) -> Widget:
        h = height or self.row_h
        lab = Label(label, self.size, theme.INK_DIM, rect=(self.rect.x, self.y, self.label_w - 6, self.row_h),
                    tooltip=tooltip)
        self.scene.widgets.append(lab)
        x = self.rect.x + self.label_w
        w = width if width is not None else self.rect.right - x
        self.add(widget, pygame.Rect(x, self.y, w, h))
        self.scene.named.setdefault(label, widget)
        self.y += h + self.gap
        return widget

    def line(self, widgets: Sequence[tuple[Widget, float]], height: int | None = None, gap: int | None = None) -> None:
        """Several inputs side by side across the whole panel, sharing its width by weight."""
        h = height or self.row_h
        gap = self.gap if gap is None else gap
        total = sum(wt for _, wt in widgets) or 1
        room = self.rect.width - gap * (len(widgets) - 1)
        x = self.rect.x
        for i, (widget, wt) in enumerate(widgets):
            w = round(room * wt / total) if i < len(widgets) - 1 else self.rect.right - x
            if widget is not None:
                self.add(widget, pygame.Rect(x, self.y, w, h))
            x += w + gap
        self.y += h + self.gap

    def full(self, widget: Widget, height: int | None = None) -> Widget:
        self.line([(widget, 1)], height)
        return widget

    def chips(self, chips: Sequence[Chip]) -> None:
        """Chips flowing left to right, wrapping to new rows."""
        if not chips:
            return
        h = int(self.row_h * 0.9)
        x = self.rect.x
        for chip in chips:
            w = min(chip.width_for(), self.rect.width)
            if x + w > self.rect.right and x > self.rect.x:
                x = self.rect.x
                self.y += h + self.gap
            self.add(chip, pygame.Rect(x, self.y, w, h))
            x += w + self.gap
        self.y += h + self.gap

    def note(self, text: str, color=theme.INK_FAINT) -> None:
        size = int(17 * self.scene.s)
        label = Label(text, size, color, wrap_text=True, rect=(self.rect.x, self.y, self.rect.width, 0))
        label.rect.height = label.height_for(self.rect.width)
        self.scene.widgets.append(label)
        self.y += label.rect.height + self.gap

    def space(self, n: int) -> None:
        self.y += int(n * self.scene.s)


# --- the screen ----------------------------------------------------------------------------------------------------

SQUEEZES = (1.0, 0.88, 0.77, 0.68, 0.6)


class ToolScene(UIScene):
    """A tool screen: inputs on the left, results on the right, buttons along the bottom.

    Subclasses set `title`/`subtitle`, compute `self.result` (or `self.error`, a sentence) in `recompute()`, build
    their inputs in `build_inputs(form)`, their result widgets in `build_results(rect)`, their bottom buttons in
    `build_actions()` and draw the rest of their results in `draw_results(surface, rect)`. An input calls
    `self.changed()` (or `self.changed(relayout=True)` when the set of inputs itself changes)."""

    title = ""
    subtitle = ""
    keys_hint = ""              # the screen's own keys, shown top right
    left_share = 0.37

    def __init__(self, content):
        super().__init__()
        self.content = content
        self.result = None
        self.error = ""
        self.inputs: list[Widget] = []
        self.focus: Widget | None = None
        self._focus_index: int | None = None
        self.recompute()

    # --- to override --------------------------------------------------------------------------------------------
    def recompute(self) -> None:
        """Work the result out again from the inputs."""

    def build_inputs(self, form: Form) -> None:
        pass

    def build_results(self, rect: pygame.Rect) -> None:
        pass

    def build_actions(self, bar: pygame.Rect) -> list[Button]:
        """Buttons right-aligned on the bottom bar (the Back button is added on the left)."""
        return []

    def fill_results(self) -> None:
        """Hand the current result to the result widgets."""

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pass

    def copy_text(self) -> str:
        """The result as plain text for Copy (Ctrl+C): the tool result's own as_text()."""
        as_text = getattr(self.result, "as_text", None)
        return as_text() if callable(as_text) else ""

    def undo_step(self) -> str | None:
        """Take back the last search, roll or purchase (Ctrl+Z); what was undone, or None when nothing can be.
        Screens with something to undo override it."""
        return None

    # --- undo and copy ------------------------------------------------------------------------------------------
    def copy(self) -> None:
        from game.ui.widgets.clipboard import copy_text
        text = self.copy_text()
        self.say(copy_text(text) if text else "Nothing to copy yet")

    def undo(self) -> None:
        done = self.undo_step()
        self.say(f"Undone: {done}" if done else "Nothing to undo")
        if done:
            self.changed(relayout=True)

    def say(self, text: str) -> None:
        """A short message over the bottom bar (copied, undone), gone after a few seconds."""
        self.toast, self.toast_left = text, 3.0

    # --- the plumbing -------------------------------------------------------------------------------------------
    def result_shape(self) -> object:
        """Whatever about the result decides the result widgets' layout; a change lays the screen out again."""
        return None

    def changed(self, relayout: bool = False) -> None:
        shape = self.result_shape()
        self.recompute()
        if relayout or self.result_shape() != shape:
            self.relayout()
        else:
            self.fill_results()

    def relayout(self) -> None:
        keep = self._focus_index
        super().relayout()
        if keep is not None and self.inputs:
            self.set_focus(self.inputs[min(keep, len(self.inputs) - 1)])

    def add_input(self, widget: Widget) -> None:
        self.widgets.append(widget)
        if getattr(widget, "focusable", False) or isinstance(widget, Choice):
            self.inputs.append(widget)

    def header_height(self) -> int:
        px = self.px
        h = px(22) + line_height(px(38), True)
        if self.subtitle:
            h += line_height(px(20)) + px(2)
        return h + px(12) + px(14)

    def layout(self, w: int, h: int) -> None:
        px = self.px
        self.inputs = []
        self.named: dict[str, Widget] = {}      # inputs by their label (or heading), for tests and tools
        self.focus = None
        margin = px(32)
        top = self.header_height()
        bar_h = px(46)
        self.bar = pygame.Rect(margin, h - px(14) - bar_h, w - 2 * margin, bar_h)
        bottom = self.bar.y - px(14)
        left_w = int((w - 2 * margin - px(18)) * self.left_share)
        self.left = pygame.Rect(margin, top, left_w, bottom - top)
        self.right = pygame.Rect(self.left.right + px(18), top, w - margin - self.left.right - px(18), bottom - top)
        pad = px(16)
        start = len(self.widgets)
        for squeeze in SQUEEZES:        # rows as large as fit the panel
            del self.widgets[start:]
            self.inputs, self.named = [], {}
            form = Form(self, self.left.inflate(-2 * pad, -2 * pad), squeeze)
            self.build_inputs(form)
            if form.y - form.gap <= form.rect.bottom:
                break
        self.results_rect = self.right.inflate(-2 * px(18), -2 * px(16))
        self.build_results(self.results_rect)
        back = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(21))
        back.rect = pygame.Rect(self.bar.x, self.bar.y, px(150), bar_h)
        self.widgets.append(back)
        x = self.bar.right
        actions = self.build_actions(self.bar)
        extras = [Button("Copy", self.copy, size=px(19), hint="",
                         tooltip="The result as plain text, to paste into a chat (Ctrl+C).")]
        if type(self).undo_step is not ToolScene.undo_step:
            extras.insert(0, Button("Undo", self.undo, size=px(19), hint="",
                                    tooltip="Take back the last search, roll or purchase (Ctrl+Z)."))
        for b in extras:
            b.rect = pygame.Rect(0, 0, px(100), 0)
        actions = extras + actions
        widths = [b.rect.width or px(200) for b in actions]
        room = self.bar.width - back.rect.width - px(12) * len(actions)
        if sum(widths) > room:          # a narrow window: the buttons share what is left beside Back
            widths = [w * room // sum(widths) for w in widths]
        for b, width in zip(reversed(actions), reversed(widths), strict=True):
            b.rect = pygame.Rect(x - width, self.bar.y, width, bar_h)
            x -= width + px(12)
            self.widgets.append(b)
        self.fill_results()

    # focus
    def set_focus(self, widget: Widget | None) -> None:
        if self.focus is not None and self.focus is not widget:
            blur = getattr(self.focus, "blur", None)
            if blur:
                blur()
            else:
                self.focus.focused = False
        self.focus = widget
        self._focus_index = self.inputs.index(widget) if widget in self.inputs else None
        if widget is not None:
            widget.focused = True
            if isinstance(widget, TextField):
                pygame.key.start_text_input()       # on by default on desktops; make sure typing arrives

    def move_focus(self, step: int) -> None:
        items = [w for w in self.inputs if w.visible and getattr(w, "enabled", True)]
        if not items:
            return
        if self.focus in items:
            i = (items.index(self.focus) + step) % len(items)
        else:
            i = 0 if step > 0 else len(items) - 1
        self.set_focus(items[i])

    def _focused_key(self, event: pygame.event.Event) -> bool:
        w = self.focus
        if w is None or not w.visible:
            return False
        if hasattr(w, "key"):
            return w.key(event)
        if isinstance(w, Choice):
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                return w.handle(event)
            return False
        return False

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN and getattr(event, "mod", 0) & pygame.KMOD_CTRL and \
                event.key in (pygame.K_c, pygame.K_z) and not isinstance(self.focus, TextField):
            (self.copy if event.key == pygame.K_c else self.undo)()
            return
        if event.type == pygame.TEXTINPUT:
            if self.focus is not None and hasattr(self.focus, "text_input"):
                self.focus.text_input(event)
            return
        if event.type == pygame.KEYDOWN:
            if self._focused_key(event):
                return
            shift = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
            if event.key == pygame.K_TAB:
                self.move_focus(-1 if shift else 1)
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.move_focus(-1 if event.key == pygame.K_UP else 1)
                return
            if self.focus is not None and isinstance(self.focus, TextField) and event.key in (
                    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.set_focus(None)
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            target = None
            for w in self.inputs:
                if w.visible and w.rect.collidepoint(event.pos):
                    target = w
            self.set_focus(target)
        super().handle(event)

    # drawing
    def draw_tool_header(self, surface: pygame.Surface) -> None:
        px = self.px
        w = surface.get_width()
        margin = px(32)
        r = draw_text(surface, self.title, (margin, px(22)), px(38), theme.INK, True)
        y = r.bottom
        if self.subtitle:
            sr = draw_text(surface, self.subtitle, (margin, y + px(2)), px(20), theme.INK_DIM)
            y = sr.bottom
        keys = "     ".join(k for k in (self.keys_hint, "Tab  next input", "F1  rules help") if k)
        draw_text(surface, keys, (w - margin, px(30)), px(17), theme.INK_FAINT, anchor="topright")
        y += px(12)
        pygame.draw.line(surface, theme.PANEL_EDGE, (margin, y), (w - margin, y), 1)

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        self.draw_tool_header(surface)
        draw_panel(surface, self.left, radius=px(10), shadow=True)
        draw_panel(surface, self.right, mix(theme.PANEL, theme.BG, 0.25), radius=px(10), shadow=True)
        self.draw_results(surface, self.results_rect)

    def draw_error(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        box = pygame.Rect(rect.x, rect.y, rect.width, px(80))
        draw_panel(surface, box, mix(theme.PANEL, theme.DANGER, 0.12), theme.DANGER, radius=px(8))
        draw_caps(surface, "Not enough to work it out", (box.x + px(14), box.y + px(12)), self.s, theme.DANGER)
        draw_wrapped(surface, self.error, pygame.Rect(box.x + px(14), box.y + px(34), box.width - px(28), 0),
                     px(20), theme.INK, max_lines=2)

    def draw_over(self, surface: pygame.Surface) -> None:
        w = self.focus
        if w is not None and w.visible and not isinstance(w, (Stepper, Cycle, TextField, Toggle)):
            pygame.draw.rect(surface, theme.ACCENT, w.rect.inflate(6, 6), 2, border_radius=6)
        if getattr(self, "toast_left", 0) > 0:
            px = self.px
            size = px(18)
            text = ellipsize(self.toast, size, self.bar.width - px(40))
            box = pygame.Rect(0, 0, text_size(text, size)[0] + px(28), line_height(size) + px(14))
            box.midbottom = (self.bar.centerx, self.bar.y - px(8))
            draw_panel(surface, box, mix(theme.PANEL, theme.ACCENT, 0.18), theme.ACCENT, radius=px(8))
            draw_text(surface, text, box.center, size, theme.INK, anchor="center")

    def update(self, dt: float) -> None:
        super().update(dt)
        if getattr(self, "toast_left", 0) > 0:
            self.toast_left -= dt


def tool_error_text(exc: Exception) -> str:
    """A ToolError's sentence without the command-line flag it names."""
    message = getattr(exc, "message", None) or str(exc)
    return message[0].upper() + message[1:] if message else "That does not work."


def slot_block(content, group: list[str], zid: str) -> str | None:
    """Why zombie `zid` cannot join the zombies in `group` around one survivor (None: it can)."""
    zs = content.zombies
    used = sum(zs[z].slots for z in group)
    cap = content.rules.engagement_slots
    if zs[zid].slots > cap - used:
        return f"A survivor has {cap} engagement slots; {used} are filled and a {zs[zid].name} needs {zs[zid].slots}."
    return None
