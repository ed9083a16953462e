"""The checked content kept between runs, as Python keeps bytecode: a start that finds the game's files as the last
start left them reads the content back (about 3 ms) instead of parsing and checking every file again (about 100 ms,
a third of the start-up to the menu).

The key is every code, data, map and sound file of the game (path, size, modification time: the sounds table checks
that each take is there) and the Python version, so any change to a rule, a map, a sound or the code that reads them
makes a fresh, fully checked load. Only a load that passed every check is kept.

It is kept where Python keeps the game's bytecode (game/__pycache__, or under PYTHONPYCACHEPREFIX), never in the
player's folder: it is a pickle, and that folder holds files a player may be handed (saves, positions). Beside the
bytecode it is trusted as the bytecode that Python runs is, and only when this user wrote it and no one else can
change it (`_ours`). The kept copy is a cache, never a player's file:
one that cannot be read (damaged, from another version, not content) or written (a full disk, a read-only install)
is passed over and the content loaded and checked as if it were not there. One file, replaced when the key changes.
"""
from __future__ import annotations

import copyreg
import hashlib
import io
import os
import pickle
import sys
import types
from pathlib import Path

from game.content.defs import Content
from game.content.files import atomic_write

PREFIX = "content-"


def cache_dir(root: Path) -> Path:
    """Beside the bytecode of root's game/ (Python's own choice of place: __pycache__, or under its prefix)."""
    if sys.pycache_prefix:
        return Path(sys.pycache_prefix, *root.resolve().parts[1:], "game")
    return root / "game" / "__pycache__"


def key(root: Path) -> str:
    """A digest of the Python version and of every .py and .yaml file under game/, .yaml under maps/ and .ogg under
    sounds/ (path, size, time)."""
    digest = hashlib.sha256(sys.version.encode())
    for top, exts in (("game", (".py", ".yaml")), ("maps", (".yaml",)), ("sounds", (".ogg",))):
        for folder, dirs, files in sorted(os.walk(root / top)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(exts):
                    st = os.stat(os.path.join(folder, name))
                    digest.update(f"{folder}/{name}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:32]


def read(root: Path):
    """The content kept for these files, or None (none kept, or kept for other files, or unreadable)."""
    path = cache_dir(root) / f"{PREFIX}{key(root)}.pickle"
    try:
        with open(path, "rb") as fh:
            if not _ours(os.fstat(fh.fileno())):
                return None
            content = pickle.loads(fh.read())
    except Exception:     # missing, damaged or stale in a way the key did not see: load afresh
        return None
    return content if isinstance(content, Content) else None


def _ours(st: os.stat_result) -> bool:
    """Was the file written by this user, and can no one else change it? write() makes it so (a temporary file of
    mode 0600, renamed): a kept copy another account wrote or could have rewritten is never unpickled. (Where
    there are no user ids, Windows, the folder's own permissions are what guard it, as they guard the bytecode.)"""
    if not hasattr(os, "getuid"):
        return True
    return st.st_uid == os.getuid() and not st.st_mode & 0o022


def write(root: Path, content) -> None:
    """Keep `content`, checked, for the files as they are; removes what was kept for other files."""
    folder, name = cache_dir(root), f"{PREFIX}{key(root)}.pickle"
    buffer = io.BytesIO()
    try:
        _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(content)
        atomic_write(folder / name, buffer.getvalue())
        for old in folder.glob(f"{PREFIX}*.pickle"):
            if old.name != name:
                old.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError):    # a full disk, a read-only install: the next start checks again
        return


def _proxy(mapping: dict) -> types.MappingProxyType:
    return types.MappingProxyType(mapping)


class _Pickler(pickle.Pickler):
    # the content's tables are read-only views (mappingproxy), which pickle cannot store by itself
    dispatch_table = {**copyreg.dispatch_table, types.MappingProxyType: lambda m: (_proxy, (dict(m),))}
