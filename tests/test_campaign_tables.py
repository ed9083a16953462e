"""game/data/campaign.yaml is checked with the rest of the content: a broken table names the file and the field."""
import pytest

from game.content.loader import REPO_ROOT, validate_paths

CASES = [
    ("    breaking_point: 4\n", "    breaking_point: four\n", "campaign.stress.breaking_point", "whole number"),
    ("    after_break: 1 ", "    after_break: 9 ", "campaign.stress.after_break", "below breaking_point"),
    ("effect: frozen,", "effect: freeze,", "campaign.stress.events[3].effect", "did you mean"),
    ("{roll: 3, id: hobbled", "{roll: 4, id: hobbled", "campaign.scars[2].roll", "in order"),
    ("stats: {move: -1}, heals: treat", "stats: {speed: -1}, heals: treat", "campaign.scars[2].stats.speed",
     "unknown key"),
    ("turns_into: shambler", "turns_into: vampire", "campaign.infection.turns_into", "unknown zombie"),
    ("    start: [police_officer,", "    start: [police_offcer,", "campaign.band.start[0]", "unknown archetype"),
    ("    short: {watches: 1, heal: 1, stress: 0}\n", "", "campaign.rests.short", "missing"),
    ("first_sight_kinds: [brute,", "first_sight_kinds: [brut,", "campaign.horror.first_sight_kinds[0]",
     "did you mean"),
]


@pytest.mark.parametrize(("old", "new", "where", "words"), CASES, ids=[c[2] for c in CASES])
def test_a_broken_campaign_table_gives_exactly_its_problem(tmp_path, old, new, where, words):
    text = (REPO_ROOT / "game" / "data" / "campaign.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "campaign.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    problems = validate_paths([path])
    assert [(p.file, p.where) for p in problems] == [(str(path), where)], problems
    assert words in problems[0].message


def test_the_campaign_tables_are_sound():
    assert validate_paths([REPO_ROOT / "game" / "data" / "campaign.yaml"]) == []
