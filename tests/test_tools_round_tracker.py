"""The Director round tracker: the phase in the rulebook's order, Doom and its events by name, carried Heat, the
noise log, JSON round trips, undo, and bad saved states named by field."""
import json

import pytest

from game.content.loader import load_content
from game.tools.common import ToolError
from game.tools.round_tracker import HISTORY, RoundTracker, noise_buttons

C = load_content()
# every spawn point of Pharmacy Run held: only events are for sale
HELD = [m.name for m in C.maps[C.scenarios["pharmacy_run"].map].markers if m.kind.startswith("spawn")]


# Lost and Found's menu has no Lost Time (Pharmacy Run's would take 6 Heat and move the Doom track itself)
QUIET = "lost_and_found"
HELD_QUIET = [m.name for m in C.maps[C.scenarios[QUIET].map].markers if m.kind.startswith("spawn")]


def board(**extra):
    return {"held_spawns": HELD, "survivors": [{"name": "Doc", "to_goal": 10}], **extra}


def tracker(scenario="pharmacy_run"):
    return RoundTracker.new(C, scenario)


def test_noise_buttons_come_from_the_data():
    keys = {b.key: b for b in noise_buttons(C)}
    assert keys["weapon:pistol"].label == f"+{C.weapons['pistol'].heat} Pistol"
    assert keys["natural_one"].heat == 1
    assert keys["zombie:screamer:shriek"].next_round


def test_noise_adds_up_and_a_shriek_waits_for_next_round():
    t = tracker()
    t.add_noise(C, "weapon:pistol")
    t.add_noise(C, "natural_one", count=2)
    t.add_noise(C, "zombie:screamer:shriek")
    assert [n["label"] for n in t.noise] == ["+2 Pistol", "+1 natural 1 x2", "+3 Screamer shrieks (next round)"]
    assert t.made == 4 and t.next_round == 3


def test_sound_carries_adds_its_bonus_to_every_noisy_act():
    t = tracker("night_shift")
    entry = t.add_noise(C, "weapon:pistol")
    assert entry["heat"] == C.weapons["pistol"].heat + 1 and "sound carries" in entry["label"]


def test_the_phase_runs_frenzy_first_then_escalation_and_purchases():
    t = tracker(QUIET)
    for _ in range(8):
        t.add_noise(C, "natural_one")           # 8 + 2 ambient = 10: needs 4+
    facts = board(held_spawns=HELD_QUIET, survivors=[{"name": "Doc", "to_goal": 10},
                                                     {"name": "Cop", "downed": True, "slots_used": 2,
                                                      "disruption": 1}])
    r = t.director_phase(C, facts, die=4)
    assert r["frenzy"] == [{"survivor": "Cop", "slots": 2, "disruption": 1, "lethality": 1}]
    assert (r["heat"], r["escalation"]["need"], r["escalation"]["doom_advances"]) == (10, 4, True)
    assert t.doom == 2
    assert sum(p["cost"] for p in r["purchases"]) == 10 - r["heat_lost"]
    assert len({p["what"] for p in r["purchases"] if p["kind"] == "event"}) == \
        len([p for p in r["purchases"] if p["kind"] == "event"])            # no event twice
    text = t.as_text(C)
    assert text.index("Feeding Frenzy") < text.index("Escalation") < text.index("Purchases") < \
        text.index("Activation")


def test_bought_events_carry_no_heat_and_doom_events_fire_by_name():
    """Heat cannot be hoarded: nothing the Director buys puts Heat on next round's track."""
    t = tracker(QUIET)
    t.doom = 3                                   # Doom space 4 of Lost and Found holds Distant Sirens
    t.add_noise(C, "natural_one", count=4)      # 4 + 2 ambient = 6 Heat: no escalation, two events
    r = t.director_phase(C, board(held_spawns=HELD_QUIET), die=1)
    bought = [p["event"] for p in r["purchases"]]
    assert r["heat_lost"] == 0 and len(bought) == 2
    assert all(p["what"] == f"Event: {C.events[p['event']].name}" for p in r["purchases"])
    assert t.next_round == 0
    fired = t.end_phase(C)
    assert [f["event"] for f in fired] == [C.events["sirens"].name]
    assert t.doom == 4 and t.round == 2 and t.noise == [] and t.next_round == 0
    assert t.carried == 0
    assert t.doom_fired[0]["event"] == C.events["sirens"].name and t.doom_fired[0]["space"] == 4


def test_the_finale_fires_on_the_last_space():
    t = tracker()
    t.doom = 13
    t.director_phase(C, board(), die=1)
    fired = t.end_phase(C)
    assert fired[-1]["why"] == "Doom Finale" and fired[-1]["event"] == C.events["overrun"].name
    assert t.finale_round == 2


def test_phases_come_in_order():
    t = tracker()
    with pytest.raises(ToolError, match="Director Phase"):
        t.end_phase(C)
    t.director_phase(C, board(), die=1)
    with pytest.raises(ToolError, match="end the round"):
        t.director_phase(C, board(), die=1)


def test_a_refused_phase_leaves_the_state_as_it_was():
    t = tracker()
    t.add_noise(C, "natural_one")
    before = t.to_dict()
    with pytest.raises(ToolError, match="survivors"):
        t.director_phase(C, {"survivors": []}, die=1)
    assert t.to_dict() == before


def test_round_trip_through_json_and_undo_after_loading():
    t = tracker()
    t.add_noise(C, "weapon:shotgun")
    t.director_phase(C, board(), die=2)
    t.end_phase(C)
    t.add_noise(C, "natural_one")
    again = RoundTracker.from_dict(json.loads(json.dumps(t.to_dict())), C)
    assert again.to_dict() == t.to_dict()
    assert again.undo() == "noise +1 natural 1" and again.noise == []
    assert again.undo().startswith("End Phase") and again.phase == "director" and again.round == 1
    assert again.undo().startswith("Director Phase") and again.phase == "survivors" and again.report is None
    again.undo()
    assert again.noise == [] and again.to_dict(with_history=False) == tracker().to_dict(with_history=False)
    with pytest.raises(ToolError, match="nothing to undo"):
        again.undo()


def test_history_is_bounded():
    t = tracker()
    for _ in range(HISTORY + 5):
        t.add_noise(C, "natural_one")
    assert len(t.history) == HISTORY
    assert len(json.dumps(t.to_dict())) < 60_000


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(version=7), "version"),
    (lambda d: d.update(doom="x"), "doom"),
    (lambda d: d.update(doom=30), "doom"),
    (lambda d: d.update(round=0), "round"),
    (lambda d: d.update(level="nasty"), "level"),
    (lambda d: d.update(phase="lunch"), "phase"),
    (lambda d: d.update(scenario="moon_base"), "scenario"),
    (lambda d: d.update(noise=[{"label": "+2 pistol", "heat": -2}]), "noise[0]"),
    (lambda d: d.update(noise="loud"), "noise"),
    (lambda d: d.update(report=[1]), "report"),
    (lambda d: d.update(history=[{"label": "x", "state": {"version": 1}}]), "history[0].state."),
    (lambda d: d.update(history=[{"label": "x"}] * (HISTORY + 1)), "history"),
])
def test_bad_states_name_the_field(change, field):
    d = tracker().to_dict()
    change(d)
    with pytest.raises(ToolError) as err:
        RoundTracker.from_dict(d, C)
    assert err.value.flag.startswith(field)


def test_not_a_mapping_is_refused():
    with pytest.raises(ToolError, match="mapping"):
        RoundTracker.from_dict([1, 2], C)


def test_inputs_from_a_form_are_checked_not_trusted():
    """What a web page or a hand-edited file hands in: a tracker loaded without content, strings for numbers."""
    d = tracker().to_dict()
    d["scenario"] = "moon_base"
    lost = RoundTracker.from_dict(d)                 # no content: the shape is checked, the scenario later
    for call in (lambda: lost.director_phase(C, board(), die=1), lambda: lost.end_phase(C),
                 lambda: lost.add_noise(C, "natural_one")):
        with pytest.raises(ToolError) as err:
            call()
        assert err.value.flag in ("scenario", "phase")
    assert "moon_base" in lost.as_text(C)
    t = tracker()
    with pytest.raises(ToolError) as err:
        t.add_noise(C, "natural_one", count="3")
    assert err.value.flag == "count"
    with pytest.raises(ToolError) as err:
        t.director_phase(C, board(), die="6")
    assert err.value.flag == "die" and t.history == [] and t.phase == "survivors"
    with pytest.raises(ToolError) as err:
        RoundTracker.new(C, "moon_base")
    assert err.value.flag == "--scenario"
    assert RoundTracker.new(C, "quickplay_5").scenario == "quickplay_5"     # a quick-play game is tracked too
