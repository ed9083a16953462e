"""Plays whole games headless: a survivor player and the Director, round after round, to the end."""
from __future__ import annotations

from collections.abc import Callable

from game.ai.director_policy import DirectorAI
from game.content.defs import Content, ScenarioDef
from game.world.actions import EndSurvivorPhase
from game.world.session import Session

MAX_ACTIONS_PER_ROUND = 400   # a safety net against a player that never ends its phase


def play_game(content: Content, scenario: str | ScenarioDef, seed: int, player, policy=None, team=None,
              after_step: Callable[[Session], None] | None = None, rounds: int | None = None,
              agendas: bool = False, record: list | None = None) -> Session:
    """Run one game to its end (or past `rounds` rounds) and return the Session (its world is still open: call
    close()). `scenario` is a scenario id, or a ScenarioDef such as a quick-play one (game.tools.quickplay).
    `record`: a list every action submitted is added to (to keep the game as a replay, game.world.replays)."""
    s = Session(content, scenario, seed=seed, team=team, policy=policy or DirectorAI(), agendas=agendas)
    while s.result is None and (rounds is None or s.round <= rounds):
        if s.in_director:
            if s.step_director() == "await":     # a DirectorSeat with nobody to answer it: not a headless policy
                raise ValueError("the Director's seat waits for a person: give play_game a Director policy")
        else:
            actions = 0
            while s.phase == "survivor" and s.result is None:
                action = player.choose(s) if actions < MAX_ACTIONS_PER_ROUND else EndSurvivorPhase()
                action = action if action is not None else EndSurvivorPhase()
                s.submit(action)
                if record is not None:
                    record.append(action)
                actions += 1
                if after_step:
                    after_step(s)
            continue
        if after_step:
            after_step(s)
    return s
