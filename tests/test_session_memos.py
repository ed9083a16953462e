"""The Session's memos (answers kept until a model moves or a door changes, and survivor answers kept until a
survivor moves) must agree with a fresh look at the esper world after every step of real games: moves, spawns,
kills, doors smashed and opened, survivors Downed, escaping or eliminated."""
from __future__ import annotations

import ast
from pathlib import Path

import esper

from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world import actions as A
from game.world.components import Inventory, Pos, Survivor, Zombie
from game.world.memo import DEPENDS_ON, TARGETS_DEPEND_ON, GameMemos, slots_crossed
from tests.arena import arena, cell

ROWS = [
    "#######",
    "#d.+..#",
    "#######",
]


def _fresh(s) -> dict:
    s.use()
    comp, has = esper.component_for_entity, esper.has_component
    roster = sorted((eid for eid, _ in esper.get_component(Survivor)), key=lambda e: (comp(e, Survivor).seat, e))
    return {
        "on board": [e for e in roster if has(e, Pos)],
        "all": roster,
        "zombies": sorted(eid for eid, _ in esper.get_component(Zombie)),
        "survivor cells": [pos.cell for _, (pos, _) in esper.get_components(Pos, Survivor)],
        "zombie cells": [pos.cell for _, (pos, _) in esper.get_components(Pos, Zombie)],
        "survivor cell set": frozenset(pos.cell for _, (pos, _) in esper.get_components(Pos, Survivor)),
        "on board, uncopied": [e for e in roster if has(e, Pos)],
        "zombie cell set": frozenset(pos.cell for _, (pos, _) in esper.get_components(Pos, Zombie)),
        "zombie walls and stops": A._zombie_cells(s),
        "engaged": [any(s.board.in_contact(comp(e, Pos).cell, pos.cell) for _, (pos, _) in
                        esper.get_components(Pos, Zombie)) for e in roster if has(e, Pos)],
        "nearest zombie": [min((s.dist(comp(e, Pos).cell, pos.cell) for _, (pos, _) in
                                esper.get_components(Pos, Zombie)), default=float("inf"))
                           for e in roster if has(e, Pos)],
    }


def _cached(s) -> dict:
    return {
        "on board": s.survivors(), "all": s.survivors(on_board=False), "zombies": s.zombies(),
        "survivor cells": list(s.cells_of(Survivor)), "zombie cells": list(s.cells_of(Zombie)),
        "survivor cell set": s.survivor_cell_set(), "on board, uncopied": s.on_board(),
        "zombie cell set": s.zombie_cell_set(),
        "zombie walls and stops": A._zombie_walls(s),
        "engaged": [s.is_engaged(sv) for sv in s.survivors()],
        "nearest zombie": [s.nearest_zombie(s.cell(sv)) for sv in s.survivors()],
    }


def test_memos_agree_with_the_world_after_every_step_of_real_games():
    content = load_content()
    seen = {"zombie moves kept the survivor memo": 0, "survivor moves": 0, "survivor moves kept the zombie memo": 0}
    last = {}

    def compare(s):
        assert _cached(s) == _fresh(s)
        memo, cells = s.memos.survivors, [s.cell(sv) for sv in s.survivors()]
        if last.get("memo") is memo:
            assert cells == last["cells"], "a survivor moved and its memo was kept"
            seen["zombie moves kept the survivor memo"] += last["version"] != s.occupant.version
        elif last.get("cells") is not None and cells != last["cells"]:
            seen["survivor moves"] += 1
        zmemo, zcells = s.memos.zombies, [(z, s.cell(z)) for z in s.zombies()]
        if last.get("zmemo") is zmemo:
            assert zcells == last["zcells"], "a zombie moved, came or fell and its memo was kept"
            seen["survivor moves kept the zombie memo"] += last["version"] != s.occupant.version
        last.update(memo=memo, cells=cells, version=s.occupant.version, zmemo=zmemo, zcells=zcells)

    for scenario in ("pharmacy_run", "hold_the_line", "lost_and_found"):
        for seed in range(2):
            last.clear()
            play_game(content, scenario, seed, make_player("expert", seed), after_step=compare).close()
    assert min(seen.values()) > 20, seen


def test_a_door_or_a_barricade_empties_the_position_memo():
    s = arena(ROWS, ["soldier"])
    door = cell(s, 3, 1)
    memo = s.position_memo()
    memo["probe"] = 1
    room = next(iter(s.memos.targets))
    s.memos.targets[room]["probe"] = 1        # what a zombie sees changes with the doors too
    s.board.set_door(door, True)
    assert "probe" not in s.position_memo() and "probe" not in s.memos.targets[room]
    s.position_memo()["probe"] = 2
    s.board.set_door(door, False)
    s.board.set_barricade(door, True)
    assert "probe" not in s.position_memo()
    s.close()


def test_kept_goal_cells_agree_with_a_fresh_look_after_every_step():
    """goal_cells is kept per survivor until the task, the ground or its cards change: after every step of games
    with items to fetch, carry, deliver and use up, it must equal the cells worked out afresh."""
    from game.ai import goals

    content = load_content()
    seen = {"kept": 0, "ground changed": 0, "cards changed": 0}
    last = {}

    def compare(s):
        for sv in s.survivors(on_board=False):
            kept = s.memos.goals.get(sv)
            assert goals.goal_cells(s, sv) == goals._goal_cells(s, sv)
            if sv in s.survivors():
                assert goals.goal_walk(s, sv) == goals.path_cost(s, sv, goals._goal_cells(s, sv))
            seen["kept"] += kept is not None and s.memos.goals[sv] is kept
        cards = [tuple(g.uid for g in s.comp(sv, Inventory).gear) for sv in s.survivors(on_board=False)]
        ground = sorted((c, g.uid) for c, items in s.ground.items() for g in items)
        seen["cards changed"] += last.get("cards", cards) != cards
        seen["ground changed"] += last.get("ground", ground) != ground
        last.update(cards=cards, ground=ground)

    for scenario in ("pharmacy_run", "dead_air", "jump_start", "cold_chain"):
        for seed in range(2):
            last.clear()
            play_game(content, scenario, seed, make_player("expert", seed), after_step=compare).close()
    assert min(seen.values()) > 5, seen


def test_the_end_check_skipped_while_nothing_it_reads_changed_never_misses_an_end():
    """check_end skips its count while its memo (emptied by the occupancy and the task) holds that the game goes
    on: after every step of real games a fresh verdict must agree that a game without a result goes on."""
    content = load_content()
    seen = {"skips possible": 0, "survivors won": 0, "director won": 0}

    def compare(s):
        if s.result is None:
            assert s.end_verdict() is None
            seen["skips possible"] += bool(s.memos.end)

    for scenario, level in (("last_train_out", "expert"), ("hold_the_line", "novice"), ("pharmacy_run", "veteran"),
                            ("night_shift", "expert"), ("cold_chain", "novice")):
        for seed in range(2):
            s = play_game(content, scenario, seed, make_player(level, seed), after_step=compare)
            seen["survivors won" if s.result[0] == "survivors" else "director won"] += 1
            s.close()
    assert min(seen.values()) > 0, seen


def test_zombie_names_made_once_are_the_names_of_the_zombies_standing_now():
    """Session.name keeps each zombie's name: after every step it must be what the zombie's kind and id make, and a
    destroyed zombie is a bare id again."""
    content = load_content()
    seen = {"named": 0, "destroyed": 0}

    def compare(s):
        for z in s.zombies():
            assert s.name(z) == f"{content.zombies[s.comp(z, Zombie).kind].name} #{z}"
            seen["named"] += 1
        for z in s._zombie_names:
            if not esper.entity_exists(z):
                assert s.name(z) == f"#{z}"
                seen["destroyed"] += 1

    for scenario in ("hold_the_line", "pharmacy_run"):
        play_game(content, scenario, 2, make_player("veteran", 2), after_step=compare).close()
    assert min(seen.values()) > 20, seen


def test_each_game_memo_is_emptied_by_the_changes_it_names_and_by_no_other():
    memos = GameMemos(range(3))
    kinds = {kind for deps in DEPENDS_ON.values() for kind in deps} | set(TARGETS_DEPEND_ON) | \
        {slots_crossed(room) for room in range(3)}
    for kind in kinds:
        for name in DEPENDS_ON:
            getattr(memos, name)["probe"] = 1
        for room in memos.targets:
            memos.targets[room]["probe"] = 1
        before = memos.count[kind]
        memos.changed(kind)
        assert memos.count[kind] == before + 1
        for name, deps in DEPENDS_ON.items():
            assert ("probe" in getattr(memos, name)) == (kind not in deps), (name, kind)
        for room, memo in memos.targets.items():
            assert ("probe" in memo) == (kind not in (*TARGETS_DEPEND_ON, slots_crossed(room))), (room, kind)


def test_no_module_empties_or_replaces_a_game_memo_by_hand():
    """Only game.world.memo gives a memo a fresh dict: elsewhere `memos.<name>` is read, never assigned or cleared."""

    found = []
    for path in Path("game").rglob("*.py"):
        if path.as_posix() == "game/world/memo.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
                if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
            cleared = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "clear" and _is_memo(node.func.value)
            if cleared or any(isinstance(t, ast.Attribute) and _names_memos(t.value) for t in targets):
                found.append(f"{path}:{node.lineno}")
    assert not found, found


def _names_memos(node) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "memos" or isinstance(node, ast.Name) and node.id == "memos"


def _is_memo(node) -> bool:
    return isinstance(node, ast.Attribute) and _names_memos(node.value) or \
        isinstance(node, ast.Subscript) and _is_memo(node.value)
