"""Browser checks of rewinding a recorded session (issue 34, part 4), run by scripts/browser-test
with --server BINARY: a server of its own with --debug, one window acting as a user, another
showing that session's recording at /?rewind=ID with the same views, read-only.

- The user opens Bulbasaur's detail, closes it, searches "char" and opens Charmander's; each
  screen's probe (route, the open detail's name and star, the cards' names) is kept and
  screenshotted (rewind-live-*.png).
- The rewind window moves its slider to the step after each of those actions: each time the
  same probe, screenshotted (rewind-step-*.png). Its sends go nowhere: the session's action
  count does not move.
- Following the live session: the user stars Charmander; the rewind window, with Follow on,
  shows the star without a reload.
"""
import json
import os
import shutil
import time
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import browser_restart

TIMEOUT = float(os.environ.get("BROWSER_TEST_TIMEOUT", "20"))

# The screen as the user sees it: route, the top detail's name and star, the list's cards.
SCREEN = """
const sheet = document.getElementById('sheet');
const top = sheet.open ? sheet.querySelector('.screen:not([hidden])') : null;
return {
  route: location.hash.replace(/^#/, '') || '/',
  detail: top && top.querySelector('.hero-name')?.textContent || null,
  star: top && top.querySelector('.screen-bar .star')?.getAttribute('aria-pressed') || null,
  cards: [...document.querySelectorAll('#list .card-name')].map((e) => e.textContent),
};
"""
# The rewind steps' routes and how many there are.
STEPS = "return window.pokedexRewind ? window.pokedexRewind.steps.map((s) => s.state.route) : null"


def run(check, make_driver, binary, shots):
    """Adds the checks to `check`; `binary` is a built pokedex-server."""
    directory = os.path.join(os.path.dirname(shots), "browser-rewind")
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    server = browser_restart.Server(binary, directory, browser_restart.free_port(), extra=["--debug"])
    live = rewind = None
    try:
        server.start()
        live, rewind = make_driver(), make_driver()
        seen = []  # (label, probe) after each of the user's actions

        def wait(driver, condition, message):
            return WebDriverWait(driver, TIMEOUT).until(condition, message)

        def screen(driver):
            return driver.execute_script(SCREEN)

        def settled(driver, label):
            probe = screen(driver)
            seen.append((label, probe))
            driver.save_screenshot(os.path.join(shots, f"rewind-live-{label}.png"))

        def sessions():
            with urllib.request.urlopen(server.url + "debug/sessions", timeout=5) as answer:
                return json.load(answer)["sessions"]

        def act():
            live.get(server.url)
            wait(live, lambda d: len(screen(d)["cards"]) >= 20, "the list did not load")
            settled(live, "list")
            live.find_element(By.CSS_SELECTOR, '#list .card[data-id="1"] .card-open').click()
            wait(live, lambda d: screen(d)["detail"] == "Bulbasaur", "Bulbasaur's detail did not open")
            settled(live, "bulbasaur")
            live.find_element(By.CSS_SELECTOR, "#sheet .screen:not([hidden]) .close").click()
            wait(live, lambda d: screen(d)["detail"] is None, "the detail did not close")
            box = live.find_element(By.ID, "search")
            box.click()
            box.send_keys("char")
            wait(live, lambda d: screen(d)["cards"] == ["Charmander", "Charmeleon", "Charizard"], "the search did not find the three")
            settled(live, "search")
            live.execute_script("location.hash = '#/pokemon/4'")
            wait(live, lambda d: screen(d)["detail"] == "Charmander", "Charmander's detail did not open")
            settled(live, "charmander")
            assert len(sessions()) == 1, sessions()

        def rewound_screens_equal_the_live_ones():
            session = sessions()[0]
            actions = session["actions"]
            rewind.get(server.url + "?rewind=" + session["id"])
            routes = wait(rewind, lambda d: (r := d.execute_script(STEPS)) and len(r) > 3 and r, "the rewind has no steps")
            for label, probe in seen:
                # The last step whose state shows this screen: the one right after the action.
                candidates = [i for i, route in enumerate(routes) if route == probe["route"]]
                assert candidates, f"no step has route {probe['route']}: {routes}"

                def shows_it(d):
                    for index in reversed(candidates):
                        d.execute_script("window.pokedexRewind.show(arguments[0])", index)
                        time.sleep(0.05)  # one animation frame: the store renders on the next
                        if screen(d) == probe:
                            return True
                    return False

                wait(rewind, shows_it, f"no rewind step shows the live screen {label}: {probe}, last {screen(rewind)}")
                rewind.save_screenshot(os.path.join(shots, f"rewind-step-{label}.png"))
            # Read-only: tapping a card in the rewound list sends nothing.
            rewind.execute_script("window.pokedexRewind.show(0)")
            wait(rewind, lambda d: screen(d)["cards"], "the first step shows no cards")
            # Clicked in the page: the rewound screen may render again between a lookup and a click.
            rewind.execute_script("document.querySelector('#list .card .card-open').click()")
            time.sleep(0.3)
            assert sessions()[0]["actions"] == actions, "the rewind window sent an action"
            assert len(sessions()) == 1, "the rewind window opened a session of its own"

        def follows_the_live_session():
            rewind.find_element(By.ID, "rewind-follow").click()
            star = live.find_element(By.CSS_SELECTOR, "#sheet .screen:not([hidden]) .screen-bar .star")
            star.click()
            wait(live, lambda d: screen(d)["star"] == "true", "the live star did not turn on")
            wait(rewind, lambda d: screen(d)["star"] == "true" and screen(d)["detail"] == "Charmander", "the rewind did not follow the star")
            rewind.save_screenshot(os.path.join(shots, "rewind-follow.png"))

        check("rewind: a user opens a detail, closes it, searches and opens another (screenshots rewind-live-*.png)", act)
        check("rewind: the slider shows the live screen of each step in another window, read-only (rewind-step-*.png)", rewound_screens_equal_the_live_ones)
        check("rewind: with Follow on, the rewind window shows the live session's star as it happens", follows_the_live_session)
    finally:
        for driver in (live, rewind):
            if driver is not None:
                driver.quit()
        server.kill()
