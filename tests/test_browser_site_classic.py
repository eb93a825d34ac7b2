"""Classic Codenames and Pictures on the built static site, in headless Chromium with every
request off this machine refused: one phone deals, another opens its link, and both show
the card the engine makes from that code (a code typed on a third phone is
tests/test_site_classic.py's); the count kept on a phone is there again after a reload; the
team timer alternates the teams."""

from __future__ import annotations

import contextlib
import re

import pytest

from gadget.engine.classic import ClassicCard, Game, Team
from tests.browsers import _see
from tests.processes import patience_ms
from tests.test_browser_site import BOOT, _accessible

CLASSIC_CODE = re.compile(r"^[34][0-9A-Z]{4}-[0-9A-Z]{5}$")
LETTERS = {"red agent": "R", "blue agent": "B", "bystander": "-", "assassin": "X"}
SHOW = "Show the card (spymasters only)"

pytestmark = pytest.mark.browser

with contextlib.suppress(ImportError):  # the dev install has it; else test_browser skips
    from playwright.sync_api import Browser, Page


def _phone(browser: Browser, url: str) -> Page:
    """A new phone (its own storage) on the site, its page drawn."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(max(BOOT, patience_ms()))  # a busy machine: every wait and tap
    page = context.new_page()
    page.goto(url)
    _accessible(page)
    return page


def _shown_card(page: Page, game: Game) -> str:
    """The card the page shows, once a spymaster asks: R, B, - and X from the cells' labels."""
    page.get_by_role("button", name=SHOW).click(timeout=BOOT)
    rows = 5 if game is Game.CLASSIC else 4
    cells = []
    for row in range(1, rows + 1):
        for column in range(1, 6):
            label = page.get_by_text(re.compile(rf"^row {row} column {column}: ")).first
            label.wait_for(state="attached", timeout=patience_ms())
            words = label.inner_text().rsplit(": ", 1)[1].removesuffix(", covered")
            cells.append(LETTERS[words])
    return "".join(cells)


def _clock(page: Page) -> int:
    """Seconds the team timer shows (m:ss)."""
    shown = page.get_by_text(re.compile(r"^\d+:\d\d$")).first
    shown.wait_for(state="attached", timeout=patience_ms())
    minutes, seconds = shown.inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


def _deal(phone: Page, button: str) -> tuple[ClassicCard, str]:
    """Deal on the home screen; the card its code makes and the link the phone shows."""
    phone.get_by_role("button", name=button, exact=True).click(timeout=BOOT)
    _see(phone, "Card hidden")
    assert phone.get_by_text(re.compile(r"^row \d column \d: ")).count() == 0
    phone.get_by_role("button", name="Show the code for the other spymaster").click()
    shown = phone.get_by_text(CLASSIC_CODE).first
    shown.wait_for(state="attached", timeout=patience_ms())
    card = ClassicCard.from_code(shown.inner_text())
    link = phone.get_by_text(re.compile(r"#/classic/")).first.inner_text()
    assert link.endswith(f"#/classic/{card.code}")
    return card, link


def test_two_phones_show_one_classic_card_and_the_count_survives_a_reload(
    offline_browser: Browser, site_address: str
) -> None:
    phone_a = _phone(offline_browser, site_address)
    card, link = _deal(phone_a, "Deal a classic card")
    assert card.game is Game.CLASSIC
    assert _shown_card(phone_a, card.game) == card.cells  # the engine's card, in the browser

    phone_b = _phone(offline_browser, link)  # A's link (its QR code's)
    assert _shown_card(phone_b, card.game) == card.cells

    # The code typed on a third phone's home screen: test_site_classic.py, in-process.

    # B keeps count: a touch of the starting team's agent is there again after a reload.
    phone_b.get_by_role("switch", name="Keep count").click()
    agent = min(card.agents(card.starting))
    row, column = divmod(agent, 5)
    phone_b.get_by_role("button", name=re.compile(rf"^row {row + 1} column {column + 1}: ")).click()
    red, blue = 8, 8  # the starting team had 9 and found one; the other has its 8
    _see(phone_b, f"Agents left: red {red}, blue {blue}")
    phone_b.reload()
    _accessible(phone_b)
    _see(phone_b, f"Agents left: red {red}, blue {blue}")
    assert _shown_card(phone_b, card.game) == card.cells
    covered = phone_b.get_by_text(re.compile(rf"^row {row + 1} column {column + 1}: .*, covered$"))
    covered.first.wait_for(state="attached", timeout=patience_ms())

    # A times the teams: the starting team's turn, then the other's.
    first, second = ("Red's turn", "Blue's turn")[:: 1 if card.starting is Team.RED else -1]
    phone_a.get_by_role("switch", name="Team timer").click()
    _see(phone_a, first)
    # The first turn's time (3:00), then a turn's (2:00): the clock has run a little meanwhile,
    # up to a minute on a busy machine, never into the other's range.
    assert 120 < _clock(phone_a) <= 180
    ends = {Team.RED: "End red's turn", Team.BLUE: "End blue's turn"}
    phone_a.get_by_role("button", name=ends[card.starting], exact=True).click()
    _see(phone_a, second)
    assert 60 < _clock(phone_a) <= 120
    for phone in (phone_a, phone_b):
        phone.context.close()
