"""The player's keys for the action bar: each action's key can be changed (Settings, Keys). The board keeps some keys
for itself (panning, speed, cancel, end turn...), so those cannot be given to an action; giving an action a key
another action has swaps the two. The map is kept in the settings as key names, only where it differs from the
defaults."""
from __future__ import annotations

import pygame

from game.world.action_registry import BAR

# Keys the board itself answers to (game.ui.board.game_scene): never an action's.
RESERVED: dict[int, str] = {
    pygame.K_ESCAPE: "cancels", pygame.K_TAB: "picks the next survivor", pygame.K_KP_ENTER: "ends the turn",
    pygame.K_w: "pans", pygame.K_a: "pans", pygame.K_s: "pans", pygame.K_d: "pans",
    pygame.K_UP: "pans", pygame.K_DOWN: "pans", pygame.K_LEFT: "pans", pygame.K_RIGHT: "pans",
    pygame.K_1: "sets the speed", pygame.K_2: "sets the speed", pygame.K_3: "sets the speed",
    pygame.K_4: "sets the speed", pygame.K_z: "shows the horde's moves", pygame.K_j: "shows the Director's turn",
    pygame.K_n: "steps and rolls bleed-out saves", pygame.K_F1: "opens the help", pygame.K_F12: "takes a screenshot",
    pygame.K_PLUS: "zooms", pygame.K_MINUS: "zooms", pygame.K_EQUALS: "zooms", pygame.K_KP_PLUS: "zooms",
    pygame.K_KP_MINUS: "zooms", pygame.K_PAUSE: "pauses", pygame.K_PERIOD: "opens or folds the log's lines",
}


# key names as the settings file spells them ("m", "space", "f5", "kp_plus"): pygame's K_ constants, lower case
CODES: dict[str, int] = {attr[2:].lower(): getattr(pygame, attr) for attr in dir(pygame) if attr.startswith("K_")}
NAMES: dict[int, str] = {}
for _name, _code in sorted(CODES.items(), key=lambda item: len(item[0]), reverse=True):
    NAMES[_code] = _name                 # the shortest name wins ("return", not "kp_enter" aliases)


DEFAULTS: dict[str, int] = {k.id: CODES[k.hotkey.lower()] for k in BAR}      # the action bar's own keys
LABELS: dict[str, str] = {k.id: k.label for k in BAR}
COSTS: dict[str, str] = {k.id: k.cost for k in BAR}


def key_from_name(name: object) -> int | None:
    """A pygame key code from its name ("m", "space", "f5"), or None if there is no such key."""
    return CODES.get(name.lower()) if isinstance(name, str) else None


def key_name(code: int) -> str:
    return NAMES.get(code, str(code))


def keys_problem(names: object) -> str | None:
    """Why a saved key map cannot be used, or None (the settings check)."""
    if not isinstance(names, dict):
        return f"expected action: key name pairs, got {type(names).__name__}"
    for action, name in names.items():
        if action not in DEFAULTS:
            return f"{action}: no such action (known: {', '.join(DEFAULTS)})"
        code = key_from_name(name)
        if code is None:
            return f"{action}: {name!r} is not a key name"
        if code in RESERVED:
            return f"{action}: {name!r} {RESERVED[code]} on the board"
    full = player_keys(names)
    if len(set(full.values())) != len(full):
        return "two actions share one key"
    return None


def player_keys(names: dict | None) -> dict[str, int]:
    """Action id -> key code: the defaults, with the player's changes."""
    keys = dict(DEFAULTS)
    for action, name in (names or {}).items():
        code = key_from_name(name)
        if action in keys and code is not None:
            keys[action] = code
    return keys


def assign(keys: dict[str, int], action: str, code: int) -> dict[str, int]:
    """The map with `action` on `code` (an action that had it takes `action`'s old key); ValueError says why not."""
    if code in RESERVED:
        raise ValueError(f"{key_name(code).upper()} {RESERVED[code]} on the board")
    out = dict(keys)
    holder = next((a for a, k in out.items() if k == code and a != action), None)
    if holder is not None:
        out[holder] = out[action]
    out[action] = code
    return out


def changed_names(keys: dict[str, int]) -> dict[str, str]:
    """The key names to keep in the settings: only the actions whose key is not the default."""
    return {a: key_name(k) for a, k in keys.items() if DEFAULTS.get(a) != k}
