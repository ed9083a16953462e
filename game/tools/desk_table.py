"""The desktop tool screens' memory: the same table store as `serve` and `--table` (tables.db in BT_HOME).

    table = DeskTable()              # this computer's own table, made on first use and kept in the database
    table.join("4829 1307 7265")     # sit at the phones' table (its code from `serve`); kept for the next start
    table.start_new()                # a fresh table
    table.change("scavenge", step)   # as TableStore.change; None when the database failed (the screen keeps its
                                     # state in memory)
    table.run(lambda store, code: table_tools.tracker_end(store, code, content))    # a table_tools action

A damaged, unreadable or locked database never stops the tools: `problem` says what went wrong in one sentence and
the screens carry on in memory (`online` is False) until the game is started again.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from game.tools.common import ToolError
from game.tools.table_store import Change, Entry, TableStore, check_code, default_db, shown

DESK_KEY = "desk_table"     # the meta key holding the code the desktop sits at
WAIT = 2.0                  # seconds a window waits for a phone's write before giving up (not the server's 15)


class DeskTable:
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else default_db()
        self.store: TableStore | None = None
        self.code = ""
        self.problem = ""
        try:
            self.store = TableStore(self.path, timeout=WAIT)
            code = self.store.setting(DESK_KEY)
            if not code or not self.store.exists(code):
                code = self.store.new_table()
                self.store.set_setting(DESK_KEY, code)
            self.code = code
        except ToolError as exc:        # the store's own message; the database's words are its context
            self._lost(str(exc.__context__ or exc.message))
        except (sqlite3.Error, OSError) as exc:
            self._lost(str(exc))

    @property
    def online(self) -> bool:
        return self.store is not None

    def _lost(self, why: str) -> None:
        self.store = None
        self.problem = (f"The tables' database {self.path} cannot be used ({why}). The tools keep working, but "
                        "nothing is remembered after you quit.")

    def _guard(self, act: Callable, default=None):
        """Run `act()` on the store; a database failure takes the desk off the table (memory only) instead."""
        if self.store is None:
            return default
        try:
            return act()
        except (sqlite3.Error, OSError) as exc:
            self._lost(str(exc))
            return default

    # --- which table ------------------------------------------------------------------------------------------

    def join(self, text: str) -> str:
        """Sit at an existing table (a ToolError naming the field when the code is wrong or unknown)."""
        code = check_code(text, "table code")
        if self.store is None:
            raise ToolError("table code", self.problem)
        if not self._guard(lambda: self.store.exists(code), False):
            if self.store is None:
                raise ToolError("table code", self.problem)
            raise ToolError("table code", f"there is no table {shown(code)} in {self.path.name}: check the code "
                                          "shown by `python main.py serve`, or start a new table")
        self._sit(code)
        return code

    def start_new(self) -> str:
        code = self._guard(self.store.new_table) if self.store else None
        if code is None:
            raise ToolError("table", self.problem)
        self._sit(code)
        return code

    def _sit(self, code: str) -> None:
        self._guard(lambda: self.store.set_setting(DESK_KEY, code))
        self.code = code

    # --- the tools' states --------------------------------------------------------------------------------------

    def version(self) -> int:
        return self._guard(lambda: self.store.version(self.code), -1)

    def state(self, tool: str) -> dict | None:
        return self._guard(lambda: self.store.state(self.code, tool))

    def change(self, tool: str, step: Callable[[dict | None], Change]) -> Change | None:
        return self._guard(lambda: self.store.change(self.code, tool, step))

    def run(self, action: Callable[[TableStore, str], Change]) -> Change | None:
        """A table_tools action on this table (`action(store, code)`); None when the database failed."""
        return self._guard(lambda: action(self.store, self.code))

    def keep(self, tool: str, data: dict) -> None:
        """A window's own state (the Director board), written as it changes; nothing to undo or to poll."""
        self._guard(lambda: self.store.keep(self.code, tool, data))

    def undo(self, tool: str) -> Entry | None | bool:
        """The entry undone; None when there was nothing; False when the database failed (undo in memory)."""
        if self.store is None:
            return False
        return self._guard(lambda: self.store.undo(self.code, tool), False)
