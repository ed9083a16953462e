"""Content problems: every mistake found in the YAML, reported together instead of one at a time."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    file: str      # path as shown to the user
    where: str     # key path (archetypes.doctor.move), "line 3, column 7", "row 12, column 7" or "file"
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.message}"


class ContentError(Exception):
    """Raised once with every problem found, so an author can fix them all in one pass."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems) or "content error")

    def __reduce__(self):
        # Rebuilt from its problems, not its message: an error raised in a worker process reaches the parent whole
        # (pickled from its args, the message would be split into one problem per character).
        return ContentError, (self.problems,)
