"""A sweep's results in one SQLite file, one row per game as it comes back: a killed sweep keeps every game it
stored, and `--resume` plays only the others. The file names the sweep it belongs to (Sweep.identity): the results of
another sweep are refused, never mixed in. A file that is not such a store is left as it is."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

FORMAT = "borrowed-time sweep results 1"


class StoreError(Exception):
    """Why the results file cannot be used, in one line (the file untouched)."""


SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cells (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS games (cell INTEGER NOT NULL REFERENCES cells(id), seed INTEGER NOT NULL,
                                  record TEXT NOT NULL, PRIMARY KEY (cell, seed));
"""


class SweepStore:
    def __init__(self, path: Path, identity: str) -> None:
        self.path = Path(path)
        existed = self.path.exists()
        if existed and not self.path.is_file():
            raise StoreError(f"{self.path}: is not a regular file")
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            if existed:
                self._check(identity)
            else:
                self._create(identity)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: not a sweep results file, or damaged ({exc}); left as it is") from None
        self._cells: dict[str, int] = dict(self.db.execute("SELECT key, id FROM cells"))

    def _create(self, identity: str) -> None:
        with self.db:       # one transaction: a file killed while it is made holds no half a store
            self.db.execute("BEGIN")
            for statement in filter(str.strip, SCHEMA.split(";")):
                self.db.execute(statement)
            self.db.executemany("INSERT INTO meta VALUES (?, ?)", [("format", FORMAT), ("sweep", identity)])

    def _check(self, identity: str) -> None:
        tables = {name for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:          # an empty file (a first run killed while it made the store)
            self._create(identity)
            return
        meta = dict(self.db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        if meta.get("format") != FORMAT or not {"cells", "games"} <= tables:
            raise StoreError(f"{self.path}: is not a sweep results file; left as it is (name another --results)")
        if meta.get("sweep") != identity:
            raise StoreError(f"{self.path}: holds the results of another sweep (its grid, games or seed differ); "
                             f"left as it is: name another --results file")

    def cell_id(self, key: str) -> int:
        if key not in self._cells:
            self.db.execute("INSERT OR IGNORE INTO cells (key) VALUES (?)", (key,))
            (self._cells[key],) = self.db.execute("SELECT id FROM cells WHERE key = ?", (key,)).fetchone()
        return self._cells[key]

    def done(self, key: str) -> set[int]:
        """The seeds of the cell's games already stored."""
        return {seed for (seed,) in self.db.execute("SELECT seed FROM games WHERE cell = ?", (self.cell_id(key),))}

    def count(self) -> int:
        (n,) = self.db.execute("SELECT COUNT(*) FROM games").fetchone()
        return n

    def add(self, games: Iterable[tuple[str, int, dict]]) -> None:
        """(cell key, seed, record) for each game of a finished chunk, stored at once (all or none)."""
        rows = [(self.cell_id(key), seed, json.dumps(record, separators=(",", ":"))) for key, seed, record in games]
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT OR IGNORE INTO games VALUES (?, ?, ?)", rows)

    def records(self, key: str) -> Iterator[dict]:
        """The cell's records in seed order, read as they are used (a big cell is never held whole)."""
        for (text,) in self.db.execute("SELECT record FROM games WHERE cell = ? ORDER BY seed",
                                       (self.cell_id(key),)):
            yield json.loads(text)

    def close(self) -> None:
        self.db.close()
