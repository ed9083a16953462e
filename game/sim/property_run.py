"""Random legal play with the invariants checked after every action and every Director step."""
from __future__ import annotations

from game.ai.random_bot import RandomSurvivors
from game.content.loader import load_content
from game.sim.invariants import check_invariants
from game.sim.runner import play_game


def checked_game(scenario: str, seed: int) -> tuple[list[str], dict]:
    """Play one random game; returns (invariant breaks with where they happened, a small summary)."""
    content = load_content()
    problems: list[str] = []
    census: dict[str, int] = {}
    smallest_pool = [99]

    def after(s) -> None:
        if not census:
            census.update(s.card_census())
        for p in check_invariants(s, census):
            problems.append(f"{scenario} seed {seed} round {s.round}: {p}")

    try:
        s = play_game(content, scenario, seed, RandomSurvivors(seed), after_step=after)
    except Exception as exc:  # a crash is a finding, reported with its seed
        return [f"{scenario} seed {seed}: {type(exc).__name__}: {exc}"], {}
    for e in s.events:
        if e.kind == "roll":
            smallest_pool[0] = min(smallest_pool[0], len(e.data["faces"]))
    summary = {"result": s.result, "rounds": s.round, "smallest_pool": smallest_pool[0],
               "max_slots": max((s.slots_used(sv) for sv in s.survivors()), default=0)}
    s.close()
    return problems, summary
