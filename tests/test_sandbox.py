"""The teacher's table (issue 32): position files checked field by field, the answers of --explain against what the
engine does when the action is played, undo and redo, a position turned into a lesson that plays."""
import random
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path

import pytest

from game.cli import main
from game.content.loader import load_content
from game.rules.dice import ScriptedDice
from game.tools import sandbox as SB
from game.tools.sandbox_explain import survivor_facts, zombie_facts
from game.tutorial.runner import LessonRunner
from game.tutorial.sandbox_lesson import LessonError, LessonGoal, save_lesson
from game.world import actions as A
from game.world.actions import shot_odds_inputs
from game.world.components import Health, Inventory, Turn
from game.world.legal import options

EXAMPLE = Path(__file__).resolve().parents[1] / "positions" / "street_corner.yaml"


@pytest.fixture(scope="module")
def content():
    return load_content()


def example(content):
    position, problems = SB.read_position(EXAMPLE, content)
    assert not problems
    return position


def built(position, content, faces=()):
    return SB.build_session(position, content, dice=ScriptedDice(list(faces), fallback=random.Random(5)))


# --- the file --------------------------------------------------------------------------------------------------------
BAD = [
    ("{name: Cop, archetype: police_officer, at: [13, 16]", "{name: Cop, archetype: wizard, at: [13, 16]",
     "survivors[1].archetype", "unknown archetype 'wizard'"),
    ("{name: Brute, kind: brute, at: [27, 17]}", "{name: Brute, kind: brute, at: [15, 17]}",
     "zombies[3].at", "already taken by zombies[0] (Shambler A)"),
    ("{name: Brute, kind: brute, at: [27, 17]}", "{name: Brute, kind: dragon, at: [27, 17]}",
     "zombies[3].kind", "unknown zombie 'dragon'"),
    ("{name: Cop, archetype: police_officer, at: [13, 16]", "{name: Cop, archetype: police_officer, at: [12, 15]",
     "survivors[1].at", "inside a wall"),
    ("map: pharmacy_run", "map: pharmacy_rum", "map", "unknown map"),
]


@pytest.mark.parametrize(("old", "new", "where", "words"), BAD, ids=[b[2] for b in BAD])
def test_a_bad_position_file_is_one_line_naming_the_file_and_the_field(tmp_path, capsys, old, new, where, words):
    path = tmp_path / "bad.yaml"
    text = EXAMPLE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    assert main(["sandbox", "--position", str(path), "--explain", "Doc"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}: {where}: ") and words in err[0], err


def test_a_position_written_and_read_back_is_the_same_position(tmp_path, content):
    p = example(content)
    p = SB.set_door(p, content, (23, 15), not SB.door_is_open(p, content, (23, 15)))
    p = SB.add_noise(SB.toggle_token(p, content, (3, 20)), (20, 20), 2)
    SB.write_position(tmp_path / "p.yaml", p)
    back, problems = SB.read_position(tmp_path / "p.yaml", content)
    assert not problems and back == p


def test_the_built_session_stands_as_the_position_says(content):
    p = example(content)
    s, names = built(p, content)
    for m in (*p.survivors, *p.zombies):
        assert s.xy(names[m.name]) == m.at and s.name(names[m.name]) == m.name
    assert s.comp(names["Cop"], Health).wounds == 2 and s.comp(names["Cook"], A.Status).downed
    assert s.active == names["Doc"] and s.heat == 3 and s.loudest_noise() == s.board.idx(13, 16)
    assert len(s.zombies()) == len(p.zombies)          # the map's own zombies give way to the position's


# --- the answers against the engine ----------------------------------------------------------------------------------
def test_every_cell_of_the_first_move_band_is_a_move_the_engine_takes_at_that_cost(content):
    p = replace(example(content), active="Cop")
    s, names = built(p, content)
    cop = names["Cop"]
    facts = survivor_facts(s, cop)
    one = {c for c, b in facts.reach.band.items() if b == 1}
    assert one == set(options(s, cop, ("move",))["move"].cells)
    for cell in sorted(one)[:6]:
        s2, n2 = built(p, content)
        s2.submit(A.Move(n2["Cop"], cell))
        assert s2.cell(n2["Cop"]) == cell and s2.comp(n2["Cop"], Turn).ap == 2
        s2.close()


def test_a_two_move_cell_is_reached_by_the_moves_the_reach_draws(content):
    p = replace(example(content), active="Cop")
    s, names = built(p, content)
    reach = survivor_facts(s, names["Cop"]).reach
    dest = max(c for c, b in reach.band.items() if b == 2)
    cells, breaks = reach.path(dest)
    for end in breaks:
        s.submit(A.Move(names["Cop"], cells[end]))
    assert s.cell(names["Cop"]) == dest and s.comp(names["Cop"], Turn).ap == 1


def test_the_swipes_of_a_disengage_are_the_dice_the_engine_rolls(content):
    p = example(content)
    s, names = built(p, content, faces=[6])
    doc = names["Doc"]
    facts = survivor_facts(s, doc)
    assert facts.contact == (names["Shambler A"],) and facts.swipes.dice == 1 and facts.swipes.need == 5
    dest = min(facts.disengage_cells)
    s.submit(A.Disengage(doc, dest))
    roll = [e for e in s.events if e.kind == "roll"][-1]
    assert len(roll.data["faces"]) == facts.swipes.dice
    assert s.comp(doc, Health).wounds == s.comp(doc, Health).max_wounds - 1 and s.cell(doc) == dest


def test_a_third_zombie_in_contact_attacking_someone_else_still_swipes(content):
    """The board's old forecast counted only the survivor's attackers; Disengage rolls for every zombie in contact."""
    p = replace(example(content), zombies=(*example(content).zombies, SB.ZombieSpec("Shambler D", "shambler",
                                                                                       (14, 16))))
    s, names = built(p, content, faces=[1, 1, 1])
    doc = names["Doc"]
    facts = survivor_facts(s, doc)
    assert len(facts.contact) == 2 and facts.swipes.dice == 2
    s.submit(A.Disengage(doc, min(facts.disengage_cells)))
    assert len([e for e in s.events if e.kind == "roll"][-1].data["faces"]) == 2


def test_sight_cover_and_the_shot_odds_are_the_shot_the_engine_rolls(content):
    p = replace(example(content), active="Cop")
    s, names = built(p, content, faces=[2] * 12)
    cop = names["Cop"]
    facts = survivor_facts(s, cop)
    seen = {g.zombie: g for g in facts.sight}
    shots = [(a, pv) for a, pv in facts.attacks if isinstance(a, A.Shoot)]
    assert shots
    for action, pv in shots:
        assert seen[action.target].sees and pv.cover == seen[action.target].cover
        dice, need, cover = shot_odds_inputs(s, cop, action.target, action.weapon)
        assert (pv.calc.attacker.dice, pv.calc.attacker.need, pv.cover) == (dice, need, cover)
    for g in facts.sight:       # no shot is offered at a zombie out of sight
        assert g.sees or all(a.target != g.zombie for a, _ in shots)
    action, pv = shots[0]
    s.submit(action)
    roll = next(e for e in reversed(s.events) if e.kind == "roll")
    assert len(roll.data["faces"]) == pv.calc.attacker.dice


def test_the_melee_odds_are_the_pools_the_engine_rolls(content):
    s, names = built(example(content), content, faces=[2] * 10)
    doc = names["Doc"]
    (action, pv), = [(a, pv) for a, pv in survivor_facts(s, doc).attacks if isinstance(a, A.Melee)]
    s.submit(action)
    rolls = [e for e in s.events if e.kind == "roll"][-2:]
    assert [len(r.data["faces"]) for r in rolls] == [pv.calc.attacker.dice, pv.calc.defender.dice]


def test_each_zombie_ends_its_activation_where_the_explanation_said(content):
    p = replace(example(content), director="none", active="",
                survivors=tuple(m for m in example(content).survivors if m.name != "Cook"),
                zombies=tuple(z for z in example(content).zombies if z.name != "Shambler B"))
    s, _ = built(p, content)
    plans = {z: zombie_facts(s, z) for z in s.zombies()}
    for facts in plans.values():
        deciding = next(st for st in facts.steps[1:] if st.applies)
        assert deciding.label in {"Engaged", "A survivor in sight", "The loudest noise"}
    s.submit(A.EndSurvivorPhase())
    while s.step_director() not in (None, "activation"):
        pass
    for z, facts in plans.items():
        if facts.intent.action == "move":
            assert s.cell(z) == facts.intent.end, s.name(z)
        else:
            assert s.cell(z) == s.board.idx(*p.model(s.name(z)).at)


# --- editing ---------------------------------------------------------------------------------------------------------
def test_undo_and_redo_restore_the_exact_position(content):
    start = example(content)
    h = SB.History(start)
    steps = [lambda p: SB.put_zombie(p, content, "bloater", (18, 22)),
             lambda p: SB.move_model(p, "Doc", (12, 20)),
             lambda p: SB.edit_model(p, "Cop", wounds=1, gear=("pistol", "bandages")),
             lambda p: SB.remove_model(p, "Brute"),
             lambda p: SB.set_door(p, content, (23, 15), not SB.door_is_open(p, content, (23, 15))),
             lambda p: SB.toggle_token(p, content, (7, 4)),
             lambda p: SB.add_noise(p, (20, 20), 4),
             lambda p: SB.set_active(p, "Cop")]
    seen = [start]
    for edit in steps:
        assert h.apply(edit(h.position))
        seen.append(h.position)
    for expected in reversed(seen[:-1]):
        assert h.undo() and h.position == expected
    assert not h.undo() and h.position == start
    for expected in seen[1:]:
        assert h.redo() and h.position == expected
    assert SB.position_text(h.position) == SB.position_text(seen[-1])
    s1, _ = built(seen[3], content)
    while h.position != seen[3]:
        h.undo()
    s2, _ = built(h.position, content)
    assert [(s1.name(e), s1.xy(e), s1.comp(e, Health).wounds) for e in s1.on_board()] == \
        [(s2.name(e), s2.xy(e), s2.comp(e, Health).wounds) for e in s2.on_board()]
    assert [g.gear_id for g in s1.comp(s1.survivors()[1], Inventory).gear] == ["pistol", "bandages"]


def test_an_edit_that_breaks_the_position_is_named(content):
    p = SB.move_model(example(content), "Doc", (15, 17))
    assert [pr.where for pr in SB.check_position(p, content)] == ["zombies[0].at"]


# --- lessons ---------------------------------------------------------------------------------------------------------
def test_a_position_turned_into_a_lesson_plays_in_the_tutorial(tmp_path, content):
    p = replace(example(content), noise=(), active="")
    goal = LessonGoal("Break free", "Doc", "break_free", "Get Doc away from the Shambler.",
                      hints=("Disengage costs 1 AP and takes a swipe.",))
    path, lesson = save_lesson(p, content, goal, tmp_path)
    assert path.exists() and [m.label for m in lesson.team] == ["Cop", "Cook", "Doc"]     # reading order
    runner = LessonRunner(lesson, content)
    s = runner.session
    for m in p.survivors:
        assert s.xy(runner.labels[m.name]) == m.at
    doc = runner.labels["Doc"]
    assert runner.submit(A.Activate(doc)).kind == "ok"
    assert runner.submit(A.Move(doc, s.board.idx(14, 20))).kind == "refused"       # engaged: the engine says no
    done = runner.submit(A.Disengage(doc, min(A.Disengage(doc, -1).cells(s))))
    assert done.kind == "step_done"
    runner.proceed()
    assert runner.finished


def test_a_lesson_cannot_say_noise_and_says_so(content):
    with pytest.raises(LessonError, match="noise"):
        save_lesson(example(content), content, LessonGoal("x", "Doc", "break_free", "x"), Path("/nonexistent"))


def test_a_downed_survivors_saves_are_the_rolls_the_engine_makes(content):
    p = replace(example(content), active="", director="none")
    s, names = built(p, content, faces=[6, 2, 2] + [2, 2, 2])     # the bleed-out saved, the frenzy lost
    cook = names["Cook"]
    downed = next(a for a in survivor_facts(s, cook).answers if a.topic == "downed")
    assert "needs 1 successes" in downed.summary and "3 Guts dice" in downed.lines[0]
    s.submit(A.EndSurvivorPhase())           # Cook has not activated: the bleed-out save comes now
    while s.step_director() not in (None, "frenzy"):
        pass
    rolls = [e for e in s.events if e.kind == "roll"]
    assert [len(r.data["faces"]) for r in rolls[-2:]] == [3, 3]
    assert s.comp(cook, A.Status).eliminated          # 0 successes of the 1 the frenzy asked


# --- the same answers on a handful of positions ----------------------------------------------------------------------
DECIDES = {"Engaged": ("attacks", "feeds on"), "A Screamer's call": ("answers the shriek",),
           "A survivor in sight": ("sees",), "The loudest noise": ("heads for the noise",),
           "The objective": ("drifts toward the objective",), "The patrol route": ("patrols",),
           "Stunned": ("is stunned",)}


def handful(content):
    school, problems = SB.read_position(EXAMPLE.with_name("school_room.yaml"), content)
    assert not problems
    yield example(content)
    yield school
    for map_id in ("last_train_out", "lost_and_found", "night_shift"):
        yield SB.start_position(content, map_id)


def test_on_a_handful_of_positions_every_answer_is_the_engines(content):
    for position in handful(content):
        s, names = built(position, content)
        for spec in position.survivors:
            who = names[spec.name]
            facts = survivor_facts(s, who)
            with A.activation_preview(s, who) if s.active != who else nullcontext():
                if facts.reach is not None:
                    assert {c for c, b in facts.reach.band.items() if b == 1} == \
                        set(options(s, who, ("move",))["move"].cells), spec.name
                legal = [a for k in ("melee", "shoot") for a in options(s, who, (k,))[k].actions]
                assert [a for a, _ in facts.attacks if not isinstance(a, A.Throw)] == legal, spec.name
            assert facts.contact == tuple(s.contact_zombies(who))
            if facts.swipes is not None:
                assert facts.swipes.dice == s.swipes(s.contact_zombies(who))
            for g in facts.sight:
                assert g.sees == s.can_see(s.cell(who), s.cell(g.zombie))
        for z in s.zombies():
            facts = zombie_facts(s, z)
            deciding = next((st for st in facts.steps[1:] if st.applies), None)
            why = facts.intent.why
            if deciding is None:
                assert why == "waits"
            else:
                assert why.startswith(DECIDES[deciding.label]), (s.name(z), deciding.label, why)
        s.close()
