"""Campaign saves: the whole campaign as JSON, written atomically (files.atomic_write) and read back through the
guarded JSON reader, every field checked (no field the game does not write, every id known to the content) before
anything is built; a damaged save is named by file and field, never a traceback.

Nothing is lost: each write first keeps the file it replaces, if that one reads as a campaign, as `<name>.json.bak`
beside it (the last good state before this one), and a file that does not read as a campaign is never written over:
`list_campaigns` lists it as damaged with why (and its backup, if one reads), and `fresh_name` gives a new band a name
whose file and backup are both free.

A mission under way is saved as its record (scenario, seed, team) and the actions played so far, like a game save
(game.world.saves): loading replays them on a fresh Session and checks the dice generator reaches the saved state.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from game.ai.director_policy import DirectorAI
from game.campaign.mission import open_mission
from game.campaign.state import Campaign, Carried, Member, MissionRecord, Scar
from game.campaign.tables import CONDITIONS, campaign_rules
from game.content import schema as S
from game.content.defs import Content
from game.content.files import atomic_write, read_text, remove_stale_temps
from game.content.jsonio import parse_json
from game.world.saves import (
    MAX_ACTIONS,
    SaveError,
    _rng_state,
    _rng_to_json,
    action_from_data,
    action_to_data,
    read_object,
    save_dir,
)

FORMAT = 1
BACKUP_SUFFIX = ".bak"
_WHOLE = S.whole(0, 10**9)
_SEED = S.whole(-(2**63), 2**63 - 1)
_SMALL = S.whole(-99, 99)


def _stat_map(value: object) -> str | None:
    if not isinstance(value, dict):
        return f"expected a mapping of stat to number, got {S.shown(value)}"
    for k, v in value.items():
        wrong = S.one_of(("move", "fight", "shoot", "wits", "guts", "wounds"))(k) or _SMALL(v)
        if wrong:
            return f".{k}: {wrong}"
    return None


def _conditions(value: object) -> str | None:
    if not isinstance(value, dict):
        return f"expected a mapping of condition to number, got {S.shown(value)}"
    for k, v in value.items():
        wrong = S.one_of(CONDITIONS)(k) or _WHOLE(v)
        if wrong:
            return f".{k}: {wrong}"
    return None


def _record(fields: dict):
    """A mapping with exactly these fields (none other); a problem reads as .field: what is wrong."""
    def check(value: object) -> str | None:
        if not isinstance(value, dict):
            return f"expected a mapping, got {S.shown(value)}"
        wrong = S.problems(value, fields)
        if not wrong:
            return None
        name, what = wrong[0]
        return f".{name}{what}" if what.startswith((".", "[")) else f".{name}: {what}"
    return check


def _records(fields: dict, longest: int):
    """A list of records; a problem reads as [i].field: what is wrong."""
    one = _record(fields)

    def check(value: object) -> str | None:
        if not isinstance(value, list) or len(value) > longest:
            return f"expected a list of at most {longest} entries, got {S.shown(value)}"
        for i, entry in enumerate(value):
            wrong = one(entry)
            if wrong:
                return f"[{i}]{wrong}" if wrong.startswith(".") else f"[{i}]: {wrong}"
        return None
    return check


CARRIED = {"gear_id": (S.text(40), True), "ammo": (S.whole(0, 99), True), "own": (S.boolean, True)}
SCAR = {"id": (S.text(40), True), "open": (S.boolean, True)}
MEMBER = {
    "id": (_WHOLE, True), "name": (S.text(40), True), "archetype": (S.text(40), True), "wounds": (S.whole(0, 20), True),
    "personal": (S.text(80), True), "gear": (_records(CARRIED, 20), True),
    "reloads": (S.whole(0, 99), True), "gains": (_stat_map, True), "scars": (_records(SCAR, 99), True),
    "stress": (S.whole(0, 99), True), "conditions": (_conditions, True), "infection_passes": (S.whole(0, 99), True),
    "pending": (S.list_of(S.text(40), 0, 20), True), "phobia": (S.text(40), True),
    "personal_days": (_WHOLE, True), "alive": (S.boolean, True), "fate": (S.text(120), True),
    "missions": (_WHOLE, True),
}
MISSION = {"scenario": (S.text(80), True), "seed": (_SEED, True), "team": (S.list_of(_WHOLE, 1, 8), True),
           "actions": (S.list_of(S.mapping, 0, MAX_ACTIONS), True), "rng_state": (_rng_state, True)}
FIELDS = {
    "format": (S.exactly(FORMAT), True), "name": (S.text(40), True), "seed": (_SEED, True),
    "rng_state": (_rng_state, True), "members": (_records(MEMBER, 200), True),
    "day": (S.whole(1, 10**6), True), "watch": (S.whole(0, 11), True), "supplies": (_WHOLE, True),
    "city_doom": (S.whole(0, 99), True), "missions_won": (_WHOLE, True), "missions_played": (_WHOLE, True),
    "since_long_rest": (_WHOLE, True), "next_id": (_WHOLE, True),
    "turned": (S.list_of(S.list_of(S.text(40), 2, 2), 0, 200), True), "won": (S.list_of(S.text(80), 0, 999), True),
    "log": (S.list_of(S.text(300), 0, 100_000), True), "over": (S.one_of(("", "evacuated", "wiped out")), True),
    "mission": (lambda v: None if v is None else _record(MISSION)(v), False),
}


def campaign_dir() -> Path:
    """Where campaign saves live, beside the game saves: $BT_HOME/campaigns (else ~/.borrowed_time/campaigns)."""
    return save_dir().parent / "campaigns"


def campaign_path(name: str, folder: Path | None = None) -> Path:
    """The save file of the campaign called `name` (its name in lower case, runs of other characters as _)."""
    return (folder or campaign_dir()) / f"{re.sub(r'[^a-z0-9]+', '_', name.lower()).strip('_')}.json"


def backup_path(path: Path) -> Path:
    """Where the last good state before the current one is kept: `<name>.json.bak` beside it."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def fresh_name(wanted: str, folder: Path | None = None) -> str:
    """`wanted`, else `wanted 2`, `wanted 3`...: the first name whose save file and backup are both free (a damaged
    file keeps its name: a new band never writes over it)."""
    for n in range(1, 10_000):
        suffix = "" if n == 1 else f" {n}"
        candidate = wanted[:40 - len(suffix)].rstrip() + suffix
        if not name_taken(candidate, folder):
            return candidate
    raise SaveError(f"{folder or campaign_dir()}: no free name for a new campaign called {wanted!r}")


def _taken(path: Path) -> bool:
    """Anything at all is there: a file, a folder, a FIFO, a broken or looping symlink."""
    try:
        path.lstat()
    except FileNotFoundError:
        return False
    except OSError:
        return True
    return True


def to_data(camp: Campaign, mission_rng: random.Random | None = None) -> dict:
    data = {k: v for k, v in asdict(camp).items() if k not in ("rng", "mission")}
    data["format"] = FORMAT
    data["rng_state"] = _rng_to_json(camp.rng.getstate())
    data["mission"] = None
    if camp.mission is not None:
        m = camp.mission
        if mission_rng is None:
            raise ValueError("a mission under way is saved with its game's dice generator")
        data["mission"] = {"scenario": m.scenario, "seed": m.seed, "team": list(m.team),
                           "actions": [action_to_data(a) for a in m.actions],
                           "rng_state": _rng_to_json(mission_rng.getstate())}
    return data


def write_campaign(path: Path, camp: Campaign, mission_rng: random.Random | None = None) -> None:
    """Write atomically, keeping the state it replaces as the backup; `mission_rng` is the mission's Session.rng when
    a mission is under way. OSError when the disk refuses (a full disk...), SaveError when the file there is not a
    campaign this game can read (it is never written over)."""
    data = json.dumps(to_data(camp, mission_rng)).encode("utf-8")
    previous = _previous_state(path)
    if previous is not None:
        atomic_write(backup_path(path), previous)
    atomic_write(path, data)
    remove_stale_temps(path.parent)


def _previous_state(path: Path) -> bytes | None:
    """The bytes of the campaign at `path`, to keep as the backup: None when there is none yet; SaveError when
    something else is there."""
    if not _taken(path):
        return None
    text, problems = read_text(path)
    if text is not None:
        data, problems = parse_json(text, str(path))
        if not problems:
            wrong = _shape_problem(data)
            if not wrong:
                return text.encode("utf-8")
            problems = [wrong]
    raise SaveError(f"{path}: not written over, it is not a campaign this game can read "
                    f"({problems[0] if isinstance(problems[0], str) else problems[0].message})")


def _shape_problem(data: object) -> str:
    """Why `data` is not a campaign as the game writes it (field: what is wrong), or "" when it is one."""
    if not isinstance(data, dict):
        return f"expected a JSON object, got {S.shown(data)}"
    wrong = S.problems(data, FIELDS)
    return S.say(*wrong[0]) if wrong else ""


def read_campaign(path: Path, content: Content) -> tuple[Campaign, list | None]:
    """(campaign, the mission's saved dice state or None); SaveError naming the file and the field."""
    return campaign_from(path, read_object(path, "a campaign save"), content)


def campaign_from(path: Path, data: dict, content: Content) -> tuple[Campaign, list | None]:
    """The campaign in the data of a campaign save (kept in `path`: a save, or a replay of one of its missions)."""
    wrong = _shape_problem(data)
    if wrong:
        raise SaveError(f"{path}: {wrong}")
    cr = campaign_rules(content)
    if data["watch"] >= cr.time["watches_per_day"]:
        raise SaveError(f"{path}: watch: a day has {cr.time['watches_per_day']} watches (0 to "
                        f"{cr.time['watches_per_day'] - 1}), got {data['watch']}")
    for i, (_, kind) in enumerate(data["turned"]):
        if kind not in content.zombies:
            raise SaveError(f"{path}: turned[{i}][1]: unknown zombie {S.shown(kind)}")
    members = []
    for i, raw in enumerate(data["members"]):
        at = f"{path}: members[{i}]"
        if raw["archetype"] not in content.archetypes:
            raise SaveError(f"{at}.archetype: unknown archetype {S.shown(raw['archetype'])}")
        for j, g in enumerate(raw["gear"]):
            if g["gear_id"] not in content.weapons and g["gear_id"] not in content.items:
                raise SaveError(f"{at}.gear[{j}].gear_id: unknown card {S.shown(g['gear_id'])}")
        for j, sc in enumerate(raw["scars"]):
            if sc["id"] not in {s.id for s in cr.scars}:
                raise SaveError(f"{at}.scars[{j}].id: unknown scar {S.shown(sc['id'])}")
        for j, e in enumerate(raw["pending"]):
            if e not in {ev.id for ev in cr.events}:
                raise SaveError(f"{at}.pending[{j}]: unknown Stressful Event {S.shown(e)}")
        if raw["phobia"] and raw["phobia"] not in content.zombies:
            raise SaveError(f"{at}.phobia: unknown zombie {S.shown(raw['phobia'])}")
        members.append(Member(**{**raw, "gear": [Carried(**g) for g in raw["gear"]],
                                 "scars": [Scar(**s) for s in raw["scars"]]}))
    ids = [m.id for m in members]
    if len(set(ids)) != len(ids):
        raise SaveError(f"{path}: members: two survivors share an id")
    if ids and data["next_id"] <= max(ids):
        raise SaveError(f"{path}: next_id: must be more than every survivor's id ({max(ids)}), got {data['next_id']}")
    rng = random.Random()
    version, internal, gauss = data["rng_state"]
    rng.setstate((version, tuple(internal), gauss))
    fields = {k: data[k] for k in FIELDS if k not in ("format", "rng_state", "members", "mission")}
    camp = Campaign(rng=rng, members=members, **fields)
    saved_rng = None
    raw = data.get("mission")
    if raw is not None:
        if not _known_scenario(raw["scenario"], content):
            raise SaveError(f"{path}: mission.scenario: unknown scenario {S.shown(raw['scenario'])}")
        for i, mid in enumerate(raw["team"]):
            if mid not in ids or not camp.member(mid).alive:
                raise SaveError(f"{path}: mission.team[{i}]: no living survivor {mid}")
            if mid in raw["team"][:i]:
                raise SaveError(f"{path}: mission.team[{i}]: survivor {mid} is in the team twice")
        actions = [action_from_data(a, f"{path}: mission.actions[{i}]") for i, a in enumerate(raw["actions"])]
        camp.mission = MissionRecord(raw["scenario"], raw["seed"], list(raw["team"]), actions)
        saved_rng = raw["rng_state"]
    return camp, saved_rng


def _known_scenario(scenario_id: str, content: Content) -> bool:
    """A scenario of the content, or a quick-play one rolled from its seed (quickplay_<up to 12 digits>)."""
    digits = scenario_id.removeprefix("quickplay_")
    return scenario_id in content.scenarios or (digits != scenario_id and digits.isascii() and digits.isdigit()
                                                and len(digits) <= 12)


def load_campaign(path: Path, content: Content, policy=None):
    """(campaign, the mission's Session or None): a mission under way is replayed and checked against its saved dice
    state, against `policy` (by default the Director AI the camp's board plays it with)."""
    camp, saved_rng = read_campaign(path, content)
    if camp.mission is None:
        return camp, None
    try:
        s = open_mission(camp, content, policy if policy is not None else DirectorAI())
    except Exception as exc:      # an action the rules refuse, an unknown scenario: a damaged or edited file
        raise SaveError(f"{path}: mission: the game does not replay ({type(exc).__name__}: {exc})") from None
    if _rng_to_json(s.rng.getstate()) != saved_rng:
        s.close()
        raise SaveError(f"{path}: mission.rng_state: the replay does not reach the saved state (damaged save?)")
    return camp, s


@dataclass(frozen=True)
class CampaignFile:
    """One *.json file of the campaign folder: the campaign it holds, or why it is damaged and, when its backup
    reads, the campaign the backup holds."""
    path: Path
    camp: Campaign | None
    problem: str = ""
    backup: Campaign | None = None

    @property
    def ok(self) -> bool:
        return self.camp is not None


def list_campaigns(content: Content, folder: Path | None = None) -> list[CampaignFile]:
    """Every *.json entry of the campaign folder, newest first, each read and checked (a mission under way is not
    replayed here: load_campaign does that when it is opened). One bad file never hides the others. Temporary files
    left by a writer that died are cleared on the way."""
    folder = folder or campaign_dir()
    if not folder.is_dir():
        return []
    remove_stale_temps(folder)
    found = []
    for path in sorted(folder.glob("*.json"), key=lambda p: (_mtime(p), p.name), reverse=True):
        try:
            found.append(CampaignFile(path, read_campaign(path, content)[0]))
        except SaveError as exc:
            found.append(CampaignFile(path, None, reason(exc, path), _backup_of(path, content)))
    return found


def _backup_of(path: Path, content: Content) -> Campaign | None:
    if not _taken(backup_path(path)):
        return None
    try:
        return read_campaign(backup_path(path), content)[0]
    except SaveError:
        return None


def restore_backup(path: Path, content: Content) -> Path:
    """Start again from the backup of the damaged campaign at `path`, as a campaign of its own called
    '<name> restored' (the damaged file stays as it is); the new file's path. SaveError if the backup does not
    read."""
    bak = backup_path(path)
    camp, _ = read_campaign(bak, content)
    data = read_object(bak, "a campaign save")
    data["name"] = fresh_name(f"{camp.name} restored", path.parent)
    target = campaign_path(data["name"], path.parent)
    atomic_write(target, json.dumps(data).encode("utf-8"))
    return target


def name_taken(name: str, folder: Path | None = None) -> bool:
    """Whether a campaign called `name` has a file or a backup already (damaged or not)."""
    path = campaign_path(name, folder)
    return _taken(path) or _taken(backup_path(path))


def reason(exc: SaveError, path: Path) -> str:
    """A SaveError's message without the file it names (for a screen that shows the file already)."""
    text, prefix = str(exc), f"{path}: "
    return text[len(prefix):] if text.startswith(prefix) else text


def _mtime(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0
