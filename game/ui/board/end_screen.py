"""The end of a game: who won and why, in words, and the night in numbers - rounds, Doom, escalations, the team's
fate, zombies by type, Heat round by round. Everything is read from the session's event stream (game_stats).

The board calls `app.replace(EndScreen(content, session, record))` when a game ends; `session` may be the Session
or the RecordingSession around it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pygame

from game.content.defs import Content
from game.ui.widgets import theme
from game.ui.widgets.app import new_seed
from game.ui.widgets.controls import (
    Button,
    UIScene,
    draw_panel,
    draw_text,
    draw_wrapped,
    ellipsize,
    line_height,
    mix,
    text_size,
)
from game.ui.widgets.navigation import go
from game.world.agendas import night_of, verdicts
from game.world.components import Status, Survivor
from game.world.saves import GameRecord
from game.world.session import AI_OWNER


@dataclass
class Fate:
    name: str
    archetype: str
    fate: str            # escaped | lost | standing | downed
    detail: str = ""     # how they were lost
    kills: int = 0       # zombies destroyed by their attacks
    wounds: int = 0      # wounds they took
    searches: int = 0
    agenda: str = ""     # their Secret Agenda card's name, if the game dealt them
    agenda_kept: bool = False
    agenda_why: str = ""
    player: str = ""     # hot-seat: who played them ("AI" for the survivor AI)


@dataclass
class GameStats:
    scenario: str
    seed: int
    winner: str | None
    cause: str | None
    rounds: int
    doom: int
    doom_length: int
    escalations: int = 0
    escalation_rounds: list[int] = field(default_factory=list)
    heat: dict[int, int] = field(default_factory=dict)         # round -> highest Heat on the track
    team: list[Fate] = field(default_factory=list)
    spawned: Counter = field(default_factory=Counter)          # zombie kind -> brought in during the game
    at_start: Counter = field(default_factory=Counter)         # zombie kind -> on the board at the start
    reanimated: Counter = field(default_factory=Counter)       # zombie kind -> destroyed, then back on its feet
    destroyed: Counter = field(default_factory=Counter)        # zombie kind -> destroyed
    events: list[tuple[str, str]] = field(default_factory=list)   # (why, event name) in the order they fired
    purchases: int = 0
    heat_spent: int = 0
    objective: str = ""                                          # how far the job got, in words
    moments: list[tuple[int, str, str]] = field(default_factory=list)   # (round, tone, what): the night's turns

    @property
    def lost(self) -> list[Fate]:
        return [f for f in self.team if f.fate == "lost"]

    @property
    def escaped(self) -> list[Fate]:
        return [f for f in self.team if f.fate == "escaped"]


def unwrap(session):
    """The Session inside a RecordingSession (or the Session itself)."""
    return session.session if hasattr(session, "session") and not hasattr(session, "events") else session


def game_stats(session) -> GameStats:
    """The numbers of a finished (or abandoned) game, from its events."""
    s = unwrap(session)
    winner, cause = s.result if s.result else (None, None)
    st = GameStats(s.scenario.id, s.seed, winner, cause, s.round, s.doom, s.scenario.doom_length)
    rnd = 0
    fates: dict[int, tuple[str, str]] = {}
    night = night_of(s)           # who destroyed, took and searched what: the same reading as the agendas'
    if night.first_kill is not None:
        at, killer, kind = night.first_kill
        zdef = s.content.zombies.get(kind)
        st.moments.append((at, "good", f"First blood: {s.name(killer)} destroys "
                                       f"{'a ' + zdef.name if zdef else 'a zombie'}"))
    for e in s.events:
        d = e.data
        if e.kind in ("downed", "eliminated", "escape"):
            tone = {"escape": "good", "eliminated": "death"}.get(e.kind, "danger")
            st.moments.append((rnd, tone, e.text))
        elif e.kind == "objective" and e.text.startswith("Objective step done"):
            st.moments.append((rnd, "good", e.text.split(". Next:")[0]))
        elif e.kind == "doom" and d.get("cause") in ("escalation", "clatter"):
            st.moments.append((rnd, "doom", f"Heat escalates: Doom to {d.get('doom')}"))
        elif e.kind == "event" and d.get("name"):
            st.moments.append((rnd, "doom", f"{d['name']} ({d.get('why', 'event').lower()})"))
        if e.kind == "round":
            rnd = d.get("round", rnd + 1)
            st.heat.setdefault(rnd, 0)
        elif e.kind == "heat" and "heat" in d and rnd:
            st.heat[rnd] = max(st.heat.get(rnd, 0), d["heat"])
        elif e.kind == "doom" and d.get("cause") in ("escalation", "clatter"):
            st.escalations += 1
            st.escalation_rounds.append(rnd)
        elif e.kind == "spawn":
            if not rnd:
                st.at_start[d.get("kind", "?")] += 1
            elif d.get("how") == "reanimated":
                st.reanimated[d.get("kind", "?")] += 1
            else:
                st.spawned[d.get("kind", "?")] += 1
        elif e.kind == "killed":
            st.destroyed[d.get("kind", "?")] += 1
        elif e.kind == "eliminated" and d.get("who") is not None:
            fates[d["who"]] = ("lost", d.get("cause", ""))
        elif e.kind == "escape" and d.get("who") is not None:
            fates[d["who"]] = ("escaped", "")
        elif e.kind == "event" and "event" in d:
            st.events.append((d.get("why", ""), d.get("name", d["event"])))
        elif e.kind == "purchase" and "cost" in d:
            st.purchases += 1
            st.heat_spent += d["cost"]
    st.moments.sort(key=lambda m: m[0])      # first blood joins the round it happened in
    cards = {v.survivor: v for v in verdicts(s)}
    for eid in s.survivors(on_board=False):
        surv = s.comp(eid, Survivor)
        fate, detail = fates.get(eid, ("", ""))
        if not fate:
            fate = "downed" if s.comp(eid, Status).downed else "standing"
        card, owner = cards.get(eid), s.owner(eid)
        st.team.append(Fate(surv.name, surv.archetype, fate, detail, night.kills[eid], night.wounds[eid],
                            night.searches[eid], card.agenda.name if card else "", bool(card and card.kept),
                            card.why if card else "", owner.player if owner is not None else ""))
    st.objective = objective_words(s)
    return st


OBJECTIVE_VERBS = {"deliver": "delivered", "extract": "out", "interact": "done", "hold": "rounds held",
                   "survive": "rounds held out"}


def objective_words(s) -> str:
    """How far the job got, in a table's words: "complete", or the step it stopped on and its count ("1 of 2
    delivered", with "step 2 of 3:" before it when the job has several steps)."""
    tasks = s.scenario.tasks
    if not tasks:
        return ""
    if s.task_index >= len(tasks):
        return "complete"
    task = tasks[s.task_index]
    need = s.task_need()
    words = f"{min(s.task_progress, need)} of {need} {OBJECTIVE_VERBS.get(task.kind, 'done')}"
    return (f"step {s.task_index + 1} of {len(tasks)}: " if len(tasks) > 1 else "") + words


def verdict(stats: GameStats, session=None) -> tuple[str, str]:
    """(headline, the cause in a sentence)."""
    s = unwrap(session) if session is not None else None
    if stats.winner is None:
        return "Game left unfinished", "The game was left before either side won."
    if stats.winner == "survivors":
        if stats.cause == "extraction":
            return "The survivors win", "Enough of the team reached the way out to make the escape quota."
        task = s.scenario.tasks[-1].text if s is not None and s.scenario.tasks else ""
        return "The survivors win", ("The team got the job done" + (f": {task[0].lower()}{task[1:]}" if task
                                                                     else ".")).rstrip(".") + "."
    cause = stats.cause
    if cause == "casualties":
        lost, start = len(stats.lost), len(stats.team)
        if lost * 2 > start:
            return "The Director wins", f"More than half of the team was lost ({lost} of {start})."
        return "The Director wins", "Too few survivors were left to make the escape quota."
    if cause == "no survivors left":
        return "The Director wins", "No survivor was left on the board, and the job was not done."
    if cause == "doom":
        text = "Time ran out: the last round after the Doom Finale ended with the job unfinished."
        task = s.scenario.tasks[-1] if s is not None and s.scenario.tasks else None
        if task is not None and task.kind in ("hold", "survive") and s.task is task:
            text = (f"Time ran out: the last round after the Doom Finale ended with only {s.task_progress} of the "
                    f"{task.rounds} rounds the job needed " + ("held." if task.kind == "hold" else "held out."))
        if task is not None and task.kind == "extract" and stats.escaped:
            need = min(task.count, len(stats.team))
            text = (f"Time ran out: when the last round ended, only {len(stats.escaped)} of the {need} survivors "
                    f"who had to escape were out.")
        return "The Director wins", text
    return "The Director wins", f"{cause}."


def fate_look(fate: str) -> tuple[str, tuple]:
    """(word, colour) of a survivor's fate, in the palette in use."""
    return {"escaped": ("Escaped", theme.GOOD), "lost": ("Lost", theme.DANGER),
            "standing": ("Still standing", theme.INK), "downed": ("Downed", theme.HEAT)}.get(fate, (fate, theme.INK))


class EndScreen(UIScene):
    def __init__(self, content: Content, session, record, demo_level: str | None = None, replay=None):
        """`replay`: the path of the game's replay file (None if it could not be kept)."""
        super().__init__()
        self.replay = replay
        self.content = content
        self.session = unwrap(session)
        self.record = record
        self.demo_level = demo_level
        self.stats = game_stats(self.session)
        self.headline, self.cause_text = verdict(self.stats, self.session)

    def layout(self, w: int, h: int) -> None:
        px = self.px
        margin = px(40)
        by = h - px(72)
        menu = Button("Back to menu", self.to_menu, hotkey=pygame.K_ESCAPE, size=px(24))
        menu.rect = pygame.Rect(margin, by, px(230), px(50))
        again = Button("Play again", self.play_again, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                       style="primary", size=px(25),
                       tooltip="The same scenario and team, with a new seed." if not self.demo_level else
                       "Another demo game on the same scenario.")
        again.rect = pygame.Rect(w - margin - px(240), by, px(240), px(50))
        same = Button("Same seed", self.replay_seed, hotkey=pygame.K_r, hint="R", size=px(23),
                      tooltip="The same scenario, team and seed: the same dice, if you play the same moves.")
        same.rect = pygame.Rect(again.rect.x - px(236), by, px(220), px(50))
        watch = Button("Watch again", self.watch_again, hotkey=pygame.K_w, hint="W", size=px(23),
                       enabled=self.replay is not None,
                       tooltip="The whole game again, step by step, with a timeline of its key moments." if self.replay
                       else "The replay of this game could not be written to the replay folder.")
        watch.rect = pygame.Rect(same.rect.x - px(236), by, px(220), px(50))
        self.widgets += [menu, watch, same, again]
        top = px(172)
        gap = px(18)
        chart_h = px(176)
        bottom = by - px(22)
        row_h = bottom - chart_h - gap - top
        col_w = (w - 2 * margin - 2 * gap) // 3
        self.panels = [pygame.Rect(margin + i * (col_w + gap), top, col_w, row_h) for i in range(3)]
        self.chart = pygame.Rect(margin, top + row_h + gap, w - 2 * margin, chart_h)

    def to_menu(self) -> None:
        self.app.clear_to(1)
        if self.app.stack:
            self.app.stack[0].enter()
        else:
            self.app.push(go("main_menu", self.content))

    def back(self) -> None:
        self.to_menu()

    def watch_again(self) -> None:
        if self.replay is not None:
            go("watch_replay", self.app, self.content, self.replay)

    def replay_seed(self) -> None:
        self.play_again(self.record.seed)

    def play_again(self, seed: int | None = None) -> None:
        record = GameRecord(self.record.scenario, new_seed() if seed is None else seed, tuple(self.record.team),
                            director=self.record.director, agendas=self.record.agendas, side=self.record.side,
                            survivor_level=self.record.survivor_level, players=self.record.players,
                            owners=self.record.owners, director_player=self.record.director_player)
        if not self.app.stack or self.app.stack[0] is self:
            self.app.stack.insert(0, go("main_menu", self.content))
            self.app.stack[0].app = self.app
        go("open_game", self.app, self.content, record, demo_level=self.demo_level)

    # drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        st = self.stats
        w = surface.get_width()
        margin = px(40)
        scen = self.session.scenario
        as_director = getattr(self.record, "side", "survivors") == "director"
        mode = (f"  -  you were the Director against the {self.record.survivor_level} survivor AI" if as_director
                else "  -  demo" if self.demo_level else "")
        draw_text(surface, (f"{scen.name}  -  seed {st.seed}" + mode).upper(), (margin, px(30)), px(18),
                  theme.INK_FAINT, True)
        ours = "director" if as_director else "survivors"      # the player's side is told in the good colour
        color = theme.INK if not st.winner else (theme.GOOD if st.winner == ours else theme.DANGER)
        r = draw_text(surface, self.headline, (margin, px(54)), px(64), color, True)
        draw_text(surface, self.cause_text, (margin, r.bottom + px(10)), px(25), theme.INK)
        draw_text(surface, "F1  Rules help", (w - margin, px(30)), px(19), theme.INK_FAINT, anchor="topright")
        self._summary(surface, self.panels[0])
        self._team(surface, self.panels[1])
        self._zombies(surface, self.panels[2])
        self._heat(surface, self.chart)

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
        px = self.px
        draw_panel(surface, rect, radius=px(12), shadow=True)
        pad = px(18)
        draw_text(surface, title.upper(), (rect.x + pad, rect.y + pad), px(17), theme.INK_DIM, True)
        top = rect.y + pad + line_height(px(17), True) + px(10)
        return pygame.Rect(rect.x + pad, top, rect.width - 2 * pad, rect.bottom - pad - top)

    def _pairs(self, surface, inner: pygame.Rect, pairs, y: int | None = None) -> int:
        px = self.px
        y = inner.y if y is None else y
        lh = line_height(px(22)) + px(6)
        for key, value, color in pairs:
            if y + lh > inner.bottom + px(4):
                break
            draw_text(surface, key, (inner.x, y), px(21), theme.INK_DIM)
            draw_text(surface, value, (inner.right, y), px(22), color, True, anchor="topright")
            y += lh
        return y

    def _summary(self, surface, rect) -> None:
        px = self.px
        st = self.stats
        inner = self._panel(surface, rect, "The night")
        esc = str(st.escalations)
        if st.escalation_rounds:
            esc += f"  (round{'s' if len(st.escalation_rounds) > 1 else ''} " \
                   f"{', '.join(map(str, st.escalation_rounds))})"
        doom_color = theme.DOOM if st.doom >= st.doom_length else theme.INK
        pairs = [("Rounds played", str(st.rounds), theme.INK),
                 ("Doom", f"{st.doom} / {st.doom_length}", doom_color),
                 ("Escalations", esc, theme.DOOM if st.escalations else theme.INK),
                 ("Peak Heat", str(max(st.heat.values(), default=0)), theme.HEAT),
                 ("Director's purchases", f"{st.purchases}  ({st.heat_spent} Heat)", theme.INK)]
        if st.objective:
            pairs.insert(0, ("Objective", st.objective, theme.GOOD if st.objective == "complete" else theme.INK))
        y = self._pairs(surface, inner, pairs) + px(6)
        if st.moments:
            draw_moments(surface, pygame.Rect(inner.x, y, inner.width, inner.bottom - y), st.moments, px)

    def _team(self, surface, rect) -> None:
        px = self.px
        st = self.stats
        inner = self._panel(surface, rect, "Survivors")
        standing = len(st.team) - len(st.escaped) - len(st.lost)
        head = (f"{len(st.escaped)} escaped, " if st.escaped else f"{standing} left, ") + \
            f"{len(st.lost)} lost of {len(st.team)}"
        draw_text(surface, head, (inner.right, rect.y + px(18)), px(18), theme.INK_DIM, anchor="topright")
        lh = max(line_height(px(22)) + line_height(px(17)) + px(4), (inner.height) // max(1, len(st.team)))
        lh = min(lh, px(52))
        y = inner.y
        for f in st.team:
            if y + line_height(px(22)) > inner.bottom + px(4):
                break
            label, color = fate_look(f.fate)
            pygame.draw.circle(surface, color, (inner.x + px(6), y + line_height(px(22)) // 2), px(5))
            name = f.name if not f.player else f"{f.name} ({'survivor AI' if f.player == AI_OWNER else f.player})"
            draw_text(surface, ellipsize(name, px(22), inner.width - px(140)), (inner.x + px(20), y), px(22),
                      theme.INK)
            draw_text(surface, label, (inner.right, y), px(21), color, True, anchor="topright")
            if f.agenda and lh >= line_height(px(22)) + line_height(px(17)):
                verdict = f"Agenda {f.agenda}: {'kept' if f.agenda_kept else 'failed'} ({f.agenda_why})"
                draw_text(surface, ellipsize(verdict, px(17), inner.width - px(20), f.agenda_kept),
                          (inner.x + px(20), y + line_height(px(22))), px(17),
                          theme.ACCENT if f.agenda_kept else theme.INK_FAINT, f.agenda_kept)
            elif lh >= line_height(px(22)) + line_height(px(17)):
                numbers = (f"{f.kills} kill{'s' if f.kills != 1 else ''}, "
                           f"{f.wounds} wound{'s' if f.wounds != 1 else ''} taken, "
                           f"{f.searches} search{'es' if f.searches != 1 else ''}")
                line = numbers + (f"; {f.detail}" if f.detail else "")
                draw_text(surface, ellipsize(line, px(17), inner.width - px(20)),
                          (inner.x + px(20), y + line_height(px(22))), px(17), theme.INK_FAINT)
            y += lh

    def _zombies(self, surface, rect) -> None:
        px = self.px
        st = self.stats
        inner = self._panel(surface, rect, "Zombies")
        kinds = [k for k in self.content.zombies if st.spawned[k] or st.destroyed[k] or st.at_start[k]]
        kinds += [k for k in set(st.spawned) | set(st.destroyed) | set(st.at_start) if k not in kinds]
        col2 = inner.right - px(110)
        col3 = inner.right
        y = inner.y
        draw_text(surface, "came", (col2, y), px(17), theme.INK_FAINT, anchor="topright")
        draw_text(surface, "destroyed", (col3, y), px(17), theme.INK_FAINT, anchor="topright")
        y += line_height(px(17)) + px(4)
        lh = line_height(px(22)) + px(6)
        for k in kinds:
            if y + lh > inner.bottom - lh:
                break
            zdef = self.content.zombies.get(k)
            name = zdef.name if zdef else k
            came = st.spawned[k] + st.at_start[k] + st.reanimated[k]
            draw_text(surface, name, (inner.x, y), px(21), theme.INK)
            draw_text(surface, str(came), (col2, y), px(22), theme.ZOMBIE, True, anchor="topright")
            draw_text(surface, str(st.destroyed[k]), (col3, y), px(22), theme.INK, True, anchor="topright")
            y += lh
        if not kinds:
            draw_text(surface, "Not a single zombie.", (inner.x, y), px(21), theme.INK_DIM)
        foot = f"{sum(st.at_start.values())} on the board at the start, {sum(st.spawned.values())} brought in"
        if st.reanimated:
            foot += f", {sum(st.reanimated.values())} got back up"
        foot += f", {sum(st.destroyed.values())} destroyed"
        draw_wrapped(surface, foot, pygame.Rect(inner.x, inner.bottom - 2 * line_height(px(18)) + px(4),
                                                inner.width, 0), px(18), theme.INK_DIM, max_lines=2)

    def _heat(self, surface, rect) -> None:
        px = self.px
        inner = self._panel(surface, rect, "Heat per round")
        draw_heat_chart(surface, inner, rect.y + px(18), self.stats, self.content.rules.heat_max, self.px)


MOMENT_TONES = {"good": "GOOD", "danger": "DANGER", "death": "DANGER"}
MOMENT_RANK = {"death": 0, "danger": 1, "good": 1, "doom": 2}      # what stays when room is short


def pick_moments(moments: list[tuple[int, str, str]], room: int) -> list[tuple[int, str, str]]:
    """The key moments that fit in `room` lines, in the night's order: deaths first, then the team's other turns,
    then Doom's, when not all of them fit."""
    if len(moments) <= room:
        return moments
    keep = sorted(range(len(moments)), key=lambda i: (MOMENT_RANK.get(moments[i][1], 1), i))[:max(0, room)]
    return [moments[i] for i in sorted(keep)]


def draw_moments(surface: pygame.Surface, inner: pygame.Rect, moments, px) -> None:
    """KEY MOMENTS and one line per moment (two when there is room), "R3" before each."""
    y = inner.y
    draw_text(surface, "KEY MOMENTS", (inner.x, y), px(15), theme.INK_FAINT, True)
    y += line_height(px(15), True) + px(2)
    size = px(17)
    lh = line_height(size)
    shown = pick_moments(moments, (inner.bottom - y) // lh)
    for rnd, tone, text in shown:
        if y + lh > inner.bottom + px(2):
            break
        colour = getattr(theme, MOMENT_TONES[tone]) if tone in MOMENT_TONES else (196, 150, 232)
        draw_text(surface, f"R{rnd}", (inner.x, y), size, theme.INK_FAINT, True)
        spare = (inner.bottom - y) // lh > len(shown) - shown.index((rnd, tone, text))
        y += draw_wrapped(surface, text, pygame.Rect(inner.x + px(36), y, inner.width - px(36), 0), size, colour,
                          bold=tone == "death", max_lines=2 if spare else 1)


def draw_heat_chart(surface: pygame.Surface, inner: pygame.Rect, note_y: int, st: GameStats, heat_max: int,
                    px) -> None:
    """The most Heat on the track each round as bars (purple where Doom escalated) in `inner`, with its legend at
    `note_y`, right-aligned (on the title line of its panel)."""
    note = ("Bars: the most Heat on the track each round" +
            (", purple where Doom escalated" if st.escalation_rounds else "") +
            ".   Dashed line: 8, where escalation rolls begin.")
    if text_size(note, px(17))[0] <= inner.width - px(180):
        draw_text(surface, note, (inner.right, note_y), px(17), theme.INK_FAINT, anchor="topright")
    else:       # a narrow chart: the legend in two lines over the bars
        used = draw_wrapped(surface, note.replace("   ", " "), inner, px(15), theme.INK_FAINT, max_lines=2)
        inner = pygame.Rect(inner.x, inner.y + used, inner.width, inner.height - used)
    rounds = sorted(st.heat)
    if not rounds:
        return
    label_h = line_height(px(17))
    chart = pygame.Rect(inner.x + px(30), inner.y + label_h, inner.width - px(30), inner.height - 2 * label_h)
    for v in (0, 8, heat_max):
        yy = chart.bottom - chart.height * v // heat_max
        draw_text(surface, str(v), (chart.x - px(8), yy), px(16), theme.INK_FAINT, anchor="midright")
    y8 = chart.bottom - chart.height * 8 // heat_max
    for x in range(chart.x, chart.right, px(10)):
        pygame.draw.line(surface, mix(theme.DOOM, theme.PANEL, 0.3), (x, y8), (min(x + px(5), chart.right), y8))
    pygame.draw.line(surface, theme.PANEL_EDGE, (chart.x, chart.bottom), (chart.right, chart.bottom))
    n = len(rounds)
    slot = chart.width / max(n, 8)
    bw = max(4, int(slot * 0.6))
    for i, rnd in enumerate(rounds):
        v = st.heat[rnd]
        cx = int(chart.x + slot * i + slot / 2)
        bh = chart.height * v // heat_max
        bar = pygame.Rect(cx - bw // 2, chart.bottom - bh, bw, bh)
        esc = rnd in st.escalation_rounds
        pygame.draw.rect(surface, theme.DOOM if esc else theme.HEAT, bar, border_radius=px(3))
        if v:
            draw_text(surface, str(v), (cx, bar.y - px(2)), px(17), theme.INK, anchor="midbottom")
        draw_text(surface, f"R{rnd}", (cx, chart.bottom + px(3)), px(16), theme.INK_DIM, anchor="midtop")
