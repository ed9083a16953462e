"""Combat odds (game.tools.calculator) on screen: melee, swarm or ranged, from content ids or raw dice.

Inputs on the left; on the right the two pools, the win/tie/loss split, the key chances and the exact
distributions as bar charts (successes each side, wounds each way after the caps, Heat). Every change recomputes
at once; `self.result` is the calculator's Calculation for the inputs shown. "Roll it" (the app's dice) and "Use my
dice" (the faces typed in) resolve the attack shown and add its Heat to the round's running total, `self.tally`;
with a table (game.ui.tools.tool_table) that total is the table's, shared with the phones and kept across restarts.
"""
from __future__ import annotations

import random

import pygame

from game.tools import calculator as C
from game.tools.attack_roll import AttackRoll, HeatTally, roll_attack
from game.tools.common import Roller, ToolError, parse_faces
from game.tools.table_store import Change
from game.ui.tools.tool_table import TableSync
from game.ui.widgets import theme
from game.ui.widgets.controls import (
    Button,
    Choice,
    draw_text,
    draw_wrapped,
    ellipsize,
    line_height,
    mix,
    text_size,
    wrap,
)
from game.ui.widgets.tool_inputs import (
    BarChart,
    Chip,
    Cycle,
    Form,
    Stepper,
    TextField,
    Toggle,
    ToolScene,
    draw_caps,
    draw_figure,
    draw_split_bar,
    short_pct,
    slot_block,
    tool_error_text,
)

ATTACK_OPTIONS = (("Melee", "melee"), ("Swarm", "swarm"), ("Ranged", "ranged"))
NOTE_LINES = 3          # lines of caps and notes under the charts


class CalculatorScreen(TableSync, ToolScene):
    table_tool = "calc"
    title = "Combat odds"
    subtitle = "The dice each side rolls, and the exact chance of every result."
    keys_hint = "M / W / R  attack type"

    def __init__(self, content, attack: str = "melee", table=None):
        self.table = table
        self.attack = attack
        self.surv_mode = "archetype"            # archetype | dice
        self.archetype = "hunter" if "hunter" in content.archetypes else next(iter(content.archetypes))
        self.weapon: str | None = None          # None: the archetype's own (best) weapon
        self.surv_dice = 3
        self.zomb_mode = "pick"                 # pick | dice
        self.zombie: str | None = "shambler" if "shambler" in content.zombies else next(iter(content.zombies))
        self.swarm: list[str] = [self.zombie, self.zombie]
        self.to_add = self.zombie
        self.zomb_dice = 2
        self.slots = 2
        self.elite = False
        self.melee_cover = False
        self.cover = "none"
        self.aim = False
        self.hunker = False
        self.wounds_taken = 0
        self.tally = HeatTally()                # the round's running Heat total from "Roll it"
        self.last_roll: AttackRoll | None = None
        self.my_faces = ""                      # the faces rolled on the table, typed in
        super().__init__(content)
        self.pull()

    def load_state(self, data: dict | None) -> None:
        self.tally = self.table_tally(data)

    def table_tally(self, data: dict | None) -> HeatTally:
        try:
            return HeatTally.from_dict(data) if data else HeatTally()
        except ToolError as exc:        # a damaged state row: a total from 0, and say so
            self.say(f"The table's Heat total could not be read ({tool_error_text(exc)}); starting from 0")
            return HeatTally()

    def on_tally(self, act, kind: str) -> None:
        """Run `act(tally) -> summary` on the round's Heat total: the table's when there is one, else this window's."""
        if self.table is not None and self.table.online:
            kept = []

            def step(data):
                kept.append(self.table_tally(data))
                summary = act(kept[-1])         # first: the state kept is the one after the act
                return Change(kept[-1].to_dict(with_history=False), summary, kept[-1].as_text(), kind)
            if self.table.change("calc", step) is not None:
                self.tally = kept[-1]
                self.pushed()
                return
        act(self.tally)

    # --- the inputs as the calculator's options ------------------------------------------------------------------
    def _wound_limit(self) -> int:
        """Most wounds the zombie side may already have taken (0 when it does not apply)."""
        zs = self.content.zombies
        if self.attack == "swarm":
            if self.zomb_mode != "pick":
                return 0
            hordes = [zs[z].wounds for z in self.swarm if zs[z].fight_per_wound]
            return min(hordes) - 1 if hordes else 0
        if self.zomb_mode != "pick" and self.attack == "melee":
            return 0
        return zs[self.zombie].wounds - 1 if self.zombie else 0

    def options(self) -> dict:
        arch = self.archetype if self.surv_mode == "archetype" else None
        dice = self.surv_dice if self.surv_mode == "dice" else None
        taken = min(self.wounds_taken, self._wound_limit())
        shared = dict(archetype=arch, weapon=self.weapon, wounds_taken=taken)
        if self.attack == "melee":
            pick = self.zomb_mode == "pick"
            return dict(shared, attacker_dice=dice, zombie=self.zombie if pick else None,
                        defender_dice=None if pick else self.zomb_dice, melee_cover=self.melee_cover)
        if self.attack == "swarm":
            pick = self.zomb_mode == "pick"
            return dict(shared, defender_dice=dice, zombies=",".join(self.swarm) if pick else "",
                        attacker_dice=None if pick else self.zomb_dice, slots=None if pick else self.slots,
                        elite=False if pick else self.elite, melee_cover=self.melee_cover)
        return dict(shared, dice=dice, zombie=self.zombie, cover=self.cover, aim=self.aim, hunker=self.hunker)

    def recompute(self) -> None:
        try:
            self.result = C.calculate(self.content, self.attack, **self.options())
            self.error = ""
        except ToolError as exc:
            self.result = None
            self.error = tool_error_text(exc)

    # --- rolling it, and the round's Heat --------------------------------------------------------------------------
    def roll(self) -> None:
        """Roll it: the app rolls the attack shown, resolves it and adds its Heat to the round's total."""
        if self.result is None:
            return
        self.add_roll(roll_attack(self.result, Roller(rng=random.Random(random.SystemRandom().random()))))

    def enter_dice(self) -> None:
        """Enter my dice: the faces typed in (the attacker's first, then the defender's) resolve the attack shown."""
        if self.result is None:
            return
        try:
            roller = Roller(faces=parse_faces(self.my_faces, "My dice"))
            rolled = roll_attack(self.result, roller)
        except ToolError as exc:
            self.say(tool_error_text(exc) if "My dice" in str(exc) else f"My dice: {tool_error_text(exc)}")
            return
        self.add_roll(rolled)
        if roller.left:
            self.say(f"+{rolled.heat} Heat: {self.tally.total} this round ({len(roller.left)} die/dice left over: "
                     f"{' '.join(map(str, roller.left))})")

    def add_roll(self, rolled: AttackRoll) -> None:
        def act(tally: HeatTally) -> str:
            tally.add_roll(rolled)
            return f"{self.result.attack.capitalize()} roll: +{rolled.heat} Heat (total {tally.total})"
        self.on_tally(act, "roll")
        self.last_roll = rolled
        self.say(f"+{rolled.heat} Heat: {self.tally.total} this round")

    def new_round(self) -> None:
        def act(tally: HeatTally) -> str:
            was = tally.total
            tally.new_round()
            return f"New round: Heat total cleared (was {was})"
        self.on_tally(act, "clear")
        self.last_roll = None
        self.say("A new round: the Heat total is 0")

    def undo_step(self) -> str | None:
        if self.table is not None and self.table.online:
            entry = self.table.undo("calc")
            if entry is not False:          # False: the database just failed; undo in memory below
                self._seen = -1
                self.pull()
                self.last_roll = None
                return entry.summary if entry is not None else None
        if not self.tally.history:
            return None
        self.last_roll = None
        return self.tally.undo()

    def copy_text(self) -> str:
        text = super().copy_text()
        if self.last_roll is not None:
            text += "\n\n" + self.last_roll.as_text()
        if self.tally.entries:
            text += "\n\n" + self.tally.as_text()
        return text

    def build_actions(self, bar: pygame.Rect) -> list[Button]:
        px = self.px
        new = Button("New round", self.new_round, size=px(19), hint="",
                     tooltip="Start the round's Heat total again from 0.")
        new.rect = pygame.Rect(0, 0, px(150), 0)
        go = Button("Roll it", self.roll, hotkey=pygame.K_SPACE, hint="Space", style="primary", size=px(21),
                    tooltip="The app rolls this attack, resolves it and adds its Heat to the round's total.")
        go.rect = pygame.Rect(0, 0, px(190), 0)
        return [new, go]

    # --- input changes -------------------------------------------------------------------------------------------
    def set_attack(self, attack: str) -> None:
        self.attack = attack
        kinds = ("firearm", "thrown") if attack == "ranged" else ("melee",)
        if self.weapon and self.content.weapons[self.weapon].kind not in kinds:
            self.weapon = None
        if attack != "ranged" and self.zombie is None:
            self.zombie = self.to_add
        self.changed(relayout=True)

    def _set(self, name: str, relayout: bool = False):
        def apply(value) -> None:
            setattr(self, name, value)
            self.changed(relayout)
        return apply

    def add_member(self) -> None:
        if self._add_block(self.to_add) is None:
            self.swarm.append(self.to_add)
            self.changed(relayout=True)

    def remove_member(self, i: int) -> None:
        if 0 <= i < len(self.swarm):
            del self.swarm[i]
            self.changed(relayout=True)

    def _add_block(self, zid: str) -> str | None:
        return slot_block(self.content, self.swarm, zid)

    # --- layout ----------------------------------------------------------------------------------------------------
    def _weapon_options(self) -> list[tuple[str, str | None]]:
        kinds = ("firearm", "thrown") if self.attack == "ranged" else ("melee",)
        if self.surv_mode == "archetype":
            arch = self.content.archetypes[self.archetype]
            try:
                own = (C._ranged_weapon if self.attack == "ranged" else C._melee_weapon)(self.content, arch, None)
            except ToolError:
                own = None
            first = f"Their own: {own.name}" if own else ("Bare hands" if self.attack != "ranged" else "None carried")
        else:
            first = "No weapon"
        return [(first, None)] + [(w.name, wid) for wid, w in self.content.weapons.items() if w.kind in kinds]

    def build_inputs(self, form: Form) -> None:
        px, size = self.px, self.px(20)
        content = self.content
        form.heading("Attack")
        form.full(Choice(ATTACK_OPTIONS, self.attack, self.set_attack, size=size))

        survivor_is = {"melee": "Attacker", "swarm": "Defender", "ranged": "Shooter"}[self.attack]
        mode = Choice((("Archetype", "archetype"), ("Dice", "dice")), self.surv_mode,
                      self._set("surv_mode", True), size=px(18),
                      tooltip="Take the survivor's dice from an archetype card, or give the dice yourself.")
        form.heading(f"Survivor - {survivor_is.lower()}", mode)
        if self.surv_mode == "archetype":
            form.row("Who", Cycle([(a.name, aid) for aid, a in content.archetypes.items()], self.archetype,
                                  self._set("archetype", True), size=size))
        else:
            what = {"melee": "Fight dice", "swarm": "Defence dice", "ranged": "Dice"}[self.attack]
            tip = {"melee": "Fight + weapon + skill, before melee cover.",
                   "swarm": "The survivor's Fight + best melee weapon + skill.",
                   "ranged": "The weapon's dice + Shoot + skill, before Aim and cover."}[self.attack]
            form.row(what, Stepper(self.surv_dice, 0, 20, self._set("surv_dice"), size=size, tooltip=tip),
                     tooltip=tip)
        form.row("Weapon", Cycle(self._weapon_options(), self.weapon, self._set("weapon", True), size=size,
                                 tooltip="The weapon used: its dice, Heat and traits."))

        if self.attack == "ranged":
            form.heading("Target")
            targets = [("Any target (no cap)", None)] + [(z.name, zid) for zid, z in content.zombies.items()]
            form.row("Zombie", Cycle(targets, self.zombie, self._set("zombie", True), size=size,
                                     tooltip="The zombie shot at: its wounds left cap the damage."))
        else:
            zmode = Choice((("Pick", "pick"), ("Dice", "dice")), self.zomb_mode, self._set("zomb_mode", True),
                           size=px(18), tooltip="Name the zombies, or give their dice yourself.")
            form.heading("Zombie" if self.attack == "melee" else "The swarm", zmode)
            if self.zomb_mode == "dice":
                label = "Fight dice" if self.attack == "melee" else "Swarm dice"
                form.row(label, Stepper(self.zomb_dice, 0, 20, self._set("zomb_dice"), size=size))
                if self.attack == "swarm":
                    form.row("Slots filled", Stepper(self.slots, 1, content.rules.engagement_slots,
                                                     self._set("slots"), size=size,
                                                     tooltip="Engagement slots the swarm fills: caps its damage."))
                    form.full(Toggle("A Brute or a Horde is among them", self.elite, self._set("elite"), size=size,
                                     tooltip="An elite in the swarm lifts the cap to 3 wounds."))
            elif self.attack == "melee":
                form.row("Zombie", Cycle([(z.name, zid) for zid, z in content.zombies.items()], self.zombie,
                                         self._set("zombie", True), size=size))
            else:
                names = content.zombies
                form.chips([Chip(names[z].name, lambda i=i: self.remove_member(i), size=px(19))
                            for i, z in enumerate(self.swarm)])
                add_cycle = Cycle([(z.name, zid) for zid, z in names.items()], self.to_add,
                                  self._set("to_add", True), size=size)
                block = self._add_block(self.to_add)
                add = Button("Add", self.add_member, size=size, enabled=block is None, tooltip=block or
                             "Put this zombie in the swarm.", hint="")
                form.line([(add_cycle, 3), (add, 1)])
        limit = self._wound_limit()
        if limit > 0:
            horde = self.attack == "swarm"
            form.row("Horde wounds taken" if horde else "Wounds taken",
                     Stepper(min(self.wounds_taken, limit), 0, limit, self._set("wounds_taken"), size=size,
                             tooltip="Wounds it has already taken" + (": a Horde rolls 2 dice fewer for each."
                                                                      if horde else ".")))

        form.heading("Modifiers")
        if self.attack == "ranged":
            form.row("Cover", Choice((("None", "none"), ("Light", "light"), ("Heavy", "heavy")), self.cover,
                                     self._set("cover"), size=size,
                                     tooltip="Light cover: 5+ to hit. Heavy cover: 6+. Aim ignores light cover."))
            form.line([(Toggle("Aim", self.aim, self._set("aim"), size=size,
                               tooltip="The shooter spent an action aiming: one more die (scopes and Marksman "
                                       "more), and light cover stops counting."), 1),
                       (Toggle("Hunkered down", self.hunker, self._set("hunker"), size=size,
                               tooltip="The target hunkers down: one step harder to hit."), 1)])
        else:
            who = "The zombie" if self.attack == "melee" else "The survivor"
            form.full(Toggle(f"{who} is in a window or doorway", self.melee_cover, self._set("melee_cover"),
                             size=size, tooltip="Melee cover: the attacker rolls one die fewer."))

        form.heading("My dice")
        field = TextField(self.my_faces, self._faces_typed, size=size, max_len=40, placeholder="e.g. 6 4 1  5 2",
                          tooltip="The faces you rolled: the attacker's dice first, then the defender's.")
        use = Button("Use my dice", self.enter_dice, size=px(18), hint="",
                     tooltip="Resolve the attack with these faces and add its Heat to the round's total.")
        form.line([(field, 3), (use, 2)])
        self.named["My dice"] = field

    def _faces_typed(self, text: str) -> None:
        self.my_faces = text

    def build_results(self, rect: pygame.Rect) -> None:
        px = self.px
        self.charts: dict[str, BarChart] = {}
        calc = self.result
        if calc is None:
            return
        self.top_h = self._top_height(rect)
        area = pygame.Rect(rect.x, rect.y + self.top_h, rect.width, rect.bottom - rect.y - self.top_h -
                           self._notes_height(rect))
        gap = px(22)
        s = self.s
        surv_att = self.attack != "swarm"
        if calc.defender is None:       # ranged: hits, wounds, Heat in one row
            rows = [["att", "to_def", "heat"]]
        else:
            rows = [["att", "def"], ["to_def", "to_att", "heat"]]
        # A small window has room for fewer charts: the successes go first (the wounds and Heat matter most), and
        # with no room for even one row the key numbers above stand alone.
        least = BarChart(s=s).least_height()
        while rows and (area.height - gap * (len(rows) - 1)) // len(rows) < least:
            rows.pop(0)
        if not rows:
            return
        row_h = (area.height - gap * (len(rows) - 1)) // len(rows)
        for r, keys in enumerate(rows):
            cw = (area.width - gap * (len(keys) - 1)) // len(keys)
            for i, key in enumerate(keys):
                chart = BarChart(s=s)
                chart.place(pygame.Rect(area.x + i * (cw + gap), area.y + r * (row_h + gap), cw, row_h))
                self.charts[key] = chart
                self.widgets.append(chart)
        cap = calc.defender_cap.value if calc.defender_cap else None
        good, bad = theme.GOOD, theme.DANGER
        if "att" in self.charts:
            self.charts["att"].color = theme.SURVIVOR if surv_att else theme.ZOMBIE
        if "def" in self.charts:
            self.charts["def"].color = theme.ZOMBIE if surv_att else theme.SURVIVOR
        to_def_color = mix(good, theme.PANEL, 0.45) if surv_att else mix(bad, theme.PANEL, 0.2)
        if "to_def" in self.charts:
            self.charts["to_def"].color_of = (lambda v: (good if surv_att else bad) if cap is not None and v >= cap
                                              and v > 0 else to_def_color)
        if "to_att" in self.charts:
            self.charts["to_att"].color = mix(bad, theme.PANEL, 0.2) if surv_att else mix(good, theme.PANEL, 0.45)
        self.charts["heat"].color = theme.HEAT

    def fill_results(self) -> None:
        calc = self.result
        charts = getattr(self, "charts", {})
        if calc is None or not charts:
            return
        att, target = calc.attacker.side, calc.target
        ranged = calc.defender is None
        if "att" in charts:
            charts["att"].title = "Hits" if ranged else f"{att} successes"
            charts["att"].dist = calc.attacker_successes
            charts["att"].unit = "hits" if ranged else "successes"
        if "def" in charts:
            charts["def"].title = f"{calc.defender.side} successes"
            charts["def"].dist = calc.defender_successes
            charts["def"].unit = "successes"
        charts["to_def"].title = f"Wounds to {target}"
        charts["to_def"].dist = calc.wounds_to_defender
        charts["to_def"].unit = "wounds"
        if "to_att" in charts:
            charts["to_att"].title = f"Wounds to {att}"
            charts["to_att"].dist = calc.wounds_to_attacker
            charts["to_att"].unit = "wounds"
        charts["heat"].title = "Heat"
        charts["heat"].dist = calc.heat
        charts["heat"].unit = "Heat"

    def on_event(self, event: pygame.event.Event) -> None:
        keys = {pygame.K_m: "melee", pygame.K_w: "swarm", pygame.K_r: "ranged"}
        if event.type == pygame.KEYDOWN and event.key in keys:
            self.set_attack(keys[event.key])
            return
        super().on_event(event)

    # --- drawing the results -------------------------------------------------------------------------------------
    def _pool_lines(self) -> list[tuple[str, str]]:
        calc = self.result
        pools = [calc.attacker] + ([calc.defender] if calc.defender else [])
        out = []
        for p in pools:
            text = p.describe()
            if "  (" in text:
                head, parts = text.split("  (", 1)
                text = head if parts[:-1].startswith("dice ") and "+" not in parts and "-" not in parts \
                    else f"{head}  =  {parts[:-1]}"
            out.append((p.side[0].upper() + p.side[1:], text))
        return out

    def result_shape(self) -> object:
        calc = self.result
        if calc is None or not hasattr(self, "results_rect"):
            return calc is None
        return calc.defender is None, self._top_height(self.results_rect)

    def _top_height(self, rect: pygame.Rect) -> int:
        px = self.px
        title_lines = len(wrap(self.result.title, px(23), rect.width, True))
        h = title_lines * line_height(px(23), True) + px(6)
        h += len(self._pool_lines()) * line_height(px(19)) + px(14)
        h += px(84) + px(18)          # the key numbers
        return h

    def _notes(self) -> list[str]:
        calc = self.result
        lines = []
        if calc.defender_cap:
            lines.append(f"Wounds to {calc.target} capped at {calc.defender_cap.value}: {calc.defender_cap.reason}.")
        if calc.attacker_cap:
            lines.append(f"Wounds to {calc.attacker.side} capped at {calc.attacker_cap.value}: "
                         f"{calc.attacker_cap.reason}.")
        heat = f"{calc.weapon_heat} from the weapon, plus " if calc.weapon_heat else ""
        lines.append(f"Heat: {heat}1 for each natural 1 {calc.heat_from} rolls.")
        lines += [n[0].upper() + n[1:] + "." for n in calc.notes]
        return lines

    def _notes_height(self, rect: pygame.Rect) -> int:
        return NOTE_LINES * line_height(self.px(17)) + self.px(14)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        if self.result is None:
            self.draw_error(surface, rect)
            return
        calc = self.result
        y = rect.y
        y += draw_wrapped(surface, calc.title, pygame.Rect(rect.x, y, rect.width, 0), px(23), theme.INK, True)
        y += px(6)
        name_w = max(text_size(side, px(19), True)[0] for side, _ in self._pool_lines()) + px(12)
        for side, text in self._pool_lines():
            draw_text(surface, side, (rect.x, y), px(19), theme.INK, True)
            draw_text(surface, ellipsize(text, px(19), rect.width - name_w), (rect.x + name_w, y), px(19),
                      theme.INK_DIM)
            y += line_height(px(19))
        y += px(14)
        self._draw_key_numbers(surface, pygame.Rect(rect.x, y, rect.width, px(84)))
        if not getattr(self, "charts", None):     # too small a window for the charts (build_results left them out)
            draw_text(surface, ellipsize("A taller window shows every chance as a chart; `calc` in a terminal "
                                         "prints them all.", px(17), rect.width),
                      (rect.x, y + px(84) + px(18)), px(17), theme.INK_FAINT)
        # caps and notes along the bottom; the last roll and the round's Heat first
        ny = rect.bottom - NOTE_LINES * line_height(px(17))
        notes = self._notes()
        if self.last_roll is not None or self.tally.entries:
            notes = [self._roll_line()] + notes
        for line in notes[:NOTE_LINES]:
            draw_text(surface, ellipsize(line, px(17), rect.width), (rect.x, ny), px(17), theme.INK_FAINT)
            ny += line_height(px(17))

    def _roll_line(self) -> str:
        r = self.last_roll
        total = f"Heat this round: {self.tally.total}"
        if r is None:
            return total + "."
        faces = " ".join(map(str, r.attacker_faces)) + (f"  vs  {' '.join(map(str, r.defender_faces))}"
                                                         if r.defender else "")
        return (f"Rolled {faces}: {r.wounds_to_defender} wound{'s' if r.wounds_to_defender != 1 else ''} to "
                f"{r.target}" + (", stunned" if r.stunned else "") + f"; +{r.heat} Heat.  {total}.")

    def _draw_key_numbers(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, s = self.px, self.s
        calc = self.result
        chances = list(calc.chances.items())
        x = rect.x
        if calc.outcome:
            survivor = calc.defender.side if calc.attack == "swarm" else calc.attacker.side
            bar_w = int(rect.width * (0.46 if chances else 1.0))
            draw_caps(surface, f"{survivor}: win, tie or lose", (x, rect.y), s)
            big = short_pct(calc.outcome["win"])
            r = draw_text(surface, big, (x, rect.y + px(18)), px(40), theme.GOOD, True)
            draw_text(surface, "wins", (r.right + px(8), r.bottom - px(8)), px(20), theme.INK_DIM, anchor="bottomleft")
            draw_split_bar(surface, pygame.Rect(x, r.bottom + px(4), bar_w, px(40)),
                           [("Win", calc.outcome["win"], theme.GOOD),
                            ("Tie", calc.outcome["tie"], mix(theme.INK_FAINT, theme.PANEL, 0.2)),
                            ("Lose", calc.outcome["loss"], theme.DANGER)], s)
            x += bar_w + px(20)
        if not chances:
            return
        room = rect.right - x
        n = len(chances)
        gap = px(10)
        w = (room - gap * (n - 1)) // n
        for i, (label, p) in enumerate(chances):
            bad = "Downed" in label or (calc.attack == "swarm" and "destroyed" not in label)
            color = theme.DANGER if bad else (theme.GOOD if i == 0 else theme.ACCENT)
            short, sub = split_chance(label)
            draw_figure(surface, pygame.Rect(x + i * (w + gap), rect.y, w, rect.height), short, short_pct(p), color,
                        s, sub)



def split_chance(label: str) -> tuple[str, str]:
    """'Brute destroyed' -> ('Destroyed', 'the Brute'): a short tile heading and who it is about."""
    sub = ""
    if " (" in label:
        label, sub = label.split(" (", 1)
        sub = sub.rstrip(")")
    for verb in ("destroyed", "stunned", "Downed"):
        if label.endswith(" " + verb):
            subject = label[:-len(verb) - 1]
            if subject[:1].isupper() and not subject.startswith("The "):
                subject = f"the {subject}"
            return verb.capitalize(), subject + (f", {sub}" if sub else "")
    return label, sub
