"""Facts that never change for one map, content or scenario (all frozen), worked out once and kept by the object's
identity: hashing a whole map would cost more than the facts. Each entry holds its object, so an id is never reused
while its entry lives."""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from game.world.memo import MapMemo

T = TypeVar("T")

# (kind, id of its owner) -> (owner, fact), 64 in all: a long run of hand-drawn test boards starts afresh past it
_KEPT: MapMemo = MapMemo(64)


def kept_for(kind: str, owner: object, make: Callable[[], T]) -> T:
    """The `kind` fact of `owner`, made by make() the first time it is asked for."""
    found = _KEPT.get((kind, id(owner)))
    if found is None or found[0] is not owner:
        found = _KEPT.keep((kind, id(owner)), (owner, make()))
    return found[1]
