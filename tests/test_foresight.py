"""Foresight (game.ai.lookahead): the expert finds a scenario's own costs by playing a deed on forks of the game,
without a line of AI code about them: a rule it has never seen, and the nurse who may bolt under high Heat."""
from game.ai.survivor_ai import SurvivorAI
from game.world import actions as A
from game.world.session import Session
from tests.arena import arena, open_board

# A cop four squares from a courier, a shambler closing on the courier: the expert shoots it.
STREET = open_board((5, "d...d...z"), (7, "d"), (14, "...............e"))
SEEDS = range(24)


class WakingDead(Session):
    """A rule no scenario has and the AI was never told of: here gunfire wakes the dead, and every shot fired
    advances the Doom track one space."""

    def add_heat(self, amount, cell, reason):
        super().add_heat(amount, cell, reason)
        if cell is not None and reason.startswith("Pistol"):
            self.advance_doom("the shot wakes the dead")


def first_choice(level: str, seed: int, rules=Session, heat: int = 0, team=("police_officer", "courier", "nurse")):
    s = arena(STREET, team=list(team), faces=[6] * 30)
    s.__class__ = rules
    s.heat = heat
    cop = s.survivors()[0]
    s.submit(A.Activate(cop))
    action = SurvivorAI(level, seed).choose(s)
    reason = s.events[-1].text
    s.close()
    return action, reason


def test_the_expert_shoots_the_shambler_when_nothing_else_follows():
    assert all(isinstance(first_choice("expert", seed)[0], A.Shoot) for seed in SEEDS)


def test_a_penalty_the_ai_has_never_seen_is_foreseen_and_avoided():
    for seed in SEEDS[:6]:
        action, reason = first_choice("expert", seed, rules=WakingDead)
        assert not isinstance(action, A.Shoot)
        assert "foresees" in reason and "Doom" in reason
    # the veteran does not look ahead: it shoots and pays
    assert isinstance(first_choice("veteran", 0, rules=WakingDead)[0], A.Shoot)


def test_the_nurses_nerve_is_weighed_through_the_engine():
    """At Heat 4 the pistol's 2 Heat brings the track to the nurse's panic Heat before her turn: she tests her nerve
    on one die and, failing, loses her activation. Foresight plays that test on a fork with dice of its own, so the
    expert holds fire about as often as the nurse would fail it (half the time), never when the Heat stays low."""
    held = [not isinstance(first_choice("expert", seed, heat=4)[0], A.Shoot) for seed in SEEDS]
    assert 4 <= sum(held) <= 20
    assert all(isinstance(first_choice("expert", seed, heat=0)[0], A.Shoot) for seed in SEEDS)
    # without the nurse, the same shot at the same Heat costs nothing foresight can see
    assert all(isinstance(first_choice("expert", seed, heat=4, team=("police_officer", "courier", "doctor"))[0],
                          A.Shoot) for seed in SEEDS)
