"""Frigiti at one table with phones (issue 36): two players share the host, two play on their own phones.
Everyone writes and marks at the same time, each on their own device (the host's two behind its pass
screen), what the table shares shows on every phone, and nothing of another's definition shows on a phone
before it is read aloud."""

from __future__ import annotations

import json
import re

import pytest
from pages import click_and_wait, fixed_seed, game, start_game
from test_frigiti_site import DE, create_word, unlock
from test_table_site import link, on_phones, phones, view  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser

NAMES = ["Ada", "Bea", "Cem", "Dan"]


def write_own(page, text) -> None:
    """A guest's own phone: the form is there at once, no pass screen."""
    page.locator("#fr-write").wait_for(state="visible")
    assert page.locator("#fr-pass").is_hidden()
    page.locator("#fr-definition").fill(text)
    page.get_by_role("button", name=DE["hand_in"]).click()
    page.locator("#fr-write").wait_for(state="hidden")


def create_own(page, host) -> None:
    """The creator on their own phone rolls, lays four dice and takes the word (kept if it exists)."""
    page.locator("#fr-roll").click()
    page.wait_for_function("wortwurf.game().view.rolls > 0")
    for i in range(4):
        page.locator("#fr-dice button").nth(i).click()
    page.get_by_role("button", name=re.compile("^" + re.escape(DE["take"]))).click()
    page.wait_for_function("wortwurf.game().view.phase === 'write' || !document.querySelector('#fr-anyway').hidden")
    if page.get_by_role("button", name=DE["anyway"]).is_visible():
        page.get_by_role("button", name=DE["anyway"]).click()
    host.wait_for_function("wortwurf.game().view.phase === 'write'")


def mark_two(page) -> None:
    options = page.locator("#fr-judge-options button")
    free = [i for i in range(options.count()) if options.nth(i).is_enabled()]
    for i in free[:2]:
        options.nth(i).click()
    page.get_by_role("button", name=DE["mark"]).click()


def test_a_round_of_frigiti_with_two_players_on_their_own_phones(phones):  # noqa: F811
    host = phones()
    fixed_seed(host, 2)
    start_game(host, NAMES, game_id="frigiti", setup=on_phones(1, 2))
    pages = {0: host, 3: host, 1: link(host, phones, "Bea", "#frigiti"), 2: link(host, phones, "Cem", "#frigiti")}
    create_word(host, DE)  # the creator (seed 2: Ada, on the host) makes the word in the open
    for page in (pages[1], pages[2]):
        page.wait_for_function("wortwurf.game().view.phase === 'write'")
    texts = {name: f"Erklärung von {name}" for name in NAMES}

    # Everyone writes at once: Ada starts on the host, Bea hands hers in on her phone meanwhile (Ada's text
    # stays as she typed it), then Dan on the host, Cem last.
    unlock(host, "Ada", DE, "#fr-write")
    host.locator("#fr-definition").fill(texts["Ada"])
    write_own(pages[1], texts["Bea"])
    host.wait_for_function("wortwurf.game().view.written[1]")
    assert host.locator("#fr-definition").input_value() == texts["Ada"]
    click_and_wait(host, host.get_by_role("button", name=DE["hand_in"]))
    unlock(host, "Dan", DE, "#fr-write")
    host.locator("#fr-definition").fill(texts["Dan"])
    click_and_wait(host, host.get_by_role("button", name=DE["hand_in"]))
    assert texts["Bea"] not in host.content() and texts["Bea"] not in pages[2].content()
    assert "Warten auf Cem" in host.locator("#fr-status").text_content()  # the host waits for the phone
    write_own(pages[2], texts["Cem"])

    # Reading aloud: each reader on their own device, in order; the keyword shows on every phone.
    while (current := view(host))["phase"] == "read":
        reader = current["reader"]
        page = pages[reader]
        if page is host:
            unlock(host, NAMES[reader], DE, "#fr-read", private=False)
        page.locator("#fr-read").wait_for(state="visible")
        before = len(game(host)["record"]["actions"])
        page.get_by_role("button", name=DE["keyword"]).click()
        host.wait_for_function(f"wortwurf.game().record.actions.length > {before}")

    # Marking at once: both phones, then the host's two.
    for seat in (1, 2):
        pages[seat].locator("#fr-judge").wait_for(state="visible")
        mark_two(pages[seat])
    for name in ("Ada", "Dan"):
        unlock(host, name, DE, "#fr-judge")
        before = len(game(host)["record"]["actions"])
        mark_two(host)
        host.wait_for_function(f"wortwurf.game().record.actions.length > {before}")

    # The tokens moved; the next round's word is Bea's to make, on her phone.
    tokens = view(host)["tokens"]
    assert sum(tokens) == 13 * 4 and view(host)["creator"] == 1
    for seat in (1, 2):
        pages[seat].wait_for_function(f"JSON.stringify(wortwurf.game().view.tokens) === {json.dumps(json.dumps(tokens, separators=(',', ':')))}")
    assert host.locator("#fr-status").text_content().startswith("Warten auf Bea")
    create_own(pages[1], host)
    assert view(host)["word"] and view(pages[2])["word"] == view(host)["word"]
