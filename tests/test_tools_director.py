"""The Director assistant: the same shopping list as the game's Director AI, from facts a table types in."""
from dataclasses import replace

import pytest

from game.ai.director import plan
from game.ai.director_levels import director_level
from game.ai.director_view import view_of
from game.ai.survivor_ai import SurvivorAI
from game.cli import main
from game.content.loader import load_content
from game.tools.common import ToolError
from game.tools.director_assistant import EXAMPLE, assist, read_facts, render
from game.world.session import Session


def facts_of(view) -> dict:
    """What players would read off the table for this board."""
    names = {s.id: s.name for s in view.survivors}
    return {
        "shamblers_removed": view.removed_shamblers, "doom_left": view.doom_left,
        "rounds_needed": view.rounds_needed, "open_doors": view.open_doors, "gunners": view.gunners,
        "held_spawns": [sp.name for sp in view.spawns if not sp.active],
        "survivors": [{"name": s.name, "to_goal": s.to_goal, "downed": not s.standing, "noise": s.noise,
                       "slots_used": 3 - s.room, "spawn_distance": dict(s.spawn_distance),
                       "wounds": s.wounds, "carrier": s.carrier,
                       "allies": {names[o]: d for o, d in s.neighbours.items()}} for s in view.survivors],
        "shamblers": [{"name": z.name, "sees": names.get(z.sees), "lunge_reaches": z.lunge_reaches,
                       "lunge_pins": z.pins, "stunned": z.stunned} for z in view.shamblers],
    }


@pytest.mark.parametrize("scenario,seed", [("pharmacy_run", 3), ("dead_air", 8), ("last_train_out", 2)])
def test_the_assistant_buys_what_the_game_director_buys(scenario, seed):
    content = load_content()
    s = Session(content, scenario, seed=seed)
    ai = SurvivorAI("veteran", seed)
    while s.round < 3 and s.result is None:      # a board with some history
        if s.in_director:
            s.run_director()
        else:
            s.submit(ai.choose(s))
    level = director_level(content)
    view = view_of(s, level)
    for heat in (3, 8, 15):
        game = [(d.kind, d.spawn, d.zombie, d.cost) for d in plan(view, heat, level)]
        table = assist(content, scenario, facts_of(view), heat=heat - s.scenario.ambient_heat, die=1)
        assert [(d.kind, d.spawn, d.zombie, d.cost) for d in table.purchases] == game
    s.close()


def test_ambient_heat_escalation_and_the_real_die():
    content = load_content()
    facts = {"survivors": [{"name": "Doc", "to_goal": 5, "spawn_distance": {}}]}
    a = assist(content, "pharmacy_run", facts, heat=7, die=4)     # 7 + 3 ambient = 10: needs 4+
    assert (a.heat, a.need, a.die, a.escalates) == (10, 4, 4, True)
    b = assist(content, "pharmacy_run", facts, heat=20, die=None, seed=1)
    assert (b.heat, b.need, b.escalates) == (15, 0, True)
    c = assist(content, "pharmacy_run", facts, heat=0)
    assert (c.need, c.die, c.escalates) == (None, None, False)


def test_the_example_file_works_and_orders_are_given(tmp_path):
    path = tmp_path / "facts.yaml"
    path.write_text(EXAMPLE)
    a = assist(load_content(), "pharmacy_run", read_facts(str(path)), die=6)
    assert a.purchases and a.purchases[0].kind == "lunge"      # Shambler A lands on Doc: it attacks at once
    assert sum(p.cost for p in a.purchases) == a.heat
    assert any("swarm" in line for line in a.orders)


@pytest.mark.parametrize("facts,field", [
    ({"survivors": []}, "survivors"),
    ({"survivors": [{"name": "Doc", "spawn_distance": {"Nowhere": 3}}]}, "spawn point"),
    ({"survivors": [{"name": "Doc", "slots_used": 5}]}, "slots_used"),
    ({"survivors": [{"name": "Doc"}], "shamblers": [{"sees": "Bob"}]}, "shamblers[0].sees"),
    ({"survivors": [{"name": "Doc"}], "held_spawns": ["Atlantis"]}, "held_spawns"),
])
def test_bad_facts_name_the_field(facts, field):
    with pytest.raises(ToolError) as err:
        assist(load_content(), "pharmacy_run", facts)
    assert field in str(err.value)


def test_cli_director(tmp_path, capsys):
    path = tmp_path / "f.yaml"
    path.write_text(EXAMPLE)
    assert main(["director", "--scenario", "pharmacy_run", "--facts", str(path), "--die", "2"]) == 0
    out = capsys.readouterr().out
    assert "Purchases" in out and "Activation, in order" in out
    assert main(["director", "--scenario", "pharmacy_run", "--facts", str(tmp_path / "missing.yaml")]) == 2
    assert "missing.yaml: file: missing: no such file" in capsys.readouterr().err
    path.write_text("survivors: [unclosed")
    assert main(["director", "--scenario", "pharmacy_run", "--facts", str(path)]) == 2
    assert "YAML syntax error" in capsys.readouterr().err
    assert main(["director", "--scenario", "atlantis", "--facts", str(path)]) == 2


# --- the fixes of issue 17: the assistant shops the way the game's Director does (game.ai.director_shop) -----------

def _spawns(content, scenario):
    return [m.name for m in content.maps[content.scenarios[scenario].map].markers if m.kind.startswith("spawn")]


def test_half_inches_are_kept_and_shown():
    """Allies 2.5" apart are not huddled (2" is): a Bloater's burst scores only for the huddle, and the reason
    gives the distance as measured."""
    from game.ai.director import zombie_score
    from game.tools.director_assistant import view_from_facts
    content = load_content()
    spawn = _spawns(content, "pharmacy_run")[0]
    level = director_level(content)
    bloater = next(k for k in view_of_kinds(content) if k.id == "bloater")

    def score(apart):
        facts = {"survivors": [{"name": "Doc", "spawn_distance": {spawn: 2.5}, "allies": {"Cop": apart}},
                               {"name": "Cop", "allies": {"Doc": apart}}]}
        return zombie_score(level, view_from_facts(content, "pharmacy_run", facts), bloater, spawn)
    huddled, apart = score(2), score(2.5)
    assert "huddles" in huddled[1] and "huddles" not in apart[1]
    assert huddled[0] > apart[0]
    assert '2.5" from Doc' in apart[1]


def view_of_kinds(content):
    from game.ai.director_view import zombie_kinds
    return zombie_kinds(content)


def test_an_event_is_bought_once_a_phase_and_the_rest_is_lost_only_when_nothing_fits():
    content = load_content()
    held = _spawns(content, "dead_air")           # every spawn point held: only Blackout (4 Heat) is for sale
    facts = {"held_spawns": held, "survivors": [{"name": "Doc"}]}
    a = assist(content, "dead_air", facts, heat=13, die=6)       # 13 + 2 ambient = 15
    assert [(p.kind, p.event) for p in a.purchases] == [("event", "blackout")]
    assert a.lost == 11


def test_no_heat_is_thrown_away_while_a_two_heat_event_is_on_offer():
    content = load_content()
    # Lost and Found's menu: the 2-Heat alarm and doors, and Blackout (no Lost Time, which would take all 6 Heat)
    facts = {"held_spawns": _spawns(content, "lost_and_found"), "survivors": [{"name": "Doc"}]}
    a = assist(content, "lost_and_found", facts, heat=4, die=6)   # 4 + 2 ambient = 6: a 2-Heat event and Blackout
    assert sorted(p.event for p in a.purchases)[0] == "blackout" and len(a.purchases) == 2
    assert a.lost == 0
    assert "Blackout" in render(a) and "blackout" not in render(a).split("Purchases")[1].split("\n")[1]


def test_a_survivor_with_one_free_slot_takes_one_lunge():
    content = load_content()
    facts = {"held_spawns": _spawns(content, "pharmacy_run"),
             "survivors": [{"name": "Doc", "slots_used": 2}],
             "shamblers": [{"name": "A", "sees": "Doc", "lunge_reaches": True},
                           {"name": "B", "sees": "Doc", "lunge_reaches": True}]}
    a = assist(content, "pharmacy_run", facts, heat=0, die=6)     # 3 ambient
    lunges = [p for p in a.purchases if p.kind == "lunge"]
    assert len(lunges) == 1
    full = {**facts, "survivors": [{"name": "Doc", "slots_used": 3}]}
    b = assist(content, "pharmacy_run", full, heat=0, die=6)
    assert not [p for p in b.purchases if p.kind == "lunge"]


def test_shopping_replans_when_a_purchase_no_longer_fits_and_remembers_events():
    from game.ai.director import DirectorView, EventFact, SurvivorFact
    from game.ai.director_shop import Shopping

    class Board:
        def __init__(self):
            self.refused = {"blackout"}
            self.v = DirectorView((SurvivorFact(1, "Doc", True, 3, 5),), (),
                                  events=(EventFact("blackout", "Blackout", 4, (("blackout", 1),)),
                                          EventFact("alarm", "Alarm", 2, (("close_doors", 0),))))

        def view(self):
            return self.v

        def fits(self, d):
            return d.event not in self.refused

    board, shop = Board(), Shopping(director_level(load_content()))
    assert shop.next(board, 4) is None      # Blackout planned, refused, planned afresh, refused: the caller decides
    board.refused = set()
    assert shop.next(board, 4).event == "blackout"
    assert shop.next(board, 4).event == "alarm"      # the fresh plan leaves out the event already bought
    assert shop.next(board, 4) is None
    assert shop.events_bought == {"alarm", "blackout"}


def test_a_fresh_plan_never_buys_an_event_that_could_undo_a_pin_already_bought():
    from game.ai.director import DirectorView, EventFact, ShamblerFact, SurvivorFact
    from game.ai.director_shop import Shopping

    class Board:
        """Z2's lunge pins Doc unless the dark hides her, and it is all the first list buys. Once it is bought, Z2
        has lunged (it is off the board's facts) and the board has moved on: the list is planned afresh, with a
        Blackout on offer."""
        def __init__(self):
            self.pin = ShamblerFact(2, "Z2", sees=1, lunge_reaches=False, pins=True, undone_by=frozenset({"blackout"}))
            self.lunged = False

        def view(self):
            if not self.lunged:
                return DirectorView((SurvivorFact(1, "Doc", True, 3, 5),), (), shamblers=(self.pin,))
            return DirectorView((SurvivorFact(1, "Doc", True, 3, 5),), (), gunners=3,
                                events=(EventFact("blackout", "Blackout", 4, (("blackout", 1),)),))

        def fits(self, d):
            return True

    board, shop = Board(), Shopping(director_level(load_content(), "standard"))
    first = shop.next(board, 5)
    assert first.pins == 1 and first.fears == {"blackout"}
    board.lunged = True
    assert shop.next(board, 4) is None          # the Blackout alone would fit; the caller buys something else
    board.pin = replace(board.pin, undone_by=frozenset())      # the same phase, but a pin the dark cannot undo
    board.lunged, shop = False, Shopping(director_level(load_content(), "standard"))
    assert shop.next(board, 5).pins == 1
    board.lunged = True
    assert shop.next(board, 4).event == "blackout"


def test_cli_refuses_negative_heat(capsys):
    assert main(["director", "--scenario", "pharmacy_run", "--facts", "x.yaml", "--heat", "-5"]) == 2
    err = capsys.readouterr().err
    assert "--heat" in err and "-5" in err
