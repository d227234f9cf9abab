"""The menu: what it shows on load at phone size (issue 37, 16 and 17)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}}


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_the_menu_heading_takes_the_focus_without_a_ring(page):
    heading = page.get_by_role("heading", name="Welches Spiel?")
    page.wait_for_function("document.activeElement?.id === 'menu-title'")  # for a screen reader: where it is
    assert heading.evaluate("h => getComputedStyle(h).outlineStyle") == "none"
