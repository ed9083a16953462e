"""The card of the Director's turn (game.world.phase_report): everything it bought, Doom, the hurt, from real phases."""
from __future__ import annotations

from game.world import purchases as D
from game.world.phase_report import phase_report
from tests.arena import arena, cell, director_until, open_board


class Shopping:
    may_decline = True

    def __init__(self, *purchases):
        self.queue = list(purchases)

    def choose(self, s, left):
        why = "Shambler at spawn_minor 15,14: 3 dice 12\" from the Firefighter (score 2.5)"
        return (self.queue.pop(0), why) if self.queue else None


def finish_phase(s) -> None:
    while s.in_director:
        s.step_director()


def test_the_report_lists_each_purchase_the_wounds_and_doom():
    # two Shamblers engage the Firefighter; the swarm's 6 dice beat his 2 by 4, capped at 2 wounds by two slots
    s = arena(open_board((1, "..zz............"), (2, "..d............."), (14, "...............S")),
              team=["firefighter"], ambient_heat=4, faces=[6, 6, 6, 6, 2, 2, 1, 1, 1, 1, 1])
    s.policy = Shopping(D.Spawn("shambler", cell(s, 15, 14)))
    doom = s.doom
    director_until(s, None)
    finish_phase(s)
    report = phase_report(s)
    assert report.heat == 4 and report.lost_heat == 2
    assert [p.what for p in report.purchases] == ["Spawn Shambler at spawn_minor 15,14"]
    assert report.hurt == (("Firefighter", 2),)
    assert report.doom == (doom, doom + 1) and report.doom_causes == ("round",)
    lines = [text for _, text in report.lines()]
    assert "Firefighter took 2 wounds." in lines
    assert "Spawn Shambler at spawn_minor 15,14 (2 Heat): 3 dice 12\" from the Firefighter" in lines[lines.index(
        "The Director spent 2 of 4 Heat:") + 1]
    assert "2 Heat went unspent." in lines and f"Doom moved from {doom} to {doom + 1}: the round's end." in lines


def test_a_quiet_phase_says_nobody_was_hurt():
    s = arena(open_board((1, "d..............."), (14, "...............z")), ambient_heat=0)
    director_until(s, None)
    finish_phase(s)
    lines = [text for _, text in phase_report(s).lines()]
    assert lines[0] == "Nobody was hurt." and "The Director had no Heat to spend." in lines
    assert "1 zombie moved." in lines


def test_each_report_covers_only_its_own_phase():
    s = arena(open_board((1, "d..............."), (14, "...............S")), ambient_heat=2)
    s.policy = Shopping(D.Spawn("shambler", cell(s, 15, 14)))
    director_until(s, None)
    finish_phase(s)
    assert len(phase_report(s).purchases) == 1
    director_until(s, None)
    finish_phase(s)
    second = phase_report(s)
    assert second.round == 2 and second.purchases == () and second.doom == (s.doom - 1, s.doom)
