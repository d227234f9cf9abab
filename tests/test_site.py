"""The built site in Chromium, played through real clicks and keys.

The engine hook (window.wortwurf) is used only to read the game and for the
one test that sends an illegal action on purpose; play goes through the page.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from pages import (NEW_GAME, PHYSICAL, click_and_wait, expect_text, finished_solo_dicewords, game, keep, kept, kept_keys,
                   start_game, wait_idle, wait_saved)

pytestmark = pytest.mark.browser

ROLL = re.compile(r"^(Würfeln|Beiseitelegen und würfeln|Alle 9 wieder aufnehmen|.+ würfelt|Roll|Set aside and roll|Pick up all 9|.+ rolls)$")
STOP = re.compile(r"^(Aufhören|Beiseitelegen und aufhören|Stop|Set aside and stop): \d+")


def hand_faces(page) -> list[str]:
    labels = page.locator("#fgi-hand button.die").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    return [label.split()[-1] for label in labels]


def play_turn(page) -> None:
    """Roll once; keep a pair if one is showing; stop (unless the roll busted)."""
    click_and_wait(page, page.get_by_role("button", name=ROLL))
    if game(page)["view"]["turn"]["rolls"] == 0:
        return  # FOR-GET-IT: the roll ended the turn
    faces = hand_faces(page)
    pair = next((f for f in "54321" if faces.count(f) >= 2), None)
    if pair:  # the first tap on a die takes its whole group
        page.locator("#fgi-hand button.die").nth(faces.index(pair)).click()
        wait_pressed(page, faces.count(pair))
    click_and_wait(page, page.get_by_role("button", name=STOP), actions=2 if pair else 1)


def wait_pressed(page, count: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#fgi-hand [aria-pressed=true]').length === {count}")


def pad_numbers(page) -> dict[str, list[str]]:
    """The pad as printed: row header -> cell texts."""
    rows = page.locator("#fgi-pad tbody tr").evaluate_all(
        "rows => rows.map(r => [r.querySelector('th').textContent, [...r.querySelectorAll('td')].map(c => c.textContent)])"
    )
    return {header: cells for header, cells in rows}


def check_pad_adds_up(page, players: int) -> list[int]:
    pad = pad_numbers(page)
    rounds = [[0 if c == "—" else int(c) for c in pad[str(r)]] for r in range(1, 13)]
    totals = [int(c) for c in next(cells for h, cells in pad.items() if h in ("Summe", "Total"))]
    subtotals = [int(c) for c in next(cells for h, cells in pad.items() if h in ("Zwischensumme", "Subtotal"))]
    assert len(totals) == players
    assert totals == [sum(r[p] for r in rounds) for p in range(players)]
    assert subtotals == [sum(r[p] for r in rounds[:10]) for p in range(players)]
    return totals


def test_menu_lists_the_four_games_and_typdom_s_variants_and_all_are_playable(shared_page):
    page = shared_page
    cards = page.locator(".game-card h3").all_text_contents()
    assert cards == ["FOR-GET-IT", "DICEWORDS", "Frigiti", "TYP-DOM", "TYP-DOM Presto", "TYP-DOM: Wer behält recht?"]
    assert page.locator(".game-card.ready h3").all_text_contents() == cards
    assert page.get_by_role("heading", name="Welches Spiel?").is_visible()


@pytest.mark.parametrize("context", [{"bypass_csp": False}], indirect=True)
def test_site_runs_under_its_content_security_policy(page):
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "script-src 'self';" in policy and "connect-src 'self'" in policy
    inline = "() => { const s = document.createElement('script'); s.textContent = 'window.inlineRan = 1';" \
        " document.body.append(s); return window.inlineRan === 1 ? 'allowed' : 'blocked'; }"
    assert page.evaluate(inline) == "blocked"
    page.get_by_role("button", name="Neues Spiel").first.click()
    page.get_by_role("button", name="Spiel beginnen").click()
    page.get_by_role("button", name=ROLL).click()
    page.locator("#fgi-log li").nth(1).wait_for(state="attached")
    assert page.locator("#fgi-log li").nth(1).text_content().split(":")[0] in ("Person 1 würfelt", "Person 2 würfelt")
    watch = page.context.watch  # the one console error this test provoked on purpose
    watch.errors[:] = [e for e in watch.errors if not e.startswith("Executing inline script violates")]


def test_solo_game_through_clicks_to_the_final_score(shared_page):
    page = shared_page
    start_game(page, ["Ida"])
    while not game(page)["view"]["over"]:
        play_turn(page)
    totals = check_pad_adds_up(page, 1)
    result = page.locator("#fgi-result")
    assert result.is_visible()
    assert result.locator("#fgi-winners").text_content() == f"Dein Ergebnis: {totals[0]} Punkte – neuer Rekord!"
    assert game(page)["view"]["result"]["scores"] == totals
    # a second solo game that scores less than the record names the record
    keep(page, "best-solo:forgetit", {"points": 99999, "seed": 1})
    page.reload()
    page.evaluate("wortwurf.ready")
    expect_text(page, "#fgi-winners", f"Dein Ergebnis: {totals[0]} Punkte. Dein Rekord: 99999 Punkte.")


def test_a_solo_score_below_the_device_s_best_ten_is_never_written(page):
    """The solo record is kept once, when a score makes the best ten: a finished game that does not, drawn
    again (reopened, relabelled), writes nothing."""
    record = finished_solo_dicewords(page)
    top = [{"points": 1000 - i, "seed": i, "date": "2026-01-01"} for i in range(10)]
    keep(page, "best-solo:dicewords", {"points": 1000, "seed": 0, "top": top})
    keep(page, "game:dicewords", {"record": record, "revision": None, "saved": 0})
    page.evaluate("localStorage.setItem('wortwurf:screen', 'dicewords')")
    page.add_init_script("""window.writes = [];
        const put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function (value, key) { writes.push(key); return put.apply(this, arguments); };""")
    page.reload()
    page.evaluate("wortwurf.ready")
    page.locator("#dw-result").wait_for(state="visible")
    for lang in ("en", "de"):
        page.locator(f'[data-lang="{lang}"]').first.click()
    assert page.locator("#dw-result .ranking li").count() == 10
    assert page.evaluate("writes") == []
    assert kept(page, "best-solo:dicewords")["top"] == top


@pytest.mark.parametrize("context", [{"locale": "en-GB"}], indirect=True)
def test_two_player_game_in_english_to_the_end(page):
    start_game(page, ["Ada", "Bo"])
    assert page.locator("#menu-title").text_content() == "Which game?"
    turns = 0
    while not game(page)["view"]["over"]:
        player = game(page)["view"]["current"]
        assert page.locator("#fgi-player").text_content() == f"{['Ada', 'Bo'][player]}'s turn"
        play_turn(page)
        turns += 1
    assert turns == 24
    totals = check_pad_adds_up(page, 2)
    best = max(totals)
    winners = [name for name, total in zip(["Ada", "Bo"], totals) if total == best]
    text = page.locator("#fgi-winners").text_content()
    if len(winners) == 2:
        assert text == f"A tie: Ada, Bo share the win with {best} points."
    else:
        assert text == f"{winners[0]} wins with {best} points."


def test_reload_mid_turn_resumes_exactly(shared_page):
    page = shared_page
    start_game(page, ["Ada", "Bo"])
    for _ in range(3):
        play_turn(page)
    click_and_wait(page, page.get_by_role("button", name=ROLL))
    while not game(page)["view"]["turn"]["rolls"]:  # that roll busted: the next player rolls
        click_and_wait(page, page.get_by_role("button", name=ROLL))
    wait_saved(page)
    before = game(page)
    page.reload()
    page.evaluate("wortwurf.ready")
    page.wait_for_function("wortwurf.game() !== null")
    assert page.locator("#forgetit").is_visible()
    after = game(page)
    assert after["state"] == before["state"]
    assert after["record"] == before["record"]
    assert hand_faces(page) == [str(d["face"]) for d in (before["state"]["turn"]["dice"]) if not d["aside"]]


def test_undo_takes_back_decisions_but_never_a_roll(shared_page):
    page = shared_page
    start_game(page, ["Ada"])
    # Roll until a pair shows, so there is something to set aside.
    while True:
        click_and_wait(page, page.get_by_role("button", name=ROLL))
        faces = hand_faces(page)
        if game(page)["view"]["turn"]["rolls"] and any(faces.count(f) >= 2 for f in "12345"):
            break
    after_roll = game(page)["state"]
    pair = next(f for f in "12345" if faces.count(f) >= 2)
    dice = page.locator("#fgi-hand button.die")
    alike = [i for i, f in enumerate(faces) if f == pair]
    dice.nth(alike[0]).click()  # takes the whole group ...
    wait_pressed(page, len(alike))
    for index in alike[2:]:  # ... and a tap drops a die from it
        dice.nth(index).click()
    wait_pressed(page, 2)
    expect_text(page, "#fgi-stop-score", str(int(pair) * 2))
    written = len(after_roll["pad"][0])  # an earlier roll may have busted: a stroke is already written
    click_and_wait(page, page.get_by_role("button", name=STOP), actions=2)
    assert game(page)["state"]["pad"][0][written]["points"] == int(pair) * 2
    undo = page.get_by_role("button", name="Rückgängig")
    wait_idle(page)  # (the stop is saved: a tap while its save runs would not be taken)
    undo.dblclick()  # a double tap takes one step back
    page.wait_for_function(f"wortwurf.game().state.pad[0].length === {written}")
    page.wait_for_timeout(400)
    assert game(page)["state"]["turn"]["count"] > 0
    undo.click()
    page.wait_for_function("wortwurf.game().state.turn.count === 0")
    assert game(page)["state"] == after_roll
    wait_idle(page)
    assert undo.is_disabled()  # a roll is never taken back
    assert game(page)["state"] == after_roll


@pytest.mark.parametrize("context", [{"service_workers": "allow"}], indirect=True)
def test_works_offline_after_one_visit(page, context, site_url):
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null || location.reload()")
    context.set_offline(True)
    page.reload()
    page.evaluate("wortwurf.ready")
    start_game(page, ["Ada"])
    click_and_wait(page, page.get_by_role("button", name=ROLL))
    assert game(page)["view"]["turn"]["rolls"] == 1 or game(page)["view"]["last_turn"]["bust"]


def test_language_switch_rewords_the_page_and_is_remembered(shared_page):
    page = shared_page
    page.get_by_role("button", name="EN", exact=True).click()
    assert page.get_by_role("heading", name="Which game?").is_visible()
    assert page.evaluate("document.documentElement.lang") == "en"
    page.reload()
    page.evaluate("wortwurf.ready")
    assert page.get_by_role("heading", name="Which game?").is_visible()
    page.get_by_role("button", name="DE", exact=True).click()
    assert page.get_by_role("heading", name="Welches Spiel?").is_visible()
    assert page.get_by_role("button", name="DE", exact=True).get_attribute("aria-pressed") == "true"


def test_illegal_action_through_the_hook_is_translated_and_changes_nothing(shared_page):
    page = shared_page
    start_game(page, ["Ada", "Bo"])
    before = game(page)
    error = page.evaluate(
        "wortwurf.act({type: 'stop'}).then(() => null, e => ({code: e.code, message: e.message}))"
    )
    assert error == {"code": "must_roll_first", "message": "Zuerst würfeln."}
    assert game(page) == before
    error = page.evaluate(
        "wortwurf.act({type: 'set_aside', dice: [0]}).then(() => null, e => ({code: e.code, message: e.message}))"
    )
    assert error["code"] == "must_roll_first"
    assert game(page) == before


@pytest.mark.parametrize("saved", ["{not json", json.dumps({"record": {"format": "someone-else", "actions": []}}),
                                   json.dumps({"record": {"format": "wortwurf-record", "version": 1, "game": "forgetit",
                                               "players": ["A"], "options": {}, "seed": 1,
                                               "actions": [{"type": "stop"}]}}),
                                   json.dumps({"record": {"format": "wortwurf-record", "version": 1, "game": "forgetit",
                                               "players": ["A"], "options": {}, "seed": 1,
                                               "actions": [{"type": []}]}})])
def test_a_corrupt_saved_game_gets_a_message_and_a_fresh_start(context, site_url, saved):
    """A save from before IndexedDB (in localStorage) is moved over, found damaged and set aside, not lost. (The
    save is there before the page's first start: one start, not a start and a reload.)"""
    context.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url)}) && !sessionStorage.getItem("test:planted")) {{
        sessionStorage.setItem("test:planted", "1");
        localStorage.setItem("wortwurf:game:forgetit", {json.dumps(saved)});
    }}""")
    page = context.new_page()
    page.goto(site_url)
    page.evaluate("wortwurf.ready")
    notice = page.get_by_role("alert")
    notice.wait_for()
    assert notice.text_content().startswith("Der gespeicherte FOR-GET-IT-Spielstand war beschädigt")
    assert page.get_by_role("heading", name="Welches Spiel?").is_visible()
    assert page.evaluate("localStorage.getItem('wortwurf:game:forgetit')") is None
    assert kept(page, "game:forgetit") is None
    [aside] = [key for key in kept_keys(page) if key.startswith("damaged:game:forgetit:")]
    assert kept(page, aside) == (saved if saved.startswith("{not") else json.loads(saved))
    start_game(page, ["Ada"])  # and play goes on
    assert game(page)["view"]["current"] == 0


def test_a_game_saved_by_a_newer_wortwurf_is_kept_unchanged_with_a_notice_naming_it(page):
    """A rollback (or an old tab after an update) meets a save of a newer format: never thrown away."""
    saved = {"record": {"format": "wortwurf-record", "version": 99, "game": "dicewords", "players": ["A"],
                        "options": {"whatever": "comes next"}, "seed": 1, "actions": [{"type": "roll", "new": 1}]},
             "revision": 3, "saved": 1}
    keep(page, "game:dicewords", saved)
    page.reload()
    page.evaluate("wortwurf.ready")
    notice = page.get_by_role("alert")
    notice.wait_for()
    assert notice.text_content().startswith("Der gespeicherte DICEWORDS-Spielstand stammt von einer neueren")
    [aside] = [key for key in kept_keys(page) if key.startswith("newer:game:dicewords:")]
    assert kept(page, aside) == saved and kept(page, "game:dicewords") is None
    start_game(page, ["Ada"], game_id="dicewords")  # a new game takes the place, the newer one stays aside
    assert kept(page, aside) == saved


def test_names_count_what_a_person_sees(shared_page):
    """An emoji family is one character, a right-to-left mark none; the field stops at 24 such characters."""
    page = shared_page
    family, arabic = "👨‍👩‍👧 Fam", "‏سارا"
    start_game(page, [family, arabic])
    assert game(page)["view"]["players"] == [family, arabic]
    page.get_by_role("button", name="Wortwurf", exact=True).click()
    page.locator('.game-card[data-game="forgetit"]').get_by_role("button", name="Neues Spiel").click()
    field = page.get_by_role("textbox", name="Name 1")
    field.fill("👨‍👩‍👧 " * 15)
    assert field.input_value() == "👨‍👩‍👧 " * 12


def test_player_names_are_text_never_html(shared_page):
    page = shared_page
    name = '<img src=x onerror="window.hacked=1">'
    start_game(page, [name[:24], "Bo"])
    headers = page.locator("#fgi-pad thead th").all_text_contents()
    assert name[:24] in headers
    assert page.locator("#fgi-pad img").count() == 0
    assert page.evaluate("window.hacked") is None


def test_real_dice_are_entered_by_keyboard_and_refereed(shared_page):
    page = shared_page
    start_game(page, ["Ada"], physical=True)
    page.get_by_role("button", name=ROLL).click()
    prompt = page.locator("#fgi-entry-prompt")
    prompt.wait_for()
    assert prompt.text_content() == "Welche Seiten zeigen die 9 geworfenen Würfel? (0 von 9)"
    entry = page.get_by_role("group", name="Augen eingeben")
    for face in ["3", "3", "3", "1", "2", "4", "5", "FOR", "GET"]:
        entry.get_by_role("button", name=f"{face} eintragen").focus()
        page.keyboard.press("Enter")
    click_and_wait(page, page.get_by_role("button", name="Eintragen", exact=True))
    assert sorted(hand_faces(page)) == ["1", "2", "3", "3", "3", "4", "5"]
    assert game(page)["view"]["turn"]["syllables"] == {"FOR": 1, "GET": 1, "IT": 0}
    # three syllables of one kind cannot come up when one die of it is already aside
    dice = page.locator("#fgi-hand button.die")
    threes = [i for i, f in enumerate(hand_faces(page)) if f == "3"]
    dice.nth(threes[0]).focus()
    page.keyboard.press("Space")  # the first choice takes all three
    wait_pressed(page, 3)
    expect_text(page, "#fgi-stop-score", "9")  # the engine's preview: 3 × 3
    page.get_by_role("button", name="Beiseitelegen und würfeln").click()
    prompt.wait_for()
    for face in ["FOR", "FOR", "FOR", "1"]:
        entry.get_by_role("button", name=f"{face} eintragen").click()
    page.get_by_role("button", name="Eintragen", exact=True).click()
    expect_text(page, "#fgi-message", "Nur noch 2 Würfel können FOR zeigen.")
    assert game(page)["view"]["turn"]["count"] == 3


@pytest.mark.parametrize("context", [{"viewport": {"width": 360, "height": 740}}], indirect=True)
def test_phone_layout_has_no_sideways_scrolling(page):
    start_game(page, [f"Person {n}" for n in range(1, 9)])
    click_and_wait(page, page.get_by_role("button", name=ROLL))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for button in page.locator("#forgetit .controls button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360


def test_dictionary_screen_says_where_a_word_counts(shared_page):
    page = shared_page
    page.get_by_role("button", name="Wörterbuch", exact=True).click()
    box = page.get_by_role("textbox", name="Wort")
    result = page.locator("#dictionary-result")
    box.fill("geht")
    box.press("Enter")
    result.get_by_text("GEHT steht im Wörterbuch.").wait_for()
    assert result.locator("li").all_text_contents() == [
        "DICEWORDS: zählt", "TYP-DOM: zählt nicht: eine gebeugte Verbform (nur die Grundform zählt)",
        "Frigiti: gibt es schon – neu würfeln"]
    assert "Merkmale: Verbform" in result.text_content()
    box.fill("Frigiti")
    page.get_by_role("button", name="Nachschlagen").click()
    result.get_by_text("FRIGITI steht nicht im Wörterbuch.", exact=False).wait_for()
    box.fill("A-Team")
    box.press("Enter")
    result.get_by_text("Das ist kein Spielwort", exact=False).wait_for()
    box.fill("wuerfel")
    box.press("Enter")
    result.get_by_text("WÜRFEL steht im Wörterbuch.").wait_for()
    page.get_by_role("button", name="EN", exact=True).click()
    result.get_by_text("WÜRFEL is in the dictionary.").wait_for()
    assert result.locator("li").first.text_content() == "DICEWORDS: counts"


@pytest.mark.parametrize("word, german, english", [
    ("Siemens", ["DICEWORDS: zählt nicht: ein Marken- oder Firmenname", "TYP-DOM: zählt nicht: ein Marken- oder Firmenname"],
     ["DICEWORDS: does not count: a brand or company name", "TYP-DOM: does not count: a brand or company name"]),
    ("Schmidt", ["DICEWORDS: zählt nicht: ein Familienname", "TYP-DOM: zählt nicht: ein Familienname"],
     ["DICEWORDS: does not count: a family name", "TYP-DOM: does not count: a family name"]),
    ("Berlin", ["DICEWORDS: zählt nicht: ein Ortsname", "TYP-DOM: zählt"],
     ["DICEWORDS: does not count: a place name", "TYP-DOM: counts"]),
    ("qm", ["DICEWORDS: zählt nicht: eine Abkürzung oder Einheit", "TYP-DOM: zählt nicht: eine Abkürzung oder Einheit"],
     ["DICEWORDS: does not count: an abbreviation or unit", "TYP-DOM: does not count: an abbreviation or unit"]),
    ("leg", ["DICEWORDS: zählt", "TYP-DOM: zählt nicht: eine gebeugte Verbform (nur die Grundform zählt)"],
     ["DICEWORDS: counts", "TYP-DOM: does not count: an inflected verb form (only the infinitive counts)"]),
    ("usw", ["DICEWORDS: zählt nicht: eine Abkürzung oder Einheit", "TYP-DOM: zählt nicht: eine Abkürzung oder Einheit"],
     ["DICEWORDS: does not count: an abbreviation or unit", "TYP-DOM: does not count: an abbreviation or unit"]),
    ("Mexiko", ["DICEWORDS: zählt nicht: ein Ortsname", "TYP-DOM: zählt"],
     ["DICEWORDS: does not count: a place name", "TYP-DOM: counts"]),
    ("Rudolf", ["DICEWORDS: zählt nicht: ein Vorname", "TYP-DOM: zählt"],
     ["DICEWORDS: does not count: a first name", "TYP-DOM: counts"]),
    ("Müller", ["DICEWORDS: zählt", "TYP-DOM: zählt"], ["DICEWORDS: counts", "TYP-DOM: counts"]),
    ("Fr", ["DICEWORDS: zählt nicht: eine Abkürzung oder Einheit", "TYP-DOM: zählt nicht: eine Abkürzung oder Einheit"],
     ["DICEWORDS: does not count: an abbreviation or unit", "TYP-DOM: does not count: an abbreviation or unit"]),
    ("Panda", ["DICEWORDS: zählt", "TYP-DOM: zählt"], ["DICEWORDS: counts", "TYP-DOM: counts"]),
])
def test_dictionary_screen_says_why_a_word_does_not_count(shared_page, word, german, english):
    page = shared_page
    page.get_by_role("button", name="Wörterbuch", exact=True).click()
    box = page.get_by_role("textbox", name="Wort")
    box.fill(word)
    box.press("Enter")
    result = page.locator("#dictionary-result")
    result.get_by_text(f"{word.upper()} steht im Wörterbuch.").wait_for()
    assert result.locator("li").all_text_contents()[:2] == german
    page.get_by_role("button", name="EN", exact=True).click()
    result.get_by_text(f"{word.upper()} is in the dictionary.").wait_for()
    assert result.locator("li").all_text_contents()[:2] == english


def test_each_game_s_setup_has_its_own_options_from_the_catalogue(shared_page):
    """The setup is drawn per game from its descriptor: real dice ticked for FOR-GET-IT stay FOR-GET-IT's, and an
    option that means something only with another's value (Point's hand) shows only then."""
    page = shared_page
    forgetit = page.locator('.game-card[data-game="forgetit"]')
    forgetit.get_by_role("button", name=NEW_GAME).click()
    page.get_by_role("checkbox", name=PHYSICAL).check()
    page.get_by_role("button", name="Zurück").click()
    page.locator('.game-card[data-game="dicewords"]').get_by_role("button", name=NEW_GAME).click()
    assert not page.get_by_role("checkbox", name=PHYSICAL).is_checked()
    assert page.get_by_role("spinbutton", name="Ziel (Punkte)").input_value() == "400"
    page.get_by_role("button", name="Zurück").click()
    page.locator('.game-card[data-game="typdom"]').get_by_role("button", name=NEW_GAME).click()
    assert page.get_by_text("Spielerinnen und Spieler (2–5, in Sitzreihenfolge)").is_visible()
    hand = page.get_by_label("Plättchen auf der Hand")
    assert hand.is_hidden()
    page.get_by_label("Spielart").select_option("point")
    hand.select_option("8,12")
    page.get_by_role("button", name="Spiel beginnen").click()
    page.locator("#typdom").wait_for(state="visible")
    assert game(page)["state"]["options"]["hand"] == [8, 12]


@pytest.mark.parametrize("game_id", ["typdom", "presto", "bluff"])
def test_the_names_house_rule_says_what_it_changes(shared_page, game_id):
    """First names and places count in TYP-DOM anyway: the option lets brand, company and family names count."""
    page = shared_page
    page.locator(f'.game-card[data-game="{game_id}"]').get_by_role("button", name=NEW_GAME).click()
    assert page.get_by_role("checkbox", name="Hausregel: auch Marken-, Firmen- und Familiennamen gelten").is_visible()
    page.get_by_role("button", name="EN", exact=True).click()
    assert page.get_by_role("checkbox", name="House rule: brand, company and family names count too").is_visible()


def test_real_dice_ticked_for_one_game_stay_with_that_game(shared_page):
    page = shared_page
    page.locator('.game-card[data-game="forgetit"]').get_by_role("button", name="Neues Spiel").click()
    page.get_by_role("checkbox", name=PHYSICAL).check()
    page.locator("#setup").get_by_role("button", name="Zurück").click()
    page.locator('.game-card[data-game="dicewords"]').get_by_role("button", name="Neues Spiel").click()
    assert not page.get_by_role("checkbox", name=PHYSICAL).is_checked()


def test_numbers_are_written_as_each_language_writes_them(browser):
    """The page writes its decimals itself (common.js `decimal`: Intl's first use is slow on a start's path),
    exactly as Intl would: German 1.234,6 and English 1,234.6, rounded half up as the digits read."""
    source = (Path(__file__).parents[1] / "web" / "common.js").read_text()
    function = source[source.index("export function decimal"):]
    function = function[:function.index("\n}\n") + 2].removeprefix("export ")
    draw = random.Random(7)
    values = [0, 0.04, 0.05, 0.15, 0.45, 1.005, 2.675, 9.95, 97.85, 999.95, 1234.56, 12345678.9, -0.04, -1.5, -1234.5]
    values += [draw.randrange(200_000) / 1000 for _ in range(2000)] + [draw.uniform(0, 1e7) for _ in range(200)]
    page = browser.new_page()
    different = page.evaluate("""([text, values]) => {
      const decimal = new Function(`${text}; return decimal;`)();
      const different = [];
      for (const lang of ["de", "en"]) {
        document.documentElement.lang = lang;
        for (const value of values) {
          const expected = value.toLocaleString(lang, { maximumFractionDigits: 1 });
          if (decimal(value) !== expected) different.push([lang, value, decimal(value), expected]);
        }
      }
      return different;
    }""", [function, values])
    page.close()
    assert different == []
