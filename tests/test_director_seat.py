"""Playing the Director (issue 14, part 1), headless: Step 3 waits for the person in the Director's seat, takes only
purchases the rules allow with the Heat left, never lets Heat go while something can be bought, and a save made
while the seat waits replays to the same moment and goes on identically."""
import json

import pytest

from game.ai.survivor_ai import SurvivorAI
from game.content.loader import load_content
from game.world import actions as A
from game.world.director_seat import REASON, DirectorSeat, menu
from game.world.purchases import BuyEvent, Lunge, Spawn, legal_purchases, price
from game.world.saves import GameRecord, RecordingSession, SaveError, load_game, write_save
from game.world.session import Impossible

CONTENT = load_content()


def cheapest(s):
    """A scripted Director: the cheapest purchase on the menu (the last: the menu is dearest first)."""
    return menu(s)[-1]


def play(scenario: str, seed: int, choose=cheapest, stop=None) -> tuple[RecordingSession, dict]:
    """A game with the person's seat answered by `choose`, survivors by the veteran AI; stops early when `stop(s)`.
    Returns the game and what was seen at each wait."""
    record = GameRecord(scenario, seed, CONTENT.scenarios[scenario].team, side="director")
    game = RecordingSession(CONTENT, record, DirectorSeat(record.purchases))
    ai = SurvivorAI("veteran", seed)
    seen = {"waits": 0, "menus_empty": 0, "lost_with_a_buy_on_offer": 0}
    s = game.session

    def heat_lost(event):          # at the moment Heat is given up, nothing it could buy may be on offer
        if event.kind == "purchase" and "lost" in event.data and legal_purchases(s, event.data["lost"]):
            seen["lost_with_a_buy_on_offer"] += 1
    s.listeners.append(heat_lost)
    while s.result is None:
        if stop is not None and stop(s):
            break
        if s.awaiting_director:
            seen["waits"] += 1
            assert s.heat_left > 0
            if not menu(s):
                seen["menus_empty"] += 1
            game.policy.buy(s, choose(s))
        elif s.in_director:
            s.step_director()
        else:
            game.submit(ai.choose(s) or A.EndSurvivorPhase())
    return game, seen


def test_a_whole_game_as_the_director_spends_every_heat_on_the_persons_choices():
    game, seen = play("pharmacy_run", 3)
    s = game.session
    assert s.result is not None
    bought = [e for e in s.events if e.kind == "purchase" and "cost" in e.data]
    assert len(bought) == len(game.record.purchases) == seen["waits"] > 0
    assert all(e.data["reason"] == REASON for e in bought)
    # the seat only waits with something to buy, and no Heat is lost while a purchase fits (rulebook 6.0, Step 3)
    assert seen["menus_empty"] == 0
    assert seen["lost_with_a_buy_on_offer"] == 0


def test_the_seat_refuses_what_the_rules_refuse():
    game, _ = play("last_train_out", 5, stop=lambda s: s.round == 2 and s.phase == "survivor")
    s, seat = game.session, game.policy
    with pytest.raises(Impossible, match="Step 3"):          # not while the survivors play
        seat.buy(s, cheapest(s) if menu(s) else Spawn("shambler", 0))
    game.submit(A.EndSurvivorPhase())
    s.run_director()
    while s.heat_left > 2:                 # spend down until a Brute or a special is beyond the Heat left
        seat.buy(s, menu(s)[0])
        s.run_director()
    assert s.awaiting_director
    left = s.heat_left
    dear = [p for p in legal_purchases(s, 99) if price(s, p) > left]
    assert dear
    with pytest.raises(Impossible, match=f"{left} Heat is left"):
        seat.buy(s, dear[0])
    with pytest.raises(Impossible):
        seat.buy(s, Lunge(s.survivors()[0]))                  # a survivor is no Shambler
    with pytest.raises(Impossible):
        seat.buy(s, BuyEvent("no_such_event"))
    assert s.awaiting_director                                 # refusals change nothing
    before = len(game.record.purchases)
    seat.buy(s, menu(s)[0])
    assert len(game.record.purchases) == before + 1


def test_a_save_made_while_the_director_chooses_replays_there_and_goes_on_the_same(tmp_path):
    def waiting_in_round_3(s):
        return s.round == 3 and s.awaiting_director
    game, _ = play("dead_air", 8, stop=waiting_in_round_3)
    s = game.session
    assert s.awaiting_director
    path = tmp_path / "director.json"
    write_save(path, game.record, s, "mid-phase")
    assert json.loads(path.read_text())["side"] == "director"
    loaded = load_game(path, CONTENT)
    t = loaded.session
    assert t.awaiting_director and t.heat_left == s.heat_left and t.round == 3
    assert t.rng.getstate() == s.rng.getstate()
    # the same choices from here give the same game
    for g in (game, loaded):
        g.policy.buy(g.session, menu(g.session)[0])
        g.session.run_director()
        while g.session.awaiting_director:
            g.policy.buy(g.session, menu(g.session)[0])
            g.session.run_director()
    assert [ln for ln in t.log_lines() if not ln.startswith("[decision]")][-30:] == \
        [ln for ln in s.log_lines() if not ln.startswith("[decision]")][-30:]


@pytest.mark.parametrize("damage,field", [
    (lambda d: {**d, "purchases": [{"type": "airstrike"}]}, "purchases[0]"),
    (lambda d: {**d, "purchases": [{"type": "spawn", "kind": "dragon", "point": 3}]}, "purchases[0].kind"),
    (lambda d: {**d, "purchases": [{"type": "lunge"}]}, "purchases[0]"),
    (lambda d: {**d, "purchases": [{"type": "lunge", "zombie": "x"}]}, "purchases[0].zombie"),
    (lambda d: {**d, "side": "zombies"}, "side"),
    (lambda d: {**d, "survivor_level": "godlike"}, "survivor_level"),
])
def test_a_damaged_director_save_names_the_field(tmp_path, damage, field):
    game, _ = play("pharmacy_run", 4, stop=lambda s: s.round == 2 and s.awaiting_director)
    path = tmp_path / "d.json"
    write_save(path, game.record, game.session)
    path.write_text(json.dumps(damage(json.loads(path.read_text()))))
    with pytest.raises(SaveError, match=field.replace("[", r"\[").replace("]", r"\]")):
        load_game(path, CONTENT)


def test_a_purchase_the_board_no_longer_allows_makes_the_save_damaged(tmp_path):
    game, _ = play("pharmacy_run", 4, stop=lambda s: s.round == 3 and s.awaiting_director)
    path = tmp_path / "d.json"
    write_save(path, game.record, game.session)
    data = json.loads(path.read_text())
    data["purchases"][0] = {"type": "lunge", "zombie": 1}      # entity 1 is a survivor
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not replay"):
        load_game(path, CONTENT)
