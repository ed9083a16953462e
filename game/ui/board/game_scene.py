"""The board screen: one game of Borrowed Time, played by the player (or, in a demo, by the survivor AI) against
the Director.

    GameScene(content, record, demo_level=None, speed=1.0)

The scene wraps a RecordingSession (every accepted action is recorded for saving and undo). Clicks and keys become
the same Action objects the AI and the tests submit; an action the rules refuse shows its Impossible reason as a
toast. The Director Phase is played one step per tick at the chosen speed (1x, 2x, 4x or instant), each zombie's
move animated along its path. Ctrl+Z undoes, Ctrl+S saves, the game autosaves at the start of every round.

Controls (the full list is game.ui.board.hud.BOARD_KEYS): click a survivor to start their turn (or the team strip, or
Tab then an action), click a shaded cell to move (pale shades take two or three Moves), an action's key or button
then its target (F melee, T shoot, G throw...), Space ends the activation, Enter the turn. Right/middle drag or
WASD/arrows pan, the wheel or +/- zoom. While the Director plays, and in a demo: Space pauses, N plays one step,
1-4 set the speed (1x, 2x, 4x, instant).

Pieces: board_view (camera, city mat, miniatures), overlays (reach, paths, sight, blasts, odds), hud (tracks, team,
card, log, action bar, dice, toasts, cards, dialogs), layer_cache (the mat with its reach shading, the top bar, the
right panel and the action bar are kept between frames and drawn again only when what they show changes).
"""
from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pygame

from game.ai.director_policy import policy_for
from game.ai.survivor_ai import SurvivorAI
from game.tools.previews import (
    Preview,
    melee_preview,
    move_reach,
    shot_preview,
    swarm_odds,
    swipe_odds,
    throw_preview,
)
from game.ui.audio.sound import BoardSound
from game.ui.board.board_modals import Picker
from game.ui.board.board_panels import BoardPanels
from game.ui.board.board_view import TERRAIN_TEXT, BoardView, Motion, Sprites
from game.ui.board.director_desk import AUTO_STEP, DirectorDesk
from game.ui.board.end_screen import EndScreen
from game.ui.board.help import toggle_help
from game.ui.board.hud import ACTIONS, Card, Hud, compute_layout, key_label
from game.ui.board.hud_view import GameView, HudView
from game.ui.board.intent_overlay import draw_intents, draw_legend, legend_rows
from game.ui.board.minimap import SPAWN, Minimap
from game.ui.board.night import NightLayer
from game.ui.board.offscreen import OffscreenMarkers
from game.ui.board.opening_view import fight_view
from game.ui.board.overlays import (
    SIGHT_OK,
    OddsCard,
    ReachLayer,
    dashed_line,
    draw_blast,
    draw_cells,
    draw_engagement,
    draw_path,
    draw_path_label,
    draw_sight,
    pct,
)
from game.ui.board.pass_cover import PassCover
from game.ui.board.report_card import ReportCard
from game.ui.board.targeting import MODES, ONE_CLICK, Move, Targeting
from game.ui.widgets import theme
from game.ui.widgets.app import Scene
from game.ui.widgets.controls import Button, Dialog, Tooltips, Widget
from game.ui.widgets.keymap import player_keys
from game.ui.widgets.layer_cache import Overdraw, Snapshot
from game.ui.widgets.settings import read_settings
from game.world import actions as A
from game.world.action_registry import BY_ID, kind_of
from game.world.agendas import verdicts
from game.world.components import Health, Inventory, Status, Turn
from game.world.intent import Intent, cell_danger, shriek_calls, zombie_intent, zombie_intents
from game.world.legal import Option, options, refusal
from game.world.phase_report import phase_report, step_sentence
from game.world.replays import keep_replay
from game.world.saves import RecordingSession, SaveError, save_dir, write_save
from game.world.session import AI_OWNER, GameOver, Impossible
from game.world.story import place

SPEEDS = (1.0, 2.0, 4.0, 1000.0)
SPEED_NAMES = {1.0: "1x", 2.0: "2x", 4.0: "4x", 1000.0: "Instant"}
INSTANT = 100.0                     # a speed at or above this plays with no waiting and no animation
# Seconds each Director step stays on screen at 1x (a zombie's walk adds its own time).
STEP_TIME = {"frenzy": 1.3, "horror": 1.2, "ambient": 0.9, "escalation": 1.3, "purchase": 1.1, "shriek": 1.0,
             "swarm": 1.5, "zombie": 0.18, "reset": 0.8, "doom": 1.1, "round": 0.8}
AI_STEP_TIME = 0.75
ZOMBIE_STEP = 0.075                 # seconds per cell of a zombie's walk at 1x
SURVIVOR_STEP = 0.06
PAN_SPEED = 900                     # pixels per second with WASD / arrows held
TOUR_DWELL = 0.9                    # seconds the opening look rests on a far threat before coming back
MAX_AI_ACTIONS_PER_ROUND = 400



class _Tip(Widget):
    """A rectangle with a tooltip (for the tooltip tracker)."""


class GameScene(Scene):
    REPORT_CARD = True       # the card of the Director's turn when the player's comes back (lessons script theirs)
    WATCHING: bool | str = True     # the top bar's word for a game the player watches ("Demo"; a replay's own)

    def __init__(self, content, record, demo_level: str | None = None, speed: float = 1.0, game=None):
        """`game`: what holds the session (a RecordingSession of `record` by default; a replay's player)."""
        self.content = content
        self.record = record
        # From the Director's seat the person buys the horde's Heat and the survivor AI plays the team, as in a demo.
        self.as_director = record.side == "director"
        self.demo_level = record.survivor_level if self.as_director else demo_level
        self.game = game if game is not None else RecordingSession(content, record, policy_for(record))
        self.ai = SurvivorAI(self.demo_level, record.seed) if self.demo_level else None
        self.desk = DirectorDesk(self) if record.human_director else None
        # Hot-seat: survivors belong to the people at the screen (or to the survivor AI, which plays its own first
        # each round); the screen is covered whenever it passes from one person to another.
        self.seated = bool(record.owners)
        self.current_player: str | None = record.players[0] if len(record.players) == 1 else None
        self.teammates = SurvivorAI(record.survivor_level, record.seed, owner=AI_OWNER) \
            if AI_OWNER in record.owners else None
        self.speed = float(speed) if speed and speed > 0 else 1.0
        self.paused = False
        self.step_once = False
        self.sprites = Sprites()
        self.view = BoardView(self.session.map, self.sprites)
        self.overdraw = Overdraw()              # what each frame draws over the kept layers (widgets.layer_cache)
        self.hud = Hud(self.sprites, self.overdraw)
        self.keymap = self.player_keys()
        self.hud.build_buttons(self.on_action, self.keymap)
        self.motion = Motion()
        self.minimap = Minimap(self.view.static)
        self.offscreen = OffscreenMarkers()
        self.reach_layer = ReachLayer()
        self.night = NightLayer()               # the dark beyond the survivors' sight (a night, a blackout)
        self.odds_card = OddsCard()
        self.panels = BoardPanels(pygame.Rect(0, 0, 0, 0))     # where this frame's panels went (board_panels)
        self.board_layer = Snapshot(self.overdraw)      # the picture of the board while nothing on it changes
        self.tips = Tooltips()
        self.sound = BoardSound(self)            # the cues of the events, the ambience, the music bed
        self.mode: Targeting = Move()          # what a click on the board means now (game.ui.board.targeting)
        self.show_intents = False              # Z: every zombie's next move on the board, not only the hovered one's
        self._path_label = None                # (end, label, danger words, tone): drawn over the models
        self.selected: int | None = None
        self.weapon_uid: int | None = None
        self.hover_cell: int | None = None
        self.hover_model: int | None = None
        self.mouse = (0, 0)
        self.last_decision = ""
        self.ai_actions = 0
        self.ai_round = 0
        self.debug_path_dest: int | None = None     # benchmarks: draw a path preview without a pointer
        self.debug_target: int | None = None        # benchmarks: draw an attack preview without a pointer
        self._seen = len(self.session.events)
        self._timer = 0.4
        self._drag: dict | None = None
        self._held: set[int] = set()
        self._layout = None
        self._cache: dict = {}
        self._end_timer: float | None = None
        self._left = False
        self._generation = 0                   # bumped after every change the scene makes: see state_key
        self.tracers: list[list] = []          # [from xy, to xy, age, colour]: shots and throws, briefly
        self._select_default()
        self.hud.reset_log()
        self.hud.show_banner(self.session.scenario.name, self._intro_text(), theme.ACCENT)
        self._centred = False
        self.own_tile = 32                     # the tile the player zoomed to (the default until they zoom)
        self._tour: list[tuple[float, float]] = []     # board points the camera still pans over, in order
        self._tour_wait = TOUR_DWELL

    # --- the game ------------------------------------------------------------------------------------------------
    def player_keys(self) -> dict[str, int]:
        """The action bar's keys as the player set them (Settings, Keys)."""
        return player_keys(read_settings()[0].keys)

    @property
    def session(self):
        return self.game.session

    @property
    def modal(self):
        """The modal over the board now (a picker, a dialog, the help...: the top of the App's stack), or None."""
        app = getattr(self, "app", None)
        return app.scene if app is not None and self in app.stack and app.scene is not self else None

    @property
    def demo(self) -> bool:
        return self.ai is not None

    @property
    def instant(self) -> bool:
        return self.speed >= INSTANT

    def _intro_text(self) -> str:
        sc = self.session.scenario
        director = f"the {self.record.director} Director"
        if self.as_director:
            return (f"{sc.blurb}  You are the Director against the {self.demo_level} survivor AI: each round you "
                    f"spend the Heat from the menu on the right. Space pauses the survivors, N steps.")
        if self.demo:
            return f"{sc.blurb}  Watching the {self.demo_level} survivor AI against {director}. Space pauses, N steps."
        return f"{sc.blurb}  You face {director}. Click a survivor to start their turn."

    def _key(self, *extra):
        s = self.session
        return (id(s), len(s.events), s.active, self.selected, *extra)

    def state_key(self) -> tuple:
        """Changes whenever the game state may have: a new session (undo, a lesson's retry), a new event, a model
        moving, a door changing, or any action or Director step the scene played. Drawn layers kept between frames
        (the right panel) are keyed on it."""
        s = self.session
        return (s, len(s.events), s.occupant.version, s.board.version, self._generation)

    def _cached(self, name: str, key, make):
        hit = self._cache.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        value = make()
        self._cache[name] = (key, value)
        return value

    def submit(self, action, animate: bool = True) -> bool:
        """Submit an action through the recording session; a refusal becomes a toast. True if it was done."""
        try:
            self.game.submit(action)
        except Impossible as exc:
            self.hud.toast(_sentence(str(exc)))
            return False
        except GameOver:
            self.hud.toast("The game is over")
            return False
        self._absorb(animate=animate and not self.instant)
        self._after_change()
        return True

    def _after_change(self) -> None:
        s = self.session
        self._generation += 1
        if self.mode.id != "move":
            self.set_mode("move")
        if s.active is not None and not self.demo:
            self.selected = s.active
        elif self.demo and s.active is not None:
            self.selected = s.active
        if self.selected is not None and self.selected not in s.survivors():
            self._select_default()
        if self.selected is not None and s.is_survivor(self.selected):
            gear = {g.uid for g in s.comp(self.selected, Inventory).gear}
            if self.weapon_uid not in gear:
                self.weapon_uid = None

    def _select_default(self) -> None:
        s = self.session
        if s.active is not None:
            self.selected = s.active
            return
        ready = [sv for sv in s.survivors() if not s.comp(sv, Turn).activated]
        standing = [sv for sv in ready if not s.comp(sv, Status).downed]
        pool = standing or ready or s.survivors()
        self.selected = pool[0] if pool else None

    # --- events into the screen ----------------------------------------------------------------------------------
    def _absorb(self, animate: bool = True) -> None:
        """Turn the new events into dice, walks, rising numbers, cards and banners."""
        s = self.session
        self._generation += 1
        new = s.events[self._seen:]
        self._seen = len(s.events)
        self.sound.hear(new)
        searched = False
        fallen = {e.data.get("who"): e.data.get("cell") for e in new if e.kind == "killed"}
        # The Director on stage: at 1x and 2x the camera goes to what it does out of sight (one place per step);
        # at any speed the minimap pings it and an arrow on the view's edge points to it.
        horde_turn = animate and (self.demo or s.phase != "survivor")
        follow = horde_turn and self.speed < 4
        for e in new:
            k, d = e.kind, e.data
            if k == "roll":
                self.hud.add_roll(e, GameView(s))
            elif k == "move":
                who, path = d.get("who"), d.get("path") or []
                if animate and who is not None and len(path) > 1 and (s.is_zombie(who) or s.is_survivor(who)):
                    per = (ZOMBIE_STEP if s.is_zombie(who) else SURVIVOR_STEP) / max(0.25, self.speed)
                    xy = [s.board.xy(c) for c in path]
                    if s.is_zombie(who) and horde_turn:
                        self.minimap.ping(xy[-1], (214, 150, 96))
                    if s.is_zombie(who) and not self._visible(xy):
                        lunge = " lunges " in e.text
                        if lunge:
                            self.offscreen.add(xy[-1], f"{s.name(who)} lunges", theme.DANGER)
                        if horde_turn and (self._near_team(path[-1]) or (lunge and follow)):
                            # the camera glides there first; the walk is slowed to be seen arriving
                            self.view.cam.glide_to(xy[-1][0] + 0.5, xy[-1][1] + 0.5)
                            per = max(per, 0.45 / max(1.0, min(self.speed, 4.0)) / (len(xy) - 1))
                        else:
                            per *= 0.25
                    self.motion.start(who, xy, per)
            elif k == "attack" and "zombies" in d and d.get("who") in s.survivors() and horde_turn:
                xy = s.xy(d["who"])
                self.minimap.ping(xy, theme.DANGER)
                if not self._visible([xy]):
                    self.offscreen.add(xy, f"{s.name(d['who'])} attacked", theme.DANGER)
                    if follow:
                        self.view.cam.glide_to(xy[0] + 0.5, xy[1] + 0.5)
            elif k == "attack" and d.get("who") is not None and s.is_survivor(d["who"]) and \
                    d["who"] in s.survivors() and ("cover" in d or "cell" in d):
                target = d.get("target")
                if "cell" in d:
                    to = s.board.xy(d["cell"])
                elif s.is_zombie(target):
                    to = s.xy(target)
                else:
                    to = s.board.xy(fallen[target]) if fallen.get(target) is not None else None
                if to is not None:
                    self.tracers.append([s.xy(d["who"]), to, 0.0, theme.HEAT if "cell" in d else SIGHT_OK])
            elif k == "wound":
                who = d.get("who")
                if who is not None and (s.is_survivor(who) and who in s.survivors() or s.is_zombie(who)):
                    colour = theme.DANGER if s.is_survivor(who) else (250, 240, 220)
                    self.hud.float_text(s.xy(who), f"-{d.get('amount', 1)}", colour)
            elif k == "heat" and d.get("cell") is not None:
                self.hud.float_text(s.board.xy(d["cell"]), f"+{d.get('amount', 0)} Heat", theme.HEAT)
            elif k == "killed" and d.get("cell") is not None:
                self.hud.float_text(s.board.xy(d["cell"]), "destroyed", theme.GOOD)
            elif k == "spawn" and d.get("cell") is not None:
                xy = s.board.xy(d["cell"])
                self.hud.float_text(xy, "new", (226, 150, 140))
                if horde_turn:
                    name = self.content.zombies[d["kind"]].name if d.get("kind") in self.content.zombies else "Zombie"
                    self.minimap.ping(xy, SPAWN)
                    if not self._visible([xy]):
                        self.offscreen.add(xy, f"{name} appears", SPAWN)
                        if follow and self.view.cam.goal is None:
                            self.view.cam.glide_to(xy[0] + 0.5, xy[1] + 0.5)
            elif k == "search":
                searched = animate           # the cards turn over only for a search the player watches
                if animate and d.get("outcome") == "failure":
                    self.hud.add_card(Card("Nothing", "search", "The search turns up nothing of use.", "nothing"))
            elif k == "card" and d.get("card") and searched:
                gid = d["card"]
                if "uid" not in d:          # "keeps one, puts the other back"
                    self.hud.mark_kept(self.content.gear_name(gid))
                    continue
                tone = "hazard" if gid in self.content.hazards else (
                    "jackpot" if d.get("deck") not in ("core", None) else "find")
                self.hud.add_card(Card(self.content.gear_name(gid), _card_kind(self.content, gid),
                                       _card_text(self.content, gid), tone))
            elif k == "hazard":
                hz = self.content.hazards.get(d.get("hazard", ""))
                if hz is not None and not any(c.title == hz.name and c.age < 0.5 for c in self.hud.cards):
                    self.hud.add_card(Card(hz.name, "hazard", hz.text, "hazard"))
            elif k == "decision":
                self.last_decision = e.text
                if self.demo:
                    self.hud.show_banner(f"Survivor AI ({self.demo_level})", e.text, (120, 200, 210))
            elif k in ("purchase", "frenzy", "shriek", "doom", "event", "escape", "eliminated", "downed",
                       "objective"):
                heading = {"purchase": "The Director buys", "frenzy": "Feeding Frenzy", "shriek": "Shriek",
                           "doom": "Doom", "event": "Event", "escape": "Escape", "eliminated": "Lost",
                           "downed": "Downed", "objective": "Objective"}[k]
                if s.phase != "survivor" or k in ("eliminated", "downed", "objective", "escape", "event", "doom"):
                    colour = theme.DOOM if k in ("doom", "event") else (theme.GOOD if k in ("objective", "escape")
                                                                        else theme.DANGER)
                    self.hud.show_banner(heading, e.text, colour)
            elif k == "end":
                self.hud.show_banner("The end", e.text, theme.ACCENT)

    def _near_team(self, cell: int, inches: float = 10) -> bool:
        s = self.session
        return any(s.dist(cell, s.cell(sv)) <= inches for sv in s.survivors())

    def _visible(self, cells_xy) -> bool:
        """True if the walk ends where the player can see it (not at an edge, nor under the minimap)."""
        cam = self.view.cam
        p = cam.centre_px(cells_xy[-1])
        return cam.view.inflate(-2 * cam.tile, -2 * cam.tile).collidepoint(p) and \
            not self.minimap.rect.inflate(cam.tile, cam.tile).collidepoint(p)

    # --- the loop ------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.animate(dt)
        s = self.session
        if self._left:
            return
        if s.result:
            self._finish(dt)
            return
        if s.in_director:
            self._play_director(dt)
        elif self.demo and s.phase == "survivor":
            self._play_ai(dt)
        elif self.teammates is not None and s.phase == "survivor" and self._teammates_due():
            self._play_teammates(dt)
        elif not self.demo and self.hud.banner is not None and self.hud.banner_age > 5.0:
            self.hud.banner = None

    def animate(self, dt: float) -> None:
        """What moves on the screen by itself (the camera, walks, shots, messages), also under a board modal (the
        game itself waits for it: BoardModal.update)."""
        self.view.clock += dt
        self.view.cam.update(dt)
        self.sound.update(dt)
        if self._tour and self.view.cam.goal is None:      # the next stop of the opening look round
            self._tour_wait -= dt
            if self._tour_wait <= 0:
                self.view.cam.glide_to(*self._tour.pop(0))
                self._tour_wait = TOUR_DWELL
        self.tips.update(dt)
        self.motion.update(dt)
        self.minimap.update(dt * max(1.0, min(self.speed, 4.0)))
        self.offscreen.update(dt, self.speed)
        for tr in self.tracers:
            tr[2] += dt * max(1.0, min(self.speed, 4.0))
        self.tracers = [tr for tr in self.tracers if tr[2] < 0.9]
        self.hud.update(dt, self.speed)
        if self._held:
            dx = ((pygame.K_d in self._held or pygame.K_RIGHT in self._held) -
                  (pygame.K_a in self._held or pygame.K_LEFT in self._held))
            dy = ((pygame.K_s in self._held or pygame.K_DOWN in self._held) -
                  (pygame.K_w in self._held or pygame.K_UP in self._held))
            self.view.cam.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    def _waiting(self, dt: float) -> bool:
        """True while the screen should hold the current step (paused, animating, or its time not up)."""
        if self.step_once:
            return self.motion.busy
        if self.paused:
            return True
        if self.motion.busy or self.view.cam.goal is not None:
            return True
        self._timer -= dt
        return self._timer > 0

    def _play_director(self, dt: float) -> None:
        s = self.session
        if s.awaiting_director:          # the person in the Director's seat chooses (game.ui.board.director_desk)
            chair = self.record.director_player
            if chair and self.current_player != chair:
                self.pass_to(chair, role="the Director")
                return
            if self.desk.auto and not self.paused and not self.motion.busy:
                self._timer -= dt
                if self._timer <= 0 or self.instant:
                    self.desk.auto_buy()
            return
        if self.instant and not self.paused:
            start = time.perf_counter()
            while s.in_director and not s.awaiting_director and time.perf_counter() - start < 0.03:
                s.step_director()
                self._absorb(animate=False)
            if not s.in_director:
                self._director_done()
            return
        if self._waiting(dt):
            return
        self.step_once = False
        first = len(s.events)
        label = s.step_director()
        self._absorb(animate=True)
        if label is None:
            self._director_done()
            return
        steps = {"frenzy": "Feeding Frenzy", "horror": "Horror check", "ambient": "Ambient Heat",
                 "escalation": "Escalation", "purchase": "Spending Heat", "shriek": "Shriek", "swarm": "Swarm attack",
                 "zombie": "The horde moves", "reset": "Heat resets", "doom": "End Phase: Doom", "round": "New round"}
        if label == "await":
            self._glide_to_team()
            return
        if label != "purchase" and self.desk is not None:
            self.desk.phase_over()
        text = step_sentence(s, label, s.events[first:])
        colour = theme.DOOM if label in ("doom", "escalation") else theme.DANGER
        self.hud.show_banner(f"Director Phase - {steps.get(label, label)}", text, colour)
        self._timer = STEP_TIME.get(label, 0.6) / self.speed

    def after_director_purchase(self) -> None:
        """A purchase from the Director's seat was made (the seat stepped the phase): show it like any step."""
        s = self.session
        self._absorb(animate=not self.instant)
        self._generation += 1
        last = next((e for e in reversed(s.events) if e.kind == "purchase"), None)
        if last is not None:
            self.hud.show_banner("Director Phase - You buy", last.data.get("what", last.text), theme.DANGER)
        self._timer = AUTO_STEP / self.speed

    def _director_done(self) -> None:
        s = self.session
        self.motion.clear() if self.instant else None
        if s.result:
            return
        self._after_change()
        self._select_default()
        self.frame_fight(glide=not self.instant)
        if self.desk is not None:
            self.desk.phase_over()
            self.autosave()
        if not self.demo:
            self.hud.show_banner(f"Round {s.round}", "Your move: click a survivor to start their turn.", theme.ACCENT)
            self.autosave()
        if self.REPORT_CARD and not self.instant:
            self.show_report(seconds=4.0 / self.speed if self.demo else None)
        self._timer = 0.5

    def show_report(self, seconds: float | None = None) -> bool:
        """The card of the last Director Phase (J); in a demo it goes by itself after `seconds`."""
        s = self.session
        if not any(e.kind == "phase" for e in s.events):
            self.hud.toast("The Director has not played yet", theme.INK, 1.5)
            return False
        self.app.push(ReportCard(phase_report(s), self._card_area, seconds=seconds))
        return True

    # --- hot-seat ----------------------------------------------------------------------------------------------------
    def _teammates_due(self) -> bool:
        """Is it the survivor AI's part of the round: one of its survivors acting, or one still to act?"""
        s = self.session
        if s.active is not None:
            owner = s.owner(s.active)
            return owner is not None and owner.ai
        return any((o := s.owner(sv)) is not None and o.ai and not s.comp(sv, Turn).activated
                   and not s.comp(sv, Status).downed for sv in s.survivors())

    def _ai_playing(self) -> bool:
        """The survivor AI's teammates are taking their activations: the people wait (a toast says so)."""
        if self.teammates is None or self.session.phase != "survivor" or not self._teammates_due():
            return False
        self.hud.toast("The survivor AI plays its survivors first; yours come next", theme.INK, 1.6)
        return True

    def _play_teammates(self, dt: float) -> None:
        """The AI's survivors take their activations, paced like a demo; when it would end the phase, the people
        play on instead."""
        s = self.session
        if not self.instant and self._waiting(dt):
            return
        action = self.teammates.choose(s)
        if action is None or isinstance(action, A.EndSurvivorPhase):
            action = A.EndActivation(s.active) if s.active is not None else None
            if action is None:
                return
        if not self.submit(action, animate=not self.instant):
            if s.active is not None:
                self.submit(A.EndActivation(s.active))
        if s.active is not None:
            self._follow(s.active)
        self._timer = (0.45 if isinstance(action, A.Activate) else AI_STEP_TIME) / self.speed

    def pass_to(self, player: str, then=None, role: str = "") -> None:
        """Cover the screen until `player` takes it (showing them their agendas), then carry on with `then`."""
        s = self.session
        cards = [(s.name(v.survivor), v.agenda) for v in verdicts(s)
                 if (o := s.owner(v.survivor)) is not None and o.player == player]

        def ready() -> None:
            self.current_player = player
            self._generation += 1
            if then is not None:
                then()
        self.app.push(PassCover(player, cards, ready, role))

    def _play_ai(self, dt: float) -> None:
        s = self.session
        if self.ai_round != s.round:
            self.ai_round, self.ai_actions = s.round, 0
        if self.instant and not self.paused:
            start = time.perf_counter()
            while s.phase == "survivor" and not s.result and time.perf_counter() - start < 0.03:
                self._ai_act(animate=False)
            return
        if self._waiting(dt):
            return
        self.step_once = False
        action = self._ai_act(animate=True)
        if s.active is not None:
            self._follow(s.active)
        if isinstance(action, A.EndSurvivorPhase):
            self._glide_to_team()
        if isinstance(action, A.Activate):
            self._timer = 0.45 / self.speed
        elif isinstance(action, A.EndActivation):
            self._timer = 0.3 / self.speed
        else:
            self._timer = AI_STEP_TIME / self.speed

    def _ai_act(self, animate: bool):
        s = self.session
        action = None
        if self.ai_actions < MAX_AI_ACTIONS_PER_ROUND:
            action = self.ai.choose(s)
        action = action if action is not None else A.EndSurvivorPhase()
        self.ai_actions += 1
        try:
            self.game.submit(action)
        except Impossible as exc:
            self.hud.toast(f"The AI tried something illegal ({exc}); ending its turn")
            action = A.EndSurvivorPhase()
            self.game.submit(action)
        self._absorb(animate=animate)
        self._after_change()
        return action

    def _glide_to_team(self) -> None:
        s = self.session
        cells = [s.xy(sv) for sv in s.survivors()]
        if cells:
            self.view.cam.glide_to(sum(c[0] for c in cells) / len(cells) + 0.5,
                                   sum(c[1] for c in cells) / len(cells) + 0.5)

    def _follow(self, who: int) -> None:
        """Keep the survivor who acts in the middle part of the view (demo)."""
        s = self.session
        if who not in s.survivors():
            return
        cam = self.view.cam
        p = cam.centre_px(s.xy(who))
        if not cam.view.inflate(-cam.view.width * 0.35, -cam.view.height * 0.35).collidepoint(p):
            cam.glide_to(s.xy(who)[0] + 0.5, s.xy(who)[1] + 0.5)

    def _finish(self, dt: float) -> None:
        if self.motion.busy and not self.instant:
            return
        if self._end_timer is None:
            self._end_timer = 0.0 if self.instant else 2.0 / max(1.0, min(self.speed, 4.0))
        self._end_timer -= dt
        if self._end_timer > 0:
            return
        self._left = True
        watched = replace(self.record, survivor_level=self.demo_level) if self.demo and not self.as_director \
            else self.record          # a demo's replay says which survivor AI played
        kept = keep_replay(watched, self.session, self.content)
        self.app.replace(EndScreen(self.content, self.session, self.record, demo_level=self.demo_level,
                                   replay=kept))

    # --- saving and undo -----------------------------------------------------------------------------------------
    def save(self, slot: str | None = None) -> Path | None:
        s = self.session
        if s.in_director and not s.awaiting_director:
            self.hud.toast("Wait for the Director's turn to end, then save", theme.INK)
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = slot or f"{self.record.scenario}-{stamp}"
        path = save_dir() / f"{name}.json"
        n = 2
        while slot is None and path.exists():
            path = save_dir() / f"{name}-{n}.json"
            n += 1
        label = f"{s.scenario.name}, round {s.round} - {time.strftime('%d %b %H:%M')}"
        if self.as_director:
            label = f"As the Director: {label}"
        if slot == "autosave":
            label = f"Autosave: {label}"
        try:
            write_save(path, self.record, s, label)
        except OSError as exc:
            self.hud.toast(f"Could not save: {exc.strerror or exc}")
            return None
        if slot is None:
            self.hud.toast(f"Saved: {label}", theme.GOOD)
        return path

    def autosave(self) -> Path | None:
        if (self.demo and not self.as_director) or self.session.result:
            return None
        return self.save("autosave")

    def undo(self) -> bool:
        if self.demo:
            self.hud.toast("Nothing to undo in a demo", theme.INK)
            return False
        s = self.session
        if s.in_director:
            self.hud.toast("The Director's turn cannot be undone")
            return False
        if not self.game.can_undo():
            acts = self.record.actions
            if not acts:
                reason = "nothing to undo yet"
            elif isinstance(acts[-1], (A.EndSurvivorPhase, A.Activate)):
                reason = "starting a survivor's turn or ending the phase cannot be undone"
            else:
                reason = "that action rolled dice, and dice stay rolled"
            self.hud.toast(f"Cannot undo: {reason}")
            return False
        last = self.record.actions[-1]
        try:
            self.game.undo()
        except SaveError as exc:
            self.hud.toast(str(exc))
            return False
        self._seen = len(self.session.events)
        self.motion.clear()
        self.hud.clear_transients()
        self.hud.reset_log()
        self._cache.clear()
        self._after_change()
        if self.selected is None or self.selected not in self.session.survivors():
            self._select_default()
        self.hud.toast(f"Undone: {kind_of(last).label}", theme.INK)
        return True

    # --- input ---------------------------------------------------------------------------------------------------
    def _lay(self, size: tuple[int, int] | None = None):
        if size is None:
            surf = pygame.display.get_surface()
            size = surf.get_size() if surf is not None else (1280, 720)
        if self._layout is None or self._layout.size != size:
            self._layout = self.layout_for(size)
            if not self._centred:
                self.view.cam.tile = self.own_tile = 48 if size[1] >= 900 else 32
            self.view.cam.set_view(self._layout.board)
            self.hud.place_buttons(self._layout)
            self._make_top_buttons()
            if not self._centred:
                self._centred = True
                self.frame_fight()
        return self._layout

    def layout_for(self, size: tuple[int, int]):
        return compute_layout(*size, demo=self.demo)

    def _make_top_buttons(self) -> None:
        lay = self._layout
        px = lay.px
        size = px(15)
        h = px(28)
        specs = [("Undo", self.undo, "Undo the last action (Ctrl+Z). Dice rolls cannot be undone."),
                 ("Save", self.save, "Save the game to a new slot (Ctrl+S)."),
                 ("Speed 4x", self.cycle_speed, "How fast the Director's turn plays: 1x, 2x, 4x, instant (1-4)."),
                 ("Resume", self.toggle_pause, "Pause or resume the Director's turn or the demo (Space). N steps."),
                 ("Help", self.open_help, "Rules help (F1)."),
                 ("Menu", self.ask_leave, "Leave the game (Esc).")]
        if self.demo:         # nothing to undo (the Director's seat buys no dice back either); only it saves
            specs = [sp for sp in specs if sp[0] != "Undo" and (sp[0] != "Save" or self.as_director)]
        self.hud.top_buttons = []
        for label, fn, tip in specs:
            b = Button(label, fn, tooltip=tip, size=size, style="normal", hint="")
            b.rect = pygame.Rect(0, 0, max(px(50), int(len(label) * size * 0.55) + px(18)), h)
            self.hud.top_buttons.append(b)
        self._label_top_buttons()

    def _label_top_buttons(self) -> None:
        """The Speed button says the speed and the Pause button what it would do (sized for the longest)."""
        for b in self.hud.top_buttons:
            if b.on_click == self.cycle_speed:
                b.text = "Instant" if self.instant else f"Speed {self.speed_label()}"
            elif b.on_click == self.toggle_pause:
                b.text = "Resume" if self.paused else "Pause"
                b.style = "primary" if self.paused else "normal"

    def _zoom(self, step: int, pivot) -> None:
        self.view.cam.zoom(step, pivot)
        self.own_tile = self.view.cam.tile       # the fight's framing never zooms in past the player's choice

    def frame_fight(self, glide: bool = False) -> None:
        """The team and the nearest threats in view (game.ui.board.opening_view): at the start, and each Survivor Phase
        (gliding there); a threat too far to show beside the team is looked at first."""
        lay = self._lay()
        cam = self.view.cam
        fv = fight_view(self.session, lay.board, self.minimap.place(lay.board, lay.s), self.own_tile, lay.s)
        if fv.tile != cam.tile:       # the new zoom about the view's middle, then the glide
            middle = cam.screen_to_cell(cam.view.center)
            cam.tile = fv.tile
            cam.centre_on(*middle)
        self._tour = [(xy[0] + 0.5, xy[1] + 0.5) for xy in fv.tour] + [fv.centre] if fv.tour else []
        if glide or self._tour:
            cam.glide_to(*(self._tour.pop(0) if self._tour else fv.centre))
        else:
            cam.centre_on(*fv.centre)

    def screen_pos(self, cell: int) -> tuple[int, int]:
        """The screen position of a cell's centre, panning there first if it is off screen (tests use it)."""
        self._lay()
        s = self.session
        cam = self.view.cam
        xy = s.board.xy(cell)
        p = cam.centre_px(xy)
        if not cam.view.inflate(-cam.tile * 2, -cam.tile * 2).collidepoint(p):
            cam.centre_on(xy[0] + 0.5, xy[1] + 0.5)
            p = cam.centre_px(xy)
        return int(p[0]), int(p[1])

    def handle(self, event: pygame.event.Event) -> None:
        lay = self._lay()
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self._tour = []                    # the player takes the camera
        if self.desk is not None and self.desk.handle(event, lay):
            return
        if event.type == pygame.MOUSEMOTION:
            self._motion(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.hud.log_rect.collidepoint(self.mouse):
                self.hud.scroll_log(event.y * 3)
            elif lay.board.collidepoint(self.mouse):
                self._zoom(event.y, self.mouse)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button in (2, 3):
                self._drag = {"start": event.pos, "moved": False, "button": event.button}
                return
            if event.button == 1:
                for b in self.hud.top_buttons + ([] if self.demo else self.hud.buttons):
                    if b.handle(event):
                        return
            return
        if event.type == pygame.MOUSEBUTTONUP:
            self.mouse = event.pos
            if event.button in (2, 3):
                drag = self._drag
                self._drag = None
                if drag is not None and not drag["moved"] and event.button == 3:
                    self.cancel_mode()
                return
            if event.button != 1:
                return
            for b in self.hud.top_buttons + ([] if self.demo else self.hud.buttons):
                if b.handle(event):
                    return
            for rect, fn, _ in reversed(self.hud.hotspots):
                if rect.collidepoint(event.pos):
                    if fn is not None:
                        fn()
                    return
            spot = self.minimap.cell_at(event.pos)
            if spot is not None:
                self.view.cam.centre_on(*spot)
                return
            if lay.board.collidepoint(event.pos):
                self._board_click(event.pos)
            return
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
            return
        if event.type == pygame.KEYDOWN:
            self._keydown(event)

    def _motion(self, event) -> None:
        self.mouse = event.pos
        if self._drag is not None:
            dx = event.pos[0] - self._drag["start"][0]
            dy = event.pos[1] - self._drag["start"][1]
            if self._drag["moved"] or abs(dx) + abs(dy) > 4:
                self._drag["moved"] = True
                self.view.cam.pan(-event.rel[0], -event.rel[1])
        for b in self.hud.top_buttons + self.hud.buttons:
            b.handle(event)
        s = self.session
        cell_xy = self.view.cam.cell_at(event.pos) if not self.minimap.rect.collidepoint(event.pos) else None
        self.hover_cell = s.board.idx(*cell_xy) if cell_xy is not None else None
        self.hover_model = s.occupant.get(self.hover_cell) if self.hover_cell is not None else None
        widgets = list(self.hud.top_buttons) + ([] if self.demo else list(self.hud.buttons))
        for rect, _, tip in self.hud.hotspots:
            if tip:
                widgets.append(_Tip(rect, tip))
        for rect, tip in self.hud.track_tips:
            widgets.append(_Tip(rect, tip))
        self.tips.track(widgets, event.pos)
        for b in self.hud.buttons:
            spec = b.spec
            extra = f"\n\nNot now: {b.reason}" if not b.available and b.reason else ""
            cost = f" ({spec.cost})" if spec.cost else ""
            b.tooltip = f"{spec.label}{cost} - key {key_label(b.key)}\n{spec.text}{extra}"
        if self.tips.target is not None:
            self.tips.text = self.tips.target.tooltip

    def _keydown(self, event) -> None:
        key, mods = event.key, event.mod
        ctrl = mods & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and key == pygame.K_z:
            self.undo()
            return
        if ctrl and key == pygame.K_s:
            self.save()
            return
        if key == pygame.K_F1:
            self.open_help()
            return
        if key == pygame.K_ESCAPE:
            if self.hud.cards:
                self.hud.cards.clear()
            elif self.mode.id != "move":
                self.cancel_mode()
            else:
                self.ask_leave()
            return
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom(1, self.mouse)
            return
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom(-1, self.mouse)
            return
        pans = {pygame.K_w: (0, -1), pygame.K_a: (-1, 0), pygame.K_s: (0, 1), pygame.K_d: (1, 0),
                pygame.K_UP: (0, -1), pygame.K_LEFT: (-1, 0), pygame.K_DOWN: (0, 1), pygame.K_RIGHT: (1, 0)}
        if key in pans:
            dx, dy = pans[key]
            step = self.view.cam.tile * 2
            self.view.cam.pan(dx * step, dy * step)
            self._held.add(key)
            return
        if key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
            self.set_speed(SPEEDS[key - pygame.K_1])
            return
        if key == pygame.K_z:
            self.toggle_intents()
            return
        if key == pygame.K_PERIOD:
            self.hud.toggle_all_folds()
            return
        if key == pygame.K_j:
            self.show_report()
            return
        s = self.session
        playing_back = s.in_director or self.demo
        if playing_back:
            if key in (pygame.K_SPACE, pygame.K_PAUSE):
                self.toggle_pause()
            elif key == pygame.K_n:
                self.paused = True
                self.step_once = True
                self._label_top_buttons()
            return
        if key == pygame.K_TAB:
            self.next_survivor()
            return
        if key == pygame.K_n and self.selected is not None and s.is_survivor(self.selected):
            if s.comp(self.selected, Status).downed:
                self.bleed_out(self.selected)
            return
        for spec in ACTIONS:
            if self.keymap.get(spec.key, spec.hotkey) == key or (spec.key == "end_turn" and key == pygame.K_KP_ENTER):
                self.on_action(spec.key)
                return

    # --- speed ---------------------------------------------------------------------------------------------------
    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self._label_top_buttons()
        self.hud.toast(f"Speed: {SPEED_NAMES.get(speed, speed)}", theme.INK, 1.2)

    def cycle_speed(self) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 0
        self.set_speed(SPEEDS[(i + 1) % len(SPEEDS)])

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._label_top_buttons()
        self.step_once = False
        self.hud.toast("Paused: N plays one step" if self.paused else "Playing", theme.INK, 1.5)

    def speed_label(self) -> str:
        return SPEED_NAMES.get(self.speed, f"{self.speed:g}x")

    # --- menus ---------------------------------------------------------------------------------------------------
    def open_help(self) -> None:
        toggle_help(self.app)

    def ask_leave(self) -> None:
        if self.demo or self.session.result:
            self.leave()
            return
        self.app.push(Dialog("Leave this game?", "Save it first to come back to it later. The autosave holds the "
                             "start of this round.",
                             [("Save and leave", lambda: self.leave(save=True)), ("Leave", self.leave),
                              ("Stay", None)]))

    def leave(self, save: bool = False) -> None:
        if save and self.save() is None:
            return
        self._left = True
        if self.app.stack and self.app.scene is self:
            self.app.pop()
        self.session.close()

    def enter(self) -> None:
        self.sound.enter()

    def exit(self) -> None:
        """Off the stack for good (left, ended, replaced): the game's esper world and its sound go with it."""
        self._left = True
        self.sound.exit()
        self.session.close()

    # --- choosing survivors --------------------------------------------------------------------------------------
    def pick_survivor(self, who: int) -> None:
        """A click on a survivor (board or team strip): start their turn if that is possible, else look at them."""
        s = self.session
        if self.demo or s.phase != "survivor" or who not in s.survivors():
            self.selected = who
            return
        if self._ai_playing():
            self.selected = who
            return
        owner = s.owner(who) if self.seated else None
        if owner is not None and owner.ai:
            self.selected = who
            self.hud.toast(f"{s.name(who)} is played by the survivor AI", theme.INK, 1.6)
            return
        if owner is not None and owner.player != self.current_player:
            self.pass_to(owner.player, lambda: self.pick_survivor(who))
            return
        self._follow(who)
        if s.active == who:
            self.selected = who
            return
        acting = s.active
        if acting is not None and acting != who and not s.comp(who, Turn).activated and \
                not s.comp(who, Status).downed and refusal(s, A.EndActivation(acting)) is None:
            self._switch_to(acting, who)
            return
        why = refusal(s, A.Activate(who))
        downed = s.comp(who, Status).downed
        self.selected = who
        if why is None and not downed:
            self.submit(A.Activate(who))
            return
        self.set_mode("move")
        if why is None:
            self.hud.toast(f"{s.name(who)} is Downed: roll their bleed-out save with N", theme.INK)
        elif not s.comp(who, Turn).activated:
            self.hud.toast(f"{_sentence(why)} (Space)", theme.INK)

    def _switch_to(self, acting: int, who: int) -> None:
        """Another survivor clicked while one is acting: a spent one simply hands over; one with AP left asks first
        (Enter keeps them acting: giving up AP cannot be undone)."""
        s = self.session
        ap = s.comp(acting, Turn).ap

        def switch() -> None:
            if self.submit(A.EndActivation(acting)):
                self.pick_survivor(who)
        if ap <= 0 and not s.may_withdraw(acting):
            switch()
            return
        if self.app is not None:
            self.app.push(Dialog(f"Switch to {s.name(who)}?",
                                 f"{s.name(acting)} still has {ap} AP. Only one survivor acts at a time: ending "
                                 f"{s.name(acting)}'s activation gives those AP up for this round.",
                                 [(f"End {s.name(acting)}'s turn", switch, pygame.K_e),
                                  (f"Keep {s.name(acting)}", None)], default=1))

    def next_survivor(self) -> None:
        s = self.session
        ready = [sv for sv in s.survivors() if not s.comp(sv, Turn).activated]
        pool = ready or s.survivors()
        if not pool:
            return
        i = pool.index(self.selected) + 1 if self.selected in pool else 0
        who = pool[i % len(pool)]
        self.selected = who
        self._follow(who)

    def bleed_out(self, who: int) -> None:
        self.submit(A.Activate(who))

    def _ensure_active(self) -> int | None:
        """The survivor the next action is for, starting their turn first if needed; None (with a toast) if no one
        can act."""
        s = self.session
        who = self.selected
        if s.phase != "survivor":
            self.hud.toast("Wait for the Director's turn to end", theme.INK)
            return None
        if who is None or who not in s.survivors():
            self.hud.toast("Choose a survivor first: click one on the board or in the team strip", theme.INK)
            return None
        if s.active == who:
            return who
        if not self.submit(A.Activate(who)):
            return None
        return who if s.active == who else None

    def choose_weapon(self, uid: int) -> None:
        s = self.session
        who = self.selected
        gear = next((g for g in s.comp(who, Inventory).gear if g.uid == uid), None) if who is not None else None
        if gear is None:
            return
        weapon = self.content.weapons.get(gear.gear_id)
        self.weapon_uid = uid
        if weapon is not None and not self.demo and s.active == who:
            self.set_mode("shoot" if weapon.kind == "firearm" else "throw")

    def drop_item(self, uid: int) -> None:
        if self.selected is not None:
            self.submit(A.Drop(self.selected, uid))

    # --- actions -------------------------------------------------------------------------------------------------
    def firearms(self, who: int) -> list:
        s = self.session
        return [g for g in s.comp(who, Inventory).gear
                if self.content.weapons.get(g.gear_id) and self.content.weapons[g.gear_id].kind == "firearm"]

    def throwables(self, who: int) -> list:
        s = self.session
        return [g for g in s.comp(who, Inventory).gear
                if self.content.weapons.get(g.gear_id) and self.content.weapons[g.gear_id].kind == "thrown"]

    def weapon_for(self, who: int, kind: str):
        """The weapon of this kind the player chose, else the first one the rules let fire now, else the first."""
        guns = self.firearms(who) if kind == "firearm" else self.throwables(who)
        chosen = next((g for g in guns if g.uid == self.weapon_uid), None)
        if chosen is not None:
            return chosen
        usable = {a.weapon for a in self.options().get("shoot" if kind == "firearm" else "throw", Option()).actions}
        return next((g for g in guns if g.uid in usable), guns[0] if guns else None)

    def set_mode(self, mode: str) -> None:
        """Choose targets for this action (its registry id) from now on; "move" is the default."""
        self.mode = MODES[mode]()

    def cancel_mode(self) -> None:
        if self.mode.id != "move":
            self.set_mode("move")

    def on_action(self, key: str) -> None:
        """An action bar button or its hotkey."""
        if self.demo or self._ai_playing():
            return
        s = self.session
        if key == "end_turn":
            self.ask_end_turn()
            return
        avail = self.availability()
        reason = avail.get(key)
        who = self.selected
        if key == "end_activation":
            if s.active is None:
                self.hud.toast("No one is acting: click a survivor to start their turn", theme.INK)
                return
            self.submit(A.EndActivation(s.active))
            return
        if reason:
            self.hud.toast(_sentence(reason))
            return
        if key == "move":
            self.set_mode("move")
            return
        if key == "shoot" and self.mode.id == "shoot" and who is not None:
            guns = self.firearms(who)
            if len(guns) > 1:
                cur = self.weapon_for(who, "firearm")
                i = guns.index(cur) if cur in guns else -1
                self.weapon_uid = guns[(i + 1) % len(guns)].uid
                self.hud.toast(f"Shooting with the {self.content.gear_name(guns[(i + 1) % len(guns)].gear_id)}",
                               theme.INK, 1.5)
            return
        if BY_ID[key].target in ("none", "gear"):     # aim, hunker, work, deliver, escape; reload picks a gun
            who = self._ensure_active()
            if who is None:
                return
            opt = self.options()[key]
            if not opt.ok:
                self.hud.toast(_sentence(opt.reason or ""))
            elif len(opt.actions) == 1:
                self.submit(opt.actions[0])
            else:
                self.app.push(Picker("Reload which gun?", [(self._gun_label(a.weapon), lambda a=a: self.submit(a))
                                                           for a in opt.actions], self.mouse))
            return
        who = self._ensure_active()
        if who is None:
            return
        self.set_mode(key)
        targets = self.mode_targets()
        if key in ONE_CLICK and len(targets) == 1:
            self.mode.click(self, who, next(iter(targets)))

    def ask_end_turn(self) -> None:
        s = self.session
        if s.phase != "survivor":
            self.hud.toast("It is not the Survivor Phase", theme.INK)
            return
        waiting = [sv for sv in s.survivors() if not s.comp(sv, Turn).activated and sv != s.active
                   and not s.comp(sv, Status).downed]
        if s.active is not None and s.comp(s.active, Turn).ap > 0:
            waiting = [s.active] + waiting
        if waiting and self.app is not None:
            names = ", ".join(s.name(w) for w in waiting)
            self.app.push(Dialog("End the turn?", f"{names} can still act. If you end the Survivor Phase now, "
                                 "they lose their turn and the Director plays.",
                                 [("End turn", self.end_turn, pygame.K_e), ("Keep playing", None)], default=1))
            return
        self.end_turn()

    def end_turn(self) -> None:
        if self.submit(A.EndSurvivorPhase()):
            self._timer = 0.3 / self.speed
            self.hud.show_banner("Director Phase", "The Director answers the noise you made.", theme.DANGER)

    def submit_handoff(self, who: int, ally: int, uid: int) -> bool:
        return self.submit(A.HandOff(who, ally, uid))

    def submit_exchange(self, who: int, ally: int, mine: tuple[int, ...]) -> bool:
        return self.submit(A.GearExchange(who, ally, mine))

    # --- what can be done now ------------------------------------------------------------------------------------
    def options(self) -> dict[str, Option]:
        """The engine's answer (game.world.legal.options) for the selected survivor, once per state; {} if none."""
        s = self.session
        who = self.selected
        return self._cached("options", self._key(), lambda: options(s, who) if who in s.survivors() else {})

    def availability(self) -> dict[str, str | None]:
        """For each action bar button: None when it can be done now, else the reason it cannot."""
        s = self.session
        opts = self.options()
        out = {spec.key: opts[spec.key].reason if opts else "choose a survivor first" for spec in ACTIONS}
        # End Activation ends whoever is acting, End Turn the phase: neither waits on the survivor selected.
        acting = options(s, s.active, ("end_activation",))["end_activation"] if s.active is not None else None
        out["end_activation"] = acting.reason if acting is not None else "no one is acting"
        out["end_turn"] = opts["end_turn"].reason if opts else refusal(s, A.EndSurvivorPhase())
        return out

    def partners(self) -> list[int]:
        """The allies the selected survivor may hand an item to, or swap gear with, now."""
        opts = self.options()
        return sorted({a.ally for k in ("handoff", "exchange") for a in opts.get(k, Option()).actions})

    def _gun_label(self, uid: int) -> str:
        g = next(g for g in self.session.comp(self.selected, Inventory).gear if g.uid == uid)
        return f"{self.content.gear_name(g.gear_id)} ({g.ammo}/{self.content.weapons[g.gear_id].ammo})"

    def mode_targets(self) -> dict[int, tuple]:
        """cell -> the legal actions a click there may submit in the current mode (for highlighting, clicks and
        one-target shortcuts)."""
        who = self.selected
        s = self.session
        opt = self.options().get(self.mode.id)
        if who is None or who not in s.survivors() or opt is None:
            return {}
        return self._cached(f"targets:{self.mode.id}", self._key(self.mode.id, self.weapon_uid, *self.mode.state()),
                            lambda: self.mode.targets(self, who, dict(opt.cells), opt.actions))

    def ground_gear(self, uid: int) -> str:
        return next(g.gear_id for items in self.session.ground.values() for g in items if g.uid == uid)

    def _board_click(self, pos) -> None:
        s = self.session
        cam = self.view.cam
        xy = cam.cell_at(pos)
        if xy is None:
            return
        cell = s.board.idx(*xy)
        model = s.occupant.get(cell)
        if self.demo or s.phase != "survivor":
            if model is not None and s.is_survivor(model):
                self.selected = model
            return
        if model is not None and s.is_survivor(model) and not self.mode.takes_ally():
            if model != self.selected or s.active != model:
                self.pick_survivor(model)
                return
            if self.mode.id == "move":
                return
        if self.mode.id != "move":
            who = self._ensure_active()
            if who is not None:
                self.mode.click(self, who, cell)
            return
        # move mode
        who = self.selected
        if who is None:
            return
        if model is not None and s.is_zombie(model):
            self._obvious_attack(who, model)
            return
        step = self.options().get("withdraw", Option()).cells.get(cell)
        if step:
            self.submit(step[0])
            return
        self.move_to(cell)

    def _obvious_attack(self, who: int, zombie: int) -> None:
        """A click on a zombie in Move mode picks the attack that fits (Melee in base contact, else a loaded gun
        that reaches it) and waits for a second click on it to confirm, the odds card showing meanwhile."""
        s = self.session
        if s.board.in_contact(s.cell(who), s.cell(zombie)):
            mode = "melee"
        elif self.weapon_for(who, "firearm") is not None:
            mode = "shoot"
        else:
            self.hud.toast(f"{s.name(zombie)} is out of reach: move into base contact to fight it", theme.INK)
            return
        self.set_mode(mode)
        self.hud.toast(f"{'Melee' if mode == 'melee' else 'Shoot'}: click {s.name(zombie)} again to attack "
                       f"(Esc cancels)", theme.INK, 2.5)

    def move_to(self, cell: int) -> bool:
        """Walk the selected survivor to a cell, one Move action per band of the path (2nd and 3rd Moves too)."""
        s = self.session
        who = self._ensure_active()
        if who is None:
            return False
        reach = move_reach(s, who, max(1, s.comp(who, Turn).ap))
        if cell not in reach.band:
            return self.submit(A.Move(who, cell))     # the engine says why not
        cells, breaks = reach.path(cell)
        ends = [cells[i] for i in breaks] or [cell]
        for end in ends:
            if not self.submit(A.Move(who, end)):
                return False
        return True

    def swarm_forecast(self, who: int) -> str:
        return self._cached(f"swarm:{who}", self._key(who), lambda: self._swarm_forecast(who))

    def _swarm_forecast(self, who: int) -> str:
        odds = self.swarm_odds(who)
        if odds is None:
            return ""
        return f"If they attack in the Director Phase: hurt {pct(odds[0])}, Downed {pct(odds[1])}"

    def swarm_odds(self, who: int, joining: tuple[str, ...] = ()) -> tuple[float, float] | None:
        """The chances (hurt, Downed) of the swarm on this survivor (game.tools.previews.swarm_odds)."""
        return swarm_odds(self.session, who, joining)

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay = self._lay(surface.get_size())
        s = self.session
        self.hover_model = s.occupant.get(self.hover_cell) if self.hover_cell is not None else None
        self.hud.hotspots = []
        app = getattr(self, "app", None)
        self.overdraw.begin(surface, app.frames if app else -1, app is not None and app.drawn_by is self)
        if self._clear(surface, lay):
            self.overdraw.last = None
        cam = self.view.cam
        shading = self._reach_shading(self._overlay_subject())
        key = self._board_key(shading)
        if self.board_layer.blit(surface, key):
            preview, words = self.board_layer.extra
        else:        # inside the view only: the picture kept and put back is the view's rectangle
            clip = surface.get_clip()
            surface.set_clip(cam.view.clip(clip))
            preview, words = self._draw_board(surface, shading)
            surface.set_clip(clip)
            self.board_layer.keep(surface, cam.view, key, (preview, words))
        self._refresh_buttons()
        view = self.hud_view()
        self.hud.draw_top(surface, lay, view.game, self.speed_label(), self.paused,
                          self.WATCHING if self.demo and not self.as_director else False)
        self.hud.draw_right(surface, lay, view)
        self.draw_bar(surface, lay)
        # over the kept layers: each thing drawn from here on is put back from them next frame (self.overdraw)
        over = self.overdraw
        margin = lay.px(12)             # the panels' shadows and rims
        if self.desk is not None and self.desk.active:      # the Director's menu over the right panel
            self.desk.draw(surface, lay)
            over.add(lay.right, 0)
        # the panels over the board, each where no other is (game.ui.board.board_panels)
        self.panels = panels = BoardPanels(lay.board, lay.px(6))
        panels.take("minimap", self.minimap.place(lay.board, lay.s))
        if words is not None:
            panels.take("path words", words)
        for rect in self.hud.draw_board_overlays(surface, lay, self.view.cam, status_line=self._status_line(),
                                                 panels=panels):
            over.add(rect, margin)
        legend = self._intent_legend()
        if legend:
            over.add(draw_legend(surface, panels, legend, lay.s), margin)
        if preview is not None:          # clear of the other panels and of the line of fire it explains
            anchor, pv = preview
            who = self.selected
            avoid = (cam.centre_px(self.view.model_xy(s, who, self.motion)),) if who in s.survivors() else ()
            card = self.odds_card.draw(surface, self.view.cam, pv, anchor, lay.s,
                                       avoid + tuple(r for _, r in panels.taken))
            over.add(panels.take("odds card", card), margin)
        for rect in self.offscreen.draw(surface, self.view.cam, lay.s, hidden=[self.minimap.rect]):
            over.add(rect, margin)
        self.minimap.draw(surface, s, self.view.cam, lay.board, lay.s)
        over.add(self.minimap.rect, margin)
        self.hud.draw_ticker(surface, lay, hint=self._hint())
        over.add(self.tips.draw(surface, lay.s), margin)

    def draw_bar(self, surface: pygame.Surface, lay) -> None:
        """The strip under the board: the action bar, or what a demo is."""
        if self.demo:
            self.hud.draw_demo_bar(surface, lay, self.demo_level, self.paused, self.speed_label(),
                                   self.last_decision, self.record.director, self.as_director)
        else:
            self.hud.draw_bar(surface, lay)

    def hud_view(self) -> HudView:
        """What the HUD draws this frame: the game read-only, the player's pointing and the panel's commands."""
        return HudView(GameView(self.session), self.state_key(), self.selected, self.hover_model, self.weapon_uid,
                       self.intent_of, self.agenda_of, self.swarm_forecast, self.partners,
                       self.pick_survivor, self.choose_weapon, self.drop_item, self.bleed_out, self.current_player)

    def _draw_board(self, surface: pygame.Surface, shading) -> tuple:
        """Everything on the board under the HUD: the mat with its reach shading, the overlays, the horde's next
        moves, the models and the path's words over them. Returns ((anchor, Preview) for the odds card, if any;
        where the path's words went, if anywhere)."""
        s = self.session
        cam = self.view.cam
        if shading is None:
            self.view.draw_terrain(surface, s)
        else:       # the reach shading lies on the mat, under the noise: kept with it while neither changes
            reach, key = shading
            self.view.draw_terrain(surface, s, lambda surf, clip: self.reach_layer.draw(
                surf, cam, reach, s.board.width, key, clip), (self.reach_layer, reach, key, cam.tile))
        self.night.draw(surface, cam, s)
        self._path_label = None
        preview = self._draw_overlays(surface, reach_drawn=True)
        xy_of = lambda eid: self.view.model_xy(s, eid, self.motion)     # noqa: E731
        draw_engagement(surface, cam, s, xy_of)
        self._draw_intents(surface, xy_of)
        highlight = []
        if self.mode.rings_zombies and not self.demo:
            highlight = [a.target for acts in self.mode_targets().values() for a in acts]
        self._draw_trails(surface)
        self.view.draw_models(surface, s, self.motion, self._shown_selected(), self.hover_model,
                              ap_max=s.rules.ap, highlight=highlight)
        self._draw_tracers(surface)
        draw_engagement(surface, cam, s, xy_of, marks=True)
        if self.desk is not None:
            self.desk.draw_board(surface, cam)
        placed = None
        if self._path_label is not None:         # over the models: the words must not hide under a zombie
            end, label, words, tone = self._path_label
            placed = draw_path_label(surface, cam, end, label, theme.INK, words, tone)
        return preview, placed

    def _shown_selected(self) -> int | None:
        return self.selected if (not self.demo or self.session.active is not None) else None

    def _board_key(self, shading) -> tuple | None:
        """Everything _draw_board reads, for the picture of the board kept between frames; None while anything on
        it moves by itself (a walk, a shot, a pulsing noise ring)."""
        s = self.session
        cam = self.view.cam
        if self.motion.tracks or self.tracers or self.view.noise_patch(s) is not None:
            return None
        return (tuple(cam.view), cam.tile, cam.x, cam.y, self.view.static.surface(cam.tile), self.state_key(),
                shading and shading[1], self._shown_selected(), self.hover_cell, self.hover_model,
                self.debug_path_dest, self.debug_target, self.mode.id, self.mode.state(), self.weapon_uid,
                self.show_intents, self.demo, self.view.glow(s), theme.palette, theme.text_scale,
                self.desk.state() if self.desk is not None else None)

    def intents(self) -> dict[int, Intent]:
        """Every zombie's next activation as the board stands (empty while the Director plays: it is happening)."""
        s = self.session
        if s.in_director or s.result:
            return {}
        return self._cached("intents", self.state_key(), lambda: zombie_intents(s))

    def agenda_of(self, who: int):
        """This survivor's Secret Agenda card and how it stands now (None when the game dealt none, and at a shared
        screen for anyone's but the survivors of the person who has it)."""
        if self.seated:
            owner = self.session.owner(who)
            if owner is None or owner.ai or owner.player != self.current_player:
                return None
        found = self._cached("agendas", self.state_key(), lambda: {v.survivor: v for v in verdicts(self.session)})
        return found.get(who)

    def intent_of(self, zombie: int) -> Intent | None:
        """One zombie's next activation: the whole horde's forecast only when it is on show (Z), else this one's."""
        s = self.session
        if self.show_intents or s.in_director or s.result or not s.is_zombie(zombie):
            return self.intents().get(zombie)
        return self._cached(f"intent:{zombie}", self.state_key(),
                            lambda: zombie_intent(s, zombie, self._cached("calls", self.state_key(),
                                                                          lambda: shriek_calls(s))))

    def _card_area(self) -> pygame.Rect:
        """The board left of the minimap: where a card over the board goes."""
        area = self._lay().board.copy()
        if self.minimap.rect.width and self.minimap.rect.left > area.x + area.width // 2:
            area.width = self.minimap.rect.left - area.x - 8
        return area

    def _intent_legend(self) -> list[str]:
        """The legend's rows for what the board shows of the horde now (game.ui.board.intent_overlay.LEGEND)."""
        s = self.session
        if self.motion.busy or s.in_director or s.result or (self.hover_model is None and not self.show_intents):
            return []
        return self._cached("legend", self._key(self.hover_model, self.show_intents, self.state_key()),
                            self._legend_rows)

    def _legend_rows(self) -> list[str]:
        s = self.session
        hovered = self.intent_of(self.hover_model) if self.hover_model is not None else None
        shown = list(self.intents().values()) if self.show_intents else []
        shown += [hovered] if hovered is not None else []
        if not shown:
            return []
        engaged = [sv for sv in s.survivors() if s.engagers(sv)]
        return legend_rows(shown, hovered is not None, bool(engaged),
                           any(s.comp(sv, Status).downed for sv in engaged))

    def toggle_intents(self) -> None:
        self.show_intents = not self.show_intents
        self.hud.toast("The horde's next moves: " + ("all shown (Z hides)" if self.show_intents else
                                                     "shown for the zombie under the pointer"), theme.INK, 1.8)

    def _draw_intents(self, surface: pygame.Surface, xy_of) -> None:
        if self.motion.busy:
            return
        if self.show_intents:
            draw_intents(surface, self.view.cam, self.session, list(self.intents().values()), xy_of)
        hovered = self.intent_of(self.hover_model) if self.hover_model is not None else None
        if hovered is not None:
            draw_intents(surface, self.view.cam, self.session, [hovered], xy_of, strong=True)

    def _clear(self, surface: pygame.Surface, lay) -> bool:
        """Clear the screen (True), unless the board, the top bar, the panel and the action bar tile it exactly: each of
        them paints all of its own rectangle, so clearing first would only be overwritten."""
        parts = (lay.top, lay.right, lay.bar, lay.ticker, lay.board)
        screen = surface.get_rect()
        tiled = (self.view.cam.view == lay.board and all(screen.contains(r) for r in parts) and
                 sum(r.width * r.height for r in parts) == screen.width * screen.height and
                 not any(a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1:]))
        if not tiled:
            surface.fill(theme.BG)
        return not tiled

    def _draw_trails(self, surface: pygame.Surface) -> None:
        """The path of every model walking right now, so the eye can follow a zombie's move."""
        cam = self.view.cam
        if not self.motion.tracks:
            return
        clip = surface.get_clip()
        surface.set_clip(cam.view)
        for eid, (path, _, _) in self.motion.tracks.items():
            colour = (226, 120, 100) if self.session.is_zombie(eid) else (120, 200, 210)
            pts = [cam.centre_px(c) for c in path]
            for a, b in zip(pts, pts[1:], strict=False):
                dashed_line(surface, colour, a, b, max(2, cam.tile // 14), cam.tile * 0.18, cam.tile * 0.12)
            pygame.draw.circle(surface, colour, pts[-1], max(3, cam.tile // 6), max(2, cam.tile // 14))
        surface.set_clip(clip)

    def _draw_tracers(self, surface: pygame.Surface) -> None:
        cam = self.view.cam
        clip = surface.get_clip()
        surface.set_clip(cam.view)
        for a, b, age, colour in self.tracers:
            u = age / 0.9
            pa, pb = cam.centre_px(a), cam.centre_px(b)
            width = max(2, int(cam.tile * 0.12 * (1 - u)) + 1)
            pygame.draw.line(surface, colour, pa, pb, width)
            pygame.draw.circle(surface, colour, pb, cam.tile * (0.3 + 0.3 * u), max(1, width // 2 + 1))
        surface.set_clip(clip)

    def _refresh_buttons(self) -> None:
        if self.demo:
            return
        avail = self.availability()
        for b in self.hud.buttons:
            reason = avail.get(b.spec.key)
            b.available = reason is None
            b.reason = reason or ""
            b.active_mode = b.spec.key == self.mode.id != "move"

    def _hint(self) -> str:
        s = self.session
        if self.desk is not None and s.awaiting_director:
            return self.desk.hint()
        if self.demo:
            return ""
        if self.seated and s.phase == "survivor" and self.teammates is not None and self._teammates_due():
            return "The survivor AI plays its survivors first. Space pauses, 1-4 change the speed."
        if self.seated and s.phase == "survivor" and s.active is None:
            who = f"{self.current_player} has the screen" if self.current_player else "Pass the screen round"
            return f"{who}: click one of your survivors (another player's passes the screen). Enter ends the turn."
        if s.phase != "survivor":
            return "The Director is playing. Space pauses, N steps, 1-4 change the speed."
        who = self.selected
        if who is not None and s.active == who:
            if s.may_withdraw(who):
                return "You may step back 1\" for free: click a green cell, or carry on."
            if s.comp(who, Turn).ap <= 0:
                return "No AP left: End Activation (Space), or click the next survivor."
            if self.mode.id == "move" and s.is_engaged(who):
                return "Engaged: fight or Disengage. You cannot Move while engaged."
            return self.mode.hint
        if s.active is None:
            return "Click a survivor (or Tab through the team) to start their turn. Enter ends the turn."
        return self.mode.hint

    def _status_line(self) -> str:
        s = self.session
        cell = self.hover_cell
        if cell is None:
            return ""
        x, y = s.board.xy(cell)
        kind = s.board.kind(cell)
        style = self.view.static.style(cell).replace("_", " ")
        text = TERRAIN_TEXT.get(kind, kind)
        if kind == "door":
            text = ("open door: a defensible position" if s.board.door_open[cell] else
                    "shut door: blocks sight; zombies force it") + (", barricaded" if cell in s.board.barricaded
                                                                     else "")
        model = s.occupant.get(cell)
        extra = ""
        if model is not None:
            h = s.comp(model, Health)
            extra = f"   {s.name(model)} ({h.wounds}/{h.max_wounds} wounds)"
        if cell in s.search_tokens:
            deck = s.search_tokens[cell]
            extra += f"   search token{' (' + deck + ')' if deck else ''}"
        if s.ground.get(cell):
            extra += "   on the ground: " + ", ".join(self.content.gear_name(g.gear_id) for g in s.ground[cell])
        return f"{style.capitalize()} {place(s.map, x, y)}: {text}{extra}"

    def _overlay_subject(self) -> tuple[int, bool, int] | None:
        """(who, acting now?, AP) of the survivor the overlays are about, or None when none are shown."""
        s = self.session
        if self.demo or s.phase != "survivor" or s.result:
            return None
        who = self.selected
        if who is None or who not in s.survivors():
            return None
        active = s.active == who
        can_start = not active and self.options()["activate"].ok and not s.comp(who, Status).downed
        if not active and not can_start:
            return None
        return who, active, (s.comp(who, Turn).ap if active else A.opening_ap(s, who))

    def _reach_shading(self, subject) -> tuple | None:
        """(Reach, its layer key) when the reach of the survivor the overlays are about is shown, else None."""
        if subject is None:
            return None
        s = self.session
        who, _, ap = subject
        if self.mode.id != "move" or ap <= 0 or s.is_engaged(who):
            return None
        return self._cached("reach", self._key(ap), lambda: move_reach(s, who, ap)), self._key(ap)

    def _draw_overlays(self, surface: pygame.Surface, reach_drawn: bool = False):
        """Reach (unless `reach_drawn`: draw() lays it with the mat), paths, targets and the attack preview.
        Returns (anchor, Preview) for the odds card, if any."""
        s = self.session
        cam = self.view.cam
        w = s.board.width
        subject = self._overlay_subject()
        if subject is None:
            return None
        who, active, ap = subject
        preview = None
        hover = self.hover_cell if self.debug_path_dest is None else self.debug_path_dest
        shading = self._reach_shading(subject)
        if shading is not None:
            reach, key = shading
            if not reach_drawn:
                self.reach_layer.draw(surface, cam, reach, w, key)
            if hover is not None and hover in reach.band:
                cells, breaks = reach.path(hover)
                band = reach.band[hover]
                label = f"{band} Move{'s' if band > 1 else ''} - {band} AP"
                danger = self._cached("danger", self._key(hover), lambda: cell_danger(s, hover))
                risky = danger.contact or danger.reach
                draw_path(surface, cam, s.xy(who), [s.board.xy(c) for c in cells], breaks)
                self._path_label = (s.board.xy(hover), label, danger.words(),
                                    theme.DANGER if risky else theme.GOOD)
        if active:
            draw_cells(surface, cam, list(self.options()["withdraw"].cells), w, theme.GOOD, 90)
        if self.mode.shade is not None:
            targets = self.mode_targets()
            draw_cells(surface, cam, list(targets), w, self.mode.shade, self.mode.shade_alpha,
                       outline=self.mode.id != "throw")
            if self.mode.id == "disengage" and hover in targets:
                preview = (cam.centre_px(s.board.xy(hover)), self._swipe_preview(who))
        if self.mode.id == "throw":
            targets = self.mode_targets()
            item = self.weapon_for(who, "thrown")
            if item is not None and hover in targets:
                weapon = self.content.weapons[item.gear_id]
                pv = self._cached("throw", self._key(hover, item.uid), lambda: throw_preview(s, who, hover, item.uid))
                draw_blast(surface, cam, s, hover, weapon.blast, s.models_within(hover, weapon.blast))
                preview = (cam.centre_px(s.board.xy(hover)), pv)
        target = self.debug_target
        if target is None and self.hover_model is not None and s.is_zombie(self.hover_model):
            target = self.hover_model
        if target is not None and s.is_zombie(target) and self.mode.previews_attack:
            preview = self._attack_preview(surface, who, target) or preview
        return preview

    def _attack_preview(self, surface: pygame.Surface, who: int, target: int):
        s = self.session
        cam = self.view.cam
        here, there = s.cell(who), s.cell(target)
        anchor = cam.centre_px(s.board.xy(there))
        contact = s.board.in_contact(here, there)
        gun = self.weapon_for(who, "firearm")
        if self.mode.id == "melee" or (self.mode.id == "move" and contact):
            if not contact:
                return anchor, Preview("melee", f"{s.name(target)} is not in base contact", None)
            pv = self._cached("melee", self._key(target), lambda: melee_preview(s, who, target))
            return anchor, pv
        if gun is None:
            draw_sight(surface, cam, s, here, there)
            return None
        weapon = self.content.weapons[gun.gear_id]
        verdict = draw_sight(surface, cam, s, here, there, weapon.range)
        if verdict == "blocked":
            return anchor, Preview("shoot", f"No line of sight to {s.name(target)}", None)
        if verdict == "range":
            return anchor, Preview("shoot", f"Out of range: the {weapon.name} reaches {weapon.range}\"", None)
        try:
            pv = self._cached("shot", self._key(target, gun.uid), lambda: shot_preview(s, who, target, gun.uid))
        except (StopIteration, AssertionError):
            return None
        reason = refusal(s, A.Shoot(who, target, gun.uid)) if s.active == who else None
        if reason:
            pv = Preview(pv.kind, pv.title, pv.calc, pv.cover, pv.wounds_left, warning=_sentence(reason))
        return anchor, pv

    def _swipe_preview(self, who: int) -> Preview:
        s = self.session
        odds = swipe_odds(s, who)       # every zombie in contact swipes, as Disengage rolls them
        return Preview("swipes", f"Parting swipes: {odds.dice} dice, {odds.need}+ wounds",
                       _Swipes(odds.dist, s.comp(who, Health).wounds))


class _Swipes:
    """A parting-swipe forecast in the shape the odds card reads."""

    def __init__(self, dist, left: int):
        self.dist = dist
        self.left = left


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text


def _card_kind(content, gid: str) -> str:
    if gid in content.hazards:
        return "hazard"
    if gid in content.weapons:
        return content.weapons[gid].kind + " weapon"
    if gid in content.items:
        return content.items[gid].kind
    return "card"


def _card_text(content, gid: str) -> str:
    for table in (content.weapons, content.items, content.hazards):
        if gid in table:
            return table[gid].text
    return ""

