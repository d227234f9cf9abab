"""TYP-DOM in Chromium: a human against a computer player and a two-person deal, through taps, drags and keys."""

from __future__ import annotations

import pytest
from pages import click_and_wait, game, start_game

pytestmark = pytest.mark.browser


def setup_typdom(variant="kreuzwort", seats=None):
    def setup(page):
        page.get_by_label("Spielart").select_option(variant)
        for i, strength in enumerate(seats or []):
            page.locator("#player-list select.seat").nth(i).select_option(str(strength))
    return setup


def test_smoke(page):
    start_game(page, ["Ada", "Rechner"], game_id="typdom", setup=setup_typdom("point", [0, 3]))
    page.wait_for_timeout(4000)
    page.screenshot(path="/tmp/td1.png", full_page=True)
    print(page.evaluate("document.getElementById('td-message').textContent"), page.evaluate("document.getElementById('td-play').hidden"))
    page.on("console", lambda m: print("CONSOLE", m.text))
    page.reload()
    page.wait_for_timeout(4000)
    print(page.evaluate("document.getElementById('td-message').textContent"), page.evaluate("document.getElementById('td-play').hidden"))
