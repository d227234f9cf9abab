"""TYP-DOM "Wer behält recht?" in Chromium: one person and two computer players, through taps and typing, with
a refused announcement judged before it is sent, a draw, a lay found by the hint, and a reload; and what a
phone play-test found (issue 37, 11 and 14), at 390 x 844."""

from __future__ import annotations

import pytest

from pages import click_and_wait, fixed_seed, start_game, wait_saved

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
    assert page.get_by_role("button", name="Legen und ansagen", exact=True).is_disabled()  # refused: it cannot be sent
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
    page.get_by_role("button", name="Legen und ansagen", exact=True).click()
    page.wait_for_function(f"wortwurf.game().record.actions.length === {before + 2}")
    logged = next(line for line in view(page)["log"] if line["player"] == 0 and line.get("laid"))
    assert logged["announced"] == move["word"]
    page.get_by_text(f"Ada legt {logged['laid']}: {logged['fragment']} – sagt {move['word']} an").wait_for()
    # A reload opens the game again where it was.
    wait_saved(page)
    record = page.evaluate("wortwurf.game().record")
    page.reload()
    page.evaluate("window.wortwurf.ready")
    page.locator("#bluff").wait_for(state="visible")
    assert page.evaluate("wortwurf.game().record")["actions"][:len(record["actions"])] == record["actions"]


PHONE = {"viewport": {"width": 390, "height": 844}}
SHARED_CONTEXT = PHONE  # (the shared page: conftest)


def lay_tile(page, move) -> None:
    """The move's tile tapped on the rack, then its cell on the table (a joker's letter chosen)."""
    page.locator(f'#bl-rack [data-tile="{move["tile"]}"]').click()
    tap_cell(page, move["row"], move["col"])
    if page.locator("#bl-joker").is_visible():
        page.locator("#bl-joker-letters").get_by_role("button", name=move["letter"], exact=True).click()


def test_a_phone_refuses_an_announcement_without_the_fragment_and_shows_the_table_after_the_computers(shared_page):
    page = shared_page
    fixed_seed(page, 3)

    def setup(p):
        assert p.locator("#setup-title").inner_text() == "TYP-DOM: Wer behält recht? – neues Spiel"
        p.get_by_label("Bo spielt").select_option("3")
        p.get_by_label("Cy spielt").select_option("2")

    start_game(page, ["Ada", "Bo", "Cy"], game_id="bluff", setup=setup)
    wait_for_ada(page)
    assert page.locator("#bl-scores").get_by_text("Cy (Computer, mittel)").is_visible()
    move = page.evaluate("wortwurf.engine('hint', wortwurf.game().state)")["move"]
    laid = page.evaluate("m => wortwurf.engine('apply', wortwurf.game().state, m)", move)
    fragment = "".join(laid["cells"][f"{r},{c}"][1] for r, c in laid["word"]["cells"])
    other = next(w for w in ("BAUM", "ZELT", "HUND") if fragment not in w)
    lay_tile(page, move)
    page.locator("#bl-announce").fill(other.lower())
    page.locator("#bl-verdict").get_by_text(f"{other} enthält {fragment} nicht").wait_for()
    assert page.get_by_role("button", name="Legen und ansagen", exact=True).is_disabled()
    page.locator("#bl-announce").fill(move["word"])
    page.get_by_text("Geht.", exact=True).wait_for()
    announce = page.get_by_role("button", name="Legen und ansagen", exact=True)
    assert announce.is_enabled()
    # A word the lexicon lacks: refused, but the table may let it count.
    coined = move["word"] + "QX"
    page.locator("#bl-announce").fill(coined)
    overrule = page.get_by_role("button", name=f"Die Runde lässt {coined} gelten: trotzdem legen und ansagen")
    overrule.wait_for()
    assert announce.is_disabled()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down at the rack and the buttons
    assert page.evaluate("scrollY") > 0
    overrule.click()
    page.locator("#bl-log").get_by_text(f"sagt {coined} an (von der Runde zugelassen)").wait_for()
    # While the computers move, their badge stands clear of the heading; then Ada's turn shows the table.
    page.locator("#thinking").wait_for(state="visible")
    badge, head = page.locator("#thinking").bounding_box(), page.locator("#bl-round").bounding_box()
    assert badge["y"] + badge["height"] <= head["y"]
    page.wait_for_function("wortwurf.game().view.current === 0 && (!document.getElementById('bl-play').hidden"
                           " || !document.getElementById('bl-forced').hidden)", timeout=COMPUTER_WAIT_MS)
    # (to lay or, the computers having passed, to finish the word announced)
    for part in ("#bl-word", "#bl-board"):
        box = page.locator(part).bounding_box()
        assert 0 <= box["y"] < 844 * 0.5, part
    assert view(page)["word"] is None or view(page)["word"]["announced"] in page.locator("#bl-word").inner_text()


def test_a_phone_logs_what_a_player_who_gives_up_pays_each_and_in_all_and_ends_without_a_next_word(shared_page):
    page = shared_page
    fixed_seed(page, 3)
    start_game(page, ["Ada", "Bo", "Cy"], game_id="bluff")

    def show(name):
        page.get_by_role("button", name=f"Ich bin {name}: Plättchen zeigen").click()

    def announce(name):
        """The player on turn lays the hint's tile and announces its word."""
        show(name)
        move = page.evaluate("wortwurf.engine('hint', wortwurf.game().state)")["move"]
        lay_tile(page, move)
        page.locator("#bl-announce").fill(move["word"])
        page.get_by_text("Geht.", exact=True).wait_for()
        click_and_wait(page, page.get_by_role("button", name="Legen und ansagen", exact=True))
        return move

    def passes(name):
        show(name)
        click_and_wait(page, page.get_by_role("button", name="Passen", exact=True))

    def gives_up(name):
        show(name)
        click_and_wait(page, page.get_by_role("button", name="Aufgeben (bezahlen)"))

    first = view(page)["current"]
    names = ["Ada", "Bo", "Cy"]
    order = [names[(first + i) % 3] for i in range(3)]
    announce(order[0])
    passes(order[1])
    passes(order[2])
    gives_up(order[0])
    paid = next(line for line in view(page)["log"] if line.get("failed"))["paid"]
    unit = "Punkt" if paid == 1 else "Punkte"
    page.locator("#bl-log").get_by_text(
        f"zahlt {' und '.join(n for n in names if n != order[0])} je {paid} {unit}, zusammen {2 * paid}.").wait_for()
    # The next starts a word, the last one in passes, and the starter gives up: the deal (and game) is over.
    announce(order[1])
    passes(order[2])
    gives_up(order[1])
    paid = [line for line in view(page)["log"] if line.get("failed")][-1]["paid"]
    page.locator("#bl-log").get_by_text(f"zahlt {order[2]} {paid} {'Punkt' if paid == 1 else 'Punkte'}.").wait_for()
    assert view(page)["over"]
    assert "neues Wort" not in page.locator("#bluff").inner_text()
