"""Issue #11, files a user could have been handed: every one goes through files.read_text and yamlio/jsonio, and a
hostile one gets one clear Problem naming the file, never a hang or a traceback."""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.cli import main
from game.content import files
from game.content.jsonio import read_json
from game.content.loader import REPO_ROOT, load_content, validate_paths
from game.content.yamlio import read_yaml
from game.tutorial.lessons import check_lessons

ALIAS_LOOP = "a: &a [*a]\n"
BILLION_LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True))


@contextmanager
def within(seconds: int):
    """Fail instead of hanging: the guarded readers answer at once."""
    def stop(*_):
        raise TimeoutError(f"still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("text", [ALIAS_LOOP, BILLION_LAUGHS], ids=["alias loop", "billion laughs"])
def test_yaml_alias_loops_and_billion_laughs_are_refused_in_a_data_file(tmp_path, text):
    path = tmp_path / "weapons.yaml"
    path.write_text(text)
    with within(10):
        problems = validate_paths([path])
    assert [(p.file, p.where) for p in problems] == [(str(path), "line 1, column 8" if text == ALIAS_LOOP
                                                      else "line 2, column 8")]
    assert "aliases" in problems[0].message


def test_yaml_alias_loops_are_refused_in_a_map(tmp_path):
    path = tmp_path / "pharmacy_run.yaml"
    path.write_text("id: pharmacy_run\nname: &n x\nrows: [*n]\n")
    with within(10):
        problems = validate_paths([path])
    assert any(p.file == str(path) and "aliases (*n)" in p.message for p in problems)


def test_yaml_alias_loops_are_refused_in_a_lesson(tmp_path):
    (tmp_path / "01_loop.yaml").write_text(BILLION_LAUGHS)
    with within(10):
        _, problems = check_lessons(load_content(), tmp_path)
    assert len(problems) == 1 and "aliases" in problems[0].message


def test_deeply_nested_yaml_is_refused(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("[" * 100 + "]" * 100)
    data, problems = read_yaml(path)
    assert data is None and "nested more than" in problems[0].message and problems[0].file == str(path)


def test_a_yaml_number_of_5000_digits_is_one_clear_line(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("rules:\n  heat_max: " + "9" * 5000 + "\n")
    _, problems = read_yaml(path)
    assert problems[0].message == "YAML error: a number has more than 4,300 digits"


@pytest.mark.parametrize("text,said", [
    ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ("[" * 40 + "]" * 40, "nested more than"),
    ('{"seed": ' + "9" * 5000 + "}", "a number 5000 digits long"),
    ('{"x": NaN}', "NaN is not a number"),
])
def test_hostile_json_is_one_problem(tmp_path, text, said):
    path = tmp_path / "slot.json"
    path.write_text(text)
    data, problems = read_json(path)
    assert data is None and len(problems) == 1 and said in problems[0].message


def test_files_larger_than_the_cap_and_non_files_are_refused(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (files.MAX_BYTES + 1))
    assert "larger than" in read_yaml(big)[1][0].message
    assert read_yaml(tmp_path)[1][0].message == "is a directory, not a file"
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with within(5):      # no writer at the other end: opening the pipe would wait for one for ever
        assert read_yaml(fifo)[1][0].message == "is a named pipe (FIFO), not a file"
    assert read_yaml("/dev/null")[1][0].message == "is a device, not a file"


def test_a_binary_facts_file_is_one_line(tmp_path, capsys):
    facts = tmp_path / "board.yaml"
    facts.write_bytes(bytes(range(256)))
    assert main(["director", "--scenario", "pharmacy_run", "--facts", str(facts)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(facts) in err and "not UTF-8" in err


def test_director_heat_must_be_zero_or_more(tmp_path, capsys):
    facts = tmp_path / "board.yaml"
    assert main(["director", "--example"]) == 0
    facts.write_text(capsys.readouterr().out)
    assert main(["director", "--scenario", "pharmacy_run", "--facts", str(facts), "--heat", "-1000"]) == 2
    assert "--heat" in capsys.readouterr().err


# --- writing --------------------------------------------------------------------------------------------------------

def test_each_write_has_a_temp_file_of_its_own(tmp_path, monkeypatch):
    names = []
    real = files.tempfile.mkstemp

    def spy(**kwargs):
        fd, name = real(**kwargs)
        names.append(name)
        return fd, name
    monkeypatch.setattr(files.tempfile, "mkstemp", spy)
    target = tmp_path / "slot.json"
    files.atomic_write(target, b"one")
    files.atomic_write(target, b"two")
    assert len(set(names)) == 2 and target.read_bytes() == b"two"
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_two_processes_saving_one_slot_never_tear_the_file(tmp_path):
    """Two writers race on one slot while this process reads it: every read is one whole file or the other."""
    target = tmp_path / "slot.json"
    files.atomic_write(target, b'{"writer": 0}')
    code = ("import sys; from pathlib import Path; from game.content.files import atomic_write\n"
            "for i in range(150): atomic_write(Path(sys.argv[1]), (('{\"writer\": %s, \"pad\": \"' % sys.argv[2])"
            " + 'x' * 20000 + '\"}').encode())")
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    writers = [subprocess.Popen([sys.executable, "-c", code, str(target), str(n)], env=env) for n in (1, 2)]
    torn = reads = 0
    while any(w.poll() is None for w in writers):
        data, problems = read_json(target)
        reads += 1
        torn += bool(problems)
    assert all(w.wait() == 0 for w in writers)
    assert reads > 10 and torn == 0
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_a_full_disk_is_a_failed_write_and_the_old_file_stays(tmp_path, monkeypatch):
    target = tmp_path / "slot.json"
    files.atomic_write(target, b"old")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OSError):
        files.atomic_write(target, b"new")
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_stale_temp_files_of_killed_writers_are_cleaned(tmp_path):
    stale, live = tmp_path / ".slot.json.abc.tmp", tmp_path / ".slot.json.def.tmp"
    stale.write_text("{")
    live.write_text("{")
    old = time.time() - files.STALE_SECONDS - 5
    os.utime(stale, (old, old))
    assert files.remove_stale_temps(tmp_path) == 1
    assert not stale.exists() and live.exists()


def test_output_paths_are_checked_before_the_work(tmp_path):
    (tmp_path / "file").write_text("x")
    assert files.writable_problem("") == "the file name is empty"
    assert files.writable_problem("/proc/version").startswith("cannot write in /proc")
    assert files.writable_problem(tmp_path / "file" / "x.json") == f"{tmp_path / 'file'} is not a folder"
    assert files.writable_problem(tmp_path) == f"{tmp_path} is a directory"
    assert files.writable_problem(tmp_path / "new" / "x.json") is None and not (tmp_path / "new").exists()


def test_writing_to_proc_version_fails(tmp_path):
    with pytest.raises(OSError):
        files.atomic_write(Path("/proc/version"), b"x")


@pytest.mark.parametrize("field,value", [("who", [None]), ("target", {"x": 1})])
def test_a_lesson_with_a_list_where_a_name_belongs_is_a_problem(tmp_path, field, value):
    """Found by tests/test_fuzz.py: a list or mapping where a lesson names a survivor or a target."""
    import yaml

    from game.tutorial.lessons import TUTORIAL_DIR
    data = yaml.safe_load(sorted(TUTORIAL_DIR.glob("*.yaml"))[0].read_text(encoding="utf-8"))
    data["steps"][0]["expect"][field] = value
    (tmp_path / "01_bad.yaml").write_text(yaml.safe_dump(data))
    _, problems = check_lessons(load_content(), tmp_path)
    assert problems and all(p.file.endswith("01_bad.yaml") for p in problems)
    assert any(field in p.where for p in problems)


def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    synced = []
    real = files.os.fsync

    def spy(fd):
        synced.append("folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")
        real(fd)
    monkeypatch.setattr(files.os, "fsync", spy)
    files.atomic_write(tmp_path / "slot.json", b"{}")
    assert synced == ["file", "folder"]


@pytest.mark.parametrize("path,value", [(("team", 0, "archetype"), []), (("steps", 1, "expect", "weapon"), ["x"])])
def test_a_lesson_with_a_list_where_an_id_belongs_is_a_problem(tmp_path, path, value):
    """Found by tests/test_fuzz.py: a list where a lesson names an archetype or a weapon."""
    import yaml

    from game.tutorial.lessons import TUTORIAL_DIR
    data = yaml.safe_load(sorted(TUTORIAL_DIR.glob("*.yaml"))[0].read_text(encoding="utf-8"))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    (tmp_path / "01_bad.yaml").write_text(yaml.safe_dump(data))
    _, problems = check_lessons(load_content(), tmp_path)
    assert any(p.where.endswith(path[-1]) for p in problems), problems


# --- issue #27: a FIFO, a device or a folder where a file belongs is one line, never a hang ------------------------
def _fifo_settings(path: Path, capsys) -> str:
    from game.ui.widgets.settings import read_settings
    settings, warnings = read_settings(path)
    return warnings[0]


def _fifo_save(path: Path, capsys) -> str:
    from game.world.saves import SaveError, load_game
    with pytest.raises(SaveError) as err:
        load_game(path, load_content())
    return str(err.value)


def _fifo_content(path: Path, capsys) -> str:
    return str(validate_paths([path])[0])


def _fifo_map(path: Path, capsys) -> str:
    assert main(["map", str(path)]) == 1
    return capsys.readouterr().err


def _fifo_lesson(path: Path, capsys) -> str:
    return str(check_lessons(load_content(), path.parent)[1][0])


def _fifo_campaign(path: Path, capsys) -> str:
    assert main(["campaign", "--show", path.stem]) == 1
    return capsys.readouterr().err


def _fifo_state(path: Path, capsys) -> str:
    assert main(["scavenge", "--wits", "3", "--state", str(path)]) == 2
    return capsys.readouterr().err


def _fifo_facts(path: Path, capsys) -> str:
    assert main(["director", "--scenario", "pharmacy_run", "--facts", str(path)]) == 2
    return capsys.readouterr().err


def _fifo_progress(path: Path, capsys) -> str:
    from game.tutorial.runner import Progress
    return "no progress" if Progress(path).lessons == {} else "progress read from a FIFO"


READERS = {   # reader: (the file's name under the home folder, how it is read -> what it said)
    "settings.json": ("settings.json", _fifo_settings),
    "a save": ("saves/slot.json", _fifo_save),
    "a content file": ("data/weapons.yaml", _fifo_content),
    "a map": ("maps/pharmacy_run.yaml", _fifo_map),
    "a lesson": ("tutorial/01_moving.yaml", _fifo_lesson),
    "a campaign save": ("campaigns/night_crew.json", _fifo_campaign),
    "--state": ("state.json", _fifo_state),
    "--facts": ("board.yaml", _fifo_facts),
}


# (validate takes a folder of content files too: a folder called weapons.yaml is one, checked as such)
CASES = [(reader, kind) for reader in READERS for kind in ("a FIFO", "a device", "a directory")
         if (reader, kind) != ("a content file", "a directory")]


@pytest.mark.parametrize("reader,kind", CASES)
def test_a_fifo_device_or_directory_where_a_file_belongs_is_one_line(home, capsys, reader, kind):
    name, read = READERS[reader]
    path = home / name
    path.parent.mkdir(parents=True, exist_ok=True)
    {"a FIFO": os.mkfifo, "a device": lambda p: os.symlink("/dev/zero", p), "a directory": Path.mkdir}[kind](path)
    with within(5):
        said = read(path, capsys)
    what = {"a FIFO": "is a named pipe (FIFO), not a file", "a device": "is a device, not a file",
            "a directory": "is a directory, not a file"}[kind]
    assert what in said and str(path.name) in said and said.rstrip("\n").count("\n") == 0, said


def test_tutorial_progress_in_a_fifo_is_no_progress(tmp_path):
    fifo = tmp_path / "progress.json"
    os.mkfifo(fifo)
    with within(5):
        assert _fifo_progress(fifo, None) == "no progress"


def test_a_file_swapped_for_a_fifo_after_the_check_still_never_blocks(tmp_path, monkeypatch):
    """The stat before opening is one line of defence; the open itself is non-blocking and checked again."""
    fifo = tmp_path / "slot.json"
    os.mkfifo(fifo)
    real_stat = os.stat
    monkeypatch.setattr(files.os, "stat", lambda p, *a, **k: real_stat(__file__) if str(p) == str(fifo)
                        else real_stat(p, *a, **k))
    with within(5):
        assert read_json(fifo)[1][0].message == "is a named pipe (FIFO), not a file"
