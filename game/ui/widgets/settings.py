"""Player settings, kept as JSON in $BT_HOME/settings.json (else ~/.borrowed_time/settings.json).
The screens that change them are in game/ui/menus/settings_screen.py.

A missing or damaged file gives the defaults, and any bad value falls back to its own default with a warning naming
the file and the field: the game always starts. Every change is written at once, atomically, so quitting at any
moment keeps what the player chose.
"""
from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.ai.director_levels import DEFAULT_DIRECTOR, DIRECTOR_LEVELS
from game.content import schema as S
from game.content.files import atomic_write, home_dir
from game.content.jsonio import read_json
from game.ui.widgets import theme
from game.ui.widgets.keymap import keys_problem

WINDOW_SIZES: dict[str, tuple[int, int]] = {
    "1280x720": (1280, 720),
    "1600x900": (1600, 900),
    "1920x1080": (1920, 1080),
}
# Animation speed multipliers handed to the game board. "Instant" is a very large multiplier: every animation
# finishes within a frame, while the board still gets a plain float.
SPEEDS: dict[str, float] = {"1x": 1.0, "2x": 2.0, "4x": 4.0, "instant": 1000.0}
SPEED_LABELS = {"1x": "1x", "2x": "2x", "4x": "4x", "instant": "Instant"}
TEXT_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.15}
VOLUMES = (0, 20, 40, 60, 80, 100)
PALETTE_LABELS = {"standard": "Standard", "clear": "Colour-blind safe"}


@dataclass
class Settings:
    window: str = "1280x720"
    speed: str = "1x"
    tooltips: bool = True
    director: str = DEFAULT_DIRECTOR       # the Director AI's level for new games
    palette: str = "standard"              # theme.PALETTES: "clear" tells danger from safety without red / green
    text_size: str = "normal"              # TEXT_SIZES: every screen's text and panels grow with it
    keys: dict = field(default_factory=dict)  # action id -> key name, where the player changed it (widgets.keymap)
    master: int = 80                       # volumes in per cent (VOLUMES); the effects, ambience and music are
    effects: int = 100                     # each a share of the master volume
    ambience: int = 60
    music: int = 40
    muted: bool = False                    # Ctrl+M anywhere

    @property
    def window_size(self) -> tuple[int, int]:
        return WINDOW_SIZES.get(self.window, WINDOW_SIZES["1280x720"])

    @property
    def speed_value(self) -> float:
        return SPEEDS.get(self.speed, 1.0)




def settings_path() -> Path:
    return home_dir() / "settings.json"


FIELDS = {"window": S.one_of(WINDOW_SIZES), "speed": S.one_of(SPEEDS), "tooltips": S.boolean,
          "director": S.one_of(DIRECTOR_LEVELS), "palette": S.one_of(theme.PALETTES),
          "text_size": S.one_of(TEXT_SIZES), "keys": keys_problem, "master": S.whole(0, 100),
          "effects": S.whole(0, 100), "ambience": S.whole(0, 100), "music": S.whole(0, 100), "muted": S.boolean}


def apply_look(settings: Settings) -> None:
    """Make the palette and the text size current for every screen drawn from now on."""
    theme.use_palette(settings.palette)
    theme.text_scale = TEXT_SIZES.get(settings.text_size, 1.0)


def read_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The saved settings and one warning per value that fell back to its default. A missing file is no warning;
    an unreadable or damaged one, an unknown key or a bad value is, and the game still starts."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), []
    data, problems = read_json(path)
    if problems:
        return Settings(), [f"{problems[0]}; using the default settings"]
    if not isinstance(data, dict):
        return Settings(), [f"{path}: expected a JSON object, got {S.shown(data)}; using the default settings"]
    out = Settings()
    warnings = [f"{path}: {key}: unknown setting, ignored" for key in data if key not in FIELDS]
    for key, check in FIELDS.items():
        if key not in data:
            continue
        wrong = check(data[key])
        if wrong:
            warnings.append(f"{path}: {key}: {wrong}; using {S.shown(getattr(out, key))}")
        else:
            setattr(out, key, data[key])
    return out, warnings


def load_settings(path: Path | None = None) -> Settings:
    """read_settings, with its warnings printed on stderr (the game starts either way)."""
    settings, warnings = read_settings(path)
    for line in warnings:
        print(f"warning: {line}", file=sys.stderr)
    return settings


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    path = path or settings_path()
    atomic_write(path, (json.dumps(asdict(settings), indent=2) + "\n").encode("utf-8"))
    return path


def current(app) -> Settings:
    """The app's settings (loaded from disk the first time they are asked for)."""
    settings = getattr(app, "settings", None)
    if settings is None:
        settings = load_settings()
        apply_look(settings)
        if app is not None:
            app.settings = settings
    return settings
