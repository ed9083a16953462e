"""Watch a game again: every replay in the replay folder, newest first, as the Load screen lists saves (it is the
Load screen's list, reached from its Replays button). A damaged file, or one recorded on content that has changed
since, is listed greyed with why and opens nothing; Watch opens the replay screen, Delete removes the file."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.content.defs import Content
from game.ui.board.replay_files import open_replay_file
from game.ui.board.replay_scene import open_replay
from game.ui.menus.saves_screen import SaveEntry, SavesScene, _reason
from game.ui.widgets import theme
from game.ui.widgets.controls import confirm, draw_panel, draw_text
from game.world.replays import list_replays, replay_dir
from game.world.saves import SaveError

HEADER_KEYS = ("saved_at", "label", "scenario", "round", "doom", "board")


def scan_replays(content: Content, folder: Path | None = None) -> list[SaveEntry]:
    """Every file of the replay folder: the ones that can be replayed newest first, then the others with why."""
    good, bad = [], []
    for found in list_replays(folder or replay_dir()):
        if found.data is None:
            bad.append(SaveEntry(found.path, {}, None, _reason(found.problem, found.path)))
            continue
        header = {k: found.data.get(k) for k in HEADER_KEYS}
        try:
            opened = open_replay_file(found.path, content)
        except SaveError as exc:
            bad.append(SaveEntry(found.path, header, None, _reason(str(exc), found.path)))
            continue
        good.append(SaveEntry(found.path, header, opened.record, content=opened.content))
    return good + bad


class ReplaysScene(SavesScene):
    NOUN = "replay"
    REFUSED = "cannot watch"

    def scan(self) -> list[SaveEntry]:
        return scan_replays(self.content, self.folder)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.load_button.text = "Watch"
        self.load_button.tooltip = "" if (self.current is None or self.current.ok) else \
            "This replay cannot be shown: see why on the right."
        self.delete_button.tooltip = "Remove the selected replay from the replay folder."

    def _sync(self) -> None:
        super()._sync()
        if self.current is not None and not self.current.ok:
            self.load_button.tooltip = "This replay cannot be shown: see why on the right."

    def load(self) -> None:
        e = self.current
        if e is not None and e.ok:
            open_replay(self.app, self.content, e.path)

    def delete(self) -> None:
        e = self.current
        if e is None:
            return
        what = "This damaged file" if not e.ok else f"The replay \"{e.header.get('label') or e.path.name}\""
        confirm(self.app, "Delete this replay?", f"{what} ({e.path.name}) is removed from the replay folder for "
                "good.", "Delete", lambda: self._delete(e), tone="danger")

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        self.draw_header(surface, "Watch a game again", "Newest first: every finished game is kept (the newest 30). "
                         "Pick one and press Watch.")
        if not self.entries:
            r = self.list.rect.union(self.preview)
            draw_panel(surface, r, radius=px(12))
            draw_text(surface, "No replays yet", (r.centerx, r.centery - px(20)), px(34), theme.INK, True,
                      anchor="center")
            draw_text(surface, "Every game you finish is kept here to watch again.", (r.centerx, r.centery + px(22)),
                      px(22), theme.INK_DIM, anchor="center")
            draw_text(surface, f"Replay folder: {self.folder or replay_dir()}", (r.centerx, r.centery + px(56)),
                      px(18), theme.INK_FAINT, anchor="center")
            return
        self._draw_preview(surface)
