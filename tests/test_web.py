"""The companion pages without a browser (Flask's test client): a table kept across a restart, shared by two phones,
undo, a clear 400 naming the field in the page's words for every bad input, forms from other sites refused, rate
limits on code guesses and writes, long table codes, slow clients that do not lock a phone out, and `serve` refusing
bad flags."""
import html
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from game.cli import main
from game.content.loader import load_content
from game.tools import table_tools as T
from game.tools.director_assistant import EXAMPLE
from game.tools.table_store import CODE_DIGITS, TableStore
from game.web import guard, server
from game.web.app import create_app
from game.web.forms import field_words
from tests.web_phone import phone

C = load_content()


@pytest.fixture
def db(tmp_path):
    return tmp_path / "tables.db"


@pytest.fixture
def client(db):
    return phone(create_app(db, C))


def new_table(client) -> str:
    reply = client.post("/new")
    assert reply.status_code == 303
    return re.fullmatch(r"/t/([0-9]{12})/", reply.location).group(1)


def deck_cells(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-deck="(\w+)">([^<]+)<', html))


def alert(reply) -> str:
    found = re.search(r'role="alert"[^>]*>(.*?)</div>', reply.get_data(as_text=True), re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))) if found else ""


def test_a_table_survives_a_server_restart(db):
    first = phone(create_app(db, C))
    code = new_table(first)
    form = {"wits": "3", "location": "armory", "faces": "6 2 2"}      # a jackpot: one card from the Armory Deck
    assert first.post(f"/t/{code}/scavenge", data=form).status_code == 303
    assert first.post(f"/t/{code}/calc", data={"heat": "2", "label": "pistol"}).status_code == 303
    before = first.get(f"/t/{code}/scavenge").get_data(as_text=True)
    drawn = T.decks(TableStore(db), code, C).draw

    second = phone(create_app(db, C))        # a new app on the same file: the server restarted
    after = second.get(f"/t/{code}/scavenge").get_data(as_text=True)
    assert deck_cells(after) == deck_cells(before)
    assert deck_cells(after) != deck_cells(second.get(f"/t/{new_table(second)}/scavenge").get_data(as_text=True))
    assert T.decks(TableStore(db), code, C).draw == drawn
    assert 'id="heat-total">2<' in second.get(f"/t/{code}/calc").get_data(as_text=True)


def test_two_phones_on_one_code_see_the_same_decks_and_the_version_moves(client, db):
    other = phone(create_app(db, C))
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
    assert "Round tracker started: Pharmacy Run, standard Director" in html       # the scenario's name, not its id
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
    ("get", "calc", {"attack": "kick"}, "attack", "not an attack here"),
    ("get", "calc", {"attack": "melee", "go": "1", "attacker_dice": "lots"}, "attacker_dice", "not a whole number"),
    ("get", "calc", {"attack": "melee", "go": "1", "archetype": "wizard"}, "archetype", "pick one from the list"),
    ("get", "calc", {"attack": "melee", "go": "1"}, "attacker_dice",
     "give the attacker's dice, their Fight, or a survivor"),
    ("get", "calc", {"attack": "swarm", "go": "1", "archetype": "cook", "z_horde": "2"}, "zombies",
     "Horde, Horde fill 6 engagement slots"),
    ("get", "calc", {"attack": "ranged", "go": "1", "dice": "99"}, "dice", "enter 0 to 40"),
    ("post", "calc", {"heat": "-5"}, "heat", "enter 1 to 30"),
    ("post", "calc", {}, "heat", "enter a whole number"),
    ("post", "calc", {"action": "roll", "attack": "melee", "archetype": "cook", "zombie": "brute", "faces": "6"},
     "faces", "ran out of dice"),
    ("post", "calc", {"action": "roll", "attack": "melee", "fight": "3", "attacker_dice": "4"}, "fight", "not both"),
    ("post", "scavenge", {"wits": "abc"}, "wits", "not a whole number"),
    ("post", "scavenge", {}, "wits", "give the Wits dice"),
    ("post", "scavenge", {"wits": "3", "location": "moon"}, "location", "pick one from the list"),
    ("post", "scavenge", {"wits": "3", "faces": "7"}, "faces", "not a face"),
    ("post", "scavenge", {"wits": "3", "faces": "6"}, "faces", "ran out of dice"),
    ("post", "scavenge", {"action": "burn"}, "action", "not one of this page's choices"),
    ("post", "quickplay", {"map": "atlantis"}, "map", "pick one from the list"),
    ("post", "quickplay", {"seed": "x"}, "seed", "not a whole number"),
    ("post", "quickplay", {"faces": "1,2"}, "faces", "ran out of dice"),
    ("get", "frenzy", {"go": "1", "archetype": "doctor"}, "zombies", "name the zombies"),
    ("get", "frenzy", {"go": "1", "guts": "2", "z_shambler": "many"}, "zombies",
     "Shambler: 'many' is not a whole number"),
    ("get", "frenzy", {"go": "1", "z_shambler": "1"}, "guts", "give the Guts dice"),
    ("post", "frenzy", {"guts": "2", "z_shambler": "1", "faces": "9"}, "faces", "not a face"),
    ("get", "frenzy", {"go": "1", "show": "bleed"}, "guts", "or a survivor to take them"),
    ("get", "frenzy", {"go": "1", "show": "swipes", "archetype": "doctor"}, "zombies", "name the zombies"),
    ("get", "frenzy", {"go": "1", "show": "moon"}, "show", "not one of this page's choices"),
    ("post", "director", {"action": "noise", "noise": "weapon:pistol"}, "scenario", "start the round tracker"),
    ("post", "director", {"action": "start"}, "scenario", "choose one from the list"),
    ("post", "director", {"action": "start", "scenario": "mars"}, "scenario", "pick one from the list"),
    ("post", "director", {"action": "start", "scenario": "dead_air", "director": "evil"}, "director",
     "pick one from the list"),
    ("post", "director", {"action": "dance"}, "action", "not one of this page's choices"),
]

TRACKED = [   # bad input once the table has a round tracker
    ("post", "director", {"action": "noise", "noise": "weapon:banjo"}, "noise", "not one of this page's choices"),
    ("post", "director", {"action": "heat", "heat": "0"}, "heat", "enter 1 to 15"),
    ("post", "director", {"action": "phase", "facts": "heat: [1"}, "facts", "cannot be read at line 2, column 1"),
    ("post", "director", {"action": "phase", "facts": "- a list"}, "facts", "board facts"),
    ("post", "director", {"action": "phase", "facts": EXAMPLE, "die": "7"}, "die", "enter 1 to 6"),
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
    assert message.startswith(f"{field_words(field)}:") and words in message, message
    if field != "facts":            # the board facts' own keys are what the player types there
        spoken = re.sub(r"'[^']*'", "", message)        # what the player typed is quoted back as typed
        assert not re.search(r"[a-z]+_[a-z_]+|--[a-z]|archetype", spoken), f"code words in {message!r}"
    if field not in ("action", "phase", "noise", "show"):       # a button's value, not a field to mark
        assert 'aria-invalid="true"' in reply.get_data(as_text=True)
    assert TableStore(db).version(code) == version          # nothing changed on the table


@pytest.mark.parametrize("url", ["/t/ab/scavenge", "/t/ZZZZ/calc", "/t/ABCDEFG/", "/join?table=12", "/join?table=QQQQ",
                                 "/t/123456789012/", "/join?table=1234+5678+9012", "/join?table="])
def test_a_bad_or_unknown_table_code_gets_a_400(client, url):
    reply = client.get(url)
    assert reply.status_code == 400
    assert alert(reply).startswith("Table code:")


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
    code, at = "482913077265", ["--table", "4829-1307-7265", "--db", str(db)]       # typed as it is read out
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


# --- strangers: forms from other sites, code guessers, floods, slow clients ----------------------------------------

def test_a_form_from_another_site_changes_nothing(client, db):
    code = new_table(client)
    stranger = create_app(db, C).test_client()          # a browser that never opened the table's pages: no token
    page = f"/t/{code}/calc"
    for reply, back in ((stranger.post(page, data={"heat": "5"}), page),
                        (stranger.post(page, data={"heat": "5", "csrf_token": "forged"}), page),
                        (stranger.post("/new"), "/"),
                        (client.post(page, data={"heat": "5"}, headers={"Origin": "http://elsewhere.example"}), page)):
        assert reply.status_code == 400
        text = reply.get_data(as_text=True)
        assert "Nothing was changed" in text and f'href="{back}"' in text and "Traceback" not in text
    assert T.heat(TableStore(db), code).total == 0 and TableStore(db).version(code) == 0
    same_site = client.post(page, data={"heat": "5"}, headers={"Origin": "http://localhost"})
    assert same_site.status_code == 303 and T.heat(TableStore(db), code).total == 5


def test_every_form_that_posts_carries_the_token(client, db):
    code = new_table(client)
    T.start_tracker(TableStore(db), code, C, "pharmacy_run")
    T.add_heat(TableStore(db), code, 1, "natural 1")
    for page in ("/", f"/t/{code}/calc?attack=melee", f"/t/{code}/scavenge", f"/t/{code}/quickplay",
                 f"/t/{code}/frenzy", f"/t/{code}/director"):
        text = client.get(page).get_data(as_text=True)
        forms = re.findall(r"<form\b.*?</form>", text, re.S)
        posting = [f for f in forms if 'method="post"' in f or 'formmethod="post"' in f]
        assert posting, page
        for form in posting:
            assert 'name="csrf_token"' in form, (page, form[:80])


def test_a_code_guesser_gets_a_429_and_the_real_table_plays_on(db):
    app = create_app(db, C)
    table, guesser = phone(app, "192.168.1.20"), phone(app, "192.168.1.66")
    code = new_table(table)
    per_minute = int(guard.CODE_TRIES.split()[0])
    for n in range(per_minute):
        assert guesser.get(f"/join?table={n:012d}").status_code == 400
    refused = guesser.get(f"/join?table={code}")        # even the right code: a guesser learns nothing more
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    text = refused.get_data(as_text=True)
    assert "Too many tries" in text and "table codes that do not exist" in text
    assert guesser.get(f"/t/{code}/calc").status_code == 429
    # a real table's night: a mistyped code or two, polls every few seconds, a tap of Heat now and then
    assert table.get("/join?table=4829130772").status_code == 400
    for n in range(200):
        assert table.get(f"/t/{code}/version").status_code == 200
        if n % 4 == 0:
            assert table.post(f"/t/{code}/calc", data={"heat": "1", "label": "natural 1"}).status_code == 303
    assert table.get(f"/join?table={code}").status_code == 303


def test_a_flood_of_writes_or_new_tables_gets_a_429(db):
    app = create_app(db, C)
    flood = phone(app, "10.0.0.7")
    code = new_table(flood)
    writes = int(guard.WRITES.split()[0])
    for _ in range(writes - 1):                         # the new table was one write
        assert flood.post(f"/t/{code}/calc", data={"heat": "1"}).status_code == 303
    reply = flood.post(f"/t/{code}/calc", data={"heat": "1"})
    assert reply.status_code == 429 and "faster than anyone can tap" in reply.get_data(as_text=True)
    assert T.heat(TableStore(db), code).total == writes - 1
    assert phone(app, "10.0.0.8").post(f"/t/{code}/calc", data={"heat": "1"}).status_code == 303
    maker = phone(app, "10.0.0.9")
    tables = int(guard.NEW_TABLES.split()[0])
    assert all(maker.post("/new").status_code == 303 for _ in range(tables))
    assert "too many new tables" in maker.post("/new").get_data(as_text=True)


def test_new_codes_are_twelve_digits_and_old_letter_codes_still_open(client, db):
    store = TableStore(db)
    codes = {store.new_table() for _ in range(200)}
    assert len(codes) == 200 and all(re.fullmatch(r"[0-9]{12}", c) for c in codes) and CODE_DIGITS == 12
    assert len({c[i] for c in codes for i in range(12)}) == 10          # every digit turns up, anywhere
    code = new_table(client)
    page = client.get(f"/t/{code}/").get_data(as_text=True)
    assert f"{code[:4]} {code[4:8]} {code[8:]}" in page             # shown in groups of four, to read out
    spaced = client.get("/join", query_string={"table": f" {code[:4]} {code[4:8]}-{code[8:]} "})
    assert spaced.status_code == 303 and spaced.location == f"/t/{code}/"
    with sqlite3.connect(db) as old:                     # a table made before codes were digits
        old.execute("INSERT INTO tables VALUES ('KRVMT', 0, 0)")
    assert client.get("/join?table=krvmt").location == "/t/KRVMT/"
    assert client.post("/t/KRVMT/calc", data={"heat": "2"}).status_code == 303
    assert T.heat(store, "KRVMT").total == 2
    assert main(["scavenge", "--wits", "3", "--table", "krvmt", "--db", str(db)]) == 0
    assert main(["scavenge", "--wits", "3", "--table", "QWRTZ", "--db", str(db)]) == 2     # never made anew
    assert not store.exists("QWRTZ")


def half_sent(port: int, source: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    s.sendall(b"GET / HTTP/1.1\r\nHost: table\r\n")         # and never the blank line that ends it
    return s


def closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


@pytest.fixture
def live(db, monkeypatch):
    """`serve`'s own server on a free loopback port, in a thread; stopped after the test."""
    monkeypatch.setattr(server, "CHANNEL_TIMEOUT", 2)
    monkeypatch.setattr(server, "CLEANUP_INTERVAL", 1)
    srv = server.make_server(create_app(db, C), "127.0.0.1", 0)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield srv.effective_port
    srv.close()


def test_100_slow_connections_do_not_keep_a_phone_waiting(live):
    try:
        slow = [half_sent(live, "127.0.0.2")]           # another machine: Linux answers on all of 127/8
    except OSError:
        pytest.skip("this system has no second loopback address (127.0.0.2)")
    slow += [half_sent(live, "127.0.0.2") for _ in range(99)]       # one machine, 100 half-sent requests
    try:
        start = time.perf_counter()
        with urllib.request.urlopen(f"http://127.0.0.1:{live}/", timeout=10) as reply:
            assert reply.status == 200 and b"Join a table" in reply.read()
        assert time.perf_counter() - start < 3
        # past its share the machine's connections are closed at once; the rest when they have sat idle
        assert sum(closed_by_server(s, 0.5) for s in slow) >= 100 - server.PER_CLIENT
        assert all(closed_by_server(s, 5) for s in slow)
    finally:
        for s in slow:
            s.close()
