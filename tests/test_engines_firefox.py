"""The focused set of browser tests (tests/engine_checks.py) in Firefox (Gecko), over its own WebDriver BiDi; and
the page's language from a list of the person's languages, which Firefox gives. A missing engine fails them."""

from engine_checks import *  # noqa: F401,F403  (the tests, and the fixtures they use)
from engine_checks import checked_close, open_phone
from engines import Firefox

ENGINE = "firefox"


def test_the_first_of_the_person_s_languages_the_page_speaks_is_chosen(site_url):
    """French first, German second: German (before: English, for navigator.language alone was read)."""
    browser = Firefox({"intl.accept_languages": "fr-FR, de-DE"})
    try:
        phone = open_phone(browser, site_url)
        try:
            told = phone.js("() => [navigator.languages, document.documentElement.lang]")
            assert told == [["fr-FR", "de-DE"], "de"]
        finally:
            checked_close(phone, site_url)
    finally:
        browser.close()
