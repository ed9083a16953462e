"""The camp's missions: a list of readable rows (name, kind, the watches it costs) and, for the chosen one, a briefing
with the map thumbnail, who would go and what the city's Doom adds to it."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.campaign import rules as R
from game.campaign.mission import choose_team, mission_content
from game.campaign.state import Campaign
from game.campaign.tables import campaign_rules
from game.content.defs import Content, ScenarioDef
from game.ui.widgets import theme
from game.ui.widgets.controls import HOVER, Widget, draw_panel, draw_text, draw_wrapped, ellipsize, line_height, mix
from game.ui.widgets.map_card import draw_map_card

KEYS = [getattr(pygame, f"K_{i}") for i in range(1, 10)] + [pygame.K_0]
GOALS = {"extract": "Get out", "deliver": "Fetch and carry", "hold": "Hold", "survive": "Survive",
         "interact": "Objective"}


@dataclass(frozen=True)
class Offer:
    id: str
    scenario: ScenarioDef
    content: Content            # the content it plays on (a quick-play mission's own)
    team: tuple[str, ...]       # names of who would go
    quick: bool

    @property
    def kind(self) -> str:
        goal = GOALS.get(self.scenario.tasks[-1].kind, "Objective") if self.scenario.tasks else "Objective"
        bits = [goal] + (["night"] if self.scenario.sight else []) + (["quick-play"] if self.quick else [])
        return ", ".join(bits)


def offer(camp: Campaign, content: Content, sid: str) -> Offer:
    team = choose_team(camp, content, sid)
    mcontent, scen = mission_content(content, sid, tuple(m.archetype for m in team))
    return Offer(sid, scen, mcontent, tuple(m.name for m in team), sid not in content.scenarios)


def under_way(camp: Campaign, content: Content) -> Offer:
    """The mission the band is out on, as an offer: who went, on what ground."""
    record = camp.mission
    team = [camp.member(i) for i in record.team]
    mcontent, scen = mission_content(content, record.scenario, tuple(m.archetype for m in team))
    return Offer(record.scenario, scen, mcontent, tuple(m.name for m in team), record.scenario not in content.scenarios)


def watches(content: Content) -> int:
    t = campaign_rules(content).time
    return t["travel_watches"] + t["mission_watches"]


def doom_line(camp: Campaign, content: Content) -> str:
    heat, doom = R.city_pressure(camp, content)
    if not heat and not doom:
        return "The city is quiet yet: nothing added."
    parts = ([f"+{heat} Heat in round 1"] if heat else []) + ([f"the Doom track starts {doom} space"
                                                               f"{'s' if doom != 1 else ''} on"] if doom else [])
    return "City Doom adds: " + " and ".join(parts) + "."


class MissionList(Widget):
    """Rows of missions; a click (or 1-9, 0, or the arrows) chooses one, a second click (or Enter) goes."""

    def __init__(self, offers: list[Offer], cost: int, on_select: Callable[[int], None], on_go: Callable[[], None],
                 s: float, selected: int = 0):
        super().__init__()
        self.offers, self.cost, self.s = offers, cost, s
        self.on_select, self.on_go = on_select, on_go
        self.selected = selected
        self.hover = -1
        self.offset = 0                 # the first row shown; the list scrolls to keep the chosen one in view
        self._follow()

    def _follow(self) -> None:
        n = self.visible_rows()
        self.offset = max(0, min(self.offset, self.selected, len(self.offers) - n))
        if self.selected >= self.offset + n:
            self.offset = self.selected - n + 1

    def row_h(self) -> int:
        return max(int(30 * self.s), line_height(int(18 * self.s), True) + int(8 * self.s))

    def row_rect(self, i: int) -> pygame.Rect:
        """Row i of the offers (by its place in the whole list)."""
        h = self.row_h()
        return pygame.Rect(self.rect.x, self.rect.y + (i - self.offset) * (h + int(3 * self.s)), self.rect.width, h)

    def shown(self) -> range:
        return range(self.offset, min(len(self.offers), self.offset + self.visible_rows()))

    def visible_rows(self) -> int:
        return max(1, (self.rect.height + int(3 * self.s)) // (self.row_h() + int(3 * self.s)))

    def _at(self, pos) -> int:
        return next((i for i in self.shown() if self.row_rect(i).collidepoint(pos)), -1)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            i = self._at(event.pos)
            if i >= 0:
                if i == self.selected:
                    self.on_go()
                else:
                    self.on_select(i)
                return True
        elif event.type == pygame.KEYDOWN:
            if event.key in KEYS and KEYS.index(event.key) < len(self.offers):
                self.on_select(KEYS.index(event.key))
                return True
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key)
            if step and self.offers:
                self.on_select((self.selected + step) % len(self.offers))
                return True
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()) and self.offers:
            self.on_select(max(0, min(len(self.offers) - 1, self.selected - event.y)))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        name_size, small = int(18 * s), int(14 * s)
        for i in self.shown():
            o, r = self.offers[i], self.row_rect(i)
            chosen = i == self.selected
            fill = mix(theme.PANEL, theme.ACCENT, 0.12) if chosen else (HOVER if i == self.hover else
                                                                         mix(theme.PANEL, theme.BG, 0.35))
            draw_panel(surface, r, fill, theme.ACCENT if chosen else None, radius=int(5 * s), width=2 if chosen else 0)
            key = str((i + 1) % 10)
            draw_text(surface, key, (r.x + int(12 * s), r.centery), small, theme.INK_FAINT, True, anchor="center")
            right = f"{o.kind}  -  {self.cost} watches"
            rw = draw_text(surface, right, (r.right - int(8 * s), r.centery), small,
                           theme.INK_DIM if chosen else theme.INK_FAINT, anchor="midright").width
            draw_text(surface, ellipsize(o.scenario.name, name_size, r.width - rw - int(36 * s), True),
                      (r.x + int(24 * s), r.centery), name_size, theme.INK if chosen else mix(theme.INK, theme.INK_DIM,
                                                                                              0.5),
                      True, anchor="midleft")
        more = [(self.offset > 0, "midtop", self.rect.top), (self.offset + self.visible_rows() < len(self.offers),
                                                              "midbottom", self.row_rect(self.shown()[-1]).bottom)]
        for show, anchor, y in more if self.offers else []:
            if show:        # a small notch saying the list goes on
                pygame.draw.polygon(surface, theme.ACCENT, _notch(self.rect.right - int(14 * s), y, int(5 * s),
                                                                  anchor == "midtop"))


def _notch(x: int, y: int, r: int, up: bool) -> list[tuple[int, int]]:
    return [(x - r, y + r), (x + r, y + r), (x, y)] if up else [(x - r, y - r), (x + r, y - r), (x, y)]


def draw_briefing(surface: pygame.Surface, rect: pygame.Rect, camp: Campaign, content: Content, o: Offer,
                  s: float) -> None:
    """The chosen mission: its name and blurb, the map, who goes, what it costs and what the city adds."""
    pad = int(12 * s)
    inner = rect.inflate(-2 * pad, -2 * pad)
    y = inner.y
    y = draw_text(surface, ellipsize(o.scenario.name, int(22 * s), inner.width, True), (inner.x, y), int(22 * s),
                  theme.INK, True).bottom + int(2 * s)
    draw_text(surface, ellipsize(o.kind[0].upper() + o.kind[1:], int(14 * s), inner.width), (inner.x, y),
              int(14 * s), theme.ACCENT, True)
    y += line_height(int(14 * s), True) + int(6 * s)
    side = min(inner.height - (y - inner.y), inner.width * 2 // 5)
    if side > int(60 * s):
        draw_map_card(surface, pygame.Rect(inner.x, y, side, side), o.content.maps[o.scenario.map], o.scenario, s,
                      legend=False)
        tx = inner.x + side + pad
    else:
        tx = inner.x
    text = pygame.Rect(tx, y, inner.right - tx, inner.bottom - y)
    small = int(15 * s)
    lh = line_height(small)
    room = text.height // lh
    lines = [(f"Goes: {', '.join(o.team) or 'nobody is fit'}", theme.INK),
             (f"Costs {watches(content)} watches there and back", theme.INK_DIM),
             (doom_line(camp, content), theme.DOOM if any(R.city_pressure(camp, content)) else theme.INK_DIM)]
    for line, colour in lines:
        used = draw_wrapped(surface, line, pygame.Rect(text.x, y, text.width, 0), small, colour,
                            max_lines=max(1, min(2, room)))
        y += used + int(4 * s)
        room = (text.bottom - y) // lh
        if room <= 0:
            return
    draw_wrapped(surface, o.scenario.blurb, pygame.Rect(text.x, y, text.width, 0), small, theme.INK_FAINT,
                 max_lines=room)
