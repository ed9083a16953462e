"""Sound: the mixer that turns the engine's events into cues, and the playback behind it."""
