"""Copy a tool's result as plain text: to the system clipboard (pygame's scrap, SDL's clipboard), or, where a window
system has none, to a file in the player's folder so the text is never lost."""
from __future__ import annotations

import pygame

from game.content.files import atomic_write, home_dir

FALLBACK = "last_copy.txt"


def copy_text(text: str) -> str:
    """Put `text` where the player can paste it; returns what to tell them."""
    try:
        pygame.scrap.put_text(text)
        return "Copied as plain text: paste it anywhere"
    except (pygame.error, AttributeError, NotImplementedError):
        path = home_dir() / FALLBACK
        try:
            atomic_write(path, text.encode("utf-8"))
        except OSError:
            return "No clipboard here, and the text could not be saved"
        return f"No clipboard here: the text is in {path}"
