"""Accessibility: axe-core's WCAG 2.0/2.1 A and AA rules on every screen as players reach it.

axe-core is a test-only dependency: build.axe_script() takes axe.min.js from the pinned npm package
(fetched with `npm pack`, integrity-checked, cached in .cache/); it never ships in dist/. Each check
injects it into the page (the tests' browser contexts bypass the site's policy for this) and runs it on
the whole document as it stands, so hidden screens do not count and whatever is showing does.

The tests share one started page (conftest's shared_page: a page's start is over a second of CPU), each
from the menu; what earlier tests saved stays (start_game answers the page's "replace?"). Every game a test
starts is given the seed it had when each test had a page of its own, whose games got the seeds 2, 3, 4, ...
in turn: the same rolls and deals every run (the advice asked for mid-game always weighs the same rolls, some
rolls take it many seconds; TYP-DOM's first deal gives Ada a joker).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from pages import PHYSICAL, click_and_wait, fixed_seed, game, start_game, wait_idle

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import build  # noqa: E402

pytestmark = pytest.mark.browser

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FGI_ROLL = re.compile(r"^(Würfeln|.+ würfelt)$")
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def page(shared_page):
    """The module's shared page (conftest), on the menu in German at its first size; seeds are set per game
    (fixed_seed), as said above."""
    return shared_page


@pytest.fixture(scope="module")
def axe_source() -> str:
    return build.axe_script()


class Axe:
    """Runs axe on the page and gathers what each screen violates, to report all screens at once."""

    def __init__(self, page, source: str):
        self.page = page
        self.source = source
        self.found: list[str] = []

    def check(self, screen: str) -> None:
        if not self.page.evaluate("typeof window.axe === 'object'"):
            self.page.add_script_tag(content=self.source)
        violations = self.page.evaluate(
            "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}})).violations"
            ".map(v => ({id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map(n => n.target.join(' '))}))",
            WCAG,
        )
        for v in violations:
            self.found.append(f"{screen}: {v['id']} ({v['impact']}) {v['help']} -> {v['targets']}")

    def assert_clean(self) -> None:
        assert not self.found, f"{len(self.found)} accessibility violations:\n" + "\n".join(self.found)


@pytest.fixture
def axe(page, axe_source):
    return Axe(page, axe_source)


def test_axe_is_a_test_input_only(site_url, axe_source):
    assert axe_source.startswith("/*! axe v4.14.1")
    head = axe_source[:40].encode()
    shipped = [path for path in build.DIST.rglob("*") if path.is_file() and head in path.read_bytes()]
    assert not any("axe" in path.name for path in build.DIST.rglob("*")) and not shipped


def back_to_menu(page) -> None:
    page.locator("section.screen:not([hidden])").get_by_role(
        "button", name=re.compile("^(Zurück|Menü|Back|Menu)$")).first.click()
    page.locator("#menu").wait_for(state="visible")


def test_menu_setups_rules_dictionaries_and_about(page, axe):
    axe.check("menu")
    for game_id in ("forgetit", "dicewords", "frigiti", "typdom"):
        card = page.locator(f'.game-card[data-game="{game_id}"]')
        card.get_by_role("button", name=re.compile("^(Regeln|Rules)$")).click()
        page.locator("#rules").wait_for(state="visible")
        axe.check(f"rules of {game_id}")
        back_to_menu(page)
        card.get_by_role("button", name=re.compile("^(Neues Spiel|New game)$")).click()
        page.locator("#setup").wait_for(state="visible")
        if game_id == "typdom":  # the Point variant's options too
            page.get_by_label("Spielart").select_option("point")
        axe.check(f"setup of {game_id}")
        back_to_menu(page)
    page.get_by_role("button", name="Wörterbuch", exact=True).click()
    box = page.get_by_role("textbox", name="Wort")
    box.fill("geht")
    box.press("Enter")
    page.locator("#dictionary-result").get_by_text("GEHT steht im Wörterbuch.").wait_for()
    axe.check("dictionary with a word looked up")
    back_to_menu(page)
    page.get_by_role("button", name="Frigiti-Wörterbuch").click()
    page.locator("#collection").wait_for(state="visible")
    axe.check("Frigiti dictionary")
    back_to_menu(page)
    page.get_by_role("button", name="Über Wortwurf").click()
    page.locator("#about").wait_for(state="visible")
    axe.check("about")
    page.get_by_role("button", name="EN", exact=True).click()
    back_to_menu(page)
    axe.check("menu in English")
    axe.assert_clean()


def with_computer(page, seat: int = 1) -> None:
    page.locator("#player-list select.seat").nth(seat).select_option("3")


def forgetit_mid_game(page, axe, screen: str, names: list[str], advice: bool = True) -> None:
    """FOR-GET-IT against the computer: rolled, a group of dice chosen, the advice open (and with two
    players the chances of winning) if asked for, the log open. Seed 2: a test's first game."""
    fixed_seed(page, 2)
    start_game(page, names, setup=with_computer)
    axe.check(f"{screen} before a roll")
    click_and_wait(page, page.get_by_role("button", name=FGI_ROLL))
    if advice:
        page.get_by_role("button", name=re.compile(r"^(Was wäre am besten\?|What would be best\?)$")).click()
        page.wait_for_selector("#fgi-advice-list li.best")
        if len(names) == 2:
            page.wait_for_selector("#fgi-win-list li.best")
    page.locator("#fgi-hand button.die").first.click()
    page.locator("#forgetit details.log summary").click()
    axe.check(f"{screen} after a roll" + " with the advice open" * advice)


def dicewords_mid_game(page, axe, screen: str, names: list[str], advice: bool = True) -> None:
    """DICEWORDS against the computer: rolled, the keep advice open if asked for, a die held and one laid,
    the best word asked for, the dice table and the log open. Seed 3: a test's second game."""
    fixed_seed(page, 3)
    start_game(page, names, game_id="dicewords", setup=with_computer)
    axe.check(f"{screen} before a roll")
    click_and_wait(page, page.get_by_role("button", name=re.compile(f"^({names[0]} würfelt|Würfeln)$")))  # (one person: spoken to)
    if advice:
        page.get_by_role("button", name="Was behalten?").click()
        page.wait_for_selector("#dw-advice-list li.best")
    page.locator("#dw-dice").get_by_role("button", name=re.compile(r"halten$")).first.click()
    page.locator("#dw-dice li button.die").first.click()
    page.get_by_role("button", name="Bestes Wort?").click()
    page.wait_for_function("document.querySelector('#dw-hint').textContent !== ''")
    page.locator("#dicewords details.dice-table summary").click()
    page.locator("#dicewords details.log summary").click()
    axe.check(f"{screen} after a roll" + " with the advice open" * advice)


def test_forgetit_and_dicewords_mid_game(page, axe):
    forgetit_mid_game(page, axe, "FOR-GET-IT", ["Ada", "Bot"])
    back_to_menu(page)
    dicewords_mid_game(page, axe, "DICEWORDS", ["Ada", "Bot"])
    axe.assert_clean()


def test_forgetit_and_dicewords_on_a_phone_at_a_full_table(page, axe):
    """Six players: the pads are wider than a phone and scroll sideways. (The advice, the same markup at any
    width, is checked in the test above: asked for here it only costs its search.)"""
    names = ["Ada", "Bot", "Cleo", "Dan", "Eva", "Finn"]
    page.set_viewport_size(PHONE)  # (the shared page is given back at its first size before the next test)
    axe.check("menu on a phone")
    forgetit_mid_game(page, axe, "FOR-GET-IT on a phone", names, advice=False)
    back_to_menu(page)
    dicewords_mid_game(page, axe, "DICEWORDS on a phone", names, advice=False)
    axe.assert_clean()


def test_typdom_pass_and_play_screens_with_a_joker(page, axe):
    from test_typdom_site import setup_typdom, tap_cell, wait_for_turn
    from wortwurf.games.typdom.moves import moves

    fixed_seed(page, 2)  # (its first deal gives Ada a joker)
    start_game(page, ["Ada", "Bo"], game_id="typdom", setup=setup_typdom("point", [0, 0]))
    page.locator("#td-pass").wait_for(state="visible")
    axe.check("TYP-DOM pass screen")
    page.get_by_role("button", name="Ich bin Ada").click()
    axe.check("TYP-DOM pass screen, asking to confirm")
    page.get_by_role("button", name="Ja, Plättchen zeigen").click()
    wait_for_turn(page, 0)
    axe.check("TYP-DOM play screen")
    joker = next(item for move in moves(game(page)["state"], 0) for item in move["tiles"] if "letter" in item)
    page.locator(f'#td-rack [data-tile="{joker["tile"]}"]').click()
    tap_cell(page, joker["row"], joker["col"])
    page.locator("#td-joker").wait_for(state="visible")
    axe.check("TYP-DOM joker dialog")
    page.locator("#td-joker").get_by_role("button", name="Abbrechen").click()
    page.get_by_role("button", name="Möglicher Zug?").click()
    page.wait_for_function("document.getElementById('td-message').textContent.startsWith('Zum Beispiel')")
    page.wait_for_function("document.querySelectorAll('#td-words li').length > 0")
    axe.check("TYP-DOM play screen with a possible move laid")
    axe.assert_clean()


def test_presto_pass_race_refusal_deal_end_and_the_shared_deal_dialog(page, axe):
    fixed_seed(page, 2)
    start_game(page, ["Ada", "Bo"], game_id="presto", setup=lambda p: p.get_by_label("Bo spielt").select_option("3"))
    axe.check("Presto pass screen")
    page.get_by_role("button", name="Los, Ada!").click()
    page.locator("#pr-race").wait_for()
    hand = game(page)["view"]
    tile = page.locator("#pr-hand .rack-tile").first
    tile.click()
    page.locator("#pr-board").focus()
    page.keyboard.press("Enter")  # the selected tile onto the cursor's cell
    page.wait_for_function("document.querySelectorAll('#pr-hand .rack-tile').length === 18")
    page.get_by_role("button", name="Fertig!").click()
    page.wait_for_function("document.getElementById('pr-problem').textContent !== ''")
    axe.check("Presto race with a refusal")
    page.get_by_role("button", name="Aufgeben").click()
    page.get_by_role("button", name="Aufgeben").click()
    page.locator("#pr-deal").wait_for(timeout=120_000)
    axe.check("Presto deal's end")
    page.get_by_role("button", name="Menü").click()
    page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Mit mehreren Handys").click()
    axe.check("Presto shared deal dialog")
    assert hand["hands"] == {}  # (the table's view never held a hand)
    axe.assert_clean()


def test_wer_behaelt_recht_pass_and_play_screens_with_a_verdict(page, axe):
    fixed_seed(page, 2)
    start_game(page, ["Ada", "Bo"], game_id="bluff")
    page.locator("#bl-pass").wait_for(state="visible")
    axe.check("Wer behält recht? pass screen")
    page.locator("#bl-pass-show").click()
    page.locator("#bl-play").wait_for(state="visible")
    page.locator("#bl-rack .rack-tile").first.click()
    page.locator("#bl-board").focus()
    page.keyboard.press("Enter")
    page.locator("#bl-announce").fill("QXQ")
    page.wait_for_function("document.getElementById('bl-verdict').textContent !== ''")
    axe.check("Wer behält recht? play screen with a verdict")
    axe.assert_clean()


def test_real_dice_entry_the_dicewords_joker_and_a_final_score(page, axe):
    from test_dicewords_site import ROLL_WITH_JOKER, declare_best_or_pass, die, enter_roll, roll

    fixed_seed(page, 2)
    start_game(page, ["Ada"], physical=True)
    page.get_by_role("button", name=FGI_ROLL).click()
    page.locator("#fgi-entry").wait_for(state="visible")
    faces = ["3", "3", "3", "1", "2", "4", "5", "FOR", "GET"]
    for face in faces[:3]:
        page.get_by_role("button", name=f"{face} eintragen").click()
    axe.check("FOR-GET-IT entering real dice")
    for face in faces[3:]:
        page.get_by_role("button", name=f"{face} eintragen").click()
    click_and_wait(page, page.get_by_role("button", name="Eintragen", exact=True))
    page.locator('#fgi-hand button.die[aria-label="Würfel zeigt 3"]').first.click()  # takes all three
    click_and_wait(page, page.get_by_role("button", name=re.compile(r"^Beiseitelegen und aufhören: ")), actions=2)
    page.wait_for_function("document.querySelector('#fgi-review').textContent !== ''")
    axe.check("FOR-GET-IT between turns, the last turn's dice on the table")
    back_to_menu(page)
    fixed_seed(page, 3)
    start_game(page, ["Ada", "Bo"], physical=True, game_id="dicewords")
    page.get_by_role("button", name="Ada würfelt").click()
    page.locator("#dw-entry").wait_for(state="visible")
    axe.check("DICEWORDS entering real dice")
    enter_roll(page, ROLL_WITH_JOKER)
    for colour in ("Rot", "Orange", "Dunkelblau"):  # K R I: refused by the lexicon, then overruled
        die(page, colour).click()
    page.get_by_role("textbox", name="Wort tippen").fill("kri")
    click_and_wait(page, page.get_by_role("button", name=re.compile("^Werten: ")))
    page.locator("#dw-overrule").wait_for(state="visible")
    axe.check("DICEWORDS a refused word, to overrule")
    page.get_by_role("button", name="Bo würfelt").click()
    enter_roll(page, ROLL_WITH_JOKER)
    die(page, "Silber").click()
    page.get_by_role("dialog").wait_for(state="visible")
    axe.check("DICEWORDS joker dialog")
    page.get_by_role("dialog").get_by_role("button", name="Abbrechen").click()
    back_to_menu(page)

    def solo_to_50(page):
        page.get_by_role("checkbox", name=PHYSICAL).uncheck()
        page.get_by_role("spinbutton", name="Ziel (Punkte)").fill("50")
    fixed_seed(page, 4)
    start_game(page, ["Ada"], game_id="dicewords", setup=solo_to_50)
    while not game(page)["view"]["over"]:
        roll(page)
        declare_best_or_pass(page)
    page.locator("#dw-result").wait_for(state="visible")
    axe.check("DICEWORDS final score")
    axe.assert_clean()


def test_frigiti_through_a_round(page, axe):
    from test_frigiti_site import DE, judge_all, read_all, unlock, view

    names = ["Karen", "Peter", "Fred", "Andrea"]
    fixed_seed(page, 2)
    start_game(page, names, game_id="frigiti")
    axe.check("Frigiti: a new round")
    click_and_wait(page, page.locator("#fr-roll"))
    wait_idle(page)  # (a die tapped while the roll is still drawn is not laid)
    for i in range(3):
        page.locator("#fr-dice button").nth(i).click()
    axe.check("Frigiti: rolled, a word being laid")
    page.locator("#fr-dice button").nth(3).click()
    page.get_by_role("button", name=re.compile("^" + re.escape(DE["take"]))).click()
    page.wait_for_function("wortwurf.game().view.phase !== 'create' || !document.querySelector('#fr-anyway').hidden")
    if page.get_by_role("button", name=DE["anyway"]).is_visible():  # the word exists: kept anyway
        axe.check("Frigiti: the word exists, keep it anyway?")
        click_and_wait(page, page.get_by_role("button", name=DE["anyway"]))
    axe.check("Frigiti: the word taken, the pass screen for the writers")
    current = view(page)
    writer = next(p for p in current["order"] if not current["written"][p])
    page.get_by_role("button", name=DE["me"].format(names[writer])).click()
    axe.check("Frigiti: the pass screen asking to confirm")
    page.get_by_role("button", name=DE["show"]).click()
    page.locator("#fr-write").wait_for(state="visible")
    axe.check("Frigiti: writing a definition")
    for count in range(len(names)):
        if count:
            current = view(page)
            unlock(page, current["players"][next(p for p in current["order"] if not current["written"][p])],
                   DE, "#fr-write")
        page.locator("#fr-definition").fill(f"Eine Erklärung, Nummer {count}")
        click_and_wait(page, page.get_by_role("button", name=DE["hand_in"]))
    current = view(page)
    unlock(page, current["players"][current["reader"]], DE, "#fr-read", private=False)
    axe.check("Frigiti: reading the definitions out")
    click_and_wait(page, page.get_by_role("button", name=DE["keyword"]))
    read_all(page, DE)
    current = view(page)
    judge = next(p for p in current["order"] if not current["judged"][p])
    unlock(page, current["players"][judge], DE, "#fr-judge")
    for i in range(2):  # the two meanings a judge marks
        page.locator("#fr-judge-options button:enabled").nth(i).click()
    axe.check("Frigiti: marking the right meaning")
    click_and_wait(page, page.get_by_role("button", name=DE["mark"]))
    judge_all(page, DE)
    page.locator("#fr-reveal").wait_for(state="visible")
    for summary in page.locator("#frigiti details summary").all():
        summary.click()
    axe.check("Frigiti: the round revealed, sheet and log open")
    axe.assert_clean()
