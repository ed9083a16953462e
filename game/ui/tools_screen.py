"""The Tools hub: the five table companions, for a group playing Borrowed Time with miniatures on a real table.

    ToolsScreen(content)   a Scene; each entry opens one tool screen (game/ui/tool_*.py). Keys 1-5 open them
                           directly, Up/Down and Enter work too, Esc goes back. A tool's screen is kept while the
                           hub is open, so going back and in again finds the decks and the board as they were.
"""
from __future__ import annotations

import pygame

from game.content.defs import Content
from game.ui import theme
from game.ui.tool_calc import CalculatorScreen
from game.ui.tool_director import DirectorScreen
from game.ui.tool_frenzy import FrenzyScreen
from game.ui.tool_quickplay import QuickPlayToolScreen
from game.ui.tool_scavenge import ScavengeScreen
from game.ui.widgets import Button, MenuList, UIScene, draw_text, ellipsize, line_height, mix

# (key, name, one line in our own words, a longer line shown under the list for the focused entry)
TOOLS = (
    ("calc", "Combat odds", "Dice pools and the exact chance of every result for a melee, a swarm or a shot.",
     "Pick who fights what, add cover, Aim or a window, and read the odds of each number of successes, wounds "
     "and Heat."),
    ("director", "Director assistant", "Spend the round's Heat the way the game's Director would.",
     "Type in where everyone stands; it adds ambient Heat, rolls for escalation and lists what the horde buys, "
     "and why."),
    ("scavenge", "Search & Salvage", "Roll searches against the salvage decks and see the cards come up.",
     "The decks remember every card drawn until you reset them, so a whole game of searches can run here."),
    ("quickplay", "Quick-Play generator", "Roll the four quick-play tables for a fresh scenario, then play it.",
     "Use the app's dice or type in your own; pick a map or let the dice choose; start it on the board at once."),
    ("frenzy", "Feeding Frenzy", "A Downed survivor's chances while the dead feed, after the allies strike back.",
     "Set the survivor, the zombies feeding and the hits the allies landed; read the odds, then roll it."),
)


def open_tool(key: str, content: Content):
    """The screen for one tool."""
    if key == "calc":
        return CalculatorScreen(content)
    if key == "director":
        return DirectorScreen(content)
    if key == "scavenge":
        return ScavengeScreen(content)
    if key == "quickplay":
        return QuickPlayToolScreen(content)
    if key == "frenzy":
        return FrenzyScreen(content)
    raise KeyError(key)


class ToolCard(Button):
    """One entry of the hub: its number, its name and its one-line description."""

    def __init__(self, number: int, key: str, name: str, line: str, on_click, size: int):
        super().__init__(name, on_click, hotkey=(getattr(pygame, f"K_{number}"), getattr(pygame, f"K_KP{number}")),
                         hint=str(number), size=size, align="left")
        self.key, self.number, self.line = key, number, line

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        hot = self.hovered or self.focused
        fill = mix(theme.PANEL, theme.ACCENT, 0.10) if hot else theme.PANEL
        if self.pressed:
            fill = mix(theme.PANEL, theme.BG, 0.4)
        radius = max(6, r.height // 8)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT if hot else theme.PANEL_EDGE, r, 2 if hot else 1, border_radius=radius)
        pad = max(12, r.height // 4)
        badge = pygame.Rect(r.x + pad, r.centery - r.height // 4, r.height // 2, r.height // 2)
        pygame.draw.rect(surface, theme.ACCENT if hot else mix(theme.PANEL_EDGE, theme.PANEL, 0.2), badge,
                         border_radius=max(3, badge.height // 4))
        draw_text(surface, str(self.number), badge.center, int(self.size * 0.95), (30, 24, 16) if hot else theme.INK,
                  True, anchor="center")
        x = badge.right + pad
        room = r.right - pad - x
        small = int(self.size * 0.78)
        if r.height < line_height(self.size, True) + line_height(small) + 6:
            # a small window: the name and its line side by side, on one line that fits the card
            name = draw_text(surface, ellipsize(self.text, self.size, room, True), (x, r.centery), self.size,
                             theme.INK, True, anchor="midleft")
            rest = r.right - pad - name.right - pad
            if rest > room // 4:
                draw_text(surface, ellipsize(self.line, small, rest), (name.right + pad, r.centery), small,
                          theme.INK if hot else theme.INK_DIM, anchor="midleft")
            return
        draw_text(surface, ellipsize(self.text, self.size, room, True), (x, r.centery - 2), self.size, theme.INK, True,
                  anchor="bottomleft")
        draw_text(surface, ellipsize(self.line, small, room), (x, r.centery + 4), small,
                  theme.INK if hot else theme.INK_DIM, anchor="topleft")


class ToolsScreen(UIScene):
    """The list of tools; choosing one pushes its screen."""

    def __init__(self, content: Content):
        super().__init__()
        self.content = content
        self.focus = 0
        self.screens: dict[str, object] = {}      # each tool's screen, kept while the hub lives (decks, the board)

    def open(self, key: str) -> None:
        if key not in self.screens:
            self.screens[key] = open_tool(key, self.content)
        self.app.push(self.screens[key])

    def layout(self, w: int, h: int) -> None:
        px = self.px
        cards = [ToolCard(i + 1, key, name, line, lambda key=key: self.open(key), px(27))
                 for i, (key, name, line, _) in enumerate(TOOLS)]
        self.menu = MenuList(cards)
        self.menu.focus = self.focus
        self.menu._sync()
        top = px(150)
        bottom = h - px(150)
        gap = px(12)
        item_h = min(px(96), (bottom - top - gap * (len(cards) - 1)) // len(cards))
        width = min(w - 2 * px(40), px(900))
        self.menu.place(px(40), top, width, item_h, gap)
        self.widgets.append(self.menu)
        back = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(22))
        back.rect = pygame.Rect(px(40), h - px(70), px(160), px(48))
        self.widgets.append(back)

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if hasattr(self, "menu"):
            self.focus = self.menu.focus

    @property
    def cards(self) -> list[ToolCard]:
        self.ensure_layout()
        return list(self.menu.buttons)

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        self.draw_header(surface, "Tools", "Companions for a game on a real table: odds, the Director, the decks, "
                                           "scenarios and feeding frenzies.")
        focused = self.menu.focused
        about = next((text for key, _, _, text in TOOLS if key == focused.key), "")
        y = self.menu.rect.bottom + px(22)
        draw_text(surface, ellipsize(about, px(21), surface.get_width() - px(80)), (px(40), y), px(21), theme.INK_DIM)
        draw_text(surface, "1-5  open a tool      Up/Down + Enter  choose      Esc  back",
                  (surface.get_width() - px(40), surface.get_height() - px(46)), px(18), theme.INK_FAINT,
                  anchor="midright")
