"""The quick-play generator: its tables checked at load, and the scenarios it makes playable at once."""
import copy

import pytest
import yaml

from game.ai.random_bot import RandomSurvivors
from game.content.loader import REPO_ROOT, _cross_scenario, load_content, validate_paths
from game.content.validate import declared_ids
from game.rules.geometry import distance
from game.sim.runner import play_game
from game.tools.common import ToolError
from game.tools.quickplay import generate, parse_tables, playable, render, role_markers, tables_of, to_json
from game.world.session import Session

C = load_content()
PATH = REPO_ROOT / "game" / "data" / "quickplay.yaml"
RAW = yaml.safe_load(PATH.read_text(encoding="utf-8"))


def known():
    data_dir = REPO_ROOT / "game" / "data"
    out = {name: declared_ids(yaml.safe_load((data_dir / f"{name}.yaml").read_text()), name)
           for name in ("archetypes", "items", "zombies", "events", "decks")}
    out["maps"] = set(C.maps)
    return out


def parse(data):
    tables = {"events": C.events, "items": C.items}
    return parse_tables(data, "quickplay.yaml", known(), tables, C.maps)


def test_the_tables_load_with_the_content():
    qp = tables_of(C)
    assert qp.objective.dice == "d6" and qp.density.dice == "2d6"
    assert {r.map for r in qp.environment.rows} <= set(C.maps)     # each environment is on a map we have
    assert parse(RAW)[1] == []


def cross_problems(scenario, content=C):
    known_ids = {"maps": set(content.maps), "events": set(C.events), "items": set(C.items),
                 "archetypes": set(C.archetypes), "zombies": set(C.zombies), "decks": set(C.decks)}
    return _cross_scenario(scenario, "scenario", "generated", known_ids, content.maps, C.items, C.events)


@pytest.mark.parametrize("seed", range(12))
def test_generated_scenarios_pass_the_scenario_checks(seed):
    q = generate(C, seed)
    s = q.scenario
    assert s.map == f"board_{seed}" and q.board is not None      # a new board from the tiles every time
    played = playable(C, q)
    assert cross_problems(s, played) == []
    assert s.team_min <= len(s.team) <= s.team_max
    assert all(t.count <= s.team_min for t in s.tasks if t.kind == "extract")
    assert all(2 <= space < s.doom_length for space in s.doom_events)
    mapdef = played.maps[s.map]
    deploy = [(m.x, m.y) for m in mapdef.markers_of("deploy")]
    for _, x, y in s.initial_zombies:
        assert mapdef.kind_at(x, y) == "open"
        assert all(distance(x, y, dx, dy) >= tables_of(C).min_distance for dx, dy in deploy)
    assert len({(x, y) for _, x, y in s.initial_zombies}) == len(s.initial_zombies)
    assert [r.table for r in q.rolls] == ["objective", "environment", "density", "hazard"]


def test_same_seed_same_scenario_and_every_map_is_reachable():
    assert generate(C, 4).scenario == generate(C, 4).scenario
    assert generate(C, 4).board.map == generate(C, 4).board.map
    named = {r.map for r in tables_of(C).environment.rows}       # maps an environment row is written for
    for map_id in C.maps:
        assert any(row.on(C.maps[map_id]) for row in tables_of(C).objective.rows), map_id   # variants fit all
        q = generate(C, 3, map_id=map_id)
        assert q.scenario.map == map_id
        assert q.roll("environment").row.map == map_id if map_id in named else \
            "no environment row" in q.roll("environment").note
    assert "hold_the_line" in C.maps and "hold_the_line" not in named     # the case above is really tried


def test_a_map_without_the_markers_plays_the_rows_variant():
    # faces: objective 5 (The Sample Case needs an extraction zone), environment 5 (Dead Air has none)
    q = generate(C, None, faces=[5, 5, 3, 4, 2], map_id="dead_air")     # hand-built maps can lack zones
    obj = q.roll("objective")
    assert obj.rolled.id == obj.row.id == "sample_case" and not obj.note
    assert q.scenario.name.startswith("Bring the Case Home") and q.scenario.tasks[0].zone == "deploy"
    assert any("as played on" in n for n in q.notes)
    assert q.scenario.map == "dead_air" and q.roll("density").total == 7


def test_reading_down_when_no_variant_fits_either():
    # Hold the Line has no objective markers and no exit: the Salvage Run (and its Hold the Yard) cannot be played
    q = generate(C, None, faces=[2, 1, 3, 4, 2], map_id="hold_the_line")
    obj = q.roll("objective")
    assert obj.rolled.id == "salvage_run" and obj.row.id == "call_for_help" and "read down" in obj.note
    assert [t.kind for t in q.scenario.tasks] == ["survive"]


def test_every_map_gets_several_objectives():
    from collections import Counter
    for map_id, least in (("last_train_out", 4), ("dead_air", 5), ("pharmacy_run", 6)):
        seen = Counter(generate(C, None, faces=[f, 1, 3, 4, 2], map_id=map_id).scenario.name.split(":")[0]
                       for f in range(1, 7))
        assert len(seen) >= least, (map_id, seen)
        assert max(seen.values()) <= 2, (map_id, seen)


def test_dead_calm_is_quieter_but_every_noise_carries():
    q = generate(C, None, faces=[1, 1, 3, 4, 1])
    base = tables_of(C).base
    assert q.roll("hazard").row.id == "dead_calm"
    assert q.scenario.ambient_heat == base.ambient_heat - 1 and q.scenario.noise_bonus == 1
    assert "carries" in q.roll("hazard").row.text


def test_a_short_track_keeps_its_doom_events():
    from game.tools.quickplay import fit_track
    assert fit_track({5: "a", 9: "b"}, 8) == ({5: "a", 7: "b"}, [("b", 7)])
    kept, moved = fit_track({6: "a", 7: "b", 9: "c"}, 8)
    assert kept == {5: "c", 6: "a", 7: "b"} and moved == [("c", 5)]
    q = generate(C, None, faces=[1, 1, 3, 5, 5])       # Break Out, Running Late: the shortest track
    s = q.scenario
    assert all(2 <= space < s.doom_length for space in s.doom_events)
    assert len(s.doom_events) == len(tables_of(C).base.doom_events)


def test_objective_roles_land_on_the_maps_markers():
    # Jump Start on Dead Air: the battery lies at the near marker and is fitted at the far one
    q = generate(C, None, faces=[4, 6, 1, 1, 1], map_id="dead_air")
    roles = role_markers(C.maps["dead_air"])
    s = q.scenario
    assert s.tasks[0].needs_item == "car_battery" and s.tasks[0].marker == roles["far"]
    assert [(o.item, o.marker) for o in s.objective_items] == [("car_battery", roles["near"])]
    assert roles["near"] != roles["far"]


def test_a_session_starts_from_it_and_plays_some_random_actions():
    q = generate(C, 2, map_id="pharmacy_run")
    s = Session(C, q.scenario, seed=2)
    try:
        mapdef = C.maps["pharmacy_run"]
        assert len(s.zombies()) == len(mapdef.markers_of("zombie")) + len(q.scenario.initial_zombies)
        assert len(s.survivors()) == len(q.scenario.team)
        assert sum(1 for items in s.ground.values() for g in items if g.deck == "objective") == \
            len(q.scenario.objective_items)
        bot = RandomSurvivors(2)
        for _ in range(40):
            action = bot.choose(s)
            if action is None:
                break
            s.submit(action)
        assert s.round >= 1
    finally:
        s.close()


def test_play_game_takes_a_scenario_def():
    q = generate(C, 6)
    s = play_game(playable(C, q), q.scenario, 6, RandomSurvivors(6))
    try:
        assert s.result is not None and s.scenario is q.scenario
    finally:
        s.close()


def test_render_and_json():
    q = generate(C, 1)
    text = render(q, C)
    assert "Objective" in text and q.scenario.name in text
    data = to_json(q)
    assert data["scenario"]["map"] == q.scenario.map and len(data["rolls"]) == 4


def test_bad_inputs():
    with pytest.raises(ToolError) as err:
        generate(C, 1, map_id="moon_base")
    assert err.value.flag == "--map"
    with pytest.raises(ToolError) as err:
        generate(C, None, faces=[1, 2])
    assert err.value.flag == "--faces"
    with pytest.raises(ToolError) as err:
        generate(C, 1, team=["doctor", "astronaut"])
    assert err.value.flag == "--team"


# --- the YAML is checked, one problem per bad field ------------------------------------------------------------------
def broken(change):
    data = copy.deepcopy(RAW)
    change(data["quickplay"])
    return parse(data)


BROKEN = [
    (lambda q: q["objective"]["rows"][1].update(roll=[1, 2]), "quickplay.objective.rows[1].roll"),
    (lambda q: q["density"]["rows"].pop(), "quickplay.density.rows"),
    (lambda q: q["environment"]["rows"][0].update(map="moon_base"), "quickplay.environment.rows[0].map"),
    (lambda q: q["density"]["rows"][0]["zombies"].update(ghoul=1), "quickplay.density.rows[0].zombies.ghoul"),
    (lambda q: q["hazard"]["rows"][4].update(doom_length_change=-6),
     "quickplay.hazard.rows[4].doom_length_change"),
    (lambda q: q["hazard"]["rows"][1].update(add_doom_events={12: "sirens"}),
     "quickplay.hazard.rows[1].add_doom_events.12"),
    (lambda q: q["hazard"]["rows"][2].update(add_events=["sirens"]), "quickplay.hazard.rows[2].add_events[0]"),
    (lambda q: q["objective"]["rows"][1]["tasks"][0].update(item="pistol"),
     "quickplay.objective.rows[1].tasks[0].item"),
    (lambda q: q["objective"]["rows"][2]["tasks"][0].update(text="Work the {middle}"),
     "quickplay.objective.rows[2].tasks[0].text"),
    (lambda q: q["objective"]["rows"][0]["tasks"][0].update(count=5), "quickplay.objective.rows[0].tasks[0].count"),
    (lambda q: q["base"].update(finale="the_end"), "quickplay.base.finale"),
    (lambda q: q["environment"].update(dice="d8"), "quickplay.environment.dice"),
    (lambda q: q["density"]["rows"][2].update(colour="red"), "quickplay.density.rows[2].colour"),
    (lambda q: q["maps"].update(moon_base={"doom_length_change": 1, "why": "no such map"}), "quickplay.maps.moon_base"),
    (lambda q: q["maps"]["hold_the_line"].update(doom_length_change=-11),
     "quickplay.maps.hold_the_line.doom_length_change"),
    (lambda q: q["maps"]["hold_the_line"].update(ambient_heat_change=3),
     "quickplay.maps.hold_the_line.ambient_heat_change"),
    (lambda q: q["maps"]["dead_air"].update(zombies={"ghoul": 1}), "quickplay.maps.dead_air.zombies.ghoul"),
]


@pytest.mark.parametrize(("change", "where"), BROKEN, ids=[b[1] for b in BROKEN])
def test_a_broken_table_gives_one_clear_problem(change, where):
    tables, problems = broken(change)
    assert tables is None
    assert [p.where for p in problems] == [where], problems


@pytest.mark.parametrize("map_id", sorted(tables_of(C).maps))
def test_a_hand_built_maps_adjustment_lands_in_its_scenarios(map_id):
    import dataclasses
    qp = tables_of(C)
    tune = qp.maps[map_id]
    plain = dataclasses.replace(C, extra={**C.extra, "quickplay": dataclasses.replace(qp, maps={})})
    for seed in (1, 2, 3):
        tuned, untuned = generate(C, seed, map_id=map_id).scenario, generate(plain, seed, map_id=map_id).scenario
        assert tuned.ambient_heat == untuned.ambient_heat + tune.ambient_heat_change
        assert tuned.doom_length == min(max(untuned.doom_length + tune.doom_length_change, 6), 20)   # 6 to 20
        extra = sum(n for _, n in tune.zombies)
        assert len(tuned.initial_zombies) == len(untuned.initial_zombies) + extra
        assert any(n.startswith(f"on {C.maps[map_id].name}:") for n in generate(C, seed, map_id=map_id).notes)
    assert generate(C, 1).scenario == generate(plain, 1).scenario      # the tile boards are not adjusted
    # the shortest roll (a -3 objective, Running Late) stays on a track a scenario may have
    shortest = min(generate(C, None, faces=[f, 1, 3, 4, 5], map_id=map_id).scenario.doom_length for f in range(1, 7))
    assert shortest >= 6


def test_a_map_that_can_host_no_objective_is_reported():
    def only_break_out(q):
        row = dict(q["objective"]["rows"][0], roll=[1, 6])
        row.pop("variants")         # Break Out alone, without its Dig In for a map with no exit
        q["objective"]["rows"] = [row]
    tables, problems = broken(only_break_out)
    assert [p.message for p in problems] and "dead_air" in problems[0].message


def test_validate_checks_the_file(tmp_path):
    assert validate_paths([PATH]) == []
    bad = tmp_path / "quickplay.yaml"
    bad.write_text(PATH.read_text(encoding="utf-8").replace("map: dead_air, search_deck: armory",
                                                            "map: dead_airr, search_deck: armory"))
    problems = validate_paths([bad])
    assert len(problems) == 1 and problems[0].where == "quickplay.environment.rows[4].map"
    assert "did you mean 'dead_air'" in problems[0].message


def test_simulate_takes_a_quickplay_id(capsys):
    from game.cli import main
    assert main(["simulate", "--scenario", "quickplay_3", "--games", "1", "--no-progress"]) == 0
    assert "quickplay_3 - 1 games" in capsys.readouterr().out
    assert main(["simulate", "--scenario", "quickplay_x", "--games", "1", "--no-progress"]) == 2
    assert "unknown scenario 'quickplay_x'" in capsys.readouterr().err
