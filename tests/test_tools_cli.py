"""`python main.py calc|scavenge|scenario|frenzy`: happy paths, JSON, and bad input as one line with exit 2."""
import json
import math
import subprocess
import sys

import pytest

from game.cli import main
from game.content.loader import REPO_ROOT


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


HAPPY = [
    ("calc", "melee", "--attacker-dice", "3", "--defender-dice", "2", "--cap", "1"),
    ("calc", "melee", "--archetype", "firefighter", "--zombie", "brute"),
    ("calc", "melee", "--archetype", "cook", "--zombie", "horde", "--horde-wounds-taken", "1", "--melee-cover"),
    ("calc", "ranged", "--dice", "3", "--cover", "light"),
    ("calc", "ranged", "--archetype", "police_officer", "--weapon", "pistol", "--cover", "light"),
    ("calc", "ranged", "--archetype", "hunter", "--aim", "--cover", "heavy", "--hunker", "--zombie", "bloater"),
    ("calc", "swarm", "--zombies", "shambler,shambler,brute", "--archetype", "paramedic"),
    ("calc", "swarm", "--attacker-dice", "4", "--slots", "2", "--defender-dice", "2"),
    ("scavenge", "--wits", "3", "--location", "armory", "--searches", "3", "--seed", "2"),
    ("scavenge", "--wits", "3", "--faces", "6,2,1"),
    ("scavenge", "--archetype", "scrapper", "--guts", "2", "--searches", "4"),
    ("scenario", "--seed", "5"),
    ("scenario", "--seed", "5", "--map", "pharmacy_run", "--play"),
    ("frenzy", "--guts", "3", "--zombies", "shambler,shambler", "--disruption", "1"),
    ("frenzy", "--archetype", "prepper", "--zombies", "horde", "--roll", "--seed", "4"),
    ("frenzy", "--guts", "2", "--slots", "2", "--faces", "6,4"),
]


@pytest.mark.parametrize("argv", HAPPY, ids=[" ".join(a) for a in HAPPY])
def test_happy_paths_print_text(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == "" and out.strip()


@pytest.mark.parametrize("argv", HAPPY[::3], ids=[" ".join(a) for a in HAPPY[::3]])
def test_happy_paths_print_json(capsys, argv):
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0
    json.loads(out)


def test_calc_json_distributions_are_value_to_probability(capsys):
    code, out, _ = run(capsys, "calc", "ranged", "--dice", "3", "--cover", "light", "--json")
    data = json.loads(out)
    hits = data["distributions"]["attacker_successes"]
    assert set(hits) == {"0", "1", "2", "3"} and math.isclose(hits["0"], 8 / 27)
    assert data["pools"]["attacker"] == {"side": "shooter", "dice": 3, "need": 5, "parts": [["dice", 3]],
                                         "survivor": True, "dice_lost": 0}


ONE_LINE = [  # tool errors: exactly one line naming the flag
    (("calc", "melee", "--archetype", "wizard", "--zombie", "brute"), "--archetype: unknown archetype 'wizard'"),
    (("calc", "melee", "--archetype", "firefighter", "--zombie", "ghoul"), "--zombie: unknown zombie 'ghoul'"),
    (("calc", "ranged", "--weapon", "raygun"), "--weapon: unknown weapon 'raygun'"),
    (("calc", "melee", "--defender-dice", "2"), "--attacker-dice:"),
    (("calc", "swarm", "--zombies", "horde,horde", "--defender-dice", "2"), "--zombies:"),
    (("scavenge", "--wits", "3", "--location", "library"), "--location: unknown location 'library'"),
    (("scavenge", "--wits", "3", "--faces", "6"), "--faces: ran out of dice"),
    (("scenario", "--map", "moon_base"), "--map: unknown map 'moon_base'"),
    (("frenzy", "--guts", "2", "--zombies", "shambler,ghoul"), "--zombies: unknown zombie 'ghoul'"),
    (("frenzy", "--guts", "2"), "--zombies:"),
    (("scavenge",), "--wits:"),
    (("calc", "swarm", "--zombies", "shambler,shambler", "--slots", "5", "--defender-dice", "2"), "--slots:"),
    (("calc", "swarm", "--zombies", "shambler,shambler", "--slots", "3", "--defender-dice", "2"), "--slots:"),
    (("calc", "melee", "--fight", "2", "--attacker-dice", "2", "--zombie", "brute"), "--fight:"),
    (("calc", "melee", "--attacker-dice", "2", "--zombie", "brute", "--undo"), "--undo:"),
    (("scavenge", "--wits", "2", "--undo"), "--undo:"),
    (("director", "--scenario", "pharmacy_run", "--end"), "--end:"),
]


@pytest.mark.parametrize(("argv", "start"), ONE_LINE, ids=[" ".join(a) for a, _ in ONE_LINE])
def test_bad_ids_and_combinations_are_one_line_exit_2(capsys, argv, start):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {start}"), err


def test_unknown_id_lists_the_known_ids(capsys):
    _, _, err = run(capsys, "calc", "melee", "--attacker-dice", "2", "--zombie", "brutee")
    assert "did you mean 'brute'" in err and "known: shambler, horde, brute" in err


BAD_FLAGS = [
    ("calc",),
    ("calc", "lunge"),
    ("calc", "melee", "--attacker-dice", "x"),
    ("calc", "ranged", "--cover", "medium"),
    ("calc", "melee", "--attacker-dice", "-1"),
    ("scavenge", "--wits", "3", "--archetype", "doctor"),
    ("scavenge", "--wits", "3", "--faces", "7,2"),
    ("frenzy", "--zombies", "horde"),
    ("frenzy", "--guts", "2", "--bogus"),
    ("director", "--heat", "-5"),
    ("calc", "melee", "--fight", "x"),
]


@pytest.mark.parametrize("argv", BAD_FLAGS, ids=[" ".join(a) for a in BAD_FLAGS])
def test_bad_flags_exit_2_with_an_argparse_error(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.strip().splitlines()[-1].startswith("borrowed-time") and "error:" in err


def test_main_py_entry_point_prints_the_calculator():
    done = subprocess.run([sys.executable, "main.py", "calc", "melee", "--attacker-dice", "1", "--defender-dice",
                           "1", "--json"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"] == {"win": 0.25, "tie": 0.5, "loss": 0.25}
