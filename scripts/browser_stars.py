"""Browser checks of stars as intents, who added what, the activity log and undo (issue 24),
run by scripts/browser-test once its sharing checks have made A (the owner, `driver`, its
Favorites open) and B (an editor of A's list, `state["b"]`) two users of one list.

- B stars a Pokémon: A's Favorites shows "added by B · just now" on its card and the
  activity entry, live; A orders the cards by date added (screenshot favorites-activity.png).
- B undoes it: the card leaves A's Favorites and an "(undo)" entry comes first.
- B reloads with two intents waiting in sessionStorage (as a page that lost its connection
  leaves them): the connection chip says "2 changes waiting" until they are acknowledged,
  and both reach A.
"""
import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = float(os.environ.get("BROWSER_TEST_TIMEOUT", "20"))

# A's Favorites: each card's attribution, and the activity entries, newest first.
WHO_AND_WHEN = """
const top = document.querySelector('#sheet .screen:not([hidden]) .favorites');
return top && {
  cards: [...top.querySelectorAll('.fav-grid .card')].map((c) => ({
    id: Number(c.dataset.id), added: c.querySelector('.card-added')?.textContent ?? null,
  })),
  activity: [...top.querySelectorAll('.activity-item')].map((e) => ({
    text: e.querySelector('.activity-text').textContent, time: e.querySelector('.activity-time').textContent,
  })),
  undo: !!top.querySelector('.undo:not([hidden])'),
};
"""
# Every text the connection chip's waiting count showed since the page started.
WAITING_RECORDER = """
window.__waiting = [];
new MutationObserver(() => {
  const chip = document.querySelector('.connection-waiting');
  const text = chip && !chip.hidden ? chip.textContent : '';
  if (text && window.__waiting[window.__waiting.length - 1] !== text) window.__waiting.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def wait_on(d, condition, message=""):
    return WebDriverWait(d, TIMEOUT).until(condition, message)


def run(check, driver, windows, state, shots):
    """Adds the checks to `check`; `shots` is the screenshot folder."""
    a = driver
    b = state.get("b")
    if b is None:
        check.skip("stars: who and when", "no second user")
        return
    names = {}

    def favorites_of(d):
        return d.execute_script(WHO_AND_WHEN)

    def open_favorites(d):
        if favorites_of(d) is None:
            d.execute_script("window.scrollTo(0, 0)")
            d.find_element(By.ID, "favorites-button").click()
        return wait_on(d, favorites_of, "the Favorites view did not open")

    def close_sheet(d):
        if d.execute_script("return document.getElementById('sheet').open"):
            d.find_element(By.CSS_SELECTOR, "#sheet .screen:not([hidden]) .close").click()
            wait_on(d, lambda d: not d.execute_script("return document.getElementById('sheet').open"), "the sheet did not close")

    def star_in_list(d, pid, on):
        selector = f'#list .card[data-id="{pid}"] .star'
        star = wait_on(d, lambda d: d.find_elements(By.CSS_SELECTOR, selector), f"no row #{pid}")[0]
        if (star.get_attribute("aria-pressed") == "true") == on:
            return
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", star)
        star.click()
        wait_on(d, lambda d: (d.find_element(By.CSS_SELECTOR, selector).get_attribute("aria-pressed") == "true") == on, f"#{pid}'s star did not follow")

    def attribution_live():
        a.switch_to.window(windows["a"])
        open_favorites(a)
        names["b"] = b.execute_script("return document.querySelector('#me .me-name').textContent")
        close_sheet(b)
        star_in_list(b, 1, False)
        star_in_list(b, 1, True)
        card = wait_on(a, lambda d: next((c for c in (favorites_of(d) or {"cards": []})["cards"] if c["id"] == 1 and c["added"]), None), "no attribution on A's card #1")
        assert card["added"] == f"added by {names['b']} · just now", card
        entry = wait_on(a, lambda d: (f := favorites_of(d)) and f["activity"] and f["activity"][0], "no activity in A's Favorites")
        assert entry["text"] == f"{names['b']} starred Bulbasaur", entry
        assert entry["time"] == "just now", entry

    def sort_by_date():
        choice = a.find_element(By.CSS_SELECTOR, '#sheet .fav-sort input[value="added"]')
        a.execute_script("arguments[0].scrollIntoView({block: 'center'})", choice)
        choice.click()
        wait_on(a, lambda d: (f := favorites_of(d)) and f["cards"] and f["cards"][0]["id"] == 1, "the newest addition is not first")
        wait_on(a, lambda d: d.execute_script("return document.querySelector('#sheet .fav-sort input:checked')?.value") == "added", "the order is not shown as chosen")
        section = a.find_element(By.CSS_SELECTOR, "#sheet .fav-activity")
        a.set_window_size(1280, 1500)
        a.execute_script("arguments[0].scrollIntoView({block: 'end'})", section)
        time.sleep(0.3)  # the sheet's scroll settles before the picture
        a.save_screenshot(os.path.join(shots, "favorites-activity.png"))
        a.set_window_size(1280, 900)

    def undo():
        open_favorites(b)
        assert favorites_of(b)["undo"], "an editor has no Undo"
        button = b.find_element(By.CSS_SELECTOR, "#sheet .undo")
        b.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        wait_on(a, lambda d: (f := favorites_of(d)) and 1 not in [c["id"] for c in f["cards"]], "B's undo did not reach A")
        entry = wait_on(a, lambda d: (f := favorites_of(d)) and f["activity"] and "(undo)" in f["activity"][0]["text"] and f["activity"][0], "no undo entry")
        assert entry["text"] == f"{names['b']} unstarred Bulbasaur (undo)", entry
        close_sheet(b)

    def waiting_intents_replayed():
        # As a page that lost its connection leaves them: two intents without their acks.
        b.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WAITING_RECORDER})
        # A star names its list: B's active one, the list B shares with A.
        open_favorites(b)
        active = b.execute_script("return document.querySelector('#sheet input[name=\"fav-list\"]:checked')?.value ?? null")
        assert active, "B's Favorites shows no active list"
        close_sheet(b)
        intents = [
            {"key": f"browser-{int(time.time() * 1000)}-{pid}", "action": {"favoriteSet": {"list": active, "id": pid, "on": True}},
             "target": f"{active}/{pid}", "order": order}
            for order, pid in enumerate((2, 3))
        ]
        b.execute_script("sessionStorage.setItem('pokedex.intents', JSON.stringify(arguments[0]))", intents)
        b.refresh()
        wait_on(a, lambda d: (f := favorites_of(d)) and {2, 3} <= {c["id"] for c in f["cards"]}, "the replayed intents did not reach A")
        wait_on(b, lambda d: d.execute_script("return document.querySelector('.connection-waiting').hidden"), "the chip still shows changes waiting")
        seen = b.execute_script("return window.__waiting")
        assert "2 changes waiting" in seen, f"the chip showed {seen}"
        assert b.execute_script("return sessionStorage.getItem('pokedex.intents')") is None, "acknowledged intents are still kept"

    check("stars: a star in one browser shows 'added by … · just now' and its activity live in another user's", attribution_live)
    check("stars: the Favorites view orders by date added (screenshot favorites-activity.png)", sort_by_date)
    check("stars: Undo reverts the editor's own star, live, logged as an undo", undo)
    check("stars: intents waiting at a reload show '2 changes waiting' and are replayed until acknowledged", waiting_intents_replayed)
