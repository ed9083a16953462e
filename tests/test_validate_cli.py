"""`python main.py validate|scenarios`: one line per problem, exit codes, and never a traceback."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.content.loader import REPO_ROOT

DATA = REPO_ROOT / "game" / "data"

BROKEN = [  # file, old text, new text, key path the one problem line must name
    ("archetypes.yaml", "weapons: [scalpel]", "weapons: [raygun]", "archetypes.doctor.weapons[0]"),
    ("archetypes.yaml", "    wounds: 4\n", "    wounds: -2\n", "archetypes.firefighter.wounds"),
    ("archetypes.yaml", "    reloads: 2\n    skill: gunslinger", "    relaods: 2\n    skill: gunslinger",
     "archetypes.police_officer.relaods"),
    ("decks.yaml", "      medkit: 3\n", "      medkitt: 3\n", "decks.clinic.cards.medkitt"),
    ("weapons.yaml", "    melee_bonus: 3\n", "    melee_bonus: [3\n", "line "),
]


def write_broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (DATA / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_validate_everything_is_ok(capsys):
    assert main(["validate"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("ok: ") and out.strip().endswith("files checked") and err == ""


@pytest.mark.parametrize(("name", "old", "new", "where"), BROKEN, ids=[b[3] for b in BROKEN])
def test_validate_a_broken_file_prints_one_line(tmp_path, capsys, name, old, new, where):
    path = write_broken(tmp_path, name, old, new)
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"{path}: {where}")
    assert "Traceback" not in out + err and out == ""


@pytest.mark.parametrize("content", [b"- not\n- a mapping\n", b"\xff\xfe\x00junk", b"archetypes: 7\n", b""])
def test_validate_never_shows_a_traceback(tmp_path, capsys, content):
    path = tmp_path / "archetypes.yaml"
    path.write_bytes(content)
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert err.strip() and all(line.startswith(f"{path}: ") for line in err.splitlines())
    assert "Traceback" not in out + err


def test_validate_a_missing_path(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "gone.yaml")]) == 1
    assert "gone.yaml: file: missing" in capsys.readouterr().err


def test_validate_named_good_files_counts_them(capsys):
    maps = sorted((REPO_ROOT / "maps").glob("*.yaml"))[:1]
    assert main(["validate", str(DATA / "weapons.yaml"), str(DATA / "decks.yaml"), *map(str, maps)]) == 0
    assert capsys.readouterr().out == f"ok: {2 + len(maps)} files checked\n"


def test_scenarios_lists_ids_with_a_line_each(capsys):
    from game.content.loader import load_content

    assert main(["scenarios"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(load_content().scenarios)


@pytest.mark.parametrize("argv", [["bogus"], ["validate", "--bogus"], ["scenarios", "extra"]])
def test_bad_usage_exits_2_with_one_error(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "error:" in err and "Traceback" not in err


def test_help_lists_the_commands(capsys):
    # With no command at all, `python main.py` opens the main menu (tests/test_ui_flow.py drives it headless).
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("validate", "play", "demo", "--screenshot"))


def test_main_py_entry_point(tmp_path):
    path = write_broken(tmp_path, "skills.yaml", "{search_dice: 1}", "{search_dice: 9}")
    done = subprocess.run([sys.executable, "main.py", "validate", str(path)], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr == f"{path}: skills.scrounger.effects.search_dice: must be between 1 and 3, got 9\n"
