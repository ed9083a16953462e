"""A table's memory in one JSON file, for the command line's `--state FILE`.

The file holds one entry per stateful tool, each that tool's own `to_dict()`:

    {"version": 1, "scavenge": {...DeckState...}, "director": {...RoundTracker...}, "calc": {...HeatTally...}}

`load` reads it through the game's guarded JSON reader and hands the tool's entry to its `from_dict` (a missing file
or entry is a fresh start); `save` replaces the tool's entry and writes the whole file atomically, so the other
tools' entries survive and a crash never leaves half a file. Every refusal is one ToolError naming the file and the
field.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from game.content.files import atomic_write
from game.content.jsonio import read_json
from game.tools.common import ToolError

VERSION = 1
TOOLS = ("scavenge", "director", "calc")
FLAG = "--state"


def _read(path: Path) -> dict:
    if not path.exists():
        return {"version": VERSION}
    data, problems = read_json(path)
    if problems:
        p = problems[0]
        raise ToolError(FLAG, f"{p.file}: {p.where}: {p.message}")
    if not isinstance(data, dict):
        raise ToolError(FLAG, f"{path}: file: expected a JSON object with one entry per tool ({', '.join(TOOLS)})")
    if data.get("version") != VERSION:
        raise ToolError(FLAG, f"{path}: version: expected {VERSION}, got {data.get('version')!r}")
    unknown = sorted(set(data) - {"version", *TOOLS})
    if unknown:
        raise ToolError(FLAG, f"{path}: {unknown[0]}: not a tool's entry (known: {', '.join(TOOLS)})")
    return data


def load(path: str | Path, tool: str, from_dict: Callable[[object], object]):
    """The tool's state from the file, or None when the file or its entry is not there yet."""
    path = Path(path)
    data = _read(path)
    if tool not in data:
        return None
    try:
        return from_dict(data[tool])
    except ToolError as exc:
        raise ToolError(FLAG, f"{path}: {tool}.{exc.flag}: {exc.message}") from None


def save(path: str | Path, tool: str, state_dict: dict) -> None:
    """Write the tool's entry back, keeping the other tools' entries, all at once."""
    path = Path(path)
    data = _read(path)
    data[tool] = state_dict
    try:
        atomic_write(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
    except OSError as exc:
        raise ToolError(FLAG, f"{path}: cannot write it: {exc.strerror or exc}") from None
