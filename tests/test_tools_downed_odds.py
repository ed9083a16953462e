"""Bleed-out and parting-swipe odds: exact, checked against hand computations and against the engine's own rolls."""
from fractions import Fraction as F

import pytest

from game.cli import main
from game.content.loader import load_content
from game.tools.common import ToolError
from game.tools.downed_odds import bleed_json, bleed_out, swipes, swipes_json
from game.world import actions as A
from tests.arena import arena, cell, open_board

C = load_content()


def test_bleed_out_odds_by_hand():
    b = bleed_out(C, guts=2, rounds=3)
    assert b.p_first == b.p_later == F(3, 4)                    # one success among two dice at 4+
    assert b.alive_after == (F(3, 4), F(9, 16), F(27, 64))
    assert b.heat.mean() == F(1, 3)                              # each die a natural 1 one time in six


def test_the_guts_item_helps_the_first_save_only():
    item = C.items["painkillers"]
    b = bleed_out(C, guts=1, items="painkillers", rounds=2)
    first = 1 + item.guts_dice
    assert (b.dice, b.later_dice) == (first, 1)
    assert b.p_first == 1 - F(1, 2) ** first and b.p_later == F(1, 2)
    assert b.alive_after[1] == b.p_first * F(1, 2)
    assert "used up" in b.as_text()


def test_bleed_out_roll_with_entered_faces():
    assert bleed_out(C, guts=2, faces=[1, 3]).roll == ((1, 3), False)
    assert bleed_out(C, guts=2, faces=[1, 4]).roll == ((1, 4), True)
    with pytest.raises(ToolError, match="ran out"):
        bleed_out(C, guts=2, faces=[4])


def test_swipes_by_hand():
    s = swipes(C, zombies="shambler,shambler")
    assert s.dice == 2 and s.need == 5
    assert dict(s.wounds.items()) == {0: F(4, 9), 1: F(4, 9), 2: F(1, 9)}


def test_a_slippery_survivor_is_only_wounded_by_sixes_and_the_chance_of_going_down():
    courier = C.archetypes["courier"]
    s = swipes(C, slots=3, archetype="courier")
    assert s.need == 6 and s.wounds_left == courier.wounds
    assert s.p_downed == sum((p for w, p in s.wounds.items() if w >= courier.wounds), F(0))
    assert swipes(C, slots=1, wounds=1).p_downed == F(1, 3)


def test_swipes_are_capped_at_the_engagement_slots():
    assert swipes(C, slots=3).dice == 3
    with pytest.raises(ToolError) as err:
        swipes(C, slots=4)
    assert err.value.flag == "--slots"


def test_the_engines_disengage_rolls_what_the_tool_counts():
    s = arena(open_board((5, "...dzd..")), team=["doctor", "paramedic"], faces=[5])
    _, medic = s.survivors()
    s.submit(A.Activate(medic))
    s.submit(A.Disengage(medic, cell(s, 7, 5)))
    roll = [e for e in s.events if e.kind == "roll" and e.data["purpose"].startswith("parting swipes")][-1]
    s.close()
    tool = swipes(C, zombies="shambler", archetype="paramedic", faces=[5])
    assert (tool.dice, tool.need) == (roll.data["dice"], roll.data["need"])
    assert tool.roll[1] == roll.data["successes"] == 1


@pytest.mark.parametrize(("call", "flag"), [
    (lambda: bleed_out(C), "--guts"),
    (lambda: bleed_out(C, guts=2, rounds=0), "--rounds"),
    (lambda: bleed_out(C, guts=2, items="kazoo"), "--items"),
    (lambda: swipes(C), "--zombies"),
    (lambda: swipes(C, zombies="shambler", slots=1), "--slots"),
    (lambda: swipes(C, zombies="ghoul"), "--zombies"),
    (lambda: swipes(C, slots=1, wounds=0), "--wounds"),
])
def test_bad_inputs_name_the_flag(call, flag):
    with pytest.raises(ToolError) as err:
        call()
    assert err.value.flag == flag


def test_cli_and_json(capsys):
    assert main(["bleed", "--guts", "2", "--json"]) == 0
    import json
    data = json.loads(capsys.readouterr().out)
    assert data["alive_after"][0] == 0.75 and data == bleed_json(bleed_out(C, guts=2))
    assert main(["swipes", "--zombies", "shambler", "--faces", "6"]) == 0
    assert "Roll: 6 - 1 wound" in capsys.readouterr().out
    assert swipes_json(swipes(C, slots=2))["wounds"]
    assert main(["swipes", "--slots", "9"]) == 2
    assert capsys.readouterr().err.startswith("error: --slots:")
