"""Shared test set-up. The UI tests run headless: SDL's dummy video and audio drivers, chosen before pygame is
imported anywhere."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
