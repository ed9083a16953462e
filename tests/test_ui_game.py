"""The board screen driven through the real App loop: mouse and key events are posted, app.step() runs a frame, and
the assertions are on the game's state (cells, AP, rounds, the recorded actions, the event log), never on pixels.
Headless: tests/conftest.py picks SDL's dummy drivers before pygame is imported."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pygame
import pytest

from game.content.defs import Task
from game.content.loader import load_content
from game.tools.previews import move_reach, shot_preview
from game.ui.board.game_scene import GameScene
from game.ui.board.report_card import ReportCard
from game.ui.widgets.app import App
from game.world import actions as A
from game.world.actions import shot_odds_inputs
from game.world.components import Health, Turn
from game.world.intent import intent_text
from game.world.phase_report import phase_start
from game.world.saves import GameRecord, load_game, save_dir
from tests.arena import NoPurchases, arena_map

INSTANT = 1000.0


@pytest.fixture(scope="module")
def content():
    return load_content()


def start(content, scenes, scenario="pharmacy_run", seed=3, team=None, size=(1280, 720), **kw):
    app = App(size, headless=True)
    team = tuple(team or content.scenarios[scenario].team)
    scene = GameScene(content, GameRecord(scenario, seed, team), **kw)
    scenes.append(scene)
    app.push(scene)
    app.step()
    return app, scene


def post(kind, **data) -> None:
    pygame.event.post(pygame.event.Event(kind, **data))


def hover(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step()


def click(app, pos, button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step()


def press(app, key: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
    app.step()


def click_cell(app, scene, cell: int) -> None:
    click(app, scene.screen_pos(cell))


def run_until(app, done, frames: int = 2000) -> int:
    for n in range(frames):
        if done():
            return n
        app.step(1 / 60)
    raise AssertionError("timed out")


# --- a small hand-drawn table for fights -------------------------------------------------------------------------

ARENA = [
    "................",
    "..dz............",
    "................",
    "................",
    ".......d....z...",
    "................",
    "....######......",
    "................",
]


def start_arena(content, scenes, scenario: str = "arena", team=("soldier", "hunter"), content_for=None):
    """The board on a hand-drawn table (the arena by default), the Director buying nothing."""
    app = App((1280, 720), headless=True)
    sc = GameScene((content_for or arena_content)(content), GameRecord(scenario, 4, tuple(team)))
    sc.game.session.policy = NoPurchases()
    scenes.append(sc)
    app.push(sc)
    app.step()
    return app, sc


def arena_content(content):
    """The real content plus a scenario on the little arena map (a soldier next to a zombie, a hunter in sight
    of another one)."""
    map_def = dataclasses.replace(arena_map(ARENA), id="arena")
    base = content.scenarios["last_train_out"]
    scenario = dataclasses.replace(base, id="arena", name="Arena", map="arena", initial_zombies=(), patrol=(),
                                   doom_events=MappingProxyType({}), objective_items=(),
                                   tasks=(Task("out", "extract", "Get out", count=1),),
                                   team=("soldier", "hunter"), team_min=1, team_max=8)
    return dataclasses.replace(content, scenarios=MappingProxyType({**content.scenarios, "arena": scenario}),
                               maps=MappingProxyType({**content.maps, "arena": map_def}))


# --- tests -------------------------------------------------------------------------------------------------------

def test_select_a_survivor_and_move_by_clicking_a_cell(content, home, scenes):
    app, sc = start(content, scenes)
    s = sc.session
    who = s.survivors()[1]
    click_cell(app, sc, s.cell(who))
    assert s.active == who and sc.selected == who
    before = s.cell(who)
    reach = A.reachable(s, who, A.move_budget(s, who))
    dest = max((c for c in reach if c != before), key=lambda c: (reach[c][0], c))
    click_cell(app, sc, dest)
    assert sc.session.cell(who) == dest != before
    assert s.comp(who, Turn).ap == s.rules.ap - 1
    assert isinstance(sc.record.actions[-1], A.Move)


def test_a_far_cell_takes_two_moves_and_an_illegal_click_says_why(content, home, scenes):
    app, sc = start(content, scenes)
    s = sc.session
    who = s.survivors()[0]
    click_cell(app, sc, s.cell(who))
    reach = move_reach(s, who, 3)
    second = [c for c, band in reach.band.items() if band == 2]
    assert second, "a 2nd Move band"
    dest = max(second, key=lambda c: (s.dist(s.cell(who), c), c))
    click_cell(app, sc, dest)
    assert s.cell(who) == dest
    assert s.comp(who, Turn).ap == s.rules.ap - 2
    # a wall is never reachable: the refusal is a toast with the engine's reason, and nothing changes
    wall = next(i for i in range(s.board.size) if s.board.kind(i) == "wall")
    actions = len(sc.record.actions)
    click_cell(app, sc, wall)
    assert len(sc.record.actions) == actions
    assert sc.hud.toasts and "reach" in sc.hud.toasts[-1].text.lower()


def test_undo_puts_a_move_back(content, home, scenes):
    app, sc = start(content, scenes)
    s = sc.session
    who = s.survivors()[0]
    click_cell(app, sc, s.cell(who))
    start_cell = s.cell(who)
    reach = A.reachable(s, who, A.move_budget(s, who))
    dest = max((c for c in reach if c != start_cell), key=lambda c: (reach[c][0], c))
    click_cell(app, sc, dest)
    assert sc.session.cell(who) == dest
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert sc.session.cell(who) == start_cell
    assert sc.session.comp(who, Turn).ap == sc.session.rules.ap


def test_attack_a_zombie_with_hotkey_and_click(content, home, scenes):
    app, sc = start_arena(content, scenes)
    s = sc.session
    soldier, hunter = s.survivors()
    near = next(z for z in s.zombies() if s.board.in_contact(s.cell(z), s.cell(soldier)))
    far = next(z for z in s.zombies() if z != near)
    # melee: F, then click the zombie in base contact
    click_cell(app, sc, s.cell(soldier))
    assert s.active == soldier
    press(app, pygame.K_f)
    assert sc.mode.id == "melee"
    rolls = sum(e.kind == "roll" for e in s.events)
    click_cell(app, sc, s.cell(near))
    assert isinstance(sc.record.actions[-1], A.Melee) and sc.record.actions[-1].target == near
    assert sum(e.kind == "roll" for e in s.events) == rolls + 2          # both sides rolled
    assert s.comp(soldier, Turn).ap == s.rules.ap - 1
    press(app, pygame.K_SPACE)                                            # end the soldier's activation
    assert s.active is None
    # shoot: the hunter, T, hover (the odds card shows the engine's own pool), click
    click_cell(app, sc, s.cell(hunter))
    assert s.active == hunter
    press(app, pygame.K_t)
    assert sc.mode.id == "shoot"
    hover(app, sc.screen_pos(s.cell(far)))
    assert sc.odds_card.rect.width > 0
    rifle = next(g for g in sc.firearms(hunter))
    preview = shot_preview(s, hunter, far, rifle.uid)
    dice, need, _ = shot_odds_inputs(s, hunter, far, rifle.uid)
    assert (preview.calc.attacker.dice, preview.calc.attacker.need) == (dice, need)
    assert sum(preview.calc.wounds_to_defender.values()) == 1
    wounds = s.comp(far, Health).wounds
    click_cell(app, sc, s.cell(far))
    assert isinstance(sc.record.actions[-1], A.Shoot) and sc.record.actions[-1].target == far
    assert not s.is_zombie(far) or s.comp(far, Health).wounds <= wounds
    assert s.comp(hunter, Turn).ap == s.rules.ap - 1


def test_end_turn_plays_the_director_step_by_step_and_the_round_advances(content, home, scenes):
    app, sc = start(content, scenes, speed=1.0)
    s = sc.session
    press(app, pygame.K_RETURN)                 # asks first: nobody has acted yet
    assert type(app.scene).__name__ == "Dialog"
    press(app, pygame.K_RETURN)                 # Enter is the safe answer: "Keep playing"
    assert app.scene is sc and not s.in_director and s.phase == "survivor"
    press(app, pygame.K_RETURN)
    dialog = app.scene
    end = next(b for b in dialog.buttons if b.text == "End turn")
    click(app, end.rect.center)
    assert app.scene is sc
    assert s.in_director and s.round == 1
    app.step(1 / 60)
    assert s.in_director, "at 1x the Director Phase plays over many frames, one step at a time"
    seen = len(s.events)
    run_until(app, lambda: len(s.events) > seen, 600)
    press(app, pygame.K_2)
    run_until(app, lambda: not s.in_director, 20000)
    assert s.round == 2 and s.phase == "survivor"
    assert (save_dir() / "autosave.json").exists()
    # the turn comes back with the card of what the Director did: every purchase of the phase is on it
    bought = [e.data["what"] for e in s.events[phase_start(s.events):] if e.kind == "purchase" and "what" in e.data]
    assert isinstance(sc.modal, ReportCard) and bought
    card = " ".join(text for _, text in sc.modal.report.lines())
    assert all(what in card for what in bought)
    press(app, pygame.K_SPACE)                  # any key puts it away, and does nothing else
    assert sc.modal is None and s.active is None
    press(app, pygame.K_j)                      # J brings it back
    assert isinstance(sc.modal, ReportCard)


def test_pause_and_single_step_in_the_director_phase(content, home, scenes):
    app, sc = start(content, scenes, speed=4.0)
    s = sc.session
    sc.end_turn()
    press(app, pygame.K_SPACE)                  # pause
    assert sc.paused
    frozen = len(s.events)
    for _ in range(60):
        app.step(1 / 60)
    assert len(s.events) == frozen
    press(app, pygame.K_n)                      # one step
    run_until(app, lambda: len(s.events) > frozen and not sc.motion.busy, 300)
    stepped = len(s.events)
    for _ in range(60):
        app.step(1 / 60)
    assert len(s.events) == stepped and s.in_director


def test_save_then_load_gives_the_same_log(content, home, scenes):
    app, sc = start(content, scenes)
    s = sc.session
    who = s.survivors()[0]
    click_cell(app, sc, s.cell(who))
    reach = A.reachable(s, who, A.move_budget(s, who))
    dest = max((c for c in reach if c != s.cell(who)), key=lambda c: (reach[c][0], c))
    click_cell(app, sc, dest)
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    saves = sorted(p for p in save_dir().glob("*.json") if p.name != "autosave.json")
    assert len(saves) == 1
    loaded = load_game(saves[0], content)
    try:
        assert loaded.session.log_lines() == sc.session.log_lines()
    finally:
        loaded.session.close()
    # and the board opens on the loaded record with the same log
    game = load_game(saves[0], content)
    game.session.close()
    scene = GameScene(content, game.record)
    scenes.append(scene)
    assert scene.session.log_lines() == sc.session.log_lines()


def test_demo_plays_a_scenario_to_its_end_screen(content, home, scenes):
    app, sc = start(content, scenes, scenario="last_train_out", seed=2, demo_level="veteran", speed=INSTANT)
    run_until(app, lambda: app.scene is not sc, 3000)
    assert sc.session.result is not None
    assert type(app.scene).__name__ == "EndScreen"
    assert any(e.kind == "decision" for e in sc.session.events)


def test_demo_at_1x_shows_each_decision_and_single_steps(content, home, scenes):
    app, sc = start(content, scenes, scenario="last_train_out", seed=2, demo_level="novice", speed=1.0)
    s = sc.session
    run_until(app, lambda: any(e.kind == "decision" for e in s.events), 300)
    assert sc.hud.banner is not None and sc.hud.banner[1] == sc.last_decision
    press(app, pygame.K_SPACE)
    assert sc.paused
    frozen = len(sc.record.actions)
    for _ in range(90):
        app.step(1 / 60)
    assert len(sc.record.actions) == frozen
    press(app, pygame.K_n)
    run_until(app, lambda: len(sc.record.actions) == frozen + 1, 300)


def test_zoom_pan_and_resize_keep_the_board_usable(content, home, scenes):
    app, sc = start(content, scenes)
    cam = sc.view.cam
    tile = cam.tile
    press(app, pygame.K_EQUALS)
    assert cam.tile > tile
    x = cam.x                      # zoomed in: the board is wider than the view, so it pans
    press(app, pygame.K_d)
    assert cam.x > x
    press(app, pygame.K_MINUS)
    assert cam.tile == tile
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))
    app.step()
    assert sc._layout.size == (1920, 1080)
    assert sc.view.cam.view.width > 1000


def test_hovering_a_zombie_shows_where_it_goes_next_phase(content, home, scenes):
    app, sc = start_arena(content, scenes)
    s = sc.session
    soldier, hunter = s.survivors()
    far = next(z for z in s.zombies() if not s.board.in_contact(s.cell(z), s.cell(soldier)))
    hover(app, sc.screen_pos(s.cell(far)))
    assert sc.hover_model == far
    intent = sc.intent_of(far)
    assert intent.engages == hunter and intent_text(s, intent).startswith(f"Reaches {s.name(hunter)} next phase")
    near = next(z for z in s.zombies() if z != far)
    assert sc.intent_of(near).action == "attack" and sc.intent_of(near).target == soldier
    press(app, pygame.K_z)
    assert sc.show_intents
    # what the card promised is what the Director Phase then does
    sc.end_turn()
    press(app, pygame.K_4)
    run_until(app, lambda: not s.in_director)
    assert s.cell(far) == intent.end


@pytest.mark.parametrize("speed,follows", [(1.0, True), (4.0, False)])
def test_a_director_action_out_of_sight_brings_the_camera_or_an_edge_marker(content, home, scenes, speed, follows):
    """A spawn or a lunge the view does not show: at 1x the camera goes there; at any speed the minimap pings it and
    an arrow on the edge of the view points to it."""
    app, sc = start(content, scenes, speed=speed)
    s = sc.session
    found = None

    def out_of_sight(start: int):
        for e in s.events[start:]:
            if e.kind == "spawn":
                xy = s.board.xy(e.data["cell"])
            elif e.kind == "move" and " lunges " in e.text:
                xy = s.board.xy(e.data["path"][-1])
            else:
                continue
            if not sc._visible([xy]):
                return xy
        return None
    for _ in range(4):
        seen = len(s.events)
        if sc.modal is not None:
            sc.modal.close()
        sc.end_turn()
        run_until(app, lambda seen=seen: out_of_sight(seen) is not None or not s.in_director, 20000)
        found = out_of_sight(seen)
        if found is not None:
            break
        run_until(app, lambda: not s.in_director, 20000)
    assert found is not None, "the Director of this seed acts away from the view within four rounds"
    assert any(m[0] == found for m in sc.offscreen.items) and any(p[0] == found for p in sc.minimap.pings)
    if follows:
        run_until(app, lambda: sc.view.cam.goal is None, 600)
        assert sc._visible([found])


def test_a_click_on_a_zombie_picks_the_obvious_attack_and_a_second_click_confirms(content, home, scenes):
    app, sc = start_arena(content, scenes)
    s = sc.session
    soldier, hunter = s.survivors()
    near = next(z for z in s.zombies() if s.board.in_contact(s.cell(z), s.cell(soldier)))
    far = next(z for z in s.zombies() if z != near)
    click_cell(app, sc, s.cell(soldier))
    done = len(sc.record.actions)
    click_cell(app, sc, s.cell(near))                  # in base contact: Melee, waiting for the confirmation
    assert sc.mode.id == "melee" and len(sc.record.actions) == done
    click_cell(app, sc, s.cell(near))
    assert isinstance(sc.record.actions[-1], A.Melee) and sc.record.actions[-1].target == near
    # another survivor clicked while the soldier still has AP: asked first, and Enter keeps the soldier
    click_cell(app, sc, s.cell(hunter))
    assert type(app.scene).__name__ == "Dialog"
    press(app, pygame.K_RETURN)
    assert app.scene is sc and s.active == soldier
    click_cell(app, sc, s.cell(hunter))
    press(app, pygame.K_e)                             # "End the Soldier's turn"
    assert s.active == hunter
    click_cell(app, sc, s.cell(far))                   # not in contact, a loaded rifle: Shoot
    assert sc.mode.id == "shoot"
    click_cell(app, sc, s.cell(far))
    assert isinstance(sc.record.actions[-1], A.Shoot) and sc.record.actions[-1].target == far


def test_the_odds_card_covers_neither_the_attacker_the_target_nor_the_line_of_fire():
    from game.ui.board.board_view import Camera
    from game.ui.board.overlays import OddsCard
    cam = Camera(48, 48, 32)
    cam.view = pygame.Rect(0, 0, 960, 600)
    shooter = (300.0, 300.0)
    for target in ((900.0, 300.0), (600.0, 300.0), (300.0, 40.0), (40.0, 560.0)):   # at an edge, in the open
        rect = OddsCard._place(cam, target, 300, 180, (shooter,))
        assert cam.view.contains(rect)
        assert not rect.collidepoint(shooter) and not rect.collidepoint(target)
        assert not rect.clipline(shooter, target), target


def test_a_board_that_leaves_the_stack_closes_its_game(content, home, scenes):
    import esper

    from game.ui.widgets.app import Scene
    app, sc = start(content, scenes)
    world = sc.session.world
    assert world in esper.list_worlds()
    app.push(Scene())                       # something over the board: the game stays
    app.pop()
    assert world in esper.list_worlds()
    app.replace(Scene())                    # the board is gone for good: so is its world
    assert world not in esper.list_worlds()


WORKSHOP = [
    "................",
    "..#+#...........",
    "..?dd...........",
    "................",
    "................",
    "................",
    "................",
    "................",
]


def test_the_targeting_modes_through_the_screen(content, home, scenes):
    """Door, Search, Drag and Hand-Off chosen with their keys and clicked on the board: each mode marks its targets,
    takes the click, and a lone target is taken at once."""
    map_def = dataclasses.replace(arena_map(WORKSHOP), id="workshop")
    base = content.scenarios["last_train_out"]
    scenario = dataclasses.replace(base, id="workshop", name="Workshop", map="workshop", initial_zombies=(),
                                   patrol=(), doom_events=MappingProxyType({}), objective_items=(),
                                   tasks=(Task("out", "extract", "Get out", count=1),),
                                   team=("cook", "paramedic"), team_min=1, team_max=8)
    workshop = dataclasses.replace(content, scenarios=MappingProxyType({**content.scenarios, "workshop": scenario}),
                                   maps=MappingProxyType({**content.maps, "workshop": map_def}))
    app, sc = start_arena(workshop, scenes, "workshop", ("cook", "paramedic"), content_for=lambda c: c)
    s = sc.session
    cook, medic = s.survivors()
    door = s.board.idx(3, 1)
    click_cell(app, sc, s.cell(cook))
    assert s.active == cook
    press(app, pygame.K_o)                      # the only door in reach: opened at once
    assert s.board.door_open[door] and sc.mode.id == "move"
    press(app, pygame.K_e)                      # the only search token in reach
    assert isinstance(sc.record.actions[-1], A.Search)
    press(app, pygame.K_ESCAPE)
    s.wound_survivor(medic, s.comp(medic, Health).wounds, "a test")
    sc._after_change()
    press(app, pygame.K_q)                      # Drag: the only Downed ally is taken, then where to
    assert sc.mode.id == "drag" and sc.mode.ally == medic and sc.mode_targets()
    dest = min(sc.mode_targets())
    click_cell(app, sc, dest)
    assert isinstance(sc.record.actions[-1], A.Drag) and sc.record.actions[-1].ally == medic
    assert s.comp(cook, Turn).ap == 0
    press(app, pygame.K_ESCAPE)
    assert sc.mode.id == "move"


@pytest.mark.parametrize("scenario,seed", [("last_train_out", 5), ("pharmacy_run", 6), ("dead_air", 7),
                                           ("lost_and_found", 8), ("cold_chain", 8), ("night_shift", 9),
                                           ("jump_start", 8), ("hold_the_line", 9)])
def test_a_whole_game_played_at_the_screen_reaches_the_end_screen(content, home, scenes, scenario, seed):
    """The veteran AI decides, a player's clicks and keys carry it out on the real board: every round, the Director's
    turn and its report card, to the end screen, with no dead end."""
    from game.ai.survivor_ai import SurvivorAI
    from tests.screen_player import ScreenPlayer
    app, sc = start(content, scenes, scenario=scenario, seed=seed)
    player = ScreenPlayer(app, sc, SurvivorAI("veteran", seed, content))
    player.play()
    assert type(app.scene).__name__ == "EndScreen" and sc.session.result is not None
    assert player.by_hand >= 40 and player.handed <= player.by_hand // 20, (player.by_hand, player.handed)


def test_the_end_screen_and_header_count_rounds_for_hold_and_survive(content):
    """A hold or survive task is counted in rounds, on the end screen and in the objective header."""
    from game.ui.board.end_screen import GameStats, objective_words, verdict
    from game.world.session import Session
    s = Session(content, "jump_start", seed=1)
    s.task_index, s.task_progress = 1, 1
    assert objective_words(s) == "step 2 of 2: 1 of 2 rounds held"
    s.finish("director", "doom")
    stats = GameStats("jump_start", 1, "director", "doom", s.round, s.doom, 14)
    assert "only 1 of the 2 rounds the job needed held" in verdict(stats, s)[1]
    s.close()
    s = Session(content, "hold_the_line", seed=1)
    s.task_progress = 5
    assert objective_words(s) == "5 of 10 rounds held out"
    s.close()
