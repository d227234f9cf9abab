"""Presto's race hint as a person waits for it on a phone: the page opened (a second visit), a solo race started
by taps, "Tipp" tapped some seconds into it, timed from the tap to its words on screen.

Why beside ../shared/tools/phone_waits.py: that times one engine call, and a Presto hint out of its time says it
is still working and the page asks again, so a person may wait several calls; and its calls come back to back,
so the page's search worker, which works ahead while a person looks at the hand, never starts there. The browser
runs under the same CPU quota (phone_visit.py's, needs root).

Usage (from the project root, after `python3 build.py build`):
    .venv/bin/python bench/person_waits.py [--dist dist] [--cpu 0.5] [--races 12] [--pause 4]
Prints one JSON line: {"cpu", "pause", "waits": seconds a race, "figures": median, p95, max}.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT.parent / "shared" / "tools"), str(ROOT / "tests")]

from pages import fixed_seed, start_game  # noqa: E402
from phone_visit import ARGS, throttled_browser  # noqa: E402
from phone_waits import figures, local_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

HINT_SAID = "/^(Tipp:|Von hier aus)/.test(document.getElementById('pr-message').textContent)"


def race_hint_waits(dist: Path, cpu: float, races: int, pause: float, seed: int = 7) -> list[float]:
    """Seconds from a tap on "Tipp" to its words, `pause` s into each of `races` seeded solo races, each on the
    page opened anew (its first visit made before, and left a few seconds to keep its snapshot)."""
    waits = []
    with local_server(dist) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=throttled_browser(cpu), args=ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", bypass_csp=True)
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(url)
        page.evaluate("window.wortwurf.ready.then(() => 1)")
        time.sleep(15)  # (the first visit keeps its snapshot and compiled code meanwhile)
        for race in range(races):
            page.goto(url)
            page.evaluate("window.wortwurf.ready.then(() => 1)")
            if race:
                page.get_by_role("button", name="Menü", exact=True).click()  # (the last race's page opened again)
            fixed_seed(page, seed + race)
            start_game(page, ["Ada"], game_id="presto")
            page.get_by_role("button", name="Los!", exact=True).click()
            page.locator("#pr-race").wait_for(state="visible")
            time.sleep(pause)
            tapped = time.perf_counter()
            page.locator("#pr-hint").click()
            page.wait_for_function(HINT_SAID)
            waits.append(round(time.perf_counter() - tapped, 3))
        browser.close()
    return waits


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--cpu", type=float, default=0.5)
    parser.add_argument("--races", type=int, default=12)
    parser.add_argument("--pause", type=float, default=4.0)
    opts = parser.parse_args()
    waits = race_hint_waits(Path(opts.dist), opts.cpu, opts.races, opts.pause)
    print(json.dumps({"cpu": opts.cpu, "pause": opts.pause, "waits": waits, "figures": figures(waits)}))


if __name__ == "__main__":
    main()
