"""The Tutorial screens: the lesson list, a lesson on the board, and the card that sums a lesson up.

    TutorialScene(content, lessons=None, progress=None)   the list of lessons with progress; Start, Skip, Back
    LessonScene(content, lesson, progress, lessons, speed) one lesson: the game's own board screen (GameScene)
                                                          with a lesson panel on its left, highlights on the board,
                                                          and every action judged by a LessonRunner
    LessonSummary(scene)                                  the one-screen summary of the rule at the end

The lesson board is the real GameScene (board, reach shading, path preview, odds cards, action bar, dice tray,
Director playback), reused by subclassing: the runner stands in for its RecordingSession, so every click still
becomes one of the engine's Actions, and the runner decides whether it was the step's, a harmless one, or a wrong
one to rewind with a hint. Nothing here decides a rule.
"""
from __future__ import annotations

import math
from dataclasses import replace

import pygame

from game.content.defs import Content
from game.content.errors import ContentError
from game.tutorial.lessons import Lesson, load_lessons, odds_line
from game.tutorial.runner import LessonRunner, Outcome, Progress
from game.tutorial.sandbox_lesson import user_lessons
from game.ui.board.board_view import Sprites, StaticBoard
from game.ui.board.game_scene import GameScene, _sentence
from game.ui.board.hud import ACTIONS, Layout, compute_layout
from game.ui.board.overlays import ReachLayer
from game.ui.widgets import theme
from game.ui.widgets.controls import (
    Button,
    ListBox,
    Overlay,
    Row,
    UIScene,
    confirm,
    draw_panel,
    draw_text,
    draw_wrapped,
    ellipsize,
    line_height,
    message,
    mix,
    text_size,
    ui_scale,
    wrap,
)
from game.ui.widgets.keymap import DEFAULTS
from game.world import actions as A
from game.world.components import Turn

ROLLING = {"Shoot", "Melee", "Throw", "Search", "Triage", "Disengage", "Drag"}
ACTION_KEYS = {spec.hotkey for spec in ACTIONS} | {pygame.K_KP_ENTER}
HIGHLIGHT = (255, 196, 92)
STATUS_WORDS = {"done": "Done", "skipped": "Skipped", "started": "Started", "new": ""}


# --- the runner standing in for the game's RecordingSession ---------------------------------------------------

class _LessonRecord:
    """What GameScene reads from a GameRecord: the session it replays to is the runner's."""

    def __init__(self, runner: LessonRunner):
        self.runner = runner
        lesson = runner.lesson
        self.scenario = f"tutorial_{lesson.id}"
        self.seed = lesson.seed
        self.team = tuple(m.archetype for m in lesson.team)
        self.actions: list = []
        self.director = "standard"       # lessons with a Director play the default one
        # one person plays every survivor against the Director AI (no seats, no Director's chair)
        self.side, self.survivor_level, self.purchases = "survivors", "veteran", []
        self.players, self.owners, self.director_player, self.human_director = (), (), "", False

    def replay(self, content, upto=None, policy=None):
        return self.runner.session


class _LessonGame:
    """GameScene's `game`: the current session is always the runner's (a retry swaps in a fresh one)."""

    def __init__(self, runner: LessonRunner, record: _LessonRecord):
        self.runner = runner
        self.record = record

    @property
    def session(self):
        return self.runner.session

    def submit(self, action):
        return self.runner.submit(action)

    def can_undo(self) -> bool:
        return False


# --- the lesson board ------------------------------------------------------------------------------------------

class LessonScene(GameScene):
    REPORT_CARD = False      # each lesson explains the Director's turn in its own words

    def player_keys(self) -> dict[str, int]:
        """The default keys: the lessons name them."""
        return dict(DEFAULTS)
    PANEL_W = 300            # at 720 px high

    def __init__(self, content: Content, lesson: Lesson, progress: Progress | None = None,
                 lessons: tuple[Lesson, ...] = (), speed: float = 1.0):
        self.lesson = lesson
        self.lessons = tuple(lessons) or (lesson,)
        self.progress = progress
        self.runner = LessonRunner(lesson, content, auto_director=False, progress=progress)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.panel_buttons: list[Button] = []
        self.continue_button: Button | None = None
        self.retry_button: Button | None = None
        self.pulse = 0.0
        self.flash = 0.0                 # the hint box glows for a moment after a wrong action
        self._left_lesson = False
        record = _LessonRecord(self.runner)
        super().__init__(content, record, demo_level=None, speed=speed)
        self.game = _LessonGame(self.runner, record)
        self.hud.banner = None
        if progress is not None:
            progress.mark_started(lesson.id)
        self._select_for_step()

    # --- layout ----------------------------------------------------------------------------------------------
    def _lay(self, size=None) -> Layout:
        if size is None:
            surf = pygame.display.get_surface()
            size = surf.get_size() if surf is not None else (1280, 720)
        if self._layout is None or self._layout.size != size:
            base = compute_layout(*size)
            panel_w = min(int(self.PANEL_W * base.s), size[0] // 3)
            self.panel = pygame.Rect(0, base.ticker.y, panel_w, base.board.bottom - base.ticker.y)
            board = pygame.Rect(panel_w, base.board.y, base.board.width - panel_w, base.board.height)
            ticker = pygame.Rect(panel_w, base.ticker.y, base.ticker.width - panel_w, base.ticker.height)
            self._layout = Layout(base.size, base.s, base.top, base.right, base.bar, board, ticker)
            cam = self.view.cam
            cam.tile = self._fit_tile(board)
            cam.set_view(board)
            m = self.session.map
            cam.centre_on(m.width / 2, m.height / 2)
            if m.width * cam.tile > board.width or m.height * cam.tile > board.height:
                self.frame_fight()      # a whole map (a lesson made in the sandbox): start where the team is
            self._centred = True
            self.hud.place_buttons(self._layout)
            self._make_top_buttons()
            self._make_panel_buttons()
        return self._layout

    def _fit_tile(self, board: pygame.Rect) -> int:
        m = self.session.map
        for tile in (64, 48, 32):
            if m.width * tile <= board.width - 8 and m.height * tile <= board.height - 8:
                return tile
        return 32

    def _make_top_buttons(self) -> None:
        lay = self._layout
        px = lay.px
        size, h = px(15), px(28)
        specs = [("Speed", self.cycle_speed, "How fast the Director's turn plays: 1x, 2x, 4x, instant (1-4)."),
                 ("Pause", self.toggle_pause, "Pause or resume the Director's turn (Space). N steps."),
                 ("Help", self.open_help, "Rules help (F1)."),
                 ("Lessons", self.back_to_list, "Back to the list of lessons (Esc). Finished lessons are kept.")]
        self.hud.top_buttons = []
        for label, fn, tip in specs:
            b = Button(label, fn, tooltip=tip, size=size, style="normal", hint="")
            b.rect = pygame.Rect(0, 0, max(px(50), int(len(label) * size * 0.55) + px(18)), h)
            self.hud.top_buttons.append(b)

    def _make_panel_buttons(self) -> None:
        px = self._layout.px
        p = self.panel
        pad = px(12)
        h = px(34)
        y = p.bottom - pad - h
        w = (p.width - 2 * pad - 2 * px(6)) // 3
        self.retry_button = Button("Retry", self.retry_step, size=px(16), hint="",
                                   tooltip="Retry this step: the board goes back to where the step began "
                                           "(Backspace).")
        skip = Button("Skip", self.skip_lesson, size=px(16), hint="", style="quiet",
                      tooltip="Skip this lesson: mark it as skipped and read its summary.")
        back = Button("Lessons", self.back_to_list, size=px(16), hint="", style="quiet",
                      tooltip="Back to the list of lessons (Esc).")
        for k, b in enumerate((self.retry_button, skip, back)):
            b.rect = pygame.Rect(p.x + pad + k * (w + px(6)), y, w, h)
        self.continue_button = Button("Continue", self.proceed, size=px(20), style="primary", hint="Enter",
                                      tooltip="On to the next step (Enter or Space).")
        self.continue_button.rect = pygame.Rect(p.x + pad, y - pad - px(44), p.width - 2 * pad, px(44))
        self.panel_buttons = [self.retry_button, skip, back, self.continue_button]

    # --- the lesson's flow -----------------------------------------------------------------------------------
    @property
    def awaiting_continue(self) -> bool:
        r = self.runner
        return r.state == "explain" or (r.state == "act" and r.step is not None and r.step.info)

    def submit(self, action, animate: bool = True) -> bool:
        """Every action the board makes goes to the runner, which plays it on the engine and judges it."""
        out = self.runner.submit(action)
        return self._outcome(out, animate)

    def _outcome(self, out: Outcome, animate: bool = True) -> bool:
        if out.kind == "refused":
            self.hud.toast(_sentence(out.message))
            return False
        if out.kind == "wrong":
            self._resync()
            self.hud.toast("Not quite: the board is back where this step began. See the hint on the left.",
                           theme.ACCENT, 4.0)
            self.flash = 1.0
            return False
        self._absorb(animate=animate and not self.instant)
        self._after_change()
        if out.kind == "step_done":
            if self.runner.explanation is not None and self.runner.explanation.engine_said:
                self.hud.toast(_sentence(self.runner.explanation.engine_said), theme.INK, 4.0)
                return False
        if out.kind == "director":
            self._timer = 0.3 / self.speed
        return True

    def _resync(self) -> None:
        """After the runner swapped in a fresh session: forget everything drawn from the old one."""
        self._seen = len(self.session.events)
        self.motion.clear()
        self.hud.clear_transients()
        self.hud.reset_log()
        self.hud.banner = None
        self._cache.clear()
        self.reach_layer = ReachLayer()
        self.tracers = []
        self.set_mode("move")
        self.weapon_uid = None
        self.step_once = False
        self._select_default()
        self._select_for_step()

    def _select_for_step(self) -> None:
        step = self.runner.step
        s = self.session
        if step is None or step.expect is None or not step.expect.who:
            return
        who = self.runner.eid(step.expect.who)
        busy = s.active is not None and s.active != who and s.comp(s.active, Turn).ap > 0
        if who is not None and not busy:
            self.selected = who

    def proceed(self) -> None:
        if not self.awaiting_continue:
            return
        self.runner.proceed()
        self.hud.banner = None
        if self.runner.finished:
            self.show_summary()
            return
        self.set_mode("move")
        self._select_for_step()

    def retry_step(self) -> None:
        if self.runner.state == "director" or self.session.in_director:
            self.hud.toast("Wait for the Director's turn to end", theme.INK)
            return
        if self.runner.state != "act" or self.awaiting_continue:
            self.hud.toast("Nothing to retry: this step is done. Press Continue.", theme.INK)
            return
        self.runner.retry()
        self._resync()
        self.hud.toast("The board is back where this step began", theme.INK, 2.0)

    def skip_lesson(self) -> None:
        if self.progress is not None:
            self.progress.mark_skipped(self.lesson.id)
        self.show_summary(skipped=True)

    def show_summary(self, skipped: bool = False) -> None:
        self.app.push(LessonSummary(self, skipped))

    def next_lesson(self) -> Lesson | None:
        later = [ls for ls in self.lessons if ls.order > self.lesson.order]
        return later[0] if later else None

    def open_lesson(self, lesson: Lesson) -> None:
        self.runner.close()
        self._left_lesson = True
        scene = LessonScene(self.content, lesson, self.progress, self.lessons, self.speed)
        self.app.replace(scene)

    def back_to_list(self) -> None:
        self._left_lesson = True
        self._left = True
        if self.app.stack and self.app.scene is self:
            self.app.pop()
        self.runner.close()

    # --- hooks into the board screen -------------------------------------------------------------------------
    def ask_leave(self) -> None:
        self.back_to_list()

    def leave(self, save: bool = False) -> None:
        self.back_to_list()

    def exit(self) -> None:
        self._left = True
        self.runner.close()

    def undo(self) -> bool:
        self.hud.toast("In a lesson, Retry step (Backspace) puts the board back where the step began", theme.INK)
        return False

    def save(self, slot: str | None = None):
        if slot is None:
            self.hud.toast("Lessons are not saved as games; finished lessons are remembered", theme.INK)
        return None

    def autosave(self):
        return None

    def move_to(self, cell: int) -> bool:
        s = self.session
        who = self.selected
        if who is not None and s.active == who and s.is_engaged(who):
            return self.submit(A.Move(who, cell))     # let the engine say why not (lesson 3 asks for it)
        return super().move_to(cell)

    def _follow(self, who: int) -> None:
        """The game pans to the survivor who acts; a lesson board that fits the window stays where it is."""
        cam = self.view.cam
        if cam.world_w > cam.view.width or cam.world_h > cam.view.height:
            super()._follow(who)

    def _director_done(self) -> None:
        super()._director_done()
        self.hud.banner = None
        self._outcome(self.runner.director_done(), animate=False)

    def _finish(self, dt: float) -> None:
        """A lesson's game may end (an Escape wins it): the lesson carries on, so nothing is left to do here but
        to let a Director Phase that ended the game be judged."""
        if self.runner.state == "director" and not self.session.in_director:
            self._outcome(self.runner.director_done(), animate=False)

    # --- input -----------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self._lay()
        if self._left_lesson:
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for b in self._visible_panel_buttons():
                if b.handle(event) and event.type != pygame.MOUSEMOTION:
                    return
                if self._left_lesson or (self.app.stack and self.app.scene is not self):
                    return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.awaiting_continue:
                self.proceed()
                return
            if event.key == pygame.K_BACKSPACE:
                self.retry_step()
                return
            if self.awaiting_continue and event.key in ACTION_KEYS:
                self.hud.toast("Read the note on the left, then Continue (Enter)", theme.INK, 2.0)
                return
        if self.awaiting_continue and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and event.button == 1:
            on_top = any(b.rect.collidepoint(event.pos) for b in self.hud.top_buttons)
            if not on_top and not self.panel.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.hud.toast("Read the note on the left, then Continue (Enter)", theme.INK, 2.0)
                return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.panel.collidepoint(event.pos):
            return
        super().handle(event)

    def _visible_panel_buttons(self) -> list[Button]:
        out = [b for b in self.panel_buttons if b is not self.continue_button]
        if self.awaiting_continue and self.continue_button is not None:
            out.append(self.continue_button)
        if self.retry_button is not None:
            self.retry_button.enabled = self.runner.state == "act" and not self.awaiting_continue
        return out

    def update(self, dt: float) -> None:
        self.pulse += dt
        self.flash = max(0.0, self.flash - dt)
        super().update(dt)

    # --- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self._lay(surface.get_size())
        self._draw_highlights(surface, lay)
        self._draw_panel(surface, lay)
        self.overdraw.everything()       # the lesson's panel and pulsing highlights lie over the kept layers

    def _highlighting(self) -> bool:
        r = self.runner
        return r.state == "act" and r.step is not None and not self.session.in_director

    def _draw_highlights(self, surface: pygame.Surface, lay: Layout) -> None:
        if not self._highlighting():
            return
        hl = self.runner.step.highlight
        wave = 0.5 + 0.5 * math.sin(self.pulse * 5.0)
        colour = mix(HIGHLIGHT, theme.INK, 0.35 * wave)
        cam = self.view.cam
        t = cam.tile
        clip = surface.get_clip()
        surface.set_clip(cam.view)
        fill = pygame.Surface((t, t), pygame.SRCALPHA)
        fill.fill((*HIGHLIGHT, int(40 + 40 * wave)))
        arrows = []
        for x, y in hl.cells:
            r = cam.cell_rect(x, y)
            surface.blit(fill, r.topleft)
            pygame.draw.rect(surface, colour, r.inflate(-2, -2), max(2, t // 14), border_radius=max(3, t // 8))
            if len(hl.cells) <= 3:
                arrows.append((r.centerx, r.y))
        for label in hl.models:
            eid = self.runner.eid(label)
            if eid is None:
                continue
            cx, cy = cam.centre_px(self.view.model_xy(self.session, eid, self.motion))
            pygame.draw.circle(surface, colour, (cx, cy), t * (0.66 + 0.06 * wave), max(3, t // 12))
            arrows.append((cx, cy - t * 0.62))
        # a bouncing arrow over each thing to click: it tells the lesson's target from the game's own rings
        k = t * 0.22
        for ax, ay in arrows:
            tip = ay - t * 0.08 - wave * t * 0.12
            pts = [(ax, tip), (ax - k, tip - k * 1.2), (ax + k, tip - k * 1.2)]
            pygame.draw.polygon(surface, (20, 16, 10), [(px + 1, py + 2) for px, py in pts])
            pygame.draw.polygon(surface, HIGHLIGHT, pts)
            pygame.draw.polygon(surface, (40, 30, 14), pts, 1)
        surface.set_clip(clip)
        for key in hl.buttons:
            rect = None
            if key == "continue" and self.continue_button is not None:
                rect = self.continue_button.rect
            else:
                rect = next((b.rect for b in self.hud.buttons if b.spec.key == key), None)
            if rect is not None:
                pygame.draw.rect(surface, colour, rect.inflate(6, 6), max(2, lay.px(3)), border_radius=lay.px(6))

    def _dice_note(self) -> tuple[str, tuple] | None:
        step = self.runner.step
        if step is None or step.info:
            return None
        if step.faces:
            return ("SCRIPTED DICE: this step's roll is set in advance so the lesson can show one result.",
                    HIGHLIGHT)
        if step.expect is not None and set(step.expect.actions) & ROLLING and not step.expect.refused:
            return ("REAL DICE: nothing is set, anything can happen." + (" The odds are below." if step.odds else ""),
                    (150, 206, 222))
        return None

    def _panel_blocks(self, lay: Layout, base: int) -> list[tuple]:
        """What the panel says, as (kind, text, size, colour, bold) blocks, for the current state."""
        px = lay.px
        r = self.runner
        step = r.step
        blocks: list[tuple] = []
        small = max(px(13), base - px(3))
        if r.state == "finished" or step is None:
            blocks.append(("text", "Lesson complete.", base, theme.GOOD, True))
            return blocks
        n, of = self.lesson.step_number(r.index)
        if r.state == "explain" and r.explanation is not None:
            blocks.append(("head", f"STEP {n} OF {of}  -  DONE", small, theme.GOOD, True))
            ex = r.explanation
            if ex.engine_said:
                blocks.append(("box", f"The game said: {_sentence(ex.engine_said)}", small, theme.INK, False))
            blocks.append(("text", ex.text, base, theme.INK, False))
            if ex.happened:
                blocks.append(("head", "WHAT HAPPENED", small, theme.INK_FAINT, True))
                for line in ex.happened[-6:]:
                    blocks.append(("line", line, small, theme.INK_DIM, False))
            return blocks
        if step.info:
            blocks.append(("head", f"STEP {n} OF {of}  -  READ", small, theme.ACCENT, True))
        elif r.state == "director":
            blocks.append(("head", f"STEP {n} OF {of}  -  THE DIRECTOR IS PLAYING", small, theme.DANGER, True))
        else:
            blocks.append(("head", f"STEP {n} OF {of}  -  YOUR MOVE", small, theme.ACCENT, True))
        note = self._dice_note()
        if note is not None:
            blocks.append(("badge", note[0], small, note[1], True))
        blocks.append(("text", step.text, base, theme.INK if r.state != "director" else theme.INK_DIM, False))
        if step.odds:
            blocks.append(("head", "THE ODDS (exact)", small, (150, 206, 222), True))
            for spec in step.odds:
                try:
                    line = odds_line(self.content, spec)
                except Exception:          # validated at load: a surprise here must not end the lesson
                    continue
                blocks.append(("odds", f"{spec.label}: {line}", small, theme.INK, False))
        if r.hint:
            blocks.append(("hint", f"Not quite. {r.hint}", base - px(1), theme.INK, False))
        elif r.refusal and not step.info:
            blocks.append(("line", f"The game says: {_sentence(r.refusal)}", small, mix(theme.DANGER, theme.INK,
                                                                                        0.4), False))
        return blocks

    def _measure(self, blocks, width: int, lay: Layout) -> int:
        px = lay.px
        h = 0
        for kind, text, size, _, bold in blocks:
            inner = width - (2 * px(8) if kind in ("box", "hint", "badge") else 0)
            h += len(wrap(text, size, inner, bold)) * line_height(size, bold)
            h += px(8) if kind in ("box", "hint", "badge") else 0
            h += px(8) if kind in ("text", "box", "hint", "badge") else px(3)
        return h

    def _draw_panel(self, surface: pygame.Surface, lay: Layout) -> None:
        px = lay.px
        p = self.panel
        pygame.draw.rect(surface, (30, 32, 37), p)
        pygame.draw.line(surface, theme.PANEL_EDGE, p.topright, (p.right - 1, p.bottom))
        pad = px(14)
        x, w = p.x + pad, p.width - 2 * pad
        y = p.y + px(12)
        lesson = self.lesson
        draw_text(surface, f"LESSON {lesson.order} OF {len(self.lessons)}", (x, y), px(13), theme.ACCENT, True)
        y += line_height(px(13), True)
        y += draw_wrapped(surface, lesson.title, pygame.Rect(x, y, w, 10), px(23), theme.INK, True, max_lines=2)
        # one dot per step: done, current, to come
        dot = px(5)
        r = self.runner
        for k in range(len(lesson.steps)):
            done = k < r.index or (k == r.index and r.state in ("explain", "finished"))
            cx = x + dot + k * (3 * dot + px(2))
            colour = theme.GOOD if done else (HIGHLIGHT if k == r.index else theme.PANEL_EDGE)
            pygame.draw.circle(surface, colour, (cx, y + px(8)), dot if k == r.index else dot - 1)
        y += px(20)
        y += draw_wrapped(surface, lesson.goal, pygame.Rect(x, y, w, 10), px(15), theme.INK_DIM, max_lines=2)
        y += px(8)
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y))
        y += px(10)
        bottom = (self.continue_button.rect.y if self.awaiting_continue and self.continue_button else
                  self.retry_button.rect.y if self.retry_button else p.bottom) - px(10)
        room = bottom - y
        blocks: list[tuple] = []
        for base in (px(17), px(16), px(15), px(14), px(13)):
            blocks = self._panel_blocks(lay, base)
            if self._measure(blocks, w, lay) <= room:
                break
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(p.x, y, p.width, max(0, room)))
        for kind, text, size, colour, bold in blocks:
            if kind == "head":
                y += px(2)
                draw_text(surface, text, (x, y), size, colour, True)
                y += line_height(size, True) + px(3)
            elif kind in ("box", "hint", "badge"):
                inner = w - 2 * px(8)
                h = len(wrap(text, size, inner, bold)) * line_height(size, bold) + px(8)
                rect = pygame.Rect(x, y, w, h)
                if kind == "hint":
                    glow = mix(HIGHLIGHT, theme.INK, min(1.0, self.flash))
                    draw_panel(surface, rect, (52, 42, 26), glow, radius=px(6), width=2)
                elif kind == "badge":
                    draw_panel(surface, rect, mix(colour, theme.BG, 0.82), mix(colour, theme.BG, 0.3), radius=px(6))
                else:
                    draw_panel(surface, rect, (44, 36, 36), mix(theme.DANGER, theme.INK, 0.3), radius=px(6))
                draw_wrapped(surface, text, rect.inflate(-2 * px(8), -px(8)), size,
                             colour if kind == "badge" else theme.INK, bold)
                y = rect.bottom + px(8)
            else:
                y += draw_wrapped(surface, text, pygame.Rect(x, y, w, 10), size, colour, bold)
                y += px(8) if kind == "text" else px(3)
        surface.set_clip(clip)
        for b in self._visible_panel_buttons():
            b.draw(surface)


# --- the end of a lesson ---------------------------------------------------------------------------------------

class LessonSummary(Overlay):
    """The rule of the lesson on one card: Next lesson (Enter), Replay, All lessons (Esc)."""

    def __init__(self, scene: LessonScene, skipped: bool = False):
        self.scene = scene
        self.skipped = skipped
        self.buttons: list[Button] = []
        self.card = pygame.Rect(0, 0, 0, 0)
        self._size: tuple[int, int] | None = None

    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size and self.buttons:
            return
        self._size = size
        w, h = size
        s = ui_scale(w, h)
        width = min(w - int(60 * s), int(760 * s))
        pad = int(28 * s)
        body = sum(len(wrap(p, int(21 * s), width - 2 * pad - int(26 * s))) * line_height(int(21 * s)) + int(8 * s)
                   for p in self.scene.lesson.summary)
        title = len(wrap(self.scene.lesson.summary_title, int(34 * s), width - 2 * pad, True)) * \
            line_height(int(34 * s), True)
        height = pad + line_height(int(16 * s), True) + title + int(20 * s) + line_height(int(17 * s)) + body + \
            line_height(int(17 * s)) + int(38 * s) + int(46 * s) + pad
        height = max(int(300 * s), min(h - int(60 * s), height))
        self.card = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        nxt = self.scene.next_lesson()
        specs = []
        if nxt is not None:
            specs.append(("Next lesson", lambda: self._choose("next"), (pygame.K_RETURN, pygame.K_KP_ENTER),
                          "primary", "Enter"))
        specs.append(("Replay", lambda: self._choose("replay"), (pygame.K_r,), "normal", "R"))
        specs.append(("All lessons", lambda: self._choose("list"),
                      (pygame.K_ESCAPE,) + (() if nxt else (pygame.K_RETURN, pygame.K_KP_ENTER)),
                      "normal" if nxt else "primary", "Esc"))
        gap = int(12 * s)
        bh = int(46 * s)
        widths = [text_size(label, int(20 * s))[0] + text_size(hint, int(14 * s))[0] * 2 + int(80 * s)
                  for label, _, _, _, hint in specs]
        scale_w = min(1.0, (width - 2 * pad - gap * (len(specs) - 1)) / max(1, sum(widths)))
        x = self.card.x + pad
        self.buttons = []
        for (label, fn, keys, style, hint), bw in zip(specs, widths, strict=True):
            bw = int(bw * scale_w)
            b = Button(label, fn, hotkey=keys, style=style, size=int(20 * s), hint=hint)
            b.rect = pygame.Rect(x, self.card.bottom - pad - bh, bw, bh)
            self.buttons.append(b)
            x += bw + gap

    def _choose(self, what: str) -> None:
        scene = self.scene
        self.close()
        if what == "next":
            nxt = scene.next_lesson()
            if nxt is not None:
                scene.open_lesson(nxt)
        elif what == "replay":
            scene.open_lesson(scene.lesson)
        else:
            scene.back_to_list()

    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        self.draw_below(surface)
        s = ui_scale(*surface.get_size())
        lesson = self.scene.lesson
        card = self.card
        draw_panel(surface, card, theme.PANEL, theme.GOOD if not self.skipped else theme.PANEL_EDGE,
                   radius=int(14 * s), width=2, shadow=True)
        pad = int(28 * s)
        x, w = card.x + pad, card.width - 2 * pad
        y = card.y + pad
        head = f"LESSON {lesson.order} - SKIPPED" if self.skipped else f"LESSON {lesson.order} COMPLETE"
        draw_text(surface, head, (x, y), int(16 * s), theme.GOOD if not self.skipped else theme.INK_DIM, True)
        y += line_height(int(16 * s), True) + int(4 * s)
        y += draw_wrapped(surface, lesson.summary_title, pygame.Rect(x, y, w, 10), int(34 * s), theme.INK, True)
        y += int(6 * s)
        retries = self.scene.runner.retries
        if not self.skipped:
            line = "Done without a wrong move." if retries == 0 else \
                f"Done, after {retries} wrong move{'s' if retries != 1 else ''} put right."
            draw_text(surface, line, (x, y), int(17 * s), theme.INK_DIM)
            y += line_height(int(17 * s)) + int(10 * s)
        else:
            draw_text(surface, "Here is what the lesson teaches. You can play it any time from the list.",
                      (x, y), int(17 * s), theme.INK_DIM)
            y += line_height(int(17 * s)) + int(10 * s)
        limit = self.buttons[0].rect.y - int(14 * s) if self.buttons else card.bottom - pad
        points_limit = limit - line_height(int(17 * s)) - int(8 * s)
        for size in (21, 20, 19, 18, 17, 16):
            fs = int(size * s)
            need = sum(len(wrap(p, fs, w - int(26 * s))) * line_height(fs) + int(8 * s) for p in lesson.summary)
            if y + need <= points_limit:
                break
        bullet = int(5 * s)
        for point in lesson.summary:
            pygame.draw.circle(surface, theme.ACCENT, (x + bullet, y + line_height(fs) // 2), bullet)
            y += draw_wrapped(surface, point, pygame.Rect(x + int(26 * s), y, w - int(26 * s), 10), fs, theme.INK)
            y += int(8 * s)
        nxt = self.scene.next_lesson()
        after = (f"Up next: lesson {nxt.order}, {nxt.title}" if nxt is not None else
                 "That was the last lesson. Play a scenario from the main menu to put it all together.")
        draw_text(surface, ellipsize(after, int(17 * s), w), (x, limit), int(17 * s), theme.INK_DIM,
                  anchor="bottomleft")
        for b in self.buttons:
            b.draw(surface)


# --- the list of lessons -----------------------------------------------------------------------------------

class TutorialScene(UIScene):
    """Every lesson in order with its progress: Start (Enter) or Replay, Skip, Back (Esc)."""

    def __init__(self, content: Content, lessons: tuple[Lesson, ...] | None = None,
                 progress: Progress | None = None):
        super().__init__()
        self.content = content
        if lessons is None:
            lessons = load_lessons(content)
        self.lessons = tuple(lessons)
        self.progress = progress if progress is not None else Progress()
        self.selected = self._first_open()
        self._boards: dict[tuple[str, int, int], pygame.Surface] = {}

    def _first_open(self) -> int:
        if self.progress.last:
            for i, ls in enumerate(self.lessons):
                if ls.id == self.progress.last and self.progress.status(ls.id) == "started":
                    return i
        for i, ls in enumerate(self.lessons):
            if self.progress.status(ls.id) not in ("done", "skipped"):
                return i
        return 0

    def enter(self) -> None:
        self.selected = self._first_open()      # back from a lesson: the one to play next
        super().enter()

    @property
    def current(self) -> Lesson | None:
        return self.lessons[self.selected] if 0 <= self.selected < len(self.lessons) else None

    def _row(self, ls: Lesson) -> Row:
        status = self.progress.status(ls.id)
        mark = STATUS_WORDS.get(status, "")
        return Row(f"{ls.order}. {ls.title}", ls.goal, mark, data=ls)

    def layout(self, w: int, h: int) -> None:
        px = self.px
        margin = px(40)
        top = px(126)
        bottom = h - px(96)
        list_w = int((w - 2 * margin) * 0.5)
        self.list = ListBox([self._row(ls) for ls in self.lessons], on_activate=lambda row: self.start(),
                            on_select=self._select, rect=(margin, top, list_w, bottom - top), scale=self.s)
        self.list.row_h = px(50)
        self.list.gap = px(5)
        self.preview = pygame.Rect(margin + list_w + px(24), top, w - 2 * margin - list_w - px(24), bottom - top)
        by = h - px(72)
        back = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(24))
        back.rect = pygame.Rect(margin, by, px(160), px(50))
        self.reset_button = Button("Reset progress", self.ask_reset, size=px(20), style="quiet", hint="",
                                   tooltip="Forget which lessons are done.")
        self.reset_button.rect = pygame.Rect(margin + px(176), by, px(200), px(50))
        self.skip_button = Button("Skip", self.skip, size=px(22), hint="",
                                  tooltip="Mark the lesson as skipped; you can still play it later.")
        self.skip_button.rect = pygame.Rect(w - margin - px(240) - px(12) - px(130), by, px(130), px(50))
        self.start_button = Button("Start lesson", self.start, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER),
                                   hint="Enter", style="primary", size=px(25))
        self.start_button.rect = pygame.Rect(w - margin - px(240), by, px(240), px(50))
        self.widgets += [self.list, back, self.reset_button, self.skip_button, self.start_button]
        if self.lessons:
            self.list._measure()
            self.list.select(self.selected)
        self._sync()

    def _select(self, row: Row) -> None:
        self.selected = self.list.selected
        self._sync()

    def _sync(self) -> None:
        ls = self.current
        done = ls is not None and self.progress.status(ls.id) == "done"
        self.start_button.text = "Replay lesson" if done else "Start lesson"
        self.skip_button.enabled = ls is not None and not done

    def _speed(self) -> float:
        settings = getattr(self.app, "settings", None)
        speed = getattr(settings, "speed_value", 1.0) if settings is not None else 1.0
        return float(speed) if isinstance(speed, int | float) else 1.0

    def start(self, lesson: Lesson | None = None) -> LessonScene | None:
        ls = lesson or self.current
        if ls is None:
            return None
        scene = LessonScene(self.content, ls, self.progress, self.lessons, self._speed())
        self.app.push(scene)
        return scene

    def skip(self) -> None:
        ls = self.current
        if ls is None:
            return
        self.progress.mark_skipped(ls.id)
        self.selected = min(len(self.lessons) - 1, self.selected + 1)
        self.relayout()

    def ask_reset(self) -> None:
        confirm(self.app, "Reset tutorial progress?", "Every lesson will show as not yet played.", "Reset",
                self._reset, "Keep")

    def _reset(self) -> None:
        self.progress.reset()
        self.selected = 0
        self.relayout()

    def _board_image(self, ls: Lesson, width: int, height: int) -> pygame.Surface:
        key = (ls.id, width, height)
        img = self._boards.get(key)
        if img is None:
            static = StaticBoard(ls.map_def, _sprites())
            full = static.surface(32)
            k = min(width / full.get_width(), height / full.get_height(), 1.5)
            img = pygame.transform.smoothscale(full, (max(1, int(full.get_width() * k)),
                                                      max(1, int(full.get_height() * k))))
            board = pygame.Surface(img.get_size())
            board.blit(img, (0, 0))
            cell = img.get_width() / ls.map_def.width
            for m in ls.map_def.markers_of("deploy")[:len(ls.team)]:
                pygame.draw.circle(board, theme.SURVIVOR, ((m.x + 0.5) * cell, (m.y + 0.5) * cell), cell * 0.36)
            for z in ls.zombies:
                pygame.draw.circle(board, (186, 72, 62), ((z.x + 0.5) * cell, (z.y + 0.5) * cell), cell * 0.36)
            self._boards[key] = img = board
        return img

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        done = self.progress.done_count(ls.id for ls in self.lessons)
        self.draw_header(surface, "Tutorial", f"{len(self.lessons)} short lessons, each on a small street of its "
                                              f"own. {done} of {len(self.lessons)} done.")
        ls = self.current
        r = self.preview
        draw_panel(surface, r, radius=px(12), shadow=True)
        if ls is None:
            return
        pad = px(22)
        inner = r.inflate(-2 * pad, -2 * pad)
        y = inner.y
        status = STATUS_WORDS.get(self.progress.status(ls.id), "")
        draw_text(surface, f"LESSON {ls.order}" + (f"  -  {status.upper()}" if status else ""), (inner.x, y),
                  px(16), theme.ACCENT, True)
        y += line_height(px(16), True) + px(4)
        y += draw_wrapped(surface, ls.title, pygame.Rect(inner.x, y, inner.width, 0), px(30), theme.INK, True,
                          max_lines=2)
        y += px(8)
        y += draw_wrapped(surface, ls.intro, pygame.Rect(inner.x, y, inner.width, 0), px(19), theme.INK,
                          max_lines=6)
        y += px(8)
        dice = {"scripted": "Dice: scripted where the lesson needs a particular result (it says so).",
                "free": "Dice: real. You see the exact odds before each roll.",
                "mixed": "Dice: some scripted (it says so), some real.",
                "none": "No dice in this lesson."}[ls.dice]
        draw_text(surface, ellipsize(dice, px(17), inner.width), (inner.x, y), px(17), theme.INK_DIM)
        y += line_height(px(17)) + px(6)
        draw_text(surface, f"{len(ls.steps)} steps", (inner.x, y), px(17), theme.INK_DIM)
        y += line_height(px(17)) + px(12)
        if inner.bottom - y > px(80):
            img = self._board_image(ls, inner.width, inner.bottom - y)
            rect = img.get_rect(midtop=(inner.centerx, y))
            pygame.draw.rect(surface, (14, 15, 18), rect.inflate(8, 8), border_radius=4)
            surface.blit(img, rect)


_SPRITES = None


def _sprites():
    global _SPRITES
    if _SPRITES is None:
        _SPRITES = Sprites()
    return _SPRITES


def open_tutorial(app, content: Content) -> TutorialScene | None:
    """Open the lesson list (the main menu's Tutorial entry); broken lesson files become a message, not a crash."""

    try:
        lessons = load_lessons(content)
    except ContentError as exc:
        lines = [str(p) for p in exc.problems[:4]]
        more = len(exc.problems) - len(lines)
        message(app, "The tutorial cannot open", "\n".join(lines) + (f"\n(and {more} more)" if more > 0 else ""),
                tone="danger")
        return None
    mine, problems = user_lessons(content)      # the lessons made at the teacher's table (game.ui.tools.sandbox_scene)
    lessons += tuple(replace(ls, order=len(lessons) + k + 1) for k, ls in enumerate(mine))
    scene = TutorialScene(content, lessons)
    app.push(scene)
    if problems:
        message(app, "A lesson made in the sandbox is damaged", str(problems[0]), tone="danger")
    return scene

