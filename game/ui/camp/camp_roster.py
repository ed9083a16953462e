"""The camp's roster cards: one survivor each, with the archetype's portrait, the name (click it to rename), the
stats as the team screen shows them, wounds as pips, stress as a bar towards the breaking point, scars, conditions and
the Stressful Event waiting as coloured chips (each with its meaning as a tooltip), and the gear as the HUD lists it.
The lost get one greyed memorial line each, under the cards."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.campaign import rules as R
from game.campaign.state import Campaign, Member
from game.campaign.tables import campaign_rules
from game.content.defs import Content
from game.ui.board.board_view import Sprites
from game.ui.menus.setup import STAT_SHORT, STATS, portrait
from game.ui.widgets import theme
from game.ui.widgets.controls import Widget, draw_panel, draw_text, ellipsize, line_height, mix, text_size

_sprites = Sprites()


class Chip(Widget):
    """A small coloured label whose tooltip says what it means."""

    def __init__(self, text: str, colour, tooltip: str):
        super().__init__(None, tooltip)
        self.text, self.colour = text, colour

    def draw_at(self, surface: pygame.Surface, size: int, s: float) -> None:
        draw_panel(surface, self.rect, mix(theme.PANEL, self.colour, 0.22), mix(self.colour, theme.PANEL, 0.2),
                   radius=int(5 * s))
        draw_text(surface, self.text, self.rect.center, size, mix(self.colour, theme.INK, 0.55), True,
                  anchor="center")


def chips_for(camp: Campaign, content: Content, m: Member) -> list[Chip]:
    """Scars, conditions, a phobia, the next scenario's Stressful Event and the Personal item, most urgent first."""
    cr = campaign_rules(content)
    out = []
    for e in m.pending:
        ev = cr.event(e)
        out.append(Chip(f"Next: {ev.name}", theme.ACCENT, f"Stressful Event - {ev.name}: {ev.text}"))
    for c in m.conditions:
        cond = cr.conditions[c]
        colour = theme.DANGER if c in ("injured", "infected", "deprived") else theme.HEAT
        out.append(Chip(cond.name, colour, f"{cond.name}: {cond.text}"))
    if m.phobia:
        kind = content.zombies[m.phobia].name
        out.append(Chip(f"Fears the {kind}", theme.DOOM, f"Phobia: a horror check each Director Phase a {kind} is "
                                                         f"in sight, until a full rest."))
    for sc in m.scars:
        row = cr.scar(sc.id)
        if sc.open:
            heals = {"never": "for good", "treat": "until treated", "long_rest": "until a long rest",
                     "full_rest": "until a full rest"}[row.heals]
            out.append(Chip(row.name, mix(theme.DANGER, theme.DOOM, 0.5), f"Scar - {row.name} ({heals}): {row.text}"))
        else:
            out.append(Chip(row.name, theme.INK_FAINT, f"Scar - {row.name}, healed: {row.text}"))
    if m.personal:
        out.append(Chip(m.personal, theme.GOOD, f"Personal item: {m.personal}. Rests take stress off only with it."))
    else:
        out.append(Chip("No Personal item", theme.DANGER, "Rests take no stress off until they take to a new "
                                                          "Personal item (a few days)."))
    return out


def gear_rows(content: Content, m: Member) -> list[tuple[str, str, str]]:
    """(sprite id, name, detail) for each card carried, as the HUD lists gear."""
    rows = []
    for g in m.gear:
        weapon = content.weapons.get(g.gear_id)
        detail = ""
        if weapon is not None:
            detail = (f"{g.ammo}/{weapon.ammo}" if weapon.kind == "firearm" else
                      f"+{weapon.melee_bonus}" if weapon.kind == "melee" else f"blast {weapon.blast}\"")
        rows.append((f"item_{g.gear_id}", content.gear_name(g.gear_id), detail))
    return rows


class RosterCard(Widget):
    """One living survivor. A click on the name asks for a new one (`on_rename`)."""

    def __init__(self, camp: Campaign, content: Content, member: Member, on_rename: Callable[[Member], None],
                 s: float, chip_rows: int = 2):
        super().__init__(None, "")
        self.camp, self.content, self.m = camp, content, member
        self.on_rename = on_rename
        self.s = s
        self.chip_rows = chip_rows              # 1 when the window is short of room
        self.chips = chips_for(camp, content, member)
        self.name_rect = pygame.Rect(0, 0, 0, 0)
        self.hover_name = False
        self.extra: list[Widget] = []           # the pips, the bar and the gear line, for their tooltips

    def px(self, n: float) -> int:
        return int(round(n * self.s))

    def children(self) -> list[Widget]:
        return [c for c in self.chips if c.visible] + self.extra

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_name = self.name_rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.name_rect.collidepoint(event.pos):
            self.on_rename(self.m)
            return True
        return False

    def border_tip(self, bp: int) -> str:
        m = self.m
        if m.pending:
            return (f"Gold border: {m.name} broke under the stress, and a Stressful Event waits for their next "
                    f"mission (its chip says which).")
        return (f"Gold border: near breaking point. {m.name} has {m.stress} stress of {bp}; one more failed horror "
                f"check may break them, and a Stressful Event would wait for the next mission. Rests with the "
                f"Personal item take stress off.")

    @staticmethod
    def height(s: float, chip_rows: int = 2) -> int:
        """The card's height at scale s (the measures draw uses)."""
        def px(n: float) -> int:
            return int(round(n * s))
        return (px(10) * 2 + px(40) + px(6) + px(34) + px(7) + line_height(px(14), True) + px(7)
                + chip_rows * (px(20) + px(4)) + px(20))

    def draw(self, surface: pygame.Surface) -> None:
        px, m, content = self.px, self.m, self.content
        cr = campaign_rules(content)
        r = self.rect
        near = m.stress >= cr.breaking_point - 2 or m.pending
        draw_panel(surface, r, theme.PANEL, theme.ACCENT if near else theme.PANEL_EDGE, radius=px(9),
                   width=2 if near else 1, shadow=True)
        inner = r.inflate(-2 * px(10), -2 * px(10))
        arch = content.archetypes[m.archetype]
        st = R.stats_of(content, m)
        # head: portrait, the name large (click to rename), the archetype and missions under it
        pic = px(40)
        img = portrait(m.archetype, pic)
        if img is not None:
            surface.blit(img, (inner.x, inner.y))
        else:
            pygame.draw.circle(surface, theme.SURVIVOR, (inner.x + pic // 2, inner.y + pic // 2), pic // 2)
        nx = inner.x + pic + px(8)
        name_size = px(24)
        right = inner.right
        self.extra = []
        if near:        # the gold border says it in words too, and its tooltip says why
            tag = "EVENT WAITS" if m.pending else "NEAR BREAKING"
            tw = text_size(tag, px(11), True)[0] + px(10)
            box = pygame.Rect(inner.right - tw, inner.y, tw, px(16))
            draw_panel(surface, box, mix(theme.PANEL, theme.ACCENT, 0.25), theme.ACCENT, radius=px(4))
            draw_text(surface, tag, box.center, px(11), theme.ACCENT, True, anchor="center")
            self.extra.append(Widget(box, self.border_tip(cr.breaking_point)))
            right = box.x - px(6)
        name = ellipsize(m.name, name_size, right - nx - px(4), True)
        self.name_rect = draw_text(surface, name, (nx, inner.y - px(1)), name_size,
                                   theme.ACCENT if self.hover_name else theme.INK, True)
        if self.hover_name:
            pygame.draw.line(surface, theme.ACCENT, self.name_rect.bottomleft, self.name_rect.bottomright, 1)
        sub = f"{arch.name}  -  {m.missions} mission{'s' if m.missions != 1 else ''}"
        draw_text(surface, ellipsize(sub, px(14), inner.right - nx), (nx, inner.y + pic), px(14), theme.INK_DIM,
                  anchor="bottomleft")
        y = inner.y + pic + px(6)
        # the six stats as the team screen shows them; changed ones coloured
        gap = px(3)
        cw = (inner.width - 5 * gap) / 6
        ch = px(34)
        for i, (attr, _label) in enumerate(STATS):
            cell = pygame.Rect(int(inner.x + i * (cw + gap)), y, int(cw), ch)
            pygame.draw.rect(surface, mix(theme.BG, theme.PANEL, 0.35), cell, border_radius=px(4))
            base = R.base_stat(content, m, attr)
            colour = theme.INK if st[attr] == base else (theme.GOOD if st[attr] > base else theme.DANGER)
            unit = '"' if attr == "move" else ""
            draw_text(surface, f"{st[attr]}{unit}", (cell.centerx, cell.y + px(2)), px(21), colour, True,
                      anchor="midtop")
            draw_text(surface, STAT_SHORT[attr], (cell.centerx, cell.bottom - px(2)), px(12), theme.INK_DIM, True,
                      anchor="midbottom")
        y += ch + px(7)
        # wounds as pips, stress as a bar towards the breaking point
        lab = px(14)
        lh = line_height(lab, True)
        pip = max(4, px(5))
        pips_w = st["wounds"] * (2 * pip + px(3))
        label_w = text_size("WOUNDS", lab, True)[0] + px(6)
        tight = inner.width - label_w - pips_w - text_size("STRESS", lab, True)[0] < px(70)
        x = inner.x + pip + (0 if tight else label_w)       # short of room: the pips speak for themselves
        if not tight:
            draw_text(surface, "WOUNDS", (inner.x, y), lab, theme.INK_FAINT, True)
        for i in range(st["wounds"]):
            c = (x + i * (2 * pip + px(3)), y + lh // 2)
            if i < m.wounds:
                pygame.draw.circle(surface, theme.GOOD, c, pip)
            else:
                pygame.draw.circle(surface, theme.DANGER, c, pip, max(1, px(1.5)))
        self.extra.append(Widget((inner.x, y, x + st["wounds"] * (2 * pip + px(3)) - inner.x, lh),
                                 f"Wounds {m.wounds} of {st['wounds']}: rests heal them."))
        half = max(inner.x + inner.width // 2, x + pips_w + px(6))
        s_lab = draw_text(surface, "STRESS", (half, y), lab, theme.INK_FAINT, True)
        bar = pygame.Rect(s_lab.right + px(6), y + lh // 2 - px(5), inner.right - s_lab.right - px(6), px(10))
        pygame.draw.rect(surface, mix(theme.BG, theme.PANEL, 0.3), bar, border_radius=px(3))
        bp = cr.breaking_point
        fill = bar.width * min(m.stress, bp) // max(1, bp)
        if fill:
            tone = mix(theme.ACCENT, theme.DANGER, m.stress / bp)
            pygame.draw.rect(surface, tone, (bar.x, bar.y, fill, bar.height), border_radius=px(3))
        for i in range(1, bp):
            tx = bar.x + bar.width * i // bp
            pygame.draw.line(surface, theme.BG, (tx, bar.y), (tx, bar.bottom - 1))
        self.extra.append(Widget(bar.union(s_lab), f"Stress bar: {m.stress} of {bp}, one notch a point. Failed horror "
                                                   f"checks on a mission fill it; at {bp} they break, a Stressful "
                                                   f"Event waits for the next mission and the bar drops back. Its "
                                                   f"colour warms as it fills."))
        y += lh + px(7)
        # chips: up to two rows; what does not fit folds into a last "+N" chip
        size = px(13)
        chip_h = px(20)
        x, row = inner.x, 0
        shown = []
        for i, chip in enumerate(self.chips):
            w = text_size(chip.text, size, True)[0] + px(12)
            rest = len(self.chips) - i - 1
            more_w = text_size(f"+{rest}", size, True)[0] + px(12) + px(4) if rest else 0
            last = row == self.chip_rows - 1
            if x + w + (more_w if last else 0) > inner.right:
                if last:
                    break
                x, row = inner.x, row + 1
            chip.rect = pygame.Rect(x, y + row * (chip_h + px(4)), min(w, inner.width), chip_h)
            chip.visible = True
            shown.append(chip)
            x += w + px(4)
        for chip in self.chips[len(shown):]:
            chip.visible = False
        if len(shown) < len(self.chips):
            hidden = self.chips[len(shown):]
            more = Widget((x, y + row * (chip_h + px(4)), text_size(f"+{len(hidden)}", size, True)[0] + px(12), chip_h),
                          "\n".join(c.tooltip for c in hidden))
            self.extra.append(more)
            draw_panel(surface, more.rect, mix(theme.PANEL, theme.INK, 0.12), theme.PANEL_EDGE, radius=px(5))
            draw_text(surface, f"+{len(hidden)}", more.rect.center, size, theme.INK, True, anchor="center")
        for chip in shown:
            chip.draw_at(surface, size, self.s)
        y += self.chip_rows * (chip_h + px(4))
        # gear as the HUD lists it: icon, name, ammo
        rows = gear_rows(content, m)
        small = px(14)
        gx = inner.x
        tip = []
        for sprite, gname, detail in rows:
            icon = _sprites.get(sprite, px(18))
            text = f"{gname} {detail}".strip()
            need = (px(20) if icon else 0) + text_size(text, small)[0] + px(10)
            if gx + need > inner.right:
                draw_text(surface, "...", (gx, y + px(10)), small, theme.INK_DIM, anchor="midleft")
                break
            if icon is not None:
                surface.blit(icon, (gx, y + px(1)))
                gx += px(20)
            gx = draw_text(surface, text, (gx, y + px(10)), small, theme.INK, anchor="midleft").right + px(10)
            tip.append(text)
        if not rows:
            draw_text(surface, "Carries nothing but their hands", (gx, y + px(10)), small, theme.INK_FAINT,
                      anchor="midleft")
        self.extra.append(Widget((inner.x, y, inner.width, px(20)),
                                 "Carries: " + (", ".join(f"{n} {d}".strip() for _, n, d in rows) or "nothing")
                                 + f"; reloads {m.reloads}"))


def draw_memorial(surface: pygame.Surface, camp: Campaign, content: Content, rect: pygame.Rect, s: float) -> None:
    """The lost, one greyed line: name, archetype, how."""
    lost = [m for m in camp.members if not m.alive]
    if not lost:
        return
    size = int(15 * s)
    text = "In memory:  " + "   -   ".join(f"{m.name} ({content.archetypes[m.archetype].name}), {m.fate}"
                                          for m in lost)
    draw_text(surface, ellipsize(text, size, rect.width), (rect.x, rect.centery), size, theme.INK_FAINT,
              anchor="midleft")

