"""The event stream: everything that happened, as plain data with a one-line readable form."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    kind: str                 # roll, move, wound, heat, doom, spawn, card, ...
    text: str                 # one readable line
    data: dict = field(default_factory=dict, compare=False, hash=False)

    def line(self) -> str:
        return f"[{self.kind}] {self.text}"

    def __str__(self) -> str:
        return self.text
