"""Nothing lost, nothing mixed up, in Chromium: a full store, two tabs on one game, a computer move that
arrives after the table moved on, double taps on the dice, the log's numbers."""

from __future__ import annotations

import json
import re

import pytest
from pages import (action_count, click_and_wait, finished_solo_dicewords, fixed_seed, game, keep, kept, kept_keys,
                   kept_length, start_game)

pytestmark = pytest.mark.browser

ROLL = re.compile("^(Ada würfelt|Bo würfelt|Würfeln|Weiterwürfeln|Alle neun aufnehmen)")
NOTICE = "#notice"


FULL_STORE = """
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (...args) {
        if (window.storeIsFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        return put.apply(this, args);
    };
"""


def with_a_store_that_can_fill(page, more: str = "") -> None:
    """From now on, `window.storeIsFull = true` makes every write fail as on a full device (put into the page
    as loaded, with `more` script: a reload for it would start the page again).

    (Chromium's storage quota override, `Storage.overrideQuotaForOrigin`, refuses new keys but lets a
    value already stored grow without limit, so it cannot show a save failing.)"""
    page.evaluate(f"(() => {{ {FULL_STORE} {more} }})()")


def saved_actions(page, game_id: str = "forgetit") -> int:
    saved = kept(page, f"game:{game_id}")
    return len(saved["record"]["actions"]) if saved else -1


def roll_or_stop(page) -> None:
    """One action of FOR-GET-IT through a click: roll, or stop when the roll must be followed by a choice."""
    view = game(page)["view"]
    button = page.locator("#fgi-roll") if view["can"]["roll"] else page.locator("#fgi-stop")
    if not view["can"]["roll"] and not view["can"]["stop"]:
        page.locator("#fgi-hand button.die").first.click()
        page.wait_for_function("document.querySelector('#fgi-hand [aria-pressed=true]')")
        button = page.locator("#fgi-stop")
    click_and_wait(page, button)


def test_a_full_store_is_said_out_loud_and_loses_nothing(page):
    with_a_store_that_can_fill(page)
    start_game(page, ["Ada", "Bo"])
    for _ in range(2):
        roll_or_stop(page)
    assert saved_actions(page) == 2
    page.evaluate("window.storeIsFull = true")
    for _ in range(3):
        roll_or_stop(page)
    notice = page.locator(NOTICE)
    notice.wait_for(state="visible")
    assert notice.text_content().startswith("Nicht gespeichert – Züge seit dem letzten Speichern: 3.")
    assert "Der Speicher dieses Geräts ist voll." in notice.text_content()
    assert saved_actions(page) == 2  # the last good save is untouched
    assert action_count(page) == 5  # and the game goes on
    page.evaluate("window.storeIsFull = false")  # room again: the next save holds everything
    roll_or_stop(page)
    page.wait_for_function("document.getElementById('notice').hidden")
    assert saved_actions(page) == 6
    played = game(page)["record"]
    page.reload()
    page.evaluate("wortwurf.ready")
    page.locator("#forgetit").wait_for(state="visible")
    assert game(page)["record"] == played


def open_second_tab(page):
    second = page.context.new_page()
    second.goto(page.url)
    second.evaluate("wortwurf.ready")
    return second


def test_a_second_tab_takes_a_game_over_only_when_asked_and_the_first_never_overwrites_it(page):
    start_game(page, ["Ada", "Bo"])
    roll_or_stop(page)
    played = game(page)["record"]
    second = open_second_tab(page)
    dialog = second.get_by_role("dialog", name="In einem anderen Tab offen")
    dialog.wait_for()
    assert "FOR-GET-IT ist gerade in einem anderen Tab" in dialog.text_content()
    assert second.evaluate("wortwurf.game()") is None
    dialog.get_by_role("button", name="Hier übernehmen").click()
    second.locator("#forgetit").wait_for(state="visible")
    assert game(second)["record"] == played
    # the first tab hears of it, leaves the game and can no longer play it
    page.locator(NOTICE).wait_for(state="visible")
    assert page.locator(NOTICE).text_content() == "FOR-GET-IT wurde in einem anderen Tab übernommen und wird dort weitergespielt."
    assert page.locator("#menu").is_visible()
    assert page.evaluate("wortwurf.game()") is None
    for _ in range(3):
        roll_or_stop(second)
    assert saved_actions(second) == 4
    assert page.evaluate("wortwurf.act({type: 'stop'}).then(() => 'played', () => 'refused')") == "refused"
    assert saved_actions(second) == 4


def test_without_locks_a_stale_tab_still_never_overwrites_a_newer_save(page):
    """Where a browser has no Web Locks, each save is written only over the revision the tab read."""
    start_game(page, ["Ada", "Bo"])
    roll_or_stop(page)
    page.context.add_init_script("Object.defineProperty(navigator, 'locks', {value: undefined})")
    second = open_second_tab(page)
    second.locator("#forgetit").wait_for(state="visible")
    for _ in range(4):
        roll_or_stop(second)
    assert saved_actions(second) == 5
    page.locator("#fgi-roll" if game(page)["view"]["can"]["roll"] else "#fgi-stop").click()  # the first tab, at 1 action
    page.locator(NOTICE).wait_for(state="visible")
    assert "anderen Tab übernommen" in page.locator(NOTICE).text_content()
    assert saved_actions(page) == 5


def test_a_computer_move_that_arrives_after_the_table_moved_on_is_dropped(page):
    start_game(page, ["Ada"])
    roll_or_stop(page)
    forgetit = game(page)["record"]

    def strong_computer_first(page):
        page.locator("#player-list select.seat").nth(0).select_option("3")
    page.get_by_role("button", name="Wortwurf", exact=True).click()
    fixed_seed(page, 7)  # (a first roll the computer weighs for seconds here; a random one took 0.1-1.7 s natively)
    page.evaluate("window.wortwurf.searchSeconds(null)")  # (weighed to its end: no time budget cuts it short)
    start_game(page, ["Rechner", "Bo"], game_id="dicewords", setup=strong_computer_first)
    page.wait_for_function("wortwurf.game().record.actions.length === 1")  # the computer rolled at once
    page.wait_for_timeout(1000)  # and after its pause it weighs what to keep, for seconds, in the worker
    page.get_by_role("button", name="Wortwurf", exact=True).click()
    page.locator('[data-action="resume"][data-game="forgetit"]').click()
    page.locator("#forgetit").wait_for(state="visible")
    page.wait_for_function("wortwurf.game()?.record.game === 'forgetit'")
    roll_or_stop(page)
    # The worker answers in order: once a request sent now is answered, the computer's move has arrived.
    page.evaluate("wortwurf.engine('result', wortwurf.game().state)")
    current = game(page)["record"]
    assert current["game"] == "forgetit"
    assert current["actions"][:-1] == forgetit["actions"]
    assert page.locator("#forgetit").is_visible()
    assert saved_actions(page, "dicewords") == 1  # the move for a game no longer in play was not kept


def double_tap(page, locator) -> None:
    """A quick finger's second tap at the two moments that matter: while the first tap's work runs, and the
    moment it ends (the screen is no longer busy, the result is in). Neither may act again. Timed by the page's
    own events, not by a clock, so that a busy test machine cannot spread the taps apart."""
    busy = locator.evaluate("""(button) => new Promise((resolve) => {
        const screen = button.closest("section.screen");
        button.click();
        const busy = screen.getAttribute("aria-busy");
        button.click();  // (a button disabled meanwhile takes no click, as under a finger)
        if (busy === null) return resolve(busy);
        new MutationObserver((changes, observer) => {
            if (screen.hasAttribute("aria-busy")) return;
            observer.disconnect();
            button.click();
            resolve(busy);
        }).observe(screen, { attributes: true, attributeFilter: ["aria-busy"] });
    })""")
    assert busy == "true"  # the first tap's work ran
    page.wait_for_timeout(800)


@pytest.mark.parametrize("game_id, button", [("forgetit", "#fgi-roll"), ("dicewords", "#dw-roll"), ("frigiti", "#fr-roll")])
def test_a_double_tap_on_the_dice_rolls_once(shared_page, game_id, button):
    page = shared_page
    names = ["Ada", "Bo", "Cem", "Dora"] if game_id == "frigiti" else ["Ada", "Bo"]
    start_game(page, names, game_id=game_id)
    double_tap(page, page.locator(button))
    assert [a["type"] for a in game(page)["record"]["actions"]] == ["roll"]


def test_a_double_tap_on_a_draw_draws_once(shared_page):
    page = shared_page
    def kreuzwort(page):
        page.get_by_label("Spielart").select_option("kreuzwort")
    start_game(page, ["Ada", "Bo"], game_id="typdom", setup=kreuzwort)
    page.get_by_role("button", name=re.compile("^Ich bin ")).click()  # whoever begins
    page.get_by_role("button", name="Ja, Plättchen zeigen").click()
    draw = page.locator("#td-draws button").first
    draw.wait_for(state="visible")
    double_tap(page, draw)
    assert [a["type"] for a in game(page)["record"]["actions"]] == ["draw"]


def test_every_number_of_the_log_shows_in_full(shared_page):
    page = shared_page
    start_game(page, ["Ada", "Bo"])
    while page.locator("#fgi-log li").count() < 12:
        roll_or_stop(page)
    room, needed = page.evaluate("""() => {
        const list = document.querySelector('#fgi-log');
        const style = getComputedStyle(list);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${style.fontSize} ${style.fontFamily}`;
        return [parseFloat(style.paddingLeft), ctx.measureText(`${Math.max(100, list.children.length)}. `).width];
    }""")
    assert room >= needed


# --- the Frigiti dictionary ---------------------------------------------------------------------------

def dictionary_file(path, first: int, count: int):
    """A dictionary of `count` entries, every definition and author at its longest (6 × 200 and 24)."""
    letters = "BCDFGHKLMNPRSTVW"
    words = []
    for n in range(first, first + count):
        word = "".join(letters[(n >> shift) & 15] for shift in (0, 4, 8)) + "AU"
        words.append({"word": word, "language": "de",
                      "definitions": [{"text": f"{word} {p} " + "ä" * 190, "author": f"Person {p}" + "ü" * 15}
                                      for p in range(6)]})
    path.write_text(json.dumps({"format": "wortwurf-frigiti-words", "version": 1, "words": words}, indent=1,
                               ensure_ascii=False))
    return path


def open_dictionary(page) -> None:
    page.get_by_role("button", name="Wortwurf", exact=True).click()
    page.get_by_role("button", name="Frigiti-Wörterbuch").click()
    page.locator("#collection").wait_for(state="visible")


def import_file(page, path, expected: str) -> None:
    page.locator("#col-message").evaluate("m => (m.textContent = '')")
    page.locator("#col-file").set_input_files(str(path))
    page.wait_for_function("t => document.getElementById('col-message').textContent.startsWith(t)", arg=expected)


def test_the_dictionary_holds_its_most_words_and_every_export_imports_again(page, tmp_path):
    first, second = dictionary_file(tmp_path / "a.json", 0, 1000), dictionary_file(tmp_path / "b.json", 1000, 1000)
    assert first.stat().st_size > 1_000_000 and second.stat().st_size > 1_000_000  # refused per file before
    open_dictionary(page)
    import_file(page, first, "Importiert. Das Wörterbuch hat jetzt 1000 Wörter.")
    import_file(page, second, "Importiert. Das Wörterbuch hat jetzt 2000 Wörter.")
    page.reload()  # the merged dictionary (2.8 MB as a file) reads back
    page.evaluate("wortwurf.ready")
    open_dictionary(page)
    page.wait_for_function("document.querySelectorAll('#col-list article').length === 2000")
    with page.expect_download() as download:
        page.get_by_role("button", name="Exportieren (JSON-Datei)").click()
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    import_file(page, exported, "Importiert. Das Wörterbuch hat jetzt 2000 Wörter.")
    import_file(page, dictionary_file(tmp_path / "c.json", 2000, 1), "Diese Datei ist kein Frigiti-Wörterbuch")
    assert kept_length(page, "frigiti:dictionary", "words") == 2000  # one more would not do: nothing changed


def test_an_import_that_does_not_fit_or_fails_to_write_changes_nothing(page, tmp_path):
    with_a_store_that_can_fill(page, """
        navigator.storage.estimate = async () => ({quota: window.roomLeft ? 4_000_000 + window.roomLeft : 4e9,
                                                   usage: 4_000_000});
    """)
    open_dictionary(page)
    import_file(page, dictionary_file(tmp_path / "one.json", 0, 1), "Importiert. Das Wörterbuch hat jetzt 1 Wort.")
    stored = kept(page, "frigiti:dictionary")
    page.evaluate("window.roomLeft = 100000")
    import_file(page, dictionary_file(tmp_path / "big.json", 1, 300), "Zusammen mit dieser Datei wäre das Wörterbuch zu groß")
    page.evaluate("window.roomLeft = 0; window.storeIsFull = true")
    import_file(page, dictionary_file(tmp_path / "two.json", 1, 1), "Der Speicher dieses Geräts ist voll.")
    assert kept(page, "frigiti:dictionary") == stored
    assert page.locator("#col-list article").count() == 1


def test_a_file_nested_thousands_deep_is_refused_and_the_engine_answers_on(shared_page, tmp_path):
    page = shared_page
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 4000 + "]" * 4000)
    open_dictionary(page)
    import_file(page, deep, "Diese Datei ist kein Frigiti-Wörterbuch")
    import_file(page, dictionary_file(tmp_path / "one.json", 0, 1), "Importiert. Das Wörterbuch hat jetzt 1 Wort.")


def forgetit_record(page, actions: list) -> dict:
    record = page.evaluate("""wortwurf.engine("new_game", "forgetit", ["Ada", "Bo"], {}, 7)
        .then((state) => wortwurf.engine("record_of", state))""")
    return {**record, "actions": actions}


def reload_with_a_save_from_before_indexeddb(page, record: dict) -> None:
    """FOR-GET-IT saved in localStorage as the builds before IndexedDB did, and on screen after a reload."""
    page.evaluate("s => localStorage.setItem('wortwurf:game:forgetit', s)", json.dumps({"record": record}))
    page.evaluate("localStorage.setItem('wortwurf:screen', 'forgetit')")
    page.reload()
    page.evaluate("wortwurf.ready")
    page.locator("#forgetit").wait_for(state="visible")


def test_a_save_from_before_indexeddb_is_moved_over_and_continued(page):
    record = forgetit_record(page, [{"type": "roll"}])
    reload_with_a_save_from_before_indexeddb(page, record)
    assert game(page)["record"] == record
    assert page.evaluate("localStorage.getItem('wortwurf:game:forgetit')") is None
    assert kept(page, "game:forgetit")["record"] == record


def test_a_save_from_before_indexeddb_newer_than_the_stored_one_is_kept(page):
    """A tab of a build from before IndexedDB that played on after the move left a newer save in localStorage:
    it replaces the stored one, which is set aside, not dropped."""
    stored, newer = forgetit_record(page, []), forgetit_record(page, [{"type": "roll"}])
    keep(page, "game:forgetit", {"record": stored, "revision": "1", "saved": 0})
    reload_with_a_save_from_before_indexeddb(page, newer)
    assert game(page)["record"] == newer
    assert kept(page, "game:forgetit")["record"] == newer
    [aside] = [key for key in kept_keys(page) if key.startswith("older:game:forgetit:")]
    assert kept(page, aside)["record"] == stored


def test_a_new_game_asks_before_it_replaces_a_saved_one(shared_page):
    page = shared_page
    start_game(page, ["Ada", "Bo"])
    click_and_wait(page, page.get_by_role("button", name=ROLL))
    record = game(page)["record"]

    def start_over_the_save(choice: str) -> None:
        page.get_by_role("button", name="Spiel beginnen").click()
        page.get_by_text("Ein angefangenes Spiel FOR-GET-IT ist gespeichert.").wait_for()
        page.locator("#replace").get_by_role("button", name=choice).click()

    page.get_by_role("button", name="Menü").click()
    page.locator('.game-card[data-game="forgetit"]').get_by_role("button", name="Neues Spiel").click()
    start_over_the_save("Zurück")  # nothing happens: the setup stays, the save is untouched
    assert page.locator("#setup").is_visible() and saved_actions(page) == len(record["actions"])
    start_over_the_save("Weiterspielen")
    page.locator("#forgetit").wait_for(state="visible")
    assert game(page)["record"] == record
    page.get_by_role("button", name="Menü").click()
    page.locator('.game-card[data-game="forgetit"]').get_by_role("button", name="Neues Spiel").click()
    start_over_the_save("Neu beginnen")
    page.wait_for_function("wortwurf.game().record.actions.length === 0")
    assert game(page)["record"]["seed"] != record["seed"]


@pytest.mark.parametrize("revision", [{"revision": None, "saved": 0}, {}], ids=["saved", "moved-from-localstorage"])
def test_a_finished_saved_game_is_replaced_without_a_question_after_a_reload(shared_page, revision):
    """Only the game in play was known to be finished: a finished save read back after a reload was called
    unfinished; so was one without a revision (moved from before IndexedDB), whose replay was never kept."""
    page = shared_page
    record = finished_solo_dicewords(page)
    keep(page, "game:dicewords", {"record": record, **revision})
    page.reload()
    page.evaluate("wortwurf.ready")
    start_game(page, ["Ada"])  # the game in play is another one
    page.get_by_role("button", name="Menü").click()
    page.locator('.game-card[data-game="dicewords"]').get_by_role("button", name="Neues Spiel").click()
    rows = page.locator("#player-list li")
    while rows.count() > 1:
        rows.last.get_by_role("button").click()
    page.get_by_role("textbox", name="Name 1").fill("Ada")
    page.get_by_role("button", name="Spiel beginnen").click()
    page.wait_for_function("wortwurf.game()?.record.game === 'dicewords' || document.getElementById('replace').open")
    assert page.locator("#replace").is_hidden()
    page.wait_for_function(f"wortwurf.game().record.seed !== {record['seed']}")
