"""The camp between scenarios, the scene and its orders: rest; treat, trade and recruit, each a choice in a modal
(game.ui.camp.camp_modals); rename a survivor by clicking the name; choose a mission from the list and go. The pieces it
draws are in camp_roster (the cards), camp_status (day, supplies, city, missions won) and camp_missions (the list and
the briefing). Going out opens the board on the mission with the band's own survivors; when it ends the band comes
home here (docs/RULES.md, "The campaign").

Every change is saved at once (game.campaign.saves), and a mission under way saves into the same file.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.campaign import choices as C
from game.campaign import rules as R
from game.campaign.debrief import Debrief, debrief, snapshot
from game.campaign.mission import choose_team, finish_mission, mission_game, start_mission
from game.campaign.saves import (
    SaveError,
    campaign_path,
    fresh_name,
    load_campaign,
    to_data,
    write_campaign,
)
from game.campaign.state import Campaign
from game.campaign.tables import campaign_rules
from game.content.defs import Content
from game.rules.dice import Dice
from game.ui.board.end_screen import game_stats, unwrap
from game.ui.board.game_scene import GameScene
from game.ui.board.replay_scene import open_replay
from game.ui.camp.camp_missions import MissionList, Offer, draw_briefing, offer, under_way, watches
from game.ui.camp.camp_modals import CampChoice, RenameDialog
from game.ui.camp.camp_roster import RosterCard, draw_memorial
from game.ui.camp.camp_status import draw_status
from game.ui.camp.debrief_screen import DebriefScreen
from game.ui.menus.setup import STAT_SHORT, STATS, portrait
from game.ui.widgets import theme
from game.ui.widgets.app import new_seed
from game.ui.widgets.controls import (
    Button,
    UIScene,
    draw_panel,
    draw_text,
    draw_wrapped,
    ellipsize,
    line_height,
    text_size,
)
from game.world.replays import keep_replay


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
        # kept before the band comes home: the replay holds the campaign as it was when the band went out
        self.camp_screen.mission_replay = keep_replay(self.record, self.session, self.content,
                                                      campaign=to_data(self.camp_screen.camp, self.session.rng))
        report = self.camp_screen.mission_over(self.session)
        watch = self.camp_screen.watch_again(self.content)
        self.app.replace(DebriefScreen(self.content, report, game_stats(self.session), self.session, watch))

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
        self.mission_replay: Path | None = None      # the replay of the last mission played (watch_replay opens it)
        self.message = ""
        self.offers: list[Offer] = []
        self.chosen = 0                       # the mission chosen in the list
        self._offer_cache: dict[tuple, Offer] = {}
        self.show_campaigns = None            # app -> None: the list of every campaign (set by game.ui.camp.camp_list)

    # --- orders --------------------------------------------------------------------------------------------------
    def save(self, mission_rng=None) -> Path | None:
        try:
            try:
                write_campaign(self.path, self.camp, mission_rng)
            except SaveError:       # something unreadable took the file's place since the camp opened: keep it
                damaged = self.path
                self.camp.name = fresh_name(self.camp.name, damaged.parent)
                self.path = campaign_path(self.camp.name, damaged.parent)
                write_campaign(self.path, self.camp, mission_rng)
                self.message = f"{damaged.name} was damaged from outside; the band is saved as {self.path.name}"
        except (OSError, SaveError) as exc:
            self.message = f"Could not save: {getattr(exc, 'strerror', None) or exc}"
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

    def refuse(self, why: str) -> None:
        self.message = f"Cannot: {why}"

    def rest(self, kind: str) -> None:
        self.order(lambda: R.rest(self.camp, self.content, kind, self.dice) or f"The band takes a {kind} rest.")

    def treat(self) -> None:
        why = C.why_no_treatment(self.camp, self.content)
        if why:
            self.refuse(why)
            return
        cr = campaign_rules(self.content)
        medic = next((m for m in R.fit(self.camp, self.content)
                      if self.content.archetypes[m.archetype].skill in R.MEDICS), None)
        how = (f"{medic.name} does it with what is at hand" if medic else "a medical card someone carries is used up")
        options = [(m.name, self._needs(m), lambda m=m: self.treat_one(m)) for m in C.patients(self.camp,
                                                                                               self.content)]
        self.app.push(CampChoice("Treat whom?", f"Costs {cr.time['treat_watches']} watch; {how}.", options))

    def _needs(self, m) -> str:
        cr = campaign_rules(self.content)
        what = ["Injured"] if "injured" in m.conditions else []
        what += [cr.scar(s.id).name for s in m.scars if s.open and cr.scar(s.id).heals == "treat"]
        return ", ".join(what)

    def treat_one(self, member) -> None:
        self.order(lambda: R.treat(self.camp, self.content, member, self.dice) or f"{member.name} is treated.")

    def trade(self) -> None:
        cards = C.tradeable(self.camp, self.content)
        if not cards:
            self.refuse("nobody carries a card to trade (their own starting weapons are not for sale)")
            return
        cr = campaign_rules(self.content)
        options = [(self.content.gear_name(m.gear[i].gear_id), f"carried by {m.name}",
                    lambda m=m, i=i: self.trade_one(m, i)) for m, i in cards]
        self.app.push(CampChoice("Trade what?", f"One card fetches {cr.supplies['trade']} supplies and costs "
                                               f"{cr.time['trade_watches']} watch.", options))

    def trade_one(self, member, index: int) -> None:
        name = self.content.gear_name(member.gear[index].gear_id)
        self.order(lambda: R.trade(self.camp, self.content, member, index, self.dice) or f"{name} is traded.")

    def recruit(self) -> None:
        why = C.why_no_recruit(self.camp, self.content)
        if why:
            self.refuse(why)
            return
        cr = campaign_rules(self.content)
        kinds = C.recruit_offers(self.camp, self.content)
        options = [(f"{self.content.archetypes[a].name}  ({self._stats(a)})", self.content.archetypes[a].blurb,
                    lambda a=a: self.recruit_one(a)) for a in kinds]
        self.app.push(CampChoice("Take whom in?", f"Costs {cr.supplies['recruit']} supplies and "
                                                 f"{cr.time['recruit_watches']} watch; they come with their own kit.",
                                 options, [portrait(a, self.px(36)) for a in kinds]))

    def _stats(self, archetype: str) -> str:
        a = self.content.archetypes[archetype]
        return " ".join(f"{STAT_SHORT[k]} {getattr(a, k)}" for k, _ in STATS)

    def recruit_one(self, archetype: str) -> None:
        self.order(lambda: f"{R.recruit(self.camp, self.content, archetype, self.dice).name} joins the band.")

    def rename(self, member) -> None:
        def done(text: str) -> str:
            try:
                C.rename(self.camp, member, text)
            except R.CampaignError as exc:
                return f"Cannot: {exc}"
            self.message = f"{member.name} it is."
            self.save()
            self.relayout()
            return ""
        self.app.push(RenameDialog(member.name, done))

    def go(self, scenario: str | None = None) -> None:
        if scenario is None:
            if not self.offers:
                return
            scenario = self.offers[self.chosen].id
        try:
            start_mission(self.camp, self.content, scenario)
        except R.CampaignError as exc:
            self.message = f"Cannot: {exc}"
            return
        self.resume()

    def choose(self, i: int) -> None:
        self.chosen = i
        self.relayout()

    def resume(self) -> None:
        mcontent, record = mission_game(self.camp, self.content)
        board = CampaignGameScene(mcontent, record, self)
        self.app.push(board)
        self.save(board.session.rng)          # out on the mission: a save from now on resumes it

    def mission_over(self, session) -> Debrief:
        """The board's game has ended: the band comes home; returns the debrief of what the mission did to it."""
        before = snapshot(self.camp)
        out = finish_mission(self.camp, self.content, session, self.dice)
        lost = [self.camp.member(i).name for i in out.lost]
        self.message = f"{session.scenario.name}: {'won' if out.won else 'lost'}" + \
            (f". Lost: {', '.join(lost)}" if lost else ".")
        self.chosen = 0
        self.save()
        return debrief(before, self.camp, self.content, unwrap(session), out)

    def watch_again(self, content: Content) -> Callable[[], None] | None:
        """The debrief's "Watch again": the replay of the mission just played (None when it could not be kept)."""
        path = self.mission_replay
        return None if path is None else (lambda: open_replay(self.app, content, path))

    def new_campaign(self) -> None:
        screen = new_band(self.content, f"Band {new_seed() % 10000}", self.path.parent)
        screen.show_campaigns = self.show_campaigns
        self.app.replace(screen)

    # --- layout --------------------------------------------------------------------------------------------------
    def _offers(self) -> list[Offer]:
        if self.camp.over or self.camp.mission:
            return []
        out = []
        for sid in R.offers(self.camp, self.content):
            team = tuple(m.id for m in choose_team(self.camp, self.content, sid))
            key = (sid, team)
            if key not in self._offer_cache:
                self._offer_cache[key] = offer(self.camp, self.content, sid)
            out.append(self._offer_cache[key])
        return out

    def layout(self, w: int, h: int) -> None:
        px = self.px
        cr = campaign_rules(self.content)
        self.offers = self._offers()
        self.chosen = min(self.chosen, max(0, len(self.offers) - 1))
        margin = px(24)
        self.top = px(122)
        bar_h = px(44)
        self.bar_y = h - px(14) - bar_h
        right_w = min(px(430), (w - 2 * margin) * 2 // 5)
        self.side = pygame.Rect(w - margin - right_w, self.top, right_w, self.bar_y - px(12) - self.top)
        self.left = pygame.Rect(margin, self.top, self.side.x - px(14) - margin, self.side.height)
        # the roster: up to six cards, the memorial line, then the log in what is left
        alive = self.camp.alive()
        cols = 3 if len(alive) > 4 else 2      # four fill two rows of two, not a row of three and one alone
        rows = max(1, (len(alive) + cols - 1) // cols)
        gap = px(10)
        lost = len(alive) < len(self.camp.members)
        chip_rows = 2
        room = self.left.height - rows * (RosterCard.height(self.s, 2) + gap) - (px(28) if lost else 0)
        if room < line_height(px(16), True) + 3 * (line_height(px(15)) + 1) + px(14):
            chip_rows = 1           # short of room (large text): one row of chips, so the log keeps a few lines
        card_h = RosterCard.height(self.s, chip_rows)
        cw = (self.left.width - gap * (cols - 1)) // cols
        self.cards = []
        for i, m in enumerate(alive):
            card = RosterCard(self.camp, self.content, m, self.rename, self.s, chip_rows)
            card.rect = pygame.Rect(self.left.x + (i % cols) * (cw + gap), self.left.y + (i // cols) * (card_h + gap),
                                    cw, card_h)
            self.cards.append(card)
            self.widgets.append(card)
        y = self.left.y + rows * (card_h + gap)
        self.memorial = pygame.Rect(self.left.x, y, self.left.width, px(22) if lost else 0)
        y = self.memorial.bottom + (px(6) if self.memorial.height else 0)
        self.log_rect = pygame.Rect(self.left.x, y, self.left.width, self.left.bottom - y)
        # the missions and the briefing of the chosen one
        title_h = line_height(px(20), True) + px(12)
        self.brief = None
        if self.camp.mission is not None:
            b = Button("Resume the mission", self.resume, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                       style="primary", size=px(21))
            b.rect = pygame.Rect(self.side.x + px(12), self.side.y + title_h, self.side.width - px(24), px(44))
            self.widgets.append(b)
            self.brief = pygame.Rect(self.side.x, b.rect.bottom + px(10), self.side.width,
                                     self.side.bottom - b.rect.bottom - px(10))
            self.current = under_way(self.camp, self.content)
        elif self.offers:
            brief_h = max(px(200), self.side.height * 11 // 20)
            list_rect = pygame.Rect(self.side.x + px(10), self.side.y + title_h, self.side.width - px(20),
                                    self.side.height - title_h - brief_h - px(6))
            self.missions = MissionList(self.offers, watches(self.content), self.choose, self.go, self.s, self.chosen)
            self.missions.rect = list_rect
            self.widgets.append(self.missions)
            list_bottom = self.missions.row_rect(self.missions.shown()[-1]).bottom
            go_h = px(40)
            self.brief = pygame.Rect(self.side.x, list_bottom + px(8), self.side.width,
                                     self.side.bottom - list_bottom - px(8) - go_h - px(10))
            o = self.current = self.offers[self.chosen]
            go = Button(f"Go out to {o.scenario.name}", self.go, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER),
                        hint="Enter", style="primary", size=px(19),
                        tooltip=f"Costs {watches(self.content)} watches; the fit go, least stressed first.")
            go.text = ellipsize(go.text, px(19), self.side.width - px(24) - px(80), True)
            go.rect = pygame.Rect(self.side.x + px(10), self.side.bottom - go_h - px(10), self.side.width - px(20),
                                  go_h)
            self.widgets.append(go)
        # the orders along the bottom, each with its cost
        t, sup = cr.time, cr.supplies
        rests = cr.rests
        orders = [("Short rest", lambda: self.rest("short"), pygame.K_s, f"{rests['short'].watches} watch",
                   f"{rests['short'].watches} watch: everyone not Deprived heals {rests['short'].heal} wound."),
                  ("Long rest", lambda: self.rest("long"), pygame.K_l, f"{rests['long'].watches} watches",
                   f"{rests['long'].watches} watches: all wounds heal; {rests['long'].stress} stress off for those "
                   f"with their Personal item; ends Exhausted, Blind, Deaf."),
                  ("Full rest", lambda: self.rest("full"), pygame.K_f, f"{rests['full'].watches // 4} days",
                   f"{rests['full'].watches} watches (the band eats each morning): all wounds and stress, Injured, "
                   f"every scar that heals, phobias."),
                  ("Treat...", self.treat, pygame.K_t, f"{t['treat_watches']} watch",
                   f"{t['treat_watches']} watch: choose whom; ends Injured and closes scars treatment heals. "
                   + (C.why_no_treatment(self.camp, self.content).capitalize() or "")),
                  ("Trade...", self.trade, pygame.K_r, f"+{sup['trade']} supplies",
                   f"{t['trade_watches']} watch: choose a card to barter for {sup['trade']} supplies."),
                  ("Recruit...", self.recruit, pygame.K_c, f"{sup['recruit']} supplies",
                   f"{t['recruit_watches']} watch and {sup['recruit']} supplies: choose whom to take in among "
                   f"{cr.band['recruit_offers']} met. " + (C.why_no_recruit(self.camp, self.content).capitalize()))]
        if self.camp.over:
            orders = [("New campaign", self.new_campaign, pygame.K_n, "", "Start a new band.")]
        back_w = px(110)
        n = len(orders)
        bw = min(px(190), (w - 2 * margin - back_w - px(20) - px(8) * (n - 1)) // n)
        for i, (label, fn, key, cost, tip) in enumerate(orders):
            text = f"{label}  {cost}" if cost and text_size(f"{label}  {cost}", px(18))[0] + px(30) < bw else label
            b = Button(text, fn, hotkey=key, size=px(18), enabled=self.camp.mission is None, tooltip=tip)
            b.rect = pygame.Rect(margin + i * (bw + px(8)), self.bar_y, bw, bar_h)
            self.widgets.append(b)
        back = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(18))
        back.rect = pygame.Rect(w - margin - back_w, self.bar_y, back_w, bar_h)
        self.widgets.append(back)
        self.campaigns_button = None
        if self.show_campaigns is not None:
            self.campaigns_button = Button("All campaigns", lambda: self.show_campaigns(self.app), size=px(16),
                                           tooltip="Every campaign on disk: open another, start a new band, or "
                                                   "see why one is damaged and open its backup.")
            self.campaigns_button.rect = pygame.Rect(w - margin - px(150), px(12), px(150), px(34))
            self.widgets.append(self.campaigns_button)

    def back(self) -> None:
        self.app.pop()

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        camp = self.camp
        draw_text(surface, f"Camp: {camp.name}", (px(24), px(14)), px(34), theme.INK, True)
        help_right = self.campaigns_button.rect.x - px(16) if self.campaigns_button else surface.get_width() - px(24)
        draw_text(surface, "F1  Rules help", (help_right, px(22)), px(16), theme.INK_FAINT, anchor="topright")
        draw_status(surface, pygame.Rect(px(24), px(56), surface.get_width() - px(48), px(54)), camp, self.content,
                    self.s)
        draw_memorial(surface, camp, self.content, self.memorial, self.s)
        self._log(surface, self.log_rect)
        draw_panel(surface, self.side)
        title = ("The mission under way" if camp.mission else ("The campaign is over: " + camp.over if camp.over
                                                                else "Where next"))
        draw_text(surface, title, (self.side.x + px(12), self.side.y + px(8)), px(20), theme.INK, True)
        if camp.over:
            self._epilogue(surface, self.side.inflate(-px(24), -px(24)).move(0, px(30)))
        if self.brief is not None:
            pygame.draw.line(surface, theme.PANEL_EDGE, (self.brief.x + px(10), self.brief.y),
                             (self.brief.right - px(10), self.brief.y))
            draw_briefing(surface, self.brief, camp, self.content, self.current, self.s)

    def _epilogue(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """How the story ended, in a few lines."""
        camp = self.camp
        lost = [m for m in camp.members if not m.alive]
        breaks = sum(1 for line in camp.log if " breaks: " in line)
        lines = [(f"{'Reached the evacuation point' if camp.over == 'evacuated' else 'The last of them fell'} on day "
                  f"{camp.day}, after {camp.missions_played} mission{'s' if camp.missions_played != 1 else ''} "
                  f"({camp.missions_won} won).", theme.INK),
                 (f"{len(camp.alive())} of the {len(camp.members)} who were ever in the band "
                  f"{'made it' if camp.over == 'evacuated' else 'were left'}.", theme.INK_DIM),
                 (f"Scars taken: {sum(len(m.scars) for m in camp.members)}. Stressful Events: {breaks}.",
                  theme.INK_DIM)]
        lines += [(f"{m.name} ({self.content.archetypes[m.archetype].name}): {m.fate}", theme.INK_FAINT)
                  for m in lost]
        y = area.y
        for text, colour in lines:
            if y >= area.bottom:
                break
            y += draw_wrapped(surface, text, pygame.Rect(area.x, y, area.width, 0), self.px(17), colour,
                              max_lines=3) + self.px(8)

    def _log(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        px = self.px
        if area.height < px(40):
            return
        draw_panel(surface, area)
        size = px(15)
        title = draw_text(surface, "Campaign log", (area.x + px(10), area.y + px(6)), px(16), theme.INK_DIM, True)
        if self.message:        # the answer to the last order
            draw_text(surface, ellipsize(self.message, px(16), area.right - title.right - px(28), True),
                      (title.right + px(16), area.y + px(6)), px(16),
                      theme.DANGER if self.message.startswith("Cannot") else theme.ACCENT, True)
        y = title.bottom + px(5)
        fit = max(0, (area.bottom - px(4) - y) // (line_height(size) + 1))
        for line in self.camp.log[-fit:] if fit else []:
            draw_text(surface, ellipsize(line, size, area.width - px(20)), (area.x + px(10), y), size, theme.INK_DIM)
            y += line_height(size) + 1


def new_band(content: Content, wanted: str, folder: Path | None = None) -> CampScreen:
    """The camp of a new campaign, under the first free name like `wanted` (never a damaged campaign's file)."""
    name = fresh_name(wanted, folder)
    return CampScreen(content, R.new_campaign(content, name, new_seed()), campaign_path(name, folder))


def camp_for(content: Content, path: Path) -> CampScreen:
    """The camp of the saved campaign at `path`, its mission under way (if any) replayed and checked first;
    SaveError when it does not read or replay."""
    camp, session = load_campaign(path, content)
    if session is not None:
        session.close()
    return CampScreen(content, camp, path)
