"""Issue #29: the content loads through PyYAML's C parser, and reads every game file exactly as yaml.safe_load does,
behind the same refusals (the hostile-file tests check those in detail)."""
from __future__ import annotations

import pytest
import yaml

from game.content.loader import REPO_ROOT
from game.content.yamlio import _PARSER, parse_yaml

GAME_FILES = sorted([*(REPO_ROOT / "game" / "data").rglob("*.yaml"), *(REPO_ROOT / "maps").rglob("*.yaml")])


def test_the_c_parser_is_used_where_pyyaml_has_it():
    assert _PARSER is getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_every_game_file_reads_as_safe_load_reads_it(path):
    text = path.read_text(encoding="utf-8")
    assert parse_yaml(text) == yaml.safe_load(text)


@pytest.mark.parametrize("text,said", [("a: &x 1\nb: *x\n", "aliases"), ("a: 1\na: 2\n", "written twice"),
                                       ("[" * 40 + "]" * 40, "nested more than")])
def test_aliases_duplicates_and_depth_are_still_refused(text, said):
    with pytest.raises(yaml.MarkedYAMLError, match=said):
        parse_yaml(text)
