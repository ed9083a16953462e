"""The screens: the only package that imports pygame."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no pygame banner on the player's terminal
