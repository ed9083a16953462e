"""Caches of facts that never change for one frozen object (a map, the content): each answers only for the object it
was worked out for, never for another one, even one that happens to get the same id."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType

from game.ai import director_view as V
from game.content.loader import load_content
from game.world import kept as K
from game.world.session import Session


class _Owner:
    pass


def test_fixed_facts_are_kept_per_object_and_never_answer_for_a_reused_id():
    first, second = _Owner(), _Owner()
    assert K.kept_for("test", first, lambda: 1) == 1
    assert K.kept_for("test", first, lambda: 2) == 1          # remembered
    assert K.kept_for("test", second, lambda: 3) == 3         # another object, its own answer
    K._KEPT["test", id(second)] = (first, 1)               # as if `second` had been given a dead object's id
    assert K.kept_for("test", second, lambda: 4) == 4


def test_zombie_kinds_and_event_facts_follow_the_content():
    content = load_content()
    faster = dataclasses.replace(content, zombies=MappingProxyType(
        {k: dataclasses.replace(z, move=z.move + 1) for k, z in content.zombies.items()}))
    assert [k.move for k in V.zombie_kinds(faster)] == [k.move + 1 for k in V.zombie_kinds(content)]
    dearer = dataclasses.replace(content, events=MappingProxyType(
        {k: dataclasses.replace(e, cost=e.cost + 1) for k, e in content.events.items()}))
    scenario = next(sid for sid, s in content.scenarios.items() if s.events)
    plain, dear = Session(content, scenario, seed=1), Session(dearer, scenario, seed=1)
    try:
        assert [e.cost for e in V._scenario_events(dear)] == [e.cost + 1 for e in V._scenario_events(plain)]
        assert [m[0] for m in V.spawn_markers(plain)] == [m[0] for m in V.spawn_markers(dear)]
    finally:
        plain.close()
        dear.close()
