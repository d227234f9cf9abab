"""DICEWORDS and FOR-GET-IT at one table of several phones (issue 36): every phone shows the dice, the pad and
the log as the host's view has them; the player on turn rolls, keeps and declares on their own phone, the
others say whose turn it is and where. Phones are linked as in test_table_site.py."""

from __future__ import annotations

import re

import pytest
from pages import game, start_game, wait_idle
from playwright.sync_api import expect
from test_dicewords_site import ROLL_WITH_JOKER
from test_table_site import PHONE, link, phones  # noqa: F401  (phones: the fixture)

pytestmark = pytest.mark.browser

ELSEWHERE = "{} ist dran – an einem anderen Gerät."
DW_ROLL = re.compile(r"^(.+ würfelt|Nochmal würfeln \(noch \d\))$")
DW_DECLARE = re.compile("^Werten: ")


def on_phones(*seats, target=None):
    """A setup with `seats` on their own phones (and DICEWORDS' `target`)."""
    def setup(page):
        if target is not None:
            page.get_by_role("spinbutton", name=re.compile("^Ziel")).fill(str(target))
        for seat in seats:
            page.locator("#player-list select.seat").nth(seat).select_option("phone")
    return setup


def act(host, locator, actions=1) -> None:
    """Click on whichever phone; the host's record takes the action(s) (a guest's record holds none)."""
    before = len(game(host)["record"]["actions"])
    locator.click()
    host.wait_for_function(f"wortwurf.game().record.actions.length >= {before + actions}")


def synced(host, pages) -> dict:
    """Every page draws the host's view (a guest's is its seat's, which in these games is the table's) and
    runs no piece of work (a die tapped while it does is not taken: a full run failed on it)."""
    view = game(host)["view"]
    for page in pages:
        page.wait_for_function("v => JSON.stringify(wortwurf.game()?.view) === JSON.stringify(v)", arg=view)
        wait_idle(page)
    return view


def same_on_every_page(pages, script) -> None:
    """What `script` reads of each page is the same on all of them (and not empty)."""
    read = [page.evaluate(script) for page in pages]
    assert read[0] and all(other == read[0] for other in read[1:]), read


def labels(selector):
    return f"[...document.querySelectorAll('{selector}')].map(e => e.getAttribute('aria-label'))"


LAST_LOG_LINE = "(sel => document.querySelector(sel)?.textContent ?? '')"


def others_wait(pages, seat, names, player, roll) -> None:
    """The phones not `seat`'s say whose turn it is and where, and cannot roll for them."""
    for other, page in enumerate(pages):
        if other != seat:
            page.locator(player).filter(has_text=ELSEWHERE.format(names[seat])).wait_for()
            assert page.locator(roll).is_disabled()


# --- DICEWORDS --------------------------------------------------------------------------------------------


def dw_turn(host, pages, seat, names, keep) -> None:
    """`seat` rolls on its own page (keeping its first die for a second roll with `keep`), asks for the best
    word and declares it (or passes); every page then shows the same dice, pad and log."""
    page = pages[seat]
    others_wait(pages, seat, names, "#dw-player", "#dw-roll")
    assert page.locator("#dw-player").text_content() == f"{names[seat]} ist dran"
    act(host, page.get_by_role("button", name=f"{names[seat]} würfelt"))
    view = synced(host, pages)
    same_on_every_page(pages, labels("#dw-dice button.die"))
    if keep:
        page.locator("#dw-dice button[data-hold]").first.click()
        act(host, page.get_by_role("button", name=DW_ROLL))
        after = synced(host, pages)
        assert after["turn"]["dice"][0]["face"] == view["turn"]["dice"][0]["face"]
        assert after["events"][0]["rolled"] == list(range(1, len(view["turn"]["dice"])))
        same_on_every_page(pages, labels("#dw-dice button.die"))
    page.get_by_role("button", name="Bestes Wort?").click()
    page.wait_for_function("document.querySelector('#dw-hint').textContent !== ''")
    declare = page.get_by_role("button", name=DW_DECLARE)
    act(host, declare if declare.count() else page.get_by_role("button", name="Passen", exact=True))
    synced(host, pages)
    same_on_every_page(pages, "document.getElementById('dw-pad').textContent")
    same_on_every_page(pages, "document.getElementById('dw-message').textContent")
    same_on_every_page(pages, "document.querySelector('#dw-log li:last-child')?.textContent")


def test_dicewords_across_three_phones_each_rolling_and_declaring_on_its_own(phones):
    host = phones(seed=3)
    names = ["Ada", "Bea", "Cem"]
    start_game(host, names, game_id="dicewords", setup=on_phones(1, 2, target=1000))
    pages = [host, link(host, phones, "Bea", "#dicewords"), link(host, phones, "Cem", "#dicewords")]
    for guest in pages[1:]:
        assert game(guest)["state"] == {"remote": True}
        assert guest.locator("#dw-undo").is_hidden()  # the host takes nothing back for a guest
    for turn in range(6):
        dw_turn(host, pages, turn % 3, names, keep=turn in (1, 3))
    assert [len(column) for column in game(host)["state"]["pad"]] == [2, 2, 2]
    assert [page.locator("#dw-pad tbody tr").count() for page in pages] == [3, 3, 3]  # two rounds and the sum


def test_dicewords_real_dice_entered_on_the_guest_s_own_phone(phones):
    """With real dice, the person on turn enters the faces on their own phone; the host's engine takes them."""
    host = phones(seed=3)
    start_game(host, ["Ada", "Bea"], game_id="dicewords", physical=True, setup=on_phones(1, target=1000))
    bea = link(host, phones, "Bea", "#dicewords")
    for seat, page in enumerate([host, bea]):
        others_wait([host, bea], seat, ["Ada", "Bea"], "#dw-player", "#dw-roll")
        page.get_by_role("button", name=f"{['Ada', 'Bea'][seat]} würfelt").click()
        entry = page.locator("#dw-entry")
        for colour, face in ROLL_WITH_JOKER.items():
            entry.get_by_role("combobox", name=re.compile(f"^{colour} ")).select_option(face)
        act(host, entry.get_by_role("button", name="Eintragen"))
        assert sorted(game(host)["state"]["turn"]["faces"]) == sorted(ROLL_WITH_JOKER.values())
        synced(host, [host, bea])
        same_on_every_page([host, bea], labels("#dw-dice button.die"))
        if seat == 0:
            act(host, host.get_by_role("button", name="Passen", exact=True))
    bea.get_by_role("textbox", name="Wort tippen").fill("reich")
    act(host, bea.get_by_role("button", name=DW_DECLARE))
    assert game(host)["record"]["actions"][-1]["type"] == "declare"
    for page in (bea, host):  # (the host's record has it before the guest hears back: a wait on each)
        page.locator("#dw-message").filter(has_text=re.compile("^Bea legt REICH")).wait_for()


def test_a_guest_s_long_search_holds_none_of_the_host_s_calls_nor_the_guest_s_actions(phones):
    """(Seed 9: a first roll whose keep advice, weighed to its end, takes seconds: here it has 3.) A guest's "Was
    behalten?" runs on the host's search worker and holds no request after it: while it works, the host's engine
    answers its own calls, an action of the guest's is answered (refused: no such die), and the advice comes in
    the end."""
    host = phones(seed=9)
    start_game(host, ["Ada", "Bea"], game_id="dicewords", setup=on_phones(0))
    ada = link(host, phones, "Ada", "#dicewords")
    host.evaluate("window.wortwurf.searchReady()")
    host.evaluate("window.wortwurf.searchSeconds(3)")
    act(host, ada.get_by_role("button", name="Ada würfelt"))
    synced(host, [host, ada])
    ada.get_by_role("button", name="Was behalten?").click()
    badge = ada.locator("#searching")
    expect(badge).to_be_visible()
    state = game(host)["state"]
    assert host.evaluate("(state) => window.wortwurf.engine('view', state, 1).then(() => true)", state)
    assert ada.evaluate("wortwurf.act({type: 'roll', keep: [99]}).then(() => 'taken', (e) => e.code)") == "bad_dice"
    expect(badge).to_be_visible()  # (the host answered both while the guest's search went on)
    expect(ada.locator("#dw-advice-list li").first).to_be_visible(timeout=20_000)
    assert [action["type"] for action in game(host)["record"]["actions"]] == ["roll"]


# --- FOR-GET-IT -------------------------------------------------------------------------------------------


def fgi_turn(host, pages, seat, names) -> None:
    """`seat` rolls on its own page, then sets aside the first number it may and stops (or stops at once);
    every page follows each step."""
    page = pages[seat]
    others_wait(pages, seat, names, "#fgi-player", "#fgi-roll")
    act(host, page.get_by_role("button", name=f"{names[seat]} würfelt"))
    view = synced(host, pages)
    same_on_every_page(pages, labels("#fgi-hand button.die, #fgi-hand .die"))
    if view["current"] != seat:  # FOR, GET and IT all fell: the turn is over
        return
    settable = view["turn"]["settable"]
    if settable:
        page.locator(f'#fgi-hand button.die[data-slot="{settable[0]}"]').click()
        stop = page.get_by_role("button", name=re.compile("^Beiseitelegen und aufhören"))
        act(host, stop, actions=2)
    else:
        act(host, page.get_by_role("button", name=re.compile("^Aufhören")))
    synced(host, pages)
    same_on_every_page(pages, "document.getElementById('fgi-pad').textContent")
    same_on_every_page(pages, "document.getElementById('fgi-message').textContent")
    same_on_every_page(pages, "document.querySelector('#fgi-log li:last-child')?.textContent")


def test_forgetit_host_and_guest_each_on_their_own_phone(phones):
    host = phones(seed=5)
    names = ["Ada", "Bea"]
    start_game(host, names, game_id="forgetit", setup=on_phones(1))
    bea = link(host, phones, "Bea", "#forgetit")
    pages = [host, bea]
    assert bea.locator("#fgi-undo").is_hidden()
    for _ in range(4):  # (the first to roll is drawn by lot)
        fgi_turn(host, pages, game(host)["view"]["current"], names)
    assert [len(column) for column in game(host)["state"]["pad"]] == [2, 2]


def test_forgetit_real_dice_entered_on_the_guest_s_own_phone(phones):
    """With real dice, each enters the faces of their roll on their own phone, then sets aside and stops."""
    host = phones(seed=6)
    names = ["Ada", "Bea"]
    start_game(host, names, physical=True, setup=on_phones(1))
    pages = [host, link(host, phones, "Bea", "#forgetit")]
    for _ in pages:
        seat = game(host)["view"]["current"]
        page = pages[seat]
        others_wait(pages, seat, names, "#fgi-player", "#fgi-roll")
        page.get_by_role("button", name=f"{names[seat]} würfelt").click()
        for face in (3, 3, 3, 1, 2, 4, 5, "FOR", "GET"):
            page.locator("#fgi-entry").get_by_role("button", name=f"{face} eintragen", exact=True).click()
        act(host, page.locator("#fgi-entry").get_by_role("button", name="Eintragen", exact=True))
        synced(host, pages)
        same_on_every_page(pages, labels("#fgi-hand button.die"))
        page.locator("#fgi-hand").get_by_role("button", name="Würfel zeigt 3").first.click()
        act(host, page.get_by_role("button", name=re.compile("^Beiseitelegen und aufhören")), actions=2)
        synced(host, pages)
    assert [column[0]["points"] for column in game(host)["state"]["pad"]] == [9, 9]
    same_on_every_page(pages, "document.getElementById('fgi-pad').textContent")
