"""One calm palette and one font family for every screen. Sizes scale with the window height."""
from __future__ import annotations

import pygame

# Palette: a night-time city mat, warm survivors, sickly zombies, one red for danger.
INK = (232, 226, 212)          # main text
INK_DIM = (160, 156, 146)
INK_FAINT = (110, 108, 102)
BG = (24, 26, 30)              # behind everything
PANEL = (36, 39, 45)
PANEL_EDGE = (70, 74, 82)
ACCENT = (226, 170, 84)        # selection, the active survivor
SURVIVOR = (74, 170, 176)      # survivor base rims
ZOMBIE = (120, 156, 88)        # zombie base rims
DANGER = (210, 76, 66)
GOOD = (112, 184, 110)
HEAT = (232, 120, 60)
DOOM = (150, 96, 178)
MOVE_SHADE = (90, 170, 220)

# The colours that carry meaning (danger and safety, the two sides, Heat and Doom), per palette. "clear" swaps the
# red / green pairs for ones told apart with the common colour-vision deficiencies (Okabe and Ito's palette): every
# screen reads these names from this module when it draws, so a change shows at once.
PALETTES = {
    "standard": {"SURVIVOR": (74, 170, 176), "ZOMBIE": (120, 156, 88), "DANGER": (210, 76, 66),
                 "GOOD": (112, 184, 110), "HEAT": (232, 120, 60), "DOOM": (150, 96, 178), "ACCENT": (226, 170, 84)},
    "clear": {"SURVIVOR": (86, 180, 233), "ZOMBIE": (196, 186, 80), "DANGER": (213, 94, 0),
              "GOOD": (60, 150, 230), "HEAT": (230, 159, 0), "DOOM": (204, 121, 167), "ACCENT": (240, 200, 90)},
}
palette = "standard"
text_scale = 1.0               # the player's text size setting: 1.0, or larger


def use_palette(name: str) -> None:
    global palette
    palette = name if name in PALETTES else "standard"
    globals().update(PALETTES[palette])

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font at a pixel size (pygame's bundled default: no system fonts needed)."""
    key = (size, bold)
    if key not in _fonts:
        f = pygame.font.Font(None, size)
        f.set_bold(bold)
        _fonts[key] = f
    return _fonts[key]


def board_px(size: float) -> int:
    """A text size on the board (set by the zoom) at the player's text size: name tags, labels, floaters."""
    return int(round(size * text_scale))


def scale(window_height: int) -> float:
    """1.0 at 720 px high; text and panels grow with bigger windows, and with the player's text size."""
    return max(0.75, window_height / 720) * text_scale
