"""The modals of the board screen: a list of choices at the pointer, and the gear exchange between two survivors.
Like every modal they are Overlays on the App's one stack (game.ui.widgets.controls): opened with app.push, closed with
close(), Escape closes the top one, and input reaches the top one only."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.widgets import theme
from game.ui.widgets.controls import BoardModal, draw_panel, draw_text, line_height, text_size
from game.world.components import Inventory


class Picker(BoardModal):
    """A small list of choices at the pointer (which item to pick up, which gun to reload...): a click or its number
    picks one; any other key or click puts it away."""

    def __init__(self, title: str, options: list[tuple[str, Callable[[], None]]], pos: tuple[int, int]):
        self.title = title
        self.options = options
        self.pos = pos
        self.rects: list[pygame.Rect] = []
        self.hover = -1

    def stays(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), -1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            chosen = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
            return self._choose(chosen)
        if event.type == pygame.KEYDOWN:
            number = event.key - pygame.K_1
            return self._choose(number if 0 <= number < min(9, len(self.options)) else None)
        return True

    def _choose(self, i: int | None) -> bool:
        """Put the picker away, then do the choice (which may open a modal of its own)."""
        self.close()
        if i is not None:
            self.options[i][1]()
        return True

    def draw_modal(self, surface: pygame.Surface, s: float) -> None:
        size = int(17 * s)
        lh = line_height(size) + int(10 * s)
        labels = [f"{i + 1}  {label}" for i, (label, _) in enumerate(self.options)]
        w = max(text_size(t, size)[0] for t in labels + [self.title]) + int(30 * s)
        h = lh * (len(labels) + 1) + int(8 * s)
        rect = pygame.Rect(self.pos[0], self.pos[1], w, h)
        rect.clamp_ip(surface.get_rect())
        draw_panel(surface, rect, (34, 37, 43), theme.ACCENT, radius=int(8 * s), width=2, shadow=True)
        draw_text(surface, self.title, (rect.x + int(12 * s), rect.y + int(8 * s)), int(14 * s), theme.INK_DIM, True)
        self.rects = []
        for i, t in enumerate(labels):
            r = pygame.Rect(rect.x + int(6 * s), rect.y + lh * (i + 1), w - int(12 * s), lh - int(2 * s))
            if i == self.hover:
                pygame.draw.rect(surface, (60, 64, 74), r, border_radius=int(5 * s))
            draw_text(surface, t, (r.x + int(8 * s), r.centery), size, theme.INK, anchor="midleft")
            self.rects.append(r)


class ExchangeDialog(BoardModal):
    """Quick Hand-Off (click one item: it changes hands, free) or Full Gear Exchange (move any items across, then
    Confirm for 1 AP)."""

    def __init__(self, scene, who: int, ally: int, full: bool):
        self.scene = scene
        self.who, self.ally, self.full = who, ally, full
        s = scene.session
        self.mine = [g.uid for g in s.comp(who, Inventory).gear]
        self.theirs = [g.uid for g in s.comp(ally, Inventory).gear]
        self.rects: list[tuple[pygame.Rect, int]] = []
        self.ok_rect = pygame.Rect(0, 0, 0, 0)
        self.cancel_rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _gear(self, uid: int):
        s = self.scene.session
        for eid in (self.who, self.ally):
            for g in s.comp(eid, Inventory).gear:
                if g.uid == uid:
                    return g
        return None

    DIM = True

    def stays(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.full:
                return not self.scene.submit_exchange(self.who, self.ally, tuple(self.mine))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.cancel_rect.collidepoint(event.pos):
                return False
            if self.full and self.ok_rect.collidepoint(event.pos):
                return not self.scene.submit_exchange(self.who, self.ally, tuple(self.mine))
            for rect, uid in self.rects:
                if rect.collidepoint(event.pos):
                    if not self.full:
                        return not self.scene.submit_handoff(self.who, self.ally, uid)
                    if uid in self.mine:
                        self.mine.remove(uid)
                        self.theirs.append(uid)
                    else:
                        self.theirs.remove(uid)
                        self.mine.append(uid)
                    return True
            if not self.panel.collidepoint(event.pos):
                return False
        return True

    def draw_modal(self, surface: pygame.Surface, s: float) -> None:
        session = self.scene.session
        rows = max(len(self.mine) + len(self.theirs) if self.full else max(len(self.mine), len(self.theirs)), 1)
        w, h = int(620 * s), int((58 + 28 + 34 * rows + 24 + 38 + 36) * s)
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = surface.get_rect().center
        draw_panel(surface, self.panel, theme.PANEL, theme.ACCENT, radius=int(12 * s), width=2, shadow=True)
        pad = int(18 * s)
        title = "Quick Hand-Off (free, once a turn)" if not self.full else "Full Gear Exchange (1 AP)"
        draw_text(surface, title, (self.panel.x + pad, self.panel.y + pad), int(24 * s), theme.INK, True)
        hint = ("Click one item: it goes to the other survivor." if not self.full else
                "Click items to move them across, then Confirm. Starting weapons take no slot on their owner.")
        draw_text(surface, hint, (self.panel.x + pad, self.panel.y + pad + int(30 * s)), int(15 * s),
                  theme.INK_DIM)
        col_w = (w - 3 * pad) // 2
        self.rects = []
        top = self.panel.y + pad + int(58 * s)
        for k, (eid, uids) in enumerate(((self.who, self.mine), (self.ally, self.theirs))):
            x = self.panel.x + pad + k * (col_w + pad)
            draw_text(surface, session.name(eid), (x, top), int(18 * s), theme.ACCENT, True)
            if self.full:
                gear = [g for g in (self._gear(u) for u in uids) if g is not None]
                cap = session.rules.inventory + sum(session.content.items[g.gear_id].capacity for g in gear
                                                    if g.gear_id in session.content.items)
                used = session.slots_taken(eid, gear)
                colour = theme.DANGER if used > cap else theme.INK_DIM
                draw_text(surface, f"{used}/{cap} slots", (x + col_w, top + int(3 * s)), int(14 * s), colour,
                          anchor="topright")
            y = top + int(28 * s)
            for uid in uids:
                g = self._gear(uid)
                if g is None:
                    continue
                r = pygame.Rect(x, y, col_w, int(30 * s))
                pygame.draw.rect(surface, (48, 52, 60), r, border_radius=int(5 * s))
                pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=int(5 * s))
                arrow = "->" if k == 0 else "<-"
                draw_text(surface, f"{session.content.gear_name(g.gear_id)}", (r.x + int(10 * s), r.centery),
                          int(16 * s), theme.INK, anchor="midleft")
                draw_text(surface, arrow, (r.right - int(10 * s), r.centery), int(16 * s), theme.INK_FAINT,
                          anchor="midright")
                self.rects.append((r, uid))
                y += int(34 * s)
        bw, bh = int(140 * s), int(38 * s)
        self.cancel_rect = pygame.Rect(self.panel.right - pad - bw, self.panel.bottom - pad - bh, bw, bh)
        pygame.draw.rect(surface, (60, 64, 72), self.cancel_rect, border_radius=int(6 * s))
        draw_text(surface, "Cancel (Esc)", self.cancel_rect.center, int(17 * s), theme.INK, anchor="center")
        if self.full:
            self.ok_rect = pygame.Rect(self.cancel_rect.x - bw - int(10 * s), self.cancel_rect.y, bw, bh)
            pygame.draw.rect(surface, theme.ACCENT, self.ok_rect, border_radius=int(6 * s))
            draw_text(surface, "Confirm (Enter)", self.ok_rect.center, int(17 * s), (30, 24, 16), True,
                      anchor="center")
