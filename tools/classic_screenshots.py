"""Screenshots of classic and Pictures cards on the served app, at a phone's size, in English
and in French (`fr-` names), and Home again, which deals them:
`python tools/classic_screenshots.py [en] [fr]` (both when none is named)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gadget.engine.classic import ClassicCard, Team  # noqa: E402
from tests.browsers import _phone, _see  # noqa: E402
from tools.screenshots import PHONE, Words, shoot, shoot_served  # noqa: E402

ADDRESS = re.compile(r"/classic/[0-9A-Z]{5}-[0-9A-Z]{5}$")
TURNS = {Team.RED: "Red's turn", Team.BLUE: "Blue's turn"}


def _deal(browser: Browser, url: str, say: Words, button: str) -> tuple[Page, ClassicCard]:
    """A phone deals a card from Home: the phone, at the card's address, and the card."""
    phone = _phone(browser, url + "/", PHONE, locale=say.locale)
    phone.get_by_role("button", name=say(button), exact=True).click()
    phone.wait_for_url(ADDRESS, timeout=30_000)
    return phone, ClassicCard.from_code(phone.url.rsplit("/", 1)[1])


def _show_card(phone: Page, say: Words) -> None:
    """A spymaster asks to see the card, and it is there."""
    phone.get_by_role("button", name=say("Show the card (spymasters only)"), exact=True).click()
    phone.get_by_text(re.compile("^" + re.escape(say.place(1, 1)))).first.wait_for(
        state="attached", timeout=30_000
    )


def shoot_classic(browser: Browser, url: str, say: Words) -> None:
    """Home, a classic card shared, counted and timed on one phone, its timer on the other
    after a turn ended there, and a Pictures card."""
    name = say.prefix
    home = _phone(browser, url + "/", PHONE, locale=say.locale)
    _see(home, say("Join your partner"))
    shoot(home, name + "home")
    home.context.close()

    dealer, card = _deal(browser, url, say, "Deal a classic card")
    dealer.get_by_role(
        "button", name=say("Show the code for the other spymaster"), exact=True
    ).click()
    _see(dealer, card.code)
    shoot(dealer, name + "classic-share", card.code)
    other = _phone(browser, dealer.url, PHONE, locale=say.locale)
    _see(other, say("Card hidden"))
    dealer.get_by_role("button", name=say("Hide the code"), exact=True).click()
    dealer.get_by_role("switch", name=say("Keep count")).click()
    dealer.get_by_role("switch", name=say("Team timer")).click()
    _see(other, say(TURNS[card.starting]))
    _show_card(dealer, say)
    agent = min(card.agents(card.starting))
    row, column = divmod(agent, card.layout.columns)
    dealer.get_by_role("button", name=say.cell(row + 1, column + 1)).click()
    role = say.language.pgettext("classic cell", f"{card.starting.value} agent")
    covered = say.cell(row + 1, column + 1, role + say(", ") + say("covered"))
    dealer.get_by_text(covered).first.wait_for(state="attached", timeout=30_000)
    dealer.wait_for_timeout(1500)  # the clock ticks a little
    shoot(dealer, name + "classic-card")
    ends = {Team.RED: "End red's turn", Team.BLUE: "End blue's turn"}
    other.get_by_role("button", name=say(ends[card.starting]), exact=True).click()
    _see(dealer, say(TURNS[card.starting.other]))
    _see(other, say(TURNS[card.starting.other]))
    shoot(other, name + "classic-timer")
    for page in (dealer, other):
        page.context.close()

    pictures, _card = _deal(browser, url, say, "Deal a Pictures card")
    _show_card(pictures, say)
    shoot(pictures, name + "pictures-card")
    pictures.context.close()


if __name__ == "__main__":
    shoot_served(shoot_classic)
