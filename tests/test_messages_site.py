"""A message belongs to its moment and its language (issue 37, 15): a hint in TYP-DOM's message bar is gone
once the tiles it proposed are taken back, once a move is played, and once the screen is left; a change of
language words it again instead of leaving the old language on screen."""

from __future__ import annotations

import pytest
from pages import click_and_wait, fixed_seed, start_game
from test_typdom_site import setup_typdom, wait_for_turn

pytestmark = pytest.mark.browser


def ask_hint(page) -> str:
    page.locator("#td-hint").click()
    page.wait_for_function("document.getElementById('td-message').textContent !== ''")
    return page.locator("#td-message").text_content()


def test_a_hint_is_worded_again_in_english_and_gone_when_its_tiles_are_taken_back(shared_page):
    page = shared_page
    fixed_seed(page, 2)
    start_game(page, ["Ada", "Rechner"], game_id="typdom", setup=setup_typdom("kreuzwort", [0, 1]))
    wait_for_turn(page, 0)
    german = ask_hint(page)
    assert german.startswith("Zum Beispiel ")
    page.get_by_role("button", name="EN", exact=True).click()
    english = page.locator("#td-message").text_content()
    assert english.startswith("For example ") and german.split()[2] == english.split()[2]  # the same word
    page.get_by_role("button", name="Back to hand").click()
    assert page.locator("#td-message").text_content() == ""


def test_a_hint_ends_with_the_move_and_with_the_screen(shared_page):
    page = shared_page
    fixed_seed(page, 2)
    start_game(page, ["Ada", "Rechner"], game_id="typdom", setup=setup_typdom("kreuzwort", [0, 1]))
    wait_for_turn(page, 0)
    ask_hint(page)
    page.get_by_role("button", name="Menü").click()
    page.locator(".game-card[data-game='typdom']").get_by_role("button", name="Weiterspielen").click()
    wait_for_turn(page, 0)
    assert page.locator("#td-message").text_content() == ""
    ask_hint(page)  # its tiles stay laid: play them
    click_and_wait(page, page.get_by_role("button", name="Legen", exact=True))
    assert page.locator("#td-message").text_content() == ""


def test_a_presto_hint_is_gone_once_the_table_changes(shared_page):
    page = shared_page
    from test_presto_site import go, solution, tap_tile  # noqa: PLC0415

    start_game(page, ["Ada"], game_id="presto")
    go(page)
    page.get_by_role("button", name="Tipp").click()
    page.wait_for_function("document.getElementById('pr-message').textContent !== ''")
    row, col, tile, letter = solution(page)[0]
    tap_tile(page, tile, row, col, letter)  # the table moved on: the hint was about the one before
    assert page.locator("#pr-message").text_content() == ""
