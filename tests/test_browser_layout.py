"""Measured in Chromium at a phone's size (390x844) and a desktop's (1280x800): phone A's
code shows without scrolling, the card is not stretched on a desktop, the table is laid out
again when the window is resized across a desktop's width, and the mission map shows every
city when it opens, zooming with its buttons."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest

from tests.browsers import GAME_ADDRESS, Browser, Page, _phone, _see, _type
from tests.processes import patience_ms

pytestmark = pytest.mark.browser
PHONE, DESKTOP = (390, 844), (1280, 800)
CODE = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")


def _box(page: Page, pattern: re.Pattern[str]) -> dict[str, float]:
    found = page.get_by_text(pattern).first
    found.wait_for(timeout=patience_ms())
    box = found.bounding_box()
    assert box is not None and box["width"] > 0, pattern
    return box


def _dealt(browser: Browser, server: str, size: tuple[int, int]) -> Page:
    phone_a = _phone(browser, server + "/", size)
    phone_a.get_by_role("button", name="New game", exact=True).click()
    phone_a.wait_for_url(GAME_ADDRESS, timeout=patience_ms())
    return phone_a


def test_phone_a_sees_the_code_without_scrolling_on_a_phone(server: str, browser: Browser) -> None:
    phone_a = _dealt(browser, server, PHONE)
    code = _box(phone_a, CODE)
    link = _box(phone_a, re.compile(r"/join/"))
    assert code["y"] + code["height"] <= PHONE[1]
    assert link["y"] + link["height"] <= PHONE[1]  # the QR code is above both
    first_cell = _box(phone_a, re.compile(r"^row 1 column 1: "))
    assert first_cell["y"] > code["y"]  # the code first, then the card
    last_cell = _box(phone_a, re.compile(r"^row 5 column 5: "))
    assert last_cell["y"] + last_cell["height"] <= PHONE[1]  # and the whole card with it


def test_on_a_desktop_the_code_sits_beside_a_card_of_cells_not_strips(
    server: str, browser: Browser
) -> None:
    desk = _dealt(browser, server, DESKTOP)
    code = _box(desk, CODE)
    first, last = (_box(desk, re.compile(rf"^row {n} column {n}: ")) for n in (1, 5))
    assert first["width"] < 100 and first["width"] / first["height"] < 2  # not a wide strip
    assert code["x"] > last["x"] + last["width"]  # beside the card, to its right
    assert last["y"] + last["height"] <= DESKTOP[1] and code["y"] + code["height"] <= DESKTOP[1]
    column = _box(desk, re.compile(r"^Side A$"))
    assert 200 < column["x"] < 300  # the screen is centred, not hugging the left edge


def _cell_box(page: Page, row: int, column: int) -> dict[str, float]:
    """Where a cell is drawn: a text to a reader while it may not be tapped, a button once
    it may."""
    label = re.compile(rf"^row {row} column {column}: ")
    found = page.get_by_text(label).or_(page.get_by_role("button", name=label)).first
    found.wait_for(timeout=patience_ms())
    box = found.bounding_box()
    assert box is not None and box["width"] > 0, label
    return box


def test_a_clue_leaves_the_card_where_it_was_under_a_quick_second_tap(
    server: str, browser: Browser
) -> None:
    """What an in-process test cannot check, where things are drawn: the line that comes
    with a clue ("When B touches a word, tap it here") sits under the card, so the card does
    not move down under the finger that gave the clue; above it, a quick second tap on
    "Give clue" landed on a cell of the last row and recorded a touch (an outsider's)."""
    phone_a = _dealt(browser, server, PHONE)
    _type(phone_a, phone_a.get_by_role("textbox", name="Clue"), "tree")
    give = phone_a.get_by_role("button", name="Give clue", exact=True)
    give.scroll_into_view_if_needed()  # where the finger finds it; a click scrolls no more
    button, card = give.bounding_box(), _card_from_the_top(phone_a)
    give.click()
    _see(phone_a, "When B touches a word, tap it here.")
    _see(phone_a, "You gave the clue: tree. B guesses.")
    assert _card_from_the_top(phone_a) == card
    assert button is not None
    x, y = button["x"] + button["width"] / 2, button["y"] + button["height"] / 2
    for row, column in ((r, c) for r in range(1, 6) for c in range(1, 6)):
        cell = _cell_box(phone_a, row, column)  # the spot tapped twice is on no cell
        assert not (cell["x"] <= x <= cell["x"] + cell["width"]) or not (
            cell["y"] <= y <= cell["y"] + cell["height"]
        ), (row, column)


def _card_from_the_top(page: Page) -> list[float]:
    """Where the card's first and last rows are, from the top of the screen's column (the
    page may scroll: its title scrolls with it)."""
    top = _box(page, re.compile(r"^Side A$"))["y"]
    return [round(_cell_box(page, n, n)["y"] - top, 1) for n in (1, 5)]


def _cities(page: Page) -> dict[str, dict[str, float]]:
    buttons = page.get_by_role("button", name=re.compile(r", (open|locked|completed)$"))
    buttons.first.wait_for(timeout=patience_ms())
    found: dict[str, Any] = {}
    for index in range(buttons.count()):
        button = buttons.nth(index)
        found[str(button.get_attribute("aria-label") or button.inner_text())] = (
            button.bounding_box()
        )
    return found


def test_a_window_resized_across_a_desktops_width_lays_the_card_out_again_at_once(
    server: str, browser: Browser
) -> None:
    """What an in-process test cannot check: the browser sends its resizes (only while the
    page asks for them) and its new width with them, so the table is laid out again with no
    move: narrowed to a phone's width, the code comes above the card, inside the window
    (beside the card, it was cut off), and widened again, it sits beside the card again."""
    desk = _dealt(browser, server, DESKTOP)
    fifth = re.compile(r"^row 1 column 5: ")
    assert _box(desk, CODE)["x"] > _box(desk, fifth)["x"]
    desk.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    _until(desk, lambda: _laid_out_for_a_phone(desk, fifth))
    desk.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    _until(desk, lambda: _beside(desk, fifth))


def _laid_out_for_a_phone(page: Page, fifth: re.Pattern[str]) -> bool:
    # Either may be gone for a moment while the page is laid out again: not yet, then (a
    # full run's cell had no box between its wait and its measure).
    found = page.get_by_text(CODE).first.bounding_box()
    cell = page.get_by_text(fifth).first.bounding_box()
    return (
        found is not None
        and cell is not None
        and 0 < found["x"] < found["x"] + found["width"] <= PHONE[0]
        and found["y"] < cell["y"]
        and cell["x"] + cell["width"] <= PHONE[0]
    )


def _beside(page: Page, fifth: re.Pattern[str]) -> bool:
    found = page.get_by_text(CODE).first.bounding_box()
    cell = page.get_by_text(fifth).first.bounding_box()
    return found is not None and cell is not None and found["x"] > cell["x"]


def _until(page: Page, check: Callable[[], bool]) -> None:
    """Looked at every 0.1 s until true, within the patience of a page's answer."""
    deadline = time.monotonic() + patience_ms() / 1000
    while not check():
        assert time.monotonic() < deadline, "not laid out again"
        page.wait_for_timeout(100)


def test_the_mission_map_opens_with_every_city_on_screen_and_zooms_with_its_buttons(
    server: str, browser: Browser
) -> None:
    phone = _phone(browser, server + "/teams", PHONE)
    _type(phone, phone.get_by_role("textbox", name="New team"), "Map larks")
    phone.get_by_role("button", name="Add team", exact=True).click()
    _see(phone, "Added Map larks.")
    phone.get_by_role("button", name=re.compile(r"^Map larks")).first.click()
    _see(phone, "Open now")
    cities = _cities(phone)
    assert len(cities) == 22
    for name, box in cities.items():
        assert box is not None and box["width"] > 0, name
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], name
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1], name
    for (a, one), (b, two) in combinations(cities.items(), 2):
        apart = (
            one["x"] + one["width"] <= two["x"] + 0.5
            or two["x"] + two["width"] <= one["x"] + 0.5
            or one["y"] + one["height"] <= two["y"] + 0.5
            or two["y"] + two["height"] <= one["y"] + 0.5
        )
        assert apart, (a, b)
    before = next(box for name, box in cities.items() if name.startswith("Prague"))
    phone.get_by_role("button", name="Zoom in", exact=True).click()
    phone.wait_for_timeout(500)
    after = next(box for name, box in _cities(phone).items() if name.startswith("Prague"))
    assert after["width"] == pytest.approx(before["width"] * 1.5, rel=0.05)
    phone.get_by_role("button", name="Whole map", exact=True).click()
    phone.wait_for_timeout(500)
    again = next(box for name, box in _cities(phone).items() if name.startswith("Prague"))
    assert again["width"] == pytest.approx(before["width"], rel=0.02)


def _button_names(page: Page) -> list[str]:
    """What a screen reader says for each button: its label, else its text."""
    return list(
        page.evaluate(
            """() => Array.from(document.querySelectorAll('flt-semantics[role="button"]'))
                .map(e => (e.getAttribute('aria-label') || e.textContent || '').trim())"""
        )
    )


def test_every_button_has_a_name_said_once(server: str, browser: Browser) -> None:
    phone_a = _dealt(browser, server, PHONE)
    _box(phone_a, CODE)
    names = _button_names(phone_a)
    assert {"Home", "Hide the card", "Number of words", "Give clue"} <= set(names), names
    for name in names:
        assert name, names  # no nameless button
        lines = name.split("\n")
        assert len(lines) == len(set(lines)), name  # not "Home\nHome"
