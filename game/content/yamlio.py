"""Reading YAML: always yaml.safe_load, plus the one check it lacks - a key written twice is an error.

Plain safe_load silently keeps the last of two equal keys, which hides typos in hand-edited content. The document is
first composed (nodes only, nothing constructed) to find such keys, then loaded with yaml.safe_load.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from game.content.errors import Problem

_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # the C parser when PyYAML has it


def parse_yaml(text: str) -> object:
    """yaml.safe_load(text), raising a MarkedYAMLError (with line and column) for a duplicated key."""
    root = yaml.compose(text, Loader=_COMPOSER)
    if root is not None:
        _check_keys(root)
    return yaml.safe_load(text)


def _check_keys(node: yaml.Node) -> None:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.MappingNode):
            seen = set()
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen:
                        raise yaml.constructor.ConstructorError(
                            None, None, f"the key {key.value!r} is written twice", key.start_mark)
                    seen.add(key.value)
                stack.extend((key, value))
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)


def read_yaml(path: Path) -> tuple[object, list[Problem]]:
    """Parse one file; unreadable files and syntax errors (with line and column) become Problems."""
    file = str(path)
    try:
        source = Path(path).read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        return None, [Problem(file, "file", "missing: no such file")]
    except UnicodeDecodeError as exc:
        return None, [Problem(file, f"byte {exc.start}", "is not UTF-8 text")]
    except OSError as exc:
        return None, [Problem(file, "file", f"cannot be read: {exc.strerror or exc}")]
    try:
        return parse_yaml(source), []
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "file"
        context = f" ({exc.context})" if exc.context else ""
        kind = "YAML error" if isinstance(exc, yaml.constructor.ConstructorError) else "YAML syntax error"
        return None, [Problem(file, where, f"{kind}: {exc.problem}{context}")]
    except yaml.YAMLError as exc:
        return None, [Problem(file, "file", f"YAML error: {exc}")]
