"""Which version of the game a process runs: a digest of the rules engine's code, its data and its maps. A cluster's
workers must run the client's version, or a batch would mix games played under other rules."""
from __future__ import annotations

import functools
import hashlib

from game.content.loader import REPO_ROOT

_PARTS = (("game", (".py", ".yaml", ".yml")), ("maps", (".yaml", ".yml")))


@functools.cache
def game_version() -> str:
    """The digest of every code, data and map file under game/ and maps/ (paths and bytes), worked out once."""
    digest = hashlib.sha256()
    for folder, suffixes in _PARTS:
        base = REPO_ROOT / folder
        for path in sorted(p for p in base.rglob("*") if p.suffix in suffixes and "__pycache__" not in p.parts):
            digest.update(path.relative_to(REPO_ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
