"""The menu: what it shows on load at phone size (issue 37, 16 and 17)."""

from __future__ import annotations

import pytest
from pages import click_and_wait, game, start_game

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}}


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_the_menu_heading_takes_the_focus_without_a_ring(page):
    heading = page.get_by_role("heading", name="Welches Spiel?")
    page.wait_for_function("document.activeElement?.id === 'menu-title'")  # for a screen reader: where it is
    assert heading.evaluate("h => getComputedStyle(h).outlineStyle") == "none"


def picture(page, game_id):
    return page.locator(f'.game-card[data-game="{game_id}"] .card-picture canvas')


def test_each_card_shows_its_game_and_a_running_game_as_it_stands(page):
    for game_id in ("forgetit", "dicewords", "frigiti", "typdom", "presto", "bluff"):
        drawn = picture(page, game_id).evaluate_all(
            "cs => cs.map(c => c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some(v => v))")
        assert drawn and all(drawn), game_id  # each canvas of its emblem has something on it
    emblem = picture(page, "dicewords").count()
    start_game(page, ["Ada", "Bo"], game_id="dicewords")
    click_and_wait(page, page.locator("#dw-roll"))
    dice = [die["face"] for die in game(page)["view"]["turn"]["dice"]]
    page.locator("#dicewords").get_by_role("button", name="Menü").click()
    page.wait_for_function("document.querySelectorAll('.game-card[data-game=dicewords] .card-picture canvas').length === 10")
    assert emblem == 4 and len(dice) == 10
    page.reload()  # a saved game's card shows it too, replayed from its save
    page.evaluate("wortwurf.ready")
    page.wait_for_function("document.querySelectorAll('.game-card[data-game=dicewords] .card-picture canvas').length === 10")


def test_no_card_repeats_its_own_name(page):
    for card in page.locator(".game-card").all():
        name, about = card.locator("h3").text_content(), card.locator("p").first.text_content()
        assert not about.startswith(name), name
