"""The Quick-Play generator (game.tools.quickplay) on screen: four rolls, the scenario they make, and a button that
starts it on the board at once.

Left: the app's dice (R rolls again) or your own five faces (objective d6, environment d6, density 2d6, hazard d6),
the map (any, or one fixed: the environment roll then reads down to a row for it), and the four rolls read off the
tables. Right: the scenario, as the scenario screens show one. "Play this scenario" registers the generated
ScenarioDef and its board in a copy of the content (game.tools.quickplay.playable) and opens
GameScene(content, GameRecord(scenario.id, seed, team)) through game.ui.menus.setup.open_game.

Saves: the Load screen rebuilds a Quick-Play scenario from an id `quickplay_<seed>` by rolling the seed again, which
gives the same scenario only for app-rolled dice on any map. A scenario made with a fixed map or entered dice gets
a longer id (`quickplay_<seed>_<map>`, `..._dice<faces>`), so a save of it is reported as not loadable instead of
loading a different scenario; the screen says so.
"""
from __future__ import annotations

import dataclasses
import random

import pygame

from game.tools import quickplay as Q
from game.tools.common import ToolError
from game.ui.menus.setup import TeamSelect, draw_scenario_detail, new_game
from game.ui.widgets import theme
from game.ui.widgets.controls import Button, Choice, draw_text, draw_wrapped, ellipsize, line_height
from game.ui.widgets.tool_inputs import Cycle, DiceRow, Form, ToolScene, draw_caps, tool_error_text

NAMES = {"objective": "Objective", "environment": "Where", "density": "Zombies", "hazard": "Twist"}
FACE_LABELS = ("Obj", "Env", "Zmb", "Zmb", "Twist")


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


class QuickPlayToolScreen(ToolScene):
    title = "Quick-Play generator"
    subtitle = "Four rolls on the quick-play tables make a scenario. Play it here, or set it up on your table."
    keys_hint = "R  roll     Enter  play"
    left_share = 0.30

    def __init__(self, content, seed: int | None = None):
        self.seed = seed if seed is not None else new_seed()
        self.dice_mode = "app"                  # app | mine
        self.faces: list[int] = [3, 3, 3, 4, 3]
        self.map_id: str | None = None
        self.scenario = None
        super().__init__(content)

    # --- the tool ------------------------------------------------------------------------------------------------
    @property
    def reloadable(self) -> bool:
        """Whether the Load screen can rebuild this scenario from its id (app dice, any map)."""
        return self.dice_mode == "app" and self.map_id is None

    def recompute(self) -> None:
        faces = list(self.faces) if self.dice_mode == "mine" else None
        try:
            q = Q.generate(self.content, self.seed, map_id=self.map_id, faces=faces)
        except ToolError as exc:
            self.result, self.scenario, self.error = None, None, tool_error_text(exc)
            return
        scen = q.scenario
        if not self.reloadable:
            sid = f"quickplay_{self.seed}" + (f"_{self.map_id}" if self.map_id else "") + \
                (f"_dice{''.join(map(str, faces))}" if faces else "")
            scen = dataclasses.replace(scen, id=sid)
            q = dataclasses.replace(q, scenario=scen)
        self.result, self.scenario, self.error = q, scen, ""

    def copy_text(self) -> str:
        return self.result.as_text(self.playable_content()) if self.result is not None else ""

    def roll(self) -> None:
        """New rolls (the app's dice): a fresh seed."""
        self.seed = new_seed()
        self.changed()

    def playable_content(self):
        return Q.playable(self.content, self.result) if self.result is not None else self.content

    def play(self) -> None:
        """Start the generated scenario on the board now, with the suggested team."""
        if self.scenario is None:
            return

        scen = self.scenario
        new_game(self.app, self.playable_content(), scen.id, self.seed, scen.team)

    def choose_team(self) -> None:
        if self.scenario is None:
            return
        self.app.push(TeamSelect(self.playable_content(), self.scenario, seed=self.seed))

    # --- input changes -------------------------------------------------------------------------------------------
    def _set(self, name: str, relayout: bool = False):
        def apply(value) -> None:
            setattr(self, name, value)
            self.changed(relayout)
        return apply

    def _faces_changed(self, faces: list[int]) -> None:
        self.faces = list(faces)
        self.changed()

    def changed(self, relayout: bool = False) -> None:
        super().changed(relayout)
        for b in getattr(self, "needs_scenario", ()):
            b.enabled = self.scenario is not None
        if hasattr(self, "roll_button"):
            self.roll_button.enabled = self.dice_mode == "app"

    # --- layout --------------------------------------------------------------------------------------------------
    def build_inputs(self, form: Form) -> None:
        px, size = self.px, self.px(20)
        mode = Choice((("App rolls", "app"), ("My dice", "mine")), self.dice_mode, self._set("dice_mode", True),
                      size=px(18), tooltip="Let the app roll, or enter the five dice you rolled on the table.")
        form.heading("Dice", mode, right_w=int(form.rect.width * 0.62))
        if self.dice_mode == "mine":
            form.full(DiceRow(self.faces, self._faces_changed, labels=FACE_LABELS, size=px(15), max_side=px(40),
                              tooltip="Objective d6, environment d6, density 2d6 (two dice), hazard d6. Click a die "
                                      "to turn it, or type the faces."), height=px(40) + line_height(px(15)))
        form.heading("Map")
        maps = [("A new board from tiles", None)] + [(m.name, mid) for mid, m in self.content.maps.items()]
        form.full(Cycle(maps, self.map_id, self._set("map_id"), size=size,
                        tooltip="A board laid from map tiles, new for every seed, or a hand-built map you have set "
                                "up (the environment roll then reads down to a row for it)."))
        form.heading("The rolls")
        self.rolls_rect = pygame.Rect(form.rect.x, form.y, form.rect.width, form.rect.bottom - form.y)

    def build_actions(self, bar: pygame.Rect) -> list[Button]:
        px = self.px
        roll = Button("Roll", self.roll, hotkey=pygame.K_r, size=px(21), enabled=self.dice_mode == "app",
                      tooltip="Roll the four tables again." if self.dice_mode == "app" else
                      "Your dice decide: change them on the left.")
        roll.rect = pygame.Rect(0, 0, px(150), 0)
        team = Button("Choose team", self.choose_team, hotkey=pygame.K_t, size=px(21),
                      tooltip="Pick the survivors first, then play.")
        team.rect = pygame.Rect(0, 0, px(200), 0)
        play = Button("Play this scenario", self.play, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                      style="primary", size=px(22), tooltip="Start it on the board now, with the suggested team.")
        play.rect = pygame.Rect(0, 0, px(280), 0)
        self.roll_button = roll
        self.needs_scenario = (team, play)
        for b in self.needs_scenario:
            b.enabled = self.scenario is not None
        return [roll, team, play]

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        if self.result is not None:
            self._draw_rolls(surface, self.rolls_rect)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.scenario is None:
            self.draw_error(surface, rect)
            return

        clip = surface.get_clip()
        surface.set_clip(self.right)        # a small window cuts the long text at the panel's edge
        draw_scenario_detail(surface, self.right, self.scenario, self.playable_content(), self.s, kicker="Quick-Play")
        surface.set_clip(clip)

    def _draw_rolls(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, s = self.px, self.s
        q = self.result
        y = rect.y
        notes_h = line_height(px(16)) * (3 if not self.reloadable else 1)
        bottom = rect.bottom - notes_h - px(6)
        for roll in q.rolls:
            if y + line_height(px(22)) * 2 > bottom:
                break
            faces = " + ".join(map(str, roll.faces))
            total = f" = {roll.total}" if len(roll.faces) > 1 else ""
            draw_caps(surface, NAMES.get(roll.table, roll.table), (rect.x, y), s)
            draw_text(surface, f"{roll.dice}: {faces}{total}", (rect.right, y), px(16), theme.INK_FAINT,
                      anchor="topright")
            y += line_height(px(16), True) + px(1)
            draw_text(surface, ellipsize(roll.row.name, px(22), rect.width, True), (rect.x, y), px(22), theme.INK,
                      True)
            y += line_height(px(22), True)
            if roll.note:
                y += draw_wrapped(surface, roll.note, pygame.Rect(rect.x, y, rect.width, 0), px(16), theme.ACCENT,
                                  max_lines=2)
            room = max(0, (bottom - y) // line_height(px(17)) - 1)
            y += draw_wrapped(surface, roll.row.text, pygame.Rect(rect.x, y, rect.width, 0), px(17), theme.INK_DIM,
                              max_lines=min(2, max(1, room)))
            y += px(10)
        foot = f"Seed {q.seed}" if self.dice_mode == "app" else f"Your dice, zombies placed by seed {q.seed}"
        if not self.reloadable:
            draw_wrapped(surface, "A game of a scenario made with your own dice or a fixed map cannot be loaded "
                                  "again from a save.", pygame.Rect(rect.x, rect.bottom - notes_h, rect.width, 0),
                         px(16), theme.INK_FAINT, max_lines=2)
            foot_y = rect.bottom - notes_h + 2 * line_height(px(16))
        else:
            foot_y = rect.bottom - notes_h
        draw_text(surface, foot, (rect.x, foot_y), px(16), theme.INK_FAINT)
