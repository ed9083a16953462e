"""The Director assistant on screen, for a group playing on a real table: a round tracker on the table.

Left column: the scenario and the Director's level (either starts the round tracker again), the Shamblers removed
this round, the escalation die (the app's, or a real d6) and the Shamblers that could lunge. Middle column: the
survivors (name, inches to their goal, engagement slots used, Downed) and, for the survivor picked, the distance to
each of the scenario's spawn points (with which spawn points are held) and to each ally. Right: the round tracker
(game/ui/tools/tool_director_round.py): Doom and its events, the Heat made and carried, one-tap noise buttons, and after
"Director Phase" the phase's report; "End Phase" moves Doom on and starts the next round.

Defaults come from the scenario: its suggested team, each survivor at the deployment zone (distances to the spawn
points and the objective measured on the map), allies 3" apart. `self.facts()` is the board handed to the Director
Phase. With a table (game.tools.desk_table) the round tracker is the table's (the phones' Director page shows the
same one) and the board is kept on it as it changes (`board()`, state "desk_director"), so leaving Tools or
restarting the game finds both as they were.
"""
from __future__ import annotations

import dataclasses
import math

import pygame

from game.ai.director_levels import DIRECTOR_LEVELS
from game.tools.common import ToolError
from game.tools.round_tracker import tracker_content
from game.ui.tools.tool_director_round import RoundOnTable
from game.ui.widgets import theme
from game.ui.widgets.controls import Button, Choice, Label, ellipsize, line_height, mix
from game.ui.widgets.tool_inputs import Cycle, DiceRow, Form, InchStepper, Stepper, TextField, Toggle, ToolScene

ALLY_DEFAULT = 3
BOARD_STATE = "desk_director"       # the desktop board's state on the table (the phones keep a round tracker)
MAX_SURVIVORS = 6
MAX_SHAMBLERS = 5


@dataclasses.dataclass
class SurvivorEntry:
    uid: int
    name: str
    to_goal: float                  # inches, in half-inch steps
    slots: int = 0
    downed: bool = False
    spawn: dict[str, float] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class ShamblerEntry:
    sees: int | None = None         # a survivor's uid
    lunge: bool = False             # a 3" lunge ends in contact: it attacks this phase
    pins: bool = False              # the lunge and its own walk after it reach them, the walk alone would not


def _centre(points) -> tuple[float, float] | None:
    pts = list(points)
    if not pts:
        return None
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


class DirectorScreen(RoundOnTable, ToolScene):
    title = "Director assistant"
    subtitle = "The table's round tracker: log the noise, then run the Director Phase."
    keys_hint = "Enter  next phase"
    left_share = 0.6

    def __init__(self, content, scenario: str | None = None, table=None):
        self.table = table
        self.base = self.content = content
        self.scenario_id = scenario or next(iter(content.scenarios))
        self.removed = 0
        self.die_mode = "app"               # app | real
        self.die = 4                        # the real d6
        self._uid = 0
        self._reset_board()
        restored = self._restore() if scenario is None else ""
        self.first_round()
        super().__init__(self.content)
        if restored:
            self.say(restored)

    # --- kept on the table ---------------------------------------------------------------------------------------
    def board(self) -> dict:
        """Everything typed in, as JSON."""
        return {"scenario": self.scenario_id, "removed": self.removed, "die_mode": self.die_mode,
                "die": self.die, "uid": self._uid, "selected": self.selected,
                "survivors": [dataclasses.asdict(s) for s in self.survivors],
                "allies": [[a, b, d] for (a, b), d in sorted(self.allies.items())],
                "shamblers": [dataclasses.asdict(z) for z in self.shamblers], "held": sorted(self.held)}

    def _restore(self) -> str:
        """The board kept on the table, if there is one; a message when it could not be read (the default board)."""
        data = self.table.state(BOARD_STATE) if self.table is not None and self.table.online else None
        if not data:
            return ""
        try:
            content = tracker_content(self.base, data["scenario"])     # a quick-play id is rolled again
            survivors = [SurvivorEntry(int(s["uid"]), str(s["name"]), float(s["to_goal"]), int(s["slots"]),
                                       bool(s["downed"]), {str(k): float(v) for k, v in s["spawn"].items()})
                         for s in data["survivors"]][:MAX_SURVIVORS]
            if not survivors:
                raise ValueError("no survivors")
            board = dict(
                content=content, scenario_id=data["scenario"], removed=int(data["removed"]),
                die_mode=data["die_mode"] if data["die_mode"] in ("app", "real") else "app",
                die=min(6, max(1, int(data["die"]))), _uid=int(data["uid"]),
                survivors=survivors, allies={(int(a), int(b)): float(d) for a, b, d in data["allies"]},
                shamblers=[ShamblerEntry(z["sees"], bool(z["lunge"]), bool(z.get("pins", False)))
                           for z in data["shamblers"]][:MAX_SHAMBLERS],
                held={str(h) for h in data["held"]},
                selected=data["selected"] if data["selected"] in {s.uid for s in survivors} else survivors[0].uid)
        except (KeyError, TypeError, ValueError, AttributeError, ToolError) as exc:
            return (f"The Director board kept on the table could not be read ({type(exc).__name__}): the "
                    "scenario's own board instead")
        for name, value in board.items():
            setattr(self, name, value)
        return ""

    def changed(self, relayout: bool = False) -> None:
        super().changed(relayout)
        if self.table is not None:
            self.table.keep(BOARD_STATE, self.board())

    # --- the board -----------------------------------------------------------------------------------------------
    def _next_uid(self) -> int:
        self._uid += 1
        return self._uid

    def follow_scenario(self, scenario: str) -> None:
        """The scenario's own board (the round tracker moved to it, here or on a phone)."""
        self.content = tracker_content(self.base, scenario)
        self.scenario_id = scenario
        self._reset_board()

    def spawn_points(self) -> list[str]:
        scen = self.content.scenarios[self.scenario_id]
        return [m.name for m in self.content.maps[scen.map].markers if m.kind in ("spawn_minor", "spawn_major")]

    def _deploy_defaults(self) -> tuple[dict[str, int], int]:
        """Distances from the deployment zone to each spawn point, and to the nearest objective (or exit)."""
        scen = self.content.scenarios[self.scenario_id]
        markers = self.content.maps[scen.map].markers
        home = _centre((m.x, m.y) for m in markers if m.kind == "deploy") or (0.0, 0.0)

        def dist(m) -> int:
            return max(1, round(math.hypot(m.x - home[0], m.y - home[1])))
        spawns = {m.name: dist(m) for m in markers if m.kind in ("spawn_minor", "spawn_major")}
        wanted = {t.marker for t in scen.tasks if t.marker}
        goals = [m for m in markers if m.kind == "objective" and (not wanted or m.name in wanted)] or \
                [m for m in markers if m.kind == "extract"]
        return spawns, min((dist(m) for m in goals), default=24)

    def _reset_board(self) -> None:
        scen = self.content.scenarios[self.scenario_id]
        spawns, goal = self._deploy_defaults()
        self.survivors: list[SurvivorEntry] = [
            SurvivorEntry(self._next_uid(), self.content.archetypes[a].name, goal, spawn=dict(spawns))
            for a in scen.team[:MAX_SURVIVORS]]
        self.allies: dict[tuple[int, int], float] = {}
        self.shamblers: list[ShamblerEntry] = []
        self.held: set[str] = set()
        self.selected = self.survivors[0].uid if self.survivors else None

    def ally_distance(self, a: int, b: int) -> float:
        return self.allies.get((min(a, b), max(a, b)), ALLY_DEFAULT)

    def names(self) -> dict[int, str]:
        """Each survivor's name, made unique and never empty (the facts refer to survivors by name)."""
        out: dict[int, str] = {}
        used: set[str] = set()
        for i, s in enumerate(self.survivors):
            name = s.name.strip() or f"Survivor {i + 1}"
            base, n = name, 2
            while name in used:
                name, n = f"{base} {n}", n + 1
            used.add(name)
            out[s.uid] = name
        return out

    def facts(self) -> dict:
        """The board facts, in the form director_assistant reads (see its EXAMPLE)."""
        names = self.names()
        spawns = self.spawn_points()
        survivors = []
        for s in self.survivors:
            survivors.append({
                "name": names[s.uid], "to_goal": s.to_goal, "slots_used": s.slots, "downed": s.downed,
                "spawn_distance": {sp: s.spawn.get(sp, 24) for sp in spawns},
                "allies": {names[o.uid]: self.ally_distance(s.uid, o.uid) for o in self.survivors if o is not s}})
        shamblers = [{"name": f"Shambler {i + 1}", "sees": names.get(z.sees) if z.sees is not None else None,
                      "lunge_reaches": z.lunge, "lunge_pins": z.pins} for i, z in enumerate(self.shamblers)]
        return {"shamblers_removed": self.removed, "held_spawns": sorted(self.held),
                "survivors": survivors, "shamblers": shamblers}

    # --- input changes -------------------------------------------------------------------------------------------
    def _set(self, name: str, relayout: bool = False):
        def apply(value) -> None:
            setattr(self, name, value)
            self.changed(relayout)
        return apply

    def _choose_scenario(self, scenario: str) -> None:
        """Another scenario: a new round tracker on the table, and that scenario's board."""
        self.restart_round(scenario, self.tracker.level)
        if self.tracker.scenario != self.scenario_id:
            self.follow_scenario(self.tracker.scenario)
        self.changed(relayout=True)

    def _choose_level(self, level: str) -> None:
        self.restart_round(self.tracker.scenario, level)
        self.changed(relayout=True)

    def _entry(self, obj, name: str, relayout: bool = False):
        def apply(value) -> None:
            setattr(obj, name, value)
            self.changed(relayout)
        return apply

    def _spawn_distance(self, s: SurvivorEntry, spawn: str):
        def apply(value: float) -> None:
            s.spawn[spawn] = value
            self.changed()
        return apply

    def _ally(self, a: int, b: int):
        def apply(value: float) -> None:
            self.allies[(min(a, b), max(a, b))] = value
            self.changed()
        return apply

    def _hold(self, spawn: str):
        def apply(on: bool) -> None:
            (self.held.add if on else self.held.discard)(spawn)
            self.changed()
        return apply

    def _real_die(self, faces: list[int]) -> None:
        self.die = faces[0]
        self.changed()

    def add_survivor(self) -> None:
        if len(self.survivors) >= MAX_SURVIVORS:
            return
        spawns, goal = self._deploy_defaults()
        s = SurvivorEntry(self._next_uid(), f"Survivor {len(self.survivors) + 1}", goal, spawn=dict(spawns))
        self.survivors.append(s)
        self.selected = s.uid
        self.changed(relayout=True)

    def remove_survivor(self, uid: int) -> None:
        if len(self.survivors) <= 1:
            return
        self.survivors = [s for s in self.survivors if s.uid != uid]
        self.allies = {k: v for k, v in self.allies.items() if uid not in k}
        for z in self.shamblers:
            if z.sees == uid:
                z.sees = None
        if self.selected == uid:
            self.selected = self.survivors[0].uid
        self.changed(relayout=True)

    def add_shambler(self) -> None:
        if len(self.shamblers) < MAX_SHAMBLERS:
            self.shamblers.append(ShamblerEntry(self.survivors[0].uid if self.survivors else None, False))
            self.changed(relayout=True)

    def remove_shambler(self, i: int) -> None:
        if 0 <= i < len(self.shamblers):
            del self.shamblers[i]
            self.changed(relayout=True)

    def select(self, uid: int) -> None:
        """Show the distances of this survivor."""
        if uid not in {s.uid for s in self.survivors}:
            return
        self.selected = uid
        for owner, group in getattr(self, "groups", {}).items():
            for w in group:
                w.visible = owner == uid
        for owner, b in getattr(self, "seat_buttons", {}).items():
            b.selected = owner == uid
        if hasattr(self, "detail_label"):
            self.detail_label.text = self._detail_title()

    def set_focus(self, widget) -> None:
        super().set_focus(widget)
        uid = getattr(widget, "uid", None)
        if uid is not None and uid != self.selected:
            self.select(uid)

    def _detail_title(self) -> str:
        return f"Inches from {self.names().get(self.selected, '?')}".upper()

    # --- layout --------------------------------------------------------------------------------------------------
    def build_inputs(self, form: Form) -> None:
        px = self.px
        gap = px(22)
        w1 = int((form.rect.width - gap) * 0.40)
        squeeze = form.squeeze
        col1 = Form(self, pygame.Rect(form.rect.x, form.rect.y, w1, form.rect.height), squeeze)
        col2 = Form(self, pygame.Rect(form.rect.x + w1 + gap, form.rect.y, form.rect.width - w1 - gap,
                                      form.rect.height), squeeze)
        self.column_gap_x = form.rect.x + w1 + gap // 2
        self._build_round(col1)
        self._build_survivors(col2)
        form.y = max(col1.y, self._lowest)      # how far down the columns reach: too far, and rows shrink

    def _build_round(self, form: Form) -> None:
        px, size = self.px, self.px(19)
        content = self.content
        form.label_w = int(form.rect.width * 0.50)
        form.heading("Scenario")
        form.full(Cycle([(s.name, sid) for sid, s in content.scenarios.items()], self.scenario_id,
                        self._choose_scenario, size=size,
                        tooltip="Its ambient Heat, spawn points, Doom track and the events the Director may buy. "
                                "Changing it starts the round tracker again (Undo takes it back)."))
        form.label_w = int(form.rect.width * 0.36)
        form.row("Director", Cycle([(lv.capitalize(), lv) for lv in DIRECTOR_LEVELS], self.tracker.level,
                                   self._choose_level, size=size,
                                   tooltip="How hard the Director plays. Changing it starts the round tracker again."),
                 tooltip="How hard the Director plays.")
        form.label_w = int(form.rect.width * 0.50)
        form.heading("This round")
        form.row("Shamblers killed", Stepper(self.removed, 0, 20, self._set("removed"), size=size,
                                             tooltip="Shamblers destroyed this round: the Director may Reanimate "
                                                     "one."), tooltip="Shamblers destroyed this round.")
        mode = Choice((("App", "app"), ("Real d6", "real")), self.die_mode, self._set("die_mode", True),
                      size=px(17), tooltip="The escalation die: the app rolls it in the Director Phase, or enter "
                                           "yours.")
        form.heading("Escalation die", mode, right_w=int(form.rect.width * 0.56))
        if self.die_mode == "real":
            form.row("Your d6", DiceRow([self.die], self._real_die, max_side=px(32),
                                        tooltip="Click to turn the die, or type its face."), height=px(32))
        form.heading(f"Shamblers ({len(self.shamblers)})",
                     Button("+ Add", self.add_shambler, size=px(17), hint="",
                            enabled=len(self.shamblers) < MAX_SHAMBLERS,
                            tooltip="A Shambler in sight of a survivor: can a 3\" lunge reach them?"),
                     right_w=int(form.rect.width * 0.34))
        options = self._sees_options()
        self.sees_cycles: list[Cycle] = []
        if self.shamblers:
            cols = self._columns(form, [(0.45, "#"), (4.6, "Sees"), (1.3, "Lands"), (1.3, "Pins"), (0.7, "")], px(4))
            form.y += line_height(px(14), True) + px(3)
            del cols
        for i, z in enumerate(self.shamblers):
            if form.room < form.row_h:
                break
            num = Label(str(i + 1), px(17), theme.INK_DIM, align="center")
            sees = Cycle(options, z.sees, self._entry(z, "sees"), size=px(17),
                         tooltip=f"Shambler {i + 1}: the nearest survivor it sees (with room to engage).")
            self.sees_cycles.append(sees)
            reach = Toggle("", z.lunge, self._entry(z, "lunge"), size=px(17),
                           tooltip="Ticked: a 3\" Sudden Lunge would end in base contact with that survivor.")
            pins = Toggle("", z.pins, self._entry(z, "pins"), size=px(17),
                          tooltip="Ticked: the lunge and the Shambler's own walk after it would reach that survivor, "
                                  "where its walk alone would not: they start their turn caught.")
            drop = Button("x", lambda i=i: self.remove_shambler(i), size=px(17), hint="", style="quiet",
                          tooltip=f"Remove Shambler {i + 1}.")
            form.line([(num, 0.45), (sees, 4.6), (reach, 1.3), (pins, 1.3), (drop, 0.7)], gap=px(4))
        if not self.shamblers:
            form.note("None near enough to lunge. Add one when a Shambler sees a survivor.")

    def _sees_options(self) -> list[tuple[str, int | None]]:
        names = self.names()
        return [("nobody", None)] + [(names[s.uid], s.uid) for s in self.survivors]

    def _columns(self, form: Form, weights, gap: int) -> list[tuple[int, int]]:
        """Small-caps column titles across a form, for the rows under them; returns (x, width) of each column."""
        px = self.px
        total = sum(w for w, _ in weights)
        room = form.rect.width - gap * (len(weights) - 1)
        x = form.rect.x
        out = []
        for wt, title in weights:
            w = round(room * wt / total)
            out.append((x, w))
            if title:
                self.widgets.append(Label(title.upper(), px(14), theme.INK_FAINT, True,
                                          rect=(x, form.y, w, line_height(px(14), True))))
            x += w + gap
        return out

    def _build_survivors(self, form: Form) -> None:
        px = self.px
        size = px(19)
        squeeze = form.squeeze
        form.row_h = int(px(30) * squeeze)
        form.gap = max(2, int(px(5) * squeeze))
        form.heading(f"Survivors ({len(self.survivors)})",
                     Button("+ Add", self.add_survivor, size=px(17), hint="",
                            enabled=len(self.survivors) < MAX_SURVIVORS, tooltip="Another survivor on the table."),
                     right_w=int(form.rect.width * 0.22))
        gap = px(4)
        weights = [(0.5, ""), (2.4, "Name"), (2.1, "To goal"), (1.9, "Slots"), (0.7, "Down"), (0.45, "")]
        self._columns(form, weights, gap)
        form.y += line_height(px(14), True) + px(3)
        self.seat_buttons: dict[int, Button] = {}
        for seat, s in enumerate(self.survivors, 1):
            pick = Button(str(seat), lambda uid=s.uid: self.select(uid), size=px(17), hint="", style="segment",
                          tooltip="Show this survivor's distances.")
            pick.selected = s.uid == self.selected
            self.seat_buttons[s.uid] = pick
            name = TextField(s.name, self._entry(s, "name"), size=size, max_len=16, placeholder=f"Survivor {seat}",
                             tooltip="The survivor's name (click and type).")
            goal = InchStepper(s.to_goal, 0, 99, self._entry(s, "to_goal"), size=size,
                           tooltip="Inches from finishing their part of the objective: the Director presses the "
                                   "closest.")
            slots = Stepper(s.slots, 0, self.content.rules.engagement_slots, self._entry(s, "slots"), size=size,
                            tooltip="Engagement slots already filled on them (a Horde fills 2).")
            down = Toggle("", s.downed, self._entry(s, "downed"), size=size, tooltip="Downed: the Director ignores "
                                                                                      "them when pressing.")
            drop = Button("x", lambda uid=s.uid: self.remove_survivor(uid), size=px(17), hint="", style="quiet",
                          enabled=len(self.survivors) > 1, tooltip=f"Remove {s.name or 'this survivor'}.")
            for w in (pick, name, goal, slots, down, drop):
                w.uid = s.uid
            form.line([(pick, 0.5), (name, 2.4), (goal, 2.1), (slots, 1.9), (down, 0.7), (drop, 0.45)], gap=gap)
        # the picked survivor's distances
        form.space(6)
        self.detail_label = Label(self._detail_title(), px(16), theme.INK_FAINT, True,
                                  rect=(form.rect.x, form.y, form.rect.width, line_height(px(16), True)))
        self.widgets.append(self.detail_label)
        form.y += line_height(px(16), True) + px(6)
        half_gap = px(16)
        left_w = int((form.rect.width - half_gap) * 0.56)
        spawn_col = Form(self, pygame.Rect(form.rect.x, form.y, left_w, form.rect.bottom - form.y))
        ally_col = Form(self, pygame.Rect(form.rect.x + left_w + half_gap, form.y, form.rect.width - left_w -
                                          half_gap, form.rect.bottom - form.y))
        for f in (spawn_col, ally_col):
            f.row_h, f.gap = int(px(28) * squeeze), max(2, int(px(4) * squeeze))
        self.groups: dict[int, list] = {s.uid: [] for s in self.survivors}
        spawn_kinds = self._spawn_kinds()
        step_w = int(left_w * 0.42)
        for sp in self.spawn_points():
            major = spawn_kinds.get(sp) == "major"
            held = Toggle(sp + (" *" if major else ""), sp in self.held, self._hold(sp), size=px(17),
                          tooltip=f"{sp}{' (major spawn point)' if major else ''}: tick it when a survivor stands "
                                  f"on or touches it - it cannot be used then.")
            spawn_col.add(held, pygame.Rect(spawn_col.rect.x, spawn_col.y, left_w - step_w - px(4), spawn_col.row_h))
            for s in self.survivors:
                st = InchStepper(s.spawn.get(sp, 24), 0, 99, self._spawn_distance(s, sp), size=px(17),
                             tooltip=f"Inches from {s.name or 'this survivor'} to {sp}.")
                st.uid = s.uid
                spawn_col.add(st, pygame.Rect(spawn_col.rect.right - step_w, spawn_col.y, step_w, spawn_col.row_h))
                self.groups[s.uid].append(st)
            spawn_col.y += spawn_col.row_h + spawn_col.gap
        spawn_col.note("Ticked: held by a survivor.  * major")
        self._lowest = spawn_col.y
        names = self.names()
        ally_col.label_w = int(ally_col.rect.width * 0.48)
        ally_col.size = px(17)
        for s in self.survivors:
            y0 = ally_col.y
            others = [o for o in self.survivors if o is not s]
            for o in others:
                if ally_col.room < ally_col.row_h:
                    break
                st = InchStepper(self.ally_distance(s.uid, o.uid), 0, 99, self._ally(s.uid, o.uid), size=px(17),
                                 tooltip=f"Inches between {names[s.uid]} and {names[o.uid]} (half inches count).")
                st.uid = s.uid
                label_count = len(self.widgets)
                ally_col.row(ellipsize(names[o.uid], px(17), ally_col.label_w - 8), st)
                self.groups[s.uid] += self.widgets[label_count:]
            if not others:
                ally_col.note("No allies on the table.")
                self.groups[s.uid].append(self.widgets[-1])
            ally_col.y = y0
        self.select(self.selected)

    def _spawn_kinds(self) -> dict[str, str]:
        scen = self.content.scenarios[self.scenario_id]
        return {m.name: m.kind[6:] for m in self.content.maps[scen.map].markers
                if m.kind in ("spawn_minor", "spawn_major")}

    def fill_results(self) -> None:
        if hasattr(self, "detail_label"):       # names typed since the layout: the labels that show them
            self.detail_label.text = self._detail_title()
            for cycle in self.sees_cycles:
                cycle.options = self._sees_options()
        super().fill_results()

    def build_actions(self, bar: pygame.Rect) -> list[Button]:
        px = self.px
        if self.tracker.phase == "survivors":
            b = Button("Director Phase", self.next_step, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                       style="primary", size=px(22),
                       tooltip="The Feeding Frenzy first, ambient Heat, the escalation roll, the purchases with "
                               "their reasons and the activation order.")
        else:
            b = Button("End Phase", self.next_step, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                       style="primary", size=px(22),
                       tooltip="Activations done: Doom moves one space, its event fires, and the next round starts.")
        b.rect = pygame.Rect(0, 0, px(300), 0)
        reset = Button("Reset board", self._reset_and_relayout, size=px(20), hint="",
                       tooltip="Back to the scenario's team at the deployment zone, no Shamblers (the round stays).")
        reset.rect = pygame.Rect(0, 0, px(170), 0)
        return [reset, b]

    def _reset_and_relayout(self) -> None:
        self._reset_board()
        self.changed(relayout=True)

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        x = getattr(self, "column_gap_x", None)
        if x is not None:
            pygame.draw.line(surface, mix(theme.PANEL_EDGE, theme.PANEL, 0.4), (x, self.left.y + self.px(14)),
                             (x, self.left.bottom - self.px(14)), 1)
