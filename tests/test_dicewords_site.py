"""DICEWORDS in Chromium, played through clicks, typing and the keyboard.

The hook (window.wortwurf) only reads the game, and names the best word a
typing player would have looked for; every move goes through the page.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from pages import click_and_wait, expect_text, fixed_seed, game, start_game, wait_idle, wait_saved
from wortwurf import engine

pytestmark = pytest.mark.browser

ROLL = re.compile(r"^(.+ würfelt|Würfeln|Nochmal würfeln \(noch \d\)|.+ rolls|Roll|Roll again \(\d left\))$")
DECLARE = re.compile(r"^(Werten|Score): ")
# A roll to enter with real dice, by colour: the rulebook's last roll with the joker on silver.
ROLL_WITH_JOKER = {"Gold": "E", "Dunkelblau": "I", "Orange": "R", "Lila": "S", "Hellblau": "C", "Braun": "N",
                   "Grün": "H", "Rot": "K", "Schwarz": "C", "Silber": "?"}
COLOURS = list(ROLL_WITH_JOKER)


def start(page, names, target=None, physical=False, timer=False, verdict=True):
    def options(page):
        if target is not None:
            page.get_by_role("spinbutton", name=re.compile("^(Ziel|Target)")).fill(str(target))
        if timer:
            page.get_by_role("checkbox", name=re.compile("^(3-Minuten-Uhr|3-minute clock)")).check()
        if not verdict:
            page.get_by_role("checkbox", name=re.compile("^(Beim Legen zeigen|Show while laying)")).uncheck()
    start_game(page, names, physical=physical, game_id="dicewords", setup=options)


def die(page, colour):
    """The button of one die (its label starts with its colour and identifier letter)."""
    return page.locator("#dw-dice").get_by_role("button", name=re.compile(f"^{colour} \\(.\\):"))


def faces(page) -> list[str | None]:
    return game(page)["state"]["turn"]["faces"]


def roll(page):
    click_and_wait(page, page.get_by_role("button", name=ROLL))


def declare_best_or_pass(page) -> None:
    """Ask for the best word, then score it (pass if the dice lay none)."""
    page.get_by_role("button", name=re.compile("^(Bestes Wort\\?|Best word\\?)$")).click()
    page.wait_for_function("document.querySelector('#dw-hint').textContent !== ''")
    declare = page.get_by_role("button", name=DECLARE)
    if declare.count():
        click_and_wait(page, declare)
    else:
        click_and_wait(page, page.get_by_role("button", name=re.compile("^(Passen|Pass)$")))


def pad(page) -> dict[str, list[str]]:
    rows = page.locator("#dw-pad tbody tr").evaluate_all(
        "rows => rows.map(r => [r.querySelector('th').textContent, [...r.querySelectorAll('td')].map(c => c.textContent)])"
    )
    return {header: cells for header, cells in rows}


def pad_points(cell: str) -> int:
    return 0 if cell in ("", "—") else int(cell.split()[-1])


def check_pad_adds_up(page, players: int) -> list[int]:
    rows = pad(page)
    totals = [int(c) for c in next(cells for h, cells in rows.items() if h in ("Summe", "Total"))]
    turns = [cells for h, cells in rows.items() if h.isdigit()]
    assert len(totals) == players
    assert totals == [sum(pad_points(r[p]) for r in turns) for p in range(players)]
    assert totals == game(page)["view"]["scores"]
    return totals


def enter_roll(page, by_colour: dict[str, str]) -> None:
    """With real dice: choose each rolled die's face in its list, then enter."""
    entry = page.locator("#dw-entry")
    entry.wait_for()
    for colour, face in by_colour.items():
        entry.get_by_role("combobox", name=re.compile(f"^{colour} ")).select_option(face)
    click_and_wait(page, entry.get_by_role("button", name=re.compile("^(Eintragen|Enter)$")))


def test_two_player_game_to_a_low_target_with_keeps(shared_page):
    page = shared_page
    start(page, ["Ada", "Bo"], target=60)
    assert page.locator("#dw-round").text_content() == "Runde 1 · Ziel 60 Punkte"
    roll(page)
    first = faces(page)
    keep = page.get_by_role("button", name=re.compile("^(Gold|Rot) \\(.\\) halten$"))
    keep.first.click()
    keep.last.click()
    assert keep.evaluate_all("bs => bs.map(b => b.getAttribute('aria-pressed'))") == ["true", "true"]
    page.locator("#dw-dice li").first.evaluate("li => (li.fromBefore = true)")
    roll(page)
    second = faces(page)
    assert second[0] == first[0] and second[7] == first[7]  # gold and red stayed
    # as drawn: a die that looks as it did keeps its element and canvas (each drawn anew was a phone's time)
    assert page.locator("#dw-dice li").first.evaluate("li => li.fromBefore === true")
    rolled = game(page)["view"]["events"][0]
    assert rolled["rolled"] == [1, 2, 3, 4, 5, 6, 8, 9]
    assert page.locator("#dw-log li").last.text_content().startswith("Ada wirft 8 Würfel neu: ")
    turns = 0
    while not game(page)["view"]["over"]:
        if game(page)["view"]["last_round"]:  # someone reached the target: the heading says so
            assert "die letzte Runde!" in page.locator("#dw-round").text_content()
        if turns:
            roll(page)
        declare_best_or_pass(page)
        turns += 1
        hint = page.locator("#dw-hint")
        page.wait_for_function("document.querySelector('#dw-hint').textContent !== ''")
        assert hint.text_content().startswith(("Möglich gewesen wäre: ", "Das war das beste Wort"))
    assert turns % 2 == 0  # the round was completed
    totals = check_pad_adds_up(page, 2)
    assert max(totals) >= 60
    best = max(totals)
    winners = [name for name, total in zip(["Ada", "Bo"], totals) if total == best]
    text = page.locator("#dw-winners").text_content()
    assert text == (f"{winners[0]} gewinnt mit {best} Punkten." if len(winners) == 1
                    else f"Gleichstand: Ada, Bo teilen sich den Sieg mit {best} Punkten.")
    wait_idle(page)
    assert page.get_by_role("button", name=ROLL).is_disabled()
    # The end screen, at the top of the game and in view as it appears: everyone ranked, the last move, a
    # rematch with the same people.
    box = page.locator("#dw-result").bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]
    places = [1 + sum(other > total for other in totals) for total in totals]
    ranked = sorted(range(2), key=lambda p: (places[p], p))
    assert page.locator("#dw-result .ranking li").all_text_contents() == [
        f"{places[p]}. {['Ada', 'Bo'][p]}: {totals[p]} Punkte" for p in ranked]
    moves = [line for line in page.locator("#dw-log li").all_text_contents() if text not in line]
    assert page.locator("#dw-result .last-move").text_content() == "Zuletzt: " + moves[-1]
    seed = game(page)["record"]["seed"]
    page.get_by_role("button", name="Revanche mit denselben Leuten").click()
    page.wait_for_function(f"wortwurf.game().record.seed !== {seed}")
    assert game(page)["record"]["players"] == ["Ada", "Bo"] and game(page)["record"]["options"]["target"] == 60
    assert page.locator("#dw-result").is_hidden()
    expect(page.get_by_role("button", name=ROLL)).to_be_enabled()  # once the new game is saved


def test_solo_game_typing_words_in_english(shared_page):
    page = shared_page
    page.get_by_role("button", name="EN", exact=True).click()
    start(page, ["Ida"], target=50)
    typed = page.get_by_role("textbox", name="Type a word")
    while not game(page)["view"]["over"]:
        roll(page)
        best = page.evaluate("wortwurf.engine('hint', wortwurf.game().state)")["best"]
        if best is None:
            click_and_wait(page, page.get_by_role("button", name="Pass"))
            continue
        typed.fill(best["word"].lower())
        page.wait_for_function("document.querySelector('#dw-score').textContent.endsWith(' counts')")
        assert re.fullmatch(rf"-?\d+ × \d+ letters = {best['points']} points · ✓ counts",
                            page.locator("#dw-score").text_content())
        typed.press("Enter")  # moves on to the score button, which names the word as laid and its points
        declare = page.get_by_role("button", name=DECLARE)
        assert declare.text_content() == f"Score: {page.evaluate(LAID_WORD)} ({best['points']})"
        assert page.evaluate("document.activeElement.id") == "dw-declare"
        click_and_wait(page, declare)
        assert page.locator("#dw-message").text_content().startswith("You lay ")  # (alone: spoken to)
    total = check_pad_adds_up(page, 1)[0]
    assert page.locator("#dw-winners").text_content() == f"Your score: {total} points – a new best!"
    # The device's best solo scores, this game's marked, kept after a reload (stored once, not per redraw).
    best = page.locator("#dw-result .ranking li")
    today = page.evaluate("new Date().toLocaleDateString('en')")
    assert best.all_text_contents() == [f"1. {total} points · {today} – this game"]
    page.reload()
    page.evaluate("window.wortwurf.ready")
    page.locator("#dicewords").wait_for(state="visible")
    assert best.count() == 1 and best.first.text_content().endswith("– this game")


# The word as the page laid it, read back from the laid dice's labels (a joker's shows its letter).
LAID_WORD = "[...document.querySelectorAll('#dw-word button')].map(b => b.getAttribute('aria-label').split(':')[0]).join('')"


def test_refused_overruled_and_joker_words_with_real_dice_and_a_reload(shared_page):
    page = shared_page
    start(page, ["Ada", "Bo"], target=1000, physical=True, verdict=False)  # (found out on scoring, as with the box)
    # Ada: a word the lexicon refuses, tapped die by die; the table lets it count.
    page.get_by_role("button", name="Ada würfelt").click()
    enter_roll(page, ROLL_WITH_JOKER)
    for colour in ("Rot", "Orange", "Dunkelblau", "Lila", "Hellblau"):  # K R I S C
        die(page, colour).click()
    expect_text(page, "#dw-score", "9 × 5 Buchstaben = 45 Punkte")
    click_and_wait(page, page.get_by_role("button", name="Werten: KRISC (45)"))
    expect_text(page, "#dw-message", "KRISC steht nicht im Wörterbuch: 0 Punkte für Ada.")
    click_and_wait(page, page.get_by_role("button", name="Trotzdem gelten lassen (45 Punkte)"))
    expect_text(page, "#dw-message", "Die Runde lässt KRISC gelten: 45 Punkte für Ada.")
    assert pad(page)["1"][0] == "KRISC 45"
    assert page.locator("#dw-pad td.pad-overruled").count() == 1
    # Bo: a refused word that stays refused, then undone and replaced by a pass.
    page.get_by_role("button", name="Bo würfelt").click()
    enter_roll(page, ROLL_WITH_JOKER)
    page.get_by_role("textbox", name="Wort tippen").fill("schri")
    click_and_wait(page, page.get_by_role("button", name=DECLARE))
    expect_text(page, "#dw-message", "SCHRI steht nicht im Wörterbuch: 0 Punkte für Bo.")
    assert page.locator("#dw-pad td.pad-refused").text_content() == "SCHRI 0"
    page.get_by_role("button", name="Rückgängig").click()
    page.wait_for_function("wortwurf.game().record.actions.length === 4")  # Bo's roll is the last action
    assert faces(page) == list(ROLL_WITH_JOKER.values())  # the roll stayed
    wait_idle(page)
    assert page.get_by_role("button", name="Rückgängig").is_disabled()
    click_and_wait(page, page.get_by_role("button", name="Passen"))
    expect_text(page, "#dw-message", "Bo passt: 0 Punkte.")
    passed = page.locator("#dw-pad td.pad-pass")
    assert passed.count() == 1 and passed.evaluate("c => c.offsetHeight") == page.locator(
        "#dw-pad tr.total td").first.evaluate("c => c.offsetHeight")  # a pass is a cell like any, not a big block
    # Ada: SCHINKEN with the joker standing for the first N, asked for in a dialog.
    page.get_by_role("button", name="Ada würfelt").click()
    enter_roll(page, ROLL_WITH_JOKER)
    for colour in ("Lila", "Hellblau", "Grün", "Dunkelblau"):  # S C H I
        die(page, colour).click()
    die(page, "Silber").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("textbox").fill("n")
    dialog.get_by_role("textbox").press("Enter")
    for colour in ("Rot", "Gold", "Braun"):  # K E N
        die(page, colour).click()
    expect_text(page, "#dw-score", "10 × 8 Buchstaben = 80 Punkte")  # the joker counts -2
    assert page.evaluate(LAID_WORD) == "SCHINKEN"
    # A reload in the middle of the turn keeps the roll (the word being laid is not saved).
    wait_saved(page)
    before = game(page)
    page.reload()
    page.evaluate("wortwurf.ready")
    page.wait_for_function("wortwurf.game() !== null")
    assert page.locator("#dicewords").is_visible()
    assert game(page)["record"] == before["record"] and game(page)["state"] == before["state"]
    assert die(page, "Silber").get_attribute("aria-label") == "Silber (?): Joker, −2 Punkte"
    for colour in ("Lila", "Hellblau", "Grün", "Dunkelblau", "Silber"):
        die(page, colour).click()
        if colour == "Silber":
            page.get_by_role("dialog").get_by_role("textbox").fill("N")
            page.get_by_role("dialog").get_by_role("button", name="Übernehmen").click()
    for colour in ("Rot", "Gold", "Braun"):
        die(page, colour).click()
    click_and_wait(page, page.get_by_role("button", name="Werten: SCHINKEN (80)"))
    expect_text(page, "#dw-message", "Ada legt SCHINKEN: 80 Punkte.")
    assert game(page)["view"]["scores"] == [125, 0]
    check_pad_adds_up(page, 2)


def test_the_turn_clock_counts_down_and_says_when_time_is_up(context, site_url):
    page = context.new_page()
    page.clock.install()  # (before the page loads: one start, not a start and a reload)
    page.goto(site_url)
    page.evaluate("wortwurf.ready")
    start(page, ["Ada", "Bo"], timer=True)
    clock = page.locator("#dw-timer")
    assert clock.is_hidden()
    roll(page)
    expect_text(page, "#dw-timer", "Noch 3:00")
    page.clock.run_for(61_000)
    expect_text(page, "#dw-timer", "Noch 1:59")
    page.clock.run_for(120_000)
    expect_text(page, "#dw-timer", "Die Zeit ist um!")
    assert clock.get_attribute("role") == "alert"
    click_and_wait(page, page.get_by_role("button", name="Passen"))
    assert clock.is_hidden()


def test_phone_layout_fits_ten_dice_without_sideways_scrolling(shared_page):
    page = shared_page
    page.set_viewport_size({"width": 360, "height": 740})
    start(page, [f"Person {n}" for n in range(1, 9)])
    roll(page)
    page.locator("details.dice-table summary").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for button in page.locator("#dicewords .controls button, #dw-dice button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360


def test_a_roll_still_tumbling_leaves_the_dice_as_the_next_drawing_shows_them(shared_page):
    """A pass that arrives while the roll tumbles (as a linked phone's does; this phone's own waits for the
    tumble): the next player's screen shows the same dice faded, in the same elements (they look as they did);
    the tumble, still running, does not paint them back unfaded as it ends."""
    page = shared_page
    page.emulate_media(reduced_motion="no-preference")
    try:
        start(page, ["Ada", "Bo"])
        elapsed = page.evaluate("""async () => {
            const before = wortwurf.game().record.actions.length;
            document.getElementById("dw-roll").click();
            for (let tries = 0; wortwurf.game().record.actions.length === before && tries < 2000; tries++) {
                await new Promise((resolve) => setTimeout(resolve, 2));
            }
            const rolled = performance.now();
            await wortwurf.act({ type: "pass" });
            return performance.now() - rolled;
        }""")
        assert elapsed < 420  # (the tumble's length: the pass came while it ran)
        assert game(page)["view"]["current"] == 1
        page.wait_for_timeout(600)  # the tumble's end
        body = page.locator("#dw-dice canvas").evaluate_all("""canvases => canvases.map((canvas) =>
            canvas.getContext("2d").getImageData(canvas.width / 2, canvas.height * 0.12, 1, 1).data[3])""")
        assert len(body) == 10 and all(alpha < 160 for alpha in body), body  # faded: 0.45 of opaque
    finally:
        page.emulate_media(reduced_motion="reduce")


def test_the_dice_table_lists_every_die_s_faces_and_is_drawn_anew_only_in_another_language(shared_page):
    """Each die's row: its colour and identifier letter, its six faces with their values, as the engine has them.
    A move leaves the table as drawn (its sixty canvases, drawn again on every move, took most of a phone's time
    for each move drawn); another language draws it anew."""
    page = shared_page
    start(page, ["Ada", "Bo"], target=60)
    page.locator("details.dice-table summary").click()
    table = page.get_by_role("table", name="Würfeltabelle")  # (the region's name; the table has its rows)
    dice = game(page)["view"]["dice_table"]
    read = """t => [...t.querySelectorAll('tbody tr')].map(r => [r.querySelector('th').textContent,
                  ...[...r.querySelectorAll('td')].map(d => d.getAttribute('aria-label'))])"""
    expected = [[f"{row['mark']}", *(f"{f['face']} {f['value']}" for f in row["faces"])] for row in dice]
    shown = page.locator("#dw-table").evaluate(read)
    assert [[head.split("(")[-1].rstrip(")"), *faces] for head, *faces in shown] == expected
    assert shown[1][0] == f"Dunkelblau ({dice[1]['mark']})" and dice[1]["colour"] == "dunkelblau"
    page.locator("#dw-table canvas").first.evaluate("c => (c.drawnBefore = true)")
    roll(page)
    assert page.locator("#dw-table canvas").first.evaluate("c => c.drawnBefore === true")
    page.get_by_role("button", name="EN", exact=True).click()
    assert page.locator("#dw-table").evaluate(read)[1][0] == f"Dark blue ({dice[1]['mark']})"
    assert page.locator("#dw-table canvas").first.evaluate("c => c.drawnBefore === undefined")


def test_keep_advice_with_progress_and_a_computer_player(page):
    """(Seed 26: a first roll the keep advice weighs quickly, among its finalists a word to declare now. The
    computer seat is the weakest, which rolls once and declares: its strength is weighed in the strategy tests,
    and its turn is over in two steps.)"""
    def options(page):
        page.locator("#player-list select.seat").nth(1).select_option("1")
    fixed_seed(page, 26)
    page.evaluate("window.wortwurf.searchSeconds(null)")  # (the advice as natively: weighed to its end)
    start_game(page, ["Ada", "Bot"], game_id="dicewords", setup=options)
    assert game(page)["state"]["options"]["computer"] == [0, 1] and game(page)["record"]["seed"] == 26
    roll(page)
    page.get_by_role("button", name="Was behalten?").click()
    page.wait_for_selector("#dw-advice-list li.best")
    assert page.locator("#dw-advice-wait").is_hidden()  # the progress bar shows only while it thinks
    every = engine.advice(game(page)["state"])["choices"]
    expected = [choice for choice in every if choice["finalist"]][:8]  # shown in one order: by value
    items = page.locator("#dw-advice-list li button")
    assert items.count() == len(expected) < len(every) and "am besten" in items.first.text_content()
    assert [c["value"] for c in expected] == sorted((c["value"] for c in expected), reverse=True)
    assert page.locator("#dw-advice-more").text_content().startswith(f"Dazu {len(every) - len(expected)} weitere ")
    declare = next((i for i, c in enumerate(expected) if len(c["keep"]) == 10), None)
    assert declare is not None  # declaring now names its word
    assert items.nth(declare).text_content().startswith(f"Jetzt {expected[declare]['word']} ansagen")
    chosen = next(i for i, c in enumerate(expected) if 0 < len(c["keep"]) < 10)
    items.nth(chosen).click()
    pressed = page.locator("#dw-dice button.keep[aria-pressed=true]").count()
    assert pressed == len(expected[chosen]["keep"])
    roll(page)
    assert game(page)["state"]["turn"]["locked"] == expected[chosen]["keep"]
    page.get_by_role("button", name="Bestes Wort?").click()  # the best word named goes once another is typed
    page.wait_for_function("document.querySelector('#dw-hint').textContent !== ''")
    page.get_by_role("textbox", name="Wort tippen").fill("ab")
    page.wait_for_function("document.querySelector('#dw-hint').textContent === ''")
    page.get_by_role("textbox", name="Wort tippen").fill("")
    declare_best_or_pass(page)
    page.locator("#thinking").wait_for(state="visible")  # the computer's seat says it thinks (a strong one takes seconds)
    page.wait_for_function("wortwurf.game().state.pad[1].length === 1")  # the computer played its turn
    page.locator("#thinking").wait_for(state="hidden")
    expect(page.get_by_role("button", name=ROLL)).to_be_enabled()  # once the computer's move is saved


def test_on_a_phone_the_move_bar_never_covers_the_typed_word_and_its_button(shared_page):
    page = shared_page
    page.set_viewport_size({"width": 390, "height": 844})
    start(page, ["Ada", "Bo"])
    roll(page)
    for colour in COLOURS[:4]:  # dice laid into the word make the page longer
        die(page, colour).click()
    field = page.get_by_role("textbox", name="Wort tippen")
    apply = page.locator("#dw-type-form").get_by_role("button", name="Legen")
    bar = page.locator("#dicewords .move-bar")
    # scrolled so that the field stands just above the move bar, as far down as it is in view
    page.evaluate("by => window.scrollBy(0, by)", field.bounding_box()["y"] + field.bounding_box()["height"]
                  - bar.bounding_box()["y"])
    assert field.bounding_box()["y"] + field.bounding_box()["height"] <= bar.bounding_box()["y"] + 1
    assert apply.bounding_box()["y"] + apply.bounding_box()["height"] <= bar.bounding_box()["y"] + 1
    assert bar.bounding_box()["height"] <= 0.2 * 844  # the bar keeps most of a phone's screen for the game


def test_a_long_search_shows_that_it_works_keeps_the_dice_usable_and_can_be_cancelled(page):
    """(Seed 9: a first roll whose keep advice, weighed to its end, takes seconds.) Without a time budget the
    advice runs long: a bar says so with a button to cancel it; meanwhile a die tapped is kept at once, and
    once only, and the engine answers other calls (the search runs on a worker of its own); cancelled, it
    leaves no advice, no error, and the game goes on with one roll per tap."""
    fixed_seed(page, 9)
    start(page, ["Ada"])
    roll(page)
    page.evaluate("window.wortwurf.searchReady()")
    page.evaluate("window.wortwurf.searchSeconds(null)")
    page.get_by_role("button", name="Was behalten?").click()
    badge = page.locator("#searching")
    expect(badge).to_be_visible()
    expect(badge.get_by_role("status")).to_have_text("Wird berechnet …")
    assert page.evaluate("document.querySelector('#searching-bar').value") > 0
    first = page.locator("#dw-dice").get_by_role("button", name=re.compile("^Gold \\(.\\) halten$"))
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    state = game(page)["state"]
    assert page.evaluate("(state) => window.wortwurf.engine('result', state).then(() => true)", state)
    expect(badge).to_be_visible()  # (the engine answered while the search went on)
    badge.get_by_role("button", name="Abbrechen").click()
    expect(badge).to_be_hidden()
    assert page.locator("#dw-advice-list li").count() == 0 and page.locator("#dw-message").text_content() == ""
    expect(first).to_have_attribute("aria-pressed", "true")
    roll(page)
    rolls = [action for action in game(page)["record"]["actions"] if action["type"] == "roll"]
    assert len(rolls) == 2 and rolls[-1]["keep"] == [0]
