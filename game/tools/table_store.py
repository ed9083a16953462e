"""A table that remembers: each group's tool states and history in one SQLite file, shared by every phone and the CLI.

    store = TableStore(path)                     # the file is made (WAL mode) on first use
    code = store.new_table()                     # e.g. "482913077265", shown as "4829 1307 7265"
    store.change(code, "scavenge", step)         # step(state) -> Change; one transaction, recorded in the history
    store.undo(code, "scavenge")                 # the tool's state as it was before its last change

A table is a code of 12 digits (CODE_DIGITS), shown in groups of four: digits are the easiest thing to read out
across a table and to type on a phone's number pad, and a trillion codes cannot be guessed at the rate one machine
can try them (about 1,000 a second with no limit: about three years on average to hit one of ten tables; the
server also limits the tries, game.web.guard). Tables made before keep their old code of 4 to 6 letters.

Each tool keeps one JSON state per table (the decks, the Director's round tracker, the running Heat total); every
change is one transaction (BEGIN IMMEDIATE: two phones pressing at once are taken one after the other, each sees the
other's result) that also writes a history row holding the state before it, so the last change of a tool can be
undone. `version` grows with every change: a page polls it to see other phones' changes.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from game.tools.common import ToolError

CODE_DIGITS = 12
CODE_PATTERN = re.compile(rf"[0-9]{{{CODE_DIGITS}}}")
OLD_CODE_PATTERN = re.compile(r"[A-Z]{4,6}")        # the letter codes of tables made before: still opened
SEPARATORS = re.compile(r"[\s.\-]")                # "4829 1307 7265", "4829-1307-7265" as typed
CODE_EXAMPLE = "4829 1307 7265"
HISTORY_SHOWN = 20

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, created REAL NOT NULL, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS states (code TEXT NOT NULL, tool TEXT NOT NULL, data TEXT NOT NULL,
                                   PRIMARY KEY (code, tool));
CREATE TABLE IF NOT EXISTS history (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, tool TEXT NOT NULL,
                                    kind TEXT NOT NULL, summary TEXT NOT NULL, text TEXT NOT NULL,
                                    before TEXT, undone INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE INDEX IF NOT EXISTS history_by_tool ON history (code, tool, id);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


def default_db() -> Path:
    """Where tables live unless --db says otherwise: beside the saves and settings (BT_HOME)."""
    return Path(os.environ.get("BT_HOME", Path.home() / ".borrowed_time")) / "tables.db"


def check_code(text: object, flag: str = "table") -> str:
    """A table code from a person: 12 digits, spaces or dashes between them allowed (or an old table's 4 to 6
    letters, any case)."""
    typed = str(text or "").strip()
    code = SEPARATORS.sub("", typed).upper()
    if not (CODE_PATTERN.fullmatch(code) or OLD_CODE_PATTERN.fullmatch(code)):
        what = f"{typed[:20]!r} is not" if typed else "give"
        raise ToolError(flag, f"{what} a table code: {CODE_DIGITS} digits, e.g. {CODE_EXAMPLE}")
    return code


def shown(code: str) -> str:
    """A code as people read it: '482913077265' -> '4829 1307 7265' (an old letter code as it is)."""
    return " ".join(code[i:i + 4] for i in range(0, len(code), 4)) if CODE_PATTERN.fullmatch(code) else code


@dataclass(frozen=True)
class Change:
    """What one step did: the tool's new state (None: unchanged), a one-line summary and the plain-text result;
    `result` is the tool's own result object for the caller (not stored)."""
    state: dict | None
    summary: str
    text: str
    kind: str = "change"
    result: object = None


@dataclass(frozen=True)
class Entry:
    id: int
    tool: str
    kind: str
    summary: str
    text: str
    undone: bool
    created: float


class TableStore:
    def __init__(self, path: str | Path, timeout: float = 15):
        self.path = Path(path)
        self.timeout = timeout          # seconds to wait for another writer (a window waits less than a server)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as db:
                db.execute("PRAGMA journal_mode=WAL")
                db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise ToolError("--db", f"{self.path}: cannot be used as a table database ({exc})") from None

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        # one short-lived connection per call: safe across the server's threads, nothing held between requests
        db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        try:
            yield db
        finally:
            db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction that holds the write lock from its first read (so read-modify-write is never interleaved)."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # --- tables ---------------------------------------------------------------------------------------------------

    def new_table(self) -> str:
        with self._write() as db:
            while True:
                code = f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
                if not db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone():
                    db.execute("INSERT INTO tables VALUES (?, ?, 0)", (code, time.time()))
                    return code

    def ensure(self, code: str) -> str:
        """The table with this code, made if it is new (the command line names its own tables); an old letter code
        is only opened, never made."""
        code = check_code(code, "--table")
        if not CODE_PATTERN.fullmatch(code) and not self.exists(code):
            raise ToolError("--table", f"there is no table {code} here; a new table is named with {CODE_DIGITS} "
                                       f"digits (e.g. {CODE_EXAMPLE})")
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO tables VALUES (?, ?, 0)", (code, time.time()))
        return code

    def exists(self, code: str) -> bool:
        with self._connect() as db:
            return db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is not None

    def require(self, code: object, flag: str = "table") -> str:
        """A checked code of a table that exists, else a ToolError naming `flag`."""
        code = check_code(code, flag)
        if not self.exists(code):
            raise ToolError(flag, f"there is no table {shown(code)} here: check the code, or start a new table")
        return code

    def version(self, code: str) -> int:
        with self._connect() as db:
            row = db.execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
        return row[0] if row else -1

    def setting(self, key: str) -> str | None:
        """A value kept beside the tables (the desktop's table code)."""
        with self._connect() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_setting(self, key: str, value: str) -> None:
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # --- states and history ---------------------------------------------------------------------------------------

    def state(self, code: str, tool: str) -> dict | None:
        with self._connect() as db:
            return _state(db, code, tool)

    def change(self, code: str, tool: str, step: Callable[[dict | None], Change]) -> Change:
        """Run `step` on the tool's current state and keep what it returns, all in one transaction. A ToolError from
        the step changes nothing."""
        with self._write() as db:
            before = _state(db, code, tool)
            done = step(before)
            if done.state is not None:
                db.execute("INSERT OR REPLACE INTO states VALUES (?, ?, ?)", (code, tool, json.dumps(done.state)))
            db.execute("INSERT INTO history (code, tool, kind, summary, text, before, created) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (code, tool, done.kind, done.summary, done.text,
                        json.dumps(before) if done.state is not None else None, time.time()))
            db.execute("UPDATE tables SET version = version + 1 WHERE code = ?", (code,))
        return done

    def keep(self, code: str, tool: str, data: dict) -> None:
        """Keep a state no other phone reads (the desktop's Director board) as it is: no history, no new version."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO states VALUES (?, ?, ?)", (code, tool, json.dumps(data)))

    def undo(self, code: str, tool: str) -> Entry | None:
        """Take back the tool's last change (its state returns to what it was); None when there is nothing to undo."""
        with self._write() as db:
            row = db.execute("SELECT id, before FROM history WHERE code = ? AND tool = ? AND undone = 0 "
                             "ORDER BY id DESC LIMIT 1", (code, tool)).fetchone()
            if row is None:
                return None
            entry_id, before = row
            if before is not None:          # NULL: the change left the state alone (a roll only shown)
                if json.loads(before) is None:
                    db.execute("DELETE FROM states WHERE code = ? AND tool = ?", (code, tool))
                else:
                    db.execute("INSERT OR REPLACE INTO states VALUES (?, ?, ?)", (code, tool, before))
            db.execute("UPDATE history SET undone = 1 WHERE id = ?", (entry_id,))
            db.execute("UPDATE tables SET version = version + 1 WHERE code = ?", (code,))
        return self._entry(entry_id)

    def history(self, code: str, tool: str | None = None, limit: int = HISTORY_SHOWN,
                include_undone: bool = False) -> list[Entry]:
        """The latest entries first."""
        where, args = "code = ?", [code]
        if tool is not None:
            where += " AND tool = ?"
            args.append(tool)
        if not include_undone:
            where += " AND undone = 0"
        with self._connect() as db:
            rows = db.execute(f"SELECT id, tool, kind, summary, text, undone, created FROM history WHERE {where} "
                              "ORDER BY id DESC LIMIT ?", (*args, limit)).fetchall()
        return [Entry(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6]) for r in rows]

    def _entry(self, entry_id: int) -> Entry:
        with self._connect() as db:
            r = db.execute("SELECT id, tool, kind, summary, text, undone, created FROM history WHERE id = ?",
                           (entry_id,)).fetchone()
        return Entry(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6])


def _state(db: sqlite3.Connection, code: str, tool: str) -> dict | None:
    row = db.execute("SELECT data FROM states WHERE code = ? AND tool = ?", (code, tool)).fetchone()
    return json.loads(row[0]) if row else None
