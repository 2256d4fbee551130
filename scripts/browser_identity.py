"""One identity on every device, in headless Chromium (called by scripts/browser-test).

Browsers of their own (separate profiles: separate users): A makes a sign-in code in the
account dialog; B types it and C opens a second code's link; all three show A's name, each
with a token of its own. The dialog's QR code is read back from a screenshot by zbarimg. A
rename in A reaches B and C live; signing B out turns both its windows into one new user and
leaves A and C be; signing out everywhere from B starts all three afresh. "Report a problem"
in the same dialog, on a 375 px phone, records A's session and shows its id as the reference.
Screenshots: sign-in.png, sign-in-phone.png and report-phone.png (375 px).
"""
import os
import re
import shutil
import subprocess
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = float(os.environ.get("BROWSER_TEST_TIMEOUT", "20"))

WHO = """
const me = document.getElementById('me');
return {name: me.hidden ? null : me.querySelector('.me-name').textContent, token: localStorage.getItem('pokedex.token'),
        connected: document.getElementById('connection').dataset.kind === 'connected'};
"""
CODE = """
const dialog = document.getElementById('account');
const panel = dialog.querySelector('.account-code');
return dialog.open && !panel.hidden && {
  code: dialog.querySelector('.account-code-text').textContent,
  link: document.getElementById('account-link').value,
  expiry: dialog.querySelector('.account-expiry').textContent,
  qr: dialog.querySelectorAll('.account-qr svg.qr path').length,
};
"""
REPORT = """
const dialog = document.getElementById('account');
const done = dialog.querySelector('.account-report-done');
return dialog.open && !done.hidden && {
  reference: document.getElementById('account-report-reference').value,
  start: dialog.querySelector('.account-report-start').hidden,
};
"""
OVERFLOW = """
const dialog = document.getElementById('account');
const box = dialog.getBoundingClientRect();
return {page: document.documentElement.scrollWidth - window.innerWidth, dialog: box.right - window.innerWidth, left: box.left};
"""


def wait_on(driver, condition, message=""):
    return WebDriverWait(driver, TIMEOUT).until(condition, message)


def who(driver):
    return driver.execute_script(WHO)


def ready(driver, url):
    driver.get(url)
    return wait_on(driver, lambda d: (w := who(d))["connected"] and w["name"] and w, "not connected with a name")


def open_dialog(driver):
    driver.execute_script("window.scrollTo(0, 0)")
    driver.find_element(By.ID, "account-button").click()
    wait_on(driver, lambda d: d.execute_script("return document.getElementById('account').open"), "the account dialog did not open")


def make_code(driver):
    open_dialog(driver)
    driver.find_element(By.CSS_SELECTOR, "#account .account-make").click()
    return wait_on(driver, lambda d: d.execute_script(CODE), "no sign-in code shown")


def close_dialog(driver):
    driver.find_element(By.CSS_SELECTOR, "#account .account-done").click()
    wait_on(driver, lambda d: not d.execute_script("return document.getElementById('account').open"), "the account dialog stayed open")


def zbar_read(png):
    """The texts zbarimg finds in a PNG (QR codes only)."""
    with tempfile.NamedTemporaryFile(suffix=".png") as image:
        image.write(png)
        image.flush()
        read = subprocess.run(["zbarimg", "-q", "--raw", "-Sdisable", "-Sqrcode.enable", image.name], capture_output=True)
    return [line for line in read.stdout.decode("utf-8", "replace").splitlines() if line]


def run(check, make_driver, base, shots):
    drivers = []
    state = {}

    def browser():
        driver = make_driver()
        drivers.append(driver)
        return driver

    def code_in_dialog():
        a = browser()
        state["a"] = a
        state["a-who"] = ready(a, base)
        shown = make_code(a)
        assert len(shown["code"]) == 9 and shown["code"][4] == "-", f"the code {shown['code']!r} is not shown grouped"
        assert shown["link"].endswith("#/signin/" + shown["code"].replace("-", "")), f"the link {shown['link']!r}"
        assert shown["qr"] == 1, "no QR code drawn"
        assert shown["expiry"].startswith("Expires in 9:") or shown["expiry"] == "Expires in 10:00", shown["expiry"]
        state["code"] = shown
        a.save_screenshot(os.path.join(shots, "sign-in.png"))

    def qr_reads_back():
        if shutil.which("zbarimg") is None:
            raise AssertionError("zbarimg is missing (Debian zbar-tools, scripts/packages/dev.txt)")
        a = state["a"]
        qr = a.find_element(By.CSS_SELECTOR, "#account .account-qr")
        assert zbar_read(qr.screenshot_as_png) == [state["code"]["link"]], "zbarimg did not read the link from the QR code"

    def phone():
        a = state["a"]
        a.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True})
        try:
            wait_on(a, lambda d: d.execute_script("return window.innerWidth") == 375, "the phone width did not apply")
            sizes = a.execute_script(OVERFLOW)
            assert sizes["page"] <= 0 and sizes["dialog"] <= 0 and sizes["left"] >= 0, f"the dialog overflows a 375 px phone: {sizes}"
            a.save_screenshot(os.path.join(shots, "sign-in-phone.png"))
        finally:
            a.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        close_dialog(a)
        wait_on(a, lambda d: d.execute_script("return document.querySelector('#account .account-code').hidden"), "the code stayed after Done")

    def report_a_problem():
        a = state["a"]
        a.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True})
        try:
            wait_on(a, lambda d: d.execute_script("return window.innerWidth") == 375, "the phone width did not apply")
            open_dialog(a)
            start = a.find_element(By.CSS_SELECTOR, "#account .account-report-start")
            a.execute_script("arguments[0].scrollIntoView({block: 'center'})", start)
            start.click()
            reference = wait_on(a, lambda d: d.execute_script(REPORT), "no reference shown after Record this session")
            assert reference["start"], "the Record button stayed beside the reference"
            assert re.fullmatch(r"[0-9a-f]{32}", reference["reference"]), f"the reference {reference['reference']!r} is not a session id"
            sizes = a.execute_script(OVERFLOW)
            assert sizes["page"] <= 0 and sizes["dialog"] <= 0 and sizes["left"] >= 0, f"the dialog overflows a 375 px phone: {sizes}"
            a.save_screenshot(os.path.join(shots, "report-phone.png"))
        finally:
            a.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        close_dialog(a)
        open_dialog(a)
        wait_on(a, lambda d: d.execute_script("return document.querySelector('#account .account-report-done').hidden"), "the reference stayed after Done")
        close_dialog(a)

    def typed_code_signs_in():
        b = browser()
        state["b"] = b
        before = ready(b, base)
        assert before["token"] != state["a-who"]["token"], "B started as A"
        open_dialog(b)
        field = b.find_element(By.ID, "account-enter-code")
        field.send_keys(state["code"]["code"].lower())
        field.send_keys(Keys.ENTER)
        after = wait_on(b, lambda d: (w := who(d))["connected"] and w["name"] == state["a-who"]["name"] and w, "B did not become A")
        assert after["token"] not in (None, before["token"], state["a-who"]["token"]), "B has no token of its own"

    def link_signs_in():
        a = state["a"]
        second = make_code(a)
        close_dialog(a)
        c = browser()
        state["c"] = c
        link = base + "#" + second["link"].split("#", 1)[1]
        c.get(link)
        after = wait_on(c, lambda d: (w := who(d))["connected"] and w["name"] == state["a-who"]["name"] and w, "C did not become A")
        assert after["token"] not in (state["a-who"]["token"], who(state["b"])["token"]), "C shares a token"
        wait_on(c, lambda d: d.execute_script("return location.hash") in ("", "#/"), "the sign-in link stayed in the address bar")
        # The code worked once: opening it again is refused, and C stays A.
        c.get(link)
        wait_on(c, lambda d: "used already" in (d.execute_script("return document.querySelector('#toast .toast-text')?.textContent") or ""),
                "no refusal shown for a used code")
        assert who(c)["name"] == state["a-who"]["name"], "a used code changed who C is"

    def rename_reaches_every_browser():
        a = state["a"]
        a.find_element(By.CSS_SELECTOR, "#me .me-chip").click()
        field = a.find_element(By.ID, "me-input")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("Misty Everywhere", Keys.ENTER)
        for key in ("a", "b", "c"):
            wait_on(state[key], lambda d: who(d)["name"] == "Misty Everywhere", f"{key.upper()} did not show the new name")

    def sign_out_one_browser():
        # A second window of B's browser: the same user, one localStorage.
        b = state["b"]
        first = b.current_window_handle
        b.switch_to.new_window("window")
        second = b.current_window_handle
        ready(b, base)
        assert who(b)["name"] == "Misty Everywhere", "B's second window is another user"
        old = who(b)["token"]
        b.switch_to.window(first)
        open_dialog(b)
        b.find_element(By.CSS_SELECTOR, "#account .account-sign-out").click()
        fresh = wait_on(b, lambda d: (w := who(d))["connected"] and w["token"] not in (None, old) and w["name"] != "Misty Everywhere" and w,
                        "B did not start as a new user")
        b.switch_to.window(second)
        wait_on(b, lambda d: (w := who(d))["connected"] and w["name"] == fresh["name"], "B's second window did not follow its browser")
        b.close()
        b.switch_to.window(first)
        # A and C are still Misty: only B's token was revoked.
        for key in ("a", "c"):
            assert who(state[key])["name"] == "Misty Everywhere", f"{key.upper()} was signed out too"
        # B signs in again with a new code from A, for the sign-out everywhere below.
        code = make_code(state["a"])["code"]
        close_dialog(state["a"])
        open_dialog(b)
        field = b.find_element(By.ID, "account-enter-code")
        field.send_keys(code, Keys.ENTER)
        wait_on(b, lambda d: (w := who(d))["connected"] and w["name"] == "Misty Everywhere", "B did not sign in again")

    def sign_out_everywhere():
        b = state["b"]
        tokens = {key: who(state[key])["token"] for key in ("a", "b", "c")}
        open_dialog(b)
        b.find_element(By.CSS_SELECTOR, "#account .account-everywhere").click()
        wait_on(b, lambda d: d.execute_script("return !document.querySelector('#account .account-confirm').hidden"), "no confirmation")
        b.find_element(By.CSS_SELECTOR, "#account .account-confirm-yes").click()
        fresh = {}
        for key in ("a", "b", "c"):
            fresh[key] = wait_on(
                state[key], lambda d: (w := who(d))["connected"] and w["token"] not in (None, tokens[key]) and w["name"] != "Misty Everywhere" and w,
                f"{key.upper()} did not start afresh")
        assert len({w["token"] for w in fresh.values()}) == 3, "two browsers share a token after signing out"

    try:
        for name, step in [
            ("the account dialog makes a sign-in code: grouped, a link, a QR code, expiry", code_in_dialog),
            ("zbarimg reads the sign-in link from the dialog's QR code", qr_reads_back),
            ("the sign-in dialog fits a 375 px phone", phone),
            ("Report a problem records the session and shows its reference, on a 375 px phone", report_a_problem),
            ("a second browser types the code and becomes the same user with a token of its own", typed_code_signs_in),
            ("a third browser opens a code's link and becomes the same user; the used code is refused", link_signs_in),
            ("a rename in one browser reaches the others live", rename_reaches_every_browser),
            ("signing one browser out makes both its windows one new user; the others stay", sign_out_one_browser),
            ("signing out everywhere starts every browser afresh", sign_out_everywhere),
        ]:
            check(name, step)
    finally:
        for driver in drivers:
            driver.quit()
