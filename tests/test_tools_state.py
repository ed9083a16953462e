"""The tools' memory: the scavenge decks and the running Heat total as JSON with undo, attacks rolled or entered, and
`--state FILE` on the command line (loaded, saved atomically, a damaged file named with its field)."""
import json

import pytest

from game.cli import main
from game.content.loader import load_content
from game.tools.attack_roll import HISTORY, HeatTally, roll_attack
from game.tools.calculator import melee_calc, ranged_calc, swarm_calc
from game.tools.common import Roller, ToolError
from game.tools.scavenge import DeckState, simulate

C = load_content()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


# --- the decks -----------------------------------------------------------------------------------------------------

def test_decks_round_trip_and_go_on_shuffling_the_same_way():
    state = DeckState.new(C, 5)
    simulate(C, dice=4, searches=3, state=state)
    again = DeckState.from_dict(C, json.loads(json.dumps(state.to_dict())))
    assert again.to_dict() == state.to_dict()
    a = simulate(C, dice=4, searches=20, state=state)
    b = simulate(C, dice=4, searches=20, state=again)
    assert [r.drawn for r in a.results] == [r.drawn for r in b.results]       # reshuffles included


def test_undo_takes_back_the_last_search_even_after_a_save():
    state = DeckState.new(C, 2)
    before = state.to_dict(with_history=False)
    simulate(C, dice=3, faces=[6, 5, 5], state=state)        # a jackpot on a plain token: two cards drawn
    after_one = state.to_dict(with_history=False)
    simulate(C, dice=3, faces=[4, 2, 2], state=state)
    loaded = DeckState.from_dict(C, json.loads(json.dumps(state.to_dict())))
    assert loaded.undo() == "search 2"
    assert loaded.to_dict(with_history=False) == after_one
    loaded.undo()
    assert loaded.to_dict(with_history=False) == before
    with pytest.raises(ToolError, match="nothing to undo"):
        loaded.undo()


def test_a_search_that_runs_out_of_entered_dice_changes_nothing():
    state = DeckState.new(C, 2)
    before = state.to_dict()
    with pytest.raises(ToolError, match="ran out"):
        simulate(C, dice=3, faces=[6], state=state)
    assert state.to_dict() == before


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(version=2), "version"),
    (lambda d: d["draw"].pop("core"), "draw"),
    (lambda d: d["draw"]["core"].append("pistol"), "draw.core"),
    (lambda d: d["draw"]["core"].__setitem__(0, 7), "draw.core"),
    (lambda d: d.update(found=[["attic", "pistol"]]), "found"),
    (lambda d: d.update(rng=[3, [1, 2], None]), "rng"),
    (lambda d: d.update(rng="seed"), "rng"),
    (lambda d: d.update(searches=-1), "searches"),
    (lambda d: d.update(reshuffles={}), "reshuffles"),
    (lambda d: d.update(history=[{"label": "x", "state": {}}]), "history[0].state.version"),
])
def test_bad_deck_states_name_the_field(change, field):
    d = DeckState.new(C, 1).to_dict()
    change(d)
    with pytest.raises(ToolError) as err:
        DeckState.from_dict(C, d)
    assert err.value.flag == field


# --- rolling an attack ---------------------------------------------------------------------------------------------

def test_entered_dice_resolve_a_melee_attack_the_engines_way():
    calc = melee_calc(C, attacker_dice=3, defender_dice=2, weapon="fire_axe", zombie="brute")
    r = roll_attack(calc, Roller(faces=[6, 4, 1, 5, 2]))      # 2 hits (and a 1) against 1 hit
    assert (r.attacker_hits, r.defender_hits, r.wounds_to_defender, r.wounds_to_attacker) == (2, 1, 1, 0)
    assert r.heat == C.weapons["fire_axe"].heat + 1 and r.entered
    assert "natural 1 +1" in r.as_text()


def test_a_swarm_makes_heat_from_the_survivors_ones_and_is_capped():
    calc = swarm_calc(C, zombies="shambler,shambler,shambler", defender_dice=2)
    r = roll_attack(calc, Roller(faces=[6, 6, 6, 6, 6, 6, 1, 1]))
    assert r.wounds_to_defender == 3 and r.heat == 2         # cap 3 for three slots; the survivor's two 1s


def test_a_shot_has_no_defender_and_rolled_dice_repeat_with_the_seed():
    calc = ranged_calc(C, archetype="police_officer", weapon="pistol", cover="light")
    a, b = roll_attack(calc, Roller(seed=9)), roll_attack(calc, Roller(seed=9))
    assert a == b and a.defender_faces == () and not a.entered
    with pytest.raises(ToolError, match="ran out of dice"):
        roll_attack(calc, Roller(faces=[6]))


# --- the running Heat total ----------------------------------------------------------------------------------------

def test_the_heat_total_adds_rolls_and_undoes_them():
    t = HeatTally()
    calc = ranged_calc(C, dice=2, weapon="shotgun")
    t.add_roll(roll_attack(calc, Roller(faces=[1, 5])))
    t.add("a door bashed", 1)
    assert t.total == C.weapons["shotgun"].heat + 1 + 1
    again = HeatTally.from_dict(json.loads(json.dumps(t.to_dict())))
    assert again.undo() == "+1 a door bashed" and again.total == C.weapons["shotgun"].heat + 1
    again.new_round()
    assert again.total == 0 and again.undo() == "new round" and again.total > 0
    for _ in range(HISTORY + 3):
        again.add("x", 1)
    assert len(again.history) == HISTORY


@pytest.mark.parametrize(("d", "field"), [
    ({"version": 1, "entries": [{"label": "x", "heat": -1}]}, "entries[0]"),
    ({"version": 1, "entries": "lots"}, "entries"),
    ({"version": 9, "entries": []}, "version"),
    ([], "state"),
])
def test_bad_tallies_name_the_field(d, field):
    with pytest.raises(ToolError) as err:
        HeatTally.from_dict(d)
    assert err.value.flag == field


# --- the command line ----------------------------------------------------------------------------------------------

def test_state_file_keeps_each_tool_and_undoes(tmp_path, capsys):
    path = str(tmp_path / "table.json")
    code, out, _ = run(capsys, "calc", "ranged", "--dice", "2", "--weapon", "pistol", "--faces", "5,1",
                       "--state", path)
    assert code == 0 and f"Heat this round: {C.weapons['pistol'].heat + 1}" in out
    assert run(capsys, "scavenge", "--wits", "3", "--searches", "2", "--state", path)[0] == 0
    assert run(capsys, "director", "--state", path, "--scenario", "pharmacy_run", "--noise", "weapon:pistol")[0] == 0
    data = json.loads((tmp_path / "table.json").read_text())
    assert set(data) == {"version", "calc", "scavenge", "director"} and data["scavenge"]["searches"] == 2
    code, out, _ = run(capsys, "scavenge", "--state", path, "--undo")
    assert code == 0 and "Undone: search 2" in out
    assert json.loads((tmp_path / "table.json").read_text())["scavenge"]["searches"] == 1
    code, out, _ = run(capsys, "calc", "ranged", "--dice", "2", "--state", path, "--undo")
    assert code == 0 and "Heat this round: 0" in out
    code, out, _ = run(capsys, "director", "--state", path, "--undo")
    assert code == 0 and "Undone: noise +2 Pistol" in out


def test_director_state_runs_a_round(tmp_path, capsys):
    path, facts = str(tmp_path / "t.json"), tmp_path / "f.yaml"
    facts.write_text("survivors:\n  - {name: Doc, to_goal: 9}\n")
    # (Lost and Found: no Lost Time on its menu, so only the escalation and the round move the Doom track)
    assert run(capsys, "director", "--state", path, "--scenario", "lost_and_found",
               "--noise", "natural_one", "--add-heat", "7")[0] == 0
    code, out, _ = run(capsys, "director", "--state", path, "--phase", "--facts", str(facts), "--die", "6")
    assert code == 0 and "Escalation: d6 = 6, needs 4+: Doom advances" in out      # 8 + 2 ambient = 10
    code, out, _ = run(capsys, "director", "--state", path, "--end")
    assert code == 0 and "round 2, Doom 3/17" in out


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "file: expected a JSON object"),
    ('{"version": 3}', "version: expected 1"),
    ('{"version": 1, "dice": {}}', "dice: not a tool's entry"),
    ('{"version": 1, "scavenge": {"version": 1, "draw": 5}}', "scavenge.draw:"),
    ('{"version": 1, "calc": {"version": 1, "entries": [{"label": "x", "heat": "hot"}]}}', "calc.entries[0]:"),
    ('{"version": 1, "director": {"version": 1, "scenario": "pharmacy_run"}}', "director.level:"),
])
def test_a_damaged_state_file_is_one_line_naming_file_and_field(tmp_path, capsys, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    damaged = message.split(".")[0] if message.split(".")[0] in ("scavenge", "calc", "director") else None
    for argv in (("scavenge", "--wits", "2"), ("calc", "ranged", "--dice", "2", "--roll"),
                 ("director", "--scenario", "pharmacy_run", "--noise", "natural_one")):
        code, out, err = run(capsys, *argv, "--state", str(path))
        if damaged and damaged != argv[0]:
            assert code == 0           # another tool's damaged entry does not stop this one...
            continue
        assert code == 2 and out == "", (argv, err)
        assert err.count("\n") == 1 and str(path) in err and message in err, err
    if damaged:                        # ...and it is kept as it was, for the player to mend
        assert json.loads(path.read_text())[damaged] == json.loads(text)[damaged]
    else:
        assert path.read_text() == text      # nothing written over a damaged file


def test_start_a_tracker_needs_a_scenario(tmp_path, capsys):
    code, _, err = run(capsys, "director", "--state", str(tmp_path / "new.json"), "--noise", "natural_one")
    assert code == 2 and "--scenario" in err
    code, _, err = run(capsys, "director", "--state", str(tmp_path / "n.json"), "--scenario", "pharmacy_run",
                       "--noise", "kazoo")
    assert code == 2 and "unknown noise button 'kazoo'" in err
