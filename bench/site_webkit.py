"""A phone's visits in WebKit, the engine of Safari and of every browser on an iPhone:
Debian's WebKitGTK driven by Selenium under Xvfb, as tests/test_browser_webkit.py drives it,
timed from asking for the page to a text named on screen (bench/bench_site.py)."""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import time
from contextlib import ExitStack

from tests.test_browser_webkit import (
    LOCALE,
    NAMED,
    WEBDRIVER,
    _minibrowser,
    _missing,
    xvfb,
)

PATIENCE = 240.0  # s: the slowest start measured in WebKit on a busy machine was 59 s
_screens = ExitStack()
atexit.register(_screens.close)
_display: list[str] = []


def _screen() -> str:
    """One Xvfb for every visit of the run, stopped when the benchmark ends."""
    if not _display:
        _display.append(_screens.enter_context(xvfb()))
    return _display[0]


def webkit_visits(url: str, text: str, first_only: bool) -> list[float]:
    """Seconds to `text` on a first visit and a second (in the same browser), or [] where
    WebKitGTK cannot run."""
    if _missing() is not None:
        return []
    from selenium import webdriver  # noqa: PLC0415  (only where WebKit runs)
    from selenium.webdriver.common.by import By  # noqa: PLC0415
    from selenium.webdriver.webkitgtk.options import Options  # noqa: PLC0415
    from selenium.webdriver.webkitgtk.service import Service  # noqa: PLC0415

    options = Options()
    options.binary_location = str(_minibrowser())
    options.add_argument("--automation")
    language = {"LANG": LOCALE, "LC_ALL": LOCALE, "LANGUAGE": "en_US"}
    service = Service(str(WEBDRIVER), env={**os.environ, "DISPLAY": _screen(), **language})
    driver = webdriver.WebKitGTK(options=options, service=service)
    whole = f"^(?:{re.escape(text)}.*)$"

    def visit() -> float:
        driver.get("about:blank")  # a load of its own, not a jump within the same page
        started = time.perf_counter()
        driver.get(url)
        deadline = started + PATIENCE
        clicked = False
        while time.perf_counter() < deadline:
            with contextlib.suppress(Exception):  # a node replaced while it was read
                if not clicked:
                    placeholder = driver.find_elements(By.CSS_SELECTOR, "flt-semantics-placeholder")
                    if placeholder:
                        driver.execute_script("arguments[0].click()", placeholder[0])
                        clicked = True
                elif driver.execute_script(NAMED, whole, ""):
                    return time.perf_counter() - started
            time.sleep(0.05)
        raise AssertionError(f"{text!r} not seen in {PATIENCE:.0f} s at {url}")

    try:
        driver.set_window_size(390, 844)
        first = visit()
        return [first] if first_only else [first, visit()]
    finally:
        driver.quit()
