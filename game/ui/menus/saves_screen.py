"""Load a saved game: every save in the save folder, newest first, with its label, scenario, round and time.

Saves that cannot be read are listed too, greyed, with the reason; choosing a good one replays it (load_game) and
opens the board. A save that fails while loading says why in a dialog - never a traceback. Delete removes the selected
file, damaged or not, after a confirmation.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.ai.director_policy import policy_for
from game.content.defs import Content
from game.tools import quickplay as Q
from game.ui.menus.setup import open_game
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
    line_height,
    message,
)
from game.ui.widgets.map_card import draw_map_card
from game.world.saves import GameRecord, SaveError, delete_save, list_saves, load_game, record_from, save_dir


@dataclass
class SaveEntry:
    path: Path
    header: dict
    record: GameRecord | None = None     # None when the save is damaged
    problem: str = ""
    content: Content | None = None       # the content it loads with (a Quick-Play save adds its scenario)

    @property
    def ok(self) -> bool:
        return self.record is not None


def _reason(text: str, path: Path) -> str:
    prefix = f"{path}: "
    return text[len(prefix):] if text.startswith(prefix) else text


def content_for(content: Content, scenario_id: object) -> Content:
    """The content a save needs: a Quick-Play game (scenario `quickplay_<seed>`) is rolled again from its seed,
    which gives the same scenario on the same generated board, and added; anything else uses the content as it is."""
    return Q.content_for(content, scenario_id)


def scan_saves(content: Content, folder: Path | None = None) -> list[SaveEntry]:
    """Every file of the save folder (list_saves): the readable saves newest first, then the damaged ones with
    why. One bad file never hides the others."""
    entries = []
    for found in list_saves(folder or save_dir()):
        if found.data is None:
            entries.append(SaveEntry(found.path, {}, None, _reason(found.problem, found.path)))
            continue
        header = {k: found.data.get(k) for k in ("saved_at", "label", "scenario", "round", "doom", "board")}
        own = content_for(content, found.data["scenario"])
        try:
            entries.append(SaveEntry(found.path, header, record_from(found.path, found.data, own), content=own))
        except SaveError as exc:
            entries.append(SaveEntry(found.path, header, None, _reason(str(exc), found.path)))
    return [e for e in entries if e.ok] + [e for e in entries if not e.ok]


def damage_advice(problem: str) -> str:
    """A sentence for the player on what a save problem probably means."""
    if "unknown scenario" in problem:
        return "It was saved on a scenario this version of the game does not have."
    if problem.startswith("not a save file"):
        return "The file is not a readable save: it may have been cut short or edited by hand."
    if problem.startswith("format"):
        return "It was written by a different version of the game."
    if problem.startswith("content:"):
        return "It was recorded on rules, maps or scenarios this version of the game has changed: it would not play " \
               "the same game again."
    if "does not replay" in problem or "rng_state" in problem:
        return "Its moves no longer play out the same way: the rules or the file have changed since it was saved."
    return "The file has been changed since it was saved, or comes from another version of the game."


def nice_time(stamp: str | None) -> str:
    if not stamp:
        return ""
    try:
        t = time.strptime(stamp, "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return str(stamp)
    return time.strftime("%d %b %Y, %H:%M", t).lstrip("0")


class SavesScene(UIScene):
    NOUN = "save"                # what the list holds, for its words (the replays' list says "replay")
    REFUSED = "cannot load"      # beside a damaged file

    def __init__(self, content: Content, folder: Path | None = None, replays=None):
        """`replays()`: opens the list of replays (game.ui.menus.replays_screen, which is built on this screen)."""
        super().__init__()
        self.content = content
        self.folder = folder
        self.replays = replays
        self.entries: list[SaveEntry] = []
        self.selected = 0

    def scan(self) -> list[SaveEntry]:
        return scan_saves(self.content, self.folder)

    def enter(self) -> None:
        self.entries = self.scan()
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        super().enter()

    def _row(self, e: SaveEntry) -> Row:
        if not e.ok:
            return Row(e.path.name, enabled=False, note=f"Damaged: {e.problem}", right=self.REFUSED, data=e)
        h = e.header
        scen = (e.content or self.content).scenarios.get(h.get("scenario"))
        name = scen.name if scen else str(h.get("scenario"))
        doom = f"Doom {h.get('doom')}/{scen.doom_length}" if scen else f"Doom {h.get('doom')}"
        title = h.get("label") or "Untitled save"
        return Row(title, f"{name}  -  round {h.get('round')}  -  {doom}", nice_time(h.get("saved_at")), data=e)

    def layout(self, w: int, h: int) -> None:
        px = self.px
        margin = px(40)
        top = px(126)
        bottom = h - px(96)
        list_w = int((w - 2 * margin) * 0.56)
        self.list = ListBox([self._row(e) for e in self.entries], on_activate=lambda row: self.load(),
                            on_select=self._select, rect=(margin, top, list_w, bottom - top), scale=self.s)
        self.list.row_h = px(72)
        if self.entries:
            self.list.selected = self.selected
        self.preview = pygame.Rect(margin + list_w + px(24), top, w - 2 * margin - list_w - px(24), bottom - top)
        by = h - px(72)
        back = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(24))
        back.rect = pygame.Rect(margin, by, px(180), px(50))
        self.load_button = Button("Load", self.load, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                                  style="primary", size=px(25))
        self.load_button.rect = pygame.Rect(w - margin - px(240), by, px(240), px(50))
        self.delete_button = Button("Delete", self.delete, hotkey=pygame.K_DELETE, hint="Del", size=px(24),
                                    tooltip="Remove the selected save from the save folder.")
        self.delete_button.rect = pygame.Rect(self.load_button.rect.x - px(216), by, px(200), px(50))
        self.widgets += [self.list, back, self.delete_button, self.load_button]
        if self.replays is not None:
            replays = Button("Replays", self.replays, hotkey=pygame.K_r, hint="R", size=px(24),
                             tooltip="Finished games, to watch again.")
            replays.rect = pygame.Rect(back.rect.right + px(16), by, px(200), px(50))
            self.widgets.append(replays)
        self._sync()

    def _select(self, row: Row) -> None:
        self.selected = self.list.selected
        self._sync()

    def _sync(self) -> None:
        e = self.current
        self.load_button.enabled = bool(e and e.ok)
        self.delete_button.enabled = e is not None
        self.load_button.tooltip = "" if (e is None or e.ok) else "This save is damaged and cannot be loaded."

    @property
    def current(self) -> SaveEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def delete(self) -> None:
        e = self.current
        if e is None:
            return
        what = "This damaged file" if not e.ok else f"The save \"{e.header.get('label') or 'Untitled save'}\""
        confirm(self.app, "Delete this save?", f"{what} ({e.path.name}) is removed from the save folder for good.",
                "Delete", lambda: self._delete(e), tone="danger")

    def _delete(self, e: SaveEntry) -> None:
        try:
            delete_save(e.path)
        except SaveError as exc:
            message(self.app, "The save was not deleted", _reason(str(exc), e.path), tone="danger")
        self.entries = self.scan()
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        self.relayout()

    def load(self) -> None:
        e = self.current
        if e is None:
            return
        if not e.ok:
            message(self.app, "This save cannot be loaded", f"{e.path.name}: {e.problem}", tone="danger")
            return
        content = e.content or self.content
        try:
            game = load_game(e.path, content, policy_for=policy_for)
        except SaveError as exc:
            message(self.app, "This save cannot be loaded", f"{e.path.name}: {_reason(str(exc), e.path)}",
                    tone="danger")
            return
        except Exception as exc:     # a rules or content mismatch deep in the replay: still one readable message
            message(self.app, "This save cannot be loaded", f"{e.path.name}: {type(exc).__name__}: {exc}",
                    tone="danger")
            return
        record = game.record
        game.session.close()
        open_game(self.app, content, record)

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        more = "  Replays (R): finished games, to watch again." if self.replays is not None else ""
        self.draw_header(surface, "Load a game", "Newest first. Pick a save and press Load, or Delete to remove it."
                         + more)
        if not self.entries:
            r = self.list.rect.union(self.preview)
            draw_panel(surface, r, radius=px(12))
            draw_text(surface, "No saved games yet", (r.centerx, r.centery - px(20)), px(34), theme.INK, True,
                      anchor="center")
            draw_text(surface, "Games you save from the board appear here.", (r.centerx, r.centery + px(22)),
                      px(22), theme.INK_DIM, anchor="center")
            draw_text(surface, f"Save folder: {self.folder or save_dir()}", (r.centerx, r.centery + px(56)),
                      px(18), theme.INK_FAINT, anchor="center")
            return
        self._draw_preview(surface)

    def _draw_preview(self, surface: pygame.Surface) -> None:

        px = self.px
        e = self.current
        r = self.preview
        draw_panel(surface, r, radius=px(12), shadow=True)
        pad = px(22)
        inner = r.inflate(-2 * pad, -2 * pad)
        if e is None:
            return
        if not e.ok:
            y = inner.y
            draw_text(surface, f"DAMAGED {self.NOUN.upper()}", (inner.x, y), px(17), theme.DANGER, True)
            y += line_height(px(17), True) + px(6)
            y += draw_wrapped(surface, e.path.name, pygame.Rect(inner.x, y, inner.width, 0), px(26), theme.INK,
                              True)
            y += px(10)
            y += draw_wrapped(surface, e.problem, pygame.Rect(inner.x, y, inner.width, 0), px(21), theme.INK)
            y += px(16)
            draw_wrapped(surface, damage_advice(e.problem), pygame.Rect(inner.x, y, inner.width, 0), px(20),
                         theme.INK_DIM)
            draw_text(surface, f"Delete removes it from the {self.NOUN} folder.", (inner.x, inner.bottom), px(18),
                      theme.INK_FAINT, anchor="bottomleft")
            return
        content = e.content or self.content
        scen = content.scenarios[e.record.scenario]
        y = inner.y
        draw_text(surface, scen.name.upper(), (inner.x, y), px(17), theme.ACCENT, True)
        y += line_height(px(17), True) + px(4)
        title = e.header.get("label") or "Untitled save"
        draw_text(surface, ellipsize(title, px(30), inner.width, True), (inner.x, y), px(30), theme.INK, True)
        y += line_height(px(30), True) + px(6)
        facts = [f"Round {e.header.get('round')}, Doom {e.header.get('doom')}/{scen.doom_length}",
                 ", ".join(self.content.archetypes[a].name for a in e.record.team),
                 f"Saved {nice_time(e.header.get('saved_at'))}  -  {len(e.record.actions)} actions"]
        for line in facts:
            y += draw_wrapped(surface, line, pygame.Rect(inner.x, y, inner.width, 0), px(20), theme.INK_DIM,
                              max_lines=2)
            y += px(4)
        y += px(10)
        board = e.header.get("board")
        key_h = line_height(px(16)) + px(6) if board is not None else 0
        map_rect = pygame.Rect(inner.x, y, inner.width, inner.bottom - y - key_h)
        if map_rect.height > px(120):
            draw_map_card(surface, map_rect, content.maps[scen.map], scen, self.s, board=board)
            if board is not None:
                key = "As saved: survivors are the white-ringed dots (orange if Downed), zombies green."
                draw_text(surface, key, (inner.x, inner.bottom), px(16), theme.INK_FAINT, anchor="bottomleft")
