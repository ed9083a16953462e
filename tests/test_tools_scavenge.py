"""The Search & Salvage simulator: the decks as a game builds them, and each search resolved as the engine does."""
from fractions import Fraction

import pytest

from game.content.loader import load_content
from game.rules.dice import ScriptedDice
from game.tools.common import Roller, ToolError
from game.tools.scavenge import DeckState, render, search, search_odds, searcher_from, simulate, to_json
from game.world import actions as A
from game.world.scavenge import keep_index
from game.world.session import Session
from tests.arena import Inventory, arena

C = load_content()
F = Fraction


def test_decks_are_shuffled_as_a_game_with_the_same_seed_shuffles_them():
    for seed in (1, 7, 123):
        state = DeckState.new(C, seed)
        s = Session(C, "pharmacy_run", seed=seed)
        try:
            for deck_id, piles in s.decks.items():
                assert state.draw[deck_id] == [s.gear[u].gear_id for u in piles["draw"]]
        finally:
            s.close()


def test_search_odds_are_exact():
    odds, heat = search_odds(3)
    assert odds == {"failure": F(1, 8), "success": F(5, 6) ** 3 - F(1, 8), "jackpot": 1 - F(5, 6) ** 3}
    assert heat.mean() == F(1, 2)


def searcher(dice=3, **kw):
    return searcher_from(C, dice=dice, **kw)


def test_a_failure_draws_nothing():
    state = DeckState.new(C, 1)
    before = state.counts()
    r = search(state, Roller(faces=[3, 2, 1]), searcher())
    assert r.outcome == "failure" and r.drawn == () and r.heat == 1 and state.counts() == before


def test_a_success_draws_the_top_core_card():
    state = DeckState.new(C, 2)
    top = state.draw["core"][-1]
    r = search(state, Roller(faces=[4, 2, 2]), searcher())
    assert r.outcome == "success" and r.drawn == (top,) and r.deck == "core"
    assert r.counts["core"]["draw"] == 35


def test_a_jackpot_at_a_location_draws_from_its_deck():
    state = DeckState.new(C, 3)
    top = state.draw["clinic"][-1]
    r = search(state, Roller(faces=[6, 1, 1]), searcher(), "clinic")
    assert r.outcome == "jackpot" and r.deck == "clinic" and r.drawn == (top,)
    assert ("natural 1s", 2) in r.heat_parts


def test_a_jackpot_on_a_plain_token_draws_two_and_keeps_by_the_engines_ranking():
    state = DeckState.new(C, 4)
    first, second = state.draw["core"][-1], state.draw["core"][-2]
    r = search(state, Roller(faces=[6, 2, 2]), searcher())
    kept = (first, second)[keep_index(C, [first, second])]
    assert r.drawn == (first, second) and r.kept == kept and r.put_back in (first, second)
    assert r.put_back in state.discard["core"]


def test_hazards_make_heat_and_go_to_the_discards():
    state = DeckState.new(C, 5)
    state.draw["core"].append("tripped_alarm")          # on top
    r = search(state, Roller(faces=[5, 2, 3]), searcher())
    assert r.hazard.name == "Tripped Alarm" and r.heat == 3
    assert state.discard["core"] == ["tripped_alarm"]


def test_a_guts_hazard_is_rolled_when_guts_are_given():
    state = DeckState.new(C, 5)
    state.draw["core"].append("collapsing_shelf")
    r = search(state, Roller(faces=[5, 2, 3, 1, 2]), searcher(guts=2))
    assert r.hazard.faces == (1, 2) and r.hazard.passed is False and r.hazard.wounds == 1
    assert r.heat == 1                                   # the Guts test's natural 1


def test_an_empty_deck_reshuffles_its_discards_with_the_seeded_rng():
    state = DeckState.new(C, 6)
    state.discard["clinic"], state.draw["clinic"] = list(state.draw["clinic"]), []
    r = search(state, Roller(faces=[6]), searcher(1), "clinic")
    assert r.reshuffled == ("clinic",) and state.reshuffles["clinic"] == 1
    assert r.counts["clinic"]["draw"] + r.counts["clinic"]["discard"] + len(state.found) >= 11


def test_the_archetype_pool_is_the_engines_search_dice():
    s = arena(["ddd..", "....."], team=["mechanic", "scrapper", "prepper"])
    try:
        from game.world.scavenge import search_dice
        for who, arch in zip(s.survivors(), ["mechanic", "scrapper", "prepper"], strict=True):
            assert searcher_from(C, archetype=arch).dice == search_dice(s, who)
    finally:
        s.close()


def test_the_engine_draws_the_same_card_for_the_same_seed_and_faces():
    # a search in a game and in the simulator: same seed, same faces, same card
    for seed, faces in ((3, [5, 2, 2]), (9, [6, 3, 3]), (11, [6, 4, 1])):
        s = arena(["d?...", "....."], team=["paramedic"], faces=list(faces), seed=seed)
        try:
            who = s.survivors()[0]
            s.submit(A.Activate(who))
            before = [g.gear_id for g in s.comp(who, Inventory).gear]
            s.submit(A.Search(who, s.board.idx(1, 0)))
            after = [g.gear_id for g in s.comp(who, Inventory).gear]
            drawn = [e.data["card"] for e in s.events if e.kind == "card" and "uid" in e.data]
        finally:
            s.close()
        run = simulate(C, dice=3, seed=seed, faces=faces)
        r = run.results[0]
        assert list(r.drawn) == drawn
        gained = [g for g in after if g not in before or after.count(g) > before.count(g)]
        if r.kept in C.weapons or (r.kept in C.items and C.items[r.kept].kind != "ammo"):
            assert gained == [r.kept]


def test_simulate_runs_several_searches_on_one_deck_state():
    run = simulate(C, archetype="scrapper", location="armory", searches=5, seed=8, guts=2)
    assert len(run.results) == 5 and run.searcher.dice == 4
    assert [r.number for r in run.results] == [1, 2, 3, 4, 5]
    total = sum(c["draw"] + c["discard"] for c in run.results[-1].counts.values())
    assert total + sum(1 for r in run.results if r.kept and r.kept not in C.hazards and not (
        r.kept in C.items and C.items[r.kept].kind == "ammo")) == sum(len(d.cards) for d in C.decks.values())
    assert "Search 5" in render(run, C) and to_json(run)["searches"][4]["number"] == 5


def test_same_seed_same_searches():
    a = simulate(C, dice=3, seed=21, searches=6)
    b = simulate(C, dice=3, seed=21, searches=6)
    assert [r.drawn for r in a.results] == [r.drawn for r in b.results]


@pytest.mark.parametrize(("kwargs", "flag"), [
    ({"dice": 3, "location": "library"}, "--location"),
    ({"dice": 3, "faces": [6]}, "--faces"),
    ({"archetype": "astronaut"}, "--archetype"),
    ({}, "--wits"),
    ({"dice": 3, "searches": 0}, "--searches"),
])
def test_bad_inputs(kwargs, flag):
    with pytest.raises(ToolError) as err:
        simulate(C, **kwargs)
    assert err.value.flag == flag


def test_scripted_dice_fixture_is_not_needed_by_the_tool():
    # the tool's own Roller is strict about entered faces, like the tests' ScriptedDice
    with pytest.raises(AssertionError):
        ScriptedDice([1]).d6(2)
