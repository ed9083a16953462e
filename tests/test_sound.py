"""Sound: the cue table against the engine's events, its checks, the game with and without a mixer, the volumes kept,
the headless faces without a mixer, and a whole game's mix under full scale."""
import ast
import copy
import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
import yaml

from game.ai.survivor_ai import SurvivorAI
from game.cli import main as cli_main
from game.content.event_kinds import EVENT_KINDS
from game.content.loader import load_content
from game.content.sounds import parse_tables
from game.sim.runner import play_game
from game.ui.audio import sound
from game.ui.board.game_scene import GameScene
from game.ui.menus.settings_screen import SoundSettingsScene
from game.ui.widgets import settings as S
from game.ui.widgets.app import App
from game.world.saves import GameRecord

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "game" / "data" / "sounds.yaml"


@pytest.fixture(scope="module")
def content():
    return load_content()


def emitted_in_source() -> set[str]:
    """Every kind named in an `emit("kind", ...)` call anywhere in the game."""
    kinds = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "emit" and node.args:
                first = node.args[0]
                assert isinstance(first, ast.Constant), f"{path}: an emit whose kind is not written out"
                kinds.add(first.value)
    return kinds


def test_the_list_of_kinds_is_the_engines():
    assert emitted_in_source() == set(EVENT_KINDS)


def test_every_kind_a_long_game_emits_has_an_entry(content):
    table = content.extra["sounds"]
    seen = set()
    for scenario, seed in (("hold_the_line", 3), ("night_shift", 2), ("pharmacy_run", 3)):
        s = play_game(content, scenario, seed, SurvivorAI("veteran", seed))
        seen |= {e.kind for e in s.events}
        heard = {table.cue_for(e.kind, {**e.data, "side": "zombie"}) for e in s.events}
        s.close()
        assert heard - {None} <= set(table.cues)
    assert len(seen) > 25 and seen <= set(table.events)


def check(data, known=None):
    return parse_tables(data, str(TABLE), known or {})[1]


def raw():
    return yaml.safe_load(TABLE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, where, words", [
    (lambda d: d["events"].__setitem__("rolled", "dice"), "events.rolled", "unknown event kind 'rolled'"),
    (lambda d: d["cues"]["dice"].__setitem__("takes", 5), "cues.dice.takes", "missing sound file"),
    (lambda d: d["events"].__setitem__("roll", "dise"), "events.roll", "unknown cue 'dise'"),
    (lambda d: d["events"]["attack"]["cues"].__setitem__("pistl", "shot_pistol"), "events.attack.cues.pistl",
     "no event has weapon 'pistl'"),
    (lambda d: d["ambience"]["scenarios"].__setitem__("nowhere", ["rain"]), "ambience.scenarios.nowhere",
     "unknown scenario"),
    (lambda d: d["music"].__setitem__("calm", "dice"), "music.calm", "not a loop"),
])
def test_a_bad_table_is_one_line_naming_the_field(content, change, where, words):
    known = {"weapons": set(content.weapons), "zombies": set(content.zombies), "scenarios": set(content.scenarios)}
    assert check(raw(), known) == []
    data = copy.deepcopy(raw())
    change(data)
    problems = check(data, known)
    assert len(problems) == 1, problems
    assert problems[0].where == where and words in problems[0].message


def test_sounds_lists_every_kind_and_fails_on_a_missing_entry(content, capsys, monkeypatch):
    assert cli_main(["sounds"]) == 0
    out = capsys.readouterr().out
    assert all(f"\n{kind} " in f"\n{out}" for kind in EVENT_KINDS)
    table = content.extra["sounds"]
    short = dataclasses.replace(table, events={k: v for k, v in table.events.items() if k != "shriek"})
    monkeypatch.setattr("game.cli._content", lambda: type("C", (), {"extra": {"sounds": short}})())
    assert cli_main(["sounds"]) == 1
    assert "events.shriek" in capsys.readouterr().err


def play_a_while(app, content, scenes, frames=240) -> GameScene:
    scene = GameScene(content, GameRecord("pharmacy_run", 4, content.scenarios["pharmacy_run"].team),
                      demo_level="veteran", speed=4.0)
    scenes.append(scene)
    app.push(scene)
    for _ in range(frames):
        app.step(1 / 60)
    return scene


def test_a_game_plays_with_the_dummy_driver_and_hears_its_events(content, scenes, home):
    app = App(headless=True)
    app.settings = S.Settings()
    audio = sound.start(app, content)
    assert audio is not None
    scene = play_a_while(app, content, scenes)
    assert len(scene.session.events) > 20
    assert audio.planner.last_start, "no cue started"
    assert set(audio.loops) >= {"rain", "bed_calm", "bed_tense"}
    sound.stop()
    pygame.quit()


class NoMixer:
    """pygame built without its mixer: every use of pygame.mixer raises NotImplementedError."""

    def __getattr__(self, name):
        raise NotImplementedError("mixer module not available")


@pytest.mark.parametrize("missing", ["device", "module"])
def test_with_no_mixer_the_game_is_silent_with_one_line(content, scenes, home, monkeypatch, capsys, missing):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    if missing == "device":
        monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
        monkeypatch.setattr(pygame.mixer, "init", no_device)
    else:
        monkeypatch.setattr(pygame, "mixer", NoMixer())
    app = App(headless=True)
    app.settings = S.Settings()
    assert sound.start(app, content) is None
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("sound: off")
    scene = play_a_while(app, content, scenes)
    assert len(scene.session.events) > 20
    pygame.quit()


def test_volumes_are_saved_and_restored(home):
    chosen = S.Settings(master=40, effects=60, ambience=0, music=100, muted=True)
    S.save_settings(chosen)
    again, warnings = S.read_settings()
    assert warnings == [] and (again.master, again.effects, again.ambience, again.music, again.muted) == \
        (40, 60, 0, 100, True)
    (home / "settings.json").write_text('{"master": 140, "muted": "yes"}')
    again, warnings = S.read_settings()
    assert (again.master, again.muted) == (80, False) and len(warnings) == 2


@pytest.mark.parametrize("code", [
    "from game.cli import main; main(['run', '--quiet', '--seed', '2'])",
    "from game.cli import main; main(['simulate', '--scenario', 'pharmacy_run', '--games', '2', '--seed', '1'])",
    "from game.web.app import create_app; create_app('tables.db')",
])
def test_the_headless_faces_never_load_the_mixer(code, home):
    code = code.replace("tables.db", str(home / "tables.db"))
    probe = f"{code}\nimport sys; print(sorted(m for m in sys.modules if m.startswith(('pygame', 'game.ui'))))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


@pytest.fixture(scope="module")
def takes():
    from tests.sound_mixdown import Takes
    return Takes()


def test_a_whole_games_mix_never_clips(content, takes):
    from tests.sound_mixdown import mixdown, record
    table = content.extra["sounds"]
    steps = record(content, "hold_the_line", 3)
    played = []
    for per_step, speed in ((0.25, 1.0), (1 / 60, 1000.0)):
        peak, voices = mixdown(table, steps, takes, per_step, speed, "hold_the_line")
        assert voices > 10 and peak < 1.0
        played.append(voices)
    assert played[1] < played[0] / 4          # an instant demo thins its cues rather than stacking them


def test_sound_settings_and_ctrl_m_are_saved(content, home):
    from game.ui.launch import start_sound
    app = App(headless=True)
    app.settings = S.Settings()
    start_sound(app, content)
    app.push(SoundSettingsScene())
    app.step(1 / 60)
    app.scene.choices["music"].set(0)
    assert S.read_settings()[0].music == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=pygame.KMOD_LCTRL, unicode="m"))
    app.step(1 / 60)
    assert S.read_settings()[0].muted and sound.current().volume("effects") == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=pygame.KMOD_NONE, unicode="m"))
    app.step(1 / 60)                          # plain M stays the board's Move key
    assert S.read_settings()[0].muted
    sound.stop()
    pygame.quit()


def test_every_take_is_below_full_scale_and_starts_and_ends_silent(content, takes):
    for cue in content.extra["sounds"].cues.values():
        for path in cue.files:
            a = takes.array(path)
            assert abs(a).max() < 0.99, f"{path.name} clips"
            if not cue.loop:
                assert abs(a[:2]).max() < 0.002 and abs(a[-2:]).max() < 0.002, f"{path.name} clicks at an end"


def test_the_mix_follows_the_board(content):
    from game.ui.audio.sound_mix import Planner, where_on_board
    table = content.extra["sounds"]
    view = (10, 10, 40, 30)
    left, centre = where_on_board((12, 20), view, table), where_on_board((25, 20), view, table)
    off_right, far_right = where_on_board((50, 20), view, table), where_on_board((90, 20), view, table)
    assert left.pan < 0 and left.level == 1 and abs(centre.pan) < 0.1
    assert off_right.pan > 0 and far_right.level < off_right.level < 1
    planner = Planner(table, lambda path: (0.3, 0.5))
    a = planner.plan("shot_pistol", 0.0, left)
    assert a.left > a.right                                   # heard from its side
    b = planner.plan("shot_pistol", 0.01, centre)
    assert b is None                                          # closer than the cue's gap: not stacked
    c = planner.plan("shot_pistol", 1.0, centre)
    assert c.file != a.file                                   # the next shot is another take
    quiet = planner.plan("swing_blunt", 2.0, far_right)
    loud = planner.plan("swing_blunt", 4.0, centre)
    assert max(quiet.left, quiet.right) < max(loud.left, loud.right) / 2


def test_the_director_acting_out_of_sight_rings_the_sting(content, scenes, home):
    from game.world.events import Event
    app = App(headless=True)
    app.settings = S.Settings()
    audio = sound.start(app, content)
    scene = play_a_while(app, content, scenes, frames=2)
    s, cam = scene.session, scene.view.cam
    seen = s.board.idx(*(int(v) for v in cam.screen_to_cell(cam.view.center)))
    unseen = max(range(s.board.size), key=lambda c: abs(s.board.xy(c)[0] - s.board.xy(seen)[0]))
    s.phase = "director"
    scene.sound.hear([Event("spawn", "", {"kind": "brute", "cell": seen})])
    assert "spawn_brute" in audio.planner.last_start and "sting" not in audio.planner.last_start
    scene.sound.hear([Event("spawn", "", {"kind": "shambler", "cell": unseen})])
    assert "spawn_shambler" in audio.planner.last_start and "sting" in audio.planner.last_start
    s.phase = "survivor"
    sound.stop()
    pygame.quit()


def test_a_cue_that_must_be_heard_makes_room(content):
    from game.ui.audio.sound_mix import Planner
    class MiddleLevel(random.Random):
        """Every voice at the middle of its random spread of level: the mix fills the same way on every run (with
        the spread drawn afresh, a quarter of the runs left room for the small cue)."""
        def uniform(self, a, b):
            return (a + b) / 2

    table = content.extra["sounds"]
    planner = Planner(table, lambda path: (5.0, 0.9), rng=MiddleLevel(1))
    shuffles = [planner.plan("shuffle", t / 10) for t in range(0, 30, 2)]
    crowd = [v for v in shuffles if v is not None]
    assert crowd and planner.plan("hit_zombie", 3.5) is None          # no room left for a small cue
    bell = planner.plan("doom_bell", 3.6)
    assert bell is not None and planner.cut and {v.cue for v in planner.cut} == {"shuffle"}
