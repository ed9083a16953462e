"""The Sandbox screen (the teacher's table): set up any position on a map, see what the rules say, play it out.

    SandboxScene(content, position, path=None, select=None)

The board is the game's own board screen (GameScene), reused by subclassing as the lesson screen does: the
position's Session (game.tools.sandbox.build_session) stands in for the recorded game. Two modes (Tab):

- Edit: every click edits the position (a frozen game.tools.sandbox.Position; undo and redo restore it exactly)
  and the Session is built afresh from it. With a model selected the board shows the engine's answers
  (game.tools.sandbox_explain): the reach by Moves, engagement, sight and cover to each zombie, or a zombie's next
  activation; the panel on the left gives them in words with the rule each follows.
- Play: the game's own controls take over on the same Session: take actions for real, set the next dice, end the
  turn to play one Director Phase a step at each N (Space plays the rest), step back (Ctrl+Z).

Nothing here decides a rule or re-derives an answer: the panel prints the answers of game.tools.sandbox_explain.
"""
from __future__ import annotations

import random
from pathlib import Path

import pygame

from game.content.defs import Content
from game.content.files import home_dir
from game.rules.dice import ScriptedDice
from game.tools import sandbox as SB
from game.tools.sandbox_explain import survivor_facts, zombie_facts
from game.tutorial.sandbox_lesson import LessonError, LessonGoal, save_lesson
from game.ui.board.board_modals import Picker
from game.ui.board.game_scene import GameScene
from game.ui.board.hud import Layout, compute_layout
from game.ui.board.intent_overlay import draw_intents
from game.ui.board.overlays import ReachLayer, draw_cells, draw_path, draw_sight
from game.ui.board.tutorial_scene import LessonScene
from game.ui.widgets import theme
from game.ui.widgets.controls import Dialog, draw_text, draw_wrapped, line_height, wrap
from game.ui.widgets.keymap import DEFAULTS
from game.world import actions as A
from game.world.components import Health, Status, Survivor

TOOLS = (("select", "Select / drag"), ("survivor", "Put a survivor"), ("zombie", "Put a zombie"),
         ("door", "Open / close a door"), ("barricade", "Barricade a door"), ("token", "Search token"),
         ("noise", "Noise (+1, right click -1)"))
TOOL_KEYS = {pygame.K_0: "select", pygame.K_1: "survivor", pygame.K_2: "zombie", pygame.K_3: "door",
             pygame.K_4: "barricade", pygame.K_5: "token", pygame.K_6: "noise"}
DISENGAGE = (120, 200, 140)


def positions_dir() -> Path:
    """Where the sandbox saves positions: $BT_HOME/positions, else ~/.borrowed_time/positions."""
    return home_dir() / "positions"


class _TableDice(ScriptedDice):
    """Free dice from the position's seed, or faces the teacher set; every face rolled is kept for a step back."""

    def __init__(self, seed: int, replay: list[int] | None = None):
        super().__init__(list(replay or []), fallback=random.Random(seed))
        self.rolled: list[int] = []

    def d6(self, n: int) -> tuple[int, ...]:
        out = super().d6(n)
        self.rolled += out
        return out


class _TableRecord:
    """What GameScene reads from a GameRecord: the session it replays to is the table's."""

    def __init__(self, table: _Table):
        self.table = table
        self.scenario = "sandbox"
        self.seed = table.history.position.seed
        self.team = ()
        self.actions = table.actions
        self.director = table.history.position.director
        self.side, self.survivor_level, self.purchases = "survivors", "veteran", []
        self.players, self.owners, self.director_player, self.human_director = (), (), "", False

    def replay(self, content, upto=None, policy=None):
        return self.table.session


class _Table:
    """The position, its edit history, and the Session played from it (with the actions and dice played)."""

    def __init__(self, content: Content, position: SB.Position):
        self.content = content
        self.history = SB.History(position)
        self.session = None
        self.names: dict[str, int] = {}
        self.actions: list = []
        self.marks: list[int] = []          # faces rolled before each action
        self.rebuild()

    def rebuild(self, replay_faces: list[int] | None = None) -> None:
        if self.session is not None:
            self.session.close()
        self.dice = _TableDice(self.history.position.seed, replay_faces)
        self.session, self.names = SB.build_session(self.history.position, self.content, dice=self.dice)
        self.dice.rolled.clear()
        self.actions.clear()
        self.marks.clear()

    def submit(self, action):
        self.marks.append(len(self.dice.rolled))
        try:
            events = self.session.submit(action)
        except Exception:
            self.marks.pop()
            raise
        self.actions.append(action)
        return events

    def can_undo(self) -> bool:
        return bool(self.actions) and not self.session.in_director

    def undo(self):
        """Step back: the position again, every action but the last replayed with the same dice."""
        keep, faces = self.actions[:-1], self.dice.rolled[:self.marks[-1]]
        self.rebuild(list(faces))
        for action in keep:
            self.submit(action)
            if self.session.in_director:
                self.session.run_director()
        return self.session


class SandboxScene(GameScene):
    REPORT_CARD = False
    PANEL_W = 330            # at 720 px high

    def player_keys(self) -> dict[str, int]:
        return dict(DEFAULTS)

    def __init__(self, content: Content, position: SB.Position, path: str | Path | None = None,
                 select: str | None = None):
        self.table = _Table(content, position)
        self.path = Path(path) if path is not None else None
        self.editing = True
        self.tool = "select"
        self.archetype = 0
        self.zombie_kind = 0
        self.set_dice = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.reach_layer_edit = ReachLayer()
        self._dragging: str | None = None
        record = _TableRecord(self.table)
        super().__init__(content, record, demo_level=None)
        self.game = self.table
        self.hud.banner = None
        name = select or position.active or (position.names()[0] if position.names() else None)
        self.selected = self.table.names.get(position.model(name).name) if name and position.model(name) else None

    # --- the position --------------------------------------------------------------------------------------------
    @property
    def position(self) -> SB.Position:
        return self.table.history.position

    def _selected_name(self) -> str | None:
        s = self.session
        if self.selected is None or not (s.is_zombie(self.selected) or self.selected in s.survivors()):
            return None
        return s.name(self.selected)

    def edit(self, make) -> bool:
        """Apply an edit (a function of the position); refused with the reason when the position would break."""
        name = self._selected_name()
        new = make(self.position)
        problems = SB.check_position(new, self.content)
        if problems:
            self.hud.toast(problems[0].message[0].upper() + problems[0].message[1:], theme.DANGER)
            return False
        if not self.table.history.apply(new):
            return False
        self._rebuilt(name)
        return True

    def _rebuilt(self, name: str | None) -> None:
        self.table.rebuild()
        self._seen = len(self.session.events)
        self._cache.clear()
        self.motion.clear()
        self.hud.clear_transients()
        self.hud.reset_log()
        self._generation += 1
        self.selected = self.table.names.get(name) if name else None

    def undo_edit(self) -> None:
        if self.table.history.undo():
            self._rebuilt(self._selected_name())
            self.hud.toast("Edit undone", theme.INK, 1.5)
        else:
            self.hud.toast("Nothing to undo", theme.INK, 1.5)

    def redo_edit(self) -> None:
        if self.table.history.redo():
            self._rebuilt(self._selected_name())
            self.hud.toast("Edit redone", theme.INK, 1.5)
        else:
            self.hud.toast("Nothing to redo", theme.INK, 1.5)

    def toggle_mode(self) -> None:
        name = self._selected_name()
        self.editing = not self.editing
        if self.editing:            # back to the position as set: what was played is put aside
            self._rebuilt(name)
        self.set_dice = False
        self.hud.toast("Edit mode: clicks change the position" if self.editing else
                       "Play mode: Ctrl+Z steps back, Tab edits again", theme.INK, 2.5)

    # --- files ---------------------------------------------------------------------------------------------------
    def save_position(self) -> None:
        path = self.path or positions_dir() / "position.yaml"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            SB.write_position(path, self.position)
        except OSError as exc:
            self.hud.toast(f"Could not save: {exc.strerror or exc}")
            return
        self.path = path
        self.hud.toast(f"Saved {path}", theme.GOOD)

    def load_menu(self) -> None:
        found = sorted({*positions_dir().glob("*.yaml"), *Path("positions").glob("*.yaml")})
        if not found:
            self.hud.toast(f"No position files in {positions_dir()} or positions/", theme.INK)
            return
        self.app.push(Picker("Load which position?", [(p.name, lambda p=p: self.load(p)) for p in found[:9]],
                             self.mouse))

    def load(self, path: Path) -> None:
        position, problems = SB.read_position(path, self.content)
        if problems:
            self.hud.toast(str(problems[0]), theme.DANGER, 5.0)
            return
        self.path = path
        self.table.history = SB.History(position)
        self.editing = True
        self._rebuilt(position.active or None)
        self.hud.toast(f"Loaded {path.name}", theme.GOOD)

    def lesson_menu(self) -> None:
        name = self._selected_name()
        s = self.session
        if name is None or not s.is_survivor(self.selected):
            self.hud.toast("Select the survivor the lesson is about, then press L", theme.INK)
            return
        choices = [(f"{name} breaks free of every zombie", lambda: self.make_lesson("break_free"))]
        if self.hover_cell is not None:
            x, y = s.board.xy(self.hover_cell)
            choices.append((f"{name} reaches ({x}, {y}), the cell under the pointer",
                            lambda c=(x, y): self.make_lesson("reach", cell=c)))
        for zname in [s.name(z) for z in s.zombies()[:6]]:
            choices.append((f"{name} destroys {zname}", lambda zname=zname: self.make_lesson("destroy", zombie=zname)))
        self.app.push(Picker("Turn the position into a lesson: the goal", choices, self.mouse))

    def make_lesson(self, kind: str, cell=(0, 0), zombie: str = "") -> None:
        name = self._selected_name()
        shown = self.content.archetypes[self.position.model(name).archetype].name    # the lesson's board says so
        if kind == "break_free":
            title, text = f"The {shown} breaks free", f"Get the {shown} free of every zombie this turn."
        elif kind == "reach":
            title, text = f"The {shown} gets there", f"Get the {shown} to ({cell[0]}, {cell[1]}) this turn."
        else:
            z = self.position.model(zombie)
            what = self.content.zombies[z.kind].name
            title, text = f"The {shown} against a {what}", \
                f"Destroy the {what} at ({z.at[0]}, {z.at[1]}) with the {shown} this turn."
        facts = survivor_facts(self.session, self.selected)
        hints = tuple(a.rule for a in facts.answers if a.topic in ("moving", "disengage", "attacks"))[:2]
        goal = LessonGoal(title, name, kind, text, cell, zombie, hints)
        try:
            path, lesson = save_lesson(self.position, self.content, goal)
        except (LessonError, OSError) as exc:
            self.hud.toast(f"No lesson: {exc}", theme.DANGER, 5.0)
            return
        self.hud.toast(f"Lesson saved as {path}", theme.GOOD)
        self.app.push(LessonScene(self.content, lesson))

    # --- input ---------------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self._lay()
        if event.type == pygame.KEYDOWN and self._key_here(event):
            return
        if not self.editing:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.panel.collidepoint(event.pos):
                return
            super().handle(event)
            return
        if event.type == pygame.MOUSEMOTION:
            super().handle(event)          # hover, the camera's edge scroll, tooltips
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (1, 3):
            if self.panel.collidepoint(event.pos) or not self._lay().board.collidepoint(event.pos):
                if not self.panel.collidepoint(event.pos):
                    super().handle(event)
                return
            self._edit_click(event)
            return
        super().handle(event)

    def _key_here(self, event) -> bool:
        ctrl = event.mod & pygame.KMOD_CTRL
        key = event.key
        if key == pygame.K_TAB:
            self.toggle_mode()
            return True
        if ctrl and key == pygame.K_s:
            self.save_position()
            return True
        if ctrl and key == pygame.K_o:
            self.load_menu()
            return True
        if not self.editing:
            if key == pygame.K_f:
                self.set_dice = not self.set_dice
                self.hud.toast("Set dice: 1-6 queue faces, Backspace clears" if self.set_dice else
                               "Dice rolled freely again", theme.INK, 2.5)
                return True
            if self.set_dice and pygame.K_1 <= key <= pygame.K_6:
                self.table.dice.push(key - pygame.K_0)
                return True
            if self.set_dice and key == pygame.K_BACKSPACE:
                self.table.dice.faces.clear()
                return True
            return False
        if ctrl and key == pygame.K_z:
            self.undo_edit()
            return True
        if ctrl and key == pygame.K_y:
            self.redo_edit()
            return True
        if key in TOOL_KEYS:
            self.tool = TOOL_KEYS[key]
            return True
        if key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            step = 1 if key == pygame.K_RIGHTBRACKET else -1
            if self.tool == "zombie":
                self.zombie_kind = (self.zombie_kind + step) % len(self.content.zombies)
            else:
                self.tool = "survivor" if self.tool != "survivor" else self.tool
                self.archetype = (self.archetype + step) % len(self.content.archetypes)
            return True
        name = self._selected_name()
        if name is None:
            return False
        if key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.edit(lambda p: SB.remove_model(p, name))
            return True
        if key == pygame.K_w:
            self._wounds(name, 1 if event.mod & pygame.KMOD_SHIFT else -1)
            return True
        if key == pygame.K_k and self.session.is_survivor(self.selected):
            spec = self.position.model(name)
            self.edit(lambda p: SB.edit_model(p, name, downed=not spec.downed,
                                              wounds=None if spec.downed else spec.wounds))
            return True
        if key == pygame.K_a and self.session.is_survivor(self.selected):
            self.edit(lambda p: SB.set_active(p, name))
            return True
        if key == pygame.K_l:
            self.lesson_menu()
            return True
        if key == pygame.K_g and self.session.is_survivor(self.selected):
            self.gear_menu(name)
            return True
        return False

    def gear_menu(self, name: str) -> None:
        """What the selected survivor carries: add a weapon or an item, take the last card away, or go back to the
        archetype's own gear."""
        spec = self.position.model(name)
        arch = self.content.archetypes[spec.archetype]
        now = list(spec.gear) if spec.gear is not None else [*arch.weapons, *arch.items]

        def put(gear) -> None:
            self.edit(lambda p: SB.edit_model(p, name, gear=None if gear is None else tuple(gear)))

        def pick(table) -> None:
            self.app.push(Picker(f"Give {name}", [(d.name, lambda i=i: put([*now, i])) for i, d in table.items()],
                                 self.mouse))
        options = [("Add a weapon", lambda: pick(self.content.weapons)),
                   ("Add an item", lambda: pick(self.content.items))]
        if now:
            options.append((f"Take away the {self.content.gear_name(now[-1])}", lambda: put(now[:-1])))
        if spec.gear is not None:
            options.append((f"Back to the {arch.name}'s own gear", lambda: put(None)))
        self.app.push(Picker(f"{name} carries: " + (", ".join(self.content.gear_name(g) for g in now) or "nothing"),
                             options, self.mouse))

    def _wounds(self, name: str, step: int) -> None:
        s, eid = self.session, self.selected
        health = s.comp(eid, Health)
        now = 0 if s.is_survivor(eid) and s.comp(eid, Status).downed else health.wounds
        left = max(0 if s.is_survivor(eid) else 1, min(health.max_wounds, now + step))
        full = None if left == health.max_wounds else left
        if s.is_survivor(eid):
            self.edit(lambda p: SB.edit_model(p, name, wounds=full, downed=left == 0))
        else:
            self.edit(lambda p: SB.edit_model(p, name, wounds=full))

    def _edit_click(self, event) -> None:
        s = self.session
        xy = self.view.cam.cell_at(event.pos)
        if xy is None:
            return
        cell = s.board.idx(*xy)
        model = s.occupant.get(cell)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and self.tool == "select" and model is not None:
                self.selected = model
                self._dragging = s.name(model)
            return
        if self._dragging is not None:         # a drag ends where the button comes up
            name, self._dragging = self._dragging, None
            if model is None:
                self.edit(lambda p: SB.move_model(p, name, xy))
            return
        if event.button == 3 and self.tool == "noise":
            self.edit(lambda p: SB.add_noise(p, xy, -1))
            return
        if event.button != 1:
            return
        kind = s.board.kind(cell)
        if self.tool == "survivor":
            arch = list(self.content.archetypes)[self.archetype]
            if self.edit(lambda p: SB.put_survivor(p, self.content, arch, xy)):
                self.selected = s_model(self, xy)
        elif self.tool == "zombie":
            ztype = list(self.content.zombies)[self.zombie_kind]
            if self.edit(lambda p: SB.put_zombie(p, self.content, ztype, xy)):
                self.selected = s_model(self, xy)
        elif self.tool in ("door", "barricade"):
            if kind != "door":
                self.hud.toast("That is not a door", theme.INK)
            elif self.tool == "door":
                self.edit(lambda p: SB.set_door(p, self.content, xy, not SB.door_is_open(p, self.content, xy)))
            else:
                self.edit(lambda p: SB.toggle_barricade(p, xy))
        elif self.tool == "token":
            self.edit(lambda p: SB.toggle_token(p, self.content, xy))
        elif self.tool == "noise":
            self.edit(lambda p: SB.add_noise(p, xy, 1))
        else:
            self.selected = model

    # --- layout and drawing ----------------------------------------------------------------------------------
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
            cam.tile = 48 if size[1] >= 900 else 32
            cam.set_view(board)
            self.hud.place_buttons(self._layout)
            self._make_top_buttons()
            if not self._centred:
                self._centre_on_selection()
                self._centred = True
        return self._layout

    def _centre_on_selection(self) -> None:
        s = self.session
        if self.selected is not None and (s.is_zombie(self.selected) or self.selected in s.survivors()):
            x, y = s.xy(self.selected)
            self.view.cam.centre_on(x + 0.5, y + 0.5)
        else:
            self.frame_fight()

    def submit(self, action, animate: bool = True) -> bool:
        """As the board's; the Director Phase the survivors' End Turn starts waits for N at each step (Space plays
        it on), so a teacher can stop at every step of the hierarchy."""
        done = super().submit(action, animate)
        if done and isinstance(action, A.EndSurvivorPhase) and self.session.in_director:
            self.paused = True
            self._label_top_buttons()
            self.hud.toast("Director Phase: N plays the next step, Space plays the rest", theme.INK, 4.0)
        return done

    def save(self, slot: str | None = None):
        """The top bar's Save (and Ctrl+S) keep the position, not a game."""
        if slot is None:
            self.save_position()
        return None

    def autosave(self):
        return None

    def ask_leave(self) -> None:
        self.app.push(Dialog("Leave the sandbox?", "Save the position to open it again later (Ctrl+O).",
                             [("Save and leave", lambda: self.leave(save=True)), ("Leave", self.leave),
                              ("Stay", None)]))

    def leave(self, save: bool = False) -> None:
        if save:
            self.save_position()
        super().leave()

    def undo(self) -> bool:
        if self.editing:
            self.undo_edit()
            return True
        return super().undo()

    def _finish(self, dt: float) -> None:
        if self._end_timer is None:
            self._end_timer = 0.0
            self.hud.toast("The game is over here: Tab goes back to the position", theme.INK, 6.0)

    def _hint(self) -> str:
        if not self.editing:
            return super()._hint()
        if self._dragging is not None:
            return f"Let go on an empty cell to move {self._dragging} there."
        return {"select": "Click a model to ask the rules about it; drag it to move it. Tab plays the position out.",
                "survivor": "Click an empty cell to put the survivor there ([ and ] change the archetype).",
                "zombie": "Click an empty cell to put the zombie there ([ and ] change the kind).",
                "door": "Click a door to open or close it.",
                "barricade": "Click a closed door to barricade it, or to pull its barricade down.",
                "token": "Click a cell to put a search token there, or to take it away.",
                "noise": "Click a cell to make 1 Heat of noise there; right click takes 1 away."}[self.tool]

    def _overlay_subject(self):
        return None if self.editing else super()._overlay_subject()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self._lay(surface.get_size())
        facts = self._facts()
        if facts is not None and (self.editing or self.session.active != self.selected):
            self._draw_answers_on_board(surface, facts)
        self._draw_panel(surface, lay, facts)
        self.overdraw.everything()

    def _facts(self):
        s = self.session
        eid = self.selected
        if eid is None or s.in_director or s.result:
            return None
        if s.is_zombie(eid):
            return self._cached("zfacts", self.state_key() + (eid,), lambda: zombie_facts(s, eid))
        if eid in s.survivors():
            return self._cached("sfacts", self.state_key() + (eid,), lambda: survivor_facts(s, eid))
        return None

    def _draw_answers_on_board(self, surface: pygame.Surface, facts) -> None:
        s, cam = self.session, self.view.cam
        if hasattr(facts, "intent"):
            draw_intents(surface, cam, s, [facts.intent], lambda eid: s.xy(eid), strong=True)
            return
        if facts.reach is not None:
            self.reach_layer_edit.draw(surface, cam, facts.reach, s.map.width, self.state_key() + (facts.who,))
            if self.hover_cell in facts.reach.band:         # the way there, and what it costs
                cells, breaks = facts.reach.path(self.hover_cell)
                moves = facts.reach.band[self.hover_cell]
                inches = (f", {facts.reach.first[self.hover_cell][0] / 2:g}\"" if moves == 1 else "")
                draw_path(surface, cam, s.xy(facts.who), [s.board.xy(c) for c in cells], breaks,
                          f"{moves} Move{'s' if moves > 1 else ''} ({moves} AP){inches}")
        elif facts.disengage_cells:         # engaged: where a Disengage could end
            draw_cells(surface, cam, facts.disengage_cells, s.map.width, DISENGAGE, 60)
        for g in facts.sight:
            if g.sees:
                draw_sight(surface, cam, s, s.cell(facts.who), s.cell(g.zombie))
        clip = surface.get_clip()
        surface.set_clip(cam.view)
        for z in facts.contact:             # each zombie in base contact holds it engaged, and would swipe
            pygame.draw.circle(surface, theme.DANGER, cam.centre_px(s.xy(z)), cam.tile * 0.62, max(2, cam.tile // 12))
        surface.set_clip(clip)

    def _panel_lines(self, facts) -> list[tuple[str, str]]:
        """(kind, text) blocks: head, text, dim."""
        s = self.session
        p = self.position
        out: list[tuple[str, str]] = []
        if self.editing:
            tool = dict(TOOLS)[self.tool]
            if self.tool == "survivor":
                tool += f": {list(self.content.archetypes.values())[self.archetype].name} ([ ] changes)"
            elif self.tool == "zombie":
                tool += f": {list(self.content.zombies.values())[self.zombie_kind].name} ([ ] changes)"
            out += [("head", "EDIT  (Tab: play it out)"), ("text", f"Tool {tool}"),
                    ("dim", "Tools: 0 select or drag, 1 survivor, 2 zombie, 3 door, 4 barricade, 5 search token, "
                            "6 noise. The selected model: Del removes it, W and Shift+W its wounds, K Downed, G gear, "
                            "A its activation, L a lesson. Ctrl+Z and Ctrl+Y undo and redo, Ctrl+S saves, Ctrl+O "
                            "loads.")]
        else:
            queued = " ".join(str(f) for f in self.table.dice.faces)
            dice = f"next dice set: {queued}" if queued else ("set dice: press 1-6" if self.set_dice else
                                                              "dice: rolled (F sets them)")
            out += [("head", "PLAY  (Tab: back to the position)"),
                    ("dim", f"Actions for real. End Turn starts the Director Phase paused: N plays each step, "
                            f"Space the rest. Ctrl+Z steps back. {dice}.")]
        if s.phase != "survivor":
            active = f"round {s.round}, the Director Phase"
        elif s.active is not None:
            active = f"{s.name(s.active)}'s activation"
        else:
            active = "nobody's activation yet"
        out.append(("dim", f"{s.map.name}: {active}; Heat {s.heat}; Director {p.director}."))
        if facts is None:
            out.append(("text", "Click a model to see what the rules say about it."))
            return out
        eid = self.selected
        what = s.zdef(eid).name if s.is_zombie(eid) else \
            self.content.archetypes[s.comp(eid, Survivor).archetype].name
        out.append(("head", s.name(eid).upper() + (f"  ({what})" if what.casefold() != s.name(eid).casefold()
                                                   else "")))
        for a in facts.answers:
            out.append(("text", a.summary))
            out.append(("rule", a.rule))
            if a.topic in ("sight", "activation", "engagement"):
                out += [("dim", line) for line in a.lines[:10]]
            elif a.topic == "attacks":
                out += [("dim", line) for line in a.lines[:4]]
        return out

    def _draw_panel(self, surface: pygame.Surface, lay: Layout, facts) -> None:
        px = lay.px
        p = self.panel
        pygame.draw.rect(surface, (30, 32, 37), p)
        pygame.draw.line(surface, theme.PANEL_EDGE, p.topright, (p.right - 1, p.bottom))
        pad = px(12)
        x, w = p.x + pad, p.width - 2 * pad
        y = p.y + px(10)
        draw_text(surface, "SANDBOX", (x, y), px(13), theme.ACCENT, True)
        y += line_height(px(13), True) + px(2)
        blocks = self._panel_lines(facts)
        colours = {"head": theme.ACCENT, "text": theme.INK, "dim": theme.INK_DIM, "rule": (150, 176, 200)}
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(p.x, y, p.width, p.bottom - y - px(6)))
        for size in (px(19), px(18), px(17), px(16), px(15), px(14), px(13), px(12)):
            small = max(px(11), size - px(2))
            total = sum(len(wrap(text, size if k in ("head", "text") else small, w, k == "head"))
                        * line_height(size if k in ("head", "text") else small, k == "head") + px(4)
                        for k, text in blocks)
            if y + total <= p.bottom - px(6):
                break
        for kind, text in blocks:
            font = size if kind in ("head", "text") else small
            if kind == "head":
                y += px(4)
            y += draw_wrapped(surface, text, pygame.Rect(x, y, w, 10), font, colours[kind], kind == "head") + px(4)
        surface.set_clip(clip)


def s_model(scene: SandboxScene, xy) -> int | None:
    """The model standing on a cell of the scene's (rebuilt) session."""
    s = scene.session
    return s.occupant.get(s.board.idx(*xy))
