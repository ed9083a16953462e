"""The camp's status strip: the day as four watch pips, the supplies and how many days they last, the city's Doom and
what it does to the next mission, and the missions won towards the evacuation point."""
from __future__ import annotations

import pygame

from game.campaign import rules as R
from game.campaign.state import Campaign
from game.campaign.tables import campaign_rules
from game.content.defs import Content
from game.ui.widgets import theme
from game.ui.widgets.controls import draw_panel, draw_text, ellipsize, mix


def _pips(surface: pygame.Surface, x: int, cy: int, n: int, full: int, colour, r: int, current: int = -1) -> int:
    for i in range(n):
        c = (x + r + i * (2 * r + r // 2 + 2), cy)
        if i < full:
            pygame.draw.circle(surface, colour, c, r)
        else:
            pygame.draw.circle(surface, mix(colour, theme.PANEL, 0.55), c, r, max(1, r // 3))
        if i == current:
            pygame.draw.circle(surface, theme.INK, c, r + 2, 1)
    return x + n * (2 * r + r // 2 + 2)


def draw_status(surface: pygame.Surface, rect: pygame.Rect, camp: Campaign, content: Content, s: float) -> None:
    cr = campaign_rules(content)
    gap = int(10 * s)
    w = (rect.width - 3 * gap) // 4
    per_day = len(camp.alive()) * cr.supplies["eaten_per_survivor"]
    days = camp.supplies // per_day if per_day else 0
    heat, doom = R.city_pressure(camp, content)
    goal = cr.goal["missions"]
    watches = cr.time["watches_per_day"]
    effect = ("next mission: " + ", ".join(([f"+{heat} Heat at the start"] if heat else [])
                                           + ([f"Doom track +{doom}"] if doom else [])) if heat or doom
              else "the city is still quiet")
    blocks = [
        ("DAY", str(camp.day), ("watches", watches, camp.watch, theme.ACCENT), f"watch {camp.watch + 1} of {watches}"),
        ("SUPPLIES", str(camp.supplies), None,
         f"{'lasts ' + str(days) + ' day' + ('s' if days != 1 else '') if days else 'gone by morning'}"
         f" - {per_day} eaten a day"),
        ("CITY DOOM", str(camp.city_doom), None, effect),
        ("MISSIONS WON", f"{camp.missions_won}/{goal}", ("won", goal, camp.missions_won, theme.GOOD),
         "then the evacuation point"),
    ]
    for i, (label, value, pips, note) in enumerate(blocks):  # the value large; its name and meaning beside it
        r = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.height)
        tone = {1: theme.DANGER if days < 2 else None, 2: theme.DOOM if heat or doom else None}.get(i)
        draw_panel(surface, r, mix(theme.PANEL, tone, 0.12) if tone else theme.PANEL,
                   tone or theme.PANEL_EDGE, radius=int(8 * s))
        pad = int(12 * s)
        val = draw_text(surface, value, (r.x + pad, r.centery + int(1 * s)), int(32 * s), tone or theme.INK, True,
                        anchor="midleft")
        x = val.right + int(12 * s)
        lab = draw_text(surface, label, (x, r.y + int(9 * s)), int(14 * s), theme.INK_FAINT, True)
        if pips is not None:
            _, n, full, colour = pips
            current = full if label == "DAY" else -1
            _pips(surface, lab.right + int(10 * s), lab.centery, n, full, colour, max(4, int(6 * s)), current)
        draw_text(surface, ellipsize(note, int(15 * s), r.right - pad - x), (x, r.bottom - int(9 * s)),
                  int(15 * s), theme.INK_DIM, anchor="bottomleft")
