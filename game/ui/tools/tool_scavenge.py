"""Search & Salvage (game.tools.scavenge) on screen: searches against decks that remember every card.

Left: the Wits dice, the Guts dice for a hazard's test, the search token's location, the app's dice or your own, and
the exact odds of one search. Right: the last search (its dice, the cards drawn as cards, hazards in red with their
Heat), the decks' draw and discard piles, and the searches so far. "Reset decks" shuffles fresh decks.

State: `self.state` is the tool's DeckState (kept across searches), `self.history` the SearchResults in order,
`self.result` the last one. With a table (tool_table) the decks are the table's: shared with the phones and
kept across restarts; `self.history` holds this window's own searches.
"""
from __future__ import annotations

import random

import pygame

from game.rules.dice import pool
from game.tools import scavenge as S
from game.tools.common import Roller, ToolError
from game.tools.table_store import Change
from game.tools.table_tools import first_shuffle
from game.ui.tools.tool_table import TableSync
from game.ui.widgets import theme
from game.ui.widgets.controls import (
    Button,
    Choice,
    draw_panel,
    draw_text,
    draw_wrapped,
    ellipsize,
    line_height,
    mix,
    wrap,
)
from game.ui.widgets.tool_inputs import (
    DiceRow,
    Form,
    Stepper,
    ToolScene,
    draw_caps,
    draw_die,
    draw_split_bar,
    tool_error_text,
)

LOCATIONS = (("Plain", "core"), ("Armory", "armory"), ("Clinic", "clinic"), ("Garage", "garage"))
CARD_RATIO = 1.38          # height / width of a card
KIND_WORDS = {"melee": "Melee weapon", "firearm": "Firearm", "thrown": "Thrown weapon", "medical": "Medical",
              "ammo": "Ammunition", "backpack": "Backpack", "tool": "Tool", "objective": "Objective item",
              "consumable": "Consumable"}


class EnteredDice(Roller):
    """Real dice entered by hand for the search roll; any later roll (a hazard's Guts test) is the app's."""

    def d6(self, n: int, purpose: str = "a roll") -> tuple[int, ...]:
        if self.faces is not None and len(self.faces) >= n:
            return super().d6(n, purpose)
        return self.dice.d6(n)


class ScavengeScreen(TableSync, ToolScene):
    table_tool = "scavenge"
    title = "Search & Salvage"
    subtitle = "Search a token: the dice, the cards that come up, and decks that remember every draw."
    keys_hint = "S  search"

    def __init__(self, content, seed: int | None = None, table=None):
        self.table = table
        self.wits = 3
        self.guts = 2
        self.location = "core"
        self.dice_mode = "app"                      # app | mine
        self.faces: list[int] = [4] * pool(self.wits)
        self.history: list[S.SearchResult] = []
        self.reset_seed = seed
        self.state = S.DeckState.new(content, seed if seed is not None else random.SystemRandom().randrange(10 ** 9))
        self.odds = None
        self.heat_dist = None
        super().__init__(content)
        self.pull()

    def load_state(self, data: dict | None) -> None:
        self.state = self.table_decks(data)

    def table_decks(self, data: dict | None) -> S.DeckState:
        """The table's decks (a table without any: shuffled from its code, as on the phones)."""
        try:
            if data:
                return S.DeckState.from_dict(self.content, data)
        except ToolError as exc:           # a damaged state row: fresh decks, and say so
            self.say(f"The table's decks could not be read ({tool_error_text(exc)}); fresh decks")
        return S.DeckState.new(self.content, first_shuffle(self.table.code))

    def on_table(self, step) -> Change | None:
        """Run `step(state) -> Change` on the table's decks (None: no table, or its database just failed)."""
        if self.table is None or not self.table.online:
            return None

        changed = []

        def run(data):
            changed.append(self.table_decks(data))
            return step(changed[-1])
        done = self.table.change("scavenge", run)
        if done is not None:        # kept: the table's decks are now these
            self.state = changed[-1]
            self.pushed()
        return done

    # --- the tool ------------------------------------------------------------------------------------------------
    def searcher(self) -> S.Searcher:
        return S.searcher_from(self.content, dice=self.wits, guts=self.guts or None)

    def recompute(self) -> None:
        """The odds of one search with the pool shown (the decks change only when searching)."""
        try:
            self.odds, self.heat_dist = S.search_odds(self.wits, self.content.rules.success)
            self.error = ""
        except ToolError as exc:
            self.odds, self.error = None, tool_error_text(exc)
        self.result = self.history[-1] if self.history else None

    def search(self) -> S.SearchResult | None:
        """One search against the decks (which it changes), with the app's dice or the faces entered."""
        searcher = self.searcher()
        number = len(self.history) + 1

        def one(state: S.DeckState) -> S.SearchResult:
            if self.dice_mode == "mine":
                roller = EnteredDice(faces=list(self.faces), rng=state.rng)
            else:
                roller = Roller(rng=state.rng)
            return S.search(state, roller, searcher, self.location, number=number)

        def step(state: S.DeckState) -> Change:
            r = one(state)
            found = f", {self.content.gear_name(r.kept)}" if r.kept else ""
            return Change(state.to_dict(with_history=False), f"Search: {r.outcome}{found}, Heat {r.heat}",
                          r.as_text(), "search", r)
        try:
            done = self.on_table(step)
            result = done.result if done is not None else one(self.state)
        except ToolError as exc:
            self.error = tool_error_text(exc)
            return None
        self.history.append(result)
        self.result = result
        return result

    def reset(self) -> None:
        seed = self.reset_seed if self.reset_seed is not None else random.SystemRandom().randrange(10 ** 9)
        fresh = S.DeckState.new(self.content, seed)
        self.on_table(lambda _: Change(fresh.to_dict(with_history=False), "New decks, shuffled",
                                       "The salvage decks are gathered and shuffled.", "reset"))
        self.state = fresh
        self.history.clear()
        self.result = None

    def return_found(self) -> None:
        def step(state: S.DeckState) -> Change:
            n = state.return_found()
            return Change(state.to_dict(with_history=False), f"{n} kept card{'s' if n != 1 else ''} back to the "
                          "discards", f"{n} card{'s' if n != 1 else ''} the survivors kept went back to the "
                          "discard piles.", "return")
        if self.on_table(step) is None:
            self.state.return_found()

    def undo_step(self) -> str | None:
        """The decks go back to before the last search (or the cards returned)."""
        if self.table is not None and self.table.online:
            entry = self.table.undo("scavenge")
            if entry is not False:          # False: the database just failed; undo in memory below
                self._seen = -1
                self.pull()
                if entry is None:
                    return None
                if entry.kind == "search" and self.history:
                    self.history.pop()
                self.result = self.history[-1] if self.history else None
                return entry.summary
        if not self.state.history:
            return None
        done = self.state.undo()
        if done.startswith("search") and self.history:
            self.history.pop()
        self.result = self.history[-1] if self.history else None
        return done

    def copy_text(self) -> str:
        last = self.history[-1].as_text() + "\n" if self.history else ""
        return last + self.state.as_text()

    # --- input changes -------------------------------------------------------------------------------------------
    def _set(self, name: str, relayout: bool = False):
        def apply(value) -> None:
            setattr(self, name, value)
            if name == "wits":
                n = pool(value)
                self.faces = (self.faces + [4] * n)[:n]
                relayout_now = self.dice_mode == "mine"
            else:
                relayout_now = relayout
            self.changed(relayout_now)
        return apply

    def _faces_changed(self, faces: list[int]) -> None:
        self.faces = list(faces)

    # --- layout --------------------------------------------------------------------------------------------------
    def build_inputs(self, form: Form) -> None:
        px, size = self.px, self.px(20)
        form.heading("The searcher")
        form.row("Wits dice", Stepper(self.wits, 1, 12, self._set("wits"), size=size,
                                      tooltip="Wits plus any bonus dice (skill, a tool)."))
        form.row("Guts dice", Stepper(self.guts, 0, 8, self._set("guts"), size=size,
                                      fmt=lambda v: f"{v}" if v else "no test",
                                      tooltip="For a hazard's Guts test. 0: the test is only described."),
                 tooltip="Rolled when a hazard calls for a Guts test.")
        form.heading("The search token")
        form.full(Choice(LOCATIONS, self.location, self._set("location"), size=size,
                         tooltip="A plain token, or one with its own location deck for a jackpot."))
        mode = Choice((("App rolls", "app"), ("My dice", "mine")), self.dice_mode, self._set("dice_mode", True),
                      size=px(18), tooltip="Let the app roll, or enter the dice you rolled on the table.")
        form.heading("Dice", mode)
        if self.dice_mode == "mine":
            form.full(DiceRow(self.faces, self._faces_changed, size=px(16), max_side=px(40),
                              tooltip="Click a die to turn it up, right-click to turn it down, or type the faces."),
                      height=px(40))
            form.note("Click a die to turn it, or focus the row and type the faces.")
        form.heading("Odds of one search")
        self.odds_rect = pygame.Rect(form.rect.x, form.y, form.rect.width, px(70))
        form.space(74)

    def build_actions(self, bar: pygame.Rect) -> list[Button]:
        px = self.px
        reset = Button("Reset decks", self.reset, size=px(20), hint="",
                       tooltip="Fresh, shuffled decks: every card back, the searches forgotten.")
        reset.rect = pygame.Rect(0, 0, px(170), 0)
        give = Button("Return kept cards", self.return_found, size=px(20), hint="",
                      tooltip="The searchers used up what they found: put those cards on their discard piles.")
        give.rect = pygame.Rect(0, 0, px(210), 0)
        go = Button("Search", self.search, hotkey=(pygame.K_s, pygame.K_SPACE, pygame.K_RETURN), hint="S",
                    style="primary", size=px(22), tooltip="Roll the search and draw the cards.")
        go.rect = pygame.Rect(0, 0, px(220), 0)
        self.give_button = give
        return [reset, give, go]

    def update(self, dt: float) -> None:
        super().update(dt)
        if hasattr(self, "give_button"):
            self.give_button.enabled = bool(self.state.found)

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        if self.odds and hasattr(self, "odds_rect"):
            r = self.odds_rect
            draw_split_bar(surface, pygame.Rect(r.x, r.y, r.width, self.px(40)),
                           [("Nothing", self.odds["failure"], mix(theme.INK_FAINT, theme.PANEL, 0.2)),
                            ("Find", self.odds["success"], theme.SURVIVOR),
                            ("Jackpot", self.odds["jackpot"], theme.ACCENT)], self.s)
            heat = float(self.heat_dist.mean())
            draw_text(surface, f"Heat from natural 1s: {heat:.2f} a search on average",
                      (r.x, r.y + self.px(46)), self.px(17), theme.INK_FAINT)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        decks_h = px(92)
        main = pygame.Rect(rect.x, rect.y, rect.width, rect.height - decks_h - px(16))
        self._draw_decks(surface, pygame.Rect(rect.x, rect.bottom - decks_h, rect.width, decks_h))
        r = self.result
        if r is None:
            draw_text(surface, "No search yet", (main.x, main.y), px(30), theme.INK_DIM, True)
            draw_wrapped(surface, "Set the dice and the token on the left, then press Search (S). The decks keep "
                                  "every card drawn until you reset them.",
                         pygame.Rect(main.x, main.y + px(44), int(main.width * 0.8), 0), px(21), theme.INK_FAINT)
            return
        self._draw_search(surface, main, r)

    def _draw_search(self, surface: pygame.Surface, rect: pygame.Rect, r: S.SearchResult) -> None:
        px, s = self.px, self.s
        content = self.content
        words = {"failure": ("Nothing of use", theme.INK_DIM), "success": ("A find", theme.SURVIVOR),
                 "jackpot": ("Jackpot!", theme.ACCENT)}
        text, color = words[r.outcome]
        draw_caps(surface, f"Search {r.number}", (rect.x, rect.y), s)
        tr = draw_text(surface, text, (rect.x, rect.y + px(18)), px(40), color, True)
        # the dice
        side = px(36)
        x = tr.right + px(24)
        for face in r.faces[:14]:
            hit = face >= content.rules.success
            edge = theme.ACCENT if face == 6 else (theme.DANGER if face == 1 else None)
            draw_die(surface, pygame.Rect(x, tr.centery - side // 2, side, side), face,
                     theme.INK if hit else theme.INK_FAINT, edge=edge)
            x += side + px(6)
        heat_color = theme.HEAT if r.heat else theme.INK_FAINT
        draw_text(surface, f"+{r.heat} Heat", (rect.right, tr.centery), px(30), heat_color, True, anchor="midright")
        y = tr.bottom + px(14)
        # the cards
        cards = list(r.drawn)
        card_h = min(rect.bottom - y, px(300))
        card_w = int(card_h / CARD_RATIO)
        x = rect.x
        back = -1
        if r.put_back is not None and len(cards) == 2:
            back = 0 if cards[0] == r.put_back and cards[1] == r.kept and r.kept != r.put_back else 1
        for i, card in enumerate(cards):
            state = "put back" if i == back else "kept"
            if card in content.hazards and state != "put back":
                state = "hazard"
            elif card in content.items and content.items[card].kind == "ammo":
                state = "ammo"
            draw_card(surface, pygame.Rect(x, y, card_w, card_h), content, card, state, r, s)
            x += card_w + px(14)
        # what happened, in words, beside the cards
        tx = x + px(10) if cards else rect.x
        text_rect = pygame.Rect(tx, y, rect.right - tx, card_h)
        ty = text_rect.y
        for line in r.lines[1:]:
            hazard = line.startswith("Hazard!")
            used = draw_wrapped(surface, line, pygame.Rect(text_rect.x, ty, text_rect.width, 0), px(19),
                                theme.DANGER if hazard else theme.INK_DIM,
                                max_lines=max(1, (text_rect.bottom - ty) // line_height(px(19))))
            ty += used + px(6)
            if ty > text_rect.bottom - line_height(px(19)):
                break
        if r.heat_parts and ty < text_rect.bottom - line_height(px(18)):
            heat = ", ".join(f"{label} +{n}" for label, n in r.heat_parts)
            ty += draw_wrapped(surface, f"Heat: {heat}", pygame.Rect(text_rect.x, ty, text_rect.width, 0), px(18),
                               theme.HEAT, max_lines=2)
        # the searches before this one, newest first, in what room is left
        earlier = self.history[-2::-1]
        lh = line_height(px(18))
        ty += px(18)
        if earlier and ty + 2 * lh <= text_rect.bottom:
            draw_caps(surface, "Earlier searches", (text_rect.x, ty), s)
            ty += line_height(px(16), True) + px(4)
            for old in earlier:
                if ty + lh > text_rect.bottom:
                    break
                draw_text(surface, ellipsize(search_summary(content, old), px(18), text_rect.width),
                          (text_rect.x, ty), px(18), theme.INK_FAINT)
                ty += lh

    def _draw_decks(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, s = self.px, self.s
        content = self.content
        counts = self.state.counts()
        kept = len(self.state.found)
        head = f"Decks - draw pile / discards      {len(self.history)} search{'es' if len(self.history) != 1 else ''}"
        head += f", {kept} card{'s' if kept != 1 else ''} kept by the searchers"
        draw_caps(surface, head, (rect.x, rect.y), s)
        top = rect.y + px(22)
        n = len(counts)
        gap = px(10)
        w = (rect.width - gap * (n - 1)) // n
        for i, (deck_id, c) in enumerate(counts.items()):
            box = pygame.Rect(rect.x + i * (w + gap), top, w, rect.bottom - top)
            active = deck_id == self.location or (deck_id == "core")
            draw_panel(surface, box, mix(theme.PANEL, theme.BG, 0.3), theme.ACCENT if deck_id == self.location
                       else theme.PANEL_EDGE, radius=px(6))
            pad = px(10)
            name = content.decks[deck_id].name.replace(" Deck", "").replace(" Scavenge", "")
            draw_text(surface, ellipsize(name, px(18), w - 2 * pad, True), (box.x + pad, box.y + pad), px(18),
                      theme.INK if active else theme.INK_DIM, True)
            total = len(content.decks[deck_id].cards)
            nr = draw_text(surface, str(c["draw"]), (box.x + pad, box.bottom - pad), px(30), theme.INK, True,
                           anchor="bottomleft")
            draw_text(surface, f"/ {c['discard']}", (nr.right + px(6), box.bottom - pad - px(3)), px(20),
                      theme.INK_DIM, anchor="bottomleft")
            # a thin gauge: draw pile left of the total
            g = pygame.Rect(box.right - pad - px(60), box.bottom - pad - px(10), px(60), px(8))
            pygame.draw.rect(surface, mix(theme.PANEL_EDGE, theme.BG, 0.3), g, border_radius=g.height // 2)
            fill = g.width * c["draw"] // max(1, total)
            if fill:
                pygame.draw.rect(surface, theme.SURVIVOR, (g.x, g.y, fill, g.height), border_radius=g.height // 2)


def search_summary(content, r: S.SearchResult) -> str:
    """'12  Jackpot: Fire Axe  +1 Heat' - one earlier search on one line."""
    words = {"failure": "Nothing", "success": "Find", "jackpot": "Jackpot"}
    got = ""
    if r.kept is not None:
        got = content.gear_name(r.kept) + (" (hazard)" if r.kept in content.hazards else "")
    heat = f"  +{r.heat} Heat" if r.heat else ""
    return f"{r.number}.  {words[r.outcome]}{': ' + got if got else ''}{heat}"


def card_kind(content, card: str) -> str:
    if card in content.hazards:
        return "Hazard"
    if card in content.weapons:
        return KIND_WORDS.get(content.weapons[card].kind, content.weapons[card].kind)
    if card in content.items:
        return KIND_WORDS.get(content.items[card].kind, content.items[card].kind)
    return ""


def card_stats(content, card: str) -> str:
    """One line of numbers for a weapon card."""
    if card not in content.weapons:
        return ""
    w = content.weapons[card]
    if w.kind == "melee":
        parts = [f"Fight +{w.melee_bonus}"]
    elif w.kind == "firearm":
        parts = [f"{w.dice} dice", f"{w.range}\""] + ([f"ammo {w.ammo}"] if w.ammo else [])
    else:
        parts = [f"{w.dice} dice", f"blast {w.blast}\""]
    parts.append(f"Heat {w.heat}")
    return ", ".join(parts)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, content, card: str, state: str, result, s: float) -> None:
    """A salvage card: a coloured band with its kind, the name, its numbers and text. Hazards are red and show
    their Heat (or the Guts test); a card put back is dimmed."""
    hazard = state == "hazard"
    band_color = theme.DANGER if hazard else (theme.ACCENT if card in content.weapons else theme.SURVIVOR)
    fill = mix(theme.PANEL, band_color, 0.10)
    if state == "put back":
        fill = mix(theme.PANEL, theme.BG, 0.5)
    radius = max(6, int(10 * s))
    pygame.draw.rect(surface, (12, 13, 16), rect.move(0, max(2, int(4 * s))), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, band_color if state != "put back" else theme.PANEL_EDGE, rect, 2, border_radius=radius)
    pad = max(8, int(12 * s))
    band = pygame.Rect(rect.x, rect.y, rect.width, int(30 * s))
    pygame.draw.rect(surface, band_color if state != "put back" else theme.PANEL_EDGE, band,
                     border_top_left_radius=radius, border_top_right_radius=radius)
    draw_text(surface, ellipsize(card_kind(content, card).upper(), int(15 * s), rect.width - 2 * pad, True),
              (rect.x + pad, band.centery + 1), int(15 * s), (24, 20, 16), True, anchor="midleft")
    y = band.bottom + int(8 * s)
    name = content.gear_name(card)
    name_lines = 2 if rect.height >= int(200 * s) else 1       # a small card: one line, cut short
    lines = wrap(name, int(24 * s), rect.width - 2 * pad, True)
    if len(lines) > name_lines:
        lines = lines[:name_lines - 1] + [ellipsize(" ".join(lines[name_lines - 1:]), int(24 * s),
                                                    rect.width - 2 * pad, True)]
    for line in lines:
        r = draw_text(surface, line, (rect.x + pad, y), int(24 * s), theme.INK if state != "put back" else
                      theme.INK_DIM, True)
        y = r.bottom + int(2 * s)
    stats = card_stats(content, card)
    if stats:
        draw_text(surface, ellipsize(stats, int(16 * s), rect.width - 2 * pad), (rect.x + pad, y + int(2 * s)),
                  int(16 * s), theme.ACCENT)
        y += line_height(int(16 * s)) + int(2 * s)
    y += int(6 * s)
    footer_h = int(40 * s)
    if card in content.hazards:
        text = content.hazards[card].text
    elif card in content.weapons:
        text = content.weapons[card].text
    else:
        text = content.items[card].text if card in content.items else ""
    room = rect.bottom - footer_h - y
    size = int(18 * s)
    lines = room // line_height(size)
    if lines >= 1:                  # no room on a small card: the name and the footer say enough
        draw_wrapped(surface, text, pygame.Rect(rect.x + pad, y, rect.width - 2 * pad, 0), size,
                     theme.INK_DIM if state != "put back" else theme.INK_FAINT, max_lines=lines)
    # the footer: what became of it
    fy = rect.bottom - pad
    if hazard:
        hz = content.hazards[card]
        h = result.hazard if result is not None and result.hazard and result.hazard.card == card else None
        if hz.effect == "heat":
            label, color = f"+{hz.amount} Heat", theme.HEAT
        elif hz.effect == "wound_test":
            if h is not None and h.passed is not None:
                label = "Guts test passed" if h.passed else f"Failed: {h.wounds} wound{'s' if h.wounds != 1 else ''}"
                color = theme.GOOD if h.passed else theme.DANGER
            else:
                label, color = f"Guts test or {hz.amount} wound{'s' if hz.amount != 1 else ''}", theme.DANGER
        elif hz.effect == "spawn_adjacent":
            label, color = f"{hz.amount} zombie{'s' if hz.amount != 1 else ''} beside you", theme.DANGER
        else:
            label, color = "No harm done", theme.INK_DIM
        draw_text(surface, label, (rect.x + pad, fy), int(22 * s), color, True, anchor="bottomleft")
    else:
        words = {"kept": ("Kept", theme.GOOD), "put back": ("Put back", theme.INK_FAINT),
                 "ammo": (f"{content.items[card].reloads} Reloads" if card in content.items else "", theme.GOOD)}
        label, color = words.get(state, ("", theme.INK))
        draw_text(surface, label, (rect.x + pad, fy), int(20 * s), color, True, anchor="bottomleft")
