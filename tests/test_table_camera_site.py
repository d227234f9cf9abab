"""A guest joins by scanning the host's QR code with a camera (issue 36): Chromium's fake capture device plays
a video made from the QR code the host's page drew, and the guest's scanner (qr-scanner, its own decoder:
headless Chromium has no BarcodeDetector) reads the site's address with the offer from it. The guest runs in
a second Chromium, a process of its own, as a phone would."""

from __future__ import annotations

import os

import pytest
from pages import fixed_seed, game, start_game
from test_table_site import PHONE, seats_on_phones

pytestmark = pytest.mark.browser

FRAME = (640, 480)  # the fake camera's picture, the QR code in its middle on white


def y4m(pixels: dict, path) -> None:
    """A one-frame Y4M video (what Chromium's fake camera plays, looping) of the canvas `pixels` ({width,
    height, data: RGBA}), scaled by whole steps to fit the frame's height with room around it."""
    width, height = FRAME
    scale = max(1, (height * 3 // 4) // pixels["height"])
    top, left = (height - pixels["height"] * scale) // 2, (width - pixels["width"] * scale) // 2
    luma = bytearray(b"\xff" * (width * height))
    data = pixels["data"]
    for y in range(pixels["height"] * scale):
        row = (y // scale) * pixels["width"]
        for x in range(pixels["width"] * scale):
            if data[4 * (row + x // scale)] < 128:
                luma[(top + y) * width + left + x] = 0
    chroma = b"\x80" * (width * height // 4)
    with open(path, "wb") as video:
        video.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        video.write(b"FRAME\n" + bytes(luma) + chroma + chroma)


def test_a_guest_scans_the_hosts_qr_code_with_its_camera(page, browser, site_url, tmp_path):
    fixed_seed(page, 1)
    page.set_viewport_size(PHONE)
    start_game(page, ["Ada", "Bea"], game_id="typdom", setup=seats_on_phones(2, 1))
    page.get_by_role("button", name="Code für Bea").click()
    page.wait_for_function("document.getElementById('link-qr').dataset.code")
    pixels = page.locator("#link-qr").evaluate(
        "c => ({width: c.width, height: c.height, data: Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data)})")
    video = tmp_path / "qr.y4m"
    y4m(pixels, video)

    camera = browser.browser_type.launch(
        executable_path=os.environ.get("WORTWURF_CHROMIUM") or None,
        args=["--no-sandbox", "--disable-background-networking", "--disable-component-update",
              "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
              f"--use-file-for-fake-video-capture={video}"],
    )
    try:
        context = camera.new_context(locale="de-DE", viewport=PHONE, bypass_csp=True, permissions=["camera"])
        errors = []
        context.on("weberror", lambda error: errors.append(str(error.error)))
        guest = context.new_page()
        guest.goto(site_url)
        guest.evaluate("wortwurf.ready")
        guest.get_by_role("button", name="Am Tisch mitspielen").click()
        guest.get_by_role("button", name="Code scannen").click()
        guest.wait_for_function("document.getElementById('join-answer-code').textContent !== ''", timeout=20_000)
        page.locator("#link-answer").fill(guest.locator("#join-answer-code").text_content())
        page.get_by_role("button", name="Übernehmen").click()
        page.locator("#table-seats").get_by_text("Bea ist verbunden.").wait_for()
        guest.locator("#typdom").wait_for(state="visible")
        guest.wait_for_function("document.getElementById('td-status').textContent !== ''")  # (once drawn)
        assert guest.locator("#td-status").text_content() == "Ada ist dran – an einem anderen Gerät."
        assert game(page)["record"]["table"] == {"phones": [1]}
        assert errors == []
    finally:
        camera.close()
