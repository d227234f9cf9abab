"""The focused set of browser tests (tests/engine_checks.py) in WebKit: WebKitGTK's MiniBrowser, Safari's engine
and every iPhone browser's; and what differs in WebKit: its language read from the locale, and a WebKit with no
WebRTC (Debian's WebKitGTK has none) at a table of several phones. A missing engine fails them."""

from __future__ import annotations

from engine_checks import *  # noqa: F401,F403  (the tests, and the fixtures they use)
from engine_checks import checked_close, forgetit_turn, open_phone, start_game
from engines import WebKit

ENGINE = "webkit"


def test_a_webkit_with_no_language_the_page_speaks_gets_english(engine, site_url):
    """WebKitGTK in the C locale says navigator.language "C" (a German one "de-DE", as a German Safari does):
    neither German nor English, so English."""
    phone = open_phone(WebKit(engine.display, language="C.UTF-8"), site_url)
    try:
        told = phone.js("() => [navigator.language, document.documentElement.lang]")
        assert told == ["C", "en"]
    finally:
        checked_close(phone, site_url)


def test_a_host_without_webrtc_says_so_at_once_and_the_seat_plays_here(shared_phone):
    phone = shared_phone
    assert phone.js("() => 'RTCPeerConnection' in window") is False  # (if it ever has it, this test is moot)
    start_game(phone, ["Ada", "Bea"], "forgetit", phones=[1])
    phone.press("^Code für Bea$")
    said = phone.wait("() => document.getElementById('link-message').textContent", timeout=5)
    assert said == "Dieser Browser kann keine Handys verbinden: Ihm fehlt WebRTC. Bea kann auf diesem Gerät spielen."
    assert phone.js("() => [document.getElementById('link-offer').hidden, document.getElementById('link-form').hidden]") \
        == [True, True]  # no code to show, no answer to take
    phone.press("^Schließen$", within="#link")
    phone.press("^Bea hier spielen$")
    phone.wait("() => !document.getElementById('table-seats')?.textContent.includes('eigenen Handy')")
    for _ in range(2):  # both seats' turns on this device
        forgetit_turn(phone)
    assert phone.game()["view"]["round"] >= 1


def test_a_guest_without_webrtc_is_told_so_on_the_join_screen(shared_phone):
    phone = shared_phone
    phone.press("^Am Tisch mitspielen$")
    said = phone.wait("() => document.getElementById('join-message').textContent", timeout=5)
    assert said.startswith("Dieser Browser kann sich nicht mit einem anderen Handy verbinden: Ihm fehlt WebRTC.")
    assert phone.js("() => document.getElementById('join-ask').hidden") is True  # nothing to scan or type
