"""Named lists, roles and invite terms in headless Chromium, for scripts/browser-test.

Two users of their own (separate driver profiles): the owner creates "Gym team", invites the
member with an editor link limited to 5 uses, renames the list (the member's Favorites title
follows live), demotes the member to viewer (the member's stars lock at once), and deletes the
list through the confirmation alert (the member's session drops it with a notice).
Screenshots: lists.png (the picker with the new list), roles.png (the roster with its role
controls and the open invite's terms), lists-phone.png (the same on a 375 px phone).
"""
import os

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

# The Favorites screen's named-list parts, when it is the sheet's visible screen.
LISTS_VIEW = """
const sheet = document.getElementById('sheet');
const top = sheet.open ? sheet.querySelector('.screen:not([hidden])') : null;
const view = top && top.querySelector('.favorites');
return view && {
  title: view.querySelector('.fav-title').textContent,
  role: view.querySelector('.fav-subtitle .role')?.textContent ?? null,
  chips: [...view.querySelectorAll('.chip .chip-name')].map((c) => c.textContent),
  membersTitle: view.querySelector('#fav-members-title')?.textContent ?? null,
  roleSelects: [...view.querySelectorAll('.member .role-select')].map((s) => s.value),
  invites: [...view.querySelectorAll('.invite .invite-terms-text')].map((e) => e.textContent),
  overflow: document.documentElement.scrollWidth - window.innerWidth,
};
"""
ROW_LOCK = """
const star = document.querySelector('#list .card[data-id="' + arguments[0] + '"] .star');
return star && {pressed: star.getAttribute('aria-pressed'), disabled: star.getAttribute('aria-disabled')};
"""
NOTICE = "const n = document.getElementById('notice'); return n.hidden ? null : n.querySelector('.notice-text').textContent"
INVITE_LINK = "const i = document.getElementById('invite'); return i.open && document.getElementById('invite-link').value"


def run(check, other_user, base, shots, timeout):
    """Adds the named-list checks to `check`; `other_user()` makes a driver of a new user."""
    state = {}

    def wait_on(d, condition, message=""):
        return WebDriverWait(d, timeout).until(condition, message)

    def view(d):
        return d.execute_script(LISTS_VIEW)

    def click(d, css):
        element = d.find_element(By.CSS_SELECTOR, css)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return element

    def open_favorites(d):
        d.get(base)
        wait_on(d, lambda d: d.find_element(By.ID, "connection").get_attribute("data-kind") == "connected", "not connected")
        d.execute_script("window.scrollTo(0, 0)")
        d.find_element(By.ID, "favorites-button").click()
        return wait_on(d, view, "the Favorites view did not open")

    def submit_name(d, name):
        field = wait_on(d, lambda d: (f := d.find_element(By.ID, "list-name-input")).is_displayed() and f, "no name field")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.BACKSPACE)
        field.send_keys(name, Keys.ENTER)

    def create_and_rename():
        owner = other_user()
        state["owner"] = owner
        first = open_favorites(owner)
        assert first["title"] == "Favorites", f"a new user's list is called {first['title']!r}"
        click(owner, "#sheet .list-new")
        submit_name(owner, "Gym team")
        wait_on(owner, lambda d: (v := view(d)) and v["title"] == "Gym team" and v["role"] == "Owner", "the new list did not become active")
        assert view(owner)["chips"] == ["Favorites", "Gym team"], view(owner)["chips"]
        owner.save_screenshot(os.path.join(shots, "lists.png"))
        click(owner, "#sheet .list-rename")
        submit_name(owner, "Gym squad")
        wait_on(owner, lambda d: (v := view(d)) and v["title"] == "Gym squad" and "Gym squad" in v["chips"], "the rename did not show")

    def invite_with_terms():
        owner = state["owner"]
        click(owner, '#sheet .segment input[value="editor"]')
        Select(owner.find_element(By.CSS_SELECTOR, "#sheet .invite-expiry")).select_by_value("7")
        Select(owner.find_element(By.CSS_SELECTOR, "#sheet .invite-uses")).select_by_value("5")
        click(owner, "#sheet .invite-create")
        link = wait_on(owner, lambda d: d.execute_script(INVITE_LINK), "no invite dialog with a link")
        owner.find_element(By.CSS_SELECTOR, "#invite .invite-done").click()
        wait_on(owner, lambda d: not d.execute_script("return document.getElementById('invite').open"), "the invite dialog stayed open")
        wait_on(owner, lambda d: (v := view(d)) and v["invites"] and v["invites"][0].startswith("0 / 5 used · expires"), "the invite's terms are not shown")
        member = other_user()
        state["member"] = member
        member.get(base + "#" + link.split("#", 1)[1])
        wait_on(member, lambda d: (v := view(d)) and v["title"] == "Gym squad" and v["role"] == "Can edit", "the member did not join as an editor")
        wait_on(owner, lambda d: (v := view(d)) and v["invites"] and v["invites"][0].startswith("1 / 5 used"), "the invite's use is not counted")
        wait_on(owner, lambda d: (v := view(d)) and v["membersTitle"].startswith("Members · 2"), "the member count is not 2")

    def rename_reaches_the_member():
        owner, member = state["owner"], state["member"]
        click(owner, "#sheet .list-rename")
        submit_name(owner, "Cerulean Gym")
        wait_on(member, lambda d: (v := view(d)) and v["title"] == "Cerulean Gym", "the member's title did not follow the rename")

    def demote_locks_the_member():
        owner, member = state["owner"], state["member"]
        select = wait_on(owner, lambda d: d.find_element(By.CSS_SELECTOR, "#sheet .member .role-select"), "no role control for the member")
        owner.execute_script("arguments[0].scrollIntoView({block: 'center'})", select)
        Select(select).select_by_value("viewer")
        wait_on(member, lambda d: (v := view(d)) and v["role"] == "View only", "the member's role did not become View only")
        member.find_element(By.CSS_SELECTOR, "#sheet .screen:not([hidden]) .close").click()
        wait_on(member, lambda d: d.execute_script(ROW_LOCK, 1), "no row #1 for the member")
        lock = wait_on(member, lambda d: (l := d.execute_script(ROW_LOCK, 1)) and l["disabled"] == "true" and l, "the member's stars did not lock")
        assert lock["disabled"] == "true", lock
        wait_on(owner, lambda d: (v := view(d)) and v["roleSelects"] == ["viewer"], "the owner's roster does not show the viewer")
        members = owner.find_element(By.CSS_SELECTOR, "#fav-members-title")
        owner.execute_script("arguments[0].scrollIntoView({block: 'start'})", members)
        owner.save_screenshot(os.path.join(shots, "roles.png"))

    def fits_a_phone():
        owner = state["owner"]
        owner.set_window_size(375, 812)
        try:
            wait_on(owner, lambda d: (v := view(d)) and v["overflow"] <= 0, "the Favorites view is wider than the phone")
            owner.execute_script("document.querySelector('#fav-members-title').scrollIntoView({block: 'start'})")
            owner.save_screenshot(os.path.join(shots, "lists-phone.png"))
        finally:
            owner.set_window_size(1280, 900)

    def delete_drops_it_everywhere():
        owner, member = state["owner"], state["member"]
        click(owner, "#sheet .list-delete")
        wait_on(owner, lambda d: d.execute_script("return document.getElementById('alert').open"), "no confirmation alert")
        # The dialog fades in from opacity 0, and WebDriver reads no text of an element not yet
        # visible: wait for the title the user reads, not the first frame's.
        wait_on(owner, lambda d: d.find_element(By.ID, "alert-title").text == "Delete “Cerulean Gym”?",
                "the alert's title to read “Delete “Cerulean Gym”?”")
        owner.find_element(By.CSS_SELECTOR, "#alert .alert-confirm").click()
        wait_on(member, lambda d: d.execute_script(NOTICE) == "“Cerulean Gym” was deleted.", "the member got no notice")
        wait_on(owner, lambda d: (v := view(d)) is None or v["chips"] == [] or "Cerulean Gym" not in v["chips"], "the owner still has the list")

    check("a new list is created, becomes active and is renamed", create_and_rename)
    check("an invite limited to 5 uses and 7 days shows its terms and counts the join", invite_with_terms)
    check("a rename reaches the other member's Favorites title live", rename_reaches_the_member)
    check("demoting the member to viewer locks their stars at once", demote_locks_the_member)
    check("the Favorites view with role controls fits a 375 px phone", fits_a_phone)
    check("deleting the list (after the alert) drops it for the member with a notice", delete_drops_it_everywhere)
