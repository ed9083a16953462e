"""The campaigns on disk, newest first: each band's day, survivors and missions won, and each damaged file with why.

Main menu -> Campaign (open_campaign) opens it when a campaign file is damaged. A damaged file
is only ever read: Open is refused with the reason, "Open the backup" starts again from the state kept beside it
(as '<name> restored', a file of its own) and "New band" takes a name no file has. Nothing here writes over a file;
Delete removes the chosen campaign file after a confirmation (its backup stays, and keeps the name taken).
"""
from __future__ import annotations

from pathlib import Path

import pygame

from game.campaign import rules as R
from game.campaign.saves import (
    CampaignFile,
    SaveError,
    backup_path,
    campaign_dir,
    list_campaigns,
    reason,
    restore_backup,
)
from game.campaign.state import Campaign
from game.campaign.tables import campaign_rules
from game.content.defs import Content
from game.ui.camp.camp_screen import CampScreen, camp_for, new_band
from game.ui.widgets import theme
from game.ui.widgets.controls import (
    Button,
    ListBox,
    Row,
    UIScene,
    confirm,
    draw_panel,
    draw_text,
    draw_wrapped,
    ellipsize,
    message,
)
from game.world.saves import delete_save


def summary(camp: Campaign, content: Content) -> str:
    """A band in one line: the day, who is left, the missions won, and where things stand."""
    goal = campaign_rules(content).goal["missions"]
    state = f"over: {camp.over}" if camp.over else ("out on a mission" if camp.mission else "in camp")
    return (f"Day {camp.day}  -  {len(camp.alive())} of {len(camp.members)} survivors  -  "
            f"{camp.missions_won} of {goal} missions won  -  {state}")


def damage_advice(problem: str) -> str:
    """What a campaign file's problem probably means, for the player."""
    if problem.startswith("not a campaign save"):
        return "The file is not a readable campaign: it may have been cut short, emptied or replaced."
    if problem.startswith("format"):
        return "It was written by a different version of the game."
    if "does not replay" in problem or "rng_state" in problem:
        return "The mission under way no longer plays out the same way: the rules or the file have changed."
    return "The file has been changed since the game wrote it, or comes from another version of the game."


class CampaignsScene(UIScene):
    def __init__(self, content: Content, folder: Path | None = None, failed: dict[Path, str] | None = None):
        super().__init__()
        self.content = content
        self.folder = folder
        self.failed = dict(failed or {})        # campaigns that read but whose mission did not replay, and why
        self.entries: list[CampaignFile] = []
        self.selected = 0

    def enter(self) -> None:
        self.entries = [self._checked(e) for e in list_campaigns(self.content, self.folder)]
        ok = [i for i, e in enumerate(self.entries) if e.ok]
        self.selected = ok[0] if ok else 0
        super().enter()

    def _checked(self, e: CampaignFile) -> CampaignFile:
        return CampaignFile(e.path, None, self.failed[e.path]) if e.ok and e.path in self.failed else e

    @property
    def current(self) -> CampaignFile | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def _row(self, e: CampaignFile) -> Row:
        if not e.ok:
            right = "backup reads" if e.backup else "damaged"
            return Row(e.path.name, enabled=False, note=f"Damaged: {e.problem}", right=right, data=e)
        return Row(e.camp.name, summary(e.camp, self.content), e.path.name, data=e)

    def layout(self, w: int, h: int) -> None:
        px = self.px
        margin = px(40)
        top = px(126)
        bottom = h - px(96)
        list_w = int((w - 2 * margin) * 0.56)
        self.list = ListBox([self._row(e) for e in self.entries], on_activate=lambda row: self.open(),
                            on_select=self._select, rect=(margin, top, list_w, bottom - top), scale=self.s)
        self.list.row_h = px(72)
        if self.entries:
            self.list.selected = self.selected
        self.detail = pygame.Rect(margin + list_w + px(24), top, w - 2 * margin - list_w - px(24), bottom - top)
        by = h - px(72)
        back = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(24))
        back.rect = pygame.Rect(margin, by, px(130), px(50))
        new = Button("New band", self.new_band, hotkey=pygame.K_n, hint="N", size=px(24),
                     tooltip="Start a new campaign under a name no file has.")
        new.rect = pygame.Rect(back.rect.right + px(16), by, px(180), px(50))
        self.open_button = Button("Open", self.open, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                                  style="primary", size=px(25))
        self.open_button.rect = pygame.Rect(w - margin - px(190), by, px(190), px(50))
        self.backup_button = Button("Open the backup", self.open_backup, hotkey=pygame.K_b, hint="B", size=px(24),
                                    tooltip="Start again from the state kept beside the damaged file, as a "
                                            "campaign of its own; the damaged file stays as it is.")
        self.backup_button.rect = pygame.Rect(self.open_button.rect.x - px(266), by, px(250), px(50))
        self.delete_button = Button("Delete", self.delete, hotkey=pygame.K_DELETE, hint="Del", size=px(24),
                                    tooltip="Remove the chosen campaign file (its backup stays).")
        self.delete_button.rect = pygame.Rect(new.rect.right + px(16), by, px(150), px(50))
        self.widgets += [self.list, back, new, self.delete_button, self.backup_button, self.open_button]
        self._sync()

    def _select(self, row: Row) -> None:
        self.selected = self.list.selected
        self._sync()

    def _sync(self) -> None:
        e = self.current
        self.open_button.enabled = bool(e and e.ok)
        self.backup_button.enabled = bool(e and not e.ok and e.backup)
        self.delete_button.enabled = e is not None

    # --- actions -------------------------------------------------------------------------------------------------
    def open(self) -> None:
        e = self.current
        if e is None:
            return
        if not e.ok:
            message(self.app, "This campaign cannot be opened", f"{e.path.name}: {e.problem}", tone="danger")
            return
        self._open(e.path)

    def _open(self, path: Path) -> None:
        try:
            screen = camp_for(self.content, path)
        except SaveError as exc:
            self.failed[path] = reason(exc, path)
            self.enter()
            self.relayout()
            message(self.app, "This campaign cannot be opened", f"{path.name}: {reason(exc, path)}", tone="danger")
            return
        self.app.replace(with_list(screen, self.content))

    def open_backup(self) -> None:
        e = self.current
        if e is None or e.ok or e.backup is None:
            return
        try:
            path = restore_backup(e.path, self.content)
        except (SaveError, OSError) as exc:
            message(self.app, "The backup cannot be opened", str(exc), tone="danger")
            return
        self._open(path)

    def delete(self) -> None:
        e = self.current
        if e is None:
            return
        what = f"The campaign {e.camp.name}" if e.ok else "This damaged file"
        kept = f" Its backup stays as {backup_path(e.path).name}." if backup_path(e.path).exists() else ""
        confirm(self.app, "Delete this campaign?", f"{what} ({e.path.name}) is removed for good.{kept}", "Delete",
                lambda: self._delete(e), tone="danger")

    def _delete(self, e: CampaignFile) -> None:
        try:
            delete_save(e.path)
        except SaveError as exc:
            message(self.app, "The campaign was not deleted", reason(exc, e.path), tone="danger")
        self.enter()
        self.relayout()

    def new_band(self) -> None:
        self.app.replace(with_list(new_band(self.content, "New Band", self.folder), self.content))

    def back(self) -> None:
        self.app.pop()

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        damaged = sum(not e.ok for e in self.entries)
        note = (f"{damaged} campaign file{'s' if damaged != 1 else ''} cannot be read: listed with why, never "
                f"written over." if damaged else "Newest first. Pick a band and press Open.")
        self.draw_header(surface, "Campaigns", note)
        if not self.entries:
            r = self.list.rect.union(self.detail)
            draw_panel(surface, r, radius=self.px(12))
            draw_text(surface, "No campaigns yet", r.center, self.px(34), theme.INK, True, anchor="center")
            return
        self._draw_detail(surface)

    def _draw_detail(self, surface: pygame.Surface) -> None:
        px = self.px
        e = self.current
        r = self.detail
        draw_panel(surface, r, radius=px(12), shadow=True)
        inner = r.inflate(-2 * px(22), -2 * px(22))
        if e is None:
            return
        y = inner.y

        def para(text: str, size: int, colour, bold: bool = False, gap: int = 8) -> None:
            nonlocal y
            if y < inner.bottom:
                y += draw_wrapped(surface, text, pygame.Rect(inner.x, y, inner.width, 0), px(size), colour, bold,
                                  max_lines=4) + px(gap)
        if not e.ok:
            para("DAMAGED CAMPAIGN", 17, theme.DANGER, True, 4)
            para(e.path.name, 26, theme.INK, True, 10)
            para(e.problem, 20, theme.INK)
            para(damage_advice(e.problem), 19, theme.INK_DIM, gap=14)
            if e.backup is not None:
                b = e.backup
                para(f"Its backup reads: {b.name} on day {b.day}, {len(b.alive())} of {len(b.members)} survivors, "
                     f"{b.missions_won} missions won. Open the backup starts again from there, as a campaign of its "
                     f"own.", 19, theme.GOOD)
            else:
                para("There is no backup that reads beside it.", 19, theme.INK_FAINT)
            where = f"The game leaves it as it is in {self.folder or campaign_dir()} (Delete removes it)."
            draw_text(surface, ellipsize(where, px(16), inner.width), (inner.x, inner.bottom), px(16),
                      theme.INK_FAINT, anchor="bottomleft")
            return
        camp = e.camp
        para(camp.name.upper(), 17, theme.ACCENT, True, 4)
        para(summary(camp, self.content), 20, theme.INK, gap=12)
        heat, doom = R.city_pressure(camp, self.content)
        para(f"Supplies {camp.supplies}. City Doom {camp.city_doom}: missions start with +{heat} Heat and {doom} "
             f"Doom.", 19, theme.INK_DIM, gap=12)
        for m in camp.alive():
            para(f"{m.name} ({self.content.archetypes[m.archetype].name}): stress {m.stress}", 18, theme.INK_DIM, gap=2)
        if camp.log:
            y += px(10)
            para(camp.log[-1], 17, theme.INK_FAINT)
        draw_text(surface, e.path.name, (inner.x, inner.bottom), px(16),
                  theme.INK_FAINT, anchor="bottomleft")


def with_list(screen: CampScreen, content: Content) -> CampScreen:
    """The camp with its "All campaigns" button leading here."""
    screen.show_campaigns = lambda app: app.replace(CampaignsScene(content))
    return screen


def open_campaign(app, content: Content) -> None:
    """Main menu -> Campaign: the newest campaign when every campaign file reads, a new band when there are none;
    when any is damaged (or the newest does not replay), the list of campaigns (below), which says why
    and offers the damaged one's backup - a damaged file is never opened, written over or reused for a new band."""
    found = list_campaigns(content)
    if not found:
        app.push(with_list(new_band(content, "First Band"), content))
        return
    failed = {}
    if all(f.ok for f in found):
        try:
            app.push(with_list(camp_for(content, found[0].path), content))
            return
        except SaveError as exc:
            failed[found[0].path] = reason(exc, found[0].path)
    app.push(CampaignsScene(content, failed=failed))
