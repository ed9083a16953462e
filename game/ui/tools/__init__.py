"""The table tools' screens: calculator, Director, frenzy, scavenge, quick play, table, and the sandbox."""
