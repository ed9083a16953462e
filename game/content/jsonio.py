"""Reading JSON a player could have been handed (saves, settings): text through files.read_text, then json.loads
with the limits it lacks - nesting capped at MAX_DEPTH, no NaN or Infinity, no number too long to read, no key
written twice in one object (json.loads silently keeps the last, so an edit could hide behind the first). Every
refusal is one Problem naming the file."""
from __future__ import annotations

import json
from pathlib import Path

from game.content.errors import Problem
from game.content.files import MAX_BYTES, read_text

MAX_DEPTH = 32       # our files nest three levels deep
MAX_DIGITS = 40      # a seed or an RNG word has at most 20


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number this game writes")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number {len(text)} digits long")
    return int(text)


def _object(pairs: list[tuple[str, object]]) -> dict:
    data = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"the key {key!r} is written twice in one object")
        data[key] = value
    return data


def _depth(value: object) -> int:
    """How deeply lists and objects nest in value (walked with a stack: no recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_json(text: str, file: str) -> tuple[object, list[Problem]]:
    try:
        data = json.loads(text, parse_int=_integer, parse_constant=_no_constant, object_pairs_hook=_object)
    except RecursionError:
        return None, [Problem(file, "file", f"not valid JSON: nested more than {MAX_DEPTH} levels deep")]
    except json.JSONDecodeError as exc:
        return None, [Problem(file, f"line {exc.lineno}, column {exc.colno}", f"not valid JSON: {exc.msg}")]
    except ValueError as exc:       # a 5,000-digit number, NaN, a key twice (said in our words above)
        return None, [Problem(file, "file", f"not valid JSON: {exc}")]
    if _depth(data) > MAX_DEPTH:
        return None, [Problem(file, "file", f"not valid JSON: nested more than {MAX_DEPTH} levels deep")]
    return data, []


def read_json(path: Path | str, limit: int = MAX_BYTES) -> tuple[object, list[Problem]]:
    """(data, []) or (None, [the Problem])."""
    text, problems = read_text(path, limit)
    if text is None:
        return None, problems
    return parse_json(text, str(path))
