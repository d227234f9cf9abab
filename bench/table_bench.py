"""Issue 36's figures: phones linked at one table, on loopback in headless Chromium (`python3 build.py bench`
runs it after bench.py; `python3 bench/table_bench.py` alone, after a build).

- Link: machine time from "make the offer" to an open channel on both phones, the human scanning left out:
  the host's offer (ICE gathering), the guest's answer, and the host's accept until both channels are open,
  added up per link (link.js, the product's code), median of LINKS links, each between two contexts.
- Action: a guest's action until the new view is drawn on every phone (host and two guests), median of
  ACTIONS draws in a TYP-DOM Kreuzwort deal; each page notes, by the wall clock they share, when the pool
  count in its heading changed.
- QR: the version of the host's QR code at error correction M for a GitHub Pages address with the offer,
  largest over the links made; link.js's size gzipped (it is fetched only when a table is linked).
"""

from __future__ import annotations

import gzip
import json
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests")]

import build  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

LINKS = 15
ACTIONS = 20
PAGES_ADDRESS = "https://wortwurf-games.github.io/wortwurf/#j"  # a Pages project site's length

OFFER = """async () => {
  const link = await import("./link.js");
  const start = performance.now();
  window.linked = await link.offer();
  return {code: window.linked.code, ms: performance.now() - start, qr: link.qrOf(%s, window.linked.code).version};
}""" % json.dumps(PAGES_ADDRESS)
ANSWER = """async (code) => {
  const link = await import("./link.js");
  const start = performance.now();
  window.linked = await link.answer(code);
  const ms = performance.now() - start;
  window.linked.channel.then((channel) => link.opened(channel)).then(() => (window.openedAt = performance.timeOrigin + performance.now()));
  return {code: window.linked.code, ms};
}"""
ACCEPT = """async (code) => {
  const link = await import("./link.js");
  const start = performance.now();
  await link.accept(window.linked.pc, code);
  await link.opened(window.linked.channel);
  return {ms: performance.now() - start, at: performance.timeOrigin + performance.now()};
}"""


def link_times(browser, url: str) -> dict:
    totals, versions = [], []
    for _ in range(LINKS):
        host_context, guest_context = browser.new_context(), browser.new_context()
        host, guest = host_context.new_page(), guest_context.new_page()
        for page in (host, guest):
            page.goto(url)
            page.evaluate("wortwurf.ready")
        offer = host.evaluate(OFFER)
        answer = guest.evaluate(ANSWER, offer["code"])
        accepted = host.evaluate(ACCEPT, answer["code"])
        guest.wait_for_function("window.openedAt")
        guest_open = guest.evaluate("window.openedAt")  # the guest's side may open a little after the host's
        totals.append(offer["ms"] + answer["ms"] + accepted["ms"] + max(0.0, guest_open - accepted["at"]))
        versions.append(offer["qr"])
        host_context.close()
        guest_context.close()
    return {"link_ms_median": round(statistics.median(totals)), "link_ms_max": round(max(totals)),
            "qr_version_max": max(versions), "links": LINKS}


WATCH = """() => {
  window.drawnAt = [];
  new MutationObserver(() => window.drawnAt.push(performance.timeOrigin + performance.now()))
    .observe(document.getElementById("td-round"), {childList: true, characterData: true, subtree: true});
}"""


def action_times(browser, url: str) -> dict:
    from pages import start_game
    from test_table_site import seats_on_phones

    contexts = [browser.new_context(locale="de-DE", bypass_csp=True) for _ in range(3)]
    host = contexts[0].new_page()
    host.goto(url)
    host.evaluate("wortwurf.ready")
    start_game(host, ["Ada", "Bea", "Cem"], game_id="typdom", setup=seats_on_phones(3, 1, 2))
    pages = [host]
    for name, context in zip(["Bea", "Cem"], contexts[1:]):
        host.get_by_role("button", name=f"Code für {name}").click()
        host.wait_for_function("document.getElementById('link-code').textContent.includes('#j')")
        guest = context.new_page()
        guest.goto(host.locator("#link-code").text_content())
        guest.wait_for_function("document.getElementById('join-answer-code').textContent !== ''")
        host.locator("#link-answer").fill(guest.locator("#join-answer-code").text_content())
        host.get_by_role("button", name="Übernehmen").click()
        host.locator("#table-seats").get_by_text(f"{name} ist verbunden.").wait_for()
        guest.wait_for_function("wortwurf.game()?.view")
        pages.append(guest)
    samples = []
    while len(samples) < ACTIONS:
        current = host.evaluate("wortwurf.game().view.current")
        mover = pages[current]
        actions = host.evaluate("wortwurf.game().record.actions.length")
        if host.evaluate("wortwurf.game().view.pool") == 0 or host.evaluate("wortwurf.game().view.deal_over"):
            break
        for page in pages:
            page.evaluate(WATCH)
        began = mover.evaluate("performance.timeOrigin + performance.now()")
        mover.evaluate("wortwurf.act({type: 'draw', count: 1})")
        host.wait_for_function(f"wortwurf.game().record.actions.length > {actions}")
        for page in pages:
            page.wait_for_function("window.drawnAt.length > 0")
        if current != 0:  # a guest's action
            samples.append(max(page.evaluate("window.drawnAt[0]") for page in pages) - began)
    for context in contexts:
        context.close()
    return {"action_ms_median": round(statistics.median(samples), 1), "action_ms_max": round(max(samples), 1),
            "actions": len(samples)}


def main() -> None:
    site = build.DIST
    server = build.make_server(site, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    import os
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("WORTWURF_CHROMIUM") or None,
            args=["--no-sandbox", "--disable-background-networking", "--disable-component-update"])
        figures = {**link_times(browser, url), **action_times(browser, url),
                   "link_js_gzip_bytes": len(gzip.compress((site / "link.js").read_bytes(), 9))}
        browser.close()
    server.shutdown()
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
