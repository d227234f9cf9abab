"""TYP-DOM in Chromium, through taps, drags and keys on the canvas table: a Point game against a computer
player and a two-person Kreuzwort deal. The moves are chosen with the native move generator from the
state the page holds, then made the way a player makes them."""

from __future__ import annotations

import pytest
from pages import action_count, click_and_wait, fixed_seed, game, start_game, wait_idle, wait_saved
from wortwurf.games.typdom.table import cell_of
from wortwurf.games.typdom.tiles import JOKER, TILES
from wortwurf.games.typdom.words import is_word
from wortwurf.games.typdom.moves import moves

pytestmark = pytest.mark.browser

COMPUTER_WAIT_MS = 120_000  # a computer move in Pyodide on an open table with 13 tiles can take seconds


def setup_typdom(variant, seats):
    def setup(page):
        page.get_by_label("Spielart").select_option(variant)
        for i, strength in enumerate(seats):
            page.locator("#player-list select.seat").nth(i).select_option(str(strength))
    return setup


def wait_for_turn(page, player: int) -> None:
    page.wait_for_function(f"wortwurf.game()?.view.current === {player} && !document.getElementById('td-play').hidden",
                           timeout=COMPUTER_WAIT_MS)
    page.locator("#td-rack .rack-tile").first.wait_for(state="visible")


def tap_cell(page, row: int, col: int) -> None:
    page.locator("#td-board").scroll_into_view_if_needed()
    point = page.evaluate(f"wortwurf.tablePoint({row}, {col})")
    page.mouse.click(point["x"], point["y"])


def tap_tiles(page, tiles) -> None:
    """Lay a placement by taps: a rack tile, then its table cell; a joker's letter from the dialog."""
    for item in tiles:
        page.locator(f'#td-rack [data-tile="{item["tile"]}"]').click()
        tap_cell(page, item["row"], item["col"])
        if "letter" in item:
            page.locator("#td-joker").get_by_role("button", name=item["letter"], exact=True).click()


def drag_tiles(page, tiles) -> None:
    for item in tiles:
        page.locator("#td-board").scroll_into_view_if_needed()
        box = page.locator(f'#td-rack [data-tile="{item["tile"]}"]').bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] - 20, steps=3)  # the drag begins
        target = page.evaluate(f'wortwurf.tablePoint({item["row"]}, {item["col"]})')
        page.mouse.move(target["x"], target["y"], steps=8)
        page.mouse.up()


def words_shown(page) -> list[str]:
    page.wait_for_function("document.querySelectorAll('#td-words li').length > 0")
    return page.locator("#td-words li").all_text_contents()


def place(page) -> None:
    click_and_wait(page, page.get_by_role("button", name="Legen", exact=True))


def cells(page) -> int:
    return len(game(page)["state"]["cells"])


def test_a_point_game_against_a_computer_with_a_refusal_a_joker_a_draw_and_a_reload(shared_page):
    page = shared_page
    fixed_seed(page, 2)  # Ada begins and holds a joker
    start_game(page, ["Ada", "Rechner"], game_id="typdom", setup=setup_typdom("point", [0, 3]))
    wait_for_turn(page, 0)
    state = game(page)["state"]
    assert page.locator("#td-pass").is_hidden()  # the only person at the table: no pass screen
    rack = state["racks"][0]
    assert page.locator("#td-rack .rack-tile").count() == len(rack) == 13

    # A word with the joker, laid by taps; the preview names it before it is laid.
    with_joker = sorted((m for m in moves(state, 0) if any("letter" in t for t in m["tiles"])),
                        key=lambda m: (len(m["tiles"]), m["word"]))[0]
    tap_tiles(page, with_joker["tiles"])
    assert words_shown(page)[0] == f'{with_joker["word"]} ✓ gilt'
    place(page)
    after = game(page)["state"]
    assert after["scores"][0] == with_joker["points"]
    assert any(TILES[tile][0] == JOKER for tile, _ in after["cells"].values())

    # The computer answers; then a placement that makes no word is shown as refused and cannot be laid.
    wait_for_turn(page, 0)
    state = game(page)["state"]
    refused = next(m for m in bad_placements(state))
    tap_tiles(page, refused)
    page.locator("#td-words").get_by_text("✗ kein Wort", exact=False).first.wait_for()
    wait_idle(page)
    assert page.get_by_role("button", name="Legen", exact=True).is_disabled()
    assert page.locator("#td-problem").text_content() == ""  # (said once, in the list: the bar stays low)
    page.get_by_role("button", name="Zurück auf die Hand").click()
    assert page.locator("#td-words li").count() == 0

    # Drawing ends the turn.
    before = len(state["racks"][0])
    click_and_wait(page, page.get_by_role("button", name="1 ziehen"))
    assert len(game(page)["state"]["racks"][0]) == before + 1
    drawn = game(page)["state"]["racks"][0][-1]  # shown to Ada before the device goes on
    page.locator(f'#td-drew-tiles [data-tile="{drawn}"]').wait_for()
    page.get_by_role("button", name="Verdecken und weitergeben").click()
    assert page.locator("#td-drew").is_hidden() and page.locator("#td-drew-tiles .rack-tile").count() == 0

    # A reload mid-game resumes the same record, with Ada's rack back on her turn.
    wait_for_turn(page, 0)
    wait_saved(page)
    record = game(page)["record"]
    page.reload()
    page.evaluate("wortwurf.ready")
    wait_for_turn(page, 0)
    assert game(page)["record"] == record
    assert page.locator("#td-rack .rack-tile").count() == len(game(page)["state"]["racks"][0])


def bad_placements(state):
    """A rack tile just beside a table letter that makes no word there (the engine's preview decides)."""
    from wortwurf.games.typdom import crossword as typdom, table

    for cell in sorted(state["cells"]):
        row, col = table.cell_of(cell)
        for tile in state["racks"][0]:
            for d_row, d_col in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                tiles = [{"tile": tile, "row": row + d_row, "col": col + d_col}]
                problem = TILES[tile][0] != JOKER and typdom.preview(state, tiles)["problem"]
                if problem and problem["code"] == "not_a_word":
                    yield tiles


def test_a_two_person_kreuzwort_deal_by_keyboard_drag_hint_undo_and_draws(shared_page):
    page = shared_page
    fixed_seed(page, 1)  # Ada begins, without a joker
    start_game(page, ["Ada", "Bo"], game_id="typdom", setup=setup_typdom("kreuzwort", [0, 0]))

    # The pass screen shows no tiles until Ada says twice that it is her.
    assert page.locator("#td-pass").is_visible() and page.locator("#td-play").is_hidden()
    assert page.locator("#td-rack .rack-tile").count() == 0
    page.get_by_role("button", name="Ich bin Ada").click()
    page.get_by_role("button", name="Ja, Plättchen zeigen").click()
    wait_for_turn(page, 0)

    # Ada types her first word on the table with the keyboard, going down from 0,0 (an arrow sets the way).
    state = game(page)["state"]
    first = next(m for m in moves(state, 0) if 3 <= len(m["tiles"]) <= 5 and "letter" not in str(m["tiles"]))
    page.locator("#td-board").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    for item in first["tiles"]:
        page.keyboard.press(TILES[item["tile"]][0].lower())
    assert words_shown(page) == [f'{first["word"]} ✓ gilt']
    place(page)
    assert cells(page) == len(first["tiles"])
    laid = sorted(cell_of(k) for k in game(page)["state"]["cells"])
    assert laid == [(row, 0) for row in range(len(first["tiles"]))]

    # Bo: the pass screen again; Bo drags a word onto the table, then takes it back with Undo.
    page.locator("#td-pass").wait_for(state="visible")
    assert page.locator("#td-rack .rack-tile").count() == 0
    page.get_by_role("button", name="Ich bin Bo").click()
    page.get_by_role("button", name="Ja, Plättchen zeigen").click()
    wait_for_turn(page, 1)
    state = game(page)["state"]
    answer = min((m for m in moves(state, 1) if "letter" not in str(m["tiles"])), key=lambda m: len(m["tiles"]))
    drag_tiles(page, answer["tiles"])
    assert words_shown(page)[0].endswith("✓ gilt")
    place(page)
    page.locator("#td-pass").wait_for(state="visible")  # Ada's turn: nothing of Bo's shows
    page.get_by_role("button", name="Rückgängig").click()
    page.wait_for_function(f"wortwurf.game().record.actions.length === 1")
    assert cells(page) == len(first["tiles"])

    # Bo asks for a possible move instead, and lays it.
    page.get_by_role("button", name="Ich bin Bo").click()
    page.get_by_role("button", name="Ja, Plättchen zeigen").click()
    wait_for_turn(page, 1)
    page.get_by_role("button", name="Möglicher Zug?").click()
    page.wait_for_function("document.getElementById('td-message').textContent.startsWith('Zum Beispiel')")
    place(page)
    assert cells(page) > len(first["tiles"])

    # Ada draws (Kreuzwort: one tile); then both draw until nothing is left and nobody can move.
    page.get_by_role("button", name="Ich bin Ada").click()
    page.get_by_role("button", name="Ja, Plättchen zeigen").click()
    wait_for_turn(page, 0)
    assert page.locator("#td-draws button").all_text_contents() == ["1 ziehen"]
    click_and_wait(page, page.get_by_role("button", name="1 ziehen"))
    page.get_by_role("button", name="Verdecken und weitergeben").click()
    page.evaluate("""async () => {  // (the draws in one call: the page plays them as taps would)
        while (!wortwurf.game().state.deal_over) await wortwurf.act({type: 'draw', count: 1});
    }""")
    page.locator("#td-result").wait_for(state="visible")
    page.wait_for_function("document.getElementById('td-deal-text').textContent.includes('Nichts geht mehr')")
    shown = page.locator("#td-deal-left li").all_text_contents()  # the payout's arithmetic, on screen and logged
    seen = game(page)["view"]
    for name, line, left, points in zip(["Ada", "Bo"], shown, seen["leftover"], seen["scores"]):
        terms = " + ".join(f"{'★' if letter == '*' else letter} {value}" for letter, value in zip(left["tiles"], left["values"]))
        unit = "Punkt" if points == 1 else "Punkte"
        assert line == (f"{name}: übrig {terms} = {left['sum']} · in dieser Runde {points} {unit}" if left["tiles"]
                        else f"{name}: nichts übrig · in dieser Runde {points} {unit}")
    assert page.locator("#td-log li").all_text_contents()[-2:] == shown
    racks = game(page)["state"]["racks"]
    fewest = [["Ada", "Bo"][p] for p in (0, 1) if len(racks[p]) == min(map(len, racks))]
    assert all(name in page.locator("#td-winners").text_content() for name in fewest)
    assert action_count(page) > 50


def ada_at_the_table(page):
    """A Kreuzwort deal (seed 1) with Ada's rack shown: the board, a cell's point on screen and the cell size."""
    fixed_seed(page, 1)
    start_game(page, ["Ada", "Bo"], game_id="typdom", setup=setup_typdom("kreuzwort", [0, 0]))
    page.get_by_role("button", name="Ich bin Ada").click()
    page.get_by_role("button", name="Ja, Plättchen zeigen").click()
    wait_for_turn(page, 0)
    board = page.locator("#td-board")
    board.scroll_into_view_if_needed()

    def point(row, col):
        return page.evaluate(f"wortwurf.tablePoint({row}, {col})")

    def cell_size():
        a, b = point(0, 0), point(0, 1)
        return b["x"] - a["x"]

    return board, point, cell_size


def test_the_table_zooms_and_pans_and_the_rack_reorders_by_keys_and_by_drag(shared_page):
    page = shared_page
    board, point, cell_size = ada_at_the_table(page)

    before = cell_size()
    centre = point(0, 0)
    page.mouse.move(centre["x"], centre["y"])
    page.mouse.wheel(0, -300)  # wheel up: closer
    page.wait_for_function(f"(() => {{ const a = wortwurf.tablePoint(0, 0), b = wortwurf.tablePoint(0, 1); "
                           f"return b.x - a.x > {before} + 1; }})()")
    after = point(0, 0)
    assert abs(after["x"] - centre["x"]) < 2 and abs(after["y"] - centre["y"]) < 2  # the point under the mouse stays

    board.focus()
    start = point(0, 0)
    page.keyboard.press("Shift+ArrowRight")  # the view moves right: the table seems to move left
    moved = point(0, 0)
    assert moved["x"] < start["x"] - 1 and abs(moved["y"] - start["y"]) < 1
    zoomed = cell_size()
    page.keyboard.press("Minus")
    assert cell_size() < zoomed - 1

    tiles = lambda: page.locator("#td-rack .rack-tile").evaluate_all("ts => ts.map(t => t.dataset.tile)")  # noqa: E731
    order = tiles()
    page.locator(f'#td-rack [data-tile="{order[0]}"]').focus()
    page.keyboard.press("Alt+ArrowRight")
    page.wait_for_function(f"document.querySelector('#td-rack .rack-tile').dataset.tile !== '{order[0]}'")
    assert tiles() == [order[1], order[0], *order[2:]]
    assert page.evaluate("document.activeElement.dataset.tile") == order[0]  # the moved tile keeps the focus
    third = page.locator(f'#td-rack [data-tile="{order[2]}"]').bounding_box()
    first = page.locator(f'#td-rack [data-tile="{order[1]}"]').bounding_box()  # now at the front
    page.mouse.move(third["x"] + third["width"] / 2, third["y"] + third["height"] / 2)
    page.mouse.down()
    page.mouse.move(third["x"] + third["width"] / 2, third["y"] - 15, steps=3)  # the drag begins
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2, steps=8)
    page.mouse.up()
    page.wait_for_function(f"document.querySelector('#td-rack .rack-tile').dataset.tile === '{order[2]}'")
    assert tiles() == [order[2], order[1], order[0], *order[3:]]  # dropped on a tile: it goes before it
    assert page.locator("#td-words li").count() == 0  # nothing was laid by the drag
    page.locator("#td-rack .rack-tile").evaluate_all("ts => ts.forEach(t => (t.drawnBefore = true))")
    page.locator(f'#td-rack [data-tile="{order[2]}"]').click()  # after a drag, a tap still selects
    page.wait_for_function(f"document.querySelector('#td-rack [data-tile=\"{order[2]}\"]')"
                           ".getAttribute('aria-pressed') === 'true'")
    kept = page.locator("#td-rack .rack-tile").evaluate_all("ts => ts.map(t => t.drawnBefore === true)")
    assert kept == [False, *[True] * (len(order) - 1)]  # only the tile that looks otherwise is drawn anew


@pytest.mark.parametrize("context", [{"has_touch": True}], indirect=True)
def test_two_fingers_moving_apart_zoom_the_table_about_the_point_between_them(page):
    board, point, cell_size = ada_at_the_table(page)

    board.focus()
    page.keyboard.press("Minus")  # room to zoom in: a pinch may not grow a tile past its largest size
    page.keyboard.press("Minus")
    tile = page.locator("#td-rack .rack-tile").first
    tile.click()  # a tile chosen for the next tap: a pinch is no tap and lays nothing
    before = cell_size()
    centre = point(1, 2)  # off the canvas centre, so that zooming about the wrong point shows

    # Two real touches through Chromium (its pointer events, pointerType "touch", one pointerId per finger):
    # down 60 px apart either side of the centre, apart in ten steps to 90 px, lifted one after the other.
    cdp = page.context.new_cdp_session(page)
    x, y = centre["x"], centre["y"]

    def touch(kind, *fingers):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": kind, "touchPoints": [{"id": finger, "x": at, "y": y} for finger, at in fingers]})

    touch("touchStart", (0, x - 30))
    touch("touchStart", (0, x - 30), (1, x + 30))
    for step in range(1, 11):
        touch("touchMove", (0, x - 30 - 1.5 * step), (1, x + 30 + 1.5 * step))
    touch("touchEnd", (1, x + 45))
    touch("touchEnd")

    assert cell_size() == pytest.approx(before * 90 / 60, rel=0.02)  # the tiles grew as the fingers parted
    after = point(1, 2)
    assert abs(after["x"] - x) < 2 and abs(after["y"] - y) < 2  # the cell between the fingers stayed there
    assert page.locator("#td-rack .rack-tile").count() == 13 and tile.get_attribute("aria-pressed") == "true"
    assert page.locator("#td-words li").count() == 0


def test_a_joker_on_the_table_is_taken_for_the_real_tile_by_a_tap_on_it(shared_page):
    page = shared_page
    fixed_seed(page, 2)  # Ada begins and holds a joker
    start_game(page, ["Ada", "Bo"], game_id="typdom", setup=setup_typdom("kreuzwort", [0, 0]))
    state = game(page)["state"]
    held = {TILES[tile][0]: tile for tile in state["racks"][1]}  # Bo's letters

    # Ada's word (through the hook) has a joker standing for a letter that Bo holds.
    laid = min((m for m in moves(state, 0) if any(t.get("letter") in held for t in m["tiles"])),
               key=lambda m: (len(m["tiles"]), m["word"]))
    joker = next(t for t in laid["tiles"] if t.get("letter") in held)
    real = held[joker["letter"]]
    page.evaluate("(action) => wortwurf.act(action)", {"type": "place", "tiles": laid["tiles"]})
    page.get_by_role("button", name="Ich bin Bo").click()
    page.get_by_role("button", name="Ja, Plättchen zeigen").click()
    wait_for_turn(page, 1)
    rack = page.locator("#td-rack .rack-tile")
    count = rack.count()

    # Another tile on the joker is refused, and says which tile it needs.
    wrong = next(tile for tile in state["racks"][1] if TILES[tile][0] not in (joker["letter"], JOKER))
    page.locator(f'#td-rack [data-tile="{wrong}"]').click()
    tap_cell(page, joker["row"], joker["col"])
    page.wait_for_function("document.getElementById('td-message').textContent"
                           f" === 'Für den Joker braucht es das Plättchen {joker['letter']}.'")
    assert action_count(page) == 1

    # The real tile, tapped on the rack and then on the joker, takes its place; the joker comes to the rack.
    page.locator(f'#td-rack [data-tile="{real}"]').click()
    tap_cell(page, joker["row"], joker["col"])
    page.wait_for_function("wortwurf.game().record.actions.length === 2")
    current = game(page)
    assert current["record"]["actions"][1] == {"type": "swap", "cell": [joker["row"], joker["col"]], "tile": real}
    after = current["state"]
    assert after["cells"][f'{joker["row"]},{joker["col"]}'] == [real, joker["letter"]]
    assert joker["tile"] in after["racks"][1] and real not in after["racks"][1]
    shown = {(row, col): (letter, is_joker) for row, col, _, letter, is_joker in current["view"]["cells"]}
    assert shown[joker["row"], joker["col"]] == (joker["letter"], False)  # the table shows the real tile

    # It is still Bo's turn, and Bo's rack on screen holds the joker instead of the real tile.
    assert current["view"]["current"] == 1 and page.locator("#td-play").is_visible()
    page.locator(f'#td-rack [data-tile="{joker["tile"]}"]').wait_for(state="visible")
    assert page.locator(f'#td-rack [data-tile="{joker["tile"]}"]').get_attribute("aria-label").startswith("Joker")
    assert page.locator(f'#td-rack [data-tile="{real}"]').count() == 0 and rack.count() == count


def test_a_word_the_dictionary_lacks_is_laid_when_the_table_accepts_it_logged_replayed_and_undone(shared_page):
    page = shared_page
    fixed_seed(page, 1)  # Ada begins, without a joker
    start_game(page, ["Ada", "Bo"], game_id="typdom", setup=setup_typdom("kreuzwort", [0, 0]))
    page.get_by_role("button", name="Ich bin Ada").click()
    page.get_by_role("button", name="Ja, Plättchen zeigen").click()
    wait_for_turn(page, 0)
    state = game(page)["state"]
    rack = state["racks"][0]
    first, second = next((a, b) for a in rack for b in rack
                         if a != b and not is_word(state, TILES[a][0] + TILES[b][0]))
    word = TILES[first][0] + TILES[second][0]
    tap_tiles(page, [{"tile": first, "row": 0, "col": 0}, {"tile": second, "row": 0, "col": 1}])
    assert words_shown(page) == [f"{word} ✗ kein Wort"]
    wait_idle(page)
    assert page.get_by_role("button", name="Legen", exact=True).is_disabled()
    click_and_wait(page, page.get_by_role("button", name=f"Die Runde lässt {word} gelten: trotzdem legen"))
    logged = f"Ada: {word} (von der Runde zugelassen: {word})"
    assert page.locator("#td-log li").last.text_content() == logged
    page.reload()  # the record replays the overruled placement
    page.evaluate("wortwurf.ready")
    page.locator("#typdom").wait_for(state="visible")
    assert page.locator("#td-log li").last.text_content() == logged
    page.get_by_role("button", name="Rückgängig").click()
    page.wait_for_function("wortwurf.game().record.actions.length === 0")
    assert cells(page) == 0


def test_a_point_hand_is_offered_only_for_as_many_players_as_the_tiles_fill(shared_page):
    page = shared_page
    page.locator('.game-card[data-game="typdom"]').get_by_role("button", name="Neues Spiel").click()
    page.get_by_label("Spielart").select_option("point")
    hand = page.get_by_label("Plättchen auf der Hand")
    hand.select_option(label="8 rote + 12 schwarze")
    while page.locator("#player-list li").count() < 4:
        page.get_by_role("button", name="Person hinzufügen").click()
    disabled = hand.locator("option").evaluate_all("os => os.map(o => o.disabled)")
    assert disabled == [False, True, True] and hand.input_value() == "5,8"  # 30 red tiles fill three hands of 8
    page.locator("#player-list li").last.get_by_role("button").click()
    assert hand.locator("option").evaluate_all("os => os.map(o => o.disabled)") == [False, False, False]


@pytest.mark.parametrize("game_id, prefix, shown", [("typdom", "td", "#td-place"), ("bluff", "bl", "#bl-lay-announce")])
def test_a_new_game_opens_behind_the_pass_screen_though_the_last_showed_that_seat_s_rack(page, game_id, prefix, shown):
    """A rack on show belongs to its game: a new game whose first turn is the same seat's, at the same deal and
    round, showed its rack at once (to whoever set the new game up)."""
    for _ in range(2):
        fixed_seed(page, 2)  # (the same seat on turn first both times)
        start_game(page, ["Ada", "Bo"], game_id=game_id)
        page.locator(f"#{prefix}-pass").wait_for(state="visible")
        assert page.locator(shown).is_hidden()
        if game_id == "typdom":
            page.locator("#td-pass-me").click()
        page.locator(f"#{prefix}-pass-show").click()
        page.locator(shown).wait_for(state="visible")
        page.locator(f"#{game_id}").get_by_role("button", name="Menü").click()
