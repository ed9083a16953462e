"""Where a screen sends the player back to, by name.

Screens lead forward by importing the next screen (menu -> setup -> game board -> end screen). The few ways back (the
end screen's "main menu" and "play again") go through these routes instead, so that no two screen modules import
each other: the menu and the setup screens register their entry points here when they are imported, and
game.ui.launch imports them before the first window opens.
"""
from __future__ import annotations

from collections.abc import Callable

_ROUTES: dict[str, Callable] = {}


def route(name: str) -> Callable[[Callable], Callable]:
    """Register a screen's entry point under `name` (a decorator)."""
    def register(entry: Callable) -> Callable:
        _ROUTES[name] = entry
        return entry
    return register


def go(name: str, *args, **kwargs):
    """Call the entry point registered as `name`."""
    entry = _ROUTES.get(name)
    if entry is None:
        raise LookupError(f"no screen is registered as {name!r}: import game.ui.launch first")
    return entry(*args, **kwargs)
