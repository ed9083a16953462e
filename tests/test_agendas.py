"""The Secret Agenda deck (game.world.agendas): every card's check on a built position, the deal, saves, the data
file's checks and the balance report."""
from __future__ import annotations

import pytest

from game.content.defs import Task
from game.content.loader import load_content
from game.sim import batch
from game.world import actions as A
from game.world.agendas import CHECKS, deal, fits, night_of, parse_tables, verdicts
from game.world.components import Agenda, Health, Inventory
from game.world.saves import GameRecord, RecordingSession, load_game, write_save
from game.world.scavenge import resolve_search
from game.world.session import Session
from tests.arena import arena, open_board

CONTENT = load_content()
CARDS = CONTENT.extra["agendas"]


def holding(s, sv, card_id: str):
    """Give `sv` this card (the deal is tested apart) and return its verdict now."""
    s.add_component(sv, Agenda(card_id))
    return next(v for v in verdicts(s) if v.survivor == sv)


def two(rows=None, **kw):
    s = arena(rows or open_board((5, "...dd...........")), team=["soldier", "cook"], **kw)
    return s, *s.survivors()


def kill_in_melee(s, who, kind="shambler"):
    """A zombie next to `who`, destroyed by its melee attack (scripted dice: 6s against 1s)."""
    x, y = s.board.xy(s.cell(who))
    z = s.place_zombie(kind, s.board.idx(x, y + 1), "test")
    s.comp(z, Health).wounds = 1
    if s.active != who:
        s.submit(A.Activate(who))
    s.submit(A.Melee(who, z))
    assert not s.is_zombie(z)


def test_the_deck_has_twelve_cards_or_more_and_every_check_is_a_real_one():
    assert len(CARDS) >= 12
    assert {c.check for c in CARDS.values()} <= set(CHECKS)
    assert all(c.text and c.name for c in CARDS.values())


def test_hoarder_and_last_bullets_count_what_is_left_at_the_end():
    s, a, b = two()
    inv = s.comp(a, Inventory)
    while len(inv.gear) < 2:
        inv.gear.append(s._new_gear("crowbar", "core"))
    del inv.gear[2:]
    assert not holding(s, a, "hoarder").kept
    inv.gear.append(s._new_gear("crowbar", "core"))
    assert holding(s, a, "hoarder").kept and "carries 3 cards" in holding(s, a, "hoarder").why
    inv.reloads = 1
    assert not holding(s, a, "ammo_miser").kept
    inv.reloads = 2
    assert holding(s, a, "ammo_miser").kept


def test_me_first_is_the_first_escape_only():
    rows = open_board((5, "...dd..........."), (6, "...ee..........."))
    s = arena(rows, team=["soldier", "cook"], tasks=(Task("out", "extract", "Get out", count=2),))
    a, b = s.survivors()
    assert not holding(s, b, "first_out").kept and holding(s, b, "first_out").why == "nobody escaped"
    for who in (b, a):
        s.submit(A.Activate(who))
        s.submit(A.Move(who, s.board.idx(s.board.xy(s.cell(who))[0], 6)))
        s.submit(A.Escape(who))
    assert holding(s, b, "first_out").kept
    assert not holding(s, a, "first_out").kept


def test_not_a_scratch_and_let_them_bleed_read_the_wounds():
    s, a, b = two()
    assert holding(s, a, "untouched").kept
    assert not holding(s, a, "let_them_bleed").kept            # nobody has fewer wounds left
    s.wound_survivor(b, 1, "test")
    assert holding(s, a, "let_them_bleed").kept and not holding(s, b, "let_them_bleed").kept
    s.wound_survivor(a, 1, "test")
    assert not holding(s, a, "untouched").kept and "took 1 wound" in holding(s, a, "untouched").why


def test_the_butcher_needs_the_most_kills_and_two_and_the_trophy_a_special():
    # bare hands: 2 dice of 6s against the zombie's 1s, each time
    s, a, b = two(faces=[6, 6, 1, 1] + [6, 6, 1, 1, 1, 1])
    kill_in_melee(s, a)
    assert not holding(s, a, "butcher").kept                    # one is not two
    assert not holding(s, a, "trophy").kept
    kill_in_melee(s, a, "hunter")
    assert holding(s, a, "butcher").kept and holding(s, a, "trophy").kept
    assert night_of(s).kills[a] == 2 and night_of(s).kills[b] == 0


def test_quiet_hands_is_broken_by_one_shot():
    rows = open_board((5, "...d.......z...."))
    s = arena(rows, team=["soldier"], faces=[1] * 12)
    a = s.survivors()[0]
    assert holding(s, a, "quiet_hands").kept
    gun = next(g for g in s.comp(a, Inventory).gear if g.gear_id in CONTENT.weapons
               and CONTENT.weapons[g.gear_id].kind == "firearm")
    s.submit(A.Activate(a))
    s.submit(A.Shoot(a, s.zombies()[0], gun.uid))
    assert not holding(s, a, "quiet_hands").kept and "fired 1 shot" in holding(s, a, "quiet_hands").why


def test_the_scavenger_counts_searches_whatever_they_find():
    s, a, b = two(faces=[1] * 30)
    for _ in range(2):
        resolve_search(s, a, s.cell(a))
    assert not holding(s, a, "scavenger").kept
    resolve_search(s, a, s.cell(a))
    assert holding(s, a, "scavenger").kept


def test_look_after_number_one_is_broken_by_a_triage_or_a_drag():
    s = arena(open_board((5, "...dd...........")), team=["paramedic", "cook"], faces=[1] * 10)
    medic, cook = s.survivors()
    s.wound_survivor(cook, 9, "test")
    assert holding(s, medic, "number_one").kept
    s.submit(A.Activate(medic))
    s.submit(A.Triage(medic, cook))                             # it fails: it still counts as helping
    assert not holding(s, medic, "number_one").kept
    s2 = arena(open_board((4, "..======"), (5, "...dd...........")), team=["firefighter", "cook"])
    ff, c2 = s2.survivors()
    s2.wound_survivor(c2, 9, "test")
    s2.submit(A.Activate(ff))
    dest = min(A.Drag(ff, c2, -1).cells(s2))
    s2.submit(A.Drag(ff, c2, dest))
    assert not holding(s2, ff, "number_one").kept


def test_last_one_standing_sabotage_and_finders_keepers_read_the_end():
    s, a, b = two()
    assert not holding(s, a, "last_standing").kept
    s.eliminate(b, "test")
    assert holding(s, a, "last_standing").kept and not holding(s, b, "last_standing").kept
    assert holding(s, a, "sabotage").kept                       # no win for the survivors (yet), and a stands
    assert not holding(s, b, "sabotage").kept                   # b was lost
    s.finish("survivors", "objective")
    assert not holding(s, a, "sabotage").kept
    assert not holding(s, a, "keep_away").kept
    s.comp(a, Inventory).gear.append(s._new_gear("supply_crate", "objective"))
    assert holding(s, a, "keep_away").kept and "Supply Crate" in holding(s, a, "keep_away").why


def test_the_deal_is_one_card_each_from_the_seed_never_twice_and_only_what_fits():
    lto, pharmacy = CONTENT.scenarios["last_train_out"], CONTENT.scenarios["pharmacy_run"]
    assert not fits(CARDS["first_out"], pharmacy) and fits(CARDS["first_out"], lto)
    assert not fits(CARDS["keep_away"], lto) and fits(CARDS["keep_away"], pharmacy)
    seen = set()
    for seed in range(200):
        cards = deal(CONTENT, pharmacy, [1, 2, 3, 4, 5, 6], seed)
        assert len({c.id for c in cards.values()}) == 6
        assert "first_out" not in {c.id for c in cards.values()}
        assert cards == deal(CONTENT, pharmacy, [1, 2, 3, 4, 5, 6], seed)
        seen |= {c.id for c in cards.values()}
    assert seen == {c.id for c in CARDS.values() if fits(c, pharmacy)}


def test_the_deal_never_moves_the_games_dice():
    """The same seed plays the same game with or without the cards, for a player that does not read them (the rush
    baseline; the survivor AI plays for its card, so its games differ by its choices, not by the dice)."""
    from game.ai.players import make_player
    from game.sim.runner import play_game
    for seed in (3, 4):
        assert Session(CONTENT, "pharmacy_run", seed=seed).rng.getstate() == \
            Session(CONTENT, "pharmacy_run", seed=seed, agendas=True).rng.getstate()
        plain = play_game(CONTENT, "pharmacy_run", seed, make_player("rush", seed))
        dealt = play_game(CONTENT, "pharmacy_run", seed, make_player("rush", seed), agendas=True)
        assert plain.log_lines() == dealt.log_lines()
        assert len(verdicts(dealt)) == 4 and not verdicts(plain)
        plain.close()
        dealt.close()


def test_a_save_keeps_the_agendas(tmp_path):
    game = RecordingSession(CONTENT, GameRecord("pharmacy_run", 8, CONTENT.scenarios["pharmacy_run"].team,
                                                 agendas=True))
    before = [(v.survivor, v.agenda.id) for v in verdicts(game.session)]
    path = tmp_path / "slot.json"
    write_save(path, game.record, game.session)
    game.session.close()
    loaded = load_game(path, CONTENT)
    assert loaded.record.agendas and [(v.survivor, v.agenda.id) for v in verdicts(loaded.session)] == before
    loaded.session.close()


@pytest.mark.parametrize("entry,where", [
    ({"name": "X", "text": "Y", "check": {"kind": "fly"}}, "agendas.bad.check.kind"),
    ({"name": "X", "text": "Y", "check": {"kind": "most_kills", "count": -1}}, "agendas.bad.check.count"),
    ({"name": "X", "text": "Y", "check": {"kind": "most_kills"}, "needs": "boat"}, "agendas.bad.needs"),
    ({"name": "X", "check": {"kind": "most_kills"}}, "agendas.bad.text"),
])
def test_a_bad_card_is_named_by_file_and_field(entry, where):
    raw = {"agendas": {**{cid: {"name": c.name, "text": c.text, "check": {"kind": c.check, "count": c.count}}
                            for cid, c in CARDS.items()}, "bad": entry}}
    table, problems = parse_tables(raw, "agendas.yaml", {})
    assert table is None and problems and problems[0].where.startswith(where), problems
    assert problems[0].file == "agendas.yaml"


def test_the_balance_report_says_how_often_each_card_is_kept():
    records = batch.run_batch(batch.jobs_for("last_train_out", 4, 1, "veteran", agendas=True))
    rep = batch.report(records, "last_train_out", "veteran", 1)
    kept = rep["agendas_kept"]
    assert sum(v["dealt"] for v in kept.values()) == 16
    assert all(0 <= v["kept_rate"] <= 1 for v in kept.values())
    assert "secret agendas kept:" in batch.format_report(rep)


def test_a_session_without_agendas_has_none():
    s = Session(CONTENT, "pharmacy_run", seed=1)
    assert verdicts(s) == [] and not any(s.try_comp(sv, Agenda) for sv in s.survivors())
    s.close()


def test_the_end_screen_reveals_every_agenda_and_who_kept_it():
    from game.ai.players import make_player
    from game.sim.runner import play_game
    from game.ui.board.end_screen import game_stats
    s = play_game(CONTENT, "last_train_out", 2, make_player("veteran", 2), agendas=True)
    st = game_stats(s)
    shown = {f.name: (f.agenda, f.agenda_kept) for f in st.team}
    truth = {s.name(v.survivor): (v.agenda.name, v.kept) for v in verdicts(s)}
    assert shown == truth and all(name for name, _ in shown.values())
    s.close()
