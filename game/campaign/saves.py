"""Campaign saves: the whole campaign as JSON, written atomically (files.atomic_write) and read back through the
guarded JSON reader, every field checked before anything is built; a damaged save is named by file and field.

A mission under way is saved as its record (scenario, seed, team) and the actions played so far, like a game save
(game.world.saves): loading replays them on a fresh Session and checks the dice generator reaches the saved state.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import asdict
from pathlib import Path

from game.campaign.mission import open_mission
from game.campaign.state import Campaign, Carried, Member, MissionRecord, Scar
from game.campaign.tables import CONDITIONS, campaign_rules
from game.content import schema as S
from game.content.defs import Content
from game.content.files import atomic_write, remove_stale_temps
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


def campaign_path(name: str) -> Path:
    """The save file of the campaign called `name` (its name in lower case, runs of other characters as _)."""
    return campaign_dir() / f"{re.sub(r'[^a-z0-9]+', '_', name.lower()).strip('_')}.json"


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
    """Write atomically; `mission_rng` is the mission's Session.rng when a mission is under way."""
    atomic_write(path, json.dumps(to_data(camp, mission_rng)).encode("utf-8"))
    remove_stale_temps(path.parent)


def read_campaign(path: Path, content: Content) -> tuple[Campaign, list | None]:
    """(campaign, the mission's saved dice state or None); SaveError naming the file and the field."""
    return campaign_from(path, read_object(path, "a campaign save"), content)


def campaign_from(path: Path, data: dict, content: Content) -> tuple[Campaign, list | None]:
    """The campaign in the data of a campaign save (kept in `path`: a save, or a replay of one of its missions)."""
    wrong = S.problems(data, FIELDS)
    if wrong:
        raise SaveError(f"{path}: {S.say(*wrong[0])}")
    cr = campaign_rules(content)
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
    rng = random.Random()
    version, internal, gauss = data["rng_state"]
    rng.setstate((version, tuple(internal), gauss))
    fields = {k: data[k] for k in FIELDS if k not in ("format", "rng_state", "members", "mission")}
    camp = Campaign(rng=rng, members=members, **fields)
    saved_rng = None
    raw = data.get("mission")
    if raw is not None:
        for i, mid in enumerate(raw["team"]):
            if mid not in ids or not camp.member(mid).alive:
                raise SaveError(f"{path}: mission.team[{i}]: no living survivor {mid}")
        actions = [action_from_data(a, f"{path}: mission.actions[{i}]") for i, a in enumerate(raw["actions"])]
        camp.mission = MissionRecord(raw["scenario"], raw["seed"], list(raw["team"]), actions)
        saved_rng = raw["rng_state"]
    return camp, saved_rng


def load_campaign(path: Path, content: Content, policy=None):
    """(campaign, the mission's Session or None): a mission under way is replayed and checked against its saved dice
    state."""
    camp, saved_rng = read_campaign(path, content)
    if camp.mission is None:
        return camp, None
    try:
        s = open_mission(camp, content, policy)
    except Exception as exc:      # an action the rules refuse, an unknown scenario: a damaged or edited file
        raise SaveError(f"{path}: mission: the game does not replay ({type(exc).__name__}: {exc})") from None
    if _rng_to_json(s.rng.getstate()) != saved_rng:
        s.close()
        raise SaveError(f"{path}: mission.rng_state: the replay does not reach the saved state (damaged save?)")
    return camp, s
