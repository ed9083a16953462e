"""Shared plumbing for the tabletop tools: id look-ups with clear errors, entered dice faces, percentages."""
from __future__ import annotations

import copy
import difflib
import random
from collections.abc import Iterable, Mapping
from fractions import Fraction

from game.rules.dice import Dice

MAX_DICE = 40   # the largest pool a tool works out exactly (real pools stay far below it)


class ToolError(ValueError):
    """A bad input to a tool, phrased for the player. `flag` names the command-line option it came from."""

    def __init__(self, flag: str, message: str):
        self.flag = flag
        self.message = message
        super().__init__(f"{flag}: {message}" if flag else message)


def lookup(table: Mapping[str, object], key: str, flag: str, noun: str):
    """table[key], or a ToolError naming the flag, a close match and every known id."""
    if key in table:
        return table[key]
    close = difflib.get_close_matches(key, sorted(table), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise ToolError(flag, f"unknown {noun} {key!r}{hint}; known: {', '.join(table)}")


def check_dice(value: int | None, flag: str, low: int = 0) -> int | None:
    """A number of dice from the user: `low` to MAX_DICE (None passes through)."""
    if value is not None and not low <= value <= MAX_DICE:
        raise ToolError(flag, f"must be {low} to {MAX_DICE} dice, not {value}")
    return value


def id_list(text: str | Iterable[str]) -> tuple[str, ...]:
    """'shambler, shambler,brute' -> ('shambler', 'shambler', 'brute')."""
    parts = text.split(",") if isinstance(text, str) else list(text)
    return tuple(p.strip() for p in parts if p.strip())


def parse_faces(text: str | Iterable[int], flag: str = "--faces") -> tuple[int, ...]:
    """'6,2,1' -> (6, 2, 1): real dice entered by hand, each 1..6."""
    parts = text.replace(" ", ",").split(",") if isinstance(text, str) else list(text)
    faces = []
    for part in parts:
        if isinstance(part, str) and not part.strip():
            continue
        try:
            face = int(part)
        except (TypeError, ValueError):
            raise ToolError(flag, f"{part!r} is not a die face (write faces 1 to 6, comma separated)") from None
        if not 1 <= face <= 6:
            raise ToolError(flag, f"{face} is not a face of a six-sided die")
        faces.append(face)
    if not faces:
        raise ToolError(flag, "no faces given")
    return tuple(faces)


class Roller:
    """Dice for a tool: entered faces used in order, or the seeded RNG (the same d6 the engine rolls).

    With faces, running out is an error naming what the next roll was for; leftovers are reported by `left`."""

    def __init__(self, seed: int | None = None, faces: Iterable[int] | None = None, rng: random.Random | None = None):
        self.rng = rng or random.Random(seed)
        self.dice = Dice(self.rng)
        self.faces = list(faces) if faces is not None else None

    @property
    def entered(self) -> bool:
        return self.faces is not None

    @property
    def left(self) -> tuple[int, ...]:
        return tuple(self.faces or ())

    def d6(self, n: int, purpose: str = "a roll") -> tuple[int, ...]:
        if self.faces is None:
            return self.dice.d6(n)
        if len(self.faces) < n:
            have = f"{len(self.faces)} face{'s' if len(self.faces) != 1 else ''} left" if self.faces else "none left"
            raise ToolError("--faces", f"ran out of dice: {purpose} needs {n}, {have}")
        out, self.faces = tuple(self.faces[:n]), self.faces[n:]
        return out


def pct(p: Fraction | float, digits: int = 2) -> str:
    """0.125 -> '12.50%'; a chance too small to show is '<0.01%', never a misleading 0.00%."""
    value = float(p) * 100
    smallest = 10 ** -digits
    if 0 < value < smallest / 2:
        return f"<{smallest:.{digits}f}%"
    return f"{value:.{digits}f}%"


def zombies_or_slots(content, zombies, slots: int | None, role: str) -> tuple[list, int]:
    """The zombies named in `--zombies` (ids) or, instead, the engagement `--slots` they fill; `role` says which
    zombies they are ('in contact', 'feeding'). Returns (their definitions, slots filled); a ToolError when both or
    neither are given, or the slots are outside 1 to the rulebook's engagement slots."""
    zdefs = [lookup(content.zombies, z, "--zombies", "zombie") for z in id_list(zombies)]
    if zdefs and slots is not None:
        raise ToolError("--slots", f"give the --zombies {role} or their --slots, not both")
    if not zdefs and slots is None:
        raise ToolError("--zombies", f"name the zombies {role} (or give the --slots they fill)")
    filled = sum(z.slots for z in zdefs) if zdefs else slots
    most = content.rules.engagement_slots
    if not 1 <= filled <= most:
        raise ToolError("--zombies" if zdefs else "--slots", f"{filled} engagement slots: a survivor has 1 to {most}")
    return zdefs, filled


def check_state_header(d: object, where: str, version: int, what: str) -> None:
    """A saved tool state's first checks: a mapping, of this version. `where` prefixes the field named in the error
    ("" for a whole state, "history[2]." for one undo step); `what` says what the mapping holds."""
    if not isinstance(d, dict):
        raise ToolError(where.rstrip(".") or "state", f"expected a mapping of {what}")
    if d.get("version") != version:
        raise ToolError(f"{where}version", f"expected {version}, got {d.get('version')!r}")


def read_history(d: Mapping, limit: int, check_state) -> list[dict]:
    """The undo history inside a tool's saved state: at most `limit` entries of {label, state}, each state checked by
    `check_state(state, where)` (a ToolError names the first bad field). Returns a copy."""
    history = d.get("history", [])
    if not isinstance(history, list) or len(history) > limit:
        raise ToolError("history", f"expected a list of at most {limit} earlier states")
    for i, entry in enumerate(history):
        if not isinstance(entry, dict) or not isinstance(entry.get("label"), str):
            raise ToolError(f"history[{i}]", "expected {label, state}")
        check_state(entry.get("state"), f"history[{i}].state.")
    return copy.deepcopy(history)


def remember(history: list[dict], label: str, state: dict, limit: int) -> None:
    """Keep `state` (the tool before an action called `label`) for undo, the newest `limit` only."""
    history.append({"label": label, "state": state})
    del history[:-limit]
