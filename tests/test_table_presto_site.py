"""Presto at one table with phones (issue 36): the host's player and two on their own phones race at once.
The host's "Los!" starts every race; each phone shows only its own hand, each finish is checked by the
host's engine and timed by the host's clock (a guest's own clock decides nothing), the others' times come in
as they finish, and the ranking and the totals stand on every phone at the end."""

from __future__ import annotations

import re

import pytest
from pages import game, start_game
from test_presto_site import done, tap_tile
from test_table_site import link, on_phones, phones, view  # noqa: F401  (the fixture)
from wortwurf.games.presto import solver

pytestmark = pytest.mark.browser

NAMES = ["Ada", "Bea", "Cem"]


def race_to_the_end(page, host, seat) -> None:
    """`seat` lays a whole crossword of its hand (the solver's, in Python) by taps on its own page, and says
    "Fertig!"; the host's engine takes it."""
    state = game(host)["state"]
    found = solver.solve(state["hands"][seat], state["options"])
    assert found["solved"]
    assert sorted(int(tile) for tile in page.locator("#pr-hand .rack-tile").evaluate_all(
        "ts => ts.map(t => t.dataset.tile)")) == sorted(state["hands"][seat])  # its own hand, on its own page
    for place, (tile, letter) in found["cells"].items():
        tap_tile(page, tile, *map(int, place.split(",")), letter)
    done(page)
    host.wait_for_function(f"wortwurf.game().view.status[{seat}] === 'finished'")


def on_phones_with_hands_of_13(page):
    on_phones(1, 2)(page)
    page.get_by_label("Plättchen auf der Hand").select_option("13")  # (the smallest hand: fewer tiles to lay by taps)


def test_three_race_at_once_on_the_host_s_clock_and_every_phone_shows_the_ranking(phones):  # noqa: F811
    host = phones(seed=12)  # (every hand of this deal has a solution the engine finds)
    start_game(host, NAMES, game_id="presto", setup=on_phones_with_hands_of_13)
    pages = [host, link(host, phones, "Bea", "#presto"), link(host, phones, "Cem", "#presto")]
    for seat, guest in enumerate(pages[1:], 1):  # before "Los!": no hand anywhere, no pass screen on a phone
        guest.get_by_text(f"Bereit, {NAMES[seat]}?", exact=True).first.wait_for()
        assert guest.locator("#pr-hand .rack-tile").count() == 0 and game(guest)["state"] == {"remote": True}
    host.get_by_text("Zugleich beginnen die Rennen von Bea, Cem auf ihren Handys.", exact=False).wait_for()

    host.get_by_role("button", name="Los, Ada!", exact=True).click()  # every race starts
    for page in pages:
        page.locator("#pr-race").wait_for(state="visible")
        assert page.locator("#pr-hand .rack-tile").count() == 13
    assert view(host)["status"] == ["racing"] * 3
    clocks = view(host)["clocks"]
    assert clocks[0] == clocks[1] == clocks[2]  # one "Los!", one clock

    # Cem's phone clock runs 200 s ahead: his finish is timed by the host's clock all the same.
    pages[2].evaluate("Date.now = ((now) => () => now() + 200000)(Date.now)")
    race_to_the_end(pages[2], host, 2)
    assert view(host)["seconds"][2] < 150
    for page in pages[:2]:  # Cem's time comes in on the phones still racing
        page.locator("#pr-scores tr", has_text="Cem").get_by_text(re.compile(r"^\d:\d\d,\d\d$")).wait_for()
    race_to_the_end(host, host, 0)
    host.get_by_text("Die anderen sind noch dran: Bea.", exact=True).first.wait_for()
    race_to_the_end(pages[1], host, 1)

    shown = view(host)
    assert shown["deal_over"] and shown["places"] == [2, 3, 1] and shown["scores"] == [2, 0, 4]
    for page in pages:
        page.locator("#pr-deal").wait_for(state="visible")
        ranking = page.locator("#pr-ranking li").all_text_contents()
        assert [line.split(":")[0] for line in ranking] == ["1. Cem", "2. Ada", "3. Bea"]
        assert page.locator("#pr-tables figure").count() == 3  # every table, once the deal is over
        page.get_by_text(re.compile("Cem gewinnt mit 4 Punkten")).wait_for()
        assert view(page)["totals"] == [2, 0, 4]
