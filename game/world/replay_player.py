"""A recorded game played again one step at a time, forward and back: what the replay screen scrubs through.

    player = ReplayPlayer(content, record, notes, policy_for)
    player.steps, player.moments, player.round_starts      # the whole timeline, found once when it is made
    player.seek(k)        # the game as it stood after k steps (0: the table set, nothing played)
    player.forward(), player.back(), player.seek(player.round_starts[12])

A step is one action the survivors' side submitted, or one step of the Director and End Phases (as the board plays
them, one per tick). Stepping forward plays the next step on the live Session; any step back starts a fresh Session
and plays the steps up to there. That is the only snapshot kept besides the position of every round's start: a
whole 14-round game replays in a few hundredths of a second (benchmarks/replay_seek.py), because the survivors'
choices are read from the record rather than thought again; copies of the game's state (an esper world, the
Director's generator, the board's shared memos) would buy no speed a player could see, and cost a second way to
rebuild a game that could drift from the rules.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.content.defs import Content
from game.world.action_registry import kind_of
from game.world.saves import GameRecord
from game.world.session import Session

# the Director steps in words, as the board's banners name them (game.ui.board.game_scene)
DIRECTOR_STEPS = {"frenzy": "Feeding Frenzy", "horror": "Horror check", "ambient": "Ambient Heat",
                  "escalation": "Escalation", "purchase": "Spending Heat", "shriek": "Shriek",
                  "swarm": "Swarm attack", "zombie": "The horde moves", "reset": "Heat resets",
                  "objective": "Objective", "doom": "End Phase: Doom", "round": "New round",
                  "await": "The Director chooses", "end": "The end"}


@dataclass(frozen=True)
class Step:
    kind: str          # "action" or "director"
    key: str           # the action's registry id, or the Director step's name (game.world.systems)
    label: str         # what it is, in words
    round: int         # the round it is played in
    first: int         # its events: session.events[first:last]
    last: int
    calls: int = 1     # Director steps: a silent end of the phase is played with the step before it


@dataclass(frozen=True)
class Moment:
    """A turn of the game worth a mark on the timeline: seen once `position` steps are played."""
    position: int
    round: int
    tone: str          # "danger", "good", "doom", "spawn", "end"
    text: str


class ReplayError(Exception):
    """A record that does not play out (an action the rules refuse): the message says at which step."""


class ReplayPlayer:
    def __init__(self, content: Content, record: GameRecord, notes: Sequence[Sequence] = (),
                 policy_for: Callable[[GameRecord], object] | None = None):
        """`notes`: the survivor AI's commentary ([events before it, text, who, reason], game.world.replays),
        put back into the log where it was said; `policy_for(record)`: the Director's policy of the game."""
        self.content = content
        self.record = record
        self.notes = [tuple(n) for n in notes]
        self._policy_for = policy_for
        self.session: Session = self._fresh()
        self.pos, self._action, self._noted = 0, 0, 0
        self.steps: list[Step] = []
        self.moments: list[Moment] = []
        self.round_starts: dict[int, int] = {self.session.round: 0}
        self._discover()
        self.final_rng = self.session.rng.getstate()     # where the dice generator stood at the end
        self._restart()

    # --- where the replay stands ---------------------------------------------------------------------------------
    @property
    def end(self) -> int:
        return len(self.steps)

    @property
    def rounds(self) -> int:
        return max(self.round_starts)

    def round_at(self, position: int) -> int:
        """The round the game is in after `position` steps."""
        return max(r for r, at in self.round_starts.items() if at <= position)

    # --- moving --------------------------------------------------------------------------------------------------
    def seek(self, position: int) -> Session:
        """The game as it stood after `position` steps (clamped to the timeline)."""
        position = max(0, min(self.end, position))
        if position < self.pos:
            self._restart()
        while self.pos < position:
            self._play(self.steps[self.pos])
        return self.session

    def forward(self) -> Step | None:
        if self.pos >= self.end:
            return None
        step = self.steps[self.pos]
        self._play(step)
        return step

    def back(self) -> Session:
        return self.seek(self.pos - 1)

    def close(self) -> None:
        self.session.close()

    # --- inside ------------------------------------------------------------------------------------------------------
    def _fresh(self) -> Session:
        policy = self._policy_for(self.record) if self._policy_for is not None else None
        return self.record.start(self.content, policy)

    def _restart(self) -> None:
        self.session.close()
        self.session = self._fresh()
        self.pos, self._action, self._noted = 0, 0, 0

    def _say_notes(self) -> None:
        """The commentary said before this point of the game (before the events that followed it)."""
        s = self.session
        while self._noted < len(self.notes) and self.notes[self._noted][0] <= len(s.events) - self._noted:
            at, text, who, reason = self.notes[self._noted]
            s.emit("decision", text, who=who, reason=reason)
            self._noted += 1

    def _play(self, step: Step) -> None:
        s = self.session
        self._say_notes()
        if step.kind == "action":
            action = self.record.actions[self._action]
            try:
                s.submit(action)
            except Exception as exc:      # refused by the rules: the record does not fit this game
                raise ReplayError(f"actions[{self._action}]: the game does not replay ({type(exc).__name__}: "
                                  f"{exc})") from None
            self._action += 1
        else:
            for _ in range(step.calls):
                self._director_step()
        self.pos += 1
        if self.pos == self.end:
            self._say_notes()        # anything said after the last step

    def _director_step(self) -> str | None:
        try:
            return self.session.step_director()
        except Exception as exc:          # a recorded purchase the rules refuse: the record does not fit this game
            raise ReplayError(f"purchases: the Director's phase in round {self.session.round} does not replay "
                              f"({type(exc).__name__}: {exc})") from None

    def _next_kind(self) -> str | None:
        s = self.session
        if s.in_director:
            return "director"
        if s.result is None and self._action < len(self.record.actions):
            return "action"
        return None

    def _discover(self) -> None:
        """Play the whole record once, writing down its steps, rounds and key moments."""
        s = self.session
        while (kind := self._next_kind()) is not None:
            first, rnd = len(s.events), s.round
            if kind == "action":
                action = self.record.actions[self._action]
                kind_row, who = kind_of(action), getattr(action, "who", None)
                label = f"{s.name(who)}: {kind_row.label}" if who is not None and s.is_survivor(who) else \
                    kind_row.label
                step = Step("action", kind_row.id, label, rnd, first, first)
                self._play(step)
            else:
                self._say_notes()
                first_own = len(s.events)
                said = self._director_step()
                if said == "await" and len(s.events) == first_own:
                    break          # a game left while its human Director was choosing: the record ends here
                if said is None and len(s.events) == first_own and self.steps and self.steps[-1].kind == "director":
                    last = self.steps[-1]
                    self.steps[-1] = Step(last.kind, last.key, last.label, last.round, last.first, last.last,
                                          last.calls + 1)
                    continue
                said = said or "end"
                step = Step("director", said, DIRECTOR_STEPS.get(said, said), rnd, first, first)
                self.pos += 1
            step = Step(step.kind, step.key, step.label, step.round, first, len(s.events), step.calls)
            self.steps.append(step)
            self._moments(step)
            if s.round not in self.round_starts:
                self.round_starts[s.round] = self.pos
        self._say_notes()

    def _moments(self, step: Step) -> None:
        s = self.session
        for e in s.events[step.first:step.last]:
            k, d = e.kind, e.data
            tone = None
            if k == "spawn" and d.get("how") != "start":
                zdef = s.content.zombies.get(d.get("kind"))
                tone = "spawn" if zdef is not None and zdef.zclass != "shambler" else None
            elif k == "wound" and d.get("who") is not None and s.is_survivor(d["who"]):
                tone = "danger"
            elif k in ("downed", "eliminated"):
                tone = "danger"
            elif k == "event" or (k == "doom" and d.get("cause") in ("escalation", "clatter")) or \
                    (k == "doom" and "last_round" in d):
                tone = "doom"
            elif (k == "objective" and e.text.startswith("Objective step done")) or k == "escape":
                tone = "good"
            elif k == "end":
                tone = "end"
            if tone is not None:
                self.moments.append(Moment(self.pos, step.round, tone, e.text))
