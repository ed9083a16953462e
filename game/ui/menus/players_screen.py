"""Who sits at this screen (hot-seat), opened from the team screen: the people's names, who plays each survivor (a
person or the survivor AI) and whether one of them takes the Director's chair.

    app.push(PlayersScreen(content, team_select))     # Done writes the seats back to the team screen

One person with no Director's chair is the ordinary game (everyone's survivors are theirs); the seats are checked by
the same rule the saves use (game.world.saves.seating_problem) before they are taken.
"""
from __future__ import annotations

import pygame

from game.ui.widgets import theme
from game.ui.widgets.controls import Button, draw_wrapped
from game.ui.widgets.tool_inputs import Cycle, Form, Stepper, TextField, ToolScene
from game.world.saves import seating_problem, seats_for
from game.world.session import AI_OWNER

AI_LABEL = "Survivor AI"


class PlayersScreen(ToolScene):
    title = "Players at this screen"
    subtitle = "Hot-seat: name everyone who shares the screen and give each survivor to one of them."
    keys_hint = "Enter done"
    left_share = 0.45

    def __init__(self, content, team_select):
        self.team_select = team_select
        self.team = list(team_select.team)
        self.names = list(team_select.players) or ["Player 1", "Player 2"]
        self.chair = team_select.director_player
        self.owners = list(team_select.owners) if len(team_select.owners) == len(self.team) else \
            list(seats_for(len(self.team), tuple(self.names), self.chair, team_select.agendas))
        super().__init__(content)

    # --- the seats ---------------------------------------------------------------------------------------------------
    def problem(self) -> str:
        if len(self.names) == 1 and not self.chair:
            return ""
        return seating_problem(tuple(self.names), tuple(self.owners), self.chair, len(self.team))

    def recompute(self) -> None:
        self.error = self.problem()

    def _count(self, n: int) -> None:
        while len(self.names) < n:
            self.names.append(f"Player {len(self.names) + 1}")
        del self.names[n:]
        if self.chair not in self.names:
            self.chair = ""
        self._redeal()

    def _redeal(self) -> None:
        self.owners = list(seats_for(len(self.team), tuple(self.names), self.chair, self.team_select.agendas)) or \
            [AI_OWNER] * len(self.team)
        self.changed(relayout=True)

    def _name(self, i: int, text: str) -> None:
        old = self.names[i]
        self.names[i] = text.strip()
        self.owners = [self.names[i] if o == old else o for o in self.owners]
        if self.chair == old:
            self.chair = self.names[i]
        self.changed()

    def _chair(self, name: str) -> None:
        self.chair = name
        self._redeal()

    def _owner(self, seat: int, name: str) -> None:
        self.owners[seat] = name
        self.changed()

    # --- the screen --------------------------------------------------------------------------------------------------
    def build_inputs(self, form: Form) -> None:
        size = int(20 * self.s)
        form.heading("People")
        form.row("How many", Stepper(len(self.names), 1, 8, self._count, size=size))
        for i, name in enumerate(self.names):
            form.row(f"Player {i + 1}", TextField(name, lambda text, i=i: self._name(i, text), size=size,
                                                  max_len=16, placeholder=f"Player {i + 1}"))
        form.heading("The Director")
        options = [("The Director AI", "")] + [(n, n) for n in self.names if n]
        form.full(Cycle(options, self.chair, self._chair, size=size,
                        tooltip="One person may play the horde: they spend its Heat each round, behind the cover."))

    def build_results(self, rect: pygame.Rect) -> None:
        form = Form(self, rect)
        form.heading("Who plays each survivor")
        hands = [(n, n) for n in self.names if n and n != self.chair] + [(AI_LABEL, AI_OWNER)]
        for seat, arch in enumerate(self.team):
            name = self.content.archetypes[arch].name
            form.row(name, Cycle(hands, self.owners[seat], lambda v, seat=seat: self._owner(seat, v),
                                 size=int(20 * self.s)))
        self._note_y = form.y

    def build_actions(self, bar: pygame.Rect) -> list[Button]:
        done = Button("Done", self.done, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                      style="primary", size=self.px(21))
        done.rect = pygame.Rect(0, 0, self.px(200), 0)
        return [done]

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = getattr(self, "_note_y", rect.y) + self.px(8)
        text = self.error or ("Whenever the screen passes from one person to another it is covered until they take "
                              "it, and each sees only their own Secret Agendas. The survivor AI plays its survivors "
                              "first each round.")
        draw_wrapped(surface, text, pygame.Rect(rect.x, y, rect.width, 10), self.px(18),
                     theme.DANGER if self.error else theme.INK_DIM)

    def done(self) -> None:
        if self.error:
            self.relayout()
            return
        solo = len(self.names) == 1 and not self.chair
        self.team_select.set_seats(() if solo else tuple(self.names), () if solo else tuple(self.owners),
                                   "" if solo else self.chair)
        self.app.pop()
