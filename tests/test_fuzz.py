"""Issue #11, fuzzing: arbitrary structures into every reader of a file a user could have been handed (content tables,
scenarios, maps, lessons, saves, settings, raw YAML text). Each must give a clear error (Problems, SaveError, a
warning) or a valid load, never another exception. Both whole arbitrary documents and the real files with one part
swapped for an arbitrary value are tried, so the checks deep inside a record are reached too."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.defs import RulesDef
from game.content.loader import REPO_ROOT, load_content
from game.content.maps import check_legend, check_map, load_legend
from game.content.scenarios import parse_scenarios
from game.content.validate import ONE, TABLES, declared_ids, parse_table
from game.content.yamlio import parse_yaml, read_yaml
from game.tutorial.lessons import TUTORIAL_DIR, parse_lesson
from game.ui.widgets.settings import SPEEDS, WINDOW_SIZES, Settings, read_settings
from game.world.saves import GameRecord, SaveError, read_save, write_save

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                       HealthCheck.too_slow])
SCALARS = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=12)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
DATA = REPO_ROOT / "game" / "data"


def paths_in(data: object, prefix: tuple = ()) -> list[tuple]:
    """Every key path into data (dict keys and list indexes), the root included."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths_in(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths_in(v, (*prefix, i))
    return out


def swapped(data: object, path: tuple, value: object) -> object:
    """A copy of data with the part at `path` replaced by value."""
    if not path:
        return value
    out = copy.deepcopy(data)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return out


def mutations(data: object) -> st.SearchStrategy:
    paths = paths_in(data)
    return st.builds(lambda i, v: swapped(data, paths[i], v), st.integers(0, len(paths) - 1), VALUES)


RAW = {name: yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8")) for name in TABLES}
KNOWN = {name: declared_ids(RAW[name], name) for name in ONE}
KNOWN["gear"] = KNOWN["weapons"] | KNOWN["items"] | KNOWN["hazards"]


@pytest.mark.parametrize("name", TABLES)
@FUZZ
@given(data=st.data())
def test_fuzz_content_tables(name, data):
    doc = data.draw(mutations(RAW[name]) | VALUES)
    table, problems = parse_table(name, doc, f"{name}.yaml", KNOWN)
    assert all(p.file == f"{name}.yaml" and p.message for p in problems)
    if not problems:
        assert isinstance(table, RulesDef) if name == "rules" else isinstance(table, dict)


SCENARIOS = yaml.safe_load((DATA / "scenarios.yaml").read_text(encoding="utf-8"))


@FUZZ
@given(doc=mutations(SCENARIOS) | VALUES)
def test_fuzz_scenarios(doc):
    scenarios, problems = parse_scenarios(doc, "scenarios.yaml")
    assert all(p.file == "scenarios.yaml" for p in problems)
    assert isinstance(scenarios, dict)


LEGEND = load_legend()
MAP = yaml.safe_load((REPO_ROOT / "maps" / "dead_air.yaml").read_text(encoding="utf-8"))
ROW_CHARS = st.sampled_from(sorted({c for row in MAP["rows"] for c in row} | {"?", "Q", "#"}))


@FUZZ
@given(doc=mutations(MAP) | VALUES
       | st.builds(lambda rows: {**MAP, "rows": rows}, st.lists(st.text(ROW_CHARS, min_size=40, max_size=52),
                                                                min_size=1, max_size=60)))
def test_fuzz_maps(doc):
    mapdef, problems = check_map(doc, "maps/dead_air.yaml", LEGEND)
    assert (mapdef is None) == bool(problems)
    assert all(p.file == "maps/dead_air.yaml" for p in problems)


LESSON = yaml.safe_load(sorted(TUTORIAL_DIR.glob("*.yaml"))[0].read_text(encoding="utf-8"))


@FUZZ
@given(doc=mutations(LESSON) | VALUES)
def test_fuzz_lessons(doc):
    lesson, problems = parse_lesson(doc, "lesson.yaml", load_content(), LEGEND)
    assert lesson is not None or problems


@FUZZ
@given(text=st.text(st.sampled_from(list("ab: -[]{}&*!'\"\n#?|>,%@`0.1")), max_size=60))
def test_fuzz_yaml_text(text):
    try:
        parse_yaml(text)
    except yaml.YAMLError:
        pass                # read_yaml turns these into one Problem with line and column
    except (ValueError, TypeError, OverflowError):
        pass                # and these into one Problem naming the file


@FUZZ
@given(text=st.binary(max_size=80))
def test_fuzz_yaml_files(tmp_path, text):
    path = tmp_path / "any.yaml"
    path.write_bytes(text)
    data, problems = read_yaml(path)
    assert len(problems) <= 1 and all(p.file == str(path) for p in problems)


@pytest.fixture(scope="module")
def save_data(tmp_path_factory) -> dict:
    content = load_content()
    from game.world.saves import RecordingSession
    game = RecordingSession(content, GameRecord("dead_air", 4, content.scenarios["dead_air"].team))
    path = tmp_path_factory.mktemp("save") / "slot.json"
    write_save(path, game.record, game.session, "fuzz")
    game.session.close()
    return json.loads(path.read_text())


@FUZZ
@given(data=st.data())
def test_fuzz_saves(tmp_path, save_data, data):
    doc = data.draw(mutations(save_data) | VALUES)
    path = tmp_path / "slot.json"
    path.write_text(json.dumps(doc))
    try:
        record, _ = read_save(path, load_content())
    except SaveError as exc:
        assert str(exc).startswith(f"{path}: ") and "\n" not in str(exc)
    else:
        assert isinstance(record, GameRecord) and record.team


@FUZZ
@given(doc=VALUES | st.dictionaries(st.sampled_from(["window", "speed", "tooltips", "zoom"]), VALUES))
def test_fuzz_settings(tmp_path, doc):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(doc))
    loaded, warnings = read_settings(Path(path))
    assert isinstance(loaded, Settings) and all(w.startswith(str(path)) for w in warnings)
    assert loaded.window in WINDOW_SIZES and loaded.speed in SPEEDS and isinstance(loaded.tooltips, bool)


LEGEND_DATA = yaml.safe_load((DATA / "legend.yaml").read_text(encoding="utf-8"))


@FUZZ
@given(doc=mutations(LEGEND_DATA) | VALUES)
def test_fuzz_legend(doc):
    legend, problems = check_legend(doc, "legend.yaml")
    assert isinstance(legend, dict) and all(p.file == "legend.yaml" for p in problems)
