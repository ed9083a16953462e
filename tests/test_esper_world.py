"""The Session is a facade over esper: it reads and writes the components through esper's public functions only,
and each session reads its own world, whichever world esper has current (a screen may hold a game and a preview)."""
import ast
from pathlib import Path

import esper

from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world.components import Health, Pos, Zombie

GAME = Path(__file__).resolve().parents[1] / "game"
content = load_content()


def test_no_module_reads_esper_private_names():
    wrong = []
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and isinstance(node.value, ast.Name)
                    and node.value.id == "esper"):
                wrong.append(f"{path.relative_to(GAME.parent)}:{node.lineno} esper.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "esper":
                wrong.extend(f"{path.relative_to(GAME.parent)}:{node.lineno} from esper import {a.name}"
                             for a in node.names if a.name.startswith("_"))
    assert not wrong, "\n".join(wrong)


def answers(s) -> dict:
    survivors = s.survivors(on_board=False)
    zombies = s.zombies()
    return {"names": [s.name(e) for e in survivors + zombies],
            "cells": [s.cell(e) for e in s.survivors() + zombies],
            "wounds": [s.comp(z, Health).wounds for z in zombies],
            "kinds": [s.comp(z, Zombie).kind for z in zombies],
            "standing": s.standing(), "verdict": s.end_verdict(), "is zombie": [s.is_zombie(e) for e in zombies],
            "slots": [s.slots_used(sv) for sv in s.survivors()]}


def test_each_session_reads_its_own_world_whichever_is_current():
    a = play_game(content, "pharmacy_run", 3, make_player("veteran", 3), rounds=3)
    mine = answers(a)
    b = play_game(content, "hold_the_line", 4, make_player("veteran", 4), rounds=3)
    theirs = answers(b)
    assert esper.current_world == b.world
    assert answers(a) == mine                 # read while b's world was current
    a.use()
    assert answers(b) == theirs               # and b's while a's was
    assert mine["cells"] != theirs["cells"]   # two different tables, not one read twice
    cell = a.cell(a.survivors()[0])
    b.use()
    assert a.comp(a.survivors()[0], Pos).cell == cell
    a.close()
    b.close()
    assert a.world not in esper.list_worlds() and b.world not in esper.list_worlds()


def test_the_component_indexes_equal_esper_after_every_step():
    from game.world import components as C
    kinds = [C.Pos, C.Survivor, C.Zombie, C.Health, C.Status, C.Engagement, C.Inventory, C.Goal, C.Noise, C.Agenda]
    seen = {"steps": 0}

    def compare(s):
        for ctype in kinds:
            s.index(ctype)                     # every index kept from the first step on, then checked
        s.use()
        for ctype in kinds:
            fresh = dict(esper.get_component(ctype))
            kept = s.index(ctype)
            assert kept == fresh and all(kept[e] is fresh[e] for e in fresh), ctype.__name__
        seen["steps"] += 1

    for scenario, seed in (("hold_the_line", 5), ("pharmacy_run", 6)):
        s = play_game(content, scenario, seed, make_player("veteran", seed), after_step=compare, agendas=True)
        assert any(e.kind == "killed" for e in s.events) and s.zombies()      # zombies came and went
        s.close()
    assert seen["steps"] > 100
