"""A game added as one folder is on the menu, set up and played from the page, with no other edit.

The site is built elsewhere with `python3 build.py build --game tests/new_game/highdie`: the game's package
goes into the wheel, the build's catalogue lists it, and the page draws its card, its setup (its option by
kind) and, as it brings no screen of its own, the generic screen.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading

import pytest

from conftest import ROOT, build
from pages import NEW_GAME, click_and_wait, game


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    out = tmp_path_factory.mktemp("site-with-highdie")
    subprocess.run([sys.executable, str(ROOT / "build.py"), "build", "--out", str(out),
                    "--game", str(ROOT / "tests" / "new_game" / "highdie")], check=True, cwd=ROOT)
    server = build.make_server(out, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_the_new_game_is_set_up_and_played_through_from_the_page(page):
    catalogue = page.evaluate("wortwurf.engine('catalogue')")
    assert [g["id"] for g in catalogue] == ["forgetit", "dicewords", "frigiti", "typdom", "presto", "bluff", "highdie"]
    app = page.evaluate("fetch('app.js').then((response) => response.text())")
    assert json.loads(re.search(r"^var CATALOGUE = (.*);$", app, re.M).group(1)) == catalogue  # the build's = the worker's
    card = page.locator('.game-card[data-game="highdie"]')
    assert card.locator("h3").text_content() == "highdie"  # no texts of its own: its id
    card.get_by_role("button", name=NEW_GAME).click()
    assert page.locator("#player-list li").count() == 2  # its table size
    assert page.get_by_role("button", name="Person hinzufügen").is_disabled()  # at most 2 players
    assert page.locator("select.seat").first.is_hidden()  # no computer seats
    page.get_by_label("colour").select_option(label="blue")  # its option, drawn by kind
    page.get_by_role("textbox", name="Name 1").fill("Ada")
    page.get_by_role("textbox", name="Name 2").fill("Bo")
    page.get_by_role("button", name="Spiel beginnen").click()
    screen = page.locator("#highdie")
    screen.wait_for(state="visible")
    started = game(page)
    assert started["record"]["game"] == "highdie" and started["state"]["options"] == {"colour": "blue"}
    assert started["state"]["players"] == ["Ada", "Bo"]
    for _ in range(40):  # roll until one die is higher (a tie rolls again)
        if game(page)["state"]["over"]:
            break
        click_and_wait(page, screen.get_by_role("button", name=re.compile("^roll$")))  # (a tie: roll again)
    over = game(page)["state"]
    assert over["over"]
    winner = ["Ada", "Bo"][over["dice"].index(max(over["dice"]))]
    assert re.search(f"{winner} gewinnt", screen.locator("p.message").text_content())
    assert screen.get_by_role("button", name=re.compile("^roll")).count() == 0
    assert screen.locator("ol.log li").count() == len(game(page)["record"]["actions"])
