"""A linked table nobody can cheat, stall or break (issue 43): hostile and unlucky guests, each in a browser
context of its own as in test_table_site.py, against a host whose engine keeps the game."""

from __future__ import annotations

import re

import pytest
from pages import game, start_game, wait_saved
from test_presto_site import give_up
from test_table_site import (link, on_phones, phones, relink, seats_on_phones,  # noqa: F401  (phones: the fixture)
                             shown_code, view)

pytestmark = pytest.mark.browser


def test_a_guest_that_reloads_rejoins_and_its_action_stuffed_with_fields_is_kept_as_read(phones):  # noqa: F811
    """(One table for both: a guest's reload and rejoin, then its stuffed action, the host's save of it replayed.)"""
    host = phones(seed=1)
    start_game(host, ["Ada", "Bea"], game_id="typdom", setup=seats_on_phones(2, 1))
    bea = link(host, phones, "Bea")
    bea.reload()  # she is offered to rejoin, and the host sees her away where it looks
    bea.evaluate("wortwurf.ready")
    bea.locator("#join").wait_for(state="visible")  # not the plain menu
    bea.get_by_text("Du warst am Tisch als Bea.", exact=False).wait_for()
    host.locator("#table-seats").get_by_text("Bea ist weg", exact=False).wait_for()
    host.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the host looks at the game, below
    assert host.evaluate("scrollY") > 100
    again = host.get_by_role("button", name="Neuer Code für Bea")
    assert again.evaluate("b => { const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")
    relink(host, bea, "Bea", "Neuer Code für Bea")
    host.get_by_role("button", name="1 ziehen").click()  # Ada draws; then it is Bea's turn on her phone
    host.wait_for_function("wortwurf.game().record.actions.length === 1")
    host.get_by_role("button", name="Verdecken und weitergeben").click()
    bea.wait_for_function("wortwurf.game().view.current === 1")
    taken = bea.evaluate("""() => {
        let note = [];
        for (let i = 0; i < 59; i++) note = [note];
        return wortwurf.act({type: 'draw', count: 1, note, seed: 1, racks: [[1]], x: 'x'.repeat(6000)})
            .then(() => 'taken', (e) => e.code);
    }""")
    assert taken == "taken"
    assert game(host)["record"]["actions"][-1] == {"type": "draw", "count": 1, "player": 1}
    wait_saved(host)
    record = game(host)["record"]
    host.reload()
    host.evaluate("wortwurf.ready")
    host.locator("#typdom").wait_for(state="visible")  # the save replays: not set aside as damaged
    assert game(host)["record"] == record


def presto_with(phones, minutes=None):  # noqa: F811
    """Presto for Ada on the host and Bea on her own phone (with `minutes` a race), both racing."""
    host = phones(seed=12)

    def setup(page):
        if minutes is not None:
            page.get_by_role("spinbutton", name=re.compile("^Zeit für jedes Rennen")).fill(str(minutes))
        on_phones(1)(page)

    start_game(host, ["Ada", "Bea"], game_id="presto", setup=setup)
    bea = link(host, phones, "Bea", "#presto")
    host.get_by_role("button", name="Los, Ada!", exact=True).click()
    for page in (host, bea):
        page.locator("#pr-race").wait_for(state="visible")
    return host, bea


def test_a_racing_guest_gets_the_solution_only_once_it_has_given_up(phones):  # noqa: F811
    host, bea = presto_with(phones)
    asked = "wortwurf.engine('solution', wortwurf.game().state).then((found) => found.cells, (e) => e.code)"
    assert bea.evaluate(asked) == "race_on"
    assert bea.evaluate("wortwurf.engine('solution', wortwurf.game().state, 1).then(() => 'given', (e) => e.code)") \
        == "race_on"
    bea.get_by_role("button", name="Fertig!").click()  # an ordinary refusal: said on her phone, not the host's
    bea.get_by_text("Noch liegt kein Plättchen.", exact=True).wait_for()
    assert host.locator("#table-refused").is_hidden()
    bea.get_by_role("button", name="Aufgeben").click()
    bea.get_by_role("button", name="Aufgeben").click()
    host.wait_for_function("wortwurf.game().view.status[1] === 'out'")
    give_up(host)
    bea.locator("#pr-tables figcaption", has_text="Eine Lösung").wait_for()  # hers, once her race was over
    hand = {tile["tile"] for tile in view(host)["hands"]["1"]}
    assert {tile for tile, _ in bea.evaluate(asked).values()} <= hand


def test_the_host_s_clock_ends_a_guest_s_race_not_the_guest_s(phones):  # noqa: F811
    host, bea = presto_with(phones, minutes=1)
    bea.evaluate("Date.now = ((now) => () => now() + 200000)(Date.now)")  # her clock jumps past the limit
    bea.locator("#pr-time-up").wait_for(state="visible")
    host.wait_for_timeout(1500)
    assert view(host)["status"] == ["racing", "racing"]  # on the host's clock her race is still on
    host.evaluate("Date.now = ((now) => () => now() + 61000)(Date.now)")  # the host's minute is up
    host.wait_for_function("wortwurf.game().view.status.every((s) => s === 'out')")  # Ada's and Bea's races end
    shown = view(host)
    assert shown["seconds"] == [60, 60] and shown["places"] == [None, None]
    bea.locator("#pr-deal").wait_for(state="visible")


def test_a_guest_that_floods_the_host_is_answered_busy_and_holds_no_one(phones):  # noqa: F811
    host = phones(seed=1)
    start_game(host, ["Ada", "Bea"], game_id="typdom", setup=seats_on_phones(2, 0))  # Ada on her phone, on turn
    ada = link(host, phones, "Ada")
    ada.wait_for_function("wortwurf.game().view.current === 0")
    codes = ada.evaluate("""() => Promise.all(Array.from({length: 40}, () =>
        wortwurf.engine('hint', wortwurf.game().state).then(() => 'answered', (e) => e.code)))""")
    assert codes.count("busy") >= 30 and set(codes) <= {"answered", "busy"}, codes  # every one answered
    assert 1 <= codes.count("answered") <= 10
    too_large = ada.evaluate("""() => Promise.race([  // one the host would drop unread: refused on her phone, not left waiting
        wortwurf.engine('preview', wortwurf.game().state, Array(3000).fill({tile: 1, row: 0, col: 0})).then(
            () => 'answered', (e) => e.code),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000))])""")
    assert too_large == "request_too_large"
    # the link still works: her move is taken at once
    ada.get_by_role("button", name="1 ziehen").click()
    host.wait_for_function("wortwurf.game().record.actions.length === 1")
    # one request after another's answer without end: beyond her allowance (20 at once, 10 a second) "busy"
    asked = ada.evaluate("""async () => {
        const codes = [], start = performance.now();
        while (performance.now() - start < 1500) {
            codes.push(await wortwurf.engine('view', wortwurf.game().state).then(() => 'answered', (e) => e.code));
        }
        return {codes, seconds: (performance.now() - start) / 1000};
    }""")
    answered = asked["codes"].count("answered")
    assert "busy" in asked["codes"] and answered <= 20 + 10 * asked["seconds"] + 1, (answered, asked["seconds"])


def test_a_guest_s_action_is_not_taken_twice_when_the_host_fails_after_taking_it(phones):  # noqa: F811
    host = phones(seed=3)
    start_game(host, ["Ada", "Bea"], game_id="dicewords", setup=on_phones(0))  # Ada rolls on her own phone
    ada = link(host, phones, "Ada", "#dicewords")
    host.evaluate("""() => {  // the host's next drawing fails once, after the roll is kept
        const real = Element.prototype.replaceChildren;
        Element.prototype.replaceChildren = function (...children) {
            Element.prototype.replaceChildren = real;
            throw new TypeError('drawing failed');
        };
    }""")
    code = ada.evaluate("wortwurf.act({type: 'roll'}).then(() => 'taken', (e) => e.code)")
    host.wait_for_timeout(500)
    assert [action["type"] for action in game(host)["record"]["actions"]] == ["roll"]  # once, not twice
    assert code == "table_failed"
    assert any("drawing failed" in error for error in host.context.watch.errors)
    host.context.watch.errors.clear()


def test_a_code_is_for_one_phone_an_old_one_and_a_second_answer_are_told_so(phones):  # noqa: F811
    """A phone that opened an old code, and the second of two phones that answered the same code, are told the
    code is no longer theirs; the host links the first. (One host for both: the waits run side by side.)"""
    host = phones(seed=1)
    start_game(host, ["Ada", "Bea"], game_id="typdom", setup=seats_on_phones(2, 1))
    old = shown_code(host, "Code für Bea")
    host.keyboard.press("Escape")
    address = shown_code(host, "Code für Bea")  # a newer code: the old one is void
    stale, first, second = phones(old), phones(address), phones(address)  # the new code, opened on two phones
    for page in (stale, first, second):
        page.wait_for_function("document.getElementById('join-answer-code').textContent !== ''")
    host.locator("#link-answer").fill(first.locator("#join-answer-code").text_content())
    host.get_by_role("button", name="Übernehmen").click()  # the host takes the first answer
    host.locator("#table-seats").get_by_text("Bea ist verbunden.").wait_for()  # the first, every time
    first.locator("#typdom").wait_for(state="visible")
    for page in (stale, second):
        page.locator("#join-message").get_by_text("Dieser Code gilt nicht mehr", exact=False).wait_for(timeout=60_000)


def test_a_link_whose_buffer_is_full_is_still_seen_going_away(phones):  # noqa: F811
    """A channel whose send throws (its buffer full): the heartbeat goes on, the phone is reported away, and a
    message it will not take is not sent (0), no error thrown."""
    page = phones()
    page.clock.install()  # (the heartbeat's seconds run on the test's clock)
    page.evaluate("""async () => {
        const link = await import('./link.js');
        const channel = Object.assign(new EventTarget(), {readyState: 'open', close() {},
            send() { throw new DOMException('the buffer is full', 'OperationError'); }});
        const pc = Object.assign(new EventTarget(), {close() {}});
        window.said = new Promise((resolve) => {
            const wire = link.createWire(pc, channel, {maxChars: 100, onMessage() {},
                onAway: () => { resolve(wire.send({x: 1})); wire.close(); }});
            setTimeout(() => resolve('never away'), 9000);
        });
    }""")
    page.clock.run_for(9000)
    assert page.evaluate("window.said") == 0


def test_a_request_of_a_phone_let_go_meanwhile_is_not_taken_for_its_seat(phones):  # noqa: F811
    host = phones(seed=3)
    start_game(host, ["Ada", "Bea"], game_id="dicewords", setup=on_phones(0))  # Ada rolls on her own phone
    ada = link(host, phones, "Ada", "#dicewords")
    assert ada.evaluate("wortwurf.act({type: 'roll'}).then(() => 'taken', (e) => e.code)") == "taken"
    host.evaluate("""() => {  // her next request reaches the host's engine only when the test lets it, as
        const post = Worker.prototype.postMessage;  // behind a busy engine (without its seconds of CPU)
        window.held = [];
        Worker.prototype.postMessage = function (message, ...rest) {
            if (!String(message?.request).includes('"guest_request"')) return post.call(this, message, ...rest);
            window.held.push(() => post.call(this, message, ...rest));
        };
        window.letEngineGoOn = () => {
            Worker.prototype.postMessage = post;
            for (const send of window.held) send();
        };
    }""")
    ada.evaluate("void wortwurf.act({type: 'roll', keep: []}).catch(() => {})")
    host.wait_for_function("window.held.length === 1")  # her second roll waits in the host's engine
    ada.goto("about:blank")  # her phone leaves the page (its link closes); the host plays her seat from now on
    host.locator("#table-seats").get_by_text("Ada ist weg", exact=False).wait_for(timeout=20_000)
    host.get_by_role("button", name="Ada hier spielen").click()
    with host.expect_console_message(lambda message: "request refused (table_moved_on)" in message.text):
        host.evaluate("window.letEngineGoOn()")  # the engine answers it now: the host does not take it
    assert [action["type"] for action in game(host)["record"]["actions"]] == ["roll"]  # not her second roll
