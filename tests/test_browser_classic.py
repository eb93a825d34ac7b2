"""A classic card on the served app in headless Chromium: one phone deals, another opens its
link (read from the page), and both show the engine's card; the team timer started on one
shows on the other, and "End the turn" on either moves both; a touch counted on one shows
covered on the other. (A third phone typing the code, and the Pictures card, are checked
in-process: tests/test_classic_screens.py.)"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from gadget.engine.classic import ClassicCard, Team
from tests.browsers import _phone, _see

if TYPE_CHECKING:  # the fixtures skip where playwright is missing
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser


CLASSIC_ADDRESS = re.compile(r"/classic/[0-9A-Z]{5}-[0-9A-Z]{5}$")
TURNS = {Team.RED: "Red's turn", Team.BLUE: "Blue's turn"}
ROLE_WORDS = {"red agent": "R", "blue agent": "B", "bystander": "-", "assassin": "X"}


def _deal(browser: Browser, server: str, button: str) -> tuple[Page, ClassicCard, str]:
    """A phone deals a card from Home and shows its code: the card and the link it gives."""
    dealer = _phone(browser, server + "/")
    dealer.get_by_role("button", name=button, exact=True).click()
    dealer.wait_for_url(CLASSIC_ADDRESS, timeout=30_000)
    card = ClassicCard.from_code(dealer.url.rsplit("/", 1)[1])
    dealer.get_by_role("button", name="Show the code for the other spymaster", exact=True).click()
    shown = dealer.get_by_text(re.compile(r"^http://127\.0\.0\.1:\d+/classic/")).first
    shown.wait_for(state="attached", timeout=30_000)
    return dealer, card, shown.inner_text()


def _label(phone: Page, row: int, column: int) -> str:
    """What the cell at this place says (a cell that may be touched is a button)."""
    pattern = re.compile(rf"^row {row} column {column}: ")
    found = phone.get_by_role("button", name=pattern).or_(phone.get_by_text(pattern)).first
    found.wait_for(state="attached", timeout=30_000)
    return found.get_attribute("aria-label") or found.inner_text()


def _cells(phone: Page, card: ClassicCard) -> str:
    """The card as the phone labels it, in the card's own letters, once a spymaster asked."""
    show = phone.get_by_role("button", name="Show the card (spymasters only)", exact=True)
    if show.count():
        show.click()
    layout = card.layout
    return "".join(
        ROLE_WORDS[_label(phone, row, column).split(": ", 1)[1]]
        for row in range(1, layout.rows + 1)
        for column in range(1, layout.columns + 1)
    )


def test_the_timer_and_the_count_go_from_one_phone_to_the_other(
    server: str, browser: Browser
) -> None:
    dealer, card, link = _deal(browser, server, "Deal a classic card")
    other = _phone(browser, link)
    first, second = TURNS[card.starting], TURNS[card.starting.other]
    _see(other, "Card hidden")
    dealer.get_by_role("switch", name="Team timer").click()
    _see(other, first)  # the timer started on the dealer's phone
    ends = {Team.RED: "End red's turn", Team.BLUE: "End blue's turn"}
    other.get_by_role("button", name=ends[card.starting], exact=True).click()
    _see(dealer, second)  # ended on the other phone: the dealer's moves to the other team
    assert dealer.get_by_text(first).count() == 0

    other.get_by_role("switch", name="Keep count").click()
    _see(dealer, "Agents left: red")
    assert link == f"{server}/classic/{card.code}"
    assert _cells(dealer, card) == _cells(other, card) == card.cells  # the engine's card
    agent = min(card.agents(card.starting))
    row, column = divmod(agent, card.layout.columns)
    dealer.get_by_role("button", name=re.compile(rf"^row {row + 1} column {column + 1}: ")).click()
    covered = re.compile(rf"^row {row + 1} column {column + 1}: \w+ agent, covered$")
    other.get_by_text(covered).first.wait_for(state="attached", timeout=30_000)
