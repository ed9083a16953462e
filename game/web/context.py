"""What every page reads from the running app: the table store, a checked table code, a tool's message in words."""
from __future__ import annotations

import re

from flask import current_app

from game.tools.common import ToolError
from game.tools.table_store import TableStore
from game.web.guard import code_missed

FLAG_WORDS = {"an --archetype": "a survivor", "--archetype": "survivor", "--fight": "Fight"}   # as the pages say


def plain(message: str) -> str:
    """A tool's message for a page: its command-line flags read as the page's words ('an --archetype' -> 'a
    survivor', '--attacker-dice' -> 'attacker dice')."""
    for flag, words in FLAG_WORDS.items():
        message = message.replace(flag, words)
    return re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", " "), message)


def store() -> TableStore:
    return current_app.config["STORE"]


def table_code(code: object) -> str:
    """A table code from the URL or the join form, checked: a ToolError (400 on the home page) when it is malformed
    or unknown, counted as a wrong try against the client's limit."""
    try:
        return store().require(code, "table")
    except ToolError:
        code_missed()
        raise
