"""The focused set of browser tests that runs in WebKit and in Firefox besides the whole suite in Chromium
(tests/engines.py drives them). Each engine's test file (test_engines_webkit.py, test_engines_firefox.py) takes
these tests and gives them its `engine`; they run on two pytest workers at once. Only what could differ by engine
is here: the page's start, input, saving, the offline cache, the update, the link; the rules are the same Python
in every engine and are tested once."""

from __future__ import annotations

import time

import pytest

from engines import CONTROL, WATCH, Display, EngineError, Firefox, Phone, WebKit

pytestmark = pytest.mark.browser

ROLL = r"^(Würfeln|Beiseitelegen und würfeln|Alle 9 wieder aufnehmen|.+ würfelt)$"
STOP = r"^(Aufhören|Beiseitelegen und aufhören): \d+"


@pytest.fixture(scope="module")
def engine(request):
    """The module's engine: WebKit on an Xvfb display (a WebKitWebDriver per phone), or one Firefox."""
    if request.module.ENGINE == "webkit":
        display = Display()
        yield WebKit(display)
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


def new_since(phone: Phone, origin: str, seen: tuple[list, list]) -> tuple[tuple[list, list], tuple[list, list]]:
    """The phone's console errors and requests off the site now, and those of them it had not made by `seen`
    (an earlier pair of these lists: the page's own go on growing while it stays loaded)."""
    now = phone.errors(), phone.requests_off_origin(origin)
    return now, tuple(told[len(before):] if told[:len(before)] == before else told for told, before in zip(now, seen))


def assert_clean(phone: Phone, errors: list, foreign: list) -> None:
    assert errors == [], f"{phone.engine}: console errors: {errors}"
    assert foreign == [], f"{phone.engine}: requests left the origin: {foreign}"


def checked_close(phone: Phone, origin: str, seen: tuple[list, list] = ([], [])) -> None:
    """Closes the phone after checking it did nothing it must not (since `seen`): a console error, a request
    off the site."""
    try:
        _, (errors, foreign) = new_since(phone, origin, seen)
    finally:
        phone.close()
    assert_clean(phone, errors, foreign)


@pytest.fixture
def phone(engine, site_url):
    """A phone of its own: a new session (WebKit) or user context (Firefox), an empty store, a first visit."""
    phone = open_phone(engine, site_url)
    yield phone
    checked_close(phone, site_url)


@pytest.fixture(scope="module")
def started_phone(engine, site_url):
    """One started phone for the module's tests that need no fresh one (a page's start in these engines is
    2-3 s, most of such a test's CPU); `shared_phone` hands it to each. What it did wrong after the last of
    them is checked when it closes."""
    phone = open_phone(engine, site_url)
    phone.seen = ([], [])  # (its errors and requests off the site as the last test left them)
    yield phone
    checked_close(phone, site_url, phone.seen)


@pytest.fixture
def shared_phone(started_phone, site_url):
    """The module's started phone on the menu, in German, no dialog open, as a new one is, with what earlier
    tests saved kept (a game they left); a console error or a request off the site while a test ran (its reset
    here included) fails that test."""
    phone = started_phone
    phone.js("() => document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    if phone.js("() => document.documentElement.lang") != "de":
        phone.press("^DE$")
        phone.wait("() => document.documentElement.lang === 'de'")
    if phone.js("() => document.getElementById('menu').hidden"):
        phone.press("^(Zurück|Menü)$", within="main > section.screen:not([hidden])")
        phone.wait("() => !document.getElementById('menu').hidden")
    yield phone
    phone.seen, (errors, foreign) = new_since(phone, site_url, phone.seen)
    assert_clean(phone, errors, foreign)


def start_game(phone: Phone, names: list[str], game_id: str, phones: list[int] = (), setup=None) -> None:
    """Menu -> the game's card -> setup with these names (the seats `phones` on their own phones) -> the game
    on screen, by taps and typing."""
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
    for seat in phones:
        phone.choose(f"#player-list li:nth-child({seat + 1}) select.seat", "phone")
    if setup:
        setup(phone)
    phone.press("^Spiel beginnen$")
    # (on a shared phone a game of this kind may be saved already: the page asks before replacing it)
    started = ("(id) => document.getElementById('setup').hidden && wortwurf.game()?.record.game === id"
               " && !document.getElementById(id).hidden")
    phone.wait(f"(id) => ({started})(id) || document.getElementById('replace').open", game_id)
    if phone.js("() => document.getElementById('replace').open"):
        phone.press("^Neu beginnen$", within="#replace")
    phone.wait(started, game_id)


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


SAVED = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("wortwurf", 1);
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const request = open.result.transaction("kept").objectStore("kept").get("game:" + wortwurf.game().record.game);
    request.onsuccess = () => { open.result.close();
      resolve(request.result?.record.actions.length === wortwurf.game().record.actions.length); };
  };
})"""

MARKS = "() => performance.getEntriesByType('mark').map((m) => m.name).filter((n) => n.startsWith('worker:'))"


def test_the_page_starts_in_german_a_forgetit_turn_is_played_by_taps_and_kept_over_a_reload(phone):
    """Ready with no error (the fixture checks the console and the requests), in German where the phone is
    German, as a first visit (from the snapshot the site ships when the link read fast, else the normal way: on
    a loaded machine a Firefox once read this machine's link as slow), and a turn of FOR-GET-IT played through
    the engine's own input to its end, which a reload finds as it was, from the snapshot the first visit kept."""
    assert phone.js("() => document.documentElement.lang") == "de"
    first_visit = phone.js(MARKS)
    assert ("worker:snapshot-shipped" in first_visit or "worker:no-snapshot" in first_visit), first_visit
    start_game(phone, ["Ida"], "forgetit")
    forgetit_turn(phone)
    played = phone.game()
    assert played["view"]["turn"]["rolls"] == 0 and len(played["record"]["actions"]) >= 1
    phone.wait(SAVED, message="the game saved")
    try:  # the turn's review loads a table in the worker: a reload in the middle of its fetch is a console error
        phone.wait("() => document.getElementById('fgi-review').textContent", timeout=15)  # in Firefox (said)
    except EngineError:
        pass  # (a turn with no decision to review)
    phone.wait(f"() => ({MARKS})().includes('worker:snapshot-kept')", message="the snapshot kept")
    phone.reload()
    phone.ready()
    phone.wait("() => wortwurf.game() !== null && !document.getElementById('forgetit').hidden")
    assert phone.game()["record"] == played["record"]
    assert "worker:snapshot-found" in phone.js(MARKS)  # (the first visit kept its snapshot)


def test_a_dicewords_turn_is_played_by_taps(shared_phone):
    """DICEWORDS, the other kind of dice game: a roll, the best word asked for, scored (or a pass)."""
    phone = shared_phone
    start_game(phone, ["Ida"], "dicewords")
    tap_and_wait(phone, phone.control(r"^(.+ würfelt|Würfeln)$", within="#dicewords"))
    idle(phone)
    phone.press(r"^Bestes Wort\?$", within="#dicewords")
    phone.wait("() => document.getElementById('dw-hint').textContent !== ''", message="the best word")
    idle(phone)
    declare = phone.js(f"(...args) => Boolean(({CONTROL})(...args))", "^Werten: ", "#dicewords", "button")
    tap_and_wait(phone, phone.control("^Werten: " if declare else "^Passen$", within="#dicewords"))
    view = phone.game()["view"]
    assert view["turn"]["rolls"] == 0 and len(phone.game()["record"]["actions"]) >= 2


def test_a_typdom_word_is_laid_by_taps_and_the_device_passed_on(shared_phone):
    """TYP-DOM, the tile game, passed around: the one whose turn it is shows the rack, asks for a possible move
    (its tiles go onto the table) and lays it; the next person's pass screen follows."""
    phone = shared_phone
    start_game(phone, ["Ada", "Bea"], "typdom")
    names = ["Ada", "Bea"]
    current = phone.game()["view"]["current"]
    phone.press(f"^Ich bin {names[current]}$", within="#typdom")
    phone.press("^Ja, Plättchen zeigen$", within="#typdom")
    phone.wait("() => !document.getElementById('td-play').hidden")
    phone.press(r"^Möglicher Zug\?$", within="#typdom")
    phone.wait("() => [...document.querySelectorAll('#typdom .message')].some((m) => m.textContent.startsWith('Zum Beispiel'))",
               message="a possible move")
    tap_and_wait(phone, phone.control("^Legen$", within="#typdom"))
    [laid] = phone.game()["record"]["actions"]
    assert laid["type"] == "place" and laid["tiles"]
    phone.control(f"^Ich bin {names[1 - current]}$", within="#typdom")  # the next one's pass screen


def test_a_frigiti_word_is_made_by_taps_and_a_definition_typed_behind_the_pass_screen(shared_phone):
    """Frigiti, the word-making game: the creator rolls, lays four dice by taps and takes the word; the first
    writer, through the pass screen's two taps, types a definition and hands it in covered."""
    phone = shared_phone
    start_game(phone, ["Ada", "Bea", "Cem", "Dan"], "frigiti")
    tap_and_wait(phone, phone.query("#fr-roll"))
    idle(phone)
    for die in range(4):
        phone.tap(phone.element("(i) => document.querySelectorAll('#fr-dice button')[i]", die))
        phone.wait(f"() => document.querySelectorAll('#fr-word button').length > {die}")  # (laid in the word)
    before = phone.actions()
    phone.press("^Das Wort nehmen: ", within="#frigiti")
    phone.wait(f"() => wortwurf.game().record.actions.length > {before} || !document.getElementById('fr-anyway').hidden")
    if phone.js("() => !document.getElementById('fr-anyway').hidden"):
        tap_and_wait(phone, phone.query("#fr-anyway"))
    view = phone.game()["view"]
    writer = view["players"][next(p for p in view["order"] if not view["written"][p])]
    phone.press(f"^Ich bin {writer}$", within="#frigiti")
    phone.press("^Ja, zeigen$", within="#frigiti")
    phone.wait("() => !document.getElementById('fr-write').hidden")
    phone.type(phone.query("#fr-definition"), "Ein Wort, das es nicht gibt")
    tap_and_wait(phone, phone.control("^Abgeben und verdecken$", within="#frigiti"))
    assert sum(phone.game()["view"]["written"]) == 1
    phone.wait("() => document.getElementById('fr-write').hidden")  # covered again for the next one


def test_the_woerterbuch_says_whether_a_word_counts(shared_phone):
    phone = shared_phone
    phone.press("^Wörterbuch$")
    field = phone.query("#dictionary-word")
    phone.wait("() => !document.getElementById('dictionary').hidden")
    phone.type(field, "HAUS")
    phone.press("^(Nachschlagen|Prüfen|Suchen)$", within="#dictionary-form")
    said = phone.wait("() => document.getElementById('dictionary-result').textContent")
    assert "HAUS steht im Wörterbuch." in said


def test_the_policy_names_only_directives_every_engine_knows(shared_phone):
    """Header and meta: WebKit says "Unrecognized Content-Security-Policy directive" for what it does not know
    (it did for manifest-src) on every page; its console is not open to WebDriver, so the list is checked."""
    phone = shared_phone
    header, meta = phone.js("""() => fetch(location.href).then((r) => [r.headers.get("content-security-policy"),
        document.querySelector('meta[http-equiv="Content-Security-Policy"]').content])""")
    assert header == meta
    directives = {part.split()[0] for part in header.split(";") if part.strip()}
    assert directives <= CSP_DIRECTIVES_WEBKIT_KNOWS, directives - CSP_DIRECTIVES_WEBKIT_KNOWS


# CSP Level 2 and worker-src, all of which WebKit (Safari 15.5 on) knows; manifest-src is not among them
CSP_DIRECTIVES_WEBKIT_KNOWS = {"default-src", "script-src", "style-src", "img-src", "font-src", "connect-src",
                               "media-src", "object-src", "frame-src", "child-src", "worker-src", "base-uri",
                               "form-action", "frame-ancestors", "sandbox", "upgrade-insecure-requests"}


def test_offline_after_a_first_visit_and_a_new_version_taken_on_a_tap(engine, tmp_path):
    """The site's own server goes away after a first visit: the offline cache starts the page and a roll. The
    server back with a newer build: the menu offers it, and a tap reloads into it (tests/test_update_site.py)."""
    import re
    import shutil
    import threading

    from conftest import build

    site = tmp_path / "dist"
    shutil.copytree(build.DIST, site)
    server = build.make_server(site, port=0)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{port}/"
    phone = open_phone(engine, url)
    try:
        phone.wait("() => navigator.serviceWorker.ready.then((r) => r.active?.state === 'activated')",
                   message="the offline cache installed")
        phone.wait("() => caches.keys().then((keys) => keys.some((k) => k.startsWith('wortwurf-')))")
        phone.first_visit_done()
        server.shutdown()
        server.server_close()
        phone.reload()
        phone.ready()
        assert phone.js("() => navigator.serviceWorker.controller !== null")
        start_game(phone, ["Ada"], "forgetit")
        tap_and_wait(phone, phone.control(ROLL, within="#forgetit"))
        assert phone.errors() == [], "offline"

        text = (site / "sw.js").read_text()
        version = re.search(r'const VERSION = "(\w+)"', text).group(1)
        (site / "sw.js").write_text(text.replace(version, "0newer0build0000"))
        server = build.make_server(site, port=port)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        phone.js("() => navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)")
        phone.wait("() => navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)",
                   message="the new version installed")
        assert phone.js("() => !document.getElementById('forgetit').hidden")  # the game goes on, nothing reloads
        assert phone.errors() == [], "the new version installed"
        phone.press("^Menü$", within="#forgetit")
        phone.js("() => { window.__before = true; }")
        phone.press("^Jetzt neu laden$")
        end = time.monotonic() + 60
        while True:
            try:
                if phone.js("() => !window.__before && document.readyState === 'complete' && !!window.wortwurf"):
                    break
            except EngineError:
                pass  # (asked while the page was going)
            assert time.monotonic() < end, "the tap did not reload the page"
            time.sleep(0.2)
        phone.js(WATCH)
        phone.ready()
        phone.wait("() => caches.keys().then((keys) => keys.filter((k) => k.startsWith('wortwurf-')))"
                   ".then((keys) => keys.length === 1 && keys[0] === 'wortwurf-0newer0build0000')",
                   message="only the new version's cache")
    finally:
        server.shutdown()
        server.server_close()
        checked_close(phone, url)
