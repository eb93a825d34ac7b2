"""The static site built and served as any static host would, in headless Chromium with
every request off this machine refused: two phones, no Gadget server, then no server at all."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import qrcode
import zxingcpp
from PIL import Image

from gadget.engine import Deal, KeyCard, ShareCode
from tests.browsers import (
    CHROMIUM,
    CHROMIUM_FLAGS,
    COLOUR_WORDS,
    _chromium,
    _grid,
    _see,
    _type,
    hosts_asked,
)
from tests.processes import _free_port, patience_ms, stop, until_listening
from tests.test_browser_typing import _enter, _send

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")
BOOT = 120_000  # ms: Pyodide starts in about 7 s here; a loaded CI machine may take far longer
OFF_THIS_MACHINE = "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"  # every other host fails to resolve

pytestmark = pytest.mark.browser

with contextlib.suppress(ImportError):  # the dev install has it; else test_browser skips
    from playwright.sync_api import Browser, Page


def build_site(out: Path) -> subprocess.CompletedProcess[str]:
    """`make site` into a folder of the test's, with every proxy pointing nowhere: a build
    that reached for the network would fail."""
    nowhere = "http://127.0.0.1:9"
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "HTTP_PROXY": nowhere, "HTTPS_PROXY": nowhere, "ALL_PROXY": nowhere},
    )


def static_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    """Python's own static file server on loopback: no Gadget, no Python for the phones;
    returned once it listens (its start counts toward every wait's patience)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    until_listening(process, port, "the static server")
    return process


def camera_showing(link: str, video: Path) -> Path:
    """A camera for Chromium (a Y4M video) that films a QR code of this link on white."""
    qr = qrcode.make(link, box_size=8, border=4).convert("L")
    frame = Image.new("L", (640, 480), 255)
    frame.paste(qr, ((640 - qr.width) // 2, (480 - qr.height) // 2))
    with video.open("wb") as film:
        film.write(b"YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n")
        for _ in range(3):  # grey chroma: black and white
            film.write(b"FRAME\n" + frame.tobytes() + bytes([128]) * (320 * 240 * 2))
    return video


SCANNED = Deal(seed=987654, tokens=9, mistakes=9).code  # what the camera films


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """Chromium that reaches only this machine, with a camera filming a QR code of a join
    link (a phone A somewhere else: only the code after /join/ is read)."""
    video = camera_showing(
        f"https://gadget.example/#/join/{SCANNED.text}", tmp_path_factory.mktemp("cam") / "qr.y4m"
    )
    with _chromium(
        f"--host-resolver-rules={OFF_THIS_MACHINE}",
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ) as launched:
        yield launched


def _phone(browser: Browser, url: str, **options: Any) -> tuple[Page, list[str]]:
    """A new phone (its own storage and cache) on the site; the requests it was refused."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, **options)
    refused: list[str] = []

    def only_here(route: object) -> None:
        request_url = route.request.url  # type: ignore[attr-defined]
        if request_url.startswith("http://127.0.0.1:"):
            route.continue_()  # type: ignore[attr-defined]
        else:
            refused.append(request_url)
            route.abort()  # type: ignore[attr-defined]

    context.route("**/*", only_here)
    page = context.new_page()
    page.goto(url)
    _accessible(page)
    return page, refused


def _dealt(browser: Browser, address: str) -> tuple[Page, list[str], ShareCode]:
    """Phone A on the site, having dealt a game; the requests it was refused; its code."""
    phone_a, refused = _phone(browser, address)
    phone_a.get_by_role("button", name="New game", exact=True).click(timeout=BOOT)
    shown = phone_a.get_by_text(CODE).first
    shown.wait_for(state="attached", timeout=patience_ms())
    return phone_a, refused, ShareCode.parse(shown.inner_text())


def _accessible(page: Page) -> None:
    """Once Flutter has drawn, ask for its DOM of roles and labels."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=BOOT)
    page.locator("flt-semantics-placeholder").dispatch_event("click")


def _side_b(code: ShareCode) -> str:
    """What the command line says side B of the code's card is, from B's seat."""
    gadget = Path(sys.executable).with_name("gadget")
    shown = subprocess.run(
        [str(gadget), "keycard", code.text, "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    return str(json.loads(shown.stdout)["grid"])


def _clock(page: Page, stretch: str) -> int:
    """Seconds the timer shows for this stretch (m:ss)."""
    shown = page.get_by_text(re.compile(rf"^\d+:\d\d for the {stretch}$")).first
    shown.wait_for(state="attached", timeout=patience_ms())
    minutes, seconds = shown.inner_text().split(" ")[0].split(":")
    return int(minutes) * 60 + int(seconds)


def record_a_win(phone: Page, tokens_left: int, stops: int) -> None:
    """Open the result form at the end of a game and record a win (the city as offered)."""
    phone.get_by_role("button", name="The game is over: record the result").click()
    _type(
        phone, phone.get_by_role("textbox", name="Tokens left in the time bank"), str(tokens_left)
    )
    _type(phone, phone.get_by_role("textbox", name="Stop tokens"), str(stops))
    phone.get_by_role("button", name="Record the result", exact=True).click()


def _timer_runs(page: Page) -> None:
    page.get_by_role("switch", name="Turn timer").click()
    page.get_by_role("button", name="Time the clue", exact=True).click()
    first = _clock(page, "clue")
    assert 110 <= first <= 120
    page.wait_for_timeout(2_500)
    assert _clock(page, "clue") <= first - 2


def test_two_phones_play_from_a_static_host_and_the_site_opens_again_with_no_server(
    site: Path, browser: Browser
) -> None:
    port = _free_port()
    server = static_server(site, port)
    address = f"http://127.0.0.1:{port}/"
    try:
        phone_a, refused_a, code = _dealt(browser, address)
        assert (code.tokens, code.mistakes) == (9, 9)  # Prague, the only open city
        side_a, game_a = _grid(phone_a), phone_a.url  # side A on another phone, and phone A
        assert KeyCard(side_a, code.side_b)  # reloaded: tests/test_site_screens.py

        phone_b, refused_b = _phone(browser, address)
        _type(phone_b, phone_b.get_by_role("textbox", name="Partner's code"), code.text)
        phone_b.get_by_role("button", name="Join", exact=True).click()
        _see(phone_b, "Side B")
        assert _grid(phone_b) == _side_b(code)
        assert phone_b.get_by_text(CODE).count() == 0  # B has no code to share

        _timer_runs(phone_a)  # the clock ticks in the phone's Python (B's is the same code)

        # Won, 2 tokens left, 7 stops: recorded on A, it completes Prague and opens three.
        record_a_win(phone_a, tokens_left=2, stops=7)
        _see(phone_a, "Now open: Berlin, Moscow, Cairo.")
        _see(phone_a, "Score: 13.")
        phone_a.goto(address + "#/team")  # the same page: the route after the # changes
        for city in ("Prague 9-9, completed", "Berlin 11-2, open", "Cairo 9-5, open"):
            _see(phone_a, city)
        _see(phone_a, "Moscow 8-8, open")
        _see(phone_a, "London 10-2, locked")
        for phone in (phone_a, phone_b):  # the service worker has kept every file
            phone.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT)
        # Add to Home Screen: Chromium finds nothing against it but the test's own incognito
        # window (Playwright's contexts are), and the manifest is Gadget's.
        devtools = phone_a.context.new_cdp_session(phone_a)
        against = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert {error["errorId"] for error in against} <= {"in-incognito"}
        manifest = devtools.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert json.loads(manifest["data"])["name"] == "Gadget"
    finally:
        stop(server)

    # No server at all now: the phones open the site, their game and their team from cache.
    phone_a.reload()
    _accessible(phone_a)
    _see(phone_a, "Prague 9-9, completed")
    phone_a.goto(game_a)  # the same page: side A again, from the phone's own storage
    _see(phone_a, "Side A")
    assert _grid(phone_a) == side_a
    phone_b.reload()
    _accessible(phone_b)
    _see(phone_b, "Side B")
    assert _grid(phone_b) == _side_b(code)
    # Nothing asked of another host: no Pyodide, fonts or packages from elsewhere, and not
    # Rive's runtime (Flet's client asked jsDelivr for it; it asks the site now).
    asked = {urlsplit(url).hostname for url in (*refused_a, *refused_b)}
    assert asked == set(), asked
    assert all("pyodide" not in url for url in (*refused_a, *refused_b))


def test_three_phones_on_the_site_side_a_handed_to_a_second_phone_by_its_link(
    site: Path, browser: Browser
) -> None:
    """The game of more than two with no server (issue 37). What only a real client adds to
    tests/test_site_screens.py: the link as the page makes it from its real address, opened
    in another browser's own Python, and the seed kept in that browser's storage (a reload
    there shows side A again)."""
    port = _free_port()
    server = static_server(site, port)
    address = f"http://127.0.0.1:{port}/"
    try:
        phone_a, refused_a, code = _dealt(browser, address)
        side_a = _grid(phone_a)
        phone_a.get_by_role("button", name="Add a phone to side A", exact=True).click()
        qr = phone_a.get_by_label(re.compile(r"^QR code of .*#/side/")).first
        qr.wait_for(state="attached", timeout=patience_ms())
        link = (qr.get_attribute("aria-label") or "").removeprefix("QR code of ")
        assert link.startswith(f"{address}#/side/{code.text}."), link

        second_a, refused_a2 = _phone(browser, link)
        _see(second_a, "Side A")
        assert _grid(second_a) == side_a
        second_a.reload()  # its own storage keeps side A now
        _accessible(second_a)
        _see(second_a, "Side A")
        assert _grid(second_a) == side_a
        phone_b, refused_b = _phone(browser, f"{address}#/join/{code.text}")
        _see(phone_b, "Side B")
        assert _grid(phone_b) == _side_b(code)
        assert phone_b.get_by_role("button", name="Add a phone to side B").count() == 0
    finally:
        stop(server)
    asked = {urlsplit(url).hostname for url in (*refused_a, *refused_a2, *refused_b)}
    assert asked == set(), asked


def test_phone_b_joins_by_scanning_phone_as_qr_code_with_the_camera_in_the_site(
    site: Path, browser: Browser
) -> None:
    port = _free_port()
    server = static_server(site, port)
    try:
        phone_b, _refused = _phone(
            browser, f"http://127.0.0.1:{port}/#/scan", permissions=["camera"]
        )
        phone_b.get_by_role("button", name="Scan", exact=True).click(timeout=BOOT)
        _see(phone_b, "Side B")
        assert phone_b.url.endswith(f"#/play/{SCANNED.text}/b")
        assert _grid(phone_b) == _side_b(SCANNED)
    finally:
        stop(server)


def test_every_field_of_the_site_takes_what_is_typed_fast_or_pasted(
    site: Path, browser: Browser
) -> None:
    """The site's fields, typed as players do (see test_browser_typing): a pasted code and
    Join at once, the result typed with no delay then Enter, a pasted team name then Enter,
    the timer's seconds typed then Enter."""
    port = _free_port()
    server = static_server(site, port)
    address = f"http://127.0.0.1:{port}/"
    try:
        phone_a, _ = _phone(browser, address)
        phone_a.get_by_role("button", name="New game", exact=True).click(timeout=BOOT)
        shown = phone_a.get_by_text(CODE).first
        shown.wait_for(state="attached", timeout=BOOT)
        code = ShareCode.parse(shown.inner_text())

        phone_b, _ = _phone(browser, address)
        _enter(phone_b, "Partner's code", code.text.lower(), "paste", 0)
        _send(phone_b, "button", "Join")
        _see(phone_b, "Side B")
        assert _grid(phone_b) == _side_b(code)

        phone_b.get_by_role("switch", name="Turn timer").click()
        _enter(phone_b, "Clue seconds", "45", "keys", 0)
        phone_b.keyboard.press("Enter")
        phone_b.get_by_role("button", name="Time the clue", exact=True).click()
        assert 40 <= _clock(phone_b, "clue") <= 45

        phone_a.get_by_role("button", name="The game is over: record the result").click()
        _enter(phone_a, "Tokens left in the time bank", "2", "keys", 0, over=True)
        _enter(phone_a, "Stop tokens", "7", "keys", 80, over=True)
        phone_a.keyboard.press("Enter")
        _see(phone_a, "Score: 13.")
        phone_a.goto(address + "#/team")
        _see(phone_a, "Prague 9-9, completed")
        _enter(phone_a, "Team name", "Les Hiboux du jeudi", "paste", 0, over=True)
        phone_a.keyboard.press("Enter")
        _see(phone_a, "Saved.")
        _see(phone_a, "Les Hiboux du jeudi")
    finally:
        stop(server)


def test_a_french_browser_gets_the_site_in_french(site: Path, browser: Browser) -> None:
    """The site's Python runs in the browser, where Flet's device info has no languages:
    the browser's own list is read (a French phone got the English site)."""
    port = _free_port()
    server = static_server(site, port)
    try:
        phone, _ = _phone(browser, f"http://127.0.0.1:{port}/", locale="fr-FR")
        phone.get_by_role("button", name="Nouvelle partie", exact=True).wait_for(timeout=BOOT)
        _see(phone, "Comme ce téléphone : Français")
    finally:
        stop(server)


def test_the_site_asks_no_host_but_its_own(site: Path, browser: Browser) -> None:
    """Flet's client asked jsDelivr for Rive's animation runtime at every page load, which the
    site never uses (its docs say nothing is fetched from another host): heard here with no
    host blocked, Python's worker included."""

    def deal(page: Page) -> None:
        _accessible(page)
        page.get_by_role("button", name="New game", exact=True).click(timeout=BOOT)
        page.get_by_text(CODE).first.wait_for(state="attached", timeout=BOOT)

    port = _free_port()
    server = static_server(site, port)
    try:
        # Another Chromium than the module's, which resolves no other host: nothing blocked.
        everywhere = browser.browser_type.launch(
            executable_path=str(CHROMIUM), headless=True, args=list(CHROMIUM_FLAGS)
        )
        asked = hosts_asked(everywhere, f"http://127.0.0.1:{port}/", deal)
        everywhere.close()
    finally:
        stop(server)
    assert asked == {"127.0.0.1"}


WORDS_CODE = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$")
OWN_WORDS = [f"Mot{number}" for number in range(40)]


def _worded_cells(page: Page) -> tuple[list[str], str]:
    """The 25 words and colours (as G, X, -), row by row from the phone's seat."""
    words, colours = [], []
    for row in range(1, 6):
        for column in range(1, 6):
            label = page.get_by_text(re.compile(rf"^row {row} column {column}: ")).first
            label.wait_for(state="attached", timeout=patience_ms())
            word, colour = label.inner_text().split(": ", 1)[1].split(", ")[:2]
            words.append(word)
            colours.append(COLOUR_WORDS[colour])
    return words, "".join(colours)


def _qr_codes_on_screen(page: Page) -> list[str]:
    """The texts of the QR codes in the screen's pixels once one is drawn: the image is
    decoded after the code's text is on the page, so a first screenshot may come before it
    (CI's did, once)."""
    deadline = time.monotonic() + patience_ms() / 1000
    while True:
        shot = Image.open(io.BytesIO(page.screenshot())).convert("L")
        found = [result.text for result in zxingcpp.read_barcodes(shot)]
        if found or time.monotonic() > deadline:
            return found
        page.wait_for_timeout(200)


def test_own_words_dealt_on_phone_a_reach_phone_b_in_the_link_of_its_qr_code(
    site: Path, browser: Browser
) -> None:
    """A list pasted on the site's words screen, dealt for Prague: the QR code's link carries
    the 25 words after the code (its query, after the #), and phone B opening it shows the
    same words turned round (the code typed alone, which says the words came with the link,
    is tests/test_site_words.py's: the browser adds nothing to it)."""
    port = _free_port()
    server = static_server(site, port)
    address = f"http://127.0.0.1:{port}/"
    try:
        phone_a, _ = _phone(browser, address)
        phone_a.get_by_role("button", name="Your own words", exact=True).click(timeout=BOOT)
        _enter(phone_a, "Words", "\n".join(OWN_WORDS), "paste", 0)
        phone_a.get_by_role("button", name="Deal with these words", exact=True).click()
        shown = phone_a.get_by_text(WORDS_CODE).first
        shown.wait_for(state="attached", timeout=patience_ms())
        code = ShareCode.parse(shown.inner_text())
        assert code.words is not None and code.words.is_custom
        link = phone_a.get_by_text(re.compile(r"#/join/.+\?words=")).first.inner_text()
        assert link.startswith(f"{address}#/join/{code.text}?words=")
        assert "?words=" in phone_a.url  # side A's own address carries them too
        # The QR code on phone A's screen, drawn larger for the longer link, reads back whole.
        assert _qr_codes_on_screen(phone_a) == [link]
        words_a, _colours = _worded_cells(phone_a)
        assert set(words_a) <= {word.upper() for word in OWN_WORDS} and len(set(words_a)) == 25

        phone_b, _ = _phone(browser, link)
        assert _worded_cells(phone_b) == (words_a[::-1], _side_b(code))
    finally:
        stop(server)
