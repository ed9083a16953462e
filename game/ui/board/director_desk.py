"""The Director's desk: the price list a person playing the horde buys from, in Step 3 of each Director Phase.

    desk = DirectorDesk(scene)        # the board screen of a game played from the Director's seat
    desk.handle(event, layout)        # True when it took the event (only while the game waits for a purchase)
    desk.draw(surface, layout)        # the menu over the right panel; desk.draw_board(...) rings the targets

The menu is every line of the rulebook's price list (game.world.director_seat.menu_rows), each with its price and,
when it cannot be bought now, why. Choosing a line that takes a target rings its targets on the board (the Shamblers
that can lunge, the spawn points that are free) and pointing at one previews it: the lunge's path and whom it
reaches, or who a new zombie would face; a click buys it. An event is bought with the Buy button. "Suggest" asks the
Director AI (at the game's level) for its choice and why; "Spend the rest" lets it finish the phase. The rulebook lets
no Heat go unspent, so there is no Pass: the phase goes on when the Heat is spent or nothing fits.
"""
from __future__ import annotations

import pygame

from game.ai.director_policy import DirectorAI
from game.ui.board.overlays import draw_path, draw_path_label
from game.ui.widgets import theme
from game.ui.widgets.controls import draw_panel, draw_text, draw_wrapped, ellipsize, line_height, mix, wrapped_height
from game.world.director_seat import MenuRow, menu_rows
from game.world.errors import Impossible
from game.world.intent import lunge_intent, spawn_preview
from game.world.phase_report import step_sentence
from game.world.purchases import Lunge, Reanimate, Spawn

AUTO_STEP = 0.9            # seconds between the purchases "Spend the rest" makes, at 1x


class DirectorDesk:
    def __init__(self, scene):
        self.scene = scene
        self.chosen: tuple | None = None        # the key of the menu line being bought
        self.suggestion: tuple | None = None    # (purchase, reason) the Director AI would buy
        self.auto = False                       # "Spend the rest": the AI buys until the phase goes on
        self._ai: DirectorAI | None = None
        self._rows: list[tuple[pygame.Rect, MenuRow]] = []
        self._buttons: list[tuple[pygame.Rect, str, bool]] = []       # (rect, action, enabled)
        self._cache: tuple | None = None

    # --- what is on offer ------------------------------------------------------------------------------------------
    @property
    def session(self):
        return self.scene.session

    @property
    def active(self) -> bool:
        return self.session.awaiting_director

    def state(self) -> tuple:
        """What the board's overlay of the desk reads (the board screen keeps its picture while this holds)."""
        s = self.session
        return (self.active, self.chosen, self.suggestion, self.auto, s.heat_left if self.active else None)

    def rows(self) -> list[MenuRow]:
        s = self.session
        key = (id(s), len(s.events), s.heat_left)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, menu_rows(s))
        return self._cache[1]

    def row(self, key: tuple | None) -> MenuRow | None:
        return next((r for r in self.rows() if r.key == key), None)

    def targets(self) -> dict[int, object]:
        """cell -> the purchase a click there makes, for the chosen line (its Shamblers, or its spawn points)."""
        row = self.row(self.chosen)
        if row is None or not row.targeted:
            return {}
        s = self.session
        return {(s.cell(p.zombie) if isinstance(p, Lunge) else p.point): p for p in row.purchases}

    def choose(self, key: tuple) -> None:
        row = self.row(key)
        if row is None:
            return
        if not row.open:
            self.scene.hud.toast(f"{row.label}: {row.why_not}", theme.INK, 2.0)
            return
        self.chosen = key
        self.suggestion = None
        targets = self.targets()
        if targets and not any(self.scene._visible([self.session.board.xy(c)]) for c in targets):
            xy = self.session.board.xy(next(iter(targets)))
            self.scene.view.cam.glide_to(xy[0] + 0.5, xy[1] + 0.5)

    # --- buying ----------------------------------------------------------------------------------------------------
    def buy(self, purchase) -> bool:
        """Buy it through the seat; a refusal is a toast. True if it was bought."""
        scene = self.scene
        try:
            scene.game.policy.buy(self.session, purchase)
        except Impossible as exc:
            scene.hud.toast(str(exc)[:1].upper() + str(exc)[1:], theme.DANGER, 2.5)
            return False
        self.chosen = self.suggestion = None
        scene.after_director_purchase()
        return True

    def suggest(self) -> None:
        s = self.session
        choice = self._advisor().choose(s, s.heat_left)
        if choice is None:
            self.scene.hud.toast("Nothing left to buy", theme.INK, 1.5)
            return
        self.suggestion = choice
        purchase = choice[0]
        self.chosen = next((r.key for r in self.rows() if purchase in r.purchases), None)
        cell = self._cell_of(purchase)
        if cell is not None and not self.scene._visible([s.board.xy(cell)]):
            xy = s.board.xy(cell)
            self.scene.view.cam.glide_to(xy[0] + 0.5, xy[1] + 0.5)

    def spend_rest(self) -> None:
        self.auto = True
        self.chosen = self.suggestion = None

    def auto_buy(self) -> None:
        """One purchase of "Spend the rest" (the board screen paces them)."""
        s = self.session
        choice = self._advisor().choose(s, s.heat_left)
        if choice is None or not self.buy(choice[0]):
            self.auto = False

    def _advisor(self) -> DirectorAI:
        """The Director AI at the game's level; a new one each phase (it plans a phase at a time)."""
        s = self.session
        if self._ai is None or self._ai._phase != (id(s), s.round):
            self._ai = DirectorAI(self.scene.record.director)
        return self._ai

    def _cell_of(self, purchase) -> int | None:
        if isinstance(purchase, Lunge):
            return self.session.cell(purchase.zombie)
        if isinstance(purchase, (Spawn, Reanimate)):
            return purchase.point
        return None

    def phase_over(self) -> None:
        """The Director Phase moved on: forget the choice and stop spending for the player."""
        self.chosen = self.suggestion = None
        self.auto = False

    # --- input -----------------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, lay) -> bool:
        if not self.active or self.auto:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and (self.chosen is not None or self.suggestion is not None):
                self.chosen = self.suggestion = None
                return True
            if event.key == pygame.K_h:
                self.suggest()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._confirm()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return lay.right.collidepoint(event.pos)          # the click lands on release
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        for rect, action, enabled in self._buttons:
            if rect.collidepoint(event.pos):
                if enabled:
                    {"suggest": self.suggest, "rest": self.spend_rest, "buy": self._confirm}[action]()
                return True
        for rect, row in self._rows:
            if rect.collidepoint(event.pos):
                self.choose(row.key)
                return True
        if lay.right.collidepoint(event.pos):
            return True
        chosen = self.row(self.chosen)
        if lay.board.collidepoint(event.pos) and chosen is not None and chosen.targeted:
            cell = self._cell_under(event.pos)
            purchase = self.targets().get(cell) if cell is not None else None
            if purchase is None:
                self.scene.hud.toast("Click one of the ringed targets (Esc drops the choice)", theme.INK, 1.8)
            else:
                self.buy(purchase)
            return True
        return False

    def _cell_under(self, pos) -> int | None:
        """The target cell under the pointer: the cell itself, or a ringed target touching it (spawn markers are
        small)."""
        xy = self.scene.view.cam.cell_at(pos)
        if xy is None:
            return None
        s = self.session
        cell = s.board.idx(*xy)
        targets = self.targets()
        if cell in targets:
            return cell
        near = [c for c in targets if s.board.in_contact(c, cell)]
        return near[0] if len(near) == 1 else None

    def _confirm(self) -> None:
        """Enter or Buy: the suggestion, else the chosen event (a targeted line is bought by clicking its target)."""
        if self.suggestion is not None:
            self.buy(self.suggestion[0])
            return
        row = self.row(self.chosen)
        if row is not None and not row.targeted and row.open:
            self.buy(row.purchases[0])
        elif row is not None:
            self.scene.hud.toast("Click a ringed target on the board to buy it", theme.INK, 1.8)
        else:
            self.scene.hud.toast("Choose a line of the menu first (H suggests one)", theme.INK, 1.8)

    def hint(self) -> str:
        if self.auto:
            return "The Director AI is spending the rest of your Heat."
        row = self.row(self.chosen)
        if self.suggestion is not None:
            return "Enter buys the suggestion; Esc drops it, or choose another line."
        if row is not None and row.targeted:
            return f"{row.label}: click a ringed target on the board ({row.cost} Heat). Esc drops the choice."
        if row is not None:
            return f"{row.label}: Buy (Enter) for {row.cost} Heat. Esc drops the choice."
        return f"Spend your {self.session.heat_left} Heat: choose a line on the right (H: the AI suggests one)."

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, lay) -> None:
        if not self.active:
            return
        s = self.session
        px = lay.px
        r = lay.right
        pygame.draw.rect(surface, (30, 32, 37), r)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.topleft, r.bottomleft)
        pad = px(10)
        x, w = r.x + pad, r.width - 2 * pad
        y = r.y + px(8)
        draw_text(surface, "YOU ARE THE DIRECTOR", (x, y), px(13), theme.DANGER, True)
        y += line_height(px(13), True)
        draw_text(surface, f"{s.heat_left} Heat to spend", (x, y), px(24), theme.HEAT, True)
        y += line_height(px(24), True)
        y += draw_wrapped(surface, "Spend it all: none carries over. The zombies then act by the rules.",
                          pygame.Rect(x, y, w, 10), px(13), theme.INK_DIM)
        escalation = _escalation_line(s)
        if escalation:
            y += draw_wrapped(surface, escalation, pygame.Rect(x, y, w, 10), px(13), theme.DOOM, max_lines=2)
        y += px(6)
        self._rows = []
        row_h = line_height(px(15)) + px(8)
        bottom_room = 2 * (px(30) + px(6)) + px(70)
        for row in self.rows():
            if y + row_h > r.bottom - bottom_room:
                break
            rect = pygame.Rect(x, y, w, row_h)
            self._draw_row(surface, rect, row, lay)
            self._rows.append((rect, row))
            y += row_h + px(3)
        y += px(4)
        # what the chosen line, or the suggestion, says
        note = self._note()
        if note:
            h = min(wrapped_height(note, px(13), w), 4 * line_height(px(13)))
            draw_wrapped(surface, note, pygame.Rect(x, y, w, h), px(13), theme.INK, max_lines=4)
            y += h + px(6)
        self._buttons = []
        bh, gap = px(30), px(6)
        by = r.bottom - pad - 2 * bh - gap
        row = self.row(self.chosen)
        can_buy = self.suggestion is not None or (row is not None and row.open and not row.targeted)
        half = (w - gap) // 2
        self._button(surface, pygame.Rect(x, by, half, bh), "Suggest (H)", "suggest", True, lay)
        self._button(surface, pygame.Rect(x + half + gap, by, w - half - gap, bh), "Buy (Enter)", "buy", can_buy, lay,
                     primary=can_buy)
        self._button(surface, pygame.Rect(x, by + bh + gap, w, bh), "Let the AI spend the rest", "rest", True, lay)

    def _draw_row(self, surface, rect, row: MenuRow, lay) -> None:
        px = lay.px
        chosen = row.key == self.chosen
        hovered = rect.collidepoint(self.scene.mouse)
        fill = mix(theme.PANEL, theme.ACCENT, 0.25) if chosen else (
            mix(theme.PANEL, theme.INK, 0.08) if hovered and row.open else theme.PANEL)
        draw_panel(surface, rect, fill, theme.ACCENT if chosen else theme.PANEL_EDGE, radius=px(5))
        ink = theme.INK if row.open else theme.INK_FAINT
        cost = f"{row.cost}"
        draw_text(surface, cost, (rect.x + px(8), rect.centery), px(15), theme.HEAT if row.open else ink, True,
                  anchor="midleft")
        label_x = rect.x + px(30)
        side = f"x{len(row.purchases)}" if row.open and row.targeted else ""
        if side:
            draw_text(surface, side, (rect.right - px(8), rect.centery), px(12), theme.INK_DIM, anchor="midright")
        room = rect.right - px(40) - label_x
        draw_text(surface, ellipsize(row.label, px(15), room), (label_x, rect.centery), px(15), ink,
                  anchor="midleft")

    def _button(self, surface, rect, text, action, enabled, lay, primary=False) -> None:
        hovered = rect.collidepoint(self.scene.mouse) and enabled
        if primary:
            fill = mix(theme.ACCENT, theme.INK, 0.18) if hovered else theme.ACCENT
            ink = (30, 24, 14)
        else:
            fill = mix(theme.PANEL, theme.INK, 0.1) if hovered else theme.PANEL
            ink = theme.INK if enabled else theme.INK_FAINT
        draw_panel(surface, rect, fill, None if primary else theme.PANEL_EDGE, radius=lay.px(5))
        draw_text(surface, text, rect.center, lay.px(14), ink, primary, anchor="center")
        self._buttons.append((rect, action, enabled))

    def _note(self) -> str:
        s = self.session
        if self.suggestion is not None:
            purchase, reason = self.suggestion
            return f"The AI would buy: {purchase.describe(s)}. Why: {reason}."
        row = self.row(self.chosen)
        if row is not None:
            return row.text
        hovered = next((row for rect, row in self._rows if rect.collidepoint(self.scene.mouse)), None)
        if hovered is not None:
            return hovered.text if hovered.open else f"{hovered.label}: {hovered.why_not}."
        return ""

    def draw_board(self, surface: pygame.Surface, cam) -> None:
        """Ring the chosen line's targets (the suggestion's in the accent colour) and preview the one pointed at."""
        if not self.active:
            return
        s = self.session
        targets = self.targets()
        suggested = self._cell_of(self.suggestion[0]) if self.suggestion is not None else None
        t = cam.tile
        for cell in targets:
            centre = cam.centre_px(s.board.xy(cell))
            pygame.draw.circle(surface, theme.DANGER, centre, max(6, int(t * 0.62)), max(2, t // 10))
        if suggested is not None:
            centre = cam.centre_px(s.board.xy(suggested))
            pygame.draw.circle(surface, theme.ACCENT, centre, max(7, int(t * 0.75)), max(3, t // 8))
        pointed = self._cell_under(self.scene.mouse) if targets else None
        focus = pointed if pointed is not None else suggested
        purchase = targets.get(focus) if focus is not None else (self.suggestion[0] if self.suggestion else None)
        if purchase is None:
            return
        if isinstance(purchase, Lunge):
            intent = lunge_intent(s, purchase.zombie)
            if intent.path:
                walk = [s.board.xy(c) for c in intent.path]
                reach = f"stops short of {s.name(intent.target)}" if intent.target is not None else "stops short"
                if intent.engages is not None:
                    odds = self.scene.swarm_odds(intent.engages, ("shambler",))
                    reach = f"reaches {s.name(intent.engages)}" + (
                        f": swarm hurts {odds[0]:.0%}, Downs {odds[1]:.0%}" if odds else "")
                draw_path(surface, cam, s.xy(purchase.zombie), walk, [], colour=theme.DANGER)
                draw_path_label(surface, cam, walk[-1], "Sudden Lunge", theme.DANGER, reach)
        elif isinstance(purchase, (Spawn, Reanimate)):
            kind = purchase.kind if isinstance(purchase, Spawn) else "shambler"
            preview = spawn_preview(s, kind, purchase.point)
            if preview is not None:
                xy = s.board.xy(preview.cell)
                pygame.draw.rect(surface, theme.DANGER, cam.cell_rect(*xy), max(2, t // 10))
                draw_path_label(surface, cam, xy, s.content.zombies[kind].name, theme.DANGER, preview.words(s))


def _escalation_line(s) -> str:
    """This phase's escalation check in one sentence (Step 2, just before the spending)."""
    start = next((i for i in range(len(s.events) - 1, -1, -1) if s.events[i].kind == "phase"), None)
    if start is None:
        return ""
    return "Escalation: " + step_sentence(s, "escalation", s.events[start:])
