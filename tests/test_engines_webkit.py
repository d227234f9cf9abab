"""The focused set of browser tests (tests/engine_checks.py) in WebKit: WebKitGTK's MiniBrowser, Safari's engine and every iPhone browser's. A missing engine fails them."""

from engine_checks import *  # noqa: F401,F403  (the tests, and the fixtures they use)

ENGINE = "webkit"
