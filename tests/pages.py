"""What the browser tests share: reading the game through the hook, starting a
game through the menu and setup screens, waiting for actions to land."""

from __future__ import annotations

import re
import time

DOUBLE_TAP_MS = 350  # a little over the page's DOUBLE_TAP_MS
# Where and when the last clicks were made (for wait_out_double_tap): an init script of every test's context.
LAST_TAP = ("document.addEventListener('click', (e) => { window.lastTaps = [...(window.lastTaps ?? []).slice(-15), "
            "{ on: e.target, at: e.timeStamp, x: e.clientX, y: e.clientY }]; }, true);")
NEW_GAME = re.compile("^(Neues Spiel|New game)$")
PHYSICAL = re.compile("^(Mit echten Würfeln|Real dice)")


def game(page) -> dict | None:
    return page.evaluate("wortwurf.game()")


def action_count(page) -> int:
    """The game's actions (-1: no game), read alone: the whole game over the wire was most of a click's wait."""
    return page.evaluate("wortwurf.game()?.record.actions.length ?? -1")


def click_and_wait(page, locator, actions: int = 1) -> None:
    """Click, then wait until the game has recorded `actions` more actions."""
    target = action_count(page) + actions
    locator.click()
    page.wait_for_function(f"wortwurf.game() && wortwurf.game().record.actions.length >= {target}")


def wait_out_double_tap(locator) -> None:
    """Until a double tap's span has passed since the last click on the control and the last click made where it
    is: the page takes a second tap that soon there as the second of a double tap (web/common.js), as when a
    busted roll is followed at once by the next one, or a roll, two dice kept and a roll again come within it.
    Every click of the browser tests waits so (conftest): each is a tap of its own, as a person's are."""
    wait = locator.evaluate(f"""(control) => {{
        const box = control.getBoundingClientRect();
        const near = (tap) => tap.on === control || Math.hypot(box.x + box.width / 2 - tap.x,
                                                               box.y + box.height / 2 - tap.y) < 40;
        const since = (window.lastTaps ?? []).filter(near).map((tap) => performance.now() - tap.at);
        return since.length ? Math.max(0, {DOUBLE_TAP_MS} - Math.min(...since)) : 0;
    }}""")
    if wait:
        locator.page.wait_for_timeout(wait)


def wait_idle(page) -> None:
    """Until the screen in view runs no piece of work (it is no longer aria-busy): a control disabled after
    this is disabled by the rules, not only for the wait."""
    page.wait_for_function("!document.querySelector('main > section.screen:not([hidden])[aria-busy]')")


def start_game(page, names: list[str], physical: bool = False, game_id: str = "forgetit", setup=None) -> None:
    """Menu -> the game's card -> setup with these players -> the game on screen.

    `setup(page)` may fill in the game's own options before starting.
    """
    card = page.locator(f'.game-card[data-game="{game_id}"]')
    card.get_by_role("button", name=NEW_GAME).click()
    rows = page.locator("#player-list li")
    while rows.count() > len(names):
        rows.last.get_by_role("button").click()
    while rows.count() < len(names):
        page.get_by_role("button", name=re.compile("^(Person hinzufügen|Add a player)$")).click()
    for i, name in enumerate(names):
        page.get_by_role("textbox", name=re.compile(f"^(Name) {i + 1}$")).fill(name)
    if physical:
        page.get_by_role("checkbox", name=PHYSICAL).check()
    if setup:
        setup(page)
    page.get_by_role("button", name=re.compile("^(Spiel beginnen|Start the game)$")).click()
    # (the page leaves the setup once the new game is the one on screen: a game before it may have had the
    # same seed and players, in a module's shared page)
    started = "document.getElementById('setup').hidden && wortwurf.game() !== null"
    page.wait_for_function(f"({started}) || document.getElementById('replace').open")
    if page.locator("#replace").is_visible():  # a saved game of this kind: the page asks before replacing it
        page.get_by_role("button", name=re.compile("^(Neu beginnen|Start anew)$")).click()
    page.wait_for_function(started)
    page.locator(f"#{game_id}").wait_for(state="visible")


def expect_text(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => document.querySelector(s).textContent === t", arg=[selector, text]
    )


# What the page keeps in IndexedDB (web/storage.js: database "wortwurf", store "kept", key → value).
_KEPT = """([how, key, value]) => new Promise((resolve, reject) => {
  const open = indexedDB.open("wortwurf", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("kept");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction("kept", how === "put" ? "readwrite" : "readonly");
    const store = tx.objectStore("kept");
    const request = how === "put" ? store.put(value, key) : how === "keys" ? store.getAllKeys() : store.get(key);
    tx.oncomplete = () => { open.result.close(); resolve(how === "put" ? null : request.result ?? null); };
    tx.onabort = () => reject(tx.error);
  };
})"""


def kept(page, key: str):
    """The value the page keeps under `key` (None if none)."""
    return page.evaluate(_KEPT, ["get", key, None])


def wait_saved(page, timeout: float = 10) -> None:
    """Until the save of the game in play holds every action played: what a reload then shows is what was
    played (a save lands a moment after its action). Polled from here: Playwright's wait_for_function takes
    a promise for a true value."""
    ask = f"""() => ({_KEPT})(["get", "game:" + wortwurf.game().record.game, null])
        .then((saved) => saved?.record.actions.length === wortwurf.game().record.actions.length)"""
    deadline = time.monotonic() + timeout
    while not page.evaluate(ask):
        assert time.monotonic() < deadline, "the game in play was not saved"
        page.wait_for_timeout(50)


def kept_length(page, key: str, field: str) -> int:
    """len(kept(page, key)[field]), counted in the page: a value of megabytes is not copied out to be counted."""
    return page.evaluate(f"args => ({_KEPT})(args).then((value) => value[args[3]].length)", ["get", key, None, field])


def keep(page, key: str, value) -> None:
    """Store `value` under `key`, as the page would (for saves made by hand)."""
    page.evaluate(_KEPT, ["put", key, value])


def kept_keys(page) -> list[str]:
    return page.evaluate(_KEPT, ["keys", None, None])


def finished_solo_dicewords(page) -> dict:
    """The record of a DICEWORDS game of one computer seat, played to its end by the engine."""
    return page.evaluate("""async () => {
        let state = await wortwurf.engine("new_game", "dicewords", ["Rechner"], {target: 50, computer: [1]}, 7);
        const record = await wortwurf.engine("record_of", state);
        while (!state.over) {
            const action = await wortwurf.engine("computer_action", state);
            state = await wortwurf.engine("apply", state, action);
            record.actions.push(action);
        }
        return record;
    }""")


# The page draws a new game's seed from crypto.getRandomValues(Uint32Array(2)): a test's seed, when it set one
# (fixed_seed), is read from the page's session storage instead, in the page as loaded and in any load after.
SEEDED = """(() => {
    const real = crypto.getRandomValues.bind(crypto);
    crypto.getRandomValues = (array) => {
        const seed = sessionStorage.getItem("test:seed");
        return array.length === 2 && seed !== null ? (array.set([0, Number(seed)]), array) : real(array);
    };
})()"""


def fixed_seed(page, seed: int) -> None:
    """Every game the page starts from now on has seed `seed` (no reload: a boot costs a second of CPU); a
    module's shared page forgets it before its next test (conftest)."""
    if not getattr(page, "seeded", False):
        page.add_init_script(SEEDED)
        page.evaluate(SEEDED)
        page.seeded = True
    page.evaluate(f"sessionStorage.setItem('test:seed', '{seed}')")
