"""What the HUD may see of the game: a read-only face of the Session, and the frame's view the board screen hands
the HUD (GameScene.hud_view builds it, in one place).

The HUD draws; it never plays. GameView answers the questions the HUD asks and nothing else: no actions, no
setters, the board and the ECS world out of reach, and every component it hands out is a copy, so writing to one
changes nothing. The clicks the right panel offers go back to the scene as the named commands of HudView, which
checks and plays them like any other input.
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.world.intent import intent_text
from game.world.story import Entry, Story


class GameView:
    """A read-only view of one Session. Two views of the same session are equal (kept layers key on them)."""
    __slots__ = ("__s",)

    def __init__(self, session) -> None:
        object.__setattr__(self, "_GameView__s", session)

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"the HUD's view of the game is read-only (tried to set {name})")

    def __eq__(self, other) -> bool:
        return isinstance(other, GameView) and other.__s is self.__s

    def __hash__(self) -> int:
        return id(self.__s)

    # the tracks, the clock and the objective (plain values, or frozen definitions)
    heat = property(lambda self: self.__s.heat)
    doom = property(lambda self: self.__s.doom)
    round = property(lambda self: self.__s.round)
    last_round = property(lambda self: self.__s.last_round)
    phase = property(lambda self: self.__s.phase)
    active = property(lambda self: self.__s.active)
    result = property(lambda self: self.__s.result)
    task = property(lambda self: self.__s.task)
    task_progress = property(lambda self: self.__s.task_progress)
    rules = property(lambda self: self.__s.rules)
    scenario = property(lambda self: self.__s.scenario)
    content = property(lambda self: self.__s.content)
    events_seen = property(lambda self: len(self.__s.events))

    def task_need(self) -> int:
        return self.__s.task_need()

    # the models
    def comp(self, eid: int, ctype):
        """A copy of a model's component: the session's own stays as it is whatever the HUD does with it."""
        return copy.deepcopy(self.__s.comp(eid, ctype))

    def survivors(self, *, on_board: bool = True) -> list[int]:
        return list(self.__s.survivors(on_board=on_board))

    def name(self, eid: int) -> str:
        return self.__s.name(eid)

    def is_survivor(self, eid: int) -> bool:
        return self.__s.is_survivor(eid)

    def is_zombie(self, eid: int) -> bool:
        return self.__s.is_zombie(eid)

    def fight_of(self, zombie: int) -> int:
        return self.__s.fight_of(zombie)

    def move_of(self, survivor: int) -> int:
        """A survivor's Move as it stands (less what a slowing load takes off)."""
        return self.__s.move_of(survivor)

    def owner(self, eid: int):
        """Who plays this survivor at a shared screen (a copy), or None in one person's game."""
        return copy.copy(self.__s.owner(eid))

    def engagers(self, survivor: int) -> list[int]:
        return list(self.__s.engagers(survivor))

    def slots_used(self, survivor: int) -> int:
        return self.__s.slots_used(survivor)

    def slots_taken(self, survivor: int, gear: Sequence | None = None) -> int:
        return self.__s.slots_taken(survivor, gear)

    def capacity(self, survivor: int, gear: Sequence | None = None) -> int:
        return self.__s.capacity(survivor, gear)

    # words the game's own story tellers make from it
    def intent_text(self, intent) -> str:
        return intent_text(self.__s, intent)

    def story(self, story: Story, since: int) -> list[Entry]:
        """The log's entries for the events from `since` on, told by `story` (which keeps its round between calls)."""
        return story.feed(self.__s, self.__s.events[since:])


@dataclass(frozen=True)
class HudView:
    """One frame's worth of what the HUD draws, and the clicks the right panel may hand back to the board screen."""
    game: GameView
    state: tuple                    # changes whenever the game may have (GameScene.state_key)
    selected: int | None
    hover_model: int | None
    weapon_uid: int | None
    intent_of: Callable[[int], Any]         # a zombie's next activation
    agenda_of: Callable[[int], Any]         # a survivor's Secret Agenda as it stands
    swarm_forecast: Callable[[int], str]    # what the swarm on a survivor may do to them
    partners: Callable[[], list[int]]       # who the acting survivor may hand gear to
    pick_survivor: Callable[[int], None]    # the commands: the scene checks and plays each one
    choose_weapon: Callable[[int], None]
    drop_item: Callable[[int], None]
    bleed_out: Callable[[int], None]
    current_player: str | None = None       # hot-seat: who has the screen (their survivors are marked)
