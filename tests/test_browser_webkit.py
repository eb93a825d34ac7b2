"""The served app and the static site in WebKit, the engine of Safari and of every browser on
an iPhone: Debian's WebKitGTK driven by Selenium under Xvfb. Home, a new game whose QR code
is read from the screen's pixels, and side B opened by the link that QR code carries."""

from __future__ import annotations

import contextlib
import io
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import pytest
import zxingcpp
from PIL import Image

from gadget.engine import ShareCode
from gadget.services.links import code_in_text
from tests.browsers import REQUIRED
from tests.processes import stop
from tests.test_browser_site import CODE, _side_b

WEBDRIVER = Path("/usr/bin/WebKitWebDriver")
XVFB = Path("/usr/bin/Xvfb")
# WebKitGTK takes the page's language from the locale: under C.UTF-8 it says "C", which
# Flet's client refuses ("invalid language tag"), and the app never leaves its splash.
LOCALE = "en_US.UTF-8"
BOOT = 180.0  # s: Pyodide in WebKit on a busy machine
PATIENCE = 60.0  # s: a screen after a tap
# s: the most a phone's steps wait (two boots and two screens), with a margin. A WebKit that
# has stopped answering is stopped then, so the test fails instead of waiting for ever.
PHONE_LIMIT = 2 * BOOT + 4 * PATIENCE
# s: a WebKit session starts in under 1 s here (0.3-0.9 s, 8 starts); one that has not
# started by then is stopped and asked again, once.
STARTUP = 60.0
STARTS = 2
MARGIN = 16  # px of the screen kept around the QR code's box: its quiet zone

pytestmark = [
    pytest.mark.browser,
    # Selenium's own WebKitGTK driver class still passes its address the old way.
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]

Found = TypeVar("Found")

try:
    from selenium import webdriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service
except ImportError:  # pragma: no cover - the dev install has it
    webdriver = None  # type: ignore[assignment]


def _minibrowser() -> Path | None:
    """WebKitGTK's own small browser, which its WebDriver drives."""
    return next(iter(sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))), None)


def _has_locale() -> bool:
    listed = subprocess.run(["locale", "-a"], capture_output=True, text=True, check=False)
    return "en_US.utf8" in listed.stdout.split()


def _missing() -> str | None:
    install = "apt-get install webkit2gtk-driver libwebkit2gtk-4.1-0 xvfb"
    if webdriver is None:
        return "selenium is not installed"
    if not WEBDRIVER.exists() or _minibrowser() is None:
        return f"no WebKitGTK WebDriver ({install})"
    if not XVFB.exists():
        return f"no Xvfb ({install})"
    if not _has_locale():
        return f"no {LOCALE} locale (localedef -i en_US -c -f UTF-8 {LOCALE})"
    return None


def _require_webkit() -> None:
    missing = _missing()
    if missing:
        if REQUIRED:
            pytest.fail(f"browser tests are required here: {missing}")
        pytest.skip(missing)


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """A screen of its own for the browsers: Xvfb on the first free display number."""
    _require_webkit()
    with xvfb() as number:
        yield number


@contextmanager
def xvfb() -> Iterator[str]:
    """Xvfb on the first free display number, stopped at the end (bench/site_webkit.py)."""
    told, tell = os.pipe()
    process = subprocess.Popen(
        [str(XVFB), "-displayfd", str(tell), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(tell,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(tell)
    try:
        ready, _, _ = select.select([told], [], [], 60)
        number = os.read(told, 16).decode().strip() if ready else ""
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        os.close(told)
        stop(process)


def _service(display: str, driver: Path = WEBDRIVER) -> Service:
    """WebKit's WebDriver on the test's screen, in the page language Flet's client accepts,
    in a process group of its own (the driver and its browser: one group to kill)."""
    language = {"LANG": LOCALE, "LC_ALL": LOCALE, "LANGUAGE": "en_US"}
    return Service(
        str(driver),
        env={**os.environ, "DISPLAY": display, **language},
        popen_kw={"start_new_session": True},
    )


def _started(display: str, driver: Path = WEBDRIVER) -> WebDriver:
    """A new WebKit session, asked again once if the first has not started within
    `STARTUP` seconds: CI's machine once waited 600 s for a session that never started."""
    options = Options()
    options.binary_location = str(_minibrowser())
    options.add_argument("--automation")
    for start in range(1, STARTS + 1):
        service = _service(display, driver)
        late = threading.Event()
        watchdog = threading.Timer(STARTUP, _late, (late, service))
        watchdog.start()
        try:
            return webdriver.WebKitGTK(options=options, service=service)
        except Exception as error:
            _kill_group(service)
            if not late.is_set():
                raise
            if start == STARTS:
                message = f"WebKit did not start a session within {STARTUP:.0f} s, {STARTS} times"
                raise AssertionError(message) from error
        finally:
            watchdog.cancel()
    raise AssertionError("unreachable: the last start returns or raises")


def _late(late: threading.Event, service: Service) -> None:
    """A session's start that is late: said, and its driver and browser killed."""
    late.set()
    _kill_group(service)


@contextmanager
def _phone(
    display: str, url: str, limit: float = PHONE_LIMIT, booted_limit: float | None = None
) -> Iterator[WebDriver]:
    """A new WebKit browser (a phone of its own: each session starts with no storage) on
    the page, once Flutter has drawn and been asked for its DOM of roles and labels; its
    WebDriver and browser are killed if the phone is still open `limit` seconds after its
    session started, or `booted_limit` seconds after it booted when that is given (a boot's
    time is not ours)."""
    driver = _started(display)
    service = driver.service
    stopped = threading.Event()
    limits = [limit]  # the limit of the watchdog running now, last

    def stop() -> None:
        stopped.set()
        _kill_group(service)

    watchdog = threading.Timer(limit, stop)
    watchdog.start()
    try:
        driver.set_window_size(390, 844)
        driver.get(url)
        placeholder = _wait(
            "Flutter's semantics placeholder",
            lambda: driver.find_elements(By.CSS_SELECTOR, "flt-semantics-placeholder"),
            BOOT,
        )
        driver.execute_script("arguments[0].click()", placeholder[0])
        if booted_limit is not None:
            watchdog.cancel()
            limits.append(booted_limit)
            watchdog = threading.Timer(booted_limit, stop)
            watchdog.start()
        yield driver
    except Exception as error:
        if stopped.is_set():
            message = f"WebKit did not answer within {limits[-1]:.0f} s, and was stopped"
            raise AssertionError(message) from error
        raise
    finally:
        try:
            with contextlib.suppress(Exception):  # a killed driver has nothing to quit
                driver.quit()
        finally:
            watchdog.cancel()
            _kill_group(service)  # anything of the browser that outlived its driver


def _kill_group(service: Service) -> None:
    """WebKit's WebDriver and the browser it started, killed: one process group."""
    process = getattr(service, "process", None)
    if process is not None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def _wait(what: str, find: Callable[[], Found], seconds: float = PATIENCE) -> Found:
    """What `find` gives once it is there (true), looking again until the time is up."""
    deadline = time.monotonic() + seconds
    while True:
        with contextlib.suppress(Exception):  # a node replaced while it was read
            found = find()
            if found:
                return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not seen in {seconds:.0f} s: {what}")
        time.sleep(0.5)


# The semantics nodes whose label (else text) matches a pattern, and have a role if one is
# asked: found in the page in one call (a WebDriver call a node is slow on a busy machine).
NAMED = """
const [pattern, role] = arguments;
const name = new RegExp(pattern);
return [...document.querySelectorAll("flt-semantics, [role]")].filter(
  (node) => (!role || node.getAttribute("role") === role)
    && name.test((node.getAttribute("aria-label") || node.textContent || "").trim()));
"""


def _name(node: WebElement) -> str:
    """What a screen reader says of a semantics node: its label, else its text."""
    return (node.get_attribute("aria-label") or node.text or "").strip()


# What the page shows when a node is not seen, for the failure to say: Flutter's view, its
# semantics placeholder (still there: semantics were never turned on), and the names read.
PAGE_STATE = """
const named = [...document.querySelectorAll("flt-semantics, [role]")]
  .map((node) => (node.getAttribute("aria-label") || node.textContent || "").trim())
  .filter((name) => name);
return JSON.stringify({
  ready: document.readyState,
  view: !!document.querySelector("flutter-view, flt-glass-pane"),
  placeholder: !!document.querySelector("flt-semantics-placeholder"),
  nodes: document.querySelectorAll("flt-semantics").length,
  names: named.slice(0, 12),
});
"""
# Semantics turned on by a placeholder's click that a busy WebKit lost: clicked again when
# the page still shows the placeholder and no node (a click once it is gone does nothing).
AGAIN = """
const placeholder = document.querySelector("flt-semantics-placeholder");
if (placeholder && !document.querySelector("flt-semantics")) placeholder.click();
"""


def _see(
    driver: WebDriver, name: str | re.Pattern[str], seconds: float = PATIENCE, role: str = ""
) -> WebElement:
    """The first node named so (the whole name: a plain string is taken as it is); not seen,
    the failure says what the page showed instead."""
    pattern = name.pattern if isinstance(name, re.Pattern) else re.escape(name)
    whole = f"^(?:{pattern.removeprefix('^').removesuffix('$')})$"

    def find() -> list[WebElement]:
        driver.execute_script(AGAIN)
        return driver.execute_script(NAMED, whole, role)  # type: ignore[no-any-return]

    try:
        found = _wait(repr(pattern), find, seconds)
    except AssertionError as missing:
        state = "unread"
        with contextlib.suppress(Exception):  # a WebKit that stopped answering says nothing
            state = driver.execute_script(PAGE_STATE)
        raise AssertionError(f"{missing}; the page then: {state}") from None
    return found[0]


def _tap(driver: WebDriver, name: str, seconds: float = PATIENCE) -> None:
    _see(driver, name, seconds, role="button").click()


def _qr_on_screen(driver: WebDriver) -> str:
    """The text of the QR code drawn on screen, read from the screenshot's pixels in the box
    of the node labelled as the QR code (its label names the link: a screen reader's words)."""
    box = _see(driver, re.compile(r"QR code of .+")).rect

    def read() -> str:
        shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("L")
        left, top = box["x"] - MARGIN, box["y"] - MARGIN
        right, bottom = box["x"] + box["width"] + MARGIN, box["y"] + box["height"] + MARGIN
        found = zxingcpp.read_barcodes(shot.crop((left, top, right, bottom)))
        return next((result.text for result in found if result.text), "")

    return _wait("a QR code in the pixels of its box", read)


def _grid(driver: WebDriver) -> str:
    """The 25 cells as the page labels them, row by row from the player's seat."""
    _see(driver, re.compile(r"row 5 column 5: \w+"))
    colour = {"agent": "G", "assassin": "X", "bystander": "-"}
    cells = {
        label.rsplit(": ", 1)[0]: colour[label.rsplit(": ", 1)[1]]
        for label in map(_name, driver.execute_script(NAMED, r"^row \d column \d: \w+$", ""))
    }
    places = (f"row {row} column {column}" for row in range(1, 6) for column in range(1, 6))
    return "".join(cells[place] for place in places)


def _new_game_and_side_b(display: str, home: str, link: re.Pattern[str]) -> None:
    """Home, a new game on phone A whose QR code WebKit draws, then phone B opened by the link
    that QR code carries: B shows side B of the code's card."""
    with _phone(display, home) as phone_a:
        _see(phone_a, "Join", BOOT)
        _tap(phone_a, "New game", BOOT)
        code = ShareCode.parse(_name(_see(phone_a, CODE)))
        scanned = _qr_on_screen(phone_a)
        assert link.fullmatch(scanned), scanned
        assert code_in_text(scanned) == code
    with _phone(display, scanned) as phone_b:
        _see(phone_b, "Side B", BOOT)
        assert _grid(phone_b) == _side_b(code)


def test_the_served_app_shows_side_as_qr_code_in_webkit(display: str, server: str) -> None:
    _new_game_and_side_b(display, server + "/", re.compile(re.escape(server) + r"/join/\S+"))


def test_the_static_site_shows_side_as_qr_code_in_webkit(display: str, site_address: str) -> None:
    url = site_address.rstrip("/")
    _new_game_and_side_b(display, url + "/", re.compile(re.escape(url) + r"/#/join/\S+"))


def test_a_webkit_that_stops_answering_fails_its_test_instead_of_holding_the_run(
    display: str, tmp_path: Path
) -> None:
    """A WebKit that stopped answering once held a busy run for over an hour: its phone is
    now stopped at its limit, and the test says why. The limit starts once the phone has
    booted: on CI's machine a first WebKit boot alone once took more than the 60 s."""
    page = tmp_path / "index.html"
    page.write_text("<flt-semantics-placeholder>a page</flt-semantics-placeholder>")
    frozen = False
    with (
        pytest.raises(AssertionError, match=r"^WebKit did not answer within 5 s"),
        _phone(display, page.as_uri(), booted_limit=5) as phone,
    ):
        os.killpg(phone.service.process.pid, signal.SIGSTOP)  # the driver and its browser
        frozen = True
        phone.get(page.as_uri())  # asked of a WebKit that never answers
    assert frozen


# A WebDriver that takes the session's request and never answers it, the `hangs` first times
# it is started (counted in a file); started again after that, it is WebKit's own.
HANGING_DRIVER = """#!{python}
import os, socket, sys
from pathlib import Path
starts = Path({starts!r})
started = len(starts.read_text().splitlines()) if starts.exists() else 0
with starts.open("a") as told:
    told.write("started\\n")
if started >= {hangs}:
    os.execv({{real!r}}, [{{real!r}}, *sys.argv[1:]])
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", int(sys.argv[sys.argv.index("-p") + 1])))
listener.listen()
held = []
while True:
    held.append(listener.accept()[0])
"""


def _hanging_driver(folder: Path, hangs: int) -> tuple[Path, Path]:
    """The driver above, and the file that counts its starts."""
    starts, driver = folder / "starts", folder / "WebKitWebDriver"
    text = HANGING_DRIVER.format(python=sys.executable, starts=str(starts), hangs=hangs)
    driver.write_text(text.replace("{real!r}", repr(str(WEBDRIVER))))
    driver.chmod(0o755)
    return driver, starts


def test_a_session_that_does_not_start_is_asked_again_once(
    display: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CI's run waited 600 s for a WebKit session that never started: a start now has its
    own limit, and a second chance."""
    monkeypatch.setattr(sys.modules[__name__], "STARTUP", 3.0)
    driver_path, starts = _hanging_driver(tmp_path, hangs=1)
    phone = _started(display, driver_path)
    try:
        assert phone.execute_script("return 6 * 7") == 42
    finally:
        phone.quit()
    assert starts.read_text().splitlines() == ["started", "started"]


def test_a_session_that_never_starts_fails_in_one_line_after_two_starts(
    display: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.modules[__name__], "STARTUP", 2.0)
    driver_path, starts = _hanging_driver(tmp_path, hangs=STARTS)
    with pytest.raises(
        AssertionError, match=r"^WebKit did not start a session within 2 s, 2 times$"
    ):
        _started(display, driver_path)
    assert starts.read_text().splitlines() == ["started"] * STARTS
