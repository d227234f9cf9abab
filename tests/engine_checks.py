"""The focused set of browser tests that runs in WebKit and in Firefox besides the whole suite in Chromium
(tests/engines.py drives them). Each engine's test file (test_engines_webkit.py, test_engines_firefox.py) takes
these tests and gives them its `engine`; they run on two pytest workers at once. Only what could differ by engine
is here: the page's start, input, saving, the offline cache, the update, the link; the rules are the same Python
in every engine and are tested once."""

from __future__ import annotations

import pytest

from engines import Display, EngineError, Firefox, Phone, WebKitDriver

pytestmark = pytest.mark.browser

ROLL = r"^(Würfeln|Beiseitelegen und würfeln|Alle 9 wieder aufnehmen|.+ würfelt)$"
STOP = r"^(Aufhören|Beiseitelegen und aufhören): \d+"


@pytest.fixture(scope="module")
def engine(request):
    """The module's engine: WebKitWebDriver on an Xvfb display, or one Firefox."""
    if request.module.ENGINE == "webkit":
        display = Display()
        driver = WebKitDriver(display)
        yield driver
        driver.close()
        display.close()
    else:
        browser = Firefox()
        yield browser
        browser.close()


def open_phone(engine, url: str) -> Phone:
    phone = engine.phone()
    phone.goto(url)
    phone.ready()
    return phone


def checked_close(phone: Phone, origin: str) -> None:
    """Closes the phone after checking it did nothing it must not: a console error, a request off the site."""
    try:
        errors = phone.errors()
        foreign = phone.requests_off_origin(origin)
    finally:
        phone.close()
    assert errors == [], f"{phone.engine}: console errors: {errors}"
    assert foreign == [], f"{phone.engine}: requests left the origin: {foreign}"


@pytest.fixture
def phone(engine, site_url):
    phone = open_phone(engine, site_url)
    yield phone
    checked_close(phone, site_url)


def start_game(phone: Phone, names: list[str], game_id: str) -> None:
    """Menu -> the game's card -> setup with these names -> the game on screen, by taps and typing."""
    phone.press("^Neues Spiel$", within=f'.game-card[data-game="{game_id}"]')
    phone.wait("() => !document.getElementById('setup').hidden")
    rows = "() => document.querySelectorAll('#player-list li').length"
    while phone.js(rows) > len(names):
        count = phone.js(rows)
        phone.tap(phone.element("() => [...document.querySelectorAll('#player-list li')].at(-1).querySelector('button')"))
        phone.wait(f"() => document.querySelectorAll('#player-list li').length < {count}")
    while phone.js(rows) < len(names):
        count = phone.js(rows)
        phone.press("^Person hinzufügen$")
        phone.wait(f"() => document.querySelectorAll('#player-list li').length > {count}")
    for number, name in enumerate(names, 1):
        phone.type(phone.control(f"^Name {number}$", roles="input"), name)
    phone.wait("(names) => names.every((n, i) => document.querySelectorAll('#player-list input')[i]?.value === n)", names)
    phone.press("^Spiel beginnen$")
    phone.wait("(id) => wortwurf.game() !== null && !document.getElementById(id).hidden", game_id)


def tap_and_wait(phone: Phone, element, actions: int = 1) -> None:
    target = phone.actions() + actions
    phone.tap(element)
    phone.wait(f"() => wortwurf.game() && wortwurf.game().record.actions.length >= {target}",
               message=f"{actions} more action(s) recorded")


def idle(phone: Phone) -> None:
    phone.wait("() => !document.querySelector('main > section.screen:not([hidden])[aria-busy]')")


def forgetit_turn(phone: Phone) -> None:
    """FOR-GET-IT: roll; keep a pair if one shows; stop: the turn is over, the pad has its points."""
    tap_and_wait(phone, phone.control(ROLL, within="#forgetit"))
    if phone.game()["view"]["turn"]["rolls"] == 0:
        return  # the roll ended the turn
    idle(phone)
    faces = phone.js("() => [...document.querySelectorAll('#fgi-hand button.die')]"
                     ".map((b) => b.getAttribute('aria-label').split(' ').at(-1))")
    pair = next((face for face in "54321" if faces.count(face) >= 2), None)
    if pair:  # the first tap on a die takes its whole group
        phone.tap(phone.element("(i) => document.querySelectorAll('#fgi-hand button.die')[i]", faces.index(pair)))
        phone.wait(f"() => document.querySelectorAll('#fgi-hand [aria-pressed=true]').length === {faces.count(pair)}")
    tap_and_wait(phone, phone.control(STOP, within="#forgetit"), actions=2 if pair else 1)


# --- the tests ---------------------------------------------------------------------------------------------


def test_the_page_starts_in_german_and_a_forgetit_turn_is_played_by_taps(phone):
    """Ready with no error (the fixture checks the console and the requests), in German where the phone is
    German, and a turn of FOR-GET-IT played through the engine's own input to its end."""
    assert phone.js("() => document.documentElement.lang") == "de"
    start_game(phone, ["Ida"], "forgetit")
    forgetit_turn(phone)
    view = phone.game()["view"]
    assert view["turn"]["rolls"] == 0 and phone.actions() >= 1
