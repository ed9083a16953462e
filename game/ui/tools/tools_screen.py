"""The Tools hub: the five table companions, for a group playing Borrowed Time with miniatures on a real table.

    ToolsScreen(content)   a Scene; each entry opens one tool screen (game/ui/tool_*.py). Keys 1-5 open them
                           directly, Up/Down and Enter work too, Esc goes back. A tool's screen is kept while the
                           hub is open, so going back and in again finds the decks and the board as they were.

The decks and the round's Heat total live on a table (game.tools.desk_table): this computer's own by default, or the
phones' table joined by typing its code (the one `serve` shows). They survive leaving Tools and restarting the game;
a database that cannot be used is named on the hub and the tools carry on in memory.
"""
from __future__ import annotations

import pygame

from game.content.defs import Content
from game.tools.common import ToolError
from game.tools.desk_table import DeskTable
from game.tools.table_store import shown
from game.ui.tools.tool_calc import CalculatorScreen
from game.ui.tools.tool_director import DirectorScreen
from game.ui.tools.tool_frenzy import FrenzyScreen
from game.ui.tools.tool_quickplay import QuickPlayToolScreen
from game.ui.tools.tool_scavenge import ScavengeScreen
from game.ui.widgets import theme
from game.ui.widgets.controls import Button, MenuList, UIScene, draw_text, draw_wrapped, ellipsize, line_height, mix
from game.ui.widgets.tool_inputs import TextField, tool_error_text

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


TABLE_TOOLS = ("calc", "scavenge", "director")      # the screens whose state is the table's


def open_tool(key: str, content: Content, table: DeskTable | None = None):
    """The screen for one tool (the table's decks and Heat total when a table is given)."""
    if key == "calc":
        return CalculatorScreen(content, table=table)
    if key == "director":
        return DirectorScreen(content, table=table)
    if key == "scavenge":
        return ScavengeScreen(content, table=table)
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

    def __init__(self, content: Content, table: DeskTable | None = None):
        super().__init__()
        self.content = content
        self.focus = 0
        self.screens: dict[str, object] = {}      # each tool's screen, kept while the hub lives (decks, the board)
        self.table = table or DeskTable()
        self.code_text = ""                       # a table code being typed
        self.message = ""                         # what the last join / new table did, or why not
        self.message_bad = False

    def open(self, key: str) -> None:
        if key not in self.screens:
            self.screens[key] = open_tool(key, self.content, self.table)
        self.app.push(self.screens[key])

    # --- the table ----------------------------------------------------------------------------------------------
    def join(self) -> None:
        """Sit at the table whose code was typed (the phones' table)."""
        try:
            code = self.table.join(self.code_text)
        except ToolError as exc:
            self.message, self.message_bad = tool_error_text(exc), True
            return
        self._moved(f"Joined table {shown(code)}: the decks and the Heat total are that table's.")

    def start_new(self) -> None:
        try:
            code = self.table.start_new()
        except ToolError as exc:
            self.message, self.message_bad = tool_error_text(exc), True
            return
        self._moved(f"New table {shown(code)}: fresh decks and no Heat yet. Phones join it with this code.")

    def _moved(self, message: str) -> None:
        for key in TABLE_TOOLS:          # their screens read the new table when next opened
            self.screens.pop(key, None)
        self.code_text, self.message, self.message_bad = "", message, False
        self.relayout()

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
        # beside Back: which table the tools sit at, a code to join, a new table
        row_y, row_h = back.rect.y, back.rect.height
        right = px(40) + width
        new = Button("New table", self.start_new, size=px(19), hint="", enabled=self.table.online,
                     tooltip="Start a fresh table: new decks, no Heat. Phones join it with its code.")
        new.rect = pygame.Rect(right - px(150), row_y, px(150), row_h)
        join = Button("Join", self.join, size=px(19), hint="", enabled=self.table.online,
                      tooltip="Sit at the table with this code: share its decks and Heat with the phones.")
        join.rect = pygame.Rect(new.rect.x - px(10) - px(90), row_y, px(90), row_h)
        self.code_field = TextField(self.code_text, self._code_typed, size=px(20), max_len=16,
                                    placeholder="Table code", tooltip="The code `serve` shows, e.g. 4829 1307 7265.")
        self.code_field.place(pygame.Rect(join.rect.x - px(10) - px(150), row_y, px(150), row_h))
        self.table_row = pygame.Rect(back.rect.right + px(20), row_y, self.code_field.rect.x - px(14)
                                     - back.rect.right - px(20), row_h)
        self.widgets += [self.code_field, join, new]

    def _code_typed(self, text: str) -> None:
        self.code_text = text

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        field = self.code_field
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            field.focused = field.rect.collidepoint(event.pos)
        elif field.focused and event.type == pygame.TEXTINPUT:
            field.text_input(event)
            return
        elif field.focused and event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join()
            elif event.key in (pygame.K_ESCAPE, pygame.K_TAB):
                field.focused = False
            else:
                field.key(event)            # Backspace; typed letters arrive as TEXTINPUT
            return
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
        y = self.menu.rect.bottom + px(18)
        room = pygame.Rect(px(40), y, surface.get_width() - px(80), 0)
        if not self.table.online or self.message_bad:       # why there is no table, or why the code failed
            draw_wrapped(surface, self.table.problem if not self.table.online else self.message, room, px(19),
                         theme.DANGER, max_lines=2)
        else:
            draw_text(surface, ellipsize(about, px(21), room.width), room.topleft, px(21), theme.INK_DIM)
            keys = "1-5  open a tool      Up/Down + Enter  choose      Esc  back"
            draw_text(surface, keys, (room.right, y + line_height(px(21)) + px(8)), px(18), theme.INK_FAINT,
                      anchor="topright")
        self._draw_table(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        """Which table the tools sit at (or that there is none), and what the last join or new table did."""
        px = self.px
        r = self.table_row
        if self.table.online:
            head, color = f"Table {shown(self.table.code)}", theme.INK
            line = "" if self.message_bad else self.message or "Decks, Heat and the Director board are kept on it."
        else:
            head, color, line = "No table", theme.DANGER, "Memory only: nothing is kept after you quit."
        size = px(22) if r.height >= line_height(px(22), True) + line_height(px(16)) else px(18)
        name = draw_text(surface, ellipsize(head, size, r.width, True), (r.x, r.y), size, color, True)
        draw_text(surface, ellipsize(line, px(16), r.width), (r.x, name.bottom + px(2)), px(16), theme.INK_DIM)
