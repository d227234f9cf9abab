"""What the third phone play-test found (issue 45), each at 390 x 844, through taps: a game of one, or one
person against computers, is spoken to ("Du bist dran"), not of as "Person 1"."""

from __future__ import annotations

import re

import pytest

from pages import expect_text, fixed_seed, start_game
from test_dicewords_site import ROLL_WITH_JOKER, die, enter_roll
from test_dicewords_site import start as start_dicewords

PHONE = {"viewport": {"width": 390, "height": 844}}
SHARED_CONTEXT = PHONE  # (the shared page: conftest)


def typdom_against_a_computer(page, name: str) -> None:
    """TYP-DOM, `name` against the strongest computer, the person beginning (seed 2), at the person's turn."""
    fixed_seed(page, 2)
    start_game(page, [name, "Rechner"], game_id="typdom",
               setup=lambda p: p.locator("#player-list select.seat").nth(1).select_option("3"))
    page.wait_for_function("!document.getElementById('td-play').hidden")


def test_a_double_tap_on_dicewords_roll_rolls_once_however_late_its_second_tap_is_handled(shared_page):
    """Round 3, item 1: a busy phone handles a tap long after it was made; the second tap of a double tap on
    "Ada würfelt" reached the button once its hold had ended, and rolled again."""
    page = shared_page
    start_game(page, ["Ada", "Bo"], game_id="dicewords")
    page.evaluate("""async () => {
        const button = document.getElementById("dw-roll");
        button.click();
        const second = new MouseEvent("click", {bubbles: true, cancelable: true});  // made now: 0 ms later
        while (button.disabled || wortwurf.game().record.actions.length < 1) await new Promise((r) => setTimeout(r, 10));
        button.dispatchEvent(second);  // handled once the roll is drawn and the button is back
    }""")
    page.wait_for_timeout(500)
    assert [action["type"] for action in page.evaluate("wortwurf.game().record.actions")] == ["roll"]
    assert page.get_by_role("button", name="Nochmal würfeln (noch 2)").is_enabled()
    page.get_by_role("button", name="Nochmal würfeln (noch 2)").click()  # a tap after the span is taken
    page.wait_for_function("wortwurf.game().record.actions.length === 2")


def test_dicewords_says_as_a_word_is_laid_whether_it_counts(shared_page):
    """Round 3, item 9: "Werten: WAXJ (80)", then 0 points, without a word of warning."""
    page = shared_page
    start_dicewords(page, ["Ada", "Bo"], physical=True)
    page.get_by_role("button", name="Ada würfelt").click()
    enter_roll(page, ROLL_WITH_JOKER)
    for colour in ("Rot", "Orange", "Dunkelblau", "Lila", "Hellblau"):  # K R I S C
        die(page, colour).click()
    expect_text(page, "#dw-score", "9 × 5 Buchstaben = 45 Punkte · ✗ kein Wort")
    declare = page.get_by_role("button", name="Werten: KRISC (kein Wort: 0)")
    assert declare.is_visible() and declare.bounding_box()["y"] + declare.bounding_box()["height"] <= 844
    page.get_by_role("textbox", name="Wort tippen").fill("sicher")
    expect_text(page, "#dw-score", "9 × 6 Buchstaben = 54 Punkte · ✓ gilt")
    page.get_by_role("button", name="Werten: SICHER (54)").click()
    page.locator("#dw-message").get_by_text("Ada legt SICHER: 54 Punkte.").wait_for()


def test_the_bluff_s_pass_is_offered_only_where_it_is_allowed(shared_page):
    """Round 3, item 10: "Passen" looked active at a start, where whoever can start a word must."""
    page = shared_page
    fixed_seed(page, 1)  # (Ada starts the deal)
    start_game(page, ["Ada", "Bo", "Cy"], game_id="bluff",
               setup=lambda p: [p.get_by_label(f"{name} spielt").select_option("1") for name in ("Bo", "Cy")])
    page.wait_for_function("wortwurf.game().view.current === 0 && !document.getElementById('bl-play').hidden",
                           timeout=120_000)
    passing = page.get_by_role("button", name="Passen")
    assert page.evaluate("wortwurf.game().view.phase") == "start" and passing.is_disabled()
    page.get_by_role("button", name="Ein Plättchen ziehen").click()  # (drawing first is allowed at a start)
    page.wait_for_function("wortwurf.game().record.actions.length === 1")
    assert passing.is_disabled()


def test_the_phone_that_makes_a_shared_presto_deal_only_picks_its_seat(shared_page):
    """Round 3, item 7: the host of a shared deal had to type its own code too."""
    page = shared_page
    page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Mit mehreren Handys").click()
    page.get_by_role("button", name="Code erzeugen").click()
    page.get_by_text("nur noch den eigenen Platz wählen", exact=False).wait_for()
    page.locator("#pr-share-seat").select_option("2")
    page.locator("#pr-share-name").fill("Ada")
    page.get_by_role("button", name="Zu meinem Platz").click()
    page.wait_for_function("wortwurf.game()?.view.options.seat === 1")
    assert page.evaluate("wortwurf.game().view.players") == ["Ada"]


def test_dicewords_alone_speaks_to_its_player(shared_page):
    page = shared_page
    start_game(page, [""], game_id="dicewords")  # (a name left blank: "Person 1" on the pad)
    assert page.locator("#dw-player").text_content() == "Du bist dran"
    page.get_by_role("button", name="Würfeln", exact=True).click()  # (not "Person 1 würfelt")
    page.get_by_role("button", name="Passen").click()
    page.locator("#dw-message").get_by_text("Du passt: 0 Punkte.").wait_for()
    page.locator("[data-lang=en]").first.click()
    assert page.locator("#dw-message").text_content() == "You pass: 0 points."


def test_typdom_against_a_computer_speaks_to_its_one_person(shared_page):
    page = shared_page
    typdom_against_a_computer(page, "")
    assert page.locator("#td-status").text_content() == "Du bist am Zug."


def test_presto_alone_names_no_person(shared_page):
    page = shared_page
    start_game(page, [""], game_id="presto")
    assert "jede Person" not in page.locator("#pr-round").text_content()
    assert page.locator("#pr-round").text_content().startswith("Runde 1 von 1 · 19 Plättchen · ")


def test_after_a_typdom_computer_move_its_word_is_in_view(shared_page):
    """Round 3: the page stayed at the hand, the computer's word off screen."""
    page = shared_page
    typdom_against_a_computer(page, "Ada")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # (at the hand, where a person lays)
    page.evaluate("""async () => {
        const hint = await wortwurf.engine("hint", wortwurf.game().state);
        await wortwurf.act({ type: "place", tiles: hint.move.tiles });
    }""")  # (Ada lays the hint's word; then the computer's turn)
    page.wait_for_function("wortwurf.game().view.current === 0 && wortwurf.game().record.actions.length >= 2",
                           timeout=120_000)
    page.wait_for_timeout(300)
    move = page.evaluate("wortwurf.game().record.actions.at(-1)")  # the computer's
    assert move["type"] == "place", move
    for laid in move["tiles"]:  # each of its tiles where the window shows it
        point = page.evaluate(f"wortwurf.tablePoint({laid['row']}, {laid['col']})")
        assert 0 <= point["x"] <= 390 and 0 <= point["y"] <= 844, (laid, point)


def test_a_presto_refusal_and_message_follow_a_change_of_language(shared_page):
    page = shared_page
    start_game(page, ["Ada"], game_id="presto")
    page.get_by_role("button", name="Los!", exact=True).click()
    page.get_by_role("button", name="Fertig!").click()
    page.get_by_text("Noch liegt kein Plättchen.").wait_for()
    page.get_by_role("button", name="Aufgeben").click()
    page.get_by_text("Wirklich aufgeben?", exact=False).wait_for()
    page.locator("[data-lang=en]").first.click()
    assert page.locator("#pr-problem").text_content() == "No tile is laid yet."
    assert "Noch" not in page.locator("#presto").inner_text() and "aufgeben" not in page.locator("#pr-message").text_content()


def test_typdom_s_move_bar_over_a_line_that_is_no_word_leaves_the_hand_s_second_row_in_view(shared_page):
    """Round 3: the bar grew to 260 px (the verdict, the same error again, four buttons) over the hand."""
    page = shared_page
    typdom_against_a_computer(page, "Ada")
    rack = page.evaluate("wortwurf.engine('view', wortwurf.game().state, 0)")["rack"]
    for col, tile in enumerate([t["tile"] for t in rack if t["letter"] not in "AEIOU*"][:2]):
        page.locator(f'#td-rack [data-tile="{tile}"]').click()
        point = page.evaluate(f"wortwurf.tablePoint(0, {col})")
        page.mouse.click(point["x"], point["y"])
    page.get_by_role("button", name=re.compile("gelten: trotzdem legen$")).wait_for()
    assert page.locator("#typdom .move-bar").bounding_box()["height"] <= 150


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_the_bluff_s_hint_names_a_joker_as_a_joker(page):
    """Round 3: "TYP, mit dem Plättchen Y" where the tile is the joker."""
    fixed_seed(page, 4)  # (Ada's first hint lays the joker as Y)

    def against_computers(p):
        p.get_by_label("Bo spielt").select_option("3")
        p.get_by_label("Cy spielt").select_option("3")

    start_game(page, ["Ada", "Bo", "Cy"], game_id="bluff", setup=against_computers)
    page.evaluate("wortwurf.searchSeconds(null)")  # (the hint as natively: no time budget)
    page.wait_for_function("wortwurf.game().view.current === 0 && !document.getElementById('bl-play').hidden",
                           timeout=120_000)
    page.get_by_role("button", name="Welches Wort könnte ich ansagen?").click()
    page.locator("#bl-message").get_by_text("mit dem Joker als Y", exact=False).wait_for()


def test_a_computer_left_without_a_name_is_no_person(shared_page):
    """Round 3: a blank computer seat showed as "Person 2 (Computer, …)"."""
    page = shared_page
    def against_a_computer(p):
        p.locator("#player-list select.seat").nth(1).select_option("3")
        assert p.locator("#player-list input").nth(1).get_attribute("placeholder") == "Rechner 2"

    start_game(page, ["Ada", ""], game_id="typdom", setup=against_a_computer)
    assert page.evaluate("wortwurf.game().view.players") == ["Ada", "Rechner 2"]


def test_a_pass_screen_says_whose_turn_once(shared_page):
    """Round 3: "Bereit? / Bereit?" and "Gib das Gerät an Ben." twice, one above the other."""
    page = shared_page
    start_game(page, ["Ada", "Ben"], game_id="typdom")
    page.locator("#td-pass").wait_for(state="visible")
    assert page.locator("#typdom").inner_text().count("Gib das Gerät an") == 1


def test_presto_s_pass_screen_says_ready_once(shared_page):
    page = shared_page
    start_game(page, ["Ada"], game_id="presto")
    page.locator("#pr-pass").wait_for(state="visible")
    assert page.locator("#presto").inner_text().count("Bereit?") == 1


def test_a_running_presto_race_s_menu_card_says_its_clock_runs_on(shared_page):
    page = shared_page
    start_game(page, ["Ada", "Bo"], game_id="presto")
    page.get_by_role("button", name="Los, Ada!").click()
    page.locator("#pr-race").wait_for(state="visible")
    page.locator("#presto").get_by_role("button", name="Menü").click()
    note = page.locator('.game-card[data-game="presto"] .card-note')
    note.wait_for(state="visible")
    assert note.text_content() == "Ein Rennen läuft: seine Uhr läuft weiter, auch hier im Menü."
    assert page.locator('.game-card[data-game="typdom"] .card-note').count() == 0


def test_frigiti_does_not_ask_to_pass_the_device_to_whoever_holds_it(page):
    """Round 3: "Gib das Gerät an Anna." right after Anna chose the word on this device."""
    start_game(page, ["Anna", "Ben", "Cem", "Dora"], game_id="frigiti")
    creator = page.evaluate("wortwurf.game().view.players[wortwurf.game().view.creator ?? 0]")
    page.evaluate("wortwurf.act({type: 'roll'}).then(() => wortwurf.act({type: 'create', dice: [0, 1, 2, 3], "
                  "anyway: true}))")
    page.locator("#fr-pass").wait_for(state="visible")
    first = page.evaluate("(v => v.players[v.order.find((p) => !v.written[p])])(wortwurf.game().view)")
    assert first == creator  # (the creator writes first)
    title = page.locator("#fr-pass-title").text_content()
    assert title == f"Weiter, {first}: das Gerät bleibt bei dir.", title
    assert page.locator("#frigiti").inner_text().count(first) >= 1 and "Gib das Gerät" not in page.locator("#frigiti").inner_text()
