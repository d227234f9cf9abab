"""One table, several phones (issue 36): a host and guests, each in a browser context of its own (its own
storage, its own WebRTC stack), linked by the codes the phones exchange; here the codes are handed over as
the text the host's dialog and the guest's join screen show (test_table_camera_site.py reads one through a
camera). Each guest plays its seat through real taps on its own page; the host's engine takes only what is
that seat's to do."""

from __future__ import annotations

import pytest
from conftest import PageWatch
from pages import click_and_wait, fixed_seed, game, start_game
from test_typdom_site import setup_typdom, tap_tiles
from wortwurf.games.typdom.moves import moves

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phones(browser, site_url):
    """`phone(address)`: a new phone (a browser context) showing `address` (the site's by default)."""
    made = []

    def phone(address=site_url):
        context = browser.new_context(locale="de-DE", reduced_motion="reduce", bypass_csp=True, viewport=PHONE)
        watch = PageWatch(site_url)
        context.on("request", watch.request)
        context.on("console", watch.console)
        context.on("weberror", lambda error: watch.errors.append(str(error.error)))
        made.append((context, watch))
        page = context.new_page()
        page.goto(address)
        page.evaluate("wortwurf.ready")
        return page

    yield phone
    for context, watch in made:
        context.close()
        assert watch.foreign == [], f"requests left the origin: {watch.foreign}"
        assert watch.errors == [], f"console errors: {watch.errors}"


def seats_on_phones(players, *seats):
    """A TYP-DOM Kreuzwort setup of `players` people, `seats` of them on their own phones."""
    def setup(page):
        setup_typdom("kreuzwort", [0] * players)(page)
        for seat in seats:
            page.locator("#player-list select.seat").nth(seat).select_option("phone")
    return setup


def link(host, phone, name):
    """The host shows `name`'s code; a new phone opens it (as a camera app opens the QR code's address) and
    shows its answer, which the host takes. Returns the guest's page, showing the game."""
    host.get_by_role("button", name=f"Code für {name}").click()
    host.wait_for_function("document.getElementById('link-code').textContent.includes('#j')")
    guest = phone(host.locator("#link-code").text_content())
    guest.wait_for_function("document.getElementById('join-answer-code').textContent !== ''")
    host.locator("#link-answer").fill(guest.locator("#join-answer-code").text_content())
    host.get_by_role("button", name="Übernehmen").click()
    host.locator("#table-seats").get_by_text(f"{name} ist verbunden.").wait_for()
    guest.locator("#typdom").wait_for(state="visible")
    return guest


def rack(page) -> list[int]:
    return page.locator("#td-rack .rack-tile").evaluate_all("ts => ts.map(t => Number(t.dataset.tile))")


def play_turn(host, page, seat) -> None:
    """`seat` plays its longest word by taps on its own page, or draws when it has none."""
    page.wait_for_function("!document.getElementById('td-play').hidden")
    state = game(host)["state"]
    assert sorted(rack(page)) == sorted(state["racks"][seat])  # its own rack, and only on its own page
    found = sorted(moves(state, seat), key=lambda m: (-len(m["tiles"]), m["word"]))
    before = len(game(host)["record"]["actions"])
    if found:
        tap_tiles(page, found[0]["tiles"])
        page.get_by_role("button", name="Legen", exact=True).click()
    else:
        page.get_by_role("button", name="1 ziehen").click()
    host.wait_for_function(f"wortwurf.game().record.actions.length > {before}")
    if not found:
        page.get_by_role("button", name="Verdecken und weitergeben").click()


def test_a_kreuzwort_deal_across_three_phones(phones):
    host = phones()
    fixed_seed(host, 1)
    start_game(host, ["Ada", "Bea", "Cem"], game_id="typdom", setup=seats_on_phones(3, 1, 2))
    assert host.locator("#table-seats li").all_text_contents()[0].startswith("Bea spielt auf dem eigenen Handy")
    pages = [host, link(host, phones, "Bea"), link(host, phones, "Cem")]
    for guest in pages[1:]:  # a guest holds no state: its engine calls go to the host
        assert game(guest)["state"] == {"remote": True}
    turns = 0
    while not game(host)["view"]["deal_over"]:
        seat = game(host)["view"]["current"]
        for other, page in enumerate(pages):  # no other phone shows a rack, none shows a pass screen
            if other != seat:
                page.wait_for_function(f"wortwurf.game()?.view.current === {seat}")
                assert page.locator("#td-play").is_hidden() and page.locator("#td-pass").is_hidden()
                assert page.locator("#td-rack .rack-tile").count() == 0
        play_turn(host, pages[seat], seat)
        turns += 1
    for page in pages:
        page.locator("#td-result").wait_for(state="visible")
    assert turns > 3
    assert game(host)["record"]["table"] == {"phones": [1, 2]}  # saved with the game: a reload keeps the table


def test_a_guest_cannot_act_for_another_seat_or_out_of_turn_and_garbage_changes_nothing(phones):
    host = phones()
    fixed_seed(host, 1)
    start_game(host, ["Ada", "Bea"], game_id="typdom", setup=seats_on_phones(2, 1))
    bea = link(host, phones, "Bea")
    record = game(host)["record"]
    assert game(host)["view"]["current"] == 0  # Ada's turn, on the host
    refused = bea.evaluate("""async () => {
        const tries = [{type: 'draw', count: 1}, {type: 'draw', count: 1, player: 0}];
        const codes = [];
        for (const action of tries) codes.push(await wortwurf.act(action).then(() => 'taken', (e) => e.code));
        return codes;
    }""")
    assert refused == ["not_your_turn", "not_your_seat"]
    assert game(host)["record"] == record
