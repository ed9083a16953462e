"""The Feeding Frenzy resolver: the engine's lethality, exact survival odds, and the same verdict as a game."""
from fractions import Fraction
from math import comb

import pytest

from game.content.loader import load_content
from game.rules.downed import frenzy_lethality
from game.tools.common import ToolError
from game.tools.frenzy import render, resolve, to_json
from game.world.components import Status
from game.world.systems import FeedingFrenzy
from tests.arena import arena, cell

C = load_content()
F = Fraction


def at_least(n: int, k: int) -> Fraction:
    return sum((comb(n, j) * F(1, 2) ** n for j in range(k, n + 1)), F(0))


@pytest.mark.parametrize(("slots", "hits", "want"), [(1, 0, 1), (3, 1, 2), (2, 2, 0), (2, 5, 0), (3, 0, 3)])
def test_lethality_is_slots_minus_disruption_never_below_zero(slots, hits, want):
    assert frenzy_lethality(slots, hits) == want


def test_odds_are_binomial_tails():
    fz = resolve(C, guts=3, zombies="horde")
    assert fz.lethality == 3 and fz.guts_dice == 3
    assert fz.p_survive == F(1, 8)
    fz = resolve(C, guts=4, zombies="horde", disruption=1)
    assert fz.lethality == 2 and fz.p_survive == at_least(4, 2) == F(11, 16)


def test_archetype_skill_and_the_best_guts_item_add_dice():
    fz = resolve(C, archetype="prepper", zombies="horde")     # Guts 2 + Survivalist 1 + Painkillers 2
    assert fz.guts_dice == 5 and fz.item_used == "painkillers"
    assert fz.p_survive == at_least(5, 3)          # a Horde tray is three figures: lethality 3
    fz = resolve(C, archetype="prepper", zombies="horde", items="none")
    assert fz.guts_dice == 3 and fz.item_used == ""
    fz = resolve(C, guts=2, zombies="shambler", items="energy_drink,painkillers")
    assert fz.guts_dice == 4 and fz.item_used == "painkillers"


def test_lethality_zero_needs_no_roll():
    fz = resolve(C, guts=1, zombies="shambler,shambler", disruption=2, roll=True, seed=1)
    assert fz.lethality == 0 and fz.p_survive == 1 and fz.roll is None and fz.successes is None


def test_rolling_with_entered_faces():
    fz = resolve(C, guts=3, zombies="shambler,shambler", faces=[6, 1, 4])
    assert fz.roll.successes == 2 and fz.roll.survived and fz.roll.heat == 1
    fz = resolve(C, guts=3, zombies="shambler,shambler", faces=[6, 1, 2])
    assert not fz.roll.survived


def test_seeded_rolls_repeat():
    a = resolve(C, guts=3, zombies="horde", roll=True, seed=5).roll
    b = resolve(C, guts=3, zombies="horde", roll=True, seed=5).roll
    assert a == b


def test_render_and_json():
    fz = resolve(C, archetype="paramedic", zombies="horde", disruption=1, faces=[5, 5, 1])
    text = render(fz)
    assert "lethality" in text.lower() and "fights them off" in text
    assert to_json(fz)["p_survive"] == 0.5


@pytest.mark.parametrize(("kwargs", "flag"), [
    ({"zombies": "shambler"}, "--guts"),
    ({"guts": 2}, "--zombies"),
    ({"guts": 2, "zombies": "horde,horde"}, "--zombies"),
    ({"guts": 2, "zombies": "ghoul"}, "--zombies"),
    ({"guts": 2, "zombies": "horde", "items": "whisky"}, "--items"),
    ({"guts": 2, "slots": 4}, "--slots"),
    ({"guts": 2, "zombies": "horde", "faces": [6]}, "--faces"),
])
def test_bad_inputs(kwargs, flag):
    with pytest.raises(ToolError) as err:
        resolve(C, **kwargs)
    assert err.value.flag == flag


@pytest.mark.parametrize(("team", "feeders", "disruption", "faces"), [
    ("paramedic", ("shambler", "shambler"), 0, [6, 2, 2]),
    ("paramedic", ("shambler", "shambler"), 1, [6, 2, 2]),
    ("prepper", ("horde",), 0, [6, 5, 1, 1, 2]),
    ("soldier", ("horde",), 1, [4, 4, 1]),
    ("soldier", ("horde",), 3, []),
])
def test_same_verdict_as_the_engines_feeding_frenzy(team, feeders, disruption, faces):
    rows = ["." * 10 for _ in range(10)]
    rows[5] = "....d....."
    s = arena(rows, team=[team], faces=list(faces), ambient_heat=0)
    try:
        who = s.survivors()[0]
        for z, spot in zip(feeders, [cell(s, 3, 5), cell(s, 5, 5)], strict=False):
            s.place_zombie(z, spot, "test")
        s.wound_survivor(who, 99, "test")
        s.disruption[who] = disruption
        list(FeedingFrenzy().run(s))
        event = next(e for e in s.events if e.kind == "frenzy")
        devoured = s.comp(who, Status).eliminated
    finally:
        s.close()
    fz = resolve(C, archetype=team, zombies=",".join(feeders), disruption=disruption, faces=faces or None)
    assert fz.lethality == event.data["lethality"]
    if fz.roll is not None:
        assert fz.roll.survived != devoured
    else:
        assert not devoured


def test_disruption_that_must_have_destroyed_a_feeder_is_flagged():
    warned = resolve(C, guts=2, zombies="shambler,shambler", disruption=1)
    assert any("was destroyed" in n for n in warned.notes)
    horde = resolve(C, guts=2, zombies="horde", disruption=1)         # a Horde takes a hit and keeps feeding
    assert not any("was destroyed" in n for n in horde.notes)
    assert not any("was destroyed" in n for n in resolve(C, guts=2, zombies="shambler").notes)
