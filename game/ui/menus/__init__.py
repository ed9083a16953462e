"""Menus before a game: setup, players, keys, and the saved-game and replay lists."""
