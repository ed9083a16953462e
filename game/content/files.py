"""The one way in for files a user could have been handed, and the one way out for the files the game writes.

Reading (`read_text`): regular files only (checked before opening, and the open never blocks), at most a size
cap, UTF-8 text; any refusal is a Problem naming the file.
The parsers on top (yamlio for YAML, jsonio for JSON) add the nesting and alias limits, and each file's schema
checks its fields.

Writing (`atomic_write`): each write goes to a temporary file of its own in the target's folder (two processes
saving the same slot never share one), is flushed to disk, renamed over the target, and the folder is synced so
the rename itself survives a crash. Temporary files left by a writer that was killed are removed by
`remove_stale_temps` once they are old enough that no live writer can still own them.
"""
from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path

from game.content.errors import Problem

MAX_BYTES = 4 << 20          # no file a player hands the game is anywhere near 4 MB (a long game's save: ~100 KB)
TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 600          # a temporary file this old belongs to a writer that died


def home_dir() -> Path:
    """The player's own folder: everything the game writes for them (saves, campaigns, settings, the kept content)
    goes under $BT_HOME, else ~/.borrowed_time."""
    return Path(os.environ.get("BT_HOME", Path.home() / ".borrowed_time"))


def read_text(path: Path | str, limit: int = MAX_BYTES) -> tuple[str | None, list[Problem]]:
    """The file's text, or None and one Problem saying why it cannot be read. Never blocks: a FIFO, a device or a
    directory is refused by what stat says before anything opens it, and the open itself is non-blocking (a file
    swapped for a FIFO between the two cannot hang it), then checked again on the open handle."""
    file = str(path)
    try:
        kind = _not_a_file(os.stat(path).st_mode)
        if kind:
            return None, [Problem(file, "file", kind)]
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)        # (Windows has no FIFOs to block on, nor O_NONBLOCK)
        with os.fdopen(fd, "rb") as fh:
            kind = _not_a_file(os.fstat(fh.fileno()).st_mode)
            if kind:
                return None, [Problem(file, "file", kind)]
            raw = fh.read(limit + 1)
    except FileNotFoundError:
        return None, [Problem(file, "file", "missing: no such file")]
    except OSError as exc:      # a symlink loop, no permission, a name too long, an I/O error...
        return None, [Problem(file, "file", f"cannot be read: {exc.strerror or exc}")]
    except ValueError as exc:   # a NUL byte in the path
        return None, [Problem(file, "file", f"cannot be read: {exc}")]
    if len(raw) > limit:
        return None, [Problem(file, "file", f"is larger than {limit // (1 << 20)} MB: not a file of this game")]
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        return None, [Problem(file, f"byte {exc.start}", "is not UTF-8 text")]


def _not_a_file(mode: int) -> str:
    """What a path is when it is not a regular file ("" when it is one), in the words a player reads."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "is a directory, not a file"
    if stat.S_ISFIFO(mode):
        return "is a named pipe (FIFO), not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a file"
    return "is not a regular file"


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` with `data` all at once: readers see the old file or the new one, never a torn one.
    Raises OSError (a full disk included) when the data did not reach the disk."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise OSError(f"{path} is not a regular file")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:      # a platform without directory handles: the rename is as durable as it gets there
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temps(folder: Path, now: float | None = None) -> int:
    """Delete the temporary files of writers that died (older than STALE_SECONDS); how many went."""
    now = time.time() if now is None else now
    removed = 0
    for tmp in Path(folder).glob(f".*{TEMP_SUFFIX}"):
        try:
            if now - tmp.stat().st_mtime > STALE_SECONDS:
                tmp.unlink()
                removed += 1
        except OSError:      # gone already, or not ours to delete: leave it
            continue
    return removed


def writable_problem(path: Path | str) -> str | None:
    """Why `path` cannot be written (checked before a long job starts), or None when a file can be made there."""
    text = str(path)
    if not text.strip():
        return "the file name is empty"
    target = Path(text)
    if target.is_dir():
        return f"{target} is a directory"
    if target.exists() and not target.is_file():
        return f"{target} is not a regular file"
    folder = target.parent
    while not folder.exists():           # atomic_write makes the missing folders: probe the one they would go in
        folder = folder.parent
    if not folder.is_dir():
        return f"{folder} is not a folder"
    try:        # the only sure test (permissions, read-only mounts, root on a foreign file system): make a file there
        fd, probe = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        return f"cannot write in {folder}: {exc.strerror or exc}"
    os.close(fd)
    os.unlink(probe)
    return None
