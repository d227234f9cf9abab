"""How Python starts in the page's worker: on a first visit over a fast link from the memory snapshot the build
ships (build.py `shipped_snapshot`), over a slow one from the trimmed, compiled standard library, and from Pyodide's
whole one when a module the trim left out is asked for (build.py `trimmed_stdlib`, web/worker.mjs); on a later visit
from the memory snapshot the first kept; the normal way whenever a snapshot fails."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path

import pytest

from conftest import build
from pages import fixed_seed, start_game
from test_frigiti_site import EN, create_word

OFFLINE_CACHE = True  # (conftest: these pages start with their service worker)

PYODIDE = build.DIST / build.PYODIDE_DIR
[STDLIB] = [path.name for path in PYODIDE.glob("python_stdlib-*.zip.gz")]
[SHIPPED] = [path.name for path in PYODIDE.glob("*.snapshot.gz")]


def no_shipped_snapshot(context) -> None:
    """The shipped snapshot is not to be had (as if it failed its integrity check): Python starts the normal way."""
    context.route(f"**/{SHIPPED}", lambda route: route.fulfill(body=b"not the snapshot"))


def fast_link(context) -> None:
    """Pyodide's module factory, which the worker times, is handed over at once, as over a fast link (this test
    machine's own server, busy with the other tests, once sent it slower than 50 Mbit/s)."""
    factory = PYODIDE / "pyodide.asm.mjs"
    context.route("**/pyodide.asm.mjs", lambda route: route.fulfill(path=factory, content_type="text/javascript"))


def fetches(context) -> list[str]:
    """The names of the files the page and its worker fetch from now on, as they finish (not the offline
    cache's install, which fetches every file, as soon as the page has registered it)."""
    fetched = []
    context.on("requestfinished", lambda request: request.service_worker or fetched.append(request.url.rsplit("/", 1)[-1]))
    return fetched


def worker_steps(page) -> list[str]:
    return page.evaluate("performance.getEntriesByType('mark').map(m => m.name).filter(n => n.startsWith('worker:'))")


def snapshots(page) -> list[str]:
    return [name for name in page.evaluate("caches.keys()") if name.startswith("python-snapshot-")]


def visit(context, site_url):
    """A visit that waits until Python is ready and, if it made one, its snapshot is kept."""
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("window.wortwurf.ready")
    if {"worker:snapshot-made", "worker:snapshot-shipped"} & set(worker_steps(page)):
        page.wait_for_function("() => performance.getEntriesByName('worker:snapshot-kept').length > 0")
    return page


def assert_bar_full(page, files: list[Path]) -> None:
    """The progress bar counted the start's downloads in bytes, all of them by the time Python is up: these
    files and our wheel."""
    bar = page.evaluate("[document.getElementById('loading-bar').value, document.getElementById('loading-bar').max]")
    assert bar[0] == bar[1] > sum(path.stat().st_size for path in files)
    megabytes = f"{bar[1] / 1e6:.1f}".removesuffix(".0").replace(".", ",")  # (tenths, none where they are 0)
    assert page.locator("#loading-bytes").text_content() == f"{megabytes} von {megabytes} MB"


def test_a_first_visit_on_a_fast_link_restores_the_snapshot_shipped_with_the_site(context, site_url):
    fast_link(context)
    fetched = fetches(context)
    page = visit(context, site_url)
    steps = worker_steps(page)
    assert "worker:snapshot-shipped" in steps and "worker:python-restored" in steps
    assert "worker:python-started" not in steps
    assert SHIPPED in fetched and STDLIB in fetched
    assert "de.wwlx.gz" not in fetched  # the snapshot holds the German list
    assert_bar_full(page, [PYODIDE / "pyodide.asm.wasm", PYODIDE / STDLIB, PYODIDE / SHIPPED])
    start_game(page, ["Ada"], game_id="dicewords")
    page.locator("#dw-roll").click()
    page.wait_for_function("wortwurf.game().state.turn.rolls === 1")
    # Kept like a snapshot a visit made: the next visit restores it from Cache Storage.
    assert len(snapshots(page)) == 1
    steps = worker_steps(visit(context, site_url))
    assert "worker:snapshot-found" in steps and "worker:python-restored" in steps


def test_a_first_visit_on_a_slow_link_never_fetches_the_shipped_snapshot(context, site_url):
    """A phone's link (DevTools' network emulation, lifted once the worker has chosen how to start)."""
    fetched = fetches(context)
    page = context.new_page()
    devtools = context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.send("Network.emulateNetworkConditions", {"offline": False, "latency": 40,
                                                       "downloadThroughput": 9e6 / 8, "uploadThroughput": 2e6 / 8})
    page.goto(site_url)
    page.wait_for_function("performance.getEntriesByName('worker:no-snapshot').length > 0", timeout=60_000)
    devtools.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                       "downloadThroughput": -1, "uploadThroughput": -1})
    page.evaluate("window.wortwurf.ready")
    assert "worker:python-started" in worker_steps(page)
    assert SHIPPED not in fetched


def test_a_normal_start_fetches_neither_the_whole_library_nor_the_english_words(context, site_url):
    """After a shipped snapshot that fails: the normal start of a slow link, the same but for the choice."""
    fast_link(context)
    no_shipped_snapshot(context)
    fetched = fetches(context)
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("window.wortwurf.ready")
    assert "worker:snapshot-shipped" in worker_steps(page) and "worker:python-started" in worker_steps(page)
    assert STDLIB in fetched
    assert "python_stdlib.zip" not in fetched and "en.wwlx" not in fetched
    assert not [name for name in fetched if ".tables." in name]  # a game's tables come when it first needs them
    assert_bar_full(page, [PYODIDE / "pyodide.asm.wasm", PYODIDE / STDLIB, build.DIST / "lexicon" / "de.wwlx.gz"])
    start_game(page, ["Ada"], game_id="dicewords")
    page.locator("#dw-roll").click()
    page.wait_for_function("wortwurf.game().state.turn.rolls === 1")


def without(trimmed: bytes, module: str) -> bytes:
    """The trimmed library (gzipped) as if the trim had also left out `module`."""
    source = zipfile.ZipFile(io.BytesIO(gzip.decompress(trimmed)))
    kept = set(source.namelist()) - {f"{module}.pyc", "_stdlib_left_out.pyc"}
    whole = zipfile.ZipFile(PYODIDE / "python_stdlib.zip").namelist()
    left_out = sorted(name[:-3].removesuffix("/__init__").replace("/", ".") for name in whole
                      if name.endswith(".py") and f"{name}c" not in kept)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as changed:
        for name in kept:
            changed.writestr(name, source.read(name))
        changed.writestr("_stdlib_left_out.py", f"NAMES = frozenset({left_out!r})\n")
    return gzip.compress(buffer.getvalue())


def test_a_module_the_trim_left_out_is_found_in_the_whole_library(context, site_url):
    """The engine's DICEWORDS strategy imports `statistics`: left out here, it comes from the whole library,
    fetched once, and the game plays."""
    trimmed = (PYODIDE / STDLIB).read_bytes()
    assert "statistics.pyc" in zipfile.ZipFile(io.BytesIO(gzip.decompress(trimmed))).namelist()
    context.route(f"**/{STDLIB}", lambda route: route.fulfill(
        body=without(trimmed, "statistics"), content_type="application/gzip"))
    no_shipped_snapshot(context)  # (it was made from the library as built)
    fetched = fetches(context)
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("window.wortwurf.ready")
    page.wait_for_function("() => true")  # (the worker's last requests are reported a moment later)
    for _ in range(50):
        if "python_stdlib.zip" in fetched:
            break
        page.wait_for_timeout(100)
    assert fetched.count("python_stdlib.zip") == 1
    start_game(page, ["Ada"], game_id="dicewords")
    page.locator("#dw-roll").click()
    page.wait_for_function("wortwurf.game().state.turn.rolls === 1")


def test_a_second_visit_restores_python_from_the_snapshot_the_first_kept(context, site_url):
    no_shipped_snapshot(context)
    first = visit(context, site_url)
    assert "worker:python-started" in worker_steps(first) and "worker:snapshot-made" in worker_steps(first)
    assert len(snapshots(first)) == 1
    # Kept without its pages of zeros: what a later visit reads is well under the snapshot's size.
    stored, size = first.evaluate("""async (name) => {
        const cache = await caches.open(name);
        const response = await cache.match((await cache.keys())[0]);
        return [(await response.arrayBuffer()).byteLength, Number(response.headers.get("x-bytes"))];
    }""", snapshots(first)[0])
    assert stored < 0.6 * size
    page = visit(context, site_url)
    steps = worker_steps(page)
    assert "worker:python-restored" in steps and "worker:python-started" not in steps
    assert "worker:lexicon-arrived" not in steps  # the snapshot holds the German list
    # What Python fetches when it first needs it still comes (the English list for an English table: a word
    # is laid only once it is checked against it).
    page.get_by_role("button", name="EN", exact=True).click()
    start_game(page, ["Ada", "Bo", "Cy", "Di"], game_id="frigiti", setup=lambda p: p.get_by_label("The table's language").select_option("en"))
    create_word(page, EN)
    # Restored visits do not deal the same games: a new game's seed comes from the system, not the snapshot.
    seed = "wortwurf.engine('new_game', 'forgetit', ['Ada']).then(state => state.seed)"
    assert page.evaluate(seed) != visit(context, site_url).evaluate(seed)


def test_after_the_first_visit_pyodide_s_factory_is_loaded_once_more_through_the_offline_cache(context, site_url):
    """So that the browser keeps its compiled code there for the next visit (web/code-cache.mjs): once, by the
    visit that kept a new snapshot, and not again by a visit that restored it."""
    through_cache = []
    context.on("response", lambda response: response.url.endswith("/pyodide.asm.mjs") and response.from_service_worker
               and through_cache.append(response.url))
    page = visit(context, site_url)
    for _ in range(100):
        if through_cache:
            break
        page.wait_for_timeout(100)
    assert len(through_cache) == 1
    page = visit(context, site_url)  # (its worker's own import of the factory is the second)
    assert "worker:snapshot-found" in worker_steps(page)
    page.wait_for_timeout(1000)
    assert len(through_cache) == 2


def test_a_snapshot_that_fails_to_start_is_replaced_and_python_starts_the_normal_way(context, site_url):
    first = visit(context, site_url)
    [name] = snapshots(first)
    first.evaluate("""async (name) => {
        const cache = await caches.open(name);
        const [key] = await cache.keys();
        const damaged = new Uint8Array(64 * 1024).fill(7);
        await cache.put(key, new Response(damaged, { headers: { "x-bytes": String(damaged.length) } }));
    }""", name)
    page = visit(context, site_url)
    steps = worker_steps(page)
    assert "worker:snapshot-found" in steps and "worker:python-started" in steps and "worker:snapshot-made" in steps
    start_game(page, ["Ada"], game_id="dicewords")
    page.locator("#dw-roll").click()
    page.wait_for_function("wortwurf.game().state.turn.rolls === 1")
    assert "worker:python-restored" in worker_steps(visit(context, site_url))  # the damaged one was replaced


@pytest.mark.parametrize("context", [{"service_workers": "block"}], indirect=True)  # (its cache fetches every file)
def test_a_game_s_table_comes_the_first_time_the_game_needs_it(context, site_url):
    """DICEWORDS' advice on what to keep reads its table of word keys, shipped apart from the wheel: fetched
    then, once by each worker that searches (the engine's takes the first search, the search worker the
    next ones once it is up)."""
    page = context.new_page()
    fetched = fetches(context)
    page.goto(site_url)
    page.evaluate("window.wortwurf.ready")
    fixed_seed(page, 26)  # (a first roll the advice weighs quickly: a random one took from 7 to 37 s here)
    start_game(page, ["Ada"], game_id="dicewords")
    page.locator("#dw-roll").click()
    page.wait_for_function("wortwurf.game().state.turn.rolls === 1")
    assert not [name for name in fetched if ".tables." in name]
    for _ in range(2):
        assert page.evaluate("wortwurf.engine('advice', wortwurf.game().state)")["choices"]
    tables = [name.split("-")[0] for name in fetched if ".tables." in name]
    assert set(tables) == {"wortwurf.games.dicewords.tables.keys"} and len(tables) <= 2


def test_a_german_list_of_another_build_is_fetched_again_past_the_cache(context, site_url):
    """The list keeps its name from build to build, so an HTTP cache could hand over an older build's: it fails
    this build's integrity check, and the worker asks the server again."""
    no_shipped_snapshot(context)
    german = (build.DIST / "lexicon" / "de.wwlx.gz").read_bytes()
    asked = []

    def older_first(route):
        if route.request.service_worker:  # (the offline cache's install has its own check: tests/test_update_site.py)
            return route.fulfill(body=german, content_type="application/gzip")
        asked.append(route.request.url)
        route.fulfill(body=german if len(asked) > 1 else gzip.compress(b"another build's list"),
                      content_type="application/gzip")
    context.route("**/lexicon/de.wwlx.gz", older_first)
    page = visit(context, site_url)
    assert len(asked) == 2 and "worker:python-started" in worker_steps(page)
    start_game(page, ["Ada"], game_id="dicewords")
    page.locator("#dw-roll").click()
    page.wait_for_function("wortwurf.game().state.turn.rolls === 1")


@pytest.mark.parametrize("context", [{"service_workers": "block"}], indirect=True)  # (a fresh page, no cache)
def test_a_worker_whose_script_cannot_load_is_said_so_and_not_waited_for(context, site_url):
    """A download cut off, or an offline cache failing it: the worker sends nothing, so its error is what the
    page hears, and the start says it failed (with what to do) instead of a bar that waits for ever."""
    context.route("**/worker.mjs", lambda route: route.abort())
    page = context.new_page()
    page.goto(site_url)
    page.get_by_text("Python konnte nicht geladen werden. Bitte die Seite neu laden.").wait_for(timeout=15_000)
    errors = context.watch.errors
    assert errors and all("the engine's worker did not load" in error for error in errors)  # (the console says why)
    errors.clear()
