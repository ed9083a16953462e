"""The mission debrief, between the board and the camp: what happened (the key moments and the Heat chart, as the end
screen tells them), then each survivor of the team - came home or fell, wounds and stress before and after and why,
scars, conditions and Stressful Events taken, cards found or left behind - and the supplies. The numbers are the
campaign's own (game.campaign.debrief). Enter goes on to the camp.

`watch_again`, when given, is called by the "Watch again" button (the replay of this mission); without it the
button is not shown.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.campaign.debrief import Debrief, SurvivorDebrief
from game.campaign.tables import campaign_rules
from game.content.defs import Content
from game.ui.board.end_screen import GameStats, draw_heat_chart, draw_moments, verdict
from game.ui.menus.setup import portrait
from game.ui.widgets import theme
from game.ui.widgets.controls import Button, UIScene, Widget, draw_panel, draw_text, ellipsize, line_height, mix


class DebriefScreen(UIScene):
    def __init__(self, content: Content, report: Debrief, stats: GameStats, session,
                 watch_again: Callable[[], None] | None = None):
        super().__init__()
        self.content = content
        self.report = report
        self.stats = stats
        self.headline, self.cause_text = verdict(stats, session)
        self.watch_again = watch_again
        self.breaking_point = campaign_rules(content).breaking_point

    def layout(self, w: int, h: int) -> None:
        px = self.px
        margin = px(32)
        by = h - px(64)
        go_on = Button("To the camp", self.back, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE),
                       hint="Enter", style="primary", size=px(24), tooltip="Home to the camp: rest, treat, trade.")
        go_on.rect = pygame.Rect(w - margin - px(240), by, px(240), px(46))
        self.widgets.append(go_on)
        if self.watch_again is not None:
            again = Button("Watch again", self.watch_again, hotkey=pygame.K_w, hint="W", size=px(22),
                           tooltip="The mission's replay, from the first round.")
            again.rect = pygame.Rect(go_on.rect.x - px(236), by, px(220), px(46))
            self.widgets.append(again)
        top = px(128)
        gap = px(16)
        bottom = by - px(16)
        left_w = (w - 2 * margin - gap) * 2 // 5
        self.story = pygame.Rect(margin, top, left_w, bottom - top)
        self.band = pygame.Rect(margin + left_w + gap, top, w - 2 * margin - gap - left_w, bottom - top)
        self.supplies = pygame.Rect(margin, by, go_on.rect.x - margin - px(16) - (px(236) if self.watch_again
                                                                                   else 0), px(46))
        self.rows = self._row_rects()
        for rect, row in zip(self.rows, self.report.survivors, strict=False):
            self.widgets.append(Widget(rect, self._row_tip(row)))

    def back(self) -> None:
        self.app.pop()

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        r = self.report
        margin = px(32)
        draw_text(surface, "MISSION DEBRIEF", (margin, px(22)), px(17), theme.INK_FAINT, True)
        colour = theme.GOOD if r.won else theme.DANGER
        head = draw_text(surface, f"{r.scenario}: {'won' if r.won else 'lost'}", (margin, px(42)), px(44), colour,
                         True)
        draw_text(surface, ellipsize(self.cause_text, px(21), surface.get_width() - 2 * margin),
                  (margin, head.bottom + px(4)), px(21), theme.INK)
        self._story(surface)
        self._band(surface)
        self._supplies(surface)

    def _panel(self, surface, rect: pygame.Rect, title: str) -> pygame.Rect:
        px = self.px
        draw_panel(surface, rect, radius=px(12), shadow=True)
        pad = px(16)
        draw_text(surface, title.upper(), (rect.x + pad, rect.y + pad), px(16), theme.INK_DIM, True)
        top = rect.y + pad + line_height(px(16), True) + px(8)
        return pygame.Rect(rect.x + pad, top, rect.width - 2 * pad, rect.bottom - pad - top)

    def _story(self, surface) -> None:
        px = self.px
        inner = self._panel(surface, self.story, "What happened")
        st = self.stats
        draw_text(surface, f"{st.rounds} rounds, Doom {st.doom}/{st.doom_length}", (inner.right, self.story.y +
                  px(16)), px(16), theme.INK_DIM, anchor="topright")
        chart_h = min(px(190), inner.height // 2)
        moments = pygame.Rect(inner.x, inner.y, inner.width, inner.height - chart_h - px(10))
        if st.moments:
            draw_moments(surface, moments, st.moments, px)
        else:
            draw_text(surface, "A quiet night: nobody fell, nothing escalated.", moments.topleft, px(17),
                      theme.INK_DIM)
        box = pygame.Rect(inner.x, inner.bottom - chart_h, inner.width, chart_h)
        draw_text(surface, "HEAT PER ROUND", box.topleft, px(15), theme.INK_FAINT, True)
        chart = pygame.Rect(box.x, box.y + line_height(px(15), True), box.width, box.height - line_height(px(15),
                                                                                                       True))
        draw_heat_chart(surface, chart, box.y, st, self.content.rules.heat_max, px)

    def _row_rects(self) -> list[pygame.Rect]:
        px = self.px
        inner = self.band.inflate(-2 * px(16), 0)
        top = self.band.y + px(16) + line_height(px(16), True) + px(8)
        n = max(1, len(self.report.survivors))
        h = min(px(118), (self.band.bottom - px(12) - top) // n)
        return [pygame.Rect(inner.x, top + i * h, inner.width, h - px(6)) for i in range(n)]

    def _band(self, surface) -> None:
        px = self.px
        self._panel(surface, self.band, "The team")
        home = sum(1 for d in self.report.survivors if not d.fell)
        draw_text(surface, f"{home} came home, {len(self.report.fallen)} fell", (self.band.right - px(16),
                  self.band.y + px(16)), px(16), theme.INK_DIM, anchor="topright")
        for rect, row in zip(self.rows, self.report.survivors, strict=False):
            self._row(surface, rect, row)

    def _row(self, surface, rect: pygame.Rect, d: SurvivorDebrief) -> None:
        px = self.px
        pygame.draw.rect(surface, mix(theme.BG, theme.PANEL, 0.45), rect, border_radius=px(8))
        if d.fell:
            pygame.draw.rect(surface, theme.DANGER, (rect.x, rect.y, px(4), rect.height),
                             border_top_left_radius=px(8), border_bottom_left_radius=px(8))
        pic = px(36)
        x0 = rect.x + px(10)
        img = portrait(d.archetype, pic)
        if img is not None:
            if d.fell:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, (x0, rect.y + px(8)))
        x = x0 + pic + px(10)
        y = rect.y + px(6)
        name = draw_text(surface, d.name, (x, y), px(21), theme.INK_DIM if d.fell else theme.INK, True)
        arch = self.content.archetypes[d.archetype].name
        draw_text(surface, arch, (name.right + px(8), name.bottom - px(2)), px(15), theme.INK_FAINT,
                  anchor="bottomleft")
        fate = f"Fell: {d.fell}" if d.fell else "Came home"
        draw_text(surface, ellipsize(fate, px(17), rect.width // 2, True), (rect.right - px(10), y + px(2)), px(17),
                  theme.DANGER if d.fell else theme.GOOD, True, anchor="topright")
        y = name.bottom + px(4)
        size = px(16)
        lh = line_height(size)
        # wounds as pips (lost this mission in red), stress as a bar with the gain marked
        label = draw_text(surface, "WOUNDS", (x, y), px(13), theme.INK_FAINT, True)
        pip = max(4, px(5))
        for i in range(d.wounds_max):
            c = (label.right + px(8) + pip + i * (2 * pip + px(3)), label.centery)
            if i < d.wounds_after:
                pygame.draw.circle(surface, theme.GOOD, c, pip)
            elif i < d.wounds_before:
                pygame.draw.circle(surface, theme.DANGER, c, pip)
            else:
                pygame.draw.circle(surface, theme.INK_FAINT, c, pip, max(1, px(1.5)))
        wx = label.right + px(8) + d.wounds_max * (2 * pip + px(3)) + px(6)
        wounds = f"{d.wounds_after} of {d.wounds_max} left (took {d.wounds_taken})" + \
            (f", {d.kills} kill{'s' if d.kills != 1 else ''}" if d.kills else "")
        wr = draw_text(surface, wounds, (wx, y), size, theme.INK)
        if not d.fell:          # the stress of the fallen no longer counts
            sx = max(wr.right + px(18), rect.x + rect.width // 2)
            slab = draw_text(surface, "STRESS", (sx, y), px(13), theme.INK_FAINT, True)
            bar = pygame.Rect(slab.right + px(8), slab.centery - px(5), px(80), px(10))
            self._stress_bar(surface, bar, d)
            stress = f"{d.stress_after} of {self.breaking_point}" + \
                (f"  (was {d.stress_before}, +{d.stress_gained}{', broke' if d.broke else ''})" if d.stress_gained
                 else "")
            draw_text(surface, ellipsize(stress, size, rect.right - bar.right - px(16)), (bar.right + px(8), y), size,
                      theme.INK)
        y += lh + px(2)
        for text, colour in self._facts(d):
            if y + lh > rect.bottom - px(2):
                break
            draw_text(surface, ellipsize(text, size, rect.right - x - px(10)), (x, y), size, colour)
            y += lh

    def _stress_bar(self, surface, bar: pygame.Rect, d: SurvivorDebrief) -> None:
        px = self.px
        bp = self.breaking_point
        pygame.draw.rect(surface, mix(theme.BG, theme.PANEL, 0.3), bar, border_radius=px(3))
        fill = bar.width * min(d.stress_after, bp) // max(1, bp)
        if fill:
            pygame.draw.rect(surface, mix(theme.ACCENT, theme.DANGER, d.stress_after / bp),
                             (bar.x, bar.y, fill, bar.height), border_radius=px(3))
        for i in range(1, bp):
            tx = bar.x + bar.width * i // bp
            pygame.draw.line(surface, theme.BG, (tx, bar.y), (tx, bar.bottom - 1))

    def _facts(self, d: SurvivorDebrief) -> list[tuple[str, tuple]]:
        """The lines under a survivor: why the stress, what broke, scars and conditions, cards."""
        out = []
        if d.stress_why:
            why = ", ".join(f"{reason} (+{n})" for reason, n in d.stress_why)
            out.append((f"Stress: {why}", theme.HEAT))
        if d.broke:
            out.append((f"Broke under the stress: {d.broke} waits for the next mission; stress back to "
                        f"{d.stress_after}", theme.ACCENT))
        marks = [f"Scar: {s}" for s in d.scars] + d.conditions
        if marks:
            out.append(("Now: " + ", ".join(marks), mix(theme.DANGER, theme.INK, 0.3)))
        if d.finds:
            out.append(("Brought home: " + ", ".join(d.finds), theme.GOOD))
        if d.left:
            out.append(("Left behind: " + ", ".join(d.left), theme.INK_DIM))
        if not out and not d.fell:
            out.append(("Nothing else: no new scar, condition or card.", theme.INK_FAINT))
        return out

    def _row_tip(self, d: SurvivorDebrief) -> str:
        bp = self.breaking_point
        return (f"{d.name}: wounds left {d.wounds_after} of {d.wounds_max} (red pips: lost this mission; rests heal "
                f"them). Stress {d.stress_after} of {bp}: at {bp} a survivor breaks and a Stressful Event waits for "
                f"the next mission.")

    def _supplies(self, surface) -> None:
        px = self.px
        r = self.report
        rect = self.supplies
        text = f"Supplies {r.supplies_after}  (had {r.supplies_before}: +{r.reward} for the mission" + \
            (f", -{r.eaten} eaten on the way home)" if r.eaten else ")")
        t = draw_text(surface, text, (rect.x, rect.y), px(19), theme.INK, True)
        note = "   ".join(line.split(": ", 1)[-1] for line in r.notes if "won (" not in line and "lost (" not in
                           line)
        if note:
            draw_text(surface, ellipsize(note, px(15), rect.width), (rect.x, t.bottom + px(4)), px(15),
                      theme.INK_DIM)
