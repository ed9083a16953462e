"""Foresight: what an action leads to, read from the engine by playing it on a fork of the game (game.world.fork).

The survivor AI's rules of thumb know the rulebook's common costs (noise is Heat, Heat buys zombies, the Doom clock).
A scenario's own rules are not in them: the nurse who may bolt when the Heat is high, a penalty a new scenario adds.
Foresight finds those without knowing of them. It plays the action on a fork with dice of its own, then plays the
rest of the Survivor Phase there as "everyone else starts their activation and does nothing", so that every rule
that fires on an action, on the Heat, or on an activation's start (nerve, burning, a stun) fires as the rules say;
and, when the deed leaves the team worse off than it is now, the same for doing nothing instead. What the team has
at the end of each (AP for the activations still to come; the rest of the team's wounds, Downed and lost; the
scenario's progress; the Doom track) is priced in AP by the level's numbers (game/data/survivor_ai.yaml); the
difference is what the deed costs beyond its own AP.

The rest of the phase, not the Director Phase: what the Director buys with Heat the rules of thumb already price, and
the horde's attacks would cloud the comparison with the dice of one sampled Director Phase.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ai.survivor_levels import Prices
from game.world import actions as A
from game.world.actions import opening_ap
from game.world.components import Health, Status, Turn
from game.world.errors import Impossible
from game.world.session import Session

# Actions that only move a survivor or pass the turn: where they lead is what the rules of thumb weigh.
UNFORESEEN = (A.Move, A.Disengage, A.Withdraw, A.Activate, A.EndActivation, A.EndSurvivorPhase)


@dataclass
class Outcome:
    """What the team has once the rest of the phase is played: summed over the samples."""
    ap: int = 0             # AP the survivors still to act start their activations with
    wounds: int = 0         # wounds left on the survivors standing or Downed
    downed: int = 0
    lost: int = 0           # eliminated
    progress: int = 0       # tasks done and progress on the current one, survivors escaped
    doom: int = 0           # spaces on the Doom track

    def add(self, other: Outcome) -> None:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def worth(self, prices: Prices) -> float:
        return (prices.ap * self.ap + prices.wound * self.wounds - prices.downed * self.downed
                - prices.lost * self.lost + prices.progress * self.progress - prices.doom * self.doom)


def foresee(s: Session, action, seed: int) -> Outcome | None:
    """The team's outcome of `action` (None: do nothing, end the activation) and the rest of the phase, on a fork
    with dice seeded by `seed`. None when the action cannot be done there.

    The wounds, Downed and lost counted are the rest of the team's, not the active survivor's: the blows it trades
    in melee are the rules of thumb's to weigh (weighs_melee), against the swarm that would strike it in the
    Director Phase, which the rest of this phase does not reach. What the deed does to the others and to the table
    (their AP, the scenario, the Doom track) is foresight's."""
    fork = s.fork(seed, director=False)      # the rest of this phase only
    try:
        try:
            fork.submit(action if action is not None else A.EndActivation(s.active))
        except Impossible:
            return None
        ap = _rest_of_phase(fork)
        return _measure(fork, ap, s.active)
    finally:
        fork.close()


def _rest_of_phase(s: Session) -> int:
    """Everyone still to act starts their activation and ends it; the AP they would have had, summed."""
    ap = 0
    if s.active is not None and s.phase == "survivor" and not s.result:
        s.submit(A.EndActivation(s.active))
    while s.phase == "survivor" and not s.result:
        waiting = [sv for sv in s.survivors() if not s.comp(sv, Turn).activated and not s.comp(sv, Status).downed]
        if not waiting:
            break
        s.submit(A.Activate(waiting[0]))
        if s.active is not None:
            ap += s.comp(s.active, Turn).ap
            if not s.result:
                s.submit(A.EndActivation(s.active))
    return ap


def _measure(s: Session, ap: int, actor: int) -> Outcome:
    everyone = s.survivors(on_board=False)
    out = Outcome(ap=ap, doom=s.doom)
    for sv in everyone:
        status = s.comp(sv, Status)
        if sv == actor and not status.escaped:
            continue
        if status.eliminated:
            out.lost += 1
        elif status.escaped:
            out.progress += 1
        else:
            out.wounds += s.comp(sv, Health).wounds
            out.downed += status.downed
    out.progress += 4 * s.task_index + s.task_progress
    if s.result is not None and s.result[0] == "survivors":
        out.progress += 100
    elif s.result is not None:
        out.lost += len(everyone)
    return out


def cost_of(s: Session, action, seeds: tuple[int, ...], prices: Prices) -> tuple[float, Outcome, Outcome]:
    """What `action` costs the team against doing nothing, in AP, averaged over one fork a seed (the same seeds for
    both, so that the difference is the action's and not the dice's), with both outcomes summed over the seeds.

    Doing nothing can only lose what the team has now (the rest of the phase takes no action), so when the action
    leaves the team no worse off than it is now on every seed it costs nothing, and doing nothing is not played."""
    did, idle = Outcome(), Outcome()
    done = [foresee(s, action, seed) for seed in seeds]
    if None in done:
        return 0.0, did, idle
    floor = now(s).worth(prices)
    if all(outcome.worth(prices) >= floor for outcome in done):
        return 0.0, did, idle
    for seed, outcome in zip(seeds, done, strict=True):
        did.add(outcome)
        idle.add(foresee(s, None, seed))
    return (idle.worth(prices) - did.worth(prices)) / len(seeds), did, idle


def now(s: Session) -> Outcome:
    """What the team has at this moment, with the AP of the activations still to come as they would open."""
    ap = sum(opening_ap(s, sv) for sv in s.survivors()
             if sv != s.active and not s.comp(sv, Turn).activated and not s.comp(sv, Status).downed)
    return _measure(s, ap, s.active)


def what_changes(idle: Outcome, did: Outcome, samples: int) -> str:
    """What the deed changes against doing nothing, per sample, e.g. "-3 AP for their activations, +1 Doom"."""
    words = []
    for name, label in (("ap", "AP for their activations"), ("wounds", "wounds taken"), ("downed", "Downed"),
                        ("lost", "lost"), ("progress", "progress"), ("doom", "Doom")):
        change = (getattr(did, name) - getattr(idle, name)) / samples
        if name == "wounds":        # the outcome counts wounds left
            change = -change
        if change:
            words.append(f"{change:+g} {label}")
    return ", ".join(words) or "nothing it can name"
