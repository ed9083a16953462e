"""The Tools hub and its five screens driven through the real App loop: mouse and key events are posted and
app.step() runs a frame. Assertions are on the screens' state (the tool result objects), never on pixels; each
result is checked against the tool function called directly with the same inputs."""
from __future__ import annotations

import pygame
import pytest

from game.content.loader import load_content
from game.tools import calculator as C
from game.tools import director_assistant as D
from game.tools import frenzy as F
from game.tools import quickplay as Q
from game.ui.launch import make_app
from game.ui.menu import MainMenu
from game.ui.tools.tool_calc import CalculatorScreen
from game.ui.tools.tool_director import DirectorScreen
from game.ui.tools.tool_frenzy import FrenzyScreen
from game.ui.tools.tool_quickplay import QuickPlayToolScreen
from game.ui.tools.tool_scavenge import ScavengeScreen
from game.ui.tools.tools_screen import TOOLS, ToolsScreen
from game.ui.widgets.controls import Button, Choice
from game.ui.widgets.tool_inputs import Chip, Cycle, DiceRow, Stepper, TextField, Toggle
from tests.ui_standin import StandInGameScene, stand_in_app  # noqa: F401  (the `app` fixture)


@pytest.fixture(scope="module")
def content():
    return load_content()




# --- driving the loop -----------------------------------------------------------------------------------------------

def frame(app, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)


def click(app, target, button: int = 1) -> None:
    """A click at the centre of a widget (or rect), the mouse moved there first, then a frame."""
    rect = target.rect if hasattr(target, "rect") else pygame.Rect(target)
    pos = rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frame(app)


def press(app, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    frame(app)


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frame(app)


def widgets_of(scene) -> list:
    scene.ensure_layout()
    out, todo = [], list(scene.widgets)
    while todo:
        w = todo.pop(0)
        out.append(w)
        todo.extend(w.children())
    return out


def button(app, text: str, kind=Button):
    found = [w for w in widgets_of(app.scene) if isinstance(w, kind) and w.text == text and w.visible]
    assert found, f"no {kind.__name__} {text!r} on {type(app.scene).__name__}"
    return found[0]


def segment(choice: Choice, value) -> Button:
    return next(b for (_, v), b in zip(choice.options, choice.buttons, strict=True) if v == value)


def named(app, label: str):
    app.scene.ensure_layout()
    return app.scene.named[label]


def open_tool(app, content, number: int):
    """The hub over the main menu, then tool `number` (1-5) by its card."""
    app.push(MainMenu(content))
    app.push(ToolsScreen(content))
    frame(app)
    click(app, app.scene.cards[number - 1])
    return app.scene


def same_dists(calc_a, calc_b) -> bool:
    return (C.to_json(calc_a)["distributions"] == C.to_json(calc_b)["distributions"]
            and calc_a.title == calc_b.title)


# --- the hub --------------------------------------------------------------------------------------------------------

def test_the_hub_lists_five_tools_and_opens_each_one(app, content):
    app.push(MainMenu(content))
    hub = ToolsScreen(content)
    app.push(hub)
    frame(app)
    cards = hub.cards
    assert [c.text for c in cards] == ["Combat odds", "Director assistant", "Search & Salvage",
                                       "Quick-Play generator", "Feeding Frenzy"]
    assert all(c.line and len(c.line) < 100 for c in cards)
    screens = [CalculatorScreen, DirectorScreen, ScavengeScreen, QuickPlayToolScreen, FrenzyScreen]
    for card, cls in zip(cards, screens, strict=True):
        click(app, hub.cards[cards.index(card)])
        assert isinstance(app.scene, cls)
        assert app.scene.result is not None or cls is ScavengeScreen     # every screen shows a result at once
        press(app, pygame.K_ESCAPE)
        assert app.scene is hub
    # number keys open a tool directly; Up/Down + Enter too
    press(app, pygame.K_3)
    assert isinstance(app.scene, ScavengeScreen)
    press(app, pygame.K_ESCAPE)
    focus = hub.menu.focus                      # the last card the mouse rested on
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, screens[(focus + 1) % 5])
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)
    assert len(TOOLS) == 5


# --- the calculator -------------------------------------------------------------------------------------------------

def test_calculator_dice_stepper_gives_the_calculators_own_distribution(app, content):
    scene = open_tool(app, content, 1)
    first = scene.result
    assert same_dists(first, C.calculate(content, "melee", archetype="hunter", zombie="shambler"))
    click(app, segment(named(app, "Survivor - attacker"), "dice"))
    stepper = named(app, "Fight dice")
    assert isinstance(stepper, Stepper) and stepper.value == 3
    click(app, stepper.plus)
    click(app, stepper.plus)
    assert scene.surv_dice == 5
    want = C.calculate(content, "melee", attacker_dice=5, zombie="shambler")
    assert same_dists(scene.result, want)
    assert scene.result.outcome == want.outcome
    # the zombie's side as raw dice, and melee cover
    click(app, segment(named(app, "Zombie"), "dice"))
    click(app, named(app, "Fight dice"))            # the label now names the survivor's stepper; zombie below
    zd = [w for w in widgets_of(scene) if isinstance(w, Stepper)][-1]
    click(app, zd.plus)
    click(app, button(app, "The zombie is in a window or doorway", Toggle))
    want = C.calculate(content, "melee", attacker_dice=5, defender_dice=3, melee_cover=True)
    assert same_dists(scene.result, want)


def test_calculator_ranged_aim_and_cover(app, content):
    scene = open_tool(app, content, 1)
    press(app, pygame.K_r)                      # R: ranged
    assert scene.attack == "ranged"
    click(app, segment(named(app, "Cover"), "heavy"))
    click(app, button(app, "Aim", Toggle))
    want = C.calculate(content, "ranged", archetype="hunter", zombie="shambler", cover="heavy", aim=True)
    assert same_dists(scene.result, want)
    assert scene.result.attacker.need == want.attacker.need
    # a bar chart holds the exact distribution shown
    assert dict(scene.charts["att"].dist) == dict(want.attacker_successes)


def test_calculator_swarm_members_are_added_and_removed(app, content):
    scene = open_tool(app, content, 1)
    click(app, segment(named(app, "Attack") if "Attack" in scene.named else
                       next(w for w in widgets_of(scene) if isinstance(w, Choice) and w.value == "melee"), "swarm"))
    assert scene.attack == "swarm" and scene.swarm == ["shambler", "shambler"]
    add = button(app, "Add")
    click(app, add)
    assert scene.swarm == ["shambler"] * 3
    assert not button(app, "Add").enabled             # three slots filled
    chips = [w for w in widgets_of(scene) if isinstance(w, Chip)]
    click(app, chips[0])
    assert scene.swarm == ["shambler"] * 2
    # pick a Horde in the add picker: a tray of three figures needs all three slots
    picker = next(w for w in widgets_of(scene) if isinstance(w, Cycle) and w.value == "shambler")
    click(app, picker)                          # a click on the name moves to the next zombie: the Horde
    assert scene.to_add == "horde" and not button(app, "Add").enabled
    click(app, [w for w in widgets_of(scene) if isinstance(w, Chip)][0])
    assert not button(app, "Add").enabled       # one Shambler still holds a slot
    click(app, [w for w in widgets_of(scene) if isinstance(w, Chip)][0])
    click(app, button(app, "Add"))
    assert scene.swarm == ["horde"]
    taken = named(app, "Horde wounds taken")
    click(app, taken.plus)
    want = C.calculate(content, "swarm", archetype="hunter", zombies="horde", wounds_taken=1)
    assert same_dists(scene.result, want)


def test_calculator_keyboard_tab_and_arrows(app, content):
    scene = open_tool(app, content, 1)
    press(app, pygame.K_TAB)                    # the attack type is the first input
    assert isinstance(scene.focus, Choice)
    press(app, pygame.K_RIGHT)
    assert scene.attack == "swarm"
    press(app, pygame.K_m)
    assert scene.attack == "melee"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ToolsScreen)


# --- the Director assistant -----------------------------------------------------------------------------------------

def real_die(app, scene, face: int) -> None:
    """The escalation die entered as a real d6 showing `face`, clicked round on screen."""
    click(app, segment(named(app, "Escalation die"), "real"))
    die = next(w for w in widgets_of(scene) if isinstance(w, DiceRow))
    for _ in range((face - scene.die) % 6):
        click(app, die.die_rects()[0])
    assert scene.die == face


def bought(scene) -> list[str]:
    return [p["what"] for p in scene.tracker.report["purchases"]]


def assisted(content, scene, facts, die: int) -> list[str]:
    """The purchases the Director assistant makes on these facts, called directly."""
    a = D.assist(content, scene.scenario_id, facts, heat=scene.tracker.made, die=die, level=scene.tracker.level)
    return [D.describe(a, p) for p in a.purchases]


def test_director_noise_taps_and_a_real_die_run_the_phase(app, content):
    scene = open_tool(app, content, 2)
    sid = scene.scenario_id
    ambient = content.scenarios[sid].ambient_heat
    for _ in range(4):
        click(app, button(app, "+2 Pistol"))
    assert scene.tracker.made == 8
    real_die(app, scene, 5)
    facts = scene.facts()
    want = assisted(content, scene, facts, 5)
    click(app, button(app, "Director Phase"))
    r = scene.tracker.report
    assert r["heat"] == min(15, 8 + ambient) and r["escalation"]["die"] == 5
    assert bought(scene) == want and r["orders"]
    # the next round with the app's die: rolled in the phase
    click(app, button(app, "End Phase"))
    assert scene.tracker.round == 2 and scene.tracker.made == 0
    click(app, segment(named(app, "Escalation die"), "app"))
    for _ in range(5):
        click(app, button(app, "+4 Frag Grenade"))
    click(app, button(app, "Director Phase"))
    esc = scene.tracker.report["escalation"]
    assert esc["need"] == 0 or 1 <= esc["die"] <= 6


def test_director_survivors_and_shamblers_are_edited(app, content):
    scene = open_tool(app, content, 2)
    n = len(scene.survivors)
    assert n == len(content.scenarios[scene.scenario_id].team)
    click(app, button(app, "+ Add"))                    # the first "+ Add" is the Shamblers'
    assert len(scene.shamblers) == 1
    toggle = next(w for w in widgets_of(scene) if isinstance(w, Toggle) and w.tooltip.startswith("Ticked: a 3"))
    click(app, toggle)
    assert scene.shamblers[0].lunge
    # rename the first survivor by typing
    field = next(w for w in widgets_of(scene) if isinstance(w, TextField))
    click(app, field)
    for _ in range(30):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Ada")
    press(app, pygame.K_RETURN)                         # ends the typing, does not resolve
    assert scene.survivors[0].name == "Ada" and scene.tracker.phase == "survivors"
    assert scene.facts()["survivors"][0]["name"] == "Ada"
    assert scene.facts()["shamblers"][0]["sees"] == "Ada"
    # pick the second survivor and change a spawn distance
    second = scene.survivors[1]
    click(app, scene.seat_buttons[second.uid])
    assert scene.selected == second.uid
    steppers = [w for w in widgets_of(scene) if isinstance(w, Stepper) and w.visible and
                getattr(w, "uid", None) == second.uid and w.tooltip.startswith(f"Inches from {second.name} to ")]
    before = second.spawn[scene.spawn_points()[0]]
    click(app, steppers[0].minus)
    assert second.spawn[scene.spawn_points()[0]] == before - 0.5       # half inches count (2.5" is not 2")
    click(app, button(app, "+2 Pistol"))
    click(app, button(app, "+2 Pistol"))
    real_die(app, scene, 1)
    want = assisted(content, scene, scene.facts(), 1)
    press(app, pygame.K_RETURN)
    assert bought(scene) == want and any(w.startswith("Sudden Lunge by Shambler 1") for w in want)


def test_director_a_shambler_ticked_to_pin_is_lunged_to_pin_its_survivor(app, content):
    scene = open_tool(app, content, 2)
    click(app, button(app, "+ Add"))
    pin = next(w for w in widgets_of(scene) if isinstance(w, Toggle) and w.tooltip.startswith("Ticked: the lunge"))
    click(app, pin)
    assert scene.shamblers[0].pins and not scene.shamblers[0].lunge
    assert scene.facts()["shamblers"][0]["lunge_pins"] is True
    click(app, button(app, "+1 natural 1"))             # 3 Heat with the ambient 2: a spawn and the pin spend it all
    real_die(app, scene, 1)
    plan = D.assist(content, scene.scenario_id, scene.facts(), heat=scene.tracker.made, die=1,
                    level=scene.tracker.level)
    lunges = [p.reason for p in plan.purchases if p.kind == "lunge"]
    assert lunges == [f"Shambler 1 closes 3\" and can reach {scene.survivors[0].name} this phase"]
    press(app, pygame.K_RETURN)
    assert bought(scene) == [D.describe(plan, p) for p in plan.purchases]


# --- Search & Salvage -----------------------------------------------------------------------------------------------

def test_scavenge_searches_draw_from_decks_kept_between_searches(app, content):
    scene = open_tool(app, content, 3)
    core = len(content.decks["core"].cards)
    assert scene.state.counts()["core"]["draw"] == core
    click(app, segment(named(app, "Dice"), "mine"))      # enter the dice: 4s always find something
    row = next(w for w in widgets_of(scene) if isinstance(w, DiceRow))
    assert row.faces == [4, 4, 4]
    click(app, button(app, "Search"))
    r = scene.result
    assert r is not None and r.outcome == "success" and r.faces == (4, 4, 4)
    assert scene.state.counts()["core"]["draw"] == core - 1
    press(app, pygame.K_s)                              # S searches again
    assert len(scene.history) == 2 and scene.state.counts()["core"]["draw"] == core - 2
    # a 6 is a jackpot; a 1 makes Heat
    click(app, row.die_rects()[0])                      # 4 -> 5
    click(app, row.die_rects()[0])                      # 5 -> 6
    click(app, row.die_rects()[1], button=3)            # 4 -> 3
    click(app, row.die_rects()[1], button=3)            # 3 -> 2
    click(app, row.die_rects()[1], button=3)            # 2 -> 1
    assert scene.faces == [6, 1, 4]
    click(app, button(app, "Search"))
    assert scene.result.outcome == "jackpot" and scene.result.heat >= 1
    # the odds follow the Wits stepper at once
    wits = named(app, "Wits dice")
    click(app, wits.plus)
    assert scene.wits == 4 and len(scene.faces) == 4
    from game.tools.scavenge import search_odds
    assert scene.odds == search_odds(4, content.rules.success)[0]
    click(app, button(app, "Reset decks"))
    assert scene.state.counts()["core"]["draw"] == core and not scene.history


def test_leaving_a_tool_and_coming_back_keeps_its_state(app, content):
    scene = open_tool(app, content, 3)
    press(app, pygame.K_s)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ToolsScreen)
    press(app, pygame.K_3)
    assert app.scene is scene and len(scene.history) == 1


def test_scavenge_app_rolls_until_something_is_found(app, content):
    scene = open_tool(app, content, 3)
    core = len(content.decks["core"].cards)
    for _ in range(30):
        press(app, pygame.K_s)
        if scene.result.outcome != "failure":
            break
    drawn = sum(len(r.drawn) for r in scene.history)
    counts = scene.state.counts()["core"]
    assert drawn >= 1 and counts["draw"] == core - drawn


# --- Quick-Play -----------------------------------------------------------------------------------------------------

def test_quickplay_rolls_and_plays_the_scenario_at_once(app, content):
    scene = open_tool(app, content, 4)
    q = scene.result
    assert len(q.rolls) == 4 and q.scenario.id == f"quickplay_{scene.seed}"
    assert Q.to_json(q) == Q.to_json(Q.generate(content, scene.seed))
    old = scene.seed
    press(app, pygame.K_r)
    assert scene.seed != old and scene.result.scenario.id == f"quickplay_{scene.seed}"
    click(app, button(app, "Play this scenario"))
    game = StandInGameScene.instances[-1]
    assert app.scene is game and isinstance(app.stack[0], MainMenu) and len(app.stack) == 2
    assert game.record.scenario == scene.scenario.id and game.content.scenarios[game.record.scenario] == \
        scene.scenario
    assert game.game.session.scenario.id == scene.scenario.id


def test_a_quickplay_game_from_the_tool_is_saved_and_loaded(app, content, tmp_path):
    from game.ui.menus.saves_screen import content_for
    from game.world.saves import SaveError, load_game, read_save, write_save

    scene = open_tool(app, content, 4)
    click(app, button(app, "Play this scenario"))
    game = StandInGameScene.instances[-1]
    path = tmp_path / "quick.json"
    write_save(path, game.record, game.game.session)
    loaded = load_game(path, content_for(content, game.record.scenario))    # rebuilt from the seed in its id
    assert loaded.session.scenario == scene.scenario
    # a fixed map cannot be rebuilt from the seed: the save says so rather than loading another scenario
    app.push(QuickPlayToolScreen(content, seed=scene.seed))
    frame(app)
    fixed = app.scene
    click(app, next(w for w in widgets_of(fixed) if isinstance(w, Cycle)).next)
    click(app, button(app, "Play this scenario"))
    game = StandInGameScene.instances[-1]
    write_save(path, game.record, game.game.session)
    with pytest.raises(SaveError, match="unknown scenario"):
        read_save(path, content_for(content, game.record.scenario))


def test_the_menu_opens_the_tools_once_enabled(app, content):
    if "tools" in MainMenu.DISABLED:
        pytest.skip("the menu's Tools entry is not enabled yet")
    menu = MainMenu(content)
    app.push(menu)
    frame(app)
    click(app, button(app, "Tools"))
    assert isinstance(app.scene, ToolsScreen)


def test_quickplay_own_dice_and_a_fixed_map(app, content):
    scene = open_tool(app, content, 4)
    click(app, segment(named(app, "Dice"), "mine"))
    assert not button(app, "Roll").enabled
    row = next(w for w in widgets_of(scene) if isinstance(w, DiceRow))
    click(app, row.die_rects()[0])                      # objective die 3 -> 4
    assert scene.faces[0] == 4
    want = Q.generate(content, scene.seed, faces=scene.faces)
    assert [r.row.id for r in scene.result.rolls] == [r.row.id for r in want.rolls]
    assert scene.scenario.id != f"quickplay_{scene.seed}"   # not rebuildable from the seed alone
    mapper = next(w for w in widgets_of(scene) if isinstance(w, Cycle))
    click(app, mapper.next)
    assert scene.map_id is not None and scene.scenario.map == scene.map_id
    click(app, button(app, "Play this scenario"))
    game = StandInGameScene.instances[-1]
    assert game.game.session.scenario.map == scene.map_id


def test_quickplay_plays_on_the_real_board(content, tmp_path, monkeypatch):
    pytest.importorskip("game.ui.board.game_scene")
    monkeypatch.setenv("BT_HOME", str(tmp_path))
    app = make_app((1280, 720), headless=True)
    try:
        scene = open_tool(app, content, 4)
        click(app, button(app, "Play this scenario"))
        from game.ui.board.game_scene import GameScene
        assert isinstance(app.scene, GameScene)
        frame(app, 2)
        assert app.scene.game.session.scenario.id == scene.scenario.id
    finally:
        pygame.quit()


# --- the Feeding Frenzy ---------------------------------------------------------------------------------------------

def test_frenzy_disruption_lowers_lethality_and_the_roll(app, content):
    scene = open_tool(app, content, 5)
    fz = scene.result
    assert fz.lethality == 2 and fz == F.resolve(content, archetype="paramedic", items="none",
                                                 zombies="shambler,shambler")
    click(app, named(app, "Disruption hits").plus)
    assert scene.result.lethality == 1
    assert scene.result.p_survive == F.resolve(content, archetype="paramedic", items="none",
                                               zombies="shambler,shambler", disruption=1).p_survive
    assert dict(scene.chart.dist) == dict(scene.result.successes)
    press(app, pygame.K_r)
    roll = scene.result.roll
    assert roll is not None and len(roll.faces) == scene.result.guts_dice
    assert roll.survived == (roll.successes >= 1)
    # painkillers add two dice; any change clears the old roll
    click(app, button(app, "Painkillers (+2)", Toggle))
    assert scene.result.roll is None and scene.result.guts_dice == fz.guts_dice + 2
    # enough disruption: no roll at all, and the Roll button stands down
    click(app, named(app, "Disruption hits").plus)
    assert scene.result.lethality == 0 and scene.result.p_survive == 1
    assert not button(app, "Roll the Guts test").enabled


def test_frenzy_guts_dice_and_feeders(app, content):
    scene = open_tool(app, content, 5)
    click(app, segment(named(app, "Downed survivor"), "dice"))
    guts = named(app, "Guts dice")
    click(app, guts.plus)
    assert scene.guts == 3
    chips = [w for w in widgets_of(scene) if isinstance(w, Chip)]
    click(app, chips[0])
    assert scene.feeders == ["shambler"] and scene.result.lethality == 1
    click(app, [w for w in widgets_of(scene) if isinstance(w, Chip)][0])
    assert scene.result is None and scene.error           # nobody feeding: a sentence, not a crash
    click(app, button(app, "Add"))
    assert scene.result == F.resolve(content, guts=3, items="none", zombies="shambler")


# --- undo, copy and small windows (issue 17) -------------------------------------------------------------------------

def test_scavenge_undo_and_copy(app, content):
    scene = open_tool(app, content, 3)
    before = scene.state.to_dict(with_history=False)
    press(app, pygame.K_s)
    assert len(scene.history) == 1
    press(app, pygame.K_c, pygame.KMOD_CTRL)
    assert pygame.scrap.get_text() == scene.copy_text() and "Salvage decks after 1 search" in scene.copy_text()
    assert scene.toast.startswith("Copied")
    click(app, button(app, "Undo"))
    assert scene.history == [] and scene.state.to_dict(with_history=False) == before
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.toast == "Nothing to undo"


def test_director_phase_is_undone_and_copied(app, content):
    scene = open_tool(app, content, 2)
    press(app, pygame.K_RETURN)
    assert scene.tracker.phase == "director"
    press(app, pygame.K_c, pygame.KMOD_CTRL)
    assert "Director Phase, round 1" in pygame.scrap.get_text()
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.tracker.phase == "survivors" and scene.toast.startswith("Undone")
    assert button(app, "Director Phase")


def test_a_copy_without_a_clipboard_goes_to_a_file(app, content, monkeypatch, tmp_path):
    def broken(text):
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    scene = open_tool(app, content, 1)
    press(app, pygame.K_c, pygame.KMOD_CTRL)
    assert "No clipboard here" in scene.toast
    assert (tmp_path / "last_copy.txt").read_text() == scene.result.as_text()


@pytest.mark.parametrize(("number", "attack"), [(1, "melee"), (1, "swarm"), (1, "ranged"), (2, ""), (3, ""),
                                               (4, ""), (5, "")])
def test_at_640x360_inputs_stay_in_their_panel_and_off_the_buttons(number, attack, tmp_path, monkeypatch):
    from tests.ui_standin import use_stand_in
    use_stand_in(monkeypatch, tmp_path)
    small = make_app((640, 360), headless=True)
    try:
        content = load_content()
        scene = open_tool(small, content, number)
        if number == 1:
            scene.set_attack(attack)
            frame(small)
        scene.ensure_layout()
        bar_buttons = [w for w in scene.widgets if isinstance(w, Button) and w.rect.colliderect(scene.bar)]
        assert bar_buttons and all(a is b or not a.rect.colliderect(b.rect) for a in bar_buttons
                                   for b in bar_buttons)
        for w in scene.inputs:
            if w.visible:
                assert scene.left.contains(w.rect), (type(w).__name__, w.rect, scene.left)
        charts = [w for w in scene.widgets if type(w).__name__ == "BarChart" and w.visible]
        assert all(a is b or not a.rect.colliderect(b.rect) for a in charts for b in charts)
        assert all(c.rect.height >= c.least_height() for c in charts)
    finally:
        pygame.quit()


def test_director_distances_keep_half_inches(app, content):
    from game.ui.widgets.tool_inputs import InchStepper
    scene = open_tool(app, content, 2)
    first, second = scene.survivors[:2]
    ally = next(w for w in widgets_of(scene) if isinstance(w, InchStepper) and w.visible and
                w.tooltip.startswith(f"Inches between {first.name} and {second.name}"))
    click(app, ally)
    press(app, pygame.K_2)
    press(app, pygame.K_PERIOD)
    assert ally.inches == 2.5 and ally.text() == '2.5"'
    facts = scene.facts()
    assert facts["survivors"][0]["allies"][second.name] == 2.5
    real_die(app, scene, 1)
    want = assisted(content, scene, facts, 1)
    press(app, pygame.K_RETURN)
    assert bought(scene) == want


def test_calculator_rolls_it_and_keeps_the_rounds_heat(app, content):
    scene = open_tool(app, content, 1)
    click(app, button(app, "Roll it"))
    r = scene.last_roll
    assert r is not None and scene.tally.total == r.heat
    assert len(r.attacker_faces) == scene.result.attacker.dice and len(r.defender_faces) == scene.result.defender.dice
    click(app, button(app, "Roll it"))
    assert len(scene.tally.entries) == 2
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.tally.entries) == 1 and scene.last_roll is None
    assert "Heat this round" in scene.copy_text()
    click(app, button(app, "New round"))
    assert scene.tally.total == 0
