"""TYP-DOM "Wer behält recht?" in Chromium: one person and two computer players, through taps and typing, with
a refused announcement judged before it is sent, a draw, a lay found by the hint, and a reload."""

from __future__ import annotations

from pages import fixed_seed, start_game

COMPUTER_WAIT_MS = 120_000  # the first computer move takes in the word list


def view(page) -> dict:
    return page.evaluate("wortwurf.game().view")


def wait_for_ada(page) -> None:
    page.wait_for_function("wortwurf.game().view.current === 0 && !document.getElementById('bl-play').hidden",
                           timeout=COMPUTER_WAIT_MS)


def tap_cell(page, row: int, col: int) -> None:
    page.locator("#bl-board").scroll_into_view_if_needed()
    point = page.evaluate(f"wortwurf.tablePoint({row}, {col})")
    page.mouse.click(point["x"], point["y"])


def test_a_deal_against_two_computers_with_a_refused_announcement_a_draw_and_a_reload(page):
    fixed_seed(page, 3)

    def setup(p):
        p.get_by_label("Bo spielt").select_option("3")
        p.get_by_label("Cy spielt").select_option("1")

    start_game(page, ["Ada", "Bo", "Cy"], game_id="bluff", setup=setup)
    wait_for_ada(page)
    rack = page.evaluate("wortwurf.engine('view', wortwurf.game().state, 0)")["rack"]
    assert page.locator("#bl-rack .rack-tile").count() == len(rack)
    # The hint names a lay; first the same tile with a word that is no word: judged before it is sent.
    move = page.evaluate("wortwurf.engine('hint', wortwurf.game().state)")["move"]
    page.locator(f'#bl-rack [data-tile="{move["tile"]}"]').click()
    tap_cell(page, move["row"], move["col"])
    if page.locator("#bl-joker").is_visible():
        page.locator("#bl-joker-letters").get_by_role("button", name=move["letter"], exact=True).click()
    page.locator("#bl-announce").fill("QXQ")
    page.locator("#bl-verdict").get_by_text("QXQ ist kein erlaubtes Wort.").wait_for()
    before = len(page.evaluate("wortwurf.game().record.actions"))
    page.get_by_role("button", name="Legen und ansagen").click()
    page.locator("#bl-message").get_by_text("QXQ ist kein erlaubtes Wort.").wait_for()
    assert len(page.evaluate("wortwurf.game().record.actions")) == before
    # Back to the hand; a draw; then the hint's lay with its announcement.
    page.get_by_role("button", name="Zurück auf die Hand").click()
    page.get_by_role("button", name="Ein Plättchen ziehen").click()
    page.wait_for_function(f"document.querySelectorAll('#bl-rack .rack-tile').length === {len(rack) + 1}")
    page.get_by_role("button", name="Welches Wort könnte ich ansagen?").click()
    move = page.evaluate("wortwurf.engine('hint', wortwurf.game().state)")["move"]
    page.get_by_text(f"Zum Beispiel {move['word']}").wait_for()
    fragment = view(page)["word"] and view(page)["word"]["fragment"]
    if fragment:  # the hint also names the words around the piece being built
        assert f"Wörter enthalten {fragment}, die kürzesten: " in page.locator("#bl-message").inner_text()
    page.locator(f'#bl-rack [data-tile="{move["tile"]}"]').click()
    tap_cell(page, move["row"], move["col"])
    if page.locator("#bl-joker").is_visible():
        page.locator("#bl-joker-letters").get_by_role("button", name=move["letter"], exact=True).click()
    page.locator("#bl-announce").fill(move["word"].lower())
    page.get_by_text("Geht.", exact=True).wait_for()
    page.get_by_role("button", name="Legen und ansagen").click()
    page.wait_for_function(f"wortwurf.game().record.actions.length === {before + 2}")
    logged = next(line for line in view(page)["log"] if line["player"] == 0 and line.get("laid"))
    assert logged["announced"] == move["word"]
    page.get_by_text(f"Ada legt {logged['laid']}: {logged['fragment']} – sagt {move['word']} an").wait_for()
    # A reload opens the game again where it was.
    record = page.evaluate("wortwurf.game().record")
    page.reload()
    page.evaluate("window.wortwurf.ready")
    page.locator("#bluff").wait_for(state="visible")
    assert page.evaluate("wortwurf.game().record")["actions"][:len(record["actions"])] == record["actions"]
