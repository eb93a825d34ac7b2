"""The static site measured in Chromium at a phone's size (390x844), in English and French:
side A's code and its whole card are on the screen together, with the turn timer on and
running, as on the served app; side B's whole card too."""

from __future__ import annotations

import contextlib
import re
from typing import NamedTuple

import pytest

from tests.processes import patience_ms
from tests.test_browser_site import BOOT, CODE

pytestmark = pytest.mark.browser
PHONE = (390, 844)

with contextlib.suppress(ImportError):  # else test_browser skips
    from playwright.sync_api import Browser, Page


class Words(NamedTuple):
    """What the site says, in one of its languages, where the test looks."""

    code: str  # the language the phone's storage chooses
    new_game: str
    timer: str
    time_the_clue: str
    clock: re.Pattern[str]
    cell: str  # one cell's label up to its words, {row} and {column} to fill


ENGLISH = Words(
    "en",
    "New game",
    "Turn timer",
    "Time the clue",
    re.compile(r"^\d+:\d\d for the clue$"),
    "row {row} column {column}: ",
)
FRENCH = Words(
    "fr",
    "Nouvelle partie",
    "Minuteur de tour",
    "Chronométrer l'indice",
    re.compile(r"^\d+:\d\d pour l'indice$"),
    "ligne {row} colonne {column} : ",
)


def _phone(browser: Browser, url: str, words: Words) -> Page:
    """A phone of 390x844 whose storage has chosen this language (as the home screen's
    choice keeps it), on the site at this address."""
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    context.add_init_script(
        f"localStorage.setItem('flutter.gadget.language', JSON.stringify('{words.code}'))"
    )
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=BOOT)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


def _on_screen(page: Page, pattern: re.Pattern[str]) -> None:
    """The first text matching the pattern is drawn wholly inside the phone's screen."""
    found = page.get_by_text(pattern).first
    found.wait_for(state="attached", timeout=patience_ms())
    box = found.bounding_box()
    assert box is not None and box["width"] > 0, pattern
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0] + 0.5, (pattern, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1] + 0.5, (pattern, box)


def _whole_card_on_screen(page: Page, words: Words) -> None:
    for row in range(1, 6):
        for column in range(1, 6):
            cell = words.cell.format(row=row, column=column)
            _on_screen(page, re.compile("^" + re.escape(cell)))


def _timer_running(page: Page, words: Words) -> None:
    """The turn timer switched on and the clue's time started: its clock is shown."""
    page.get_by_role("switch", name=words.timer, exact=True).click(timeout=BOOT)
    page.get_by_role("button", name=words.time_the_clue, exact=True).click()
    page.get_by_text(words.clock).first.wait_for(state="attached", timeout=patience_ms())


@pytest.mark.parametrize("words", [ENGLISH, FRENCH], ids=["english", "french"])
def test_side_a_shows_its_code_and_whole_card_with_the_timer_running_and_side_b_its_card(
    site_address: str, browser: Browser, words: Words
) -> None:
    phone_a = _phone(browser, site_address, words)
    phone_a.get_by_role("button", name=words.new_game, exact=True).click(timeout=BOOT)
    _on_screen(phone_a, CODE)
    _whole_card_on_screen(phone_a, words)
    _timer_running(phone_a, words)
    _on_screen(phone_a, words.clock)
    _on_screen(phone_a, CODE)
    _whole_card_on_screen(phone_a, words)

    code = phone_a.get_by_text(CODE).first.inner_text()
    phone_b = _phone(browser, f"{site_address}#/join/{code}", words)
    _timer_running(phone_b, words)
    _on_screen(phone_b, words.clock)
    _whole_card_on_screen(phone_b, words)
    assert phone_b.get_by_text(CODE).count() == 0  # B has no code to share
    phone_a.context.close()
    phone_b.context.close()
