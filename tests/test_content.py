"""The shipped content loads cleanly and matches the rulebook's numbers; the loader catches mistakes."""
from __future__ import annotations

import copy
import re
from pathlib import Path
from types import MappingProxyType

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.defs import SKILL_EFFECTS, Content
from game.content.errors import ContentError, Problem
from game.content.loader import REPO_ROOT, load_content, validate_paths
from game.content.validate import parse_table

DATA = REPO_ROOT / "game" / "data"
RULEBOOK = Path("/work/shared/rules/borrowed-time-v0.2-rules.txt")

# the rulebook's Heat table, weapon by weapon
HEAT_TABLE = {
    "suppressed_pistol": 0, "pistol": 2, "hunting_rifle": 2, "shotgun": 2, "smg": 3,
    "knife": 0, "scalpel": 0, "machete": 0, "baseball_bat": 1, "crowbar": 1, "fire_axe": 1,
    "frag_grenade": 4, "pipe_bomb": 4, "molotov": 3,
}


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_real_content_has_no_problems(content):
    assert validate_paths([]) == []
    assert content.scenarios and content.maps
    assert load_content() is content   # cached


def test_content_is_frozen(content):
    assert isinstance(content.weapons, MappingProxyType)
    assert isinstance(content.archetypes["doctor"].weapons, tuple)
    assert isinstance(content.rules.costs, MappingProxyType)
    with pytest.raises(TypeError):
        content.weapons["laser"] = None
    with pytest.raises(AttributeError):
        content.rules.ap = 4


def test_rules_match_the_rulebook(content):
    r = content.rules
    assert (r.ap, r.success, r.heat_max, r.inventory) == (3, 4, 15, 3)
    assert (r.engagement_slots, r.parting_swipe, r.elite_cap) == (3, 5, 3)
    bands = [(b.low, b.high, b.need) for b in r.escalation]
    assert bands == [(8, 9, 5), (10, 11, 4), (12, 14, 3), (15, 15, 0)]
    assert dict(r.costs) == {"lunge": 1, "shambler": 2, "reanimate": 3, "special": 4, "major": 5}
    assert r.swarm_caps == (0, 1, 2, 3)


def test_core_deck_has_36_cards_and_specialty_decks_are_themed(content):
    assert len(content.decks["core"].cards) == 36
    for deck_id in ("armory", "clinic", "garage"):
        assert 10 <= len(content.decks[deck_id].cards) <= 14
    assert sum(content.weapons.get(c) is not None for c in content.decks["armory"].cards) >= 6
    clinic = content.decks["clinic"].cards
    assert sum(getattr(content.items.get(c), "kind", "") == "medical" for c in clinic) >= 6


def test_every_heat_table_weapon_exists_with_its_heat(content):
    for weapon_id, heat in HEAT_TABLE.items():
        assert content.weapons[weapon_id].heat == heat, weapon_id
    assert "quiet" in content.weapons["suppressed_pistol"].traits
    assert content.weapons["frag_grenade"].blast == 3 and content.weapons["pipe_bomb"].blast == 2
    assert "burning" in content.weapons["molotov"].traits


def test_archetypes_are_many_and_balanced(content):
    archetypes = [a for a in content.archetypes.values() if not a.npc]     # a rescue's civilian is no survivor to pick
    assert len(content.archetypes) >= 8 and len(content.skills) >= 9
    totals = {a.id: (a.move - 4) + a.fight + a.shoot + a.wits + a.guts + a.wounds for a in archetypes}
    assert all(11 <= t <= 13 for t in totals.values()), totals
    medical = {a.skill for a in archetypes if content.skills[a.skill].effects.get("medical")}
    assert {"doctor", "medic"} <= medical
    for skill in content.skills.values():
        assert skill.effects and set(skill.effects) <= set(SKILL_EFFECTS)


def test_zombie_profiles(content):
    z = content.zombies
    assert (z["shambler"].move, z["shambler"].fight, z["shambler"].wounds) == (4, 2, 1)
    horde = z["horde"]
    assert horde.fight == horde.fight_per_wound * horde.wounds == 6 and horde.slots == 3 and horde.elite
    assert z["screamer"].params["shriek_heat"] == 3 and z["bloater"].params["blast"] == 3


def test_texts_are_our_own_words(content):
    """No run of seven words from the rulebook appears in any text the game shows."""
    if not RULEBOOK.exists():
        pytest.skip("rulebook not available")

    def words(s: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", s.lower())

    book = words(RULEBOOK.read_text(encoding="utf-8"))
    grams = {tuple(book[i:i + 7]) for i in range(len(book) - 6)}
    tables = (content.skills, content.archetypes, content.weapons, content.items, content.hazards,
              content.zombies, content.events)
    for table in tables:
        for d in table.values():
            shown = words(getattr(d, "text", "") or getattr(d, "blurb", ""))
            runs = [tuple(shown[i:i + 7]) for i in range(len(shown) - 6)]
            copied = [" ".join(run) for run in runs if run in grams]
            assert not copied, (d.id, copied)


# --- broken copies -----------------------------------------------------------------------------------------

def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of a real data file with one edit, under the same file name."""
    source = (DATA / name).read_text(encoding="utf-8")
    assert source.count(old) == 1, f"{old!r} must occur once in {name}"
    path = tmp_path / name
    path.write_text(source.replace(old, new), encoding="utf-8")
    return path


CASES = [  # file, old, new, where the problem is, words in its message
    ("archetypes.yaml", "weapons: [scalpel]", "weapons: [raygun]", "archetypes.doctor.weapons[0]",
     "unknown weapon"),
    ("archetypes.yaml", "    move: 4\n", "    move: -1\n", "archetypes.firefighter.move", "between 4 and 6"),
    ("archetypes.yaml", "skill: doctor", "skil: doctor", "archetypes.doctor.skil", "did you mean 'skill'"),
    ("weapons.yaml", "    range: 30\n", "    rnage: 30\n", "weapons.hunting_rifle.rnage", "unknown key"),
    ("decks.yaml", "      smg: 2\n", "      smgg: 2\n", "decks.armory.cards.smgg", "unknown card"),
    ("decks.yaml", "      ammo_box: 6\n", "      ammo_box: 5\n", "decks.core.cards", "exactly 36"),
    ("zombies.yaml", "    fight: 6\n", "    fight: 5\n", "zombies.horde.fight", "fight_per_wound"),
    ("skills.yaml", "{aim_dice: 1}", "{aim_dize: 1}", "skills.marksman.effects.aim_dize",
     "unknown skill effect"),
    ("events.yaml", "horde, amount: 1, where: major}\n  stalker",
     "horde, amount: 1, where: minor}\n  stalker",
     "events.horde_surge.effects[0].where", "major spawn points"),
    ("items.yaml", "    revive_wounds: 2\n", "    revive_wounds: two\n", "items.medkit.revive_wounds",
     "whole number"),
    ("hazards.yaml", "    zombie: shambler\n", "    zombie: ghoul\n", "hazards.lurker.zombie",
     "unknown zombie"),
    ("rules.yaml", "  ap: 3 ", "  ap: 0 ", "rules.ap", "between"),
    ("scenarios.yaml", "overrun\n    events: [security_alarm, slamming_doors, blackout, lost_time]",
     "overran\n    events: [security_alarm, slamming_doors, blackout, lost_time]",
     "scenarios.pharmacy_run.finale", "did you mean"),
    ("scenarios.yaml", "        rounds: 2\n", "        rounds: two\n", "scenarios.jump_start.tasks[1].rounds",
     "whole number"),
    ("scenarios.yaml", "        zone: extract\n        rounds: 2\n", "        zone: extract\n",
     "scenarios.jump_start.tasks[1].rounds", "missing"),
    ("scenarios.yaml", "items: [car_battery, gas_can]", "items: [car_battery, car_battery]",
     "scenarios.jump_start.tasks[0].items", "each once"),
    ("scenarios.yaml", "items: [car_battery, gas_can]", "items: [car_battery, gas_cann]",
     "scenarios.jump_start.tasks[0].items", "objective_items place none"),
    ("scenarios.yaml", "        items: [car_battery, gas_can]\n",
     "        items: [car_battery, gas_can]\n        count: 2\n", "scenarios.jump_start.tasks[0].items", "not both"),
    ("scenarios.yaml", "        rounds: 10\n", "        rounds: 14\n", "scenarios.hold_the_line.tasks[0].rounds",
     "can never be reached"),
    ("scenarios.yaml", "        count: 3\n", "        count: 4\n", "scenarios.hold_the_line.tasks[0].count",
     "more than team_min 3"),
    ("scenarios.yaml", "        kind: survive\n", "        kind: survival\n", "scenarios.hold_the_line.tasks[0].kind",
     "hold, survive"),
    ("director.yaml", "      focus: 3.0\n", "      focus: 9.0\n", "director.levels.ruthless.focus", "between"),
    ("director.yaml", "      ambush_leap: 2.5", "      ambush_jump: 2.5", "director.scores.situations.ambush_jump",
     "unknown key"),
    ("survivor_ai.yaml", "    hurries: true\n", "    hurries: yes please\n", "survivor_ai.expert.hurries",
     "true or false"),
    ("survivor_ai.yaml", "    heat_cost: 0.6\n", "    heat_cost: -1\n", "survivor_ai.veteran.heat_cost", "between"),
    ("survivor_ai.yaml", "    foresight: 0\n  expert", "    foresight: 2\n  expert", "survivor_ai.veteran.prices",
     "needs its prices"),
    ("survivor_ai.yaml", "downed: 6,", "downd: 6,", "survivor_ai.expert.prices.downd", "unknown key"),
    ("scenarios.yaml", "reveals: nurse", "reveals: mermaid", "scenarios.lost_and_found.tasks[0].reveals",
     "unknown archetype"),
    ("scenarios.yaml", "escort: nurse", "escort: paramedic", "scenarios.lost_and_found.tasks[1].escort",
     "neither on the team nor revealed"),
    ("archetypes.yaml", "    weapons: [knife]\n    items: [bandages]", "    weapons: []\n    items: [bandages]",
     "archetypes.paramedic.weapons", "starts with a weapon"),
    ("events.yaml", "      - {kind: close_doors}\n  slamming", "      - {kind: heat_next_round, amount: 2}\n  slamming",
     "events.security_alarm.effects", "next round's track"),
]


@pytest.mark.parametrize(("name", "old", "new", "where", "words"), CASES, ids=[c[3] for c in CASES])
def test_a_broken_file_gives_exactly_its_problem(tmp_path, name, old, new, where, words):
    path = broken(tmp_path, name, old, new)
    problems = validate_paths([path])
    assert [(p.file, p.where) for p in problems] == [(str(path), where)], problems
    assert words in problems[0].message


def test_yaml_syntax_error_names_line_and_column(tmp_path):
    path = broken(tmp_path, "weapons.yaml", "    dice: 2\n    range: 12\n    ammo: 6\n",
                  "    dice: 2\n    range: [12\n    ammo: 6\n")
    [problem] = validate_paths([path])
    assert re.fullmatch(r"line \d+, column \d+", problem.where) and "YAML syntax error" in problem.message


def test_a_key_written_twice_is_an_error(tmp_path):
    path = broken(tmp_path, "decks.yaml", "      suppressed_pistol: 1\n      shotgun: 1\n      smg",
                  "      suppressed_pistol: 1\n      pistol: 1\n      smg")
    [problem] = validate_paths([path])
    assert problem.where.startswith("line ") and "written twice" in problem.message


@pytest.mark.parametrize("text", ["- just\n- a list\n", "42\n", "", "weapons: [1, 2]\n", "wepons: {}\n"])
def test_a_file_of_the_wrong_shape_is_reported(tmp_path, text):
    path = tmp_path / "weapons.yaml"
    path.write_text(text, encoding="utf-8")
    problems = validate_paths([path])
    assert problems and all(p.file == str(path) for p in problems)


def test_not_utf8_and_missing_files(tmp_path):
    path = tmp_path / "items.yaml"
    path.write_bytes(b"items:\n  bandages: {name: \xff\xfe}\n")
    [problem] = validate_paths([path])
    assert "UTF-8" in problem.message
    [problem] = validate_paths([tmp_path / "nope.yaml"])
    assert problem.where == "file" and "missing" in problem.message


def test_a_broken_map_is_reported_by_the_map_parser(tmp_path):
    pytest.importorskip("game.content.maps")
    source = next((REPO_ROOT / "maps").glob("*.yaml"))
    path = tmp_path / source.name
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    row = next(i for i, line in enumerate(lines) if line.lstrip().startswith('- "'))
    lines[row] = lines[row].replace('- "', '- "\u00a7', 1)   # an unknown character, and a ragged row
    path.write_text("".join(lines), encoding="utf-8")
    problems = validate_paths([path])
    assert problems and all(p.file == str(path) for p in problems)


def copy_root(root: Path) -> Path:
    (root / "game" / "data").mkdir(parents=True)
    (root / "maps").mkdir()
    for path in DATA.glob("*.yaml"):
        (root / "game" / "data" / path.name).write_bytes(path.read_bytes())
    for path in (REPO_ROOT / "maps").glob("*.yaml"):
        (root / "maps" / path.name).write_bytes(path.read_bytes())
    (root / "sounds").symlink_to(REPO_ROOT / "sounds")      # the sound table's files
    return root


def test_a_clean_copy_of_the_content_loads_from_its_root(tmp_path):
    root = copy_root(tmp_path / "root")
    assert validate_paths([root]) == []
    assert isinstance(load_content(root), Content)


def test_a_whole_root_collects_every_problem_at_once(tmp_path):
    root = copy_root(tmp_path / "root")

    archetypes = root / "game" / "data" / "archetypes.yaml"
    archetypes.write_text(archetypes.read_text().replace("skill: medic", "skill: surgeon"))
    weapons = root / "game" / "data" / "weapons.yaml"
    weapons.write_text(weapons.read_text().replace("    heat: 3\n", "    heat: 99\n", 1))
    with pytest.raises(ContentError) as err:
        load_content(root)
    wheres = {p.where for p in err.value.problems}
    assert {"archetypes.paramedic.skill", "weapons.smg.heat"} <= wheres


def test_problem_reads_as_one_line():
    problem = Problem("a.yaml", "archetypes.doctor.move", "too slow")
    assert str(problem) == "a.yaml: archetypes.doctor.move: too slow"


# any value in any archetype field is either accepted or reported, never a crash
_scalars = st.none() | st.booleans() | st.integers(-5, 50) | st.floats(allow_nan=True) | st.text(max_size=8)
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
_FIELDS = ["move", "weapons", "items", "skill", "name", "reloads", "extra"]


_ARCHETYPES = yaml.safe_load((DATA / "archetypes.yaml").read_text(encoding="utf-8"))


@settings(max_examples=60, deadline=None)
@given(field=st.sampled_from(_FIELDS), value=_values)
def test_any_value_is_reported_not_raised(field, value):
    data = copy.deepcopy(_ARCHETYPES)
    data["archetypes"]["doctor"][field] = value
    known = {"weapons": {"scalpel", "knife"}, "items": {"bandages"}, "skills": {"doctor"}}
    result, problems = parse_table("archetypes", data, "archetypes.yaml", known)
    assert all(isinstance(p, Problem) and p.file == "archetypes.yaml" for p in problems)
    assert problems or "doctor" in result


def test_a_content_error_from_a_worker_process_reaches_the_parent_whole():
    """Batches and sweeps load content in worker processes: the error they send back is pickled on the way."""
    import pickle
    error = ContentError([Problem("game/data/weapons.yaml", "weapons.pistol.range", "must be a number"),
                          Problem("maps/depot.yaml", "row 3, column 7", "unknown cell 'Q'")])
    back = pickle.loads(pickle.dumps(error))
    assert back.problems == error.problems
    assert str(back) == ("game/data/weapons.yaml: weapons.pistol.range: must be a number\n"
                         "maps/depot.yaml: row 3, column 7: unknown cell 'Q'")
