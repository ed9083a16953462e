"""The desktop Director screen's round: the table's RoundTracker (game.tools.round_tracker), the very one the phones'
Director page and `director --table` keep.

Every noise tap, Director Phase, End Phase, restart and undo goes through game.tools.table_tools on the table, so a
phone sees it at its next look; a phone's change shows here within a second (TableSync polls the table). Without a
table (a database that failed) the same acts run on a tracker kept in memory. A table with no tracker yet gets this
screen's when the screen opens; after an undo takes the table's first tracker back, the next tap starts it again.

The right-hand panel: the round and Doom, the Heat made and carried, the Doom events by name; before the Director
Phase, one button per noise and this round's noise log; after it, the phase's report (the Feeding Frenzy first,
escalation, the purchases with their reasons, the activation order).
"""
from __future__ import annotations

import math

import pygame

from game.ai.director_levels import DEFAULT_DIRECTOR
from game.tools import director_assistant as D
from game.tools import table_tools as T
from game.tools.common import ToolError
from game.tools.round_tracker import RoundTracker, noise_buttons, tracker_content
from game.ui.tools.tool_table import TableSync
from game.ui.widgets import theme
from game.ui.widgets.controls import Block, Button, ScrollBox, draw_wrapped, line_height
from game.ui.widgets.tool_inputs import draw_caps, draw_figure, tool_error_text

TOOL = "director"


class RoundOnTable(TableSync):
    table_tool = TOOL
    base = None                 # the content without a rolled quick-play scenario
    tracker: RoundTracker | None = None

    # --- which tracker ------------------------------------------------------------------------------------------
    @property
    def on_table(self) -> bool:
        return self.table is not None and self.table.online

    def first_round(self) -> None:
        """The table's tracker when it has one (the board then follows its scenario); a table without one gets this
        screen's, so the phones at it see the same tracker at once."""
        data = self.table.state(TOOL) if self.on_table else None
        self.load_state(data)
        if self.on_table and not (data or {}).get("tracker"):
            self.restart_round(self.tracker.scenario, self.tracker.level)
        if self.on_table:
            self._seen = self.table.version()

    def load_state(self, data: dict | None) -> None:
        t = None
        if data and data.get("tracker"):
            try:
                t = RoundTracker.from_dict(data["tracker"], self.base)
            except ToolError as exc:        # a damaged row: a new tracker here, and say so
                self.say(f"The table's round tracker could not be read ({tool_error_text(exc)}): a new one")
        if t is None:
            level = self.tracker.level if self.tracker is not None else DEFAULT_DIRECTOR
            t = RoundTracker.new(self.base, self.scenario_id, level)
        self.tracker = t
        if t.scenario != self.scenario_id:
            self.follow_scenario(t.scenario)

    def follow_scenario(self, scenario: str) -> None:
        """The board of another scenario (the screen implements it)."""
        raise NotImplementedError

    def round_content(self):
        return tracker_content(self.base, self.tracker.scenario)

    # --- acts -----------------------------------------------------------------------------------------------------
    def on_round(self, act, kind: str, facts: str | None = None) -> str | None:
        """One act on the tracker (table_tools' noise_act, director_act, end_act), on the table when there is one;
        its summary, or None after saying why it could not be done."""
        try:
            if self.on_table:
                done = self.table.run(lambda store, code: self._on_table(store, code, act, kind, facts))
                if done is not None:
                    self.tracker = done.result
                    self.pushed()
                    return done.summary
            return act(self.tracker)        # in memory: the tracker keeps its own undo steps
        except ToolError as exc:
            self.say(tool_error_text(exc))
            return None

    def _on_table(self, store, code, act, kind, facts):
        if not (store.state(code, TOOL) or {}).get("tracker"):     # the table has none yet: this screen's first
            T.start_tracker(store, code, self.base, self.tracker.scenario, self.tracker.level)
        return T.on_tracker(store, code, self.base, act, kind, facts)

    def restart_round(self, scenario: str, level: str) -> None:
        """A new tracker (another scenario or Director level): round 1, Doom 1. Undo takes it back on a table."""
        try:
            if self.on_table:
                done = self.table.run(lambda store, code: T.start_tracker(store, code, self.base, scenario, level))
                if done is not None:
                    self.tracker = done.result
                    self.pushed()
                    return
            self.tracker = RoundTracker.new(self.base, scenario, level)
        except ToolError as exc:
            self.say(tool_error_text(exc))

    def tap_noise(self, key: str) -> None:
        if self.on_round(T.noise_act(self.base, key), "noise"):
            self.changed()

    def run_phase(self) -> None:
        """The Director Phase with the board as entered and the escalation die (the app's, or the real d6)."""
        facts = self.facts()
        die = self.die if self.die_mode == "real" else None
        summary = self.on_round(T.director_act(self.base, facts, die), "purchase", T.facts_text(facts))
        if summary:
            self.say(summary)
            self.changed(relayout=True)

    def end_round(self) -> None:
        summary = self.on_round(T.end_act(self.base), "end")
        if summary:
            self.say(summary)
            self.changed(relayout=True)

    def next_step(self) -> None:
        """The primary button: the Director Phase, then the End Phase."""
        (self.run_phase if self.tracker.phase == "survivors" else self.end_round)()

    def undo_step(self) -> str | None:
        """The tracker's last change, whoever made it (a phone's tap too: the table has one tracker)."""
        if self.on_table:
            entry = self.table.undo(TOOL)
            if entry is not False:          # False: the database just failed; undo in memory below
                self._seen = -1
                self.pull()
                return entry.summary if entry else None
        return self.tracker.undo() if self.tracker.history else None

    def copy_text(self) -> str:
        return self.tracker.as_text(self.base)

    def recompute(self) -> None:
        self.result, self.error = self.tracker, ""

    def result_shape(self) -> object:
        return self.tracker.phase, self.tracker.scenario, self.tracker.level

    # --- the panel ------------------------------------------------------------------------------------------------
    def build_results(self, rect: pygame.Rect) -> None:
        px = self.px
        self.figures_rect = pygame.Rect(rect.x, rect.y, rect.width, px(86))
        y = self.figures_rect.bottom + px(10)
        self.events_rect = pygame.Rect(rect.x, y, rect.width, 2 * line_height(px(17)))
        y = self.events_rect.bottom + px(10)
        self.noise_buttons = []
        if self.tracker.phase == "survivors":
            self.noise_top = y
            y += line_height(px(16), True) + px(6)
            y = self._place_noise(pygame.Rect(rect.x, y, rect.width, rect.bottom - y - 2 * line_height(px(17))))
        self.round_box = ScrollBox([], pygame.Rect(rect.x, y, rect.width, max(10, rect.bottom - y)), size=px(17),
                                   scale=self.s)
        self.widgets.append(self.round_box)

    def _place_noise(self, room: pygame.Rect) -> int:
        """One button per noise, in as many columns as it takes to fit `room` (rows shrink first); the y under them."""
        px = self.px
        buttons = noise_buttons(self.round_content())
        gap, size = px(6), px(16)
        least = line_height(size) + 4
        cols = 3 if room.width >= px(440) else 2
        while True:
            rows = math.ceil(len(buttons) / cols)
            h = min(px(30), (room.height - gap * (rows - 1)) // rows)
            if h >= least or cols >= 4:
                break
            cols += 1
        h = max(h, least)
        w = (room.width - gap * (cols - 1)) // cols
        for i, b in enumerate(buttons):
            r, c = divmod(i, cols)
            button = Button(b.label, lambda key=b.key: self.tap_noise(key), size=size, hint="",
                            tooltip=f"{b.label}: one tap adds it to this round's noise log"
                                    + (" (it lands on next round's track)." if b.next_round else "."),
                            rect=(room.x + c * (w + gap), room.y + r * (h + gap), w, h))
            self.noise_buttons.append(button)
            self.widgets.append(button)
        return room.y + rows * (h + gap) + px(8)

    def fill_results(self) -> None:
        box = getattr(self, "round_box", None)
        if box is None:
            return
        blocks = report_blocks(self.tracker.report) if self.tracker.phase == "director" else self._noise_blocks()
        if [(b.kind, b.key, b.text) for b in box.blocks] != [(b.kind, b.key, b.text) for b in blocks]:
            box.set_blocks(blocks)

    def _noise_blocks(self) -> list[Block]:
        """This round's noise log on one wrapped line, newest first (a small window still shows the latest taps)."""
        t = self.tracker
        logged = ", ".join(n["label"] for n in reversed(t.noise)) or "no noise yet this round"
        return [Block("k", logged, f"{t.made - t.carried} Heat")]

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px, s, t = self.px, self.s, self.tracker
        scen = self.round_content().scenarios[t.scenario]
        gap = px(10)
        fr = self.figures_rect
        w = (fr.width - gap) // 2
        finale = f"Finale: last round {t.finale_round}" if t.finale_round else next_event(self.round_content(), t)
        draw_figure(surface, pygame.Rect(fr.x, fr.y, w, fr.height), f"Doom - round {t.round}",
                    f"{t.doom}/{scen.doom_length}", theme.DOOM, s, finale)
        right = pygame.Rect(fr.x + w + gap, fr.y, fr.width - w - gap, fr.height)
        if t.phase == "director" and t.report:
            r = t.report
            draw_figure(surface, right, "Heat on the track", str(r["heat"]), theme.HEAT, s,
                        f"{r['heat_made'] + r['carried']} made + {r['ambient']} ambient")
        else:
            draw_figure(surface, right, "Heat made", str(t.made), theme.HEAT, s,
                        f"{t.carried} carried in, {t.next_round} due next round")
        fired = ", ".join(f"{f['event']} ({f['space']})" for f in t.doom_fired)
        draw_wrapped(surface, f"Doom events: {fired}" if fired else "No Doom event has fired yet.", self.events_rect,
                     px(17), theme.INK_DIM if fired else theme.INK_FAINT, max_lines=2)
        if t.phase == "survivors":
            draw_caps(surface, "Noise - one tap each", (rect.x, self.noise_top), s)


def next_event(content, t: RoundTracker) -> str:
    """The next Doom event ahead on the track, by name."""
    scen = content.scenarios[t.scenario]
    ahead = sorted((space, e) for space, e in scen.doom_events.items() if space > t.doom)
    if not ahead:
        return f"Finale at space {scen.doom_length}"
    space, event = ahead[0]
    return f"next: {content.events[event].name} at {space}"


def report_blocks(r: dict | None) -> list[Block]:
    """One Director Phase (the tracker's report) as the panel's text, in the order it is played."""
    if not r:
        return [Block("p", "The Director Phase has run.")]
    blocks: list[Block] = []
    if r["frenzy"]:
        blocks.append(Block("h", "First, the Feeding Frenzy"))
        blocks += [Block("b", upper_first(D.frenzy_text(f))) for f in r["frenzy"]]
    esc = r["escalation"]
    blocks.append(Block("h", "Escalation"))
    if esc["need"] is None:
        blocks.append(Block("p", "No roll below 8 Heat."))
    elif esc["need"] == 0:
        blocks.append(Block("p", "Automatic at 15 Heat: Doom advances."))
    else:
        verdict = "Doom advances" if esc["doom_advances"] else "no escalation"
        blocks.append(Block("p", f"Needs {esc['need']}+ on a d6, rolled {esc['die']}: {verdict}."))
    if r["doom_events"]:
        blocks.append(Block("p", "Doom event: " + ", ".join(r["doom_events"])))
    blocks.append(Block("h", "The Director buys"))
    blocks += [Block("k", purchase_line(p["what"], p["reason"]), f"{p['cost']} Heat") for p in r["purchases"]]
    if not r["purchases"]:
        blocks.append(Block("p", "Nothing worth buying."))
    if r["heat_lost"]:
        blocks.append(Block("p", f"{r['heat_lost']} Heat unspent is lost."))
    blocks.append(Block("h", "Then the horde acts, in this order"))
    blocks += [Block("k", text, f"{i}.") for i, text in enumerate(r["orders"], 1)]
    return blocks



def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def purchase_line(what: str, reason: str) -> str:
    """A purchase and its reason, without the reason's own repeat of what was bought ("Hunter at X: ...")."""
    for head in (what, what.split(" ", 1)[-1]):
        if reason.startswith(head + ": "):
            reason = reason[len(head) + 2:]
            break
    return f"{what}: {reason}"
