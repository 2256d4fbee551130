"""Browser checks of stars made while the server is away (issue 33, part 1), run by
scripts/browser-test with --server BINARY: the checks start a server of their own, kill it
(SIGKILL, as a crash), act in the page while it is gone, start it again on the same database
file and port, and check both storage (the SQLite file, read with python3's sqlite3) and the
screen.

- Pikachu's detail is open, the server dies, the user stars Pikachu and closes the detail,
  the server returns: Pikachu is starred, in storage and on the list's row, the detail closed.
- Bulbasaur's detail is open, the server dies, the user stars Bulbasaur and follows a link to
  Charmander's detail, the server returns: Bulbasaur is starred, Charmander is not, and
  Charmander's detail is on screen with its star off.

The page reconnects to the same URL by itself (its backoff), so the second server listens on
the port of the first.
"""
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = float(os.environ.get("BROWSER_TEST_TIMEOUT", "20"))
WEB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "web")
# The session's screen is saved at most every 2 s (SessionSaver): a resume on the restarted
# server rebuilds the screen saved before the kill.
SAVE_WAIT = 2.5

TOP_SCREEN = """
const sheet = document.getElementById('sheet');
const top = sheet.open ? sheet.querySelector('.screen:not([hidden])') : null;
return top && {
  name: top.querySelector('.hero-name')?.textContent ?? null,
  star: top.querySelector('.screen-bar .star')?.getAttribute('aria-pressed') ?? null,
};
"""
ROW_STAR = "return document.querySelector('#list .card[data-id=\"' + arguments[0] + '\"] .star')?.getAttribute('aria-pressed') ?? null"
CONNECTION = "return document.getElementById('connection').getAttribute('data-kind')"
WAITING = "const c = document.querySelector('.connection-waiting'); return c && !c.hidden ? c.textContent : ''"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One pokedex-server process on a fixed port and database, started and killed at will."""

    def __init__(self, binary, directory, port, extra=()):
        self.binary = binary
        self.extra = list(extra)  # more server options (browser_rewind.py: --debug)
        self.directory = directory
        self.port = port
        self.database = os.path.join(directory, "pokedex.sqlite")
        self.process = None
        self.starts = 0

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    def start(self):
        self.starts += 1
        log = open(os.path.join(self.directory, f"server-{self.starts}.log"), "w")
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--db", self.database, "--web", WEB, "--sprites-url", "http://127.0.0.1:9", *self.extra],
            stdout=log, stderr=subprocess.STDOUT,
        )
        log.close()
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited with {self.process.returncode}: see {log.name}")
            try:
                with urllib.request.urlopen(self.url + "healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"the server did not answer /healthz within {TIMEOUT:.0f} s: see {log.name}")

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def favorites(self):
        """The starred Pokémon of every list, as storage has them (one user here: one list)."""
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as db:
            return {row[0] for row in db.execute("SELECT pokemon_id FROM favorites")}


def run(check, make_driver, binary, shots):
    """Adds the checks to `check`; `binary` is a built pokedex-server."""
    directory = os.path.join(os.path.dirname(shots), "browser-restart")
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    server = Server(binary, directory, free_port())
    driver = None
    try:
        server.start()
        driver = make_driver()

        def wait(condition, message):
            return WebDriverWait(driver, TIMEOUT).until(condition, message)

        def connected():
            wait(lambda d: d.execute_script(CONNECTION) == "connected", "the page is not connected")

        def open_detail(pid, name):
            driver.get(server.url + f"#/pokemon/{pid}")
            wait(lambda d: (s := d.execute_script(TOP_SCREEN)) and s["name"] == name, f"{name}'s detail did not open")
            connected()
            time.sleep(SAVE_WAIT)

        def search(text):
            box = driver.find_element(By.ID, "search")
            driver.execute_script("window.scrollTo(0, 0)")
            box.click()
            box.send_keys(Keys.CONTROL, "a")
            box.send_keys(Keys.BACKSPACE)
            if text:
                box.send_keys(text)
            wait(lambda d: d.execute_script("return document.querySelectorAll('#list .card').length") >= (1 if text else 20), f"the search for {text!r} shows nothing")

        def server_dies():
            server.kill()
            wait(lambda d: d.execute_script(CONNECTION) != "connected", "the page did not notice the server went away")

        def star_in_detail(name):
            star = driver.find_element(By.CSS_SELECTOR, "#sheet .screen:not([hidden]) .screen-bar .star")
            assert driver.execute_script(TOP_SCREEN)["name"] == name
            star.click()
            wait(lambda d: d.execute_script(WAITING) == "1 change waiting", "the star is not waiting")

        def server_returns():
            server.start()
            wait(lambda d: d.execute_script(CONNECTION) == "connected" and d.execute_script(WAITING) == "", "the page did not reconnect and send what waited")

        def starred_after_closing():
            open_detail(25, "Pikachu")
            server_dies()
            star_in_detail("Pikachu")
            driver.find_element(By.CSS_SELECTOR, "#sheet .screen:not([hidden]) .close").click()
            server_returns()
            wait(lambda d: d.execute_script(TOP_SCREEN) is None, "the detail did not close")
            search("pikachu")  # #25 is past the first page
            wait(lambda d: d.execute_script(ROW_STAR, 25) == "true", "Pikachu's row is not starred")
            search("")
            assert server.favorites() == {25}, f"storage has {server.favorites()}"
            driver.save_screenshot(os.path.join(shots, "restart-closed.png"))

        def starred_after_a_link():
            open_detail(1, "Bulbasaur")
            server_dies()
            star_in_detail("Bulbasaur")
            driver.execute_script("location.hash = '#/pokemon/4'")  # a link to Charmander's detail
            server_returns()
            shown = wait(lambda d: (s := d.execute_script(TOP_SCREEN)) and s["name"] == "Charmander" and s, "Charmander's detail is not shown")
            assert shown["star"] == "false", f"Charmander's star shows {shown['star']}"
            assert server.favorites() == {1, 25}, f"storage has {server.favorites()}"
            driver.save_screenshot(os.path.join(shots, "restart-link.png"))
            driver.find_element(By.CSS_SELECTOR, "#sheet .screen:not([hidden]) .close").click()
            wait(lambda d: d.execute_script(ROW_STAR, 1) == "true", "Bulbasaur's row is not starred")
            assert driver.execute_script(ROW_STAR, 4) == "false", "Charmander's row is starred"

        check("restart: a star made in Pikachu's detail while the server was away, the detail then closed, stars Pikachu (storage and screen)", starred_after_closing)
        check("restart: a star made in Bulbasaur's detail while the server was away, then a link to Charmander's, stars Bulbasaur only (storage and screen)", starred_after_a_link)
    finally:
        if driver is not None:
            driver.quit()
        server.kill()
