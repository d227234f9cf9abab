"""TYP-DOM Presto in the page, through real taps and drags: a four-player race on one device with a refused
"Fertig!", a reload mid-race and the ranking; the solo puzzle of the day with "Aufgeben"."""

from __future__ import annotations

import re

from pages import fixed_seed, start_game


def view(page) -> dict:
    return page.evaluate("wortwurf.game().view")


def solution(page) -> list[tuple[int, int, int, str]]:
    """A solution of the racer's hand (the engine's: the test plays it by hand), as (row, col, tile, letter)."""
    found = page.evaluate("wortwurf.engine('solution', wortwurf.game().state)")
    assert found["solved"]
    return [(*map(int, place.split(",")), tile, letter) for place, (tile, letter) in found["cells"].items()]


def go(page, name: str, resume: bool = False) -> None:
    page.get_by_role("button", name=f"{'Weiter' if resume else 'Los'}, {name}!").click()
    page.locator("#pr-race").wait_for(state="visible")


def tap_tile(page, tile: int, row: int, col: int, letter: str) -> None:
    """Tap a tile in the hand, then its cell (a joker: then its letter in the dialog)."""
    page.locator(f'#pr-hand [data-tile="{tile}"]').click()
    point = page.evaluate(f"wortwurf.tablePoint({row}, {col})")
    page.mouse.click(point["x"], point["y"])
    if page.locator("#pr-joker").is_visible():
        page.locator("#pr-joker-letters").get_by_role("button", name=letter, exact=True).click()
    page.wait_for_function(f"!document.querySelector('#pr-hand [data-tile=\"{tile}\"]')")


def drag_tile(page, tile: int, row: int, col: int) -> None:
    """Drag a tile from the hand onto its cell."""
    page.locator(f'#pr-hand [data-tile="{tile}"]').hover()  # (waits out a redraw of the hand)
    page.mouse.down()
    point = page.evaluate(f"wortwurf.tablePoint({row}, {col})")
    page.mouse.move(point["x"], point["y"], steps=8)
    page.mouse.up()
    page.wait_for_function(f"!document.querySelector('#pr-hand [data-tile=\"{tile}\"]')")


def done(page) -> None:
    page.get_by_role("button", name="Fertig!").click()


def test_four_race_in_turn_on_one_device_with_a_refusal_a_reload_and_the_ranking(page):
    fixed_seed(page, 12)  # (every hand of this deal has a solution the engine finds)
    start_game(page, ["Ada", "Bo", "Cy", "Di"], game_id="presto", setup=lambda p: p.get_by_label("Di spielt").select_option("3"))
    assert view(page)["options"]["computer"] == [0, 0, 0, 3]
    # Ada: no hand is in the page before "Los!".
    assert page.locator("#pr-hand .rack-tile").count() == 0
    go(page, "Ada")
    assert page.locator("#pr-hand .rack-tile").count() == 19
    laid = solution(page)
    jokers = [tile for _, _, tile, _ in laid
              if page.locator(f'#pr-hand [data-tile="{tile}"]').get_attribute("aria-label").startswith("Joker")]
    for row, col, tile, letter in laid[:3]:
        if tile in jokers:
            tap_tile(page, tile, row, col, letter)
        else:
            drag_tile(page, tile, row, col)
    done(page)  # three tiles of nineteen: refused, and the clock runs on
    page.get_by_text(re.compile(r"^(Noch nicht gelegt: 16 von deinen Plättchen|Nicht als Wort erlaubt: [A-Z, ]+)\.$")).wait_for()
    assert view(page)["status"][0] == "racing"
    # A laid tile dragged back onto the hand, then tapped in again.
    row, col, tile, letter = laid[2]
    start = page.evaluate(f"wortwurf.tablePoint({row}, {col})")
    hand = page.locator("#pr-hand").bounding_box()
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(hand["x"] + 10, hand["y"] + 10, steps=8)
    page.mouse.up()
    page.locator(f'#pr-hand [data-tile="{tile}"]').wait_for()
    tap_tile(page, tile, row, col, letter)
    page.wait_for_function("wortwurf.game().view.seconds[0] > 0")  # the table is kept as it lies
    page.wait_for_function("Object.keys(wortwurf.game().state.tables[0]).length === 3")
    page.reload()  # the game on screen opens again, at its pass screen
    page.evaluate("window.wortwurf.ready")
    page.get_by_text(re.compile(r"Adas Rennen ist unterbrochen: Die Uhr steht bei 0:\d\d,\d\d\.")).wait_for()
    go(page, "Ada", resume=True)
    assert page.locator("#pr-hand .rack-tile").count() == 16
    for row, col, tile, letter in laid[3:]:
        tap_tile(page, tile, row, col, letter)
    done(page)
    page.get_by_role("button", name="Los, Bo!").wait_for()
    assert view(page)["status"][0] == "finished"
    # Bo gives up (asked twice); Cy finishes; the computer races on its own.
    go(page, "Bo")
    page.get_by_role("button", name="Aufgeben").click()
    page.get_by_text("Wirklich aufgeben?", exact=False).wait_for()
    page.get_by_role("button", name="Aufgeben").click()
    go(page, "Cy")
    for row, col, tile, letter in solution(page):
        tap_tile(page, tile, row, col, letter)
    done(page)
    page.locator("#pr-deal").wait_for(state="visible")
    shown = view(page)
    assert shown["status"] == ["finished", "out", "finished", "finished"]
    ranking = page.locator("#pr-ranking li").all_text_contents()
    assert len(ranking) == 4 and ranking[-1] == "Bo: nicht fertig · 0 P."
    assert sorted(shown["scores"]) == [0, 0, 2, 4]
    assert page.locator("#pr-tables figure").count() == 4
    page.get_by_text(re.compile("gewinnt mit 4 Punkten")).wait_for()
    # the end names the last move, not the deal's end the heading already says
    assert re.match(r"^Zuletzt: Di ", page.locator("#pr-result .last-move").text_content())


def test_a_race_everyone_gave_up_has_no_winner(page):
    start_game(page, ["Ada", "Bo"], game_id="presto")
    for name in ("Ada", "Bo"):
        go(page, name)
        page.get_by_role("button", name="Aufgeben").click()
        page.get_by_role("button", name="Aufgeben").click()
    page.locator("#pr-deal").wait_for(state="visible")
    assert view(page)["status"] == ["out", "out"]
    page.get_by_text("Niemand hat gepunktet: diesmal gewinnt keiner.").wait_for()


def test_the_solo_puzzle_of_the_day_given_up_shows_a_solution(page):
    page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Rätsel des Tages").click()
    page.locator("#presto").wait_for(state="visible")
    assert view(page)["hand_size"] == 13
    go(page, "Ich")
    assert page.locator("#pr-hand .rack-tile").count() == 13
    page.get_by_role("button", name="Aufgeben").click()
    page.get_by_role("button", name="Aufgeben").click()
    page.locator("#pr-deal").wait_for(state="visible")
    assert page.locator("#pr-tables figcaption").all_text_contents() == ["Tisch von Ich", "Eine Lösung"]
    page.get_by_text("Diesmal nicht geschafft.").wait_for()


def test_a_deal_shared_by_phones_deals_the_same_hand_and_another_phone_checks_the_finished_table(context, site_url):
    # The code's seed is drawn from crypto.getRandomValues(Uint32Array(1)): 12 deals hands the engine solves.
    context.add_init_script("""
        const real = crypto.getRandomValues.bind(crypto);
        crypto.getRandomValues = (array) => array.length === 1 ? (array.set([12]), array) : real(array);
    """)
    first, second = context.new_page(), context.new_page()
    for phone in (first, second):
        phone.goto(site_url)
        phone.evaluate("window.wortwurf.ready")
    # One phone makes the code; the other types it in and takes seat 3.
    first.locator('.game-card[data-game="presto"]').get_by_role("button", name="Mit mehreren Handys").click()
    first.get_by_role("button", name="Code erzeugen").click()
    first.get_by_text("Code der Runde: ", exact=False).wait_for()
    code = re.search(r"Code der Runde: ([0-9A-Z-]+)\.", first.locator("#pr-share-code").text_content()).group(1)
    second.locator('.game-card[data-game="presto"]').get_by_role("button", name="Mit mehreren Handys").click()
    second.locator("#pr-share-join-code").fill(code.lower())  # (typed as people type)
    second.locator("#pr-share-seat").select_option("3")
    second.locator("#pr-share-name").fill("Cy")
    second.get_by_role("button", name="Zu meinem Platz").click()
    go(second, "Cy")
    hand = sorted(second.evaluate("wortwurf.game().state.hands[0]"))
    dealt = second.evaluate(f"wortwurf.engine('join_deal', {code!r}, 2)")
    elsewhere = second.evaluate(f"wortwurf.engine('new_game', 'presto', ['A', 'B', 'C', 'D'], {{}}, {dealt['seed']})")
    assert hand == sorted(elsewhere["hands"][2])  # the same tiles as seat 3 of the deal dealt at one table
    laid = solution(second)
    for row, col, tile, letter in laid:
        tap_tile(second, tile, row, col, letter)
    done(second)
    second.locator("#pr-shared").wait_for()
    read_out = second.locator("#pr-shared").text_content()
    found = re.search(r"Platz 3 · (\d+:\d\d,\d\d) · Prüfcode ([0-9A-Z-]+)", read_out)
    table = second.locator("#pr-shared-table").text_content().split(": ")[1]
    # The first phone checks it; a changed time is refused.
    first.locator("#pr-verify-deal").fill(code)
    first.locator("#pr-verify-seat").select_option("3")
    first.locator("#pr-verify-time").fill(found.group(1))
    first.locator("#pr-verify-table").fill(table)
    first.locator("#pr-verify-check").fill(found.group(2))
    first.get_by_role("button", name="Prüfen").click()
    first.get_by_text(re.compile(rf"^Stimmt: Platz 3, {found.group(1)}, mit [A-Z, ]+\.$")).wait_for()
    first.locator("#pr-verify-time").fill("0:01,00")
    first.get_by_role("button", name="Prüfen").click()
    first.get_by_text("Der Prüfcode passt nicht zu diesem Tisch und dieser Zeit.").wait_for()
