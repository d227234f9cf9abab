"""A new version of the site: installed beside the one in use, offered in the menu, taken only on a tap; a
failed install leaves nothing behind (web/sw.js, web/app.js). The site is served from a copy of dist/ whose
sw.js a test replaces with a newer build's."""

from __future__ import annotations

import re
import shutil
import threading

import pytest

from conftest import build
from pages import start_game

OFFLINE_CACHE = True  # (conftest: these pages start with their service worker)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    copy = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(build.DIST, copy)
    return copy


@pytest.fixture(scope="module")
def site_url(site):
    server = build.make_server(site, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture
def newer_build(site):
    """Put a newer build's sw.js in place: another version (and whatever `changes` makes of it)."""
    text = (build.DIST / "sw.js").read_text()
    version = re.search(r'const VERSION = "(\w+)"', text).group(1)

    def put(changes=lambda text: text):
        (site / "sw.js").write_text(changes(text.replace(version, "0newer0build0000")))

    yield put
    (site / "sw.js").write_text(text)


def installed(context, site_url):
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("window.wortwurf.ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    return page


def until(page, promise: str, tries: int = 200) -> None:
    """Wait until the page's `promise` resolves true (wait_for_function takes any promise as true at once)."""
    for _ in range(tries):
        if page.evaluate(promise):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {promise}")


CACHES = "caches.keys().then((keys) => keys.filter((key) => key.startsWith('wortwurf-')))"


def test_a_new_version_waits_until_a_tap_in_the_menu_reloads_into_it(context, site_url, newer_build):
    page = installed(context, site_url)
    start_game(page, ["Ada", "Bo"])
    newer_build()
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    until(page, "navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)")
    assert page.locator("#forgetit").is_visible()  # the game in progress goes on, nothing reloads
    page.get_by_role("button", name="Menü").first.click()
    with page.expect_navigation():
        page.get_by_role("button", name="Jetzt neu laden").click()
    page.wait_for_function("window.wortwurf !== undefined")
    page.evaluate("window.wortwurf.ready")
    until(page, f"{CACHES}.then((keys) => keys.length === 1 && keys[0] === 'wortwurf-0newer0build0000')")
    assert page.get_by_role("button", name="Jetzt neu laden").is_hidden()
    page.locator('.game-card[data-game="forgetit"] [data-action="resume"]').wait_for(state="visible")  # game kept


def test_a_failed_install_leaves_no_cache_behind_and_the_installed_version_stays(context, site_url, newer_build):
    page = installed(context, site_url)
    before = page.evaluate(CACHES)
    newer_build(lambda text: text.replace('"index.html":', '"missing.js": "sha256-AAAA", "index.html":', 1))
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update()).catch(() => null)")
    until(page, "navigator.serviceWorker.getRegistration().then((r) => !r.installing && !r.waiting)")
    assert page.evaluate(CACHES) == before
    assert page.get_by_role("button", name="Jetzt neu laden").is_hidden()
