"""The replay screen: a finished game played again on the board, with a timeline to scrub through it.

    open_replay(app, content, path, round_no=None) -> bool     the one way in (end screen, Load, debrief, CLI)

The board is the live game's (GameScene, as in a demo: the camera follows the survivor who acts and glides to what
the Director does, walks are animated, banners say each Director step), fed by a ReplayPlayer rather than by
players. Under it (replay_timeline) the transport buttons and the timeline with the rounds and key moments.

Keys: Space play / pause; Right or N one step forward, Left one step back (an action, or one Director step);
Page Down / Page Up the next / previous round; ] / [ the next / previous key moment; Home / End the start / end;
1-4 speed; WASD or Up / Down pan; Esc back. A click on the timeline jumps there (drag to scrub), a click on a mark
to just before that moment, which then plays.
"""
from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.ui.board.game_scene import AI_STEP_TIME, STEP_TIME, GameScene
from game.ui.board.hud import compute_layout
from game.ui.board.replay_files import open_replay_file
from game.ui.board.replay_timeline import IconButton, Timeline, status_text
from game.ui.widgets import theme
from game.ui.widgets.controls import draw_text, ellipsize, line_height, message
from game.ui.widgets.navigation import route
from game.world.phase_report import step_sentence
from game.world.replay_player import Moment
from game.world.replays import ending
from game.world.saves import SaveError

ACTION_TIME = {"activate": 0.45, "end_activation": 0.3}     # seconds on screen at 1x, by the action's id


@route("watch_replay")
def open_replay(app, content, path: Path, round_no: int | None = None) -> bool:
    """Open the replay in `path` over the current screen (Esc comes back to it), at the start of round `round_no`
    if given. A file that cannot be replayed (damaged, changed content) says why in a message and opens nothing."""
    try:
        scene = ReplayScene(content, path, round_no)
    except SaveError as exc:
        message(app, "This replay cannot be shown", str(exc), tone="danger")
        return False
    app.push(scene)
    return True


class ReplayScene(GameScene):
    REPORT_CARD = False
    WATCHING = "Replay"
    demo = True             # no action bar, no undo: the board watches, as in a demo

    def __init__(self, content, path: Path, round_no: int | None = None, speed: float = 1.0):
        """SaveError (one line) when the file cannot be replayed; ValueError for a round the game did not reach."""
        opened = open_replay_file(path, content)
        self.player = opened.player()
        if round_no is not None and round_no not in self.player.round_starts:
            self.player.close()
            raise ValueError(f"the game has rounds 1 to {self.player.rounds}, not {round_no}")
        self.path = Path(path)
        self.data = opened.data
        super().__init__(opened.content, opened.record, speed=speed, game=self.player)
        self.demo_level = opened.record.survivor_level
        self.desk = self.teammates = None      # a person's seat and the AI's teammates play nothing here
        self.as_director = False               # nobody sits in the Director's chair of a replay
        self.seated = False                    # every Secret Agenda shows: no hand is hidden from a viewer
        self.paused = True
        self.timeline = Timeline(self.player)
        self.hover_moment: Moment | None = None
        self._scrubbing = False
        self.transport: list[IconButton] = []
        self._play_button: IconButton | None = None
        self.hud.show_banner(f"Replay: {self.session.scenario.name}", self._intro(), theme.ACCENT)
        if round_no is not None:
            self.seek(self.player.round_starts[round_no])

    def _intro(self) -> str:
        rec = self.record
        ended = ending(self.data.get("result"), self.player.rounds)
        return (f"Seed {rec.seed}, {len(rec.actions)} actions: {ended}. Space plays, the arrows step, a click on "
                f"the timeline jumps.")

    # --- moving through the game -------------------------------------------------------------------------------
    @property
    def position(self) -> int:
        return self.player.pos

    def seek(self, position: int) -> None:
        """Show the game as it stood after `position` steps, at once (nothing animated). A jump puts the team in
        the middle of the view; a step back leaves the camera where the viewer had it, on the one who acts."""
        jump = abs(position - self.position) > 1
        self.player.seek(position)
        s = self.session
        self._seen = len(s.events)
        self.motion.clear()
        self.tracers.clear()
        self.hud.clear_transients()
        self.hud.reset_log()
        self._cache.clear()
        self._after_change()
        self._select_default()
        if jump:
            self.frame_fight()
        elif s.active is not None:
            self._follow(s.active)
        step = self.player.steps[self.position - 1].label if self.position else "the table is set"
        self.hud.show_banner(f"Replay - round {self.player.round_at(self.position)}",
                             f"Step {self.position} of {self.player.end}: {step}", theme.ACCENT)

    def step_forward(self) -> None:
        self.paused = True
        self.step_once = True
        self._label_top_buttons()

    def step_back(self) -> None:
        self.paused = True
        self._label_top_buttons()
        self.seek(self.position - 1)

    def next_round(self, direction: int) -> None:
        rnd = self.player.round_at(self.position)
        starts = self.player.round_starts
        if direction < 0 and starts[rnd] < self.position:
            self.seek(starts[rnd])          # back to the start of this round first, as a player expects
        elif rnd + direction in starts:
            self.seek(starts[rnd + direction])
        elif direction > 0:
            self.seek(self.player.end)

    def next_moment(self, direction: int) -> None:
        here = self.position
        marks = [m for m in self.player.moments if (m.position > here if direction > 0 else m.position < here)]
        if marks:
            self.watch_moment(marks[0] if direction > 0 else marks[-1])

    def watch_moment(self, moment: Moment) -> None:
        """Jump to just before the moment and play its step."""
        self.seek(moment.position - 1)
        self.step_forward()

    def _label_top_buttons(self) -> None:
        super()._label_top_buttons()
        for b in self.hud.top_buttons:
            if b.on_click == self.toggle_pause and self.paused:
                b.text = "Play"

    def save(self, slot: str | None = None) -> None:
        """A replay keeps the whole game already (Ctrl+S on the board saves a game under way)."""
        self.hud.toast(f"This replay is kept in {self.path.name}: there is nothing to save", theme.INK, 2.0)

    def hold(self) -> None:
        """Keep the step on screen until the next one is played from outside (a clip being written)."""
        self._timer = float("inf")

    def toggle_pause(self) -> None:
        if self.paused and self.position >= self.player.end:
            self.seek(0)                    # at the end, Play starts the game again
        super().toggle_pause()

    # --- the loop ------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.animate(dt)
        if self._left:
            return
        if self.position >= self.player.end:
            if not self.paused:
                self.paused = True
                self._label_top_buttons()
            self.step_once = False
            return
        if self.instant and not self.paused:
            start = time.perf_counter()
            while self.position < self.player.end and time.perf_counter() - start < 0.03:
                self.play_step(animate=False)
            return
        if self._waiting(dt):
            return
        self.step_once = False
        self.play_step(animate=True)

    def play_step(self, animate: bool) -> None:
        step = self.player.forward()
        s = self.session
        self._absorb(animate=animate)
        self._after_change()
        if step.kind == "action":
            if s.active is not None:
                self._follow(s.active)
            if step.key == "end_turn":
                self._glide_to_team()
            self._timer = ACTION_TIME.get(step.key, AI_STEP_TIME) / self.speed
            return
        if step.key != "end":
            text = step_sentence(s, step.key, s.events[step.first:step.last])
            colour = theme.DOOM if step.key in ("doom", "escalation") else theme.DANGER
            self.hud.show_banner(f"Director Phase - {step.label}", text, colour)
        if step.key == "round":
            self._glide_to_team()
        self._timer = STEP_TIME.get(step.key, 0.6) / self.speed

    # --- input ---------------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        lay = self._lay()
        if event.type == pygame.MOUSEMOTION:
            self.hover_moment = self.timeline.moment_at(event.pos)
            if self._scrubbing:
                self.seek(self.timeline.position_at(event.pos[0]))
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if self._scrubbing and event.type == pygame.MOUSEBUTTONUP:
                self._scrubbing = False
                return
            for b in self.transport:
                if b.handle(event):
                    return
            if event.type == pygame.MOUSEBUTTONDOWN and self.timeline.hit_area().collidepoint(event.pos):
                self._click_timeline(event.pos)
                return
            if lay.bar.collidepoint(event.pos):
                return
        super().handle(event)
        if event.type == pygame.MOUSEMOTION:
            for b in self.transport:
                b.handle(event)
            self.tips.track(list(self.hud.top_buttons) + self.transport, event.pos)

    def _click_timeline(self, pos: tuple[int, int]) -> None:
        moment = self.timeline.moment_at(pos)
        self.paused = True
        self._label_top_buttons()
        if moment is not None:
            self.watch_moment(moment)
        else:
            self._scrubbing = True
            self.seek(self.timeline.position_at(pos[0]))

    def _keydown(self, event) -> None:
        key, shift = event.key, event.mod & pygame.KMOD_SHIFT
        moves = {pygame.K_RIGHT: lambda: self.next_round(1) if shift else self.step_forward(),
                 pygame.K_LEFT: lambda: self.next_round(-1) if shift else self.step_back(),
                 pygame.K_PAGEDOWN: lambda: self.next_round(1), pygame.K_PAGEUP: lambda: self.next_round(-1),
                 pygame.K_RIGHTBRACKET: lambda: self.next_moment(1), pygame.K_LEFTBRACKET: lambda: self.next_moment(-1),
                 pygame.K_HOME: lambda: self.seek(0), pygame.K_END: lambda: self.seek(self.player.end)}
        if key in moves:
            moves[key]()
            return
        super()._keydown(event)

    def _hint(self) -> str:
        return ("Replay: Space play / pause, Left / Right one step, PgUp / PgDn a round, [ ] a key moment, "
                "Home / End, a click on the timeline jumps, Esc back")

    # --- drawing -------------------------------------------------------------------------------------------------
    def layout_for(self, size: tuple[int, int]):
        lay = compute_layout(*size, demo=False)        # the action bar's height: room for the timeline
        px, bar = lay.px, lay.bar
        icons = [("start", lambda: self.seek(0), "The start of the game (Home)"),
                 ("round_back", lambda: self.next_round(-1), "The start of this round, or the round before (PgUp)"),
                 ("back", self.step_back, "One step back: an action, or one Director step (Left)"),
                 ("play", self.toggle_pause, "Play / pause (Space)"),
                 ("forward", self.step_forward, "One step forward (Right or N)"),
                 ("round_forward", lambda: self.next_round(1), "The next round (PgDn)"),
                 ("end", lambda: self.seek(self.player.end), "The end of the game (End)")]
        bw, bh, gap = px(40), px(32), px(5)
        x, y = bar.x + px(12), bar.centery - bh // 2
        self.transport = []
        for icon, fn, tip in icons:
            b = IconButton(icon, fn, tip)
            b.rect = pygame.Rect(x, y, bw, bh)
            if icon == "play":
                b.style = "primary"
                self._play_button = b
            self.transport.append(b)
            x += bw + gap
        tl = self.timeline
        tl.mark_h = px(11)
        tl.label_size = px(13)
        left = x + px(16)
        tl.rect = pygame.Rect(left, bar.y + px(9) + tl.mark_h, bar.right - px(16) - left, px(12))
        return lay

    def draw_bar(self, surface: pygame.Surface, lay) -> None:
        px, bar = lay.px, lay.bar
        pygame.draw.rect(surface, (30, 32, 37), bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        if self._play_button is not None:
            self._play_button.icon = "play" if self.paused else "pause"
        for b in self.transport:
            b.draw(surface)
        tl = self.timeline
        tl.draw(surface, self.position, self.hover_moment)
        size = px(15)
        y = tl.rect.bottom + line_height(tl.label_size) + px(3)
        text = status_text(self.player, self.position, self.hover_moment, self.speed_label(), self.paused)
        colour = theme.INK if self.hover_moment is not None else theme.INK_DIM
        draw_text(surface, ellipsize(text, size, tl.rect.width), (tl.rect.x, y), size, colour)
