"""The event stream: everything that happened, as plain data with a one-line readable form."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True, eq=False)
class Event:
    """Read only once emitted. Not frozen: a frozen dataclass is slow to build, and games emit a thousand of these."""
    kind: str                 # roll, move, wound, heat, doom, spawn, card, ...
    text: str                 # one readable line
    data: dict = field(default_factory=dict)

    def line(self) -> str:
        return f"[{self.kind}] {self.text}"

    def __str__(self) -> str:
        return self.text


def roll_text(data: dict) -> str:
    """The line for a roll event, made from its data (who, purpose, dice, need, faces, successes)."""
    hits = data["successes"]
    faces = " ".join(map(str, data["faces"])) or "no dice"
    return (f"{data['roller']} rolls {data['dice']}d6 for {data['purpose']} (each {data['need']}+ counts): {faces} "
            f"({hits} success{'es' if hits != 1 else ''})")
