"""The board: the game scene, its map, overlays, panels, HUD, help, replays and the tutorial scene on it."""
