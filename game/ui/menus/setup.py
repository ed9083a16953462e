"""Setting up a game: the scenario (or a Quick-Play roll), then the team, then the board.

    ScenarioSelect  the hand-built scenarios: name, story, objective, Doom track, team size, a map thumbnail
    QuickPlayScene  a scenario rolled on the quick-play tables (game.tools.quickplay), re-rollable
    TeamSelect      archetype cards (six stats, weapons, items, reloads, skill and its text); pick team_min to
                    team_max survivors, the scenario's suggested team chosen at the start
    open_game       replaces the setup screens with the game board (game.ui.board.game_scene.GameScene)
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from game.content.defs import ArchetypeDef, Content, ScenarioDef
from game.tools import quickplay as Q
from game.ui.board.game_scene import GameScene
from game.ui.board.replay_scene import open_replay  # noqa: F401  (the end screen's "watch_replay" route)
from game.ui.widgets import theme
from game.ui.widgets.app import new_seed
from game.ui.widgets.controls import (
    HOVER,
    Button,
    ListBox,
    Row,
    UIScene,
    Widget,
    draw_panel,
    draw_text,
    draw_wrapped,
    ellipsize,
    line_height,
    mix,
    wrap,
)
from game.ui.widgets.map_card import draw_map_card
from game.ui.widgets.navigation import route
from game.ui.widgets.settings import current as current_settings
from game.world.saves import GameRecord, seats_for

SPRITES = Path(__file__).resolve().parents[2] / "sprites"


# --- starting the board ----------------------------------------------------------------------------------------------

@route("open_game")
def open_game(app, content: Content, record, demo_level: str | None = None) -> bool:
    """Close the setup screens (back to the main menu underneath) and put the game board on top."""
    speed = current_settings(app).speed_value
    scene = GameScene(content, record, demo_level=demo_level, speed=speed)
    app.clear_to(1)
    app.push(scene)
    return True


def new_game(app, content: Content, scenario: str, seed: int, team, demo_level: str | None = None,
             director: str | None = None, agendas: bool = False, side: str = "survivors",
             survivor_level: str = "veteran", players: tuple[str, ...] = (), owners: tuple[str, ...] = (),
             director_player: str = "") -> bool:
    """Start a new game: the Director's level is the one given, else the player's setting; `agendas` deals the
    Secret Agenda cards; side "director" puts the player in the Director's seat against the survivor AI.
    Hot-seat: `players` at one screen, `owners` (who plays each survivor; dealt round the table if not given) and
    the `director_player`, if one of them is the Director. One person with agendas plays one survivor beside AI
    teammates (game.world.saves.seats_for)."""
    if agendas and side == "survivors" and not players and demo_level is None:
        players = ("You",)
    if players and not owners:
        owners = seats_for(len(team), tuple(players), director_player, agendas)
    record = GameRecord(scenario, seed, tuple(team), director=director or current_settings(app).director,
                        agendas=agendas, side=side, survivor_level=survivor_level, players=tuple(players),
                        owners=tuple(owners), director_player=director_player)
    return open_game(app, content, record, demo_level=demo_level)


def draw_doom_track(surface: pygame.Surface, x: int, y: int, width: int, scenario: ScenarioDef, s: float) -> int:
    """One pip per Doom space: event spaces in the Doom colour, the finale ringed. Returns the height used."""
    n = scenario.doom_length
    gap = max(2, int(4 * s))
    pip = max(6, min(int(22 * s), (width - gap * (n - 1)) // max(1, n)))
    for i in range(n):
        space = i + 1
        r = pygame.Rect(x + i * (pip + gap), y, pip, pip)
        if space in scenario.doom_events:
            color = theme.DOOM
        elif space == n:
            color = theme.DANGER
        else:
            color = mix(theme.PANEL_EDGE, theme.PANEL, 0.2)
        pygame.draw.rect(surface, color, r, border_radius=max(2, pip // 4))
        if space == 1:
            pygame.draw.rect(surface, theme.INK, r, 2, border_radius=max(2, pip // 4))
    return pip


def scenario_facts(scen: ScenarioDef, content: Content) -> list[tuple[str, str]]:
    tasks = scen.tasks
    if len(tasks) == 1:
        objective = tasks[0].text
    else:
        objective = "\n".join(f"{i}. {t.text}" for i, t in enumerate(tasks, 1))
    events = [content.events[e].name for _, e in sorted(scen.doom_events.items()) if e in content.events]
    finale = content.events[scen.finale].name if scen.finale in content.events else scen.finale
    doom = (f"{scen.doom_length} spaces: at most {scen.doom_length} rounds, fewer if the noise escalates. "
            f"Finale: {finale}.")
    if events:
        doom += f" Along the way: {', '.join(events)}."
    return [("Objective", objective), ("Doom track", doom),
            ("Team", f"{scen.team_min} to {scen.team_max} survivors"
                     f" - ambient Heat {scen.ambient_heat} a round")]


def draw_scenario_detail(surface: pygame.Surface, rect: pygame.Rect, scen: ScenarioDef, content: Content,
                         s: float, kicker: str = "") -> None:
    """Name, story, objective, Doom track and team size on the left; the map on the right."""
    draw_panel(surface, rect, radius=int(12 * s), shadow=True)
    pad = int(26 * s)
    inner = rect.inflate(-2 * pad, -2 * pad)
    map_w = min(inner.height - int(30 * s), int(inner.width * 0.56))
    map_rect = pygame.Rect(inner.right - map_w, inner.y, map_w, inner.height)
    draw_map_card(surface, map_rect, content.maps[scen.map], scen, s)
    text = pygame.Rect(inner.x, inner.y, map_rect.x - inner.x - int(28 * s), inner.height)
    y = text.y
    if kicker:
        r = draw_text(surface, kicker.upper(), (text.x, y), int(17 * s), theme.ACCENT, True)
        y = r.bottom + int(8 * s)
    name_size = int(38 * s)
    for line in wrap(scen.name, name_size, text.width, True):
        r = draw_text(surface, line, (text.x, y), name_size, theme.INK, True)
        y = r.bottom + int(2 * s)
    y += int(10 * s)
    blurb = " ".join(scen.blurb.split())
    y += draw_wrapped(surface, blurb, pygame.Rect(text.x, y, text.width, 0), int(23 * s), theme.INK_DIM)
    y += int(16 * s)
    for title, body in scenario_facts(scen, content):
        draw_text(surface, title.upper(), (text.x, y), int(17 * s), theme.INK_FAINT, True)
        y += line_height(int(17 * s), True) + int(2 * s)
        if title == "Doom track":
            y += draw_doom_track(surface, text.x, y, text.width, scen, s) + int(8 * s)
        room = text.bottom - y
        max_lines = max(1, room // line_height(int(22 * s)))
        y += draw_wrapped(surface, body, pygame.Rect(text.x, y, text.width, 0), int(22 * s), theme.INK,
                          max_lines=max_lines)
        y += int(14 * s)


# --- choosing the scenario -------------------------------------------------------------------------------------------

class ScenarioSelect(UIScene):
    """The scenario list and the chosen one's details."""

    def __init__(self, content: Content):
        super().__init__()
        self.content = content
        self.ids = list(content.scenarios)
        self.chosen = 0

    def layout(self, w: int, h: int) -> None:
        px = self.px
        margin = px(40)
        top = px(126)
        bottom = h - px(96)
        list_w = max(px(300), int((w - 2 * margin) * 0.27))
        rows = [Row(sc.name, f"Doom {sc.doom_length}  -  {sc.team_min} to {sc.team_max} survivors",
                    data=sid) for sid, sc in self.content.scenarios.items()]
        self.list = ListBox(rows, on_activate=lambda row: self.next(), on_select=self._select,
                            rect=(margin, top, list_w, bottom - top), scale=self.s)
        self.list.row_h = px(76)
        self.list.selected = self.chosen
        self.detail = pygame.Rect(margin + list_w + px(24), top, w - 2 * margin - list_w - px(24), bottom - top)
        by = h - px(72)
        self.back_button = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(24))
        self.back_button.rect = pygame.Rect(margin, by, px(180), px(50))
        self.next_button = Button("Choose team", self.next, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER),
                                  hint="Enter", style="primary", size=px(25))
        self.next_button.rect = pygame.Rect(w - margin - px(260), by, px(260), px(50))
        self.widgets += [self.list, self.back_button, self.next_button]

    def _select(self, row: Row) -> None:
        self.chosen = self.ids.index(row.data)

    @property
    def scenario(self) -> ScenarioDef:
        return self.content.scenarios[self.ids[self.chosen]]

    def next(self) -> None:
        self.app.push(TeamSelect(self.content, self.scenario))

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, "Choose a scenario", "Every scenario is a night in the same broken city. "
                                                       "Pick your job.")
        draw_scenario_detail(surface, self.detail, self.scenario, self.content, self.s)


class QuickPlayScene(UIScene):
    """A scenario rolled on the quick-play tables: what each die gave, and the result. R rolls again."""

    def __init__(self, content: Content, seed: int | None = None):
        super().__init__()
        self.base = content
        self.seed = seed if seed is not None else new_seed()
        self.roll()

    def roll(self, seed: int | None = None) -> None:

        if seed is not None:
            self.seed = seed
        self.quick = Q.generate(self.base, self.seed)
        self.content = Q.playable(self.base, self.quick)       # a new board from the tiles, with the scenario

    def reroll(self) -> None:
        self.roll(new_seed())

    def layout(self, w: int, h: int) -> None:
        px = self.px
        margin = px(40)
        top = px(126)
        bottom = h - px(96)
        self.rolls_rect = pygame.Rect(margin, top, max(px(300), int((w - 2 * margin) * 0.27)), bottom - top)
        self.detail = pygame.Rect(self.rolls_rect.right + px(24), top, w - margin - self.rolls_rect.right - px(24),
                                  bottom - top)
        by = h - px(72)
        back = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(24))
        back.rect = pygame.Rect(margin, by, px(180), px(50))
        again = Button("Roll again", self.reroll, hotkey=pygame.K_r, size=px(24),
                       tooltip="Roll all four tables again for a different scenario.")
        again.rect = pygame.Rect(w - margin - px(260) - px(16) - px(220), by, px(220), px(50))
        go = Button("Choose team", self.next, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER), hint="Enter",
                    style="primary", size=px(25))
        go.rect = pygame.Rect(w - margin - px(260), by, px(260), px(50))
        self.widgets += [back, again, go]

    def next(self) -> None:
        self.app.push(TeamSelect(self.content, self.quick.scenario))

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        self.draw_header(surface, "Quick-Play", "Four dice on the quick-play tables make tonight's scenario.")
        r = self.rolls_rect
        draw_panel(surface, r, radius=px(12), shadow=True)
        pad = px(20)
        y = r.y + pad
        names = {"objective": "Objective", "environment": "Where", "density": "Zombies", "hazard": "Twist"}
        for roll in self.quick.rolls:
            faces = " + ".join(map(str, roll.faces))
            draw_text(surface, names.get(roll.table, roll.table).upper(), (r.x + pad, y), px(17), theme.INK_FAINT,
                      True)
            draw_text(surface, f"{roll.dice}: {faces}", (r.right - pad, y), px(17), theme.INK_FAINT,
                      anchor="topright")
            y += line_height(px(17), True) + px(2)
            draw_text(surface, ellipsize(roll.row.name, px(24), r.width - 2 * pad), (r.x + pad, y), px(24),
                      theme.INK)
            y += line_height(px(24)) + px(2)
            y += draw_wrapped(surface, roll.row.text, pygame.Rect(r.x + pad, y, r.width - 2 * pad, 0), px(19),
                              theme.INK_DIM, max_lines=3)
            y += px(14)
        draw_text(surface, f"Seed {self.seed}", (r.x + pad, r.bottom - pad), px(17), theme.INK_FAINT,
                  anchor="bottomleft")
        draw_scenario_detail(surface, self.detail, self.quick.scenario, self.content, self.s, kicker="Quick-Play")


# --- choosing the team -----------------------------------------------------------------------------------------------

STATS = (("move", "Move"), ("fight", "Fight"), ("shoot", "Shoot"), ("wits", "Wits"), ("guts", "Guts"),
         ("wounds", "Wounds"))
STAT_SHORT = {"move": "MOV", "fight": "FGT", "shoot": "SHT", "wits": "WIT", "guts": "GUT", "wounds": "WND"}

_portraits: dict[tuple[str, int], pygame.Surface | None] = {}


def portrait(arch_id: str, size: int) -> pygame.Surface | None:
    """The archetype's top-down miniature (sprites/survivor_<id>.svg), or None if it cannot be loaded."""
    key = (arch_id, size)
    if key not in _portraits:
        path = SPRITES / f"survivor_{arch_id}.svg"
        try:
            if hasattr(pygame.image, "load_sized_svg"):
                img = pygame.image.load_sized_svg(str(path), (size, size))
            else:
                img = pygame.transform.smoothscale(pygame.image.load(str(path)), (size, size))
            _portraits[key] = img.convert_alpha() if pygame.display.get_surface() else img
        except (pygame.error, FileNotFoundError, OSError):
            _portraits[key] = None
    return _portraits[key]


def weapon_line(content: Content, arch: ArchetypeDef) -> str:
    return ", ".join(content.weapons[w].name for w in arch.weapons if w in content.weapons)


def kit_line(content: Content, arch: ArchetypeDef) -> str:
    items = [content.items[i].name for i in arch.items if i in content.items]
    parts = []
    if items:
        parts.append(", ".join(items))
    if arch.reloads:
        parts.append(f"{arch.reloads} reload{'s' if arch.reloads != 1 else ''}")
    return "  -  ".join(parts) if parts else "No items, no reloads"


def weapon_summary(content: Content, weapon_id: str) -> str:
    w = content.weapons[weapon_id]
    if w.kind == "melee":
        bits = [f"+{w.melee_bonus} Fight dice" if w.melee_bonus else "no bonus"]
    elif w.kind == "firearm":
        bits = [f"{w.dice} dice + Shoot", f"range {w.range}\"", f"{w.ammo} shots per reload"]
    else:
        bits = [f"{w.dice} dice on each model within {w.blast}\"", f"range {w.range}\"", "one use"]
    bits.append(f"{w.heat} Heat" if w.heat else "silent")
    return f"{w.name}: {', '.join(bits)}."


def card_tooltip(content: Content, arch: ArchetypeDef) -> str:
    lines = [arch.blurb] + [weapon_summary(content, w) for w in arch.weapons if w in content.weapons]
    return "\n".join(lines)


class ArchetypeCard(Widget):
    """One survivor archetype as a card; a click adds it to the team or takes it out."""

    def __init__(self, content: Content, arch: ArchetypeDef, on_toggle):
        super().__init__(tooltip=card_tooltip(content, arch))
        self.content = content
        self.arch = arch
        self.on_toggle = on_toggle
        self.seat: int | None = None       # place in the team (1-based) when chosen
        self.hovered = False
        self.pressed = False
        self.focused = False
        self.s = 1.0
        self.skill_size = 18     # text size at 720 px, the same on every card (TeamSelect picks it)

    def skill_fits(self, base: int) -> bool:
        """Whether the skill text fits whole at this size (the same measures as draw)."""
        s = self.s
        pad = int(11 * s)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        small = int(18 * s)
        y = inner.y + int(44 * s) + int(8 * s) + int(38 * s) + int(9 * s)
        for text in (weapon_line(self.content, self.arch), kit_line(self.content, self.arch)):
            y += min(2, len(wrap(text, small, inner.width))) * line_height(small)
        y += 2 * int(7 * s) + line_height(int(20 * s), True) + int(3 * s)
        skill = self.content.skills.get(self.arch.skill)
        if skill is None:
            return True
        size = int(base * s)
        return len(wrap(skill.text, size, inner.width)) * line_height(size) <= inner.bottom - y

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.pressed = self.pressed, False
            if was and self.rect.collidepoint(event.pos):
                self.on_toggle(self)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        r = self.rect
        chosen = self.seat is not None
        fill = theme.PANEL
        if chosen:
            fill = mix(theme.PANEL, theme.ACCENT, 0.07)
        if self.hovered or self.focused:
            fill = mix(fill, HOVER, 0.6) if not chosen else mix(fill, theme.ACCENT, 0.05)
        edge = theme.ACCENT if chosen else (mix(theme.PANEL_EDGE, theme.INK, 0.3) if self.hovered
                                            else theme.PANEL_EDGE)
        radius = int(10 * s)
        draw_panel(surface, r.move(0, 1) if self.pressed else r, fill, edge, radius, 3 if chosen else 1,
                   shadow=True)
        if self.focused:
            pygame.draw.rect(surface, theme.INK, r.inflate(int(8 * s), int(8 * s)), 2, border_radius=radius + 3)
        pad = int(11 * s)
        inner = r.inflate(-2 * pad, -2 * pad)
        arch, content = self.arch, self.content

        # head: portrait and name
        pic = int(44 * s)
        img = portrait(arch.id, pic)
        if img is not None:
            surface.blit(img, (inner.x - int(2 * s), inner.y))
        else:
            pygame.draw.circle(surface, theme.SURVIVOR, (inner.x + pic // 2, inner.y + pic // 2), pic // 2)
        name_x = inner.x + pic + int(8 * s)
        name_w = inner.right - name_x - (int(26 * s) if chosen else 0)
        name_size = int(23 * s)
        lines = wrap(arch.name, name_size, name_w, True)
        lh = line_height(name_size, True)
        ny = inner.y + (pic - lh * min(2, len(lines))) // 2
        for line in lines[:2]:
            draw_text(surface, ellipsize(line, name_size, name_w, True), (name_x, ny), name_size, theme.INK, True)
            ny += lh
        if chosen:
            c = (inner.right - int(10 * s), inner.y + int(10 * s))
            pygame.draw.circle(surface, theme.ACCENT, c, int(13 * s))
            draw_text(surface, str(self.seat), (c[0], c[1] + 1), int(22 * s), (30, 24, 16), True, anchor="center")
        y = inner.y + pic + int(8 * s)

        # the six stats in one row: the number over a short label
        gap = int(3 * s)
        cw = (inner.width - 5 * gap) / 6
        ch = int(38 * s)
        for i, (attr, _label) in enumerate(STATS):
            cell = pygame.Rect(int(inner.x + i * (cw + gap)), y, int(cw), ch)
            pygame.draw.rect(surface, mix(theme.BG, fill, 0.35), cell, border_radius=int(4 * s))
            value = getattr(arch, attr)
            unit = '"' if attr == "move" else ""
            draw_text(surface, f"{value}{unit}", (cell.centerx, cell.y + int(3 * s)), int(24 * s), theme.INK, True,
                      anchor="midtop")
            draw_text(surface, STAT_SHORT[attr], (cell.centerx, cell.bottom - int(3 * s)), int(14 * s),
                      theme.INK_DIM, True, anchor="midbottom")
        y += ch + int(9 * s)

        # gear
        small = int(18 * s)
        y += draw_wrapped(surface, weapon_line(content, arch), pygame.Rect(inner.x, y, inner.width, 0), small,
                          theme.INK, max_lines=2)
        y += draw_wrapped(surface, kit_line(content, arch), pygame.Rect(inner.x, y, inner.width, 0), small,
                          theme.INK_DIM, max_lines=2)
        y += int(7 * s)
        pygame.draw.line(surface, theme.PANEL_EDGE, (inner.x, y), (inner.right, y))
        y += int(7 * s)

        # the skill and what it does
        skill = content.skills.get(arch.skill)
        if skill is not None:
            r2 = draw_text(surface, skill.name, (inner.x, y), int(20 * s), theme.ACCENT, True)
            y = r2.bottom + int(3 * s)
            room = inner.bottom - y
            text_size_ = int(self.skill_size * s)
            if room >= line_height(text_size_):
                draw_wrapped(surface, skill.text, pygame.Rect(inner.x, y, inner.width, 0), text_size_,
                             theme.INK_DIM, max_lines=room // line_height(text_size_))


class TeamSelect(UIScene):
    """Archetype cards: choose who goes in. Order of choosing = seat order (and deployment order)."""

    def __init__(self, content: Content, scenario: ScenarioDef, seed: int | None = None):
        super().__init__()
        self.content = content
        self.scenario = scenario
        self.seed = seed
        self.team: list[str] = [a for a in scenario.team if a in content.archetypes]
        self.players: tuple[str, ...] = ()       # hot-seat (game.ui.menus.players_screen): the people at the screen,
        self.owners: tuple[str, ...] = ()        # who plays each survivor, and who, if anyone, the Director
        self.director_player = ""
        self.focus = 0
        self.notice = ""
        self.notice_time = 0.0

    # team changes
    def toggle(self, arch_id: str) -> None:
        if arch_id in self.team:
            self.team.remove(arch_id)
        elif len(self.team) >= self.scenario.team_max:
            self.say(f"The team is full at {self.scenario.team_max}. Take someone out first.")
            return
        else:
            self.team.append(arch_id)
        self._sync()

    def reset(self) -> None:
        self.team = [a for a in self.scenario.team if a in self.content.archetypes]
        self._sync()
        self.say("Back to the suggested team.")

    def say(self, text: str) -> None:
        self.notice = text
        self.notice_time = 3.0

    @property
    def ready(self) -> bool:
        return self.scenario.team_min <= len(self.team) <= self.scenario.team_max

    def _sync(self) -> None:
        for i, card in enumerate(self.cards):
            card.seat = self.team.index(card.arch.id) + 1 if card.arch.id in self.team else None
            card.focused = i == self.focus and self._keyboard
        if hasattr(self, "start_button"):
            self.start_button.enabled = self.ready
            lo, hi = self.scenario.team_min, self.scenario.team_max
            self.start_button.tooltip = "" if self.ready else f"Choose {lo} to {hi} survivors first."

    def start(self) -> None:
        if not self.ready:
            return

        seed = self.seed if self.seed is not None else new_seed()
        side, level = SIDES[self.side]
        seated = self.players and side == "survivors"
        owners = self.owners if seated and len(self.owners) == len(self.team) else ()
        new_game(self.app, self.content, self.scenario.id, seed, self.team, agendas=self.agendas, side=side,
                 survivor_level=level or "veteran", players=self.players if seated else (), owners=owners,
                 director_player=self.director_player if seated else "")

    def open_players(self) -> None:
        from game.ui.menus.players_screen import PlayersScreen
        self.app.push(PlayersScreen(self.content, self))

    def set_seats(self, players: tuple[str, ...], owners: tuple[str, ...], director_player: str) -> None:
        self.players, self.owners, self.director_player = players, owners, director_player
        if players and SIDES[self.side][0] != "survivors":
            self.side = 0               # people at the screen play the survivors (one may take the Director's chair)
        self.relayout()

    def _players_label(self) -> str:
        n = len(self.players) or 1
        chair = ", one directs" if self.director_player else ""
        return f"Players: {n}{chair}"

    def cycle_side(self) -> None:
        self.side = (self.side + 1) % len(SIDES)
        self.side_button.text = self._side_label()

    def _side_label(self) -> str:
        side, level = SIDES[self.side]
        return "You play: the survivors" if side == "survivors" else f"You play: the Director ({level} AI team)"

    def toggle_agendas(self) -> None:
        self.agendas = not getattr(self, "agendas", False)
        self.agenda_button.text = self._agenda_label()

    def _agenda_label(self) -> str:
        return f"Agendas: {'on' if getattr(self, 'agendas', False) else 'off'}"

    # layout
    def layout(self, w: int, h: int) -> None:
        px = self.px
        margin = px(28)
        top = px(92)
        bar_h = px(76)
        bottom = h - bar_h
        archs = [a for a in self.content.archetypes.values() if not a.npc]      # npcs join in a scenario
        gap = px(12)
        cols = 6 if (w - 2 * margin - 5 * gap) // 6 >= px(150) else 4
        rows = -(-len(archs) // cols)
        cw = (w - 2 * margin - (cols - 1) * gap) // cols
        chh = (bottom - top - (rows - 1) * gap) // rows
        self._keyboard = getattr(self, "_keyboard", False)
        self.cols = cols
        self.cards = []
        for i, arch in enumerate(archs):
            card = ArchetypeCard(self.content, arch, lambda c: self._click(c))
            card.rect = pygame.Rect(margin + (i % cols) * (cw + gap), top + (i // cols) * (chh + gap), cw, chh)
            card.s = self.s
            self.cards.append(card)
        size = next((b for b in (20, 19, 18, 17, 16) if all(c.skill_fits(b) for c in self.cards)), 16)
        for card in self.cards:
            card.skill_size = size
            if not card.skill_fits(size):       # a very small window: the whole skill text goes in the tooltip
                skill = self.content.skills.get(card.arch.skill)
                if skill is not None:
                    card.tooltip = f"{skill.name}: {skill.text}\n{card.tooltip}"
        by = h - bar_h + (bar_h - px(50)) // 2 + px(2)
        self.back_button = Button("Back", self.back, hotkey=pygame.K_ESCAPE, size=px(24))
        self.back_button.rect = pygame.Rect(margin, by, px(150), px(50))
        self.start_button = Button("Start game", self.start, hotkey=(pygame.K_RETURN, pygame.K_KP_ENTER),
                                   hint="Enter", style="primary", size=px(25))
        self.start_button.rect = pygame.Rect(w - margin - px(240), by, px(240), px(50))
        self.reset_button = Button("Suggested team", self.reset, hotkey=pygame.K_d, size=px(22),
                                   tooltip="Go back to the team the scenario suggests.")
        self.reset_button.rect = pygame.Rect(self.start_button.rect.x - px(16) - px(240), by, px(240), px(50))
        self.agendas = getattr(self, "agendas", False)
        self.agenda_button = Button(self._agenda_label(), self.toggle_agendas, hotkey=pygame.K_g, size=px(22),
                                    tooltip="Secret agendas: each survivor is dealt a hidden personal objective "
                                            "that pulls against the team, revealed at the end.")
        self.agenda_button.rect = pygame.Rect(self.reset_button.rect.x - px(16) - px(200), by, px(200), px(50))
        self.side = getattr(self, "side", 0)
        self.side_button = Button(self._side_label(), self.cycle_side, hotkey=pygame.K_v, size=px(20),
                                  tooltip="Who you play (V): the survivors against the Director AI, or the Director "
                                          "against the survivor AI at a level you choose - you spend the horde's "
                                          "Heat each round and the team below is the one you hunt.")
        self.side_button.rect = pygame.Rect(w - margin - px(140) - px(380), px(16), px(380), px(36))
        self.players_button = Button(self._players_label(), self.open_players, hotkey=pygame.K_p, size=px(20),
                                     tooltip="Hot-seat (P): several people at this screen, each with survivors of "
                                             "their own (and agendas only they see); one may play the Director.")
        self.players_button.rect = pygame.Rect(self.side_button.rect.x - px(12) - px(250), px(16), px(250), px(36))
        left = self.back_button.rect.right + px(24)
        self.bar = pygame.Rect(left, by, self.agenda_button.rect.x - px(24) - left, px(50))
        self.widgets += [*self.cards, self.back_button, self.players_button, self.side_button, self.agenda_button,
                         self.reset_button, self.start_button]
        self._sync()

    def _click(self, card: ArchetypeCard) -> None:
        self.focus = self.cards.index(card)
        self._keyboard = False
        self.toggle(card.arch.id)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.cols, pygame.K_DOWN: self.cols}
            if event.key in moves:
                if self._keyboard:
                    self.focus = max(0, min(len(self.cards) - 1, self.focus + moves[event.key]))
                self._keyboard = True
                self._sync()
                return
            if event.key == pygame.K_SPACE:
                self._keyboard = True
                self.toggle(self.cards[self.focus].arch.id)
                return
        if event.type == pygame.MOUSEMOTION and self._keyboard:
            self._keyboard = False
            self._sync()
        super().on_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.notice_time > 0:
            self.notice_time -= dt
            if self.notice_time <= 0:
                self.notice = ""

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        lo, hi = self.scenario.team_min, self.scenario.team_max
        w = surface.get_width()
        margin = px(28)
        y = px(18)
        title = "Choose your team" if SIDES[getattr(self, "side", 0)][0] == "survivors" else "Choose the team you hunt"
        r = draw_text(surface, title, (margin, y), px(40), theme.INK, True)
        draw_text(surface, f"{self.scenario.name}  -  take {lo} to {hi} survivors. Click a card to add or "
                           f"remove it; the numbers are the order they deploy in.",
                  (margin, r.bottom + px(6)), px(21), theme.INK_DIM)
        draw_text(surface, "F1  Rules help", (w - margin, px(26)), px(19), theme.INK_FAINT, anchor="topright")
        # the team strip in the bottom bar
        bar = self.bar
        count = len(self.team)
        color = theme.GOOD if self.ready else theme.DANGER
        head = f"Team {count}/{hi}"
        hr = draw_text(surface, head, (bar.x, bar.centery), px(26), color, True, anchor="midleft")
        if self.notice:
            text, ink = self.notice, theme.ACCENT
        elif count < lo:
            text, ink = f"Choose at least {lo}.", theme.INK_DIM
        else:
            text = ", ".join(self.content.archetypes[a].name for a in self.team)
            ink = theme.INK_DIM
        room = bar.right - hr.right - px(16)
        draw_text(surface, ellipsize(text, px(21), room), (hr.right + px(16), bar.centery + 1), px(21), ink,
                  anchor="midleft")


# The sides the team screen offers, in the order V steps through them: (side, survivor AI level).
SIDES = (("survivors", None), ("director", "veteran"), ("director", "expert"), ("director", "novice"))


def team_summary(content: Content, team: Sequence[str]) -> str:
    return ", ".join(content.archetypes[a].name for a in team)
