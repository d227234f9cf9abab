"""Frigiti in Chromium: one device passed around, every private step behind a
pass screen, played through clicks and typing. The hook only reads the game."""

from __future__ import annotations

import json
import re

import pytest
from pages import click_and_wait, game, keep, kept, start_game, wait_idle
from test_saving_site import FULL_STORE, import_file, open_dictionary

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
    wait_idle(page)  # (a die tapped while the roll is still drawn is not laid)
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
        wait_idle(page)
        assert page.locator("#fr-undo").is_disabled()  # the next person cannot take back a covered definition


def read_all(page, words, steps=None) -> list[str]:
    """Each reader in turn (or the next `steps` of them) reads a definition out and enters its keyword."""
    texts = []
    while view(page)["phase"] == "read" and (steps is None or len(texts) < steps):
        current = view(page)
        unlock(page, current["players"][current["reader"]], words, "#fr-read", private=False)
        texts.append(page.locator("#fr-read-text").text_content())
        assert page.locator("#fr-read-text img").count() == 0
        assert page.locator("#fr-keyword").input_value() != ""  # a suggestion, editable
        click_and_wait(page, page.get_by_role("button", name=words["keyword"]))
    return texts


def judge_all(page, words, steps=None) -> None:
    """Each player in turn (or the next `steps` of them), behind the pass screen, marks two definitions."""
    judged = 0
    while view(page)["phase"] == "judge" and (steps is None or judged < steps):
        judged += 1
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


# A round played through the hook, as the table's taps would play it (roll, a word laid, four definitions, four
# keywords, four judgements), from wherever the taps left it: a round like the others, to reach the last one and
# the end without every tap again. `[texts, stop, judges_left]`: it stops where the phase `stop` begins (null: at
# the round's end), and leaves the last `judges_left` judgements to the taps.
PLAY_A_ROUND = """async ([texts, stop, judgesLeft]) => {
    const view = () => wortwurf.game().view;
    if (view().phase === "create") {
        await wortwurf.act({type: "roll"});
        await wortwurf.act({type: "create", dice: [0, 1, 2, 3], anyway: true});
    }
    for (const [player, text] of texts.entries()) {
        if (!view().written[player]) await wortwurf.act({type: "write", player, text});
    }
    if (view().phase === stop) return;
    while (view().phase === "read") await wortwurf.act({type: "keyword", text: "Hut"});
    if (view().phase === stop) return;
    const deal = wortwurf.game().state.deal;
    const unjudged = [...texts.keys()].filter((player) => !view().judged[player]);
    for (const player of unjudged.slice(0, unjudged.length - judgesLeft)) {
        const picks = [...texts.keys()].filter((reader) => deal[reader] !== player).slice(0, 2);
        await wortwurf.act({type: "judge", player, picks});
    }
}"""


def test_a_full_four_player_game_in_german_passing_the_device_with_earlier_rounds_readable_to_its_end(page):
    """Rounds 1 and 2 through the page, 3 through the hook, 4 through the hook but for its last judgement, made
    by taps (every step of a round is tapped in rounds 1 and 2): a definition that is markup, a reload while
    definitions are written, and every earlier round in a list, opened on request and kept open to the end."""
    names = ["Karen", "Peter", "Fred", "Andrea"]
    start_game(page, names, game_id="frigiti")
    assert view(page)["options"]["language"] == "de"
    played = []
    for round_ in range(4):
        texts = {n: f"Runde {round_ + 1}: Erklärung von {n}" for n in names}
        if round_ >= 2:
            page.evaluate(PLAY_A_ROUND, [list(texts.values()), None, 0 if round_ == 2 else 1])
            if round_ == 3:
                judge_all(page, DE)  # the game's last step, by taps
            played.append(view(page)["sheet"][-1]["word"])
            assert sum(view(page)["tokens"]) == 52
            continue
        played.append(create_word(page, DE))
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
            # while round 2 is played, round 1 is in the list, closed until opened
            summary = page.locator("#fr-rounds summary", has_text=f"Runde 1: {played[0]}")
            assert page.locator("#fr-rounds details").count() == 1 and summary.is_visible()
            assert page.locator("#fr-reveal").is_hidden()
            summary.click()
            earlier = page.locator("#fr-rounds details").first
            assert earlier.locator("ol").first.locator("li").count() == 4
            assert f"von Fred: {SCRIPT}" in earlier.inner_text() and earlier.locator("img").count() == 0
            assert earlier.locator(".moves li").count() >= 1
        else:
            write_all(page, texts, DE)
        read = read_all(page, DE)
        assert sorted(read) == sorted(texts.values())  # everything was read, shown as text
        judge_all(page, DE)
        assert sum(view(page)["tokens"]) == 52
        if not view(page)["over"]:
            assert page.locator("#fr-reveal").is_visible()
            assert page.locator("#fr-moves li").count() >= 1
        if round_ == 1:  # between rounds: the round just played is the open reveal, every earlier one in the list
            assert page.get_by_role("heading", name=f"Runde 2: {played[1]}").is_visible()
            assert page.locator("#fr-rounds summary").all_text_contents() == [f"Runde 1: {played[0]}"]
            assert page.locator("#fr-rounds details").first.get_attribute("open") is not None
    assert view(page)["over"]
    assert page.evaluate("window.hacked") is None
    assert page.locator("#fr-sheet tbody tr").count() == 4
    # at the end: the last round is the reveal, the three before it in the list, the one opened still open
    assert page.get_by_role("heading", name=f"Runde 4: {played[3]}").is_visible()
    assert page.locator("#fr-rounds summary").all_text_contents() == [f"Runde {n + 1}: {played[n]}" for n in range(3)]
    assert page.locator("#fr-rounds details").first.get_attribute("open") is not None
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
    # one step of each phase by taps, with the English labels (every step is tapped in the German game's rounds)
    texts = [f"A kind of {n.lower()}-shaped hat" for n in names]
    write_all(page, dict(zip(names, texts)), EN, stop_after=1)
    page.evaluate(PLAY_A_ROUND, [texts, "read", 0])
    read_all(page, EN, steps=1)
    page.evaluate(PLAY_A_ROUND, [texts, "judge", 0])
    judge_all(page, EN, steps=1)
    page.evaluate(PLAY_A_ROUND, [texts, None, 0])
    assert page.get_by_role("heading", name=f"Round 1: {word}").is_visible()
    keep = page.get_by_role("button", name="Keep in the Frigiti dictionary")
    keep.click()
    page.get_by_text(f"{word} is now in the Frigiti dictionary.").wait_for()
    said, tapped = page.locator("#fr-kept").bounding_box(), keep.bounding_box()  # said where it was tapped
    assert page.locator("#fr-kept").text_content() == f"{word} is now in the Frigiti dictionary."
    assert abs(said["y"] - tapped["y"]) < 2 * tapped["height"] and said["x"] - tapped["x"] < 400
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Frigiti dictionary").click()
    page.get_by_role("heading", name=word).wait_for()
    assert "A kind of ada-shaped hat – Ada" in page.locator("#col-list").text_content()
    with page.expect_download() as download:
        page.get_by_role("button", name="Export (JSON file)").click()
    exported = tmp_path / "words.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["format"] == "wortwurf-frigiti-words" and data["words"][0]["word"] == word
    page.locator("#col-file").set_input_files(str(exported))
    page.get_by_text("Imported. The dictionary now has 1 word.").wait_for()  # nothing doubled
    assert page.locator("#col-list li").count() == 4
    again = tmp_path / "again.json"  # the word kept elsewhere with one more definition: merged onto its card
    again.write_text(json.dumps({**data, "words": [{**data["words"][0], "definitions": data["words"][0]["definitions"][:1]
                                                    + [{"text": "A hat for rain", "author": "Eve"}]}]}))
    page.locator("#col-message").evaluate("m => (m.textContent = '')")
    page.locator("#col-file").set_input_files(str(again))
    page.get_by_text("Imported. The dictionary now has 1 word.").wait_for()
    assert page.locator("#col-list article").count() == 1 and page.locator("#col-list li").count() == 5
    assert "A hat for rain – Eve" in page.locator("#col-list").text_content()
    foreign = tmp_path / "other.json"
    foreign.write_text(json.dumps({"format": "wortwurf-record", "version": 1}))
    page.locator("#col-file").set_input_files(str(foreign))
    page.get_by_text("This file is not a Frigiti dictionary from Wortwurf", exact=False).wait_for()
    assert page.locator("#col-list article").count() == 1


def dictionary(path, *entries):
    """A dictionary file of `entries`, each (word, [(text, author), …])."""
    path.write_text(json.dumps({"format": "wortwurf-frigiti-words", "version": 1, "words": [
        {"word": word, "language": "de", "definitions": [{"text": t, "author": a} for t, a in definitions]}
        for word, definitions in entries]}))
    return path


def stored_words(page) -> dict:
    return {e["word"]: [d["text"] for d in e["definitions"]] for e in kept(page, "frigiti:dictionary")["words"]}


def test_an_import_merges_onto_the_stored_words_with_another_tab_s_new_word(page, tmp_path):
    open_dictionary(page)
    import_file(page, dictionary(tmp_path / "one.json", ("KATZE", [("Ein Tier", "Ada")])),
                "Importiert. Das Wörterbuch hat jetzt 1 Wort.")
    stored = kept(page, "frigiti:dictionary")  # another tab keeps a word while this screen shows one
    stored["words"].append({"word": "MAUS", "language": "de", "definitions": [{"text": "Noch ein Tier", "author": "Bo"}]})
    keep(page, "frigiti:dictionary", stored)
    import_file(page, dictionary(tmp_path / "two.json", ("HUND", [("Ein drittes Tier", "Cy")])),
                "Importiert. Das Wörterbuch hat jetzt 3 Wörter.")
    assert set(stored_words(page)) == {"KATZE", "MAUS", "HUND"}


def test_a_word_kept_twice_is_one_card_and_words_or_definitions_are_deleted_asked_first_and_undone(page, tmp_path):
    page.evaluate(f"(() => {{ {FULL_STORE} }})()")  # (into the page as loaded: no reload for it)
    open_dictionary(page)
    import_file(page, dictionary(tmp_path / "a.json", ("ZAUBA", [("ein Tanz", "Ada")]), ("FRIGITI", [("ein Hut", "Bo")])),
                "Importiert. Das Wörterbuch hat jetzt 2 Wörter.")
    import_file(page, dictionary(tmp_path / "b.json", ("ZAUBA", [("ein Tanz", "Ada"), ("ein Zauber", "Cy")])),
                "Importiert. Das Wörterbuch hat jetzt 2 Wörter.")  # the word already kept: one card, both texts
    assert stored_words(page) == {"ZAUBA": ["ein Tanz", "ein Zauber"], "FRIGITI": ["ein Hut"]}
    cards = page.locator("#col-list article")
    assert cards.count() == 2 and cards.first.locator("li").count() == 2

    # one definition: asked first, deleted, undone right there
    page.get_by_role("button", name="Erklärung von Cy löschen").click()
    page.get_by_text("Diese Erklärung von Cy löschen?").wait_for()
    assert stored_words(page)["ZAUBA"] == ["ein Tanz", "ein Zauber"]  # asking changes nothing
    page.get_by_role("button", name="Ja, löschen").click()
    page.get_by_text("Erklärung von Cy gelöscht –").wait_for()
    assert stored_words(page)["ZAUBA"] == ["ein Tanz"]
    assert "ein Zauber" not in page.locator("#col-list").text_content()
    undo = page.get_by_role("button", name="Rückgängig")
    assert undo.evaluate("b => b === document.activeElement")
    undo.click()
    page.get_by_text("ein Zauber – Cy").wait_for()
    assert stored_words(page)["ZAUBA"] == ["ein Tanz", "ein Zauber"] and undo.count() == 0

    # two deletions, undone one by one, the latest first
    page.get_by_role("button", name="Erklärung von Cy löschen").click()
    page.get_by_role("button", name="Ja, löschen").click()
    page.get_by_text("Erklärung von Cy gelöscht –").wait_for()
    page.get_by_role("button", name="„FRIGITI“ löschen").click()
    page.get_by_role("button", name="Ja, löschen").click()
    page.get_by_text("„FRIGITI“ gelöscht –").wait_for()
    assert stored_words(page) == {"ZAUBA": ["ein Tanz"]} and undo.count() == 1
    undo.click()
    page.get_by_text("Erklärung von Cy gelöscht –").wait_for()  # the earlier one is offered next, in its place
    assert stored_words(page) == {"ZAUBA": ["ein Tanz"], "FRIGITI": ["ein Hut"]}
    undo.click()
    page.get_by_text("ein Zauber – Cy").wait_for()
    assert stored_words(page) == {"ZAUBA": ["ein Tanz", "ein Zauber"], "FRIGITI": ["ein Hut"]} and undo.count() == 0

    # a word: cancelled once, then deleted with all its definitions
    page.get_by_role("button", name="„ZAUBA“ löschen").click()
    page.get_by_text("„ZAUBA“ mit 2 Erklärungen löschen?").wait_for()
    page.get_by_role("button", name="Abbrechen").click()
    assert page.get_by_text("„ZAUBA“ mit 2 Erklärungen löschen?").count() == 0 and cards.count() == 2
    page.get_by_role("button", name="„ZAUBA“ löschen").click()
    page.evaluate("window.storeIsFull = true")  # a write that fails is said there, and nothing changes
    page.get_by_role("button", name="Ja, löschen").click()
    page.get_by_text("Der Speicher dieses Geräts ist voll.", exact=False).wait_for()
    assert "ZAUBA" in stored_words(page) and page.get_by_role("heading", name="ZAUBA", exact=True).is_visible()
    page.evaluate("window.storeIsFull = false")
    page.get_by_role("button", name="Ja, löschen").click()
    page.get_by_text("„ZAUBA“ gelöscht –").wait_for()
    assert stored_words(page) == {"FRIGITI": ["ein Hut"]}
    assert page.get_by_role("heading", name="ZAUBA", exact=True).count() == 0
    page.reload()
    page.evaluate("wortwurf.ready")
    open_dictionary(page)
    page.get_by_role("heading", name="FRIGITI", exact=True).wait_for()
    assert cards.count() == 1 and page.get_by_role("button", name="Rückgängig").count() == 0
