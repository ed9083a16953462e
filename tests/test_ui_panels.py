"""No panel over another: the board with every panel over it shown at once - toasts, the minimap, the dice tray,
search cards, the status line, the intent legend, a move preview's words and the odds card - at both window sizes;
no two of their rectangles overlap and each stays on the board. The intent legend names every line and mark drawn."""
from __future__ import annotations

import pathlib

import pygame
import pytest

from game.content.loader import load_content
from game.tools.previews import move_reach
from game.ui.board.game_scene import GameScene
from game.ui.board.hud import Card, GameView
from game.ui.board.intent_overlay import LEGEND, legend_rows
from game.ui.widgets.app import App
from game.world.events import Event
from game.world.saves import GameRecord
from tests.screen_player import post, press

PANELS = {"minimap", "path words", "toast", "dice", "cards", "status", "legend", "odds card"}


@pytest.fixture(scope="module")
def content():
    return load_content()


def every_panel(content, scenes, size):
    app = App(size, headless=True)
    board = GameScene(content, GameRecord("pharmacy_run", 3, tuple(content.scenarios["pharmacy_run"].team)))
    scenes.append(board)
    app.push(board)
    app.step()
    s = board.session
    who = next(sv for sv in s.survivors() if board.firearms(sv))      # a shooter: the odds card of a shot
    here = s.cell(who)
    zombie = min(s.zombies(), key=lambda z: (s.dist(here, s.cell(z)), z))
    board.pick_survivor(who)
    reach = move_reach(s, who, 3)
    board.debug_path_dest = max((c for c, b in reach.band.items() if b == 2), key=lambda c: (reach.band[c], c))
    board.debug_target = zombie              # the odds card of an attack on the nearest zombie
    board.view.cam.centre_on(*(v + 0.5 for v in s.xy(who)))
    press(app, pygame.K_z)                   # every zombie's next move, and a toast saying so
    press(app, pygame.K_2)                   # a second toast: the speed
    post(pygame.MOUSEMOTION, pos=board.screen_pos(s.cell(zombie)), rel=(0, 0), buttons=(0, 0, 0))
    app.step()                               # the pointer on a zombie: its walk and the status line
    board.hud.add_roll(Event("roll", "", {"who": who, "purpose": "a melee attack", "faces": [6, 4, 1], "need": 4}),
                       GameView(s))
    board.hud.add_card(Card("Hunting Rifle", "Core Scavenge", "A long gun for a steady hand.", "find"))
    for _ in range(30):
        app.step()
    return app, board


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_panel_over_the_board_covers_another(content, scenes, size, tmp_path):
    app, board = every_panel(content, scenes, size)
    taken = board.panels.taken
    assert PANELS <= {name for name, _ in taken}, "every panel is on show"
    for i, (name, rect) in enumerate(taken):
        assert board._lay().board.contains(rect), name
        for other, r in taken[i + 1:]:
            assert not rect.colliderect(r), f"{name} {rect} covers {other} {r}"
    app.screenshot(pathlib.Path(tmp_path) / f"panels_{size[0]}.png")


def test_the_legend_names_every_line_and_mark_drawn(content, scenes):
    app, board = every_panel(content, scenes, (1280, 720))
    s = board.session
    rows = board._intent_legend()
    intents = list(board.intents().values())
    assert "hovered" in rows
    assert ("walk" in rows) == any(i.action == "move" and i.path and i.engages is None for i in intents)
    assert legend_rows([], False, True, True) == []          # no legend while the horde's moves are not on show
    assert legend_rows(intents, True, True, True)[-2:] == ["engaged", "feeding"]
    assert all(LEGEND[r] for r in rows)
    engaged = [sv for sv in s.survivors() if s.engagers(sv)]
    assert ("engaged" in rows) == bool(engaged)
