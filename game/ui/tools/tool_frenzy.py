"""The Feeding Frenzy resolver (game.tools.frenzy) on screen.

Left: the Downed survivor (an archetype, or Guts dice), the Guts items they carry, the zombies feeding, the allies'
disruption hits. Right: lethality, the exact chance of surviving, the successes as a bar chart (enough to survive in
green), the Heat the 1s make, and the roll when R is pressed. `self.result` is the tool's Frenzy for the inputs
shown (holding the roll after "Roll").
"""
from __future__ import annotations

import random
from collections import Counter

import pygame

from game.tools import frenzy as F
from game.tools.common import ToolError
from game.ui.widgets import theme
from game.ui.widgets.controls import Button, Choice, draw_panel, draw_text, ellipsize, line_height, mix
from game.ui.widgets.tool_inputs import (
    BarChart,
    Chip,
    Cycle,
    Form,
    Stepper,
    Toggle,
    ToolScene,
    draw_caps,
    draw_die,
    draw_figure,
    short_pct,
    slot_block,
    tool_error_text,
)


class FrenzyScreen(ToolScene):
    title = "Feeding Frenzy"
    subtitle = "A Downed survivor under the feeding dead: how deadly it is, the odds, and the roll."
    keys_hint = "R  roll"

    def __init__(self, content):
        self.mode = "archetype"                 # archetype | dice
        self.archetype = "paramedic" if "paramedic" in content.archetypes else next(iter(content.archetypes))
        self.guts = 2
        self.guts_items = [i for i, d in content.items.items() if d.guts_dice]
        self.carried: set[str] = self._own_items(content, self.archetype)
        first = "shambler" if "shambler" in content.zombies else next(iter(content.zombies))
        self.feeders: list[str] = [first, first]
        self.to_add = first
        self.disruption = 0
        self.rolls = 0
        super().__init__(content)

    @staticmethod
    def _own_items(content, archetype: str) -> set[str]:
        return {i for i in content.archetypes[archetype].items if content.items[i].guts_dice}

    # --- the tool ------------------------------------------------------------------------------------------------
    def options(self) -> dict:
        items = [i for i in self.guts_items if i in self.carried]
        return dict(guts=self.guts if self.mode == "dice" else None,
                    archetype=self.archetype if self.mode == "archetype" else None,
                    items=",".join(items) if items else "none", zombies=",".join(self.feeders),
                    disruption=self.disruption)

    def recompute(self, roll_seed: int | None = None) -> None:
        if not self.feeders:
            self.result, self.error = None, "Add the zombies feeding on the survivor."
            return
        try:
            self.result = F.resolve(self.content, **self.options(), roll=roll_seed is not None, seed=roll_seed)
            self.error = ""
        except ToolError as exc:
            self.result, self.error = None, tool_error_text(exc)

    def roll(self) -> None:
        """Roll the Guts test with the app's dice (a fresh seed each time)."""
        self.rolls += 1
        self.recompute(random.SystemRandom().randrange(1, 10 ** 9))
        self.fill_results()

    def undo_step(self) -> str | None:
        """Take the roll back: the odds are shown again, unrolled."""
        if self.result is None or self.result.roll is None:
            return None
        return "the Guts roll"

    # --- input changes -------------------------------------------------------------------------------------------
    def _set(self, name: str, relayout: bool = False):
        def apply(value) -> None:
            setattr(self, name, value)
            if name == "archetype":
                self.carried = self._own_items(self.content, value)
            self.changed(relayout)
        return apply

    def _carry(self, item: str):
        def apply(on: bool) -> None:
            (self.carried.add if on else self.carried.discard)(item)
            self.changed()
        return apply

    def _add_block(self, zid: str) -> str | None:
        return slot_block(self.content, self.feeders, zid)

    def add_feeder(self) -> None:
        if self._add_block(self.to_add) is None:
            self.feeders.append(self.to_add)
            self.changed(relayout=True)

    def remove_feeder(self, i: int) -> None:
        if 0 <= i < len(self.feeders):
            del self.feeders[i]
            self.changed(relayout=True)

    # --- layout --------------------------------------------------------------------------------------------------
    def build_inputs(self, form: Form) -> None:
        px, size = self.px, self.px(20)
        content = self.content
        mode = Choice((("Archetype", "archetype"), ("Guts dice", "dice")), self.mode, self._set("mode", True),
                      size=px(18), tooltip="Take Guts and skill from an archetype card, or give the dice yourself.")
        form.heading("Downed survivor", mode)
        if self.mode == "archetype":
            form.row("Who", Cycle([(a.name, aid) for aid, a in content.archetypes.items()], self.archetype,
                                  self._set("archetype", True), size=size))
        else:
            form.row("Guts dice", Stepper(self.guts, 0, 12, self._set("guts"), size=size,
                                          tooltip="The survivor's Guts dice, skill included."))
        if self.guts_items:
            form.heading("Guts items carried")
            toggles = [(Toggle(f"{content.items[i].name} (+{content.items[i].guts_dice})", i in self.carried,
                               self._carry(i), size=size, tooltip=content.items[i].text), 1)
                       for i in self.guts_items]
            form.line(toggles)
            form.note("The best one is used up on the test.")
        form.heading("Zombies feeding")
        zs = content.zombies
        form.chips([Chip(zs[z].name, lambda i=i: self.remove_feeder(i), size=px(19))
                    for i, z in enumerate(self.feeders)])
        block = self._add_block(self.to_add)
        form.line([(Cycle([(z.name, zid) for zid, z in zs.items()], self.to_add, self._set("to_add", True),
                          size=size), 3),
                   (Button("Add", self.add_feeder, size=size, enabled=block is None, hint="",
                           tooltip=block or "Another zombie feeding on the survivor."), 1)])
        form.heading("The allies")
        form.row("Disruption hits", Stepper(self.disruption, 0, 9, self._set("disruption"), size=size,
                                            tooltip="Wounds the allies dealt to the feeders this Survivor Phase: "
                                                    "each one takes a point off the lethality."),
                 tooltip="Wounds the allies dealt to the feeders this Survivor Phase.")

    def build_results(self, rect: pygame.Rect) -> None:
        px = self.px
        self.figures_rect = pygame.Rect(rect.x, rect.y + line_height(px(23), True) + px(10), rect.width, px(92))
        top = self.figures_rect.bottom + px(14) + line_height(px(19)) + px(14)
        self.roll_rect = pygame.Rect(rect.x, rect.bottom - px(104), rect.width, px(104))
        charts_h = self.roll_rect.y - px(16) - top
        gap = px(24)
        main_w = int((rect.width - gap) * 0.66)
        self.chart = BarChart("Guts successes", s=self.s, unit="successes")
        self.chart.place(pygame.Rect(rect.x, top, main_w, charts_h))
        self.heat_chart = BarChart("Heat (natural 1s)", theme.HEAT, s=self.s, unit="Heat")
        self.heat_chart.place(pygame.Rect(rect.x + main_w + gap, top, rect.width - main_w - gap, charts_h))
        self.widgets += [self.chart, self.heat_chart]
        self.charts_fit = charts_h >= self.chart.least_height()    # a small window shows the figures alone

    def fill_results(self) -> None:
        fz = self.result
        if not hasattr(self, "chart"):
            return
        self.chart.visible = self.heat_chart.visible = \
            fz is not None and fz.successes is not None and self.charts_fit
        if fz is None or fz.successes is None:
            return
        need = fz.lethality
        self.chart.title = f"Guts successes - {need} needed"
        self.chart.dist = fz.successes
        self.chart.color_of = lambda v: theme.GOOD if v >= need else mix(theme.DANGER, theme.PANEL, 0.15)
        self.heat_chart.dist = fz.heat

    def build_actions(self, bar: pygame.Rect) -> list[Button]:
        b = Button("Roll the Guts test", self.roll, hotkey=pygame.K_r, style="primary", size=self.px(21),
                   enabled=self.result is not None and self.result.lethality > 0,
                   tooltip="The app rolls the survivor's Guts dice against the lethality.")
        b.rect = pygame.Rect(0, 0, self.px(260), 0)
        self.roll_button = b
        return [b]

    def changed(self, relayout: bool = False) -> None:
        super().changed(relayout)
        if hasattr(self, "roll_button"):
            self.roll_button.enabled = self.result is not None and self.result.lethality > 0

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, s = self.px, self.s
        fz = self.result
        if fz is None:
            self.draw_error(surface, rect)
            return
        feeders = ", ".join(f"{name} x{n}" if n > 1 else name for name, n in Counter(fz.zombies).items())
        draw_text(surface, ellipsize(f"{fz.survivor[0].upper()}{fz.survivor[1:]}, fed on by {feeders}", px(23),
                                     rect.width, True), (rect.x, rect.y), px(23), theme.INK, True)
        fr = self.figures_rect
        gap = px(12)
        w = (fr.width - 2 * gap) // 3
        lethal = f"{fz.slots} slot{plural(fz.slots)} - {fz.disruption} hit{plural(fz.disruption)}"
        draw_figure(surface, pygame.Rect(fr.x, fr.y, w, fr.height), "Lethality", str(fz.lethality),
                    theme.DANGER if fz.lethality else theme.GOOD, s, lethal)
        draw_figure(surface, pygame.Rect(fr.x + w + gap, fr.y, w, fr.height), "Survives", short_pct(fz.p_survive),
                    theme.GOOD, s, "fights the feeders off")
        draw_figure(surface, pygame.Rect(fr.x + 2 * (w + gap), fr.y, w, fr.height), "Devoured",
                    short_pct(1 - fz.p_survive), theme.DANGER, s, "the survivor is lost")
        y = fr.bottom + px(14)
        parts = " + ".join(f"{label} {n}" for label, n in fz.parts)
        if fz.lethality:
            line = (f"{fz.guts_dice} Guts dice ({parts}), hits on {fz.need}+: {fz.lethality} "
                    f"success{'es' if fz.lethality != 1 else ''} needed")
        else:
            line = f"No roll: the allies drove the feeders off ({fz.guts_dice} Guts dice: {parts})"
        draw_text(surface, ellipsize(line, px(19), rect.width), (rect.x, y), px(19), theme.INK_DIM)
        if fz.successes is None:
            self._draw_safe(surface, pygame.Rect(rect.x, y + px(40), rect.width, px(120)))
        self._draw_roll(surface, self.roll_rect)

    def _draw_safe(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        draw_panel(surface, rect, mix(theme.PANEL, theme.GOOD, 0.10), theme.GOOD, radius=px(8))
        draw_text(surface, "Safe this round", (rect.x + px(18), rect.y + px(16)), px(32), theme.GOOD, True)
        draw_text(surface, "Enough disruption hits: the feeders are driven off and no Guts test is made.",
                  (rect.x + px(18), rect.y + px(62)), px(20), theme.INK)

    def _draw_roll(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, s = self.px, self.s
        fz = self.result
        draw_panel(surface, rect, mix(theme.PANEL, theme.BG, 0.35), theme.PANEL_EDGE, radius=px(8))
        pad = px(14)
        draw_caps(surface, "The roll", (rect.x + pad, rect.y + pad), s)
        if fz.roll is None:
            text = "Press R (or Roll the Guts test) for the app to roll it." if fz.lethality else \
                "Nothing to roll."
            draw_text(surface, text, (rect.x + pad, rect.centery + px(8)), px(21), theme.INK_FAINT, anchor="midleft")
            return
        r = fz.roll
        side = min(px(46), rect.height - 2 * pad - px(18))
        x = rect.x + pad
        y = rect.y + pad + px(22)
        for face in r.faces[:12]:
            hit = face >= fz.need
            draw_die(surface, pygame.Rect(x, y, side, side), face, theme.INK if hit else theme.INK_FAINT,
                     edge=theme.GOOD if hit else (theme.DANGER if face == 1 else None))
            x += side + px(8)
        verdict = "Fights them off!" if r.survived else "Devoured."
        color = theme.GOOD if r.survived else theme.DANGER
        vr = draw_text(surface, verdict, (rect.right - pad, y - px(4)), px(36), color, True, anchor="topright")
        hits = f"{r.successes} success{'es' if r.successes != 1 else ''} of {fz.lethality} needed"
        if r.heat:
            hits += f"   +{r.heat} Heat from 1s"
        draw_text(surface, hits, (rect.right - pad, vr.bottom + px(2)), px(19), theme.INK_DIM, anchor="topright")
        draw_text(surface, f"roll {self.rolls}", (rect.right - pad, rect.y + pad), px(15), theme.INK_FAINT,
                  anchor="topright")


def plural(n: int) -> str:
    return "" if n == 1 else "s"
