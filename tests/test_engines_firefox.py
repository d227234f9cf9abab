"""The focused set of browser tests (tests/engine_checks.py) in Firefox (Gecko), over WebDriver BiDi. A missing engine fails them."""

from engine_checks import *  # noqa: F401,F403  (the tests, and the fixtures they use)

ENGINE = "firefox"
