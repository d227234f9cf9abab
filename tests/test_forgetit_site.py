"""FOR-GET-IT against a computer player in Chromium, with the advice asked through the page."""

from __future__ import annotations

import re

import pytest
from pages import click_and_wait, fixed_seed, game, start_game, wait_idle
from playwright.sync_api import expect
from wortwurf import engine

pytestmark = pytest.mark.browser

ROLL = re.compile(r"^(Würfeln|.+ würfelt)$")
ADVICE = re.compile(r"^Was wäre am besten\?$")


def with_computer(page):
    page.locator("#player-list select.seat").nth(1).select_option("2")  # cautious: any computer move will do


def pressed(page) -> set[int]:
    return set(page.locator("#fgi-hand button.die[aria-pressed=true]").evaluate_all(
        "bs => bs.map(b => Number(b.dataset.slot))"))


def written(value: float) -> str:
    """A number as the German page writes it: at most one decimal, with a comma."""
    text = f"{value:.1f}".replace(".", ",")
    return text[:-2] if text.endswith(",0") else text


def choose(page, slots) -> None:
    """Tap dice until exactly `slots` are chosen (a first tap takes a whole group of a number)."""
    for _ in range(12):
        wrong = pressed(page) ^ set(slots)
        if not wrong:
            return
        page.locator(f'#fgi-hand button.die[data-slot="{min(wrong)}"]').click()
        page.wait_for_timeout(50)
    raise AssertionError(f"could not choose {slots}")


def test_advice_and_a_computer_player_through_the_page(shared_page):
    """Two turns of Ada's, each played by the advice, with the computer's turn between them. (A seeded game
    whose turns are short: Ada's, played as advised, end at their second roll; the computer's takes four moves.
    The optimal computer's choices are FOR-GET-IT's strategy tests'; here it is a seat that moves by itself.)"""
    page = shared_page
    fixed_seed(page, 88)
    start_game(page, ["Ada", "Bot"], setup=with_computer)
    assert game(page)["state"]["options"]["computer"] == [0, 2] and game(page)["record"]["seed"] == 88
    advised = 0
    while len(game(page)["state"]["pad"][0]) < 2:
        current = game(page)
        if current["view"]["current"] == 1:  # the computer moves by itself
            page.wait_for_function(f"wortwurf.game().record.actions.length > {len(current['record']['actions'])}")
            continue
        expect(page.get_by_role("button", name=ADVICE)).to_be_enabled()  # once the computer's move is drawn and saved
        if current["view"]["turn"]["rolls"] == 0:
            click_and_wait(page, page.get_by_role("button", name=ROLL))
            continue
        page.get_by_role("button", name=ADVICE).click()
        page.wait_for_selector("#fgi-advice-list li.best")
        lines = page.locator("#fgi-advice-list li").all_text_contents()
        expected = engine.hint(current["state"])
        assert len(lines) == len(expected["options"]) >= 2
        best = f"{expected['best']:.1f}".replace(".", ",").replace(",0 ", " ")
        assert "am besten" in lines[0] and lines[0].split(": im Mittel ")[1].startswith(best.rstrip("0").rstrip(","))
        assert all("weniger" in line for line in lines[1:] if "am besten" not in line)
        page.wait_for_selector("#fgi-win-list li.best")  # two players: the chances of winning follow
        winning = engine.advice(current["state"])  # (an estimate first, where the worker is short of time)
        expect(page.locator("#fgi-win-title")).to_have_text(
            f"Für den Sieg (Siegchance jetzt {written(100 * winning['chance'])} %):", timeout=30_000)
        lines = page.locator("#fgi-win-list li").all_text_contents()
        assert len(lines) == len(winning["options"]) and "am besten" in lines[0]
        assert f"Siegchance {written(100 * winning['options'][-1]['win'])} %" in lines[-1]
        advised += 1
        top = expected["options"][0]["action"]  # follow the advice through the page's buttons
        if top["type"] == "set_aside":
            choose(page, top["dice"])
            then = expected["options"][0]["then"]
            button = page.locator("#fgi-roll" if then == "roll" else "#fgi-stop")
            click_and_wait(page, button, actions=2)
        else:
            click_and_wait(page, page.locator("#fgi-roll" if top["type"] == "roll" else "#fgi-stop"))
    assert advised >= 2
    assert len(game(page)["state"]["pad"][1]) == 1  # the computer played its turn


ADVISED_ASIDE = re.compile(r"^(\d) × (\d) beiseitelegen \(die Würfel ([A-Z, ]+)\), dann (würfeln|aufhören): ")


def advised_dice(page, count: int, number: int, kinds: list[str]) -> list[int]:
    """The slots of dice the page labels as showing `number` on dice of these kinds, found by their labels."""
    slots = []
    for kind in set(kinds):
        labelled = page.locator(f'#fgi-hand button.die[aria-label="{kind}-Würfel zeigt {number}"]')
        found = labelled.evaluate_all("bs => bs.map(b => Number(b.dataset.slot))")
        assert len(found) >= kinds.count(kind)
        slots += found[:kinds.count(kind)]
    assert len(slots) == count
    return slots


def test_a_turn_played_by_what_the_advice_says_is_reviewed_as_best(shared_page):
    """The advice names which dice to set aside by the syllables they carry, which every die shows: following
    its words alone, through the page, plays the best turn."""
    page = shared_page
    fixed_seed(page, 5)  # (a game whose first turn, played as advised, sets dice aside)
    start_game(page, ["Ida"])
    asides = 0
    for turn in range(6):  # until a turn has set dice aside as advised
        click_and_wait(page, page.get_by_role("button", name=ROLL))
        labels = page.locator("#fgi-hand button.die").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
        shown = game(page)["view"]["turn"]
        assert labels == [f"{shown['dice'][slot]['kind']}-Würfel zeigt {shown['dice'][slot]['face']}"
                          for slot in shown["hand"]]  # the hand holds numbers only: syllables go aside at once
        while game(page)["view"]["turn"]["rolls"]:
            page.get_by_role("button", name=ADVICE).click()
            page.wait_for_selector("#fgi-advice-list li.best")
            best = page.locator("#fgi-advice-list li.best").first.text_content()
            aside = ADVISED_ASIDE.match(best)
            if aside:
                count, number, kinds, then = aside.groups()
                choose(page, advised_dice(page, int(count), int(number), kinds.split(", ")))
                click_and_wait(page, page.locator("#fgi-roll" if then == "würfeln" else "#fgi-stop"), actions=2)
                asides += 1
            else:
                assert re.match(r"^(Würfeln|Alle neun wieder aufnehmen und würfeln|Aufhören): im Mittel", best), best
                click_and_wait(page, page.locator("#fgi-stop" if best.startswith("Aufhören") else "#fgi-roll"))
        review = page.locator("#fgi-review")
        review.wait_for(state="visible")
        page.wait_for_function("document.querySelector('#fgi-review').textContent !== ''")
        assert re.fullmatch(r"Ida: Entscheidungen dieser Runde \(\d+\) – jede war die beste\.", review.text_content())
        if asides:
            break
    assert asides


def test_with_real_dice_the_advice_counts_on_syllables_nobody_sees(shared_page):
    """Typed-in faces do not say which die showed a number: the dice show no syllables, and the advice (points
    and, for two, the chances of winning) is the real-dice solution's, naming no dice."""
    page = shared_page
    start_game(page, ["Ida", "Ole"], physical=True)
    page.get_by_role("button", name=ROLL).click()
    entry = page.get_by_role("group", name="Augen eingeben")
    for face in ["4", "4", "4", "1", "2", "3", "5", "GET", "IT"]:
        entry.get_by_role("button", name=f"{face} eintragen").click()
    click_and_wait(page, page.get_by_role("button", name="Eintragen", exact=True))
    labels = page.locator("#fgi-hand button.die").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert sorted(labels) == [f"Würfel zeigt {face}" for face in (1, 2, 3, 4, 4, 4, 5)]
    page.get_by_role("button", name=ADVICE).click()
    page.wait_for_selector("#fgi-advice-list li.best")
    lines = page.locator("#fgi-advice-list li").all_text_contents()
    expected = engine.hint(game(page)["state"])
    assert expected["best"] != engine.hint(dict(game(page)["state"], options={"physical": False, "computer": []}))["best"]
    assert len(lines) == len(expected["options"])
    assert lines[0] == f"3 × 4 beiseitelegen, dann würfeln: im Mittel {written(expected['best'])} Punkte – am besten"
    assert not any("(die Würfel" in line for line in lines)
    page.wait_for_selector("#fgi-win-list li.best")  # the chances of winning, from the real-dice table
    winning = engine.advice(game(page)["state"])
    expect(page.locator("#fgi-win-title")).to_have_text(
        f"Für den Sieg (Siegchance jetzt {written(100 * winning['chance'])} %):", timeout=30_000)


def test_with_real_dice_a_typed_roll_can_be_corrected_face_by_face_and_after_it_is_entered(shared_page):
    page = shared_page
    start_game(page, ["Ida", "Ole"], physical=True)
    page.get_by_role("button", name=ROLL).click()
    entry = page.get_by_role("group", name="Augen eingeben")
    for face in ["4", "4", "4", "1", "2", "3", "5", "GET", "IT"]:
        entry.get_by_role("button", name=f"{face} eintragen").click()
    assert page.locator("#fgi-entry-prompt").text_content().endswith("(9 von 9)")
    page.get_by_role("button", name="IT wieder herausnehmen").click()  # one face out again: 8 of 9
    assert page.locator("#fgi-entry-prompt").text_content().endswith("(8 von 9)")
    entry.get_by_role("button", name="5 eintragen").click()
    click_and_wait(page, page.get_by_role("button", name="Eintragen", exact=True))
    entered = game(page)["record"]["actions"][-1]["faces"]
    assert sorted(map(str, entered)) == sorted(["4", "4", "4", "1", "2", "3", "5", "GET", "5"])
    dimmed = page.locator("#fgi-hand button.die.unsettable").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert sorted(label.split()[-1] for label in dimmed) == ["1", "2", "3"]  # no pair: not to be set aside first
    # A face typed wrongly stays correctable until the next action: undo opens the roll's faces again.
    page.get_by_role("button", name="Rückgängig").click()
    page.wait_for_function("wortwurf.game().record.actions.length === 0")
    assert page.locator("#fgi-entry-prompt").text_content().endswith("(9 von 9)")
    page.get_by_role("button", name="GET wieder herausnehmen").click()
    entry.get_by_role("button", name="IT eintragen").click()
    click_and_wait(page, page.get_by_role("button", name="Eintragen", exact=True))
    assert "IT" in game(page)["record"]["actions"][-1]["faces"] and "GET" not in game(page)["record"]["actions"][-1]["faces"]


def test_all_nine_set_aside_is_said_with_the_choice_it_leaves(shared_page):
    page = shared_page
    start_game(page, ["Ida", "Ole"], physical=True)
    page.get_by_role("button", name=ROLL).click()
    entry = page.get_by_role("group", name="Augen eingeben")
    for _ in range(9):
        entry.get_by_role("button", name="3 eintragen").click()
    # a die tapped the moment the entered dice are drawn, their save still on its way, is taken, not lost
    page.evaluate("""() => {
        const hand = document.getElementById("fgi-hand");
        const drawn = new MutationObserver(() => {
            const dice = hand.querySelectorAll("button.die");
            if (dice.length < 9) return;
            drawn.disconnect();
            window.tappedWhileSaving = document.getElementById("forgetit").hasAttribute("aria-busy");
            dice[0].click();  // a number's first tap takes all its dice: all nine
        });
        drawn.observe(hand, { childList: true, subtree: true });
    }""")
    click_and_wait(page, page.get_by_role("button", name="Eintragen", exact=True))
    wait_idle(page)
    assert page.evaluate("window.tappedWhileSaving") is True
    assert len(pressed(page)) == 9
    click_and_wait(page, page.get_by_role("button", name="Beiseitelegen und würfeln"))
    points, name = game(page)["view"]["turn"]["stop_score"], game(page)["view"]["players"][game(page)["view"]["current"]]
    assert page.locator("#fgi-message").text_content() == (
        f"Alle neun liegen beiseite! {name}: mit {points} Punkten aufhören – oder alle neun wieder aufnehmen und weiterwürfeln.")
    page.locator("#fgi-entry").get_by_role("button", name="Abbrechen").click()  # real dice: not rolled after all
    assert page.get_by_role("button", name=f"Aufhören: {points} Punkte").is_enabled()
