"""The action registry and the engine's one query of what a survivor may do (game.world.legal.options).

The property test plays real seeded games and, at many positions, checks the query against a brute force: every
action of every kind that check() accepts, tried over every cell, model and item on the board."""
from __future__ import annotations

import inspect
import json
import random
import shutil
from pathlib import Path

import pytest

from game.ai.random_bot import RandomSurvivors
from game.ai.survivor_ai import SurvivorAI
from game.content.loader import load_content
from game.world import actions as A
from game.world.action_registry import BAR, BY_ID, KINDS, SAVE_NAMES, TARGETS, class_by_save, kind_of, save_name
from game.world.components import Inventory, Status, Turn
from game.world.legal import SAMPLED, is_legal, legal_actions, options
from game.world.saves import FORMAT, GameRecord, SaveError, load_game, read_save
from game.world.session import Session
from tests.arena import arena, at

DATA = Path(__file__).parent / "data"
C = load_content()


# --- the registry ------------------------------------------------------------------------------------------------
def test_every_action_class_is_in_the_registry():
    classes = {obj for _, obj in inspect.getmembers(A, inspect.isclass)
               if obj.__module__ == A.__name__ and hasattr(obj, "check") and hasattr(obj, "perform")}
    assert classes == {k.cls for k in KINDS}


def test_ids_hotkeys_and_save_names_are_unique():
    assert len(BY_ID) == len(KINDS)
    keys = [k.hotkey for k in KINDS if k.hotkey is not None]
    assert len(keys) == len(set(keys))
    assert all(k.hotkey is not None for k in BAR)
    # one save name per class and one class per save name (Door and Barricade share both)
    assert len(class_by_save()) == len({k.cls for k in KINDS})
    assert all(class_by_save()[k.save] is k.cls for k in KINDS)
    assert all(k.target in TARGETS for k in KINDS)


def test_save_names_are_the_names_older_saves_use():
    assert set(SAVE_NAMES) == {
        "Activate", "EndActivation", "EndSurvivorPhase", "Move", "Disengage", "Withdraw", "Melee", "Shoot", "Throw",
        "Aim", "HunkerDown", "Reload", "Search", "PickUp", "Drop", "Door", "WorkObjective", "Deliver", "Escape",
        "Triage", "Drag", "HandOff", "GearExchange"}


def test_kind_of_tells_a_barricade_from_a_door():
    assert kind_of(A.Door(1, 2)).id == "door"
    assert kind_of(A.Door(1, 2, "barricade")).id == "barricade"
    assert save_name(A.Door(1, 2, "barricade")) == "Door"


def test_a_save_from_before_the_rules_audit_is_refused_clearly_and_its_names_are_still_known(tmp_path):
    path = tmp_path / "old.json"
    shutil.copy(DATA / "save_before_registry.json", path)
    with pytest.raises(SaveError, match="format: saved under the rules before"):
        load_game(path, C)
    raw = json.loads(path.read_text())["actions"]
    assert len({a["type"] for a in raw}) >= 12
    assert {a["type"] for a in raw} <= set(SAVE_NAMES)      # every save name still resolves


def test_an_unknown_action_name_is_refused(tmp_path):
    data = json.loads((DATA / "save_before_registry.json").read_text())
    data["actions"][3]["type"] = "Teleport"
    data["format"] = FORMAT
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(Exception, match="not an action"):
        read_save(path, C)


# --- the query against a brute force -------------------------------------------------------------------------------
def brute_force(s: Session, who: int) -> dict[str, set]:
    """Every action of every kind check() accepts now, tried over the whole board (Gear Exchange: the arrangement as
    it stands; Melee and Triage: their default weapon and item, as the query offers them)."""
    cells = range(s.board.size)
    others = s.survivors()
    carried = [g.uid for sv in others for g in s.comp(sv, Inventory).gear]
    ground = [g.uid for items in s.ground.values() for g in items]
    mine = [g.uid for g in s.comp(who, Inventory).gear]
    tries = {
        "activate": [A.Activate(who)], "end_activation": [A.EndActivation(who)], "end_turn": [A.EndSurvivorPhase()],
        "move": [A.Move(who, c) for c in cells], "disengage": [A.Disengage(who, c) for c in cells],
        "withdraw": [A.Withdraw(who, c) for c in cells], "melee": [A.Melee(who, z) for z in s.zombies()],
        "shoot": [A.Shoot(who, z, u) for z in s.zombies() for u in mine],
        "throw": [A.Throw(who, c, u) for c in cells for u in mine],
        "aim": [A.Aim(who)], "hunker": [A.HunkerDown(who)], "reload": [A.Reload(who, u) for u in carried],
        "search": [A.Search(who, c) for c in cells], "pickup": [A.PickUp(who, u) for u in ground + carried],
        "handoff": [A.HandOff(who, o, u) for o in others for u in carried],
        "exchange": [A.GearExchange(who, o, tuple(mine)) for o in others],
        "door": [A.Door(who, c) for c in cells], "barricade": [A.Door(who, c, "barricade") for c in cells],
        "work": [A.WorkObjective(who)], "deliver": [A.Deliver(who)], "escape": [A.Escape(who)],
        "triage": [A.Triage(who, o) for o in others], "drag": [A.Drag(who, o, c) for o in others for c in cells],
        "drop": [A.Drop(who, u) for u in carried + ground],
    }
    assert set(tries) == set(BY_ID)
    return {k: {a for a in acts if is_legal(s, a)} for k, acts in tries.items()}


def agree(s: Session, who: int) -> None:
    found = options(s, who)
    truth = brute_force(s, who)
    if s.active != who and is_legal(s, A.Activate(who)):
        with A.activation_preview(s, who):      # checked against reality in the next test
            inner = brute_force(s, who)
        truth |= {k: v for k, v in inner.items() if k not in ("activate", "end_activation", "end_turn")}
    for kind, opt in found.items():
        assert set(opt.actions) == truth[kind], (kind, s.round)
        assert len(opt.actions) == len(set(opt.actions))
        if opt.ok:
            assert opt.reason is None
            assert {a for acts in opt.cells.values() for a in acts} <= set(opt.actions)
        else:
            assert opt.reason, f"{kind}: refused without a reason"
    if s.active == who and s.comp(who, Turn).ap > 0:
        zombie_cells = {s.cell(z) for z in s.zombies()}
        sampled = {a for k in SAMPLED for a in found[k].actions
                   if not isinstance(a, A.Throw) or a.cell in zombie_cells}
        assert set(legal_actions(s)) == sampled


def positions(scenario: str, seed: int, player, every: int):
    """Play a recorded game and yield (session, its actions so far) at every `every`-th decision."""
    s = Session(C, scenario, seed=seed)
    done: list = []
    n = 0
    try:
        while s.result is None and s.round <= 6:
            if s.in_director:
                s.run_director()
                continue
            n += 1
            if n % every == 0:
                yield s, list(done)
            action = player.choose(s) or A.EndSurvivorPhase()
            s.submit(action)
            done.append(action)
    finally:
        s.close()


@pytest.mark.parametrize("scenario,seed,player", [
    ("pharmacy_run", 3, RandomSurvivors(3)),
    ("dead_air", 5, RandomSurvivors(5)),
    ("last_train_out", 2, SurvivorAI("novice", 2)),
    ("pharmacy_run", 8, SurvivorAI("veteran", 8)),
])
def test_the_query_agrees_with_check_over_real_games(scenario, seed, player):
    seen = 0
    for s, _ in positions(scenario, seed, player, every=9):
        for who in s.survivors():       # the active survivor, the ones still to act (previewed) and the rest
            agree(s, who)
        seen += 1
    assert seen >= 3


def test_the_preview_is_what_an_activation_would_allow():
    """For a survivor still to act, the query answers as their activation would open: compared with really
    activating them on a replay of the same game."""
    compared = 0
    for seed in (4, 6, 9):
        game = positions("dead_air", seed, RandomSurvivors(seed), every=4)
        for s, done in game:
            ready = [sv for sv in s.survivors() if is_legal(s, A.Activate(sv)) and s.active != sv
                     and not s.comp(sv, Status).downed and not s.comp(sv, Status).burning]
            if not ready:
                continue
            who = ready[0]
            preview = {k: set(o.actions) for k, o in options(s, who).items()
                       if k not in ("activate", "end_activation")}
            real = GameRecord("dead_air", seed, tuple(C.scenarios["dead_air"].team), done + [A.Activate(who)]).replay(C)
            try:
                assert real.active == who
                assert preview == {k: set(o.actions) for k, o in options(real, who).items() if k in preview}
            finally:
                real.close()
            compared += 1
            if compared % 2 == 0:
                game.close()        # two positions a game are enough
    assert compared >= 3


# --- reasons -------------------------------------------------------------------------------------------------------
ROWS = [
    "........",
    "..d.....",
    "..z.....",
    "........",
    "......d.",
    "........",
]


def test_each_refused_kind_says_why():
    s = arena(ROWS, team=["soldier", "doctor"], faces=[])
    try:
        soldier, doctor = at(s, 2, 1), at(s, 6, 4)
        s.submit(A.Activate(soldier))
        opts = options(s, soldier)
        assert s.is_engaged(soldier)
        assert opts["melee"].ok and opts["disengage"].ok
        assert "Disengage first" in opts["move"].reason
        assert "engaged" in opts["escape"].reason
        assert opts["triage"].reason == "no Downed ally in base contact"
        # the doctor is still to act, and cannot start while the soldier has AP
        waiting = options(s, doctor)
        assert not waiting["move"].ok and "must finish their activation" in waiting["move"].reason
        s.submit(A.EndActivation(soldier))
        assert options(s, doctor)["move"].ok           # previewed: what the doctor could do once started
        assert "already activated" in options(s, soldier)["melee"].reason
    finally:
        s.close()


def test_no_ap_left_is_the_reason_once_spent():
    s = arena(ROWS, team=["soldier", "doctor"], faces=[])
    try:
        doctor = at(s, 6, 4)
        s.submit(A.Activate(doctor))
        s.comp(doctor, Turn).ap = 0
        opts = options(s, doctor)
        assert "no AP left" in opts["move"].reason and "no AP left" in opts["aim"].reason
        assert opts["end_activation"].ok
    finally:
        s.close()


def test_a_finished_game_refuses_everything():
    s = arena(ROWS, team=["soldier"], faces=[])
    try:
        s.result = ("director", "test")
        assert {o.reason for o in options(s, s.survivors()[0]).values()} == {"the game is over"}
    finally:
        s.close()


def test_random_baseline_draws_only_from_the_query():
    rng = random.Random(0)
    for s, _ in positions("last_train_out", 6, RandomSurvivors(6), every=9):
        every = {a for sv in s.survivors() for o in options(s, sv).values() for a in o.actions}
        pick = legal_actions(s)
        assert pick and set(pick) <= every
        assert all(is_legal(s, a) for a in rng.sample(pick, min(5, len(pick))))

