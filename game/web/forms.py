"""Reading a submitted form: every field checked, and a bad one is a ToolError naming the field (the page shows it
with a 400). Field names are the command line's flags without the dashes (--attacker-dice -> attacker_dice), so a
ToolError raised by a tool names the same field the page shows.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.tools.common import MAX_DICE, ToolError, parse_faces

FIELD_WORDS = {   # a field as the page labels it, for the line that says what is wrong with it
    "attack": "Attack", "archetype": "Survivor", "weapon": "Weapon", "zombie": "Zombie", "zombies": "Zombies",
    "attacker_dice": "Attacker dice", "defender_dice": "Defender dice", "dice": "Dice", "fight": "Fight",
    "slots": "Slots filled", "wounds_taken": "Wounds taken", "cap": "Wound cap", "attacker_cap": "Wound cap",
    "cover": "Cover", "elite": "Brute or Horde", "faces": "My dice", "heat": "Heat", "label": "What made it",
    "quick": "Heat button", "wits": "Wits dice", "guts": "Guts dice", "location": "Token", "map": "Map",
    "seed": "Seed", "disruption": "Disruption hits", "items": "Guts item", "show": "Odds", "scenario": "Scenario",
    "director": "Director", "noise": "Noise", "facts": "Board facts", "die": "Escalation die",
    "phase": "Director Phase", "action": "Button", "table": "Table code",
    **{f"team{i}": f"Survivor {i}" for i in range(1, 5)},
}


BUTTONS = {"action", "show", "noise", "quick"}      # fields a button sends, not a list to pick from


def field_of(flag: str) -> str:
    """'--attacker-dice' -> 'attacker_dice' (the form field a tool's flag stands for)."""
    return flag.lstrip("-").replace("-", "_")


def field_words(field: str) -> str:
    """'attacker_dice' -> 'Attacker dice': the field as the page names it."""
    return FIELD_WORDS.get(field) or field.replace("_", " ").capitalize()


class Form:
    def __init__(self, values: Mapping[str, str]):
        self.values = values

    def text(self, name: str, default: str = "", limit: int = 200) -> str:
        value = (self.values.get(name) or "").strip()
        if len(value) > limit:
            raise ToolError(name, f"at most {limit} characters, not {len(value)}")
        return value or default

    def whole(self, name: str, low: int = 0, high: int = MAX_DICE, required: bool = False) -> int | None:
        """A whole number from `low` to `high`; an empty field is None (or an error when `required`)."""
        raw = self.text(name, limit=12)
        if not raw:
            if required:
                raise ToolError(name, "enter a whole number")
            return None
        try:
            value = int(raw)
        except ValueError:
            raise ToolError(name, f"{raw!r} is not a whole number") from None
        if not low <= value <= high:
            raise ToolError(name, f"enter {low} to {high}, not {value}")
        return value

    def choice(self, name: str, options: Iterable[str], default: str | None = None, required: bool = False) -> \
            str | None:
        """One of `options` (ids, as the page's list or buttons offer them); empty is `default`, or an error when
        `required`."""
        raw = self.text(name, limit=60)
        if not raw:
            if required and default is None:
                raise ToolError(name, "choose one from the list")
            return default
        if raw not in list(options):
            hint = "" if name in BUTTONS else ": pick one from the list"
            raise ToolError(name, f"{raw!r} is not one of this page's choices{hint}")
        return raw

    def flag(self, name: str) -> bool:
        return (self.values.get(name) or "") in ("1", "on", "yes", "true")

    def faces(self, name: str = "faces") -> tuple[int, ...] | None:
        raw = self.text(name, limit=200)
        return parse_faces(raw, name) if raw else None

    def counts(self, prefix: str, kinds: Mapping, name: str, high: int = 4) -> list[str]:
        """Per-kind counts (prefix_shambler=2, prefix_brute=1) of a content table's kinds as an id list, the error
        naming field `name` and the kind by its name."""
        out: list[str] = []
        for zid, kind in kinds.items():
            raw = self.text(f"{prefix}_{zid}", limit=4)
            if not raw:
                continue
            try:
                n = int(raw)
            except ValueError:
                raise ToolError(name, f"{kind.name}: {raw!r} is not a whole number") from None
            if not 0 <= n <= high:
                raise ToolError(name, f"{kind.name}: enter 0 to {high}, not {n}")
            out += [zid] * n
        return out
