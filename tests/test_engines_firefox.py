"""The focused set of browser tests (tests/engine_checks.py) in Firefox (Gecko), over its own WebDriver BiDi; and
the page's language from a list of the person's languages, which Firefox gives. A missing engine fails them."""

from engine_checks import *  # noqa: F401,F403  (the tests, and the fixtures they use)

ENGINE = "firefox"


def test_the_first_of_the_person_s_languages_the_page_speaks_is_chosen(shared_phone):
    """French first, German second (engines.FIREFOX_PREFS): German (before: English, for navigator.language alone
    was read)."""
    phone = shared_phone
    assert phone.js("() => [navigator.languages, document.documentElement.lang]") == [["fr-FR", "de-DE"], "de"]
    assert phone.js("() => localStorage.getItem('wortwurf:language')") is None  # (the list's, none tapped)
