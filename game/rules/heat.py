"""Heat track arithmetic."""
from __future__ import annotations

from game.content.defs import EscalationBand


def clamp_heat(value: int, ceiling: int) -> int:
    return max(0, min(ceiling, value))


def escalation_need(heat: int, bands: tuple[EscalationBand, ...]) -> int | None:
    """The d6 needed to advance Doom at this Heat: None = no roll, 0 = automatic."""
    for band in bands:
        if band.low <= heat <= band.high:
            return band.need
    return None


def complications(ones: int, ignored: int = 0) -> int:
    """Heat from a survivor's roll: one per natural 1, less the ones a skill lets pass silently."""
    return max(0, ones - ignored)
