"""A player at the screen: the survivor AI decides, and each decision is made the way a person would make it, with
posted clicks and keys on the real board (select, key, click the target). Used to play whole games to the end
screen through the real event loop."""
from __future__ import annotations

import pygame

from game.ui.board.pass_cover import PassCover
from game.ui.board.report_card import ReportCard
from game.ui.widgets.controls import Dialog
from game.world import actions as A

KEYS = {A.Aim: pygame.K_i, A.HunkerDown: pygame.K_h, A.Escape: pygame.K_x, A.Deliver: pygame.K_l,
        A.WorkObjective: pygame.K_k}
TARGET_KEYS = {A.Melee: pygame.K_f, A.Shoot: pygame.K_t, A.Throw: pygame.K_g, A.Disengage: pygame.K_c,
               A.Search: pygame.K_e, A.PickUp: pygame.K_p, A.Triage: pygame.K_u, A.Drag: pygame.K_q}


def post(kind, **data) -> None:
    pygame.event.post(pygame.event.Event(kind, **data))


def press(app, key: int) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
    app.step()


def click(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step()


class ScreenPlayer:
    def __init__(self, app, scene, ai):
        self.app, self.scene, self.ai = app, scene, ai
        self.by_hand = 0          # decisions made with posted input
        self.handed = 0           # decisions the screen could not take from input (submitted directly)
        self.covers: list[tuple[str, int]] = []   # hot-seat: (who the screen passed to, their agenda cards)

    def click_cell(self, cell: int) -> None:
        click(self.app, self.scene.screen_pos(cell))

    def play(self, most_frames: int = 200_000) -> None:
        """Until the end screen replaces the board."""
        app, sc = self.app, self.scene
        press(app, pygame.K_4)                 # the Director's turns at instant speed
        for _ in range(most_frames):
            if sc not in app.stack:             # the end screen took the board's place
                return
            s = sc.session
            if isinstance(app.scene, Dialog):
                press(app, pygame.K_e)         # a confirmation the player meant: the E button
            elif isinstance(sc.modal, ReportCard):
                press(app, pygame.K_SPACE)     # read the Director's turn, play on
            elif isinstance(sc.modal, PassCover):
                self.take_the_screen()
            elif s.result is not None or s.in_director or s.phase != "survivor":
                app.step()
            elif sc.teammates is not None and sc._teammates_due():
                app.step(1 / 60)               # the survivor AI's teammates go first
            else:
                self.decide()
        raise AssertionError("the game did not reach its end screen")

    def decide(self) -> None:
        sc, s = self.scene, self.scene.session
        action = self.ai.choose(s) or A.EndSurvivorPhase()
        done = len(sc.record.actions)
        self.act(action)
        if isinstance(sc.modal, PassCover):    # the survivor belongs to someone else: they take the screen first
            self.take_the_screen()
        if len(sc.record.actions) > done or s.result is not None:
            self.by_hand += 1
            return
        self.handed += 1                      # the screen did not take it: submit it as the engine's own
        if sc.modal is not None:
            sc.modal.close()
        sc.cancel_mode()
        sc.submit(action)

    def hand_off(self, action) -> None:
        """V, the ally (unless the screen took the lone one at once), then the card in the hand-off dialog."""
        app, sc = self.app, self.scene
        press(app, pygame.K_v)
        if sc.mode.id == "handoff":
            self.click_cell(sc.session.cell(action.ally))
        dialog = app.scene
        for rect, uid in getattr(dialog, "rects", ()):
            if uid == action.uid:
                click(app, rect.center)
                return

    def take_the_screen(self) -> None:
        """The next person presses Space on the cover (and again to hide their agendas)."""
        cover = self.scene.modal
        self.covers.append((cover.player, len(cover.cards)))
        for _ in range(3):
            if self.scene.modal is not cover:
                return
            press(self.app, pygame.K_SPACE)
        raise AssertionError("the cover did not lift")

    def act(self, action) -> None:
        app, sc, s = self.app, self.scene, self.scene.session
        kind = type(action)
        if kind is A.EndSurvivorPhase:
            press(app, pygame.K_RETURN)
            if isinstance(app.scene, Dialog):
                press(app, pygame.K_e)
        elif kind is A.Activate:
            self.click_cell(s.cell(action.who))
        elif kind is A.EndActivation:
            press(app, pygame.K_SPACE)
        elif kind in (A.Move, A.Withdraw):
            sc.cancel_mode()
            self.click_cell(action.dest)
        elif kind in KEYS:
            press(app, KEYS[kind])
        elif kind is A.Door:
            press(app, pygame.K_b if action.mode == "barricade" else pygame.K_o)
            if sc.mode.id != "move":
                self.click_cell(action.cell)
        elif kind is A.HandOff:
            self.hand_off(action)
        elif kind is A.Reload:
            press(app, pygame.K_r)
            if sc.modal is not None:
                press(app, pygame.K_1)
        elif kind in TARGET_KEYS:
            if kind is A.Shoot:
                sc.weapon_uid = action.weapon   # the gun chosen on the survivor's card
            if kind is A.Throw:
                sc.weapon_uid = action.weapon
            press(app, TARGET_KEYS[kind])
            if sc.mode.id == "move":           # a lone target was taken at once
                return
            if kind is A.Drag and sc.mode.ally is None:
                self.click_cell(s.cell(action.ally))
            target = {A.Melee: lambda: s.cell(action.target), A.Shoot: lambda: s.cell(action.target),
                      A.Throw: lambda: action.cell, A.Disengage: lambda: action.dest, A.Search: lambda: action.cell,
                      A.PickUp: lambda: next(c for c, items in s.ground.items() if any(g.uid == action.uid
                                                                                        for g in items)),
                      A.Triage: lambda: s.cell(action.ally), A.Drag: lambda: action.dest}[kind]()
            self.click_cell(target)
            if sc.modal is not None:           # several items on the cell: the first is the one
                press(app, pygame.K_1)
