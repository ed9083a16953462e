"""The main menu: the title, the way into every part of the game, and a map of the city behind it."""
from __future__ import annotations

import random

import pygame

from game.content.defs import Content
from game.ui.menus.settings_screen import SettingsScene
from game.ui.widgets import theme
from game.ui.widgets.app import new_seed
from game.ui.widgets.controls import Button, MenuList, UIScene, confirm, draw_text, text_size
from game.ui.widgets.map_card import map_thumbnail
from game.ui.widgets.navigation import route

VERSION = "0.1"


@route("main_menu")
class MainMenu(UIScene):
    """Play a scenario, Quick-Play, Watch a demo, Tutorial, Sandbox, Campaign, Tools, Load, Settings, Quit."""

    ENTRIES = (
        ("play", "Play a scenario", "Pick one of the hand-built scenarios, then your team."),
        ("quick", "Quick-Play", "Roll a fresh scenario on the quick-play tables and play it."),
        ("demo", "Watch a demo", "The survivor AI plays a whole game against the Director while you watch."),
        ("tutorial", "Tutorial", "Learn to play in short lessons on small boards, one rule at a time."),
        ("sandbox", "Sandbox", "Set up any position on any map and see what the rules say about it."),
        ("campaign", "Campaign", "Lead one band across many nights: scars, stress, supplies and a choice of missions."),
        ("tools", "Tools", "Odds, the Director, the decks, Quick-Play rolls and frenzies for a game on a real table."),
        ("load", "Load", "Carry on with a saved game, or watch a finished one again (Replays)."),
        ("settings", "Settings", "Window size, animation speed, tooltips."),
        ("quit", "Quit", "Close the game."),
    )
    DISABLED: set[str] = set()

    def __init__(self, content: Content):
        super().__init__()
        self.content = content
        self.backdrop_map = next(iter(content.scenarios.values()), None)
        self._backdrop: pygame.Surface | None = None
        self._backdrop_size: tuple[int, int] | None = None
        self.focus = 0

    def layout(self, w: int, h: int) -> None:
        px = self.px
        actions = {"play": self.play, "quick": self.quick_play, "demo": self.demo, "load": self.load,
                   "settings": self.settings, "quit": self.quit, "tools": self.tools, "tutorial": self.tutorial,
                   "campaign": self.campaign, "sandbox": self.sandbox}
        buttons = []
        for key, label, tip in self.ENTRIES:
            enabled = key not in self.DISABLED
            b = Button(label, actions.get(key), enabled=enabled, tooltip=tip if not enabled else "",
                       style="quiet", size=px(28), align="left", hint="" if enabled else "soon")
            b.key = key
            buttons.append(b)
        self.menu = MenuList(buttons)
        self.menu.focus = self.focus
        self.menu._sync()
        self.left = px(96)
        self.title_y = max(px(56), h // 2 - px(300))
        top = self.title_y + px(150)
        self.menu.place(self.left - px(14), top, px(360), px(38), px(3))     # ten entries above the footer at 720
        self.widgets.append(self.menu)

    def enter(self) -> None:
        super().enter()

    # actions
    # The screens behind the entries load when first chosen, so the menu is on screen fast (none leads back here
    # by import: the way back is the "main_menu" route).
    def play(self) -> None:
        from game.ui.menus.setup import ScenarioSelect
        self.app.push(ScenarioSelect(self.content))

    def quick_play(self) -> None:
        from game.ui.menus.setup import QuickPlayScene
        self.app.push(QuickPlayScene(self.content))

    def campaign(self) -> None:
        from game.ui.camp.camp_list import open_campaign
        open_campaign(self.app, self.content)

    def demo(self, scenario: str | None = None, seed: int | None = None) -> None:
        from game.ui.menus.setup import new_game
        sid = scenario or random.choice(list(self.content.scenarios))
        new_game(self.app, self.content, sid, seed if seed is not None else new_seed(),
                 self.content.scenarios[sid].team, demo_level="veteran")

    def load(self) -> None:
        from game.ui.menus.replays_screen import ReplaysScene
        from game.ui.menus.saves_screen import SavesScene
        self.app.push(SavesScene(self.content, replays=lambda: self.app.push(ReplaysScene(self.content))))

    def settings(self) -> None:
        self.app.push(SettingsScene())

    def tutorial(self) -> None:
        from game.ui.board.tutorial_scene import open_tutorial
        open_tutorial(self.app, self.content)

    def sandbox(self) -> None:
        from game.tools.sandbox import start_position
        from game.ui.tools.sandbox_scene import SandboxScene
        first = next(iter(self.content.scenarios.values()))
        self.app.push(SandboxScene(self.content, start_position(self.content, first.map)))

    def tools(self) -> None:
        from game.ui.tools.tools_screen import ToolsScreen
        self.app.push(ToolsScreen(self.content))

    def quit(self) -> None:
        self.app.running = False

    def back(self) -> None:
        confirm(self.app, "Quit Borrowed Time?", "The city will still be here tomorrow.", "Quit", self.quit,
                "Stay")

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if hasattr(self, "menu"):
            self.focus = self.menu.focus

    # drawing
    def _backdrop_for(self, w: int, h: int) -> pygame.Surface | None:
        """The first scenario's whole map, dim, on the right, fading into the background on its left."""
        if self.backdrop_map is None:
            return None
        if self._backdrop is not None and self._backdrop_size == (w, h):
            return self._backdrop
        mapdef = self.content.maps[self.backdrop_map.map]
        cell = max(2, h // mapdef.height)
        img = map_thumbnail(mapdef, cell, self.backdrop_map, markers=False).copy()
        iw, ih = img.get_size()
        shade = pygame.Surface((iw, ih), pygame.SRCALPHA)
        shade.fill((*theme.BG, 150))
        img.blit(shade, (0, 0))
        fade = pygame.Surface((iw, ih), pygame.SRCALPHA)
        edges = pygame.Surface((iw, ih), pygame.SRCALPHA)
        fade.fill((*theme.BG, 0))
        edges.fill((*theme.BG, 0))
        left, edge = iw * 2 // 3, max(8, ih // 8)
        for x in range(left):       # a long fade on the left, into the menu
            alpha = int(255 * (1 - x / left) ** 1.4)
            pygame.draw.line(fade, (*theme.BG, alpha), (x, 0), (x, ih))
        for d in range(edge):       # short fades on the other three edges
            alpha = int(255 * (1 - d / edge) ** 2)
            color = (*theme.BG, alpha)
            pygame.draw.line(edges, color, (0, d), (iw, d))
            pygame.draw.line(edges, color, (0, ih - 1 - d), (iw, ih - 1 - d))
            pygame.draw.line(edges, color, (iw - 1 - d, d), (iw - 1 - d, ih - 1 - d))
        fade.blit(edges, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
        img.blit(fade, (0, 0))
        self._backdrop, self._backdrop_size = img, (w, h)
        return img

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        w, h = surface.get_size()
        img = self._backdrop_for(w, h)
        x = self.left
        y = self.title_y
        title_w = text_size("BORROWED TIME", px(92), True)[0]
        if img is not None:
            surface.blit(img, (max(w - img.get_width(), x + title_w - px(40)), (h - img.get_height()) // 2))
        r = draw_text(surface, "BORROWED TIME", (x, y), px(92), theme.INK, True)
        pygame.draw.rect(surface, theme.ACCENT, (x, r.bottom + px(10), px(64), px(4)))
        draw_text(surface, "Every sound you make is spent against you.", (x, r.bottom + px(26)), px(25),
                  theme.INK_DIM)
        focused = self.menu.focused
        tip = next((t for k, _, t in self.ENTRIES if k == getattr(focused, "key", "")), "")
        if tip and focused.enabled:
            draw_text(surface, tip, (x, self.menu.rect.bottom + px(22)), px(21), theme.INK_DIM)
        foot = h - px(30)
        draw_text(surface, f"v{VERSION}  -  rules v0.2 playtest      F1  rules help", (x, foot), px(18),
                  theme.INK_FAINT, anchor="bottomleft")
