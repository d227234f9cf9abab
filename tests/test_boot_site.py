"""How Python starts in the page's worker: from the trimmed standard library, and from the whole one when a
module the trim left out is asked for (build.py `trimmed_stdlib`, web/worker.mjs)."""

from __future__ import annotations

import io
import re
import zipfile

from conftest import build
from pages import start_game


def test_a_normal_start_fetches_neither_the_whole_library_nor_the_english_words(context, site_url):
    fetched = []
    context.on("requestfinished", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("window.wortwurf.ready")
    assert "python_stdlib.zip" in fetched
    assert "python_stdlib_whole.zip" not in fetched and "en.wwlx" not in fetched
    # The progress bar counted the start's downloads in bytes, all of them by the time Python is up.
    bar = page.evaluate("[document.getElementById('loading-bar').value, document.getElementById('loading-bar').max]")
    total = sum((build.DIST / path).stat().st_size for path in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                                                                 "lexicon/de.wwlx.gz"))
    assert bar[0] == bar[1] > total  # (and our wheel)
    megabytes = f"{bar[1] / 1e6:.1f}".replace(".", ",")
    assert page.locator("#loading-bytes").text_content() == f"{megabytes} von {megabytes} MB"


def without(trimmed: bytes, module: str) -> bytes:
    """The trimmed library as if the trim had also left out `module`."""
    source = zipfile.ZipFile(io.BytesIO(trimmed))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as changed:
        for name in source.namelist():
            data = source.read(name)
            if name == f"{module}.py":
                continue
            if name == "_stdlib_left_out.py":
                data = re.sub(rb"frozenset\(\[", f"frozenset([{module!r}, ".encode(), data)
            changed.writestr(name, data)
    return buffer.getvalue()


def test_a_module_the_trim_left_out_is_found_in_the_whole_library(context, site_url):
    """The engine's DICEWORDS strategy imports `statistics`: left out here, it comes from the whole library,
    fetched once, and the game plays."""
    trimmed = (build.DIST / "pyodide" / "python_stdlib.zip").read_bytes()
    assert b"statistics.py" in trimmed
    context.route("**/pyodide/python_stdlib.zip", lambda route: route.fulfill(
        body=without(trimmed, "statistics"), content_type="application/zip"))
    fetched = []
    context.on("requestfinished", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("window.wortwurf.ready")
    page.wait_for_function("() => true")  # (the worker's last requests are reported a moment later)
    for _ in range(50):
        if "python_stdlib_whole.zip" in fetched:
            break
        page.wait_for_timeout(100)
    assert fetched.count("python_stdlib_whole.zip") == 1
    start_game(page, ["Ada"], game_id="dicewords")
    page.locator("#dw-roll").click()
    page.wait_for_function("wortwurf.game().state.turn.rolls === 1")

