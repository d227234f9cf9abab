"""Frigiti in Chromium: one device passed around, every private step behind a
pass screen, played through clicks and typing. The hook only reads the game."""

from __future__ import annotations

import json
import re

import pytest
from pages import click_and_wait, game, start_game

pytestmark = pytest.mark.browser

SCRIPT = '<img src=x onerror="window.hacked=1">'
DE = {"me": "Ich bin {}", "show": "Ja, zeigen", "hand_in": "Abgeben und verdecken", "keyword": "Stichwort eintragen",
      "mark": "Ankreuzen und verdecken", "anyway": "Trotzdem nehmen", "take": "Das Wort nehmen: "}
EN = {"me": "I am {}", "show": "Yes, show", "hand_in": "Hand in and cover", "keyword": "Enter the keyword",
      "mark": "Mark and cover", "anyway": "Keep it anyway", "take": "Take the word: "}


def view(page) -> dict:
    return game(page)["view"]


def create_word(page, words) -> str:
    """The creator rolls, lays the first four dice and takes the word (keeping it if it exists)."""
    click_and_wait(page, page.locator("#fr-roll"))
    for i in range(4):
        page.locator("#fr-dice button").nth(i).click()
    take = page.get_by_role("button", name=re.compile("^" + re.escape(words["take"])))
    before = len(game(page)["record"]["actions"])
    take.click()
    page.wait_for_function(f"wortwurf.game().record.actions.length > {before} || !document.querySelector('#fr-anyway').hidden")
    if page.get_by_role("button", name=words["anyway"]).is_visible():
        click_and_wait(page, page.get_by_role("button", name=words["anyway"]))
    return view(page)["word"]


def unlock(page, name, words, panel, private=True):
    """The pass screen: "I am <name>", confirmed for a private step; then the panel is shown."""
    page.get_by_role("button", name=words["me"].format(name)).click()
    if private:
        assert page.locator(panel).is_hidden()  # one tap shows nothing yet
        page.get_by_role("button", name=words["show"]).click()
    page.locator(panel).wait_for(state="visible")


def write_all(page, texts: dict[str, str], words, stop_after=None) -> None:
    """Each player in turn, behind the pass screen, writes and covers their definition."""
    for count, _ in enumerate(texts):
        if stop_after is not None and count == stop_after:
            return
        current = view(page)
        writer = next(p for p in current["order"] if not current["written"][p])
        name = current["players"][writer]
        # the pass screen shows nothing of anyone's definition
        assert not any(text in page.locator("#frigiti").inner_text() for text in texts.values())
        unlock(page, name, words, "#fr-write")
        box = page.locator("#fr-definition")
        box.fill(texts[name])
        click_and_wait(page, page.get_by_role("button", name=words["hand_in"]))
        assert page.locator("#fr-write").is_hidden()
        assert page.locator("#fr-undo").is_disabled()  # the next person cannot take back a covered definition


def read_all(page, words) -> list[str]:
    texts = []
    while view(page)["phase"] == "read":
        current = view(page)
        unlock(page, current["players"][current["reader"]], words, "#fr-read", private=False)
        texts.append(page.locator("#fr-read-text").text_content())
        assert page.locator("#fr-read-text img").count() == 0
        assert page.locator("#fr-keyword").input_value() != ""  # a suggestion, editable
        click_and_wait(page, page.get_by_role("button", name=words["keyword"]))
    return texts


def judge_all(page, words) -> None:
    while view(page)["phase"] == "judge":
        current = view(page)
        judge = next(p for p in current["order"] if not current["judged"][p])
        unlock(page, current["players"][judge], words, "#fr-judge")
        options = page.locator("#fr-judge-options button")
        assert page.locator("#fr-judge-options button[disabled][aria-pressed=true]").count() == 1  # own, marked
        free = [i for i in range(options.count()) if options.nth(i).is_enabled()]
        for i in free[:2]:
            options.nth(i).click()
        if len(free) > 2:  # a third pick is not taken, and the page says why
            options.nth(free[2]).click()
            assert options.nth(free[2]).get_attribute("aria-pressed") == "false"
            assert page.locator("#fr-message").text_content().startswith(("Schon 2 gewählt", "2 already chosen"))
        click_and_wait(page, page.get_by_role("button", name=words["mark"]))


def test_a_full_four_player_game_in_german_passing_the_device(page):
    names = ["Karen", "Peter", "Fred", "Andrea"]
    start_game(page, names, game_id="frigiti")
    assert view(page)["options"]["language"] == "de"
    for round_ in range(4):
        create_word(page, DE)
        texts = {n: f"Runde {round_ + 1}: Erklärung von {n}" for n in names}
        if round_ == 0:
            texts["Fred"] = SCRIPT
        if round_ == 1:  # a reload in the middle of writing keeps what was handed in, shows nothing
            write_all(page, texts, DE, stop_after=2)
            before = game(page)
            page.reload()
            page.evaluate("wortwurf.ready")
            page.wait_for_function("wortwurf.game() !== null")
            assert game(page)["record"] == before["record"]
            assert page.locator("#fr-pass").is_visible() and page.locator("#fr-write").is_hidden()
            assert page.locator("#fr-progress").text_content().startswith("Geschrieben: 2 von 4")
            assert not any(text in page.content() for text in texts.values())
            remaining = {n: t for n, t in texts.items() if not view(page)["written"][names.index(n)]}
            write_all(page, remaining, DE)
        else:
            write_all(page, texts, DE)
        read = read_all(page, DE)
        assert sorted(read) == sorted(texts.values())  # everything was read, shown as text
        judge_all(page, DE)
        assert sum(view(page)["tokens"]) == 52
        if not view(page)["over"]:
            assert page.locator("#fr-reveal").is_visible()
            assert page.locator("#fr-moves li").count() >= 1
    assert page.evaluate("window.hacked") is None
    assert page.locator("#fr-sheet tbody tr").count() == 4
    tokens = view(page)["tokens"]
    best = max(tokens)
    winners = [n for n, t in zip(names, tokens) if t == best]
    expected = (f"{winners[0]} gewinnt mit {best} Chips." if len(winners) == 1
                else f"Gleichstand: {', '.join(winners)} teilen sich den Sieg mit {best} Chips.")
    assert page.locator("#fr-winners").text_content() == expected


@pytest.mark.parametrize("context", [{"locale": "en-GB", "accept_downloads": True}], indirect=True)
def test_a_round_in_english_kept_in_the_frigiti_dictionary_exported_and_imported(page, tmp_path):
    fetched = []
    page.on("requestfinished", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    names = ["Ada", "Bo", "Cy", "Di"]
    start_game(page, names, game_id="frigiti", setup=lambda p: p.get_by_label("The table's language").select_option("en"))
    assert view(page)["options"]["language"] == "en"
    assert "en.wwlx" not in fetched  # the English list waits until a word is laid at an English table
    word = create_word(page, EN)
    assert fetched.count("en.wwlx") == 1
    write_all(page, {n: f"A kind of {n.lower()}-shaped hat" for n in names}, EN)
    read_all(page, EN)
    judge_all(page, EN)
    assert page.get_by_role("heading", name=f"Round 1: {word}").is_visible()
    page.get_by_role("button", name="Keep in the Frigiti dictionary").click()
    page.get_by_text(f"{word} is now in the Frigiti dictionary.").wait_for()
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Frigiti dictionary").click()
    page.get_by_role("heading", name=word).wait_for()
    assert "A kind of ada-shaped hat – Ada" in page.locator("#col-list").inner_text()
    with page.expect_download() as download:
        page.get_by_role("button", name="Export (JSON file)").click()
    exported = tmp_path / "words.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["format"] == "wortwurf-frigiti-words" and data["words"][0]["word"] == word
    page.locator("#col-file").set_input_files(str(exported))
    page.get_by_text("Imported. The dictionary now has 1 word.").wait_for()  # nothing doubled
    foreign = tmp_path / "other.json"
    foreign.write_text(json.dumps({"format": "wortwurf-record", "version": 1}))
    page.locator("#col-file").set_input_files(str(foreign))
    page.get_by_text("This file is not a Frigiti dictionary from Wortwurf", exact=False).wait_for()
    assert page.locator("#col-list article").count() == 1
