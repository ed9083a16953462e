"""The companion pages in a real headless Chromium (Debian's chromium + chromedriver, driven by selenium): every tool's
page at a phone's 360x740 and a laptop's 1280x800 (every form posting with its CSRF token), two browsers on one table
code seeing the same decks, a form on another site refused, and a code guesser's 429 page.

The server is the one `serve` runs (game.web.server's waitress), on a free localhost port with a temporary database.
Without a browser the tests skip, saying how to install one. BT_WEB_SHOTS=DIR also saves a screenshot of every page
(viewport and full).
"""
import os
import shutil
import threading
from pathlib import Path

import pytest

from game.content.loader import load_content
from game.tools.director_assistant import EXAMPLE
from game.web.app import create_app
from game.web.guard import CODE_TRIES
from game.web.server import make_server

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is missing: pip install -e '.[test]'")
from selenium.common.exceptions import (  # noqa: E402
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="no headless browser: install Debian's "
                                "chromium and its driver (apt-get install -y chromium chromium-driver)")
SIZES = ((360, 740), (1280, 800))
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")
SHOTS = os.environ.get("BT_WEB_SHOTS")
WAIT = 20       # seconds for a condition: far past a page load and a 3-second poll, even on a loaded machine


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app under `serve`'s server on a free port; the thread dies with the test run."""
    app = create_app(tmp_path_factory.mktemp("web") / "tables.db", load_content())
    srv = make_server(app, "127.0.0.1", 0)
    threading.Thread(target=srv.run, daemon=True).start()
    yield f"http://127.0.0.1:{srv.effective_port}"
    srv.close()


@pytest.fixture(scope="module")
def browsers(tmp_path_factory):
    """Open browsers on demand (each with its own fresh profile), all quit at the end."""
    opened = []

    def open_one(width: int, height: int):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('profile')}")
        options.add_argument(f"--window-size={width},{height}")
        driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        driver.implicitly_wait(0)
        opened.append(driver)
        return driver

    yield open_one
    for driver in opened:
        driver.quit()


def wait_for(driver, css: str, text: str = "", timeout: float | None = None):
    """The first element matching css (holding `text`, when given) once it shows."""
    def found(d):
        for el in d.find_elements(By.CSS_SELECTOR, css):
            try:
                if el.is_displayed() and text in el.text:
                    return el
            except WebDriverException as exc:   # Chromium's word for an element of a page just replaced
                if "does not belong to the document" not in str(exc):
                    raise
                return False
        return False
    # a page being replaced leaves stale elements behind: look again
    return WebDriverWait(driver, timeout or WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(
        found, f"no {css!r} with {text!r}")


def fits(driver) -> None:
    """Nothing wider than the screen: no sideways scrolling of the page."""
    wide = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide}px wider than the screen"


def shot(driver, name: str) -> None:
    if not SHOTS:
        return
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    w, h = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    driver.save_screenshot(str(folder / f"{name}_{w}x{h}.png"))
    full = driver.execute_script("return document.documentElement.scrollHeight")
    if full > h:
        import base64
        data = driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "clip": {
            "x": 0, "y": 0, "width": w, "height": full, "scale": 1}})
        (folder / f"{name}_{w}x{h}_full.png").write_bytes(base64.b64decode(data["data"]))


def click(driver, xpath: str) -> None:
    """Click a button once the page showing it has loaded. The click before may still be navigating, or a poll may be
    replacing the part of the page that holds it: a button gone stale between finding and clicking is found again
    (a click on a stale element is refused before it reaches the page, so nothing is pressed twice)."""
    def pressed(d):
        for el in d.find_elements(By.XPATH, xpath):
            if el.is_displayed() and el.is_enabled():
                el.click()
                return True
        return False
    WebDriverWait(driver, WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(
        pressed, f"no button {xpath}")


def fill(driver, name: str, value: str) -> None:
    def filled(d):
        el = d.find_element(By.NAME, name)
        el.clear()
        el.send_keys(value)
        return el.get_attribute("value") == value
    WebDriverWait(driver, WAIT, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(
        filled, f"no field {name}")


def choose(driver, name: str, value: str) -> None:
    def chosen(d):
        Select(d.find_element(By.NAME, name)).select_by_value(value)
        return True
    WebDriverWait(driver, WAIT, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(
        chosen, f"no field {name}")


def new_table(driver, server: str) -> str:
    driver.get(server + "/")
    fits(driver)
    shot(driver, "home")
    click(driver, "//button[text()='New table']")
    code = wait_for(driver, ".code b").text          # shown in groups of four: "4829 1307 7265"
    shot(driver, "table")
    return code.replace(" ", "")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_tool_page_works_at_this_size(server, browsers, width, height):
    d = browsers(width, height)
    code = new_table(d, server)
    base = f"{server}/t/{code}"

    # calculator: the odds, then a one-tap Heat entry
    d.get(f"{base}/calc")
    choose(d, "archetype", "firefighter")
    choose(d, "zombie", "brute")
    click(d, "//button[text()='Work out the odds']")
    assert "wins" in wait_for(d, ".big-odds").text
    assert "go=1" in d.current_url and "csrf_token" not in d.current_url     # the token goes with posts only
    fits(d)
    shot(d, "calc")
    click(d, "//button[contains(., 'natural 1')]")
    wait_for(d, "#heat-total", "1")
    fill(d, "faces", "6 6 5 4 1 1 4 2 2 2")         # my dice: the axe's Heat and two natural 1s, 3 wounds
    click(d, "//button[@id='roll']")
    wait_for(d, ".summary", "Melee roll: 3 wounds to Brute, +3 Heat (total 4)")
    wait_for(d, "#heat-total", "4")
    shot(d, "calc_rolled")

    # scavenge: real dice entered, a find, copied, then undone
    d.get(f"{base}/scavenge")
    fill(d, "wits", "3")
    fill(d, "faces", "4 4 2")
    click(d, "//button[text()='Search']")
    wait_for(d, ".summary", "Search: success")
    click(d, "//*[@id='latest']//button[@class='copy']")
    wait_for(d, "#latest .copied")
    # where the clipboard API is missing (a plain-http page on a phone) the text waits, selected, in a box
    d.execute_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    click(d, "//*[@id='latest']//button[@class='copy']")
    box = wait_for(d, "#latest textarea.fallback")
    assert "Search 1: SUCCESS" in box.get_attribute("value")
    fits(d)
    shot(d, "scavenge")
    click(d, "//button[text()='Undo the last search']")
    wait_for(d, "#latest .muted", "Nothing yet")
    wait_for(d, "[data-deck=core]", "36 / 0")

    # a bad entry: the page says which field, nothing is drawn
    fill(d, "wits", "3")
    fill(d, "faces", "9")
    click(d, "//button[text()='Search']")
    assert wait_for(d, "#error", "My dice:").text.startswith("My dice: 9 is not a face")
    fits(d)
    shot(d, "scavenge_error")

    # quick-play
    d.get(f"{base}/quickplay")
    fill(d, "seed", "5")
    click(d, "//button[text()='Roll a scenario']")
    wait_for(d, ".summary", "Scenario:")
    fits(d)
    shot(d, "quickplay")

    # Feeding Frenzy: the odds, then the roll
    d.get(f"{base}/frenzy")
    choose(d, "archetype", "doctor")
    fill(d, "z_shambler", "2")
    click(d, "//button[text()='Odds']")
    assert "survives" in wait_for(d, ".big-odds").text
    click(d, "//button[@id='roll']")
    wait_for(d, ".summary", "Frenzy on ER Doctor")
    fits(d)
    shot(d, "frenzy")

    # the Director: a round tracked from the first noise to the End Phase
    d.get(f"{base}/director")
    shot(d, "director_start")
    choose(d, "scenario", "pharmacy_run")
    click(d, "//button[text()='Start the round tracker']")
    click(d, "//button[text()='+2 Pistol']")
    wait_for(d, "#heat-total", "2")
    d.execute_script("document.getElementById('f-facts').value = arguments[0]", EXAMPLE)
    fill(d, "die", "6")
    click(d, "//button[text()='Run the Director Phase']")
    assert "Purchases" in wait_for(d, "#report pre").text
    fits(d)
    shot(d, "director")
    click(d, "//button[text()='End the round']")
    wait_for(d, ".status", "Round 2")


def test_two_browsers_on_one_table_see_the_same_deck(server, browsers):
    first, second = browsers(360, 740), browsers(360, 740)
    code = new_table(first, server)
    second.get(f"{server}/")
    fill(second, "table", f"{code[:4]} {code[4:8]} {code[8:]}")      # typed as it is read out
    click(second, "//button[text()='Join']")
    wait_for(second, ".code b", code[:4])
    assert second.current_url.endswith(f"/t/{code}/")
    for d in (first, second):
        d.get(f"{server}/t/{code}/scavenge")
    fill(first, "wits", "3")
    fill(first, "faces", "6 2 2")                # a jackpot on a plain token: two core cards drawn, one kept
    click(first, "//button[text()='Search']")
    wait_for(first, ".summary", "Search: jackpot")
    mine = first.find_element(By.CSS_SELECTOR, "[data-deck=core]").text
    assert mine in ("34 / 1", "34 / 2")
    # the second phone never reloads: its light poll brings the change in
    assert wait_for(second, "[data-deck=core]", mine).text == mine
    assert "Search: jackpot" in wait_for(second, ".summary").text


def test_two_browsers_on_one_table_see_the_same_round_tracker(server, browsers):
    first, second = browsers(360, 740), browsers(1280, 800)
    code = new_table(first, server)
    first.get(f"{server}/t/{code}/director")
    choose(first, "scenario", "pharmacy_run")
    click(first, "//button[text()='Start the round tracker']")
    wait_for(first, "#heat-total", "0")
    second.get(f"{server}/t/{code}/director")
    wait_for(second, "#status", "Round 1")
    click(first, "//button[text()='+2 Pistol']")
    wait_for(first, "#heat-total", "2")
    # the second never reloads: its poll brings the tap in, the total and the log line
    assert wait_for(second, "#heat-total", "2").text == "2"
    assert "+2 Pistol" in wait_for(second, "#status", "Noise:").text
    click(second, "//button[text()='+1 natural 1']")      # and back the other way
    assert wait_for(first, "#heat-total", "3").text == "3"
    # the Director Phase on the first: the second shows its report, and offers the page of the next step
    first.execute_script("document.getElementById('f-facts').value = arguments[0]", EXAMPLE)
    fill(first, "die", "6")
    click(first, "//button[text()='Run the Director Phase']")
    assert "Purchases" in wait_for(second, "#report pre").text
    wait_for(second, "#changed", "show it")
    shot(second, "director_changed_elsewhere")
    click(second, "//p[@id='changed']/a")
    click(second, "//button[text()='End the round']")
    wait_for(first, "#status", "Round 2")


def test_a_form_on_another_site_is_refused(server, browsers):
    d = browsers(360, 740)
    code = new_table(d, server)
    d.get(f"{server}/t/{code}/calc")
    wait_for(d, "#heat-total", "0")
    # another site's page (here a data: URL) that posts a form to the table the moment it opens
    d.get("data:text/html,<form method=post action='" + f"{server}/t/{code}/calc" + "'>"
          "<input name=heat value=5><input name=label value=forged></form><script>document.forms[0].submit()</script>")
    assert "not sent by one of this table's pages" in wait_for(d, "main p").text
    fits(d)
    shot(d, "refused")
    click(d, "//a[text()='Open the page again']")
    assert wait_for(d, "#heat-total").text == "0"


def test_a_code_guesser_sees_a_page_that_says_to_wait(server, browsers):
    """Last in the module: it spends this address's code tries for the minute."""
    d = browsers(360, 740)
    for n in range(int(CODE_TRIES.split()[0]) + 1):
        d.get(f"{server}/join?table=1111{n:08d}")
    assert "Too many tries" in wait_for(d, "h1").text
    fits(d)
    shot(d, "too_many")
