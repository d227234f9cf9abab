"""One table, several phones (issue 36): a host and guests, each in a browser context of its own (its own
storage, its own WebRTC stack), linked by the codes the phones exchange; here the codes are handed over as
the text the host's dialog and the guest's join screen show (test_table_camera_site.py reads one through a
camera). Each guest plays its seat through real taps on its own page; the host's engine takes only what is
that seat's to do."""

from __future__ import annotations

import pytest
from conftest import watched_context
from pages import click_and_wait, fixed_seed, game, start_game, wait_saved
from test_typdom_site import setup_typdom, tap_tiles
from wortwurf.games.typdom.moves import moves

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phones(browser, site_url):
    """`phone(address)`: a new phone (a browser context) showing `address` (the site's by default); with `seed`,
    its new games' seed (pages.fixed_seed)."""
    made = []

    def phone(address=site_url, seed=None):
        context = watched_context(browser, site_url, viewport=PHONE)
        made.append((context, context.watch))
        page = context.new_page()
        page.goto(address)
        page.evaluate("wortwurf.ready")
        if seed is not None:
            fixed_seed(page, seed)
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
        on_phones(*seats)(page)
    return setup


def on_phones(*seats):
    """A setup with `seats` on their own phones (any game whose screen can be played from a guest phone)."""
    def setup(page):
        for seat in seats:
            page.locator("#player-list select.seat").nth(seat).select_option("phone")
    return setup


def view(page) -> dict:
    return game(page)["view"]


def link(host, phone, name, screen="#typdom"):
    """The host shows `name`'s code; a new phone opens it (as a camera app opens the QR code's address) and
    shows its answer, which the host takes. Returns the guest's page, showing the game's `screen`."""
    guest = phone(shown_code(host, f"Code für {name}"))
    take_answer(host, guest, name, screen)
    return guest


def relink(host, guest, name, button: str) -> None:
    """The host shows a code by `button`; `guest`, a page already open (the same page: the address's "#" part
    joins), opens it and its answer is taken."""
    guest.goto(shown_code(host, button))
    take_answer(host, guest, name)


def shown_code(host, button: str) -> str:
    """The address of the code the host shows after a tap on `button`."""
    host.get_by_role("button", name=button).click()
    host.wait_for_function("document.getElementById('link-code').textContent.includes('#j')")
    return host.locator("#link-code").text_content()


def take_answer(host, guest, name, screen="#typdom") -> None:
    """The guest's answer typed into the host, which links `name`'s seat; the guest shows the game's `screen`."""
    guest.wait_for_function("document.getElementById('join-answer-code').textContent !== ''")
    host.locator("#link-answer").fill(guest.locator("#join-answer-code").text_content())
    host.get_by_role("button", name="Übernehmen").click()
    host.locator("#table-seats").get_by_text(f"{name} ist verbunden.").wait_for()
    guest.locator(screen).wait_for(state="visible")


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


def test_a_kreuzwort_deal_across_three_phones_one_dropping_and_rejoining_one_taken_over_on_the_host(phones):
    """(One deal for both: Bea's phone drops and rejoins before her turn, Cem's is gone for good before his, and
    the host plays his seat to the deal's end.)"""
    host = phones(seed=1)
    start_game(host, ["Ada", "Bea", "Cem"], game_id="typdom", setup=seats_on_phones(3, 1, 2))
    assert host.locator("#table-seats li").all_text_contents()[0].startswith("Bea spielt auf dem eigenen Handy")
    bea, cem = link(host, phones, "Bea"), link(host, phones, "Cem")
    for guest in (bea, cem):  # a guest holds no state: its engine calls go to the host
        assert game(guest)["state"] == {"remote": True}
    playing_on = [host, bea, cem]  # each seat's page
    turns = 0
    while not game(host)["view"]["deal_over"]:
        seat = game(host)["view"]["current"]
        if turns == 1:  # Bea's phone drops the link (a reload, as a locked phone's page may be), and rejoins
            assert seat == 1
            bea.reload()
            bea.evaluate("wortwurf.ready")
            host.locator("#table-seats").get_by_text("Bea ist weg", exact=False).wait_for()
            host.locator("#td-status").get_by_text("Bea ist dran, aber das Handy von Bea ist weg", exact=False).wait_for()
            relink(host, bea, "Bea", "Neuer Code für Bea")  # her view is back: her rack, her turn (play_turn)
        if turns == 2:  # Cem's phone is gone for good: the host plays his seat
            assert seat == 2
            cem.context.close()
            host.locator("#table-seats").get_by_text("Cem ist weg", exact=False).wait_for(timeout=20_000)
            host.get_by_role("button", name="Cem hier spielen").click()
            playing_on[2] = host
        for page in {playing_on[other] for other in range(3) if other != seat} - {playing_on[seat]}:
            # no other phone shows a rack, none shows a pass screen (once drawn)
            page.wait_for_function(f"wortwurf.game()?.view.current === {seat} && document.getElementById('td-play')"
                                   ".hidden && document.getElementById('td-pass').hidden")
            assert page.locator("#td-rack .rack-tile").count() == 0
        name = ["Ada", "Bea", "Cem"][seat]
        if playing_on[seat] is host and turns >= 2:  # two people at the host now: the pass screen
            host.get_by_role("button", name=f"Ich bin {name}").click()
            host.get_by_role("button", name="Ja, Plättchen zeigen").click()
        play_turn(host, playing_on[seat], seat)
        turns += 1
        if turns == 3:
            assert len(game(host)["record"]["actions"]) == 3
    for page in (host, bea):
        page.locator("#td-result").wait_for(state="visible")
    assert host.locator('#td-result [data-action="rematch"]').is_visible()
    assert bea.locator('#td-result [data-action="rematch"]').is_hidden()  # the host's
    assert turns > 3
    assert game(host)["record"]["table"] == {"phones": [1, 2]}  # saved with the game: a reload keeps the table
    # a guest phone that starts a game of its own leaves the table and plays it here
    bea.locator("#typdom").get_by_role("button", name="Menü").click()
    start_game(bea, ["Bea"], game_id="dicewords")
    assert game(bea)["state"]["game"] == "dicewords"  # its own state, not the host's
    assert not bea.evaluate("document.body.classList.contains('at-a-guest-phone')")  # its rematches are its own


def test_a_hostile_guest_changes_nothing_and_the_host_says_so_and_after_a_host_reload_it_rejoins(phones):
    """(One table for both: the hostile guest's link still works, then the host reloads mid-game.)"""
    host = phones(seed=1)
    start_game(host, ["Ada", "Bea"], game_id="typdom", setup=seats_on_phones(2, 1))
    bea = link(host, phones, "Bea")
    record = game(host)["record"]
    assert game(host)["view"]["current"] == 0  # Ada's turn, on the host
    refused = bea.evaluate("""async () => {
        const tries = [{type: 'draw', count: 1}, {type: 'draw', count: 1, player: 0}, {type: 'undo'}, 'draw'];
        const codes = [];
        for (const action of tries) codes.push(await wortwurf.act(action).then(() => 'taken', (e) => e.code));
        return codes;
    }""")
    assert refused == ["not_your_turn", "not_your_seat", "bad_action", "bad_action"]
    assert bea.evaluate("wortwurf.engine('view', wortwurf.game().state, 0).then(() => 'shown', (e) => e.code)") == "not_your_seat"
    # What no page of ours sends, straight onto the channel: not JSON, out of order, too large for the host,
    # and 10 MB, which the guest's own browser will not send at all.
    sent = bea.evaluate("""() => {
        wortwurf.sendToHost('not json');
        wortwurf.sendToHost(JSON.stringify({n: 99, act: {type: 'draw', count: 1}}));
        wortwurf.sendToHost(JSON.stringify({n: 4, act: {type: 'place', tiles: 'x'.repeat(200 * 1024)}}));
        try { wortwurf.sendToHost('x'.repeat(10 * 1024 * 1024)); return 'sent'; } catch (error) { return error.name; }
    }""")
    assert sent == "TypeError"
    notice = host.locator("#table-refused")  # the host hears of it in words, for a moment
    notice.get_by_text("Vom Handy von Bea kam etwas, das keine Wortwurf-Nachricht ist.", exact=False).wait_for()
    assert "(" not in notice.text_content()
    notice.wait_for(state="hidden", timeout=15_000)
    assert game(host)["record"] == record
    # The link still works: Ada moves, and Bea's phone shows it is her turn.
    play_turn(host, host, 0)
    bea.wait_for_function("wortwurf.game().view.current === 1 && !document.getElementById('td-play').hidden")
    # The host reloads mid-game: the save resumes it with its table, and Bea rejoins by a new code.
    wait_saved(host)
    record = game(host)["record"]
    host.reload()
    host.evaluate("wortwurf.ready")
    host.locator("#typdom").wait_for(state="visible")
    assert game(host)["record"] == record
    bea.wait_for_function("document.querySelector('#typdom .message[role=status]').textContent.includes('neuen Code')")
    host.locator("#table-seats").get_by_text("Bea spielt auf dem eigenen Handy", exact=False).wait_for()
    relink(host, bea, "Bea", "Code für Bea")
    play_turn(host, bea, 1)
    assert game(host)["record"]["actions"][:1] == record["actions"]


def test_wer_behaelt_recht_with_a_guest_announcing_on_its_own_phone(phones):
    from test_bluff_site import lay_tile  # noqa: PLC0415

    host = phones(seed=3)
    start_game(host, ["Ada", "Bea"], game_id="bluff", setup=on_phones(1))
    bea = link(host, phones, "Bea", "#bluff")
    for turn in range(2):  # whoever begins, each lays on their own device: no pass screen on either
        seat = game(host)["view"]["current"]
        mover, other = (bea, host) if seat == 1 else (host, bea)
        other.wait_for_function(f"wortwurf.game()?.view.current === {seat} && !document.querySelector('#bl-rack "
                                ".rack-tile')")  # (once drawn)
        assert other.locator("#bl-pass").is_hidden()
        mover.locator("#bl-rack .rack-tile").first.wait_for()
        move = mover.evaluate("wortwurf.engine('hint', wortwurf.game().state)")["move"]  # (a guest asks the host)
        lay_tile(mover, move)
        mover.locator("#bl-announce").fill(move["word"])
        mover.get_by_text("Geht.", exact=True).wait_for()
        before = len(game(host)["record"]["actions"])
        mover.get_by_role("button", name="Legen und ansagen", exact=True).click()
        host.wait_for_function(f"wortwurf.game().record.actions.length > {before}")
        other.wait_for_function(f"wortwurf.game().view.current !== {seat}")
