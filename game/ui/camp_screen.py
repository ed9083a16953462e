"""The camp between scenarios: the band's roster cards (scars, stress, conditions, gear), supplies, the day and watch,
the city's Doom; rest, treat, trade, recruit; the missions on offer; the campaign's log. Choosing a mission opens the
board on it with the band's own survivors; when it ends the band comes home here (docs/RULES.md, "The campaign").

Every change is saved at once (game.campaign.saves), and a mission under way saves into the same file.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from game.campaign import rules as R
from game.campaign.mission import finish_mission, mission_game, start_mission
from game.campaign.saves import SaveError, campaign_dir, read_campaign, write_campaign
from game.campaign.state import Campaign
from game.campaign.tables import campaign_rules
from game.campaign.view import member_lines, mission_name
from game.content.defs import Content
from game.rules.dice import Dice
from game.ui import theme
from game.ui.app import new_seed
from game.ui.game_scene import GameScene
from game.ui.widgets import Button, UIScene, draw_panel, draw_text, ellipsize, line_height

MISSION_KEYS = [getattr(pygame, f"K_{i}") for i in range(1, 10)] + [pygame.K_0]


class CampaignGameScene(GameScene):
    """The board for a campaign mission: saving writes the campaign, and the end goes back to the camp."""

    def __init__(self, content: Content, record, camp_screen: CampScreen):
        super().__init__(content, record)
        self.camp_screen = camp_screen

    def _finish(self, dt: float) -> None:
        if self.motion.busy and not self.instant:
            return
        if self._end_timer is None:
            self._end_timer = 0.0 if self.instant else 1.5
        self._end_timer -= dt
        if self._end_timer > 0:
            return
        self._left = True
        self.camp_screen.mission_over(self.session)
        self.app.pop()

    def save(self, slot: str | None = None) -> Path | None:
        s = self.session
        if s.in_director and not s.awaiting_director:
            self.hud.toast("Wait for the Director's turn to end, then save", theme.INK)
            return None
        path = self.camp_screen.save(s.rng)
        if path is not None and slot is None:
            self.hud.toast(f"Saved the campaign mid-mission: {path.name}", theme.GOOD)
        return path


class CampScreen(UIScene):
    def __init__(self, content: Content, camp: Campaign, path: Path):
        super().__init__()
        self.content = content
        self.camp = camp
        self.path = path
        self.dice = Dice(camp.rng)
        self.message = ""
        self.offers: list[str] = []

    # --- orders --------------------------------------------------------------------------------------------------
    def save(self, mission_rng=None) -> Path | None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_campaign(self.path, self.camp, mission_rng)
        except OSError as exc:
            self.message = f"Could not save: {exc.strerror or exc}"
            return None
        return self.path

    def order(self, do) -> None:
        """Carry out a camp order; a refusal is shown, not raised. Saved at once."""
        try:
            self.message = do() or ""
        except R.CampaignError as exc:
            self.message = f"Cannot: {exc}"
        self.save()
        self.relayout()

    def rest(self, kind: str) -> None:
        self.order(lambda: R.rest(self.camp, self.content, kind, self.dice) or f"The band takes a {kind} rest.")

    def treat(self) -> None:
        cr = campaign_rules(self.content)

        def needs(m) -> bool:
            return "injured" in m.conditions or any(s.open and cr.scar(s.id).heals == "treat" for s in m.scars)
        patient = next((m for m in self.camp.alive() if needs(m)), None)
        if patient is None:
            self.message = "Nobody needs treating."
            return
        self.order(lambda: R.treat(self.camp, self.content, patient, self.dice) or f"{patient.name} is treated.")

    def trade(self) -> None:
        spare = next(((m, i) for m in self.camp.alive() for i, g in enumerate(m.gear) if not g.own), None)
        if spare is None:
            self.message = "Nobody carries a card to trade."
            return
        self.order(lambda: R.trade(self.camp, self.content, spare[0], spare[1], self.dice) or "A card is traded.")

    def recruit(self) -> None:
        kinds = [a for a, d in self.content.archetypes.items() if not d.npc]
        have = {m.archetype for m in self.camp.alive()}
        pick = next((a for a in kinds if a not in have), kinds[0])
        self.order(lambda: f"{R.recruit(self.camp, self.content, pick, self.dice).name} joins the band.")

    def go(self, scenario: str) -> None:
        try:
            start_mission(self.camp, self.content, scenario)
        except R.CampaignError as exc:
            self.message = f"Cannot: {exc}"
            return
        self.resume()

    def resume(self) -> None:
        mcontent, record = mission_game(self.camp, self.content)
        board = CampaignGameScene(mcontent, record, self)
        self.app.push(board)
        self.save(board.session.rng)          # out on the mission: a save from now on resumes it

    def mission_over(self, session) -> None:
        """The board's game has ended: the band comes home."""
        out = finish_mission(self.camp, self.content, session, self.dice)
        lost = [self.camp.member(i).name for i in out.lost]
        self.message = f"{session.scenario.name}: {'won' if out.won else 'lost'}" + \
            (f". Lost: {', '.join(lost)}" if lost else ".")
        self.save()

    def new_campaign(self) -> None:
        name = f"Band {new_seed() % 10000}"
        camp = R.new_campaign(self.content, name, new_seed())
        self.app.replace(CampScreen(self.content, camp, campaign_dir() / f"{name.lower().replace(' ', '_')}.json"))

    # --- layout and drawing --------------------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px = self.px
        self.offers = [] if self.camp.over or self.camp.mission else R.offers(self.camp, self.content)
        self.side = pygame.Rect(w - px(40) - px(400), px(120), px(400), h - px(120) - px(96))
        y = self.side.y + px(36)
        if self.camp.mission is not None:
            b = Button("Resume the mission", self.resume, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                       style="primary", size=px(21))
            b.rect = pygame.Rect(self.side.x + px(12), y, self.side.width - px(24), px(40))
            self.widgets.append(b)
        for i, sid in enumerate(self.offers[:len(MISSION_KEYS)]):
            b = Button(ellipsize(mission_name(self.content, sid), px(19), self.side.width - px(110)),
                       lambda sid=sid: self.go(sid), hotkey=MISSION_KEYS[i], size=px(19), align="left",
                       tooltip=f"Go out on {sid}: the fit survivors go, least stressed first.")
            b.rect = pygame.Rect(self.side.x + px(12), y + i * px(36), self.side.width - px(24), px(32))
            self.widgets.append(b)
        self.missions_bottom = y + max(1, len(self.offers)) * px(36)
        orders = [("Short rest", lambda: self.rest("short"), pygame.K_s), ("Long rest", lambda: self.rest("long"),
                  pygame.K_l), ("Full rest", lambda: self.rest("full"), pygame.K_f), ("Treat", self.treat, pygame.K_t),
                  ("Trade", self.trade, pygame.K_r), ("Recruit", self.recruit, pygame.K_c)]
        if self.camp.over:
            orders = [("New campaign", self.new_campaign, pygame.K_n)]
        bw = (w - px(80) - px(160) - px(12) * len(orders)) // len(orders)
        bw = min(bw, px(170))
        for i, (label, fn, key) in enumerate(orders):
            b = Button(label, fn, hotkey=key, size=px(20), enabled=self.camp.mission is None)
            b.rect = pygame.Rect(px(40) + i * (bw + px(12)), h - px(76), bw, px(46))
            self.widgets.append(b)
        back = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(20))
        back.rect = pygame.Rect(w - px(40) - px(150), h - px(76), px(150), px(46))
        self.widgets.append(back)

    def back(self) -> None:
        self.app.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        camp, content = self.camp, self.content
        cr = campaign_rules(content)
        heat, doom = R.city_pressure(camp, content)
        sub = (f"Day {camp.day}, watch {camp.watch + 1} of {cr.time['watches_per_day']}   -   supplies {camp.supplies}"
               f" (eaten {len(camp.alive()) * cr.supplies['eaten_per_survivor']} a day)   -   missions won "
               f"{camp.missions_won} of {cr.goal['missions']}   -   city Doom {camp.city_doom} (+{heat} Heat, "
               f"+{doom} Doom)")
        top = self.draw_header(surface, f"Camp: {camp.name}", sub)
        self._roster(surface, pygame.Rect(px(40), top, self.side.x - px(60), self.side.bottom - top - px(150)))
        self._log(surface, pygame.Rect(px(40), self.side.bottom - px(140), self.side.x - px(60), px(140)))
        draw_panel(surface, self.side)
        title = "The mission under way" if camp.mission else ("The campaign is over: " + camp.over if camp.over
                                                               else "Missions (1-9, 0)")
        draw_text(surface, title, (self.side.x + px(14), self.side.y + px(10)), px(20), theme.INK, True)

    def _roster(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        px = self.px
        members = self.camp.alive() + [m for m in self.camp.members if not m.alive][-2:]
        cols = 2
        rows = max(1, (len(members) + cols - 1) // cols)
        gap = px(10)
        cw, ch = (area.width - gap) // cols, (area.height - gap * (rows - 1)) // rows
        size = px(16)
        for i, m in enumerate(members):
            r = pygame.Rect(area.x + (i % cols) * (cw + gap), area.y + (i // cols) * (ch + gap), cw, ch)
            draw_panel(surface, r, edge=theme.ACCENT if m.alive and m.stress >= 4 else theme.PANEL_EDGE)
            y = r.y + px(8)
            for j, line in enumerate(member_lines(self.camp, self.content, m)):
                if y + line_height(size) > r.bottom - px(4):
                    break
                color = theme.INK if j == 0 and m.alive else theme.INK_DIM
                draw_text(surface, ellipsize(line.strip(), size, r.width - px(16), j == 0), (r.x + px(8), y), size,
                          color, j == 0)
                y += line_height(size) + px(2)

    def _log(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        px = self.px
        draw_panel(surface, area)
        size = px(15)
        fit = max(1, (area.height - px(34)) // (line_height(size) + 1))
        title = draw_text(surface, "Campaign log", (area.x + px(8), area.y + px(6)), px(17), theme.INK, True)
        if self.message:        # the answer to the last order
            draw_text(surface, ellipsize(self.message, px(17), area.right - title.right - px(28)),
                      (title.right + px(16), area.y + px(6)), px(17), theme.ACCENT)
        y = area.y + px(28)
        for line in self.camp.log[-fit:]:
            draw_text(surface, ellipsize(line, size, area.width - px(16)), (area.x + px(8), y), size, theme.INK_DIM)
            y += line_height(size) + 1


def open_campaign(app, content: Content) -> None:
    """The newest saved campaign that still reads, else a new one."""
    folder = campaign_dir()
    saves = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
    for path in saves:
        try:
            camp, _ = read_campaign(path, content)
        except SaveError:
            continue
        app.push(CampScreen(content, camp, path))
        return
    seed = new_seed()
    camp = R.new_campaign(content, "First Band", seed)
    app.push(CampScreen(content, camp, folder / "first_band.json"))
