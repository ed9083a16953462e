"""A scenario's map drawn small: the thumbnail behind the main menu and on the setup and save screens, with its
markers and a legend. Kept apart from the setup screens so the main menu can draw its backdrop without loading
the game board."""
from __future__ import annotations

import pygame

from game.content.defs import MapDef, ScenarioDef
from game.ui.widgets import theme
from game.ui.widgets.controls import draw_text, mix, text_size

# --- the map thumbnail -----------------------------------------------------------------------------------------------

STYLE_COLORS = {
    "street": (50, 53, 59), "tarmac": (44, 46, 51), "pavement": (66, 68, 72), "platform": (80, 82, 88),
    "floor": (84, 76, 64), "grass": (52, 70, 50), "gravel": (62, 62, 60), "rail": (70, 62, 58),
    "rubble": (92, 84, 72), "mud": (78, 64, 48), "fence": (112, 104, 86), "bushes": (64, 96, 60),
    "sandbags": (124, 112, 84), "car": (104, 72, 68), "police_car": (70, 82, 110), "bus": (118, 100, 60),
    "van": (96, 96, 104), "ambulance": (150, 150, 146), "train": (102, 92, 84), "wagon": (98, 84, 72),
    "concrete": (126, 124, 118), "brick": (178, 168, 148), "door": (196, 150, 92), "window": (120, 164, 190),
}
TERRAIN_COLORS = {
    "open": (50, 53, 59), "difficult": (86, 76, 62), "light": (104, 104, 84), "heavy": (120, 114, 106),
    "barricade": (126, 124, 118), "wall": (178, 168, 148), "door": (196, 150, 92), "window": (120, 164, 190),
}
# (label, colour, shape, marker kinds that show it)
# the legend: (word, theme colour name, shape, marker kinds)
MARKER_LEGEND = (("Start", "SURVIVOR", "square", ("deploy",)), ("Exit", "GOOD", "square", ("extract",)),
                 ("Objective", "ACCENT", "dot", ("objective",)),
                 ("Spawn", "DANGER", "dot", ("spawn_minor", "spawn_major")),
                 ("Zombie", "ZOMBIE", "dot", ("zombie",)))

_map_cache: dict[tuple, pygame.Surface] = {}


def map_thumbnail(mapdef: MapDef, cell: int, scenario: ScenarioDef | None = None,
                  markers: bool = True, starts: bool = True) -> pygame.Surface:
    """The map drawn `cell` pixels per inch: terrain by its look, then the markers that matter to a player
    (`starts`: the zombies on the board at the start, left out under a saved game's own positions)."""
    key = (mapdef.id, cell, scenario.id if scenario else "", markers, starts, theme.palette)
    if key in _map_cache:
        return _map_cache[key]
    surf = pygame.Surface((mapdef.width * cell, mapdef.height * cell))
    for y in range(mapdef.height):
        for x in range(mapdef.width):
            i = mapdef.index(x, y)
            style = mapdef.styles[i] if mapdef.styles else ""
            color = STYLE_COLORS.get(style) or TERRAIN_COLORS.get(mapdef.terrain[i], (60, 60, 60))
            surf.fill(color, (x * cell, y * cell, cell, cell))
    if cell >= 5:   # a faint grid every 6 inches, like a printed mat
        grid = mix(STYLE_COLORS["street"], (0, 0, 0), 0.3)
        for v in range(0, mapdef.width, 6):
            pygame.draw.line(surf, grid, (v * cell, 0), (v * cell, surf.get_height()))
        for v in range(0, mapdef.height, 6):
            pygame.draw.line(surf, grid, (0, v * cell), (surf.get_width(), v * cell))
    if not markers:
        _map_cache[key] = surf
        return surf
    for m in mapdef.markers:
        r = pygame.Rect(m.x * cell, m.y * cell, cell, cell)
        if m.kind == "deploy":
            surf.fill(theme.SURVIVOR, r)
        elif m.kind == "extract":
            surf.fill(theme.GOOD, r)
    first = [(m.x, m.y) for m in mapdef.markers_of("zombie")] if starts else []
    if scenario is not None and starts:
        first += [(x, y) for _, x, y in scenario.initial_zombies]
    radius = max(2, int(cell * 0.7))
    for x, y in first:
        pygame.draw.circle(surf, theme.ZOMBIE, (x * cell + cell // 2, y * cell + cell // 2), radius)
    wanted = _objective_markers(scenario)
    for m in mapdef.markers:
        c = (m.x * cell + cell // 2, m.y * cell + cell // 2)
        if m.kind in ("spawn_minor", "spawn_major"):
            big = m.kind == "spawn_major"
            rr = int(cell * (1.5 if big else 1.1)) + 1
            pygame.draw.circle(surf, (20, 20, 22), c, rr + 1)
            pygame.draw.circle(surf, theme.DANGER, c, rr)
            if big:
                pygame.draw.circle(surf, (20, 20, 22), c, max(1, rr // 2))
        elif m.kind == "objective" and (wanted is None or m.name in wanted):
            rr = int(cell * 1.3) + 1
            pygame.draw.circle(surf, (20, 20, 22), c, rr + 1)
            pygame.draw.circle(surf, theme.ACCENT, c, rr)
    _map_cache[key] = surf
    return surf


def _objective_markers(scenario: ScenarioDef | None) -> set[str] | None:
    if scenario is None:
        return None
    names = {t.marker for t in scenario.tasks if t.marker} | {o.marker for o in scenario.objective_items}
    return names


def draw_map_card(surface: pygame.Surface, rect: pygame.Rect, mapdef: MapDef, scenario: ScenarioDef | None,
                  s: float, legend: bool = True, board: dict | None = None) -> None:
    """The thumbnail fitted into rect (square, centred at the top), with a legend under it. `board`: where the
    models of a saved game stand ({"survivors", "downed", "zombies": [[x, y], ...]}), drawn instead of the
    scenario's starting zombies."""
    legend_h = int(34 * s) if legend else 0
    side = min(rect.width, rect.height - legend_h)
    cell = max(1, side // max(mapdef.width, mapdef.height))
    thumb = map_thumbnail(mapdef, cell, scenario, starts=board is None)
    top = rect.y + max(0, (rect.height - legend_h - thumb.get_height()) // 2)
    tr = thumb.get_rect(midtop=(rect.centerx, top))
    pygame.draw.rect(surface, (14, 15, 18), tr.inflate(8, 8), border_radius=4)
    surface.blit(thumb, tr)
    if board is not None:
        dot = max(2, int(cell * 0.7))
        for key, colour, ring in (("zombies", theme.ZOMBIE, (12, 12, 14)), ("downed", theme.HEAT, theme.INK),
                                  ("survivors", theme.SURVIVOR, theme.INK)):
            for x, y in board.get(key, []):
                centre = (tr.x + x * cell + cell // 2, tr.y + y * cell + cell // 2)
                pygame.draw.circle(surface, ring, centre, dot + 1 + (ring is theme.INK))
                pygame.draw.circle(surface, colour, centre, dot)
    if not legend:
        return
    size = int(18 * s)
    present = {m.kind for m in mapdef.markers} | ({"zombie"} if scenario and scenario.initial_zombies else set())
    if scenario is not None and not _objective_markers(scenario):
        present.discard("objective")
    items = [(name, getattr(theme, colour), shape, text_size(name, size)[0])
             for name, colour, shape, kinds in MARKER_LEGEND
             if present & set(kinds)]
    dot = int(7 * s)
    gap = int(16 * s)
    total = sum(w + 2 * dot + int(6 * s) for *_, w in items) + gap * (len(items) - 1)
    x = tr.centerx - total // 2
    y = tr.bottom + int(20 * s)
    for name, color, shape, w in items:
        if shape == "square":
            pygame.draw.rect(surface, color, (x, y - dot, 2 * dot, 2 * dot), border_radius=2)
        else:
            pygame.draw.circle(surface, color, (x + dot, y), dot)
        draw_text(surface, name, (x + 2 * dot + int(6 * s), y), size, theme.INK_DIM, anchor="midleft")
        x += w + 2 * dot + int(6 * s) + gap
