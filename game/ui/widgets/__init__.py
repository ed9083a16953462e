"""Shared pieces every screen is built from: the app loop, theme, controls, key map, settings and caches."""
