"""Reading YAML: always yaml.safe_load, behind the checks it lacks.

- Aliases (`*name`) are refused: an alias loop (`a: &a [*a]`) or a "billion laughs" file builds a small document
  that anything walking it expands without end. No game file needs one.
- Nesting deeper than MAX_DEPTH is refused before anything recursive sees the document.
- A key written twice is an error (plain safe_load silently keeps the last, which hides typos).
Aliases and depth are checked on the parser's event stream (flat, no recursion), duplicated keys on the composed
nodes, then the nodes are built into plain data by yaml.safe_load's constructor. PyYAML's C parser (libyaml) does the
parsing where PyYAML has it: the content loads about six times faster than with the pure-Python one.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from game.content.errors import Problem
from game.content.files import MAX_BYTES, read_text

MAX_DEPTH = 32      # game files nest four or five levels deep
_PARSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # safe_load's loader on the C parser when PyYAML has it


def parse_yaml(text: str) -> object:
    """yaml.safe_load(text), raising a MarkedYAMLError (with line and column) for an alias, too deep a nesting or a
    duplicated key."""
    _check_events(text)
    loader = _PARSER(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        _check_keys(root)
        return loader.construct_document(root)
    finally:
        loader.dispose()


def dump_yaml(data: object) -> str:
    """Plain data as YAML that parse_yaml reads back the same (short lists and mappings on one line)."""
    return yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)


def _refuse(mark, problem: str) -> None:
    raise yaml.constructor.ConstructorError(None, None, problem, mark)


def _check_events(text: str) -> None:
    depth = 0
    for event in yaml.parse(text, Loader=_PARSER):
        if isinstance(event, yaml.AliasEvent):
            _refuse(event.start_mark, f"aliases (*{event.anchor}) are not allowed in game files: write the value out")
        elif isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                _refuse(event.start_mark, f"nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _check_keys(node: yaml.Node) -> None:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.MappingNode):
            seen = set()
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen:
                        _refuse(key.start_mark, f"the key {key.value!r} is written twice")
                    seen.add(key.value)
                stack.extend((key, value))
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)


def read_yaml(path: Path | str, limit: int = MAX_BYTES) -> tuple[object, list[Problem]]:
    """Parse one file; unreadable files, syntax errors (with line and column) and refused documents become
    Problems."""
    file = str(path)
    source, problems = read_text(path, limit)
    if source is None:
        return None, problems
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
    except (ValueError, TypeError, OverflowError) as exc:   # a value safe_load cannot build: a 5,000-digit number...
        too_long = "integer string conversion" in str(exc)
        reason = "a number has more than 4,300 digits" if too_long else f"a value cannot be read ({exc})"
        return None, [Problem(file, "file", f"YAML error: {reason}")]
