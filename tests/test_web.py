"""The companion pages without a browser (Flask's test client): a table kept across a restart, shared by two phones,
undo, a clear 400 naming the field for every bad input, and `serve` refusing bad flags."""
import html
import re
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from game.cli import main
from game.content.loader import load_content
from game.tools import table_tools as T
from game.tools.director_assistant import EXAMPLE
from game.tools.table_store import TableStore
from game.web.app import create_app

C = load_content()


@pytest.fixture
def db(tmp_path):
    return tmp_path / "tables.db"


@pytest.fixture
def client(db):
    return create_app(db, C).test_client()


def new_table(client) -> str:
    reply = client.post("/new")
    assert reply.status_code == 303
    return re.fullmatch(r"/t/([A-Z]{5})/", reply.location).group(1)


def deck_cells(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-deck="(\w+)">([^<]+)<', html))


def alert(reply) -> str:
    found = re.search(r'role="alert"[^>]*>(.*?)</div>', reply.get_data(as_text=True), re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))) if found else ""


def test_a_table_survives_a_server_restart(db):
    first = create_app(db, C).test_client()
    code = new_table(first)
    form = {"wits": "3", "location": "armory", "faces": "6 2 2"}      # a jackpot: one card from the Armory Deck
    assert first.post(f"/t/{code}/scavenge", data=form).status_code == 303
    assert first.post(f"/t/{code}/calc", data={"heat": "2", "label": "pistol"}).status_code == 303
    before = first.get(f"/t/{code}/scavenge").get_data(as_text=True)
    drawn = T.decks(TableStore(db), code, C).draw

    second = create_app(db, C).test_client()        # a new app on the same file: the server restarted
    after = second.get(f"/t/{code}/scavenge").get_data(as_text=True)
    assert deck_cells(after) == deck_cells(before)
    assert deck_cells(after) != deck_cells(second.get(f"/t/{new_table(second)}/scavenge").get_data(as_text=True))
    assert T.decks(TableStore(db), code, C).draw == drawn
    assert 'id="heat-total">2<' in second.get(f"/t/{code}/calc").get_data(as_text=True)


def test_two_phones_on_one_code_see_the_same_decks_and_the_version_moves(client, db):
    other = create_app(db, C).test_client()
    code = new_table(client)
    seen = other.get(f"/t/{code}/version").get_json()["version"]
    client.post(f"/t/{code}/scavenge", data={"wits": "3", "faces": "4 4 2"})     # a find: one core card
    assert other.get(f"/t/{code}/version").get_json()["version"] == seen + 1
    mine, theirs = (c.get(f"/t/{code}/scavenge").get_data(as_text=True) for c in (client, other))
    assert deck_cells(mine) == deck_cells(theirs)
    assert deck_cells(theirs)["core"] in ("35 / 0", "35 / 1")       # the card kept, or discarded as a hazard
    assert "Search: success" in theirs


def test_undo_puts_the_decks_back_as_they_were(client, db):
    code = new_table(client)
    client.post(f"/t/{code}/scavenge", data={"wits": "3"})
    one = T.decks(TableStore(db), code, C)
    client.post(f"/t/{code}/scavenge", data={"wits": "3", "faces": "5 4 4"})     # a sure find: a card is drawn
    assert T.decks(TableStore(db), code, C).draw != one.draw
    assert client.post(f"/t/{code}/scavenge/undo").status_code == 303
    back = T.decks(TableStore(db), code, C)
    assert (back.draw, back.discard, back.rng.getstate()) == (one.draw, one.discard, one.rng.getstate())
    assert len(TableStore(db).history(code, "scavenge")) == 1


def test_entered_dice_drive_the_search_and_its_heat(client, db):
    code = new_table(client)
    client.post(f"/t/{code}/scavenge", data={"wits": "3", "faces": "1,1,2"})    # no hit, two natural 1s
    latest = TableStore(db).history(code, "scavenge")[0]
    assert latest.summary == "Search: failure, Heat 2"
    assert "3 dice: 1 1 2" in latest.text


def test_every_change_is_one_transaction_even_from_many_phones_at_once(db):
    store = TableStore(db)
    code = store.new_table()
    errors = []

    def phone():
        try:
            for _ in range(5):
                T.add_heat(store, code, 1, "natural 1")
        except Exception as exc:   # collected: a lost update or a locked database would show here
            errors.append(exc)

    threads = [threading.Thread(target=phone) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert T.heat(store, code).total == 20
    assert store.version(code) == 20


def test_the_round_tracker_keeps_the_round_on_the_table(client, db):
    code = new_table(client)
    page = f"/t/{code}/director"
    client.post(page, data={"action": "start", "scenario": "pharmacy_run"})
    client.post(page, data={"action": "noise", "noise": "weapon:pistol"})
    client.post(page, data={"action": "heat", "heat": "3", "label": "car alarm"})
    t, _ = T.tracker(TableStore(db), code, C)
    assert [n["label"] for n in t.noise] == ["+2 Pistol", "+3 car alarm"] and t.made == 5
    assert client.post(page, data={"action": "phase", "facts": EXAMPLE, "die": "1"}).status_code == 303
    html = client.get(page).get_data(as_text=True)
    assert "This round's Director Phase" in html and "Heat: made 5" in html and "End the round" in html
    client.post(page, data={"action": "end"})
    t, _ = T.tracker(TableStore(db), code, C)
    assert (t.round, t.noise, t.phase) == (2, [], "survivors")
    client.post(f"{page}/undo")                          # back before the End Phase
    t, _ = T.tracker(TableStore(db), code, C)
    assert (t.round, t.phase, t.made) == (1, "director", 5)


def test_entered_dice_resolve_an_attack_and_add_its_heat(client, db):
    code = new_table(client)
    # a Firefighter (Fight 3 + Fire Axe 3: 6 dice) at a Brute (4 dice): 6 6 5 4 1 1 against 4 2 2 2
    form = {"attack": "melee", "archetype": "firefighter", "zombie": "brute", "faces": "6 6 5 4 1 1 4 2 2 2",
            "action": "roll"}
    reply = client.post(f"/t/{code}/calc", data=form)
    assert reply.status_code == 303 and "go=1" in reply.location
    tally = T.heat(TableStore(db), code)
    assert tally.total == 3                                     # the axe's 1 + two natural 1s
    latest = TableStore(db).history(code, "calc")[0]
    assert latest.summary == "Melee roll: 3 wounds to Brute, +3 Heat (total 3)"
    client.post(f"/t/{code}/calc/undo")
    assert T.heat(TableStore(db), code).total == 0


def test_every_page_answers_200(client):
    code = new_table(client)
    for page in ("", "calc", "scavenge", "quickplay", "frenzy", "director", "calc?attack=swarm",
                 "calc?attack=ranged&go=1&archetype=police_officer&zombie=brute",
                 "calc?attack=swarm&go=1&archetype=firefighter&z_shambler=2",
                 "frenzy?go=1&archetype=doctor&z_shambler=1&z_brute=1", "frenzy?go=1&show=bleed&archetype=doctor",
                 "frenzy?go=1&show=swipes&archetype=doctor&z_shambler=2"):
        assert client.get(f"/t/{code}/{page}").status_code == 200, page


BAD = [   # (method, page, form, the field the message names, words of the message)
    ("get", "calc", {"attack": "kick"}, "attack", "unknown attack type"),
    ("get", "calc", {"attack": "melee", "go": "1", "attacker_dice": "lots"}, "attacker_dice", "not a whole number"),
    ("get", "calc", {"attack": "melee", "go": "1", "archetype": "wizard"}, "archetype", "unknown choice"),
    ("get", "calc", {"attack": "melee", "go": "1"}, "attacker_dice", "give the attacker's dice"),
    ("get", "calc", {"attack": "swarm", "go": "1", "archetype": "cook", "z_horde": "2"}, "zombies", "engagement"),
    ("get", "calc", {"attack": "ranged", "go": "1", "dice": "99"}, "dice", "must be 0 to 40"),
    ("post", "calc", {"heat": "-5"}, "heat", "must be 1 to 30"),
    ("post", "calc", {}, "heat", "is needed"),
    ("post", "calc", {"action": "roll", "attack": "melee", "archetype": "cook", "zombie": "brute", "faces": "6"},
     "faces", "ran out of dice"),
    ("post", "calc", {"action": "roll", "attack": "melee", "fight": "3", "attacker_dice": "4"}, "fight", "not both"),
    ("post", "scavenge", {"wits": "abc"}, "wits", "not a whole number"),
    ("post", "scavenge", {}, "wits", "give the Wits dice"),
    ("post", "scavenge", {"wits": "3", "location": "moon"}, "location", "unknown choice"),
    ("post", "scavenge", {"wits": "3", "faces": "7"}, "faces", "not a face"),
    ("post", "scavenge", {"wits": "3", "faces": "6"}, "faces", "ran out of dice"),
    ("post", "scavenge", {"action": "burn"}, "action", "unknown choice"),
    ("post", "quickplay", {"map": "atlantis"}, "map", "unknown choice"),
    ("post", "quickplay", {"seed": "x"}, "seed", "not a whole number"),
    ("post", "quickplay", {"faces": "1,2"}, "faces", "ran out of dice"),
    ("get", "frenzy", {"go": "1", "archetype": "doctor"}, "zombies", "name the zombies"),
    ("get", "frenzy", {"go": "1", "guts": "2", "z_shambler": "many"}, "zombies", "not a whole number"),
    ("get", "frenzy", {"go": "1", "z_shambler": "1"}, "guts", "give the Guts dice"),
    ("post", "frenzy", {"guts": "2", "z_shambler": "1", "faces": "9"}, "faces", "not a face"),
    ("get", "frenzy", {"go": "1", "show": "bleed"}, "guts", "or an archetype to take them"),
    ("get", "frenzy", {"go": "1", "show": "swipes", "archetype": "doctor"}, "zombies", "name the zombies"),
    ("get", "frenzy", {"go": "1", "show": "moon"}, "show", "unknown choice"),
    ("post", "director", {"action": "noise", "noise": "weapon:pistol"}, "scenario", "start the round tracker"),
    ("post", "director", {"action": "start"}, "scenario", "choose one of"),
    ("post", "director", {"action": "start", "scenario": "mars"}, "scenario", "unknown choice"),
    ("post", "director", {"action": "start", "scenario": "dead_air", "director": "evil"}, "director", "unknown"),
    ("post", "director", {"action": "dance"}, "action", "unknown choice"),
]

TRACKED = [   # bad input once the table has a round tracker
    ("post", "director", {"action": "noise", "noise": "weapon:banjo"}, "noise", "unknown choice"),
    ("post", "director", {"action": "heat", "heat": "0"}, "heat", "must be 1 to 15"),
    ("post", "director", {"action": "phase", "facts": "heat: [1"}, "facts", "not readable as YAML"),
    ("post", "director", {"action": "phase", "facts": "- a list"}, "facts", "board facts"),
    ("post", "director", {"action": "phase", "facts": EXAMPLE, "die": "7"}, "die", "must be 1 to 6"),
    ("post", "director", {"action": "phase", "facts": "survivors: []"}, "facts", "at least one survivor"),
    ("post", "director", {"action": "end"}, "phase", "run the Director Phase"),
]


@pytest.mark.parametrize(("method", "page", "form", "field", "words"), BAD + TRACKED,
                         ids=[f"{b[1]}-{b[3]}-{i}" for i, b in enumerate(BAD + TRACKED)])
def test_bad_input_gets_a_400_naming_the_field(client, db, method, page, form, field, words):
    code = new_table(client)
    if (method, page, form, field, words) in TRACKED:
        T.start_tracker(TableStore(db), code, C, "pharmacy_run")
    version = TableStore(db).version(code)
    if method == "get":
        reply = client.get(f"/t/{code}/{page}", query_string=form)
    else:
        reply = client.post(f"/t/{code}/{page}", data=form)
    assert reply.status_code == 400
    message = alert(reply)
    assert message.startswith(f"{field}:") and words in message, message
    if field not in ("action", "phase", "noise", "show"):       # a button's value, not a field to mark
        assert 'aria-invalid="true"' in reply.get_data(as_text=True)
    assert TableStore(db).version(code) == version          # nothing changed on the table


@pytest.mark.parametrize("url", ["/t/ab/scavenge", "/t/ZZZZ/calc", "/t/ABCDEFG/", "/join?table=12", "/join?table=QQQQ"])
def test_a_bad_or_unknown_table_code_gets_a_400(client, url):
    reply = client.get(url)
    assert reply.status_code == 400
    assert alert(reply).startswith("table:")


def test_unknown_pages_and_tools_get_a_page_not_a_traceback(client):
    code = new_table(client)
    for reply in (client.get("/nowhere"), client.post(f"/t/{code}/poker/undo"), client.delete(f"/t/{code}/calc")):
        assert reply.status_code in (404, 405)
        assert "Traceback" not in reply.get_data(as_text=True)


def test_serve_prints_its_address_and_a_qr_code_and_answers(tmp_path):
    with socket.socket() as s:          # a port nobody uses
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen([sys.executable, "main.py", "serve", "--host", "127.0.0.1", "--port", str(port), "--db",
                             str(tmp_path / "tables.db")], cwd=root, stdout=subprocess.PIPE, text=True,
                            env={"BT_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    guard = threading.Timer(60, proc.kill)      # never hang the test run
    guard.start()
    try:
        first = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first
        printed = [proc.stdout.readline() for _ in range(6)]
        assert "tables.db" in printed[0] and any("█" in line for line in printed[1:])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as reply:
            assert reply.status == 200 and b"Join a table" in reply.read()
    finally:
        guard.cancel()
        proc.terminate()
        proc.wait(10)
        proc.stdout.close()


@pytest.mark.parametrize(("argv", "words"), [
    (["serve", "--port", "abc"], None),
    (["serve", "--port", "70000"], None),
    (["serve", "--color"], None),
    (["serve", "--host", "no such host", "--port", "8017"], "--host/--port"),
    (["serve", "--db", "/proc/none/tables.db"], "--db"),
])
def test_serve_refuses_bad_flags(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert (words or "error:") in err


def test_the_command_line_plays_on_the_same_table(db, capsys):
    store = TableStore(db)
    code = store.new_table()
    assert main(["scavenge", "--wits", "3", "--faces", "5,4,4", "--table", code, "--db", str(db)]) == 0
    assert f"(table {code})" in capsys.readouterr().out
    drawn = sum(c["draw"] for c in T.decks(store, code, C).counts().values())
    assert drawn == sum(len(d.cards) for d in C.decks.values()) - 1
    assert main(["scavenge", "--wits", "3", "--table", "no1", "--db", str(db)]) == 2
    assert "--table" in capsys.readouterr().err
    assert main(["frenzy", "--guts", "2", "--slots", "1", "--db", str(db)]) == 2
    assert "needs --table" in capsys.readouterr().err
    assert main(["scavenge", "--undo", "--table", code, "--db", str(db)]) == 0
    assert sum(c["draw"] for c in T.decks(store, code, C).counts().values()) == drawn + 1


def test_the_command_line_keeps_the_round_and_the_heat_on_a_table(db, capsys, tmp_path):
    code, at = "KRVMT", ["--table", "krvmt", "--db", str(db)]
    faces = "6,6,5,4,1,1,4,2,2,2"         # the Fire Axe's 1 Heat and two natural 1s
    assert main(["calc", "melee", "--archetype", "firefighter", "--zombie", "brute", "--faces", faces, *at]) == 0
    assert T.heat(TableStore(db), code).total == 3
    assert main(["calc", "melee", "--archetype", "firefighter", "--zombie", "brute", *at]) == 2
    assert "grows with rolls" in capsys.readouterr().err
    assert main(["director", "--noise", "weapon:pistol", *at]) == 2
    assert "name the scenario" in capsys.readouterr().err
    assert main(["director", "--scenario", "pharmacy_run", "--noise", "weapon:pistol", "--add-heat", "2", *at]) == 0
    facts = tmp_path / "facts.yaml"
    facts.write_text(EXAMPLE)
    assert main(["director", "--phase", "--facts", str(facts), "--die", "2", *at]) == 0
    t, _ = T.tracker(TableStore(db), code, C)
    assert (t.made, t.phase, t.report["heat_made"]) == (4, "director", 4)
    assert main(["director", "--state", str(tmp_path / "s.json"), *at]) == 2
    assert "not both" in capsys.readouterr().err
