"""A log that stays readable: the horde's lines alike in one Director Phase fold into one line, counted from the
events' data; dice, the team's own lines and the table's stay one line each; the event stream is not touched. On
the board a click on a folded line opens it to its single lines and folds it again; the . key opens them all."""
from __future__ import annotations

import pygame
import pytest

from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.ui.board.game_scene import GameScene
from game.ui.board.report_card import ReportCard
from game.ui.widgets.app import App
from game.ui.widgets.controls import Dialog
from game.world.saves import GameRecord
from game.world.story import Fold, Story, folded
from tests.screen_player import click, press


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def game(content):
    s = play_game(content, "lost_and_found", 1, make_player("veteran", 1))
    yield s
    s.close()


def phases(items):
    """The items of each phase, a header starting each."""
    out = [[]]
    for item in items:
        if item.tone == "header":
            out.append([])
        out[-1].append(item)
    return out


def test_folding_keeps_every_entry_once_in_order_and_never_folds_dice_or_the_team(game):
    events = [(e.kind, e.text, dict(e.data)) for e in game.events]
    entries = Story().feed(game, game.events)
    items = folded(entries)
    assert [(e.kind, e.text, dict(e.data)) for e in game.events] == events      # the stream is as it was
    flat = [e for item in items for e in (item.entries if isinstance(item, Fold) else (item,))]
    assert sorted(map(id, flat)) == sorted(map(id, entries)) and len(flat) == len(entries)
    for phase in phases(items):          # within a phase, each entry keeps its order among the unfolded ones
        for item in phase:
            if isinstance(item, Fold):
                assert len(item.entries) >= 2 and {e.group for e in item.entries} == {"horde"}
                assert len({e.fold for e in item.entries}) == 1
    assert any(isinstance(i, Fold) for i in items)
    late = [p for p in phases(items) if p[0].text.endswith("the Director")][-3:]
    for phase in late:                   # a line per kind of thing: no two walks of one kind and verb left apart
        walks = [i.entries[0].fold if isinstance(i, Fold) else i.fold for i in phase
                 if (i.entries[0].fold if isinstance(i, Fold) else i.fold)[:1] == ("walk",)]
        assert len(walks) == len(set(walks))


def test_a_folded_walk_counts_the_zombies_of_its_kind_that_walked_in_that_phase(game):
    entries = Story().feed(game, game.events)
    kinds, phase, director, walked = {}, 0, False, {}
    for e in game.events:             # counted from the events' data alone
        if e.kind == "spawn":
            kinds[e.data["who"]] = game.content.zombies[e.data["kind"]].name
        elif e.kind in ("phase", "round"):
            director = e.kind == "phase"
            phase += director
        elif e.kind == "move" and e.data["who"] in kinds and director:
            key = (phase, kinds[e.data["who"]], e.data["verb"])
            walked[key] = walked.get(key, 0) + 1
    n = 0
    for items in phases(folded(entries)):
        if items[0].text.endswith("the Director"):
            n += 1
            for item in items:
                if isinstance(item, Fold) and item.entries[0].fold[0] == "walk":
                    _, kinds_name, verb = item.entries[0].fold
                    count = walked[(n, kinds_name[:-1], verb)]
                    assert item.text.startswith(f"{count} {kinds_name} ") and len(item.entries) == count


def fold_spots(hud) -> dict:
    """The log's folded lines on screen: fold id -> the rectangle a click opens or folds it on."""
    out = {}
    for rect, fn, _ in hud.hotspots:
        if "toggle_fold" in getattr(getattr(fn, "__code__", None), "co_names", ()) and rect.colliderect(hud.log_rect):
            out[fn.__defaults__[0]] = rect
    return out


def test_a_click_opens_a_folded_line_and_the_dot_key_opens_them_all(content, scenes):
    app = App((1280, 720), headless=True)
    board = GameScene(content, GameRecord("lost_and_found", 1, tuple(content.scenarios["lost_and_found"].team)))
    scenes.append(board)
    app.push(board)
    app.step()
    press(app, pygame.K_4)
    press(app, pygame.K_RETURN)                  # end the turn: the Director plays, instantly
    if isinstance(app.scene, Dialog):
        press(app, pygame.K_e)                   # yes, with survivors still to act
    for _ in range(300):
        if board.session.round == 2 and not board.session.in_director:
            break
        app.step()
    for _ in range(5):
        if isinstance(board.modal, ReportCard):
            press(app, pygame.K_SPACE)
    app.step()
    assert board.modal is None and board.session.round == 2
    hud = board.hud
    spots = fold_spots(hud)
    assert spots, "the Director's first phase left folded lines in the log"
    shown = len(hud._wrapped)
    fold, rect = list(spots.items())[-1]
    click(app, rect.center)
    app.step()
    opened = len(hud._wrapped)
    assert opened > shown and hud.log_open == {fold}
    click(app, fold_spots(hud)[fold].center)
    app.step()
    assert len(hud._wrapped) == shown and not hud.log_open
    press(app, pygame.K_PERIOD)
    app.step()
    assert hud.log_unfolded and len(hud._wrapped) >= opened
