"""TYP-DOM Presto in the page, through real taps and drags: a four-player race on one device with a refused
"Fertig!", a reload mid-race and the ranking; the solo puzzle of the day with "Aufgeben", counted once; a deal
shared by phones; and what a phone-sized play-test found (issue 37), at 390 x 844."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import expect

from pages import _KEPT, fixed_seed, kept, kept_keys, start_game
from wortwurf import engine
from wortwurf.games.presto import solver
from wortwurf.games.typdom.tiles import JOKER, TILES

PHONE = {"viewport": {"width": 390, "height": 844}}
TOUCH_PHONE = {**PHONE, "has_touch": True, "is_mobile": True}
SHARED_CONTEXT = PHONE  # (the shared page: conftest)


def view(page) -> dict:
    return page.evaluate("wortwurf.game().view")


def solution(page) -> list[tuple[int, int, int, str]]:
    """A solution of the racer's hand (the engine's, found natively: the page gives one only once a race is
    given up; the test plays it by hand), as (row, col, tile, letter)."""
    state = page.evaluate("wortwurf.game().state")
    found = solver.solve(state["hands"][view(page)["racing"]], state["options"])
    assert found["solved"]
    return [(*map(int, place.split(",")), tile, letter) for place, (tile, letter) in found["cells"].items()]


def go(page, name: str | None = None, resume: bool = False) -> None:
    """"Los, Ada!" (on one phone of its own, "Los!"), or "Weiter" for a race a reload interrupted."""
    word = "Weiter" if resume else "Los"
    page.get_by_role("button", name=f"{word}, {name}!" if name else f"{word}!", exact=True).click()
    page.locator("#pr-race").wait_for(state="visible")


def cell_point(page, row: int, col: int) -> dict:
    """Where a table cell is in the window, scrolled into it first (the board brings it into its own view; the
    page, scrolled to the hand, may have the board's top out of the window)."""
    point = page.evaluate(f"wortwurf.tablePoint({row}, {col})")
    height = page.evaluate("innerHeight")
    if not 0 <= point["y"] < height:
        page.evaluate(f"window.scrollBy(0, {point['y'] - height / 2})")
        point = page.evaluate(f"wortwurf.tablePoint({row}, {col})")
    return point


def tap_tile(page, tile: int, row: int, col: int, letter: str) -> None:
    """Tap a tile in the hand, then its cell (a joker: then its letter in the dialog)."""
    page.locator(f'#pr-hand [data-tile="{tile}"]').click()
    point = cell_point(page, row, col)
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


def give_up(page) -> None:
    """"Aufgeben", tapped twice as the page asks, until the deal's end shows."""
    page.get_by_role("button", name="Aufgeben").click()
    page.get_by_role("button", name="Aufgeben").click()
    page.locator("#pr-deal").wait_for(state="visible")


def done(page) -> None:
    page.get_by_role("button", name="Fertig!").click()


def four_with_a_computer_and_hands_of_13(page):
    page.get_by_label("Di spielt").select_option("3")
    page.get_by_label("Plättchen auf der Hand").select_option("13")  # (the smallest hand: fewer tiles to lay by hand)


def test_four_race_in_turn_on_one_device_with_a_refusal_a_reload_and_the_ranking(page):
    fixed_seed(page, 12)  # (every hand of this deal has a solution the engine finds)
    start_game(page, ["Ada", "Bo", "Cy", "Di"], game_id="presto", setup=four_with_a_computer_and_hands_of_13)
    assert view(page)["options"]["computer"] == [0, 0, 0, 3] and view(page)["options"]["hand"] == 13
    # Ada: no hand is in the page before "Los!".
    assert page.locator("#pr-hand .rack-tile").count() == 0
    go(page, "Ada")
    assert page.locator("#pr-hand .rack-tile").count() == 13
    laid = solution(page)
    jokers = [tile for _, _, tile, _ in laid
              if page.locator(f'#pr-hand [data-tile="{tile}"]').get_attribute("aria-label").startswith("Joker")]
    for row, col, tile, letter in laid[:3]:
        if tile in jokers:
            tap_tile(page, tile, row, col, letter)
        else:
            drag_tile(page, tile, row, col)
    done(page)  # three tiles of thirteen: refused, and the clock runs on
    page.get_by_text(re.compile(r"^(Noch nicht gelegt: 10 von deinen Plättchen|Nicht als Wort erlaubt: [A-Z, ]+)\.$")).wait_for()
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
    page.get_by_text(re.compile(r"Adas Rennen läuft: Die Uhr steht bei 0:\d\d,\d\d und läuft weiter\.")).wait_for()
    go(page, "Ada", resume=True)
    assert page.locator("#pr-hand .rack-tile").count() == 10
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


def test_a_race_everyone_gave_up_has_no_winner(shared_page):
    page = shared_page
    start_game(page, ["Ada", "Bo"], game_id="presto")
    for name in ("Ada", "Bo"):
        go(page, name)
        page.get_by_role("button", name="Aufgeben").click()
        page.get_by_role("button", name="Aufgeben").click()
    page.locator("#pr-deal").wait_for(state="visible")
    assert view(page)["status"] == ["out", "out"]
    page.get_by_text("Niemand hat gepunktet: diesmal gewinnt keiner.").wait_for()


# A day whose puzzle the solver lays whole (of the 40 days from 2026-11-29, 2026-12-10 and -11 it does not): the
# tests that need the whole solution set the page's clock to it.
SOLVED_DAY = datetime.datetime(2026, 11, 29, 12)


def test_the_solo_puzzle_of_the_day_given_up_shows_a_solution(shared_page):
    page = shared_page
    page.clock.set_system_time(SOLVED_DAY)  # (the page's clock; it runs on from there)
    page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Rätsel des Tages").click()
    page.locator("#presto").wait_for(state="visible")
    assert view(page)["hand_size"] == 13
    go(page)
    assert page.locator("#pr-hand .rack-tile").count() == 13
    give_up(page)
    page.locator("#pr-tables figcaption", has_text="Eine Lösung").wait_for()  # (asked once the race is given up)
    assert page.locator("#pr-tables figcaption").all_text_contents() == ["Dein Tisch", "Eine Lösung"]
    page.get_by_text("Diesmal nicht geschafft.").wait_for()


def test_a_deal_shared_by_phones_deals_the_same_hand_and_another_phone_checks_the_finished_table(context, site_url):
    # The code's seed is drawn from crypto.getRandomValues(Uint32Array(1)): 12 deals hands the engine solves.
    # (A table of six: hands of 13, the fewest tiles to lay by hand.)
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
    first.locator("#pr-share-players").select_option("6")
    first.get_by_role("button", name="Code erzeugen").click()
    first.get_by_text("Code der Runde: ", exact=False).wait_for()
    code = re.search(r"Code der Runde: ([0-9A-Z-]+)\.", first.locator("#pr-share-code").text_content()).group(1)
    assert first.locator("#pr-share-join-code").input_value() == code  # (its maker only picks its seat)
    second.locator('.game-card[data-game="presto"]').get_by_role("button", name="Mit mehreren Handys").click()
    second.locator("#pr-share-join-code").fill(code.lower())  # (typed as people type)
    second.locator("#pr-share-seat").select_option("3")
    second.locator("#pr-share-name").fill("Cy")
    second.get_by_role("button", name="Zu meinem Platz").click()
    go(second)
    hand = sorted(second.evaluate("wortwurf.game().state.hands[0]"))
    dealt = second.evaluate(f"wortwurf.engine('join_deal', {code!r}, 2)")
    elsewhere = second.evaluate(f"wortwurf.engine('new_game', 'presto', ['A', 'B', 'C', 'D', 'E', 'F'], {{}}, {dealt['seed']})")
    assert len(hand) == 13 and hand == sorted(elsewhere["hands"][2])  # the same tiles as seat 3 of the deal at one table
    laid = solution(second)
    for row, col, tile, letter in laid:
        tap_tile(second, tile, row, col, letter)
    done(second)
    second.locator("#pr-shared").wait_for()
    read_out = second.locator("#pr-shared").text_content()  # (all the checking phone needs, the table code too)
    found = re.search(r": Cy · Platz 3 · (\d+:\d\d,\d\d) · Tischcode ([0-9A-Z-]+) · Prüfcode ([0-9A-Z-]+)$", read_out)
    # The first phone checks it; a changed time is refused, naming what may have been copied wrongly.
    first.locator("#pr-verify-deal").fill(code)
    first.locator("#pr-verify-seat").select_option("3")
    first.locator("#pr-verify-name").fill("Cy")
    first.locator("#pr-verify-time").fill(found.group(1))
    first.locator("#pr-verify-table").fill(found.group(2))
    first.locator("#pr-verify-check").fill(found.group(3))
    first.get_by_role("button", name="Prüfen").click()
    first.get_by_text(re.compile(rf"^Stimmt: Platz 3, {found.group(1)}, mit [A-Z, ]+\.$")).wait_for()
    # The checking phone collects the checked finishes into the table's ranking and points (the engine's).
    first.locator("#pr-standings-list").get_by_text(f"1. Cy (Platz 3): {found.group(1)} · 4 P.").wait_for()
    first.locator("#pr-verify-time").fill("0:01,00")
    first.get_by_role("button", name="Prüfen").click()
    first.get_by_text("Tischcode, Zeit, Platz und Prüfcode passen nicht zusammen – eins davon ist wohl falsch "
                      "abgeschrieben.").wait_for()
    # On its own phone a racer sees their time and check code: no ranking, no winner, no solo record, no rematch.
    assert second.locator("#pr-ranking li").all_text_contents() == [f"Deine Zeit: {found.group(1)}"]
    assert second.locator("#pr-winners").text_content().startswith(f"Deine Zeit: {found.group(1)}.")
    assert second.locator("#pr-result .ranking li").count() == 0
    assert not second.get_by_text("Bestzeit").count() and not second.locator('#pr-result [data-action="rematch"]').is_visible()
    assert not [key for key in kept_keys(second) if key.startswith("best-solo:")]
    # ... and it collects the others' into the ranking with its own.
    second.get_by_role("button", name="Tische prüfen").click()
    second.locator("#pr-share").wait_for(state="visible")
    assert second.locator("#pr-verify-deal").input_value() == code
    second.locator("#pr-standings").wait_for(state="hidden")


ASKED_OF_WORKERS = """() => {  // every engine call the page sends, by worker: window.asked = [[worker, call], ...]
    window.asked = [];
    const workers = [];
    const real = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
        if (!workers.includes(this)) workers.push(this);
        if (typeof message?.request === "string") asked.push([workers.indexOf(this), JSON.parse(message.request).call]);
        return real.call(this, message, ...rest);
    };
}"""


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_a_race_s_hint_is_worked_out_on_the_search_worker_as_the_race_starts(page):
    """(Seed 13: a hand a phone's half core takes seconds to solve.) As a race starts, the search worker is
    asked for its hint before anyone taps (the engine's worker never is), so a hint tapped later finds the
    hand solved; the hint tapped is answered, its word spelled as the Wörterbuch spells it (round 3, item 3:
    NACHPRUEFBAREN; this one is laid O E F F E N T L I C H)."""
    page.evaluate(ASKED_OF_WORKERS)
    fixed_seed(page, 13)
    start_game(page, ["Ada"], game_id="presto")
    page.evaluate("window.wortwurf.searchReady()")  # (the tests' pages run one worker until asked: conftest)
    go(page)
    page.wait_for_function("asked.some(([, call]) => call === 'race_hint')")
    hints = page.evaluate("asked.filter(([, call]) => call === 'race_hint').map(([worker]) => worker)")
    assert 0 not in hints  # (worker 0: the engine's, asked first)
    page.locator("#pr-hint").click()
    expect(page.locator("#pr-message")).to_have_text("Tipp: ÖFFENTLICH passt und lässt den Rest lösbar.")


@pytest.mark.parametrize("context", [TOUCH_PHONE], indirect=True)
def test_the_joker_s_letter_dialog_never_takes_the_tap_that_opened_it(page):
    """Tap the joker, then an empty cell that lies where the dialog then shows a letter: the dialog stays open
    and asks; the letter tapped next is the joker's."""
    seed = next(seed for seed in range(1, 200)
                if any(TILES[t] == (JOKER, "black") for t in engine.new_game("presto", ["Ada"], {}, seed)["hands"][0]))
    fixed_seed(page, seed)
    start_game(page, ["Ada"], game_id="presto")
    go(page)
    joker = page.locator('#pr-hand [aria-label="Joker, schwarz"]')
    tile = joker.get_attribute("data-tile")
    # Where the dialog shows its letters: opened once by a tap far from them, then closed.
    joker.tap()
    board = page.locator("#pr-board").bounding_box()
    page.touchscreen.tap(board["x"] + 20, board["y"] + board["height"] - 20)
    page.locator("#pr-joker").wait_for(state="visible")
    letters = page.locator("#pr-joker-letters button")
    under = next(box for box in (letters.nth(i).bounding_box() for i in range(letters.count()))
                 if board["y"] + 50 < box["y"] + box["height"] / 2 < board["y"] + board["height"] - 10)
    page.keyboard.press("Escape")
    page.locator("#pr-joker").wait_for(state="hidden")
    # Closed without a letter, the joker is no longer chosen (round 3: a next tap only moved the cursor); chosen
    # again, the tap that lands where a letter will be opens the dialog, which waits.
    page.wait_for_function("document.querySelector('#pr-hand [aria-label=\"Joker, schwarz\"]')"
                           "?.getAttribute('aria-pressed') === 'false'")  # (the hand drawn again after the dialog)
    joker.tap()
    page.touchscreen.tap(under["x"] + under["width"] / 2, under["y"] + under["height"] / 2)
    page.locator("#pr-joker").wait_for(state="visible", timeout=5000)
    page.wait_for_timeout(300)
    assert page.locator("#pr-joker").is_visible() and page.locator(f'#pr-hand [data-tile="{tile}"]').count() == 1
    page.locator("#pr-joker-letters").get_by_role("button", name="R", exact=True).tap()
    page.wait_for_function(f"!document.querySelector('#pr-hand [data-tile=\"{tile}\"]')")
    page.wait_for_function("Object.values(wortwurf.game().state.tables[0]).map(([, letter]) => letter).join() === 'R'")


def today() -> str:
    return datetime.date.today().isoformat()


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_the_puzzle_of_the_day_counts_once_a_give_up_as_not_solved_and_its_record_is_shared_without_the_solution(page, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    daily = page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Rätsel des Tages")
    daily.click()
    page.locator("#presto").wait_for(state="visible")
    assert page.locator("#pr-pass-title").text_content() == "Bereit?"
    go(page)
    give_up(page)
    page.get_by_role("button", name="Statistik und Teilen").click()
    dialog = page.locator("#pr-daily")
    dialog.wait_for(state="visible")
    assert dialog.locator("#pr-daily-figures li").all_text_contents() == [
        "Gespielt: 1", "Gelöst: 0", "Serie: 0 Tage gelöst", "Bestzeit: –", "Mittlere Zeit (Median): –"]
    assert kept(page, "record:presto-daily")["days"][today()] == {"done": True, "solved": False, "seconds": None}
    dialog.get_by_role("button", name="Ergebnis teilen").click()
    dialog.get_by_text("Kopiert: ", exact=False).wait_for()
    shared = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(r"Wortwurf · TYP-DOM Presto · Rätsel des Tages [\d.]+: nicht gelöst", shared)
    dialog.get_by_role("button", name="Schließen").click()
    # Played once: the puzzle is not dealt again (its solution was shown); the record opens instead.
    seed = page.evaluate("wortwurf.game().record.seed")
    actions = page.evaluate("wortwurf.game().record.actions.length")
    page.get_by_role("button", name="Menü").click()
    daily.click()
    dialog.wait_for(state="visible")
    dialog.get_by_text("Das Rätsel des Tages zählt einmal am Tag", exact=False).wait_for()
    assert page.evaluate("wortwurf.game().record.actions.length") == actions
    assert page.evaluate("wortwurf.game().record.seed") == seed


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_the_puzzle_of_the_day_solved_keeps_its_time_and_the_streak(page):
    page.clock.set_system_time(SOLVED_DAY)  # (the page's clock; it runs on from there)
    page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Rätsel des Tages").click()
    go(page)
    for row, col, tile, letter in solution(page):
        tap_tile(page, tile, row, col, letter)
    done(page)
    page.locator("#pr-deal").wait_for(state="visible")
    seconds = page.evaluate("wortwurf.game().view.seconds[0]")
    result = page.locator("#pr-result").inner_text()  # (round 3: no "Neue Bestzeit für 13 Plättchen" here)
    assert "Das Rätsel des Tages: gelöst in " in result and "Bestzeit" not in result, result
    page.get_by_role("button", name="Statistik und Teilen").click()
    page.locator("#pr-daily").wait_for(state="visible")
    figures = page.locator("#pr-daily-figures li").all_text_contents()
    assert figures[:3] == ["Gespielt: 1", "Gelöst: 1", "Serie: 1 Tag gelöst"]
    assert kept(page, "record:presto-daily")["days"][SOLVED_DAY.date().isoformat()] == {
        "done": True, "solved": True, "seconds": seconds}
    assert not page.locator('#pr-result [data-action="rematch"]').is_visible()


def open_share(page):
    page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Mit mehreren Handys").click()


def test_a_mistyped_join_code_is_refused_next_to_the_code_in_view(shared_page):
    page = shared_page
    open_share(page)
    page.locator("#pr-share-join-code").fill("HALLO-WELT")
    page.get_by_role("button", name="Zu meinem Platz").click()
    error = page.locator("#pr-share-join-error")
    error.get_by_text("Dieser Code gehört zu keiner geteilten Runde").wait_for()
    field, said = page.locator("#pr-share-join-code").bounding_box(), error.bounding_box()
    assert 0 <= said["y"] and said["y"] + said["height"] <= 844
    assert 0 <= said["y"] - (field["y"] + field["height"]) < 40


def test_a_refused_done_does_not_move_the_table(shared_page):
    page = shared_page
    start_game(page, ["Ada", "Bo"], game_id="presto")
    go(page, "Ada")
    before = page.locator("#pr-board").bounding_box()
    done(page)
    page.get_by_text("Noch liegt kein Plättchen.").wait_for()
    assert page.locator("#pr-board").bounding_box() == before


def test_a_race_out_of_time_says_so_before_the_next_pass_screen(shared_page):
    page = shared_page
    start_game(page, ["Ada", "Bo"], game_id="presto", setup=lambda p: p.locator("#opt-minutes").fill("1"))
    # Ada's "Los" as the page says it, 59 seconds ago (the clock runs in wall time from "Los").
    page.evaluate("wortwurf.act({type: 'go', clock: Date.now() - 59000})")
    go(page, "Ada", resume=True)
    page.locator("#pr-time-up").get_by_text("Zeit abgelaufen!").wait_for()
    page.locator("#pr-time-up").get_by_text("Ada ist nicht fertig geworden.").wait_for()
    assert not page.locator("#pr-pass").is_visible()
    page.get_by_role("button", name="Weiter", exact=True).click()
    page.get_by_role("button", name="Los, Bo!").wait_for()
    assert page.locator("#pr-pass-title").text_content() == "Gib das Gerät an Bo."


def test_a_solo_race_out_of_time_says_so_in_its_verdict(shared_page):
    page = shared_page
    start_game(page, ["Ada"], game_id="presto", setup=lambda p: p.locator("#opt-minutes").fill("1"))
    page.evaluate("wortwurf.act({type: 'go', clock: Date.now() - 58000})")  # (2 s left: a loaded machine still shows the race)
    go(page, resume=True)
    page.locator("#pr-winners").get_by_text("Zeit abgelaufen: diesmal nicht geschafft.").wait_for()
    assert page.locator("#pr-winners").is_visible()


def test_the_clock_runs_from_los_in_wall_time_through_a_reload(shared_page):
    page = shared_page
    start_game(page, ["Ada", "Bo"], game_id="presto")
    go(page, "Ada")
    page.wait_for_timeout(1000)
    page.reload()
    page.evaluate("window.wortwurf.ready")
    page.wait_for_timeout(2000)
    go(page, "Ada", resume=True)
    clock = page.locator("#pr-clock").text_content()
    assert re.match(r"0:0[3-9],\d\d / 5:00", clock), clock


def test_solo_speaks_to_the_player_in_german_and_english(shared_page):
    page = shared_page
    start_game(page, ["Ada"], game_id="presto")
    shown = page.locator("#presto")
    assert "Gib das Gerät" not in shown.inner_text() and "Ada" not in shown.inner_text()
    go(page)
    give_up(page)
    text = shown.inner_text()
    assert "Ada" not in text and "Dein Tisch" in text, text
    assert page.locator("#pr-log li").all_text_contents() == ["Aufgegeben.", "Runde 1 ist vorbei."]
    assert page.locator('#pr-result [data-action="rematch"]').text_content() == "Neue Hand"
    page.locator("[data-lang=en]").first.click()
    text = shown.inner_text()
    assert "Ada" not in text and "Your table" in text and "Pass the device" not in text, text
    assert page.locator('#pr-result [data-action="rematch"]').text_content() == "A new hand"


def test_setup_offers_only_the_hands_the_tiles_fill_for_that_many_players(shared_page):
    page = shared_page
    start_game_setup = page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Neues Spiel")
    start_game_setup.click()
    while page.locator("#player-list li").count() < 6:
        page.get_by_role("button", name="Person hinzufügen").click()
    hand = page.get_by_label("Plättchen auf der Hand")
    disabled = hand.locator("option").evaluate_all("options => options.map(o => o.disabled)")
    assert disabled == [False, False, True, True]  # by the table, 13; not 16 or 19 for six


def test_a_finished_game_is_not_offered_to_continue(shared_page):
    page = shared_page
    start_game(page, ["Ada"], game_id="presto")
    go(page)
    give_up(page)
    page.get_by_role("button", name="Menü").click()
    card = page.locator('.game-card[data-game="presto"]')
    page.wait_for_timeout(500)
    assert not card.get_by_role("button", name="Weiterspielen").is_visible()
    page.reload()
    page.evaluate("window.wortwurf.ready")
    page.locator("#menu").wait_for(state="visible")
    page.wait_for_timeout(500)
    assert not card.get_by_role("button", name="Weiterspielen").is_visible()


def test_codes_break_only_between_groups_and_only_the_code_is_set_as_one(shared_page):
    page = shared_page
    open_share(page)
    page.get_by_role("button", name="Code erzeugen").click()
    page.locator("#pr-share-code .code").wait_for()
    sentence = page.locator("#pr-share-code")
    assert sentence.evaluate("p => getComputedStyle(p).fontWeight") != sentence.locator(".code").evaluate(
        "c => getComputedStyle(c).fontWeight")
    assert sentence.locator(".code-group").evaluate_all("groups => groups.map(g => g.getClientRects().length)") == [1, 1, 1]


@pytest.mark.parametrize("refused_first", [False, True])
def test_tiles_laid_are_kept_as_they_are_laid_through_an_instant_reload(shared_page, refused_first):
    """Round 3: a reload soon after laying (or after a refused "Fertig!") lost the tiles laid last: the table
    was kept 1.5 s after its last change, and a refusal cancelled that. Now the save holds each tile within a
    moment of its lay (well under the 1.5 s it waited)."""
    page = shared_page
    fixed_seed(page, 2)  # (a hand the solver lays whole: of random ones about 1 in 40 it does not, and CI drew one)
    start_game(page, ["Ada", "Bo"], game_id="presto")
    go(page, "Ada")
    laid = solution(page)[:2]
    for row, col, tile, letter in laid:
        tap_tile(page, tile, row, col, letter)
        if refused_first:
            done(page)
            page.get_by_text(re.compile(r"^(Noch nicht gelegt|Nicht als Wort erlaubt)")).wait_for()
    in_the_save = """(args) => (%s)(args).then((saved) => {
        const last = saved.record.actions.filter((action) => action.type === "arrange").at(-1);
        return last !== undefined && Object.keys(last.cells).length === %d;
    })""" % (_KEPT, len(laid))
    page.wait_for_function(in_the_save, arg=["get", "game:presto", None], timeout=1000)
    page.reload()
    page.evaluate("window.wortwurf.ready")
    go(page, "Ada", resume=True)
    assert sorted(page.evaluate("Object.values(wortwurf.game().state.tables[0]).map(([tile]) => tile)")) == \
        sorted(tile for _, _, tile, _ in laid)
    assert page.locator("#pr-hand .rack-tile").count() == page.evaluate("wortwurf.game().state.hands[0].length") - len(laid)
