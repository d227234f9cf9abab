"""Fixtures for the browser tests: the built site served locally, one Chromium.

`python3 build.py test` builds dist/ and says which Chromium to use through
WORTWURF_CHROMIUM (unset: Playwright's own browser). Every page records its
console errors and any request that leaves the site's origin; a test fails on
either, so "no request leaves the origin" and "no console errors" are checked
by every browser test.
"""

from __future__ import annotations

import os
import re
import sys
import threading
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's own static server)
from pages import LAST_TAP, wait_out_double_tap  # noqa: E402


def _use_the_built_tables() -> None:
    """The engine's native tests take the tables the build made for the site's package (kept in its cache), as
    the page does, instead of making them again in every worker: DICEWORDS' word keys take 4 s."""
    for path, text in build.generated_modules():
        name = path.removesuffix(".py").replace("/", ".")
        module = types.ModuleType(name)
        module.__file__ = path
        exec(compile(text, path, "exec"), module.__dict__)
        sys.modules[name] = module


_use_the_built_tables()


def _clicks_as_separate_taps() -> None:
    """Every `Locator.click` of the browser tests waits out a double tap's span first (pages.wait_out_double_tap):
    a test's two clicks are two taps, never one double tap the page takes once, however fast the machine
    (three tests failed so on a quick run). A double tap is made on purpose, in the page (tests/test_saving_site.py)."""
    try:
        from playwright.sync_api import Locator  # noqa: PLC0415
    except ImportError:  # (the browser tests are then skipped: `browser`)
        return
    click = Locator.click

    def separate_tap(self, *args, **kwargs):
        wait_out_double_tap(self)
        return click(self, *args, **kwargs)

    Locator.click = separate_tap


_clicks_as_separate_taps()

# The files that take longest, longest first (seconds of their tests on 3 workers, 2026-11-29: 68 down to 25).
# The workers are handed whole files (`--dist loadfile`) in the order they are collected, and alphabetical order
# left long ones (the linked tables', the other engines') for the end, where one worker ran them while the others
# were done (the run's last 16 s or so).
LONGEST_FIRST = ["test_saving_site.py", "test_presto_site.py", "test_site.py", "test_table_guests_site.py",
                 "test_contract.py", "test_engines_webkit.py", "test_accessibility.py", "test_table_site.py",
                 "test_boot_site.py", "test_engines_firefox.py", "test_dicewords_site.py", "test_table_dice_site.py",
                 "test_frigiti_site.py", "test_round3_site.py", "test_presto.py", "test_typdom_site.py"]


def pytest_collection_modifyitems(items):
    place = {name: at for at, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: place.get(item.path.name, len(place)))  # (stable: each file's order kept)


@pytest.fixture(scope="session")
def site_url():
    site = Path(os.environ.get("WORTWURF_SITE", build.DIST))  # a site built elsewhere (build.py build --out)
    if not (site / "index.html").exists():
        build.build(site)
    server = build.make_server(site, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        # Python's wasm runs as V8's first compiler makes it, never recompiled by the optimizing one: in a page
        # that lives seconds, as a test's does, the background recompiles of hot code cost more CPU than they
        # save (the whole suite on 2 cores: 700 -> 650 CPU seconds, 6:15 -> 5:49; bench/README.md). The same
        # code, the same results: only how fast it runs differs. A phone's page, living a game long, keeps
        # V8's defaults.
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("WORTWURF_CHROMIUM") or None,
            args=["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                  "--js-flags=--liftoff-only"],
        )
        yield browser
        browser.close()


class PageWatch:
    """What a page did that it must not: console errors, requests off the origin."""

    def __init__(self, origin: str):
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def console(self, message):
        if message.type == "error":
            self.errors.append(message.text)

    def request(self, request):
        if not request.url.startswith(self.origin) and not request.url.startswith(("data:", "blob:")):
            self.foreign.append(request.url)


@pytest.fixture
def context(browser, site_url, request):
    # Playwright's waiting helpers evaluate strings, which the site's policy
    # forbids; test_site_runs_under_its_content_security_policy runs without this.
    # No service worker unless a test module (OFFLINE_CACHE) or test asks for it:
    # its install copies every file into the offline cache, a third of a page's
    # start, for tests that never go offline.
    offline_cache = getattr(request.module, "OFFLINE_CACHE", False)
    context = watched_context(browser, site_url, **{"service_workers": "allow" if offline_cache else "block",
                                                    **getattr(request, "param", {})})
    yield context
    context.close()
    assert context.watch.foreign == [], f"requests left the origin: {context.watch.foreign}"
    assert context.watch.errors == [], f"console errors: {context.watch.errors}"


def watched_context(browser, site_url, **options):
    """A browser context as the tests' pages have it (German, reduced motion, no service worker), with
    `options` over that, and its PageWatch as `.watch`. Their searches run on the engine's worker: a second
    Python for them would start in every test with a computer player (a minute more of the suite on 2 cores);
    the tests of the search worker ask for it (`wortwurf.searchReady()`)."""
    context = browser.new_context(**{"locale": "de-DE", "reduced_motion": "reduce", "bypass_csp": True,
                                     "service_workers": "block", **options})
    context.add_init_script("window.wortwurfOneWorker = true")
    context.add_init_script(LAST_TAP)
    watch = PageWatch(site_url)
    context.on("request", watch.request)
    context.on("console", watch.console)
    context.on("weberror", lambda error: watch.errors.append(str(error.error)))
    context.watch = watch
    return context


@pytest.fixture
def page(context, site_url):
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("window.wortwurf.ready")
    return page


@pytest.fixture(scope="module")
def _shared_page(browser, site_url, request):
    """One started page for a module's tests that need no fresh one (a word looked up, a setup read, a game
    started and left): a page's start is over a second of CPU, most of such a test. Its context is the tests'
    with the module's SHARED_CONTEXT options over it (a phone's viewport)."""
    context = watched_context(browser, site_url, **getattr(request.module, "SHARED_CONTEXT", {}))
    watch = context.watch
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("window.wortwurf.ready")
    page.first_viewport = page.viewport_size  # (a test may resize it: the next one finds it as it was)
    yield page, watch
    context.close()
    assert watch.foreign == [] and watch.errors == [], (watch.foreign, watch.errors)  # (after the last test)


@pytest.fixture
def shared_page(_shared_page):
    """The module's shared page, in German on the menu and at its first size, as a new page is, with what earlier
    tests saved kept (a game they left, a word looked up); what it did wrong while a test ran fails that test."""
    page, watch = _shared_page
    watch.foreign.clear()
    watch.errors.clear()
    page.set_viewport_size(page.first_viewport)
    page.evaluate("sessionStorage.removeItem('test:seed')")  # (pages.fixed_seed)
    for dialog in page.locator("dialog[open]").all():  # (a test may end with a dialog open)
        dialog.evaluate("(d) => d.close()")
    page.get_by_role("button", name="DE", exact=True).click()
    if page.locator("#menu").is_hidden():
        page.locator("section.screen:not([hidden])").get_by_role("button", name=re.compile("^(Zurück|Menü)$")).first.click()
        page.locator("#menu").wait_for(state="visible")
    yield page
    assert watch.foreign == [], f"requests left the origin: {watch.foreign}"
    assert watch.errors == [], f"console errors: {watch.errors}"
