"""What a survivor may do now, and why not: the one query the screen, the survivor AI, the tutorial, the random
baseline and the tests ask.

Legality is always the action's own check(): this module only proposes candidates (in one fixed order) and
collects the verdicts. `options(s, who)` answers for every kind of the registry (game.world.action_registry): the
legal actions with the cells they aim at, or the reason there is none. For a survivor who has not started their
turn it answers as if they started it now. `legal_actions(s)` is the same enumeration, flattened, for the side to
act.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.world import actions as A
from game.world.action_registry import BY_ID
from game.world.components import Inventory, Status, Turn
from game.world.session import Impossible, Session

# What the random baseline draws from: not drops and full exchanges (free or fiddly, they would only stall it).
SAMPLED = tuple(k for k in BY_ID if k not in ("activate", "end_turn", "drop", "exchange"))
_TURN_KINDS = ("activate", "end_activation", "end_turn")     # answered outside any activation preview


@dataclass(frozen=True)
class Option:
    """One kind of action for one survivor: the legal actions, or the reason there is none."""
    actions: tuple = ()
    reason: str | None = None
    cells: Mapping[int, tuple] = field(default_factory=dict)    # target cell -> the legal actions aimed there

    @property
    def ok(self) -> bool:
        return bool(self.actions)


def refusal(s: Session, action) -> str | None:
    """The reason the rules refuse this action now, or None if they allow it."""
    try:
        action.check(s)
    except Impossible as exc:
        return str(exc)
    return None


def is_legal(s: Session, action) -> bool:
    return refusal(s, action) is None


def options(s: Session, who: int, kinds: Collection[str] | None = None) -> dict[str, Option]:
    """For each kind (all of the registry by default): what `who` may do now, or why not."""
    want = tuple(kinds) if kinds is not None else tuple(BY_ID)
    if s.result:
        return {k: Option(reason="the game is over") for k in want}
    out = {k: _verdict(s, [(None, a)]) for k, a in (("activate", A.Activate(who)), ("end_activation",
           A.EndActivation(who)), ("end_turn", A.EndSurvivorPhase())) if k in want}
    rest = [k for k in want if k not in _TURN_KINDS]
    if not rest:
        return out
    barred = refusal(s, A.Activate(who)) if s.active != who else None
    if barred is not None:
        return out | {k: Option(reason=barred) for k in rest}
    if s.active == who:
        return out | _activation(s, who, rest)
    with A.activation_preview(s, who):
        return out | _activation(s, who, rest)


def option(s: Session, who: int, kind: str) -> Option:
    return options(s, who, (kind,))[kind]


def legal_actions(s: Session) -> list:
    """Every legal action for the side to act (for the random baseline and the property tests)."""
    if s.phase != "survivor" or s.result:
        return []
    who = s.active
    if who is None or s.comp(who, Turn).ap <= 0 and not s.may_withdraw(who):
        choices = [A.Activate(sv) for sv in s.survivors() if not s.comp(sv, Turn).activated]
        return choices + [A.EndSurvivorPhase()]
    # Out of AP the baseline only steps back or ends: it never spends a free action after its last point.
    want = SAMPLED if s.comp(who, Turn).ap > 0 else ("end_activation", "withdraw")
    # Move candidates come from Move.destinations, the cells Move.check allows: no need to ask again.
    return [a for kind, _, a in _candidates(s, who, want, sample=True) if kind == "move" or is_legal(s, a)]


# --- inside the query ----------------------------------------------------------------------------------------------
def _activation(s: Session, who: int, want: list[str]) -> dict[str, Option]:
    """The answer for the active survivor (or the previewed one)."""
    try:
        A.ready(s, who, 0)
    except Impossible as exc:
        return {k: Option(reason=str(exc)) for k in want}
    found: dict[str, list] = {k: [] for k in want}
    for kind, cell, action in _candidates(s, who, want, sample=False):
        found[kind].append((cell, action))
    out = {k: _verdict(s, found[k]) for k in want}
    return {k: o if o.ok or o.reason else Option(reason=_nothing(s, who, k)) for k, o in out.items()}


def _verdict(s: Session, candidates: list[tuple[int | None, object]]) -> Option:
    """The legal ones among the candidates with the cells they aim at; else the first refusal (None: no candidate)."""
    legal: list = []
    cells: dict[int, list] = {}
    first = None
    for cell, action in candidates:
        why = refusal(s, action)
        if why is None:
            legal.append(action)
            if cell is not None:
                cells.setdefault(cell, []).append(action)
        elif first is None:
            first = why
    if legal:
        return Option(tuple(legal), None, MappingProxyType({c: tuple(v) for c, v in cells.items()}))
    return Option(reason=first)


def _candidates(s: Session, who: int, want: Collection[str], sample: bool) -> Iterator[tuple[str, int | None, object]]:
    """(kind, target cell or None, action) for every action worth checking, in one fixed order: the random baseline
    draws from this list, so the order is part of a seeded game. `sample` (the baseline) leaves out throws at empty
    ground, and what the actions' own tests already rule out: Disengage when not engaged, search tokens out of reach."""
    board = s.board
    here = s.cell(who)
    if "end_activation" in want:
        yield "end_activation", None, A.EndActivation(who)
    if "withdraw" in want:
        for c in A.Withdraw(who, -1).cells(s):
            yield "withdraw", c, A.Withdraw(who, c)
    if "disengage" in want and (not sample or s.is_engaged(who)):
        for c in A.Disengage(who, -1).cells(s):
            yield "disengage", c, A.Disengage(who, c)
    if "move" in want:
        try:
            legal = A.Move.destinations(s, who)        # the cells Move.check allows
        except Impossible:
            legal = frozenset()
        for c in A.reachable(s, who, A.move_budget(s, who)):
            if c != here and (c in legal or not sample):
                yield "move", c, A.Move(who, c)
    contacts = [s.occupant[c] for c in sorted(board.contact_cells(here)) if c in s.occupant]
    for other in contacts:
        if s.is_zombie(other):
            if "melee" in want:
                yield "melee", s.cell(other), A.Melee(who, other)
        elif s.comp(other, Status).downed:
            if "triage" in want:
                yield "triage", s.cell(other), A.Triage(who, other)
            if "drag" in want:
                for c in A.Drag(who, other, -1).cells(s):
                    yield "drag", c, A.Drag(who, other, c)
    zombies = s.zombies()
    gear = s.comp(who, Inventory).gear
    for g in gear:
        weapon = s.content.weapons.get(g.gear_id)
        if weapon is None:
            continue
        if weapon.kind == "firearm":
            if "shoot" in want:
                for z in zombies:
                    yield "shoot", s.cell(z), A.Shoot(who, z, g.uid)
            if "reload" in want:
                yield "reload", None, A.Reload(who, g.uid)
        elif weapon.kind == "thrown" and "throw" in want:
            at_zombies = [s.cell(z) for z in zombies]
            for c in at_zombies:
                yield "throw", c, A.Throw(who, c, g.uid)
            if not sample:
                for c in _square(s, here, int(weapon.range)):
                    if c not in at_zombies:
                        yield "throw", c, A.Throw(who, c, g.uid)
    for kind, action in (("aim", A.Aim(who)), ("hunker", A.HunkerDown(who)), ("work", A.WorkObjective(who)),
                         ("deliver", A.Deliver(who)), ("escape", A.Escape(who))):
        if kind in want:
            yield kind, None, action
    if "search" in want:
        for c in s.search_tokens:
            if not sample or A.token_in_reach(s, who, c):
                yield "search", c, A.Search(who, c)
    if "pickup" in want:
        for cell, items in s.ground.items():
            if A.token_in_reach(s, who, cell):
                for g in items:
                    yield "pickup", cell, A.PickUp(who, g.uid)
    for cell in sorted(board.contact_cells(here)):
        if board.kind(cell) == "door":
            if "door" in want:
                yield "door", cell, A.Door(who, cell)
            if "barricade" in want:
                yield "barricade", cell, A.Door(who, cell, "barricade")
    allies = [o for o in contacts if s.is_survivor(o)]
    if "handoff" in want:
        for ally in allies:
            for u in [g.uid for g in gear] + [g.uid for g in s.comp(ally, Inventory).gear]:
                yield "handoff", s.cell(ally), A.HandOff(who, ally, u)
    if "exchange" in want:
        for ally in allies:
            yield "exchange", s.cell(ally), A.GearExchange(who, ally, tuple(g.uid for g in gear))
    if "drop" in want:
        for g in gear:
            yield "drop", None, A.Drop(who, g.uid)


def _square(s: Session, centre: int, r: int) -> Iterator[int]:
    """The cells within r cells of `centre` on both axes: a bound on where a throw of range r can land."""
    board = s.board
    x, y = board.xy(centre)
    for yy in range(max(0, y - r), min(board.height, y + r + 1)):
        for xx in range(max(0, x - r), min(board.width, x + r + 1)):
            yield board.idx(xx, yy)


def _nothing(s: Session, who: int, kind: str) -> str:
    """What is missing when a kind has no candidate at all (so no check() could say why)."""
    gear = s.comp(who, Inventory).gear
    guns = any(s.content.weapons.get(g.gear_id) and s.content.weapons[g.gear_id].kind == "firearm" for g in gear)
    here = s.cell(who)
    allies = [o for o in s.survivors() if o != who and s.board.in_contact(here, s.cell(o))]
    downed = [o for o in allies if s.comp(o, Status).downed]
    return {
        "move": "there is nowhere to move to",
        "disengage": "there is no room to break away to",
        "withdraw": "a free step back comes only straight after a melee attack you did not lose",
        "melee": "no zombie in base contact",
        "shoot": "no zombie to shoot at" if guns else "you carry no gun",
        "throw": "nothing to throw",
        "reload": "you carry no gun",
        "search": "no search token is left",
        "pickup": "nothing to pick up on or next to you",
        "handoff": "neither of you carries anything" if allies else "no ally in base contact",
        "exchange": "no ally in base contact",
        "door": "no door next to you",
        "barricade": "no door next to you",
        "triage": "no Downed ally in base contact",
        "drag": "no cover within half your Move to drag them into" if downed else "no Downed ally in base contact",
        "drop": "you carry nothing",
    }.get(kind, "")
