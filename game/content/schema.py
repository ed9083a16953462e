"""Small schemas for the JSON files a player keeps (saves, settings): one check per field, exact types.

JSON schema libraries treat 1.0 as the integer 1 and compare True equal to 1, which is how `format: 1.0` and
`format: true` got into saves; here a whole number is an int that is not a bool, and nothing else. A check returns
None when the value is fine, else what is wrong with it, in words for the player.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping

Check = Callable[[object], "str | None"]


def shown(value: object, width: int = 60) -> str:
    """A value as a message quotes it, cut short."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(low: int, high: int) -> Check:
    def check(value: object) -> str | None:
        if is_whole(value) and low <= value <= high:
            return None
        return f"expected a whole number from {low} to {high}, got {shown(value)}"
    return check


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def text(longest: int = 200) -> Check:
    """A string of at most `longest` characters, none of them a control character (a NUL, a newline...: nothing
    the game writes, and a NUL stops the text renderer)."""
    def check(value: object) -> str | None:
        if not isinstance(value, str) or len(value) > longest:
            return f"expected text of at most {longest} characters, got {shown(value)}"
        bad = _CONTROL.search(value)
        if bad:
            return f"a control character ({bad.group()!r}) at position {bad.start()} of {shown(value)}"
        return None
    return check


def exactly(expected: object) -> Check:
    def check(value: object) -> str | None:
        if type(value) is type(expected) and value == expected:
            return None
        return f"expected {shown(expected)}, got {shown(value)}"
    return check


def one_of(options: Mapping[str, object] | tuple) -> Check:
    def check(value: object) -> str | None:
        if isinstance(value, str) and value in options:
            return None
        return f"expected one of {', '.join(options)}, got {shown(value)}"
    return check


def boolean(value: object) -> str | None:
    return None if isinstance(value, bool) else f"expected true or false, got {shown(value)}"


def list_of(item: Check, shortest: int, longest: int) -> Check:
    def check(value: object) -> str | None:
        if not isinstance(value, list) or not shortest <= len(value) <= longest:
            return f"expected a list of {shortest} to {longest} entries, got {shown(value)}"
        for i, entry in enumerate(value):
            wrong = item(entry)
            if wrong:
                return f"[{i}]: {wrong}"
        return None
    return check


def mapping(value: object) -> str | None:
    return None if isinstance(value, dict) else f"expected a mapping, got {shown(value)}"


def say(field: str, wrong: str) -> str:
    """'team: expected ...', or 'team[0]: expected ...' for an entry of a list."""
    return f"{field}{wrong}" if wrong.startswith("[") else f"{field}: {wrong}"


def problems(data: Mapping, fields: Mapping[str, tuple[Check, bool]], strict: bool = True) -> list[tuple[str, str]]:
    """(field, what is wrong) for each field of `fields` ({name: (check, required)}) that fails in data, then (when
    strict) each key of data that is none of them: a file the game wrote has no field it does not know, so an
    unknown one means the file was edited or comes from another program."""
    out = []
    for name, (check, required) in fields.items():
        if name not in data:
            if required:
                out.append((name, "missing"))
            continue
        wrong = check(data[name])
        if wrong:
            out.append((name, wrong))
    if strict:
        out += [(shown(key, 40).strip("'"), "not a field of this file (edited by hand, or from another program?)")
                for key in data if key not in fields]
    return out
