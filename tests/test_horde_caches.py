"""What the horde's walk keeps between zombies (the survivors' contact cells, the round's noise, the downhill steps of
a field), the engage cells it works out only near a survivor, and how it picks a target must agree with a fresh look at
the world after every step of real games: zombies moving, spawning and dying, doors smashed, survivors moving, Downed,
escaping or eliminated."""
from __future__ import annotations

import esper

from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world.components import Engagement, Noise, Pos, Survivor
from game.world.horde import engage_cells, visible_target
from tests.arena import arena, cell


def _seat_order_target(s, z: int) -> int | None:
    """visible_target as it was written first: every survivor in seat order, sight asked of each nearer one."""
    zc, room = s.cell(z), s.rules.engagement_slots - s.zdef(z).slots
    best, best_d = None, 0.0
    for sv in s.survivors():
        d = s.dist(zc, s.cell(sv))
        if (best is None or d < best_d) and s.slots_used(sv) <= room and s.board.sees(zc, s.cell(sv), s.sight_range()):
            best, best_d = sv, d
    return best


def _fresh_engage(s, z: int) -> frozenset[int]:
    room = s.rules.engagement_slots - s.zdef(z).slots
    return frozenset(c for sv in s.survivors() if s.comp(sv, Engagement).slots <= room
                     for c in s.board.contact_cells(s.cell(sv)))


def _fresh_noise(s) -> dict[int, int]:
    s.use()
    return {n.cell: n.amount for _, n in esper.get_component(Noise)}


def _check(s, seen: dict) -> None:
    noise = _fresh_noise(s)
    assert s.noise == noise
    assert s.loudest_noise() == (min(noise, key=lambda c: (-noise[c], c)) if noise else None)
    s.use()
    cells = [pos.cell for _, (pos, _) in esper.get_components(Pos, Survivor)]
    assert s.survivor_contact_set() == frozenset(c for x in cells for c in s.board.contact_cells(x))
    kept = sum(map(len, s.memos.targets.values()))
    for z in s.zombies():
        assert engage_cells(s, z) == _fresh_engage(s, z)
        target = visible_target(s, z)
        assert target == _seat_order_target(s, z)
        seen["targets"] += target is not None
    seen["steps with kept targets"] += kept > 0
    seen["engaged survivors"] += sum(1 for sv in s.survivors() if s.slots_used(sv))
    seen["noisy steps"] += bool(noise)
    seen["doors smashed"] = sum(1 for e in s.events if e.kind == "door")


def test_horde_answers_agree_with_a_fresh_look_after_every_step_of_real_games():
    content = load_content()
    seen = {"targets": 0, "engaged survivors": 0, "noisy steps": 0, "doors smashed": 0, "steps with kept targets": 0}
    smashed = 0
    for scenario, seed in (("pharmacy_run", 0), ("hold_the_line", 1), ("night_shift", 2), ("dead_air", 3)):
        play_game(content, scenario, seed, make_player("veteran", seed), after_step=lambda s: _check(s, seen)).close()
        smashed += seen["doors smashed"]
    counted = ("targets", "engaged survivors", "noisy steps", "steps with kept targets")
    assert min(seen[k] for k in counted) > 50, seen
    assert smashed > 0, "no game smashed a door: the games no longer cover doors"


def _check_fields(s, whole: dict, seen: dict) -> None:
    """Every distance field of the map agrees with the whole field worked out afresh: every value it has settled
    (all of them, or those nearer the sources than its level), a higher value for every cell it has not, and the
    downhill steps it keeps (the cells lower than each asked cell, in neighbours() order)."""
    board = s.board
    for key, field in board._static.fields.items():
        full = whole.get((board.terrain_key, key))
        if full is None:
            fresh = board.new_field(*_spelt(key))
            fresh.settle()
            full = whole[board.terrain_key, key] = list(fresh.dist)
        done = field.buckets is None
        for c, value in enumerate(field.dist):
            if done or value < field.level:
                assert value == full[c], (key, c)
            else:
                assert value >= field.level and full[c] >= field.level, (key, c)
        for here, steps in field.downhill.items():
            assert steps == tuple((n, half, full[n]) for n, half in board.neighbours(here) if full[n] < full[here])
            seen["whole steps" if done else "partial steps"] += 1
        seen["whole fields" if done else "partial fields"] += 1


def _spelt(key: tuple) -> tuple:
    source, ignores_difficult, bulk = key
    return (source,) if isinstance(source, int) else tuple(sorted(source)), ignores_difficult, bulk


def test_fields_agree_with_whole_fields_after_every_step_of_real_games():
    content = load_content()
    whole: dict = {}
    seen = {"partial fields": 0, "whole fields": 0, "partial steps": 0, "whole steps": 0}
    for scenario, seed in (("jump_start", 4), ("cold_chain", 6)):
        play_game(content, scenario, seed, make_player("veteran", seed),
                  after_step=lambda s: _check_fields(s, whole, seen)).close()
    assert min(seen.values()) > 100, seen


def test_engage_cells_follow_the_slots_a_zombie_fills_without_anyone_moving():
    rows = ["#######",
            "#.....#",
            "#..d..#",
            "#.....#",
            "#######"]
    s = arena(rows, ["soldier"])
    far = s.place_zombie("shambler", cell(s, 1, 1), "test", count=False)
    assert cell(s, 2, 1) in engage_cells(s, far)
    for x in (2, 3, 4):
        s.place_zombie("shambler", cell(s, x, 1), "test", count=False)
    assert s.slots_used(s.survivors()[0]) == 3          # no room left, and no survivor moved
    assert engage_cells(s, far) == frozenset() == _fresh_engage(s, far)
    s.close()
