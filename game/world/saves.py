"""Saves, loads and undo, by replay: a game is its scenario, seed, team and the actions the player submitted.

Replaying those actions on a fresh Session rebuilds the game exactly (one seeded RNG, a deterministic Director), so a
save is small, readable JSON and can never drift from the rules. The RNG state at the moment of saving is stored too
and checked after the replay: a save that does not replay to the same state is reported as damaged, not loaded wrong.
Files are written atomically (a temporary file, then os.replace), so a crash while saving never harms the old save.
"""
from __future__ import annotations

import dataclasses
import json
import os
import time
from pathlib import Path

from game.content.defs import Content
from game.world import actions as A
from game.world.action_registry import CLASS_BY_SAVE, save_name
from game.world.session import Session

FORMAT = 2            # 2: the rules audit of issue 10 changed how games replay
ACTIONS = CLASS_BY_SAVE      # save name -> Action class (game.world.action_registry)


class SaveError(Exception):
    """A save that cannot be read: the message names the file and what is wrong with it."""


def action_to_data(action) -> dict:
    data = {"type": save_name(action)}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


def action_from_data(data: dict, where: str):
    if not isinstance(data, dict) or data.get("type") not in ACTIONS:
        raise SaveError(f"{where}: not an action: {data!r}"[:200])
    cls = ACTIONS[data["type"]]
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is dataclasses.MISSING:
                raise SaveError(f"{where}: {data['type']} is missing '{f.name}'")
            continue
        value = data[f.name]
        if isinstance(value, list):
            value = tuple(value)
        kwargs[f.name] = value
    return cls(**kwargs)


@dataclasses.dataclass
class GameRecord:
    """Everything needed to rebuild a game: what it started from and what the player did."""
    scenario: str
    seed: int
    team: tuple[str, ...]
    actions: list = dataclasses.field(default_factory=list)

    def start(self, content: Content, policy=None) -> Session:
        return Session(content, self.scenario, seed=self.seed, team=self.team, policy=policy)

    def replay(self, content: Content, upto: int | None = None, policy=None) -> Session:
        """A fresh Session with the first `upto` actions (all by default) played, Director Phases included."""
        s = self.start(content, policy)
        for action in self.actions[:upto]:
            if s.in_director:
                s.run_director()
            s.submit(action)
        if s.in_director:
            s.run_director()
        return s


class RecordingSession:
    """Wraps a Session for a human player: every accepted action is recorded for saving and undo."""

    def __init__(self, content: Content, record: GameRecord, policy=None):
        self.content = content
        self.record = record
        self.policy = policy
        self.session = record.replay(content, policy=policy)
        self._roll_marks: list[int] = []      # event count when each action began

    def submit(self, action):
        s = self.session
        start = len(s.events)
        events = s.submit(action)
        self.record.actions.append(action)
        self._roll_marks.append(start)
        return events

    def can_undo(self) -> bool:
        """Undo is allowed when the last action rolled no die and did not end the phase."""
        if not self.record.actions:
            return False
        last = self.record.actions[-1]
        if isinstance(last, (A.EndSurvivorPhase, A.Activate)):
            return False
        start = self._roll_marks[-1] if self._roll_marks else 0
        return not any(e.kind == "roll" for e in self.session.events[start:])

    def undo(self) -> Session:
        if not self.can_undo():
            raise SaveError("nothing to undo: the last action rolled dice or ended the phase")
        self.record.actions.pop()
        self._roll_marks.pop()
        self.session.close()
        self.session = self.record.replay(self.content, policy=self.policy)
        return self.session


# --- files -------------------------------------------------------------------------------------------------------
def save_dir() -> Path:
    """Where saves live: $BT_HOME/saves, else ~/.borrowed_time/saves."""
    home = Path(os.environ.get("BT_HOME", Path.home() / ".borrowed_time"))
    return home / "saves"


def write_save(path: Path, record: GameRecord, session: Session, label: str = "") -> None:
    data = {
        "format": FORMAT,
        "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "label": label,
        "scenario": record.scenario,
        "seed": record.seed,
        "team": list(record.team),
        "round": session.round,
        "doom": session.doom,
        "actions": [action_to_data(a) for a in record.actions],
        "rng_state": _rng_to_json(session.rng.getstate()),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def read_save(path: Path, content: Content) -> tuple[GameRecord, dict]:
    """The record in a save file and its header; SaveError naming the file and field if anything is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveError(f"{path}: cannot read it ({exc.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: not a save file (damaged JSON: {exc})") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a save file")
    if data.get("format") == 1:
        raise SaveError(f"{path}: format: saved under the rules before the 2026-12 rules audit (engagement, the Horde "
                        f"tray, barricades, the Director's spending changed): it cannot be replayed; start a new game")
    if data.get("format") != FORMAT:
        raise SaveError(f"{path}: format: expected {FORMAT}, got {data.get('format')!r}")
    scenario = data.get("scenario")
    if scenario not in content.scenarios:
        raise SaveError(f"{path}: scenario: unknown scenario {scenario!r}")
    seed = data.get("seed")
    if not isinstance(seed, int):
        raise SaveError(f"{path}: seed: expected a whole number, got {seed!r}")
    team = data.get("team")
    if not isinstance(team, list) or not all(t in content.archetypes for t in team):
        raise SaveError(f"{path}: team: expected a list of archetype ids, got {team!r}"[:200])
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise SaveError(f"{path}: actions: expected a list")
    actions = [action_from_data(a, f"{path}: actions[{i}]") for i, a in enumerate(raw)]
    return GameRecord(scenario, seed, tuple(team), actions), data


def load_game(path: Path, content: Content, policy=None) -> RecordingSession:
    """Rebuild a saved game, checking it replays to exactly the saved state."""
    record, data = read_save(path, content)
    try:
        game = RecordingSession(content, record, policy)
    except Exception as exc:   # an action the rules refuse: the file was edited or damaged
        raise SaveError(f"{path}: actions: the game does not replay ({type(exc).__name__}: {exc})") from None
    if "rng_state" in data and _rng_to_json(game.session.rng.getstate()) != data["rng_state"]:
        game.session.close()
        raise SaveError(f"{path}: rng_state: the replay does not reach the saved state (damaged save?)")
    return game


def list_saves(directory: Path | None = None) -> list[tuple[Path, dict]]:
    """(path, header) for every readable save, newest first; unreadable files are skipped."""
    folder = directory or save_dir()
    out = []
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError, UnicodeDecodeError):
            continue
        if isinstance(data, dict) and data.get("format") == FORMAT:
            out.append((path, {k: data.get(k) for k in ("saved_at", "label", "scenario", "round", "doom")}))
    return sorted(out, key=lambda item: str(item[1].get("saved_at")), reverse=True)


def _rng_to_json(state) -> list:
    version, internal, gauss = state
    return [version, list(internal), gauss]
