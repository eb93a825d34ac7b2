"""Screenshots of the game of more than two at a phone's size, in English and in French
(`fr-` names): side A's link for another phone, that phone holding side A with both phones
named by their players, and played apart a word one phone of side B chose, asked on B's
other phone:
`python tools/side_screenshots.py [en] [fr]` (both when none is named)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from gadget.engine import Colour  # noqa: E402
from tests.browsers import _phone, _see, _type  # noqa: E402
from tests.test_browser_apart import _reveal  # noqa: E402
from tools.screenshots import PHONE, Words, shoot, shoot_served  # noqa: E402
from tools.words_screenshots import _cells, _choose, _give, dealt_with_words  # noqa: E402

CLUE = {"en": "garden", "fr": "jardin"}


def _added(browser: Browser, page: Page, say: Words, side: str, name: str = "") -> Page:
    """Another phone of this page's side, by the link it shows (its QR code's); the link
    photographed first when `name` is given."""
    add = page.get_by_role("button", name=say("Add a phone to side {side}", side=side), exact=True)
    _reveal(page, add).click()
    qr = page.get_by_label(re.compile(r"/side/")).first
    qr.wait_for(state="attached", timeout=60_000)
    if name:
        _reveal(page, qr)
        page.mouse.wheel(0, 240)  # the whole panel: its QR code and the link under it
        shoot(page, name)
    link = "http" + (qr.get_attribute("aria-label") or "").split("http", 1)[1]
    added = _phone(browser, link, PHONE, locale=say.locale)
    _see(added, say("This phone is phone {number}.", number=2))
    return added


def _named(page: Page, say: Words, player: str, number: int) -> None:
    """The phone (its side's phone `number`) named by its player, once its panel shows it."""
    _reveal(page, page.get_by_role("button", name=say("Name this phone"), exact=True)).click()
    field = page.get_by_role("textbox", name=say("This phone's player"))
    _type(page, _reveal(page, field), player)
    page.get_by_role("button", name=say("Save the name"), exact=True).click()
    phone = say("{phone}: {name}", phone=say("Phone {number}", number=number), name=player)
    _see(page, say("{phone} (this phone)", phone=phone))


def shoot_sides(browser: Browser, url: str, say: Words) -> None:
    """Four phones played apart, two a side."""
    name = say.prefix + "sides-"
    dealer, code = dealt_with_words(browser, url, say)
    first_b = _phone(browser, f"{url}/join/{code}", PHONE, locale=say.locale)
    _see(first_b, say("Either player gives the next clue."))
    second_a = _added(browser, dealer, say, "A", name + "link")
    _named(dealer, say, "Ann", 1)
    _named(second_a, say, "Ben", 2)
    _reveal(second_a, second_a.get_by_text(say("This phone is phone {number}.", number=2)))
    shoot(second_a, name + "second")
    second_b = _added(browser, first_b, say, "B")
    seen = _cells(dealer, say)
    _give(second_a, say, CLUE[say.code], 2)
    agent = next(cell for cell, (_word, colour) in enumerate(seen) if colour is Colour.GREEN)
    _choose(second_b, say, 24 - agent)
    asked = say("Touch {word}?", word=seen[agent][0])
    _see(first_b, asked)
    _reveal(first_b, first_b.get_by_text(asked).first)
    shoot(first_b, name + "chosen")
    for page in (dealer, first_b, second_a, second_b):
        page.context.close()


if __name__ == "__main__":
    shoot_served(shoot_sides)
