"""The checked content kept between runs (game/content/cache.py): read back only for the files it was checked for,
never in the way of a load when it cannot be read or written."""
from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

import pytest

from game.content import cache
from game.content.loader import REPO_ROOT, _check, _load_root, _root_sources


def _fresh_load():
    return _load_root.__wrapped__(REPO_ROOT, ())   # past the in-process memo: to the files or the kept copy


@pytest.fixture
def prefix(tmp_path, monkeypatch):
    """Python's bytecode prefix (PYTHONPYCACHEPREFIX) in a folder of the test's own: the copy kept goes there."""
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "prefix"))
    return tmp_path / "prefix"


def _fake_root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    for name in ("game/data/rules.yaml", "game/content/defs.py", "maps/yard.yaml", "sounds/door_1.ogg"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("a: 1\n")
    return root


def test_a_second_start_reads_back_the_content_the_first_checked(home, prefix):
    first = _fresh_load()
    kept = list(cache.cache_dir(REPO_ROOT).glob("content-*.pickle"))
    assert len(kept) == 1
    again = cache.read(REPO_ROOT)
    assert again is not None and again is not first
    checked, problems = _check(*_root_sources(REPO_ROOT), ())
    assert not problems
    for table in ("rules", "skills", "archetypes", "weapons", "items", "hazards", "decks", "zombies", "events",
                  "scenarios", "maps"):
        assert getattr(again, table) == getattr(checked, table), table
    assert sorted(again.extra) == sorted(checked.extra)


def test_the_key_follows_every_code_data_map_and_sound_file_and_nothing_else(tmp_path):
    root = _fake_root(tmp_path)
    before = cache.key(root)
    (root / "game" / "content" / "__pycache__").mkdir()
    (root / "game" / "content" / "__pycache__" / "defs.cpython-311.pyc").write_bytes(b"\0")
    (root / "maps" / "notes.txt").write_text("not content")
    assert cache.key(root) == before
    for name in ("game/data/rules.yaml", "game/content/defs.py", "maps/yard.yaml", "sounds/door_1.ogg"):
        path = root / name
        stamp = path.stat().st_mtime_ns
        path.write_text("a: 2\n")
        os.utime(path, ns=(stamp, stamp))        # same size, same time: only the content differs...
        assert cache.key(root) == before         # ...which the key, like Python's bytecode check, does not read
        os.utime(path, ns=(stamp + 1, stamp + 1))
        assert cache.key(root) != before, name
        before = cache.key(root)


def test_a_damaged_kept_copy_is_passed_over_and_replaced(home, prefix):
    _fresh_load()
    (kept,) = cache.cache_dir(REPO_ROOT).glob("content-*.pickle")
    kept.write_bytes(b"\x80\x05 not a pickle")
    assert cache.read(REPO_ROOT) is None
    kept.write_bytes(pickle.dumps({"not": "content"}))      # a pickle, but not of the content
    assert cache.read(REPO_ROOT) is None
    content = _fresh_load()
    assert "pharmacy_run" in content.scenarios
    assert cache.read(REPO_ROOT) is not None


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="user ids and modes are what the check reads")
def test_a_kept_copy_someone_else_could_have_rewritten_is_never_unpickled(home, prefix, monkeypatch):
    _fresh_load()
    (kept,) = cache.cache_dir(REPO_ROOT).glob("content-*.pickle")
    assert kept.stat().st_mode & 0o777 == 0o600            # as write() leaves it
    unpickled = []
    real = pickle.loads
    monkeypatch.setattr(cache.pickle, "loads", lambda data: unpickled.append(1) or real(data))
    for mode in (0o622, 0o606):                            # group- or world-writable
        kept.chmod(mode)
        assert cache.read(REPO_ROOT) is None
    assert not unpickled
    kept.chmod(0o600)
    assert cache.read(REPO_ROOT) is not None and unpickled


def test_a_copy_kept_for_other_files_is_removed_when_a_new_one_is_written(home, prefix):
    folder = cache.cache_dir(REPO_ROOT)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "content-0123.pickle").write_bytes(b"old")
    _fresh_load()
    assert [p.name for p in folder.glob("content-*.pickle")] == [f"content-{cache.key(REPO_ROOT)}.pickle"]


def test_a_place_that_cannot_be_written_still_loads(home, tmp_path, monkeypatch):
    blocker = tmp_path / "prefix"
    blocker.write_text("a file where the bytecode folder should be")
    monkeypatch.setattr(sys, "pycache_prefix", str(blocker))
    content = _fresh_load()
    assert "pharmacy_run" in content.scenarios
    assert cache.read(REPO_ROOT) is None


def test_the_copy_is_kept_beside_the_bytecode_never_in_the_players_folder(tmp_path, prefix, monkeypatch):
    player = tmp_path / "player"
    monkeypatch.setenv("BT_HOME", str(player))
    _fresh_load()
    assert list(prefix.rglob("content-*.pickle")) and not list(tmp_path.glob("player/**/*.pickle"))
    monkeypatch.setattr(sys, "pycache_prefix", None)
    assert cache.cache_dir(REPO_ROOT) == REPO_ROOT / "game" / "__pycache__"
