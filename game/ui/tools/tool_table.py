"""A tool screen whose state lives on the table (game.tools.desk_table): read when the screen is shown, read again
when a phone changes the table (polled once a second), written in one transaction with each search, roll or reset.

A screen mixes in TableSync before ToolScene, names its `table_tool`, and implements `load_state(data)` (the stored
JSON, or None for a table without one yet). Without a table (tests, a database that failed) it keeps its state in
memory as before.
"""
from __future__ import annotations

POLL = 1.0      # seconds between looks at the table's version


class TableSync:
    table_tool = ""
    table = None
    _seen = -1
    _poll = 0.0

    def load_state(self, data: dict | None) -> None:
        raise NotImplementedError

    def pull(self) -> bool:
        """Read the tool's state again if the table changed since this screen last read it; True when it did."""
        table = self.table
        if table is None or not table.online:
            return False
        version = table.version()
        if version == self._seen or not table.online:
            return False
        self._seen = version
        data = table.state(self.table_tool)
        if table.online:
            self.load_state(data)
        return True

    def pushed(self) -> None:
        """After this screen's own change: the table's new version is already on screen."""
        if self.table is not None and self.table.online:
            self._seen = self.table.version()

    def enter(self) -> None:
        super().enter()
        if self.pull():
            self.changed(relayout=True)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._poll -= dt
        if self._poll <= 0:
            self._poll = POLL
            if self.pull():
                self.changed(relayout=True)
