"""What a campaign keeps between scenarios: the band, the clock, the supplies, the city. Plain data that a save writes
as JSON (game.campaign.saves); the rules that change it are in game.campaign.rules."""
from __future__ import annotations

import argparse
import random
import re
from dataclasses import dataclass, field

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")


def name(text: str) -> str:
    """argparse type: a campaign's name (it becomes the save file's name)."""
    if not NAME_RE.match(text):
        raise argparse.ArgumentTypeError(f"a campaign name is 1 to 40 letters, digits, spaces, - or _, "
                                         f"starting with a letter or digit; got {text[:50]!r}")
    return text


@dataclass
class Carried:
    """One card a survivor carries from one scenario to the next (`own`: a starting weapon, taking no slot)."""
    gear_id: str
    ammo: int = 0
    own: bool = False


@dataclass
class Scar:
    id: str
    open: bool = True           # its `stats` apply while open; it closes by its table row's `heals`


@dataclass
class Member:
    """One survivor of the band, alive or lost for good."""
    id: int
    name: str
    archetype: str
    wounds: int                              # wounds left now (rests heal them)
    personal: str                            # their Personal item ("" = lost)
    gear: list[Carried] = field(default_factory=list)
    reloads: int = 0
    gains: dict[str, int] = field(default_factory=dict)      # lasting stat changes (scars that improved a stat)
    scars: list[Scar] = field(default_factory=list)
    stress: int = 0
    conditions: dict[str, int] = field(default_factory=dict)  # condition -> its counter (infection's fails, days)
    infection_passes: int = 0
    pending: list[str] = field(default_factory=list)          # Stressful Events for the next scenario
    phobia: str = ""                                          # a zombie kind, until a full rest
    personal_days: int = 0                                    # days without a Personal item
    alive: bool = True
    fate: str = ""                                            # how they were lost
    missions: int = 0


@dataclass
class MissionRecord:
    """The mission the band is out on: enough to rebuild it (the campaign does not change while it is played)."""
    scenario: str
    seed: int
    team: list[int]                          # member ids, in seat order
    actions: list = field(default_factory=list)


@dataclass
class Campaign:
    name: str
    seed: int
    rng: random.Random
    members: list[Member]
    day: int = 1
    watch: int = 0                           # 0..watches_per_day-1
    supplies: int = 0
    city_doom: int = 0
    missions_won: int = 0
    missions_played: int = 0
    since_long_rest: int = 0                 # watches since the band's last long (or full) rest
    next_id: int = 1
    turned: list[list[str]] = field(default_factory=list)   # [name, zombie kind] the Director may field next mission
    won: list[str] = field(default_factory=list)            # scenario ids done
    log: list[str] = field(default_factory=list)
    over: str = ""                           # "", "evacuated", "wiped out"
    mission: MissionRecord | None = None

    def alive(self) -> list[Member]:
        return [m for m in self.members if m.alive]

    def member(self, mid: int) -> Member:
        return next(m for m in self.members if m.id == mid)

    def say(self, line: str) -> None:
        self.log.append(f"Day {self.day}, watch {self.watch + 1}: {line}")
