"""Saves, loads and undo, by replay: a game is its scenario, seed, team and the actions the player submitted.

Replaying those actions on a fresh Session rebuilds the game exactly (one seeded RNG, a deterministic Director), so a
save is small, readable JSON and can never drift from the rules. The RNG state at the moment of saving is stored too
and checked after the replay: a save that does not replay to the same state is reported as damaged, not loaded wrong.
Files are written atomically (files.atomic_write: a temporary file of its own, then a rename), so a crash or a second
window saving the same slot never harms the old save; every file is read through jsonio and checked against
SAVE_FIELDS before anything is replayed.
"""
from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Callable
from pathlib import Path

from game.content import schema as S
from game.content.defs import Content
from game.content.files import atomic_write, home_dir, remove_stale_temps
from game.content.jsonio import read_json
from game.world import actions as A
from game.world.action_registry import class_by_save, save_name
from game.world.components import Status
from game.world.director_seat import DirectorSeat
from game.world.purchases import BuyEvent, Lunge, Reanimate, Spawn
from game.world.session import AI_OWNER, Session

FORMAT = 2            # 2: the rules audit of issue 10 changed how games replay
ACTIONS = class_by_save()     # save name -> Action class (game.world.action_registry)


class SaveError(Exception):
    """A save that cannot be read: the message names the file and what is wrong with it."""


def action_to_data(action) -> dict:
    data = {"type": save_name(action)}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


# the schema of an action's fields, by their annotation in game.world.actions
_WHOLE = S.whole(-(2**31), 2**31)
FIELD_CHECKS = {
    "int": _WHOLE,
    "int | None": lambda v: None if v is None else _WHOLE(v),
    "str": S.text(40),
    "tuple[int, ...]": S.list_of(_WHOLE, 0, 64),
}


def _record_from(data: object, where: str, classes: dict, noun: str, check_of):
    """The dataclass a save wrote as {"type": name, field: value...}, each field checked by `check_of(field)`."""
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in classes:
        raise SaveError(f"{where}: not {noun}: {S.shown(data)}")
    cls = classes[kind]
    names = {f.name for f in dataclasses.fields(cls)}
    extra = next((key for key in data if key != "type" and key not in names), None)
    if extra is not None:
        raise SaveError(f"{where}.{extra}: {kind} has no such field (edited by hand?)")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is dataclasses.MISSING:
                raise SaveError(f"{where}: {kind} is missing '{f.name}'")
            continue
        value = data[f.name]
        wrong = check_of(f)(value)
        if wrong:
            raise SaveError(f"{where}.{f.name}: {wrong}")
        kwargs[f.name] = tuple(value) if isinstance(value, list) else value
    return cls(**kwargs)


def action_from_data(data: object, where: str):
    return _record_from(data, where, ACTIONS, "an action", lambda f: FIELD_CHECKS[str(f.type)])


@dataclasses.dataclass
class GameRecord:
    """Everything needed to rebuild a game: what it started from and what the player did."""
    scenario: str
    seed: int
    team: tuple[str, ...]
    actions: list = dataclasses.field(default_factory=list)
    director: str = "standard"        # the Director AI's level the game is played against
    agendas: bool = False             # each survivor is dealt a Secret Agenda card (dealt again from the seed)
    side: str = "survivors"           # the side the person plays: "survivors", or "director" against the AI
    survivor_level: str = "veteran"   # the survivor AI's level when the person plays the Director
    purchases: list = dataclasses.field(default_factory=list)   # a human Director's purchases, in order
    # Hot-seat: the people at the screen, who plays each survivor (a name, or "AI"), and who, if anyone, the Director.
    players: tuple[str, ...] = ()
    owners: tuple[str, ...] = ()
    director_player: str = ""

    @property
    def human_director(self) -> bool:
        return self.side == "director" or bool(self.director_player)

    def start(self, content: Content, policy=None) -> Session:
        return Session(content, self.scenario, seed=self.seed, team=self.team, policy=policy, agendas=self.agendas,
                       owners=self.owners)

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


# --- a human Director's purchases, as a save writes them -----------------------------------------------------------
PURCHASES = {"lunge": Lunge, "spawn": Spawn, "reanimate": Reanimate, "event": BuyEvent}
PURCHASE_NAME = {cls: name for name, cls in PURCHASES.items()}
PURCHASE_FIELDS = {"zombie": _WHOLE, "point": _WHOLE, "kind": S.text(40), "event": S.text(40)}


def purchase_to_data(purchase) -> dict:
    return {"type": PURCHASE_NAME[type(purchase)], **dataclasses.asdict(purchase)}


def purchase_from_data(data: object, where: str, content: Content):
    purchase = _record_from(data, where, PURCHASES, f"a Director purchase (one of {', '.join(PURCHASES)})",
                            lambda f: PURCHASE_FIELDS[f.name])
    if isinstance(purchase, Spawn) and purchase.kind not in content.zombies:
        raise SaveError(f"{where}.kind: unknown zombie {S.shown(purchase.kind)}")
    if isinstance(purchase, BuyEvent) and purchase.event not in content.events:
        raise SaveError(f"{where}.event: unknown event {S.shown(purchase.event)}")
    return purchase


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
MAX_ACTIONS = 100_000          # a long game is a few thousand
_RNG_WORDS = S.list_of(S.whole(0, 2**32 - 1), 625, 625)
_RNG_INDEX = 624       # the last of the 625 words is the generator's place in the other 624: 0 to 624


def _rng_state(value: object) -> str | None:
    """random.Random.getstate() as _rng_to_json writes it: [3, 624 words and an index, None or a float]."""
    if not (isinstance(value, list) and len(value) == 3 and S.exactly(random.Random.VERSION)(value[0]) is None
            and _RNG_WORDS(value[1]) is None and (value[2] is None or isinstance(value[2], float))):
        return "expected the dice generator's state as the game writes it"
    if value[1][_RNG_INDEX] > _RNG_INDEX:
        return f"[1][{_RNG_INDEX}]: the dice generator's index must be 0 to {_RNG_INDEX}, got {value[1][_RNG_INDEX]}"
    return None


_SPOT = S.list_of(S.whole(0, 10_000), 2, 2)


def _board_view(value: object) -> str | None:
    """Where the models stood when the game was saved (for the Load screen's preview; the replay decides the rest):
    {"survivors": [[x, y], ...], "downed": [[x, y], ...], "zombies": [[x, y], ...]}."""
    if not isinstance(value, dict):
        return f"expected where the models stood, as the game writes it, got {S.shown(value)}"
    extra = next((key for key in value if key not in ("survivors", "downed", "zombies")), None)
    if extra is not None:
        return f"{S.shown(extra)}: not a kind of model the game writes"
    for key in ("survivors", "downed", "zombies"):
        spots = value.get(key, [])
        if not isinstance(spots, list) or len(spots) > 5_000:
            return f"{key}: expected a list of places, got {S.shown(spots)}"
        for i, spot in enumerate(spots):
            if _SPOT(spot):
                return f"{key}[{i}]: expected a place as [x, y] in whole numbers, got {S.shown(spot)}"
    return None


def board_view(session: Session) -> dict:
    """The positions a save keeps for its preview."""
    standing, downed = [], []
    for sv in session.survivors():
        (downed if session.comp(sv, Status).downed else standing).append(list(session.xy(sv)))
    return {"survivors": standing, "downed": downed, "zombies": [list(session.xy(z)) for z in session.zombies()]}


# the fields of a save file, in the order they are checked (format first: another version's save says so)
SAVE_FIELDS = {
    "format": (S.exactly(FORMAT), True),
    "scenario": (S.text(80), True),
    "seed": (S.whole(-(2**63), 2**63 - 1), True),
    "team": (S.list_of(S.text(80), 1, 8), True),
    "director": (S.text(40), False),
    "agendas": (S.boolean, False),
    "side": (S.one_of(("survivors", "director")), False),
    "survivor_level": (S.text(40), False),
    "purchases": (S.list_of(S.mapping, 0, MAX_ACTIONS), False),
    "players": (S.list_of(S.text(24), 0, 8), False),
    "owners": (S.list_of(S.text(24), 0, 8), False),
    "director_player": (S.text(24), False),
    "actions": (S.list_of(S.mapping, 0, MAX_ACTIONS), True),
    "rng_state": (_rng_state, True),
    "saved_at": (S.text(40), False),
    "label": (S.text(200), False),
    "round": (S.whole(0, 1_000_000), False),
    "doom": (S.whole(0, 1_000_000), False),
    "board": (_board_view, False),
}


def save_dir() -> Path:
    """Where saves live: $BT_HOME/saves, else ~/.borrowed_time/saves."""
    return home_dir() / "saves"


def write_save(path: Path, record: GameRecord, session: Session, label: str = "") -> None:
    atomic_write(path, json.dumps(save_data(record, session, label)).encode("utf-8"))
    remove_stale_temps(path.parent)


def save_data(record: GameRecord, session: Session, label: str = "") -> dict:
    """The fields of a save file (SAVE_FIELDS) of this game as it stands."""
    return {
        "format": FORMAT,
        "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "label": label,
        "scenario": record.scenario,
        "seed": record.seed,
        "team": list(record.team),
        "director": record.director,
        "agendas": record.agendas,
        "side": record.side,
        "survivor_level": record.survivor_level,
        "purchases": [purchase_to_data(p) for p in record.purchases],
        "players": list(record.players),
        "owners": list(record.owners),
        "director_player": record.director_player,
        "round": session.round,
        "doom": session.doom,
        "board": board_view(session),
        "actions": [action_to_data(a) for a in record.actions],
        "rng_state": _rng_to_json(session.rng.getstate()),
    }


def read_object(path: Path, what: str) -> dict:
    """A JSON object read through the guarded reader, or SaveError: '<path>: not <what>: <field>: <problem>'."""
    data, problems = read_json(path)
    if problems:
        where = "" if problems[0].where == "file" else f"{problems[0].where}: "
        raise SaveError(f"{path}: not {what}: {where}{problems[0].message}")
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not {what}: expected a JSON object, got {S.shown(data)}")
    return data


def read_header(path: Path) -> dict:
    """A save file read and checked against SAVE_FIELDS (nothing replayed): its data, or SaveError naming the file
    and the field."""
    data = read_object(path, "a save file")
    if type(data.get("format")) is int and data["format"] == 1:
        raise SaveError(f"{path}: format: saved under the rules before the 2026-12 rules audit (engagement, the Horde "
                        f"tray, barricades, the Director's spending changed): it cannot be replayed; start a new game")
    wrong = S.problems(data, SAVE_FIELDS)
    if wrong:
        raise SaveError(f"{path}: {S.say(*wrong[0])}")
    return data


def record_from(path: Path, data: dict, content: Content) -> GameRecord:
    """The GameRecord of a checked save (read_header), its ids checked against the content."""
    scenario = content.scenarios.get(data["scenario"])
    if scenario is None:
        raise SaveError(f"{path}: scenario: unknown scenario {S.shown(data['scenario'])}")
    team = data["team"]
    for i, aid in enumerate(team):
        if aid not in content.archetypes:
            raise SaveError(f"{path}: team[{i}]: unknown archetype {S.shown(aid)}")
        if aid in team[:i]:
            raise SaveError(f"{path}: team[{i}]: {content.archetypes[aid].name} is in the team twice (one of each)")
    if not scenario.team_min <= len(team) <= scenario.team_max:
        raise SaveError(f"{path}: team: {scenario.name} takes {scenario.team_min} to {scenario.team_max} "
                        f"survivors, the save has {len(team)}")
    director = data.get("director", "standard")
    levels = content.extra.get("director", {})
    if director not in levels:
        raise SaveError(f"{path}: director: unknown Director level {S.shown(director)} "
                        f"(one of {', '.join(levels)})")
    actions = [action_from_data(a, f"{path}: actions[{i}]") for i, a in enumerate(data["actions"])]
    level = data.get("survivor_level", "veteran")
    survivor_levels = content.extra.get("survivor_ai", {})
    if level not in survivor_levels:
        raise SaveError(f"{path}: survivor_level: unknown survivor AI level {S.shown(level)} "
                        f"(one of {', '.join(survivor_levels)})")
    purchases = [purchase_from_data(p, f"{path}: purchases[{i}]", content)
                 for i, p in enumerate(data.get("purchases", []))]
    players, owners = tuple(data.get("players", [])), tuple(data.get("owners", []))
    director_player = data.get("director_player", "")
    side = data.get("side", "survivors")
    if purchases and side != "director" and not director_player:
        raise SaveError(f"{path}: purchases: the Director AI played this game, yet the save lists a person's "
                        f"purchases (edited by hand?)")
    problem = seating_problem(players, owners, director_player, len(team))
    if problem:
        raise SaveError(f"{path}: {problem}")
    return GameRecord(data["scenario"], data["seed"], tuple(team), actions, director, data.get("agendas", False),
                      side, level, purchases, players, owners, director_player)


def seats_for(team: int, players: tuple[str, ...], director_player: str = "", agendas: bool = False
              ) -> tuple[str, ...]:
    """Who plays each survivor, dealt round the table among the players who are not the Director. One person alone
    with Secret Agendas plays one survivor and the survivor AI the rest, each holding a card of its own."""
    hands = [p for p in players if p != director_player]
    if not hands:
        return ()
    if len(hands) == 1 and agendas:
        return (hands[0],) + (AI_OWNER,) * (team - 1)
    return tuple(hands[i % len(hands)] for i in range(team))


def seating_problem(players: tuple[str, ...], owners: tuple[str, ...], director_player: str, team: int) -> str:
    """Why these hot-seat seats cannot be (the field first), or "" when they can."""
    if len(set(players)) != len(players) or any(not p.strip() or p == AI_OWNER for p in players):
        return f"players: names must be different, not empty and not {AI_OWNER!r}: {list(players)}"
    if owners and len(owners) != team:
        return f"owners: one per survivor ({team}), got {len(owners)}"
    for i, owner in enumerate(owners):
        if owner != AI_OWNER and owner not in players:
            return f"owners[{i}]: {owner!r} is not one of the players {list(players)} (nor {AI_OWNER!r})"
    if director_player and director_player not in players:
        return f"director_player: {director_player!r} is not one of the players {list(players)}"
    if director_player and director_player in owners:
        return f"director_player: {director_player!r} plays the Director and cannot also own a survivor"
    return ""


def read_save(path: Path, content: Content) -> tuple[GameRecord, dict]:
    """The record in a save file and its data; SaveError naming the file and field if anything is wrong."""
    data = read_header(path)
    return record_from(path, data, content), data


def load_game(path: Path, content: Content, policy=None, policy_for=None) -> RecordingSession:
    """Rebuild a saved game, checking it replays to exactly the saved state. `policy_for(record)` builds the
    Director's policy the game was saved with (game.ai.director_policy.policy_for; else `policy` is used as it is,
    and a game the person played as the Director replays its purchases through a DirectorSeat)."""
    record, data = read_save(path, content)
    if policy_for is not None:
        policy = policy_for(record)
    elif record.human_director:
        policy = DirectorSeat(record.purchases)
    try:
        game = RecordingSession(content, record, policy)
    except Exception as exc:   # an action the rules refuse: the file was edited or damaged
        raise SaveError(f"{path}: actions: the game does not replay ({type(exc).__name__}: {exc})") from None
    if _rng_to_json(game.session.rng.getstate()) != data["rng_state"]:
        game.session.close()
        raise SaveError(f"{path}: rng_state: the replay does not reach the saved state (damaged save?)")
    wrong = _preview_problem(data, game.session)
    if wrong:
        game.session.close()
        raise SaveError(f"{path}: {wrong}")
    return game


def _preview_problem(data: dict, session: Session) -> str:
    """The first of the Load screen's preview fields (round, Doom, where the models stood) that the replay
    contradicts, as 'field: why', or "": a save whose preview lies was edited."""
    replayed = {"round": session.round, "doom": session.doom, "board": board_view(session)}
    for key, value in replayed.items():
        if key in data and data[key] != value:
            shown = "the models' places" if key == "board" else S.shown(value)
            return f"{key}: the replay gives {shown}, not what the save says (edited by hand?)"
    return ""


@dataclasses.dataclass(frozen=True)
class SaveFile:
    """One *.json file of the save folder: its checked data, or why it is not a save."""
    path: Path
    data: dict | None
    problem: str = ""


def list_saves(directory: Path | None = None) -> list[SaveFile]:
    """Every *.json file of the save folder: the readable saves newest first, then the damaged ones."""
    return list_files(directory or save_dir(), read_header)


def list_files(folder: Path, read: Callable[[Path], dict]) -> list[SaveFile]:
    """Every *.json file of `folder` as `read` (SaveError when damaged) finds it: the readable ones newest first
    (by their saved_at, then by when the file was written), then the damaged ones, newest file first. Temporary
    files left by a writer that died are cleared on the way."""
    if not folder.is_dir():
        return []
    remove_stale_temps(folder)
    good, bad = [], []
    for path in folder.glob("*.json"):
        try:
            good.append(SaveFile(path, read(path)))
        except SaveError as exc:
            bad.append(SaveFile(path, None, str(exc)))
    good.sort(key=lambda f: (str(f.data.get("saved_at", "")), _written(f.path), f.path.name), reverse=True)
    bad.sort(key=lambda f: (_written(f.path), f.path.name), reverse=True)
    return good + bad


def delete_save(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(f"{path}: cannot delete it ({exc.strerror or exc})") from None


def _written(path: Path) -> int:
    """When the file was written (ns): orders two files kept within the same second."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _rng_to_json(state) -> list:
    version, internal, gauss = state
    return [version, list(internal), gauss]
