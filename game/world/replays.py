"""Replay files: a finished game kept to be watched again.

A replay is a save (game.world.saves: scenario, seed, team, the actions, the dice generator's state at the end) with
three more fields: `content`, a fingerprint of the content it was played on (a replay of changed content would not
play the same game, so it is refused with one line rather than shown wrong), `notes`, the survivor AI's commentary
(its "decision" events are not actions, so a replay puts them back where they were said), and `result`.

Finished games are kept by themselves in $BT_HOME/replays (beside the saves), the newest KEEP of them: keeping a new
one removes the oldest readable ones past that. Damaged files are listed as damaged, never removed or overwritten.
"""
from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

from game.content import schema as S
from game.content.defs import Content
from game.content.files import atomic_write, remove_stale_temps
from game.world.saves import (
    SAVE_FIELDS,
    GameRecord,
    SaveError,
    SaveFile,
    list_files,
    read_object,
    record_from,
    save_data,
    save_dir,
)
from game.world.session import Session

KEEP = 30              # replays kept in the folder: keeping a new one removes the oldest readable ones past it
NOTE_KINDS = ("decision",)      # events a player says rather than the rules make: kept as notes, not replayed


def _note(value: object) -> str | None:
    """[events before it, text, who (or null), reason]: one line of the survivor AI's commentary."""
    if (isinstance(value, list) and len(value) == 4 and S.is_whole(value[0]) and 0 <= value[0] <= 10**7
            and isinstance(value[1], str) and len(value[1]) <= 400 and (value[2] is None or S.is_whole(value[2]))
            and isinstance(value[3], str) and len(value[3]) <= 400):
        return None
    return f"expected a note as [events before it, text, who, reason], got {S.shown(value)}"


REPLAY_FIELDS = {
    **SAVE_FIELDS,
    "content": (S.text(64), True),
    "notes": (S.list_of(_note, 0, 100_000), False),
    "result": (S.list_of(S.text(200), 2, 2), False),
    "campaign": (S.mapping, False),       # a campaign mission's band as it went out, checked when it is read
}


def content_version(content: Content) -> str:
    """A fingerprint of everything the game reads from its content (rules, zombies, maps, scenarios... as loaded
    and frozen): two contents that play alike give the same one. A comment in a YAML file does not change it."""
    return hashlib.sha256(repr(content).encode("utf-8")).hexdigest()[:16]


def replay_dir() -> Path:
    """Where replays live: $BT_HOME/replays, beside the saves."""
    return save_dir().parent / "replays"


def notes_of(session: Session) -> list[list]:
    """The commentary of a game ("decision" events), each with the number of other events before it."""
    notes, others = [], 0
    for e in session.events:
        if e.kind in NOTE_KINDS:
            notes.append([others, e.text, e.data.get("who"), e.data.get("reason", "")])
        else:
            others += 1
    return notes


def write_replay(path: Path, record: GameRecord, session: Session, content: Content,
                 campaign: dict | None = None) -> None:
    """The finished (or abandoned) game in `session`, recorded in `record` and played on `content`, as a replay file.
    `campaign`: a campaign mission's campaign as it was when the band went out (game.campaign.saves.to_data)."""
    data = save_data(record, session, f"{session.scenario.name}: {ending(session.result, session.round)}")
    data["content"] = content_version(content)
    data["notes"] = notes_of(session)
    if session.result:
        data["result"] = list(session.result)
    if campaign is not None:
        data["campaign"] = campaign
    atomic_write(path, json.dumps(data).encode("utf-8"))
    remove_stale_temps(path.parent)


def ending(result, round_no: int) -> str:
    """How a game ended, in a few words ("the survivors won in round 9"), from its result (winner, cause)."""
    if not result:
        return f"left in round {round_no}"
    return f"the {'survivors' if result[0] == 'survivors' else 'Director'} won in round {round_no}"


def keep_replay(record: GameRecord, session: Session, content: Content, campaign: dict | None = None,
                folder: Path | None = None) -> Path | None:
    """Keep a finished game in the replay folder (the oldest past KEEP go); its path, or None if the disk said no
    (the game itself is never harmed by a replay that could not be written)."""
    folder = folder or replay_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{record.scenario}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{record.scenario}-{stamp}-{n}.json"
        n += 1
    try:
        write_replay(path, record, session, content, campaign)
    except OSError:
        return None
    prune(folder, KEEP)
    return path


def prune(folder: Path, keep: int) -> list[Path]:
    """Remove the oldest readable replays past the newest `keep` (damaged files stay, to be looked at)."""
    good = [f for f in list_replays(folder) if f.data is not None]
    gone = []
    for f in good[keep:]:
        try:
            f.path.unlink()
            gone.append(f.path)
        except OSError:
            pass
    return gone


def read_replay(path: Path) -> dict:
    """A replay file read and checked against REPLAY_FIELDS (nothing replayed): its data, or SaveError naming the
    file and the field."""
    data = read_object(path, "a replay file")
    wrong = S.problems(data, REPLAY_FIELDS)
    if wrong:
        raise SaveError(f"{path}: {S.say(*wrong[0])}")
    return data


def check_content(path: Path, data: dict, content: Content) -> None:
    """SaveError (one line) when the content has changed since the replay was recorded."""
    if data["content"] != content_version(content):
        raise SaveError(f"{path}: content: the game's rules, maps or scenarios have changed since this game was "
                        f"recorded: it cannot be replayed")


def replay_record(path: Path, data: dict, content: Content) -> GameRecord:
    """The GameRecord of a checked replay, played on `content` (checked to be the content it was recorded on)."""
    check_content(path, data, content)
    return record_from(path, data, content)


def list_replays(folder: Path | None = None) -> list[SaveFile]:
    """Every *.json file of the replay folder: the readable replays newest first, then the damaged ones."""
    return list_files(folder or replay_dir(), read_replay)
