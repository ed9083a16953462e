"""Everything around the board: the Heat and Doom tracks, the roster and the selected survivor's card with its
inventory, the game log, the action bar, the dice tray, toasts, the Director's banner, search cards and the small
dialogs of the board (hand-off, gear exchange, picking one of several things).

Sizes are pixels at a 720 px high window, multiplied by theme.scale(height).
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui.board.board_panels import BoardPanels
from game.ui.board.board_view import STATUS_NAMES, STATUS_TOKENS, Sprites, _letter, shade
from game.ui.board.hud_view import GameView, HudView
from game.ui.widgets import theme
from game.ui.widgets.controls import (
    Button,
    draw_panel,
    draw_text,
    draw_wrapped,
    ellipsize,
    line_height,
    mix,
    text_size,
    wrap,
)
from game.ui.widgets.layer_cache import Overdraw, Snapshot, button_look
from game.world.action_registry import BAR
from game.world.components import Health, Inventory, Status, Survivor, Turn, Zombie
from game.world.story import GROUPS, Entry, Fold, Story, folded

# --- layout ----------------------------------------------------------------------------------------------------------


@dataclass
class Layout:
    size: tuple[int, int]
    s: float
    top: pygame.Rect
    right: pygame.Rect
    bar: pygame.Rect
    board: pygame.Rect
    ticker: pygame.Rect        # the strip above the board for what is happening now: it never covers the board

    def px(self, n: float) -> int:
        return int(round(n * self.s))


def compute_layout(w: int, h: int, demo: bool = False) -> Layout:
    s = theme.scale(h)
    top_h = int(48 * s)
    right_w = min(int(316 * s), max(220, w // 3))
    bar_h = int((58 if demo else 84) * s)
    ticker_h = ticker_height(s)
    top = pygame.Rect(0, 0, w, top_h)
    right = pygame.Rect(w - right_w, top_h, right_w, h - top_h - bar_h)
    bar = pygame.Rect(0, h - bar_h, w, bar_h)
    ticker = pygame.Rect(0, top_h, w - right_w, ticker_h)
    board = pygame.Rect(0, top_h + ticker_h, w - right_w, h - top_h - bar_h - ticker_h)
    return Layout((w, h), s, top, right, bar, board, ticker)


def ticker_height(s: float) -> int:
    """Two lines of ticker text and a little air."""
    return 2 * line_height(int(round(15 * s))) + int(round(8 * s))


# --- the actions -----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ActionSpec:
    key: str
    label: str
    hotkey: int
    cost: str
    text: str


def key_code(name: str) -> int:
    """The pygame key of a registry key name ('m', 'space', 'return')."""
    return getattr(pygame, f"K_{name}" if len(name) == 1 else f"K_{name.upper()}")


# The action bar: the registry's rows (game.world.action_registry), with their keys as pygame codes.
ACTIONS: tuple[ActionSpec, ...] = tuple(ActionSpec(k.id, k.label, key_code(k.hotkey), k.cost, k.text) for k in BAR)

# Every key of the board screen, for the help and the report: (key, what it does).
BOARD_KEYS: tuple[tuple[str, str], ...] = (
    ("Left click", "a survivor: start their turn (or look at them); a shaded cell: move there; in an action's "
                   "mode: its target"),
    ("Right click / Esc", "cancel the current action"),
    ("Right or middle drag, WASD, arrows", "pan the board"),
    ("Wheel, + / -", "zoom (wheel over the log scrolls it)"),
    ("Tab", "look at the next survivor who has not acted"),
    *((pygame.key.name(a.hotkey).upper(), f"{a.label} ({a.cost})") for a in ACTIONS if a.cost),
    ("Enter", "End Turn: the Director plays"),
    ("N", "a Downed survivor's bleed-out save; while the Director plays or in a demo: one step"),
    ("Space", "end activation; while the Director plays or in a demo: pause / resume"),
    ("1 2 3 4", "speed 1x, 2x, 4x, instant"),
    ("Z", "show every zombie's next move (the one under the pointer always shows)"),
    ("J", "what the Director did in its last phase"),
    (".", "open or fold the log's gathered horde lines (a click opens one)"),
    ("Ctrl+Z", "undo the last action (not dice rolls)"),
    ("Ctrl+S", "save to a new slot"),
    ("Ctrl+M", "mute or unmute the sound (volumes: Settings, Sound)"),
    ("F1 / F12", "rules help / screenshot"),
)


def key_label(key: int) -> str:
    return {pygame.K_SPACE: "Spc", pygame.K_RETURN: "Enter"}.get(key, pygame.key.name(key).upper())


class ActionButton(Button):
    """An action bar button: a keycap with its hotkey, its name, and dimmed (but still clickable, to hear why not)
    when the action is not possible now."""

    def __init__(self, spec: ActionSpec, on_click: Callable[[], None], key: int | None = None):
        super().__init__(spec.label, on_click, hotkey=None, tooltip=spec.text, size=16)
        self.spec = spec
        self.key = spec.hotkey if key is None else key
        self.available = True
        self.reason = ""
        self.active_mode = False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect.move(0, 1) if self.pressed else self.rect
        end = self.spec.key == "end_turn"
        if end and self.available:
            fill = mix(theme.ACCENT, theme.INK, 0.15) if self.hovered else theme.ACCENT
            ink = (30, 24, 16)
        elif self.available:
            fill = (54, 58, 66) if self.hovered else theme.PANEL
            ink = theme.INK
        else:
            fill = mix(theme.PANEL, theme.BG, 0.5)
            ink = theme.INK_FAINT
        radius = max(4, r.height // 6)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        edge = theme.ACCENT if self.active_mode else (theme.PANEL_EDGE if self.available else
                                                      mix(theme.PANEL_EDGE, theme.BG, 0.5))
        pygame.draw.rect(surface, edge, r, 2 if self.active_mode else 1, border_radius=radius)
        key = key_label(self.key)
        ks = max(11, int(self.size * 0.78))
        kw, kh = text_size(key, ks, True)
        cap = pygame.Rect(r.x + 5, r.centery - kh // 2 - 2, kw + 8, kh + 4)
        hot = end and self.available
        pygame.draw.rect(surface, (24, 26, 30) if not hot else (70, 50, 22), cap, border_radius=3)
        pygame.draw.rect(surface, mix(ink, fill, 0.5), cap, 1, border_radius=3)
        cap_ink = theme.INK if hot else (ink if self.available else theme.INK_FAINT)
        draw_text(surface, key, cap.center, ks, cap_ink, True, anchor="center")
        room = r.right - cap.right - 8
        label = ellipsize(self.text, self.size, room)
        draw_text(surface, label, (cap.right + 5, r.centery + 1), self.size, ink, anchor="midleft")


# --- small drawing helpers -------------------------------------------------------------------------------------------

def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int, style: str = "plain") -> None:
    """A die face with pips. style: hit (a success), miss, one (a complication: a survivor's natural 1), plain."""
    fills = {"hit": (236, 226, 196), "miss": (92, 92, 96), "one": (92, 92, 96), "plain": (200, 196, 186)}
    pips = {"hit": (24, 24, 26), "miss": (200, 198, 190), "one": (246, 200, 196), "plain": (30, 30, 32)}
    fill = fills[style]
    radius = max(3, rect.width // 5)
    pygame.draw.rect(surface, (10, 10, 12), rect.move(1, 2), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if style == "hit":
        pygame.draw.rect(surface, theme.GOOD, rect.inflate(4, 4), max(2, rect.width // 10), border_radius=radius + 2)
    elif style == "one":
        pygame.draw.rect(surface, theme.DANGER, rect.inflate(4, 4), max(2, rect.width // 10),
                         border_radius=radius + 2)
    else:
        pygame.draw.rect(surface, shade(fill, 0.6), rect, 1, border_radius=radius)
    pr = max(1.5, rect.width * 0.09)
    cx, cy = rect.center
    q = rect.width * 0.27
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[max(1, min(6, face))]
    for dx, dy in spots:
        pygame.draw.circle(surface, pips[style], (cx + dx * q, cy + dy * q), pr)
    if style == "one":
        # a corner flag as well as the colour: "this 1 made noise"
        tri = [(rect.right - rect.width * 0.38, rect.y), (rect.right, rect.y), (rect.right, rect.y + rect.height
                                                                                  * 0.38)]
        pygame.draw.polygon(surface, theme.DANGER, tri)


LOG_TONES = {      # tone -> (theme colour name, bold): read when drawn, so the palette setting shows at once
    "header": ("ACCENT", True), "plain": ("INK", False), "quiet": ("INK_DIM", False), "danger": ("DANGER", True),
    "good": ("GOOD", True), "doom": ("DOOM", True), "heat": ("HEAT", False), "ai": ("SURVIVOR", False),
}
LOG_GROUP_NAMES = {"team": "Team", "horde": "Horde", "dice": "Dice"}
LOG_GROUP_TIPS = {"team": "the survivors' actions and the AI's reasons", "horde": "the Director and the zombies",
                  "dice": "every roll, die by die"}


# --- transient things ------------------------------------------------------------------------------------------------

@dataclass
class Toast:
    text: str
    colour: tuple
    ttl: float


@dataclass
class DiceRow:
    label: str
    faces: list[int]
    need: int
    survivor: bool
    age: float = 0.0
    tumble: list[int] = field(default_factory=list)


@dataclass
class Floater:
    xy: tuple[float, float]       # board cell
    text: str
    colour: tuple
    age: float = 0.0
    life: float = 1.3


@dataclass
class Card:
    title: str
    kind: str
    text: str
    tone: str = "find"            # find | hazard | jackpot | nothing
    age: float = 0.0
    note: str = ""                # "kept", "put back"


def roll_need(event, default: int) -> int:
    """The face each die of a roll needed: the engine records it with every roll (Session.roll)."""
    return event.data.get("need") or default


class Hud:
    def __init__(self, sprites: Sprites, overdraw: Overdraw | None = None):
        self.sprites = sprites
        self.toasts: list[Toast] = []
        self.dice: list[DiceRow] = []
        self.dice_age = 0.0
        self.floaters: list[Floater] = []
        self.cards: list[Card] = []
        self.banner: tuple[str, str, tuple] | None = None    # (heading, text, colour)
        self.banner_age = 0.0
        self.log_offset = 0            # lines scrolled up from the newest
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self._wrapped: list[tuple] = []    # (text, colour, bold, starts a round/phase, the fold it opens or None)
        self._wrapped_width = 0
        self._wrapped_size = 0
        self._entries: list[Entry] = []            # the log as a story (game.world.story), all groups
        self._story, self._story_session, self._story_upto = Story(), None, 0
        self.log_filters = {"team": True, "horde": True, "dice": False}
        # the horde's lines alike of one phase fold into one (game.world.story.folded): which are open
        self.log_open: set[int] = set()            # id of the first entry of each fold opened by a click
        self.log_unfolded = False                  # every fold open (the . key)
        self._fold_version = 0
        self._closed, self._wrapped_closed = 0, []  # entries of the phases done, and their lines (kept)
        self.hotspots: list[tuple[pygame.Rect, Callable[[], None] | None, str]] = []
        self.cosmetic = random.Random(7)          # tumbling dice only: never the game's RNG
        self.buttons: list[ActionButton] = []
        self.top_buttons: list[Button] = []
        self.track_tips: list[tuple[pygame.Rect, str]] = []
        # the top bar, the right panel and the action bar, kept while what they show stays the same
        self._top_layer = Snapshot(overdraw)
        self._right_layer = Snapshot(overdraw)
        self._bar_layer = Snapshot(overdraw)

    # --- transient messages --------------------------------------------------------------------------------------
    def toast(self, text: str, colour=theme.DANGER, seconds: float = 3.0) -> None:
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, colour, seconds))

    def add_roll(self, event, session: GameView) -> None:
        who = event.data.get("who")
        survivor = who is not None and session.is_survivor(who)
        need = roll_need(event, session.rules.success)
        label = event.data.get("purpose", "")
        if who is not None:
            label = f"{session.name(who)}: {label}"
        faces = list(event.data.get("faces", []))
        if self.dice_age > 0.25:
            self.dice = []
        self.dice_age = 0.0
        self.dice.append(DiceRow(label, faces, need, survivor,
                                 tumble=[self.cosmetic.randint(1, 6) for _ in faces]))
        self.dice = self.dice[-4:]

    def show_banner(self, heading: str, text: str, colour=theme.ACCENT) -> None:
        self.banner = (heading, text, colour)
        self.banner_age = 0.0

    def float_text(self, xy, text: str, colour) -> None:
        self.floaters.append(Floater(xy, text, colour))
        self.floaters = self.floaters[-24:]

    def add_card(self, card: Card) -> None:
        self.cards.append(card)
        self.cards = self.cards[-4:]

    def update(self, dt: float, speed: float) -> None:
        for t in self.toasts:
            t.ttl -= dt
        self.toasts = [t for t in self.toasts if t.ttl > 0]
        self.dice_age += dt * max(1.0, min(speed, 4.0))
        for row in self.dice:
            row.age += dt * max(1.0, min(speed, 8.0))
            if row.age < 0.35:
                row.tumble = [self.cosmetic.randint(1, 6) for _ in row.faces]
        for f in self.floaters:
            f.age += dt * max(1.0, min(speed, 4.0))
        self.floaters = [f for f in self.floaters if f.age < f.life]
        for c in self.cards:
            c.age += dt * max(1.0, min(speed, 4.0))
        self.cards = [c for c in self.cards if c.age < 6.0]
        self.banner_age += dt

    def clear_transients(self) -> None:
        self.dice.clear()
        self.floaters.clear()
        self.cards.clear()

    # --- the top bar ---------------------------------------------------------------------------------------------
    def draw_top(self, surface: pygame.Surface, lay: Layout, session: GameView, speed_label: str, paused: bool,
                 demo: bool) -> None:
        px = lay.px
        r = lay.top
        # speed and pause sit at the right, left of the buttons (placed every frame: clicks test their rects)
        bx = r.right - px(8)
        for b in reversed(self.top_buttons):
            bx -= b.rect.width
            b.rect.topleft = (bx, r.y + (r.height - b.rect.height) // 2)
            bx -= px(6)
        key = (r, lay.s, session, session.heat, session.doom, session.round, session.last_round, session.phase,
               speed_label, paused, demo, tuple(button_look(b) for b in self.top_buttons))
        if self._top_layer.blit(surface, key):
            self.track_tips = self._top_layer.extra
            # the edge line dips one pixel below the bar, onto the board: that pixel row is not in the snapshot
            clip = surface.get_clip()
            surface.set_clip(pygame.Rect(r.x, r.bottom, r.width, 1))
            pygame.draw.line(surface, theme.PANEL_EDGE, r.bottomleft, (r.right, r.bottom - 1))
            surface.set_clip(clip)
            return
        pygame.draw.rect(surface, (30, 32, 37), r)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.bottomleft, (r.right, r.bottom - 1))
        phase = {"survivor": "Survivor Phase", "director": "Director Phase", "end": "End Phase",
                 "over": "Game over"}.get(session.phase, session.phase)
        if demo:            # True in a demo; a word of its own for another way of watching ("Replay")
            phase = f"{'Demo' if demo is True else demo} - {phase}"
        round_text = f"Round {session.round}"
        if session.last_round is not None:
            round_text += f" of {session.last_round}"
        # the round and phase sit left of the buttons; the Doom track gets the room that is left
        words = max(text_size("Demo - Director Phase" if demo else "Survivor Phase", px(15))[0],
                    text_size(round_text, px(19), True)[0])
        x = r.x + px(12)
        x = self._heat_track(surface, x, r, lay, session) + px(22)
        x = self._doom_track(surface, x, r, lay, session, bx - words - px(22) - x) + px(16)
        draw_text(surface, round_text, (x, r.y + px(7)), px(19), theme.INK, True)
        draw_text(surface, phase, (x, r.y + px(27)), px(15), theme.ACCENT if session.phase != "survivor" else
                  theme.INK_DIM)
        for b in self.top_buttons:
            b.draw(surface)
        self._top_layer.keep(surface, r, key, self.track_tips)

    def _heat_track(self, surface, x: int, r: pygame.Rect, lay: Layout, session) -> int:
        px = lay.px
        heat_max = session.rules.heat_max
        draw_text(surface, "HEAT", (x, r.y + px(5)), px(13), theme.HEAT, True)
        draw_text(surface, str(session.heat), (x, r.y + px(20)), px(22), theme.INK, True)
        x += px(44)
        box = px(19)
        gap = max(1, px(2))
        bands = session.rules.escalation
        top = r.y + px(18)
        self.track_tips = []
        for v in range(heat_max + 1):
            rect = pygame.Rect(x + v * (box + gap), top, box, px(22))
            band = next((b for b in bands if b.low <= v <= b.high), None)
            level = 0 if band is None else (4 if band.need == 0 else 7 - band.need)   # 2, 3, 4 by the d6 needed
            base = mix((44, 47, 54), theme.DANGER, 0.0 if band is None else 0.16 * level)
            filled = v <= session.heat and session.heat > 0 and v > 0
            if v == 0:
                base = (38, 40, 46)
            fill = mix(theme.HEAT, (255, 230, 180), 0.1) if filled else base
            pygame.draw.rect(surface, fill, rect, border_radius=3)
            if band is not None and not filled:
                # the bands are hatched more densely the worse they get: readable without colour
                step = max(3, box // (level + 1))
                clip = surface.get_clip()
                surface.set_clip(rect)
                for k in range(-rect.height, rect.width, step):
                    pygame.draw.line(surface, mix(base, theme.INK, 0.18), (rect.x + k, rect.bottom),
                                     (rect.x + k + rect.height, rect.y))
                surface.set_clip(clip)
            edge = theme.INK if v == session.heat else (26, 28, 32)
            pygame.draw.rect(surface, edge, rect, 2 if v == session.heat else 1, border_radius=3)
            if v % 5 == 0:
                draw_text(surface, str(v), (rect.centerx, rect.centery + 1), px(12),
                          (30, 24, 16) if filled else theme.INK_FAINT, anchor="center")
        calm = min((b.low for b in bands), default=heat_max + 1)
        self.track_tips.append((pygame.Rect(x, top, calm * (box + gap) - gap, px(22)),
                                f"Heat 0-{calm - 1}: no escalation roll. Heat is what the Director spends in its "
                                f"phase, every point of it; it then goes back to 0."))
        for band in bands:
            a = x + band.low * (box + gap)
            b = x + (band.high + 1) * (box + gap) - gap
            span = f"Heat {band.low}" + (f"-{band.high}" if band.high > band.low else "")
            self.track_tips.append((pygame.Rect(a, top - px(14), b - a, px(36)),
                                    f"{span}: the Director Phase opens by moving Doom one space, no roll." if
                                    band.need == 0 else
                                    f"{span}: the Director Phase opens with an escalation roll, one die: "
                                    f"{band.need} or more moves Doom one space."))
            label = "auto" if band.need == 0 else f"{band.need}+"
            pygame.draw.line(surface, theme.DANGER, (a, top - px(3)), (b, top - px(3)), max(1, px(2)))
            draw_text(surface, label, ((a + b) // 2, top - px(4)), px(12), mix(theme.DANGER, theme.INK, 0.4),
                      anchor="midbottom")
        return x + (heat_max + 1) * (box + gap)

    def _doom_track(self, surface, x: int, r: pygame.Rect, lay: Layout, session, room: int) -> int:
        px = lay.px
        sc = session.scenario
        draw_text(surface, "DOOM", (x, r.y + px(5)), px(13), theme.DOOM, True)
        draw_text(surface, f"{session.doom}/{sc.doom_length}", (x, r.y + px(20)), px(19), theme.INK, True)
        x += px(48)
        gap = max(1, px(2))
        box = max(px(5), min(px(20), (room - px(48)) // max(1, sc.doom_length) - gap))
        top = r.y + px(18)
        for space in range(1, sc.doom_length + 1):
            rect = pygame.Rect(x + (space - 1) * (box + gap), top, box, px(22))
            passed = space <= session.doom
            event = sc.doom_events.get(space)
            final = space == sc.doom_length
            fill = theme.DOOM if passed else (44, 42, 52)
            pygame.draw.rect(surface, fill, rect, border_radius=3)
            if event or final:
                c = (250, 230, 250) if passed else mix(theme.DOOM, theme.INK, 0.3)
                cx, cy = rect.center
                k = box * 0.3
                if final:
                    pygame.draw.line(surface, c, (cx - k, cy - k), (cx + k, cy + k), max(2, px(2)))
                    pygame.draw.line(surface, c, (cx - k, cy + k), (cx + k, cy - k), max(2, px(2)))
                else:
                    pygame.draw.polygon(surface, c, [(cx, cy - k * 1.2), (cx + k, cy), (cx, cy + k * 1.2),
                                                     (cx - k, cy)], 0 if passed else max(1, px(2)))
                ev = session.content.events[sc.finale if final else event]
                tip = f"Doom {space} of {sc.doom_length}: {'the Finale, ' if final else ''}{ev.name}. {ev.text}"
            else:
                tip = (f"Doom {space} of {sc.doom_length}: nothing strikes here. Doom moves one space at the end of "
                       f"every round, and one more whenever Heat escalates.")
            self.track_tips.append((rect, tip + ("  (Doom is here now.)" if space == session.doom else "")))
            edge = theme.INK if space == session.doom else (26, 28, 32)
            pygame.draw.rect(surface, edge, rect, 2 if space == session.doom else 1, border_radius=3)
        return x + sc.doom_length * (box + gap)

    # --- the right panel -----------------------------------------------------------------------------------------
    def draw_right(self, surface: pygame.Surface, lay: Layout, view: HudView) -> None:
        key = self._right_key(lay, view)
        if self._right_layer.blit(surface, key):
            self.log_rect, hotspots = self._right_layer.extra
            self.hotspots.extend(hotspots)
            return
        first = len(self.hotspots)
        self._draw_right(surface, lay, view)
        # keyed as drawing left things: drawing the log pulls an out-of-range scroll offset back into range
        self._right_layer.keep(surface, lay.right, self._right_key(lay, view), (self.log_rect, self.hotspots[first:]))

    def _right_key(self, lay: Layout, view: HudView) -> tuple:
        """Everything the right panel reads."""
        hovered = view.hover_model
        zombie = hovered if hovered is not None and view.game.is_zombie(hovered) else None
        return (lay.right, lay.s, view.state, view.selected, zombie, view.weapon_uid, self.log_offset,
                tuple(self.log_filters.values()), self._fold_version)

    def _draw_right(self, surface: pygame.Surface, lay: Layout, view: HudView) -> None:
        px = lay.px
        r = lay.right
        pygame.draw.rect(surface, (30, 32, 37), r)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.topleft, r.bottomleft)
        session = view.game
        pad = px(10)
        x, y, w = r.x + pad, r.y + px(8), r.width - 2 * pad
        # objective
        task = session.task
        if task is not None:
            need = session.task_need()
            # "of", not a slash: the small bold face all but loses a slash between digits
            unit = " ROUNDS" if task.kind in ("hold", "survive") else ""
            head = f"OBJECTIVE  {session.task_progress} OF {need}{unit}"
            draw_text(surface, head, (x, y), px(13), theme.ACCENT, True)
            y += line_height(px(13), True)
            y += draw_wrapped(surface, task.text, pygame.Rect(x, y, w, 10), px(15), theme.INK, max_lines=3)
        elif session.result:
            draw_text(surface, "GAME OVER", (x, y), px(13), theme.ACCENT, True)
            y += line_height(px(13), True) + px(4)
        y += px(6)
        y = self._roster(surface, x, y, w, lay, view) + px(6)
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y))
        y += px(6)
        y = self._card(surface, x, y, w, lay, view)
        y += px(6)
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y))
        y += px(4)
        self.log_rect = pygame.Rect(x, y, w, r.bottom - y - px(6))
        self._log(surface, self.log_rect, lay, session)

    def _roster(self, surface, x: int, y: int, w: int, lay: Layout, view: HudView) -> int:
        px = lay.px
        session = view.game
        everyone = session.survivors(on_board=False)
        n = max(1, len(everyone))
        size = min(px(40), (w - (n - 1) * px(4)) // n)
        draw_text(surface, "TEAM - click to act next (Tab)", (x, y), px(12), theme.INK_FAINT, True)
        y += line_height(px(12), True) + px(2)
        for k, s in enumerate(everyone):
            rect = pygame.Rect(x + k * (size + px(4)), y, size, size)
            surv = session.comp(s, Survivor)
            status = session.comp(s, Status)
            turn = session.comp(s, Turn)
            health = session.comp(s, Health)
            gone = status.eliminated or status.escaped
            active = session.active == s
            selected = view.selected == s
            fill = (44, 48, 56) if not (turn.activated and not active) else (34, 36, 40)
            pygame.draw.rect(surface, fill, rect, border_radius=px(6))
            spr = self.sprites.get(f"survivor_{surv.archetype}", size - px(4))
            if spr is not None:
                if gone or status.downed or (turn.activated and not active):
                    spr = spr.copy()
                    spr.set_alpha(110)
                surface.blit(spr, spr.get_rect(center=rect.center))
            else:
                draw_text(surface, surv.name[:2], rect.center, px(16), theme.INK, True, anchor="center")
            edge = theme.ACCENT if active else (theme.INK if selected else theme.PANEL_EDGE)
            pygame.draw.rect(surface, edge, rect, 2 if (active or selected) else 1, border_radius=px(6))
            if status.escaped:
                _letter(surface, "OUT", rect.center, px(13), theme.GOOD)
            elif status.eliminated:
                pygame.draw.line(surface, theme.DANGER, rect.topleft, rect.bottomright, max(2, px(2)))
            elif status.downed:
                _letter(surface, "D", (rect.right - px(7), rect.y + px(8)), px(14), theme.DANGER)
            elif turn.activated and not active:
                # a tick: this one has had their turn
                pts = [(rect.right - px(14), rect.y + px(8)), (rect.right - px(10), rect.y + px(12)),
                       (rect.right - px(4), rect.y + px(3))]
                pygame.draw.lines(surface, theme.GOOD, False, pts, max(2, px(2)))
            # wounds under the portrait
            if not gone:
                pw = max(3, px(5))
                for i in range(health.max_wounds):
                    c = theme.INK if i < health.wounds else theme.DANGER
                    cx = rect.x + px(4) + i * (pw + px(2))
                    pygame.draw.rect(surface, c, (cx, rect.bottom - pw - px(3), pw, pw), 0 if i < health.wounds
                                     else 1)
            tip = f"{surv.name}: " + ("escaped" if status.escaped else "lost" if status.eliminated else
                                      "Downed" if status.downed else "acting now" if active else
                                      "done this round" if turn.activated else "ready to act")
            self.hotspots.append((rect, (lambda s=s: view.pick_survivor(s)) if not gone else None, tip))
        return y + size

    def _card(self, surface, x: int, y: int, w: int, lay: Layout, view: HudView) -> int:
        """The selected survivor (or hovered zombie): stats, wounds, status, AP, engagement and inventory."""
        px = lay.px
        session = view.game
        who = view.selected
        zombie = view.hover_model if view.hover_model is not None and session.is_zombie(view.hover_model) \
            else None
        size, small = px(16), px(14)
        slh = line_height(small)
        if zombie is not None:
            zc = session.comp(zombie, Zombie)
            zdef = session.content.zombies[zc.kind]
            health = session.comp(zombie, Health)
            draw_text(surface, session.name(zombie), (x, y), px(19), (226, 150, 140), True)
            y += line_height(px(19), True)
            stats = (f"Move {zdef.move}\"   Fight {session.fight_of(zombie)}   "
                     f"Wounds {health.wounds}/{health.max_wounds}")
            draw_text(surface, stats, (x, y), small, theme.INK)
            y += slh
            if zdef.slots > 1 or zdef.elite:
                draw_text(surface, f"Fills {zdef.slots} engagement slot(s)" + (", elite" if zdef.elite else ""),
                          (x, y), small, theme.INK_DIM)
                y += slh
            if zc.engaged is not None:
                draw_text(surface, f"Engaging {session.name(zc.engaged)}", (x, y), small, theme.DANGER)
                y += slh
            intent = view.intent_of(zombie)
            if intent is not None:
                y += draw_wrapped(surface, session.intent_text(intent), pygame.Rect(x, y, w, 10), small,
                                  theme.DANGER if intent.engages is not None else theme.ACCENT, max_lines=3)
            st = session.comp(zombie, Status)
            flags = [STATUS_NAMES[k] for k in ("burning", "stunned") if getattr(st, k)]
            if flags:
                draw_text(surface, ", ".join(flags), (x, y), small, theme.HEAT)
                y += slh
            y += draw_wrapped(surface, zdef.text, pygame.Rect(x, y, w, 10), small, theme.INK_DIM, max_lines=4)
            return y
        if who is None or not session.is_survivor(who) or who not in session.survivors():
            y += draw_wrapped(surface, "Click a survivor on the board or in the team strip to choose who acts.",
                              pygame.Rect(x, y, w, 10), size, theme.INK_DIM)
            return y
        surv = session.comp(who, Survivor)
        skill = session.content.skills[surv.skill]
        health = session.comp(who, Health)
        status = session.comp(who, Status)
        turn = session.comp(who, Turn)
        inv = session.comp(who, Inventory)
        active = session.active == who
        draw_text(surface, surv.name, (x, y), px(20), theme.INK, True)
        if active:
            ap = f"{turn.ap} AP"
            aw = text_size(ap, px(20), True)[0]
            chip = pygame.Rect(x + w - aw - px(12), y - px(1), aw + px(12), line_height(px(20), True))
            pygame.draw.rect(surface, theme.ACCENT, chip, border_radius=px(5))
            draw_text(surface, ap, chip.center, px(20), (30, 24, 16), True, anchor="center")
        else:
            state = "Downed" if status.downed else ("done this round" if turn.activated else "ready")
            draw_text(surface, state, (x + w, y + px(3)), small, theme.DANGER if status.downed else theme.INK_DIM,
                      anchor="topright")
        y += line_height(px(20), True)
        used = draw_wrapped(surface, f"{skill.name}: {skill.text}", pygame.Rect(x, y, w, slh), small, theme.INK_DIM,
                            max_lines=2)
        self.hotspots.append((pygame.Rect(x, y, w, used), None, f"{skill.name}: {skill.text}"))
        y += used + px(2)
        owner = view.game.owner(who)
        if owner is not None:               # hot-seat: whose survivor this is
            draw_text(surface, "Played by the survivor AI" if owner.ai else f"Played by {owner.player}", (x, y),
                      small, theme.ACCENT if owner.player == view.current_player else theme.INK_DIM, True)
            y += line_height(small, True)
        verdict = view.agenda_of(who)
        if verdict is not None:
            line = f"Agenda: {verdict.agenda.name} - {verdict.agenda.text}"
            used = draw_wrapped(surface, line, pygame.Rect(x, y, w, slh), small, theme.ACCENT, max_lines=2)
            self.hotspots.append((pygame.Rect(x, y, w, used), None,
                                  f"Secret agenda: {verdict.agenda.text}\nSo far: {verdict.why}."))
            y += used + px(2)
        move = view.game.move_of(who)
        stats = [("Move", f'{move}"'), ("Fight", surv.fight), ("Shoot", surv.shoot), ("Wits", surv.wits),
                 ("Guts", surv.guts)]
        cw = w // len(stats)
        for k, (name, value) in enumerate(stats):
            cx = x + k * cw
            slowed = name == "Move" and move < surv.move     # a heavy load (the vaccine case) takes inches off
            draw_text(surface, name, (cx, y), px(12), theme.INK_FAINT)
            draw_text(surface, str(value), (cx, y + line_height(px(12))), px(17), theme.DANGER if slowed else theme.INK,
                      True)
            if slowed:
                self.hotspots.append((pygame.Rect(cx, y, cw, line_height(px(12)) + line_height(px(17), True)), None,
                                      f'Slowed by what they carry: Move {surv.move}" less {surv.move - move}"'))
        y += line_height(px(12)) + line_height(px(17), True) + px(2)
        # wounds and status
        pw = px(11)
        draw_text(surface, "Wounds", (x, y), small, theme.INK_DIM)
        wx = x + px(56)
        for i in range(health.max_wounds):
            rect = pygame.Rect(wx + i * (pw + px(3)), y + px(2), pw, pw)
            if i < health.wounds:
                pygame.draw.rect(surface, theme.INK, rect, border_radius=2)
            else:
                pygame.draw.rect(surface, theme.DANGER, rect, 2, border_radius=2)
        tokens = [k for k in ("downed", "burning", "stunned", "hunkered") if getattr(status, k)]
        if turn.aiming:
            tokens.insert(0, "aiming")
        tx = wx + health.max_wounds * (pw + px(3)) + px(10)
        for k in tokens:
            letter, colour = STATUS_TOKENS[k]
            label = STATUS_NAMES[k]
            tw = text_size(label, px(13), True)[0] + px(10)
            chip = pygame.Rect(tx, y, tw, slh)
            if chip.right > x + w:
                break
            pygame.draw.rect(surface, colour, chip, border_radius=px(7))
            draw_text(surface, label, chip.center, px(13), (20, 18, 16), True, anchor="center")
            tx = chip.right + px(4)
        y += slh + px(3)
        used = session.slots_used(who)
        cap = session.rules.engagement_slots
        if used:
            text = f"Engaged: {used}/{cap} slots filled by {len(session.engagers(who))} zombie(s)"
            draw_text(surface, text, (x, y), small, theme.DANGER)
            y += slh
            forecast = view.swarm_forecast(who)
            if forecast:
                draw_text(surface, ellipsize(forecast, small, w), (x, y), small, mix(theme.DANGER, theme.INK, 0.4))
                self.hotspots.append((pygame.Rect(x, y, w, slh), None, forecast))
                y += slh
        # inventory
        slots = session.slots_taken(who)
        capacity = session.capacity(who)
        head = f"GEAR  {slots}/{capacity} slots   Reloads {inv.reloads}"
        draw_text(surface, head, (x, y + px(2)), px(12), theme.INK_FAINT, True)
        y += line_height(px(12), True) + px(4)
        row_h = max(slh + px(4), px(22))
        for g in inv.gear:
            name = session.content.gear_name(g.gear_id)
            weapon = session.content.weapons.get(g.gear_id)
            item = session.content.items.get(g.gear_id)
            detail = ""
            if weapon is not None:
                if weapon.kind == "firearm":
                    detail = f"ammo {g.ammo}/{weapon.ammo}   range {weapon.range}\""
                elif weapon.kind == "melee":
                    detail = f"+{weapon.melee_bonus} Fight"
                else:
                    detail = f"blast {weapon.blast}\""
            elif item is not None and item.kind == "objective":
                detail = "objective"
            rect = pygame.Rect(x, y, w, row_h)
            chosen = view.weapon_uid == g.uid
            pygame.draw.rect(surface, (44, 48, 56) if not chosen else (64, 56, 40), rect, border_radius=px(4))
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, rect, 1, border_radius=px(4))
            icon = self.sprites.get(f"item_{g.gear_id}", row_h - px(4))
            ix = x + px(4)
            if icon is not None:
                surface.blit(icon, (ix, y + px(2)))
                ix += row_h
            free = " (free slot)" if g.free_for == who else ""
            draw_text(surface, ellipsize(name, small, w - px(130)), (ix, rect.centery), small,
                      theme.ACCENT if item is not None and item.kind == "objective" else theme.INK,
                      anchor="midleft")
            bx = rect.right - px(4)
            if active:
                drop = pygame.Rect(0, 0, px(40), row_h - px(6))
                drop.midright = (bx, rect.centery)
                pygame.draw.rect(surface, (60, 64, 72), drop, border_radius=px(3))
                draw_text(surface, "Drop", drop.center, px(12), theme.INK_DIM, anchor="center")
                self.hotspots.append((drop, lambda g=g: view.drop_item(g.uid),
                                      f"Put the {name} down on this cell (free)."))
                bx = drop.left - px(4)
            if detail:
                draw_text(surface, detail, (bx, rect.centery), px(13), theme.INK_DIM, anchor="midright")
            tip = (weapon.text if weapon else item.text if item else name) + free
            if weapon is not None and weapon.kind in ("firearm", "thrown"):
                tip += "  Click to use this one for Shoot / Throw."
                self.hotspots.append((rect, lambda g=g: view.choose_weapon(g.uid), tip))
            else:
                self.hotspots.append((rect, None, tip))
            y += row_h + px(3)
        if not inv.gear:
            draw_text(surface, "Carrying nothing", (x, y), small, theme.INK_FAINT)
            y += slh
        allies = view.partners() if active else []
        if allies:
            text = f"Next to {', '.join(session.name(a) for a in allies)}: Hand-Off (V), Swap Gear (Y)"
            y += px(2)
            y += draw_wrapped(surface, text, pygame.Rect(x, y, w, 10), px(13), theme.GOOD, max_lines=2)
        if status.downed and not turn.activated:
            btn = pygame.Rect(x, y + px(4), w, px(28))
            pygame.draw.rect(surface, theme.DANGER, btn, border_radius=px(5))
            draw_text(surface, "Roll their bleed-out save (N)", btn.center, px(15), theme.INK, True, anchor="center")
            self.hotspots.append((btn, lambda: view.bleed_out(who),
                                  "A Downed survivor's activation is a Guts test: fail it and they are lost."))
            y = btn.bottom + px(4)
        return y

    # --- the log -------------------------------------------------------------------------------------------------
    def _log(self, surface, rect: pygame.Rect, lay: Layout, session: GameView) -> None:
        px = lay.px
        size = px(14)
        draw_text(surface, "LOG", (rect.x, rect.y), px(12), theme.INK_FAINT, True)
        # the filters: whose lines to show (rounds, Doom, objectives and the fallen always show)
        cx = rect.x + text_size("LOG", px(12), True)[0] + px(10)
        for group in GROUPS:
            on = self.log_filters[group]
            label = LOG_GROUP_NAMES[group]
            chip = pygame.Rect(cx, rect.y - px(1), text_size(label, px(12), True)[0] + px(12),
                               line_height(px(12)) + px(2))
            pygame.draw.rect(surface, (70, 76, 88) if on else (36, 38, 44), chip, border_radius=px(6))
            draw_text(surface, label, chip.center, px(12), theme.INK if on else theme.INK_FAINT, True,
                      anchor="center")
            self.hotspots.append((chip, lambda g=group: self.toggle_log(g),
                                  f"{'Hide' if on else 'Show'} the lines of {LOG_GROUP_TIPS[group]}."))
            cx = chip.right + px(4)
        label = "Fold all ." if self.log_unfolded else "Open all ."
        chip = pygame.Rect(cx + px(4), rect.y - px(1), text_size(label, px(12), True)[0] + px(12),
                           line_height(px(12)) + px(2))
        if chip.right <= rect.right:
            pygame.draw.rect(surface, (36, 38, 44), chip, border_radius=px(6))
            draw_text(surface, label, chip.center, px(12), theme.INK_DIM, True, anchor="center")
            self.hotspots.append((chip, self.toggle_all_folds, "The horde's lines alike in a phase are folded into "
                                                               "one: open them all, or fold them again (. key)."))
        body = pygame.Rect(rect.x, rect.y + line_height(px(12), True) + px(4), rect.width,
                           rect.height - line_height(px(12), True) - px(4))
        self._rewrap(session, body.width - px(8), size)
        lh = line_height(size)
        rows = max(1, body.height // lh)
        total = len(self._wrapped)
        self.log_offset = max(0, min(self.log_offset, max(0, total - rows)))
        end = total - self.log_offset
        start = max(0, end - rows)
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.y if total <= rows else body.bottom - (end - start) * lh
        for text, colour, bold, header, fold in self._wrapped[start:end]:
            if header:
                pygame.draw.line(surface, mix(colour, (30, 32, 37), 0.6), (body.x, y + px(1)),
                                 (body.right - px(8), y + px(1)))
            draw_text(surface, text, (body.x, y + (px(2) if header else 0)), size, colour, bold)
            if fold is not None:
                opened = self.log_unfolded or fold in self.log_open
                self.hotspots.append((pygame.Rect(body.x, y, body.width - px(8), lh).clip(body),
                                      lambda f=fold: self.toggle_fold(f),
                                      f"{'Fold' if opened else 'Open'} these lines (click); the . key opens or "
                                      f"folds them all."))
            y += lh
        surface.set_clip(clip)
        if total > rows:
            track = pygame.Rect(body.right - px(4), body.y, px(4), body.height)
            pygame.draw.rect(surface, (40, 42, 48), track, border_radius=2)
            h = max(px(16), body.height * rows // total)
            pos = (total - rows - self.log_offset) / max(1, total - rows)
            thumb = pygame.Rect(track.x, track.y + int((track.height - h) * pos), track.width, h)
            pygame.draw.rect(surface, theme.INK_FAINT, thumb, border_radius=2)
        if self.log_offset:
            draw_text(surface, f"{self.log_offset} newer lines below", (body.right - px(8), body.bottom - lh),
                      px(12), theme.ACCENT, anchor="topright")

    def toggle_log(self, group: str) -> None:
        self.log_filters[group] = not self.log_filters[group]
        self._wrapped_width = -1           # wrap again with the new filter
        self.log_offset = 0

    def toggle_fold(self, fold: int) -> None:
        self.log_open ^= {fold}
        self._wrapped_width = -1           # wrap again, that fold opened or closed
        self._fold_version += 1

    def toggle_all_folds(self) -> None:
        self.log_unfolded = not self.log_unfolded
        self.log_open.clear()
        self._wrapped_width = -1
        self._fold_version += 1

    def _rewrap(self, session: GameView, width: int, size: int) -> None:
        seen = session.events_seen
        if seen < self._story_upto or session != self._story_session:
            self._entries, self._story_upto, self._story = [], 0, Story()
            self._story_session = session
            self._wrapped_width = -1
        fresh = False
        if self._story_upto < seen:
            self._entries.extend(session.story(self._story, self._story_upto))
            self._story_upto = seen
            fresh = True
            if len(self._entries) > 3000:
                del self._entries[:1000]
                self._wrapped_width = -1
        if width != self._wrapped_width or size != self._wrapped_size:
            self._wrapped_width, self._wrapped_size = width, size
            self._closed, self._wrapped_closed = 0, []
        elif not fresh and self._wrapped:
            return
        # the phases done are wrapped once; the phase under way again, as its folds grow
        last = next((i for i in range(len(self._entries) - 1, self._closed - 1, -1)
                     if self._entries[i].tone == "header"), self._closed)
        if last > self._closed:
            self._wrapped_closed += self._wrap_items(folded(self._entries[self._closed:last]), width, size)
            self._closed = last
        self._wrapped = self._wrapped_closed + self._wrap_items(folded(self._entries[self._closed:]), width, size)

    def _wrap_items(self, items, width: int, size: int) -> list[tuple]:
        """(text, colour, bold, header, fold id or None) per line: a fold's line, and its single lines when open."""
        out = []
        for item in items:
            if item.group != "table" and not self.log_filters.get(item.group, True):
                continue
            name, bold = LOG_TONES.get(item.tone, ("INK", False))
            colour = mix(getattr(theme, name), theme.INK, 0.25) if name in ("DANGER", "DOOM") else \
                getattr(theme, name)
            if isinstance(item, Fold):
                fid = id(item.entries[0])
                opened = self.log_unfolded or fid in self.log_open
                for i, line in enumerate(wrap(("- " if opened else "+ ") + item.text, size, width, True)):
                    out.append((line if i == 0 else "    " + line, colour, True, False, fid))
                if opened:
                    for entry in item.entries:
                        for line in wrap(entry.text, size, width - text_size("    ", size)[0], False):
                            out.append(("    " + line, theme.INK_DIM, False, False, None))
                continue
            header = item.tone == "header"
            for i, line in enumerate(wrap(item.text, size, width, bold)):
                out.append((line if i == 0 else "  " + line, colour, bold, header and i == 0, None))
        return out

    def reset_log(self) -> None:
        self._wrapped, self._entries, self._story_upto = [], [], 0
        self._closed, self._wrapped_closed, self._wrapped_width = 0, [], -1
        self._story, self._story_session = Story(), None
        self.log_offset = 0

    def scroll_log(self, lines: int) -> None:
        self.log_offset = max(0, self.log_offset + lines)

    # --- over the board ------------------------------------------------------------------------------------------
    def draw_board_overlays(self, surface: pygame.Surface, lay: Layout, cam, demo_reason: str | None = None,
                            hint: str = "", status_line: str = "", panels: BoardPanels | None = None
                            ) -> list[pygame.Rect]:
        """Floaters, toasts, the dice tray, search cards and the status line over the board, each where `panels`
        finds room (game.ui.board.board_panels); returns where they were drawn."""
        px = lay.px
        b = lay.board
        panels = panels if panels is not None else BoardPanels(b, px(6))
        drawn = []
        # floaters: numbers rising from where they happened
        for f in self.floaters:
            sx, sy = cam.centre_px(f.xy)
            if not b.collidepoint(sx, sy):
                continue
            u = f.age / f.life
            img = _text_img(f.text, theme.board_px(max(14, cam.tile * 0.5)), f.colour)
            img.set_alpha(int(255 * (1 - u * u)))
            drawn.append(surface.blit(img, img.get_rect(center=(sx, sy - cam.tile * (0.4 + 0.9 * u)))))
        area = panels.free_area()
        y = b.y + px(8)
        for t in self.toasts:
            w = min(area.width - px(40), text_size(t.text, px(17), True)[0] + px(28))
            rect = panels.place("toast", (w, line_height(px(17), True) + px(12)), [(area.centerx - w // 2, y)])
            draw_panel(surface, rect, (40, 30, 30) if t.colour == theme.DANGER else (30, 36, 40), t.colour,
                       radius=px(8), width=2, shadow=True)
            draw_text(surface, ellipsize(t.text, px(17), w - px(20), True), rect.center, px(17), theme.INK, True,
                      anchor="center")
            drawn.append(rect)
            y = rect.bottom + px(6)
        if status_line:      # first the two bottom corners' fixed things, then what goes round them
            size = px(14)
            text = status_line
            w = min(b.width // 2 + px(120), text_size(text, size)[0] + px(16))
            rect = panels.place("status", (w, line_height(size) + px(8)),
                                [(b.right - w - px(8), b.bottom - line_height(size) - px(14))], down=False)
            draw_panel(surface, rect, (22, 24, 28), None, radius=px(5))
            draw_text(surface, ellipsize(text, size, w - px(12)), (rect.x + px(6), rect.centery), size,
                      theme.INK_DIM, anchor="midleft")
            drawn.append(rect)
        drawn.append(self._dice_tray(surface, lay, panels))
        drawn.append(self._cards(surface, lay, panels))
        return [r for r in drawn if r is not None]

    def draw_ticker(self, surface: pygame.Surface, lay: Layout, hint: str = "") -> None:
        """The strip above the board: the newest fact (a heading and its sentence), else the hint of what to do."""
        px = lay.px
        r = lay.ticker
        pygame.draw.rect(surface, (26, 28, 33), r)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.bottomleft, (r.right - 1, r.bottom - 1))
        size = px(15)
        if self.banner is None:
            if hint:
                draw_text(surface, ellipsize(hint, size, r.width - px(24)), (r.x + px(12), r.centery), size,
                          theme.INK_DIM, anchor="midleft")
            return
        heading, text, colour = self.banner
        pygame.draw.rect(surface, colour, (r.x, r.y, px(4), r.height - 1))
        head_w = min(px(190), r.width // 4)
        head_lines = min(2, len(wrap(heading.upper(), px(13), head_w - px(8), True)))
        head_y = r.y + (r.height - head_lines * line_height(px(13), True)) // 2
        draw_wrapped(surface, heading.upper(), pygame.Rect(r.x + px(12), head_y, head_w - px(8), r.height),
                     px(13), colour, bold=True, max_lines=2)
        body = pygame.Rect(r.x + px(12) + head_w, r.y + px(4), r.width - head_w - px(24), r.height - px(6))
        lines = wrap(text, size, body.width)
        if len(lines) > 2:       # two lines at most: the log keeps the whole of it
            lines = [lines[0], ellipsize(" ".join(lines[1:]), size, body.width)]
        yy = body.y + (body.height - len(lines) * line_height(size)) // 2
        for line in lines:
            draw_text(surface, line, (body.x, yy), size, theme.INK)
            yy += line_height(size)

    def _dice_tray(self, surface, lay: Layout, panels: BoardPanels) -> pygame.Rect | None:
        if not self.dice:
            return None
        px = lay.px
        b = lay.board
        fade = 1.0 if self.dice_age < 5.0 else max(0.0, 1.0 - (self.dice_age - 5.0) / 1.5)
        if fade <= 0:
            self.dice = []
            return None
        d = px(24)
        size = px(13)
        rows = self.dice
        width = px(16) + max(max(len(r.faces) for r in rows) * (d + px(6)), max(
            text_size(ellipsize(r.label, size, px(300)), size)[0] for r in rows))
        width = min(width, b.width - px(20))
        row_h = line_height(size) + d + px(10)
        height = len(rows) * row_h + px(8)
        rect = panels.place("dice", (width, height), [(b.x + px(10), b.bottom - px(12) - height),
                                                      (b.x + px(10), b.y + px(10))], down=False)
        tray = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_panel(tray, tray.get_rect(), (24, 26, 30, 230), (90, 84, 70), radius=px(8))
        y = px(6)
        for row in rows:
            draw_text(tray, ellipsize(row.label, size, width - px(16)), (px(8), y), size, theme.INK_DIM)
            y += line_height(size) + px(2)
            settled = row.age >= 0.35
            for k, face in enumerate(row.faces):
                shown = face if settled else row.tumble[k]
                if not settled:
                    style = "plain"
                elif face >= row.need:
                    style = "hit"
                elif face == 1 and row.survivor:
                    style = "one"
                else:
                    style = "miss"
                jitter = 0 if settled else self.cosmetic.randint(-2, 2)
                draw_die(tray, pygame.Rect(px(8) + k * (d + px(6)), y + jitter, d, d), shown, style)
            y += d + px(8)
        tray.set_alpha(int(255 * fade))
        return surface.blit(tray, rect)

    def _cards(self, surface, lay: Layout, panels: BoardPanels) -> pygame.Rect | None:
        if not self.cards:
            return None
        px = lay.px
        b = lay.board
        cw = px(176)
        gap = px(16)
        inner = cw - px(24)
        heights = []
        for c in self.cards:
            h = px(34) + wrapped_height_lines(c.title, px(20), inner, True, 2) + px(8) + \
                wrapped_height_lines(c.text, px(14), inner, False, 7) + px(14) + (px(22) if c.note else 0)
            heights.append(h)
        ch = max(heights)
        total = len(self.cards) * cw + (len(self.cards) - 1) * gap
        area = panels.free_area()
        room = panels.place("cards", (total, ch + px(40)), [(area.centerx - total // 2, b.centery - ch // 2)])
        x, y = room.x, room.y
        for c in self.cards:
            rise = max(0.0, 1.0 - c.age / 0.25)
            rect = pygame.Rect(x, y + int(rise * px(40)), cw, ch)
            edge = {"hazard": theme.DANGER, "jackpot": theme.ACCENT, "nothing": theme.INK_FAINT}.get(c.tone,
                                                                                                   theme.GOOD)
            paper = (238, 230, 210) if c.note != "put back" else (200, 196, 186)
            draw_panel(surface, rect, paper, edge, radius=px(10), width=3, shadow=True)
            draw_text(surface, c.kind.upper(), (rect.x + px(12), rect.y + px(10)), px(12), shade(edge, 0.7), True)
            title_rect = pygame.Rect(rect.x + px(12), rect.y + px(28), inner, px(60))
            hy = draw_wrapped(surface, c.title, title_rect, px(20), (30, 28, 24), True, max_lines=2)
            body = pygame.Rect(rect.x + px(12), title_rect.y + hy + px(6), inner, px(100))
            draw_wrapped(surface, c.text, body, px(14), (60, 56, 50), max_lines=7)
            if c.note:
                tag = pygame.Rect(rect.x, rect.bottom - px(24), cw, px(24))
                pygame.draw.rect(surface, edge if c.note == "kept" else (150, 146, 136), tag,
                                 border_bottom_left_radius=px(10), border_bottom_right_radius=px(10))
                draw_text(surface, c.note.upper(), tag.center, px(13), (24, 22, 20), True, anchor="center")
            x += cw + gap
        self.hotspots.append((pygame.Rect(room.x, y, total, ch), self.cards.clear,
                              "Click (or Esc) to put the cards away"))
        return room                   # and where they rose from

    def mark_kept(self, title: str) -> None:
        """Draw two, keep one: label the card kept and the others put back."""
        for c in self.cards:
            if c.note == "" and c.age < 0.5:
                c.note = "kept" if c.title == title else "put back"

    # --- the action bar ------------------------------------------------------------------------------------------
    def build_buttons(self, on_action: Callable[[str], None], keys: dict[str, int] | None = None) -> None:
        """The action bar; `keys`: the player's key for each action (game.ui.widgets.keymap), the defaults if None."""
        keys = keys or {}
        self.buttons = [ActionButton(spec, lambda k=spec.key: on_action(k), keys.get(spec.key, spec.hotkey))
                        for spec in ACTIONS]

    def place_buttons(self, lay: Layout) -> None:
        px = lay.px
        bar = lay.bar
        per_row = math.ceil(len(self.buttons) / 2)
        gap = px(5)
        pad = px(8)
        bw = (bar.width - 2 * pad - (per_row - 1) * gap) // per_row
        bh = (bar.height - 2 * pad - gap) // 2
        wide = {"end_activation", "end_turn"}
        for row in range(2):
            chunk = self.buttons[row * per_row:(row + 1) * per_row]
            # the turn buttons take the room a short row leaves over
            spare = (per_row - len(chunk)) * (bw + gap)
            n_wide = sum(1 for b in chunk if b.spec.key in wide)
            x = bar.x + pad
            for b in chunk:
                w = bw + (spare // n_wide if n_wide and b.spec.key in wide else 0)
                b.rect = pygame.Rect(x, bar.y + pad + row * (bh + gap), w, bh)
                b.size = px(15)
                x += w + gap

    def draw_bar(self, surface: pygame.Surface, lay: Layout) -> None:
        key = ("bar", lay.bar, tuple(button_look(b) for b in self.buttons))
        if self._bar_layer.blit(surface, key):
            return
        pygame.draw.rect(surface, (30, 32, 37), lay.bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, lay.bar.topleft, lay.bar.topright)
        for b in self.buttons:
            b.draw(surface)
        self._bar_layer.keep(surface, lay.bar, key)

    def draw_demo_bar(self, surface: pygame.Surface, lay: Layout, level: str, paused: bool, speed_label: str,
                      last_decision: str, director: str = "standard", as_director: bool = False) -> None:
        px = lay.px
        bar = lay.bar
        key = ("demo", bar, lay.s, level, paused, speed_label, last_decision, director, as_director)
        if self._bar_layer.blit(surface, key):
            return
        pygame.draw.rect(surface, (30, 32, 37), bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        who = (f"YOU ARE THE DIRECTOR against the {level} survivor AI." if as_director else
               f"DEMO: the {level} survivor AI against the {director} Director.")
        text = f"{who}   Space pause / resume   N one step   1 2 3 4 speed   Esc leave"
        draw_text(surface, ellipsize(text, px(15), bar.width - px(20)), (bar.x + px(12), bar.y + px(8)), px(15),
                  theme.INK_DIM)
        if last_decision:
            draw_text(surface, ellipsize("Last decision: " + last_decision, px(16), bar.width - px(24)),
                      (bar.x + px(12), bar.y + px(31)), px(16), (150, 210, 220))
        self._bar_layer.keep(surface, bar, key)


def wrapped_height_lines(text: str, size: int, width: int, bold: bool, most: int) -> int:
    return min(most, len(wrap(text, size, width, bold))) * line_height(size, bold)


_text_imgs: dict[tuple, pygame.Surface] = {}


def _text_img(text: str, size: int, colour) -> pygame.Surface:
    key = (text, size, colour)
    img = _text_imgs.get(key)
    if img is None:
        if len(_text_imgs) > 300:
            _text_imgs.clear()
        base = theme.font(size, True).render(text, True, colour)
        out = pygame.Surface((base.get_width() + 2, base.get_height() + 2), pygame.SRCALPHA)
        out.blit(theme.font(size, True).render(text, True, (10, 10, 12)), (2, 2))
        out.blit(base, (0, 0))
        img = _text_imgs[key] = out
    return img.copy()
